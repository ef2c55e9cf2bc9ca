"""Thin views: read through selectors, write through services, render templates that only format."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable
from typing import Any, cast

from django.conf import settings
from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.core.files.uploadedfile import UploadedFile
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.datastructures import MultiValueDict
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from duplicate import background, caching, selectors, services
from duplicate.contests import Shape, contest_of
from duplicate.forms import (
    AwardTableForm,
    DealsConfirmForm,
    DealsForm,
    EventCreateForm,
    EventImportForm,
    EventNamesForm,
    PairNamesForm,
)
from duplicate.l10n import grouped
from duplicate.models import ButlerDrop, Event, HalfRounding, MovementKind, Pair, RankingChoice, ResultsSource
from duplicate.pages import page_request, visitor_page
from duplicate.selectors.pair_rows import pair_infos
from duplicate.selectors.published_differences import published_differences
from duplicate.services import eventfile
from duplicate.services.errors import split_field
from duplicate.services.eventfile_championship import championship_import, is_championship_file
from duplicate.services.usebio import usebio_import
from duplicate.tables import (
    PairsTable,
    configure,
    in_section,
    movement_cells,
    movement_rows_html,
    selected_section,
)
from scoring.movements import Movement

MOST_DIFFERENCES_SHOWN = 500  # an imported event's page lists these, then counts the rest


def _bound(request: HttpRequest) -> tuple[QueryDict | None, MultiValueDict[str, UploadedFile] | None]:
    """Form data for a POST (even an empty one), None for a GET."""
    if request.method == "POST":
        return request.POST, request.FILES
    return None, None


def home(request: HttpRequest) -> HttpResponse:
    events = selectors.event_list()
    return render(request, "duplicate/home.html", {"events": events})


@staff_member_required
@require_http_methods(["GET", "POST"])
def event_create(request: HttpRequest) -> HttpResponse:
    """The new-event form; its "Preview" button shows the movement's rounds and boards, making nothing."""
    form = EventCreateForm(*_bound(request))
    preview: dict[str, Any] | None = None
    if request.method == "POST" and form.of_matches:  # a league or a Swiss is set out on its own form
        query = {k: request.POST.get(k, "") for k in ("name", "date", "contest")}
        return redirect(f"{reverse('matches_event_create')}?{urlencode(query)}")
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            movement = _movement(data)
            if request.POST.get("action") == "preview":
                preview = _movement_preview(movement, data)
            else:
                event = services.event_create(
                    name=data["name"],
                    date=data["date"],
                    code=data["code"],
                    kind=data["kind"],
                    contest=data.get("contest") or None,
                    average_plus_imps=data["average_plus_imps"],
                    butler_drop=data["butler_drop"],
                    butler_halves=data["butler_halves"],
                    movement=movement,
                    paper_size=data["paper_size"],
                    sections=data["sections"],
                    ranking=data["ranking"],
                    running_totals=bool(data.get("running_totals")),
                    movement_option=(data.get("even_tables") or "")
                    if data["movement"] == "mitchell" and data["tables"] % 2 == 0
                    else "",
                )
                messages.success(
                    request,
                    _("Created %(name)s: name the pairs, then add hands or start scoring.")
                    % {"name": event.name},
                )
                return redirect("event_detail", pk=event.pk)
        except services.ServiceError as exc:
            target, message = _create_error_field(str(exc), custom=data["movement"] == MovementKind.CUSTOM)
            form.add_error(target, message)
    return render(request, "duplicate/event_form.html", {"form": form, "preview": preview})


def _movement(data: dict[str, Any]) -> Movement:
    """The new event's movement, made by the movement code from the form's checked data (ServiceError). A
    field of another movement's (left on the page, hidden, when the movement was changed) is not read."""
    return services.movement_build(
        kind=data["movement"],
        tables=data["tables"],
        boards_per_round=data["boards_per_round"],
        option=data.get("even_tables") or "relay",
        pairs=data.get("howell_pairs") if data["movement"] == MovementKind.HOWELL else None,
        custom=data.get("movement_text"),
    )


