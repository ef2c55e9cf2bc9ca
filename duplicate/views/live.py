"""Live pages: the version a page's own script (static/js/live.js) polls to know when to fetch the page again,
and the venue display, a page for a screen in the playing room that cycles the standings and the released
travellers in large type, a page of slides at a time."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods

from duplicate import caching, services
from duplicate.contests import Contest, contest_of
from duplicate.forms.clock import START, STOP, RoundClockForm
from duplicate.models import Event
from duplicate.selectors import display as display_selectors
from duplicate.selectors import events as event_selectors
from duplicate.selectors.events import event_or_404
from duplicate.tables import (
    DisplayImpTeamsTable,
    DisplayStandingsTable,
    DisplayTable,
    DisplayTeamsTable,
    DisplayTravellerTable,
)


@never_cache
@require_GET
def event_version(request: HttpRequest, pk: int) -> JsonResponse:
    """``{"version": "12"}``: the event's results version, what the standings, score cards and display
    carry (one query). It tells that results changed, not what they are."""
    version = display_selectors.event_version(pk)
    if version is None:
        raise Http404("No Event matches the given query.")
    return JsonResponse({"version": str(version)})


@never_cache
@require_GET
def board_version(request: HttpRequest, pk: int, number: int) -> JsonResponse:
    """``{"version": "3-shown"}``: what board ``number``'s traveller carries for this viewer (one query)."""
    board = event_selectors.traveller_board(pk, number)
    live = display_selectors.traveller_live_version(board, viewer=event_selectors.viewer_of(request))
    return JsonResponse({"version": live})


def _slide_table(slide: display_selectors.Slide, contest: Contest) -> DisplayTable:
    """A slide's table, headed as the event's ``contest`` (its description) says."""
    if slide.kind == "traveller":
        return DisplayTravellerTable(slide.rows, contest=contest)
    if slide.kind == "teams":
        return DisplayTeamsTable(slide.rows)
    if slide.kind == "imp-teams":
        return DisplayImpTeamsTable(slide.rows)
    return DisplayStandingsTable(slide.rows, contest=contest)


def _slide_item(request: HttpRequest, slide: display_selectors.Slide, contest: Contest) -> dict[str, Any]:
    """A slide and its table, or its columns' tables (rankings side by side)."""
    if slide.columns:
        columns = [
            {"title": title, "table": _slide_table(replace(slide, rows=rows), contest).as_html(request)}
            for title, rows in slide.columns
        ]
        return {"slide": slide, "columns": columns}
    return {"slide": slide, "table": _slide_table(slide, contest).as_html(request)}


def event_display(request: HttpRequest, pk: int) -> HttpResponse:
    """The venue display: everyone, a director too, sees what a visitor may (no peeking: a board still in play
    at any table is not shown), so the page is one for all.  Its slides are cut into pages
    (``?page=``, :data:`~duplicate.selectors.display.SLIDES_PER_PAGE` slides each), each kept whole under the
    event's results version, as is the plan of which slides there are; how long a slide is shown
    (``?seconds=``) is the page's script's, so one entry serves every screen."""
    event = event_or_404(pk)
    if event.described.of_matches:  # a league's or a Swiss's: its VP table and the round in play
        query = request.GET.urlencode()
        return redirect(reverse("matches_display", args=[event.pk]) + (f"?{query}" if query else ""))
    plan = caching.cached(event, "display-plan", (), lambda: display_selectors.display_plan(event))
    page = display_selectors.page_number(request.GET.get("page"), plan.pages)

    def build() -> str:
        # The page is kept under the current version: made from the current plan, never a kept older one.
        current = caching.cached(
            event, "display-plan", (), lambda: display_selectors.display_plan(event), current_only=True
        )
        data = display_selectors.display(event, current, page)
        contest = contest_of(event)
        slides = [_slide_item(request, s, contest) for s in data.slides]
        clock = display_selectors.round_clock(event)
        context: dict[str, Any] = {"event": event, "data": data, "slides": slides, "clock": clock}
        return render_to_string("duplicate/display.html", context)

    return HttpResponse(caching.cached(event, "display", page, build))


@staff_member_required
@require_http_methods(["GET", "HEAD", "POST"])
def event_round_clock(request: HttpRequest, pk: int) -> HttpResponse:
    """The director's round clock: a round's length, and start the clock at a round now (the round the tables
    are on, unless changed) or stop it; the venue display counts down. A number out of range is shown beside
    its field."""
    event = get_object_or_404(Event, pk=pk)
    rounds = display_selectors.event_rounds(event)
    in_play = display_selectors.round_in_play(event)
    initial = {"minutes": event.round_minutes, "clock_round": in_play or event.clock_round or 1}
    form = RoundClockForm(request.POST if request.method == "POST" else None, initial=initial, rounds=rounds)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        clock_round, started_at = event.clock_round, event.clock_started_at  # the length only: kept
        if data["action"] == START:
            clock_round, started_at = data["clock_round"], timezone.now()
        elif data["action"] == STOP or not data["minutes"]:
            clock_round, started_at = None, None
        try:
            services.event_round_clock_set(
                event=event, minutes=data["minutes"], clock_round=clock_round, started_at=started_at
            )
        except services.ServiceError as exc:
            form.add_error(None, str(exc))
        else:
            clock = display_selectors.round_clock(event)
            messages.success(
                request,
                _("Round clock: %(clock)s.") % {"clock": clock.text}
                if clock
                else _("The round clock is stopped."),
            )
            return redirect("event_round_clock", pk=event.pk)
    clock = display_selectors.round_clock(event)
    context = {"event": event, "form": form, "clock": clock, "rounds": rounds, "in_play": in_play}
    return render(request, "duplicate/round_clock.html", context)
