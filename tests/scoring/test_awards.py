"""Masterpoints by a director's award table (scoring.awards): ties share the points of the places they cover,
worked by hand."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from scoring.awards import (
    MAX_PLACES,
    AwardTableError,
    award_table,
    awards_for_places,
    decimal_points,
    ranks_with_ties,
    table_texts,
)

TABLE = [F(6), F(4), F(3)]


def test_each_place_its_points_and_none_beyond_the_table():
    assert awards_for_places([(1, 1), (2, 1), (3, 1), (4, 1), (5, 1)], TABLE) == [6, 4, 3, 0, 0]


def test_two_tied_second_share_the_second_and_third_places():
    # (4 + 3) / 2 = 7/2 each; the next pair is fourth, beyond the table.
    assert awards_for_places([(1, 1), (2, 2), (2, 2), (4, 1)], TABLE) == [6, F(7, 2), F(7, 2), 0]


def test_a_tie_running_past_the_table_shares_what_it_covers():
    # Three tied third cover places 3, 4 and 5: (3 + 0 + 0) / 3 = 1 each.
    assert awards_for_places([(3, 3)] * 3, TABLE) == [1, 1, 1]
    # Three tied first: (6 + 4 + 3) / 3 = 13/3 each, exact.
    assert awards_for_places([(1, 3)] * 3, TABLE) == [F(13, 3)] * 3


def test_the_points_shared_add_up_to_the_places_covered():
    places = ranks_with_ties([1, 1, 3, 4, 4, 4, 7])
    assert places == [(1, 2), (1, 2), (3, 1), (4, 3), (4, 3), (4, 3), (7, 1)]
    table = [F(10), F(7), F(5), F(4), F(3), F(2), F(1)]
    assert sum(awards_for_places(places, table)) == sum(table)


def test_an_empty_table_awards_nothing():
    assert awards_for_places([(1, 1), (2, 1)], []) == [0, 0]


def test_a_bad_place_is_refused():
    with pytest.raises(ValueError, match="start at 1"):
        awards_for_places([(0, 1)], TABLE)


def test_a_typed_table_is_read_exactly():
    assert award_table("6 4.5 3 2") == [F(6), F(9, 2), F(3), F(2)]
    assert award_table(" 6, 4.50,3 ,0.25 ") == [F(6), F(9, 2), F(3), F(1, 4)]
    assert award_table("") == []
    assert table_texts(award_table("6 4.50 0.25 0")) == ["6", "4.5", "0.25", "0"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("6 -4", "place 2: '-4' is not a number of points"),
        ("6 4.125", "place 2: '4.125' is not a number of points"),
        ("six", "place 1: 'six' is not a number of points"),
        ("1e3", "place 1"),
        ("1000000", "place 1: '1000000' is not a number of points like 6 or 4.5 (from 0 to 999999"),
        (" ".join(["1"] * (MAX_PLACES + 1)), f"at most {MAX_PLACES} places, got {MAX_PLACES + 1}"),
    ],
)
def test_a_bad_table_names_the_place(text, message):
    with pytest.raises(AwardTableError, match=message.replace("(", r"\(")):
        award_table(text)


def test_points_shown_as_decimals():
    assert [decimal_points(x) for x in (F(7, 2), F(10, 3), F(6), F(2, 3), F(0))] == [
        "3.5",
        "3.33",
        "6",
        "0.67",
        "0",
    ]
