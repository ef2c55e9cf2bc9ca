"""The quick entry names a contract's level out of 1 to 7 for what it is: "8S N =" was answered "two declarers
(S and N)", its 8 read as tricks and its S as a declarer. A bid is of one to seven odd tricks."""

from __future__ import annotations

import pytest

from scoring.quick import QuickError, parse_quick

CODES = ("auction-1913", "auction-1915", "contract")


@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize(
    ("text", "shape", "example"),
    [
        ("8S N =", "8S", "4S"),
        ("8s n 10", "8S", "4S"),
        ("8SN=", "8S", "4S"),
        ("8 S N =", "8S", "4S"),
        ("N 8S =", "8S", "4S"),
        ("0H S 7", "0H", "4H"),
        ("9NT S =", "9NT", "4NT"),
        ("8DX E -1", "8DX", "4DX"),
        ("12C W 9", "12C", "4C"),
        ("8S", "8S", "4S"),
    ],
)
def test_a_level_out_of_one_to_seven_is_named(code, text, shape, example):
    with pytest.raises(QuickError) as refused:
        parse_quick(text, code=code)
    assert (
        str(refused.value) == f"quick: {shape} is not a contract: its level must be 1 to 7, such as {example}"
    )


@pytest.mark.parametrize(
    ("text", "current", "expected"),
    [
        # With a contract in the line or the row, a number and a seat are still tricks and a declarer.
        ("4H 8S", None, {"contract": "4H", "declarer": "S", "tricks": 8}),
        ("8S", {"contract": "2S", "declarer": "N"}, {"contract": "2S", "declarer": "S", "tricks": 8}),
        ("10N", {"contract": "2S", "declarer": "E"}, {"contract": "2S", "declarer": "N", "tricks": 10}),
        ("7NT N =", None, {"contract": "7NT", "declarer": "N", "tricks": 13}),
        ("1C S 7", None, {"contract": "1C", "declarer": "S", "tricks": 7}),
    ],
)
def test_tricks_and_a_seat_are_still_read_beside_a_contract(text, current, expected):
    assert parse_quick(text, code="contract", current=current) == expected


def test_two_declarers_are_still_two_declarers():
    with pytest.raises(QuickError, match=r"two declarers \(S and N\)"):
        parse_quick("4H S N 10", code="contract")
