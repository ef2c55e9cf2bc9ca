"""Typed values parsed at the edge: codes, contracts, seats and sides, deals in PBN."""

from __future__ import annotations

import random
import secrets

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import (
    Contract,
    Deal,
    Doubling,
    Honours,
    ScoringCode,
    ScoringError,
    Seat,
    Side,
    Strain,
    honour_value,
    parse_code,
    parse_contract_or_pass,
    slam_values,
    strains_for,
    trick_value,
)

from ._util import C13, C15

ACES_NORTH = "N:AKQ.AKQ.AKQ.AKQJ JT98.JT9.JT9.T98 765.8765.876.765 432.432.5432.432"


# --- codes -----------------------------------------------------------------------------------------


def test_codes_and_strains() -> None:
    assert [c.value for c in ScoringCode] == ["auction-1913", "auction-1915", "whist", "contract"]
    assert parse_code(" Auction-1915 ") is C15
    # cheapest first: 1913 spades 2 ... no trump 10; 1915 clubs 6 ... no trump 10
    assert strains_for(C13) == (Strain.S, Strain.C, Strain.D, Strain.H, Strain.RS, Strain.NT)
    assert strains_for(C15) == (Strain.C, Strain.D, Strain.H, Strain.S, Strain.NT)
    assert strains_for(ScoringCode.WHIST) == ()


@pytest.mark.parametrize(
    ("code", "values"),
    [
        # 1913 (royal spades): spades 2, clubs 6, diamonds 7, hearts 8, royal spades 9, no trump 10
        (C13, {"S": 2, "C": 6, "D": 7, "H": 8, "RS": 9, "NT": 10}),
        # 1915 law 3: clubs 6, diamonds 7, hearts 8, spades 9, no trump 10
        (C15, {"C": 6, "D": 7, "H": 8, "S": 9, "NT": 10}),
    ],
)
def test_trick_value_tables(code: ScoringCode, values: dict[str, int]) -> None:
    assert {s.value: trick_value(code, s) for s in strains_for(code)} == values


def test_slam_tables() -> None:
    # 1913: little slam 20, slam 40 (footnote to law 8); 1915: 50 and 100 (laws 8, 7)
    assert slam_values(C13) == (20, 40)
    assert slam_values(C15) == (50, 100)
    with pytest.raises(ScoringError, match="whist scores no slams"):
        slam_values(ScoringCode.WHIST)


def test_honour_value_of_nothing_is_zero() -> None:
    # two aces (or fewer) score nothing
    assert honour_value(C15, Strain.NT, 2, 2) == 0
    assert honour_value(C15, Strain.H, 2, 1) == 0


# --- contracts ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "level", "strain", "doubling", "canonical"),
    [
        ("4HX", 4, Strain.H, Doubling.DOUBLED, "4HX"),
        ("3NT", 3, Strain.NT, Doubling.NONE, "3NT"),
        ("3n", 3, Strain.NT, Doubling.NONE, "3NT"),
        ("2RS", 2, Strain.RS, Doubling.NONE, "2RS"),
        ("1SXX", 1, Strain.S, Doubling.REDOUBLED, "1SXX"),
        (" 7 nt xx ", 7, Strain.NT, Doubling.REDOUBLED, "7NTXX"),
        ("5c", 5, Strain.C, Doubling.NONE, "5C"),
        ("6 d x", 6, Strain.D, Doubling.DOUBLED, "6DX"),
    ],
)
def test_contract_parse(text: str, level: int, strain: Strain, doubling: Doubling, canonical: str) -> None:
    contract = Contract.parse(text)
    assert (contract.level, contract.strain, contract.doubling) == (level, strain, doubling)
    assert str(contract) == canonical
    assert contract.tricks_needed == 6 + level
    assert contract == Contract(level, strain, doubling)


@given(st.integers(1, 7), st.sampled_from(list(Strain)), st.sampled_from(list(Doubling)))
def test_contract_round_trip(level: int, strain: Strain, doubling: Doubling) -> None:
    contract = Contract(level, strain, doubling)
    assert Contract.parse(str(contract)) == contract
    assert Contract.parse(str(contract).lower()) == contract


def test_contract_parse_with_a_code_checks_the_strain() -> None:
    assert Contract.parse("2RS", C13).strain is Strain.RS
    with pytest.raises(ScoringError, match="royal spades"):
        Contract.parse("2RS", C15)


@pytest.mark.parametrize("word", ["PASS", "pass", "P", "p", "passed", " Passed "])
def test_pass_words(word: str) -> None:
    assert parse_contract_or_pass(word, C15) is None


def test_doubling_multipliers() -> None:
    # law 53: doubling and redoubling double and quadruple the value of each trick
    assert [d.multiplier for d in Doubling] == [1, 2, 4]


# --- seats and sides ----------------------------------------------------------------------------------


