"""Many rows of one model written at once: one parameterised statement run with ``executemany``.

Django's ``bulk_create`` and ``bulk_update`` resolve every value of every row through its field's
``get_db_prep_save`` and build the statement from model instances (``bulk_update`` a ``CASE WHEN`` per field
per row): for the 20,000 plays of the largest event that was most of an import's time. Here each field's
value is prepared by the same ``get_db_prep_save``, so the database receives what the ORM would write, but
once for each distinct value of the field (a play's fields take few: the same scores, the same empty
lists), and the statement is made once. As ``bulk_create`` and ``bulk_update``: no ``save()``, no signals.
Callers are services, inside their transaction.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

from django.db import connection, models
from django.db.models import Field

BATCH = 5000  # rows a statement is run with at a time: bounded memory whatever the size


def _preparer(field: Field[Any, Any]) -> Callable[[Any], Any]:
    """``field.get_db_prep_save`` for this connection, worked out once for each distinct value (by type and
    value: ``1`` and ``True`` stay apart); a value that does not hash (a JSON field's list) every time."""
    prepared: dict[tuple[type, Any], Any] = {}

    def prepare(value: Any) -> Any:
        try:
            key = (type(value), value)
            return prepared[key] if key in prepared else prepared.setdefault(key, _save(field, value))
        except TypeError:  # not hashable
            return _save(field, value)

    return prepare


def _save(field: Field[Any, Any], value: Any) -> Any:
    return field.get_db_prep_save(value, connection)


def _field(model: type[models.Model], name: str) -> Field[Any, Any]:
    # Concrete fields only (a relation by its ``_id`` column): django-stubs types get_field more widely.
    return cast("Field[Any, Any]", model._meta.get_field(name))


def rows_insert(model: type[models.Model], rows: Sequence[Mapping[str, Any]]) -> None:
    """Insert ``rows`` of ``model``, each {field name or relation's ``_id`` name: value}, all with the same
    names; every other field takes its default as ``bulk_create`` gives it (``auto_now`` fields the time of
    the call). Primary keys are the database's: read the rows back to know them."""
    if not rows:
        return
    meta = model._meta
    given = [_field(model, name) for name in rows[0]]
    names = [field.attname for field in given]
    template = model()
    others = [
        field
        for field in meta.concrete_fields
        if field.attname not in names and field is not meta.pk and not field.generated
    ]
    defaults = [_save(field, field.pre_save(template, add=True)) for field in others]
    prepares = [_preparer(field) for field in given]
    quote = connection.ops.quote_name
    columns = [cast(str, field.column) for field in (*given, *others)]
    sql = (
        f"INSERT INTO {quote(meta.db_table)} ({', '.join(quote(c) for c in columns)}) "
        f"VALUES ({', '.join(['%s'] * len(columns))})"
    )
    _run(
        sql,
        (
            [prepare(row[name]) for prepare, name in zip(prepares, rows[0], strict=True)] + defaults
            for row in rows
        ),
    )


def rows_update(model: type[models.Model], changes: Sequence[tuple[Any, Mapping[str, Any]]]) -> None:
    """Write new field values to many rows of ``model``, given as (primary key, {field name: value}) with the
    same field names throughout: one ``UPDATE ... WHERE pk = %s``. No ``auto_now`` (as ``bulk_update``)."""
    if not changes:
        return
    meta = model._meta
    names = list(changes[0][1])
    fields = [_field(model, name) for name in names]
    prepares = [_preparer(field) for field in fields]
    quote = connection.ops.quote_name
    sql = (
        f"UPDATE {quote(meta.db_table)} SET "
        + ", ".join(f"{quote(cast(str, field.column))} = %s" for field in fields)
        + f" WHERE {quote(cast(str, meta.pk.column))} = %s"
    )
    _run(
        sql,
        (
            [prepare(values[name]) for prepare, name in zip(prepares, names, strict=True)] + [pk]
            for pk, values in changes
        ),
    )


def _run(sql: str, rows: Any) -> None:
    """``sql`` run once per row, ``BATCH`` rows a call."""
    batch: list[list[Any]] = []
    with connection.cursor() as cursor:
        for row in rows:
            batch.append(row)
            if len(batch) == BATCH:
                cursor.executemany(sql, batch)
                batch = []
        if batch:
            cursor.executemany(sql, batch)
