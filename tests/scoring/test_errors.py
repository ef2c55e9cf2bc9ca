"""Every documented error: one ScoringError (a ValueError) naming the field and what is allowed."""

from __future__ import annotations

from typing import Any

import pytest

from scoring import (
    Contract,
    Deal,
    Election,
    Honours,
    Penalty,
    Revokes,
    ScoringCode,
    ScoringError,
    Seat,
    Side,
    Strain,
    WhistRevokes,
    parse_contract_or_pass,
    parse_request,
    score_deal,
)

from ._util import C13, C15

BASE = {"code": "auction-1915", "contract": "4H", "declarer": "N", "tricks": 10}
ACES_NORTH = "N:AKQ.AKQ.AKQ.AKQJ JT98.JT9.JT9.T98 765.8765.876.765 432.432.5432.432"
ONE_SUIT_EACH = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


def req(**changes: Any) -> dict[str, Any]:
    obj = dict(BASE)
    for key, value in changes.items():
        if value is ...:
            obj.pop(key, None)
        else:
            obj[key] = value
    return obj


REQUEST_ERRORS = [
    # code
    pytest.param(
        {"contract": "4H"},
        "code",
        "required: one of auction-1913, auction-1915, whist, contract",
        id="code-missing",
    ),
    pytest.param(
        req(code="bridge"),
        "code",
        'must be one of auction-1913, auction-1915, whist, contract, got "bridge"',
        id="code-bad",
    ),
    pytest.param(req(code=1915), "code", "got 1915", id="code-number"),
    # contract
    pytest.param(
        req(contract=...),
        "contract",
        "required: a contract such as 4HX or 3NT, or PASS",
        id="contract-missing",
    ),
    pytest.param(
        req(contract="8H"), "contract", "must be a level 1-7, a strain (C, D, H, S, NT)", id="contract-level"
    ),
    pytest.param(req(contract="4Z"), "contract", 'got "4Z"', id="contract-strain"),
    pytest.param(req(contract="4HXXX"), "contract", "X for doubled or XX for redoubled", id="contract-xxx"),
    pytest.param(
        req(contract="2RS"), "contract", "royal spades (RS) is not a strain of auction-1915", id="rs-in-1915"
    ),
    pytest.param(
        req(contract=4), "contract", "must be text such as 4HX or PASS, got 4", id="contract-number"
    ),
    # declarer
    pytest.param(req(declarer=...), "declarer", "required: one of N, E, S, W", id="declarer-missing"),
    pytest.param(req(declarer="Q"), "declarer", 'must be one of N, E, S, W, got "Q"', id="declarer-bad"),
    pytest.param(req(declarer=1), "declarer", "got 1", id="declarer-number"),
    # tricks
    pytest.param(
        req(tricks=...), "tricks", "required: the tricks the declarer's side won in play", id="tricks-missing"
    ),
    pytest.param(req(tricks=14), "tricks", "must be a whole number from 0 to 13, got 14", id="tricks-14"),
    pytest.param(req(tricks=-1), "tricks", "got -1", id="tricks-negative"),
    pytest.param(req(tricks=True), "tricks", "got true", id="tricks-bool"),
    pytest.param(req(tricks=10.0), "tricks", "got 10.0", id="tricks-float"),
    pytest.param(req(tricks="10"), "tricks", 'got "10"', id="tricks-text"),
    pytest.param(req(tricks_ns=5), "tricks_ns", "is for whist", id="tricks-ns-in-auction"),
    # whist
    pytest.param({"code": "whist"}, "tricks_ns", "required for whist", id="whist-tricks-missing"),
    pytest.param({"code": "whist", "tricks_ns": 14}, "tricks_ns", "from 0 to 13, got 14", id="whist-14"),
    pytest.param({"code": "whist", "tricks_ns": False}, "tricks_ns", "got false", id="whist-bool"),
    pytest.param(
        {"code": "whist", "tricks_ns": 7, "contract": "4H"},
        "contract",
        "not used in whist",
        id="whist-contract",
    ),
    pytest.param(
        {"code": "whist", "tricks_ns": 7, "tricks": 7}, "tricks", "not used in whist", id="whist-tricks"
    ),
    pytest.param(
        {"code": "whist", "tricks_ns": 7, "penalties": [{"side": "NS", "points": 50, "law": "F"}]},
        "penalties",
        "not used in whist",
        id="whist-penalties",
    ),
    # whist revokes are counted by side (whist law 30); the auction codes' keys are refused, naming them
    pytest.param(
        {"code": "whist", "tricks_ns": 7, "revokes": {"defenders": 1, "election": "points"}},
        "revokes.defenders",
        "is for the auction codes; whist counts revokes by side (whist law 30): ns, ew",
        id="whist-revokes-auction-keys",
    ),
    pytest.param(
        {"code": "whist", "tricks_ns": 7, "revokes": {"ns": 0, "declarer_side": 1}},
        "revokes.declarer_side",
        "is for the auction codes",
        id="whist-revokes-declarer-side",
    ),
    pytest.param(
        {"code": "whist", "tricks_ns": 7, "revokes": {"ns": 14}},
        "revokes.ns",
        "must be a whole number from 0 to 13, got 14",
        id="whist-revokes-ns-range",
    ),
    pytest.param(
        {"code": "whist", "tricks_ns": 7, "revokes": {"ew": -1}},
        "revokes.ew",
        "must be a whole number from 0 to 13, got -1",
        id="whist-revokes-ew-negative",
    ),
    pytest.param(
        {"code": "whist", "tricks_ns": 7, "revokes": {"ew": True}},
        "revokes.ew",
        "must be a whole number from 0 to 13, got true",
        id="whist-revokes-bool",
    ),
    pytest.param(
        {"code": "whist", "tricks_ns": 7, "revokes": {"ns": 1.0}},
        "revokes.ns",
        "got 1.0",
        id="whist-revokes-float",
    ),
    pytest.param(
        {"code": "whist", "tricks_ns": 7, "revokes": {"north": 1}},
        "revokes.north",
        "unknown field; allowed in revokes: ns, ew",
        id="whist-revokes-unknown",
    ),
    pytest.param(
        {"code": "whist", "tricks_ns": 7, "revokes": 1},
        "revokes",
        "must be an object with keys ns, ew, got 1",
        id="whist-revokes-not-object",
    ),
    pytest.param(
        req(revokes={"ns": 1}),
        "revokes.ns",
        "is for whist; auction-1915 counts revokes by the declarer's side and the defenders (laws 84, 89)",
        id="auction-revokes-whist-keys",
    ),
    # honours
    pytest.param(
        req(honours="NS"),
        "honours",
        "must be an object with keys side, count, in_one_hand",
        id="honours-text",
    ),
    pytest.param(
        req(honours={"side": "NS", "count": 4}), "honours.in_one_hand", "required", id="honours-missing-key"
    ),
    pytest.param(
        req(honours={"side": "NS", "count": 4, "in_one_hand": 4, "x": 1}),
        "honours.x",
        "unknown field; allowed in honours: side, count, in_one_hand",
        id="honours-unknown-key",
    ),
    pytest.param(
        req(honours={"side": "N", "count": 4, "in_one_hand": 4}),
        "honours.side",
        "must be one of NS, EW",
        id="honours-side",
    ),
    pytest.param(
        req(honours={"side": "NS", "count": 2, "in_one_hand": 2}),
        "honours.count",
        "must be 3, 4 or 5",
        id="honours-2",
    ),
    pytest.param(
        req(honours={"side": "NS", "count": 6, "in_one_hand": 5}), "honours.count", "got 6", id="honours-6"
    ),
    pytest.param(
        req(honours={"side": "NS", "count": True, "in_one_hand": 4}),
        "honours.count",
        "got true",
        id="honours-bool",
    ),
    pytest.param(
        req(honours={"side": "NS", "count": 4, "in_one_hand": 1}),
        "honours.in_one_hand",
        "with 4 honours between two hands one hand holds from 2 to 4, got 1",
        id="honours-in-one-low",
    ),
    pytest.param(
        req(honours={"side": "NS", "count": 3, "in_one_hand": 4}),
        "honours.in_one_hand",
        "got 4",
        id="honours-in-one-high",
    ),
    pytest.param(
        req(contract="4NT", honours={"side": "NS", "count": 5, "in_one_hand": 5}),
        "honours.count",
        "at no trump the honours are the four aces (law 5), so 3 or 4",
        id="honours-5-at-nt",
    ),
    pytest.param(
        req(contract="1NT", tricks=7, honours={"side": "NS", "count": 4, "in_one_hand": 3}, deal=ACES_NORTH),
        "honours",
        "given as NS 4 honours (3 in one hand), but the deal gives NS 4 honours (4 in one hand) at no trump",
        id="honours-disagree",
    ),
    pytest.param(
        req(
            contract="1NT", tricks=7, honours={"side": "NS", "count": 3, "in_one_hand": 2}, deal=ONE_SUIT_EACH
        ),
        "honours",
        "the deal gives nobody three or more",
        id="honours-disagree-none",
    ),
    # deal
    pytest.param(req(deal=5), "deal", "must be text such as", id="deal-number"),
    pytest.param(
        req(deal=ACES_NORTH[2:]),
        "deal",
        'must start with the first hand\'s seat and a colon, such as "N:"',
        id="no-colon",
    ),
    pytest.param(
        req(deal="X" + ACES_NORTH[1:]),
        "deal",
        'the seat before the colon must be N, E, S or W, got "X"',
        id="bad-seat",
    ),
    pytest.param(
        req(deal=ACES_NORTH.rsplit(" ", 1)[0]),
        "deal",
        "must list 4 hands separated by spaces, found 3",
        id="3-hands",
    ),
    pytest.param(
        req(deal=ACES_NORTH.replace("AKQ.AKQJ", "AKQAKQJ")),
        "deal",
        "must have 4 suits (spades.hearts.diamonds.clubs), found 3",
        id="3-suits",
    ),
    pytest.param(
        req(deal=ACES_NORTH.replace("AKQJ", "AKQX")),
        "deal",
        '"X" is not a rank (AKQJT98765432)',
        id="bad-rank",
    ),
    pytest.param(
        req(deal=ACES_NORTH.replace("AKQJ", "AKQQ")),
        "deal",
        "card CQ appears twice in N's hand",
        id="twice-in-hand",
    ),
    pytest.param(
        req(deal=ACES_NORTH.replace("AKQJ", "AKQ")),
        "deal",
        "has 12 cards; each hand must have 13",
        id="12-cards",
    ),
    pytest.param(
        req(deal=ACES_NORTH.replace("5432.432", "5432.43A")),
        "deal",
        "card CA appears twice (again in W's hand)",
        id="in-two-hands",
    ),
    # revokes
    pytest.param(
        req(revokes=1),
        "revokes",
        "must be an object with keys declarer_side, defenders, election",
        id="revokes-number",
    ),
    pytest.param(req(revokes={"defender": 1}), "revokes.defender", "unknown field", id="revokes-unknown"),
    pytest.param(
        req(revokes={"declarer_side": -1}),
        "revokes.declarer_side",
        "from 0 to 13, got -1",
        id="revokes-negative",
    ),
    pytest.param(
        req(revokes={"defenders": 14}), "revokes.defenders", "from 0 to 13, got 14", id="revokes-14"
    ),
    pytest.param(req(revokes={"defenders": True}), "revokes.defenders", "got true", id="revokes-bool"),
    pytest.param(
        req(revokes={"defenders": 1}),
        "revokes.election",
        "the defenders revoked, so the declarer must elect (law 84b): one of points, tricks",
        id="election-missing",
    ),
    pytest.param(
        req(revokes={"defenders": 1, "election": "both"}),
        "revokes.election",
        "must be one of points, tricks",
        id="election-bad",
    ),
    pytest.param(
        req(revokes={"declarer_side": 1, "election": "points"}),
        "revokes.election",
        "the defenders did not revoke",
        id="election-not-due",
    ),
    pytest.param(
        req(revokes={"declarer_side": 1, "defenders": 1, "election": "tricks"}),
        "revokes.election",
        "both sides revoked (law 89)",
        id="election-both-revoked",
    ),
    # penalties
    pytest.param(
        req(penalties={"side": "EW"}),
        "penalties",
        "must be a list of objects with side, points, law",
        id="pen-object",
    ),
    pytest.param(
        req(penalties=[5]), "penalties[0]", "must be an object with keys side, points, law", id="pen-number"
    ),
    pytest.param(
        req(penalties=[{"side": "EW", "points": 50}]), "penalties[0].law", "required", id="pen-missing"
    ),
    pytest.param(
        req(penalties=[{"side": "EW", "points": 50, "law": "F", "why": "x"}]),
        "penalties[0].why",
        "unknown field",
        id="pen-unknown",
    ),
    pytest.param(
        req(penalties=[{"side": "EW", "points": 50, "law": "49"}]),
        "penalties[0].law",
        'must be one of F, 54, 81, 90, 41a, got "49"',
        id="pen-law",
    ),
    pytest.param(
        req(penalties=[{"side": "EW", "points": 40, "law": "F"}]),
        "penalties[0].points",
        "law F (a declaration out of turn) costs 50 points, got 40",
        id="pen-points-F",
    ),
    pytest.param(
        req(penalties=[{"side": "EW", "points": 75, "law": 54}]),
        "penalties[0].points",
        "costs 100 or 50 points",
        id="pen-54",
    ),
    pytest.param(
        req(penalties=[{"side": "EW", "points": 50, "law": "F"}, {"side": "EW", "points": 30, "law": "41a"}]),
        "penalties[1].points",
        "a multiple of 25 from 25 to 325",
        id="pen-41a-second",
    ),
    pytest.param(
        req(code="auction-1913", penalties=[{"side": "EW", "points": 25, "law": "41a"}]),
        "penalties[0].law",
        "law 41a has no penalty points in auction-1913",
        id="pen-41a-1913",
    ),
    pytest.param(
        req(penalties=[{"side": "XX", "points": 50, "law": "F"}]),
        "penalties[0].side",
        "must be one of NS, EW",
        id="pen-side",
    ),
    # one_spade_limit
    pytest.param(
        req(code="auction-1913", contract="1S", tricks=4, one_spade_limit="yes"),
        "one_spade_limit",
        'must be true or false, got "yes"',
        id="limit-text",
    ),
    pytest.param(
        req(code="auction-1913", contract="2S", tricks=4, one_spade_limit=True),
        "one_spade_limit",
        "applies only in auction-1913 to a final contract of one spade (1S, 1SX, 1SXX), not 2S",
        id="limit-2S",
    ),
    pytest.param(
        req(code="auction-1913", contract="1RS", tricks=4, one_spade_limit=True),
        "one_spade_limit",
        "not 1RS",
        id="limit-royals",
    ),
    pytest.param(
        req(contract="1S", tricks=4, one_spade_limit=True),
        "one_spade_limit",
        "not 1S in auction-1915",
        id="limit-1915",
    ),
    # passed-out deals
    pytest.param(
        {"code": "auction-1915", "contract": "PASS", "declarer": "N"},
        "declarer",
        "must be left out for a passed-out deal, which scores nothing",
        id="pass-declarer",
    ),
    pytest.param(
        {"code": "auction-1915", "contract": "P", "tricks": 0}, "tricks", "passed-out", id="pass-tricks"
    ),
    pytest.param(
        {
            "code": "auction-1915",
            "contract": "passed",
            "honours": {"side": "NS", "count": 3, "in_one_hand": 2},
        },
        "honours",
        "passed-out",
        id="pass-honours",
    ),
    pytest.param(
        {"code": "auction-1915", "contract": "PASS", "revokes": {"declarer_side": 1}},
        "revokes",
        "passed-out",
        id="pass-revokes",
    ),
    pytest.param(
        {"code": "auction-1915", "contract": "PASS", "one_spade_limit": True},
        "one_spade_limit",
        "applies only to a final contract of one spade",
        id="pass-limit",
    ),
    # 1913 law 42: "The dealer, having examined his hand, must declare": no passed-out deal, whatever the word
    pytest.param(
        {"code": "auction-1913", "contract": "PASS"},
        "contract",
        'auction-1913 has no passed-out deal: under its law 42 the dealer "must declare to win at least one '
        'odd trick"; only auction-1915 lets all four pass (laws 42, 44)',
        id="pass-1913-law-42",
    ),
    pytest.param(
        {"code": "auction-1913", "contract": " passed ", "one_spade_limit": True},
        "contract",
        "law 42",
        id="pass-1913-law-42-before-other-fields",
    ),
    pytest.param(
        {"code": "auction-1913", "contract": "p", "revokes": {"declarer_side": 1}},
        "contract",
        "law 42",
        id="pass-1913-law-42-p",
    ),
    pytest.param(
        {"code": "auction-1913"},
        "contract",
        "required: a contract such as 4HX or 3NT",  # no "or PASS" under law 42
        id="contract-missing-1913",
    ),
    pytest.param(
        {"code": "auction-1913", "contract": "4Q", "declarer": "N", "tricks": 10},
        "contract",
        "such as 4HX or 3NT; got",  # no "or PASS" under law 42
        id="contract-bad-1913",
    ),
    # the request itself
    pytest.param(
        req(trick=3),
        "trick",
        "unknown field; allowed: code, contract, declarer, tricks, tricks_ns",
        id="unknown-key",
    ),
    pytest.param([1, 2], "request", "must be a JSON object, got [1, 2]", id="not-an-object"),
]


