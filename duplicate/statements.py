"""Queries run on every page or every result written, their SQL made once (issue 8).

For a small query the ORM takes longer to build the SQL (resolving joins, compiling expressions) than the
database to run it: a result written from a table's link ran five such queries, a fifth of its time spent
compiling them. Here a queryset is built once per database from stand-in arguments, its SQL and what maps
its rows (the compiler's columns, converters and related-object populators) kept, and then run on a plain
cursor with the real arguments: the same rows, the same model instances (``select_related`` objects and
annotations included) as the queryset gives.

The stand-ins (numbers and text no query holds as constants) must come back among the statement's
parameters (where a query uses an argument twice, both places take it); anything else about the query
(``revoked=False``, an ordering) stays as it was compiled. When they do not (a queryset whose SQL holds its
arguments some other way), or the queryset is not one mapped here (flat or named values, prefetching), the
queryset is simply run. ``make`` is a function (a lambda): its code, with the name, keys the statement.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any

from django.core.exceptions import EmptyResultSet
from django.db import connection
from django.db.models import Model, QuerySet
from django.db.models.query import ModelIterable, ValuesListIterable, get_related_populators
from django.db.transaction import TransactionManagementError


class _Made:
    """A statement made once: its SQL, where the arguments go among its parameters, and how its rows map."""

    __slots__ = (
        "annotations",
        "converters",
        "init_list",
        "locks",
        "model",
        "params",
        "related",
        "slots",
        "span",
        "sql",
    )

    def __init__(self, queryset: QuerySet[Any], probes: Sequence[Any], instances: bool) -> None:
        # Only what is mapped here: model instances (no prefetching, no objects known beforehand) or plain
        # tuples of values (not flat, not named); anything else is run as the queryset it is.
        wanted = ModelIterable if instances else ValuesListIterable
        if (
            queryset._iterable_class is not wanted
            or queryset._prefetch_related_lookups
            or queryset._known_related_objects
        ):
            raise LookupError("a queryset this module does not map")
        compiler = queryset.query.get_compiler(using=queryset.db)
        sql, params = compiler.as_sql()
        params = list(params)
        # Parameter -> the argument in it and the type the database adapter is given it as (PostgreSQL's
        # server-side binding wraps a small integer column's value in psycopg's Int2), or None: a constant.
        slots: list[tuple[int, type] | None] = [None] * len(params)
        for i, probe in enumerate(probes):
            found = [j for j, p in enumerate(params) if isinstance(p, type(probe)) and p == probe]
            if not found:
                raise LookupError(f"argument {i} is not a parameter of the statement")
            for j in found:  # (in a subquery too)
                slots[j] = (i, type(params[j]))
        self.sql = sql
        self.params = params
        self.slots = slots
        self.locks = bool(queryset.query.select_for_update) and connection.features.has_select_for_update
        fields = [s[0] for s in compiler.select[0 : compiler.col_count]]
        self.converters = compiler.get_converters(fields)
        self.model: type[Model] | None = None
        if instances:
            klass_info = compiler.klass_info
            select_fields = klass_info["select_fields"]
            start, end = select_fields[0], select_fields[-1] + 1
            self.model = klass_info["model"]
            self.init_list = [f[0].target.attname for f in compiler.select[start:end]]
            self.span = (start, end)
            self.related = get_related_populators(klass_info, compiler.select, queryset.db)
            self.annotations = dict(compiler.annotation_col_map or {})

    def rows(self, args: Sequence[Any]) -> list[Any]:
        if self.locks and connection.get_autocommit():  # as the queryset: a lock lasts its transaction
            raise TransactionManagementError("select_for_update cannot be used outside of a transaction.")
        params = [
            p if slot is None else args[slot[0]] if type(args[slot[0]]) is slot[1] else slot[1](args[slot[0]])
            for p, slot in zip(self.params, self.slots, strict=True)
        ]
        with connection.cursor() as cursor:
            cursor.execute(self.sql, params)
            rows = cursor.fetchall()
        if not self.converters:
            return rows
        out = []
        for row in rows:  # as the compiler's apply_converters, with this thread's connection
            values = list(row)
            for i, (functions, expression) in self.converters.items():
                for convert in functions:
                    values[i] = convert(values[i], expression, connection)
            out.append(tuple(values))
        return out

    def instances(self, args: Sequence[Any]) -> list[Any]:
        assert self.model is not None
        model, init_list, (start, end) = self.model, self.init_list, self.span
        related, annotations = self.related, self.annotations
        alias = connection.alias
        out = []
        for row in self.rows(args):
            obj = model.from_db(alias, init_list, row[start:end])
            for populator in related:
                populator.populate(row, obj)
            for name, position in annotations.items():
                setattr(obj, name, row[position])
            out.append(obj)
        return out


_made: dict[tuple[str, Any, str, bool], _Made | None] = {}
_lock = threading.Lock()


def _probe(value: Any, i: int) -> Any:
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise TypeError(f"argument {i}: a statement made once takes whole numbers and text, got {value!r}")
    # (a number within the range of every integer column, the small positive ones included: Django compiles
    # a lookup of one beyond a column's range to no rows, not to a parameter)
    return 32_003 + 7 * i if isinstance(value, int) else f"\x01kalamazoo-stand-in-{i}"


def _made_for(
    name: str, make: Callable[..., QuerySet[Any]], args: Sequence[Any], instances: bool
) -> _Made | None:
    key = (name, make.__code__, connection.vendor, instances)  # (a name given to two queries stays two)
    if key in _made:
        return _made[key]
    probes = [_probe(v, i) for i, v in enumerate(args)]
    made: _Made | None
    try:
        made = _Made(make(*probes), probes, instances)
    except (LookupError, EmptyResultSet):  # not mapped here, or an argument not a parameter
        made = None
    with _lock:
        _made[key] = made
    return made


def rows(name: str, make: Callable[..., QuerySet[Any]], args: Sequence[Any]) -> list[Any]:
    """``list(make(*args))`` of a ``values_list`` queryset, its SQL made once (per ``name`` and database)."""
    made = _made_for(name, make, args, instances=False)
    return made.rows(args) if made is not None else list(make(*args))


def instances(name: str, make: Callable[..., QuerySet[Any]], args: Sequence[Any]) -> list[Any]:
    """``list(make(*args))`` of a model queryset (``select_related``, annotations, ``select_for_update``
    inside a transaction), its SQL made once (per ``name`` and database)."""
    made = _made_for(name, make, args, instances=True)
    return made.instances(args) if made is not None else list(make(*args))
