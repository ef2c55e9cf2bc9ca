"""Template filters that only format."""

from __future__ import annotations

import re

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

register = template.Library()

_SIDES = re.compile(r"\b(N-S|E-W)\b")


@register.filter
def sides_whole(text: object) -> SafeString:
    """``text`` (escaped) with each "N-S" and "E-W" kept whole on one line: a narrow column's heading broke
    them at the hyphen ("E-" above "W")."""
    escaped = str(conditional_escape(text))
    return mark_safe(_SIDES.sub(r'<span class="nowrap">\1</span>', escaped))  # escaped above