@pytest.mark.parametrize(("obj", "field", "message"), REQUEST_ERRORS)
def test_parse_request_errors(obj: Any, field: str, message: str) -> None:
    with pytest.raises(ScoringError) as caught:
        parse_request(obj)
    error = caught.value
    assert isinstance(error, ValueError)
    assert error.field == field
    assert str(error).startswith(f"{field}: ")
    assert message in str(error)


def test_null_means_left_out() -> None:
    # Optional keys given as null are the same as absent: 4H by N, 10 tricks = 32 + 125.
    obj = req(honours=None, deal=None, revokes=None, penalties=None, one_spade_limit=None)
    assert parse_request(obj).score().ns.total == 157


def test_lenient_spelling_that_is_still_unambiguous() -> None:
    # "4 h x" is 4HX; "n" is North; "ns" and "N-S" are NS; law 81 as a number; "3N" is 3NT.
    obj = req(contract=" 4 h x ", declarer="n", honours={"side": "N-S", "count": 3, "in_one_hand": 2})
    obj["penalties"] = [{"side": "ew", "points": 50, "law": 81}]
    score = parse_request(obj).score()
    # 4HX made: 4 x 8 x 2 = 64; premium 125; bonus 50; honours 2 x 8 = 16: NS 64 + 191; EW 50
    assert (score.ns.trick, score.ns.honour, score.ew.honour) == (64, 191, 50)
    assert str(parse_request(req(contract="3n", tricks=9)).contract) == "3NT"


