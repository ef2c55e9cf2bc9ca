"""Championships of sessions: the list, a new championship, its page (its sessions, each an ordinary event with
its own pages), a session added or attached, the overall standings and their downloads (CSV, xlsx, JSON,
USEBIO).  Thin: reads through ``selectors.championships``, writes through ``services.championships``.

The overall standings are kept in the cache (``duplicate.caching``) under the first session's identity, keyed
by the championship's results version and every session's (a result entered in any session bumps its
session's, so the key changes), by what the totals count and whose names are shown (no peeking: a visitor's
figures add each session's released boards only)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from duplicate import caching, files, selectors, services
from duplicate.championship_tables import OverallTable
from duplicate.exports.championship import overall_csv, overall_json, overall_xlsx
from duplicate.forms import EventCreateForm
from duplicate.forms.championships import ChampionshipForm, SessionAttachForm
from duplicate.models import Championship, Event, MovementKind
from duplicate.selectors import championships as championship_selectors
from duplicate.services import championships as championship_services
from duplicate.services.errors import split_field
from duplicate.services.eventfile import event_file_text
from duplicate.services.eventfile_championship import championship_export
from duplicate.tables import configure

DOWNLOADS = ("csv", "xlsx", "json", "xml")


@require_safe
def championship_list(request: HttpRequest) -> HttpResponse:
    items = championship_selectors.championship_list()
    return render(request, "duplicate/championship_list.html", {"championships": items})


@staff_member_required
@require_http_methods(["GET", "POST"])
def championship_create(request: HttpRequest) -> HttpResponse:
    form = ChampionshipForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            championship = championship_services.championship_create(
                name=data["name"],
                date=data["date"],
                carry_over=data["carry_over"],
                carry_fraction=data["carry_fraction"],
            )
        except services.ServiceError as exc:
            field, message = split_field(str(exc))
            form.add_error(field if field in form.fields else None, message or str(exc))
        else:
            messages.success(
                request, _("Created %(name)s: add its first session.") % {"name": championship.name}
            )
            return redirect("championship_detail", pk=championship.pk)
    return render(request, "duplicate/championship_form.html", {"form": form})


@require_safe
def championship_detail(request: HttpRequest, pk: int) -> HttpResponse:
    championship = get_object_or_404(Championship, pk=pk)
    context = {
        "championship": championship,
        "sessions": championship_selectors.championship_session_rows(championship),
        "attach_form": SessionAttachForm() if request.user.is_staff else None,
    }
    return render(request, "duplicate/championship_detail.html", context)


def _session_movement(data: dict[str, Any]) -> Any:
    return services.movement_build(
        kind=data["movement"],
        tables=data["tables"],
        boards_per_round=data["boards_per_round"],
        option=data.get("even_tables") or "relay",
        pairs=data.get("howell_pairs") if data["movement"] == MovementKind.HOWELL else None,
        custom=data.get("movement_text"),
    )


def _session_initial(championship: Championship, sessions: list[Event]) -> dict[str, Any]:
    number = len(sessions) + 1
    initial: dict[str, Any] = {
        "name": _("%(name)s - session %(number)s") % {"name": championship.name, "number": number},
        "date": championship.date,
    }
    if sessions:
        last = sessions[-1]
        initial |= {"code": last.code, "kind": last.kind, "contest": last.contest}
    return initial


@staff_member_required
@require_http_methods(["GET", "POST"])
def session_add(request: HttpRequest, pk: int) -> HttpResponse:
    """The next session, set up with the new-event form (its movement the director's choice); its pairs are
    named after the last session's players."""
    championship = get_object_or_404(Championship, pk=pk)
    sessions = championship_selectors.championship_sessions(championship)
    form = EventCreateForm(
        request.POST if request.method == "POST" else None,
        request.FILES if request.method == "POST" else None,
        initial=_session_initial(championship, sessions),
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            event = championship_services.session_add(
                championship=championship,
                movement=_session_movement(data),
                name=data["name"],
                date=data["date"],
                code=data["code"],
                kind=data["kind"],
                contest=data.get("contest") or None,
                average_plus_imps=data["average_plus_imps"],
                butler_drop=data["butler_drop"],
                butler_halves=data["butler_halves"],
                paper_size=data["paper_size"],
                sections=data["sections"],
                ranking=data["ranking"],
                running_totals=bool(data.get("running_totals")),
            )
        except services.ServiceError as exc:
            field, message = split_field(str(exc))
            form.add_error(field if field in form.fields else None, message or str(exc))
        else:
            messages.success(request, _("Added %(name)s.") % {"name": event.name})
            return redirect("event_detail", pk=event.pk)
    context = {"form": form, "championship": championship, "number": len(sessions) + 1}
    return render(request, "duplicate/championship_session_form.html", context)


@staff_member_required
@require_POST
def session_attach(request: HttpRequest, pk: int) -> HttpResponse:
    championship = get_object_or_404(Championship, pk=pk)
    form = SessionAttachForm(request.POST)
    if form.is_valid():
        try:
            event = championship_services.event_attach(
                championship=championship, event=form.cleaned_data["event"]
            )
        except services.ServiceError as exc:
            messages.error(request, split_field(str(exc))[1])
        else:
            messages.success(
                request,
                _("%(name)s is now session %(number)s.") % {"name": event.name, "number": event.session},
            )
    else:
        messages.error(request, _("Choose an event of pairs that is not a session yet."))
    return redirect("championship_detail", pk=championship.pk)


@staff_member_required
@require_POST
def session_detach(request: HttpRequest, pk: int, event_pk: int) -> HttpResponse:
    """The last session taken out of the championship (attached by mistake): an event on its own again."""
    championship = get_object_or_404(Championship, pk=pk)
    event = get_object_or_404(Event, pk=event_pk)
    try:
        championship_services.event_detach(championship=championship, event=event)
    except services.ServiceError as exc:
        messages.error(request, split_field(str(exc))[1])
    else:
        messages.success(request, _("%(name)s is an event on its own again.") % {"name": event.name})
    return redirect("championship_detail", pk=championship.pk)


def _overall(request: HttpRequest, championship: Championship, what: str, build: Callable[[Any], Any]) -> Any:
    """``build(standings)`` for this viewer, kept in the cache with every session's results version."""
    sessions = championship_selectors.championship_sessions(championship)
    director = selectors.viewer_of(request).director
    if not sessions:
        return build(championship_selectors.overall_standings(championship, director=director, sessions=()))
    versions = (
        championship.results_version,
        *((s.pk, s.results_version, s.running_totals) for s in sessions),
    )
    variant = (
        championship.pk,
        versions,
        caching.counted_variant(not director),
        caching.names_variant(director),
    )
    return caching.cached(
        sessions[0],
        f"championship-{what}",
        variant,
        lambda: build(
            championship_selectors.overall_standings(championship, director=director, sessions=sessions)
        ),
        version=championship.results_version + sum(s.results_version for s in sessions),
        current_only=director,
    )


@require_safe
def championship_standings(request: HttpRequest, pk: int) -> HttpResponse:
    championship = get_object_or_404(Championship, pk=pk)
    standings = _overall(request, championship, "overall", lambda st: st)
    table = OverallTable(
        standings.lines,
        sessions=standings.sessions,
        figure=standings.page_figure,
        overall=standings.overall_heading,
    )
    context = {
        "championship": championship,
        "standings": standings,
        "table": configure(request, table),
        "downloads": DOWNLOADS,
    }
    return render(request, "duplicate/championship_standings.html", context)


@require_safe
def championship_download(request: HttpRequest, pk: int, fmt: str) -> HttpResponse:
    championship = get_object_or_404(Championship, pk=pk)
    makers: dict[str, Callable[[Any], bytes]] = {
        "csv": overall_csv,
        "xlsx": overall_xlsx,
        "json": overall_json,
    }
    if fmt == "xml":
        body = _usebio(request, championship)
    elif fmt in makers:
        body = _overall(request, championship, f"download-{fmt}", makers[fmt])
    else:
        raise Http404("No such download.")
    response = HttpResponse(body, content_type=files.CONTENT_TYPES[fmt])
    what = "usebio" if fmt == "xml" else "overall"
    response["Content-Disposition"] = f'attachment; filename="{files.file_name(championship, what, fmt)}"'
    response["Cache-Control"] = "no-cache"
    response["X-Content-Type-Options"] = "nosniff"
    return response


@staff_member_required
@require_safe
def championship_file(request: HttpRequest, pk: int) -> HttpResponse:
    """The championship's file (docs/championships.md, "Files"): every session's event file, everything in it
    (the director's: a board still in play is in it too), read again by the Import page."""
    championship = get_object_or_404(Championship, pk=pk)
    body = event_file_text(championship_export(championship, director=True)).encode()
    response = HttpResponse(body, content_type=files.CONTENT_TYPES["json"])
    response["Content-Disposition"] = f'attachment; filename="championship-{championship.pk}.json"'
    response["Cache-Control"] = "no-store"
    response["X-Content-Type-Options"] = "nosniff"
    return response


def _usebio(request: HttpRequest, championship: Championship) -> bytes:
    """Every session in one USEBIO file (one EVENT, a SESSION a session), the boards each viewer may see."""
    sessions = championship_selectors.championship_sessions(championship)
    if not sessions:
        raise Http404("The championship has no session yet.")
    try:
        return championship_selectors.championship_usebio(
            championship, sessions, viewer=selectors.viewer_of(request)
        )
    except ValueError:
        raise Http404("USEBIO is written for contract bridge sessions only") from None
