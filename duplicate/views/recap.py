"""The recap sheet: every pair by every board, as a page and as a PDF (public and read-only).

What a viewer may see is decided before the cache is read (no peeking: the boards still in play are
hidden from a visitor, as on the score cards); the tables' HTML and the PDF's bytes are kept in the cache
under the event's results version, keyed by the order asked for and the boards hidden.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from duplicate import caching, selectors
from duplicate.downloads import hidden_download
from duplicate.exports.recap import recap_pdf
from duplicate.models import Event, EventKind
from duplicate.pages import progress_html, status_badge
from duplicate.recap_tables import recap_tables
from duplicate.selectors.event_rows import event_info
from duplicate.selectors.pair_rows import ranking_title
from duplicate.selectors.recap import HIDDEN_MARK, ORDERS, recap
from duplicate.selectors.standings import BEING_PLAYED_NOTE


def _order(request: HttpRequest) -> str:
    """``?order=pair`` lists each ranking by pair number; anything else, in rank order."""
    asked = request.GET.get("order", "")
    return asked if asked in ORDERS else ORDERS[0]


def _hidden(event: Event, viewer: selectors.Viewer) -> frozenset[int]:
    return selectors.hidden_boards(selectors.boards_in_play(event), viewer)


@require_safe
def event_recap(request: HttpRequest, pk: int) -> HttpResponse:
    event = selectors.event_or_404(pk)
    if event.described.of_matches:  # a league's or a Swiss's: each match has its page, the event its VP table
        return redirect("matches_event", pk=event.pk)
    if event.kind == EventKind.TEAMS:
        return redirect("team_match", pk=event.pk)
    viewer = selectors.viewer_of(request)
    hidden = _hidden(event, viewer)
    released_only = selectors.released_only(event, viewer)
    order = _order(request)

    def build() -> dict[str, Any]:
        sheet = recap(
            event, hidden=hidden, order=order, released_only=released_only, director=viewer.director
        )
        # No pair ranked yet, or no board (a finished event with no result): the "no results" line.
        shown = sheet.rankings if sheet.boards and any(r.rows for r in sheet.rankings) else ()
        context = {
            "rankings": [
                {"title": ranking_title(r.title), "tables": recap_tables(sheet, r, event.pk)} for r in shown
            ]
        }
        return {
            "status": status_badge(sheet.progress, status=event.status),
            "progress": progress_html(sheet.progress),
            "tables": render_to_string("duplicate/_recap_tables.html", context, request=request),
        }

    variant = (
        order,
        tuple(sorted(hidden)),
        caching.counted_variant(released_only),
        caching.names_variant(viewer.director),
    )
    parts = caching.cached(event, "recap", variant, build, current_only=viewer.director)
    context = {
        "event": event,
        "order": order,
        "hidden": bool(hidden),
        "hidden_mark": HIDDEN_MARK,
        "being_played": _(BEING_PLAYED_NOTE),
        "parts": {k: mark_safe(v) for k, v in parts.items()},  # rendered by this module's templates
    }
    return render(request, "duplicate/recap.html", context)


@require_safe
def download_recap(request: HttpRequest, pk: int) -> HttpResponse:
    event = selectors.event_or_404(pk)
    if event.described.of_matches:
        raise Http404("A league or a Swiss has no recap sheet: print its VP table, or a match's page.")
    if event.kind == EventKind.TEAMS:
        raise Http404("A team match has no recap sheet.")
    order = _order(request)
    return hidden_download(
        request,
        event,
        "recap",
        "pdf",
        lambda e, hidden, released_only, director: recap_pdf(
            event_info(e),
            recap(e, hidden=hidden, order=order, released_only=released_only, director=director),
        ),
        preparing=_("The recap sheet's printout"),
        variant=order,
    )
