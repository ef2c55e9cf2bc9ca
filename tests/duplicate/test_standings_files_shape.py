"""The standings files keep one shape for a machine to read, whoever downloads them and whether boards are in
play: every CSV row has the header's cells (csv.DictReader reads each one whole; no one-cell note row), and
the xlsx Status column says "provisional" or "final".  How many of the event's boards the totals count is
given in columns of its own on every row, present for a director too (who counts every board): a visitor's,
while a board is in play, count the released boards only (docs/laws.md, "Totals while boards are in play")."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from duplicate import services
from duplicate.models import Event, Play, Round
from tests.factories import make_event

pytestmark = pytest.mark.django_db

CONTRACT = (
    {"contract": "4H", "declarer": "N", "tricks": 10},
    {"contract": "2S", "declarer": "E", "tricks": 8},
)
AUCTION = ({"contract": "2S", "declarer": "E", "tricks": 8}, {"contract": "3D", "declarer": "W", "tricks": 9})
# (scoring code, event kind, movement, tables, boards a round, the contest of a contract pair event)
EVENTS = {
    "law H": ("auction-1915", "pairs", "mitchell", 3, 2, ""),
    "matchpoints": ("contract", "pairs", "mitchell", 3, 2, "matchpoints"),
    "law G": ("auction-1915", "teams", "teams", 3, 1, ""),
    "IMPs": ("contract", "teams", "teams", 2, 2, ""),
}
COUNTED = ("event_boards_counted", "event_boards")


def enter(play: Play, data: dict) -> None:
    play = Play.objects.get(pk=play.pk)
    writer = services.Writer(name="td", is_director=True, user_id=None)
    services.play_result_save(play=play, data=data, writer=writer, expected_version=play.version)


def in_play(name: str) -> tuple[Event, int]:
    """The event with its first board released (every table has played it) and its second in play (one
    table has played it); and how many boards its plays schedule."""
    code, kind, movement, tables, per_round, contest = EVENTS[name]
    event = make_event(kind=movement, tables=tables, boards_per_round=per_round, code=code, event_kind=kind)
    if contest:
        Event.objects.filter(pk=event.pk).update(contest=contest)
    results = CONTRACT if code == "contract" else AUCTION
    numbers = sorted(set(Play.objects.filter(event=event).values_list("board__number", flat=True)))
    for i, play in enumerate(Play.objects.filter(event=event, board__number=numbers[0])):
        enter(play, results[i % 2])
    enter(Play.objects.filter(event=event, board__number=numbers[1]).first(), results[0])
    event.refresh_from_db()
    return event, len(numbers)


def download(client, event: Event, fmt: str) -> bytes:
    response = client.get(reverse("download_standings", args=[event.pk, fmt]))
    assert response.status_code == 200
    return response.content


def csv_rows(data: bytes) -> tuple[list[str], list[dict[str, str]]]:
    reader = csv.DictReader(io.StringIO(data.decode("utf-8-sig"), newline=""))
    rows = list(reader)
    return list(reader.fieldnames or ()), rows


def xlsx_rows(data: bytes, sheet: str) -> list[dict[str, object]]:
    ws = load_workbook(io.BytesIO(data))[sheet]
    header, *rows = ws.iter_rows(values_only=True)
    return [dict(zip(header, row, strict=True)) for row in rows]


@pytest.mark.parametrize("name", list(EVENTS))
def test_every_csv_row_has_the_headers_cells_and_says_how_many_boards_are_counted(
    name, client, director_client
):
    event, boards = in_play(name)
    headers = {}
    for who, viewer, counted in (("visitor", client, 1), ("director", director_client, boards)):
        header, rows = csv_rows(download(viewer, event, "csv"))
        headers[who] = header
        assert rows, who
        for row in rows:
            assert None not in row, (who, row)  # no cell past the header's
            assert None not in row.values(), (who, row)  # no row short of it
        assert header[-2:] == list(COUNTED), who
        for row in rows:
            assert (int(row["event_boards_counted"]), int(row["event_boards"])) == (counted, boards), who
    assert headers["visitor"] == headers["director"]  # one shape whoever reads it


@pytest.mark.parametrize("name", ["law H", "matchpoints", "law G"])
def test_the_xlsx_status_is_provisional_or_final_and_the_boards_counted_have_columns(
    name, client, director_client
):
    event, boards = in_play(name)
    for who, viewer, counted in (("visitor", client, 1), ("director", director_client, boards)):
        rows = [
            row
            for row in xlsx_rows(download(viewer, event, "xlsx"), "Standings")
            if row.get("Line") != "result"  # a team match's closing line: who leads
        ]
        assert rows, who
        assert {row["Status"] for row in rows} == {"provisional"}, who
        assert list(rows[0])[-3:] == ["Status", "Event boards counted", "Event boards"]
        assert {(row["Event boards counted"], row["Event boards"]) for row in rows} == {(counted, boards)}, (
            who
        )
        workbook = client if who == "visitor" else director_client
        response = workbook.get(reverse("download_workbook", args=[event.pk]))
        sheet = [r for r in xlsx_rows(response.content, "Standings") if r.get("Line") != "result"]
        assert {(r["Status"], r["Event boards counted"], r["Event boards"]) for r in sheet} == {
            ("provisional", counted, boards)
        }, who
    # Every result in and every round agreed (law E): final, every board counted, the same columns.
    for play in Play.objects.filter(event=event, entered=False):
        enter(play, (CONTRACT if event.code == "contract" else AUCTION)[0])
    for played in Round.objects.filter(section__event=event):
        services.round_agree(round=played, user_id=None)
    rows = [r for r in xlsx_rows(download(client, event, "xlsx"), "Standings") if r.get("Line") != "result"]
    assert {(r["Status"], r["Event boards counted"], r["Event boards"]) for r in rows} == {
        ("final", boards, boards)
    }


def test_an_imp_matchs_xlsx_has_the_boards_counted_columns(client, director_client):
    event, boards = in_play("IMPs")
    for viewer, counted in ((client, 1), (director_client, boards)):
        rows = xlsx_rows(download(viewer, event, "xlsx"), "Match")
        assert rows
        assert {(r["Event boards counted"], r["Event boards"]) for r in rows} == {(counted, boards)}
