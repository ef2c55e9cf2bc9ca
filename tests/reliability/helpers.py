"""Helpers for the reliability tests: a snapshot of the whole database (row counts of every model and the event
file of every event) to show that a refused write changed nothing."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.apps import apps
from django.contrib.admin.models import LogEntry
from django.db import transaction

from duplicate.models import Event, Play, TableToken
from duplicate.services import eventfile
from tests.duplicate.test_entry_helpers import board_data, plays_at  # noqa: F401 - the entry tests' own


@contextmanager
def rolled_back() -> Iterator[None]:
    """Run one hypothesis example in a savepoint that is rolled back, so examples start from the same rows."""
    with transaction.atomic():
        yield
        transaction.set_rollback(True)


# The sign-in throttle's counted attempts: every sign-in, refused or not, takes one (duplicate.security), so
# they are the one write a refused post makes by design.
NOT_COMPARED = {"duplicate.SignInSlot"}


def db_counts() -> dict[str, int]:
    return {
        model._meta.label: model.objects.count()
        for model in apps.get_models()
        if model._meta.app_label in ("duplicate", "teams", "auth", "admin")
        and model._meta.label not in NOT_COMPARED
    }


def db_snapshot() -> dict[str, Any]:
    return {
        "counts": db_counts(),
        "exports": {e.pk: json.dumps(eventfile.event_export(e), sort_keys=True) for e in Event.objects.all()},
        "versions": sorted(Play.objects.values_list("pk", "version")),
        "events": sorted(Event.objects.values_list("pk", "results_version", "status", "name")),
        "tokens": sorted(TableToken.objects.values_list("pk", "revoked")),
        "log": LogEntry.objects.count(),
    }
