"""Contract bridge at duplicate: the Laws of Duplicate Bridge (2017), law 77's table, worked by hand.

Each expected figure is written out from the table: contract points + over-tricks + insult + part-score or
game premium + slam premium, or the defenders' undertricks.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import Contract, ScoringCode, ScoringError, Seat, parse_request, score_deal
from scoring.law77 import (
    Vulnerability,
    board_vulnerability,
    contract_points,
    parse_vulnerability,
    score_contract,
    undertrick_penalty,
    vulnerability_for_board,
)

CONTRACT = ScoringCode.CONTRACT
NONE, NS, EW, ALL = Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.ALL
ROOT = Path(__file__).resolve().parents[2]


def net(contract: str, declarer: str, tricks: int, vulnerability: Vulnerability) -> int:
    parsed = Contract.parse(contract, CONTRACT)
    return score_contract(parsed, Seat(declarer), tricks, vulnerability).net_ns


@pytest.mark.parametrize(
    ("contract", "declarer", "tricks", "vul", "expected"),
    [
        ("4S", "S", 10, NONE, 120 + 300),  # law 77: 4 x 30, game not vulnerable
        ("4S", "S", 10, NS, 120 + 500),  # game vulnerable
        ("3NT", "N", 10, NONE, 40 + 30 + 30 + 30 + 300),  # no trump 40 then 30; one over-trick at 30
        ("1NT", "W", 7, NONE, -(40 + 50)),  # part-score 50, to E-W
        ("2C", "S", 9, NONE, 40 + 20 + 50),  # over-trick undoubled at trick value
        ("2CX", "S", 8, NONE, 80 + 50 + 50),  # doubled 80 < 100: part-score, and the insult 50
        ("2HX", "S", 8, NONE, 120 + 300 + 50),  # doubled into game: 470
        ("1NTXX", "N", 7, ALL, 160 + 500 + 100),  # redoubled into game vulnerable: 760
        ("1SX", "N", 9, NS, 60 + 50 + 50 + 2 * 200),  # doubled over-tricks vulnerable 200 each: 560
        ("1CXX", "N", 8, NONE, 80 + 50 + 100 + 200),  # redoubled over-trick not vulnerable 200: 430
        ("2SXX", "S", 8, NONE, 240 + 300 + 100),  # 640
        ("5CX", "S", 11, ALL, 200 + 500 + 50),  # 750
        ("6S", "N", 13, NONE, 180 + 30 + 300 + 500),  # small slam not vulnerable, one over: 1010
        ("6NT", "S", 12, ALL, 190 + 500 + 750),  # small slam vulnerable: 1440
        ("7NT", "E", 13, NONE, -(220 + 300 + 1000)),  # grand slam not vulnerable: 1520 to E-W
        ("7H", "N", 13, NS, 210 + 500 + 1500),  # grand slam vulnerable: 2210
        ("3NT", "N", 8, NONE, -50),  # undoubled undertricks 50 / 100
        ("3NT", "N", 6, NS, -300),
        ("4SX", "S", 9, ALL, -200),  # doubled vulnerable: 200 for the first
        ("4SX", "S", 7, ALL, -(200 + 300 + 300)),  # then 300 each
        ("4HX", "E", 9, NONE, 100),  # doubled not vulnerable: 100 ...
        ("4HX", "E", 8, NONE, 100 + 200),  # ... 200 for the second ...
        ("4HX", "E", 7, NONE, 100 + 200 + 200),  # ... and the third ...
        ("4HX", "E", 6, NONE, 100 + 200 + 200 + 300),  # ... then 300: 800
        ("4HXX", "E", 9, NONE, 200),  # redoubled: twice doubled
        ("4HXX", "E", 7, EW, 2 * (200 + 300 + 300)),
        ("7NTXX", "S", 0, ALL, -2 * (200 + 12 * 300)),  # the largest penalty: 7600
        ("7NTXX", "S", 0, NONE, -2 * (100 + 200 + 200 + 10 * 300)),  # 7000
    ],
)
def test_law_77_table(contract: str, declarer: str, tricks: int, vul: Vulnerability, expected: int) -> None:
    assert net(contract, declarer, tricks, vul) == expected


def test_items_cite_law_77_and_name_each_premium() -> None:
    score = score_contract(Contract.parse("2HX", CONTRACT), Seat.W, 9, NONE)
    got = [(i.kind.value, i.side.value, i.points, i.law, i.column) for i in score.items]
    assert got == [
        ("tricks", "EW", 120, "77", "trick"),
        ("overtricks", "EW", 100, "77", "honour"),
        ("insult", "EW", 50, "77", "honour"),
        ("game", "EW", 300, "77", "honour"),
    ]
    assert (score.ew.trick, score.ew.honour, score.ew.total, score.ns.total) == (120, 450, 570, 0)
    assert score.net_ns == -570


def test_contract_points_are_the_trick_score_of_the_odd_tricks_bid() -> None:
    # law 77: 3NT = 40 + 30 + 30; 5D = 100; 4SXX = 4 x 30 x 4
    assert contract_points(Contract.parse("3NT")) == 100
    assert contract_points(Contract.parse("5D")) == 100
    assert contract_points(Contract.parse("4SXX")) == 480


# The standard vulnerability of boards 1-16 (law 2), repeating: board 17 is as board 1.
CYCLE = [NONE, NS, EW, ALL, NS, EW, ALL, NONE, EW, ALL, NONE, NS, ALL, NONE, NS, EW]


def test_vulnerability_by_board_number() -> None:
    assert [vulnerability_for_board(b) for b in range(1, 17)] == CYCLE
    assert [vulnerability_for_board(b) for b in range(17, 33)] == CYCLE
    assert vulnerability_for_board(7) is ALL


@pytest.mark.parametrize(
    ("word", "expected"),
    [
        ("None", NONE),
        ("none", NONE),
        ("Love", NONE),
        ("-", NONE),
        ("NS", NS),
        ("ew", EW),
        ("All", ALL),
        ("Both", ALL),
        ("N-S", NS),
    ],
)
def test_vulnerability_in_pbn_words(word: str, expected: Vulnerability) -> None:
    assert parse_vulnerability(word) is expected


def test_a_boards_vulnerability_is_its_own_else_its_numbers() -> None:
    """Law 2: the vulnerability given for a board (a PBN file's, an event file's) stands; without one, the
    board's number in the 16-board cycle (board 2: N-S; board 18 likewise)."""
    assert board_vulnerability(2) is NS
    assert board_vulnerability(18) is NS
    assert board_vulnerability(2, "All") is ALL
    assert board_vulnerability(7, "none") is NONE
    with pytest.raises(ScoringError):
        board_vulnerability(2, "both sides")


