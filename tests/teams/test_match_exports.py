"""The team match's PDF and xlsx downloads board by board (duplicate law G): each table's boards with each
pair's score, the swing and the running total, and the margin, as the team match page shows them (worked out
by hand in ``tests.teams.test_match_boards``, on the matches of ``tests.teams.test_match``); a visitor's file
leaves out the boards still in play; a fixed number of queries whatever the size of the match."""

from __future__ import annotations

import io

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.urls import reverse
from openpyxl import load_workbook

from duplicate.models import Play
from tests.factories import (
    ODD_PAIR,
    T1,
    T2,
    T3,
    agree_every_round,
    download,
    fill,
    make_event,
    match_event,
    pdf_words,
)

pytestmark = pytest.mark.usefixtures("fresh_cache")


def board_sheet(data: bytes) -> list[tuple]:
    book = load_workbook(io.BytesIO(data))
    assert book.sheetnames == ["Standings", "Tables", "Board by board"]
    rows = list(book["Board by board"].iter_rows(values_only=True))
    assert rows[0][:6] == ("Table", "N-S pair", "N-S team", "E-W pair", "E-W team", "Board")
    return rows[1:]


def test_the_pdf_has_each_tables_boards_the_swings_running_totals_and_margin(db, client, director):
    event = match_event(ODD_PAIR)
    text = pdf_words(download(client, event, "pdf"))
    assert "Board by board" in text
    assert "Reds lead by 66." in text  # the rounds are not agreed yet
    # Each table under its heading: board, N-S, E-W, swing, running total (pair 1 v 4: 157, 10, -50).
    for title, lines in (
        (T1, ["1 157 -157 Reds 314 Reds 314", "2 10 -10 Reds 20 Reds 334", "3 -50 50 Blues 100 Reds 234"]),
        (T2, ["1 -50 50 Blues 100 Blues 100", "2 18 -18 Reds 36 Blues 64", "3 -12 12 Blues 24 Blues 88"]),
        (T3, ["1 10 -10 Blues 20 Blues 20", "2 -12 12 Reds 24 Reds 4", "3 14 -14 Blues 28 Blues 24"]),
    ):
        expected = f"{title} Board N-S E-W Swing Running total {' '.join(lines)}"
        assert expected in text
    # The tables and teams are still there (law G's odd pair average).
    assert "Odd pair" in text
    agree_every_round(event, director)
    cache.clear()
    assert "Reds won by 66." in pdf_words(download(client, event, "pdf"))


def test_the_xlsx_has_a_sheet_of_every_tables_boards(db, client):
    event = match_event(ODD_PAIR)
    rows = board_sheet(download(client, event, "xlsx"))
    # The swing and the running total as numbers from the N-S team's side, and as the page shows them.
    assert rows == [
        (1, 1, "Reds", 4, "Blues", 1, 157, -157, 314, "Reds 314", 314, "Reds 314"),
        (1, 1, "Reds", 4, "Blues", 2, 10, -10, 20, "Reds 20", 334, "Reds 334"),
        (1, 1, "Reds", 4, "Blues", 3, -50, 50, -100, "Blues 100", 234, "Reds 234"),
        (2, 2, "Reds", 5, "Blues", 1, -50, 50, -100, "Blues 100", -100, "Blues 100"),
        (2, 2, "Reds", 5, "Blues", 2, 18, -18, 36, "Reds 36", -64, "Blues 64"),
        (2, 2, "Reds", 5, "Blues", 3, -12, 12, -24, "Blues 24", -88, "Blues 88"),
        (3, 6, "Blues", 3, "Reds", 1, 10, -10, 20, "Blues 20", 20, "Blues 20"),
        (3, 6, "Blues", 3, "Reds", 2, -12, 12, -24, "Reds 24", -4, "Reds 4"),
        (3, 6, "Blues", 3, "Reds", 3, 14, -14, 28, "Blues 28", 24, "Blues 24"),
    ]


