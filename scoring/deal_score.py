"""Scoring one deal: both sides' trick and honour scores, itemised with the law behind each item.

The rules, by law (1915 Whist Club code numbering unless said otherwise; the 1913 code's making and
failing laws are 47 and 47a, its one-spade law 48):

* law 3 (1913: 47): a contract made scores each trick over six at the strain's value, in the trick column;
* law 53: doubling and redoubling double and quadruple that value;
* law 56: doubled and made, 50 and 50 a trick over; redoubled, 100 and 100 (honour column);
* law 48a (1913: 47a): a contract failed scores nothing toward tricks; the adversaries score 50 an
  undertrick, 100 doubled, 200 redoubled (honour column);
* 1913 law 48: the loss on the dealer's original one spade is limited to 100 unless redoubled;
* laws 7, 8: slam (13 tricks) and little slam (12) to the side that takes them, bid or not;
* laws 5, 6, 9: honours to their holders whatever happens to the contract; never doubled;
* laws 84, 89: revokes;
* duplicate law A: a side whose trick score on the deal is 30 or more adds a premium of 125;
* duplicate law F, laws 41a (1915 only), 54, 81, 90: penalty points in the adverse honour score;
* 1913 law 42: the dealer must declare, so no deal is passed out (1915 laws 42, 44 allow it);
* duplicate whist: one point a trick; whist law 30 (American laws, Foster's text): two tricks transferred
  from the revoking side to its adversaries for each revoke.

The readings chosen where the laws are ambiguous are set out in docs/laws.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from scoring.codes import (
    AUCTION_CODES,
    ScoringCode,
    Strain,
    honour_value,
    parse_code,
    slam_values,
    strain_name,
    strains_for,
    trick_value,
)
from scoring.contract import SIDE_OF, Contract, Doubling, Seat, Side, check_pass_out
from scoring.deal import Deal
from scoring.deal_inputs import PENALTY_LAWS, Election, Penalty, Revokes, WhistRevokes
from scoring.errors import ScoringError, gettext_noop, say, show_value, whole_number
from scoring.honours import Honours
from scoring.law77 import (
    Vulnerability,
    parse_board,
    parse_vulnerability,
    score_contract,
    vulnerability_for_board,
)
from scoring.score_sheet import Column, DealScore, Item, ItemKind, SideScore

__all__ = [
    "PENALTY_LAWS",
    "Column",
    "DealScore",
    "Election",
    "Honours",
    "Item",
    "ItemKind",
    "Penalty",
    "Revokes",
    "SideScore",
    "WhistRevokes",
    "score_deal",
    "whist_transfer",
]

NS, EW = Side.NS, Side.EW
# ---------------------------------------------------------------------------------------------------
# Law numbers that differ between the codes.

_TRICKS_LAW: Final = {ScoringCode.AUCTION_1913: "47", ScoringCode.AUCTION_1915: "3"}
_UNDERTRICKS_LAW: Final = {ScoringCode.AUCTION_1913: "47a", ScoringCode.AUCTION_1915: "48a"}
_UNDERTRICK_VALUE: Final = (50, 100, 200)  # law 48a (1913: 47a), by Doubling
_DOUBLE_BONUS: Final = (0, 50, 100)  # law 56, by Doubling
PREMIUM: Final = 125  # duplicate law A
PREMIUM_THRESHOLD: Final = 30  # duplicate law A
REVOKE_POINTS: Final = 100  # laws 84, 89
REVOKE_TRICKS: Final = 3  # law 84b
ONE_SPADE_LIMIT: Final = 100  # 1913 law 48
WHIST_REVOKE_TRICKS: Final = 2  # whist law 30: "the transfer of two tricks from the revoking side"
WHIST_REVOKE_LAW: Final = "whist 30"

# ---------------------------------------------------------------------------------------------------
# Small shared immutable values. The engine's inputs and outputs are frozen, so equal values can be
# shared: the caches below hold only things fully determined by their keys.

_ITEMS: dict[tuple[ItemKind, Side, int, str, str], Item] = {}
_SIDE_SCORES: dict[tuple[int, int], SideScore] = {}
_CACHE_LIMIT: Final = 1 << 16


def _item(kind: ItemKind, side: Side, points: int, law: str, column: Column = "honour") -> Item:
    key = (kind, side, points, law, column)
    item = _ITEMS.get(key)
    if item is None:
        if len(_ITEMS) >= _CACHE_LIMIT:
            _ITEMS.clear()
        item = _ITEMS[key] = Item(kind, side, points, law, column)
    return item


def _side_score(trick: int, honour: int) -> SideScore:
    key = (trick, honour)
    score = _SIDE_SCORES.get(key)
    if score is None:
        if len(_SIDE_SCORES) >= _CACHE_LIMIT:
            _SIDE_SCORES.clear()
        score = _SIDE_SCORES[key] = SideScore(trick, honour, trick + honour)
    return score


# ---------------------------------------------------------------------------------------------------
# One small function per law. Each returns the items it awards; ``d`` is the declarer's side.


def trick_score(code: ScoringCode, contract: Contract, d: Side, counted: int, transfer: int) -> list[Item]:
    """Law 3 (1913: 47), law 53: a made contract's tricks over six at the strain's value, x1/x2/x4.

    ``counted`` includes any tricks taken from revoking adversaries (law 84b), whose value "doubled or
    redoubled, as the case may be, is counted in the trick score" (footnote to law 84).
    """
    points = (counted - 6) * trick_value(code, contract.strain) * contract.doubling.multiplier
    law = _TRICKS_LAW[code]
    if contract.doubling:
        law += ", 53"
    if transfer:
        law += ", 84b"
    return [_item(ItemKind.TRICKS, d, points, law, "trick")]


def premium(side: Side, trick_points: int) -> list[Item]:
    """Duplicate law A: "whenever a pair makes 30 or more for tricks as the score of one deal, it adds as
    a premium 125 points in its honour column"."""
    if trick_points >= PREMIUM_THRESHOLD:
        return [_item(ItemKind.PREMIUM, side, PREMIUM, "A")]
    return []