def _movement_preview(movement: Movement, data: dict[str, Any]) -> dict[str, Any]:
    """What the form's preview shows of the movement: its rounds, boards and pairs, for every section."""
    sections = data["sections"] if data["kind"] != "teams" else 1
    return {
        "name": dict(MovementKind.choices)[data["movement"]],
        "rounds": len(movement.rounds),
        "boards": len(movement.boards),
        "boards_per_round": movement.boards_per_round,
        "tables": movement.tables * sections,
        "pairs": len(movement.pairs) * sections,
        "sections": sections,
        "sit_out": any(r.sit_out for r in movement.rounds),
        "custom": data["movement"] == MovementKind.CUSTOM,
    }


def _create_error_field(text: str, *, custom: bool = False) -> tuple[str | None, str]:
    """The new-event form's field a service error belongs to, and the message to show there: a movement's
    count of tables (or pairs per team, or Howell pairs) beside the number typed, not beside the movement;
    an uploaded (``custom``) movement's fault beside its file."""
    field, message = split_field(text)
    target = {
        "movement": "movement",
        "movement file": "movement_file",
        "pairs": "howell_pairs",
        "name": "name",
        "sections": "sections",
        "ranking": "ranking",
        "average_plus_imps": "average_plus_imps",
        "butler_drop": "butler_drop",
        "butler_halves": "butler_halves",
    }.get(field)
    if target is None:
        return None, text
    if target == "movement" and custom:
        target = "movement_file"
    elif target == "movement" and ("tables" in message or "pairs per team" in message):
        target = "tables"
    return target, message


@staff_member_required
@require_http_methods(["GET", "POST"])
def event_import(request: HttpRequest) -> HttpResponse:
    """An event file loaded; one of more than ``BACKGROUND_RESULTS`` results in the background (its checks of
    shape and size first, here), the progress page following it."""
    form = EventImportForm(*_bound(request))
    if request.method == "POST" and form.is_valid() and isinstance(form.cleaned_data["file"], bytes):
        try:  # another scorer's USEBIO file: its page then lists where Kalamazoo's recomputation differs
            imported = usebio_import(data=form.cleaned_data["file"])
        except services.ServiceError as exc:
            form.add_error("file", str(exc))
        else:
            messages.success(request, _("Imported %(name)s.") % {"name": imported.name})
            return redirect("event_published", pk=imported.pk)
    elif request.method == "POST" and form.is_valid():
        try:
            data = eventfile.parse_json(form.cleaned_data["file"])
            if is_championship_file(data):  # every session's event file: made here, all or nothing
                championship = championship_import(data=data)
                messages.success(request, _("Imported %(name)s.") % {"name": championship.name})
                return redirect("championship_detail", pk=championship.pk)
            total = eventfile.result_count(data)
            if total > settings.BACKGROUND_RESULTS:
                token = background.job_start(
                    lambda progress: eventfile.event_import(data=data, progress=progress).pk,
                    total=total,
                    name=str(data.get("name", "")).strip(),  # as the service names the event
                )
                if token is not None:  # else (no cache to follow it in: background.followable) here
                    return redirect("event_import_progress", token=token)
            event = eventfile.event_import(data=data)
        except services.ServiceError as exc:
            form.add_error("file", str(exc))
        else:
            messages.success(request, _("Imported %(name)s.") % {"name": event.name})
            return redirect("event_detail", pk=event.pk)
    return _import_page(request, form)


def _import_page(request: HttpRequest, form: EventImportForm) -> HttpResponse:
    context = {
        "form": form,
        "background_results": grouped(settings.BACKGROUND_RESULTS) if background.followable() else "",
    }
    return render(request, "duplicate/event_import.html", context)


