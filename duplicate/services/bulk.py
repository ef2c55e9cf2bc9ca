"""New values for many rows of one model at once: one parameterised ``UPDATE`` run with ``executemany``.

Django's ``bulk_update`` builds a ``CASE WHEN id = ... THEN ...`` expression per field per row and resolves
each through the ORM, which is too slow for an event file's thousands of results.
Here each field's value is prepared by the same ``get_db_prep_save``, so the database receives what the ORM
would write, once for each distinct value of the field (a play's fields take few: the same scores, the
same empty lists), and the statement is made once. As ``bulk_update``: no ``save()``, no signals, no
``auto_now``. Callers are services, inside their transaction. (Rows are created with Django's own
``bulk_create``.)
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