def test_a_match_won_by_the_fraction_of_a_point_in_both_files(db, client):
    # As tests.teams.test_match_boards: table 1 +50, +6 and board 3 ruled average (-5/2 and +5/2).
    results = dict(ODD_PAIR)
    results[(1, 1)] = {"contract": "4H", "declarer": "E", "tricks": 9}
    results[(1, 2)] = {"contract": "1C", "declarer": "N", "tricks": 7}
    results[(1, 3)] = {"ruling": "average"}
    results[(3, 3)] = {"contract": "1D", "declarer": "N", "tricks": 7}
    event = match_event(results)
    text = pdf_words(download(client, event, "pdf"))
    assert "Blues lead by the fraction of a point." in text
    assert f"{T1} Board N-S E-W Swing Running total 1 50 -50 Reds 100 Reds 100" in text
    assert "3 -2 1/2 2 1/2 Blues 5 Reds 107" in text
    rows = board_sheet(download(client, event, "xlsx"))
    ruled = rows[2]
    assert ruled[5:8] == (3, -2.5, 2.5)  # the exact halves, not rounded
    assert ruled[8:] == (-5, "Blues 5", 107, "Reds 107")


def test_a_visitors_files_leave_out_the_boards_in_play_a_directors_do_not(db, client, director_client):
    # Table 3 has not played board 2 yet: board 2 is in play at every table (no peeking).
    results = dict(ODD_PAIR)
    del results[(3, 2)]
    event = match_event(results)
    visitor = pdf_words(download(client, event, "pdf"))
    assert f"{T1} Board N-S E-W Swing Running total 1 157 -157 Reds 314 Reds 314 2 being played 3" in visitor
    assert "Reds 334" not in visitor  # board 2's swing is not in the running total either
    director = pdf_words(download(director_client, event, "pdf"))
    assert "being played" not in director
    assert "2 10 -10 Reds 20 Reds 334" in director
    assert pdf_words(download(client, event, "pdf")) == visitor  # the cache keeps them apart

    seen = board_sheet(download(client, event, "xlsx"))
    assert seen[1] == (1, 1, "Reds", 4, "Blues", 2, None, None, None, "being played", None, None)
    assert seen[2][10:] == (214, "Reds 214")
    directors = board_sheet(download(director_client, event, "xlsx"))
    assert directors[1][5:] == (2, 10, -10, 20, "Reds 20", 334, "Reds 334")
    assert directors[7][5:9] == (2, None, None, None)  # table 3's board 2: not played yet
    assert directors[7][9] == "not played yet"


@pytest.mark.parametrize("fmt", ["pdf", "xlsx"])
@pytest.mark.parametrize("viewer", ["visitor", "director"])
def test_the_files_run_the_same_queries_whatever_the_matchs_size(
    db, client, director_client, django_assert_num_queries, viewer, fmt
):
    # Cold: the event, the boards in play (decided before the cache is read), how many results (a big
    # event's file is made in the background), the pairs, the plays (and a director's session and user).
    # From the cache: the event, the boards in play and the count.
    browser = director_client if viewer == "director" else client
    session = 2 if viewer == "director" else 0
    for tables in (3, 7):
        event = make_event(kind="teams", tables=tables, boards_per_round=2, event_kind="teams")
        fill(event)
        last = Play.objects.filter(event=event).order_by("-pk").values_list("pk", flat=True)[:2]
        Play.objects.filter(pk__in=list(last)).update(entered=False)  # boards still in play
        url = reverse("download_standings", args=[event.pk, fmt])
        cache.clear()
        with django_assert_num_queries(5 + session):
            first = browser.get(url).content
        with django_assert_num_queries(3 + session):
            assert browser.get(url).content == first
        if fmt == "pdf":
            text = pdf_words(first)
            assert text.count("Board N-S E-W Swing Running total") == tables
            assert ("being played" in text) == (viewer == "visitor")
        else:
            assert len({row[0] for row in board_sheet(first)}) == tables


@pytest.mark.parametrize("fmt", ["pdf", "xlsx"])
def test_the_standings_command_writes_the_match_board_by_board(db, tmp_path, fmt):
    # The command runs on the server, a director's tool: board 2, still in play, is shown.
    results = dict(ODD_PAIR)
    del results[(3, 2)]
    event = match_event(results)
    out = tmp_path / f"match.{fmt}"
    call_command("standings", str(event.pk), "--format", fmt, "-o", str(out), stdout=io.StringIO())
    if fmt == "pdf":
        text = pdf_words(out.read_bytes())
        assert "2 10 -10 Reds 20 Reds 334" in text
        assert "being played" not in text
    else:
        assert board_sheet(out.read_bytes())[1][5:] == (2, 10, -10, 20, "Reds 20", 334, "Reds 334")
