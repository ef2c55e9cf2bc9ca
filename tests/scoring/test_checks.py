"""Unlikely results (scoring/checks.py): hand-worked cases for each check and its boundary."""

from __future__ import annotations

from scoring.checks import (
    DD_TABLE_TEXT,
    UNUSUAL,
    Played,
    double_dummy_check,
    far_check,
    lead_check,
    other_side_check,
    sign_check,
    unlikely,
)
from scoring.contract import Contract, Seat
from scoring.law77 import Vulnerability
from scoring.pbn import known_hands


def p(contract: str, seat: str, tricks: int) -> Played:
    return Played(Contract.parse(contract), Seat(seat), tricks)


# --- double dummy: three or more tricks from the table fires, two does not


def test_double_dummy_three_under_fires() -> None:
    odd = double_dummy_check(p("4S", "N", 7), 10)
    assert odd is not None
    assert odd.code == "double_dummy"
    assert odd.text == "4S by N made 7: double-dummy says 10 tricks."
    # the table is not shown the double-dummy table before the board is released: no figure of it
    assert odd.table_text == DD_TABLE_TEXT
    assert "10" not in odd.table_text


def test_double_dummy_one_trick_is_singular() -> None:
    # 2DX by W made 5 where double dummy gives West 1 trick in diamonds: four off, "1 trick", not "1 tricks"
    odd = double_dummy_check(p("2DX", "W", 5), 1)
    assert odd is not None
    assert odd.text == "2DX by W made 5: double-dummy says 1 trick."


def test_double_dummy_three_over_fires() -> None:
    assert double_dummy_check(p("3NT", "S", 12), 9) is not None


def test_double_dummy_two_off_is_quiet() -> None:
    assert double_dummy_check(p("4S", "N", 8), 10) is None
    assert double_dummy_check(p("4S", "N", 12), 10) is None


def test_double_dummy_without_analysis_is_quiet() -> None:
    assert double_dummy_check(p("4S", "N", 1), None) is None


# --- far from every other table in the same contract and side (two or more tricks from each)


def test_far_from_all_fires_and_names_them_for_the_director_only() -> None:
    # 4H by S made 8 here; 4H by N made 10 and 11 elsewhere: 2 and 3 tricks away from each.
    odd = far_check(p("4H", "S", 8), [p("4H", "N", 10), p("4HX", "N", 11), p("3NT", "S", 8)])
    assert odd is not None
    assert odd.text == "4H by S made 8: 2 other tables in 4H by NS made 10 to 11."
    assert odd.table_text == UNUSUAL
    assert "10" not in odd.table_text
    assert "4H" not in odd.table_text


def test_far_one_close_table_is_quiet() -> None:
    # 9 is one trick from 10: not far from all of them.
    assert far_check(p("4H", "S", 8), [p("4H", "N", 10), p("4H", "N", 9)]) is None


def test_far_exactly_one_trick_away_is_quiet() -> None:
    assert far_check(p("4H", "S", 9), [p("4H", "N", 10)]) is None


def test_far_needs_same_contract_and_side() -> None:
    # 4H by E-W elsewhere and 4S by N-S: neither is this contract and side.
    assert far_check(p("4H", "S", 6), [p("4H", "E", 10), p("4S", "N", 10)]) is None
    assert far_check(p("4H", "S", 6), []) is None


# --- the other side from every table in the same contract


def test_other_side_fires_when_every_other_table_had_the_other_side() -> None:
    odd = other_side_check(p("4S", "E", 10), [p("4S", "N", 10), p("4SX", "S", 9), p("3NT", "E", 9)])
    assert odd is not None
    assert odd.code == "other_side"
    assert odd.text == "4S by E made 10: all 2 other tables in 4S had NS declare."
    assert odd.table_text == UNUSUAL


def test_other_side_one_table_on_the_same_side_is_quiet() -> None:
    assert other_side_check(p("4S", "E", 10), [p("4S", "N", 10), p("4S", "W", 10)]) is None


def test_other_side_no_other_table_in_the_contract_is_quiet() -> None:
    assert other_side_check(p("4S", "E", 10), [p("3S", "N", 9)]) is None


# --- the sign of a typed score against law 77's


def test_sign_made_contract_typed_as_a_minus_fires() -> None:
    # 4S by N made 10, not vulnerable: N-S +420 (law 77); typed -420.
    odd = sign_check(p("4S", "N", 10), -420, Vulnerability.NONE)
    assert odd is not None
    assert odd.text == "4S by N made 10: the score typed, -420 to N-S, should be +420 (law 77)."


def test_sign_defeated_contract_by_east_typed_minus_fires() -> None:
    # 3NT by E one down, E-W vulnerable: N-S +100; a typed -100 has the wrong sign.
    odd = sign_check(p("3NT", "E", 8), -100, Vulnerability.EW)
    assert odd is not None
    assert "should be +100" in odd.text


def test_sign_agrees_is_quiet_even_with_a_wrong_figure() -> None:
    # Only the sign is checked: +450 for +420 is the director's to correct, not this check's.
    assert sign_check(p("4S", "N", 10), 450, Vulnerability.NONE) is None
    assert sign_check(p("4S", "E", 9), 50, Vulnerability.NONE) is None


def test_sign_without_a_typed_score_is_quiet() -> None:
    assert sign_check(p("4S", "N", 10), None, Vulnerability.NONE) is None


# --- all of them


def test_unlikely_runs_every_check() -> None:
    # 4S by E made 5: double dummy 10 (5 away), the others had 4S by N-S (other side), typed -250 (sign).
    found = unlikely(
        p("4S", "E", 5),
        others=[p("4S", "N", 10)],
        dd_tricks=10,
        score_ns=-250,
        vulnerability=Vulnerability.ALL,
    )
    # 4S by E five down vulnerable, undoubled: N-S +500; -250 has the wrong sign.
    assert [o.code for o in found] == ["double_dummy", "other_side", "sign"]
    assert unlikely(p("4S", "N", 10), others=[p("4S", "N", 10)], dd_tricks=10) == []


# --- lead: the opening lead entered is not in the leader's hand (law 41A: declarer's left-hand opponent)

# North AKQJ of spades, East AKQJ of clubs, South AKQJ of diamonds, West AKQJ of hearts.
HANDS = known_hands("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")


def test_lead_from_the_leaders_hand_is_quiet() -> None:
    assert lead_check(p("3NT", "S", 9), "HK", HANDS) is None  # West leads against South and holds the HK
    assert lead_check(p("3NT", "N", 9), "CA", HANDS) is None  # East leads against North


def test_lead_held_by_another_hand_fires_naming_the_holder_and_the_leader() -> None:
    odd = lead_check(p("3NT", "S", 9), "SA", HANDS)
    assert odd is not None
    assert odd.code == "lead"
    assert odd.text == (
        "3NT by S made 9, lead SA: SA is in North's hand; the opening lead is West's "
        "(on declarer South's left, law 41A)."
    )


def test_lead_without_hands_or_without_a_lead_is_quiet() -> None:
    assert lead_check(p("3NT", "S", 9), "SA", (None, None, None, None)) is None
    assert lead_check(p("3NT", "S", 9), "", HANDS) is None
