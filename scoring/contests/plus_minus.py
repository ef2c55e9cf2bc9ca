"""Pair contests under duplicate law H, with the rulings of law B(3).

Law H: each pair is compared only with the pairs who held the same cards.  On each board a pair's
plus/minus is its score minus the average of the scores made in its direction; its result is the sum over
its boards, and the pairs of each ranking (:mod:`scoring.contests.rankings`) are placed by it.

Law B(3): a board ruled "average" gives both pairs the average of the scores made in their direction (so a
plus/minus of 0); "low-high" gives the offending pair the lowest score made in its direction and its
opponents the highest made in theirs.  Ruled rows take their scores from the real results and never enter
the average; a ruling on a board with no real result yet waits (``PairContest.unresolved``).

Rows are :class:`BoardResult` (checked when built) or plain 7-tuples of the same fields (read from the
database), checked by :func:`pair_contest` alike.  A pair's *score on a deal* is what the caller computed for its side (auction: its side's total minus the
other side's, :func:`scores_from_net`; whist: the tricks its side won, :func:`scores_from_whist`).  Every
quantity is exact: ints, and Fractions for averages and what is derived from them.  The readings are in
``docs/laws.md`` (section "Contests").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property, partial
from itertools import repeat
from math import gcd, lcm
from operator import itemgetter
from typing import Any, Final, Literal, NamedTuple, TypeAlias

from scoring.contests.rankings import (
    RankingGroup,
    RankingGroups,
    competition_ranks,
    direction_rankings,
    grouping,
)
from scoring.errors import ContestError, gettext_noop, show_value

__all__ = [
    "AVERAGE",
    "LOW_HIGH",
    "BoardDetail",
    "BoardResult",
    "PairContest",
    "PairId",
    "PairRow",
    "Side",
    "board_averages",
    "check_row",
    "pair_contest",
    "scored_boards",
    "scores_from_net",
    "scores_from_whist",
]

PairId: TypeAlias = int | str
Side: TypeAlias = Literal["NS", "EW"]
Exact: TypeAlias = int | Fraction

NS: Final = "NS"
EW: Final = "EW"
AVERAGE: Final = "average"
LOW_HIGH: Final = "low-high"
_SIDES: Final = frozenset({NS, EW})
#: A row as :func:`pair_contest` reads it: the fields of :class:`BoardResult`, ``""`` read as no ruling.
Row: TypeAlias = tuple[int, PairId, PairId, int | None, int | None, str | None, str | None]


def check_row(row: Sequence[Any]) -> None:
    """Raise :class:`ContestError`, naming the field, when ``row`` is not a result the laws can score."""
    if len(row) != 7:
        raise ContestError(
            "results",
            gettext_noop("a result is (board, ns, ew, ns_score, ew_score, ruling, offending), got %(got)s"),
            got=show_value(row),
        )
    board, ns, ew, ns_score, ew_score, ruling, offending = row
    if type(board) is not int:
        raise ContestError(
            "board", gettext_noop("must be a whole number, got %(got)s"), got=show_value(board)
        )
    for name, pair in (("ns", ns), ("ew", ew)):
        if type(pair) is not int and type(pair) is not str:
            raise ContestError(
                name,
                gettext_noop("board %(board)s: a pair id is an int or a str, got %(got)s"),
                board=board,
                got=show_value(pair),
            )
    if not ruling:
        if offending:
            raise ContestError(
                "offending",
                gettext_noop("board %(board)s: only a low-high ruling has an offending pair"),
                board=board,
            )
        for name, score in (("ns_score", ns_score), ("ew_score", ew_score)):
            if score is None:
                raise ContestError(
                    name,
                    gettext_noop("board %(board)s, %(ns)r v %(ew)r: missing (and no ruling)"),
                    board=board,
                    ns=ns,
                    ew=ew,
                )
            if type(score) is not int:
                raise ContestError(
                    name,
                    gettext_noop("board %(board)s, %(ns)r v %(ew)r: must be a whole number, got %(score)r"),
                    board=board,
                    ns=ns,
                    ew=ew,
                    score=score,
                )
    elif ruling == LOW_HIGH:
        if offending not in _SIDES:
            raise ContestError(
                "offending",
                gettext_noop("board %(board)s: a low-high ruling needs 'NS' or 'EW', got %(offending)r"),
                board=board,
                offending=offending,
            )
    elif ruling == AVERAGE:
        if offending:
            raise ContestError(
                "offending",
                gettext_noop("board %(board)s: an average ruling has no offending pair"),
                board=board,
            )
    else:
        raise ContestError(
            "ruling",
            gettext_noop("board %(board)s: must be 'average' or 'low-high', got %(ruling)r"),
            board=board,
            ruling=ruling,
        )


class _Fields(NamedTuple):
    board: int
    ns: PairId
    ew: PairId
    ns_score: int | None
    ew_score: int | None
    ruling: str | None = None
    offending: str | None = None


class BoardResult(_Fields):
    """One deal as played (or ruled) at one table, checked when built (:func:`check_row`).

    With a ``ruling`` ("average" or "low-high", law B(3)) the scores are ignored (pass ``None``);
    ``offending`` ("NS"/"EW") names the offending pair of a "low-high" ruling and is ``None`` otherwise.
    """

    __slots__ = ()

    def __new__(cls, *args: Any, **kwargs: Any) -> BoardResult:
        row = super().__new__(cls, *args, **kwargs)
        check_row(row)
        return row


def scores_from_net(net_ns: int) -> tuple[int, int]:
    """Auction codes: the pairs' scores on a deal from N-S's net (N-S total minus E-W total)."""
    if type(net_ns) is not int:
        raise ContestError("net", gettext_noop("must be a whole number, got %(got)s"), got=show_value(net_ns))
    return net_ns, -net_ns


def scores_from_whist(tricks_ns: int) -> tuple[int, int]:
    """Duplicate whist: each pair scores the tricks its side won."""
    if type(tricks_ns) is not int or not 0 <= tricks_ns <= 13:
        raise ContestError(
            "tricks",
            gettext_noop("must be a whole number from 0 to 13, got %(got)s"),
            got=show_value(tricks_ns),
        )
    return tricks_ns, 13 - tricks_ns


class BoardDetail(NamedTuple):
    """One table's line on a board's traveller (also a line of each pair's score card).

    ``ns_score``/``ew_score`` are the scores used (a ruling's assigned score; ``None`` while a ruling has no
    real result to draw from); ``ns_average``/``ew_average`` the averages of the scores made on the board in
    each direction (``None`` when there is none).  Plus/minus is score minus average.
    """

    board: int
    ns: PairId
    ew: PairId
    ns_score: Exact | None
    ew_score: Exact | None
    ns_average: Fraction | None
    ew_average: Fraction | None
    ruling: str | None = None
    offending: str | None = None

    @property
    def resolved(self) -> bool:
        return self.ns_score is not None

    @property
    def ns_plus_minus(self) -> Fraction | None:
        if self.ns_score is None or self.ns_average is None:
            return None
        return self.ns_score - self.ns_average

    @property
    def ew_plus_minus(self) -> Fraction | None:
        if self.ew_score is None or self.ew_average is None:
            return None
        return self.ew_score - self.ew_average

    def score(self, side: str) -> Exact | None:
        return self.ns_score if side == NS else self.ew_score

    def plus_minus(self, side: str) -> Fraction | None:
        return self.ns_plus_minus if side == NS else self.ew_plus_minus


class PairRow(NamedTuple):
    """A pair's line in a ranking.

    ``direction`` is its ranking's: "NS"/"EW" in a ranking of pairs who all sat that way, ``None`` in a
    mixed one.  ``boards`` counts the deals scored for it (a ruling still waiting is not counted); ``net``
    is the sum of its scores, ``plus_minus`` the sum of (score - average).  ``rank`` is standard competition
    ranking on the exact plus/minus; ``by_fraction`` is set when its rounded plus/minus equals that of
    another pair of its ranking whose exact plus/minus differs (its place is won by the fraction of a point).

    ``net`` and ``plus_minus`` are kept as whole numerators and denominators in lowest terms (``net_num /
    net_den``, ``pm_num / pm_den``) and made Fractions when read: a contest of thousands of pairs then makes
    no Fraction objects for the garbage collector to walk.
    """

    pair: PairId
    direction: Side | None
    boards: int
    net_num: int
    net_den: int
    pm_num: int
    pm_den: int
    rank: int
    by_fraction: bool
    plus_minus_rounded: int

    @property
    def net(self) -> Fraction:
        return Fraction(self.net_num, self.net_den)

    @property
    def plus_minus(self) -> Fraction:
        return Fraction(self.pm_num, self.pm_den)


@dataclass(frozen=True)
class PairContest:
    """The result of :func:`pair_contest`.

    ``rows`` are ordered by ranking (``groups.groups``), each by rank then pair id.  ``boards`` holds one
    :class:`BoardDetail` per input row, by board number then input order; ``averages`` maps (board, side)
    to the average of the scores made there; ``unresolved`` lists the ruled rows with nothing to draw on
    (while there is one the standings are ``provisional``).
    """

    groups: RankingGroups
    rows: tuple[PairRow, ...]
    averages: Mapping[tuple[int, Side], Fraction]
    unresolved: tuple[BoardDetail, ...]
    _scored: tuple[_BoardScored, ...] = field(repr=False, compare=False)
    _by_board: dict[int, tuple[BoardDetail, ...]] = field(default_factory=dict, repr=False, compare=False)
    _scored_at: dict[int, list[_BoardScored]] = field(default_factory=dict, repr=False, compare=False)

    @cached_property
    def boards(self) -> tuple[BoardDetail, ...]:
        """Made when first asked for (the standings need only the pairs' sums)."""
        return tuple(line for board in self._scored for line in board.lines())

    @classmethod
    def joined(
        cls,
        parts: Sequence[PairContest],
        *,
        groups: RankingGroups,
        averages: Mapping[tuple[int, Side], Fraction],
    ) -> PairContest:
        """Contests scored apart (each section on its own) as one: their rows, unresolved rows and boards
        in the order of ``parts``, under ``groups`` and with the ``averages`` shown for the whole."""
        return cls(
            groups=groups,
            rows=tuple(row for part in parts for row in part.rows),
            averages=averages,
            unresolved=tuple(line for part in parts for line in part.unresolved),
            _scored=tuple(board for part in parts for board in part._scored),
        )

    @property
    def provisional(self) -> bool:
        return bool(self.unresolved)

    @property
    def single_ranking(self) -> bool:
        """One ranking, of every pair whichever way it sat."""
        return len(self.groups.groups) == 1 and self.groups.groups[0].direction is None

    def ranking(self, direction: str | None = None) -> tuple[PairRow, ...]:
        """The rows of the rankings of one direction ("NS", "EW"; ``None``: the mixed ones)."""
        return tuple(row for row in self.rows if row.direction == direction)

    def rankings(self) -> list[tuple[RankingGroup, tuple[PairRow, ...]]]:
        """Each ranking with its rows, in order."""
        parts: list[list[PairRow]] = [[] for _ in self.groups.groups]
        for row in self.rows:
            parts[self.groups.index(row.pair, row.direction)].append(row)
        return [(g, tuple(p)) for g, p in zip(self.groups.groups, parts, strict=True)]

    def traveller(self, board: int) -> tuple[BoardDetail, ...]:
        if not self._by_board:
            for d in self.boards:
                self._by_board.setdefault(d.board, ())
                self._by_board[d.board] += (d,)
        return self._by_board.get(board, ())

    def detail(self, board: int, ns: PairId, ew: PairId) -> BoardDetail | None:
        """The line of ``ns`` v ``ew`` on ``board``, if any: made alone (a score card reads a pair's few
        lines, not the event's tens of thousands)."""
        if not self._scored_at:
            for scored in self._scored:
                self._scored_at.setdefault(scored.board, []).append(scored)
        for scored in self._scored_at.get(board, ()):
            line = scored.line(ns, ew)
            if line is not None:
                return line
        return None

    def score_card(self, pair: PairId, direction: str | None = None) -> tuple[tuple[Side, BoardDetail], ...]:
        """The deals a pair played, each with the side it held (in a Mitchell give its direction)."""
        card: list[tuple[Side, BoardDetail]] = []
        for d in self.boards:
            if d.ns == pair and direction in (None, NS):
                card.append((NS, d))
            elif d.ew == pair and direction in (None, EW):
                card.append((EW, d))
        return tuple(card)


class _Tally:
    """Every pair's sums in integers (one per side when pairs are told apart by side).  ``net``: its
    whole-number scores; per board size ``n`` (the count of scores made on the board) ``averaged[n]``: the
    board totals of its scored deals (its plus/minus is ``net`` less their sums over ``n``), and
    ``ruled[n]``: the totals of its average rulings (each adds total / n to its net, 0 to its plus/minus)."""

    def __init__(self) -> None:
        self.boards: Counter[PairId] = Counter()
        self.net: dict[PairId, int] = {}
        self.averaged: dict[int, dict[PairId, int]] = {}
        self.ruled: dict[int, dict[PairId, int]] = {}

    def add(self, pairs: Sequence[PairId], scores: Sequence[int], n: int, total: int) -> None:
        """A board's scored deals (or low-high rulings) of one direction, against its ``total`` over ``n``."""
        net = self.net
        averaged = self.averaged.setdefault(n, {})
        net_get, averaged_get = net.get, averaged.get
        self.boards.update(pairs)
        for pair, score in zip(pairs, scores, strict=True):
            net[pair] = net_get(pair, 0) + score
            averaged[pair] = averaged_get(pair, 0) + total

    def add_average(self, pair: PairId, n: int, total: int) -> None:
        self.boards[pair] = self.boards.get(pair, 0) + 1
        self.net.setdefault(pair, 0)
        ruled = self.ruled.setdefault(n, {})
        ruled[pair] = ruled.get(pair, 0) + total

    def seen(self, pair: PairId) -> None:
        """A pair with a ruling still waiting: in its ranking, with nothing scored yet."""
        self.boards.setdefault(pair, 0)
        self.net.setdefault(pair, 0)

    def totals(self, common: int) -> list[tuple[PairId, int, int, int]]:
        """Each pair's deals scored, and its net and plus/minus as whole numerators over ``common`` (a
        multiple of every board size): one exact Fraction a pair is made from them only when needed."""
        net_num = {pair: net * common for pair, net in self.net.items()}
        pm_num = dict(net_num)
        for n, sums in self.ruled.items():
            step = common // n
            for pair, total in sums.items():
                net_num[pair] += total * step
        for n, sums in self.averaged.items():
            step = common // n
            for pair, total in sums.items():
                pm_num[pair] -= total * step
        return [(pair, boards, net_num[pair], pm_num[pair]) for pair, boards in self.boards.items()]

    def sizes(self) -> set[int]:
        return {*self.averaged, *self.ruled}


class _BoardScored(NamedTuple):
    """One board scored: its rows, its averages, and the lines of its ruled rows (by index in ``rows``)."""

    board: int
    rows: list[Row]
    avg_ns: Fraction | None
    avg_ew: Fraction | None
    ruled: dict[int, BoardDetail]

    def line(self, ns: PairId, ew: PairId) -> BoardDetail | None:
        """The line of ``ns`` v ``ew`` (as :meth:`lines` makes it; a pair holds a board once), or ``None``."""
        try:
            i = list(map(_NS_PAIR, self.rows)).index(ns)
        except ValueError:
            return None
        row = self.rows[i]
        if row[2] != ew:
            return None
        if i in self.ruled:
            return self.ruled[i]
        return BoardDetail(self.board, row[1], row[2], row[3], row[4], self.avg_ns, self.avg_ew, None, None)

    def lines(self) -> list[BoardDetail]:
        """Every row's line in the order given: the deals played made a column at a time, the ruled rows' put in place."""
        columns = [list(map(get, self.rows)) for get in _COLUMNS]
        averages = repeat(self.avg_ns), repeat(self.avg_ew), repeat(None), repeat(None)
        lines = list(map(_new_line, zip(repeat(self.board), *columns, *averages)))
        for i, line in self.ruled.items():
            lines[i] = line
        return lines


class _Scored(NamedTuple):
    boards: list[_BoardScored]
    averages: dict[tuple[int, Side], Fraction]
    ns: _Tally
    ew: _Tally  # the same as ``ns`` unless pairs are told apart by side
    unresolved: list[BoardDetail]  # the ruled rows with nothing made on their board to draw on

    def lines(self) -> list[BoardDetail]:
        return [line for board in self.boards for line in board.lines()]


def _score_board(board: int, rows: list[Row], pairs: tuple[list[PairId], list[PairId]], out: _Scored) -> None:
    """One board: the averages of the scores made in each direction, each ruled row's score (law B(3)) and
    line, and the pairs' sums.  The deals played (nearly every row) are read as columns; the few ruled
    rows one by one.  The deals' lines are made only when asked for (:meth:`_BoardScored.lines`).
    ``pairs``: the rows' N-S and E-W pairs (the columns :func:`_by_board` read)."""
    ruled = [i for i, ruling in enumerate(map(_RULING, rows)) if ruling] if any(map(_RULING, rows)) else []
    made = [r for r in rows if not r[5]] if ruled else rows
    n = len(made)
    avg_ns = avg_ew = None
    tot_ns = tot_ew = 0
    ns_scores: Sequence[int] = ()
    ew_scores: Sequence[int] = ()
    if n:
        # Columns read with ``itemgetter`` (``zip(*made)`` would make an iterator object per row).
        nss, ews = (list(map(_NS_PAIR, made)), list(map(_EW_PAIR, made))) if ruled else pairs
        ns_col, ew_col = list(map(_NS_SCORE, made)), list(map(_EW_SCORE, made))
        if any(map(_OFFENDING, made)) or not (
            _INT.issuperset(map(type, ns_col)) and _INT.issuperset(map(type, ew_col))
        ):
            for r in made:
                check_row(r)
        ns_scores, ew_scores = ns_col, ew_col  # whole numbers, checked just above
        tot_ns, tot_ew = sum(ns_scores), sum(ew_scores)
        avg_ns = out.averages[(board, NS)] = Fraction(tot_ns, n)
        avg_ew = out.averages[(board, EW)] = Fraction(tot_ew, n)
        out.ns.add(nss, ns_scores, n, tot_ns)
        out.ew.add(ews, ew_scores, n, tot_ew)
    ruled_lines: dict[int, BoardDetail] = {}
    for i in ruled:
        r = rows[i]
        check_row(r)
        ruling, offending = r[5], r[6] or None
        s: Exact | None
        e: Exact | None
        if not n:  # nothing made on this board yet: the ruling waits
            s = e = None
            out.ns.seen(r[1])
            out.ew.seen(r[2])
        elif ruling == AVERAGE:
            s, e = avg_ns, avg_ew
            out.ns.add_average(r[1], n, tot_ns)
            out.ew.add_average(r[2], n, tot_ew)
        else:  # low-high: the offending pair the lowest, its opponents the highest
            low = offending == NS
            s, e = (min(ns_scores), max(ew_scores)) if low else (max(ns_scores), min(ew_scores))
            out.ns.add([r[1]], [s], n, tot_ns)
            out.ew.add([r[2]], [e], n, tot_ew)
        ruled_lines[i] = line = BoardDetail(board, r[1], r[2], s, e, avg_ns, avg_ew, ruling, offending)
        if s is None:
            out.unresolved.append(line)
    out.boards.append(_BoardScored(board, rows, avg_ns, avg_ew, ruled_lines))


_INT: Final[frozenset[type]] = frozenset({int})
_new_line: Final[Callable[[tuple[Any, ...]], BoardDetail]] = partial(tuple.__new__, BoardDetail)
_ROW_TYPES: Final[frozenset[type]] = frozenset({tuple, BoardResult})
#: A row's pairs and scores: the columns of its line.
_COLUMNS: Final = tuple(map(itemgetter, (1, 2, 3, 4)))
_NS_SCORE: Final = itemgetter(3)
_EW_SCORE: Final = itemgetter(4)
_OFFENDING: Final = itemgetter(6)
_NS_PAIR: Final = itemgetter(1)
_RULING: Final = itemgetter(5)
_EW_PAIR: Final = itemgetter(2)


def _by_board(
    results: Iterable[Sequence[Any]], grouping: RankingGroups
) -> tuple[dict[int, list[Row]], dict[int, tuple[list[PairId], list[PairId]]]]:
    """The rows by board, each board's in the order given, after the checks of seating: no pair plays a
    board twice, and (law H) every pair sits where its ranking holds pairs.  With each board's N-S and E-W
    pairs (read for the checks, then for the sums)."""
    by_board: dict[int, list[Row]] = {}
    try:
        for r in results:
            rows = by_board.get(r[0])
            if rows is None:
                rows = by_board[r[0]] = []
            rows.append(r)  # type: ignore[arg-type]
    except (TypeError, IndexError, KeyError):
        raise ContestError("results", gettext_noop("expected BoardResult rows")) from None
    pairs: dict[int, tuple[list[PairId], list[PairId]]] = {}
    for board, rows in by_board.items():
        if not _ROW_TYPES.issuperset(map(type, rows)) or set(map(len, rows)) != {7}:
            wrong = next(r for r in rows if type(r) not in _ROW_TYPES or len(r) != 7)
            raise ContestError(
                "results", gettext_noop("expected BoardResult rows, got %(got)s"), got=show_value(wrong)
            )
        nss = list(map(_NS_PAIR, rows))
        ews = list(map(_EW_PAIR, rows))
        pairs[board] = nss, ews
        bad = grouping.misplaced(nss, ews)
        if bad is not None:
            raise ContestError(
                "groups",
                gettext_noop("board %(board)s: %(misplaced_text)s"),
                board=board,
                misplaced_text=grouping.misplaced_text(*bad),
            )
        k = len(rows)
        if (len(set(nss)) != k or len(set(ews)) != k) if grouping.by_side else len(set(nss + ews)) != 2 * k:
            seen_ns: set[PairId] = set()
            seen_ew = set() if grouping.by_side else seen_ns
            for ns, ew in zip(nss, ews, strict=True):
                if ns in seen_ns or ew in seen_ew or (ns == ew and not grouping.by_side):
                    raise ContestError(
                        "results",
                        gettext_noop("board %(board)s: a pair would play it twice (%(ns)r v %(ew)r)"),
                        board=board,
                        ns=ns,
                        ew=ew,
                    )
                seen_ns.add(ns)
                seen_ew.add(ew)
    return by_board, pairs


def scored_boards(results: Iterable[Sequence[Any]], grouping: RankingGroups) -> _Scored:
    """Every row scored, by board then in the order given, with the boards' averages and the pairs' sums."""
    ns = _Tally()
    out = _Scored([], {}, ns, _Tally() if grouping.by_side else ns, [])
    by_board, pairs = _by_board(results, grouping)
    for board in sorted(by_board):
        _score_board(board, by_board[board], pairs[board], out)
    return out


def board_averages(results: Iterable[BoardResult]) -> dict[tuple[int, Side], Fraction]:
    """Average score, per (board, side), of the scores actually made (ruled rows are left out of it)."""
    return scored_boards(results, direction_rankings()).averages


def _rounded(numerator: int, denominator: int) -> int:
    """``numerator / denominator`` (``denominator`` > 0) to the nearest whole number, halves away from
    zero (as :func:`~scoring.contests.display.round_half_away`)."""
    whole = (2 * abs(numerator) + denominator) // (2 * denominator)
    return whole if numerator >= 0 else -whole


def _pair_key(pair: PairId) -> tuple[int, int, str]:
    return (0, pair, "") if isinstance(pair, int) else (1, 0, pair)


def pair_contest(
    results: Iterable[Sequence[Any]],
    *,
    single_ranking: bool | None = None,
    groups: RankingGroups | None = None,
) -> PairContest:
    """Pair contest under duplicate law H (see the module docstring).

    The pairs are ranked by ``groups`` (:func:`~scoring.contests.rankings.ranking_groups` of the seatings,
    a pair identified by its id); every pair of ``results`` must be seated as its ranking holds it (field
    "groups").  Or by rule: ``single_ranking=False`` (Mitchell numbering: N-S and E-W ranked apart, a pair
    identified by its direction and id, so N-S 1 and E-W 1 are two pairs); ``single_ranking=True`` (one
    ranking, a pair identified by its id whichever way it sat).
    """
    chosen = grouping(single_ranking, groups)
    scored = scored_boards(results, chosen)
    parts: list[list[tuple[PairId, int, int, int]]] = [[] for _ in chosen.groups]
    sides: list[tuple[Side, _Tally]] = (
        [(NS, scored.ns), (EW, scored.ew)] if chosen.by_side else [(NS, scored.ns)]
    )
    common = lcm(*scored.ns.sizes(), *scored.ew.sizes())
    index = chosen.index
    for side, tally in sides:
        for member in tally.totals(common):
            parts[index(member[0], side)].append(member)
    rows: list[PairRow] = []
    for group, members in zip(chosen.groups, parts, strict=True):
        # Ordered on the whole numerators (one denominator): by plus/minus, equals by pair.
        members.sort(key=lambda m: _pair_key(m[0]))
        members.sort(key=itemgetter(3), reverse=True)  # stable: equals stay by pair
        nums = [m[3] for m in members]
        rounded = [_rounded(num, common) for num in nums]
        ranks = competition_ranks(nums, rounded)
        direction = group.direction
        for (pair, boards, net, pm), whole, (rank, by_fraction) in zip(members, rounded, ranks, strict=True):
            g, h = gcd(net, common), gcd(pm, common)  # in lowest terms (gcd(0, c) is c: 0/1)
            rows.append(
                PairRow(
                    pair,
                    direction,
                    boards,
                    net // g,
                    common // g,
                    pm // h,
                    common // h,
                    rank,
                    by_fraction,
                    whole,
                )
            )
    return PairContest(
        groups=chosen,
        rows=tuple(rows),
        averages=scored.averages,
        unresolved=tuple(scored.unresolved),
        _scored=tuple(scored.boards),
    )
