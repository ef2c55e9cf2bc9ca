"""Template filters that only format."""

from __future__ import annotations

import re

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

from duplicate.forms.entry import beside_field as beside_field_text

register = template.Library()

_SIDES = re.compile(r"\b(N-S|E-W)\b")


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
