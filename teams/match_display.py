"""The venue display of an event of matches (a league, a Swiss; docs/leagues.md): the VP table, then the round
being played with its matches, in large type, a slide at a time (the display page's script,
``static/js/live.js``).  ``duplicate.views.live.event_display`` sends such an event here.

No peeking: everyone, a director too, sees what a visitor may (``vp_rows`` and ``match_results`` read with
``director=False``: a match counts from its boards only once every table has played them), so the page is one
for all, kept whole under the event's results version.  Three queries whatever the event's size (the pairs,
the matches, the plays) on a miss."""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil
from typing import Any

import django_tables2 as tables
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from duplicate import caching
from duplicate.contests import contest_of
from duplicate.models import Event
from duplicate.selectors.display import ROWS_PER_SLIDE, SLIDES_PER_PAGE, page_number
from duplicate.selectors.events import event_or_404
from duplicate.selectors.pair_rows import pair_infos
from duplicate.tables import NUM, DisplayTable
from teams.match_tables import DASH, vps_text
from teams.page_reads import round_in_play, rounds_of
from teams.selectors_matches import MatchLine, match_results, vp_rows


class DisplayVpTable(DisplayTable):
    """A slide of the VP table (``VpTableRow``s): place, name, VPs, net IMPs, matches played."""

    rank = tables.Column(_("Place"), attrs=NUM)
    name = tables.Column(_("Team"))
    vps = tables.Column("VPs", attrs=NUM)
    imps = tables.Column("IMPs", attrs=NUM)
    played = tables.Column(_("Played"), attrs=NUM)

    class Meta(DisplayTable.Meta):
        empty_text = "No entrants yet."

    def render_rank(self, value: int, record: Any) -> str:
        return f"={value}" if record.tied else str(value)

    def render_vps(self, value: Any) -> str:
        return vps_text(value)

    def render_imps(self, value: int) -> str:
        return f"{value:+d}" if value else "0"


class DisplayRoundTable(DisplayTable):
    """A slide of the round's matches (``MatchLine``s): table, home v away, VPs once counted."""

    table = tables.Column(_("Table"), attrs=NUM)
    home_name = tables.Column(_("Home"))
    away_name = tables.Column(_("Away"), empty_values=())
    vps = tables.Column("VPs", attrs=NUM, empty_values=())

    class Meta(DisplayTable.Meta):
        empty_text = "No matches drawn yet."

    def render_table(self, value: int) -> str:
        return str(value) if value else "—"

    def render_away_name(self, value: str, record: MatchLine) -> str:
        return value if record.away is not None else _("bye")

    def render_vps(self, record: MatchLine) -> str:
        if not record.counted or record.home_vps is None:
            return _("being played") if record.away is not None else ""
        if record.away is None:
            return vps_text(record.home_vps)
        return f"{vps_text(record.home_vps)}{DASH}{vps_text(record.away_vps)}"


@dataclass(frozen=True)
class MatchesSlide:
    kind: str  # "vp-table" or "round"
    title: str
    rows: tuple[Any, ...]
    part: int
    parts: int
    board: None = None  # (the pairs' display's slides carry a board)


@dataclass(frozen=True)
class MatchesDisplay:
    """The display's slides, a visitor's: the VP table's, then the round in play's (``round``: 0 before the
    first draw; ``counted`` of ``matches`` its matches counted in the table)."""

    slides: tuple[MatchesSlide, ...]
    round: int
    counted: int
    matches: int


def _slides(kind: str, title: str, rows: tuple[Any, ...]) -> list[MatchesSlide]:
    chunks = [rows[i : i + ROWS_PER_SLIDE] for i in range(0, len(rows), ROWS_PER_SLIDE)] or [()]
    return [MatchesSlide(kind, title, c, n, len(chunks)) for n, c in enumerate(chunks, 1)]


def matches_display(event: Event) -> MatchesDisplay:
    """The VP table and the round in play, as a visitor sees them (three queries)."""
    infos = pair_infos(event)
    lines = match_results(event, infos=infos)
    slides = _slides("vp-table", _("VP table"), vp_rows(infos, lines))
    playing = round_in_play(rounds_of(lines))
    if playing is None:
        return MatchesDisplay(tuple(slides), 0, 0, 0)
    title = _("Round %(n)d") % {"n": playing.number}
    slides += _slides("round", title, playing.matches)
    played = [m for m in playing.matches if m.away is not None]
    return MatchesDisplay(tuple(slides), playing.number, sum(m.counted for m in played), len(played))


def matches_display_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The display's page ``?page=`` (:data:`SLIDES_PER_PAGE` slides a page), kept whole under the results
    version; ``?seconds=`` is the page script's."""
    event = event_or_404(pk)
    found = caching.cached(event, "matches-display-slides", (), lambda: matches_display(event))
    pages = max(1, ceil(len(found.slides) / SLIDES_PER_PAGE))
    page = page_number(request.GET.get("page"), pages)

    def build() -> str:
        data = caching.cached(
            event, "matches-display-slides", (), lambda: matches_display(event), current_only=True
        )
        pages = max(1, ceil(len(data.slides) / SLIDES_PER_PAGE))
        shown = data.slides[(page - 1) * SLIDES_PER_PAGE : page * SLIDES_PER_PAGE]
        for_teams = contest_of(event).for_teams
        slides = []
        for slide in shown:
            table = DisplayVpTable(slide.rows) if slide.kind == "vp-table" else DisplayRoundTable(slide.rows)
            if slide.kind == "vp-table" and not for_teams:
                table.columns["name"].column.verbose_name = _("Pair")
            slides.append({"slide": slide, "table": table.as_html(request)})
        context = {
            "event": event,
            "data": data,
            "slides": slides,
            "page": page,
            "pages": pages,
            "version": event.results_version,
        }
        return render_to_string("teams/matches_display.html", context)

    return HttpResponse(caching.cached(event, "matches-display", page, build))
