"""Championships of sessions: create one, add its next session (an ordinary event, made by ``event_create``, its
pairs named after the last session's players), attach an event as a session.  Every session shares the scoring
code, the kind and the contest (their figures are added overall: docs/championships.md)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from duplicate.contests import contest_of
from duplicate.models import CarryOver, Championship, Event, EventKind, Pair
from duplicate.services.errors import ServiceError, fits
from duplicate.services.events import event_create, event_names_update
from duplicate.services.results import event_results_touch
from scoring.contests.carry_over import carry_fraction, carry_fraction_written
from scoring.errors import ContestError, show_value
from scoring.movements import Movement

#: The most sessions a championship has.
SESSIONS_MAX = 99


def _fraction_text(carry_over: str, fraction: str) -> str:
    """The share carried as stored: checked and kept as written (its spaces taken out) for ``carry``; blank
    otherwise."""
    if carry_over != CarryOver.CARRY:
        return ""
    try:
        carry_fraction(fraction)
    except ContestError as exc:
        raise ServiceError(str(exc)) from None
    return fits("carry_fraction", carry_fraction_written(fraction), Championship, "carry_fraction")


def championship_touch(*, championship: Championship) -> None:
    """Bump the championship's results version (its overall pages are kept with it and its sessions')."""
    Championship.objects.filter(pk=championship.pk).update(results_version=F("results_version") + 1)
    championship.refresh_from_db(fields=["results_version"])


@transaction.atomic
def championship_create(
    *, name: str, date: dt.date, carry_over: str, carry_fraction: str = ""
) -> Championship:
    """A championship with no session yet: ``carry_over`` one of ``CarryOver``; ``carry_fraction`` the share of
    the qualifying session carried ("1/2", "0.25": more than 0, at most 1), read for ``carry`` only."""
    name = name.strip() if isinstance(name, str) else ""
    if not name:
        raise ServiceError("name: " + _("give the championship a name"))
    fits("name", name, Championship, "name")
    if not isinstance(date, dt.date):
        raise ServiceError("date: " + _("give a date, got %(got)s") % {"got": show_value(str(date))})
    if carry_over not in CarryOver.values:
        raise ServiceError(
            "carry_over: "
            + _("must be one of %(choices)s, got %(got)s")
            % {"choices": ", ".join(CarryOver.values), "got": show_value(carry_over)}
        )
    fraction = _fraction_text(carry_over, carry_fraction if isinstance(carry_fraction, str) else "")
    return Championship.objects.create(name=name, date=date, carry_over=carry_over, carry_fraction=fraction)


def _same_contest(championship: Championship, event: Event) -> None:
    """Refuse an event whose figures cannot be added to the other sessions': a team event, or another contest."""
    if event.kind != EventKind.PAIRS or contest_of(event).of_matches:
        raise ServiceError("session: " + _("a session of a championship is a pair contest"))
    first = championship.sessions.exclude(pk=event.pk).order_by("session").first()
    if first is None:
        return
    if (first.code, first.kind, contest_of(first).name) != (event.code, event.kind, contest_of(event).name):
        raise ServiceError(
            "session: "
            + _(
                "every session of a championship is scored alike: %(contest)s under %(code)s, as session "
                "%(session)s"
            )
            % {"contest": contest_of(first).title, "code": first.get_code_display(), "session": first.session}
        )


def _weighted_fits(championship: Championship, event: Event) -> None:
    if championship.carry_over == CarryOver.WEIGHTED and contest_of(event).headings.percentage != "%":
        raise ServiceError(
            "session: "
            + _(
                "a percentage weighted by boards needs a contest with percentages (matchpoints); "
                "%(contest)s has none"
            )
            % {"contest": contest_of(event).title}
        )


def _next_number(championship: Championship) -> int:
    last = championship.sessions.order_by("-session").values_list("session", flat=True).first() or 0
    if last >= SESSIONS_MAX:
        raise ServiceError("session: " + _("a championship has at most %(n)d sessions") % {"n": SESSIONS_MAX})
    return last + 1


