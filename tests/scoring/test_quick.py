"""The quick-entry parser (pure): every accepted form and every message."""

from __future__ import annotations

import pytest

from scoring.quick import QuickError, parse_quick


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("4HX N 10", {"contract": "4HX", "declarer": "N", "tricks": 10}),
        ("3NT S =", {"contract": "3NT", "declarer": "S", "tricks": 9}),
        ("3N E +1", {"contract": "3NT", "declarer": "E", "tricks": 10}),
        ("2SXX W -2", {"contract": "2SXX", "declarer": "W", "tricks": 6}),
        ("4hxn10", {"contract": "4HX", "declarer": "N", "tricks": 10}),
        ("  1c   s  7 ", {"contract": "1C", "declarer": "S", "tricks": 7}),
        ("N 4H 10", {"contract": "4H", "declarer": "N", "tricks": 10}),
        ("7NT N =", {"contract": "7NT", "declarer": "N", "tricks": 13}),
        ("1D E -7", {"contract": "1D", "declarer": "E", "tricks": 0}),
        ("pass", {"contract": "PASS"}),
        ("P", {"contract": "PASS"}),
        ("Passed out", {"contract": "PASS"}),
    ],
)
def test_reads_the_usual_forms(text, expected):
    assert parse_quick(text, code="auction-1915") == expected


def test_royal_spades_in_the_1913_code():
    assert parse_quick("2RS N =", code="auction-1913") == {"contract": "2RS", "declarer": "N", "tricks": 8}


@pytest.mark.parametrize(
    ("text", "current", "expected"),
    [
        ("+1", {"contract": "4H", "declarer": "N"}, {"contract": "4H", "declarer": "N", "tricks": 11}),
        ("-2", {"contract": "3NTX", "declarer": "W"}, {"contract": "3NTX", "declarer": "W", "tricks": 7}),
        ("=", {"contract": "1S", "declarer": "E"}, {"contract": "1S", "declarer": "E", "tricks": 7}),
        ("9", {"contract": "1S", "declarer": "E"}, {"contract": "1S", "declarer": "E", "tricks": 9}),
        ("S +1", {"contract": "1S", "declarer": "E"}, {"contract": "1S", "declarer": "S", "tricks": 8}),
    ],
)
def test_tricks_alone_apply_to_the_rows_contract(text, current, expected):
    assert parse_quick(text, code="auction-1915", current=current) == expected


WHIST_EXAMPLE = "such as 7, or 7 R NS when N-S revoked once (7 RNS REW, 7 2R EW)"


def test_whist_takes_the_tricks_north_south_won():
    assert parse_quick("7", code="whist") == {"tricks_ns": 7}
    with pytest.raises(QuickError) as info:
        parse_quick("14", code="whist")
    assert str(info.value) == f"quick: type the tricks North-South won, 0 to 13, {WHIST_EXAMPLE}; got '14'"


@pytest.mark.parametrize(
    ("text", "revokes"),
    [
        # whist law 30: each revoke written R and the side that revoked, after the tricks won in play
        ("7 R NS", {"ns": 1, "ew": 0}),
        ("7RNS", {"ns": 1, "ew": 0}),
        ("7 r ew", {"ns": 0, "ew": 1}),
        ("7 RNS REW", {"ns": 1, "ew": 1}),
        ("7 R N-S R N-S", {"ns": 2, "ew": 0}),
        ("7 2R EW", {"ns": 0, "ew": 2}),
        ("7, rev E-W", {"ns": 0, "ew": 1}),
        ("7 2 revokes NS", {"ns": 2, "ew": 0}),
    ],
)
def test_whist_revokes_follow_the_tricks(text, revokes):
    assert parse_quick(text, code="whist") == {"tricks_ns": 7, "revokes": revokes}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", f"quick: type the tricks North-South won, {WHIST_EXAMPLE}"),
        ("R NS", f"quick: type the tricks North-South won, 0 to 13, {WHIST_EXAMPLE}; got 'R NS'"),
        (
            "7 NS",
            f"quick: cannot read 'NS' after the tricks: write each revoke as R and the side that revoked, "
            f"{WHIST_EXAMPLE}",
        ),
        (
            "7 R",
            f"quick: cannot read 'R' after the tricks: write each revoke as R and the side that revoked, "
            f"{WHIST_EXAMPLE}",
        ),
        ("7 14R NS", "quick: revokes by N-S: at most 13, got 14"),
        ("7 9R EW 5R EW", "quick: revokes by E-W: at most 13, got 14"),
    ],
)
def test_whist_messages(text, message):
    with pytest.raises(QuickError) as info:
        parse_quick(text, code="whist")
    assert str(info.value) == message


