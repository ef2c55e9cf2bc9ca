"""Reads for the live pages: the version a page's script polls, and the venue display's slides.

A page that refreshes itself carries a *live version* (a short text) and polls the same text here; when the
two differ it fetches the page again.  The text says only that results changed, never what they are: what a
page shows is still decided by the page (no peeking).
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from math import ceil
from typing import Any

from django.db.models import Count, Max, Min, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from duplicate.contests import Shape, contest_of
from duplicate.models import Board, Event, EventKind, Play, Round
from duplicate.selectors.event_rows import BoardRows, board_row
from duplicate.selectors.events import (
    VISITOR,
    TravellerBoard,
    Viewer,
    board_visible,
    boards_in_play,
    hidden_boards,
    released_only,
)
from duplicate.selectors.imp_match import imp_match
from duplicate.selectors.pair_rows import PairInfo, pair_infos
from duplicate.selectors.published import with_published_datum
from duplicate.selectors.standings import (
    PairStandings,
    Progress,
    boards_results,
    event_results,
    progress_of,
    standings,
)
from duplicate.selectors.travellers import PlayLine, play_lines
from scoring.round_clock import ClockState, clock_state

ROWS_PER_SLIDE = 12  # lines a slide shows in large type (a longer ranking or traveller runs to more slides)
# Slides a page of the display holds (six minutes at the default 15 seconds a slide): its script fetches the
# next page after the last, so a big event's display is many small pages, not one of every slide.
SLIDES_PER_PAGE = 24


def event_version(pk: int) -> int | None:
    """The event's results version, or None when there is no such event (one query)."""
    if not 0 < pk < 2**63:
        return None
    return Event.objects.filter(pk=pk).values_list("results_version", flat=True).first()


def traveller_version(board: Board, *, visible: bool = True) -> int:
    """What a board's traveller is kept under and its poll follows: the board's own results version (law H,
    Butler, cross-IMPs: its lines, averages and progress are that board's; and a board still being played,
    whose page shows only its own progress), or the event's where they depend on other boards: a team match
    (law G: its progress is the match's) and contract matchpoints (Neuberg's N, the most results on a board
    of the field, moves with other boards' results)."""
    event = board.event
    whole = event.kind == EventKind.TEAMS or contest_of(event).neuberg
    return event.results_version if whole and visible else board.results_version


def traveller_live_version(found: TravellerBoard, *, viewer: Viewer) -> str:
    """What a board's traveller page carries and its poll answers: the version it is kept under
    (:func:`traveller_version`) and whether ``viewer`` sees the board yet (finishing the event releases a
    board without a result of its own). ``found``: from ``traveller_board`` (no query)."""
    in_play = boards_in_play(found.board.event, board=found)
    visible = board_visible(found.board.number, in_play=in_play, viewer=viewer)
    return live_version(traveller_version(found.board, visible=visible), visible)


def live_version(version: int, visible: bool) -> str:
    """A traveller's live version: its results version, and whether the viewer sees the board."""
    return f"{version}-{'shown' if visible else 'in-play'}"


@dataclass(frozen=True)
class Slide:
    """One screenful: part ``part`` of ``parts`` of a ranking (``rows``: ``StandingRow``s) or of a released
    board's traveller (``rows``: ``PlayLine``s, ``board``: its ``BoardRows``)."""

    kind: str  # "standings", "teams", "imp-teams" or "traveller"
    title: str
    rows: tuple[Any, ...]
    part: int
    parts: int
    board: BoardRows | None = None
    # A slide of rankings shown side by side: each column's heading (or "") and rows, ``rows`` all of them.
    columns: tuple[tuple[str, tuple[Any, ...]], ...] = ()


@dataclass(frozen=True)
class TravellerSlide:
    """A slide of a released board's traveller, before its lines are read: the board's ``number`` and the
    slide's place among the board's slides (its lines ``(part - 1) * rows`` onwards)."""

    number: int
    part: int
    parts: int


@dataclass(frozen=True)
class DisplayPlan:
    """Every slide of the venue display, in order (the standings' filled, the travellers' named only), as a
    visitor may see them: the standings, then each released board.  The display shows them a page at a
    time, :data:`SLIDES_PER_PAGE` a page (``pages`` of them): the page's script moves on to the next page
    after its last slide, and from the last back to the first."""

    version: int
    progress: Progress
    slides: tuple[Slide | TravellerSlide, ...]
    in_play: int  # boards not yet released
    pairs: Mapping[int, PairInfo]  # what the travellers' lines are read with
    rows: int = ROWS_PER_SLIDE

    @property
    def pages(self) -> int:
        return max(1, ceil(len(self.slides) / SLIDES_PER_PAGE))


