"""Contract bridge at duplicate: the Laws of Duplicate Bridge (2017), law 77's scoring table.

One function per rule of the table, each returning the items it awards (law "77" on every item):

* contract points for each odd trick bid and made: clubs and diamonds 20, hearts and spades 30, no trump 40
  for the first and 30 for each after; doubled x2, redoubled x4 (:func:`contract_points`);
* over-tricks: undoubled at trick value; doubled 100 not vulnerable / 200 vulnerable; redoubled 200 / 400
  (:func:`overtricks`);
* the premium for making a doubled (50) or redoubled (100) contract, "the insult" (:func:`insult`);
* duplicate's premiums for a contract made: part-score 50 (contract points below 100); game 300 not
  vulnerable / 500 vulnerable (:func:`part_score_or_game`);
* slams bid and made: small slam 500 / 750, grand slam 1000 / 1500 (:func:`slam_bonus`);
* undertricks to the defenders: undoubled 50 / 100 each; doubled not vulnerable 100, 200, 200, then 300
  each; doubled vulnerable 200, then 300 each; redoubled twice doubled (:func:`undertrick_penalty`).

No honours at duplicate (law 77's premiums for honours are rubber bridge's). A passed-out deal scores 0.
The board's vulnerability is given, or comes from the board number by the standard 16-board cycle
(:func:`vulnerability_for_board`, law 2). ``tricks`` are those the declarer's side is credited with after any
rectification of the play (a revoke's tricks, law 64, are transferred before scoring).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

from scoring.codes import CONTRACT_STRAINS, Strain
from scoring.contract import SIDE_OF, Contract, Doubling, Seat, Side
from scoring.errors import ScoringError, gettext_noop, show_value
from scoring.score_sheet import Column, DealScore, Item, ItemKind, SideScore

__all__ = [
    "LAW",
    "Vulnerability",
    "contract_points",
    "insult",
    "overtricks",
    "parse_board",
    "parse_vulnerability",
    "part_score_or_game",
    "played_score",
    "score_contract",
    "slam_bonus",
    "undertrick_penalty",
    "vulnerability_for_board",
]

LAW: Final = "77"


class Vulnerability(StrEnum):
    """Which sides are vulnerable on a board, in PBN's words."""

    NONE = "None"
    NS = "NS"
    EW = "EW"
    ALL = "All"

    def vulnerable(self, side: Side) -> bool:
        return self is Vulnerability.ALL or self._value_ == side._value_


# Law 2 (2017): the boards' vulnerability, repeated every 16 boards (board 17 is as board 1).
_CYCLE: Final = (
    Vulnerability.NONE,  # 1
    Vulnerability.NS,  # 2
    Vulnerability.EW,  # 3
    Vulnerability.ALL,  # 4
    Vulnerability.NS,  # 5
    Vulnerability.EW,  # 6
    Vulnerability.ALL,  # 7
    Vulnerability.NONE,  # 8
    Vulnerability.EW,  # 9
    Vulnerability.ALL,  # 10
    Vulnerability.NONE,  # 11
    Vulnerability.NS,  # 12
    Vulnerability.ALL,  # 13
    Vulnerability.NONE,  # 14
    Vulnerability.NS,  # 15
    Vulnerability.EW,  # 16
)
# PBN's [Vulnerable] tag: "None" (or "Love", "-"), "NS", "EW", "All" (or "Both"), any case.
_WORDS: Final = {
    "NONE": Vulnerability.NONE,
    "LOVE": Vulnerability.NONE,
    "-": Vulnerability.NONE,
    "NS": Vulnerability.NS,
    "EW": Vulnerability.EW,
    "ALL": Vulnerability.ALL,
    "BOTH": Vulnerability.ALL,
}

_WRITTEN: Final[dict[str, Vulnerability]] = {v.value: v for v in Vulnerability}

_PER_TRICK: Final = {Strain.C: 20, Strain.D: 20, Strain.H: 30, Strain.S: 30, Strain.NT: 30}
_FIRST_NT_EXTRA: Final = 10  # no trump: 40 for the first odd trick, 30 for each after
GAME_THRESHOLD: Final = 100  # contract points that make a game
PART_SCORE: Final = 50
_GAME: Final = (300, 500)  # (not vulnerable, vulnerable)
_SMALL_SLAM: Final = (500, 750)
_GRAND_SLAM: Final = (1000, 1500)
_INSULT: Final = (0, 50, 100)  # by Doubling
_DOUBLED_OVERTRICK: Final = (100, 200)  # redoubled: twice these
_UNDOUBLED_UNDERTRICK: Final = (50, 100)


