"""Shared fixtures: a director login and small events built through the real services."""

from __future__ import annotations

import datetime as dt
import os
from typing import TYPE_CHECKING

import pytest
from hypothesis import settings as hypothesis_settings

# CI must be repeatable: the same examples on every run (a failure found by exploring locally is kept as a
# regression test). Locally hypothesis explores freely.
hypothesis_settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
if os.environ.get("CI"):
    hypothesis_settings.load_profile("ci")

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


def make_event(
    *,
    kind: str = "mitchell",
    tables: int = 3,
    boards_per_round: int = 2,
    code: str = "auction-1915",
    event_kind: str = "pairs",
    name: str = "Club night",
) -> Event:
    from duplicate import services

    movement = services.movement_build(kind=kind, tables=tables, boards_per_round=boards_per_round)
    return services.event_create(
        name=name, date=dt.date(1916, 3, 4), code=code, kind=event_kind, movement=movement
    )


@pytest.fixture
def mitchell_event(db) -> Event:
    return make_event()


@pytest.fixture
def fresh_cache():
    """Standings are cached per results version: start and end a test with an empty cache."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()
