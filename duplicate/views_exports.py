"""Downloads: standings (CSV, xlsx, PDF), travellers, results CSV, the event workbook and the printouts.

Public and read-only, like the pages they print. Each builds its file from ``duplicate.exports`` (plain rows,
a fixed number of queries) and never hands the request to the exporters.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_safe

from duplicate import exports
from duplicate.models import Event


def _download(
    request: HttpRequest, pk: int, what: str, ext: str, make: Callable[[Event], bytes]
) -> HttpResponse:
    event = get_object_or_404(Event, pk=pk)
    body = make(event)
    response = HttpResponse(body, content_type=exports.CONTENT_TYPES[ext])
    disposition = "inline" if ext == "pdf" else "attachment"
    response["Content-Disposition"] = f'{disposition}; filename="{exports.file_name(event, what, ext)}"'
    response["Cache-Control"] = "no-cache"
    response["X-Content-Type-Options"] = "nosniff"
    return response


@require_safe
def download_standings(request: HttpRequest, pk: int, fmt: str) -> HttpResponse:
    return _download(request, pk, "standings", fmt, lambda event: exports.standings_file(event, fmt))


@require_safe
def download_travellers(request: HttpRequest, pk: int) -> HttpResponse:
    return _download(request, pk, "travellers", "pdf", lambda event: exports.travellers_file(event, "pdf"))


@require_safe
def download_results_csv(request: HttpRequest, pk: int) -> HttpResponse:
    return _download(request, pk, "results", "csv", exports.results_file)


@require_safe
def download_workbook(request: HttpRequest, pk: int) -> HttpResponse:
    return _download(request, pk, "results", "xlsx", exports.workbook_file)


@require_safe
def download_printout(request: HttpRequest, pk: int, kind: str) -> HttpResponse:
    return _download(request, pk, kind, "pdf", lambda event: exports.printout_file(event, kind))
