"""Form text holding a value, translated when shown: a label or help text made at import time (a module's
constant in it) is read in the visitor's language, not in the language of the process that imported it."""

from __future__ import annotations

from typing import Any

from django.utils.functional import lazy
from django.utils.translation import gettext


def _filled(text: str, values: dict[str, Any]) -> str:
    return gettext(text) % values


_lazy_filled = lazy(_filled, str)


def filled_lazy(text: str, **values: Any) -> str:
    """``text`` (marked with ``gettext_noop`` where it is written) translated when shown, ``values`` put in by
    name (``%(most)s``)."""
    return _lazy_filled(text, values)
