"""The pages of an event of matches (a round-robin league, Swiss teams, Swiss pairs; docs/leagues.md): the
new-event form, the event's page (its rounds and matches, the VP table, the director's draw, swap and whole
results), each match's page, each team's page, the guide cards of a round and the VP table's downloads.

Thin: reads through ``teams.selectors_matches`` (and ``teams.page_reads``, ``teams.match_detail`` for what
only the pages need), writes through ``teams.services``.  No peeking: what a visitor is shown of a match
scored on its boards is the selectors' to decide (a visitor's table counts a match once its boards are all
released); a match page hides the boards still in play as the IMP match page does; a visitor's page is kept
whole under the results version (``duplicate.pages.visitor_page``)."""

from __future__ import annotations

from fractions import Fraction
from math import ceil
from typing import Any

from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from duplicate import caching, selectors
from duplicate.contests import contest_named, contest_of
from duplicate.downloads import download_response, totals_download
from duplicate.models import Event, Team
from duplicate.pages import page_request, visitor_page
from duplicate.selectors.display import SLIDES_PER_PAGE, page_number, round_clock
from duplicate.selectors.standings import BEING_PLAYED_NOTE
from duplicate.services.errors import ServiceError, split_field
from duplicate.tables import configure
from teams import match_files, page_reads, services
from teams.forms import MAX_ROUNDS, DrawSwapForm, MatchesEventForm, MatchResultForm
from teams.match_detail import match_detail
from teams.match_tables import (
    DisplayRoundTable,
    DisplayVpTable,
    MatchBoardsTable,
    RoundMatchesTable,
    VpStandingsTable,
    vps_text,
)
from teams.models import Entered, Match
from teams.selectors_matches import match_results, vp_table
from teams.tables import ImpBoardsTable

#: A service's error field (its message's first words) -> the form's field it is shown beside.
CREATE_FIELDS = {
    "name": "name",
    "contest": "contest",
    "entrants": "entrants",
    "seeds": "entrants",
    "boards_per_match": "boards_per_match",
    "rounds": "rounds",
    "bye_vps": "bye_vps",
    "match_scoring": "match_scoring",
}
RESULT_FIELDS = {"home IMPs": "home", "away IMPs": "away", "home VPs": "home", "away VPs": "away"}


def _matches_event(pk: int) -> Event:
    """The event, a 404 for one that is not an event of matches."""
    event = selectors.event_or_404(pk)
    if not contest_of(event).of_matches:
        raise Http404("Not a league or a Swiss.")
    return event


def _round_or_404(number: int) -> None:
    """A round's number as a round can have it (1 to 99: ``Event.rounds_planned``), else a 404 before any
    query (a number no column holds)."""
    if not 1 <= number <= MAX_ROUNDS:
        raise Http404("No such round.")


def _error_field(text: str, fields: dict[str, str], other: str | None = None) -> tuple[str | None, str]:
    """The form field a service's one-line error belongs to and its message ("field: message"); another
    error (an entrant's, named by its name) beside ``other`` (None: the form's own), whole."""
    field, message = split_field(text)
    if field in fields and message:
        return fields[field], message[:1].upper() + message[1:]
    return other, text


