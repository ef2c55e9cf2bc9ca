"""The error every service raises, and the length check done before the database sees a text."""

from __future__ import annotations

from django.db import models


class ServiceError(ValueError):
    """A write refused, with one clear message; nothing was stored."""


def fits(field: str, value: str, model: type[models.Model], column: str) -> str:
    """``value`` when it fits ``model``'s ``column``, else a ServiceError naming ``field`` (PostgreSQL refuses
    a longer text; SQLite would keep it)."""
    limit = getattr(model._meta.get_field(column), "max_length", None)  # a relation has none
    if limit is not None and len(value) > limit:
        raise ServiceError(f"{field}: at most {limit} characters, got {len(value)}")
    return value
