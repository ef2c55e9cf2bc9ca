"""The one rule for text in every spreadsheet file (the xlsx workbooks and the CSV downloads).

A text cell that a spreadsheet would read as a formula if typed in (``=``, ``+``, ``-``, ``@``, or a leading
tab or carriage return, which some spreadsheets drop before reading the rest) or as an error code (``#N/A``)
is kept as text with a quote prefix: the xlsx cell's quotePrefix style, a leading ``'`` in a CSV.  Only a
value that is text is ever prefixed: a number stays a number (a score of -30 is written -30).
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

from scoring.contests import fraction_str
from scoring.pbn_write import decimal_text

DECIMAL_PLACES = 2  # a CSV's decimal number: the pages' figure to two places, the exact value beside it

FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "#")


def needs_quote(value: Any) -> bool:
    """Whether ``value`` is text a spreadsheet would not keep as written (a formula, an error code)."""
    return isinstance(value, str) and value.startswith(FORMULA_START)


def csv_value(value: Any) -> Any:
    """A value as a CSV cell: an exact value as "p/q", nothing as an empty cell, text that would read as a
    formula quote-prefixed (``'=1+1``), any other value as it is."""
    if value is None:
        return ""
    if isinstance(value, Fraction):
        return fraction_str(value)
    if needs_quote(value):
        return f"'{value}"
    return value


def decimal_number(value: Fraction | int | None) -> Decimal | int | None:
    """An exact value as a CSV's number: a whole number as it is, else a decimal to two places (half away
    from zero): Fraction(508, 3) -> 169.33.  A number, never text, so a spreadsheet sums it."""
    if value is None or isinstance(value, int):
        return value
    if value.denominator == 1:
        return int(value)
    return Decimal(decimal_text(value, DECIMAL_PLACES))


__all__ = ["DECIMAL_PLACES", "FORMULA_START", "csv_value", "decimal_number", "needs_quote"]
