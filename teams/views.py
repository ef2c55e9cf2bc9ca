"""The team match page (duplicate law G): public and read-only.  The match's plain rows are kept in Django's
cache under the event's results version (``duplicate.caching``), with that version: the page is live (it
refreshes itself when results arrive).  Its tables are made from the rows per request.

No peeking: what a viewer may see is decided before the cache is read.  A visitor's board-by-board tables
leave out the scores of the boards still in play (as the score cards do), and its totals count the released
boards only, unless the event runs totals over every result (``selectors.released_only``)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from duplicate import caching
from duplicate.models import Event, EventKind, ScoringCodeChoice
from duplicate.selectors.events import (
    boards_in_play,
    event_badge,
    event_or_404,
    hidden_boards,
    released_only,
    viewer_of,
)
from duplicate.selectors.imp_match import imp_match
from duplicate.selectors.standings import (
    BEING_PLAYED_NOTE,
    TeamStandings,
    event_results,
    pair_infos,
    team_standings,
)
from duplicate.tables import configure
from teams.tables import ImpBoardsTable, MatchTablesTable, TeamBoardsTable, TeamScoreTable

BOARDS_PER_PAGE = 500  # a table's boards on one page: its running total reads down the whole match


def team_match(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_or_404(pk)
    if event.kind != EventKind.TEAMS:
        return redirect("event_standings", pk=event.pk)
    viewer = viewer_of(request)
    hidden = hidden_boards(boards_in_play(event), viewer)
    counted = released_only(event, viewer)
    variant = (tuple(sorted(hidden)), caching.counted_variant(counted))
    if event.code == ScoringCodeChoice.CONTRACT:
        return _imp_match(request, event, hidden, variant, counted=counted, director=viewer.director)

    def build() -> tuple[TeamStandings, int]:
        pairs = pair_infos(event)
        results = event_results(event, pairs, released_only=counted)
        return team_standings(event, pairs=pairs, results=results, hidden=hidden), event.results_version

    # Kept with the results version it was worked out at: the page's script (static/js/live.js) polls for newer.
    match, version = caching.cached(event, "team-match-live", variant, build, latest=viewer.director)
    tables = configure(request, MatchTablesTable(match.tables, event_pk=event.pk, prefix="tables-"))
    boards = [
        {
            "line": line,
            "table": configure(
                request,
                TeamBoardsTable(line.lines, event_pk=event.pk, prefix=f"table-{line.table}-"),
                per_page=BOARDS_PER_PAGE,
            ),
        }
        for line in match.tables
    ]
    teams = [
        {
            "team": team,
            "table": configure(request, TeamScoreTable(team, event_pk=event.pk, prefix=f"team-{i}-")),
        }
        for i, team in enumerate(match.teams, start=1)
    ]
    badge = event_badge(event.status, provisional=match.progress.provisional)
    context = {
        "event": event,
        "match": match,
        "version": version,
        "progress": match.progress,
        "badge": badge,
        "tables": tables,
        "boards": boards,
        "teams": teams,
        "hidden": bool(hidden),
        "being_played": BEING_PLAYED_NOTE,
    }
    return render(request, "teams/match.html", context)


def _imp_match(
    request: HttpRequest,
    event: Event,
    hidden: frozenset[int],
    variant: tuple[object, ...],
    *,
    counted: bool,
    director: bool,
) -> HttpResponse:
    """A contract team match by IMPs and VPs, cached as the law G page is, with its version: live too."""
    match, version = caching.cached(
        event,
        "imp-match-live",
        variant,
        lambda: (imp_match(event, hidden=hidden, released_only=counted), event.results_version),
        latest=director,
    )
    boards = ImpBoardsTable(
        match.lines, event_pk=event.pk, home=match.home, away=match.away, prefix="boards-"
    )
    context = {
        "event": event,
        "match": match,
        "version": version,
        "progress": match.progress,
        "badge": event_badge(event.status, provisional=match.progress.provisional),
        "boards": configure(request, boards, per_page=BOARDS_PER_PAGE),
        "hidden": bool(hidden),
        "being_played": BEING_PLAYED_NOTE,
    }
    return render(request, "teams/imp_match.html", context)
