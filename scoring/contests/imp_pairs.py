"""IMP pair contests: Butler (IMPs against a datum) and cross-IMPs (IMPs against every other result).

* Butler: each board's datum is the mean of its N-S scores, the highest and the lowest dropped when there
  are five or more, rounded to the nearest 10 (an exact half, a mean ending in 5, away from zero: 45 -> 50,
  -45 -> -50); each N-S result scores the IMPs (WBF scale) of its difference from the datum, E-W the negative.
* Cross-IMPs: each N-S result is IMPed against every other result on the board; its score is the sum divided
  by the number of comparisons (n - 1; a board played once scores 0); E-W the negative.  Computed over the
  board's distinct scores (O(d^2) for d distinct scores, however many tables).
* Artificial adjusted scores (law 12C2, law 86A of the 2007 code: their IMP equivalents): average plus +3
  IMPs, average 0, average minus -3 (``average_plus``: the organiser's other figure); they take no part in
  the datum or the comparisons.

A pair's score is the sum of its board scores (no factoring).  Exact: ints and Fractions.  See docs/laws.md.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import Any, Final

from scoring.contests.contract_pairs import (
    Board,
    BoardScorer,
    ContractContest,
    Exact,
    Tally,
    by_board,
    ranked_rows,
    score_boards,
)
from scoring.contests.display import round_half_away
from scoring.contests.imps import AVERAGE_PLUS_IMPS, artificial_imps, average_plus_imps, imps
from scoring.contests.rankings import RankingGroups, grouping

__all__ = ["butler", "butler_datum", "cross_imps", "cross_imps_board"]

BUTLER_DROP_FROM: Final = 5  # five or more results: the highest and the lowest are dropped


def butler_datum(scores: Sequence[int]) -> int:
    """The datum of a board's N-S scores: their mean (the top and bottom dropped from five on), rounded to
    the nearest 10, halves away from zero."""
    kept = sorted(scores)
    if len(kept) >= BUTLER_DROP_FROM:
        kept = kept[1:-1]
    return 10 * round_half_away(Fraction(sum(kept), 10 * len(kept)))


def cross_imps_board(scores: Sequence[int]) -> list[Fraction]:
    """Each N-S score's cross-IMPs: the IMPs against each other score, summed, over the comparisons."""
    n = len(scores)
    if n < 2:
        return [Fraction(0)] * n
    counts = Counter(scores)
    sums = {s: sum(c * imps(s - t) for t, c in counts.items()) for s in counts}
    return [Fraction(sums[s], n - 1) for s in scores]


def _board_scorer(
    rule: Callable[[list[int]], tuple[list[Exact], int | None]], datums: dict[int, int], average_plus: int
) -> BoardScorer:
    """A board scorer from a rule on the real N-S scores (returning their scores and any datum); an
    artificial score is law 12C2's IMPs, ``average_plus`` for average plus."""

    def artificial(percentage: int) -> int:
        return artificial_imps(percentage, average_plus)

    def score_board(b: Board) -> tuple[list[Exact], list[Exact]]:
        real = b.real()
        scored, datum = rule(real) if real else ([], None)
        if datum is not None:
            datums[b.board] = datum
        if not b.any_adjusted:
            return scored, [-s for s in scored]
        return b.with_artificial(scored, [-s for s in scored], artificial)

    return score_board


def _butler_rule(real: list[int]) -> tuple[list[Exact], int | None]:
    datum = butler_datum(real)
    return [imps(s - datum) for s in real], datum


def _cross_rule(real: list[int]) -> tuple[list[Exact], int | None]:
    return list(cross_imps_board(real)), None


def _contest(
    method: str,
    rule: Callable[[list[int]], tuple[list[Exact], int | None]],
    results: Iterable[Sequence[Any]],
    single_ranking: bool | None,
    groups: RankingGroups | None,
    average_plus: int,
) -> ContractContest:
    ranking = grouping(single_ranking, groups)
    boards = by_board(results, ranking)
    datums: dict[int, int] = {}
    tally = Tally(ranking)
    scorer = _board_scorer(rule, datums, average_plus_imps(average_plus))
    scored = score_boards(boards, scorer, tally)

    def summed(_index: int, _played: int, total: Exact, _most: int) -> tuple[Exact, Fraction | None]:
        return total, None

    return ContractContest(
        method, ranking, lambda: ranked_rows(tally, summed), (None,) * len(ranking.groups), datums, scored
    )


def butler(
    results: Iterable[Sequence[Any]],
    *,
    single_ranking: bool | None = None,
    groups: RankingGroups | None = None,
    average_plus: int = AVERAGE_PLUS_IMPS,
) -> ContractContest:
    """A Butler (IMP pairs) contest; ``datums`` holds each board's datum.  Rows and rankings as for
    :func:`~scoring.contests.matchpoints.matchpoints`; ``average_plus``: law 12C2's IMPs of average plus."""
    return _contest("butler", _butler_rule, results, single_ranking, groups, average_plus)


def cross_imps(
    results: Iterable[Sequence[Any]],
    *,
    single_ranking: bool | None = None,
    groups: RankingGroups | None = None,
    average_plus: int = AVERAGE_PLUS_IMPS,
) -> ContractContest:
    """A cross-IMP pair contest.  Rows and rankings as for :func:`~scoring.contests.matchpoints.matchpoints`;
    ``average_plus``: law 12C2's IMPs of average plus."""
    return _contest("cross-imps", _cross_rule, results, single_ranking, groups, average_plus)
