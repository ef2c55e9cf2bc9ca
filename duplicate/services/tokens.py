"""Table tokens: the secret link a table's players enter their results with."""

from __future__ import annotations

import secrets

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from duplicate.models import Event, EventStatus, Play, Section, TableToken
from duplicate.services.errors import ServiceError
from duplicate.services.results import EVENT_FINISHED, PermissionDenied


@transaction.atomic
def table_token_create(*, section: Section, table: int) -> TableToken:
    """A fresh secret for one table (the old one, if any, is revoked)."""

    if not 1 <= table <= section.tables:
        raise ServiceError(
            "table: " + _("must be from 1 to %(high)d, got %(got)s") % {"high": section.tables, "got": table}
        )
    TableToken.objects.filter(section=section, table=table, revoked=False).update(revoked=True)
    return TableToken.objects.create(section=section, table=table, secret=secrets.token_urlsafe(24))


@transaction.atomic
def table_token_revoke(*, token: TableToken) -> TableToken:
    token.revoked = True
    token.save(update_fields=["revoked"])
    return token


@transaction.atomic
def table_traveller_open(*, token: TableToken, number: int) -> int:
    """The table's players open board ``number``'s traveller through their link, to compare with the tables
    that played it before them: from then on their result on it stands and only the director changes it
    (no peeking: a table must not read the other results and then alter its own). Only a board the table has
    played (every one of its plays of it entered or ruled) opens; returns the plays marked. A finished
    event's link writes nothing (its travellers are everyone's to read already)."""

    if Event.objects.filter(pk=token.section.event_id, status=EventStatus.COMPLETE).exists():
        raise PermissionDenied(_(EVENT_FINISHED))
    plays = Play.objects.filter(
        seating__round__section_id=token.section_id, seating__table=token.table, board__number=number
    )
    if not plays.exists() or plays.filter(entered=False).exists():
        raise ServiceError(
            "board: "
            + _("table %(table)d has not played board %(number)d yet")
            % {"table": token.table, "number": number}
        )
    confirm = Event.objects.filter(pk=token.section.event_id, confirm_results=True).exists()
    if confirm and plays.filter(entered_by__in=("NS", "EW"), confirmed_at__isnull=True).exists():
        # law 79: the score agreed at the table; opening the traveller would make it stand unagreed
        raise ServiceError(
            "board: "
            + _("board %(number)d's result at table %(table)d waits for the other side's confirmation")
            % {"number": number, "table": token.table}
        )
    return plays.filter(table_saw_at__isnull=True).update(table_saw_at=timezone.now())
