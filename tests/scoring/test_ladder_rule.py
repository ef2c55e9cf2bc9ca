"""The club ladder's rule (``scoring.contests.ladder``): the exact mean of the last N percentages, law H's
ranks on the exact averages (1, 2=, 2=, 4), and the minimum events to be ranked."""

from __future__ import annotations

from fractions import Fraction

import pytest

from scoring.contests.ladder import average_of_last, ladder_lines
from scoring.errors import ContestError


def test_the_average_of_the_last_n_is_exact():
    # Newest first: the last two of 50, 55 1/2, 70 are 50 and 55 1/2: 105 1/2 / 2 = 52 3/4.
    assert average_of_last([Fraction(50), Fraction(111, 2), Fraction(70)], 2) == Fraction(211, 4)
    assert average_of_last([Fraction(1, 3)] * 3, 10) == Fraction(1, 3)
    assert average_of_last([], 3) == 0
    with pytest.raises(ContestError, match="last"):
        average_of_last([Fraction(50)], 0)


def test_equal_exact_averages_share_a_place_and_the_next_is_skipped():
    histories = {
        "a": [Fraction(60)],
        "b": [Fraction(62)],
        "c": [Fraction(60)],
        "d": [Fraction(55)],
        "e": [Fraction(59)],
    }
    lines = ladder_lines(histories, last=1, minimum=1)
    assert [(x.key, x.rank, x.tied) for x in lines] == [
        ("b", 1, False),
        ("a", 2, True),
        ("c", 2, True),
        ("e", 4, False),
        ("d", 5, False),
    ]


def test_averages_equal_to_two_decimals_but_not_exactly_are_won_by_the_fraction():
    histories = {"a": [Fraction(60)], "b": [Fraction(60004, 1000)], "c": [Fraction(59)]}
    lines = ladder_lines(histories, last=1, minimum=1)
    assert [(x.key, x.rank, x.by_fraction) for x in lines] == [
        ("b", 1, True),
        ("a", 2, True),
        ("c", 3, False),
    ]


def test_fewer_events_than_the_minimum_are_not_ranked_and_listed_after():
    # a: (40 + 50) / 2 = 45, equal to c's 45 exactly: both first, in the order given; b's one event is not
    # enough to be ranked, its 90 notwithstanding.
    histories = {"a": [Fraction(40), Fraction(50)], "b": [Fraction(90)], "c": [Fraction(45), Fraction(45)]}
    lines = ladder_lines(histories, last=5, minimum=2)
    assert [(x.key, x.rank, x.tied, x.average, x.counted) for x in lines] == [
        ("a", 1, True, Fraction(45), 2),
        ("c", 1, True, Fraction(45), 2),
        ("b", None, False, Fraction(90), 1),
    ]


def test_the_minimum_cannot_exceed_the_window():
    with pytest.raises(ContestError, match="minimum"):
        ladder_lines({}, last=3, minimum=4)
    with pytest.raises(ContestError, match="minimum"):
        ladder_lines({}, last=3, minimum=0)
