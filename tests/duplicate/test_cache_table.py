"""The database cache's table (``manage.py createcachetable``): on PostgreSQL unlogged, as a cache may be."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core.management import call_command
from django.db import connection

pytestmark = pytest.mark.django_db

TABLE = "kz_test_cache_table"


def persistence(table: str) -> str | None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT relpersistence FROM pg_class WHERE oid = to_regclass(%s)", [table])
        found = cursor.fetchone()
    return found[0] if found else None


def test_the_cache_table_is_made_and_on_postgresql_unlogged():
    call_command("createcachetable", TABLE, verbosity=0)
    assert TABLE in connection.introspection.table_names()
    if connection.vendor == "postgresql":
        assert persistence(TABLE) == "u"
        call_command("createcachetable", TABLE, verbosity=0)  # again: nothing to do, nothing refused
        assert persistence(TABLE) == "u"
    with connection.cursor() as cursor:
        cursor.execute(f"DROP TABLE {connection.ops.quote_name(TABLE)}")


def test_the_test_databases_own_cache_table_was_made_by_the_same_command():
    location = settings.CACHES["default"].get("LOCATION", "")
    if connection.vendor != "postgresql" or "DatabaseCache" not in settings.CACHES["default"]["BACKEND"]:
        pytest.skip("only the database cache on PostgreSQL has an unlogged table")
    assert persistence(location) == "u"
