"""The team match page (duplicate law G): public and read-only, a fixed number of queries."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from duplicate.models import Event, EventKind
from duplicate.standings import team_standings
from duplicate.tables import configure
from teams.tables import MatchTablesTable, TeamScoreTable


def team_match(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_object_or_404(Event, pk=pk)
    if event.kind != EventKind.TEAMS:
        return redirect("event_standings", pk=event.pk)
    match = team_standings(event)
    tables = configure(request, MatchTablesTable(match.tables, event_pk=event.pk, prefix="tables-"))
    teams = [
        {"team": team, "table": configure(request, TeamScoreTable(team, event_pk=event.pk, prefix=f"team-{i}-"))}
        for i, team in enumerate(match.teams, start=1)
    ]
    context = {"event": event, "match": match, "progress": match.progress, "tables": tables, "teams": teams}
    return render(request, "teams/match.html", context)
