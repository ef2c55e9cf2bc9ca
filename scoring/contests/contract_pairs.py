"""Contract bridge pair contests: the rows, the checks of seating, and the rankings, shared by matchpoints
(:mod:`.matchpoints`), Butler and cross-IMPs (:mod:`.imp_pairs`).

A row is a :class:`ContractResult` (checked when built) or a plain 5-tuple of its fields: the board, the N-S
and E-W pairs, the N-S score as travellers write it (``net_ns``: 110, -50, -500), or instead an artificial
adjusted score (law 12C2): ``adjusted = (N-S percentage, E-W percentage)``, each 60 (average plus), 50
(average) or 40 (average minus), any pair of them (60/40, 50/50, 40/40...).  An artificial score takes no
part in the other results' comparisons.

A contest scores each board (the method's own rule), sums each pair's board scores, and ranks the pairs of
each ranking (law H's "played the same hands" grouping, :mod:`.rankings`) by their exact scores, equal exact
scores sharing a rank.  Every figure is exact: ints and Fractions.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from itertools import chain, groupby
from math import lcm
from operator import itemgetter
from typing import Any, Final, NamedTuple, TypeAlias, cast

from scoring.contests.display import round_ratio
from scoring.contests.rankings import (
    RankingGroup,
    RankingGroups,
    competition_ranks,
)
from scoring.errors import ContestError, gettext_noop, show_value

__all__ = [
    "AVERAGE",
    "AVERAGE_MINUS",
    "AVERAGE_PLUS",
    "ContestLine",
    "ContestRow",
    "ContractContest",
    "ContractResult",
    "check_result",
]

PairId: TypeAlias = int | str
Exact: TypeAlias = int | Fraction
#: Law 12C2's artificial adjusted scores, in percent of the top.
AVERAGE_PLUS: Final = 60
AVERAGE: Final = 50
AVERAGE_MINUS: Final = 40
ARTIFICIAL: Final = frozenset({AVERAGE_PLUS, AVERAGE, AVERAGE_MINUS})
_IDS: Final = frozenset({int, str})


def _check_adjusted(board: object, adjusted: object) -> None:
    ok = (
        isinstance(adjusted, tuple)
        and len(adjusted) == 2
        and all(type(p) is int and p in ARTIFICIAL for p in adjusted)
    )
    if not ok:
        raise ContestError(
            "adjusted",
            gettext_noop(
                "board %(board)s: an artificial adjusted score (law 12C2) is (N-S %%, "
                "E-W %%), each 60, 50 or 40, got %(got)s"
            ),
            board=board,
            got=show_value(adjusted),
        )


def check_result(row: Sequence[Any]) -> None:
    """Raise :class:`ContestError`, naming the field, when ``row`` is not a result a contest can score."""
    if not isinstance(row, tuple) or len(row) != 5:
        raise ContestError(
            "results",
            gettext_noop("a result is (board, ns, ew, net_ns, adjusted), got %(got)s"),
            got=show_value(row),
        )
    board, ns, ew, net_ns, adjusted = row
    if type(board) is not int:
        raise ContestError(
            "board", gettext_noop("must be a whole number, got %(got)s"), got=show_value(board)
        )
    for name, pair in (("ns", ns), ("ew", ew)):
        if type(pair) not in _IDS:
            raise ContestError(
                name,
                gettext_noop("board %(board)s: a pair id is an int or a str, got %(got)s"),
                board=board,
                got=show_value(pair),
            )
    if adjusted is None:
        if type(net_ns) is not int:
            raise ContestError(
                "net_ns",
                gettext_noop("board %(board)s, %(ns)r v %(ew)r: must be a whole number, got %(got)s"),
                board=board,
                ns=ns,
                ew=ew,
                got=show_value(net_ns),
            )
    else:
        if net_ns is not None:
            raise ContestError(
                "net_ns",
                gettext_noop("board %(board)s: an adjusted result has no score (give None)"),
                board=board,
            )
        _check_adjusted(board, adjusted)


class _Fields(NamedTuple):
    board: int
    ns: PairId
    ew: PairId
    net_ns: int | None
    adjusted: tuple[int, int] | None = None


class ContractResult(_Fields):
    """One table's result on a board: ``net_ns`` (N-S's score), or ``adjusted`` (law 12C2) instead."""

    __slots__ = ()

    def __new__(cls, *args: Any, **kwargs: Any) -> ContractResult:
        row = super().__new__(cls, *args, **kwargs)
        check_result(tuple(row))
        return row


class ContestLine(NamedTuple):
    """One table's line on a board's traveller: the result and each pair's score for the board
    (matchpoints or IMPs, exact)."""

    board: int
    ns: PairId
    ew: PairId
    net_ns: int | None
    adjusted: tuple[int, int] | None
    ns_score: Exact
    ew_score: Exact


class ContestRow(NamedTuple):
    """A pair's line in its ranking: ``boards`` played (adjusted ones too), ``total`` the sum of its board
    scores, ``score`` what it is ranked by (matchpoints: factored up for a sit-out; IMPs: the total),
    ``percentage`` (matchpoints only) and its ``rank`` (equal exact scores share one); ``by_fraction`` as
    in law G, at the two decimals the scores are shown to: its score to two decimals equals another's whose
    exact score differs."""

    pair: PairId
    direction: str | None
    boards: int
    total: Exact
    score: Exact
    percentage: Fraction | None
    rank: int
    by_fraction: bool


Row: TypeAlias = tuple[int, PairId, PairId, int | None, tuple[int, int] | None]


class Board(NamedTuple):
    """One board's rows, checked, and the same as columns (which the scorers read)."""

    board: int
    rows: list[Row]
    nss: tuple[PairId, ...]
    ews: tuple[PairId, ...]
    nets: tuple[int | None, ...]
    adjusted: tuple[tuple[int, int] | None, ...]
    any_adjusted: bool

    def real(self) -> list[int]:
        """The N-S scores of the results played (the artificial scores left out)."""
        if not self.any_adjusted:
            return self.nets  # type: ignore[return-value]
        return [n for n, a in zip(self.nets, self.adjusted, strict=True) if a is None]  # type: ignore[misc]

    def with_artificial(
        self, ns_real: Sequence[Exact], ew_real: Sequence[Exact], artificial: Callable[[int], Exact]
    ) -> tuple[list[Exact], list[Exact]]:
        """Each row's N-S and E-W scores: the results played take ``ns_real``'s and ``ew_real``'s (in order,
        as ``real()`` gives them), the artificial adjusted scores (law 12C2) each side's percentage as
        ``artificial`` values it."""
        ns_scores, ew_scores = list(ns_real), list(ew_real)
        # the few artificial scores put in at their rows, in row order (each lands at its final index)
        for i, adjusted in enumerate(self.adjusted):
            if adjusted is not None:
                ns_scores.insert(i, artificial(adjusted[0]))
                ew_scores.insert(i, artificial(adjusted[1]))
        return ns_scores, ew_scores