def double_bonus(contract: Contract, d: Side, won_in_play: int) -> list[Item]:
    """Law 56: doubled and made, 50 and a further 50 a trick over; redoubled, 100 and 100 a trick.

    Only tricks won in play count: tricks taken for a revoke "shall not entitle him to score any bonus
    in the honor column in case the declaration has been doubled or redoubled" (law 84b).
    """
    over = won_in_play - contract.tricks_needed
    if not contract.doubling or over < 0:
        return []
    return [_item(ItemKind.DOUBLE_BONUS, d, _DOUBLE_BONUS[contract.doubling] * (1 + over), "56")]


def undertricks(
    code: ScoringCode, contract: Contract, d: Side, counted: int, one_spade_limit: bool
) -> list[Item]:
    """Law 48a (1913: 47a): 50 to the adversaries for each trick short, 100 doubled, 200 redoubled.

    1913 law 48: "The loss on the dealer's original declaration of 'one spade' is limited to 100
    points, whether doubled or not, unless redoubled."
    """
    short = contract.tricks_needed - counted
    points = short * _UNDERTRICK_VALUE[contract.doubling]
    law = _UNDERTRICKS_LAW[code]
    if one_spade_limit and contract.doubling is not Doubling.REDOUBLED and points > ONE_SPADE_LIMIT:
        points = ONE_SPADE_LIMIT
        law += ", 48"
    return [_item(ItemKind.UNDERTRICKS, d.other, points, law)]


def slams(
    code: ScoringCode, d: Side, won_in_play: int, declarer_side_may: bool, defenders_may: bool
) -> list[Item]:
    """Laws 7, 8: slam (13 tricks) and little slam (12) to the partners who take them, bid or not,
    "although his declaration fails" when a 7 bid takes twelve. Law 84 (footnote to laws 7, 8): a
    revoking side scores no slam, and tricks taken for a revoke give no slam "not otherwise obtained"."""
    little, grand = slam_values(code)
    for side, took, may in ((d, won_in_play, declarer_side_may), (d.other, 13 - won_in_play, defenders_may)):
        if may and took == 13:
            return [_item(ItemKind.SLAM, side, grand, "7")]
        if may and took == 12:
            return [_item(ItemKind.SLAM, side, little, "8")]
    return []