@staff_member_required
@require_safe
def event_import_progress(request: HttpRequest, token: str) -> HttpResponse:
    """A big event file's import: how far it is (HTTP 202, the page reloading every two seconds), then the
    event; a refusal is the import form again, with the file's error.  An import with no news for a while
    (``silent``: its server restarted, or the cache refused its progress) is never said to have stopped: its
    event, once found, is shown, else the page says the import may still be running and where to look.  While
    the cache does not answer (503) the page says so and where to look."""
    try:
        state = background.job_state(token)
    except caching.CacheUnavailable:
        return _import_followed(request, "unreadable", status=503, refresh=5)
    if state is None:
        raise Http404(_("No such import: it finished more than an hour ago, or never started."))
    event = None
    if state.state == "done":
        event = get_object_or_404(Event, pk=state.event)
    elif state.state == "silent" and state.name:
        event = selectors.event_made_since(state.name, dt.datetime.fromtimestamp(state.began, tz=dt.UTC))
    if event is not None:
        messages.success(request, _("Imported %(name)s.") % {"name": event.name})
        return redirect("event_detail", pk=event.pk)
    if state.state == "failed":
        return _import_page(request, EventImportForm.refused(state.error))
    return _import_followed(request, state.state, status=202, refresh=2, job=state)


def _import_followed(
    request: HttpRequest, state: str, *, status: int, refresh: int, job: background.JobState | None = None
) -> HttpResponse:
    """The page following an import (reloading itself every ``refresh`` seconds): its progress (``running``),
    no news of it (``silent``), or none to be had (``unreadable``: the cache does not answer)."""
    context = {"job": job, "state": state, "refresh": refresh}
    response = render(request, "duplicate/event_import_progress.html", context, status=status)
    response["Refresh"] = str(refresh)
    response["Cache-Control"] = "no-store"
    if status == 503:
        response["Retry-After"] = str(refresh)
    return response


@staff_member_required
@require_POST
def event_finish(request: HttpRequest, pk: int) -> HttpResponse:
    """The director finishes the event: every board's hands and results are shown to everyone."""
    event = get_object_or_404(Event, pk=pk)
    if request.POST.get("confirm") != "yes":  # one mis-click must not show every hand mid-session
        messages.error(request, _("Tick the box to confirm that play is over, then finish the event."))
        return redirect("event_detail", pk=event.pk)
    services.event_finish(event=event)
    messages.success(
        request,
        _(
            "%(name)s is finished: every board's hands and results are now shown to everyone, and the "
            "table links only read (you still correct, with a reason)."
        )
        % {"name": event.name},
    )
    return redirect("event_detail", pk=event.pk)


@staff_member_required
@require_POST
def event_reopen(request: HttpRequest, pk: int) -> HttpResponse:
    """The director reopens a finished event, to enter or correct results again."""
    event = get_object_or_404(Event, pk=pk)
    if request.POST.get("confirm") != "yes":
        messages.error(request, _("Tick the box to confirm, then reopen the event."))
        return redirect("event_detail", pk=event.pk)
    services.event_reopen(event=event)
    messages.success(
        request,
        _(
            "%(name)s is running again: its standings are no longer final until you finish it, and the "
            "table links enter results again."
        )
        % {"name": event.name},
    )
    return redirect("event_detail", pk=event.pk)


@staff_member_required
@require_POST
def section_add(request: HttpRequest, pk: int) -> HttpResponse:
    """The director adds a section before play: the same movement, tables and boards as section A."""
    event = get_object_or_404(Event, pk=pk)
    try:
        section = services.section_add(event=event)
    except services.ServiceError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(
            request,
            _("Added section %(letter)s: name its pairs and print its table links.")
            % {"letter": section.letter},
        )
    return redirect("event_detail", pk=event.pk)


@staff_member_required
@require_POST
def event_ranking(request: HttpRequest, pk: int) -> HttpResponse:
    """The director ranks sections playing the same hands across the field (law H) or each on its own."""
    event = get_object_or_404(Event, pk=pk)
    _choice_set(
        request,
        lambda: services.event_ranking_set(event=event, ranking=request.POST.get("ranking", "")),
        lambda: _("Standings: %(ranking)s.") % {"ranking": str(event.get_ranking_display()).lower()},
    )
    return redirect("event_detail", pk=event.pk)


def _choice_set(request: HttpRequest, write: Callable[[], object], said: Callable[[], str]) -> None:
    """A director's choice for an event written by its service (``write``), then said (``said``, read after
    the write) or, refused, its one-line error shown."""
    try:
        write()
    except services.ServiceError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, said())


