"""Law H's rankings in the standings, worked out by hand: "the score of a pair is compared only with other
pairs who have played the same hands".  Pairs are ranked together exactly when a chain of shared hands (same
board, same direction) connects them, read from the seatings whatever the movement is called; each ranking
is named alike on the page, in JSON, text, CSV, xlsx and PDF.

The deal scores (auction-1915, no hands) are those of ``tests/hand_scored.py``.  A pair's plus/minus on a board
is its score less the average of the pairs who held the same cards.
"""

from __future__ import annotations

import csv
import io
import itertools
import json
import re
from fractions import Fraction

import pytest
from django.core.management import call_command
from django.urls import reverse
from openpyxl import load_workbook

from duplicate import files, services
from duplicate.exports.csv import standings_csv_text as standings_csv
from duplicate.exports.text import standings_json, standings_text
from duplicate.models import Event, Play
from duplicate.selectors.standings import pair_standings, standings
from duplicate.services.eventfile import event_import
from scoring.movements import generate
from tests.factories import (
    MITCHELL_RESULTS,
    MITCHELL_SEATS,
    TD,
    mitchell_event,
    pairs_named,
    squash,
    two_section_event,
)
from tests.factories import pdf_pages as pdf_text
from tests.hand_scored import C1C_E, C1NT, C2D, C2S, C4H_DOWN, C4H_MADE

pytestmark = pytest.mark.usefixtures("fresh_cache")


def rankings_everywhere(client, event: Event) -> dict[str, list[str]]:
    """The rankings' names, in order, as each output shows them."""
    html = client.get(reverse("event_standings", args=[event.pk])).content.decode()
    st = standings(event)
    data = standings_json(st)
    text = standings_text(st).splitlines()
    rows = list(csv.DictReader(io.StringIO(standings_csv(st))))
    sheet = load_workbook(io.BytesIO(files.standings_file(event, "xlsx")))["Standings"]
    pdf = squash(" ".join(pdf_text(files.standings_file(event, "pdf"))))
    names = [r["name"] for r in data["rankings"]]
    how = "one ranking" if len(names) == 1 else f"{len(names)} rankings: {', '.join(names)}"
    assert f"pairs who held the same cards (law H); {how}." in pdf
    return {
        "page": re.findall(r'<section class="standings-ranking">\s*<h2>(.*?)</h2>', html),
        "json": names,
        "json rows": list(dict.fromkeys(r["ranking"] for r in data["rows"])),
        "text": [line for line, after in itertools.pairwise(text) if after.startswith("Rank")],
        "csv": list(dict.fromkeys(r["ranking"] for r in rows)),
        "xlsx": list(dict.fromkeys(r[0].value for r in sheet.iter_rows(min_row=2) if r[0].value)),
        "pdf": [n for n in names if n in pdf],
    }


def assert_named(client, event: Event, names: list[str]) -> None:
    assert rankings_everywhere(client, event) == dict.fromkeys(
        ("page", "json", "json rows", "text", "csv", "xlsx", "pdf"), names
    )


def table(event: Event) -> list[tuple[str, int, int | str, str | None, Fraction]]:
    """Each ranking's rows: (ranking, rank, pair, direction, exact plus/minus)."""
    return [
        (ranking.title, row.rank, row.pair.label, row.direction, row.plus_minus)
        for ranking in pair_standings(event).rankings
        for row in ranking.rows
    ]


# ------------------------------------------------------------------------------------------- Mitchell


def mitchell_without_a_movement() -> Event:
    """The same Mitchell, written as results only (no movement block): the seatings are the results' tables,
    and they chain N-S pairs with N-S pairs only.  Once ranked as one field of six (the movement's kind was
    "custom"): now two rankings, the same figures as the Mitchell's."""
    return event_import(
        data={
            "name": "Mitchell without a movement",
            "date": "1916-03-04",
            "code": "auction-1915",
            "kind": "pairs",
            "pairs": pairs_named(range(1, 7)),
            "boards": [{"number": n} for n in (1, 2, 3)],
            "results": [
                {"round": r, "table": t, "board": b, "ns": ns, "ew": ew, **MITCHELL_RESULTS[(b, ns)]}
                for r, t, b, ns, ew in MITCHELL_SEATS
            ],
        }
    )


@pytest.mark.parametrize(
    "make",
    [
        pytest.param(lambda: mitchell_event(MITCHELL_RESULTS), id="movement"),
        pytest.param(mitchell_without_a_movement, id="results-only"),
    ],
)
def test_a_mitchell_gives_two_rankings(db, client, make):
    # The 3-table Mitchell of test_standings: N-S pairs 1-3 never hold E-W's cards.  Figures from there:
    # N-S 1 +374/3, 2 -181/3, 3 -193/3; E-W 5 +157/3, 6 +91/3, 4 -248/3.
    event = make()
    assert table(event) == [
        ("N-S", 1, 1, "NS", Fraction(374, 3)),
        ("N-S", 2, 2, "NS", Fraction(-181, 3)),
        ("N-S", 3, 3, "NS", Fraction(-193, 3)),
        ("E-W", 1, 5, "EW", Fraction(157, 3)),
        ("E-W", 2, 6, "EW", Fraction(91, 3)),
        ("E-W", 3, 4, "EW", Fraction(-248, 3)),
    ]
    assert event.sections.get().single_ranking is False
    assert_named(client, event, ["N-S", "E-W"])
    assert [r["direction"] for r in standings_json(standings(event))["rankings"]] == ["NS", "EW"]


