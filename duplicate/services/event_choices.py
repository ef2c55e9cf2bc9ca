"""An event's choices checked and stored: its contest, law 12C2's average plus, Butler's datum, the ranking,
the results shown, running totals and the award table (each bumps the results version when it changes)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from django.db import transaction
from django.utils.translation import gettext as _

from duplicate.contests import DATUM_CONTESTS, IMP_CONTESTS, PAIR_CONTESTS, TEAM_CONTESTS, is_contract
from duplicate.models import (
    ButlerDrop,
    Event,
    EventKind,
    EventStatus,
    HalfRounding,
    RankingChoice,
    ResultsSource,
)
from duplicate.services.errors import ServiceError
from duplicate.services.results import event_results_touch
from duplicate.services.standings import event_standings_publish
from scoring.awards import MAX_DECIMALS, MAX_PLACES, MAX_POINTS, table_texts
from scoring.contests.imps import AVERAGE_PLUS_IMPS, average_plus_imps
from scoring.errors import ScoringError, show_value


def contest_for(*, code: str, kind: str, contest: str | None) -> str:
    """The event's contest, checked against its code and kind: a contract pair event's matchpoints (the
    default), Butler or cross-IMPs, a contract team match's IMPs; blank (law H / law G) for the historic
    codes. ServiceError names the field."""
    if not is_contract(code):
        if contest:
            raise ServiceError(
                "contest: "
                + _("%(code)s events are scored by law H (pairs) or law G (teams); leave it out")
                % {"code": code}
            )
        return ""
    allowed = TEAM_CONTESTS if kind == EventKind.TEAMS else PAIR_CONTESTS
    if not contest:
        return allowed[0]
    if contest not in allowed:
        refused = (
            _("a team match of contract bridge is scored by %(choices)s, got %(got)s")
            if kind == EventKind.TEAMS
            else _("a pair event of contract bridge is scored by %(choices)s, got %(got)s")
        )
        raise ServiceError("contest: " + refused % {"choices": ", ".join(allowed), "got": repr(contest)})
    return contest


def reads_average_plus(contest: str) -> bool:
    """Whether an event of ``contest`` reads law 12C2's IMPs of average plus: a contest scored in IMPs."""
    return contest in IMP_CONTESTS


def average_plus_for(*, contest: str, value: object) -> int:
    """Law 12C2's IMPs of an artificial average plus, checked: a whole number from 1 to 24, and other than 3
    only for a contest scored in IMPs (a team match by IMPs, Butler, cross-IMPs), which alone reads it.
    ServiceError names the field.  The one rule: the new-event form, the admin and an event file's import
    all check the figure here."""
    try:
        average_plus = average_plus_imps(value)
    except ScoringError as exc:
        raise ServiceError(str(exc)) from None
    if average_plus != AVERAGE_PLUS_IMPS and not reads_average_plus(contest):
        raise ServiceError(
            "average_plus_imps: "
            + _(
                "only a contest scored in IMPs (a team match by IMPs, Butler, cross-IMPs) "
                "scores an artificial score in IMPs (law 12C2); leave it at %(n)d"
            )
            % {"n": AVERAGE_PLUS_IMPS}
        )
    return average_plus


def reads_datum(contest: str) -> bool:
    """Whether an event of ``contest`` is scored against a datum of its choosing (Butler)."""
    return contest in DATUM_CONTESTS


def butler_datum_for(*, contest: str, drop: object, halves: object) -> tuple[str, str]:
    """Butler's datum as the event chooses it, checked: how many results each end drops (``drop``, one of
    ``ButlerDrop``) and how halves round (``halves``, one of ``HalfRounding``); other than the defaults only
    for a contest scored against a datum (Butler), which alone reads them.  ServiceError names the field.
    The one rule: the new-event form, the event's settings and an event file's import all check it here."""
    for field, value, choices in (
        ("butler_drop", drop, ButlerDrop),
        ("butler_halves", halves, HalfRounding),
    ):
        if value not in choices.values:
            raise ServiceError(
                f"{field}: "
                + _("must be one of %(choices)s, got %(got)s")
                % {"choices": ", ".join(choices.values), "got": show_value(value)}
            )
    if (drop, halves) != (ButlerDrop.ONE, HalfRounding.AWAY) and not reads_datum(contest):
        raise ServiceError(
            "butler_drop: "
            + _("only a Butler contest has a datum to choose; leave it at %(drop)s and %(halves)s")
            % {"drop": ButlerDrop.ONE, "halves": HalfRounding.AWAY}
        )
    return str(drop), str(halves)


