"""Shared fixtures: a director login and small events built through the real services."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import pytest
from hypothesis import settings as hypothesis_settings

# CI must be repeatable: the same examples on every run (a failure found by exploring locally is kept as a
# regression test). Locally hypothesis explores freely.
hypothesis_settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
if os.environ.get("CI"):
    hypothesis_settings.load_profile("ci")

# Fixtures that give a test the database, most specific first (pytest-django's names).
DATABASE_FIXTURES = ("transactional_db", "django_db_reset_sequences", "django_db_serialized_rollback", "db")


@pytest.fixture(autouse=True)
def empty_cache(request):
    """Every test starts with an empty cache: cached pages are keyed by event id and results version, which a
    rolled-back database hands out again, so a page cached by one test must not be served in the next. Redis
    needs no database (tests/settings.py gives each xdist worker a Redis database of its own, so one worker's
    clear does not empty the other's); the database cache is emptied only in tests that use the database."""
    from django.conf import settings

    if not settings.configured:  # tests/scoring runs without Django (pytest -p no:django)
        yield
        return
    from django.core.cache import cache

    if "redis" in settings.CACHES["default"]["BACKEND"].lower():
        cache.clear()
    else:
        fixture = next((name for name in DATABASE_FIXTURES if name in request.fixturenames), None)
        if fixture is not None:
            request.getfixturevalue(fixture)
        if fixture is not None or request.node.get_closest_marker("django_db"):
            cache.clear()
    yield


@pytest.fixture(autouse=True)
def site_language():
    """Every test starts and ends in the site's language (British English): a request's LocaleMiddleware
    leaves the language it chose (a French cookie) active in the thread, and text made later in that thread
    (a scoring error rendered when shown) would come out French in the next test."""
    from django.conf import settings

    if not settings.configured:
        yield
        return
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()


def _app_queries(config, num, exact=True, connection=None, info=None):
    """pytest-django's query count, leaving out the database cache's statements: a page's count is then
    the same with the database cache and with Redis (whose reads are not SQL), and says what the page asks
    of the database itself."""
    from contextlib import contextmanager

    from django.db import connection as default_connection
    from django.test.utils import CaptureQueriesContext

    from duplicate.caching import cache_statement

    @contextmanager
    def counting():
        with CaptureQueriesContext(connection or default_connection) as context:
            yield context
        own = [q["sql"] for q in context.captured_queries if not cache_statement(q["sql"])]
        if (len(own) != num) if exact else (len(own) > num):
            detail = "\n\n".join(own) if config.getoption("verbose") > 0 else "(add -v to show them)"
            pytest.fail(
                f"Expected {'' if exact else 'at most '}{num} queries but {len(own)} were done{': ' + info if info else ''}\n{detail}"
            )

    return counting()


@pytest.fixture
def django_assert_num_queries(pytestconfig):
    return lambda num, **kwargs: _app_queries(pytestconfig, num, **kwargs)


@pytest.fixture
def django_assert_max_num_queries(pytestconfig):
    return lambda num, **kwargs: _app_queries(pytestconfig, num, exact=False, **kwargs)


if TYPE_CHECKING:  # Django is imported lazily: tests/scoring runs without it (pytest -p no:django)
    from django.test import Client

    from duplicate.models import Event


@pytest.fixture
def director(db):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user(
        username="td", password="correct horse battery staple", is_staff=True, is_superuser=True
    )


@pytest.fixture
def director_client(director) -> Client:
    from django.test import Client

    client = Client()
    client.force_login(director)
    return client


@pytest.fixture
def mitchell_event(db) -> Event:
    from tests.factories import make_event

    return make_event()


@pytest.fixture
def fresh_cache(empty_cache):
    """An empty cache at the start of the test: what empty_cache gives every test (kept for the tests that
    ask for it by name)."""
