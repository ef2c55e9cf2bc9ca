"""Downloads: travellers, results CSV, the event workbook, the printouts and the event file (the standings'
download, which writes a team match too, is ``teams.views.download_standings``).

Public and read-only, like the pages they print. Each builds its file with ``duplicate.files`` (plain rows,
a fixed number of queries) and never hands the request to the exporters; the file's bytes are kept in the
cache under the event's results version (``duplicate.caching``), so that a second download is a cache read;
a big event's files (all but its standings) are made in the background (``duplicate.downloads.hidden_download``).  A visitor's
file shows the boards still in play (``selectors.board_visible``) as "being played": no hands, no results, and
its totals count the released boards only unless the event runs totals over every result
(``selectors.released_only``); a director's holds everything.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from duplicate import files
from duplicate.downloads import hidden_download
from duplicate.models import Event
from duplicate.selectors.usebio import usebio_event, usebio_problem
from duplicate.services import eventfile
from scoring.usebio import write_usebio


@require_safe
def download_travellers(request: HttpRequest, pk: int) -> HttpResponse:
    return hidden_download(
        request,
        pk,
        "travellers",
        "pdf",
        lambda e, hidden, released_only, director: files.travellers_file(
            e, "pdf", hidden=hidden, released_only=released_only, director=director
        ),
        preparing=_("The travellers' printout"),
    )


@require_safe
def download_results_csv(request: HttpRequest, pk: int) -> HttpResponse:
    return hidden_download(
        request,
        pk,
        "results",
        "csv",
        lambda e, hidden, released_only, director: files.results_file(
            e, hidden=hidden, released_only=released_only, director=director
        ),
        preparing=_("The results file"),
    )


@require_safe
def download_hands(request: HttpRequest, pk: int, what: str) -> HttpResponse:
    """The hand records as PBN (``hands``), or with each board's results (``results``): the boards this
    viewer may see."""
    results = what == "results"
    name = "hands-results" if results else "hands"
    return hidden_download(
        request,
        pk,
        name,
        "pbn",
        lambda e, hidden, released_only, director: files.hands_file(
            e, results=results, hidden=hidden, released_only=released_only, director=director
        ),
        preparing=_("The hands and results file") if results else _("The hand records file"),
    )


@require_safe
def download_usebio(request: HttpRequest, pk: int) -> HttpResponse:
    """A contract event as USEBIO 1.2 XML, with the figures the pages publish (``selectors.usebio``): a
    visitor's file leaves out the boards still in play (their hands, lines and figures) and, while any is,
    every total, place and percentage; the director's holds them all."""
    event = get_object_or_404(Event, pk=pk)
    problem = usebio_problem(event)
    if problem:
        raise Http404(problem.partition(": ")[2])
    return hidden_download(
        request,
        event,
        "usebio",
        "xml",
        lambda e, hidden, _released, director: write_usebio(
            usebio_event(e, hidden=hidden, director=director)
        ),  # totals only when no board is hidden
        preparing=_("The USEBIO file"),
    )


@require_safe
def download_workbook(request: HttpRequest, pk: int) -> HttpResponse:
    """The event workbook; for an event of more than ``BACKGROUND_RESULTS`` results (over a few seconds to
    write) it is made in the background."""
    return hidden_download(
        request,
        pk,
        "results",
        "xlsx",
        lambda e, hidden, released_only, director: files.workbook_file(
            e, hidden=hidden, released_only=released_only, director=director
        ),
        preparing=_("The event workbook"),
    )


@require_safe
def download_printout(request: HttpRequest, pk: int, kind: str) -> HttpResponse:
    names = {
        "scorecards": _("The score cards printout"),
        "guide-cards": _("The table guide cards printout"),
        "hand-records": _("The hand records printout"),
    }
    return hidden_download(
        request,
        pk,
        kind,
        "pdf",
        lambda e, hidden, released_only, director: files.printout_file(
            e, kind, hidden=hidden, released_only=released_only, director=director
        ),
        preparing=names[kind],
    )


def event_export(request: HttpRequest, pk: int) -> HttpResponse:
    """The event file. A visitor's copy leaves out the hands and results of the boards still in play (see
    ``selectors.board_visible``); a director's holds everything."""

    def make(event: Event, hidden: frozenset[int], _released: bool, director: bool) -> bytes:  # no totals
        data = eventfile.event_export(event, director=director)
        if hidden:
            data = eventfile_without(data, hidden)
        return eventfile.event_file_text(data).encode()

    response = hidden_download(request, pk, "event", "json", make, preparing=_("The event file"))
    if response.status_code == 200:  # the event file's own name
        response["Content-Disposition"] = f'attachment; filename="event-{pk}.json"'
    return response


def eventfile_without(data: dict[str, Any], hidden: frozenset[int]) -> dict[str, Any]:
    """An event file without the hands and the results of the boards in ``hidden`` (the movement, the
    pairs and the other boards as they are)."""
    out = dict(data)
    out["boards"] = [
        {k: v for k, v in board.items() if k != "deal"} if board["number"] in hidden else board
        for board in data.get("boards", [])
    ]
    out["results"] = [r for r in data.get("results", []) if r.get("board") not in hidden]
    return out
