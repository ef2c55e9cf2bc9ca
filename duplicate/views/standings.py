"""Public, read-only standings pages: event standings, a pair's score card, a board's traveller.

Each page's changing part (the tables, the progress line) is rendered from the selectors' plain rows and
kept in Django's cache under the event's results version (``duplicate.caching``), keyed by everything else
it shows: the sort, page and section asked for, the board, and what the viewer may see (no peeking: decided
before the cache is read).  From the cache a page runs the same few queries at every size.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from duplicate import caching
from duplicate.models import Event, EventKind
from duplicate.selectors import events as sel
from duplicate.selectors import standings as st
from duplicate.selectors import travellers as tv
from duplicate.selectors.events import event_or_404
from duplicate.tables import ScoreCardTable, TravellerTable, configure, ranking_tables, selected_section


def status_badge(provisional: bool, *, status: str | None = None) -> str:
    """The page head's badge: with the event's ``status``, the event's (``selectors.event_badge``: what the
    events list and the overview say); without, "Provisional" or nothing (a traveller's own figures)."""
    if status is None:
        return '<span class="status provisional">Provisional</span>' if provisional else ""
    css, label = sel.event_badge(status, provisional=provisional)
    return format_html('<span class="status {}">{}</span>', css, label)


def progress_html(progress: st.Progress) -> str:
    return render_to_string("duplicate/standings_progress.html", {"progress": progress})


def _safe(parts: dict[str, Any]) -> dict[str, Any]:
    """The cached parts, rendered by this module's own templates, as trusted HTML."""
    return {k: mark_safe(v) if isinstance(v, str) else v for k, v in parts.items()}


def event_standings(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_or_404(pk)
    if event.kind == EventKind.TEAMS:
        return redirect("team_match", pk=event.pk)

    def build() -> dict[str, Any]:
        pairs = st.pair_infos(event)
        standings = st.pair_standings(event, pairs=pairs)
        letters = sorted({p.section for p in pairs.values()})
        section = selected_section(request, letters)
        rankings = ranking_tables(request, event.pk, standings.rankings, section)
        context = {"rankings": rankings, "letters": letters, "section": section}
        return {
            "status": status_badge(standings.provisional, status=event.status),
            "progress": progress_html(standings.progress),
            "rankings": render_to_string("duplicate/_standings_rankings.html", context, request=request),
            "single_ranking": standings.single_ranking,
            "version": event.results_version,  # the results these figures include (at least)
        }

    viewer = sel.viewer_of(request)
    parts = caching.cached(
        event, "standings", caching.query_variant(request.GET), build, director=viewer.director
    )
    context = {"event": event, "single_ranking": parts["single_ranking"], "parts": _safe(parts)}
    return render(request, "duplicate/standings.html", context)


def pair_scorecard(request: HttpRequest, pk: int, pair_pk: int) -> HttpResponse:
    event = event_or_404(pk)
    viewer = sel.viewer_of(request)
    # A visitor sees "being played" on the lines of boards still in play (their results and averages tell
    # what other tables made); the pair's place and total stay (standings are not hidden).
    hidden = sel.hidden_boards(sel.boards_in_play(event), viewer)

    def build() -> dict[str, Any] | None:
        card = tv.score_card(event, pair_pk, hidden=hidden)
        if card is None:
            return None
        table = configure(request, ScoreCardTable(card.lines, event_pk=event.pk))
        return {"card": card, "table": table.as_html(request)}

    variant = (pair_pk, tuple(sorted(hidden)), caching.query_variant(request.GET))
    parts = caching.cached(event, "score-card", variant, build, director=viewer.director)
    if parts is None:
        raise Http404("No such pair in this event.")
    card = parts["card"]
    context = {"event": event, "card": card, "progress": card.progress, "table": mark_safe(parts["table"])}
    return render(request, "duplicate/scorecard.html", context)


def board_traveller(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """A board's traveller: every table's result and the hands, once every table has played the board (or
    the event is finished); before that a visitor is told it is being played (a director sees it all)."""
    event = event_or_404(pk)
    return traveller_page(request, event, number, sel.viewer_of(request))


def traveller_page(
    request: HttpRequest, event: Event, number: int, viewer: sel.Viewer, *, token_secret: str = ""
) -> HttpResponse:
    """A board's traveller as ``viewer`` may see it (``selectors.events.board_visible``): the page, or "being
    played" (HTTP 200) with how many tables have played it, without the hands, the results or the averages.
    Decided from the database before the cache is read.  What is cached is only ever the whole traveller,
    the same for all who may see it, under the board's own results version: other boards' results leave
    it cached.  ``token_secret``: a table link's traveller (its previous and next boards' links keep to it)."""
    board = sel.traveller_board(event, number)
    if board is None:
        raise Http404("No such board in this event.")
    in_play = sel.boards_in_play(event, board=board)
    visible = sel.board_visible(number, in_play=in_play, viewer=viewer)
    context = {
        "event": event,
        "board": board,
        "last_board": board.last_number,  # type: ignore[attr-defined]  # annotated by traveller_board
        "in_play": not visible,
        "token_secret": token_secret,
        "parts": {"status": mark_safe(status_badge(provisional=True))},
    }
    if visible:

        def build() -> dict[str, Any]:
            trav = tv.traveller(event, board)
            table = configure(request, TravellerTable(trav.lines, event_pk=event.pk))
            averages = format_html(
                "N-S <strong>{}</strong> · E-W <strong>{}</strong>",
                trav.ns_average_display or "—",
                trav.ew_average_display or "—",
            )
            return {
                "diagram": trav.diagram,
                "status": status_badge(trav.progress.provisional),
                "progress": progress_html(trav.progress),
                "table": table.as_html(request),
                "averages": averages,
            }

        variant = (number, caching.query_variant(request.GET))
        parts = caching.cached(
            event, "traveller", variant, build, version=board.results_version, director=viewer.director
        )
        context["diagram"] = parts["diagram"]
        context["parts"] = _safe(parts)
    return render(request, "duplicate/traveller.html", context)