Scores: TypeAlias = Callable[[], tuple[list[Exact], list[Exact]]]


class Scored(NamedTuple):
    """A board scored: ``scores()``, each row's N-S and E-W score in the rows' order (worked out when its
    lines are asked for where they are not the pairs' sums: a Neuberged board's exact fractions)."""

    board: Board
    scores: Scores

    def lines(self) -> list[ContestLine]:
        ns_scores, ew_scores = self.scores()
        return [
            ContestLine(*row, ns, ew)
            for row, ns, ew in zip(self.board.rows, ns_scores, ew_scores, strict=True)
        ]


def given(ns_scores: list[Exact], ew_scores: list[Exact]) -> Scores:
    """Scores already worked out."""
    return lambda: (ns_scores, ew_scores)


@dataclass(frozen=True)
class ContractContest:
    """A contract bridge pair contest scored: ``method`` ("matchpoints", "butler", "cross-imps"), the
    rankings, each ranking's ``tops`` (matchpoints: the top on a board, 2(N-1); IMPs: None), ``datums``
    (Butler; ``datum_counts``, each datum's board's results played, which it is worked out from) and, when first asked for, the rows (by ranking, each by rank then pair: ``ranked``) and every
    line (by board, in the order given).  A traveller reads only the lines, the standings only the rows."""

    method: str
    groups: RankingGroups
    ranked: Callable[[], tuple[ContestRow, ...]] = field(repr=False, compare=False)
    tops: tuple[int | None, ...]
    datums: Mapping[int, int]
    _scored: tuple[Scored, ...] = field(repr=False, compare=False)
    datum_counts: Mapping[int, int] = field(default_factory=dict)
    # Matchpoints: each board's own top, 2(N-1) for its Neuberg N (a board's figure is "x of the top").
    board_tops: Mapping[int, int] = field(default_factory=dict)

    @cached_property
    def rows(self) -> tuple[ContestRow, ...]:
        return self.ranked()

    @cached_property
    def lines(self) -> tuple[ContestLine, ...]:
        """Made when first asked for (the standings need only the pairs' sums)."""
        return tuple(line for board in self._scored for line in board.lines())

    def traveller(self, board: int) -> tuple[ContestLine, ...]:
        return tuple(line for line in self.lines if line.board == board)

    def rankings(self) -> list[tuple[RankingGroup, tuple[ContestRow, ...]]]:
        parts: list[list[ContestRow]] = [[] for _ in self.groups.groups]
        for row in self.rows:
            parts[self.groups.index(row.pair, row.direction)].append(row)  # type: ignore[arg-type]
        return [(g, tuple(p)) for g, p in zip(self.groups.groups, parts, strict=True)]


