"""The one rule for text in every spreadsheet file (the xlsx workbooks and the CSV downloads).

A text cell that a spreadsheet would read as a formula if typed in (``=``, ``+``, ``-``, ``@``, or a leading
tab or carriage return, which some spreadsheets drop before reading the rest) or as an error code (``#N/A``)
is kept as text with a quote prefix: the xlsx cell's quotePrefix style, a leading ``'`` in a CSV.  Only a
value that is text is ever prefixed: a number stays a number (a score of -30 is written -30).

A CSV's exact value that is not a whole number ("1/4", "11/4", "-7/2") is written quote-prefixed too
(``'11/4``): spreadsheets read "1/4" and "11/4" as dates, and "-7/2" as the sum -3.5, when a CSV is opened.
Gnumeric takes the apostrophe as its mark of text and shows ``11/4``; LibreOffice Calc keeps it in the cell
(``'11/4``, text all the same).  A tab, a space or ``="11/4"`` do not serve: Gnumeric reads past the first
two to a date and keeps the third as a formula.  A program reads the value back with :func:`exact_from_csv`.

Every CSV cell is quoted (:func:`csv_writer`): Gnumeric guesses a file's separator from the first quoted cell it
meets and the character after the next one, so ``"Smith, Jo",-30`` would be split at the minus signs; with
every cell quoted it finds the comma.  Quoted numbers are numbers all the same (Gnumeric, LibreOffice, Excel).
"""

from __future__ import annotations

import csv
from decimal import Decimal
from fractions import Fraction
from typing import Any, TextIO

from scoring.contests import fraction_str
from scoring.pbn_write import decimal_text

DECIMAL_PLACES = 2  # a CSV's decimal number: the pages' figure to two places, the exact value beside it

FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "#")


def csv_writer(buf: TextIO) -> Any:
    """A CSV writer of RFC 4180 lines (CRLF) with every cell quoted (why: above)."""
    return csv.writer(buf, quoting=csv.QUOTE_ALL)


def needs_quote(value: Any) -> bool:
    """Whether ``value`` is text a spreadsheet would not keep as written (a formula, an error code)."""
    return isinstance(value, str) and value.startswith(FORMULA_START)


def csv_value(value: Any) -> Any:
    """A value as a CSV cell: an exact value as "'p/q" (a whole one as it is), nothing as an empty cell, text that would read as a
    formula quote-prefixed (``'=1+1``), any other value as it is."""
    if value is None:
        return ""
    if isinstance(value, Fraction):
        return fraction_str(value) if value.denominator == 1 else f"'{fraction_str(value)}"
    if needs_quote(value):
        return f"'{value}"
    return value


def exact_from_csv(cell: str) -> Fraction:
    """The exact value of a CSV cell written by :func:`csv_value` ("'508/3" -> 508/3, "-54" -> -54), or a
    ValueError for a cell that holds none."""
    return Fraction(cell.removeprefix("'"))


def decimal_number(value: Fraction | int | None) -> Decimal | int | None:
    """An exact value as a CSV's number: a whole number as it is, else a decimal to two places (half away
    from zero): Fraction(508, 3) -> 169.33.  A number, never text, so a spreadsheet sums it."""
    if value is None or isinstance(value, int):
        return value
    if value.denominator == 1:
        return int(value)
    return Decimal(decimal_text(value, DECIMAL_PLACES))


__all__ = [
    "DECIMAL_PLACES",
    "FORMULA_START",
    "csv_value",
    "csv_writer",
    "decimal_number",
    "exact_from_csv",
    "needs_quote",
]
