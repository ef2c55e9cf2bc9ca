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
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from duplicate import caching
from duplicate.models import Event, EventKind, EventStatus, Pair
from duplicate.pages import page_request, visitor_page
from duplicate.selectors import events as sel
from duplicate.selectors import standings as st
from duplicate.selectors import travellers as tv
from duplicate.selectors.analyses import board_double_dummy
from duplicate.selectors.contract import CONTRACT_NOTES
from duplicate.selectors.display import live_version, traveller_version
from duplicate.selectors.events import event_or_404
from duplicate.tables import (
    ScoreCardTable,
    TravellerTable,
    card_url,
    configure,
    ranking_tables,
    selected_section,
)
from scoring.codes import ScoringCode


def status_badge(progress: st.Progress | None, *, status: str | None = None) -> str:
    """The page head's badge, by ``selectors.event_badge``'s one rule: with the event's ``status``, the
    event's, as the events list and the overview say it; without (a traveller's own figures), the same once
    the event is finished, else "Provisional" or nothing. ``None``: no figures shown yet (a board in play)."""
    if progress is None or (status is None and not progress.finished):
        return (
            '<span class="status provisional">Provisional</span>'
            if progress is None or progress.provisional
            else ""
        )
    css, label = sel.event_badge(
        status or EventStatus.COMPLETE, provisional=progress.provisional, missing=progress.missing
    )
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
    # A search for a pair by a player's name (?q=) is the one thing not kept: the standings still are.
    search = sel.find_pairs(event, request.GET.get("q", ""))
    request = page_request(request)
    # What the totals count (no peeking): a visitor's, only the released boards, unless the event runs
    # totals over every result; a director's, every result.  The boards left out are those in play in the
    # very results the totals are worked out from (``event_results``), so they cost no query of their own,
    # and the key keeps the two apart (the results version fixes which boards are in play).
    released_only = sel.released_only(event, sel.viewer_of(request))
    page = (caching.query_variant(request.GET), caching.counted_variant(released_only))
    if search.query:
        return _standings(request, event, page, search, released_only=released_only)
    return visitor_page(
        request,
        event,
        "standings-page",
        page,
        lambda: _standings(request, event, page, released_only=released_only),
    )


def _standings(
    request: HttpRequest,
    event: Event,
    page: Hashable,
    search: sel.PairSearch | None = None,
    *,
    released_only: bool,
) -> HttpResponse:

    def build() -> dict[str, Any]:
        pairs = st.pair_infos(event)
        results = st.event_results(event, pairs, released_only=released_only)
        standings = st.pair_standings(event, pairs=pairs, results=results)
        letters = sorted({p.section for p in pairs.values()})
        section = selected_section(request, letters)
        rankings = ranking_tables(request, event.pk, standings.rankings, section)
        context = {"rankings": rankings, "letters": letters, "section": section}
        return {
            "status": status_badge(standings.progress, status=event.status),
            "progress": progress_html(standings.progress),
            "rankings": render_to_string("duplicate/_standings_rankings.html", context, request=request),
            "single_ranking": standings.single_ranking,
            "version": event.results_version,  # the results these figures include (at least)
        }

    parts = caching.cached(event, "standings", page, build, latest=True)
    context = {
        "event": event,
        "single_ranking": parts["single_ranking"],
        "parts": _safe(parts),
        "search": search or sel.PairSearch(),
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
    viewer = sel.viewer_of(request)
    # A visitor sees "being played" on the lines of boards still in play (their results and averages tell
    # what other tables made), and the pair's place and total over the released boards only (a total with
    # a board in play in it would tell the same), unless the event runs totals over every result.
    hidden = sel.hidden_boards(sel.boards_in_play(event), viewer)
    released_only = sel.released_only(event, viewer)

    def build() -> dict[str, Any] | None:
        pairs = st.pair_infos(event)
        pair_pk = next((p.pk for p in pairs.values() if str(p.label) == number), None)
        card = (
            None
            if pair_pk is None
            else tv.score_card(event, pair_pk, pairs=pairs, hidden=hidden, released_only=released_only)
        )
        if card is None:
            return None
        table = configure(
            request, ScoreCardTable(card.lines, event_pk=event.pk, pair=card.pair, hidden=hidden)
        )
        return {"card": card, "table": table.as_html(request), "version": event.results_version}

    variant = (
        number,
        tuple(sorted(hidden)),
        caching.counted_variant(released_only),
        caching.query_variant(request.GET),
    )
    parts = caching.cached(event, "score-card", variant, build, latest=viewer.director)
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
        "contest_note": CONTRACT_NOTES.get(event.contest, ""),  # a contract pair event's figures
    }
    return render(request, "duplicate/scorecard.html", context)