_INT: Final[frozenset[type]] = frozenset({int})
_ROW_TYPES: Final[frozenset[type]] = frozenset({tuple, ContractResult})


def _fine(row: Sequence[Any]) -> bool:
    try:
        check_result(row)
    except ContestError:
        return False
    return True


def _board(board: int, rows: list[Row], groups: RankingGroups) -> Board:
    """One board's rows checked, a column at a time, as columns."""
    try:
        if not _ROW_TYPES.issuperset(map(type, rows)):
            raise ValueError
        _boards, nss, ews, nets, adjusted = zip(*rows, strict=True)  # every row five long, or ValueError
    except ValueError:
        for row in rows:  # the first row at fault named
            check_result(row)
        raise
    any_adjusted = adjusted.count(None) != len(rows)
    if any_adjusted:  # the results played checked a column at a time, the few artificial ones (law 12C2) each
        played = [net for net, adj in zip(nets, adjusted, strict=True) if adj is None]
        fine = _INT.issuperset(map(type, played)) and all(_fine(row) for row in rows if row[4] is not None)
    else:
        fine = _INT.issuperset(map(type, nets))
    if not fine or not _IDS.issuperset(map(type, nss)) or not _IDS.issuperset(map(type, ews)):
        for row in rows:  # the first row at fault named
            check_result(row)
    bad = groups.misplaced(nss, ews)
    if bad is not None:
        raise ContestError(
            "groups",
            gettext_noop("board %(board)s: %(misplaced_text)s"),
            board=board,
            misplaced_text=groups.misplaced_text(*bad),
        )
    k = len(rows)
    if (len(set(nss)) != k or len(set(ews)) != k) if groups.by_side else len(set(nss + ews)) != 2 * k:
        seen_ns: set[PairId] = set()
        seen_ew = set() if groups.by_side else seen_ns
        for ns, ew in zip(nss, ews, strict=True):
            if ns in seen_ns or ew in seen_ew or (ns == ew and not groups.by_side):
                raise ContestError(
                    "results",
                    gettext_noop("board %(board)s: a pair would play it twice (%(ns)r v %(ew)r)"),
                    board=board,
                    ns=ns,
                    ew=ew,
                )
            seen_ns.add(ns)
            seen_ew.add(ew)
    return Board(board, rows, nss, ews, nets, adjusted, any_adjusted)


def by_board(results: Iterable[Sequence[Any]], groups: RankingGroups) -> dict[int, Board]:
    """The rows by board (boards in order, each board's rows in the order given), checked: every row, no
    pair playing a board twice, every pair seated where its ranking holds pairs (law H)."""
    try:
        rows: list[Row] = list(results)  # type: ignore[arg-type]
        boards = list(map(itemgetter(0), rows))
        distinct = set(boards)
    except (TypeError, IndexError, KeyError):
        raise ContestError(
            "results", gettext_noop("expected ContractResult rows (board, ns, ew, net_ns, adjusted)")
        ) from None
    if not _INT.issuperset(map(type, distinct)):
        bad = next(board for board in boards if type(board) is not int)
        raise ContestError("board", gettext_noop("must be a whole number, got %(got)s"), got=show_value(bad))
    rows.sort(key=itemgetter(0))  # stable: each board's rows stay in the order given
    return {board: _board(board, list(group), groups) for board, group in groupby(rows, itemgetter(0))}


#: A board scorer: a board -> each row's N-S scores and E-W scores.
BoardScorer: TypeAlias = Callable[[Board], tuple[list[Exact], list[Exact]]]


