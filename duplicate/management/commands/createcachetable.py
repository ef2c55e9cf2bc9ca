"""``manage.py createcachetable``: Django's own, and on PostgreSQL the cache's table made unlogged.

``migrate`` makes the table as this command does (migration 0010 of duplicate, which freezes the table's
name and its making unlogged, as a migration must stand alone): a deployment needs nothing more than
``migrate``. Run alone, this command makes the table again if it was dropped. What the cache holds is worked
out again from the database whenever it is missing, so it needs none of the write-ahead log's safety: an
unlogged table is written without it (less work for the database on each of the pages kept under load) and
is emptied after a crash, which a cache may be.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.commands import createcachetable
from django.db import connections

DATABASE_CACHE = "django.core.cache.backends.db.DatabaseCache"


class Command(createcachetable.Command):
    help = createcachetable.Command.help + " On PostgreSQL the table is unlogged."

    def handle(self, *tablenames: Any, **options: Any) -> None:
        super().handle(*tablenames, **options)
        connection = connections[options["database"]]
        if connection.vendor != "postgresql" or options.get("dry_run"):
            return
        tables = set(tablenames) or {
            str(cache["LOCATION"]) for cache in settings.CACHES.values() if cache["BACKEND"] == DATABASE_CACHE
        }
        with connection.cursor() as cursor:
            for table in sorted(tables):
                cursor.execute(
                    "SELECT relpersistence FROM pg_class WHERE oid = to_regclass(%s)",
                    [connection.ops.quote_name(table)],
                )
                found = cursor.fetchone()
                if found is not None and found[0] == "p":  # permanent: made unlogged once
                    cursor.execute(f"ALTER TABLE {connection.ops.quote_name(table)} SET UNLOGGED")
