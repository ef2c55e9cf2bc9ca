"""A day written out in full in the language in use (pages, printouts): one rule for both."""

from __future__ import annotations

import datetime as dt

from django.utils import translation
from django.utils.dateformat import format as date_format

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