@dataclass(frozen=True)
class Display:
    """One page of the venue display: its slides, filled."""

    version: int
    progress: Progress
    slides: tuple[Slide, ...]
    in_play: int  # boards not yet released
    page: int = 1
    pages: int = 1

    @property
    def travellers(self) -> int:
        return len({s.board.number for s in self.slides if s.board is not None})


def _chunks(rows: Sequence[Any], size: int) -> list[tuple[Any, ...]]:
    return [tuple(rows[i : i + size]) for i in range(0, len(rows), size)] or [()]


def _slides(kind: str, title: str, rows: Sequence[Any], size: int) -> list[Slide]:
    chunks = _chunks(rows, size)
    return [Slide(kind, title, chunk, n, len(chunks)) for n, chunk in enumerate(chunks, 1)]


def _standings_slides(
    rankings: Sequence[tuple[str, Sequence[Any]]], *, single: bool, size: int
) -> list[Slide]:
    """The standings' slides, in columns of at most ``size`` rows, two to a slide: a ranking longer than a
    column runs over two columns a slide (half each, the first the longer), and two rankings that each fit one
    column (a Mitchell's N-S and E-W) share a slide, side by side."""
    slides: list[Slide] = []
    waiting: tuple[str, tuple[Any, ...]] | None = None  # a short ranking waiting for a second
    for title, rows in rankings:
        if len(rows) <= size:
            if waiting is None:
                waiting = (title, tuple(rows))
                continue
            pair = (waiting, (title, tuple(rows)))
            both = tuple(row for _, column in pair for row in column)
            slides.append(Slide("standings", _("Standings"), both, 1, 1, columns=pair))
            waiting = None
            continue
        if waiting is not None:
            slides += _slides("standings", _standings_title(waiting[0], single), waiting[1], size)
            waiting = None
        chunks, heading = _chunks(rows, 2 * size), _standings_title(title, single)
        for part, chunk in enumerate(chunks, 1):
            half = ceil(len(chunk) / 2)
            columns: tuple[tuple[str, tuple[Any, ...]], ...] = (
                (("", chunk[:half]), ("", chunk[half:])) if len(chunk) > size else (("", chunk),)
            )
            slides.append(Slide("standings", heading, chunk, part, len(chunks), columns=columns))
    if waiting is not None:
        slides += _slides("standings", _standings_title(waiting[0], single), waiting[1], size)
    return slides


def _standings_title(title: str, single: bool) -> str:
    return _("Standings") if single else _("Standings: %(title)s") % {"title": title}


def display_plan(event: Event, *, rows: int = ROWS_PER_SLIDE) -> DisplayPlan:
    """The display's slides (three queries at every size: the pairs, the contest, each board's count of
    lines).  Always a visitor's view, whoever is signed in on the screen's browser: a board still in play at
    any table is left out (no peeking), of the travellers and of the totals (unless the event runs totals over
    every result: ``released_only``)."""
    pairs = pair_infos(event)
    results = event_results(event, pairs, released_only=released_only(event, VISITOR))
    hidden = hidden_boards(boards_in_play(event, results), VISITOR)
    found = standings(event, pairs=pairs, results=results)
    slides: list[Slide | TravellerSlide] = []
    if isinstance(found, PairStandings):
        rankings = [(r.title_shown, r.rows) for r in found.rankings if r.rows]
        slides += _standings_slides(rankings, single=found.single_ranking, size=rows)
    elif (
        contest_of(event).shape is Shape.CONTRACT_TEAMS
    ):  # a match by IMPs: each team's IMPs and VPs, boards shown
        match = imp_match(event, hidden=hidden, pairs=pairs, results=results)
        slides += _slides("imp-teams", _("Team match"), match.teams, rows)
    else:
        slides += _slides("teams", _("Team match"), found.teams, rows)
    counts = (
        Play.objects.filter(event=event)
        .order_by("board__number")
        .values_list("board__number")
        .annotate(lines=Count("pk"), played=Count("pk", filter=Q(entered=True)))
    )
    for number, lines, played in counts:
        if number not in hidden and played:
            parts = ceil(lines / rows)
            slides += [TravellerSlide(number, n, parts) for n in range(1, parts + 1)]
    return DisplayPlan(
        version=event.results_version,
        progress=progress_of(results),
        slides=tuple(slides),
        in_play=len(hidden),
        pairs=pairs,
        rows=rows,
    )


def page_number(text: str | None, pages: int) -> int:
    """The ``?page=`` of the display asked for: a whole number from 1 to ``pages``, else 1."""
    text = (text or "").strip()
    if text.isascii() and text.isdecimal() and len(text) <= 6 and 1 <= int(text) <= pages:
        return int(text)
    return 1


