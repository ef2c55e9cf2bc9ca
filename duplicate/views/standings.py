"""Public, read-only standings pages: event standings, a pair's score card, a board's traveller.

Each page runs a fixed number of queries whatever the size of the event (see ``duplicate.standings``); the
tables are written by ``duplicate.tables`` (sortable by ``?sort=``, as before).
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.html import escape

from duplicate import pages, shared
from duplicate import selectors as sel
from duplicate import standings as st
from duplicate.models import Board, Event, EventKind
from duplicate.selectors import event_or_404
from duplicate.tables import ScoreCardTable, TravellerTable, configure, ranking_tables, selected_section


def standings_part_key(event: Any, query: Any) -> tuple[Any, ...]:
    """The standings page's parts' key among the event's shared parts (``shared.part``)."""
    return ("standings", event.name, event.date, event.code, event.kind, query.urlencode())


def event_standings(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_or_404(pk)
    if event.kind == EventKind.TEAMS:
        return redirect("team_match", pk=event.pk)
    query = request.GET
    fields = (event.name, event.date, event.code, event.kind)

    def build() -> dict[str, Any]:
        pairs = st.pair_infos(event)
        results = st.event_results(event, pairs)
        standings = st.pair_standings(event, pairs=pairs, results=results)
        names = st.Names(pairs)

        def rankings_html() -> str:
            letters = sorted({p.section for p in pairs.values()})
            section = selected_section(request, letters)
            rankings = ranking_tables(request, event.pk, standings.rankings, section)
            context = {"rankings": rankings, "letters": letters, "section": section}
            return render_to_string("duplicate/_standings_rankings.html", context, request=request)

        progress = standings.progress
        return {
            "parts": {
                "status": pages.status_badge(progress.provisional, final=True),
                "progress": st.memo(
                    event, results, ("progress.html",), lambda: pages.progress_html(progress)
                ),
                "rankings": st.memo(
                    event,
                    results,
                    ("rankings.html", names, *fields, query.urlencode()),
                    lambda: rankings_html().encode(),
                ),
            },
            "single_ranking": standings.single_ranking,
        }

    # Shared only without a query: a sorted page (any query: the table's links carry it) is worked out here,
    # never written, so that no visitor can fill the shared directory with pages of their own (found in
    # review). A visitor (not signed in) asking while another process writes this version's parts is shown
    # the version just before (milliseconds old); a director always sees the latest, their own results in it.
    if not query:
        key = standings_part_key(event, query)
        visitor = not request.user.is_authenticated
        made = shared.part(event, event.results_version, key, build, previous_ok=visitor)
    else:
        made = build()
    single = made["single_ranking"]
    context = {"event": event, "single_ranking": single}
    return pages.render_parts(
        request, "duplicate/standings.html", context, made["parts"], (event.pk, *fields, single)
    )


def pair_scorecard(request: HttpRequest, pk: int, pair_pk: int) -> HttpResponse:
    event = event_or_404(pk)
    pairs = st.pair_infos(event)
    if pair_pk not in pairs:
        raise Http404("No such pair in this event.")
    results = st.event_results(event, pairs)
    # A visitor sees "being played" on the lines of boards still in play (their results and averages tell
    # what other tables made); the pair's place and total stay (standings are not hidden).
    hidden = sel.hidden_boards(sel.boards_in_play(event, results), sel.viewer_of(request))
    card = st.score_card(event, pair_pk, pairs=pairs, results=results, hidden=hidden)
    if card is None:  # pragma: no cover - checked above
        raise Http404("No such pair in this event.")
    table = configure(request, ScoreCardTable(card.lines, event_pk=event.pk))
    return render(
        request,
        "duplicate/scorecard.html",
        {"event": event, "card": card, "progress": card.progress, "table": table},
    )


def board_traveller(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """A board's traveller: every table's result and the hands, once every table has played the board (or
    the event is finished); before that a visitor is told it is being played (a director sees it all)."""
    event = event_or_404(pk)
    return traveller_page(request, event, number, sel.viewer_of(request))


def traveller_page(
    request: HttpRequest, event: Event, number: int, viewer: sel.Viewer, *, token_secret: str = ""
) -> HttpResponse:
    """A board's traveller as ``viewer`` may see it (``selectors.board_visible``): the page, or "being
    played" (HTTP 200) without the hands, the results or the averages. Decided here, before any kept part is
    read: what is kept (in this process or shared) is only ever the whole traveller, the same for all who
    may see it. ``token_secret``: a table link's traveller (its previous and next boards' links keep to it)."""
    query = request.GET
    pairs = st.pair_infos(event)
    results = st.event_results(event, pairs)
    # The board's row is kept while only results are written (hands attached work the state out afresh).
    board = st.lasting_memo(
        event, results, ("board row", number), lambda: get_object_or_404(Board, event=event, number=number)
    )
    head = st.traveller(event, board, pairs=pairs, results=results, lines=False)
    nav = {"token_secret": token_secret}
    in_play = sel.boards_in_play(event, results)
    if not sel.board_visible(board.number, in_play=in_play, viewer=viewer):
        parts = {
            "status": pages.status_badge(head.progress.provisional),
            "progress": st.memo(
                event, results, ("progress.html",), lambda: pages.progress_html(head.progress)
            ),
        }
        context = {"event": event, "board": board, "in_play": True, "last_board": head.last_board, **nav}
        key = (
            event.pk,
            event.name,
            event.code,
            event.kind,
            board.pk,
            board.dealer,
            head.last_board,
            "in play",
        )
        return pages.render_parts(request, "duplicate/traveller.html", context, parts, key)

    def table() -> bytes:
        trav = st.traveller(event, board, pairs=pairs, results=results)
        return configure(request, TravellerTable(trav.lines, event_pk=event.pk)).as_html(request).encode()

    # Kept in this process until the board changes; shared between processes under the version of the
    # board's last change (a result on another board leaves it as it is) and the pairs' labels it shows (read
    # apart from the results: a pair renumbered in between must not be shown under the new version). Only
    # without a query (see event_standings).
    key = ("traveller.html", board.pk, st.Names(pairs), event.code, query.urlencode())
    changed = st.board_changed(event, results, board.number)
    if changed is not None and not query:
        shared_key = ("traveller", board.pk, event.code, st.labels_digest(pairs))
        table_html = st.board_memo(
            event,
            results,
            board.number,
            key,
            lambda: shared.board_part(event, board.number, changed, shared_key, table),
        )
    else:
        table_html = st.board_memo(event, results, board.number, key, table)
    parts = {
        "status": pages.status_badge(head.progress.provisional),
        "progress": st.memo(event, results, ("progress.html",), lambda: pages.progress_html(head.progress)),
        "table": table_html,
        "averages": (
            f"N-S <strong>{escape(head.ns_average_display or '—')}</strong> · "
            f"E-W <strong>{escape(head.ew_average_display or '—')}</strong>"
        ),
    }
    context = {
        "event": event,
        "board": board,
        "diagram": head.diagram,
        "last_board": head.last_board,
        **nav,
    }
    key = (event.pk, event.name, event.code, event.kind, board.pk, board.dealer, board.deal, head.last_board)
    return pages.render_parts(request, "duplicate/traveller.html", context, parts, key)
