"""Contest arithmetic: pair contests (duplicate law H), team matches (law G), rulings (law B(3)).

Pure Python, no Django.  Every quantity is exact: scores are ``int``, averages and everything derived from
them are :class:`fractions.Fraction`; no float is ever produced or accepted.  Rounding happens only for
display (:func:`round_half_away`, :func:`display_values`).

The readings of the laws taken here are written down, with the text quoted, in ``docs/laws.md`` (section
"Contests").

Input is a sequence of :class:`BoardResult`, one per table per deal, each checked when built
(:func:`pair_contest`, :func:`team_match`); or, for rows read from the database, plain tuples
(:data:`RawResult`) given to :func:`pair_contest_rows`/:func:`team_match_rows`, which give the same results
several times faster and build the per-row details only when asked for.  A pair's *score on a deal* is what the
caller computed for its side (auction: its side's total minus the other side's, see :func:`scores_from_net`;
whist: the tricks its side won, see :func:`scores_from_whist`).  Sides are the plain strings ``"NS"`` and
``"EW"``.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from itertools import chain, compress, repeat
from math import gcd, lcm
from operator import add, and_, attrgetter, eq, floordiv, itemgetter, ne, not_
from typing import TYPE_CHECKING, Any, Final, Literal, NamedTuple, TypeAlias, TypeVar, cast

from scoring.errors import ScoringError, show_value
from scoring.rankings import RankingGroup, RankingGroups, direction_rankings, one_ranking

__all__ = [
    "AVERAGE",
    "LOW_HIGH",
    "RULINGS",
    "SIGNED_WHOLE",
    "BoardDetail",
    "BoardResult",
    "ContestError",
    "IncrementalPairContest",
    "PairContest",
    "PairId",
    "PairRow",
    "RankingColumns",
    "RankingGroups",
    "RawResult",
    "Side",
    "TeamMatch",
    "TeamPairRow",
    "TeamRow",
    "board_averages",
    "display_values",
    "fraction_str",
    "fraction",
    "mixed_str",
    "pair_contest",
    "ratio_str",
    "pair_contest_rows",
    "round_half_away",
    "scores_from_net",
    "scores_from_whist",
    "team_match",
    "team_match_rows",
]

PairId: TypeAlias = int | str
Side: TypeAlias = Literal["NS", "EW"]
Exact: TypeAlias = int | Fraction
_P = TypeVar("_P", bound=PairId)
#: A trusted row for the fast path (:func:`pair_contest_rows`, :func:`team_match_rows`): the fields of
#: :class:`BoardResult` as a plain tuple, ``(board, ns, ew, ns_score, ew_score, ruling, offending)``.
RawResult: TypeAlias = tuple[int, PairId, PairId, int | None, int | None, str | None, str | None]

NS: Final = "NS"
EW: Final = "EW"
AVERAGE: Final = "average"
LOW_HIGH: Final = "low-high"
RULINGS: Final = frozenset({AVERAGE, LOW_HIGH})
_SIDES: Final = frozenset({NS, EW})
_ZERO: Final = Fraction(0)
_UNSEEN: Final = object()


def fraction(num: int, den: int) -> Fraction:
    """``Fraction(num, den)`` for ints with ``den > 0`` (reduced), without the constructor's type dispatch."""
    return _frac(num, den)


def _reduced(num: int, den: int) -> Fraction:
    """``Fraction(num, den)`` for ints already in lowest terms, ``den > 0``."""
    f = object.__new__(Fraction)
    f._numerator = num  # type: ignore[attr-defined]
    f._denominator = den  # type: ignore[attr-defined]
    return f


def _frac(num: int, den: int) -> Fraction:
    """``Fraction(num, den)`` for ints, ``den > 0``, without the constructor's type dispatch (3x faster)."""
    g = gcd(num, den)
    if g != 1:
        num //= g
        den //= g
    f = object.__new__(Fraction)
    f._numerator = num  # type: ignore[attr-defined]
    f._denominator = den  # type: ignore[attr-defined]
    return f


class ContestError(ScoringError):
    """Contest input that the laws cannot score (bad row, pair playing a board twice, unequal teams, ...).

    A :class:`scoring.errors.ScoringError` (hence a ``ValueError``): ``field`` names the offending input
    ("board", "ns_score", "ruling", "offending", "results", "teams", "seats", ...), and the message starts
    with it.
    """


# --------------------------------------------------------------------------------------------- input


@dataclass(frozen=True, slots=True)
class BoardResult:
    """One deal as played (or ruled) at one table.

    ``ns_score``/``ew_score`` are each pair's score on the deal (see the module docstring).  With a
    ``ruling`` ("average" or "low-high", law B(3)) the scores are ignored (pass ``None``) and are assigned
    from the other tables' real results on that board; ``offending`` ("NS"/"EW") names the offending pair
    for "low-high" and must be ``None`` otherwise.  Rows are checked when built: a bad row raises
    :class:`ContestError`.
    """

    board: int
    ns: PairId
    ew: PairId
    ns_score: int | None
    ew_score: int | None
    ruling: str | None = None
    offending: str | None = None

    def __post_init__(self) -> None:
        board = self.board
        if type(board) is not int:
            raise ContestError("board", f"must be a whole number, got {show_value(board)}")
        for name, pair in (("ns", self.ns), ("ew", self.ew)):
            if type(pair) is not int and type(pair) is not str:
                raise ContestError(
                    name, f"board {board}: a pair id is an int or a str, got {show_value(pair)}"
                )
        ruling = self.ruling
        if ruling is None:
            if self.offending is not None:
                raise ContestError(
                    "offending", f"board {board}: only a low-high ruling has an offending pair"
                )
            for name, score in (("ns_score", self.ns_score), ("ew_score", self.ew_score)):
                if score is None:
                    raise ContestError(
                        name, f"board {board}, {self.ns!r} v {self.ew!r}: missing (and no ruling)"
                    )
                if type(score) is not int:
                    raise ContestError(
                        name,
                        f"board {board}, {self.ns!r} v {self.ew!r}: must be a whole number, got {score!r}",
                    )
        elif ruling == LOW_HIGH:
            if self.offending not in _SIDES:
                raise ContestError(
                    "offending",
                    f"board {board}: a low-high ruling needs 'NS' or 'EW', got {self.offending!r}",
                )
        elif ruling == AVERAGE:
            if self.offending is not None:
                raise ContestError("offending", f"board {board}: an average ruling has no offending pair")
        else:
            raise ContestError("ruling", f"board {board}: must be 'average' or 'low-high', got {ruling!r}")


def scores_from_net(net_ns: int) -> tuple[int, int]:
    """Auction codes: the pairs' scores on a deal from N-S's net (N-S total minus E-W total)."""
    if type(net_ns) is not int:
        raise ContestError("net", f"must be a whole number, got {show_value(net_ns)}")
    return net_ns, -net_ns


def scores_from_whist(tricks_ns: int) -> tuple[int, int]:
    """Duplicate whist: each pair scores the tricks its side won."""
    if type(tricks_ns) is not int or not 0 <= tricks_ns <= 13:
        raise ContestError("tricks", f"must be a whole number from 0 to 13, got {show_value(tricks_ns)}")
    return tricks_ns, 13 - tricks_ns


# ------------------------------------------------------------------------------------------- display


def round_half_away(x: Fraction | int) -> int:
    """Nearest whole number, halves away from zero (2.5 -> 3, -2.5 -> -3)."""
    if type(x) is int:
        return x
    if type(x) is not Fraction and not isinstance(x, Fraction):
        raise ContestError("value", f"must be exact (an int or a Fraction), got {x!r}")
    num, den = x.numerator, x.denominator
    whole, rest = divmod(abs(num), den)
    if 2 * rest >= den:
        whole += 1
    return whole if num >= 0 else -whole


def fraction_str(x: Fraction | int) -> str:
    """Machine form of an exact value: "536/3", "-7/2", "152"."""
    if type(x) is int:
        return str(x)
    if not isinstance(x, Fraction):
        raise ContestError("value", f"must be exact (an int or a Fraction), got {x!r}")
    if x.denominator == 1:
        return str(x.numerator)
    return f"{x.numerator}/{x.denominator}"


def mixed_str(x: Fraction | int, *, signed: bool = False) -> str:
    """Reader's form of an exact value, as a mixed number: "178 2/3", "-3 1/2", "2/3", "152".

    With ``signed`` a positive value gets a leading "+" (for plus/minus columns).
    """
    if type(x) is int:
        num, den = x, 1
    else:
        if type(x) is not Fraction:
            x = Fraction(x)
        num, den = x.numerator, x.denominator
    return _mixed(num, den, signed)