class Tally:
    """Each pair's boards and total (N-S and E-W apart when the rankings tell the sides apart).  Whole
    scores are summed as ints (:meth:`add`); a scorer whose fractional scores share a denominator ``den``
    adds them as whole numerators over it (:meth:`add_scaled`), summed as ints and divided once a pair."""

    def __init__(self, groups: RankingGroups, den: int = 1) -> None:
        self.groups = groups
        self.den = den
        ns: tuple[list[Sequence[PairId]], dict[PairId, Exact], dict[PairId, int]] = ([], {}, {})
        ew = ([], {}, {}) if groups.by_side else ns
        self.seated = {"NS": ns[0], "EW": ew[0]}  # each board's pairs, in turn: counted once, at the end
        self.totals = {"NS": ns[1], "EW": ew[1]}
        self.scaled = {"NS": ns[2], "EW": ew[2]}

    def boards(self, side: str) -> Counter[PairId]:
        """Each pair's boards (in the order the pairs first played)."""
        return Counter(chain.from_iterable(self.seated[side]))

    def add(self, side: str, pairs: Sequence[PairId], scores: Sequence[Exact]) -> None:
        """Each pair's score on a board (whole, from the scorers here; a Fraction would be summed too)."""
        self.seated[side].append(pairs)
        totals = self.totals[side]
        get = totals.get
        for pair, score in zip(pairs, scores, strict=True):
            totals[pair] = get(pair, 0) + score

    def add_scaled(self, side: str, pairs: Sequence[PairId], numerators: Sequence[int]) -> None:
        """Fractional scores given as their numerators over ``den`` (each pair's total a Fraction then)."""
        self.seated[side].append(pairs)
        scaled = self.scaled[side]
        get = scaled.get
        for pair, numerator in zip(pairs, numerators, strict=True):
            scaled[pair] = get(pair, 0) + numerator

    def total(self, side: str, pair: PairId) -> Exact:
        whole = self.totals[side].get(pair, 0)
        numerator = self.scaled[side].get(pair)
        if numerator is None:
            return whole
        return Fraction(whole * self.den + numerator, self.den)

    def members(self) -> list[tuple[str | None, PairId, int, Exact]]:
        sides = ("NS", "EW") if self.groups.by_side else ("NS",)
        return [
            (side if self.groups.by_side else None, pair, boards, self.total(side, pair))
            for side in sides
            for pair, boards in self.boards(side).items()
        ]


def score_boards(boards: Mapping[int, Board], scorer: BoardScorer, tally: Tally) -> tuple[Scored, ...]:
    """Every board scored by ``scorer``, and each pair's sums in ``tally``."""
    scored: list[Scored] = []
    for b in boards.values():
        ns_scores, ew_scores = scorer(b)
        tally.add("NS", b.nss, ns_scores)
        tally.add("EW", b.ews, ew_scores)
        scored.append(Scored(b, given(ns_scores, ew_scores)))
    return tuple(scored)


def _pair_key(pair: PairId) -> tuple[int, int, str]:
    return (0, pair, "") if isinstance(pair, int) else (1, 0, pair)


#: How a ranking turns a pair's (boards, total) into its (score, percentage), given the most boards B.
Scoring: TypeAlias = Callable[[int, int, Exact, int], tuple[Exact, Fraction | None]]


def ranked_rows(tally: Tally, scoring: Scoring) -> tuple[ContestRow, ...]:
    """Each ranking's rows, by exact score (equal scores share a rank, then by pair id).  The scores are
    compared and rounded as whole numerators over their common denominator (exactly as the Fractions)."""
    groups = tally.groups
    members: list[list[tuple[PairId, str | None, int, Exact]]] = [[] for _ in groups.groups]
    for side, pair, boards, total in tally.members():
        index = groups.index(pair, side)  # type: ignore[arg-type]
        members[index].append((pair, groups.groups[index].direction, boards, total))
    rows: list[ContestRow] = []
    for index, group in enumerate(members):
        most = max((m[2] for m in group), default=0)
        if _INT.issuperset(map(type, map(itemgetter(0), group))):
            group.sort(key=itemgetter(0))
        else:
            group.sort(key=lambda m: _pair_key(m[0]))
        scored = [(m, *scoring(index, m[2], m[3], most)) for m in group]
        den = lcm(*{1 if type(s[1]) is int else s[1].denominator for s in scored})
        if den == 1:
            keys = cast("list[int]", [s[1] for s in scored])
        else:
            keys = [
                s[1] * den if type(s[1]) is int else s[1].numerator * (den // s[1].denominator)
                for s in scored
            ]
        order = sorted(range(len(scored)), key=keys.__getitem__, reverse=True)  # stable: pairs stay in order
        keys = [keys[i] for i in order]
        # "by the fraction of a point": the pages show scores to two decimals, so the hundredths decide (whole
        # scores: their hundredths differ when they do)
        ranks = competition_ranks(keys, keys if den == 1 else [round_ratio(100 * k, den) for k in keys])
        for i, (rank, flag) in zip(order, ranks, strict=True):
            (pair, direction, boards, total), score, pct = scored[i]
            rows.append(ContestRow(pair, direction, boards, total, score, pct, rank, flag))
    return tuple(rows)