def _switch(request: HttpRequest, pk: int, name: str, service: Any, said: tuple[str, str]) -> HttpResponse:
    """One of the event's on/off settings (the box ``name``) through its ``service``; the message ``said``
    when on and when off, or the service's refusal."""
    event = get_object_or_404(Event, pk=pk)
    on = request.POST.get(name) == "on"
    try:
        service(event=event, **{name: on})
    except services.ServiceError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _(said[0] if on else said[1]))
    return redirect("event_detail", pk=event.pk)


@staff_member_required
@require_POST
def event_lead_cards(request: HttpRequest, pk: int) -> HttpResponse:
    """The director chooses whether the entry forms ask for each result's opening lead (contract events)."""
    said = (
        gettext_noop("The entry forms now ask for the opening lead."),
        gettext_noop("The entry forms no longer ask for the opening lead."),
    )
    return _switch(request, pk, "lead_cards", services.event_lead_cards_set, said)


@staff_member_required
@require_POST
def event_running_totals(request: HttpRequest, pk: int) -> HttpResponse:
    """The director chooses what visitors' totals count while a board is in play: every result (``on``) or
    only the boards every table has played (no peeking)."""
    said = (
        gettext_noop("Visitors' totals now count every result, boards still in play too."),
        gettext_noop("Visitors' totals now count only the boards every table has played."),
    )
    return _switch(request, pk, "running_totals", services.event_running_totals_set, said)


@staff_member_required
@require_POST
def event_confirm_results(request: HttpRequest, pk: int) -> HttpResponse:
    """The director chooses whether the opponents confirm each result a table link enters (law 79, law E)."""
    said = (
        gettext_noop("The opponents now confirm each result entered through a table link."),
        gettext_noop("Results entered through a table link now count without confirmation."),
    )
    return _switch(request, pk, "confirm_results", services.event_confirm_results_set, said)


@staff_member_required
@require_safe
def event_published(request: HttpRequest, pk: int) -> HttpResponse:
    """An imported event's page of what its file's scorer published: which results the pages show, and where
    Kalamazoo's recomputation differs (board, pair, both figures)."""
    event = get_object_or_404(Event, pk=pk)
    differences = published_differences(event)
    context = {
        "event": event,
        "differences": differences[:MOST_DIFFERENCES_SHOWN],
        "more": max(0, len(differences) - MOST_DIFFERENCES_SHOWN),
        "count": len(differences),
        "source_choices": ResultsSource.choices,
        # Only a contract pair contest's published figures are kept and compared (not a team match's).
        "compared": contest_of(event).shape is Shape.CONTRACT_PAIRS,
    }
    return render(request, "duplicate/event_published.html", context)


@staff_member_required
@require_POST
def event_results_source(request: HttpRequest, pk: int) -> HttpResponse:
    """The director shows an imported event's results as its scorer published them or as Kalamazoo works them
    out."""
    event = get_object_or_404(Event, pk=pk)
    _choice_set(
        request,
        lambda: services.event_results_source_set(event=event, source=request.POST.get("results_source", "")),
        lambda: _("Results shown: %(source)s.") % {"source": str(event.get_results_source_display()).lower()},
    )
    return redirect("event_published", pk=event.pk)


@staff_member_required
@require_POST
def event_butler_datum(request: HttpRequest, pk: int) -> HttpResponse:
    """The director chooses Butler's datum: how many of a board's results each end drops, how halves round."""
    event = get_object_or_404(Event, pk=pk)
    _choice_set(
        request,
        lambda: services.event_butler_datum_set(
            event=event,
            drop=request.POST.get("butler_drop", ""),
            halves=request.POST.get("butler_halves", ""),
        ),
        lambda: (
            _("Butler's datum: %(drop)s, %(halves)s; every board is scored afresh.")
            % {
                "drop": event.get_butler_drop_display(),
                "halves": str(event.get_butler_halves_display()).lower(),
            }
        ),
    )
    return redirect("event_detail", pk=event.pk)


