"""Template filters that only format."""

from __future__ import annotations

import datetime as dt
import re

from django import template
from django.utils import translation
from django.utils.dateformat import format as date_format
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

from duplicate import contests
from duplicate.forms.entry import beside_field as beside_field_text

register = template.Library()

#: A day written out in full in each shipped language: Polish names the month in the genitive ("28 listopada",
#: Django's E), French and English in the nominative; the weekday starts a sentence only in English.
LONG_DATES = {"pl": "l, j E Y", "fr": "l j F Y"}
LONG_DATE = "l j F Y"

_SIDES = re.compile(r"\b(N-S|E-W|E-O)\b")  # E-O: French for E-W (docs/translation.md)


@register.filter
def sides_whole(text: object) -> SafeString:
    """``text`` (escaped) with each "N-S" and "E-W" kept whole on one line: a narrow column's heading broke
    them at the hyphen ("E-" above "W")."""
    escaped = str(conditional_escape(str(text)))
    return mark_safe(_SIDES.sub(r'<span class="nowrap">\1</span>', escaped))  # escaped above


@register.filter
def beside_field(message: object) -> str:
    """A field's error as shown beside the field (its label names it): without the internal field name the
    engine and the services start it with ("quick: ", "ns: ", "reason: ")."""
    return beside_field_text(str(message))


@register.filter
def long_date(day: dt.date | None) -> str:
    """``day`` in full in the page's language: "Saturday 28 November 2026", "samedi 28 novembre 2026",
    "Sobota, 28 listopada 2026"."""
    if day is None:
        return ""
    language = (translation.get_language() or "").split("-")[0]
    return date_format(day, LONG_DATES.get(language, LONG_DATE))


@register.filter
def code_name(code: str) -> str:
    """A scoring code's name in the page's language (``{{ event.code|code_name }}``), for the model's
    ``get_code_display``, whose choices stay unmarked (``duplicate.contests.code_name``)."""
    return contests.code_name(code)
