"""Whole pages kept for visitors: a page the same for everyone who is not signed in is kept whole in Django's
cache under the results version it shows (``duplicate.caching``), keyed by what else it depends on.  A
director (or anyone signed in, or with a message waiting) always gets the page made there and then.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Hashable

from django.contrib import messages
from django.http import HttpRequest, HttpResponse

from duplicate import caching
from duplicate.models import Event


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
    parts it is made of must be read at that version (``latest``), never a kept older one."""
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
