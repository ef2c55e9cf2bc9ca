"""A three-session pairs championship ranked overall by each carry-over, worked by hand (docs/laws.md,
"Championships of sessions: the carry-over")."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from scoring.contests.carry_over import (
    CARRY,
    TOTALS,
    WEIGHTED,
    SessionFigure,
    carry_fraction,
    overall_ranking,
)
from scoring.errors import ContestError

S = SessionFigure
# Session 1: 10 boards; session 2: 12 boards; session 3: 8 boards.  Pair D plays session 1 only.
FIGURES = {
    "A": (S(30, 10, F(60)), S(24, 12, F(50)), S(27, 8, F(225, 4))),
    "B": (S(25, 10, F(50)), S(30, 12, F(125, 2)), S(21, 8, F(175, 4))),
    "C": (S(20, 10, F(40)), S(18, 12, F(75, 2)), S(24, 8, F(50))),
    "D": (S(25, 10, F(50)), None, None),
}


def _lines(rows):
    return [(r.entrant, r.overall, r.rank, r.qualified) for r in rows]


def test_totals_add_every_session():
    # A 30 + 24 + 27 = 81; B 25 + 30 + 21 = 76; C 20 + 18 + 24 = 62; D 25 (missed two sessions: nothing)
    rows = overall_ranking(FIGURES, carry_over=TOTALS)
    assert _lines(rows) == [("A", 81, 1, True), ("B", 76, 2, True), ("C", 62, 3, True), ("D", 25, 4, True)]
    assert rows[3].sessions == (S(25, 10, F(50)), None, None)


def test_weighted_by_boards_played():
    # A (60x10 + 50x12 + 56.25x8) / 30 = 1650/30 = 55; B (500 + 750 + 350)/30 = 160/3;
    # C (400 + 450 + 400)/30 = 125/3; D 50 over its 10 boards
    rows = overall_ranking(FIGURES, carry_over=WEIGHTED)
    assert _lines(rows) == [
        ("A", 55, 1, True),
        ("B", F(160, 3), 2, True),
        ("D", 50, 3, True),
        ("C", F(125, 3), 4, True),
    ]


def test_carry_half_of_the_qualifying_session():
    # A 30/2 + 24 + 27 = 66; B 25/2 + 30 + 21 = 63 1/2; C 20/2 + 18 + 24 = 52; D did not qualify (25 listed)
    rows = overall_ranking(FIGURES, carry_over=CARRY, fraction=F(1, 2))
    assert _lines(rows) == [
        ("A", 66, 1, True),
        ("B", F(127, 2), 2, True),
        ("C", 52, 3, True),
        ("D", 25, None, False),
    ]


def test_carry_before_the_final_ranks_everyone_on_the_carried_figure():
    first_only = {k: (v[0], None, None) for k, v in FIGURES.items()}
    rows = overall_ranking(first_only, carry_over=CARRY, fraction=F(1, 4))
    # A 30/4; B and D 25/4, equal: they share second place, in the order given; C 5
    assert _lines(rows) == [
        ("A", F(15, 2), 1, True),
        ("B", F(25, 4), 2, True),
        ("D", F(25, 4), 2, True),
        ("C", 5, 4, True),
    ]


def test_ties_and_the_fraction_of_a_point():
    rows = overall_ranking(
        {"X": (S(F(1000, 3), 3),), "Y": (S(F(333333, 1000), 3),), "Z": (S(F(1000, 3), 3),)},
        carry_over=TOTALS,
    )
    # 333.3333... twice (equal: shared first) and 333.333, which reads alike to two decimals: third by the
    # fraction of a point
    assert [(r.entrant, r.rank, r.by_fraction) for r in rows] == [
        ("X", 1, True),
        ("Z", 1, True),
        ("Y", 3, True),
    ]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("1/2", F(1, 2)),
        ("0.25", F(1, 4)),
        (" 1 ", F(1)),
        ("3/10", F(3, 10)),
        ("1 / 2", F(1, 2)),
        (".5", F(1, 2)),
    ],
)
def test_carry_fraction_read_exactly(text, value):
    assert carry_fraction(text) == value


# Python's Fraction also reads "1_0/2_0", "5e-1" and other scripts' digits: a director's share is none of them
# (found trying the new-championship form: "1_0/2_0" was kept and shown as written).
@pytest.mark.parametrize(
    "text", ["", "0", "-1/2", "3/2", "half", "1/0", "1/100000", "1_0/2_0", "5e-1", "\u0661/\u0662", "1/2/3"]
)
def test_carry_fraction_refused(text):
    with pytest.raises(ContestError) as caught:
        carry_fraction(text)
    assert caught.value.field == "carry_fraction"


def test_weighted_needs_percentages():
    with pytest.raises(ContestError, match="percentages"):
        overall_ranking({"A": (S(5, 3),)}, carry_over=WEIGHTED)


def test_unknown_mode_and_ragged_sessions_refused():
    with pytest.raises(ContestError, match="one of"):
        overall_ranking({"A": (S(5, 3),)}, carry_over="best")
    with pytest.raises(ContestError, match="each session"):
        overall_ranking({"A": (S(5, 3),), "B": (S(5, 3), None)}, carry_over=TOTALS)
