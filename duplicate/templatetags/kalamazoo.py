"""Template filters that only format."""

from __future__ import annotations

import datetime as dt
import re

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

from duplicate import l10n
from duplicate.forms.entry import beside_field as beside_field_text
from duplicate.models import ScoringCodeChoice

register = template.Library()

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
    """``day`` in full in the page's language (``duplicate.l10n.long_date``)."""
    return l10n.long_date(day)


@register.filter
def code_name(code: str) -> str:
    """A scoring code's name in the page's language (``{{ event.code|code_name }}``): the model's choice's
    label, marked for translation; an unknown code as it is."""
    return str(dict(ScoringCodeChoice.choices).get(code, code))


@register.filter
def local_decimal(value: object) -> object:
    """A figure shown to decimals with the page's decimal mark (``duplicate.l10n.local_decimal``)."""
    return (
        l10n.local_decimal(value) if isinstance(value, str) and not isinstance(value, SafeString) else value
    )