def test_seats_and_sides() -> None:
    assert [s.side for s in Seat] == [Side.NS, Side.EW, Side.NS, Side.EW]
    assert [s.rotated() for s in Seat] == [Seat.E, Seat.S, Seat.W, Seat.N]
    assert [s.partner for s in Seat] == [Seat.S, Seat.W, Seat.N, Seat.E]
    assert Seat.N.rotated(4) is Seat.N
    assert Seat.N.rotated(-1) is Seat.W
    assert Side.NS.other is Side.EW
    assert Side.EW.other is Side.NS
    assert str(Seat.N) == "N"
    assert str(Side.EW) == "EW"
    # a quarter turn swaps the sides
    assert all(s.rotated().side is s.side.other for s in Seat)


# --- deals ----------------------------------------------------------------------------------------------


def test_pbn_round_trip_and_hands() -> None:
    deal = Deal.parse_pbn(ACES_NORTH)
    assert deal.to_pbn() == ACES_NORTH
    assert str(deal.hand(Seat.N)) == "AKQ.AKQ.AKQ.AKQJ"
    assert deal.hand(Seat.W).suit("d") == "5432"
    assert len(deal.hand(Seat.E)) == 13
    assert "CJ" in deal.hand(Seat.N)
    assert "cj" in deal.hand(Seat.N)
    assert "CJ" not in deal.hand(Seat.S)
    assert "ZZ" not in deal.hand(Seat.N)
    assert deal.holder("HT") is Seat.E
    assert deal.hand(Seat.S).cards()[:3] == ("S7", "S6", "S5")


def test_pbn_may_start_at_any_seat() -> None:
    # the same deal written from East: hands clockwise E, S, W, N
    n, e, s, w = ACES_NORTH[2:].split()
    assert Deal.parse_pbn(f"E:{e} {s} {w} {n}") == Deal.parse_pbn(ACES_NORTH)
    assert Deal.parse_pbn(f"w:{w} {n} {e} {s}").to_pbn() == ACES_NORTH


def test_pbn_tolerates_lower_case_and_10() -> None:
    lower = ACES_NORTH.lower().replace("t", "10")
    assert Deal.parse_pbn(lower).to_pbn() == ACES_NORTH


def test_void_suits() -> None:
    one_suit_each = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    deal = Deal.parse_pbn(one_suit_each)
    assert deal.to_pbn() == one_suit_each
    assert deal.hand(Seat.N).suit("H") == ""


def test_honours_from_the_deal() -> None:
    deal = Deal.parse_pbn(ACES_NORTH)
    # N holds A K Q J of clubs, E the 10: NS 4, all 4 in N's hand
    assert deal.honours(Strain.C) == Honours(Side.NS, 4, 4)
    # spades: N A K Q, E J 10: NS 3 (in one hand 3)
    assert deal.honours(Strain.S) == Honours(Side.NS, 3, 3)
    assert deal.honours(Strain.RS) == Honours(Side.NS, 3, 3)
    assert deal.honours(Strain.NT) == Honours(Side.NS, 4, 4)
    turned = deal.rotated()
    assert turned.hand(Seat.E) == deal.hand(Seat.N)
    assert turned.honours(Strain.C) == Honours(Side.EW, 4, 4)


@settings(max_examples=200)
@given(st.randoms(use_true_random=False))
def test_random_deals_are_valid_and_round_trip(rng: random.Random) -> None:
    deal = Deal.random(rng)
    assert Deal.parse_pbn(deal.to_pbn()) == deal
    assert sorted(len(deal.hand(s)) for s in Seat) == [13, 13, 13, 13]
    assert deal.rotated(4) == deal
    assert deal.rotated().rotated(3) == deal
    for strain in Strain:
        held = deal.honours(strain)
        if strain is Strain.NT:  # law 5: at no trump the aces are the honours
            per_seat = {seat: sum(c in deal.hand(seat) for c in ("SA", "HA", "DA", "CA")) for seat in Seat}
        else:  # law 5: A K Q J 10 of the trump suit (royal spades are spades)
            suit = {"S": "S", "RS": "S", "H": "H", "D": "D", "C": "C"}[strain.value]
            per_seat = {seat: sum(suit + r in deal.hand(seat) for r in "AKQJT") for seat in Seat}
        ns = per_seat[Seat.N] + per_seat[Seat.S]
        ew = per_seat[Seat.E] + per_seat[Seat.W]
        if ns >= 3:
            assert held == Honours(Side.NS, ns, max(per_seat[Seat.N], per_seat[Seat.S]))
        elif ew >= 3:
            assert held == Honours(Side.EW, ew, max(per_seat[Seat.E], per_seat[Seat.W]))
        else:
            # only at no trump can nobody hold three: the aces split two and two
            assert strain is Strain.NT
            assert held is None


def test_random_by_default_uses_the_system_random(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[random.Random] = []
    real = secrets.SystemRandom

    def spy() -> random.Random:
        rng = real()
        made.append(rng)
        return rng

    monkeypatch.setattr(secrets, "SystemRandom", spy)
    deal = Deal.random()
    assert len(made) == 1
    assert isinstance(made[0], random.SystemRandom)
    assert Deal.parse_pbn(deal.to_pbn()) == deal


def test_seeded_random_is_reproducible() -> None:
    assert Deal.random(random.Random(7)) == Deal.random(random.Random(7))
