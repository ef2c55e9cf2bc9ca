"""Test settings: production settings (DEBUG off) with a throwaway key, no HTTPS redirect, fast hashing.

The cache is the production one (Django's database cache, or Redis when REDIS_URL is set). Tests run in
parallel (pytest -n 2) with one database per xdist worker, so the database cache is already the worker's own.
Redis is shared: each worker gets its own Redis database number (REDIS_URL's number plus the worker's index)
and its own key prefix. The number is what keeps one worker's cache.clear() from emptying the other's cache:
on Redis clear() is FLUSHDB, which empties the whole database whatever the key prefix. The prefix names whose
keys they are when someone looks into the database (redis-cli --scan). Give the tests a Redis database number
nothing else uses: they empty it.
"""

import os
import tempfile
from urllib.parse import urlsplit, urlunsplit

os.environ.setdefault("SECRET_KEY", "tests-only-secret-key-not-for-production-0123456789abcdef")
os.environ.setdefault("SECURE_SSL_REDIRECT", "0")
os.environ.setdefault("SESSION_COOKIE_SECURE", "0")
os.environ.setdefault("CSRF_COOKIE_SECURE", "0")
os.environ.setdefault("ALLOWED_HOSTS", "testserver,localhost,127.0.0.1")

from config.settings import *  # noqa: F403
from config.settings import CACHES, REDIS_URL, STORAGES

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STORAGES = {**STORAGES, "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}
WHITENOISE_AUTOREFRESH = True  # no collectstatic in tests: serve from the finders
# Visitors get the latest page at once (a test writes, then reads); tests/duplicate/test_caching.py sets it back
# to test the second's grace that production gives.
RESULTS_STALE_SECONDS = 0.0
# And the latest file made in the background (tests/duplicate/test_caching.py sets production's 30 s back).
BACKGROUND_MIN_AGE = 0.0
# No double-dummy thread behind every event a test makes; tests/duplicate/test_deal_analysis.py turns it on.
DEAL_ANALYSIS_IN_BACKGROUND = False

# The sign-in throttle counts in fixed windows (15 minutes in production): a test's attempts that straddled a
# window's end would start counting again and see guesses the test says are refused. One window from 1970 to
# 2038 keeps every test inside one; tests/reliability/test_security.py checks production's window on its own.
LOGIN_THROTTLE_WINDOW = 2**31

# Commands speak British English whatever the machine's LANG (tests assert their English); the command
# language's tests turn it on with the environment they set.
COMMANDS_SPEAK_ENVIRONMENT_LANGUAGE = False

REDIS_DATABASES = 16  # redis-server's default number of databases (0-15)


def xdist_worker_index() -> int:
    """0 for the first pytest-xdist worker ("gw0") or a run without xdist, 1 for "gw1", ..."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    return int(worker[2:]) if worker.startswith("gw") and worker[2:].isdigit() else 0


def redis_url_for_worker(url: str, index: int) -> str:
    """REDIS_URL with its database number moved on by the worker's index (redis://h:6379/11 -> /12 for gw1)."""
    parts = urlsplit(url)
    base = parts.path.strip("/")
    number = (int(base) if base.isdigit() else 0) + index
    if number >= REDIS_DATABASES:
        raise ValueError(
            f"REDIS_URL: database {number} for xdist worker {index} is past Redis's {REDIS_DATABASES} "
            "databases: give REDIS_URL a lower database number or run fewer workers"
        )
    return urlunsplit(parts._replace(path=f"/{number}"))


CACHES = {
    "default": {
        **CACHES["default"],
        "KEY_PREFIX": f"kalamazoo-test-{os.environ.get('PYTEST_XDIST_WORKER') or 'main'}",
    }
}
if REDIS_URL:
    CACHES["default"]["LOCATION"] = redis_url_for_worker(REDIS_URL, xdist_worker_index())

# SQLite as a club's laptop runs it: a file, each connection its own (Django's default test database is one
# in memory with a shared cache, where a thread's write meets "database table is locked" at once, whatever the
# timeout, instead of waiting its turn as it does in production).
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    # In the temporary folder, named by the process: two runs at once (a checkout's and a worktree's, or a
    # second run in the same checkout) never share a file.
    DATABASES["default"]["TEST"] = {  # noqa: F405
        "NAME": os.path.join(tempfile.gettempdir(), f"kalamazoo-test-{os.getpid()}.sqlite3")
    }