def revoke_penalties(d: Side, revokes: Revokes) -> list[Item]:
    """Laws 84 and 89: 100 points to the adversaries of a revoking side, and so on.

    84(a) declarer's side revokes: adversaries +100. 84(b) adversaries revoke: the declarer elects +100
    or three tricks (the tricks are handled by the caller). 84(c) each revoke after the first by the
    same side: 100. 89 both sides revoke: only honours, and 100 for each extra revoke to the other side.
    """
    rd, ro = revokes.declarer_side, revokes.defenders
    items: list[Item] = []
    if rd and ro:
        if rd > 1:
            items.append(_item(ItemKind.REVOKE_PENALTY, d.other, REVOKE_POINTS * (rd - 1), "89"))
        if ro > 1:
            items.append(_item(ItemKind.REVOKE_PENALTY, d, REVOKE_POINTS * (ro - 1), "89"))
        return items
    if rd:
        items.append(_item(ItemKind.REVOKE_PENALTY, d.other, REVOKE_POINTS, "84a"))
        if rd > 1:
            items.append(_item(ItemKind.REVOKE_PENALTY, d.other, REVOKE_POINTS * (rd - 1), "84c"))
    if ro:
        if revokes.election is Election.POINTS:
            items.append(_item(ItemKind.REVOKE_PENALTY, d, REVOKE_POINTS, "84b"))
        if ro > 1:
            items.append(_item(ItemKind.REVOKE_PENALTY, d, REVOKE_POINTS * (ro - 1), "84c"))
    return items


def honours_item(code: ScoringCode, strain: Strain, honours: Honours) -> Item | None:
    """Laws 5, 6, 9: honours to their original holders, at the undoubled value, whatever the contract."""
    points = honour_value(code, strain, honours.count, honours.in_one_hand)
    return _item(ItemKind.HONOURS, honours.side, points, "6") if points else None


def contract_items(
    code: ScoringCode,
    contract: Contract,
    d: Side,
    won_in_play: int,
    revokes: Revokes | None,
    one_spade_limit: bool,
) -> tuple[Item, ...]:
    """Every item of a played contract except honours and penalty points, in score-sheet order."""
    rd = revokes.declarer_side if revokes is not None else 0
    ro = revokes.defenders if revokes is not None else 0
    items: list[Item] = []
    if revokes is not None and rd and ro:
        # Law 89: "Should both sides revoke, the only score permitted is for honors."
        return tuple(revoke_penalties(d, revokes))
    transfer = 0
    if ro and revokes is not None and revokes.election is Election.TRICKS:
        transfer = min(REVOKE_TRICKS, 13 - won_in_play)  # law 84b: "take three tricks from his opponents"
    counted = won_in_play + transfer
    if counted >= contract.tricks_needed:
        if not rd:  # law 84a: a revoking declarer "cannot score for tricks"
            tricks = trick_score(code, contract, d, counted, transfer)
            items += tricks
            items += premium(d, tricks[0].points)
            items += double_bonus(contract, d, won_in_play)
    elif not ro:  # law 84: "The value of their honors is the only score that can be made by a revoking side."
        items += undertricks(code, contract, d, counted, one_spade_limit)
    items += slams(code, d, won_in_play, not rd, not ro)
    if revokes is not None and revokes.any:
        items += revoke_penalties(d, revokes)
    return tuple(items)


# ---------------------------------------------------------------------------------------------------
# Totals. The part of a deal's score fixed by (code, contract, declarer's side, tricks, revokes, limit)
# is memoised with its column totals, and so is the honours item for (code, strain, holding): those
# spaces are small (a few thousand keys in practice) and the values immutable, so a cached result is
# exactly what computing it again would give. The memo tables start empty and fill as deals are scored.

_Totals = tuple[tuple[Item, ...], int, int, int, int]
_BASE: dict[tuple[ScoringCode, int, Side, int, Revokes | None, bool], _Totals] = {}
_HONOURS: dict[tuple[ScoringCode, Strain, int], Item | None] = {}
_WHIST: dict[int, DealScore] = {}


def _totals(items: tuple[Item, ...]) -> _Totals:
    ns_trick = ns_honour = ew_trick = ew_honour = 0
    for item in items:
        if item.side is NS:
            if item.column == "trick":
                ns_trick += item.points
            else:
                ns_honour += item.points
        elif item.column == "trick":
            ew_trick += item.points
        else:
            ew_honour += item.points
    return items, ns_trick, ns_honour, ew_trick, ew_honour


