"""Contract pair events of two sections on the same boards: matchpointed across the field (law H: the same
hands; one N-S and one E-W ranking, the top 2(n - 1) of every result on a board, Neuberg to the field's
most-played board) or, at the director's choice, each section on its own (its own top, its own most-played
board).  Every figure below is worked by hand."""

from __future__ import annotations

import csv
import io
from fractions import Fraction

import pytest
from django.urls import reverse

from duplicate.selectors.standings import pair_standings
from duplicate.selectors.travellers import traveller
from duplicate.services.eventfile import event_import
from duplicate.services.events import movement_relabel
from scoring.movements import generate
from tests.factories import contract_sections_file

pytestmark = pytest.mark.django_db

MITCHELL3 = generate("mitchell", tables=3, boards_per_round=1)

# The 3-table Mitchell of tests/duplicate/test_contract_events.py, in sections A and B: board 1 at 1v4
# (round 1, table 1), 3v5 (round 2, table 3), 2v6 (round 3, table 2); board 2 at 2v5 (1, 2), 1v6 (2, 1),
# 3v4 (3, 3); board 3 at 3v6 (1, 3), 2v4 (2, 2), 1v5 (3, 1).  Vulnerable: board 1 none, 2 N-S, 3 E-W.
S4N10 = {"contract": "4S", "declarer": "N", "tricks": 10}
RESULTS = {
    "A": [
        (1, 1, 1, 1, 4, S4N10),  # +420
        (2, 3, 1, 3, 5, {"contract": "4S", "declarer": "N", "tricks": 11}),  # +450
        (3, 2, 1, 2, 6, {"contract": "3NT", "declarer": "S", "tricks": 7}),  # -100
        (1, 2, 2, 2, 5, {"contract": "3NT", "declarer": "S", "tricks": 9}),  # +600
        (2, 1, 2, 1, 6, S4N10),  # +620
        (3, 3, 2, 3, 4, {"contract": "3NT", "declarer": "S", "tricks": 8}),  # -100
        (1, 3, 3, 3, 6, {"contract": "PASS"}),  # 0
        (2, 2, 3, 2, 4, {"contract": "4S", "declarer": "E", "tricks": 10}),  # -620
        (3, 1, 3, 1, 5, {"contract": "3NT", "declarer": "N", "tricks": 9}),  # +400
    ],
    "B": [
        (1, 1, 1, 1, 4, {"contract": "4S", "declarer": "N", "tricks": 11}),  # +450
        (2, 3, 1, 3, 5, {"contract": "4S", "declarer": "N", "tricks": 11}),  # +450
        (3, 2, 1, 2, 6, {"contract": "3NT", "declarer": "N", "tricks": 9}),  # +400
        (1, 2, 2, 2, 5, S4N10),  # +620
        (2, 1, 2, 1, 6, {"contract": "3NT", "declarer": "S", "tricks": 9}),  # +600
        (3, 3, 2, 3, 4, {"contract": "3S", "declarer": "N", "tricks": 9}),  # +140
        (1, 3, 3, 3, 6, {"ruling": "A60/40"}),  # law 12C2
        (2, 2, 3, 2, 4, {"contract": "4S", "declarer": "E", "tricks": 10}),  # -620
        (3, 1, 3, 1, 5, {"contract": "3NT", "declarer": "E", "tricks": 9}),  # E-W vulnerable: -600
    ],
}


def sections_file(ranking: str, contest: str = "matchpoints") -> dict:
    movements = {letter: movement_relabel(MITCHELL3, letter) for letter in "AB"}
    results = [
        {
            "section": letter,
            "round": r,
            "table": t,
            "board": b,
            "ns": f"{letter}{ns}",
            "ew": f"{letter}{ew}",
            **res,
        }
        for letter, rows in RESULTS.items()
        for r, t, b, ns, ew, res in rows
    ]
    return contract_sections_file(
        movements, MITCHELL3.boards, results, ranking=ranking, contest=contest, name="Contract sections"
    )


