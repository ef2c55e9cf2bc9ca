"""Hypothesis properties of score_deal over arbitrary valid inputs."""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import (
    Contract,
    Deal,
    DealScore,
    Doubling,
    Election,
    Honours,
    Penalty,
    Revokes,
    ScoringCode,
    Seat,
    Side,
    Strain,
    WhistRevokes,
    parse_request,
    score_deal,
    strains_for,
    trick_value,
)
from scoring.bench import as_json
from scoring.deal_score import clear_caches

from ._util import C13, C15

# Set per test, not as a profile: a loaded profile would change other packages' tests too.
PROPERTY = settings(max_examples=300, deadline=None)


@st.composite
def honours_for(draw: st.DrawFn, strain: Strain) -> Honours:
    count = draw(st.sampled_from((3, 4) if strain is Strain.NT else (3, 4, 5)))
    in_one = draw(st.integers((count + 1) // 2, count))
    return Honours(draw(st.sampled_from(list(Side))), count, in_one)


@st.composite
def revokes(draw: st.DrawFn) -> Revokes:
    rd = draw(st.integers(0, 3))
    ro = draw(st.integers(0, 3))
    election = draw(st.sampled_from(list(Election))) if ro and not rd else None
    return Revokes(rd, ro, election)


@st.composite
def penalties(draw: st.DrawFn, code: ScoringCode) -> Penalty:
    laws = [("F", 50), ("54", 100), ("54", 50), ("81", 50), ("90", 25)]
    if code is C15:
        laws.append(("41a", 25 * draw(st.integers(1, 13))))
    law, points = draw(st.sampled_from(laws))
    return Penalty(draw(st.sampled_from(list(Side))), points, law)


@st.composite
def auction(draw: st.DrawFn) -> dict[str, Any]:
    code = draw(st.sampled_from((C13, C15)))
    strain = draw(st.sampled_from(strains_for(code)))
    contract = Contract(draw(st.integers(1, 7)), strain, draw(st.sampled_from(list(Doubling))))
    kw: dict[str, Any] = {
        "code": code,
        "contract": contract,
        "declarer": draw(st.sampled_from(list(Seat))),
        "tricks": draw(st.integers(0, 13)),
    }
    how = draw(st.sampled_from(("none", "given", "deal", "both")))
    if how in ("deal", "both"):
        kw["deal"] = Deal.random(draw(st.randoms(use_true_random=False)))
        if how == "both":
            kw["honours"] = kw["deal"].honours(strain)
    elif how == "given":
        kw["honours"] = draw(honours_for(strain))
    if draw(st.booleans()):
        kw["revokes"] = draw(revokes())
    kw["penalties"] = tuple(draw(st.lists(penalties(code), max_size=3)))
    if code is C13 and contract.level == 1 and strain is Strain.S:
        kw["one_spade_limit"] = draw(st.booleans())
    return kw


def rotated(kw: dict[str, Any]) -> dict[str, Any]:
    """The same deal with the table turned a quarter clockwise: N sits where E sat, and so on."""
    out = dict(kw)
    out["declarer"] = kw["declarer"].rotated()
    if kw.get("honours") is not None:
        out["honours"] = kw["honours"].rotated()
    if kw.get("deal") is not None:
        out["deal"] = kw["deal"].rotated()
    out["penalties"] = tuple(Penalty(p.side.other, p.points, p.law) for p in kw["penalties"])
    return out


def item_bag(score: DealScore, swap: bool = False) -> Counter[tuple[Any, ...]]:
    return Counter((i.kind, i.side.other if swap else i.side, i.points, i.law, i.column) for i in score.items)


def honour_items(score: DealScore) -> list[tuple[Any, ...]]:
    return [(i.side, i.points) for i in score.items if i.kind.value == "honours"]


@PROPERTY
@given(auction())
def test_a_quarter_turn_swaps_ns_and_ew_exactly(kw: dict[str, Any]) -> None:
    score = score_deal(**kw)
    turned = score_deal(**rotated(kw))
    assert turned.ns == score.ew
    assert turned.ew == score.ns
    assert turned.net_ns == -score.net_ns
    assert item_bag(turned) == item_bag(score, swap=True)
    # four quarter turns bring everything back
    again = kw
    for _ in range(4):
        again = rotated(again)
    assert score_deal(**again) == score


@PROPERTY
@given(auction(), st.sampled_from(list(Doubling)))
def test_doubling_never_changes_honours(kw: dict[str, Any], doubling: Doubling) -> None:
    other = dict(kw, contract=dataclasses.replace(kw["contract"], doubling=doubling))
    assert honour_items(score_deal(**other)) == honour_items(score_deal(**kw))


@PROPERTY
@given(auction(), st.integers(0, 13))
def test_honours_never_depend_on_the_tricks(kw: dict[str, Any], tricks: int) -> None:
    assert honour_items(score_deal(**dict(kw, tricks=tricks))) == honour_items(score_deal(**kw))


@PROPERTY
@given(auction())
def test_totals_add_up_and_are_never_negative(kw: dict[str, Any]) -> None:
    score = score_deal(**kw)
    assert score.net_ns == score.ns.total - score.ew.total
    for side in (Side.NS, Side.EW):
        s = score.side(side)
        assert s.trick >= 0
        assert s.honour >= 0
        assert s.total == s.trick + s.honour >= 0
        assert s.trick == sum(i.points for i in score.items if i.side is side and i.column == "trick")
        assert s.honour == sum(i.points for i in score.items if i.side is side and i.column == "honour")
        assert score.net(side) == s.total - score.side(side.other).total
    assert all(i.points > 0 for i in score.items)
    # only the declarer's side ever has a trick score
    assert score.side(kw["declarer"].side.other).trick == 0


@PROPERTY
@given(auction())
def test_trick_score_without_revokes(kw: dict[str, Any]) -> None:
    # With no revoke, the declarer's side has a trick score exactly when the contract is made, and it
    # is (tricks - 6) x value x 1/2/4 (laws 3, 53); the premium comes with 30 or more (law A).
    kw = dict(kw, revokes=None)
    score = score_deal(**kw)
    contract: Contract = kw["contract"]
    mine = score.side(kw["declarer"].side)
    if kw["tricks"] >= contract.tricks_needed:
        value = trick_value(kw["code"], contract.strain)
        assert mine.trick == (kw["tricks"] - 6) * value * contract.doubling.multiplier
    else:
        assert mine.trick == 0
    premiums = [i for i in score.items if i.kind.value == "premium"]
    assert len(premiums) == (1 if mine.trick >= 30 else 0)


@PROPERTY
@given(auction())
def test_memo_tables_change_nothing(kw: dict[str, Any]) -> None:
    warm = score_deal(**kw)
    clear_caches()
    assert score_deal(**kw) == warm


@PROPERTY
@given(auction())
def test_the_json_path_gives_the_same_score(kw: dict[str, Any]) -> None:
    assert parse_request(as_json(kw)).score() == score_deal(**kw)


@PROPERTY
@given(auction())
def test_to_dict_matches_the_values(kw: dict[str, Any]) -> None:
    score = score_deal(**kw)
    out = score.to_dict()
    assert out["ns"] == {"trick": score.ns.trick, "honour": score.ns.honour, "total": score.ns.total}
    assert out["net_ns"] == out["ns"]["total"] - out["ew"]["total"]
    assert [(d["kind"], d["side"], d["points"], d["law"], d["column"]) for d in out["items"]] == [
        (i.kind.value, i.side.value, i.points, i.law, i.column) for i in score.items
    ]


@PROPERTY
@given(st.integers(0, 13))
def test_whist_quarter_turn_and_net(tricks_ns: int) -> None:
    score = score_deal(code=ScoringCode.WHIST, tricks_ns=tricks_ns)
    turned = score_deal(code=ScoringCode.WHIST, tricks_ns=13 - tricks_ns)
    assert (turned.ns, turned.ew) == (score.ew, score.ns)
    assert score.net_ns == tricks_ns - (13 - tricks_ns)
    assert score.ns.total + score.ew.total == 13


def test_passed_out_deal_is_all_zero() -> None:
    # 1915 laws 42, 44 only: the 1913 dealer must declare (law 42), so 1913 has no passed-out deal.
    score = score_deal(code=C15, contract=None)
    assert score.ns.total == score.ew.total == score.net_ns == 0
    assert score.items == ()


# --- whist law 30: two tricks transferred for each revoke ---------------------------------------------

whist_revoked = st.builds(
    lambda t, ns, ew: {"code": ScoringCode.WHIST, "tricks_ns": t, "revokes": WhistRevokes(ns, ew)},
    st.integers(0, 13),
    st.integers(0, 13),
    st.integers(0, 13),
)


@PROPERTY
@given(whist_revoked)
def test_whist_revokes_move_tricks_and_keep_thirteen(kw: dict[str, Any]) -> None:
    score = score_deal(**kw)
    t, r = kw["tricks_ns"], kw["revokes"]
    assert score.ns.total + score.ew.total == 13
    assert score.ns.total >= 0
    assert score.ew.total >= 0
    assert score.ns.honour == score.ew.honour == 0
    for side in (Side.NS, Side.EW):
        assert score.side(side).trick == sum(i.points for i in score.items if i.side is side)
    transfer = {i.side: i.points for i in score.items if i.kind.value == "revoke_penalty"}
    # one item a side, equal and opposite, when any revoke was made; none otherwise
    assert transfer == ({Side.NS: transfer[Side.NS], Side.EW: -transfer[Side.NS]} if r.any else {})
    # netted (docs/laws.md): two tricks for each revoke more than the other side made, capped by what the
    # paying side won in play
    assert score.ns.total == min(13, max(0, t - 2 * r.ns + 2 * r.ew))
    # a quarter turn (N-S and E-W swap seats) swaps everything
    turned = score_deal(code=ScoringCode.WHIST, tricks_ns=13 - t, revokes=WhistRevokes(r.ew, r.ns))
    assert (turned.ns, turned.ew) == (score.ew, score.ns)
    # one more revoke never helps the side that makes it
    if r.ns < 13:
        more = score_deal(code=ScoringCode.WHIST, tricks_ns=t, revokes=WhistRevokes(r.ns + 1, r.ew))
        assert more.ns.total <= score.ns.total
    assert parse_request(as_json(kw)).score() == score
