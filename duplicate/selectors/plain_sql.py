"""Reads on every request as plain SQL over the models' own columns, through ``Manager.raw`` (which converts
the main model's values as the ORM does): the ORM compiles a query anew on every request, and for a join
with counts that costs more than the database's answer.  Related rows come back as prefixed columns beside
the main one and are made into their models with ``Model.from_db``, as the ORM's ``select_related`` would
(their values unconverted: use it for models of numbers and text).
"""

from __future__ import annotations

from functools import cache
from typing import TypeVar, cast

from django.db import connection
from django.db.models import Model

M = TypeVar("M", bound=Model)


def quote(name: str) -> str:
    return connection.ops.quote_name(name)


def table(model: type[Model]) -> str:
    """The model's table, quoted."""
    return quote(model._meta.db_table)


@cache  # the text depends on the model and the database's quoting alone; every request asks for it
def columns(model: type[Model], alias: str, prefix: str = "") -> str:
    """Every concrete column of ``model`` from the table aliased ``alias``; with ``prefix``, each named
    ``prefix`` + its attribute's name (for :func:`related`)."""
    return ", ".join(
        f"{alias}.{quote(cast(str, f.column))}" + (f" AS {quote(prefix + f.attname)}" if prefix else "")
        for f in model._meta.concrete_fields
    )


def related(row: Model, model: type[M], prefix: str) -> M:
    """The ``model`` instance whose columns came beside ``row``'s under ``prefix`` (see :func:`columns`)."""
    names = [f.attname for f in model._meta.concrete_fields]
    return model.from_db(row._state.db, names, [getattr(row, prefix + name) for name in names])