def clear_caches() -> None:
    """Empty the memo tables (the bench starts from cold; tests check cached == fresh)."""
    _BASE.clear()
    _ITEMS.clear()
    _SIDE_SCORES.clear()
    _HONOURS.clear()
    _WHIST.clear()


def _finish(base: _Totals, extra: Sequence[Item]) -> DealScore:
    """The DealScore of ``base`` plus honour-column items ``extra`` (honours, penalty points)."""
    items, ns_trick, ns_honour, ew_trick, ew_honour = base
    if extra:
        for item in extra:
            if item.side is NS:
                ns_honour += item.points
            else:
                ew_honour += item.points
        items = items + tuple(extra)
    ns = _SIDE_SCORES.get((ns_trick, ns_honour)) or _side_score(ns_trick, ns_honour)
    ew = _SIDE_SCORES.get((ew_trick, ew_honour)) or _side_score(ew_trick, ew_honour)
    return _deal_score(ns, ew, items, ns.total - ew.total)


# DealScore(...) runs the frozen dataclass __init__, which sets each field through
# object.__setattr__; setting the slots through their descriptors builds the same object in half
# the time. Only values already checked above go in.
_SET_NS = DealScore.__dict__["ns"].__set__
_SET_EW = DealScore.__dict__["ew"].__set__
_SET_ITEMS = DealScore.__dict__["items"].__set__
_SET_NET = DealScore.__dict__["net_ns"].__set__
_new = object.__new__


def _deal_score(ns: SideScore, ew: SideScore, items: tuple[Item, ...], net_ns: int) -> DealScore:
    score: DealScore = _new(DealScore)
    _SET_NS(score, ns)
    _SET_EW(score, ew)
    _SET_ITEMS(score, items)
    _SET_NET(score, net_ns)
    return score


_NOTHING: Final[_Totals] = ((), 0, 0, 0, 0)


def _whist(tricks_ns: int) -> DealScore:
    """Duplicate whist: each side scores one point for every trick it wins (laws README)."""
    score = _WHIST.get(tricks_ns)
    if score is None:
        score = _WHIST[tricks_ns] = _finish(_totals(_whist_tricks(tricks_ns)), ())
    return score


def _whist_tricks(tricks_ns: int) -> tuple[Item, ...]:
    return tuple(
        _item(ItemKind.TRICKS, side, n, "whist", "trick")
        for side, n in ((NS, tricks_ns), (EW, 13 - tricks_ns))
        if n
    )


def whist_transfer(tricks_ns: int, revokes: WhistRevokes) -> int:
    """Tricks moved to N-S by whist law 30 (negative: moved from N-S to E-W).

    "The penalty for revoking is the transfer of two tricks from the revoking side to their adversaries;
    it can be enforced for as many revokes as occur during the hand." Reading (docs/laws.md): when both
    sides revoke the transfers are netted, and a side never gives up more tricks than it won in play.
    """
    moved = WHIST_REVOKE_TRICKS * (revokes.ew - revokes.ns)
    return max(-tricks_ns, min(13 - tricks_ns, moved))


def _whist_revoked(tricks_ns: int, revokes: WhistRevokes) -> DealScore:
    """Whist with revokes: the tricks won in play, then the law 30 transfer as one item a side (the side
    that gives tricks up has a negative item, the side that receives them the same positive one; both are
    shown, at 0, when the transfer is nothing, so that the traveller records the revokes)."""
    moved = whist_transfer(tricks_ns, revokes)
    items = (
        *_whist_tricks(tricks_ns),
        _item(ItemKind.REVOKE_PENALTY, NS, moved, WHIST_REVOKE_LAW, "trick"),
        _item(ItemKind.REVOKE_PENALTY, EW, -moved, WHIST_REVOKE_LAW, "trick"),
    )
    return _finish(_totals(items), ())


# ---------------------------------------------------------------------------------------------------


def _absent_in_whist(**fields: object) -> None:
    for name, value in fields.items():
        if value is not None and value is not False and value != ():
            raise ScoringError(
                name,
                gettext_noop(
                    "is not used in whist, which scores one point a trick from tricks_ns "
                    "(the tricks N-S won in play) and revokes (by side, law 30)"
                ),
            )