@staff_member_required
@require_http_methods(["GET", "POST"])
def matches_event_create(request: HttpRequest) -> HttpResponse:
    """The new league or Swiss: one form, one service call (``teams.services.matches_event_create``)."""
    initial = {k: v for k, v in request.GET.items() if k in ("name", "date", "contest")}
    form = MatchesEventForm(request.POST if request.method == "POST" else None, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        seeded = data["first_round"] == "seeded"
        entrants = [
            services.EntrantSpec(name=name, players=players, seed=index if seeded else None)
            for index, (name, players) in enumerate(data["entrants"], start=1)
        ]
        try:
            event = services.matches_event_create(
                name=data["name"],
                date=data["date"],
                contest=data["contest"],
                entrants=entrants,
                boards_per_match=data["boards_per_match"],
                rounds=data.get("rounds") or 0,
                bye_vp100=data["bye_vps"],
                match_scoring=data.get("match_scoring") or "",
                seeded=seeded,
            )
        except ServiceError as exc:
            form.add_error(*_error_field(str(exc), CREATE_FIELDS, other="entrants"))
        else:
            messages.success(
                request, _("Created %(name)s: print the table links and play.") % {"name": event.name}
            )
            return redirect("matches_event", pk=event.pk)
    return render(request, "teams/matches_form.html", {"form": form}, status=400 if form.errors else 200)


def matches_event(request: HttpRequest, pk: int) -> HttpResponse:
    """The event's rounds with their matches, and the VP table; the director's draw, swap and result forms."""
    event = _matches_event(pk)
    director = selectors.viewer_of(request).director
    request = page_request(request)

    def render_page() -> HttpResponse:
        return render(request, "teams/matches_event.html", _event_context(request, event, director))

    return visitor_page(request, event, "matches-page", caching.query_variant(request.GET), render_page)


def _event_context(request: HttpRequest, event: Event, director: bool) -> dict[str, Any]:
    contest = contest_of(event)
    rounds = page_reads.rounds_of(match_results(event, director=director))
    table = VpStandingsTable(
        vp_table(event, director=director), event_pk=event.pk, contest=contest, prefix="vp-"
    )
    listed = [
        {
            "round": r,
            "table": configure(
                request,
                RoundMatchesTable(r.matches, event_pk=event.pk, director=director, prefix=f"r{r.number}-"),
            ),
        }
        for r in reversed(rounds)
    ]
    last = rounds[-1] if rounds else None
    context: dict[str, Any] = {
        "event": event,
        "contest": contest,
        "rounds": listed,
        "standings": configure(request, table),
        "last": last,
        "playing": page_reads.round_in_play(rounds),  # its guide cards are offered
        "is_director": director,
        "changes": page_reads.draw_changes(event),
    }
    if director:
        context.update(_director_context(event, contest.drawn, last))
    return context


def _director_context(event: Event, drawn: bool, last: page_reads.RoundLines | None) -> dict[str, Any]:
    """The draw button (a Swiss: disabled, with the reason, while the last round is incomplete or every
    planned round is drawn) and the swap form (the last round, while none of its results is in)."""
    next_round = (last.number if last else 0) + 1
    reason = ""
    if last is not None and not last.complete:
        reason = _("Round %(n)d's results are not all in.") % {"n": last.number}
    elif event.rounds_planned and next_round > event.rounds_planned:
        reason = _("All %(n)d rounds are drawn.") % {"n": event.rounds_planned}
    swappable = (
        drawn and last is not None and not last.started and len(last.tables) > 1
    )  # a Swiss's draw only
    return {
        "can_draw": drawn,
        "next_round": next_round,
        "draw_reason": reason,
        "swap_form": DrawSwapForm(tables=last.tables) if swappable and last else None,
    }


@staff_member_required
@require_POST
def matches_draw(request: HttpRequest, pk: int) -> HttpResponse:
    event = _matches_event(pk)
    try:
        drawn = services.round_draw(event=event, user=request.user)
    except ServiceError as exc:
        messages.error(request, str(exc))
    else:
        number = drawn[0].round if drawn else 0
        messages.success(
            request, _("Round %(n)d is drawn: the table links say where everyone sits.") % {"n": number}
        )
    return redirect("matches_event", pk=event.pk)


@staff_member_required
@require_POST
def matches_swap(request: HttpRequest, pk: int) -> HttpResponse:
    """Two tables' pairings of the last round swapped before its play (recorded in the draw's history)."""
    event = _matches_event(pk)
    if not contest_of(event).drawn:  # a league's schedule is made whole at the start
        messages.error(request, _("A league's rounds are its schedule's: only a Swiss's draw is swapped."))
        return redirect("matches_event", pk=event.pk)
    last = page_reads.last_drawn_round(event)
    tables = list(Match.objects.filter(event=event, round=last, table__gte=1).values_list("table", flat=True))
    form = DrawSwapForm(request.POST, tables=tables)
    if not form.is_valid():
        for errors in form.errors.values():
            messages.error(request, " ".join(str(e) for e in errors))
        return redirect("matches_event", pk=event.pk)
    first, second = form.cleaned_data["first"], form.cleaned_data["second"]
    found = {m.table: m for m in Match.objects.filter(event=event, round=last, table__in=[first, second])}
    try:
        services.draw_swap(
            event=event, round=last, first=found[first], second=found[second], user=request.user
        )
    except ServiceError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(
            request, _("Swapped the pairings of tables %(a)d and %(b)d.") % {"a": first, "b": second}
        )
    return redirect("matches_event", pk=event.pk)


@staff_member_required
@require_http_methods(["GET", "POST"])
def match_result(request: HttpRequest, pk: int, match_pk: int) -> HttpResponse:
    """A match's whole result (IMPs or VPs, scored elsewhere), its errors beside the fields."""
    event = _matches_event(pk)
    match = get_object_or_404(Match.objects.select_related("home", "away"), pk=match_pk, event=event)
    if match.away is None:
        messages.error(request, _("A bye has no result to enter: it scores the event's bye VPs."))
        return redirect("matches_event", pk=event.pk)
    form = MatchResultForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        vps = data["entered"] == Entered.VPS
        home, away = (Fraction(data[s], 100) if vps else data[s] for s in ("home", "away"))
        try:
            services.match_result_save(
                match=match, entered=data["entered"], home=home, away=away, user=request.user
            )
        except ServiceError as exc:
            form.add_error(*_error_field(str(exc), RESULT_FIELDS))
        else:
            messages.success(
                request,
                _("Saved the result of %(home)s v %(away)s.")
                % {"home": match.home.name, "away": match.away.name},
            )
            return redirect("matches_event", pk=event.pk)
    context = {"event": event, "match": match, "form": form}
    return render(request, "teams/match_result.html", context, status=400 if form.errors else 200)


@require_safe
def match_page(request: HttpRequest, pk: int, match_pk: int) -> HttpResponse:
    """One match board by board (as the IMP match page): the boards still in play hidden from visitors."""
    event = _matches_event(pk)
    match = get_object_or_404(Match, pk=match_pk, event=event)
    viewer = selectors.viewer_of(request)
    hidden = selectors.hidden_boards(selectors.boards_in_play(event), viewer)

    def render_page() -> HttpResponse:
        detail = match_detail(event, match, hidden=hidden, director=viewer.director)
        if detail.teams:
            boards: Any = ImpBoardsTable(
                detail.team_lines, event_pk=event.pk, home=detail.home, away=detail.away, prefix="b-"
            )
        else:
            unit = contest_named(event.match_scoring).unit if event.match_scoring else ""
            boards = MatchBoardsTable(
                detail.pair_lines, event_pk=event.pk, detail=detail, unit=unit, prefix="b-"
            )
        context = {
            "event": event,
            "detail": detail,
            "vps": (vps_text(detail.line.home_vps), vps_text(detail.line.away_vps)),
            "boards": configure(request, boards, per_page=500),
            "hidden": bool(hidden),
            "being_played": _(BEING_PLAYED_NOTE),
        }
        return render(request, "teams/matches_match.html", context)

    variant = (match.pk, tuple(sorted(hidden)), caching.names_variant(viewer.director))
    return visitor_page(request, event, "matches-match", variant, render_page)


@require_safe
def team_page(request: HttpRequest, pk: int, team_pk: int) -> HttpResponse:
    """A team's (or a Swiss pair's) page: where its pairs sit in the last round drawn, and its matches."""
    event = _matches_event(pk)
    team = get_object_or_404(Team, pk=team_pk, event=event)
    director = selectors.viewer_of(request).director

    def render_page() -> HttpResponse:
        mine = [m for m in match_results(event, director=director) if team.pk in (m.home, m.away)]
        # The round it plays now: its first without a result (a league's are all made at the start), else its last.
        last = next((m.round for m in mine if not m.complete), mine[-1].round if mine else 0)
        seats = page_reads.seats_in_round(event, last).get(team.pk, []) if last else []
        table = configure(
            request, RoundMatchesTable(mine, event_pk=event.pk, director=director, prefix="m-", rounds=True)
        )
        context = {"event": event, "team": team, "seats": seats, "last": last, "table": table}
        return render(request, "teams/matches_team.html", context)

    return visitor_page(request, event, "matches-team", (team.pk,), render_page)


@require_safe
def guide_cards(request: HttpRequest, pk: int, round_number: int) -> HttpResponse:
    """One card per team (or pair) for a round: round, table, direction, opponents; printable."""
    event = _matches_event(pk)
    _round_or_404(round_number)
    cards = page_reads.round_cards(event, round_number)
    return render(
        request, "teams/matches_guide_cards.html", {"event": event, "round": round_number, "cards": cards}
    )


@require_safe
def guide_cards_pdf(request: HttpRequest, pk: int, round_number: int) -> HttpResponse:
    event = _matches_event(pk)
    _round_or_404(round_number)
    body = match_files.guide_cards_pdf(event, round_number)
    return download_response(event, body, f"guide-cards-round-{round_number}", "pdf")


@require_safe
def vp_download(request: HttpRequest, pk: str, fmt: str) -> HttpResponse:
    """The VP table as CSV, xlsx, JSON or PDF (a visitor's: no board in play counted)."""
    event = _matches_event(int(pk))  # (a re_path's argument: text)
    return totals_download(
        request,
        event,
        "vp-table",
        fmt,
        lambda e, _released_only, director: match_files.vp_file(e, fmt, director=director),
    )


@require_safe
def matches_display_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The venue display of a league or a Swiss (``duplicate.views.live.event_display`` sends it here): the VP
    table and the round in play, a visitor's view for everyone, kept whole under the results version a page
    at a time (``?page=``, :data:`SLIDES_PER_PAGE` slides a page); ``?seconds=`` is the page script's."""
    event = _matches_event(pk)
    found = caching.cached(event, "matches-display-slides", (), lambda: page_reads.matches_display(event))
    pages = max(1, ceil(len(found.slides) / SLIDES_PER_PAGE))
    page = page_number(request.GET.get("page"), pages)

    def build() -> str:
        data = caching.cached(
            event, "matches-display-slides", (), lambda: page_reads.matches_display(event), current_only=True
        )
        pages = max(1, ceil(len(data.slides) / SLIDES_PER_PAGE))
        shown = data.slides[(page - 1) * SLIDES_PER_PAGE : page * SLIDES_PER_PAGE]
        for_teams = contest_of(event).for_teams
        slides = [
            {
                "slide": slide,
                "table": (
                    DisplayVpTable(slide.rows, for_teams=for_teams)
                    if slide.kind == "vp-table"
                    else DisplayRoundTable(slide.rows)
                ).as_html(request),
            }
            for slide in shown
        ]
        context = {
            "event": event,
            "data": data,
            "slides": slides,
            "page": page,
            "pages": pages,
            "version": event.results_version,
            "clock": round_clock(event),  # the director's round clock, counted down by live.js
        }
        return render_to_string("teams/matches_display.html", context)

    return HttpResponse(caching.cached(event, "matches-display", page, build))
