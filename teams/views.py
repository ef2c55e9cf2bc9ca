"""The team match page (duplicate law G): public and read-only, a fixed number of queries."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from duplicate.models import Event, EventKind
from duplicate.standings import team_standings


def team_match(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_object_or_404(Event, pk=pk)
    if event.kind != EventKind.TEAMS:
        return redirect("event_standings", pk=event.pk)
    match = team_standings(event)
    return render(request, "teams/match.html", {"event": event, "match": match, "progress": match.progress})