@staff_member_required
@require_http_methods(["GET", "POST"])
def event_awards(request: HttpRequest, pk: int) -> HttpResponse:
    """The director's award table (masterpoints, ``scoring.awards``): the points of each place; a table that
    cannot be read is shown again with the error beside the field."""
    event = get_object_or_404(Event, pk=pk)
    form = AwardTableForm(
        request.POST if request.method == "POST" else None, initial={"awards": " ".join(event.awards)}
    )
    if request.method == "POST" and form.is_valid():
        services.event_awards_set(event=event, table=form.cleaned_data["awards"])
        if event.awards:
            messages.success(request, _("Award table set: %(awards)s.") % {"awards": " ".join(event.awards)})
        else:
            messages.success(request, _("No award table: the standings show no masterpoints."))
        return redirect("event_detail", pk=event.pk)
    return render(request, "duplicate/event_awards.html", {"event": event, "form": form})


def event_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """The event's overview: its sections and counts (a visitor's kept whole under the results version; a
    search for a pair, ?q=, is not kept)."""
    event = selectors.event_or_404(pk)
    if contest_of(event).of_matches and "overview" not in request.GET:  # its rounds, matches and VP table
        return redirect("matches_event", pk=event.pk)
    viewer = selectors.viewer_of(request)
    search = selectors.find_pairs(event, request.GET.get("q", ""), director=viewer.director)

    def render_page() -> HttpResponse:
        overview = selectors.event_overview(event)
        director = viewer.director
        missing = overview.total - overview.entered
        context = {
            "event": event,
            "overview": overview,
            "entered": overview.entered,
            "total": overview.total,
            "badge": selectors.status_badge_of(event, missing=missing),
            "missing_count": missing,
            "is_director": director,
            "search": search,
            "ranking_choices": RankingChoice.choices,
            "source_choices": ResultsSource.choices,
            "butler_drop_choices": ButlerDrop.choices,
            "butler_halves_choices": HalfRounding.choices,
        }
        if director:  # the Finish form says which results are missing before the director confirms
            several = len(overview.sections) > 1
            context["missing"] = selectors.missing_results(event, count=missing, several_sections=several)
        return render(request, "duplicate/event_detail.html", context)

    if search.query:
        return render_page()
    return visitor_page(request, event, "overview", (), render_page)


def event_movement(request: HttpRequest, pk: int) -> HttpResponse:
    """Every round's tables, pairs and boards (a visitor's kept whole under the results version)."""
    event = selectors.event_or_404(pk)

    def render_page() -> HttpResponse:
        snapshot = selectors.event_snapshot(event, results=False)
        rounds = snapshot.rounds_table()
        tables = sorted({t["table"] for r in rounds for t in r["tables"]})
        grid = [
            {
                "round": r["round"],
                "cells": movement_cells(
                    next((t for t in r["tables"] if t["table"] == n), None) for n in tables
                ),
                "sit_out": r["sit_out"],
            }
            for r in rounds
        ]
        for r in rounds:
            r["rows"] = movement_rows_html(r["tables"])
        context = {
            "event": event,
            "snapshot": snapshot,
            "rounds": rounds,
            "tables": tables,
            "grid": grid,
            "sit_outs": any(r["sit_out"] for r in rounds),
        }
        return render(request, "duplicate/event_movement.html", context)

    return visitor_page(request, event, "movement", (), render_page)


def event_pairs(request: HttpRequest, pk: int) -> HttpResponse:
    """The event's pairs and their players (a visitor's kept whole under the results version, by the
    section, sort and page asked for)."""
    event = selectors.event_or_404(pk)
    request = page_request(request)

    director = selectors.viewer_of(request).director

    def render_page() -> HttpResponse:
        pairs = list(pair_infos(event, director=director).values())  # names as this viewer is shown them
        letters = sorted({pair.section for pair in pairs})
        section = selected_section(request, letters)
        hidden = [
            *(["section"] if len(letters) < 2 else []),
            *(["team"] if event.kind != "teams" else []),
            *(["edit"] if not request.user.is_staff else []),
        ]
        rows = in_section(pairs, section, "section")
        table = configure(request, PairsTable(rows, event_pk=event.pk, exclude=hidden))
        context = {"event": event, "table": table, "letters": letters, "section": section}
        return render(request, "duplicate/event_pairs.html", context)

    return visitor_page(request, event, "pairs", caching.query_variant(request.GET), render_page)