def _check_penalties(code: ScoringCode, penalties: Sequence[Penalty]) -> None:
    if not isinstance(penalties, (list, tuple)):
        raise ScoringError(
            "penalties", gettext_noop("must be a list of Penalty, got %(got)s"), got=show_value(penalties)
        )
    for penalty in penalties:
        if not isinstance(penalty, Penalty):
            raise ScoringError(
                "penalties", gettext_noop("must be a list of Penalty, got %(got)s"), got=show_value(penalty)
            )
        if code not in PENALTY_LAWS[penalty.law][1]:
            raise ScoringError(
                "penalties.law",
                gettext_noop("law %(law)s has no penalty points in %(code)s"),
                law=penalty.law,
                code=code.value,
            )


def _penalty_items(penalties: Sequence[Penalty]) -> list[Item]:
    return [_item(ItemKind.OTHER_PENALTY, p.side, p.points, p.law) for p in penalties]


def _score_whist(
    tricks_ns: int | None, deal: Deal | None, revokes: object, absent: Mapping[str, object]
) -> DealScore:
    _absent_in_whist(**absent)
    if deal is not None and not isinstance(deal, Deal):
        raise ScoringError("deal", gettext_noop("must be a Deal, got %(got)s"), got=show_value(deal))
    if revokes is not None and revokes.__class__ is not WhistRevokes:
        raise ScoringError(
            "revokes",
            gettext_noop("must be a WhistRevokes (revokes by side, ns and ew: whist law 30), got %(got)s"),
            got=show_value(revokes),
        )
    tricks = whole_number(tricks_ns, "tricks_ns", 0, 13)
    if isinstance(revokes, WhistRevokes) and revokes.any:
        return _whist_revoked(tricks, revokes)
    return _whist(tricks)


def _score_passed(
    code: ScoringCode, penalties: Sequence[Penalty], one_spade_limit: bool, given: Mapping[str, object]
) -> DealScore:
    # Law 44 (1915): when all four pass, nothing is played and nothing is scored. 1913 law 42: the
    # dealer must declare, so the older code has no passed-out deal.
    check_pass_out(code)
    for name, value in given.items():
        if value is not None:
            raise ScoringError(
                name, gettext_noop("must be left out for a passed-out deal, which scores nothing")
            )
    if one_spade_limit:
        raise ScoringError(
            "one_spade_limit", gettext_noop("applies only to a final contract of one spade (1S)")
        )
    return _finish(_NOTHING, _penalty_items(penalties))


def _strain_allowed(code: ScoringCode, contract: object) -> None:
    if not isinstance(contract, Contract) or contract.__class__ is not Contract:
        raise ScoringError(
            "contract", gettext_noop("must be a Contract or None, got %(got)s"), got=show_value(contract)
        )
    trick_value(code, contract.strain)  # raises ScoringError naming the allowed strains


def _honours_checked(contract: Contract, honours: object, deal: object) -> Honours | None:
    """The honours to credit: as given, or derived from the deal (and then equal to any given)."""
    if honours is not None:
        if not isinstance(honours, Honours) or honours.__class__ is not Honours:
            raise ScoringError(
                "honours", gettext_noop("must be an Honours or None, got %(got)s"), got=show_value(honours)
            )
        if contract.strain is Strain.NT and honours.count > 4:
            raise ScoringError(
                "honours.count",
                gettext_noop("at no trump the honours are the four aces (law 5), so 3 or 4; got %(count)s"),
                count=honours.count,
            )
    if deal is None:
        return honours
    if not isinstance(deal, Deal):
        raise ScoringError("deal", gettext_noop("must be a Deal, got %(got)s"), got=show_value(deal))
    held = deal.honours(contract.strain)
    if honours is not None and honours != held:
        shown = held.describe() if held is not None else say(gettext_noop("nobody three or more"))
        raise ScoringError(
            "honours",
            gettext_noop("given as %(describe)s, but the deal gives %(shown)s at %(strain_name)s"),
            describe=honours.describe(),
            shown=shown,
            strain_name=strain_name(contract.strain),
        )
    return held


_MISSING: Final = Item(ItemKind.HONOURS, NS, 0, "", "honour")  # a sentinel for _HONOURS.get
_ALLOWED: Final = {code: frozenset(strains_for(code)) for code in AUCTION_CODES}


