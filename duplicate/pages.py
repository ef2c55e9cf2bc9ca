"""What the views share (no view module imports another).

Whole pages kept for visitors: a page the same for everyone who is not signed in is kept whole in Django's
cache under the results version it shows (``duplicate.caching``), keyed by what else it depends on.  A
director (or anyone signed in, or with a message waiting) always gets the page made there and then.

The page head's status badge and progress line, and a board's traveller page (the standings' and a table
link's).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Hashable
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext

from duplicate import caching, services
from duplicate.contests import contest_of, is_contract
from duplicate.models import Event, EventStatus
from duplicate.selectors.analyses import board_double_dummy
from duplicate.selectors.display import live_version, traveller_version
from duplicate.selectors.events import (
    TravellerBoard,
    Viewer,
    board_progress,
    board_visible,
    boards_in_play,
    event_badge,
)
from duplicate.selectors.standings import Progress
from duplicate.selectors.travellers import traveller
from duplicate.tables import TravellerTable, configure


def director_writer(request: HttpRequest) -> services.Writer | None:
    """The signed-in director (a staff user) as the result services' writer; None for anyone else."""
    user = request.user
    if user.is_authenticated and user.is_staff:
        return services.Writer(name=user.get_username(), is_director=True, user_id=user.pk)
    return None


def page_request(request: HttpRequest) -> HttpRequest:
    """``request`` with only the query parameters a page reads (``caching.page_query``): what is kept in the
    cache is made from it."""
    reduced = copy.copy(request)
    reduced.GET = caching.page_query(request.GET)  # type: ignore[assignment]  # read-only, as Django's own
    return reduced


def visitor_page(
    request: HttpRequest,
    event: Event,
    what: str,
    variant: Hashable,
    render_page: Callable[[], HttpResponse],
    *,
    version: int | None = None,
    no_result_shown: bool = False,
) -> HttpResponse:
    """The page as ``render_page`` makes it; for a visitor (:func:`is_visitor`) the whole page is the same for
    everyone and is kept whole, with the version it shows (``caching.cached``; ``no_result_shown`` as there).  The
    parts it is made of must be read at that version (``current_only``), never a kept older one."""
    if not is_visitor(request):
        return render_page()
    html = caching.cached(
        event,
        what,
        variant,
        lambda: render_page().content.decode(),
        version=version,
        no_result_shown=no_result_shown,
    )
    return HttpResponse(html)


def is_visitor(request: HttpRequest) -> bool:
    """Not signed in, and no message waiting to be shown: the page is the same as everyone else's."""
    return not request.user.is_authenticated and not len(messages.get_messages(request))


def status_badge(progress: Progress | None, *, status: str | None = None) -> str:
    """The page head's badge, by ``selectors.event_badge``'s one rule: with the event's ``status``, the
    event's, as the events list and the overview say it; without (a traveller's own figures), the same once
    the event is finished, else "Provisional" or nothing. ``None``: no figures shown yet (a board in play)."""
    if progress is None or (status is None and not progress.finished):
        return (
            format_html('<span class="status provisional">{}</span>', gettext("Provisional"))
            if progress is None or progress.provisional
            else ""
        )
    css, label = event_badge(
        status or EventStatus.COMPLETE, provisional=progress.provisional, missing=progress.missing
    )
    return format_html('<span class="status {}">{}</span>', css, label)


def progress_html(progress: Progress) -> str:
    return render_to_string("duplicate/standings_progress.html", {"progress": progress})


def trusted_parts(parts: dict[str, Any]) -> dict[str, Any]:
    """The cached parts, rendered by the pages' own templates, as trusted HTML."""
    return {k: mark_safe(v) if isinstance(v, str) else v for k, v in parts.items()}


def traveller_page(
    request: HttpRequest, found: TravellerBoard, viewer: Viewer, *, token_secret: str = ""
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
    in_play = boards_in_play(event, board=found)
    visible = board_visible(number, in_play=in_play, viewer=viewer)
    if token_secret:
        return _traveller(request, found, viewer, visible=visible, token_secret=token_secret)
    # What a visitor sees of a board changes only with its traveller's version (its results, its hands, a
    # name); the contest is in the key, as it decides whether that version is the board's or the event's.
    variant = (
        board.pk,
        visible,
        event.contest,
        caching.query_variant(request.GET),
        caching.names_variant(viewer.director),
    )
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
    found: TravellerBoard,
    viewer: Viewer,
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
        "contest_note": contest_of(event).note,  # a contract event's figures
    }
    if not visible:
        context["played"], context["tables"] = board_progress(board)
    else:

        def build() -> dict[str, Any]:
            trav = traveller(event, board, director=viewer.director)
            table = configure(
                request,
                TravellerTable(
                    trav.lines, event_pk=event.pk, contest=contest_of(event), leads=event.lead_cards
                ),
            )
            averages = mark_safe(  # the values escaped
                gettext("N-S <strong>%(ns)s</strong> · E-W <strong>%(ew)s</strong>")
                % {"ns": escape(trav.ns_average_shown or "—"), "ew": escape(trav.ew_average_shown or "—")}
            )
            return {
                "diagram": trav.diagram,
                "status": status_badge(trav.progress),
                "progress": progress_html(trav.progress),
                "table": table.as_html(request),
                "averages": averages,
                "datum": trav.datum,  # Butler's (digits and section letters)
                "datum_rule": escape(trav.datum_rule),  # how it was worked out (the event's choice)
                # stored, never worked out here; its par for contract events only
                "double_dummy": board_double_dummy(board, par=is_contract(event.code)),
            }

        variant = (  # the contest: as above; the names: a director's in full (duplicate.privacy)
            board.pk,
            event.contest,
            caching.query_variant(request.GET),
            caching.names_variant(viewer.director),
        )
        parts = caching.cached(
            event, "traveller", variant, build, version=traveller_version(board), current_only=True
        )
        context["diagram"] = parts["diagram"]
        context["double_dummy"] = parts["double_dummy"]
        context["parts"] = trusted_parts(parts)
    return render(request, "duplicate/traveller.html", context)