def test_the_rankings_keep_their_shape_before_any_result(db, client):
    # Read from the seatings, not from the results entered: two (empty) rankings from the start.
    event = mitchell_event({})
    assert [(r.title, r.rows) for r in pair_standings(event).rankings] == [("N-S", ()), ("E-W", ())]
    page = client.get(reverse("event_standings", args=[event.pk])).content.decode()
    assert re.findall(r'<section class="standings-ranking">\s*<h2>(.*?)</h2>', page) == ["N-S", "E-W"]


# ------------------------------------------------------------------------------------------- Howell

# A 4-pair Howell, one board a round at both tables: board 1: 1v2, 3v4; board 2: 1v3, 4v2; board 3: 1v4, 2v3.
HOWELL = [(1, 1, 1, 2), (1, 1, 3, 4), (2, 2, 1, 3), (2, 2, 4, 2), (3, 3, 1, 4), (3, 3, 2, 3)]
HOWELL_RESULTS = {
    # Board 1: N-S 157 (1v2), 10 (3v4): average 167/2.  1 +147/2, 3 -147/2; E-W 2 -147/2, 4 +147/2.
    1: C4H_MADE,
    2: C1NT,
    # Board 2: N-S 18 (1v3), -12 (4v2): average 3.  1 +15, 4 -15; E-W 3 -15, 2 +15.
    3: C2S,
    4: C1C_E,
    # Board 3: N-S -50 (1v4), 14 (2v3): average -18.  1 -32, 2 +32; E-W 4 +32, 3 -32.
    5: C4H_DOWN,
    6: C2D,
}


def movement_file(kind: str, seats: list[tuple[int, int, int, int]]) -> dict:
    """A movement block from (round, board, ns, ew) rows, tables numbered in order within each round."""
    rounds = sorted({r for r, _b, _n, _e in seats})
    return {
        "kind": kind,
        "tables": max(sum(1 for s in seats if s[0] == r) for r in rounds),
        "boards_per_round": 1,
        "rounds": [
            {
                "round": r,
                "tables": [
                    {"table": t, "ns": ns, "ew": ew, "boards": [b]}
                    for t, (_r, b, ns, ew) in enumerate((s for s in seats if s[0] == r), start=1)
                ],
            }
            for r in rounds
        ],
    }


def file_event(name: str, kind: str, seats: list[tuple[int, int, int, int]], results: list[dict]) -> Event:
    """An event file with a movement block built from ``seats``; ``results[i]`` is the i-th seat's result."""
    tables = movement_file(kind, seats)["rounds"]
    table_of = {(rd["round"], tp["boards"][0], tp["ns"]): tp["table"] for rd in tables for tp in rd["tables"]}
    return event_import(
        data={
            "name": name,
            "date": "1916-03-04",
            "code": "auction-1915",
            "kind": "pairs",
            "pairs": pairs_named(sorted({p for s in seats for p in s[2:]})),
            "boards": [{"number": n} for n in sorted({s[1] for s in seats})],
            "movement": movement_file(kind, seats),
            "results": [
                {"round": r, "table": table_of[(r, b, ns)], "board": b, "ns": ns, "ew": ew, **data}
                for (r, b, ns, ew), data in zip(seats, results, strict=True)
            ],
        }
    )


def test_a_four_pair_howell_gives_one_ranking(db, client):
    # Every pair sits both ways and N-S on board 1 are {1, 3}, board 2 {1, 4}, board 3 {1, 2}: one chain.
    # 1: 147/2 + 15 - 32 = 113/2; 2: -147/2 + 15 + 32 = -53/2; 3: -147/2 - 15 - 32 = -241/2;
    # 4: 147/2 - 15 + 32 = 181/2.
    event = file_event("Howell by hand", "howell", HOWELL, [HOWELL_RESULTS[i] for i in range(1, 7)])
    assert table(event) == [
        ("All pairs", 1, 4, None, Fraction(181, 2)),
        ("All pairs", 2, 1, None, Fraction(113, 2)),
        ("All pairs", 3, 2, None, Fraction(-53, 2)),
        ("All pairs", 4, 3, None, Fraction(-241, 2)),
    ]
    data = standings_json(standings(event))
    assert data["rankings"] == [{"name": "All pairs", "direction": None}]
    assert {r["direction"] for r in data["rows"]} == {None}
    assert_named(client, event, ["All pairs"])


