"""The database cache's table: made by ``manage.py migrate`` (and ``createcachetable``), on PostgreSQL unlogged,
as a cache may be."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import psycopg
import pytest
from django.conf import settings
from django.core.management import call_command
from django.db import connection

pytestmark = pytest.mark.django_db

TABLE = "kz_test_cache_table"
ROOT = Path(__file__).resolve().parents[2]


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


# A fresh database after `manage.py migrate` alone (no createcachetable): an event's standings page answers 200
# and is kept in the cache's table (on PostgreSQL unlogged).
SERVING_PROCESS = """
import django
django.setup()
from django.conf import settings
from django.db import connection
from django.test import Client
from tests.factories import make_event
event = make_event()
statuses = [Client().get(f"/events/{event.pk}/standings/").status_code for _ in range(2)]
table = settings.CACHES["default"]["LOCATION"]
with connection.cursor() as cursor:
    cursor.execute(f"SELECT COUNT(*) FROM {connection.ops.quote_name(table)}")
    rows = cursor.fetchone()[0]
    persistence = "-"
    if connection.vendor == "postgresql":
        cursor.execute("SELECT relpersistence FROM pg_class WHERE oid = to_regclass(%s)", [table])
        persistence = cursor.fetchone()[0]
print(*statuses, rows, persistence)
"""


@pytest.fixture
def fresh_database(tmp_path):
    """The URL of an empty database: a new SQLite file, or on PostgreSQL a new database beside the test's."""
    if connection.vendor != "postgresql":
        yield f"sqlite:///{tmp_path / 'fresh.sqlite3'}"
        return
    db = connection.settings_dict
    name = f"{db['NAME']}_fresh"[:63]
    server = f"postgres://{db['USER']}@{db['HOST']}:{db['PORT'] or 5432}"
    with psycopg.connect(f"{server}/postgres", autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}"')
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield f"{server}/{name}"
    finally:
        with psycopg.connect(f"{server}/postgres", autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def test_migrate_alone_makes_the_cache_table_and_pages_are_kept_in_it(fresh_database):
    env = {
        **{k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DATABASE_URL")},
        "DJANGO_SETTINGS_MODULE": "tests.settings",
        "DATABASE_URL": fresh_database,  # and no REDIS_URL: the database cache
    }
    migrate = subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert migrate.returncode == 0, migrate.stdout + migrate.stderr
    served = subprocess.run(
        [sys.executable, "-c", SERVING_PROCESS],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert served.returncode == 0, served.stderr
    first, second, rows, persistence = served.stdout.split()
    assert (first, second) == ("200", "200")
    assert int(rows) >= 1  # the page was kept in the table migrate made
    assert persistence == ("u" if connection.vendor == "postgresql" else "-")


def test_every_migration_stands_alone():
    """A migration runs on every fresh database for as long as the project lives: it imports Django alone,
    never the app's live code (a command or a setting's helper renamed would break every fresh `migrate`);
    what it needs of them is frozen in it."""
    migrations = sorted(ROOT.glob("*/migrations/0*.py"))
    assert len(migrations) >= 11
    for path in migrations:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                modules = [node.module or "."]
            else:
                continue
            outside = [m for m in modules if m.split(".")[0] not in ("django", "__future__")]
            assert not outside, f"{path.relative_to(ROOT)} imports {', '.join(outside)}"
