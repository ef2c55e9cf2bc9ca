"""Scoring codes, strains and the tables that differ between codes.

Trick values: 1915 code law 3; 1913 (royal spades) code as restated in the laws README.
Slams: 1915 code laws 7 and 8 (100 / 50); the 1913 code's footnote to law 8 (little slam 20, slam 40).
Honours: laws 5 and 6 (same table in both codes; the 1913 text's table is not among the shipped texts).
Contract bridge (``contract``): the Laws of Duplicate Bridge (2017), law 77, whose table is in
:mod:`scoring.law77` (its trick values depend on the trick's place: no trump 40 for the first, 30 after).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

from scoring.errors import ScoringError, gettext_noop, render, show_value


class ScoringCode(StrEnum):
    """Which body of laws scores a deal."""

    AUCTION_1913 = "auction-1913"
    AUCTION_1915 = "auction-1915"
    WHIST = "whist"
    CONTRACT = "contract"  # Laws of Duplicate Bridge (2017), law 77


class Strain(StrEnum):
    """The denomination of a contract: a trump suit or no trump."""

    C = "C"
    D = "D"
    H = "H"
    S = "S"
    RS = "RS"  # royal spades, auction-1913 only
    NT = "NT"


AUCTION_CODES: Final = (ScoringCode.AUCTION_1913, ScoringCode.AUCTION_1915)
# Contract bridge's strains, cheapest first (law 77: clubs and diamonds 20, hearts and spades 30, no trump 40
# for the first trick and 30 for each after).
CONTRACT_STRAINS: Final = (Strain.C, Strain.D, Strain.H, Strain.S, Strain.NT)

_STRAIN_NAMES: Final = {
    Strain.C: gettext_noop("clubs"),
    Strain.D: gettext_noop("diamonds"),
    Strain.H: gettext_noop("hearts"),
    Strain.S: gettext_noop("spades"),
    Strain.RS: gettext_noop("royal spades"),
    Strain.NT: gettext_noop("no trump"),
}

# Value of each trick over six, undoubled.
# auction-1915, law 3: "six points when Clubs are trumps, seven when Diamonds are trumps, eight when Hearts
# are trumps, nine when Spades are trumps, and ten when the declaration is 'No Trump.'"
# auction-1913 (royal spades): spades 2, clubs 6, diamonds 7, hearts 8, royal spades 9, no trump 10.
_TRICK_VALUES: Final[dict[ScoringCode, dict[Strain, int]]] = {
    ScoringCode.AUCTION_1913: {
        Strain.S: 2,
        Strain.C: 6,
        Strain.D: 7,
        Strain.H: 8,
        Strain.RS: 9,
        Strain.NT: 10,
    },
    ScoringCode.AUCTION_1915: {Strain.C: 6, Strain.D: 7, Strain.H: 8, Strain.S: 9, Strain.NT: 10},
}

# (little slam, grand slam), honour column, never doubled (law 9).
# 1915 code law 7: slam "counts 100 points"; law 8: little slam "counts 50 points".
# 1913 code, footnote to law 8: "If a declarer bid 7 and take twelve tricks he counts 20 for little slam".
_SLAM_VALUES: Final[dict[ScoringCode, tuple[int, int]]] = {
    ScoringCode.AUCTION_1913: (20, 40),
    ScoringCode.AUCTION_1915: (50, 100),
}


def strains_for(code: ScoringCode) -> tuple[Strain, ...]:
    """The strains a contract may name under ``code``, cheapest first (empty for whist)."""
    if code is ScoringCode.CONTRACT:
        return CONTRACT_STRAINS
    table = _TRICK_VALUES.get(code)
    if table is None:
        return ()
    return tuple(sorted(table, key=lambda s: (table[s], s.value)))


def trick_value(code: ScoringCode, strain: Strain) -> int:
    """Points for each trick over six, undoubled (law 3); ScoringError if the code has no such strain."""
    if code is ScoringCode.CONTRACT:
        raise ScoringError(
            "code",
            gettext_noop("contract bridge's trick values are law 77's (scoring.law77): no trump 40 then 30"),
        )
    table = _TRICK_VALUES.get(code)
    if table is None:
        raise ScoringError(
            "code", gettext_noop("%(code)s has no contracts (it scores one point a trick)"), code=code.value
        )
    value = table.get(strain)
    if value is None:
        allowed = ", ".join(s.value for s in strains_for(code))
        raise ScoringError(
            "contract",
            gettext_noop("%(strain_name)s (%(strain)s) is not a strain of %(code)s; allowed: %(allowed)s"),
            strain_name=strain_name(strain),
            strain=strain.value,
            code=code.value,
            allowed=allowed,
        )
    return value


def slam_values(code: ScoringCode) -> tuple[int, int]:
    """(little slam, grand slam) points for an auction code (laws 7 and 8)."""
    try:
        return _SLAM_VALUES[code]
    except KeyError:
        if code is ScoringCode.CONTRACT:
            raise ScoringError(
                "code", gettext_noop("contract bridge's slam bonuses depend on vulnerability (law 77)")
            ) from None
        raise ScoringError("code", gettext_noop("%(code)s scores no slams"), code=code.value) from None


def strain_name(strain: Strain) -> str:
    """The strain's name ("hearts") in the language in use."""
    return render(_STRAIN_NAMES[strain])


def honour_value(code: ScoringCode, strain: Strain, count: int, in_one_hand: int) -> int:
    """Points for honours held by one side (laws 5, 6); 0 when the holding scores nothing.

    Law 6, when a trump is declared: 3 honours between partners = value of 2 tricks; 4 between partners
    = 4 tricks; 5 between partners = 5 tricks; 4 in one hand = 8 tricks; 4 in one hand and the 5th in
    partner's = 9 tricks; 5 in one hand = 10 tricks.
    No trump (the aces are the honours): 3 aces between partners 30; 4 aces 40; 4 aces in one hand 100.
    """
    if strain is Strain.NT:
        if count == 3:
            return 30
        if count == 4:
            return 100 if in_one_hand == 4 else 40
        return 0
    value = trick_value(code, strain)
    if count == 3:
        return 2 * value
    if count == 4:
        return (8 if in_one_hand == 4 else 4) * value
    if count == 5:
        if in_one_hand == 5:
            return 10 * value
        if in_one_hand == 4:
            return 9 * value
        return 5 * value
    return 0


_CODE_OF: Final[dict[str, ScoringCode]] = {c.value: c for c in ScoringCode}


def parse_code(value: object, field: str = "code") -> ScoringCode:
    """A ScoringCode from its text ("auction-1915"), or ScoringError naming ``field``."""
    found = _CODE_OF.get(value) if value.__class__ is str or value.__class__ is ScoringCode else None
    if found is not None:  # a code as written in its value ("contract"), or a ScoringCode
        return found
    allowed = ", ".join(c.value for c in ScoringCode)
    if not isinstance(value, str):
        raise ScoringError(
            field,
            gettext_noop("must be one of %(allowed)s, got %(got)s"),
            allowed=allowed,
            got=show_value(value),
        )
    try:
        return ScoringCode(value.strip().lower())
    except ValueError:
        raise ScoringError(
            field,
            gettext_noop("must be one of %(allowed)s, got %(got)s"),
            allowed=allowed,
            got=show_value(value),
        ) from None