@staff_member_required
@require_http_methods(["GET", "POST"])
def event_names(request: HttpRequest, pk: int) -> HttpResponse:
    """Every pair's names (and the teams') on one page, with a paste box for rows from a spreadsheet."""
    event = get_object_or_404(Event, pk=pk)
    form = EventNamesForm(
        request.POST if request.method == "POST" else None,
        pairs=list(selectors.pairs_for(event)),
        teams=list(event.teams.all()),
        search_url=reverse("player_search"),
    )
    if request.method == "POST" and form.is_valid():
        try:
            changed = services.event_names_update(
                event=event,
                pairs=form.cleaned_data["pairs"],
                teams=form.cleaned_data["teams"],
                user_id=request.user.pk,
            )
        except services.ServiceError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(
                request,
                ngettext(
                    "Saved the names: %(n)d pair or team changed.",
                    "Saved the names: %(n)d pairs or teams changed.",
                    changed,
                )
                % {"n": changed},
            )
            return redirect("event_pairs", pk=pk)
    return render(request, "duplicate/event_names.html", {"event": event, "form": form})


@staff_member_required
@require_http_methods(["GET", "POST"])
def pair_edit(request: HttpRequest, pk: int, pair_pk: int) -> HttpResponse:
    pair = get_object_or_404(
        Pair.objects.select_related("player1", "player2", "event"), pk=pair_pk, event_id=pk
    )
    form = PairNamesForm(
        request.POST if request.method == "POST" else None, pair=pair, search_url=reverse("player_search")
    )
    if request.method == "POST" and form.is_valid():
        try:
            services.pair_names_update(pair=pair, user_id=request.user.pk, **form.cleaned_data)
        except services.ServiceError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, _("Saved the names of pair %(pair)s.") % {"pair": pair.number})
            return redirect("event_pairs", pk=pk)
    return render(request, "duplicate/pair_edit.html", {"event": pair.event, "pair": pair, "form": form})