# --- library-level errors (typed values built directly) ---

LIBRARY_ERRORS = [
    pytest.param(
        lambda: Contract(8, Strain.H), "contract", "level must be a whole number from 1 to 7", id="contract-8"
    ),
    pytest.param(lambda: Contract(0, Strain.H), "contract", "got 0", id="contract-0"),
    pytest.param(lambda: Contract(True, Strain.H), "contract", "got True", id="contract-bool"),
    pytest.param(lambda: Contract(1, "H"), "contract", "strain must be a Strain", id="contract-strain-text"),  # type: ignore[arg-type]
    pytest.param(
        lambda: Contract(1, Strain.H, 1),
        "contract",
        "doubling must be a Doubling",
        id="contract-doubling-int",
    ),  # type: ignore[arg-type]
    pytest.param(
        lambda: Contract.parse("4H", ScoringCode.WHIST),
        "contract",
        "whist has no contracts",
        id="parse-whist",
    ),
    pytest.param(
        lambda: Contract.parse("PASS"), "contract", "such as 4HX or 3NT; got", id="parse-pass-not-contract"
    ),
    pytest.param(lambda: Honours(Side.NS, 3, 1), "honours.in_one_hand", "from 2 to 3", id="honours-lib"),
    pytest.param(
        lambda: Honours("NS", 3, 2), "honours.side", "must be one of NS, EW", id="honours-side-text"
    ),  # type: ignore[arg-type]
    pytest.param(lambda: Revokes(0, 1), "revokes.election", "must elect", id="revokes-lib"),
    pytest.param(
        lambda: Revokes(0, 0, Election.POINTS), "revokes.election", "did not revoke", id="revokes-no-revoke"
    ),
    pytest.param(lambda: Penalty(Side.NS, 25, "F"), "penalties.points", "costs 50 points", id="penalty-lib"),
    pytest.param(lambda: Penalty("NS", 50, "F"), "penalties.side", "NS, EW", id="penalty-side-text"),  # type: ignore[arg-type]
    pytest.param(
        lambda: score_deal(code=C15, contract=Contract(2, Strain.RS), declarer=Seat.N, tricks=8),
        "contract",
        "royal spades (RS) is not a strain of auction-1915; allowed: C, D, H, S, NT",
        id="rs-object-in-1915",
    ),
    pytest.param(
        lambda: score_deal(code=C15, contract=Contract(2, Strain.H), tricks=8),
        "declarer",
        "N, E, S, W, got null",
        id="no-declarer",
    ),
    pytest.param(
        lambda: score_deal(code=C15, contract=Contract(2, Strain.H), declarer=Seat.N),
        "tricks",
        "got null",
        id="no-tricks",
    ),
    pytest.param(
        lambda: score_deal(code=C15, contract="2H", declarer=Seat.N, tricks=8),  # type: ignore[arg-type]
        "contract",
        "must be a Contract or None",
        id="contract-text",
    ),
    pytest.param(
        lambda: score_deal(code=C15, contract=Contract(2, Strain.H), declarer=Seat.N, tricks=8, deal="N:..."),  # type: ignore[arg-type]
        "deal",
        "must be a Deal",
        id="deal-text",
    ),
    pytest.param(
        lambda: score_deal(
            code=C15, contract=Contract(2, Strain.H), declarer=Seat.N, tricks=8, honours=(Side.NS, 3, 2)
        ),  # type: ignore[arg-type]
        "honours",
        "must be an Honours or None",
        id="honours-tuple",
    ),
    pytest.param(
        lambda: score_deal(
            code=C15, contract=Contract(2, Strain.H), declarer=Seat.N, tricks=8, revokes=(1, 0)
        ),  # type: ignore[arg-type]
        "revokes",
        "must be a Revokes",
        id="revokes-tuple",
    ),
    pytest.param(
        lambda: score_deal(
            code=C15, contract=Contract(2, Strain.H), declarer=Seat.N, tricks=8, penalties=[50]
        ),  # type: ignore[list-item]
        "penalties",
        "must be a list of Penalty",
        id="penalties-int",
    ),
    pytest.param(
        lambda: score_deal(
            code=C15, contract=Contract(2, Strain.H), declarer=Seat.N, tricks=8, one_spade_limit=1
        ),
        "one_spade_limit",
        "must be true or false, got 1",
        id="limit-int",
    ),
    pytest.param(
        lambda: score_deal(code=C15, tricks_ns=7), "tricks_ns", "is for whist", id="tricks-ns-auction"
    ),
    pytest.param(
        lambda: score_deal(code=ScoringCode.WHIST), "tricks_ns", "from 0 to 13, got null", id="whist-none"
    ),
    pytest.param(
        lambda: score_deal(code=ScoringCode.WHIST, tricks_ns=7, declarer=Seat.N),
        "declarer",
        "not used in whist",
        id="whist-declarer",
    ),
    pytest.param(
        lambda: score_deal(code=ScoringCode.WHIST, tricks_ns=7, one_spade_limit=True),
        "one_spade_limit",
        "not used in whist",
        id="whist-limit",
    ),
    pytest.param(lambda: score_deal(code="bridge"), "code", "must be one of", id="code-text"),  # type: ignore[arg-type]
    pytest.param(
        lambda: score_deal(code=C15, contract=None, declarer=Seat.N),
        "declarer",
        "passed-out",
        id="pass-declarer-lib",
    ),
    pytest.param(
        lambda: score_deal(code=C13, contract=None),
        "contract",
        "auction-1913 has no passed-out deal: under its law 42",
        id="pass-1913-lib-law-42",
    ),
    pytest.param(
        lambda: parse_contract_or_pass("PASS", C13),
        "contract",
        "law 42",
        id="pass-1913-parse-law-42",
    ),
    pytest.param(
        lambda: score_deal(code=ScoringCode.WHIST, tricks_ns=7, revokes=Revokes(1, 0)),
        "revokes",
        "must be a WhistRevokes",
        id="whist-auction-revokes-lib",
    ),
    pytest.param(
        lambda: score_deal(
            code=C15, contract=Contract.parse("4H"), declarer=Seat.N, tricks=10, revokes=WhistRevokes(1, 0)
        ),
        "revokes",
        "must be a Revokes",
        id="auction-whist-revokes-lib",
    ),
    pytest.param(
        lambda: WhistRevokes(0, 14), "revokes.ew", "from 0 to 13, got 14", id="whist-revokes-lib-range"
    ),
    pytest.param(lambda: Deal.parse_pbn(None), "deal", "must be PBN text", id="pbn-none"),  # type: ignore[arg-type]
]


