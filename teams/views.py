"""The team match page (duplicate law G): public and read-only.  The match's plain rows are kept in Django's
cache under the event's results version (``duplicate.caching``), with that version: the page is live (it
refreshes itself when results arrive).  A visitor's page is kept whole; a director's tables are made from
the rows per request.

No peeking: what a viewer may see is decided before the cache is read.  A visitor's board-by-board tables
leave out the scores of the boards still in play (as the score cards do), and its totals count the released
boards only, unless the event runs totals over every result (``selectors.released_only``).

The standings download of every event is here too (``download_standings``): a team match's file is this app's,
a pair event's is ``duplicate.files``', and duplicate does not depend on this app."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from duplicate import caching, files, selectors
from duplicate.contests import Shape, contest_of
from duplicate.downloads import hidden_download, totals_download
from duplicate.models import Event, EventKind
from duplicate.pages import is_visitor, page_request, visitor_page
from duplicate.selectors.events import boards_in_play, event_badge, event_or_404, hidden_boards, viewer_of
from duplicate.selectors.imp_match import imp_match
from duplicate.selectors.standings import BEING_PLAYED_NOTE, TeamStandings
from duplicate.tables import configure
from teams.files import match_file, match_formats
from teams.selectors import law_g_match
from teams.tables import ImpBoardsTable, MatchTablesTable, TeamBoardsTable, TeamScoreTable

T = TypeVar("T")
BOARDS_PER_PAGE = 500  # a table's boards on one page: its running total reads down the whole match


def team_match(request: HttpRequest, pk: int) -> HttpResponse:
    """The match page; a visitor's kept whole under the results version (``duplicate.pages``), keyed by the
    boards hidden, what the totals count and the tables' pages asked for."""
    event = event_or_404(pk)
    if contest_of(event).of_matches:  # a league's or a Swiss's matches have their own pages
        return redirect("matches_event", pk=event.pk)
    if event.kind != EventKind.TEAMS:
        return redirect("event_standings", pk=event.pk)
    viewer = viewer_of(request)
    hidden = hidden_boards(boards_in_play(event), viewer)
    released_only = selectors.released_only(event, viewer)  # the totals count the released boards only
    request = page_request(request)
    variant = (
        tuple(sorted(hidden)),
        caching.counted_variant(released_only),
        caching.query_variant(request.GET),
        caching.names_variant(viewer.director),
    )
    by_imps = contest_of(event).shape is Shape.CONTRACT_TEAMS
    match_page = _imp_match if by_imps else _law_g_match
    return visitor_page(
        request,
        event,
        "imp-match-page" if by_imps else "team-match-page",
        variant,
        lambda: match_page(request, event, hidden, released_only, viewer.director),
    )


def _match_rows(
    request: HttpRequest, event: Event, what: str, variant: Hashable, read: Callable[[], T]
) -> tuple[T, int]:
    """The match's rows and the results version they show: the page's script (static/js/live.js) polls for
    newer.  A director's are kept in the cache (the latest: his tables are made per request); a visitor's
    page is kept whole, so its rows are worked out for it."""
    if not is_visitor(request):
        return caching.cached(
            event, what, variant, lambda: (read(), event.results_version), current_only=True
        )
    return read(), event.results_version


def _law_g_match(
    request: HttpRequest, event: Event, hidden: frozenset[int], released_only: bool, director: bool
) -> HttpResponse:
    def read() -> TeamStandings:
        return law_g_match(event, hidden=hidden, released_only=released_only, director=director)

    variant = (tuple(sorted(hidden)), caching.counted_variant(released_only), caching.names_variant(director))
    match, version = _match_rows(request, event, "team-match-live", variant, read)
    tables = configure(request, MatchTablesTable(match.tables, event_pk=event.pk, prefix="tables-"))
    urls: dict[int, str] = {}  # each board's traveller, for every table's boards
    boards = [
        {
            "line": line,
            "table": configure(
                request,
                TeamBoardsTable(
                    line.lines, event_pk=event.pk, prefix=f"table-{line.table}-", board_urls=urls
                ),
                per_page=BOARDS_PER_PAGE,
            ),
        }
        for line in match.tables
    ]
    teams = [
        {
            "team": team,
            "table": configure(request, TeamScoreTable(team, event_pk=event.pk, prefix=f"team-{i}-")),
        }
        for i, team in enumerate(match.teams, start=1)
    ]
    badge = event_badge(event.status, provisional=match.progress.provisional, missing=match.progress.missing)
    context = {
        "event": event,
        "match": match,
        "version": version,
        "progress": match.progress,
        "badge": badge,
        "tables": tables,
        "boards": boards,
        "teams": teams,
        "hidden": bool(hidden),
        "being_played": _(BEING_PLAYED_NOTE),
    }
    return render(request, "teams/match.html", context)


def _imp_match(
    request: HttpRequest, event: Event, hidden: frozenset[int], released_only: bool, director: bool
) -> HttpResponse:
    """A contract team match by IMPs and VPs, cached as the law G page is, with its version: live too."""
    match, version = _match_rows(
        request,
        event,
        "imp-match-live",
        (tuple(sorted(hidden)), caching.counted_variant(released_only), caching.names_variant(director)),
        lambda: imp_match(event, hidden=hidden, released_only=released_only, director=director),
    )
    boards = ImpBoardsTable(
        match.lines, event_pk=event.pk, home=match.home, away=match.away, prefix="boards-"
    )
    context = {
        "event": event,
        "match": match,
        "version": version,
        "progress": match.progress,
        "badge": event_badge(
            event.status, provisional=match.progress.provisional, missing=match.progress.missing
        ),
        "boards": configure(request, boards, per_page=BOARDS_PER_PAGE),
        "hidden": bool(hidden),
        "being_played": _(BEING_PLAYED_NOTE),
    }
    return render(request, "teams/imp_match.html", context)


@require_safe
def download_standings(request: HttpRequest, pk: int, fmt: str) -> HttpResponse:
    event = get_object_or_404(Event, pk=pk)
    if contest_of(event).of_matches:  # a league's or a Swiss's standings: its VP table's files
        return redirect("matches_vp_download", pk=event.pk, fmt=fmt)
    if fmt in match_formats(event):
        # A team match's PDF and xlsx carry its boards one by one (law G; a match by IMPs its CSV too): a
        # visitor's without the boards still in play, as on the team match page.
        return hidden_download(
            request,
            event,
            "standings",
            fmt,
            lambda e, hidden, released_only, director: match_file(
                e, fmt, hidden=hidden, released_only=released_only, director=director
            ),
            preparing=_("The team match's %(format)s") % {"format": fmt.upper()}
            if fmt != "xlsx"
            else _("The team match's workbook"),
        )
    return totals_download(
        request,
        event,
        "standings",
        fmt,
        lambda e, released_only, director: files.standings_file(
            e, fmt, released_only=released_only, director=director
        ),
    )