def _carry_players(*, previous: Event, event: Event) -> int:
    """Name the new session's pairs after the last session's players, pair by pair in the movements' order
    (the last session's first pair's players sit as the new first pair, ...; pairs beyond either field are
    left as they are).  Returns how many pairs were named."""
    before = list(
        Pair.objects.filter(event=previous).select_related("player1", "player2").order_by("position", "id")
    )
    after = list(Pair.objects.filter(event=event).order_by("position", "id").values_list("number", flat=True))
    names = {
        number: (old.player1, old.player2)
        for number, old in zip(after, before, strict=False)
        if old.player1 is not None or old.player2 is not None
    }
    return event_names_update(event=event, pairs=names) if names else 0  # type: ignore[arg-type]


@transaction.atomic
def session_add(
    *, championship: Championship, movement: Movement, date: dt.date | None = None, **choices: Any
) -> Event:
    """The championship's next session: an ordinary event (``event_create``, ``choices`` its keyword
    arguments: code, kind, contest, sections, ...), named "<championship> - session N", laid out by
    ``movement``; its pairs named after the last session's players (the same people play every session, under
    the numbers this movement gives them).  A later session takes the first session's code, kind and contest
    when ``choices`` leaves them out, and refuses others."""
    locked = Championship.objects.select_for_update().get(pk=championship.pk)
    number = _next_number(locked)
    previous = locked.sessions.order_by("-session").first()
    if previous is not None:
        for field in ("code", "kind", "contest"):
            choices.setdefault(field, getattr(previous, field) or None)
    if "code" not in choices or "kind" not in choices:
        raise ServiceError("code: " + _("the first session needs a scoring code and a kind"))
    name = choices.pop("name", "") or f"{locked.name} - session {number}"
    event = event_create(name=name, date=date or locked.date, movement=movement, **choices)
    _attach(locked, event, number)
    if previous is not None:
        _carry_players(previous=previous, event=event)
    championship.refresh_from_db()
    return event


def _attach(championship: Championship, event: Event, number: int) -> None:
    _same_contest(championship, event)
    _weighted_fits(championship, event)
    Event.objects.filter(pk=event.pk).update(championship=championship, session=number)
    event.championship, event.session = championship, number
    event_results_touch(event_ids=[event.pk])
    championship_touch(championship=championship)


@transaction.atomic
def event_attach(*, championship: Championship, event: Event) -> Event:
    """Attach an existing event as the championship's next session (its pairs keep their players: the
    roster players name the same people in every session)."""
    locked = Championship.objects.select_for_update().get(pk=championship.pk)
    current = Event.objects.select_for_update().get(pk=event.pk)
    if current.championship_id is not None:
        raise ServiceError(
            "event: "
            + _("%(event)s is already session %(session)s of a championship")
            % {"event": current.name, "session": current.session}
        )
    _attach(locked, current, _next_number(locked))
    championship.refresh_from_db()
    return current


@transaction.atomic
def event_detach(*, championship: Championship, event: Event) -> Event:
    """Take the championship's last session out of it (an event attached by mistake): the event keeps its
    pairs and results, an event on its own again.  Only the last, so that the sessions stay numbered 1, 2, ..."""
    locked = Championship.objects.select_for_update().get(pk=championship.pk)
    current = Event.objects.select_for_update().get(pk=event.pk)
    if current.championship_id != locked.pk:
        raise ServiceError(
            "event: "
            + _("%(event)s is not a session of %(championship)s")
            % {"event": current.name, "championship": locked.name}
        )
    last = locked.sessions.order_by("-session").values_list("session", flat=True).first()
    if current.session != last:
        raise ServiceError(
            "event: " + _("only the last session, session %(n)s, can be taken out") % {"n": last}
        )
    Event.objects.filter(pk=current.pk).update(championship=None, session=None)
    current.championship, current.session = None, None
    event_results_touch(event_ids=[current.pk])
    championship_touch(championship=locked)
    championship.refresh_from_db()
    return current