def score_deal(
    *,
    code: ScoringCode,
    contract: Contract | None = None,
    declarer: Seat | None = None,
    tricks: int | None = None,
    tricks_ns: int | None = None,
    honours: Honours | None = None,
    deal: Deal | None = None,
    revokes: Revokes | WhistRevokes | None = None,
    penalties: Sequence[Penalty] = (),
    one_spade_limit: bool = False,
    vulnerability: Vulnerability | None = None,
    board: int | None = None,
) -> DealScore:
    """Score one deal under ``code``; ScoringError (naming the field) for anything that cannot be scored.

    Auction codes: ``contract`` (None for a passed-out deal, which scores nothing but any penalty
    points; refused in auction-1913, whose law 42 makes the dealer declare), ``declarer`` and ``tricks`` (won by the declarer's side in play, before any revoke
    transfer). Honours are given (``honours``; None when nobody held three or more) or derived from
    ``deal``; when both are given they must agree. ``one_spade_limit``: auction-1913 law 48, for a
    final 1S that was the dealer's original declaration.

    Whist: ``tricks_ns`` (the tricks N-S won in play) and ``revokes`` (a ``WhistRevokes``: two tricks
    transferred for each, law 30); ``deal`` may be given and is not used.

    Contract bridge (law 77, :mod:`scoring.law77`): ``contract`` (None: passed out, 0), ``declarer``,
    ``tricks``, and ``vulnerability`` or, failing it, ``board`` (the standard 16-board cycle); ``deal`` may
    be given and is not used (no honours at duplicate). ``vulnerability`` and ``board`` are contract's only.
    """
    # The checks are ordered and written for speed: this is the engine's hot path.
    if code.__class__ is not ScoringCode:
        code = parse_code(code)
    if vulnerability is not None or board is not None:
        _contract_only(code, vulnerability)
    allowed = _ALLOWED.get(code)
    if allowed is None:
        if code is ScoringCode.WHIST:
            return _whist_deal(
                tricks_ns,
                deal,
                revokes,
                contract=contract,
                declarer=declarer,
                tricks=tricks,
                honours=honours,
                penalties=penalties,
                one_spade_limit=one_spade_limit,
            )
        absent = {"tricks_ns": tricks_ns, "honours": honours, "revokes": revokes}
        return _contract_deal(
            code, contract, declarer, tricks, vulnerability, board, absent, penalties, one_spade_limit
        )
    if tricks_ns is not None:
        raise ScoringError(
            "tricks_ns", gettext_noop("is for whist; %(code)s takes declarer and tricks"), code=code.value
        )
    if one_spade_limit is not False and one_spade_limit is not True:
        raise ScoringError(
            "one_spade_limit",
            gettext_noop("must be true or false, got %(got)s"),
            got=show_value(one_spade_limit),
        )
    if penalties:
        _check_penalties(code, penalties)
    if contract is None:
        given = {"declarer": declarer, "tricks": tricks, "honours": honours, "revokes": revokes}
        return _score_passed(code, penalties, one_spade_limit, given)
    if contract.__class__ is not Contract or contract.strain not in allowed:
        _strain_allowed(code, contract)
    side = SIDE_OF.get(declarer) if declarer.__class__ is Seat else None
    if side is None:
        raise ScoringError(
            "declarer", gettext_noop("must be one of N, E, S, W, got %(got)s"), got=show_value(declarer)
        )
    if tricks.__class__ is not int or not 0 <= tricks <= 13:
        raise ScoringError(
            "tricks", gettext_noop("must be a whole number from 0 to 13, got %(got)s"), got=show_value(tricks)
        )
    if one_spade_limit and (
        code is not ScoringCode.AUCTION_1913 or contract.level != 1 or contract.strain is not Strain.S
    ):
        raise ScoringError(
            "one_spade_limit",
            gettext_noop(
                "applies only in auction-1913 to a final contract of one spade (1S, 1SX, "
                "1SXX), not %(contract)s in %(code)s (law 48)"
            ),
            contract=contract,
            code=code.value,
        )
    if revokes is not None and revokes.__class__ is not Revokes:
        raise ScoringError(
            "revokes",
            gettext_noop(
                "must be a Revokes (by the declarer's side and the defenders; "
                "WhistRevokes is for whist), got %(got)s"
            ),
            got=show_value(revokes),
        )
    if honours is not None or deal is not None:
        honours = _honours_checked(contract, honours, deal)
    return _auction_deal(code, contract, side, tricks, revokes, one_spade_limit, honours, penalties)


