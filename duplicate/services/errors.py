"""The error every service raises, and the checks done before the database sees a value: a text's length and
characters, and a whole number's range, each read from the model field that will store it."""

from __future__ import annotations

import re

from django.db import models
from django.db.backends.base.operations import BaseDatabaseOperations
from django.utils.translation import gettext as _


class ServiceError(ValueError):
    """A write refused, with one clear message; nothing was stored."""


_FIELD = re.compile(r"([^:]+?) ?: ")  # "name: ...", and French's "name : ..." (a space before a colon)


def split_field(message: str) -> tuple[str, str]:
    """A ``"field: problem"`` refusal's field and problem (the text before the first colon, which may hold
    spaces: "movement file"); ``("", message)`` with no colon.  A translation may put a space before the
    colon (French): the field is found all the same.  Callers check the field against their own."""
    found = _FIELD.match(message)
    return (found[1], message[found.end() :]) if found else ("", message)


def text_problem(value: str) -> str | None:
    """Why no database column can hold ``value`` (PostgreSQL's text takes no NUL; a lone surrogate, e.g. a
    JSON ``"\\ud800"``, is not UTF-8 at all), or None."""
    if "\x00" in value:
        return _("must not contain a NUL character")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return _("must be valid Unicode text (it has a lone surrogate)")
    return None


def key_problem(value: str) -> str | None:
    """Why no database column can hold ``value`` as a key of a file's object (the same checks), or None."""
    if "\x00" in value:
        return _("a key must not contain a NUL character")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return _("a key must be valid Unicode text (it has a lone surrogate)")
    return None


def fits(field: str, value: str, model: type[models.Model], column: str) -> str:
    """``value`` when ``model``'s ``column`` can store it, else a ServiceError naming ``field``: PostgreSQL
    refuses a longer text or a NUL character (SQLite would keep them)."""
    limit = getattr(model._meta.get_field(column), "max_length", None)  # a relation has none
    if limit is not None and len(value) > limit:
        raise ServiceError(
            _("%(field)s: at most %(limit)d characters, got %(count)d")
            % {"field": field, "limit": limit, "count": len(value)}
        )
    problem = text_problem(value)
    if problem is not None:
        raise ServiceError(f"{field}: {problem}")
    return value


def column_range(model: type[models.Model], column: str) -> tuple[int, int]:
    """The whole numbers ``model``'s integer ``column`` holds, from the field's type (PositiveSmallIntegerField:
    0 to 32767, ...). The same on every database: SQLite would keep a larger number, and PostgreSQL, with
    parameters bound by the server, may wrap it (table 65537 stored as table 1) or refuse it with a 500."""
    internal_type = model._meta.get_field(column).get_internal_type()
    low, high = BaseDatabaseOperations.integer_field_ranges[internal_type]
    return int(low), int(high)


def in_range(field: str, value: int, model: type[models.Model], column: str) -> int:
    """``value`` when ``model``'s ``column`` holds it, else a ServiceError naming ``field``."""
    low, high = column_range(model, column)
    if not low <= value <= high:
        raise ServiceError(
            _("%(field)s: must be a whole number from %(low)d to %(high)d, got %(value)d")
            % {"field": field, "low": low, "high": high, "value": value}
        )
    return value
