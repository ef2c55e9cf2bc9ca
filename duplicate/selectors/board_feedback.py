"""Feedback after a board: once every table has played a board (it is released), a table link shows, on that
board's row of its round, each pair of the table's figure on it (matchpoints of the top, IMPs, or law H's
plus/minus, in the words and units of the event's contest, ``duplicate.contests``) and links its traveller;
never before (no peeking: docs/laws.md, "Feedback after a board").

A fixed number of queries whatever the size of the event: none when the table has no result in the round,
one for the boards still in play, and for the released boards their contest (board-local, as a traveller's:
``boards_results``), the pairs and the table's lines.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.translation import gettext

from duplicate.contests import Contest, contest_of
from duplicate.models import Section
from duplicate.selectors.contract import ContractPairs
from duplicate.selectors.events import boards_in_play
from duplicate.selectors.standings import EventResults, boards_results, pair_infos
from duplicate.selectors.travellers import PlayLine, play_lines


@dataclass(frozen=True)
class BoardFigure:
    """A released board's line at the table and each pair's figure on it, in words."""

    number: int
    line: PlayLine
    ns: str  # "N-S pair 1: 7 MPs of 10"
    ew: str

    @property
    def text(self) -> str:
        return gettext("%(ns)s; %(ew)s.") % {"ns": self.ns, "ew": self.ew}


def figure_words(display: str, contest: Contest, top: int | None) -> str:
    """A pair's figure on a board as its contest words it: "7 MPs of 10", "+3.50 IMPs", or law H's (and
    law G's) plus/minus, "+20 (+/- against the board's average)"."""
    # The contest's words are plain English there (files and code read them): shown here through gettext.
    if contest.unit:
        values = {"figure": display, "unit": gettext(contest.unit), "top": top}
        return (gettext("%(figure)s %(unit)s of %(top)s") if top else gettext("%(figure)s %(unit)s")) % values
    return gettext("%(figure)s (%(line)s against the board's %(board)s)") % {
        "figure": display,
        "line": gettext(contest.headings.line),
        "board": gettext(contest.headings.board).lower(),
    }


def _top(results: EventResults, line: PlayLine) -> int | None:
    if isinstance(results.contest, ContractPairs):
        return results.contest.board_top(line.board, line.section)
    return None


def released_figures(
    section: Section, table: int, round_number: int, entered: Iterable[int]
) -> dict[int, BoardFigure]:
    """The figures of the boards ``entered`` at ``table`` in round ``round_number`` (those with a result or a
    ruling there) that every table has now played, by board number; none of a board still in play."""
    numbers = sorted(set(entered))
    if not numbers:
        return {}
    event = section.event
    in_play = boards_in_play(event)
    released = [n for n in numbers if n not in in_play]
    if not released:
        return {}
    pairs = pair_infos(event)
    results = boards_results(event, pairs, released)
    lines = play_lines(
        event,
        pairs,
        results,
        order_by=("board__number",),
        board__number__in=released,
        seating__round__section=section,
        seating__round__number=round_number,
        seating__table=table,
    )
    contest = contest_of(event)
    figures: dict[int, BoardFigure] = {}
    for line in lines:
        if not line.scored or line.ns_plus_minus is None or line.ew_plus_minus is None:
            continue
        top = _top(results, line)
        figures[line.board] = BoardFigure(
            line.board,
            line,
            gettext("N-S pair %(pair)s: %(figure)s")
            % {"pair": line.ns.label, "figure": figure_words(line.ns_plus_minus_display, contest, top)},
            gettext("E-W pair %(pair)s: %(figure)s")
            % {"pair": line.ew.label, "figure": figure_words(line.ew_plus_minus_display, contest, top)},
        )
    return figures


def board_figure(section: Section, table: int, round_number: int, number: int) -> BoardFigure | None:
    """Board ``number``'s figure at the table in the round, once it is released; None before."""
    return released_figures(section, table, round_number, [number]).get(number)