@require_http_methods(["GET", "POST"])
def event_boards(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_object_or_404(Event, pk=pk)
    form = DealsForm(*_bound(request)) if request.user.is_staff else None
    if request.method == "POST":
        if form is None:
            return redirect(f"/login/?next={request.path}")
        answer = _event_boards_post(request, event, form)
        if answer is not None:
            return answer
    # A visitor sees the hands of the boards released only (see selectors.board_visible); a visitor's page
    # is kept whole under the results version, by the boards hidden.
    in_play = selectors.hidden_boards(selectors.boards_in_play(event), selectors.viewer_of(request))

    def render_page() -> HttpResponse:
        boards = list(event.boards.all())
        context = {
            "event": event,
            "boards": boards,
            "in_play": in_play,
            "form": form,
            "with_hands": sum(1 for b in boards if b.deal),
        }
        return render(request, "duplicate/event_boards.html", context)

    return visitor_page(request, event, "boards", tuple(sorted(in_play)), render_page)


def _event_boards_post(request: HttpRequest, event: Event, form: DealsForm) -> HttpResponse | None:
    """A director's hands: attached at once when no result's score changes; else the changes are shown
    (before and after) to confirm, and the confirmation applies them as law E corrections, "hands replaced".
    None: the boards page is shown again with the form's errors."""
    writer = services.Writer(name=request.user.get_username(), is_director=True, user_id=request.user.pk)
    if "cancel" in request.POST:
        messages.info(request, _("Nothing was changed: the hands and the results stay as they were."))
        return redirect("event_boards", pk=event.pk)
    if "confirm" in request.POST:
        confirm = DealsConfirmForm(request.POST)
        if not confirm.is_valid():
            messages.error(request, _(DealsConfirmForm.DAMAGED))
            return redirect("event_boards", pk=event.pk)
        data = confirm.cleaned_data
        given = services.HandsGiven(
            deals=data["deals"], dealers=data["dealers"], vulnerable=data["vulnerable"], site=data["site"]
        )
        expected = data["versions"]
    elif form.is_valid():
        try:
            given, notes = _deals_from_form(event, form.cleaned_data)
            preview = services.board_deals_preview(event=event, **given)
        except services.ServiceError as exc:
            form.add_error(None, str(exc))
            return None
        _show_notes(request, notes)
        if preview.changes:
            return _hands_confirmation(request, event, preview)
        expected = {}
    else:
        return None
    try:
        changed = services.board_deals_set(event=event, writer=writer, expected=expected, **given)
    except services.HandsStale as exc:
        return _hands_confirmation(request, event, exc.preview, error=str(exc))
    except services.ServiceError as exc:
        messages.error(request, _("Nothing was changed: %(error)s") % {"error": exc})
        return redirect("event_boards", pk=event.pk)
    text = changed.summary()
    if expected:
        text += " " + ngettext(
            "%(n)d result corrected (%(law)s, hands replaced): see the event's history.",
            "%(n)d results corrected (%(law)s, hands replaced): see the event's history.",
            len(expected),
        ) % {"n": len(expected), "law": event.agreement_law}
    messages.success(request, text)
    return redirect("event_boards", pk=event.pk)


def _show_notes(request: HttpRequest, notes: list[str], shown: int = 10) -> None:
    """What a PBN import attached (first) and what it set aside, the first few of them."""
    for index, note in enumerate(notes[: shown + 1]):
        (messages.info if index == 0 else messages.warning)(request, note)
    if len(notes) > shown + 1:
        messages.warning(
            request,
            ngettext(
                "… and %(n)d more note (import_hands prints them all).",
                "… and %(n)d more notes (import_hands prints them all).",
                len(notes) - shown - 1,
            )
            % {"n": len(notes) - shown - 1},
        )


def _hands_confirmation(
    request: HttpRequest, event: Event, preview: services.HandsPreview, error: str = ""
) -> HttpResponse:
    """The results the new hands change, before and after, with the deals carried to the confirmation."""
    confirm = DealsConfirmForm(
        initial={
            "deals": json.dumps({str(n): d for n, d in preview.deals.items()}),
            "versions": json.dumps({str(k): v for k, v in preview.versions.items()}),
            "dealers": json.dumps({str(n): d for n, d in preview.dealers.items()}),
            "vulnerable": json.dumps({str(n): v for n, v in preview.vulnerable.items()}),
            "site": preview.site,
        }
    )
    return render(
        request,
        "duplicate/event_boards_confirm.html",
        {
            "event": event,
            "preview": preview,
            "confirm": confirm,
            "error": error,
            "agreed": sum(1 for c in preview.changes if c.agreed),
        },
    )


def _deals_from_form(event: Event, data: dict[str, object]) -> tuple[services.HandsGiven, list[str]]:
    """What the form gives the boards (a PBN or LIN file's hands, dealers, vulnerability and site, all stored
    only with the hands) and the notes to show (PBN: games skipped, boards the event lacks...)."""
    if data.get("random"):
        return services.HandsGiven(
            deals=services.deals_random(event=event), dealers={}, vulnerable={}, site=""
        ), []
    upload = data.get("pbn_file_bytes")
    pbn: str | bytes | None = upload if isinstance(upload, bytes) else None
    if pbn is None and services.is_hands_text(str(data.get("pbn_text", ""))):
        pbn = str(data["pbn_text"])
    if pbn is not None:
        read = services.hands_from_file(
            event=event,
            data=pbn,
            name=str(data.get("pbn_file_name", "")),
            duplicates=cast(Any, data.get("repeated")),
        )
        return read.given(), [read.summary(), *read.notes]
    deals: dict[int, str] = {}
    lines: dict[int, int] = {}  # each board's first line
    for lineno, line in enumerate(str(data.get("pbn_text", "")).splitlines(), start=1):
        if not line.strip():
            continue
        number, _sep, deal = line.strip().partition(" ")
        if not number.isdecimal() or not deal.strip():
            raise services.ServiceError(
                _("line %(line)d: write the board number, a space, then the deal") % {"line": lineno}
            )
        if int(number) in lines and deals[int(number)] != deal.strip():
            raise services.ServiceError(
                _("line %(line)d: board %(board)d is given again with other hands (line %(first)d)")
                % {"line": lineno, "board": int(number), "first": lines[int(number)]}
            )
        deals[int(number)] = deal.strip()
        lines.setdefault(int(number), lineno)
    return services.HandsGiven(deals=deals, dealers={}, vulnerable={}, site=""), []
