"""No peeking, swept: a visitor compares every public page and download before and after a table saves a
result on a board still in play elsewhere, and learns nothing of it but that results came in.

For each kind of event (law H pairs at auction bridge and at whist, contract pairs by matchpoints, Butler and
cross-IMPs, a law G team match, a contract team match by IMPs), some boards released, a board in play with
some of its results in, every page a visitor may open (standings, score cards, travellers, the recap, the
team match, the venue display, the overview, movement, pairs and boards pages, a table link's page and
travellers) and every download (standings CSV, xlsx and PDF, travellers, results CSV, workbook, score cards,
guide cards and hand records, PBN with and without results, USEBIO, the recap, the event file) is read as a
visitor; one more table then saves a result on that board (still in play: another table is yet to play it),
and everything is read again.  The two readings must be the same but for the counts a visitor is told
anyway (how many results are in, how many tables have played a board) and the version the live pages poll.
A director's readings, the control, do move.  With the event's running totals over every result, a visitor's
standings move too (the director's choice).

Each page or file compared is counted (``tried("hidden save", n)``)."""

from __future__ import annotations

import io
import json
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from duplicate import services
from duplicate.models import Event, Play
from duplicate.selectors.usebio import usebio_problem
from tests.factories import make_event
from tests.reliability.helpers import tried

pytestmark = pytest.mark.django_db

CONTRACT_RESULTS = (
    {"contract": "4H", "declarer": "N", "tricks": 10},
    {"contract": "2S", "declarer": "E", "tricks": 8},
    {"contract": "3D", "declarer": "W", "tricks": 9},
    {"contract": "1NT", "declarer": "S", "tricks": 5},
)
WHIST_RESULTS = ({"tricks_ns": 9}, {"tricks_ns": 5}, {"tricks_ns": 7}, {"tricks_ns": 3})
# (scoring code, event kind, movement, tables, boards a round)
EVENTS = {
    "law H": ("auction-1915", "pairs", "mitchell", 3, 2),
    "law H Howell": ("auction-1913", "pairs", "howell", 3, 1),
    "whist": ("whist", "pairs", "mitchell", 3, 2),
    "matchpoints": ("contract", "pairs", "mitchell", 3, 2),
    "butler": ("contract", "pairs", "mitchell", 3, 2),
    "cross-imps": ("contract", "pairs", "mitchell", 3, 2),
    "law G": ("auction-1915", "teams", "teams", 3, 1),
    "IMPs": ("contract", "teams", "teams", 2, 2),
}
# What a visitor is told anyway, and moves with any save: how many results are in (and rounds agreed), how
# many tables have played a board (and which: a pair's score card says it has played it), the versions the
# live pages poll.
COUNTS = [
    re.compile(r"\d+ of \d+ results in"),
    re.compile(r"results entered: <strong>\d+</strong> of \d+"),
    re.compile(r"<strong>\d+</strong> of \d+ tables"),
    re.compile(r"\d+ of \d+ tables"),
    re.compile(r"\(\d+ of \d+ so far\)"),
    re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"'),  # a form's, new each time
    re.compile(r'data-(?:live|results)-version="[^"]*"'),
    re.compile(r"/version/"),
    # Whether a table has played a board still in play at others (a score card's "played", the downloads'
    # "played: shown once every table has played it"): what the tables' count says, never the result.
    re.compile(
        r"being played|played: shown once every table has played it|(?<=<td>)played(?=</td>)|(?<= )played(?= )"
    ),
]


# A score card's note, there when a board the pair has played is still played at other tables (which its
# lines say, and the tables' count besides): left out where it is.
PLAYED_NOTE = re.compile(
    r'(\n?<p class="muted played-note">)? ?Played: a board this pair has played that other tables are still '
    r"playing; its result is shown once every table has played it\.(</p>)?"
)


def counts_left_out(text: str) -> str:
    text = re.sub(r"\s+", " ", PLAYED_NOTE.sub("", text))  # the note's line gone with it
    for pattern in COUNTS:
        text = pattern.sub("#", text)
    return text