def standings_by_ranking(ranking: str) -> dict[str, dict[str, tuple[int, Fraction, Fraction]]]:
    st = pair_standings(event_import(data=sections_file(ranking)))
    return {
        r.title: {row.pair.label: (row.rank, row.net, row.percentage) for row in r.rows} for r in st.rankings
    }


def test_each_section_ranked_on_its_own_is_matchpointed_within_itself():
    """Each section's top is 2(3 - 1) = 4.  A: board 1 450 4, 420 2, -100 0; board 2 620 4, 600 2, -100 0;
    board 3 400 4, 0 2, -620 0.  B: board 1 450 and 450 share 3 each, 400 0; board 2 620 4, 600 2, 140 0;
    board 3: the A60/40 takes no part, -600 beats -620 (2 and 0), Neubergd to B's most-played board (3):
    (MP + 1) * 3 / 2 - 1 = 7/2 and 1/2; the adjusted pairs 60% and 40% of 4: 12/5 and 8/5."""
    rankings = standings_by_ranking("section")
    assert list(rankings) == ["Section A N-S", "Section A E-W", "Section B N-S", "Section B E-W"]
    # Out of 3 boards x 4 = 12.
    assert rankings["Section A N-S"] == {
        "A1": (1, 10, Fraction(250, 3)),  # 2 + 4 + 4
        "A3": (2, 6, 50),  # 4 + 0 + 2
        "A2": (3, 2, Fraction(50, 3)),  # 0 + 2 + 0
    }
    assert rankings["Section A E-W"] == {
        "A4": (1, 10, Fraction(250, 3)),  # 2 + 4 + 4
        "A6": (2, 6, 50),  # 4 + 0 + 2
        "A5": (3, 2, Fraction(50, 3)),  # 0 + 2 + 0
    }
    assert rankings["Section B N-S"] == {
        "B1": (1, Fraction(17, 2), Fraction(425, 6)),  # 3 + 2 + 7/2
        "B3": (2, Fraction(27, 5), 45),  # 3 + 0 + 12/5
        "B2": (3, Fraction(9, 2), Fraction(75, 2)),  # 0 + 4 + 1/2
    }
    assert rankings["Section B E-W"] == {
        "B4": (1, Fraction(17, 2), Fraction(425, 6)),  # 1 + 4 + 7/2
        "B6": (2, Fraction(38, 5), Fraction(190, 3)),  # 4 + 2 + 8/5
        "B5": (3, Fraction(3, 2), Fraction(25, 2)),  # 1 + 0 + 1/2
    }


def test_sections_ranked_across_the_field_are_matchpointed_together():
    """One N-S and one E-W ranking of both sections: six results a board, top 2(6 - 1) = 10.  Board 1:
    -100 0, 400 2, 420 4, 450 (three) 8.  Board 2: -100 0, 140 2, 600 (two) 5, 620 (two) 9.  Board 3: five
    results compared (the A60/40 takes no part): -620 (two) 1, -600 4, 0 6, 400 8, Neuberged to six,
    (MP + 1) * 6 / 5 - 1: 7/5, 5, 37/5, 49/5; the adjusted pairs 60% and 40% of 10: 6 and 4."""
    rankings = standings_by_ranking("field")
    assert list(rankings) == ["N-S", "E-W"]
    # Out of 3 boards x 10 = 30: percentage = total * 10 / 3.
    assert rankings["N-S"] == {
        "A1": (1, Fraction(114, 5), 76),  # 4 + 9 + 49/5
        "B1": (2, 18, 60),  # 8 + 5 + 5
        "B3": (3, 16, Fraction(160, 3)),  # 8 + 2 + 6
        "A3": (4, Fraction(77, 5), Fraction(154, 3)),  # 8 + 0 + 37/5
        "B2": (5, Fraction(62, 5), Fraction(124, 3)),  # 2 + 9 + 7/5
        "A2": (6, Fraction(32, 5), Fraction(64, 3)),  # 0 + 5 + 7/5
    }
    assert rankings["E-W"] == {
        "A4": (1, Fraction(123, 5), 82),  # 6 + 10 + 43/5
        "B4": (2, Fraction(93, 5), 62),  # 2 + 8 + 43/5
        "B6": (3, 17, Fraction(170, 3)),  # 8 + 5 + 4
        "A6": (4, Fraction(68, 5), Fraction(136, 3)),  # 10 + 1 + 13/5
        "B5": (5, 8, Fraction(80, 3)),  # 2 + 1 + 5
        "A5": (6, Fraction(36, 5), 24),  # 2 + 5 + 1/5
    }


