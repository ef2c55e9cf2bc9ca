"""Days and numbers written as the language in use writes them (pages, printouts, messages): one rule each."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable

from django.utils import formats, translation
from django.utils.dateformat import format as date_format
from django.utils.translation import pgettext

#: A day written out in full in each shipped language: Polish names the month in the genitive ("28 listopada",
#: Django's E), French and English in the nominative; the weekday starts a sentence only in English.
LONG_DATES = {"pl": "l, j E Y", "fr": "l j F Y"}
LONG_DATE = "l j F Y"


def long_date(day: dt.date | None) -> str:
    """``day`` in full in the language in use: "Saturday 28 November 2026", "samedi 28 novembre 2026",
    "sobota, 28 listopada 2026"; "" for none."""
    if day is None:
        return ""
    language = (translation.get_language() or "").split("-")[0]
    return date_format(day, LONG_DATES.get(language, LONG_DATE))


def grouped(number: int) -> str:
    """A whole number with the language's thousands separator, for a sentence: "20,000" in English,
    "20 000" in French and Polish (files and JSON write plain digits)."""
    return formats.number_format(number, force_grouping=True)


_DECIMAL = re.compile(r"([+\-\u2212]?\d+)\.(\d+)")  # an exact figure rounded for display: "91.67", "-3.50"


def local_decimal(text: str) -> str:
    """A figure shown to decimals ("91.67") with the language's decimal mark ("91,67" in French and Polish);
    any other text (whole numbers, fractions such as "49 1/7") as it is.  Files keep the point."""
    found = _DECIMAL.fullmatch(text)
    return f"{found[1]}{formats.get_format('DECIMAL_SEPARATOR')}{found[2]}" if found else text


def clauses(parts: Iterable[str]) -> str:
    """Clauses of one sentence joined as the language joins them: "; " in English, " ; " in French."""
    return pgettext("between clauses", "; ").join(parts)
