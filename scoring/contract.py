"""Seats, sides, doubling and the contract (level, strain, doubling)."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from enum import IntEnum, StrEnum
from typing import Final

from scoring.codes import ScoringCode, Strain, strain_name, strains_for
from scoring.errors import ScoringError, gettext_noop, show_value


class Side(StrEnum):
    """A partnership: North-South or East-West."""

    NS = "NS"
    EW = "EW"

    @property
    def other(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS


class Seat(StrEnum):
    """A compass seat, listed clockwise from North."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    @property
    def side(self) -> Side:
        return Side.NS if self is Seat.N or self is Seat.S else Side.EW

    def rotated(self, quarters: int = 1) -> Seat:
        """The seat a quarter turn clockwise on (N -> E -> S -> W -> N), ``quarters`` times."""
        return _SEATS[(_SEATS.index(self) + quarters) % 4]

    @property
    def partner(self) -> Seat:
        return self.rotated(2)


_SEATS: Final = (Seat.N, Seat.E, Seat.S, Seat.W)


_STRAIN_INDEX: Final = {strain: number for number, strain in enumerate(Strain)}
SIDE_OF: Final = {Seat.N: Side.NS, Seat.E: Side.EW, Seat.S: Side.NS, Seat.W: Side.EW}


class Doubling(IntEnum):
    """How often the final declaration was doubled; the value is the number of X's written."""

    NONE = 0
    DOUBLED = 1
    REDOUBLED = 2

    @property
    def multiplier(self) -> int:
        """Law 53: doubling and redoubling double and quadruple the value of each trick over six."""
        return 1 << self.value


@dataclass(frozen=True, slots=True)
class Contract:
    """A final declaration: to win ``level`` odd tricks (6 + level in all) in ``strain``."""

    level: int
    strain: Strain
    doubling: Doubling = Doubling.NONE
    # A small whole number unique to (level, strain, doubling): the key of the engine's table lookups.
    index: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if isinstance(self.level, bool) or not isinstance(self.level, int) or not 1 <= self.level <= 7:
            raise ScoringError(
                "contract",
                gettext_noop("level must be a whole number from 1 to 7, got %(level)r"),
                level=self.level,
            )
        if not isinstance(self.strain, Strain):
            raise ScoringError(
                "contract", gettext_noop("strain must be a Strain, got %(strain)r"), strain=self.strain
            )
        if not isinstance(self.doubling, Doubling):
            raise ScoringError(
                "contract",
                gettext_noop("doubling must be a Doubling, got %(doubling)r"),
                doubling=self.doubling,
            )
        index = (self.level * 8 + _STRAIN_INDEX[self.strain]) * 4 + self.doubling.value
        object.__setattr__(self, "index", index)

    @property
    def tricks_needed(self) -> int:
        """Tricks the declarer must win to make good his declaration: six plus the level."""
        return 6 + self.level

    def __str__(self) -> str:
        return f"{self.level}{self.strain.value}{'X' * self.doubling.value}"

    @classmethod
    def parse(cls, text: str, code: ScoringCode | None = None) -> Contract:
        """Read "4HX", "3NT", "2RS", "1SXX" (case-insensitive, spaces ignored; "3N" means 3NT).

        With ``code``, the strain must be one the code allows (royal spades only in auction-1913).
        """
        return _parse_contract(text, code, pass_allowed=False)


_CONTRACT_RE: Final = re.compile(r"([1-7])(NT|RS|N|C|D|H|S)(X{0,2})")
_PASS_WORDS: Final = frozenset({"PASS", "P", "PASSED"})


@functools.cache
def _interned(level: int, strain: Strain, doubling: Doubling) -> Contract:
    """One shared Contract per value, so that parsed contracts hash and compare quickly."""
    return Contract(level, strain, doubling)


#: Every contract by the text ``str()`` writes for it ("4SX", "3NT").
_WRITTEN: Final[dict[str, Contract]] = {
    str(c): c
    for c in (
        _interned(level, strain, doubling)
        for level in range(1, 8)
        for strain in Strain
        for doubling in Doubling
    )
}


#: The strains each code allows, as a set (``strains_for`` lists them cheapest first).
_CODE_STRAINS: Final[dict[ScoringCode, frozenset[Strain]]] = {
    c: frozenset(strains_for(c)) for c in ScoringCode
}


def _strain_list(code: ScoringCode | None) -> str:
    strains = strains_for(code) if code is not None else tuple(Strain)
    return ", ".join(s.value for s in strains)