LAW_42 = (
    'quick: contract: auction-1913 has no passed-out deal: under its law 42 the dealer "must declare to win '
    'at least one odd trick"; only auction-1915 lets all four pass (laws 42, 44)'
)


@pytest.mark.parametrize("text", ["PASS", "p", "Passed out", "passed-out"])
def test_1913_law_42_refuses_a_pass(text):
    # 1913 law 42: "The dealer, having examined his hand, must declare"; the 1915 code lets all four pass.
    with pytest.raises(QuickError) as info:
        parse_quick(text, code="auction-1913")
    assert str(info.value) == LAW_42
    assert parse_quick(text, code="auction-1915") == {"contract": "PASS"}


def test_1913_messages_do_not_offer_pass():
    with pytest.raises(QuickError) as info:
        parse_quick("", code="auction-1913")
    assert str(info.value) == "quick: type a result such as 4HX N 10, 3NT S =, +1, -2"
    with pytest.raises(QuickError) as info:
        parse_quick("+1", code="auction-1913")
    assert str(info.value) == "quick: give the contract first, such as 4HX N 10"


@pytest.mark.parametrize(
    ("text", "current", "message"),
    [
        ("", None, "quick: type a result such as 4HX N 10, 3NT S =, +1, -2 or PASS"),
        (
            "4RS N 10",
            None,
            'quick: contract: royal spades (RS) is not a strain of auction-1915; allowed: C, D, H, S, NT; got "4RS"',
        ),
        ("4H N 14", None, "quick: tricks must be a whole number from 0 to 13, got 14"),
        ("7NT N +1", None, "quick: 7NT needs 13 tricks, so +1 makes 14: tricks must be 0 to 13"),
        ("1C N -8", None, "quick: 1C needs 7 tricks, so -8 makes -1: tricks must be 0 to 13"),
        ("4H 10", None, "quick: give the declarer (N, E, S or W), such as 4H N ="),
        ("4H N", None, "quick: give the tricks won (a number 0-13, =, +1 or -2), such as 4H N ="),
        ("+1", None, "quick: give the contract first, such as 4HX N 10 (or PASS)"),
        (
            "+1",
            {"contract": "PASS", "declarer": ""},
            "quick: give the contract first, such as 4HX N 10 (or PASS)",
        ),
        ("4H 3S N 10", None, "quick: two contracts (4H and 3S); give one"),
        ("4H N S 10", None, "quick: two declarers (N and S); give one of N, E, S, W"),
        ("4H N 10 11", None, "quick: two trick counts (10 and 11); give one"),
        (
            "4H N ten",
            None,
            "quick: cannot read 'ten': write the contract (4HX, 3NT), the declarer (N, E, S, W) and the tricks (10, =, +1, -2), such as 4HX N 10",
        ),
        ("8H N 10", None, "quick: 8H is not a contract: its level must be 1 to 7, such as 4H"),
    ],
)
def test_every_message_names_the_field(text, current, message):
    with pytest.raises(QuickError) as info:
        parse_quick(text, code="auction-1915", current=current)
    assert str(info.value) == message


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("4HX N 10", {"contract": "4HX", "declarer": "N", "tricks": 10}),
        ("3NT S =", {"contract": "3NT", "declarer": "S", "tricks": 9}),
        ("4S N +1", {"contract": "4S", "declarer": "N", "tricks": 11}),
        ("3NT S -2", {"contract": "3NT", "declarer": "S", "tricks": 7}),
        ("PASS", {"contract": "PASS"}),
        ("A60/40", {"ruling": "A60/40"}),  # law 12C2: N-S average plus, E-W average minus
        ("a50/50", {"ruling": "A50/50"}),
        ("A 40 / 60", {"ruling": "A40/60"}),
    ],
)
def test_contract_quick_entry(text, expected):
    assert parse_quick(text, code="contract") == expected


@pytest.mark.parametrize(
    ("text", "code", "message"),
    [
        ("A70/30", "contract", "an adjusted score (law 12C2) is A and the N-S/E-W percentages"),
        ("A60", "contract", "an adjusted score (law 12C2)"),
        ("4RS N 10", "contract", "quick: "),  # no royal spades in contract bridge
        ("A60/40", "auction-1915", "cannot read"),  # the historic codes' rulings are law B(3)'s
    ],
)
def test_contract_quick_entry_errors_name_the_field(text, code, message):
    with pytest.raises(QuickError) as excinfo:
        parse_quick(text, code=code)
    assert str(excinfo.value).startswith("quick: ")
    assert message in str(excinfo.value)