def ratio_str(num: int, den: int, *, signed: bool = False) -> str:
    """:func:`mixed_str` of ``num / den`` (ints, ``den > 0``), without making the Fraction."""
    g = gcd(num, den)
    return _mixed(num // g, den // g, signed)


def _mixed(num: int, den: int, signed: bool) -> str:
    sign = "-" if num < 0 else ("+" if signed and num > 0 else "")
    whole, rest = divmod(abs(num), den)
    if rest == 0:
        body = str(whole)
    elif whole == 0:
        body = f"{rest}/{den}"
    else:
        body = f"{whole} {rest}/{den}"
    return sign + body


def display_values(values: Sequence[Fraction | int], *, signed: bool = False) -> list[str]:
    """How each exact value is shown (law G: "fractions are disregarded and the nearest whole numbers
    taken, unless it be necessary to take the fraction into account to avoid a tie").

    A value is shown as its nearest whole number (halves away from zero), except when another value in
    the list rounds to the same whole number but differs exactly: then the fraction is needed and the
    value is shown as a mixed number (:func:`mixed_str`, e.g. "178 2/3").
    """
    values = list(values)
    if _FRACTION.issuperset(map(type, values)):  # the usual case: read in C, the slots not the properties
        nums = list(map(_NUM, values))
        dens = list(map(_DEN, values))
    else:
        for v in values:
            if type(v) is not int and type(v) is not Fraction:
                round_half_away(v)  # an int or Fraction subclass passes; anything else raises
        nums = [v.numerator for v in values]
        dens = [v.denominator for v in values]
    # Whole values (most nets; every score) round to themselves and are shown so; only a fractional value
    # can round onto another value and differ from it.
    out = list(map(SIGNED_WHOLE.__getitem__ if signed else str, nums))
    fractional = list(compress(range(len(nums)), map(ne, dens, repeat(1))))
    if not fractional:
        return out
    whole = set(compress(nums, map(eq, dens, repeat(1))))
    # Per rounded value of a fractional value: its one exact value, or None when two different ones round
    # to it.
    frac_by_rounded: dict[int, tuple[int, int] | None] = {}
    get = frac_by_rounded.get
    rounded: list[int] = []
    for i in fractional:
        num, den = nums[i], dens[i]
        r, rest = divmod(-num if num < 0 else num, den)
        if 2 * rest >= den:
            r += 1
        if num < 0:
            r = -r
        rounded.append(r)
        seen = get(r, _UNSEEN)
        if seen is _UNSEEN:
            frac_by_rounded[r] = (num, den)
        elif seen is not None and seen != (num, den):
            frac_by_rounded[r] = None  # two different fractional values round alike
    for i, r in zip(fractional, rounded, strict=True):
        # A fractional value needs its mixed form when another value (fractional, or a whole one) rounds
        # alike.
        if frac_by_rounded[r] is None or r in whole:
            out[i] = mixed_str(_frac(nums[i], dens[i]), signed=signed)
        else:
            out[i] = f"+{r}" if signed and r > 0 else str(r)
    return out


class _Signed(dict[int, str]):
    """Whole numbers as shown in a signed column ("+3", "0", "-2"), made once each: ``SIGNED_WHOLE[n]``."""

    def __missing__(self, value: int) -> str:
        if len(self) >= 100_000:
            self.clear()
        text = self[value] = f"+{value}" if value > 0 else str(value)
        return text


SIGNED_WHOLE: Final = _Signed()
_FRACTION: Final = frozenset({Fraction})
_NUM: Final = attrgetter("_numerator")  # Fraction's own slots (its properties are Python functions)
_DEN: Final = attrgetter("_denominator")


# ------------------------------------------------------------------------------------------- results


class BoardDetail(NamedTuple):
    """One table's line on a board's traveller (also a line of each pair's score card).

    ``ns_score``/``ew_score`` are the scores used (a ruling's assigned score; ``None`` while a ruling has no
    real result to draw from).  ``ns_average``/``ew_average`` are the averages of the scores actually made on
    the board in each direction (``None`` when there is none).  Plus/minus is score minus average, computed
    on access.  (A named tuple rather than a frozen dataclass: as immutable, and five times cheaper to
    build, which matters at 52,000 rows.)
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
        return Fraction(self.ns_score) - self.ns_average

    @property
    def ew_plus_minus(self) -> Fraction | None:
        if self.ew_score is None or self.ew_average is None:
            return None
        return Fraction(self.ew_score) - self.ew_average

    def score(self, side: str) -> Exact | None:
        return self.ns_score if side == NS else self.ew_score

    def plus_minus(self, side: str) -> Fraction | None:
        return self.ns_plus_minus if side == NS else self.ew_plus_minus


class PairRow(NamedTuple):
    """A pair's line in a pair-contest ranking (a named tuple: the fast path builds thousands in C).

    ``direction`` is its ranking's direction: "NS"/"EW" in a ranking of pairs who all sat that way (a
    Mitchell's two), ``None`` in a mixed one (a Howell's; law H, :mod:`scoring.rankings`).  ``boards`` counts the deals scored for it (a ruling still waiting for a real result is not
    counted); ``net`` is the sum of its scores, ``plus_minus`` the sum of (score - average) over those deals.
    ``rank`` is standard competition ranking on the exact plus/minus (1, 2, 2, 4).  ``by_fraction`` is set
    when its rounded plus/minus equals that of another pair in the same ranking whose exact plus/minus is
    different: its place is decided "by the fraction of a point".  ``plus_minus_rounded`` is the plus/minus
    to the nearest whole number, halves away from zero (what is shown unless ``by_fraction``).
    """

    pair: PairId
    direction: Side | None
    boards: int
    net: Fraction
    plus_minus: Fraction
    rank: int
    by_fraction: bool
    plus_minus_rounded: int


class RankingColumns(NamedTuple):
    """One ranking as columns, best first: what the :class:`PairRow` of each pair holds, without a row or an
    exact plus/minus made per pair (a big event's standings are written again after every result, and
    every pair's plus/minus moves with a board's average).  Pair ``i``'s plus/minus is ``keys[i] / common``
    (exact integers over one common denominator; :meth:`plus_minus` makes the Fractions)."""

    direction: Side | None
    pairs: Sequence[PairId]
    boards: Sequence[int]
    nets: Sequence[Fraction]
    keys: Sequence[int]
    common: int
    ranks: Sequence[int]
    flags: Sequence[bool]
    rounded: Sequence[int]
    name: str = ""  # the ranking's name (scoring.rankings)

    def plus_minus(self) -> list[Fraction]:
        """Each pair's exact plus/minus, reduced (in C: a gcd and two divisions each, then one Fraction)."""
        keys, common = self.keys, self.common
        if common == 1:
            get = _WHOLE.get
            return [get(key) or _whole(key) for key in keys]
        gs = list(map(gcd, keys, repeat(common)))
        return list(map(_reduced, map(floordiv, keys, gs), map(floordiv, repeat(common), gs)))

    def rows(self) -> list[PairRow]:
        return list(
            map(
                _new_pair_row,
                zip(
                    self.pairs,
                    repeat(self.direction, len(self.pairs)),
                    self.boards,
                    self.nets,
                    self.plus_minus(),
                    self.ranks,
                    self.flags,
                    self.rounded,
                    strict=True,
                ),
            )
        )


