"""IMP pair contests: Butler (IMPs against a datum) and cross-IMPs (IMPs against every other result).

* Butler: each board's datum is the mean of its N-S scores, some dropped at each end, rounded to the nearest
  10; each N-S result scores the IMPs (WBF scale) of its difference from the datum, E-W the negative.  The
  Laws leave the datum to the regulations; the event chooses one of the two customary readings
  (:class:`DatumDrop`, :class:`DatumHalves`): the highest and the lowest dropped from five results on
  (``one``, the default), or ceil((n - 10) / 15) + 1 dropped at each end from four results on (``share``,
  bridge-scorer's rule); a mean ending in exactly 5 rounded away from zero (``away``, the default: 45 -> 50,
  -45 -> -50) or up (``up``: 45 -> 50, -45 -> -40).
* Cross-IMPs: each N-S result is IMPed against every other result on the board; its score is the sum divided
  by the number of comparisons (n - 1; a board played once scores 0); E-W the negative.  Computed over the
  board's distinct scores (O(d^2) for d distinct scores, however many tables); each pair's sum is taken as
  whole numerators over one denominator that every board's n - 1 divides.
* Artificial adjusted scores (law 12C2, law 86A of the 2007 code: their IMP equivalents): average plus +3
  IMPs, average 0, average minus -3 (``average_plus``: the organiser's other figure); they take no part in
  the datum or the comparisons.

A pair's score is the sum of its board scores (no factoring).  Exact: ints and Fractions.  See docs/laws.md.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable, Sequence
from enum import StrEnum
from fractions import Fraction
from math import floor, lcm
from typing import Any, Final

from scoring.contests.contract_pairs import (
    Board,
    BoardScorer,
    ContractContest,
    Exact,
    Scored,
    Scores,
    Tally,
    by_board,
    ranked_rows,
    score_boards,
)
from scoring.contests.display import round_half_away
from scoring.contests.imps import AVERAGE_PLUS_IMPS, IMP_BOUNDS, artificial_imps, average_plus_imps, imps
from scoring.contests.rankings import RankingGroups, grouping
from scoring.errors import ContestError, gettext_noop, show_value

__all__ = [
    "DatumDrop",
    "DatumHalves",
    "butler",
    "butler_datum",
    "cross_imps",
    "cross_imps_board",
    "cross_imps_sums",
    "datum_dropped",
    "datum_rule",
]


class DatumDrop(StrEnum):
    """How many of a board's results Butler's datum drops at each end (the regulations' choice)."""

    ONE = "one"  # the highest and the lowest, from five results on
    SHARE = "share"  # ceil((n - 10) / 15) + 1 at each end, from four results on (bridge-scorer's rule)


class DatumHalves(StrEnum):
    """How Butler's datum rounds a mean ending in exactly 5 to the nearest 10."""

    AWAY = "away"  # away from zero: 45 -> 50, -45 -> -50
    UP = "up"  # up: 45 -> 50, -45 -> -40


ONE_DROPS_FROM: Final = 5  # ``one``: five or more results, the highest and the lowest dropped
SHARE_DROPS_FROM: Final = 4  # ``share``: four or more results, a share of each end dropped
SHARE_BASE: Final = 10  # ``share``: one dropped at each end up to 10 results...
SHARE_STEP: Final = 15  # ...and one more for each 15 results (or part) beyond


def datum_dropped(n: int, drop: DatumDrop) -> int:
    """How many of a board's ``n`` results Butler's datum drops at each end."""
    if drop == DatumDrop.ONE:
        return 1 if n >= ONE_DROPS_FROM else 0
    return -((SHARE_BASE - n) // SHARE_STEP) + 1 if n >= SHARE_DROPS_FROM else 0  # ceil((n - 10) / 15) + 1


def butler_datum(
    scores: Sequence[int], *, drop: DatumDrop = DatumDrop.ONE, halves: DatumHalves = DatumHalves.AWAY
) -> int:
    """The datum of a board's N-S scores: their mean, :func:`datum_dropped` of them dropped at each end,
    rounded to the nearest 10, a mean ending in exactly 5 away from zero or up (``halves``)."""
    kept = sorted(scores)
    dropped = datum_dropped(len(kept), drop)
    if dropped:
        kept = kept[dropped:-dropped]
    tens = Fraction(sum(kept), 10 * len(kept))
    return 10 * (round_half_away(tens) if halves == DatumHalves.AWAY else floor(tens + Fraction(1, 2)))


def datum_rule(drop: object, halves: object) -> tuple[DatumDrop, DatumHalves]:
    """An event's choice of Butler's datum as stored ("one" or "share", "away" or "up"), checked."""
    if not isinstance(drop, str) or drop not in frozenset(DatumDrop):
        raise ContestError(
            "datum_drop",
            gettext_noop("must be one of %(choices)s, got %(got)s"),
            choices=", ".join(DatumDrop),
            got=show_value(drop),
        )
    if not isinstance(halves, str) or halves not in frozenset(DatumHalves):
        raise ContestError(
            "datum_halves",
            gettext_noop("must be one of %(choices)s, got %(got)s"),
            choices=", ".join(DatumHalves),
            got=show_value(halves),
        )
    return DatumDrop(drop), DatumHalves(halves)


def cross_imps_sums(scores: Sequence[int]) -> list[int]:
    """Each N-S score's IMPs against each other score, summed (its cross-IMPs times the comparisons, n - 1).
    Over the distinct scores, sorted: each two of them IMPed once, the higher gaining what the lower loses."""
    counts: dict[int, int] = {}
    get = counts.get
    for score in scores:
        counts[score] = get(score, 0) + 1
    distinct = sorted(counts)
    sums = dict.fromkeys(distinct, 0)
    for i, low in enumerate(distinct):
        low_count = counts[low]
        lost = 0
        for high in distinct[i + 1 :]:
            gained = bisect_right(IMP_BOUNDS, high - low)  # imps() of a positive difference
            lost += counts[high] * gained
            sums[high] += low_count * gained
        sums[low] -= lost
    return [sums[score] for score in scores]


def cross_imps_board(scores: Sequence[int]) -> list[Fraction]:
    """Each N-S score's cross-IMPs: the IMPs against each other score, summed, over the comparisons."""
    n = len(scores)
    if n < 2:
        return [Fraction(0)] * n
    return [Fraction(total, n - 1) for total in cross_imps_sums(scores)]


def _board_scorer(
    rule: Callable[[list[int]], tuple[list[Exact], int | None]],
    datums: dict[int, int],
    counts: dict[int, int],
    average_plus: int,
) -> BoardScorer:
    """A board scorer from a rule on the real N-S scores (returning their scores and any datum: ``datums``,
    ``counts`` the results it is the mean of); an artificial score is law 12C2's IMPs, ``average_plus`` for
    average plus."""

    def artificial(percentage: int) -> int:
        return artificial_imps(percentage, average_plus)

    def score_board(b: Board) -> tuple[list[Exact], list[Exact]]:
        real = b.real()
        scored, datum = rule(real) if real else ([], None)
        if datum is not None:
            datums[b.board] = datum
            counts[b.board] = len(real)
        if not b.any_adjusted:
            return scored, [-s for s in scored]
        return b.with_artificial(scored, [-s for s in scored], artificial)

    return score_board


def _butler_rule(
    drop: DatumDrop, halves: DatumHalves
) -> Callable[[list[int]], tuple[list[Exact], int | None]]:
    def rule(real: list[int]) -> tuple[list[Exact], int | None]:
        datum = butler_datum(real, drop=drop, halves=halves)
        return [imps(s - datum) for s in real], datum

    return rule


def _summed(_index: int, _played: int, total: Exact, _most: int) -> tuple[Exact, Fraction | None]:
    return total, None


def _cross_board(
    b: Board, real: list[int], den: int, average_plus: int
) -> tuple[Scores, list[int], list[int]]:
    """A board's cross-IMPs: its exact scores (made when its lines are asked for) and each row's N-S and
    E-W numerators over ``den`` (a multiple of the board's comparisons), which the pairs' sums take.
    ``real``: the board's real N-S scores (``b.real()``)."""
    n = len(real)
    sums = cross_imps_sums(real) if n > 1 else [0] * n
    per = den // (n - 1) if n > 1 else 0
    ns_nums = sums if per == 1 else [total * per for total in sums]
    ew_nums = [-x for x in ns_nums]

    def exact() -> tuple[list[Exact], list[Exact]]:
        ns = [Fraction(total, n - 1) for total in sums] if n > 1 else [Fraction(0)] * n
        ew = [-x for x in ns]
        if not b.any_adjusted:
            return ns, ew  # type: ignore[return-value]
        return b.with_artificial(ns, ew, lambda percentage: artificial_imps(percentage, average_plus))

    if not b.any_adjusted:
        return exact, ns_nums, ew_nums
    ns_all, ew_all = b.with_artificial(
        ns_nums, ew_nums, lambda percentage: artificial_imps(percentage, average_plus) * den
    )
    return exact, ns_all, ew_all  # type: ignore[return-value]


def _butler_contest(
    results: Iterable[Sequence[Any]],
    single_ranking: bool | None,
    groups: RankingGroups | None,
    average_plus: int,
    rule: tuple[DatumDrop, DatumHalves],
) -> ContractContest:
    ranking = grouping(single_ranking, groups)
    boards = by_board(results, ranking)
    datums: dict[int, int] = {}
    counts: dict[int, int] = {}
    tally = Tally(ranking)
    scorer = _board_scorer(_butler_rule(*rule), datums, counts, average_plus_imps(average_plus))
    scored = score_boards(boards, scorer, tally)
    return ContractContest(
        "butler",
        ranking,
        lambda: ranked_rows(tally, _summed),
        (None,) * len(ranking.groups),
        datums,
        scored,
        counts,
    )


def _cross_contest(
    results: Iterable[Sequence[Any]],
    single_ranking: bool | None,
    groups: RankingGroups | None,
    average_plus: int,
) -> ContractContest:
    """Cross-IMPs, each pair's sum taken as whole numerators over one denominator: every board's
    comparisons (n - 1) divide it."""
    ranking = grouping(single_ranking, groups)
    boards = by_board(results, ranking)
    plus = average_plus_imps(average_plus)
    reals = [(b, b.real()) for b in boards.values()]
    den = lcm(1, *{len(real) - 1 for _b, real in reals if len(real) > 1})
    tally = Tally(ranking, den)
    scored: list[Scored] = []
    for b, real in reals:
        exact, ns_nums, ew_nums = _cross_board(b, real, den, plus)
        tally.add_scaled("NS", b.nss, ns_nums)
        tally.add_scaled("EW", b.ews, ew_nums)
        scored.append(Scored(b, exact))
    return ContractContest(
        "cross-imps",
        ranking,
        lambda: ranked_rows(tally, _summed),
        (None,) * len(ranking.groups),
        {},
        tuple(scored),
    )


def butler(
    results: Iterable[Sequence[Any]],
    *,
    single_ranking: bool | None = None,
    groups: RankingGroups | None = None,
    average_plus: int = AVERAGE_PLUS_IMPS,
    datum_drop: str = DatumDrop.ONE,
    datum_halves: str = DatumHalves.AWAY,
) -> ContractContest:
    """A Butler (IMP pairs) contest; ``datums`` holds each board's datum (:func:`butler_datum` by the
    event's ``datum_drop`` and ``datum_halves``).  Rows and rankings as for
    :func:`~scoring.contests.matchpoints.matchpoints`; ``average_plus``: law 12C2's IMPs of average plus."""
    rule = datum_rule(datum_drop, datum_halves)
    return _butler_contest(results, single_ranking, groups, average_plus, rule)


def cross_imps(
    results: Iterable[Sequence[Any]],
    *,
    single_ranking: bool | None = None,
    groups: RankingGroups | None = None,
    average_plus: int = AVERAGE_PLUS_IMPS,
) -> ContractContest:
    """A cross-IMP pair contest.  Rows and rankings as for :func:`~scoring.contests.matchpoints.matchpoints`;
    ``average_plus``: law 12C2's IMPs of average plus."""
    return _cross_contest(results, single_ranking, groups, average_plus)