def _contract_only(code: ScoringCode, vulnerability: object) -> None:
    """Vulnerability and board number are given: refused unless the code is contract bridge's."""
    if code is not ScoringCode.CONTRACT:
        name = "vulnerability" if vulnerability is not None else "board"
        raise ScoringError(
            name,
            gettext_noop("is for contract bridge (law 77); %(code)s has no vulnerability"),
            code=code.value,
        )


def _contract_deal(
    code: ScoringCode,
    contract: Contract | None,
    declarer: Seat | None,
    tricks: int | None,
    vulnerability: Vulnerability | None,
    board: int | None,
    absent: Mapping[str, object],
    penalties: Sequence[Penalty],
    one_spade_limit: bool,
) -> DealScore:
    """A contract bridge deal (law 77): the vulnerability as given, or else the board's."""
    if code is not ScoringCode.CONTRACT:  # pragma: no cover - every code is scored above
        raise ScoringError("code", gettext_noop("unknown code %(code)s"), code=show_value(code))
    for name, value in absent.items():
        if value is not None:
            raise ScoringError(
                name, gettext_noop("is not used in contract bridge (law 77: no honours at duplicate)")
            )
    if penalties or one_spade_limit is not False:
        name = "penalties" if penalties else "one_spade_limit"
        raise ScoringError(name, gettext_noop("is for the auction codes, not contract bridge (law 77)"))
    if vulnerability is not None:
        vulnerable = parse_vulnerability(vulnerability)
        if board is not None:
            parse_board(board)
    elif board is not None:
        vulnerable = vulnerability_for_board(board)
    else:
        raise ScoringError(
            "vulnerability", gettext_noop("required: None, NS, EW or All, or give the board number")
        )
    return score_contract(contract, declarer, tricks, vulnerable)


def _whist_deal(
    tricks_ns: int | None,
    deal: Deal | None,
    revokes: object,
    *,
    contract: Contract | None,
    declarer: Seat | None,
    tricks: int | None,
    honours: Honours | None,
    penalties: Sequence[Penalty],
    one_spade_limit: bool,
) -> DealScore:
    """A whist deal: the common case (the tricks alone, nothing else given) from the table of the fourteen
    scores; anything else checked and scored by ``_score_whist``."""
    if (
        contract is None
        and declarer is None
        and tricks is None
        and honours is None
        and revokes is None
        and not penalties
        and one_spade_limit is False
        and deal is None
        and tricks_ns.__class__ is int
    ):
        score = _WHIST.get(tricks_ns)
        if score is not None:
            return score
    absent = {
        "contract": contract,
        "declarer": declarer,
        "tricks": tricks,
        "honours": honours,
        "penalties": tuple(penalties),
        "one_spade_limit": one_spade_limit,
    }
    return _score_whist(tricks_ns, deal, revokes, absent)


def _auction_deal(
    code: ScoringCode,
    contract: Contract,
    side: Side,
    tricks: int,
    revokes: Revokes | None,
    one_spade_limit: bool,
    honours: Honours | None,
    penalties: Sequence[Penalty],
) -> DealScore:
    """A checked auction deal's score: the contract's items (kept per contract, side, tricks and revokes),
    the honours' item (kept per strain and holding) and any penalty points."""
    key = (code, contract.index, side, tricks, revokes, one_spade_limit)
    base = _BASE.get(key)
    if base is None:
        if len(_BASE) >= _CACHE_LIMIT:
            _BASE.clear()
        base = _BASE[key] = _totals(contract_items(code, contract, side, tricks, revokes, one_spade_limit))
    item: Item | None = None
    if honours is not None:
        hkey = (code, contract.strain, honours.index)
        item = _HONOURS.get(hkey, _MISSING)
        if item is _MISSING:
            item = _HONOURS[hkey] = honours_item(code, contract.strain, honours)
    if penalties:
        extra = _penalty_items(penalties)
        if item is not None:
            extra.insert(0, item)
        return _finish(base, extra)
    return _finish(base, (item,) if item is not None else ())
