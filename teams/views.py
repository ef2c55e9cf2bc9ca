"""The team match page (duplicate law G): public and read-only.  The match's plain rows are kept in Django's
cache under the event's results version (``duplicate.caching``); its tables are made from them per request."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from duplicate import caching
from duplicate.models import EventKind
from duplicate.selectors.events import event_badge, event_or_404, viewer_of
from duplicate.selectors.standings import team_standings
from duplicate.tables import configure
from teams.tables import MatchTablesTable, TeamScoreTable


def team_match(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_or_404(pk)
    if event.kind != EventKind.TEAMS:
        return redirect("event_standings", pk=event.pk)
    match = caching.cached(
        event, "team-match", (), lambda: team_standings(event), latest=viewer_of(request).director
    )
    tables = configure(request, MatchTablesTable(match.tables, event_pk=event.pk, prefix="tables-"))
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
        "progress": match.progress,
        "badge": badge,
        "tables": tables,
        "teams": teams,
    }
    return render(request, "teams/match.html", context)