@transaction.atomic
def event_butler_datum_set(*, event: Event, drop: object, halves: object) -> Event:
    """The director's choice of Butler's datum (:func:`butler_datum_for`): how many of a board's results each
    end drops and how halves round.  The results version is bumped: every board is scored afresh."""
    drop, halves = butler_datum_for(contest=event.contest, drop=drop, halves=halves)
    changed = (event.butler_drop, event.butler_halves) != (drop, halves)
    event = _event_choice_set(event, "butler_drop", drop)
    event = _event_choice_set(event, "butler_halves", halves)
    if changed and event.status == EventStatus.COMPLETE:
        event_standings_publish(event=event)  # its places are ranked afresh
    return event


@transaction.atomic
def event_ranking_set(*, event: Event, ranking: str) -> Event:
    """The director's choice for sections playing the same hands: ranked across the field (law H, the
    default) or each section on its own. The results version is bumped: every page ranks afresh."""
    if ranking not in RankingChoice.values:
        raise ServiceError(
            "ranking: "
            + _("must be one of %(choices)s, got %(got)s")
            % {"choices": ", ".join(RankingChoice.values), "got": show_value(ranking)}
        )
    changed = event.ranking != ranking
    event = _event_choice_set(event, "ranking", ranking)
    if changed and event.status == EventStatus.COMPLETE:
        event_standings_publish(event=event)  # its places are ranked afresh
    return event


@transaction.atomic
def event_results_source_set(*, event: Event, source: str) -> Event:
    """The director's choice for an event imported from another scorer's file: show the results that scorer
    published (``published``: its totals, percentages, places, line figures and Butler datums, kept by the
    import) or Kalamazoo's recomputation (``recomputed``). The results version is bumped: every page shows the
    choice afresh (a finished event's standings are published afresh)."""
    if source not in ResultsSource.values:
        raise ServiceError(
            "results_source: "
            + _("must be one of %(choices)s, got %(got)s")
            % {"choices": ", ".join(ResultsSource.values), "got": show_value(source)}
        )
    if source == ResultsSource.PUBLISHED and event.kind != EventKind.PAIRS:
        raise ServiceError(
            "results_source: " + _("a team match shows Kalamazoo's IMPs and VPs, worked out afresh")
        )
    changed = event.results_source != source
    event = _event_choice_set(event, "results_source", source)
    if changed and event.status == EventStatus.COMPLETE:
        event_standings_publish(event=event)
    return event


def _event_choice_set(event: Event, field: str, value: object) -> Event:
    """A director's choice for how the event's pages show its results, stored when it changes; the results
    version is bumped with it, so every page is worked out afresh."""
    if getattr(event, field) != value:
        Event.objects.filter(pk=event.pk).update(**{field: value})
        setattr(event, field, value)
        event_results_touch(event_ids=[event.pk])
        event.refresh_from_db(fields=["results_version"])
    return event


@transaction.atomic
def event_running_totals_set(*, event: Event, running_totals: bool) -> Event:
    """The director's choice of what visitors' totals count while a board is in play: every result entered
    (``running_totals``: standings that move with every save, which tell a visitor who compares them what a
    table scored on a board other tables are still to play) or only the released boards (the default, no
    peeking).  The results version is bumped: every page's totals are worked out afresh."""
    if not isinstance(running_totals, bool):
        raise ServiceError(
            "running_totals: " + _("must be true or false, got %(got)s") % {"got": show_value(running_totals)}
        )
    return _event_choice_set(event, "running_totals", running_totals)


@transaction.atomic
def event_awards_set(*, event: Event, table: Sequence[Fraction]) -> Event:
    """The director's award table (masterpoints): the points of each place, first place first
    (``scoring.awards``); an empty table awards none. Each entry a non-negative number of at most two decimal
    places, at most 100 places. The results version is bumped: the standings show the new points."""
    if len(table) > MAX_PLACES:
        raise ServiceError(
            _("award table: at most %(n)d places, got %(got)d") % {"n": MAX_PLACES, "got": len(table)}
        )
    for place, points in enumerate(table, start=1):
        if (
            not isinstance(points, Fraction | int)
            or isinstance(points, bool)
            or not 0 <= points < MAX_POINTS
            or (10**MAX_DECIMALS) % points.denominator
        ):
            raise ServiceError(
                _(
                    "award table: place %(place)d: %(got)s is not a number of points from 0 to %(high)d of at "
                    "most %(decimals)d decimal places"
                )
                % {
                    "place": place,
                    "got": show_value(points),
                    "high": MAX_POINTS - 1,
                    "decimals": MAX_DECIMALS,
                }
            )
    event = _event_choice_set(event, "awards", table_texts([Fraction(p) for p in table]))
    event_standings_publish(event=event)  # a finished event's published masterpoints follow the table
    return event
