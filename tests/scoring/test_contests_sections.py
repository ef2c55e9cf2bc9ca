"""Sections ranked each on its own (``scoring.contests.sections``), the director's choice beside law H's
ranking across the field: hand-worked figures for both readings of the same plays."""

from __future__ import annotations

from fractions import Fraction

from scoring.contests import BoardResult, pair_contest, ranking_groups
from scoring.contests.sections import section_contests

# Board 1 at two tables of section A and two of section B (the same hands); E-W score nothing anywhere.
ROWS = [
    BoardResult(1, "A1", "A2", 100, 0),
    BoardResult(1, "A3", "A4", 0, 0),
    BoardResult(1, "B1", "B2", 30, 0),
    BoardResult(1, "B3", "B4", 10, 0),
]
TABLES = [(r.board, r.ns, r.ew) for r in ROWS]
SECTION_OF = {p: p[0] for r in ROWS for p in (r.ns, r.ew)}


def plus_minus(contest, ranking: int) -> dict[str, Fraction]:
    return {row.pair: row.plus_minus for row in contest.rankings()[ranking][1]}


def test_across_the_field_every_pair_who_held_the_same_hands_is_compared():
    # Law H: N-S average over the four tables = (100 + 0 + 30 + 10) / 4 = 35.
    contest = pair_contest(ROWS, groups=ranking_groups(TABLES, sections=SECTION_OF))
    assert [g.name for g in contest.groups.groups] == ["N-S", "E-W"]
    assert plus_minus(contest, 0) == {"A1": 65, "B1": -5, "B3": -25, "A3": -35}
    assert contest.averages[(1, "NS")] == 35


def test_each_section_on_its_own_has_its_own_averages_and_rankings():
    # Section A's N-S average (100 + 0) / 2 = 50; section B's (30 + 10) / 2 = 20.
    contest = section_contests(ROWS, TABLES, SECTION_OF)
    names = [g.name for g in contest.groups.groups]
    assert names == ["Section A N-S", "Section A E-W", "Section B N-S", "Section B E-W"]
    assert plus_minus(contest, 0) == {"A1": 50, "A3": -50}
    assert plus_minus(contest, 2) == {"B1": 10, "B3": -10}
    assert [row.rank for row in contest.rankings()[2][1]] == [1, 2]
    # Every line keeps its own section's average; the event-wide figure is left out where two differ.
    assert {(d.ns, d.ns_average) for d in contest.traveller(1)} == {
        ("A1", 50),
        ("A3", 50),
        ("B1", 20),
        ("B3", 20),
    }
    assert (1, "NS") not in contest.averages
    assert contest.detail(1, "B3", "B4").ns_plus_minus == -10


def test_one_section_on_its_own_is_the_field():
    rows = ROWS[:2]
    alone = section_contests(rows, TABLES[:2], SECTION_OF)
    field = pair_contest(rows, groups=ranking_groups(TABLES[:2]))
    assert [r.plus_minus for r in alone.rows] == [r.plus_minus for r in field.rows]
    assert alone.averages == field.averages
