"""How exact values are shown: rounding half away from zero, "p/q" for machines, mixed numbers for readers.

Law G: "fractions are disregarded and the nearest whole numbers taken, unless it be necessary to take the
fraction into account to avoid a tie" (:func:`display_values`).  Rounding is for display only.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import gcd
from typing import Any

from scoring.errors import ContestError, gettext_noop

__all__ = [
    "DisplayText",
    "display_values",
    "fraction_str",
    "lead_str",
    "mixed_number",
    "ratio_mixed_number",
    "round_half_away",
    "round_ratio",
    "score_text",
    "signed_text",
]


def _exact(x: object) -> Fraction:
    if type(x) is Fraction:
        return x
    if isinstance(x, bool) or not isinstance(x, int | Fraction):
        raise ContestError("value", gettext_noop("must be exact (an int or a Fraction), got %(x)r"), x=x)
    return Fraction(x)


def round_half_away(x: Fraction | int) -> int:
    """Nearest whole number, halves away from zero (2.5 -> 3, -2.5 -> -3)."""
    if type(x) is int:
        return x
    f = x if type(x) is Fraction else _exact(x)
    return round_ratio(f.numerator, f.denominator)


def round_ratio(num: int, den: int) -> int:
    """:func:`round_half_away` of ``num / den`` (ints, ``den > 0``), without making the Fraction."""
    whole, rest = divmod(abs(num), den)
    if 2 * rest >= den:
        whole += 1
    return whole if num >= 0 else -whole


def fraction_str(x: Fraction | int) -> str:
    """Machine form of an exact value: "536/3", "-7/2", "152"."""
    f = _exact(x)
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


def ratio_mixed_number(num: int, den: int, *, signed: bool = False) -> str:
    """:func:`mixed_number` of ``num / den`` (ints, ``den > 0``)."""
    g = gcd(num, den)
    num, den = num // g, den // g
    sign = "-" if num < 0 else ("+" if signed and num > 0 else "")
    whole, rest = divmod(abs(num), den)
    if rest == 0:
        body = str(whole)
    elif whole == 0:
        body = f"{rest}/{den}"
    else:
        body = f"{whole} {rest}/{den}"
    return sign + body


def mixed_number(x: Fraction | int, *, signed: bool = False) -> str:
    """Reader's form of an exact value, as a mixed number: "178 2/3", "-3 1/2", "2/3", "152".

    With ``signed`` a positive value gets a leading "+" (for plus/minus columns)."""
    if type(x) is int:  # whole: no Fraction made
        return f"+{x}" if signed and x > 0 else str(x)
    f = _exact(x)
    return ratio_mixed_number(f.numerator, f.denominator, signed=signed)


def display_values(values: Sequence[Fraction | int], *, signed: bool = False) -> list[str]:
    """How each exact value is shown (law G): its nearest whole number, or its mixed number when another
    value in the list rounds to the same whole number but differs exactly."""
    exact = [v if type(v) is int else _exact(v) for v in values]  # whole numbers kept as ints
    rounded = [round_half_away(v) for v in exact]
    # Each value as (numerator, denominator), its lowest terms: equal exactly when equal as Fractions, and
    # much quicker to hash.
    by_rounded: dict[int, set[tuple[int, int]]] = {}
    for value, r in zip(exact, rounded, strict=True):
        key = (value, 1) if type(value) is int else (value.numerator, value.denominator)
        by_rounded.setdefault(r, set()).add(key)
    return [
        mixed_number(value, signed=signed)
        if len(by_rounded[r]) > 1
        else (f"+{r}" if signed and r > 0 else str(r))
        for value, r in zip(exact, rounded, strict=True)
    ]


def lead_str(x: Fraction | int) -> str:
    """How far one side is ahead of another (law G): the nearest whole number of ``abs(x)``, or its mixed
    number when that whole number is 0 but the sides are not level (the fraction avoids a tie)."""
    if type(x) is int:  # whole: no Fraction made
        return str(abs(x))
    f = abs(_exact(x))
    whole = round_half_away(f)
    return mixed_number(f) if whole == 0 and f else str(whole)


def score_text(value: Fraction | int | None) -> str:
    """A score or average as the pages show it (exact, as a mixed number); "" for none."""
    return "" if value is None else mixed_number(value)


def signed_text(value: Fraction | int | None) -> str:
    """A plus/minus as the pages show it (exact, signed); "" for none."""
    return "" if value is None else mixed_number(value, signed=True)


class DisplayText:
    """A ``*_display`` attribute: another attribute as the pages show it (:func:`score_text`, or
    :func:`signed_text` for a plus/minus).  ``ns_score_display = DisplayText("ns_score")``."""

    __slots__ = ("field", "signed")

    def __init__(self, field: str, *, signed: bool = False) -> None:
        self.field = field
        self.signed = signed

    def __get__(self, obj: object, owner: type | None = None) -> Any:
        if obj is None:
            return self
        value = getattr(obj, self.field)
        return signed_text(value) if self.signed else score_text(value)