def board_traveller(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """A board's traveller: every table's result and the hands, once every table has played the board (or
    the event is finished); before that a visitor is told it is being played (a director sees it all)."""
    return traveller_page(request, sel.traveller_board(pk, number), sel.viewer_of(request))


def traveller_page(
    request: HttpRequest, found: sel.TravellerBoard, viewer: sel.Viewer, *, token_secret: str = ""
) -> HttpResponse:
    """A board's traveller as ``viewer`` may see it (``selectors.events.board_visible``): the page, or "being
    played" (HTTP 200) with how many tables have played it, without the hands, the results or the averages.
    Decided from the database before the cache is read.  What is cached is only ever the whole traveller,
    the same for all who may see it, under the version :func:`traveller_version` names (mostly the board's
    own: other boards' results leave it cached).  ``found``: from ``selectors.events.traveller_board``.
    ``token_secret``: a table link's traveller (its previous and next boards' links keep to it)."""
    board = found.board
    event, number = board.event, board.number
    request = page_request(request)
    in_play = sel.boards_in_play(event, board=found)
    visible = sel.board_visible(number, in_play=in_play, viewer=viewer)
    if token_secret:
        return _traveller(request, found, viewer, visible=visible, token_secret=token_secret)
    # What a visitor sees of a board changes only with its traveller's version (its results, its hands, a
    # name); the contest is in the key, as it decides whether that version is the board's or the event's.
    variant = (board.pk, visible, event.contest, caching.query_variant(request.GET))
    version = traveller_version(board, visible=visible)
    return visitor_page(
        request,
        event,
        "traveller-page",
        variant,
        lambda: _traveller(request, found, viewer, visible=visible, live=live_version(version, visible)),
        version=version,
        no_result_shown=not visible,  # "being played": one count
    )


def _traveller(
    request: HttpRequest,
    found: sel.TravellerBoard,
    viewer: sel.Viewer,
    *,
    visible: bool,
    token_secret: str = "",
    live: str = "",
) -> HttpResponse:
    board = found.board
    event = board.event
    context = {
        "event": event,
        "board": board,
        "last_board": found.last_number,
        "in_play": not visible,
        "token_secret": token_secret,
        "live_version": live,  # what the page's script polls for (a table link's page is not live)
        "parts": {"status": mark_safe(status_badge(None))},
        "contest_note": CONTRACT_NOTES.get(event.contest, ""),  # a contract pair event's figures
    }
    if not visible:
        context["played"], context["tables"] = sel.board_progress(board)
    else:

        def build() -> dict[str, Any]:
            trav = tv.traveller(event, board)
            table = configure(request, TravellerTable(trav.lines, event_pk=event.pk))
            averages = format_html(
                "N-S <strong>{}</strong> · E-W <strong>{}</strong>",
                trav.ns_average_shown or "—",
                trav.ew_average_shown or "—",
            )
            return {
                "diagram": trav.diagram,
                "status": status_badge(trav.progress),
                "progress": progress_html(trav.progress),
                "table": table.as_html(request),
                "averages": averages,
                "datum": trav.datum,  # Butler's (digits and section letters)
                # stored, never worked out here; its par for contract events only
                "double_dummy": board_double_dummy(board, par=event.code == ScoringCode.CONTRACT.value),
            }

        variant = (board.pk, event.contest, caching.query_variant(request.GET))  # the contest: as above
        parts = caching.cached(
            event, "traveller", variant, build, version=traveller_version(board), latest=True
        )
        context["diagram"] = parts["diagram"]
        context["double_dummy"] = parts["double_dummy"]
        context["parts"] = _safe(parts)
    return render(request, "duplicate/traveller.html", context)