# 1913 law 42: "The dealer, having examined his hand, must declare to win at least one odd trick": the
# older code has no passing by the dealer, so no deal is passed out. The 1915 code's law 42 lets him "either
# pass or declare", and its law 44 passes the deal on when all four pass (in duplicate: nothing scored).
PASS_OUT_REFUSED: Final = gettext_noop(
    'auction-1913 has no passed-out deal: under its law 42 the dealer "must declare to win at least one '
    'odd trick"; only auction-1915 lets all four pass (laws 42, 44)'
)


def pass_out_allowed(code: ScoringCode | None) -> bool:
    """Whether a deal may be passed out under ``code`` (not in auction-1913: law 42)."""
    return code is not ScoringCode.AUCTION_1913


def check_pass_out(code: ScoringCode | None, field: str = "contract") -> None:
    """ScoringError naming ``field`` when ``code`` allows no passed-out deal (auction-1913, law 42)."""
    if not pass_out_allowed(code):
        raise ScoringError(field, PASS_OUT_REFUSED)


def is_pass(text: object) -> bool:
    """Whether ``text`` is one of the words for a passed-out deal ("PASS", "P" or "passed", any case)."""
    return isinstance(text, str) and "".join(text.split()).upper() in _PASS_WORDS


def parse_contract_or_pass(text: str, code: ScoringCode | None = None) -> Contract | None:
    """A contract, or None for a passed-out deal ("PASS", "P" or "passed", any case).

    With ``code`` auction-1913 a pass is refused (ScoringError naming ``contract``): law 42.
    """
    found = _WRITTEN.get(text) if text.__class__ is str else None
    if found is not None and (code is None or found.strain in _CODE_STRAINS[code]):
        return found  # written as str() writes it ("4SX", "3NT"), in a strain of the code
    if is_pass(text):
        check_pass_out(code)
        return None
    return _parse_contract(text, code, pass_allowed=pass_out_allowed(code))


def _parse_contract(text: object, code: ScoringCode | None, *, pass_allowed: bool) -> Contract:
    if not isinstance(text, str):
        raise ScoringError(
            "contract",
            gettext_noop("must be text such as 4HX, or PASS, got %(got)s")
            if pass_allowed
            else gettext_noop("must be text such as 4HX, got %(got)s"),
            got=show_value(text),
        )
    if code is not None and not strains_for(code):
        raise ScoringError(
            "contract", gettext_noop("%(code)s has no contracts; leave contract out"), code=code.value
        )
    match = _CONTRACT_RE.fullmatch("".join(text.split()).upper())
    if match is None:
        raise ScoringError(
            "contract",
            gettext_noop(
                "must be a level 1-7, a strain (%(strains)s) and X for doubled or XX "
                "for redoubled, such as 4HX or 3NT, or PASS; got %(got)s"
            )
            if pass_allowed
            else gettext_noop(
                "must be a level 1-7, a strain (%(strains)s) and X for doubled or XX "
                "for redoubled, such as 4HX or 3NT; got %(got)s"
            ),
            strains=_strain_list(code),
            got=show_value(text),
        )
    level_text, strain_text, xs = match.groups()
    strain = Strain.NT if strain_text == "N" else Strain(strain_text)
    if code is not None and strain not in strains_for(code):
        raise ScoringError(
            "contract",
            gettext_noop(
                "%(strain_name)s (%(strain)s) is not a strain of %(code)s; allowed: "
                "%(strain_list)s; got %(got)s"
            ),
            strain_name=strain_name(strain),
            strain=strain.value,
            code=code.value,
            strain_list=_strain_list(code),
            got=show_value(text),
        )
    return _interned(int(level_text), strain, Doubling(len(xs)))


_SEAT_OF: Final[dict[str, Seat]] = {seat.value: seat for seat in Seat}


def parse_seat(value: object, field: str = "declarer") -> Seat:
    """A Seat from "N", "E", "S" or "W" (any case), or ScoringError naming ``field``."""
    found = _SEAT_OF.get(value) if value.__class__ is str or value.__class__ is Seat else None
    if found is not None:
        return found
    if isinstance(value, str):
        try:
            return Seat(value.strip().upper())
        except ValueError:
            pass
    raise ScoringError(field, gettext_noop("must be one of N, E, S, W, got %(got)s"), got=show_value(value))


def parse_side(value: object, field: str = "side") -> Side:
    """A Side from "NS" or "EW" (any case; "N-S" and "E-W" too), or ScoringError naming ``field``."""
    if isinstance(value, Side):
        return value
    if isinstance(value, str):
        text = value.strip().upper().replace("-", "").replace("/", "")
        if text in ("NS", "SN"):
            return Side.NS
        if text in ("EW", "WE"):
            return Side.EW
    raise ScoringError(field, gettext_noop("must be one of NS, EW, got %(got)s"), got=show_value(value))