def vulnerability_for_board(board: int) -> Vulnerability:
    """The standard vulnerability of board ``board`` (1 None, 2 NS, 3 EW, 4 All, ... repeating every 16)."""
    return _CYCLE[(parse_board(board) - 1) % 16]


def board_vulnerability(board: int, given: str = "") -> Vulnerability:
    """Board ``board``'s vulnerability (law 2): the one given for it (a PBN file's ``Vulnerable``, an event
    file's), else its number's in the 16-board cycle."""
    return parse_vulnerability(given) if given else vulnerability_for_board(board)


VULNERABLE_TEXT: Final = {
    Vulnerability.NONE: "none vulnerable",
    Vulnerability.NS: "N-S vulnerable",
    Vulnerability.EW: "E-W vulnerable",
    Vulnerability.ALL: "all vulnerable",
}


def parse_board(value: object, field: str = "board") -> int:
    """A board number (a whole number from 1), or ScoringError naming ``field``."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ScoringError(
            field, gettext_noop("must be a whole number from 1, got %(got)s"), got=show_value(value)
        )
    return value


def parse_vulnerability(value: object, field: str = "vulnerability") -> Vulnerability:
    """A Vulnerability from PBN's words ("None", "NS", "EW", "All"; also "Love", "-", "Both"), any case."""
    written = _WRITTEN.get(value) if value.__class__ is str or value.__class__ is Vulnerability else None
    if written is not None:  # "None", "NS", "EW", "All", or a Vulnerability
        return written
    if isinstance(value, str):
        found = _WORDS.get(value.strip().upper().replace("-", "") or "-")
        if found is not None:
            return found
    raise ScoringError(
        field, gettext_noop("must be one of None, NS, EW, All, got %(got)s"), got=show_value(value)
    )


def _item(kind: ItemKind, side: Side, points: int, column: Column = "honour") -> Item:
    return Item(kind, side, points, LAW, column)


def contract_points(contract: Contract) -> int:
    """Law 77: the trick score of the odd tricks bid (not the over-tricks), doubled x2, redoubled x4."""
    base = contract.level * _PER_TRICK[contract.strain]
    if contract.strain is Strain.NT:
        base += _FIRST_NT_EXTRA
    return base * contract.doubling.multiplier


