"""Public, read-only standings pages: event standings, a pair's score card, a board's traveller.

Each page's changing part (the tables, the progress line) is rendered from the selectors' plain rows and
kept in Django's cache under the event's results version (``duplicate.caching``), keyed by everything else
it shows: the sort, page and section asked for, the board, and what the viewer may see (no peeking: decided
before the cache is read).  From the cache a page runs the same few queries at every size.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe

from duplicate import caching
from duplicate.contests import contest_of
from duplicate.models import Event, EventKind, Pair
from duplicate.pages import (
    page_request,
    progress_html,
    status_badge,
    traveller_page,
    trusted_parts,
    visitor_page,
)
from duplicate.selectors import events as event_selectors
from duplicate.selectors import standings as standings_selectors
from duplicate.selectors import travellers as traveller_selectors
from duplicate.selectors.events import event_or_404
from duplicate.tables import (
    ScoreCardTable,
    card_url,
    configure,
    ranking_tables,
    selected_section,
)


def event_standings(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_or_404(pk)
    if contest_of(event).of_matches:  # a league's or a Swiss's standings: its VP table
        return redirect("matches_event", pk=event.pk)
    if event.kind == EventKind.TEAMS:
        return redirect("team_match", pk=event.pk)
    viewer = event_selectors.viewer_of(request)
    # A search for a pair by a player's name (?q=) is the one thing not kept: the standings still are.  A
    # visitor's finds the names as shown to visitors only (duplicate.privacy).
    search = event_selectors.find_pairs(event, request.GET.get("q", ""), director=viewer.director)
    request = page_request(request)
    # What the totals count (no peeking): a visitor's, only the released boards, unless the event runs
    # totals over every result; a director's, every result.  The boards left out are those in play in the
    # very results the totals are worked out from (``event_results``), so they cost no query of their own,
    # and the key keeps the two apart (the results version fixes which boards are in play).
    released_only = event_selectors.released_only(event, viewer)
    page = (
        caching.query_variant(request.GET),
        caching.counted_variant(released_only),
        caching.names_variant(viewer.director),
    )
    if search.query:
        return _standings(request, event, page, search, released_only=released_only, director=viewer.director)
    return visitor_page(
        request,
        event,
        "standings-page",
        page,
        lambda: _standings(request, event, page, released_only=released_only, director=viewer.director),
    )


def _standings(
    request: HttpRequest,
    event: Event,
    page: Hashable,
    search: event_selectors.PairSearch | None = None,
    *,
    released_only: bool,
    director: bool,
) -> HttpResponse:

    def build() -> dict[str, Any]:
        pairs = standings_selectors.pair_infos(event, director=director)
        results = standings_selectors.event_results(event, pairs, released_only=released_only)
        standings = standings_selectors.pair_standings(event, pairs=pairs, results=results)
        letters = sorted({p.section for p in pairs.values()})
        section = selected_section(request, letters)
        rankings = ranking_tables(request, event.pk, standings.rankings, section, contest=standings.described)
        context = {"rankings": rankings, "letters": letters, "section": section}
        return {
            "status": status_badge(standings.progress, status=event.status),
            "progress": progress_html(standings.progress),
            "rankings": render_to_string("duplicate/_standings_rankings.html", context, request=request),
            "single_ranking": standings.single_ranking,
            "version": event.results_version,  # the results these figures include (at least)
        }

    parts = caching.cached(event, "standings", page, build, current_only=True)
    context = {
        "event": event,
        "single_ranking": parts["single_ranking"],
        "parts": trusted_parts(parts),
        "search": search or event_selectors.PairSearch(),
    }
    return render(request, "duplicate/standings.html", context)


def pair_scorecard_by_id(request: HttpRequest, pk: int, pair_pk: int) -> HttpResponse:
    """The score card's first address, by the pair's database id: sent on to its number's, with the query."""
    pair = get_object_or_404(Pair, event_id=pk, pk=pair_pk)
    url = card_url(pk, pair)
    query = request.GET.urlencode()
    return redirect(f"{url}?{query}" if query else url, permanent=True)


def pair_scorecard(request: HttpRequest, pk: int, number: str) -> HttpResponse:
    """A pair's score card, by its number as the pages show it ("1", "A1"): its place and total, each board's
    result and the field's average, and links to the travellers of the boards already released."""
    event = event_or_404(pk)
    request = page_request(request)
    viewer = event_selectors.viewer_of(request)
    # A visitor sees "being played" on the lines of boards still in play (their results and averages tell
    # what other tables made), and the pair's place and total over the released boards only (a total with
    # a board in play in it would tell the same), unless the event runs totals over every result.
    hidden = event_selectors.hidden_boards(event_selectors.boards_in_play(event), viewer)
    released_only = event_selectors.released_only(event, viewer)

    def build() -> dict[str, Any] | None:
        pairs = standings_selectors.pair_infos(event, director=viewer.director)
        pair_pk = next((p.pk for p in pairs.values() if str(p.label) == number), None)
        card = (
            None
            if pair_pk is None
            else traveller_selectors.score_card(
                event, pair_pk, pairs=pairs, hidden=hidden, released_only=released_only
            )
        )
        if card is None:
            return None
        table = configure(
            request,
            ScoreCardTable(
                card.lines, event_pk=event.pk, pair=card.pair, hidden=hidden, contest=contest_of(event)
            ),
        )
        return {"card": card, "table": table.as_html(request), "version": event.results_version}

    variant = (
        number,
        tuple(sorted(hidden)),
        caching.counted_variant(released_only),
        caching.names_variant(viewer.director),
        caching.query_variant(request.GET),
    )
    parts = caching.cached(event, "score-card", variant, build, current_only=viewer.director)
    if parts is None:
        raise Http404("No such pair in this event.")
    card = parts["card"]
    context = {
        "event": event,
        "card": card,
        "progress": card.progress,
        "badge": mark_safe(status_badge(card.progress)),  # this module's own markup
        "table": mark_safe(parts["table"]),
        # The results its figures include: the page's script polls for newer.
        "version": parts.get("version", ""),
        "contest_note": contest_of(event).note,  # a contract event's figures
    }
    return render(request, "duplicate/scorecard.html", context)


def board_traveller(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """A board's traveller: every table's result and the hands, once every table has played the board (or
    the event is finished); before that a visitor is told it is being played (a director sees it all)."""
    return traveller_page(
        request, event_selectors.traveller_board(pk, number), event_selectors.viewer_of(request)
    )
