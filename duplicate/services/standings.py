"""Publishing an event's standings: each pair's place and figure written as a ``Standing`` row once the event
is finished, for a player's page and the club ladder to read without working the contest out again.

:func:`event_standings_publish` is the one way they are written: by ``event_finish``, by an event file or
USEBIO import of a finished event, by a director's correction of a finished event's result or ranking, and by
the ``publish_standings`` command (events finished before publishing existed). Reopening an event withdraws
them (:func:`event_standings_withdraw`).

What a row holds, by the event's contest (``duplicate.contests``):
- a pair contest: the pair's place in its ranking (law H: the pairs who held the same cards), of how many pairs
  that ranking has, ``tied`` when another pair shares the place; ``score`` is what the pairs are ranked by
  (law H and duplicate whist: the plus/minus; matchpoints: the matchpoints; Butler and cross-IMPs: the
  IMPs), ``percentage`` the matchpoint percentage (blank for the others);
- the masterpoints of the pair's place by the event's award table (pair contests), blank without one;
- a team match (law G, or IMPs and VPs): each pair of a team gets its team's place among the teams and the
  team's figure (law G's total; the IMPs of an IMP match), so a player's page shows the match's result.
Exact figures are kept as texts ("1234/5").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from django.db import transaction

from duplicate.models import Event, EventKind, EventStatus, Standing
from duplicate.selectors.contract import ContractTeams
from duplicate.selectors.standings import (
    EventResults,
    PairInfo,
    event_results,
    pair_infos,
    pair_standings,
    team_standings,
)
from scoring.contests import fraction_str

#: The ranking a team match's rows are published in (its teams).
TEAMS_RANKING = "Teams"


@dataclass(frozen=True, slots=True)
class PublishedRow:
    """A pair's published line, before it is a ``Standing``."""

    pair: int
    ranking: str
    place: int
    tied: bool  # another pair of its ranking (a team match: another team) shares the place
    of: int
    score: Fraction
    percentage: Fraction | None
    masterpoints: Fraction | None = None  # by the event's award table (pair contests), None without one


def _pair_rows(event: Event, pairs: Mapping[int, PairInfo], results: EventResults) -> list[PublishedRow]:
    """A pair contest's rows, each ranking on its own."""
    standings = pair_standings(event, pairs=pairs, results=results)
    out = []
    for ranking in standings.rankings:
        shared = Counter(row.rank for row in ranking.rows)
        for row in ranking.rows:
            # Contract bridge's rows carry their contest: ``net`` is what they are ranked by; law H ranks by
            # the plus/minus.
            score = row.net if row.contest else row.plus_minus
            out.append(
                PublishedRow(
                    row.pair.pk,
                    ranking.title,
                    row.rank,
                    shared[row.rank] > 1,
                    len(ranking.rows),
                    score,
                    row.percentage,
                    row.masterpoints,
                )
            )
    return out


def _team_rows(event: Event, pairs: Mapping[int, PairInfo], results: EventResults) -> list[PublishedRow]:
    """A team match's rows: each pair gets its team's place and figure (law G's total, or an IMP match's
    IMPs: the team with more IMPs first, equal IMPs sharing the place)."""
    places: dict[str, tuple[int, Fraction]] = {}
    if isinstance(results.contest, ContractTeams):
        match = results.contest.match
        if match is not None:
            home, away = Fraction(match.home_imps), Fraction(match.away_imps)
            places[match.home] = (1 if home >= away else 2, home)
            places[match.away] = (1 if away >= home else 2, away)
    else:
        for team in team_standings(event, pairs=pairs, results=results).teams:
            places[team.name] = (team.rank, team.total)
    shared = Counter(place for place, _figure in places.values())
    out = []
    for pk, info in pairs.items():
        if info.team in places:
            place, figure = places[info.team]
            out.append(PublishedRow(pk, TEAMS_RANKING, place, shared[place] > 1, len(places), figure, None))
    return out


def published_rows(event: Event) -> list[PublishedRow]:
    """The rows the event's standings publish, worked out as its standings page works them out (two
    queries)."""
    pairs = pair_infos(event)
    results = event_results(event, pairs)
    if event.kind == EventKind.TEAMS:
        return _team_rows(event, pairs, results)
    return _pair_rows(event, pairs, results)


@transaction.atomic
def event_standings_publish(*, event: Event) -> int:
    """Write the finished event's standings afresh (any published before are replaced); an event not
    finished has none (any left are removed). Returns the rows written."""
    Standing.objects.filter(event_id=event.pk).delete()
    fresh = Event.objects.filter(pk=event.pk).first()  # its status and ranking as stored now
    if fresh is None or fresh.status != EventStatus.COMPLETE:
        return 0
    rows = published_rows(fresh)
    Standing.objects.bulk_create(
        Standing(
            event_id=event.pk,
            pair_id=row.pair,
            ranking=row.ranking,
            place=row.place,
            tied=row.tied,
            of=row.of,
            score=fraction_str(row.score),
            percentage="" if row.percentage is None else fraction_str(row.percentage),
            masterpoints="" if row.masterpoints is None else fraction_str(row.masterpoints),
        )
        for row in rows
    )
    return len(rows)


@transaction.atomic
def event_standings_withdraw(*, event: Event) -> int:
    """Remove the event's published standings (it is reopened). Returns the rows removed."""
    removed, _by_model = Standing.objects.filter(event_id=event.pk).delete()
    return removed
