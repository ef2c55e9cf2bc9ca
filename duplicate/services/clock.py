"""The venue display's round clock: the director sets a round's length and starts (or stops) the clock."""

from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from duplicate.models import ROUND_MINUTES_MAX, Event
from duplicate.selectors.display import event_rounds
from duplicate.services.errors import ServiceError
from scoring.errors import show_value


@transaction.atomic
def event_round_clock_set(
    *, event: Event, minutes: int, clock_round: int | None, started_at: dt.datetime | None
) -> Event:
    """Store the round clock: ``minutes`` a round (0 to :data:`ROUND_MINUTES_MAX`; 0, no clock) and the round
    it was started at, when (``clock_round`` and ``started_at`` both given, or both ``None``: stopped).  A
    clock needs a round's length and one of the event's rounds.  The results version is bumped, so a venue
    display's poll sees the change and fetches its page (what it counts down from)."""
    if isinstance(minutes, bool) or not isinstance(minutes, int) or not 0 <= minutes <= ROUND_MINUTES_MAX:
        raise ServiceError(
            "round_minutes: "
            + _("must be a whole number from 0 to %(high)d, got %(got)s")
            % {"high": ROUND_MINUTES_MAX, "got": show_value(minutes)}
        )
    if (clock_round is None) != (started_at is None):
        raise ServiceError(
            "clock_round: " + _("a clock is started at a round and a time, or stopped (neither)")
        )
    if clock_round is not None:
        rounds = event_rounds(event)
        if minutes == 0:
            raise ServiceError("round_minutes: " + _("set a round's length before starting the clock"))
        if (
            isinstance(clock_round, bool)
            or not isinstance(clock_round, int)
            or not 1 <= clock_round <= rounds
        ):
            if not rounds:
                raise ServiceError("clock_round: " + _("the event has no rounds yet"))
            raise ServiceError(
                "clock_round: "
                + _("must be a round from 1 to %(high)d, got %(got)s")
                % {"high": rounds, "got": show_value(clock_round)}
            )
    Event.objects.filter(pk=event.pk).update(
        round_minutes=minutes,
        clock_round=clock_round,
        clock_started_at=started_at,
        results_version=F("results_version") + 1,
    )
    event.refresh_from_db(fields=["round_minutes", "clock_round", "clock_started_at", "results_version"])
    return event