def test_score_deal_with_code_contract_takes_vulnerability_or_board() -> None:
    contract = Contract.parse("4SX", CONTRACT)
    by_board = score_deal(code=CONTRACT, contract=contract, declarer=Seat.S, tricks=9, board=7)
    given = score_deal(code=CONTRACT, contract=contract, declarer=Seat.S, tricks=9, vulnerability=NONE)
    assert by_board.net_ns == -200  # board 7: both vulnerable
    assert given.net_ns == -100
    # a given vulnerability is the board's own (PBN's [Vulnerable] tag), whatever the number says
    both = score_deal(
        code=CONTRACT, contract=contract, declarer=Seat.S, tricks=9, vulnerability=NONE, board=7
    )
    assert both.net_ns == -100


def test_passed_out_scores_nothing() -> None:
    score = score_deal(code=CONTRACT, contract=None, board=1)
    assert (score.net_ns, score.items) == (0, ())
    assert parse_request({"code": "contract", "contract": "PASS", "board": 4}).score().net_ns == 0


def test_cli_request_shape() -> None:
    line = json.dumps({"code": "contract", "contract": "4SX", "declarer": "S", "tricks": 9, "board": 7})
    done = subprocess.run(
        [sys.executable, "-m", "scoring"],
        input=line + "\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["net_ns"] == -200
    assert out["items"] == [
        {"kind": "undertricks", "side": "EW", "points": 200, "law": "77", "column": "honour"}
    ]


@pytest.mark.parametrize(
    ("request_obj", "field", "text"),
    [
        ({"code": "contract", "contract": "4S", "declarer": "S", "tricks": 9}, "vulnerability", "required"),
        ({"code": "contract", "contract": "4S", "declarer": "S", "tricks": 9, "board": 0}, "board", "from 1"),
        (
            {"code": "contract", "contract": "4S", "declarer": "S", "tricks": 9, "board": True},
            "board",
            "true",
        ),
        (
            {"code": "contract", "contract": "4S", "declarer": "S", "tricks": 9, "vulnerability": "Red"},
            "vulnerability",
            "None, NS, EW, All",
        ),
        ({"code": "contract", "contract": "2RS", "declarer": "S", "tricks": 9, "board": 1}, "contract", "RS"),
        (
            {"code": "contract", "contract": "4S", "declarer": "S", "tricks": 14, "board": 1},
            "tricks",
            "0 to 13",
        ),
        (
            {"code": "contract", "contract": "4S", "declarer": "X", "tricks": 9, "board": 1},
            "declarer",
            "N, E",
        ),
        ({"code": "contract", "contract": "PASS", "tricks": 9, "board": 1}, "tricks", "passed-out"),
        (
            {"code": "contract", "contract": "4S", "declarer": "S", "tricks": 9, "board": 1, "honours": {}},
            "honours",
            "not used",
        ),
        (
            {"code": "auction-1915", "contract": "4S", "declarer": "S", "tricks": 9, "board": 2},
            "board",
            "law 77",
        ),
        ({"code": "whist", "tricks_ns": 7, "vulnerability": "NS"}, "vulnerability", "law 77"),
    ],
)
def test_request_errors_name_the_field(request_obj: dict[str, object], field: str, text: str) -> None:
    with pytest.raises(ScoringError) as caught:
        parse_request(request_obj)
    assert caught.value.field == field
    assert isinstance(caught.value, ValueError)
    assert text in str(caught.value)


def test_score_deal_refuses_what_contract_bridge_does_not_score() -> None:
    contract = Contract.parse("4S", CONTRACT)
    with pytest.raises(ScoringError, match=r"^vulnerability: required"):
        score_deal(code=CONTRACT, contract=contract, declarer=Seat.S, tricks=9)
    with pytest.raises(ScoringError, match=r"^board: is for contract bridge"):
        score_deal(code=ScoringCode.AUCTION_1915, contract=contract, declarer=Seat.S, tricks=9, board=1)
    with pytest.raises(ScoringError, match=r"^one_spade_limit"):
        score_deal(code=CONTRACT, contract=contract, declarer=Seat.S, tricks=9, board=1, one_spade_limit=True)


# ------------------------------------------------------------------------------------------ properties

contracts = st.builds(
    lambda level, strain, xs: Contract.parse(f"{level}{strain}{xs}", CONTRACT),
    st.integers(1, 7),
    st.sampled_from(["C", "D", "H", "S", "NT"]),
    st.sampled_from(["", "X", "XX"]),
)
vulnerabilities = st.sampled_from(list(Vulnerability))
SWAP = {NONE: NONE, ALL: ALL, NS: EW, EW: NS}


@settings(max_examples=300)
@given(contracts, st.sampled_from(list(Seat)), st.integers(0, 13), vulnerabilities)
def test_made_scores_for_the_declarer_and_failed_for_the_defenders(
    contract: Contract, declarer: Seat, tricks: int, vul: Vulnerability
) -> None:
    score = score_contract(contract, declarer, tricks, vul)
    mine = score.net(declarer.side)
    assert (mine > 0) == (tricks >= contract.tricks_needed)
    assert score.net_ns % 10 == 0
    # partners score alike; the other side declaring with the vulnerability swapped scores the negative
    assert score_contract(contract, declarer.partner, tricks, vul) == score
    turned = score_contract(contract, declarer.rotated(), tricks, SWAP[vul])
    assert turned.net_ns == -score.net_ns


@given(contracts, st.booleans())
def test_each_undertrick_costs_more_and_doubling_never_costs_less(
    contract: Contract, vulnerable: bool
) -> None:
    penalties = [
        undertrick_penalty(contract, short, vulnerable) for short in range(1, contract.tricks_needed + 1)
    ]
    steps = [b - a for a, b in zip([0, *penalties], penalties, strict=False)]
    assert all(step > 0 for step in steps)
    assert steps == sorted(steps)  # each undertrick costs at least as much as the one before
    undoubled = Contract(contract.level, contract.strain)
    assert all(undertrick_penalty(undoubled, s, vulnerable) <= p for s, p in enumerate(penalties, 1))


@given(contracts, vulnerabilities, st.integers(0, 13))
def test_more_tricks_never_score_less(contract: Contract, vul: Vulnerability, tricks: int) -> None:
    if tricks >= contract.tricks_needed:
        made = net(str(contract), "N", contract.tricks_needed, vul)
        assert net(str(contract), "N", tricks, vul) >= made


@settings(max_examples=300)
@given(
    contracts,
    st.sampled_from(["N", "E", "S", "W", " s ", "e"]),
    st.integers(0, 13),
    st.sampled_from(["None", "NS", "EW", "All", "both", "Love", " ns", "-", None]),
    st.one_of(st.none(), st.integers(1, 40)),
    st.booleans(),
)
def test_a_contract_request_scores_as_score_deal(
    contract: Contract, seat: str, tricks: int, vul: str | None, board: int | None, lower: bool
) -> None:
    # the texts as written ("4SX", "N", "All") and as a person types them ("4sx", " s ", "both") alike
    if vul is None and board is None:
        board = 1
    text = str(contract).lower() if lower else str(contract)
    obj = {"code": "contract", "contract": text, "declarer": seat, "tricks": tricks}
    if vul is not None:
        obj["vulnerability"] = vul
    if board is not None:
        obj["board"] = board
    request = parse_request(obj)
    assert request.contract == contract
    assert request.declarer == Seat(seat.strip().upper())
    assert request.score() == score_deal(
        code=CONTRACT,
        contract=contract,
        declarer=request.declarer,
        tricks=tricks,
        vulnerability=request.vulnerability,
        board=board,
    )
