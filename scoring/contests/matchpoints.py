"""Matchpoints, with Neuberg's formula, artificial adjusted scores and sit-out factoring.

* On a board each result scores 2 for each result it beats and 1 for each it ties (N-S compared on their
  N-S scores; E-W score the top less N-S's), so the top is 2(n - 1).  Sort-based: on a sorted board a score's
  matchpoints are (results below it) + (results below or equal to it) - 1, found by bisection: O(n log n).
* Neuberg: on a board with ``n`` compared results, fewer than the ``N`` of the most-played board of its
  field, each result's MP' = (MP + 1) * N / n - 1 (which is MP when n = N), on a top of 2(N - 1).  A field
  is the rankings that share boards (a Mitchell's N-S and E-W; sections playing the same boards).
* Artificial adjusted scores (law 12C2): 60% (average plus), 50% (average) or 40% (average minus) of the top,
  any pair of them; they take no part in the other results' comparisons (so a board with one is Neuberged).
* Sit-outs: a pair that played ``b`` boards, fewer than the ``B`` most any pair of its ranking played, has
  its total factored up by B / b.  Percentage = score / (B * top) * 100.

Pure, exact (ints and Fractions), no Django.  See docs/laws.md.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Hashable, Iterable, Mapping, Sequence
from fractions import Fraction
from math import lcm
from typing import Any, cast

from scoring.contests.contract_pairs import (
    Board,
    ContractContest,
    Exact,
    Scored,
    Scores,
    Tally,
    by_board,
    given,
    ranked_rows,
)
from scoring.contests.rankings import RankingGroups, grouping

__all__ = ["board_matchpoints", "field_most", "fields", "matchpoints", "neuberg", "neuberg_times"]


def board_matchpoints(scores: Sequence[int]) -> list[int]:
    """Each N-S score's matchpoints against the others: 2 a score beaten, 1 a score tied.  Sort-based: each
    distinct score's matchpoints once, from the counts below it (O(n + d log d) for d distinct scores)."""
    counts = Counter(scores)
    mp_of: dict[int, int] = {}
    below = 0
    for score in sorted(counts):
        count = counts[score]
        mp_of[score] = 2 * below + count - 1
        below += count
    return list(map(mp_of.__getitem__, scores))


def neuberg(mp: Exact, n: int, most: int) -> Exact:
    """Neuberg's formula: matchpoints ``mp`` scored against ``n`` results (n - 1 others) scaled to a board
    played ``most`` times: (MP + 1) * N / n - 1.  Unchanged when n == N."""
    if n == most:
        return mp
    return Fraction(neuberg_times(mp, n, most), n)  # type: ignore[arg-type]


def neuberg_times(mp: int, n: int, most: int) -> int:
    """Neuberg's MP' times ``n``, a whole number: MP' * n = (MP + 1) * N - n."""
    return (mp + 1) * most - n


def fields(boards: Mapping[int, Board], groups: RankingGroups) -> dict[int, int]:
    """Each board's ``N``: the most results (adjusted ones too) on any board of its field, the rankings
    joined by boards their pairs share (:func:`field_most`)."""
    return field_most((board, _rankings(groups, b), len(b.rows)) for board, b in boards.items())


def field_most(boards: Iterable[tuple[int, Collection[Hashable], int]]) -> dict[int, int]:
    """Each board's Neuberg ``N`` from each board's (number, the rankings whose pairs held it, its results):
    the most results on any board of its field, a field being the rankings joined by the boards they share
    (union-find over the rankings).  A ranking is any name: an index of ``RankingGroups``, a section's
    letter."""
    parent: dict[Hashable, Hashable] = {}

    def root(ranking: Hashable) -> Hashable:
        while parent[ranking] != ranking:
            parent[ranking] = parent[parent[ranking]]
            ranking = parent[ranking]
        return ranking

    board_ranking: dict[int, Hashable] = {}
    played: dict[int, int] = {}
    for board, rankings, results in boards:
        for ranking in rankings:
            parent.setdefault(ranking, ranking)
        first, *others = map(root, rankings)
        for other in others:
            if other != first:
                parent[other] = first
        board_ranking[board] = first
        played[board] = results
    most: dict[Hashable, int] = {}
    for board, results in played.items():
        r = root(board_ranking[board])
        most[r] = max(most.get(r, 0), results)
    return {board: most[root(r)] for board, r in board_ranking.items()}


def _rankings(groups: RankingGroups, b: Board) -> set[int]:
    """The rankings of the pairs who held board ``b``."""
    if groups.by_side:
        return {0, 1}
    if groups.of is None:
        return {0}
    return set(map(groups.of.__getitem__, b.nss)) | set(map(groups.of.__getitem__, b.ews))


