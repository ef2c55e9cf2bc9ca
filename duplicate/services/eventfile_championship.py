"""A championship's file: ``{"kind": "championship", "name", "date", "carry_over", "carry_fraction",
"sessions": [<an ordinary event file>, ...]}`` (docs/files.md).  Written with each session's own event file
(``eventfile.event_export``) and read back session by session through ``eventfile.event_import``, each session
attached in its order (``services.championships.event_attach``): the same players are found on the roster
again, so the same people play every session.  All or nothing."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from duplicate.models import Championship
from duplicate.services.championships import SESSIONS_MAX, championship_create, event_attach
from duplicate.services.errors import ServiceError
from duplicate.services.eventfile import event_export, event_import, sizes_check

KIND = "championship"
TOP_KEYS = frozenset({"format", "kind", "name", "date", "carry_over", "carry_fraction", "sessions"})
FORMAT = "kalamazoo-championship/1"


def is_championship_file(data: Mapping[str, Any]) -> bool:
    """Whether an event file's object is a championship's (its ``kind``)."""
    return data.get("kind") == KIND


def championship_export(championship: Championship, *, director: bool = False) -> dict[str, Any]:
    """The championship's file: its choices and each session's event file, session 1 first."""
    return {
        "format": FORMAT,
        "kind": KIND,
        "name": championship.name,
        "date": championship.date.isoformat(),
        "carry_over": championship.carry_over,
        "carry_fraction": championship.carry_fraction,
        "sessions": [
            event_export(event, director=director) for event in championship.sessions.order_by("session")
        ],
    }


def _text(data: Mapping[str, Any], key: str, *, default: str | None = None) -> str:
    value = data.get(key, default)
    if not isinstance(value, str):
        raise ServiceError(
            _("%(field)s: must be a text, got %(value)s") % {"field": key, "value": json.dumps(value)[:40]}
        )
    return value


@transaction.atomic
def championship_import(*, data: Mapping[str, Any], analyse: bool = True) -> Championship:
    """A championship and every session from its file, in one transaction: all or nothing.  A session's
    error names it ("sessions[2]: ...")."""
    unknown = set(data) - TOP_KEYS
    if unknown:
        raise ServiceError(_("%(field)s: not a field of a championship file") % {"field": sorted(unknown)[0]})
    date_text = _text(data, "date")
    try:
        date = dt.date.fromisoformat(date_text)
    except ValueError:
        raise ServiceError(
            _("date: must be a date like 2026-10-03, got %(value)s") % {"value": repr(date_text)}
        ) from None
    sessions = data.get("sessions")
    if not isinstance(sessions, list) or not all(isinstance(s, dict) for s in sessions):
        raise ServiceError(_("sessions: must be a list of event files"))
    if len(sessions) > SESSIONS_MAX:
        raise ServiceError(
            _("sessions: at most %(limit)d, got %(count)d") % {"limit": SESSIONS_MAX, "count": len(sessions)}
        )
    championship = championship_create(
        name=_text(data, "name"),
        date=date,
        carry_over=_text(data, "carry_over", default="totals"),
        carry_fraction=_text(data, "carry_fraction", default=""),
    )
    for index, session in enumerate(sessions):
        try:
            sizes_check(session)
            event = event_import(data=session, analyse=analyse)
            event_attach(championship=championship, event=event)
        except ServiceError as exc:
            raise ServiceError(f"sessions[{index}]: {exc}") from None
    championship.refresh_from_db()
    return championship