def pdf_text(data: bytes) -> str:
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(data)).pages)


def xlsx_cells(data: bytes) -> dict[str, list[tuple[Any, ...]]]:
    book = load_workbook(io.BytesIO(data))
    return {ws.title: list(ws.iter_rows(values_only=True)) for ws in book.worksheets}


def content(response: Any) -> object:
    """What a reader sees of a page or a file, without the counts it is told anyway."""
    kind = response.get("Content-Type", "")
    body = response.content
    if "pdf" in kind:
        return counts_left_out(pdf_text(body))
    if "spreadsheetml" in kind:
        return {
            k: [tuple(counts_left_out(str(v)) for v in row) for row in rows]
            for k, rows in xlsx_cells(body).items()
        }
    if "json" in kind:
        return json.loads(body)
    return counts_left_out(body.decode("utf-8-sig"))


def first_difference(before: object, after: object) -> str:
    """Where two readings first differ, with some text either side (for the failure's message)."""
    a, b = str(before), str(after)
    at = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
    return f"{a[max(0, at - 80) : at + 40]!r} -> {b[max(0, at - 80) : at + 40]!r}"


def plays_of(event: Event, number: int) -> list[Play]:
    return list(
        Play.objects.filter(event=event, board__number=number).order_by(
            "seating__round__number", "seating__table"
        )
    )


def enter(play: Play, data: dict) -> None:
    play = Play.objects.get(pk=play.pk)
    writer = services.Writer(name="td", is_director=True, user_id=None)
    services.play_result_save(play=play, data=data, writer=writer, expected_version=play.version)


def in_play_event(name: str) -> tuple[Event, Play]:
    """The event: one board released (every table has played it), the rest of the round in which its first
    table played it entered there too (that table's link shows the round's summary), others not played;
    and a play of a board in play, left in play once saved, that the sweep saves: of a board with a result
    in already where one has two tables still to play it, else of a board nobody has played."""
    code, kind, movement, tables, per_round = EVENTS[name]
    event = make_event(kind=movement, tables=tables, boards_per_round=per_round, code=code, event_kind=kind)
    if name in ("matchpoints", "butler", "cross-imps"):
        Event.objects.filter(pk=event.pk).update(contest=name)
    results = WHIST_RESULTS if code == "whist" else CONTRACT_RESULTS
    numbers = sorted(set(Play.objects.filter(event=event).values_list("board__number", flat=True)))
    released = plays_of(event, numbers[0])
    for play, data in zip(released, results * 4, strict=False):
        enter(play, data)
    first = released[0]
    mates = Play.objects.filter(event=event, seating=first.seating_id, entered=False)
    for play, data in zip(mates, results * 4, strict=False):
        enter(play, data)
    waiting = [Play.objects.filter(event=event, board__number=n, entered=False) for n in numbers]
    started = [
        plays
        for plays in waiting
        if plays.count() >= 2 and plays.count() < len(plays_of(event, plays[0].board.number))
    ]
    untouched = [plays for plays in waiting if plays.count() >= 2]
    saved = (started or untouched)[0].order_by("seating__round__number", "seating__table").first()
    assert saved is not None, name
    event.refresh_from_db()
    return event, saved