@pytest.mark.parametrize(
    ("ranking", "expected"),
    [
        # each section's own: A's 450 beats its two others (4); B's 450s tie and beat 400 (3 each)
        (
            "section",
            {("A", "A1"): 2, ("A", "A3"): 4, ("A", "A2"): 0, ("B", "B1"): 3, ("B", "B3"): 3, ("B", "B2"): 0},
        ),
        # across the field: the three 450s 8, 420 4, 400 2, -100 0
        (
            "field",
            {("A", "A1"): 4, ("A", "A3"): 8, ("A", "A2"): 0, ("B", "B1"): 8, ("B", "B3"): 8, ("B", "B2"): 2},
        ),
    ],
)
def test_the_traveller_shows_each_lines_matchpoints_as_ranked(ranking, expected):
    event = event_import(data=sections_file(ranking))
    trav = traveller(event, event.boards.get(number=1))
    assert {(line.section, line.ns.label): line.ns_plus_minus for line in trav.lines} == expected
    assert trav.datum == ""  # matchpoints have no datum


@pytest.mark.parametrize(
    ("ranking", "expected"),
    [
        # each section's datum: A (420 + 450 - 100) / 3 -> 260: +160 4, +190 5, -360 -8;
        # B (450 + 450 + 400) / 3 -> 430: +20 1, +20 1, -30 -1
        (
            "section",
            {
                ("A", "A1"): 4,
                ("A", "A3"): 5,
                ("A", "A2"): -8,
                ("B", "B1"): 1,
                ("B", "B3"): 1,
                ("B", "B2"): -1,
            },
        ),
        # the field's: six results, the highest (a 450) and the lowest (-100) dropped, (420 + 450 + 450 + 400) / 4
        # = 430: -10 0, +20 1, -530 -11, +20 1, +20 1, -30 -1
        (
            "field",
            {
                ("A", "A1"): 0,
                ("A", "A3"): 1,
                ("A", "A2"): -11,
                ("B", "B1"): 1,
                ("B", "B3"): 1,
                ("B", "B2"): -1,
            },
        ),
    ],
)
def test_butler_takes_each_sections_datum_or_the_fields(ranking, expected):
    event = event_import(data=sections_file(ranking, "butler"))
    trav = traveller(event, event.boards.get(number=1))
    assert {(line.section, line.ns.label): line.ns_plus_minus for line in trav.lines} == expected
    # the datums worked above, as the traveller's header and the workbook's Boards sheet give them
    assert trav.datum == {"section": "A: 260, B: 430", "field": "430"}[ranking]
    # and how each was worked out (the default rule: one dropped at each end from five results on)
    assert (
        trav.datum_rule
        == {
            "section": "A: mean of 3 results, none dropped, halves away from zero; "
            "B: mean of 3 results, none dropped, halves away from zero",
            "field": "mean of 6 results, the top and bottom one dropped, halves away from zero",
        }[ranking]
    )


def test_the_standings_csv_names_each_sections_ranking(client):
    event = event_import(data=sections_file("section"))
    body = client.get(reverse("download_standings", args=[event.pk, "csv"])).content.decode("utf-8-sig")
    rows = {row["pair"]: row for row in csv.DictReader(io.StringIO(body))}
    assert [rows["A1"][c] for c in ("rank", "mps", "mps_exact", "percentage", "percentage_exact", "ranking")] == [
        "1", "10", "10", "83.33", "\'250/3", "Section A N-S"
    ]  # fmt: skip
    assert [rows["B5"][c] for c in ("rank", "mps", "mps_exact", "percentage", "percentage_exact", "ranking")] == [
        "3", "1.50", "\'3/2", "12.50", "\'25/2", "Section B E-W"
    ]  # fmt: skip
