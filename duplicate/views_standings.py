"""Public, read-only standings pages: event standings, a pair's score card, a board's traveller.

Each page runs a fixed number of queries whatever the size of the event (see ``duplicate.standings``).
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django_tables2 import RequestConfig, Table

from duplicate import standings as st
from duplicate.models import Board, Event, EventKind
from duplicate.tables import (
    ScoreCardTable,
    StandingsTable,
    TravellerTable,
    score_card_records,
    standings_records,
    traveller_records,
)


def event_standings(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_object_or_404(Event, pk=pk)
    if event.kind == EventKind.TEAMS:
        return redirect("team_match", pk=event.pk)
    standings = st.pair_standings(event)
    config = RequestConfig(request, paginate=False)
    rankings = []
    for ranking in standings.rankings:
        prefix = f"{(ranking.direction or 'all').lower()}-"
        table = StandingsTable(standings_records(event.pk, ranking), prefix=prefix)
        config.configure(table)
        rankings.append({"ranking": ranking, "table": table})
    return render(
        request,
        "duplicate/standings.html",
        {"event": event, "standings": standings, "progress": standings.progress, "rankings": rankings},
    )


def _table_page(request: HttpRequest, template: str, table: Table, **context: Any) -> HttpResponse:
    """A page around one sortable table (a score card, a traveller)."""
    RequestConfig(request, paginate=False).configure(table)
    return render(request, template, {**context, "table": table})


def pair_scorecard(request: HttpRequest, pk: int, pair_pk: int) -> HttpResponse:
    event = get_object_or_404(Event, pk=pk)
    card = st.score_card(event, pair_pk)
    if card is None:
        raise Http404("No such pair in this event.")
    table = ScoreCardTable(score_card_records(event.pk, card))
    return _table_page(
        request, "duplicate/scorecard.html", table, event=event, card=card, progress=card.progress
    )


def board_traveller(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    event = get_object_or_404(Event, pk=pk)
    board = get_object_or_404(Board, event=event, number=number)
    trav = st.traveller(event, board)
    table = TravellerTable(traveller_records(event.pk, trav))
    return _table_page(
        request, "duplicate/traveller.html", table, event=event, trav=trav, progress=trav.progress
    )