def urls(event: Event, tokens: dict[int, str]) -> list[str]:
    """Every public page and download of the event."""
    pk = event.pk
    pairs = event.pairs.order_by("pk").values_list("number", flat=True)
    boards = sorted(set(Play.objects.filter(event=event).values_list("board__number", flat=True)))
    out = [
        reverse("event_detail", args=[pk]),
        reverse("event_movement", args=[pk]),
        reverse("event_pairs", args=[pk]),
        reverse("event_boards", args=[pk]),
        reverse("event_display", args=[pk]),
        reverse("event_export", args=[pk]),
        *(reverse("download_standings", args=[pk, fmt]) for fmt in ("csv", "xlsx", "pdf")),
        reverse("download_travellers", args=[pk]),
        reverse("download_results_csv", args=[pk]),
        reverse("download_workbook", args=[pk]),
        *(
            reverse("download_printout", args=[pk, kind])
            for kind in ("scorecards", "guide-cards", "hand-records")
        ),
        *(reverse("download_hands", args=[pk, what]) for what in ("hands", "results")),
        *(reverse("pair_scorecard", args=[pk, number]) for number in pairs),
        *(reverse("board_traveller", args=[pk, number]) for number in boards),
    ]
    if event.kind == "teams":
        out.append(reverse("team_match", args=[pk]))
    else:
        out += [reverse("event_standings", args=[pk]), reverse("event_recap", args=[pk])]
        out.append(reverse("download_recap", args=[pk]))
    if not usebio_problem(event):
        out.append(reverse("download_usebio", args=[pk]))
    rounds = sorted(set(Play.objects.filter(event=event).values_list("seating__round__number", flat=True)))
    for table, secret in tokens.items():
        out.append(reverse("entry_token", args=[secret]))
        # Each round's summary, where the table has every board of it in (else the page without one).
        out += [f"{reverse('entry_token', args=[secret])}?done={r}" for r in rounds]
        played = Play.objects.filter(event=event, seating__table=table, entered=True)
        mine = set(played.values_list("board__number", flat=True))
        # A table link sees the travellers of the boards its table has played (players compare after play).
        out += [reverse("entry_token_traveller", args=[secret, n]) for n in boards if n not in mine]
    return out


def readings(client: Client, addresses: list[str]) -> dict[str, object]:
    out = {}
    for url in addresses:
        response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)
        out[url] = content(response)
    return out


@pytest.mark.parametrize("name", list(EVENTS))
def test_a_save_on_a_board_in_play_moves_nothing_a_visitor_sees(client, director_client, name):
    event, saved = in_play_event(name)
    # The table links of the other tables (the one that saves sees its own result, as it should).
    tables = set(Play.objects.filter(event=event).values_list("seating__table", flat=True))
    tokens = {
        t: services.table_token_create(section=event.sections.get(), table=t).secret
        for t in sorted(tables - {saved.seating.table})
    }
    addresses = urls(event, tokens)
    visitor = readings(client, addresses)
    assert any("is in: the results" in str(seen) for seen in visitor.values())  # a round's summary among them
    director = readings(director_client, [a for a in addresses if "/t/" not in a])
    data = (WHIST_RESULTS if event.code == "whist" else CONTRACT_RESULTS)[1]
    enter(saved, data)
    assert Play.objects.filter(board=saved.board, entered=False).exists()  # still in play
    after = readings(client, addresses)
    tried("hidden save", len(addresses))
    changed = {
        url: first_difference(visitor[url], after[url]) for url in addresses if after[url] != visitor[url]
    }
    assert changed == {}
    # The control: the director's readings of the standings (or the match) move.
    moved = readings(director_client, list(director))
    assert [url for url in director if moved[url] != director[url]], "the director's pages did not move"


# (Not a match by IMPs: a board counts there once both its tables are in, when it is released anyway.)
@pytest.mark.parametrize("name", ["law H", "whist", "matchpoints", "butler", "law G"])
def test_with_running_totals_over_every_result_a_visitors_totals_move(client, name):
    event, saved = in_play_event(name)
    services.event_running_totals_set(event=event, running_totals=True)
    page = reverse("team_match" if event.kind == "teams" else "event_standings", args=[event.pk])
    files = [reverse("download_standings", args=[event.pk, fmt]) for fmt in ("csv", "xlsx", "pdf")]
    before = readings(client, [page, *files])
    enter(saved, (WHIST_RESULTS if event.code == "whist" else CONTRACT_RESULTS)[1])
    after = readings(client, [page, *files])
    tried("hidden save", len(before))
    assert [url for url in before if after[url] == before[url]] == []