@pytest.mark.parametrize(("call", "field", "message"), LIBRARY_ERRORS)
def test_library_errors(call: Any, field: str, message: str) -> None:
    with pytest.raises(ScoringError) as caught:
        call()
    assert caught.value.field == field
    assert str(caught.value).startswith(f"{field}: ")
    assert message in str(caught.value)


def test_code_given_as_text_is_accepted() -> None:
    # score_deal parses a code given as its text: whist, NS 7, EW 6.
    assert score_deal(code="whist", tricks_ns=7).net_ns == 1  # type: ignore[arg-type]


def test_parse_request_result_is_scored_once_and_kept() -> None:
    request = parse_request(dict(BASE))
    assert request.score() is request.score()
    assert request.code is C15
    assert str(request.contract) == "4H"
    assert request.declarer is Seat.N


def test_the_two_auction_codes_are_distinct() -> None:
    # RS only in 1913; S is 2 in 1913 and 9 in 1915: 1S made with 7 tricks scores 2 and 9.
    assert parse_request(req(code="auction-1913", contract="1S", tricks=7)).score().ns.trick == 2
    assert parse_request(req(contract="1S", tricks=7)).score().ns.trick == 9
    assert parse_request(req(code="auction-1913", contract="1RS", tricks=7)).score().ns.trick == 9
    assert C13 is not C15