def test_a_mixed_custom_movement_chained_through_everyone_gives_one_ranking(db, client):
    # The Mitchell with one table's board switched (round 2, table 2: 4 N-S v 2 E-W on board 3).  Board 3
    # N-S: 3, 4, 1; E-W: 6, 2, 5: E-W pair 4 is chained to the N-S pairs, N-S pair 2 to the E-W pairs, so
    # one ranking of all six.  Board 3: N-S 10 (3), -50 (4), 18 (1): average -22/3, as in the Mitchell; 4
    # now -128/3 and 2 +128/3, the rest as in the Mitchell:
    #   1: 118 - 56/3 + 76/3 = 374/3      2: -29 + 34/3 + 128/3 = 25      3: -89 + 22/3 + 52/3 = -193/3
    #   4: -118 - 22/3 - 128/3 = -168     5: 89 - 34/3 - 76/3 = 157/3     6: 29 + 56/3 - 52/3 = 91/3
    seats = [(r, b, ew, ns) if (r, t) == (2, 2) else (r, b, ns, ew) for r, t, b, ns, ew in MITCHELL_SEATS]
    results = [MITCHELL_RESULTS[(b, ns)] for _r, _t, b, ns, _e in MITCHELL_SEATS]
    event = file_event("Switched by hand", "custom", seats, results)
    assert table(event) == [
        ("All pairs", 1, 1, None, Fraction(374, 3)),
        ("All pairs", 2, 5, None, Fraction(157, 3)),
        ("All pairs", 3, 6, None, Fraction(91, 3)),
        ("All pairs", 4, 2, None, Fraction(25)),
        ("All pairs", 5, 3, None, Fraction(-193, 3)),
        ("All pairs", 6, 4, None, Fraction(-168)),
    ]
    assert event.sections.get().single_ranking is True
    assert_named(client, event, ["All pairs"])


# ------------------------------------------------------------------------------------------- sections


def test_two_mitchell_sections_with_different_boards_give_four_rankings_named_by_section(db, client):
    # Section A plays boards 1-3, section B boards 4-6: no pair of one held the other's cards.  Each section
    # is the 3-table Mitchell with its hand-worked results, so each has the Mitchell's figures.
    event = two_section_event()
    assert generate("mitchell", tables=3, boards_per_round=1).rounds[0].tables[0].boards == (1,)
    for play in Play.objects.filter(event=event).select_related("board", "ns_pair"):
        board = (play.board.number - 1) % 3 + 1
        ns = int(play.ns_pair.number[1:])
        services.play_result_save(
            play=play, data=MITCHELL_RESULTS[(board, ns)], writer=TD, expected_version=play.version
        )
    event.refresh_from_db()
    rows = [(name, rank, pair, pm) for name, rank, pair, _d, pm in table(event)]
    assert rows == [
        ("Section A N-S", 1, "A1", Fraction(374, 3)),
        ("Section A N-S", 2, "A2", Fraction(-181, 3)),
        ("Section A N-S", 3, "A3", Fraction(-193, 3)),
        ("Section A E-W", 1, "A5", Fraction(157, 3)),
        ("Section A E-W", 2, "A6", Fraction(91, 3)),
        ("Section A E-W", 3, "A4", Fraction(-248, 3)),
        ("Section B N-S", 1, "B1", Fraction(374, 3)),
        ("Section B N-S", 2, "B2", Fraction(-181, 3)),
        ("Section B N-S", 3, "B3", Fraction(-193, 3)),
        ("Section B E-W", 1, "B5", Fraction(157, 3)),
        ("Section B E-W", 2, "B6", Fraction(91, 3)),
        ("Section B E-W", 3, "B4", Fraction(-248, 3)),
    ]
    names = ["Section A N-S", "Section A E-W", "Section B N-S", "Section B E-W"]
    assert_named(client, event, names)
    cards = squash(" ".join(pdf_text(files.printout_file(event, "scorecards"))))
    assert "Place 1 (Section B E-W)" in cards
    assert "Place 3 (Section A N-S)" in cards
    # Each ranking sorts on its own: its sorting parameters are its own.
    page = client.get(
        reverse("event_standings", args=[event.pk]) + "?section-b-ew-sort=pair"
    ).content.decode()
    assert "section-b-ew-sort=" in page
    assert "section-a-ns-sort=" in page


def test_the_command_names_the_rankings(db, capsys):
    event = mitchell_event(MITCHELL_RESULTS)
    call_command("standings", str(event.pk), "--format", "json")
    data = json.loads(capsys.readouterr().out)
    assert data["rankings"] == [{"name": "N-S", "direction": "NS"}, {"name": "E-W", "direction": "EW"}]
    assert [(r["pair"], r["ranking"], r["direction"]) for r in data["rows"]][::3] == [
        (1, "N-S", "NS"),
        (5, "E-W", "EW"),
    ]
    call_command("standings", str(event.pk), "--format", "text")
    assert "\nN-S\nRank" in capsys.readouterr().out
