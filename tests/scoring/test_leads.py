"""Opening leads (scoring/leads.py): a card as typed read one way only, and checked against the leader's hand
(law 41A, 2017: the defender on declarer's left leads). Hands worked by hand below."""

from __future__ import annotations

import pytest

from scoring import ScoringError
from scoring.contract import Seat
from scoring.deal import CARDS, Deal
from scoring.leads import check_lead, opening_leader, parse_lead
from scoring.pbn import known_hands
from scoring.quick import QuickError, parse_quick

# North holds the spades, East the hearts, South the diamonds, West the clubs.
SUITED = Deal.parse_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")


@pytest.mark.parametrize(
    ("typed", "card"),
    [
        ("SQ", "SQ"),
        ("sq", "SQ"),
        ("qs", "SQ"),
        ("Q♠", "SQ"),
        ("♠Q", "SQ"),
        ("♥10", "HT"),
        ("S10", "ST"),
        ("10S", "ST"),
        ("td", "DT"),
        (" c 2 ", "C2"),
        ("HA", "HA"),
        ("AH", "HA"),
    ],
)
def test_a_typed_card_reads_one_way(typed: str, card: str) -> None:
    assert parse_lead(typed) == card


@pytest.mark.parametrize("typed", ["", "S", "SS", "QK", "S1", "X9", "S11", "HQ2", "10", "♠"])
def test_what_is_not_a_card_is_refused_naming_the_field(typed: str) -> None:
    with pytest.raises(ScoringError) as caught:
        parse_lead(typed)
    assert caught.value.field == "lead"
    assert "cannot read" in str(caught.value)


def test_every_card_reads_back_as_itself_and_rank_first() -> None:
    for card in CARDS:
        assert parse_lead(card) == card
        assert parse_lead(card[1] + card[0]) == card
        assert parse_lead(card.lower()) == card


def test_the_defender_on_declarers_left_leads() -> None:
    assert [opening_leader(seat) for seat in (Seat.N, Seat.E, Seat.S, Seat.W)] == [
        Seat.E,
        Seat.S,
        Seat.W,
        Seat.N,
    ]


def test_the_leaders_card_is_taken_and_anothers_refused_naming_who_holds_it() -> None:
    # South declares: West leads, and West holds the clubs.
    assert check_lead("C7", declarer=Seat.S, hands=SUITED.hands) == "C7"
    with pytest.raises(ScoringError) as caught:
        check_lead("HQ", declarer=Seat.S, hands=SUITED.hands)
    assert str(caught.value) == (
        "lead: HQ is in East's hand; the opening lead is West's (on declarer South's left, law 41A)"
    )
    # West declares: North leads the spades.
    assert check_lead("SA", declarer=Seat.W, hands=SUITED.hands) == "SA"


def test_no_hands_no_check_and_a_passed_out_deal_has_no_lead() -> None:
    assert check_lead("HQ", declarer=Seat.S) == "HQ"
    with pytest.raises(ScoringError, match="passed out has no opening lead"):
        check_lead("HQ", declarer=None)


def test_a_partly_known_deal_is_checked_as_far_as_it_is_known() -> None:
    west_only = known_hands("N:- - - ...AKQJT98765432")
    assert check_lead("C2", declarer=Seat.S, hands=west_only) == "C2"
    with pytest.raises(ScoringError, match="HQ is not in West's hand"):
        check_lead("HQ", declarer=Seat.S, hands=west_only)
    north_only = known_hands("N:AKQJT98765432... - - -")
    with pytest.raises(ScoringError, match="SA is in North's hand; the opening lead is West's"):
        check_lead("SA", declarer=Seat.S, hands=north_only)
    assert check_lead("HQ", declarer=Seat.S, hands=north_only) == "HQ"


@pytest.mark.parametrize(
    ("line", "result"),
    [
        ("4S N = lead HQ", {"contract": "4S", "declarer": "N", "tricks": 10, "lead": "HQ"}),
        ("3NT S +1 L d4", {"contract": "3NT", "declarer": "S", "tricks": 10, "lead": "D4"}),
        ("4hx n 10 lead ♠10", {"contract": "4HX", "declarer": "N", "tricks": 10, "lead": "ST"}),
        ("4S N 9 LEAD: 10c", {"contract": "4S", "declarer": "N", "tricks": 9, "lead": "CT"}),
    ],
)
def test_quick_entry_reads_the_lead_after_the_result(line: str, result: dict[str, object]) -> None:
    assert parse_quick(line, code="contract") == result


def test_quick_entry_takes_the_lead_with_the_rows_contract() -> None:
    current = {"contract": "4S", "declarer": "N"}
    assert parse_quick("+1 lead HK", code="contract", current=current) == {
        "contract": "4S",
        "declarer": "N",
        "tricks": 11,
        "lead": "HK",
    }


@pytest.mark.parametrize(
    ("line", "code", "message"),
    [
        ("lead HQ", "contract", "quick: give the result before the lead, such as 4S N = lead HQ"),
        ("PASS lead HQ", "contract", "quick: a deal passed out or an adjusted score has no opening lead"),
        ("A60/40 lead HQ", "contract", "quick: a deal passed out or an adjusted score has no opening lead"),
        ("4S N = lead QQ", "contract", 'quick: cannot read "QQ" as a card: give a suit and a rank'),
        ("4S N = lead HQ", "auction-1915", "quick: only contract bridge records the opening lead"),
    ],
)
def test_quick_entry_refuses_a_lead_it_cannot_take(line: str, code: str, message: str) -> None:
    with pytest.raises(QuickError) as caught:
        parse_quick(line, code=code)
    assert str(caught.value).startswith(message)
