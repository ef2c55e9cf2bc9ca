"""Reads for the live pages: the version a page's script polls, and the venue display's slides.

A page that refreshes itself carries a *live version* (a short text) and polls the same text here; when the
two differ it fetches the page again.  The text says only that results changed, never what they are: what a
page shows is still decided by the page (no peeking).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from duplicate.exports.rows import BoardRows, event_rows
from duplicate.models import Board, Event, EventKind, ScoringCodeChoice
from duplicate.selectors.contract import MATCHPOINTS
from duplicate.selectors.events import (
    VISITOR,
    Viewer,
    board_visible,
    boards_in_play,
    hidden_boards,
    released_only,
)
from duplicate.selectors.standings import PairStandings, Progress

ROWS_PER_SLIDE = 12  # lines a slide shows in large type (a longer ranking or traveller runs to more slides)


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
    whole = event.kind == EventKind.TEAMS or (
        event.code == ScoringCodeChoice.CONTRACT and (event.contest or MATCHPOINTS) == MATCHPOINTS
    )
    return event.results_version if whole and visible else board.results_version


def traveller_live_version(board: Board, *, viewer: Viewer) -> str:
    """What a board's traveller page carries and its poll answers: the version it is kept under
    (:func:`traveller_version`) and whether ``viewer`` sees the board yet (finishing the event releases a
    board without a result of its own). ``board``: from ``traveller_board`` (no query)."""
    in_play = boards_in_play(board.event, board=board)
    visible = board_visible(board.number, in_play=in_play, viewer=viewer)
    return live_version(traveller_version(board, visible=visible), visible)


def live_version(version: int, visible: bool) -> str:
    """A traveller's live version: its results version, and whether the viewer sees the board."""
    return f"{version}-{'shown' if visible else 'in-play'}"


@dataclass(frozen=True)
class Slide:
    """One screenful: part ``part`` of ``parts`` of a ranking (``rows``: ``StandingRow``s) or of a released
    board's traveller (``rows``: ``PlayLine``s, ``board``: its ``BoardRows``)."""

    kind: str  # "standings" or "traveller"
    title: str
    rows: tuple[Any, ...]
    part: int
    parts: int
    board: BoardRows | None = None


@dataclass(frozen=True)
class Display:
    """The venue display of an event as a visitor may see it: the standings, then each released board."""

    version: int
    progress: Progress
    slides: tuple[Slide, ...]
    in_play: int  # boards not yet released

    @property
    def travellers(self) -> int:
        return len({s.board.number for s in self.slides if s.board is not None})


def _chunks(rows: Sequence[Any], size: int) -> list[tuple[Any, ...]]:
    return [tuple(rows[i : i + size]) for i in range(0, len(rows), size)] or [()]


def _slides(
    kind: str, title: str, rows: Sequence[Any], size: int, board: BoardRows | None = None
) -> list[Slide]:
    chunks = _chunks(rows, size)
    return [Slide(kind, title, chunk, n, len(chunks), board) for n, chunk in enumerate(chunks, 1)]


def display(event: Event, *, rows: int = ROWS_PER_SLIDE) -> Display:
    """The display's slides (five queries at every size: the boards in play, then ``event_rows``'s four).
    Always a visitor's view, whoever is signed in on the screen's browser: a board still in play at any table
    is left out (no peeking), of the travellers and of the totals (unless the event runs totals over every
    result: ``released_only``)."""
    hidden = hidden_boards(boards_in_play(event), VISITOR)
    data = event_rows(event, hidden=hidden, released_only=released_only(event, VISITOR))
    slides: list[Slide] = []
    if isinstance(data.standings, PairStandings):
        for ranking in (r for r in data.standings.rankings if r.rows):
            title = "Standings" if data.standings.single_ranking else f"Standings: {ranking.title}"
            slides += _slides("standings", title, ranking.rows, rows)
    elif data.imps is not None:  # a match by IMPs: each team's IMPs and VPs over the boards shown
        slides += _slides("imp-teams", "Team match", data.imps.teams, rows)
    elif event.kind == EventKind.TEAMS:
        slides += _slides("teams", "Team match", data.standings.teams, rows)
    for board in data.boards:
        if not board.in_play and board.played:
            lines = sorted(board.lines, key=lambda line: (line.section, line.table))  # as the room sits
            slides += _slides("traveller", f"Board {board.number}", lines, rows, board)
    return Display(
        version=event.results_version,
        progress=data.progress,
        slides=tuple(slides),
        in_play=len(hidden),
    )