def _neuberged(b: Board, raw: list[int], times: Mapping[int, int], top: int) -> Scores:
    """A Neuberged board's exact scores, made when its lines are asked for: each row's MP' (``times`` of its
    matchpoints over the results played) and E-W's top less it, and law 12C2's artificial scores."""
    n = len(raw)

    def exact() -> tuple[list[Exact], list[Exact]]:
        scaled: dict[int, Exact] = {mp: Fraction(t, n) for mp, t in times.items()}
        ew_of: dict[int, Exact] = {mp: Fraction(top * n - t, n) for mp, t in times.items()}
        mps, ews = list(map(scaled.__getitem__, raw)), list(map(ew_of.__getitem__, raw))
        if not b.any_adjusted:
            return mps, ews
        return b.with_artificial(mps, ews, lambda percent: Fraction(percent * top, 100))

    return exact


def matchpoints(
    results: Iterable[Sequence[Any]],
    *,
    single_ranking: bool | None = None,
    groups: RankingGroups | None = None,
    field_most: Mapping[int, int] | None = None,
) -> ContractContest:
    """A matchpointed pair contest (module docstring).  ``results`` are :class:`ContractResult` rows (or
    5-tuples); the rankings as in :func:`~scoring.contests.plus_minus.pair_contest`: ``groups`` from the
    seatings, or ``single_ranking`` True (one ranking) / False (N-S and E-W apart, Mitchell numbering).

    ``field_most``: each board's Neuberg ``N`` when ``results`` are only part of the field (one board's
    results, for its traveller: the rest of the field is not given, so :func:`fields` cannot count it); a
    board is never scaled down (N is at least its own count).  By default worked out by :func:`fields`."""
    ranking = grouping(single_ranking, groups)
    boards = by_board(results, ranking)
    if field_most is None:
        most = fields(boards, ranking)
    else:
        most = {board: max(field_most.get(board, 0), len(b.rows)) for board, b in boards.items()}

    # The Neuberged and artificial scores as whole numerators over one denominator for the pairs' sums:
    # each board's n (MP' * n is whole), and 10 for law 12C2's 40/50/60% of a whole top.
    den = 1
    for board, b in boards.items():
        n = len(b.real())
        if 0 < n < most[board]:
            den = lcm(den, n)
        if b.any_adjusted:
            den = lcm(den, 10)

    def score_board(b: Board) -> tuple[Scores, tuple[list[int], list[int]] | None]:
        """Each row's exact N-S and E-W scores (:class:`Scored`'s ``scores``); on a board Neuberged or
        adjusted, also their numerators over ``den``, which the pairs' sums take (the fractions are made only
        for a traveller's lines)."""
        big = most[b.board]
        top = 2 * (big - 1)
        real = b.real()
        raw = board_matchpoints(real)
        n = len(real)
        if n == big:
            return given(raw, [top - mp for mp in raw]), None  # type: ignore[arg-type]
        # Neuberg: each distinct matchpoint figure scaled once (a board's results share a few)
        times = {mp: neuberg_times(mp, n, big) for mp in set(raw)}
        per = den // n if n else 0
        ns_num = {mp: t * per for mp, t in times.items()}
        ew_num = {mp: top * den - t for mp, t in ns_num.items()}
        ns_nums, ew_nums = list(map(ns_num.__getitem__, raw)), list(map(ew_num.__getitem__, raw))

        exact = _neuberged(b, raw, times, top)
        if not b.any_adjusted:
            return exact, (ns_nums, ew_nums)
        ns_all, ew_all = b.with_artificial(ns_nums, ew_nums, lambda percent: percent * top * den // 100)
        return exact, (cast("list[int]", ns_all), cast("list[int]", ew_all))

    tally = Tally(ranking, den)
    scored_boards: list[Scored] = []
    for b in boards.values():
        scores, numerators = score_board(b)
        if numerators is None:
            ns_scores, ew_scores = scores()
            tally.add("NS", b.nss, ns_scores)
            tally.add("EW", b.ews, ew_scores)
        else:
            tally.add_scaled("NS", b.nss, numerators[0])
            tally.add_scaled("EW", b.ews, numerators[1])
        scored_boards.append(Scored(b, scores))
    scored = tuple(scored_boards)
    tops: list[int | None] = [None] * len(ranking.groups)
    for board, b in boards.items():
        for side, pair in (("NS", b.nss[0]), ("EW", b.ews[0])):
            tops[ranking.index(pair, side)] = 2 * (most[board] - 1)  # type: ignore[arg-type]

    def factored(index: int, played: int, total: Exact, most_played: int) -> tuple[Exact, Fraction | None]:
        score = total if played == most_played else Fraction(total * most_played, played)
        top = tops[index]
        if not top:
            return score, None
        if type(score) is int:
            return score, Fraction(score * 100, most_played * top)
        return score, Fraction(score.numerator * 100, score.denominator * most_played * top)

    return ContractContest(
        "matchpoints",
        ranking,
        lambda: ranked_rows(tally, factored),
        tuple(tops),
        {},
        scored,
        board_tops={board: 2 * (most[board] - 1) for board in boards},
    )