def display(event: Event, plan: DisplayPlan, page: int = 1) -> Display:
    """Page ``page`` of the display ``plan`` (worked out at most a second before: ``caching``), its
    travellers' lines read now (three queries at every size when it shows a traveller: the boards' contest,
    their rows, their lines; a fourth for contract matchpoints, the field's counts; none otherwise).  A board the plan named but now in play again (a result
    cleared) is left out: no peeking.  A page past the plan's last is its first."""
    page = page if 1 <= page <= plan.pages else 1
    chosen = plan.slides[(page - 1) * SLIDES_PER_PAGE : page * SLIDES_PER_PAGE]
    numbers = sorted({s.number for s in chosen if isinstance(s, TravellerSlide)})
    boards: dict[int, BoardRows] = {}
    if numbers:
        results = boards_results(event, plan.pairs, numbers)
        in_play = boards_in_play(event, results)
        found = Board.objects.filter(event=event, number__in=numbers).order_by("number")
        lines = play_lines(
            event,
            plan.pairs,
            results,
            board__number__in=numbers,
            order_by=(
                "board__number",
                "seating__round__section__letter",
                "seating__table",
                "seating__round__number",
            ),
        )
        by_board: dict[int, list[PlayLine]] = defaultdict(list)
        for line in lines:
            by_board[line.board].append(line)
        for number, dealer, deal, vulnerability, datum in found.values_list(
            "number", "dealer", "deal", "vulnerability", "published_datum"
        ):
            if number not in in_play:
                board = board_row((number, dealer, deal, vulnerability), by_board[number], results)
                boards[number] = with_published_datum(event, board, datum)
    slides: list[Slide] = []
    for slide in chosen:
        if isinstance(slide, Slide):
            slides.append(slide)
        elif slide.number in boards:
            board = boards[slide.number]
            start = (slide.part - 1) * plan.rows
            rows = board.lines[start : start + plan.rows]
            slides.append(
                Slide(
                    "traveller", _("Board %(n)s") % {"n": slide.number}, rows, slide.part, slide.parts, board
                )
            )
    return Display(
        version=event.results_version,
        progress=plan.progress,
        slides=tuple(slides),
        in_play=plan.in_play,
        page=page,
        pages=plan.pages,
    )


def event_rounds(event: Event) -> int:
    """How many rounds the event plays: an event of matches the rounds it planned (a league's schedule, a
    Swiss's draws: no query); else its longest section's (one query; 0 before its movement is seated)."""
    if event.rounds_planned:
        return event.rounds_planned
    return Round.objects.filter(section__event=event).aggregate(n=Max("number"))["n"] or 0


def round_in_play(event: Event) -> int | None:
    """The lowest round with a result still to enter (what the director's clock form offers to start), or
    None when every result is in (one query)."""
    found = Play.objects.filter(event=event, entered=False).aggregate(n=Min("seating__round__number"))
    number: int | None = found["n"]
    return number


@dataclass(frozen=True)
class RoundClock:
    """The display's round clock: started at round ``clock_round`` at ``started_at``, ``minutes`` a round, of
    ``rounds``; ``state`` where play stood when the page was made (the page's script counts on each second)."""

    minutes: int
    clock_round: int
    started_at: str  # ISO 8601, with its offset
    rounds: int
    state: ClockState

    @property
    def text(self) -> str:
        """What the display says (scoring.round_clock.clock_text's sentences, in the page's language: the
        template hands the same sentences to static/js/live.js, which says them each second)."""
        state = self.state
        if state.over:
            return _("Play has ended")
        if state.moving:
            values = {"before": state.round - 1, "round": state.round}
            if state.last:
                return _("Round %(before)s has ended: move for round %(round)s, the last round") % values
            return _("Round %(before)s has ended: move for round %(round)s") % values
        minutes, seconds = divmod(state.seconds_left, 60)
        time = f"{minutes}:{seconds:02d}"
        if state.last:
            return _("Last round — %(time)s left") % {"time": time}
        return _("Round %(round)s — %(time)s left") % {"round": state.round, "time": time}


def round_clock(event: Event, *, now: dt.datetime | None = None) -> RoundClock | None:
    """The clock the director started (one query: the event's rounds), or None without one (no query)."""
    if not event.round_minutes or event.clock_round is None or event.clock_started_at is None:
        return None
    rounds = event_rounds(event)
    state = clock_state(
        started_at=event.clock_started_at,
        clock_round=event.clock_round,
        minutes=event.round_minutes,
        rounds=rounds,
        now=now or timezone.now(),
    )
    if state is None:
        return None
    return RoundClock(
        minutes=event.round_minutes,
        clock_round=event.clock_round,
        started_at=event.clock_started_at.isoformat(timespec="milliseconds"),
        rounds=rounds,
        state=state,
    )