def _columns_of_rows(rows: Sequence[PairRow], grouping: RankingGroups) -> tuple[RankingColumns, ...]:
    """:class:`RankingColumns` of ranked rows (the checked path's): one per ranking, in their order."""
    parts: list[list[PairRow]] = [[] for _ in grouping.groups]
    for r in rows:
        parts[grouping.index(r.pair, r.direction)].append(r)
    out = []
    for group, mine in zip(grouping.groups, parts, strict=True):
        pms = [r.plus_minus for r in mine]
        common = lcm(*(pm.denominator for pm in pms)) if pms else 1
        out.append(
            RankingColumns(
                group.direction,
                [r.pair for r in mine],
                [r.boards for r in mine],
                [r.net for r in mine],
                [pm.numerator * (common // pm.denominator) for pm in pms],
                common,
                [r.rank for r in mine],
                [r.by_fraction for r in mine],
                [r.plus_minus_rounded for r in mine],
                group.name,
            )
        )
    return tuple(out)


# One board of the fast path, kept compact until the details are asked for: (board, ns pairs, ew pairs,
# ns scores used, ew scores used, rulings, offending), the last five as columns in input order; the two last
# are ``None`` when the board has no ruling.
_Entry: TypeAlias = tuple[
    int,
    tuple[PairId, ...],
    tuple[PairId, ...],
    tuple[Exact | None, ...],
    tuple[Exact | None, ...],
    tuple[str | None, ...] | None,
    tuple[str | None, ...] | None,
]
_L = TypeVar("_L", bound="_LazyBoards")
# BoardDetail from a 9-tuple, all in C (the named tuple's own __new__ is a Python function).
_new_detail: Callable[[tuple[Any, ...]], BoardDetail] = partial(tuple.__new__, BoardDetail)


def _entry_details(entry: _Entry, averages: Mapping[tuple[int, Side], Fraction]) -> Iterator[BoardDetail]:
    b, nss, ews, ss, es, rulings, offending = entry
    avg_ns = averages.get((b, NS))
    avg_ew = averages.get((b, EW))
    columns = (repeat(None), repeat(None)) if rulings is None or offending is None else (rulings, offending)
    return map(_new_detail, zip(repeat(b), nss, ews, ss, es, repeat(avg_ns), repeat(avg_ew), *columns))


class _LazyBoards:
    """``boards`` built on first use.  The fast path (:func:`pair_contest_rows`, :func:`team_match_rows`)
    keeps each board's rows as a few column tuples (``_entries``) and makes the 52,000 :class:`BoardDetail`
    of a big event only when ``boards`` is read; ``traveller``/``score_card`` make only the boards they
    show.  Checked results are built with ``boards`` given, as before.  Picklable either way (the compact
    form is also much cheaper to pickle)."""

    if TYPE_CHECKING:
        boards: tuple[BoardDetail, ...]  # a field of the dataclasses that use this mixin
    else:

        def __getattr__(self, name):
            if name == "rows":  # ranked on first use (IncrementalPairContest.contest: from a snapshot)
                if "_columns_factory" in self.__dict__ or "_columns" in self.__dict__:
                    rows = tuple(chain.from_iterable(c.rows() for c in self.columns()))
                    object.__setattr__(self, "rows", rows)
                    return rows
            if name == "boards":
                state = self.__dict__
                entries = state.get("_entries")
                if entries is not None:
                    averages = state["averages"]
                    boards = tuple(chain.from_iterable(_entry_details(e, averages) for e in entries))
                    object.__setattr__(self, "boards", boards)
                    state.pop("_entries", None)
                    return boards
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __getstate__(self) -> dict[str, Any]:
        """Pickled with its rows ranked (a factory does not pickle); the columns are made again from them."""
        if "_columns_factory" in self.__dict__ or "_columns" in self.__dict__:
            getattr(self, "rows")  # noqa: B009 - ranks them: see __getattr__
        state = dict(self.__dict__)
        state.pop("_columns_factory", None)
        state.pop("_columns", None)
        return state

    def _pending_entries(self) -> tuple[_Entry, ...] | None:
        """The compact boards while ``boards`` has not been built, else ``None``."""
        state = self.__dict__
        entries: tuple[_Entry, ...] | None = None if "boards" in state else state.get("_entries")
        return entries

    def detail(self, board: int, ns: PairId, ew: PairId) -> BoardDetail | None:
        """The line of ``ns`` v ``ew`` on ``board`` (``None`` if there is none).  Builds only the lines of the
        boards asked for (kept, indexed), not all of them: a traveller or a score card of a big event."""
        state = self.__dict__
        index: dict[Any, dict[tuple[PairId, PairId], BoardDetail]] | None = state.get("_lines")
        if index is None:
            index = {}
            object.__setattr__(self, "_lines", index)
        lines = index.get(board)
        if lines is None:
            entries = self._pending_entries()
            if entries is None:
                if "*" not in index:
                    for d in self.boards:
                        index.setdefault(d.board, {})[(d.ns, d.ew)] = d
                    index["*"] = {}
                lines = index.setdefault(board, {})
            else:
                entry = next((e for e in entries if e[0] == board), None)
                lines = index[board] = (
                    {}
                    if entry is None
                    else {(d.ns, d.ew): d for d in _entry_details(entry, state["averages"])}
                )
        return lines.get((ns, ew))

    def board_scores(self, board: int) -> dict[tuple[PairId, PairId], tuple[Exact | None, Exact | None]]:
        """The scores used on ``board``, per (ns, ew) table: what :meth:`detail` would give as ``ns_score``
        and ``ew_score``, read from the compact columns without making the lines (a traveller written again
        after each result on its board)."""
        entries = self._pending_entries()
        if entries is None:
            return {(d.ns, d.ew): (d.ns_score, d.ew_score) for d in self.boards if d.board == board}
        entry = next((e for e in entries if e[0] == board), None)
        if entry is None:
            return {}
        _b, nss, ews, ss, es, _rulings, _offending = entry
        return dict(zip(zip(nss, ews, strict=True), zip(ss, es, strict=True), strict=True))

    @classmethod
    def _lazy(cls: type[_L], entries: tuple[_Entry, ...], **fields: Any) -> _L:
        obj = object.__new__(cls)
        for name, value in fields.items():
            object.__setattr__(obj, name, value)
        object.__setattr__(obj, "_entries", entries)
        return obj


@dataclass(frozen=True)
class PairContest(_LazyBoards):
    """Result of :func:`pair_contest` (and of :func:`pair_contest_rows`, equal field by field).

    ``rows`` is ordered by ranking (``groups``, law H: see :mod:`scoring.rankings`), each by rank: in a
    Mitchell the N-S ranking then the E-W ranking.
    ``boards`` holds one :class:`BoardDetail` per input row, by board number then input order.
    ``averages`` maps (board, side) to the average of the scores made there.  ``unresolved`` lists the
    ruled rows that had no real result on their board to draw from (see docs); while it is non-empty the
    standings are ``provisional``.
    """

    groups: RankingGroups
    rows: tuple[PairRow, ...]
    boards: tuple[BoardDetail, ...]
    averages: Mapping[tuple[int, Side], Fraction]
    unresolved: tuple[BoardDetail, ...]

    @property
    def provisional(self) -> bool:
        return bool(self.unresolved)

    @property
    def single_ranking(self) -> bool:
        """One ranking, of every pair whichever way it sat."""
        return len(self.groups.groups) == 1 and self.groups.groups[0].direction is None

    def ranking(self, direction: str | None = None) -> tuple[PairRow, ...]:
        """The rows of one ranking: a direction in a Mitchell, ``None`` for a single ranking."""
        return tuple(row for row in self.rows if row.direction == direction)

    def columns(self) -> tuple[RankingColumns, ...]:
        """The rankings as columns, one per ranking of ``groups`` in their order (possibly empty).  The fast
        path ranks into columns and makes ``rows`` from them only when they are read: a big event's
        standings read the columns (no :class:`PairRow`, no exact plus/minus made per pair)."""
        state = self.__dict__
        columns: tuple[RankingColumns, ...] | None = state.get("_columns")
        if columns is None:
            factory = state.get("_columns_factory")
            columns = factory() if factory is not None else _columns_of_rows(self.rows, self.groups)
            object.__setattr__(self, "_columns", columns)
            state.pop("_columns_factory", None)
        return columns

    def traveller(self, board: int) -> tuple[BoardDetail, ...]:
        entries = self._pending_entries()
        if entries is not None:
            for entry in entries:
                if entry[0] == board:
                    return tuple(_entry_details(entry, self.averages))
            return ()
        return tuple(d for d in self.boards if d.board == board)

    def score_card(self, pair: PairId, direction: str | None = None) -> tuple[tuple[Side, BoardDetail], ...]:
        """The deals a pair played, each with the side it held.  In a Mitchell give its direction."""
        entries = self._pending_entries()
        details: Iterable[BoardDetail] = (
            self.boards
            if entries is None
            else chain.from_iterable(
                _entry_details(e, self.averages) for e in entries if pair in e[1] or pair in e[2]
            )
        )
        card: list[tuple[Side, BoardDetail]] = []
        for d in details:
            if d.ns == pair and direction in (None, NS):
                card.append((NS, d))
            elif d.ew == pair and direction in (None, EW):
                card.append((EW, d))
        return tuple(card)


@dataclass(frozen=True, slots=True)
class TeamPairRow:
    pair: PairId
    direction: Side
    boards: int
    net: Fraction


@dataclass(frozen=True, slots=True)
class TeamRow:
    """A team's line in a team match (law G).

    ``net`` is the sum of its pairs' scores.  ``odd_direction`` is the direction in which it seats more
    pairs (``None`` when balanced) and ``extra_pairs`` by how many; ``odd_pair_average`` is the average
    score of all pairs (both teams) seated in the direction opposite its odd pair, added ``extra_pairs``
    times "as though won by it".  ``total = net + extra_pairs * odd_pair_average``.
    """

    name: str
    pairs: tuple[TeamPairRow, ...]
    net: Fraction
    odd_direction: Side | None
    extra_pairs: int
    odd_pair_average: Fraction | None
    total: Fraction
    rank: int

    @property
    def total_rounded(self) -> int:
        return round_half_away(self.total)


@dataclass(frozen=True)
class TeamMatch(_LazyBoards):
    """Result of :func:`team_match` (and of :func:`team_match_rows`, equal field by field): teams by rank (input order among equals), the winner (``None`` on an
    exact tie for first), and ``by_fraction`` when the winner's rounded total equals the runner-up's."""

    teams: tuple[TeamRow, ...]
    winner: str | None
    by_fraction: bool
    direction_averages: Mapping[Side, Fraction | None]
    boards: tuple[BoardDetail, ...]
    averages: Mapping[tuple[int, Side], Fraction]
    unresolved: tuple[BoardDetail, ...]

    @property
    def provisional(self) -> bool:
        return bool(self.unresolved)


# ------------------------------------------------------------------------------------------- engine


class _BoardAcc:
    """Per-board integer sums, count and extremes of the real (unruled) scores in each direction."""

    __slots__ = ("n", "ns_total", "ew_total", "ns_min", "ns_max", "ew_min", "ew_max", "rows")

    def __init__(self) -> None:
        self.n = 0
        self.ns_total = 0
        self.ew_total = 0
        self.ns_min = self.ns_max = self.ew_min = self.ew_max = 0
        self.rows: list[BoardResult] = []


class _PairAcc:
    """Per-pair sums.  Fractions are slow, so sums with a denominator are kept as integer numerators grouped
    by denominator (the number of real results on the board) and turned into one Fraction at the end."""

    __slots__ = ("pair", "sides", "boards", "net_int", "net_frac", "pm")

    def __init__(self, pair: PairId) -> None:
        self.pair = pair
        self.sides = 0  # bitmask: 1 sat N-S, 2 sat E-W
        self.boards = 0
        self.net_int = 0
        self.net_frac: dict[int, int] = {}
        self.pm: dict[int, int] = {}

    def net(self) -> Fraction:
        return self.net_int + _sum_by_denominator(self.net_frac)

    def plus_minus(self) -> Fraction:
        return _sum_by_denominator(self.pm)


def _sum_by_denominator(parts: dict[int, int]) -> Fraction:
    if len(parts) == 1:
        for den, num in parts.items():
            return Fraction(num, den)
    total = _ZERO
    for den, num in parts.items():
        if num:
            total += Fraction(num, den)
    return total


class _Tally:
    __slots__ = ("details", "averages", "unresolved", "ns_pairs", "ew_pairs")

    def __init__(self, key_by_side: bool) -> None:
        self.details: list[BoardDetail] = []
        self.averages: dict[tuple[int, Side], Fraction] = {}
        self.unresolved: list[BoardDetail] = []
        self.ns_pairs: dict[PairId, _PairAcc] = {}
        self.ew_pairs: dict[PairId, _PairAcc] = {} if key_by_side else self.ns_pairs

    def all_pairs(self) -> list[_PairAcc]:
        if self.ns_pairs is self.ew_pairs:
            return list(self.ns_pairs.values())
        return [*self.ns_pairs.values(), *self.ew_pairs.values()]


def _misplaced(
    board: int, nss: Sequence[PairId], ews: Sequence[PairId], grouping: RankingGroups | None
) -> ContestError | None:
    """Law H: the error for the first pair of a board's tables (input order) seated where its ranking
    holds no pair (the rankings come from the seatings: see :mod:`scoring.rankings`)."""
    if grouping is None:
        return None
    bad = grouping.misplaced(nss, ews)
    if bad is None:
        return None
    return ContestError("groups", f"board {board}: {grouping.misplaced_text(*bad)}")


def _tally(
    results: Iterable[BoardResult], *, key_by_side: bool, grouping: RankingGroups | None = None
) -> _Tally:
    """One pass to group and sum, one pass to resolve rulings and score every row.

    ``key_by_side``: a pair is identified by its side and id (Mitchell numbering: "N-S 1" and "E-W 1" are
    two pairs); otherwise by its id alone.  ``grouping``: each board's pairs are checked to be seated as
    their rankings hold them (:func:`_misplaced`).
    """
    boards: dict[int, _BoardAcc] = {}
    for r in results:
        if type(r) is not BoardResult:
            raise ContestError("results", f"expected BoardResult rows, got {r!r}")
        acc = boards.get(r.board)
        if acc is None:
            acc = boards[r.board] = _BoardAcc()
        if r.ruling is None:
            ns_score = r.ns_score
            ew_score = r.ew_score
            assert ns_score is not None and ew_score is not None  # checked by BoardResult
            if acc.n:
                if ns_score < acc.ns_min:
                    acc.ns_min = ns_score
                elif ns_score > acc.ns_max:
                    acc.ns_max = ns_score
                if ew_score < acc.ew_min:
                    acc.ew_min = ew_score
                elif ew_score > acc.ew_max:
                    acc.ew_max = ew_score
            else:
                acc.ns_min = acc.ns_max = ns_score
                acc.ew_min = acc.ew_max = ew_score
            acc.n += 1
            acc.ns_total += ns_score
            acc.ew_total += ew_score
        acc.rows.append(r)

    t = _Tally(key_by_side)
    ns_pairs, ew_pairs = t.ns_pairs, t.ew_pairs
    details_append = t.details.append
    averages = t.averages
    for b in sorted(boards):
        acc = boards[b]
        n, tot_ns, tot_ew = acc.n, acc.ns_total, acc.ew_total
        avg_ns: Fraction | None = None
        avg_ew: Fraction | None = None
        if n:
            avg_ns = averages[(b, NS)] = Fraction(tot_ns, n)
            avg_ew = averages[(b, EW)] = Fraction(tot_ew, n)
        misplaced = _misplaced(b, [r.ns for r in acc.rows], [r.ew for r in acc.rows], grouping)
        if misplaced is not None:
            raise misplaced
        seen_ns: set[PairId] = set()
        seen_ew = set() if key_by_side else seen_ns
        for r in acc.rows:
            ns, ew = r.ns, r.ew
            if ns in seen_ns or ew in seen_ew or (ns == ew and not key_by_side):
                raise ContestError("results", f"board {b}: a pair would play it twice ({ns!r} v {ew!r})")
            seen_ns.add(ns)
            seen_ew.add(ew)
            ruling = r.ruling
            s: Exact | None
            e: Exact | None
            if ruling is None:
                s, e = r.ns_score, r.ew_score
            elif not n:
                s = e = None  # nothing made on this board yet: the ruling waits (docs)
            elif ruling == AVERAGE:
                s, e = avg_ns, avg_ew
            elif r.offending == NS:  # low-high: the offending pair the lowest, its opponents the highest
                s, e = acc.ns_min, acc.ew_max
            else:
                s, e = acc.ns_max, acc.ew_min
            detail = BoardDetail(b, ns, ew, s, e, avg_ns, avg_ew, ruling, r.offending)
            details_append(detail)
            pn = ns_pairs.get(ns)
            if pn is None:
                pn = ns_pairs[ns] = _PairAcc(ns)
            pe = ew_pairs.get(ew)
            if pe is None:
                pe = ew_pairs[ew] = _PairAcc(ew)
            pn.sides |= 1
            pe.sides |= 2
            if s is None:
                t.unresolved.append(detail)
                continue
            pn.boards += 1
            pe.boards += 1
            if type(s) is int and type(e) is int:
                pn.net_int += s
                pe.net_int += e
                # score - total/n == (score*n - total)/n: keep the numerator, summed per denominator n.
                pm = pn.pm
                pm[n] = pm.get(n, 0) + s * n - tot_ns
                pm = pe.pm
                pm[n] = pm.get(n, 0) + e * n - tot_ew
            else:
                # Ruled average: the pair's score is exactly the average (total/n); its plus/minus is 0.
                nf = pn.net_frac
                nf[n] = nf.get(n, 0) + tot_ns
                nf = pe.net_frac
                nf[n] = nf.get(n, 0) + tot_ew
    return t


def _int_keys(values: Sequence[Fraction]) -> list[int]:
    """Integers ordered exactly as the values (all scaled to a common denominator): fast exact sorting."""
    common = lcm(*(v.denominator for v in values)) if values else 1
    return [v.numerator * (common // v.denominator) for v in values]


# name, pairs, net, odd direction, extra pairs, odd-pair average, total
_TeamParts: TypeAlias = tuple[
    str, tuple[TeamPairRow, ...], Fraction, Side | None, int, Fraction | None, Fraction
]


def _pair_sort_key(pair: PairId) -> tuple[int, int, str]:
    return (0, pair, "") if isinstance(pair, int) else (1, 0, pair)


def _competition_ranks(values: Sequence[Fraction], keys: Sequence[int]) -> list[tuple[int, bool]]:
    """Ranks (1, 2, 2, 4) and by-fraction flags for values already sorted from best to worst (``keys``:
    their exact integer images, see :func:`_int_keys`).  The fast path's integer twin: :func:`_ranks_flags`."""
    out: list[tuple[int, bool]] = []
    rank = 0
    for i, k in enumerate(keys):
        if i == 0 or k != keys[i - 1]:
            rank = i + 1
        out.append((rank, False))
    # Rounding is monotone, so the values that round alike are consecutive.
    rounded = [round_half_away(v) for v in values]
    i = 0
    while i < len(values):
        j = i
        while j + 1 < len(values) and rounded[j + 1] == rounded[i]:
            j += 1
        if keys[i] != keys[j]:
            for k in range(i, j + 1):
                out[k] = (out[k][0], True)
        i = j + 1
    return out


def _ranks_flags(keys: Sequence[int], common: int) -> tuple[list[int], list[bool], list[int]]:
    """:func:`_competition_ranks` of integer images over ``common`` (> 0), sorted from best to worst, as
    three columns: the ranks, the by-fraction flags and the values rounded (the fast path's thousands of
    pairs)."""
    n = len(keys)
    ranks: list[int] = []
    push = ranks.append
    rank = 0
    prev: int | None = None
    for i, k in enumerate(keys, 1):
        if k != prev:
            rank = i
            prev = k
        push(rank)
    # round_half_away(k / common) in integers.
    twice = 2 * common
    rounded = [(2 * k + common) // twice if k >= 0 else -((common - 2 * k) // twice) for k in keys]
    flags = [False] * n
    # Rounding is monotone: equal roundings are consecutive (a run).  A run is won by the fraction when two
    # of its keys differ, that is when two neighbours in it do.
    differ = list(compress(range(1, n), map(and_, map(eq, rounded[1:], rounded), map(ne, keys[1:], keys))))
    if differ:
        starts = [0, *compress(range(1, n), map(ne, rounded[1:], rounded)), n]
        done = -1
        for i in differ:
            run = bisect_right(starts, i) - 1
            if run != done:
                done = run
                a, b = starts[run], starts[run + 1]
                flags[a:b] = [True] * (b - a)
    return ranks, flags, rounded


# ------------------------------------------------------------------------------ engine: trusted rows

_INT: Final = frozenset({int})
_BOARD: Final = itemgetter(0)
_NO_RULING: Final[dict[str | None, str | None]] = {"": None}  # .get(r, r): a ruling read as given, "" as none


class _Side:
    """Fast-path sums for the pairs of one side (both sides in a single ranking), all integers.

    ``net``: each pair's sum of whole-number scores (made, or a low-high ruling); ``avg[n][pair]``: the sum
    of the board totals of those same deals on boards with ``n`` real results, so that the sum of the
    averages is ``sum(avg[n][pair] / n)``; ``frac[n][pair]``: the same for its average rulings (score =
    average, plus/minus 0); ``count``: the deals scored.  Every pair seen is a key of ``net``.
    """

    __slots__ = ("net", "avg", "frac", "count")

    def __init__(self) -> None:
        self.net: dict[PairId, int] = {}
        self.avg: dict[int, dict[PairId, int]] = {}
        self.frac: dict[int, dict[PairId, int]] = {}
        self.count: Counter[PairId] = Counter()


class _FastTally:
    __slots__ = ("entries", "averages", "unresolved", "ns", "ew", "ns_ids", "ew_ids")

    def __init__(self, key_by_side: bool) -> None:
        self.entries: tuple[_Entry, ...] = ()
        self.averages: dict[tuple[int, Side], Fraction] = {}
        self.unresolved: list[BoardDetail] = []
        self.ns = _Side()
        self.ew = _Side() if key_by_side else self.ns
        self.ns_ids: set[PairId] = set()
        self.ew_ids: set[PairId] = set()


def _twice(board: int, nss: Sequence[PairId], ews: Sequence[PairId], key_by_side: bool) -> ContestError:
    """The checked path's error for the first row (in input order) whose pair has played the board."""
    seen_ns: set[PairId] = set()
    seen_ew = set() if key_by_side else seen_ns
    for ns, ew in zip(nss, ews, strict=True):
        if ns in seen_ns or ew in seen_ew or (ns == ew and not key_by_side):
            return ContestError("results", f"board {board}: a pair would play it twice ({ns!r} v {ew!r})")
        seen_ns.add(ns)
        seen_ew.add(ew)
    raise AssertionError("no pair plays the board twice")  # pragma: no cover


def _bad_score(board: int, ns: PairId, ew: PairId, ns_score: object, ew_score: object) -> ContestError | None:
    """:class:`BoardResult`'s check of an unruled row's scores."""
    for name, score in (("ns_score", ns_score), ("ew_score", ew_score)):
        if score is None:
            return ContestError(name, f"board {board}, {ns!r} v {ew!r}: missing (and no ruling)")
        if type(score) is not int:
            return ContestError(
                name, f"board {board}, {ns!r} v {ew!r}: must be a whole number, got {score!r}"
            )
    return None


def _add_scores(side: _Side, n: int, total: int, pairs: Sequence[PairId], scores: Sequence[int]) -> None:
    """A board without rulings: every pair scored, against the average ``total / n``."""
    side.count.update(pairs)
    net = side.net
    net_get = net.get
    avg = side.avg.get(n)
    if avg is None:
        avg = side.avg[n] = {}
    avg_get = avg.get
    for pair, score in zip(pairs, scores, strict=True):
        net[pair] = net_get(pair, 0) + score
        avg[pair] = avg_get(pair, 0) + total


def _board(
    t: _FastTally,
    b: int,
    nss: tuple[PairId, ...],
    ews: tuple[PairId, ...],
    ss: tuple[int | None, ...],
    es: tuple[int | None, ...],
    raw_rulings: tuple[str | None, ...],
    raw_offending: tuple[str | None, ...],
) -> _Entry:
    """One board, given as columns in input order.  The rows played (all of them, as a rule) go through
    C-level sums and checks and two integer dict updates per pair; ruled rows (rare), one by one."""
    ruled: list[int] = []
    if any(raw_rulings):
        ruled = list(compress(range(len(nss)), raw_rulings))
        played = list(compress(range(len(nss)), map(not_, raw_rulings)))
        p_ns, p_ew = tuple(map(nss.__getitem__, played)), tuple(map(ews.__getitem__, played))
        p_s, p_e = tuple(map(ss.__getitem__, played)), tuple(map(es.__getitem__, played))
    else:
        p_ns, p_ew, p_s, p_e = nss, ews, ss, es
    if not (_INT.issuperset(map(type, p_s)) and _INT.issuperset(map(type, p_e))):
        for ns, ew, s0, e0 in zip(p_ns, p_ew, p_s, p_e, strict=True):
            bad = _bad_score(b, ns, ew, s0, e0)
            if bad is not None:
                raise bad
    scores_ns: tuple[int, ...] = p_s  # type: ignore[assignment]  # whole numbers: checked just above
    scores_ew: tuple[int, ...] = p_e  # type: ignore[assignment]
    n = len(p_ns)
    tot_ns = tot_ew = 0
    avg_ns: Fraction | None = None
    avg_ew: Fraction | None = None
    if n:
        tot_ns = sum(scores_ns)
        tot_ew = sum(scores_ew)
        avg_ns = t.averages[(b, NS)] = Fraction(tot_ns, n)
        avg_ew = t.averages[(b, EW)] = Fraction(tot_ew, n)
        _add_scores(t.ns, n, tot_ns, p_ns, scores_ns)
        _add_scores(t.ew, n, tot_ew, p_ew, scores_ew)
    if not ruled:
        return (b, nss, ews, ss, es, None, None)

    # Rulings (law B(3)), as the checked path: empty strings read as none.
    rulings: list[str | None] = [None] * len(nss)
    offending: list[str | None] = [None] * len(nss)
    for i in ruled:
        ruling = rulings[i] = raw_rulings[i]
        off = offending[i] = raw_offending[i] or None
        if ruling == LOW_HIGH:
            if off not in _SIDES:
                raise ContestError(
                    "offending", f"board {b}: a low-high ruling needs 'NS' or 'EW', got {off!r}"
                )
        elif ruling == AVERAGE:
            if off is not None:
                raise ContestError("offending", f"board {b}: an average ruling has no offending pair")
        else:
            raise ContestError("ruling", f"board {b}: must be 'average' or 'low-high', got {ruling!r}")
    low_high = n > 0 and any(rulings[i] == LOW_HIGH for i in ruled)
    ns_min = min(scores_ns) if low_high else 0
    ns_max = max(scores_ns) if low_high else 0
    ew_min = min(scores_ew) if low_high else 0
    ew_max = max(scores_ew) if low_high else 0
    used_ns: list[Exact | None] = list(ss)
    used_ew: list[Exact | None] = list(es)
    for i in ruled:
        ns, ew, ruling, off = nss[i], ews[i], rulings[i], offending[i]
        s: Exact | None
        e: Exact | None
        if not n:
            s = e = None  # nothing made on this board yet: the ruling waits (docs)
            t.unresolved.append(BoardDetail(b, ns, ew, None, None, None, None, ruling, off))
        elif ruling == AVERAGE:
            s, e = avg_ns, avg_ew
        elif off == NS:  # low-high: the offending pair the lowest, its opponents the highest
            s, e = ns_min, ew_max
        else:
            s, e = ns_max, ew_min
        used_ns[i] = s
        used_ew[i] = e
        for side, pair, score, total in ((t.ns, ns, s, tot_ns), (t.ew, ew, e, tot_ew)):
            side.net.setdefault(pair, 0)
            if score is None:
                continue
            side.count[pair] += 1
            if ruling == AVERAGE:  # score = average: plus/minus 0, net + total/n
                sums = side.frac.setdefault(n, {})
            else:
                assert type(score) is int
                side.net[pair] += score
                sums = side.avg.setdefault(n, {})
            sums[pair] = sums.get(pair, 0) + total
    return (b, nss, ews, tuple(used_ns), tuple(used_ew), tuple(rulings), tuple(offending))


def _group_by_board(rows: Iterable[RawResult]) -> dict[int, list[RawResult]]:
    """The rows by board number, each board's in input order (one pass)."""
    by_board: dict[int, list[RawResult]] = {}
    get = by_board.get
    for row in rows:
        group = get(row[0])
        if group is None:
            by_board[row[0]] = [row]
        else:
            group.append(row)
    return by_board


def _board_rows(
    t: _FastTally,
    b: int,
    rows: Sequence[RawResult],
    key_by_side: bool,
    sides: bool,
    grouping: RankingGroups | None = None,
) -> _Entry:
    """One board's rows (checked as columns) added to ``t`` (:func:`_board`)."""
    try:
        _, nss, ews, ss, es, rulings, offending = zip(*rows, strict=True)
    except ValueError:
        raise ContestError(
            "results", f"board {b}: expected (board, ns, ew, ns_score, ew_score, ruling, offending) rows"
        ) from None
    misplaced = _misplaced(b, nss, ews, grouping)
    if misplaced is not None:
        raise misplaced
    k = len(nss)
    if (len(set(nss)) != k or len(set(ews)) != k) if key_by_side else len(set(nss + ews)) != 2 * k:
        raise _twice(b, nss, ews, key_by_side)
    if sides:
        t.ns_ids.update(nss)
        t.ew_ids.update(ews)
    return _board(t, b, nss, ews, ss, es, rulings, offending)


def _fast_tally(
    rows: Iterable[RawResult],
    *,
    key_by_side: bool,
    sides: bool = False,
    by_board: dict[int, list[RawResult]] | None = None,
    grouping: RankingGroups | None = None,
) -> _FastTally:
    """Group the rows by board (one pass; or take them grouped, ``by_board``), then each board as columns
    (:func:`_board`): C-level sums and checks, one Fraction per direction for the average.  ``sides``: also
    collect the ids seen N-S and E-W (for a team match).  ``grouping``: see :func:`_tally`."""
    if by_board is None:
        by_board = _group_by_board(rows)
    t = _FastTally(key_by_side)
    t.entries = tuple(_board_rows(t, b, by_board[b], key_by_side, sides, grouping) for b in sorted(by_board))
    return t


_new_pair_row: Callable[[tuple[Any, ...]], PairRow] = partial(tuple.__new__, PairRow)
# Whole-number Fractions shared between calls (immutable): a pair's net rarely changes from one update to
# the next, so most are found here rather than made again.
_WHOLE: dict[int, Fraction] = {}
_NETS: dict[int, dict[int, Fraction]] = {}  # common denominator -> numerator -> the net (see _fast_nets)


def _whole(value: int) -> Fraction:
    f = _WHOLE.get(value)
    if f is None:
        if len(_WHOLE) >= 200_000:
            _WHOLE.clear()
        f = _WHOLE[value] = _frac(value, 1)
    return f


def _fast_nets(side: _Side) -> dict[PairId, Fraction]:
    """Each pair's net: its whole-number scores plus its average rulings (sums of total / n), in integers
    over one common denominator, then one Fraction per pair."""
    if not side.frac:
        get = _WHOLE.get
        return {pair: get(net) or _whole(net) for pair, net in side.net.items()}
    common = lcm(*side.frac)
    nums = {pair: net * common for pair, net in side.net.items()}
    for n, sums in side.frac.items():
        scale = common // n
        for pair, total in sums.items():
            nums[pair] += total * scale
    # A pair's net rarely changes from one update to the next: its Fraction is found, not made again.
    known = _NETS.get(common)
    if known is None:
        if len(_NETS) > 64:
            _NETS.clear()
        known = _NETS[common] = {}
    elif len(known) > 200_000:
        known.clear()
    get = known.get
    out: dict[PairId, Fraction] = {}
    for pair, num in nums.items():
        f = get(num)
        if f is None:
            f = known[num] = _frac(num, common)
        out[pair] = f
    return out


class _Keys:
    """Each pair's plus/minus times ``common`` (a multiple of every board's table count), as integers."""

    __slots__ = ("common", "keys")

    def __init__(self, common: int, keys: dict[PairId, int]) -> None:
        self.common = common
        self.keys = keys


def _side_keys(side: _Side) -> _Keys:
    """Plus/minus = sum of scores - sum of averages, all over one common denominator (the lcm of the boards'
    table counts): exact integers, in one pass over the sums."""
    common = lcm(*side.avg) if side.avg else 1
    nums = {pair: net * common for pair, net in side.net.items()}
    for n, sums in side.avg.items():
        scale = common // n
        for pair, total in sums.items():
            nums[pair] -= total * scale
    return _Keys(common, nums)


def _keys_add(keyed: _Keys, part: _Side, sign: int) -> None:
    """Add (``sign`` 1) or take away (-1) one board's part of the keys (its pairs only)."""
    for n in part.avg:
        if keyed.common % n:  # a new table count: every key over the new common denominator
            scale = lcm(keyed.common, n) // keyed.common
            keyed.common *= scale
            keys = keyed.keys
            for pair in keys:
                keys[pair] *= scale
    common = keyed.common
    keys = keyed.keys
    get = keys.get
    for pair, net in part.net.items():
        keys[pair] = get(pair, 0) + sign * net * common
    for n, sums in part.avg.items():
        scale = sign * (common // n)
        for pair, total in sums.items():
            keys[pair] -= total * scale


def _sorted_keys(nums: dict[PairId, int]) -> tuple[list[PairId], list[int]]:
    """The pairs from best to worst (ties by id) and their keys."""
    if _INT.issuperset(map(type, nums)):
        # Whole-number ids (primary keys): by id, then by key from best to worst, both sorts of ints in C (a
        # reversed sort keeps equals in their order: ties stay by id).
        sorted_pairs = sorted(sorted(nums), key=nums.__getitem__, reverse=True)
        sorted_keys = list(map(nums.__getitem__, sorted_pairs))
    else:
        pairs = list(nums)
        keys = list(nums.values())
        order = sorted(range(len(pairs)), key=lambda i: (-keys[i], _pair_sort_key(pairs[i])))
        sorted_keys = [keys[i] for i in order]
        sorted_pairs = [pairs[i] for i in order]
    return sorted_pairs, sorted_keys


def _ranked(
    side: _Side,
    group: RankingGroup,
    pairs: list[PairId],
    keys: list[int],
    common: int,
    nets: Mapping[PairId, Fraction],
) -> RankingColumns:
    """One ranking of pairs already sorted from best to worst."""
    if not pairs:
        return RankingColumns(group.direction, [], [], [], [], 1, [], [], [], group.name)
    ranks, flags, rounded = _ranks_flags(keys, common)
    return RankingColumns(
        group.direction,
        pairs,
        list(map(side.count.__getitem__, pairs)),
        list(map(nets.__getitem__, pairs)),
        keys,
        common,
        ranks,
        flags,
        rounded,
        group.name,
    )


def _fast_columns(side: _Side, group: RankingGroup, keyed: _Keys | None = None) -> RankingColumns:
    """One ranking of every pair of ``side``: exact integer sort keys (:func:`_side_keys`, or kept up to
    date: ``keyed``), ranked."""
    if keyed is None:
        keyed = _side_keys(side)
    if not keyed.keys:
        return _ranked(side, group, [], [], 1, {})
    pairs, keys = _sorted_keys(keyed.keys)
    return _ranked(side, group, pairs, keys, keyed.common, _fast_nets(side))


def _fast_rankings(
    side: _Side, grouping: RankingGroups, keyed: _Keys | None = None, direction: Side | None = None
) -> list[tuple[int, RankingColumns]]:
    """The rankings of the pairs of ``side`` (all of them, or those of ``direction``'s rankings when the
    pairs are tallied by side), each with its index: one sort of the pairs, then each ranking's part of it
    (law H: :mod:`scoring.rankings`)."""
    mine = [(i, g) for i, g in enumerate(grouping.groups) if direction is None or g.direction == direction]
    members = grouping.members
    if members is None or len(mine) == 1:
        return [(i, _fast_columns(side, group, keyed)) for i, group in mine]
    if keyed is None:
        keyed = _side_keys(side)
    if not keyed.keys:
        return [(i, _ranked(side, group, [], [], 1, {})) for i, group in mine]
    pairs, keys = _sorted_keys(keyed.keys)
    nets = _fast_nets(side)
    out = []
    for i, group in mine:  # every pair has a ranking: checked board by board
        where = list(map(members[i].__contains__, pairs))
        part = _ranked(
            side, group, list(compress(pairs, where)), list(compress(keys, where)), keyed.common, nets
        )
        out.append((i, part))
    return out


def _rankings(
    ns: _Side,
    ew: _Side,
    grouping: RankingGroups,
    keyed_ns: _Keys | None = None,
    keyed_ew: _Keys | None = None,
) -> tuple[RankingColumns, ...]:
    """Every ranking, in order, of pairs tallied by id (``ns`` holds them all: ``ew`` is ``ns``) or by side
    (:attr:`~scoring.rankings.RankingGroups.keyed_by_side`: a Mitchell's N-S ranking is the whole N-S side,
    not picked out of all the pairs)."""
    if not grouping.keyed_by_side:
        return tuple(c for _i, c in _fast_rankings(ns, grouping, keyed_ns))
    if grouping.by_side:
        first, second = grouping.groups
        return (_fast_columns(ns, first, keyed_ns), _fast_columns(ew, second, keyed_ew))
    parts = dict(_fast_rankings(ns, grouping, keyed_ns, NS) + _fast_rankings(ew, grouping, keyed_ew, EW))
    return tuple(parts[i] for i in range(len(grouping.groups)))


def _grouping(single_ranking: bool | None, groups: RankingGroups | None) -> RankingGroups:
    """The rankings asked for: ``groups`` (from :func:`scoring.rankings.ranking_groups`), or by rule:
    ``single_ranking`` True for :func:`~scoring.rankings.one_ranking`, False for
    :func:`~scoring.rankings.direction_rankings` (Mitchell numbering)."""
    if groups is not None:
        if single_ranking is not None:
            raise ContestError("groups", "give the rankings (groups) or single_ranking, not both")
        if not isinstance(groups, RankingGroups):
            raise ContestError("groups", f"expected RankingGroups, got {show_value(groups)}")
        return groups
    if single_ranking is None:
        raise ContestError("groups", "give the rankings (groups) or single_ranking")
    return one_ranking() if single_ranking else direction_rankings()


# ----------------------------------------------------------------------------------------------- API


def board_averages(results: Iterable[BoardResult]) -> dict[tuple[int, Side], Fraction]:
    """Average score, per (board, side), of the pairs who held those cards.

    Only scores actually made enter the average: ruled results (law B(3)) take their score from it and
    are left out of it.  A board with no real result has no entry.
    """
    return dict(_tally(results, key_by_side=True).averages)


def pair_contest(
    results: Iterable[BoardResult], *, single_ranking: bool | None = None, groups: RankingGroups | None = None
) -> PairContest:
    """Pair contest under duplicate law H.

    Each pair is compared only with the pairs who held the same cards: on each board, its plus/minus is its
    score minus the average of the scores made in its direction; its result is the sum over its boards.
    The pairs are ranked by ``groups`` (:func:`scoring.rankings.ranking_groups` of the seatings: one ranking
    per chain of pairs who held the same cards, a pair identified by its id); every pair of ``results``
    must be seated as its ranking holds it (field "groups").  Or by rule: ``single_ranking=False``
    (Mitchell numbering): N-S and E-W are ranked separately and a pair is identified by its direction and
    id (so N-S 1 and E-W 1 are two pairs); ``single_ranking=True``: one ranking, a pair is identified by its
    id and may sit either way.
    """
    grouping = _grouping(single_ranking, groups)
    t = _tally(results, key_by_side=grouping.keyed_by_side, grouping=groups)
    parts: list[list[_PairAcc]] = [[] for _ in grouping.groups]
    sides: tuple[tuple[Side | None, dict[PairId, _PairAcc]], ...] = (
        ((NS, t.ns_pairs), (EW, t.ew_pairs)) if grouping.keyed_by_side else ((None, t.ns_pairs),)
    )
    for side, tallied in sides:
        for acc in tallied.values():
            parts[grouping.index(acc.pair, side)].append(acc)
    rows: list[PairRow] = []
    for ranking, accs in zip(grouping.groups, parts, strict=True):
        direction = ranking.direction
        group = [(acc.pair, acc.boards, acc.net(), acc.plus_minus()) for acc in accs]
        keys = _int_keys([g[3] for g in group])
        order = sorted(range(len(group)), key=lambda i: (-keys[i], _pair_sort_key(group[i][0])))
        ranks = _competition_ranks([group[i][3] for i in order], [keys[i] for i in order])
        for i, (rank, by_fraction) in zip(order, ranks, strict=True):
            pair, boards, net, pm = group[i]
            rows.append(PairRow(pair, direction, boards, net, pm, rank, by_fraction, round_half_away(pm)))
    return PairContest(
        groups=grouping,
        rows=tuple(rows),
        boards=tuple(t.details),
        averages=t.averages,
        unresolved=tuple(t.unresolved),
    )


def pair_contest_rows(
    rows: Iterable[RawResult], *, single_ranking: bool | None = None, groups: RankingGroups | None = None
) -> PairContest:
    """:func:`pair_contest` on trusted raw rows: the same :class:`PairContest`, field by field, several
    times faster on a big event.

    ``rows`` are plain tuples ``(board, ns, ew, ns_score, ew_score, ruling, offending)`` as read from the
    database (see :data:`RawResult`), with scores from :func:`scores_from_net`/:func:`scores_from_whist`
    and ``None`` for a ruled row.  ``ruling``/``offending`` may be ``None`` or ``""`` for "none".  No
    :class:`BoardResult` is built: the board numbers and pair ids are trusted; still checked (cheaply, per
    board) are what the arithmetic depends on: scores of unruled rows are whole numbers, rulings and
    offending sides are valid, no pair plays a board twice.  Errors are the checked path's
    :class:`ContestError`.  The per-row ``boards`` details are built only when asked for (``.boards``,
    ``.traveller(board)``, ``.score_card(pair)``).
    """
    grouping = _grouping(single_ranking, groups)
    t = _fast_tally(rows, key_by_side=grouping.keyed_by_side, grouping=groups)
    columns = _rankings(t.ns, t.ew, grouping)
    return PairContest._lazy(
        t.entries,
        groups=grouping,
        rows=tuple(chain.from_iterable(c.rows() for c in columns)),
        averages=t.averages,
        unresolved=tuple(t.unresolved),
    )


def _merge_sums(
    dst: dict[int, dict[PairId, int]], src: Mapping[int, Mapping[PairId, int]], sign: int
) -> None:
    for n, sums in src.items():
        into = dst.get(n)
        if into is None:
            into = dst[n] = {}
        get = into.get
        for pair, total in sums.items():
            value = get(pair, 0) + sign * total
            if value:
                into[pair] = value
            else:
                into.pop(pair, None)  # a zero sum counts for nothing (the pair stays a key of ``net``)
        if not into:
            del dst[n]


def _merge_side(dst: _Side, src: _Side, sign: int, *, avg: bool = True) -> None:
    """Add (``sign`` 1) or take away (-1) one board's sums (without ``avg``: all but the sums of the
    averages, which only the sort keys are made from)."""
    net = dst.net
    get = net.get
    for pair, value in src.net.items():
        net[pair] = get(pair, 0) + sign * value
    if avg:
        _merge_sums(dst.avg, src.avg, sign)
    _merge_sums(dst.frac, src.frac, sign)
    if sign > 0:
        dst.count.update(src.count)
    else:
        dst.count.subtract(src.count)


def _snapshot(side: _Side) -> _Side:
    """What :func:`_fast_columns` reads of a side (given its keys), copied: dictionaries copy in C."""
    copy = _Side()
    copy.net = dict(side.net)
    copy.count = side.count.copy()
    copy.frac = {n: dict(sums) for n, sums in side.frac.items()}
    return copy


class IncrementalPairContest:
    """A pair contest on trusted raw rows (as :func:`pair_contest_rows`) kept as per-board pieces, so that a
    changed board is scored again on its own: :meth:`replace_board` takes the board's old sums away from the
    pairs' integer totals and adds the new ones; :meth:`contest` ranks again.  ``contest()`` equals
    ``pair_contest_rows`` of the same rows (in the same order within each board), field by field.

    Not thread-safe: the caller serialises :meth:`replace_board`.
    """

    def __init__(
        self,
        rows: Iterable[RawResult],
        *,
        single_ranking: bool | None = None,
        groups: RankingGroups | None = None,
    ) -> None:
        self.groups = _grouping(single_ranking, groups)
        self._check = groups  # each board's pairs checked against their rankings (given, not by rule)
        self._key_by_side = self.groups.keyed_by_side
        self._rows = _group_by_board(rows)
        t = _fast_tally((), key_by_side=self._key_by_side, by_board=self._rows, grouping=self._check)
        self._ns, self._ew = t.ns, t.ew
        self._entries: dict[int, _Entry] = {e[0]: e for e in t.entries}
        self._averages: dict[int, dict[tuple[int, Side], Fraction]] = {}
        for (b, side), avg in t.averages.items():
            self._averages.setdefault(b, {})[(b, side)] = avg
        self._unresolved: dict[int, list[BoardDetail]] = {}
        for detail in t.unresolved:
            self._unresolved.setdefault(detail.board, []).append(detail)
        # Each board's own sums, kept from its last replace_board (taken away on the next one).
        self._parts: dict[int, _FastTally] = {}
        # The sort keys of each ranking, kept up to date by replace_board once contest() has made them.
        self._keys_ns: _Keys | None = None
        self._keys_ew: _Keys | None = None
        self._avg_stale = False  # the sides' sums of averages left behind (see replace_board)
        # How many of its boards each pair is seen on (it leaves the ranking when that falls to 0).
        self._seen_ns: Counter[PairId] | None = None
        self._seen_ew: Counter[PairId] | None = None
        self._seen()

    @property
    def single_ranking(self) -> bool:
        return len(self.groups.groups) == 1 and self.groups.groups[0].direction is None

    def _seen(self) -> tuple[Counter[PairId], Counter[PairId]]:
        if self._seen_ns is None or self._seen_ew is None:
            seen_ns: Counter[PairId] = Counter()
            seen_ew: Counter[PairId] = Counter() if self._key_by_side else seen_ns
            flat = tuple(chain.from_iterable(self._rows.values()))
            seen_ns.update(map(itemgetter(1), flat))  # C-level counting: a big event has 52,000 rows
            seen_ew.update(map(itemgetter(2), flat))
            self._seen_ns, self._seen_ew = seen_ns, seen_ew
        return self._seen_ns, self._seen_ew

    def rows_of(self, board: int) -> tuple[RawResult, ...]:
        return tuple(self._rows.get(board, ()))

    def _part(self, b: int, rows: Sequence[RawResult]) -> _FastTally:
        t = _FastTally(self._key_by_side)
        if rows:
            t.entries = (_board_rows(t, b, rows, self._key_by_side, False, self._check),)
        return t

    def replace_board(self, board: int, rows: Iterable[RawResult]) -> None:
        """Board ``board``'s rows are now ``rows`` (all of them, in input order; none: the board has no
        result).  Raises :class:`ContestError` as :func:`pair_contest_rows` would, and then changes nothing."""
        new_rows = list(rows)
        if any(map(board.__ne__, map(_BOARD, new_rows))):
            raise ContestError("results", f"board {board}: a row of another board")
        if self._replace_plain(board, new_rows):
            return
        new = self._part(board, new_rows)  # may raise: nothing changed yet
        old = self._parts.get(board) or self._part(board, self._rows.get(board, ()))
        key_by_side = self._key_by_side
        # Once the sort keys are kept up to date, the sides' sums of averages are not (they would only be
        # needed to make the keys afresh: then everything is tallied again, see _keys()).
        avg = self._keys_ns is None or self._keys_ew is None
        if not avg:
            self._avg_stale = True
        _merge_side(self._ns, old.ns, -1, avg=avg)
        if key_by_side:
            _merge_side(self._ew, old.ew, -1, avg=avg)
        _merge_side(self._ns, new.ns, 1, avg=avg)
        if key_by_side:
            _merge_side(self._ew, new.ew, 1, avg=avg)
        for keyed, old_side, new_side in (
            ((self._keys_ns, old.ns, new.ns), (self._keys_ew, old.ew, new.ew))
            if key_by_side
            else ((self._keys_ns, old.ns, new.ns),)
        ):
            if keyed is not None:
                _keys_add(keyed, old_side, -1)
                _keys_add(keyed, new_side, 1)
        seen_ns, seen_ew = self._seen()
        old_rows = self._rows.get(board, [])
        # A pair plays a board at most once (checked): only the pairs that came or went change their count.
        gone: list[tuple[_Side, Counter[PairId], set[PairId]]] = []
        for side, seen, before, after in (
            (self._ns, seen_ns, {r[1] for r in old_rows}, {r[1] for r in new_rows}),
            (self._ew, seen_ew, {r[2] for r in old_rows}, {r[2] for r in new_rows}),
        ):
            left = before - after
            seen.subtract(left)
            seen.update(after - before)
            gone.append((side, seen, left))
        for (side, seen, left), keyed in zip(gone, (self._keys_ns, self._keys_ew), strict=True):
            for pair in left:
                if seen[pair] <= 0 and pair in side.net:
                    del seen[pair]
                    del side.net[pair]
                    if keyed is not None:
                        keyed.keys.pop(pair, None)
                    side.count.pop(pair, None)
                    for sums in (*side.avg.values(), *side.frac.values()):
                        sums.pop(pair, None)
        if new_rows:
            self._rows[board] = new_rows
            self._entries[board] = new.entries[0]
            self._parts[board] = new
        else:
            self._rows.pop(board, None)
            self._entries.pop(board, None)
            self._parts.pop(board, None)
        self._averages.pop(board, None)
        if new.averages:
            self._averages[board] = new.averages
        self._unresolved.pop(board, None)
        if new.unresolved:
            self._unresolved[board] = new.unresolved

    def _replace_plain(self, board: int, new_rows: list[RawResult]) -> bool:
        """:meth:`replace_board` for the usual change, a result entered or corrected, once the sort keys are
        kept: the board's pairs are not tallied again.  Law H: every pair whose score on the board stays
        moves by the change of the board's average (one integer for all, added in C), a pair whose score
        changed by its own change too; pairs that came or went add or take away their whole part; ruled rows
        (law B(3), few) take their old part away and add their new one (their score hangs on the board's
        average, or its lowest and highest scores).  ``False`` (nothing changed) when the board has or would
        have no real result, or a row would raise: the general path then does the work, and raises as
        :func:`pair_contest_rows` would."""
        keys_ns, keys_ew = self._keys_ns, self._keys_ew
        old = self._entries.get(board)
        if keys_ns is None or keys_ew is None or old is None or not new_rows:
            return False
        try:
            _, nss, ews, ss, es, raw_rulings, raw_offending = zip(*new_rows, strict=True)
        except ValueError:
            return False
        k = len(nss)
        if (len(set(nss)) != k or len(set(ews)) != k) if self._key_by_side else len(set(nss + ews)) != 2 * k:
            return False
        if self._check is not None and self._check.misplaced(nss, ews) is not None:
            return False
        rulings: tuple[str | None, ...] | None = None
        offending: tuple[str | None, ...] | None = None
        ruled: list[int] = []
        if any(raw_rulings):
            rulings = tuple(map(_NO_RULING.get, raw_rulings, raw_rulings))  # "" reads as none
            ruled = list(compress(range(k), rulings))
            off: list[str | None] = [None] * k
            for i in ruled:
                ruling, o = rulings[i], raw_offending[i] or None
                if not (ruling == AVERAGE and o is None or ruling == LOW_HIGH and o in _SIDES):
                    return False
                off[i] = o
            offending = tuple(off)
            plain = tuple(map(not_, rulings))
            p_ss, p_es = tuple(compress(ss, plain)), tuple(compress(es, plain))
        else:
            p_ss, p_es = ss, es
        if not p_ss or not (_INT.issuperset(map(type, p_ss)) and _INT.issuperset(map(type, p_es))):
            return False
        _b, old_nss, old_ews, old_ss, old_es, old_rulings, old_offending = old
        if old_rulings is not None and all(old_rulings):
            return False  # no real result on the board before: its ruled rows waited (unresolved)
        old_ruled = [] if old_rulings is None else list(compress(range(len(old_nss)), old_rulings))
        # The usual change, a score corrected: the same tables and rulings, only some real scores moved.
        same_shape = (
            nss == old_nss and ews == old_ews and rulings == old_rulings and offending == old_offending
        )
        real = range(k) if rulings is None else list(compress(range(k), plain))  # the real results' rows
        seen_ns, seen_ew = self._seen()
        used_ns, used_ew = list(ss), list(es)
        left: list[tuple[_Side, Counter[PairId], _Keys, PairId]] = []
        for name, side, seen, keyed, (pairs, scores, used), (o_pairs, o_scores) in (
            (NS, self._ns, seen_ns, keys_ns, (nss, ss, used_ns), (old_nss, old_ss)),
            (EW, self._ew, seen_ew, keys_ew, (ews, es, used_ew), (old_ews, old_es)),
        ):
            # Each side's real results (those the average is taken over), before and after: the pairs that
            # stayed, those whose score changed or who came (pair, score, old score or None), those who went.
            o_ints = cast("tuple[int, ...]", o_scores)  # those of the real results are whole numbers
            n_ints = cast("tuple[int, ...]", scores)
            stayed: Iterable[PairId]
            moved: list[tuple[PairId, int, int | None]]
            gone: Iterable[PairId]
            after_scores: Iterable[int]
            if same_shape:
                n_old = n_new = len(real)
                if rulings is None:
                    stayed, o_real, n_real = pairs, o_ints, n_ints
                else:
                    stayed = tuple(compress(pairs, plain))
                    o_real, n_real = tuple(compress(o_ints, plain)), tuple(compress(n_ints, plain))
                total_old, total_new = sum(o_real), sum(n_real)
                moved = [
                    (pairs[i], n_ints[i], o_ints[i])
                    for i in compress(real, map(ne, n_real, o_real))  # (a few: in C)
                ]
                gone = ()
                after_scores = n_real
            else:
                before: dict[PairId, int]
                after: dict[PairId, int]
                if old_rulings is None:
                    before = dict(zip(o_pairs, o_ints, strict=True))
                else:
                    o_plain = list(map(not_, old_rulings))
                    before = dict(compress(zip(o_pairs, o_ints, strict=True), o_plain))
                if rulings is None:
                    after = dict(zip(pairs, n_ints, strict=True))
                else:
                    after = dict(compress(zip(pairs, n_ints, strict=True), plain))
                n_old, n_new = len(before), len(after)
                total_old, total_new = sum(before.values()), sum(after.values())
                stayed = before.keys() & after.keys()
                moved = [(pair, score, before.get(pair)) for pair, score in after.items() - before.items()]
                gone = before.keys() - stayed
                after_scores = after.values()
            if keyed.common % n_new or keyed.common % n_old:
                # A table count not in the common denominator (a new one; or an old one whose sums had
                # cancelled out before the keys were made): every key over the new common denominator.
                scale = lcm(keyed.common, n_new, n_old) // keyed.common
                keyed.common *= scale
                keyed.keys = {pair: key * scale for pair, key in keyed.keys.items()}
            common = keyed.common
            keys = keyed.keys
            net = side.net
            count = side.count
            # Against the average total/n: each pair's key is score * common - total * (common / n).
            avg_old, avg_new = total_old * (common // n_old), total_new * (common // n_new)
            shift = avg_old - avg_new
            if shift:  # the average moved: every pair that stayed on the board moves with it (in C)
                if not isinstance(stayed, tuple | list | set):
                    stayed = tuple(stayed)
                keys.update(zip(stayed, map(add, map(keys.__getitem__, stayed), repeat(shift)), strict=True))
            for pair, score, was in moved:  # a score changed, or a pair came
                if was is None:
                    keys[pair] = keys.get(pair, 0) + score * common - avg_new
                    net[pair] = net.get(pair, 0) + score
                    count[pair] += 1
                    seen[pair] += 1
                else:
                    keys[pair] += (score - was) * common
                    net[pair] += score - was
            for pair in gone:  # left the board (or is ruled now)
                was = before[pair]
                keys[pair] -= was * common - avg_old
                net[pair] -= was
                count[pair] -= 1
                seen[pair] -= 1
                left.append((side, seen, keyed, pair))
            for i in old_ruled:  # the old ruled rows' parts taken away
                pair, used_score = o_pairs[i], o_scores[i]
                if old_rulings is not None and old_rulings[i] == AVERAGE:  # plus/minus 0, net + total/n
                    _merge_sums(side.frac, {n_old: {pair: total_old}}, -1)
                else:
                    assert type(used_score) is int  # low-high: the lowest or highest score made
                    keys[pair] -= used_score * common - avg_old
                    net[pair] -= used_score
                count[pair] -= 1
                seen[pair] -= 1
                left.append((side, seen, keyed, pair))
            if ruled and rulings is not None and offending is not None:  # the new ruled rows' parts
                # low-high: the offending side the lowest, its opponents the highest
                after_scores = tuple(after_scores)
                low, high = min(after_scores), max(after_scores)
                for i in ruled:
                    pair = pairs[i]
                    if rulings[i] == AVERAGE:
                        used[i] = _frac(total_new, n_new)
                        _merge_sums(side.frac, {n_new: {pair: total_new}}, 1)
                        keys.setdefault(pair, 0)
                    else:
                        score = low if offending[i] == name else high
                        used[i] = score
                        keys[pair] = keys.get(pair, 0) + score * common - avg_new
                        net[pair] = net.get(pair, 0) + score
                    net.setdefault(pair, 0)
                    count[pair] += 1
                    seen[pair] += 1
        for side, seen, keyed, pair in left:  # a pair on no board any more leaves the ranking
            if seen[pair] <= 0 and pair in side.net:
                del seen[pair]
                del side.net[pair]
                keyed.keys.pop(pair, None)
                side.count.pop(pair, None)
                for sums in (*side.avg.values(), *side.frac.values()):
                    sums.pop(pair, None)
        self._avg_stale = True  # the sides' sums of averages are not kept (see _keys)
        self._rows[board] = new_rows
        if rulings is None:
            self._entries[board] = (board, nss, ews, ss, es, None, None)
        else:
            self._entries[board] = (board, nss, ews, tuple(used_ns), tuple(used_ew), rulings, offending)
        self._parts.pop(board, None)  # made again from the rows when the general path next needs it
        n = len(p_ss)
        self._averages[board] = {(board, NS): _frac(sum(p_ss), n), (board, EW): _frac(sum(p_es), n)}
        self._unresolved.pop(board, None)
        return True

    def _keys(self) -> tuple[_Keys, _Keys]:
        """The rankings' sort keys, made from the sums when missing, or when their common denominator has
        grown past 2,048 bits (many table counts come and gone): then the lcm of those now in use."""
        remake_ns = self._keys_ns is None or self._keys_ns.common.bit_length() > 2048
        remake_ew = self._key_by_side and (self._keys_ew is None or self._keys_ew.common.bit_length() > 2048)
        if (remake_ns or remake_ew) and self._avg_stale:  # the sides' sums afresh from every board's rows
            t = _fast_tally((), key_by_side=self._key_by_side, by_board=self._rows, grouping=self._check)
            self._ns, self._ew = t.ns, t.ew
            self._keys_ns = self._keys_ew = None
            remake_ns = remake_ew = True
            self._avg_stale = False
        if remake_ns:
            self._keys_ns = _side_keys(self._ns)
        if not self._key_by_side:
            self._keys_ew = self._keys_ns
        elif remake_ew or self._keys_ew is None:
            self._keys_ew = _side_keys(self._ew)
        assert self._keys_ns is not None and self._keys_ew is not None
        return self._keys_ns, self._keys_ew

    def contest(self) -> PairContest:
        """The contest as the rows now stand.  Its ``rows`` (the rankings, the costly part) are ranked when
        first read, from a snapshot of the sums taken now (later replace_board calls do not reach it): a page
        that shows no ranking (a traveller) never pays for one."""
        keys_ns, keys_ew = self._keys()
        ns, k_ns = _snapshot(self._ns), _Keys(keys_ns.common, dict(keys_ns.keys))
        grouping = self.groups
        ew, k_ew = ns, k_ns
        if self._key_by_side:
            ew, k_ew = _snapshot(self._ew), _Keys(keys_ew.common, dict(keys_ew.keys))

        def rank() -> tuple[RankingColumns, ...]:
            return _rankings(ns, ew, grouping, k_ns, k_ew)

        boards = sorted(self._entries)
        averages: dict[tuple[int, Side], Fraction] = {}
        for b in boards:
            averages.update(self._averages.get(b, ()))
        return PairContest._lazy(
            tuple(self._entries[b] for b in boards),
            groups=self.groups,
            _columns_factory=rank,
            averages=averages,
            unresolved=tuple(chain.from_iterable(self._unresolved.get(b, ()) for b in boards)),
        )


def _team_of(teams: Mapping[str, Sequence[_P]]) -> dict[PairId, str]:
    """Law G's checks on the teams; each pair's team."""
    if len(teams) < 2:
        raise ContestError("teams", "a team match needs at least two teams")
    team_of: dict[PairId, str] = {}
    sizes = set()
    for name, members in teams.items():
        if len(members) < 2:
            raise ContestError("teams", f"team {name!r}: law G requires at least two pairs")
        if len(set(members)) != len(members):
            raise ContestError("teams", f"team {name!r} lists a pair twice")
        sizes.add(len(members))
        for pair in members:
            if pair in team_of:
                raise ContestError("teams", f"pair {pair!r} is on teams {team_of[pair]!r} and {name!r}")
            team_of[pair] = name
    if len(sizes) != 1:
        raise ContestError("teams", "law G: the contesting teams must be of equal size")
    return team_of


def _check_tables(tables: Iterable[tuple[int, PairId, PairId]], team_of: Mapping[PairId, str]) -> None:
    """Every pair at a table (board, ns, ew) is on a team, and not facing a team-mate."""
    for board, ns, ew in tables:
        for pair in (ns, ew):
            if pair not in team_of:
                raise ContestError("results", f"board {board}: pair {pair!r} is not on any team")
        if team_of[ns] == team_of[ew]:
            raise ContestError("results", f"board {board}: pairs {ns!r} and {ew!r} are team-mates")


# What the team result needs of each pair: (pair, sides bitmask (1 sat N-S, 2 sat E-W), boards, net).
_PairStats: TypeAlias = tuple[PairId, int, int, Fraction]
# teams by rank, winner, by_fraction, direction averages
_TeamOutcome: TypeAlias = tuple[tuple[TeamRow, ...], str | None, bool, dict[Side, Fraction | None]]


def _team_result(
    teams: Mapping[str, Sequence[_P]],
    team_of: Mapping[PairId, str],
    seats: Mapping[_P, str] | None,
    stats: Iterable[_PairStats],
) -> _TeamOutcome:
    """Law G from each pair's boards and net (shared by :func:`team_match` and :func:`team_match_rows`)."""
    pair: PairId
    direction_of: dict[PairId, Side] = {}
    for pair, seat in (seats or {}).items():
        if pair not in team_of:
            raise ContestError("seats", f"pair {pair!r} is not on any team")
        if seat not in _SIDES:
            raise ContestError("seats", f"pair {pair!r}: must be 'NS' or 'EW', got {seat!r}")
        direction_of[pair] = NS if seat == NS else EW
    pair_net: dict[PairId, tuple[int, Fraction]] = {}
    for pair, sides, boards, net in stats:
        if sides == 3:
            raise ContestError(
                "results", f"pair {pair!r} sat both N-S and E-W; law G seats each pair one way"
            )
        played: Side = NS if sides == 1 else EW
        if direction_of.setdefault(pair, played) != played:
            raise ContestError("seats", f"pair {pair!r} is seated {direction_of[pair]} but played {played}")
        pair_net[pair] = (boards, net)
    for pair in team_of:
        if pair not in direction_of:
            raise ContestError("seats", f"pair {pair!r} has no result and no seat: its direction is unknown")

    sums: dict[Side, Fraction] = {NS: _ZERO, EW: _ZERO}
    counts: dict[Side, int] = {NS: 0, EW: 0}
    for pair, direction in direction_of.items():
        if pair not in team_of:
            continue
        sums[direction] += pair_net.get(pair, (0, _ZERO))[1]
        counts[direction] += 1
    direction_averages: dict[Side, Fraction | None] = {
        side: (sums[side] / counts[side] if counts[side] else None) for side in (NS, EW)
    }

    built: list[_TeamParts] = []
    for name, members in teams.items():
        pair_rows = []
        net = _ZERO
        n_ns = n_ew = 0
        for pair in members:
            boards, pnet = pair_net.get(pair, (0, _ZERO))
            direction = direction_of[pair]
            pair_rows.append(TeamPairRow(pair, direction, boards, pnet))
            net += pnet
            if direction == NS:
                n_ns += 1
            else:
                n_ew += 1
        odd: Side | None = NS if n_ns > n_ew else EW if n_ew > n_ns else None
        extra = abs(n_ns - n_ew)
        odd_average: Fraction | None = None
        total = net
        if odd is not None:
            odd_average = direction_averages[EW if odd == NS else NS]
            if odd_average is None:
                raise ContestError("teams", f"team {name!r}: no pair is seated opposite its odd pair")
            total = net + extra * odd_average
        built.append((name, tuple(pair_rows), net, odd, extra, odd_average, total))

    keys = _int_keys([parts[6] for parts in built])
    order = sorted(range(len(built)), key=lambda i: -keys[i])
    ranks = _competition_ranks([built[i][6] for i in order], [keys[i] for i in order])
    team_rows = tuple(TeamRow(*built[i][:7], rank=rank) for i, (rank, _) in zip(order, ranks, strict=True))
    winner: str | None = None
    by_fraction = False
    first = team_rows[0]
    second = team_rows[1]
    if first.total != second.total:
        winner = first.name
        by_fraction = first.total_rounded == second.total_rounded
    return team_rows, winner, by_fraction, direction_averages


def team_match(
    results: Iterable[BoardResult],
    *,
    teams: Mapping[str, Sequence[_P]],
    seats: Mapping[_P, str] | None = None,
) -> TeamMatch:
    """Team match under duplicate law G.

    A team's score is the sum of its pairs' scores on the deals they played.  A team seating more pairs in
    one direction than in the other adds, once for each extra pair, the average of the per-pair totals of
    all pairs (both teams) seated in the opposite direction.  The higher exact total wins; ``winner`` is
    ``None`` on an exact tie, and ``by_fraction`` is set when the rounded totals tie but the exact do not.

    Each pair's direction is read from the results (it must be fixed for the match); ``seats`` may give it
    for pairs that have no result yet.  Checks: at least two teams, equal sizes of at least two pairs, no
    pair in two teams, every pair in the results on a team, and no pair facing its own team-mates.
    """
    team_of = _team_of(teams)
    results = list(results)
    _check_tables(((r.board, r.ns, r.ew) for r in results), team_of)
    t = _tally(results, key_by_side=False)
    stats = ((acc.pair, acc.sides, acc.boards, acc.net()) for acc in t.all_pairs())
    team_rows, winner, by_fraction, direction_averages = _team_result(teams, team_of, seats, stats)
    return TeamMatch(
        teams=team_rows,
        winner=winner,
        by_fraction=by_fraction,
        direction_averages=direction_averages,
        boards=tuple(t.details),
        averages=t.averages,
        unresolved=tuple(t.unresolved),
    )


def team_match_rows(
    rows: Iterable[RawResult],
    *,
    teams: Mapping[str, Sequence[_P]],
    seats: Mapping[_P, str] | None = None,
) -> TeamMatch:
    """:func:`team_match` on trusted raw rows (see :func:`pair_contest_rows`); the same result."""
    team_of = _team_of(teams)
    rows = list(rows)
    nss = [r[1] for r in rows]
    ews = [r[2] for r in rows]
    known = team_of.keys()
    if not (known >= set(nss) and known >= set(ews)) or any(
        map(eq, map(team_of.__getitem__, nss), map(team_of.__getitem__, ews))
    ):
        _check_tables(((r[0], r[1], r[2]) for r in rows), team_of)  # raises, naming the first bad row
    t = _fast_tally(rows, key_by_side=False, sides=True)
    side = t.ns
    nets = _fast_nets(side)
    ns_ids, ew_ids = t.ns_ids, t.ew_ids
    stats = (
        (pair, (pair in ns_ids) | (pair in ew_ids) << 1, side.count[pair], nets[pair]) for pair in side.net
    )
    team_rows, winner, by_fraction, direction_averages = _team_result(teams, team_of, seats, stats)
    return TeamMatch._lazy(
        t.entries,
        teams=team_rows,
        winner=winner,
        by_fraction=by_fraction,
        direction_averages=direction_averages,
        averages=t.averages,
        unresolved=tuple(t.unresolved),
    )
