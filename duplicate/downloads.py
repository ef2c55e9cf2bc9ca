"""What the download views share: a file kept in the cache under the event's results version
(``duplicate.caching``), so that a second download is a cache read, and a big event's file made in the
background; the response that carries it.

A visitor's file shows the boards still in play (``selectors.board_visible``) as "being played": no hands, no
results, and its totals count the released boards only unless the event runs totals over every result
(``selectors.released_only``); a director's holds everything.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from duplicate import caching, files, selectors
from duplicate.models import Event


def totals_download(
    request: HttpRequest, event: Event | int, what: str, ext: str, make: Callable[[Event, bool, bool], bytes]
) -> HttpResponse:
    """A download of totals and no board's hands or results (the standings): ``make(event, released_only,
    director)``, its totals over the released boards only for a viewer shown those (``selectors.released_only``:
    the boards in play are read with the results, no query of their own), the players' membership numbers as
    the viewer may see them (``director``: every one, ``duplicate.privacy.shown_number``); kept with the
    results version, what the totals count and who sees it (a visitor's file is never a director's).
    ``event``: the event, or its primary key."""
    if not isinstance(event, Event):
        event = get_object_or_404(Event, pk=event)
    viewer = selectors.viewer_of(request)
    released_only = selectors.released_only(event, viewer)
    variant = (what, ext, caching.counted_variant(released_only), "director" if viewer.director else "")
    body = caching.cached(
        event,
        "download",
        variant,
        lambda: make(event, released_only, viewer.director),
        current_only=viewer.director,
    )
    return download_response(event, body, what, ext)


def hidden_download(
    request: HttpRequest,
    event: Event | int,
    what: str,
    ext: str,
    make: Callable[[Event, frozenset[int], bool], bytes],
    *,
    preparing: str,
    variant: Hashable = (),
) -> HttpResponse:
    """A download showing hands or results: ``make(event, hidden, released_only)``, the boards ``hidden`` from
    this viewer, its totals over the released boards only when ``released_only`` (``selectors.released_only``);
    kept with the results version, the boards hidden and what the totals count (a visitor's file is never a
    director's), and with ``variant`` (an order asked for).  ``event``: the event, or its primary key.  An event of more than
    ``BACKGROUND_RESULTS`` results has its file made in a thread (``caching.prepared``: seconds of work for
    a 100-table event's printouts): the page says so until it is ready (HTTP 202, reloading every two
    seconds, ``preparing`` naming the file), a visitor meanwhile getting the one made before, if any."""
    if not isinstance(event, Event):
        event = get_object_or_404(Event, pk=event)
    viewer = selectors.viewer_of(request)
    hidden = selectors.hidden_boards(selectors.boards_in_play(event), viewer)
    released_only = selectors.released_only(event, viewer)
    key = (
        what,
        ext,
        tuple(sorted(hidden)),
        caching.counted_variant(released_only),
        *((variant,) if variant else ()),
    )

    def build() -> bytes:
        return make(event, hidden, released_only)

    if selectors.play_count(event) <= settings.BACKGROUND_RESULTS:
        body = caching.cached(event, "download", key, build, current_only=viewer.director)
        return download_response(event, body, what, ext)
    ready, waited = caching.prepared(event, "download", key, build, current_only=viewer.director)
    if ready is not None:
        return download_response(event, ready, what, ext)
    context = {"event": event, "what": preparing, "waited": round(waited)}
    response = render(request, "duplicate/download_preparing.html", context, status=202)
    response["Refresh"] = "2"
    response["Cache-Control"] = "no-store"
    return response


def download_response(event: Event, body: bytes, what: str, ext: str) -> HttpResponse:
    response = HttpResponse(body, content_type=files.CONTENT_TYPES[ext])
    disposition = "inline" if ext == "pdf" else "attachment"
    response["Content-Disposition"] = f'{disposition}; filename="{files.file_name(event, what, ext)}"'
    response["Cache-Control"] = "no-cache"
    response["X-Content-Type-Options"] = "nosniff"
    return response
