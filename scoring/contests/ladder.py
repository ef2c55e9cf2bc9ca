"""A club ladder: each player's average percentage over their last events, ranked.

A player's figure is the exact mean of the percentages of their last ``last`` events (newest first, as given);
a player is ranked only with at least ``minimum`` such events. Ranks are law H's, on the exact averages: equal
averages share a place and the next place is skipped (1, 2, 2, 4: :func:`.rankings.competition_ranks`, the one
ranking rule of the pair contests); a place is marked "won by the fraction" when its average is shown (to
two decimals) as another's but differs exactly. Pure Python, exact: no rounding but for that flag.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, TypeVar

from scoring.contests.display import round_ratio
from scoring.contests.rankings import competition_ranks
from scoring.errors import ContestError, gettext_noop

__all__ = ["LadderLine", "average_of_last", "ladder_lines"]

K = TypeVar("K", bound=Hashable)

#: The decimals a ladder shows its averages to (what "won by the fraction" is measured against).
SHOWN_PLACES = 2


@dataclass(frozen=True, slots=True)
class LadderLine(Generic[K]):
    """A player's line: ``rank`` (None when not ranked: fewer than the minimum events), ``tied`` when another
    ranked line shares it, ``by_fraction`` when the average shown equals another's but the exact one differs,
    ``average`` (exact) of the ``counted`` events (the last ``last`` at most) out of ``played``."""

    key: K
    rank: int | None
    tied: bool
    by_fraction: bool
    average: Fraction
    counted: int
    played: int


def average_of_last(percentages: Sequence[Fraction], last: int) -> Fraction:
    """The exact mean of the first ``last`` of ``percentages`` (newest first): 0 for none."""
    if last < 1:
        raise ContestError("last", gettext_noop("must be at least 1, got %(last)s"), last=last)
    window = percentages[:last]
    if not window:
        return Fraction(0)
    return sum(window, Fraction(0)) / len(window)


def ladder_lines(
    histories: Mapping[K, Sequence[Fraction]], *, last: int, minimum: int
) -> list[LadderLine[K]]:
    """Every player of ``histories`` (key -> percentages, newest first) with their average over the last
    ``last``: the ranked first, best average first (equals in ``histories``' order), then the unranked by
    events played (most first), then average. ``minimum``: the events a player needs to be ranked (at most
    ``last``: the window holds no more)."""
    if minimum < 1 or minimum > last:
        raise ContestError(
            "minimum",
            gettext_noop("must be from 1 to %(last)s (the events counted), got %(minimum)s"),
            last=last,
            minimum=minimum,
        )
    averaged = [
        (key, average_of_last(history, last), min(len(history), last), len(history))
        for key, history in histories.items()
    ]
    ranked = sorted((a for a in averaged if a[2] >= minimum), key=lambda a: -a[1])
    unranked = sorted((a for a in averaged if a[2] < minimum), key=lambda a: (-a[3], -a[1]))
    averages = [a[1] for a in ranked]
    shown = [round_ratio(10**SHOWN_PLACES * v.numerator, v.denominator) for v in averages]
    ranks = competition_ranks(averages, shown)
    rank_counts: dict[int, int] = {}
    for rank, _flag in ranks:
        rank_counts[rank] = rank_counts.get(rank, 0) + 1
    lines = [
        LadderLine(key, rank, rank_counts[rank] > 1, flag, average, counted, played)
        for (key, average, counted, played), (rank, flag) in zip(ranked, ranks, strict=True)
    ]
    lines += [
        LadderLine(key, None, False, False, average, counted, played)
        for key, average, counted, played in unranked
    ]
    return lines
