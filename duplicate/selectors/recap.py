"""The recap sheet: every pair by every board, each cell the pair's plus/minus on that board (law H).

Read from the same two queries as the standings (:func:`~duplicate.selectors.standings.pair_infos`,
:func:`~duplicate.selectors.standings.event_results`), whatever the size of the event.  Each cell is the
exact plus/minus shown to the nearest whole number; a pair's total and rank are the standings' own (its
total shown with its fraction where the fraction decides a place), so a row's rounded cells need not add
up to its rounded total.  The boards in ``hidden`` (still in play, for a visitor) show :data:`HIDDEN_MARK`
on every row: neither a result nor who has played them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import ceil

from duplicate.contests import unit_signed
from duplicate.models import Event
from duplicate.selectors.contract import ContractPairs, decimal_text
from duplicate.selectors.standings import (
    PairInfo,
    Progress,
    Ranking,
    event_results,
    pair_infos,
    pair_standings,
)
from scoring.contests import PairContest, round_half_away
from scoring.contests.display import signed_text

HIDDEN_MARK = "…"  # a board still in play, for a visitor
UNRESOLVED_MARK = "?"  # a ruling with no real result yet to draw its score from
BLOCK_MAX = 16  # the most boards in one block of columns: a block fits A4 or letter landscape
ORDERS = ("rank", "pair")


@dataclass(frozen=True, slots=True)
class RecapRow:
    """A pair's line: its place and total (the standings'), and a cell per board of the sheet."""

    rank: int
    pair: PairInfo
    cells: tuple[str, ...]  # one per ``Recap.boards``: "+12", "-3", "0"; "" not played; a mark
    plus_minus: Fraction
    total: str


@dataclass(frozen=True, slots=True)
class RecapRanking:
    title: str
    rows: tuple[RecapRow, ...]


@dataclass(frozen=True)
class Recap:
    boards: tuple[int, ...]
    rankings: tuple[RecapRanking, ...]
    progress: Progress
    hidden: frozenset[int]
    unit: str = ""  # contract bridge: the cells hold each board's "MPs" or "IMPs", the total their sum

    @property
    def blocks(self) -> list[tuple[int, int]]:
        """The column blocks as (start, stop) indexes into ``boards``: see :func:`board_blocks`."""
        return board_blocks(len(self.boards))


def board_blocks(count: int, most: int = BLOCK_MAX) -> list[tuple[int, int]]:
    """``count`` columns cut into the fewest blocks of at most ``most``, as even as can be (27 boards:
    14 and 13, not 16 and 11): (start, stop) index pairs."""
    if count <= 0:
        return []
    parts = ceil(count / most)
    size, extra = divmod(count, parts)
    out, start = [], 0
    for i in range(parts):
        stop = start + size + (1 if i < extra else 0)
        out.append((start, stop))
        start = stop
    return out


def cell_text(value: Fraction | int | None) -> str:
    """A plus/minus to the nearest whole number, signed ("+12", "-3", "0"); :data:`UNRESOLVED_MARK` for
    a ruling still waiting for a score."""
    return UNRESOLVED_MARK if value is None else signed_text(round_half_away(value))


def _ordered(ranking: Ranking, order: str) -> list[int]:
    """The indexes of the ranking's rows in ``order``: its rank order, or by pair number."""
    indexes = list(range(len(ranking.rows)))
    if order == "pair":
        indexes.sort(key=lambda i: ranking.rows[i].pair.sort_key)
    return indexes


def recap(
    event: Event,
    *,
    hidden: frozenset[int] = frozenset(),
    order: str = "rank",
    released_only: bool = False,
    director: bool = False,
) -> Recap:
    """The event's recap sheet (two queries), its rows in rank order or by pair (``order``, one of
    :data:`ORDERS`), the boards in ``hidden`` masked on every row; with ``released_only``
    (``selectors.released_only``) the totals and places count the released boards only."""
    if order not in ORDERS:
        raise ValueError(f"order: must be one of {', '.join(ORDERS)}, got {order!r}")
    pairs = pair_infos(event, director=director)  # the names a visitor sees, or a director
    results = event_results(event, pairs, released_only=released_only)
    standings = pair_standings(event, pairs=pairs, results=results)
    played: dict[tuple[int, int], Fraction | int | None] = {}  # (pair, board) -> plus/minus
    numbers = set(results.pending)
    if isinstance(results.contest, PairContest | ContractPairs):
        for d in results.contest.boards:
            numbers.add(d.board)
            for pair, pm in ((d.ns, d.ns_plus_minus), (d.ew, d.ew_plus_minus)):
                played[(int(pair), d.board)] = pm  # exact: an int or a Fraction
    boards = tuple(sorted(numbers))
    rankings = []
    for ranking in standings.rankings:
        rows = []
        for i in _ordered(ranking, order):
            row = ranking.rows[i]
            rows.append(
                RecapRow(
                    rank=row.rank,
                    pair=row.pair,
                    cells=_cells(row.pair.pk, boards, played, hidden, results.unit),
                    plus_minus=row.plus_minus,
                    # law H: the plus/minus; contract: the score ranked by (MPs after factoring, or IMPs)
                    total=row.net_display if results.unit else row.plus_minus_display,
                )
            )
        rankings.append(RecapRanking(ranking.title, tuple(rows)))
    return Recap(boards, tuple(rankings), standings.progress, hidden, results.unit)


def _cells(
    pair: int,
    boards: Sequence[int],
    played: dict[tuple[int, int], Fraction | int | None],
    hidden: frozenset[int],
    unit: str = "",
) -> tuple[str, ...]:
    """Each board's cell: law H's plus/minus, or contract bridge's MPs or IMPs (``unit``) to two decimals."""

    def shown(value: Fraction | int | None) -> str:
        return decimal_text(value, signed=unit_signed(unit)) if unit else cell_text(value)

    return tuple(
        HIDDEN_MARK if b in hidden else shown(played[(pair, b)]) if (pair, b) in played else ""
        for b in boards
    )