def overtricks(contract: Contract, over: int, vulnerable: bool) -> list[Item]:
    """Law 77: each over-trick at trick value undoubled (no trump 30); doubled 100 / 200, redoubled 200 / 400
    (not vulnerable / vulnerable). The items go to the declarer's side: the caller gives it ``side``."""
    if over <= 0:
        return []
    if contract.doubling is Doubling.NONE:
        each = _PER_TRICK[contract.strain]
    else:
        each = _DOUBLED_OVERTRICK[vulnerable] * (contract.doubling.multiplier // 2)
    return [_item(ItemKind.OVERTRICKS, Side.NS, over * each)]


def insult(contract: Contract) -> list[Item]:
    """Law 77: making a doubled contract scores 50, a redoubled one 100."""
    points = _INSULT[contract.doubling]
    return [_item(ItemKind.INSULT, Side.NS, points)] if points else []


def part_score_or_game(points: int, vulnerable: bool) -> list[Item]:
    """Law 77 (duplicate): a made contract worth 100 or more contract points scores the game premium, 300
    not vulnerable and 500 vulnerable; a smaller one the part-score premium, 50."""
    if points >= GAME_THRESHOLD:
        return [_item(ItemKind.GAME, Side.NS, _GAME[vulnerable])]
    return [_item(ItemKind.PART_SCORE, Side.NS, PART_SCORE)]


def slam_bonus(contract: Contract, vulnerable: bool) -> list[Item]:
    """Law 77: a small slam (six bid and made) 500 / 750; a grand slam (seven) 1000 / 1500."""
    if contract.level == 7:
        return [_item(ItemKind.SLAM, Side.NS, _GRAND_SLAM[vulnerable])]
    if contract.level == 6:
        return [_item(ItemKind.SLAM, Side.NS, _SMALL_SLAM[vulnerable])]
    return []


def undertrick_penalty(contract: Contract, short: int, vulnerable: bool) -> int:
    """Law 77: the defenders' points for ``short`` undertricks. Undoubled 50 / 100 each; doubled not
    vulnerable 100 for the first, 200 for the second and third, 300 for each after; doubled vulnerable 200
    for the first, 300 for each after; redoubled, twice the doubled figures."""
    if contract.doubling is Doubling.NONE:
        return short * _UNDOUBLED_UNDERTRICK[vulnerable]
    if vulnerable:
        doubled = 200 + 300 * (short - 1)
    else:
        doubled = 100 + 200 * min(short - 1, 2) + 300 * max(short - 3, 0)
    return doubled * (contract.doubling.multiplier // 2)


def _to(side: Side, items: list[Item]) -> list[Item]:
    """The items, given to ``side`` (the rule functions write them for N-S)."""
    if side is Side.NS:
        return items
    return [Item(i.kind, side, i.points, i.law, i.column) for i in items]


def contract_items(contract: Contract, side: Side, tricks: int, vulnerable: bool) -> list[Item]:
    """Every law 77 item of a played contract: ``side`` declared and won ``tricks``; ``vulnerable`` is the
    declarer's side's vulnerability."""
    short = contract.tricks_needed - tricks
    if short > 0:
        return [_item(ItemKind.UNDERTRICKS, side.other, undertrick_penalty(contract, short, vulnerable))]
    points = contract_points(contract)
    items = [_item(ItemKind.TRICKS, Side.NS, points, "trick")]
    items += overtricks(contract, -short, vulnerable)
    items += insult(contract)
    items += part_score_or_game(points, vulnerable)
    items += slam_bonus(contract, vulnerable)
    return _to(side, items)


_SCORES: dict[tuple[int, Seat, int, Vulnerability], DealScore] = {}
_PASSED: Final = DealScore(SideScore(0, 0, 0), SideScore(0, 0, 0), (), 0)


def _side_score(items: list[Item], side: Side) -> SideScore:
    trick = sum(i.points for i in items if i.side is side and i.column == "trick")
    honour = sum(i.points for i in items if i.side is side and i.column == "honour")
    return SideScore(trick, honour, trick + honour)


def _deal_score(items: list[Item]) -> DealScore:
    ns, ew = _side_score(items, Side.NS), _side_score(items, Side.EW)
    return DealScore(ns, ew, tuple(items), ns.total - ew.total)


def score_contract(
    contract: Contract | None, declarer: Seat | None, tricks: int | None, vulnerability: Vulnerability
) -> DealScore:
    """Law 77: the score of one deal of duplicate contract bridge; ``contract`` None for a passed-out deal
    (which scores 0, and then ``declarer`` and ``tricks`` must be None). ScoringError names a bad field."""
    if not isinstance(vulnerability, Vulnerability):
        raise ScoringError(
            "vulnerability",
            gettext_noop("must be a Vulnerability, got %(got)s"),
            got=show_value(vulnerability),
        )
    if contract is None:
        for name, value in (("declarer", declarer), ("tricks", tricks)):
            if value is not None:
                raise ScoringError(
                    name, gettext_noop("must be left out for a passed-out deal, which scores 0")
                )
        return _PASSED
    if contract.__class__ is not Contract:
        raise ScoringError(
            "contract", gettext_noop("must be a Contract or None, got %(got)s"), got=show_value(contract)
        )
    if contract.strain not in CONTRACT_STRAINS:
        raise ScoringError(
            "contract",
            gettext_noop("contract bridge has no royal spades (RS), got %(contract)s"),
            contract=contract,
        )
    if declarer.__class__ is not Seat:
        raise ScoringError(
            "declarer", gettext_noop("must be one of N, E, S, W, got %(got)s"), got=show_value(declarer)
        )
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13:
        raise ScoringError(
            "tricks", gettext_noop("must be a whole number from 0 to 13, got %(got)s"), got=show_value(tricks)
        )
    return played_score(contract, declarer, tricks, vulnerability)


def played_score(contract: Contract, declarer: Seat, tricks: int, vulnerability: Vulnerability) -> DealScore:
    """Law 77: the score of a contract played, its fields already checked as :func:`score_contract` checks
    them (``contract`` one of contract bridge's, ``tricks`` the declarer's side's, 0 to 13)."""
    key = (contract.index, declarer, tricks, vulnerability)
    score = _SCORES.get(key)
    if score is None:
        side = SIDE_OF[declarer]
        items = contract_items(contract, side, tricks, vulnerability.vulnerable(side))
        score = _SCORES[key] = _deal_score(items)
    return score
