"""Standings: the event's plays as plain values -> ``scoring.contests`` (law H / law G) -> plain rows.

One direction of flow, no ``request`` anywhere: pages, the ``standings`` command and the exports
(``duplicate/exports/``) all read the dataclasses built here.

Queries (fixed, whatever the size of the event):

* :func:`pair_infos` - the pairs with their players' and team's names (one query; kept per results version,
  carried across versions that only results moved: a name change bumps the version without a result).
* :func:`event_results` - every Play of the event as a ``values_list`` (one query), turned into a
  :class:`~scoring.contests.PairContest` or :class:`~scoring.contests.TeamMatch` in one pass.  Kept in this
  process per event and ``Event.results_version`` (bumped by every result write, round agreement, name
  change...): a hit costs no query; after result writes, only the plays changed since are read (one query
  over ``PlayChange``) and their boards scored again (:func:`_patch`).  The rankings are made when first read.
* :func:`play_lines` - the plays of one board, of one pair or of the whole event (one query, one field tuple
  ``LINE_FIELDS``) as :class:`PlayLine` rows: the traveller's lines, from which :func:`score_card_lines` makes
  a pair's score card.  :func:`score_card` and :func:`traveller` add this one query for the few plays they
  show (a traveller, once read, only the plays written since: :func:`board_lines`); the exports
  (``duplicate/exports/rows.py``) call it once for the whole event.  Each play's own line fields are kept per
  play and version (:func:`line_store`), pages' row HTML by what the row shows (:func:`html_store`).

Public entry points: :func:`standings` (pairs or teams, by the event's kind), :func:`pair_standings`,
:func:`team_standings`, :func:`score_card`, :func:`traveller`, :func:`play_lines`, :func:`score_cards`, the
display helpers :func:`score_text` and :func:`signed_text`, and the renderers :func:`standings_json`,
:func:`standings_text`, :func:`standings_csv`.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import threading
import uuid
from collections import OrderedDict, defaultdict
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cache as cache_function
from functools import lru_cache, partial
from itertools import chain, compress, repeat
from operator import add, is_, itemgetter, mul, ne, neg, not_, truth
from typing import Any, NamedTuple, TypeVar

from django.core.cache import cache
from django.db import connection, models
from django.db.models import ExpressionWrapper, F, Q, Subquery

from duplicate import statements
from duplicate.models import Board, Event, EventKind, Pair, Play, PlayChange
from duplicate.services.results import ENTERED_FIELDS, SCORE_FIELDS
from scoring.contests import (
    SIGNED_WHOLE,
    BoardDetail,
    ContestError,
    IncrementalPairContest,
    PairContest,
    RawResult,
    TeamMatch,
    display_values,
    fraction_str,
    mixed_str,
    ratio_str,
    round_half_away,
    scores_from_net,
    scores_from_whist,
    team_match_rows,
)
from scoring.contests import (
    fraction as _fraction,
)
from scoring.errors import ScoringError
from scoring.rankings import ALL_PAIRS, EW_NAME, NS_NAME, ranking_groups

WHIST = "whist"
DIRECTION_NAMES = {"NS": NS_NAME, "EW": EW_NAME, None: ALL_PAIRS}  # a ranking's name by default (law H)
ITEM_NAMES = {
    "tricks": "tricks",
    "premium": "premium",
    "honours": "honours",
    "undertricks": "undertricks",
    "double_bonus": "double bonus",
    "slam": "slam",
    "revoke_penalty": "revoke",
    "other_penalty": "penalty",
}
SIDE_NAMES = {"NS": "N-S", "EW": "E-W"}
PENALTY_KINDS = ("revoke_penalty", "other_penalty")

# The one query standings read: plain values, no model instances.
_PLAY_FIELDS = (
    "pk",
    "board__number",
    "ns_pair_id",
    "ew_pair_id",
    "entered",
    "ruling",
    "offending",
    "net_ns",
    "tricks_ns",
    "seating__table",
    "seating__round_id",
    "seating__round__agreed_at",
)


# ------------------------------------------------------------------------------------------- display


def score_text(value: Fraction | int | None) -> str:
    """A score or average as the pages show it (exact, as a mixed number); "" for none."""
    return "" if value is None else mixed_str(value)


def signed_text(value: Fraction | int | None) -> str:
    """A plus/minus as the pages show it (exact, signed); "" for none."""
    return "" if value is None else mixed_str(value, signed=True)


class Shown:
    """A ``*_display`` attribute: another attribute as the pages show it (:func:`score_text`, or
    :func:`signed_text` for a plus/minus).  ``ns_score_display = Shown("ns_score")``."""

    __slots__ = ("field", "signed")

    def __init__(self, field: str, *, signed: bool = False) -> None:
        self.field = field
        self.signed = signed

    def __get__(self, obj: object, owner: type | None = None) -> Any:
        if obj is None:
            return self
        value = getattr(obj, self.field)
        return signed_text(value) if self.signed else score_text(value)


# ----------------------------------------------------------------------------------------------- pairs


@dataclass(frozen=True, slots=True)
class PairInfo:
    """A pair as the standings show it: ``label`` is the event file's identifier (an int when it is one)."""

    pk: int
    label: int | str
    position: int
    players: tuple[str, str]
    team: str | None
    team_id: int | None
    movement_kind: str
    section: str = ""  # the section's letter (names the rankings of an event of several sections)

    @property
    def names(self) -> str:
        named = [p for p in self.players if p]
        return " & ".join(named)

    @property
    def sort_key(self) -> tuple[int, int, str]:
        return (0, self.label, "") if isinstance(self.label, int) else (1, 0, self.label)


def pair_infos(event: Event) -> dict[int, PairInfo]:
    """Every pair of the event by primary key, with names (one query; none while the event's
    results_version is the one they were read at, or only results were written since: a name change bumps
    it without a result, see ``services.event_results_touch`` and ``_patch``). Shared between callers: never
    mutate the returned mapping."""
    key = (event.pk, _stamp(event))
    token = _token(event)
    kept = _pairs_store.get(key)
    if kept is not None and kept[1] == token:
        if kept[0] >= event.results_version:
            return kept[2]
        if event.kind != EventKind.TEAMS:
            # Only results written since? Then the contest is patched and the pairs carried forward (_patch).
            _patched_state(event, key, cache.get(_token_key(event)))
            kept = _pairs_store.get(key)
            if kept is not None and kept[1] == token and kept[0] >= event.results_version:
                return kept[2]
    pairs = _read_pair_infos(event)
    with _lock:
        _pairs_store[key] = (event.results_version, token, pairs)
        _pairs_store.move_to_end(key)
        while len(_pairs_store) > _STORE_SIZE:
            _pairs_store.popitem(last=False)
    return pairs


def _read_pair_infos(event: Event) -> dict[int, PairInfo]:
    rows = (
        Pair.objects.filter(event=event)
        .order_by("position", "id")
        .values_list(
            "pk",
            "number",
            "position",
            "player1__name",
            "player2__name",
            "team__name",
            "team_id",
            "section__movement_kind",
            "section__letter",
        )
    )
    out: dict[int, PairInfo] = {}
    for pk, number, position, p1, p2, team, team_id, movement_kind, section in rows:
        out[pk] = PairInfo(
            pk=pk,
            label=int(number) if number.isdecimal() else number,
            position=position,
            players=(p1 or "", p2 or ""),
            team=team,
            team_id=team_id,
            movement_kind=movement_kind,
            section=section,
        )
    return out


# ------------------------------------------------------------------------------- contest (cached part)


@dataclass(frozen=True)
class EventResults:
    """The contest worked out from the event's plays (pair ids are Pair primary keys).  Cached."""

    kind: str
    single_ranking: bool
    contest: PairContest | TeamMatch | None
    error: str | None
    entered: int
    total: int
    unagreed_rounds: int
    seats: Mapping[int, str]  # pair pk -> "NS", "EW" or "both" (from the movement, entered or not)
    tables: tuple[tuple[int, int, int], ...]  # a team match's distinct (table, ns pair pk, ew pair pk)
    last_board: int = 0
    # The boards still in play: some table scheduled to play them has neither a result nor a ruling yet
    # (their hands and results are not shown to visitors: ``duplicate.selectors.boards_in_play``).
    pending: frozenset[int] = frozenset()

    @property
    def provisional(self) -> bool:
        """Until every result is in and agreed (law E), and every ruling has a score to draw on."""
        return (
            self.entered < self.total
            or self.unagreed_rounds > 0
            or self.error is not None
            or (self.contest is not None and self.contest.provisional)
        )

    @property
    def boards(self) -> tuple[BoardDetail, ...]:
        return self.contest.boards if self.contest is not None else ()


def _stamp(event: Event) -> int:
    # created_at guards against a primary key used again (a test database rolled back, a restored backup).
    return int(event.created_at.timestamp() * 1_000_000) if event.created_at else 0


def cache_key(event: Event) -> str:
    return f"standings:{event.pk}:{event.results_version}:{_stamp(event)}"


# ------------------------------------------------------------------ per-process store, incremental update
#
# The worked-out contest of an event is kept in this process (no pickling: a hit is a dict lookup), per
# (event pk, created_at), with the results_version it is worth.  The database's results_version is the
# source of truth: every process compares the event's version with its own.  When it has moved on, the plays
# changed since are read from ``PlayChange`` (every ``play_result_save`` writes one row and bumps the version
# by one, in one transaction), in one query that also gives the event's version in the same snapshot; when
# their number accounts for every bump, only the boards they are on are scored again
# (:class:`scoring.contests.IncrementalPairContest`).  Any other bump (a round agreed, hands attached, an
# import) leaves a difference and the contest is worked out again in full.  A token in Django's cache (a
# short string) ties the store to the cache: ``cache.clear()`` empties it as before.

_STORE_SIZE = 16
_store: OrderedDict[tuple[int, int], _State] = OrderedDict()
_pairs_store: OrderedDict[tuple[int, int], tuple[int, str, dict[int, PairInfo]]] = OrderedDict()
_lock = threading.RLock()


@dataclass(eq=False)
class _State:
    token: str
    version: int
    cursor: int | None  # the newest PlayChange id when the plays were read (None: no incremental update)
    results: EventResults
    engine: IncrementalPairContest | None
    code: str
    rows: list[tuple[Any, ...]]  # the plays as read (``_PLAY_FIELDS``), for the boards not yet in ``boards``
    # board number -> {play pk: (row, its result as the contest reads it)}, for the boards changed since
    boards: dict[int, dict[int, tuple[tuple[Any, ...], RawResult | None]]]
    memo: dict[Any, Any] = field(default_factory=dict)  # what pages work out from ``results`` (see memo())
    # What pages work out from one board's results (see board_memo()): kept until that board changes.
    board_memo: dict[tuple[int, Hashable], Any] = field(default_factory=dict)
    # Per pairs' names: each play's own line fields (see line_store()) and pages' row HTML (see html_store()),
    # kept across versions: a line is keyed by its play's version, a row by everything it shows.
    kept: dict[str, tuple[Names, dict[Any, Any]]] = field(default_factory=dict)
    versions: dict[int, int] = field(default_factory=dict)  # play pk -> its version, for the plays patched in
    board_plays: dict[int, tuple[int, ...]] = field(
        default_factory=dict
    )  # board -> its plays, in traveller order
    # board -> the results version of its last change patched in (the others: unchanged since ``version``
    # when the state was worked out, ``base_version``): see board_changed().
    board_versions: dict[int, int] = field(default_factory=dict)
    base_version: int = 0
    board_index: dict[int, list[int]] | None = None  # see _board_index()
    # What depends on the event's rows but not on results (a board's row): kept until worked out afresh.
    lasting: dict[Hashable, Any] = field(default_factory=dict)


def _token_key(event: Event) -> str:
    return f"standings-token:{event.pk}:{_stamp(event)}"


def _token(event: Event) -> str:
    """The event's token in Django's cache, made if missing (``cache.clear()`` drops what was kept)."""
    token: str | None = cache.get(_token_key(event))
    if token is None:
        cache.add(_token_key(event), uuid.uuid4().hex, timeout=None)
        token = cache.get(_token_key(event)) or ""
    return token


def _whist_ns(net_ns: int) -> int:
    """N-S's whist score on a deal: the tricks it won in play, moved by any revoke transfer (whist law 30).
    The two sides' scores add up to 13 and the stored net is N-S's less E-W's, so N-S's is (13 + net) / 2."""
    return (13 + net_ns) // 2


def _raw(row: tuple[Any, ...], whist: bool) -> RawResult | None:
    """A ``_PLAY_FIELDS`` row as the contest reads it (``None`` when not entered)."""
    _pk, board, ns, ew, is_entered, ruling, offending, net_ns, tricks_ns = row[:9]
    if not is_entered:
        return None
    if ruling:
        return (board, ns, ew, None, None, ruling, offending or None)
    if whist:
        return (board, ns, ew, *scores_from_whist(_whist_ns(net_ns)), None, None)
    return (board, ns, ew, *scores_from_net(net_ns), None, None)


_PK = itemgetter(0)
_OWN_RAW = itemgetter(1)  # of a (row, raw) of State.boards
_RAW_FIELDS = itemgetter(*range(1, 9))


def _raws(rows: Iterable[tuple[Any, ...]], whist: bool) -> list[RawResult | None]:
    """:func:`_raw` of many rows (a board's thousands, when it is first patched), without a call per row."""
    if whist:
        return [_raw((None, *fields), True) for fields in map(_RAW_FIELDS, rows)]
    return [
        None
        if not x
        else (b, ns, ew, None, None, r, o or None)
        if r
        else (b, ns, ew, v, -v, None, None)
        if type(v) is int
        else (b, ns, ew, *scores_from_net(v), None, None)
        for b, ns, ew, x, r, o, v, _t in map(_RAW_FIELDS, rows)
    ]


def event_results(event: Event, pairs: Mapping[int, PairInfo] | None = None) -> EventResults:
    """The event's contest: from this process's store (no query), patched for the results written since
    (one query), or from one query of plain values.

    ``pairs`` (from :func:`pair_infos`) is needed only for a team match (who is on which team); it is
    queried when not given.
    """
    key = (event.pk, _stamp(event))
    token = cache.get(_token_key(event))
    state = _patched_state(event, key, token)
    if state is not None:
        return state.results
    with _lock:
        return _compute(event, key, token, pairs)


def _patched_state(event: Event, key: tuple[int, int], token: str | None) -> _State | None:
    """This process's state of the event, brought up to the event's results_version by :func:`_patch` if
    need be; ``None`` when there is none or it cannot be patched (never a full recompute)."""
    state = _store.get(key)
    if state is None or state.token != token:
        return None
    if state.version >= event.results_version:
        return state
    with _lock:
        state = _store.get(key) or state
        if state.version >= event.results_version or _patch(state, event):
            return state
    return None


# Read as the database gives them (no per-row converter: 52,000 rows went through Django's converters at
# ~3 us each): ``entered`` is used for its truth only, ``agreed_at`` for ``is None`` only.
_RAW = models.Field()
_UNCONVERTED = {"entered": "_entered", "seating__round__agreed_at": "_agreed"}


def _event_plays(event_id: int) -> Any:
    """The event's plays (``_PLAY_FIELDS``), each with the event's results version and the newest change's id."""
    newest_change = PlayChange.objects.order_by("-pk").values("pk")[:1]
    version_now = Event.objects.filter(pk=event_id).values("results_version")[:1]
    return (
        Play.objects.filter(event_id=event_id)
        .order_by()
        .annotate(
            _version=Subquery(version_now, output_field=_RAW),
            _cursor=Subquery(newest_change, output_field=_RAW),
            **{alias: ExpressionWrapper(F(name), output_field=_RAW) for name, alias in _UNCONVERTED.items()},
        )
        .values_list(*(_UNCONVERTED.get(f, f) for f in _PLAY_FIELDS), "_version", "_cursor")
    )


def _compute(
    event: Event, key: tuple[int, int], token: str | None, pairs: Mapping[int, PairInfo] | None
) -> EventResults:
    sections: dict[int, str] | None = None
    if event.kind == EventKind.TEAMS and pairs is None:  # who is on which team
        pairs = pair_infos(event)
    elif pairs is None:  # the rankings' names: each pair's section is enough
        sections = dict(Pair.objects.filter(event=event).values_list("pk", "section__letter"))
    # The version and the newest change come with the plays, in the same snapshot (a statement made once).
    rows = statements.rows("event plays", _event_plays, [event.pk])
    version, cursor = (rows[0][-2], rows[0][-1]) if rows else (event.results_version, None)
    if rows and cursor is None:
        cursor = 0  # no change row yet anywhere: every one to come is newer (the count check in _patch holds)
    engine: list[IncrementalPairContest] = []
    result = build_results(event.code, event.kind, rows, pairs or {}, engine=engine, sections=sections)
    if token is None:
        token = _token(event)
    _store[key] = _State(
        token=token,
        version=version,
        cursor=cursor,
        results=result,
        engine=engine[0] if engine else None,
        code=event.code,
        rows=rows,
        boards={},
        base_version=version,
    )
    _store.move_to_end(key)
    while len(_store) > _STORE_SIZE:
        _store.popitem(last=False)
    return result


def _board_index(state: _State) -> dict[int, list[int]]:
    """Board number -> the positions of its plays in ``state.rows``, made in one pass on first need (then a
    board's first change picks its thousands of plays out directly, not by a look at all 52,000)."""
    index = state.board_index
    if index is None:
        index = {}
        get = index.get
        for i, board in enumerate(map(itemgetter(1), state.rows)):
            positions = get(board)
            if positions is None:
                index[board] = [i]
            else:
                positions.append(i)
        state.board_index = index
    return index


def _patch(state: _State, event: Event) -> bool:
    """Bring ``state`` up to the database's version from the plays changed since, board by board; False
    when that cannot be done (the caller then works the contest out again in full)."""
    engine = state.engine
    if engine is None or state.cursor is None:
        return False
    with connection.cursor() as cursor:
        cursor.execute(_changes_sql(), [state.cursor, event.pk])
        changes = cursor.fetchall()
    if not changes:
        return False  # a bump without a result written: a round agreed, hands attached, an import
    version = changes[0][1]
    if len(changes) != version - state.version:
        return False  # a bump not (yet) accounted for by a change row
    whist = state.code == WHIST
    # Per changed board: its plays (pk -> the row and its result as the contest reads it), patched in place.
    # Any failure from here on leaves the engine unusable (state.engine = None): the state is worked out
    # afresh, never patched from a half-patched board.
    changed: dict[int, dict[int, tuple[tuple[Any, ...], RawResult | None]]] = {}
    versions: dict[int, int] = {}
    entered = state.results.entered
    for change in changes:
        row = change[3:]
        pk, board = row[0], row[1]
        versions[pk] = change[2]
        plays = changed.get(board)
        if plays is None:
            plays = state.boards.get(board)
            if plays is None:  # the board's first change: its plays as read
                picked = list(map(state.rows.__getitem__, _board_index(state).get(board, ())))
                own = zip(picked, _raws(picked, whist), strict=True)
                plays = state.boards[board] = dict(zip(map(_PK, picked), own, strict=True))
            changed[board] = plays
        old = plays.get(pk)
        if old is None or old[0][2:4] != row[2:4]:
            state.engine = None
            return False  # not a play of this event as read: start again
        new = (*row, *old[0][9:])
        entered += bool(new[4]) - bool(old[0][4])
        plays[pk] = (new, _raw(new, whist))
    try:
        for board, plays in changed.items():
            engine.replace_board(board, list(filter(None, map(_OWN_RAW, plays.values()))))  # entered only
    except ContestError:
        state.engine = None  # partly patched: never used again
        return False
    state.memo = {}
    state.board_memo = {k: v for k, v in state.board_memo.items() if k[0] not in changed}
    pending = set(state.results.pending)
    for board, plays in changed.items():
        if all(row[4] for row, _raw_result in plays.values()):
            pending.discard(board)
        else:
            pending.add(board)
    state.results = replace(
        state.results, contest=engine.contest(), entered=entered, pending=frozenset(pending)
    )
    state.cursor = max(state.cursor, changes[-1][0])
    state.versions.update(versions)
    state.board_versions.update(dict.fromkeys(changed, version))
    key = (event.pk, _stamp(event))
    kept = _pairs_store.get(key)
    if kept is not None and kept[0] == state.version and kept[1] == state.token:
        _pairs_store[key] = (version, kept[1], kept[2])  # only results changed: the pairs still hold
    state.version = version
    return True


_MEMO_SIZE = 256
T = TypeVar("T")


@cache_function
def _changes_sql() -> str:
    """The changes written since a cursor, with the event's version and each play's version and
    ``_PLAY_FIELDS[:9]`` (plain SQL: the ORM took longer to compile it than the database to run it).  The
    event's condition is "+ 0": checked on the few new changes, never by walking the event's plays (SQLite's
    planner otherwise starts from the plays' event index: 52,000 rows for a few changes)."""
    q = connection.ops.quote_name
    change, play = q(PlayChange._meta.db_table), q(Play._meta.db_table)
    event, board = q(Event._meta.db_table), q(Board._meta.db_table)
    return (
        f"SELECT c.id, e.results_version, p.version, p.id, b.number, p.ns_pair_id, p.ew_pair_id, p.entered, "
        f"p.ruling, p.offending, p.net_ns, p.tricks_ns FROM {change} c "
        f"JOIN {play} p ON p.id = c.play_id JOIN {event} e ON e.id = p.event_id "
        f"JOIN {board} b ON b.id = p.board_id WHERE c.id > %s AND p.event_id + 0 = %s ORDER BY c.id"
    )


_per_pairs: dict[tuple[int, str], tuple[Mapping[int, PairInfo], Any]] = {}


def per_pairs(pairs: Mapping[int, PairInfo], name: str, make: Callable[[], T]) -> T:
    """``make()``, worked out once per pairs mapping (``pair_infos`` keeps one per version and carries it
    across result writes): found by the mapping's identity."""
    kept = _per_pairs.get((id(pairs), name))
    if kept is not None and kept[0] is pairs:
        return kept[1]  # type: ignore[no-any-return]
    value = make()
    with _lock:
        if len(_per_pairs) >= 4 * _STORE_SIZE:
            _per_pairs.clear()
        _per_pairs[(id(pairs), name)] = (pairs, value)  # holding pairs keeps its id unique
    return value


class Names:
    """The pairs' names and labels as a dictionary key (hashed once): what is shown besides the results."""

    __slots__ = ("hash", "items")

    def __init__(self, pairs: Mapping[int, PairInfo]) -> None:
        # The same pairs mapping gives the same items: equality by identity.
        def make() -> tuple[tuple[PairInfo, ...], int]:
            items = tuple(pairs.values())
            return items, hash(items)

        self.items, self.hash = per_pairs(pairs, "names", make)

    def __hash__(self) -> int:
        return self.hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Names) and (
            self.items is other.items or (self.hash == other.hash and self.items == other.items)
        )


def memo(event: Event, results: EventResults, key: Hashable, build: Callable[[], T]) -> T:
    """``build()``, kept with ``results`` in this process while they are the event's latest: standings rows,
    a page's table.  ``key`` must hold everything else the value depends on (the pairs' :class:`Names`,
    the board, the sorting asked for)."""
    return _state_memo(event, results, "memo", key, build)


def lasting_memo(event: Event, results: EventResults, key: Hashable, build: Callable[[], T]) -> T:
    """As :func:`memo` for what results do not change (a board's row: its dealer and hands): kept across
    the versions patched in, until the state is worked out afresh (anything but a result bumps the version
    without a change row, and that is not patched)."""
    return _state_memo(event, results, "lasting", key, build)


def _state_memo(event: Event, results: EventResults, store: str, key: Hashable, build: Callable[[], T]) -> T:
    state = _store.get((event.pk, _stamp(event)))
    if state is None or state.results is not results:
        return build()
    try:
        return getattr(state, store)[key]  # type: ignore[no-any-return]
    except KeyError:
        pass
    value = build()
    # _patch replaces the memos and the results under the lock: never store a stale value after it.
    with _lock:
        if state.results is results:
            kept = getattr(state, store)
            if len(kept) >= _MEMO_SIZE:
                kept.clear()
            kept[key] = value
    return value


_KEPT_SIZE = 200_000


def _kept(event: Event, results: EventResults, pairs: Mapping[int, PairInfo], name: str) -> dict[Any, Any]:
    """A dictionary kept with the event's state while the pairs' names stay the same (a fresh one when there
    is no state for ``results``: nothing is kept)."""
    state = _store.get((event.pk, _stamp(event)))
    if state is None or state.results is not results:
        return {}
    names = Names(pairs)
    kept = state.kept.get(name)
    if kept is None or kept[0] != names or len(kept[1]) > _KEPT_SIZE:
        with _lock:
            kept = state.kept[name] = (names, {})
    return kept[1]


def line_store(
    event: Event, results: EventResults, pairs: Mapping[int, PairInfo]
) -> dict[int, tuple[Any, ...]]:
    """Each play's own line fields (play pk -> fields ending with its version) for :func:`build_play_lines`:
    kept across result writes, since a write bumps its play's version (anything else that changes a play
    works the state out afresh, and this store with it)."""
    return _kept(event, results, pairs, "lines")


def html_store(event: Event, results: EventResults, pairs: Mapping[int, PairInfo]) -> dict[Any, str]:
    """Pages' row HTML keyed by everything a row shows (see ``duplicate.tables``): most rows of a standings
    page or a traveller read the same after a result is written elsewhere."""
    return _kept(event, results, pairs, "html")


def board_changed(event: Event, results: EventResults, board: int) -> int | None:
    """A results version at which ``board`` read as it reads now and after which it has not changed: that of
    its last change patched in, else that at which this process worked the results out (``None``: not
    known, ``results`` not this process's latest).  What depends on the board's results alone is the same
    for every process at that version: a key to share it under (``shared.board_part``)."""
    state = _store.get((event.pk, _stamp(event)))
    if state is None or state.results is not results:
        return None
    return state.board_versions.get(board, state.base_version)


def board_memo(event: Event, results: EventResults, board: int, key: Hashable, build: Callable[[], T]) -> T:
    """As :func:`memo` for what depends only on one board's plays (a traveller), kept across the versions
    that leave that board alone (a result written on another board)."""
    return _state_memo(event, results, "board_memo", (board, key), build)


_INT = frozenset({int})


def _auction_raws(
    boards: Sequence[int],
    nss: Sequence[int],
    ews: Sequence[int],
    entereds: Sequence[Any],
    rulings: Sequence[str | None],
    offendings: Sequence[str | None],
    nets: Sequence[int | None],
) -> list[RawResult]:
    """The entered plays of an auction event as the contest reads them (:func:`_raw`), column by column in
    C: every one first as played (N-S's net and its negation), then the few ruled ones put right."""
    if not all(entereds):  # (read for its truth only)
        keep = list(map(truth, entereds))
        boards, nss, ews, rulings, offendings, nets = (
            list(compress(column, keep)) for column in (boards, nss, ews, rulings, offendings, nets)
        )
    n = len(rulings)
    ruled = list(compress(range(n), rulings))
    scores = list(nets)
    for i in ruled:
        scores[i] = 0  # (put right below)
    if not _INT.issuperset(map(type, scores)):
        for v in scores:
            scores_from_net(v)  # type: ignore[arg-type]  # raises, naming the field, as before
    results: list[RawResult] = list(
        zip(boards, nss, ews, scores, map(neg, scores), repeat(None, n), repeat(None, n), strict=True)
    )
    for i in ruled:
        results[i] = (boards[i], nss[i], ews[i], None, None, rulings[i], offendings[i] or None)
    return results


def build_results(
    code: str,
    kind: str,
    rows: Iterable[tuple[Any, ...]],
    pairs: Mapping[int, PairInfo],
    *,
    engine: list[IncrementalPairContest] | None = None,
    sections: Mapping[int, str] | None = None,
) -> EventResults:
    """The pure part of :func:`event_results`: plays as ``_PLAY_FIELDS`` tuples -> the contest.  ``engine``:
    a list to which the pair contest's :class:`IncrementalPairContest` is appended (for later patches);
    ``sections``: each pair's section letter (naming the rankings), when ``pairs`` are not given.

    Law H: the pairs are ranked by :func:`scoring.rankings.ranking_groups` of every play as scheduled
    (entered or not), so the rankings keep their shape as the results come in."""
    whist = code == WHIST
    rows = rows if isinstance(rows, list) else list(rows)
    total = len(rows)
    results: list[RawResult] = []
    entered = last_board = 0
    unagreed: set[int] = set()
    seats: dict[int, str] = {}
    tables: set[tuple[int, int, int]] = set()
    boards: tuple[int, ...] = ()
    pending: frozenset[int] = frozenset()
    if rows:
        # Column by column (C-level zips and sets): a big event is tens of thousands of rows.
        _pks, boards, nss, ews, entereds, rulings, offendings, nets, tricks, tables_col, rounds, agreed = (
            list(zip(*rows, strict=True))[:12]
        )
        last_board = max(boards)
        pending = frozenset(compress(boards, map(not_, entereds)))
        unagreed = set(compress(rounds, map(is_, agreed, repeat(None))))
        if (
            kind == EventKind.TEAMS
        ):  # (only a team match lists its tables: 52,000 plays not sorted for nothing)
            tables = set(zip(tables_col, nss, ews, strict=True))
        ns_set, ew_set = set(nss), set(ews)
        for pair in dict.fromkeys(chain.from_iterable(zip(nss, ews, strict=True))):  # first seen first
            seats[pair] = "both" if pair in ns_set and pair in ew_set else "NS" if pair in ns_set else "EW"
        columns = zip(boards, nss, ews, entereds, rulings, offendings, nets, tricks, strict=True)
        if whist:
            results = [
                (b, n, e, None, None, r, o or None)
                if r
                else (b, n, e, *scores_from_whist(_whist_ns(v)), None, None)
                for b, n, e, x, r, o, v, _t in columns
                if x
            ]
        else:
            results = _auction_raws(boards, nss, ews, entereds, rulings, offendings, nets)
        entered = len(results)
    single = False
    contest: PairContest | TeamMatch | None = None
    error: str | None = None
    try:
        if kind == EventKind.TEAMS:
            single = True
            teams: dict[str, list[int]] = {}
            for info in sorted(pairs.values(), key=lambda p: (p.team_id or 0, p.position, p.pk)):
                if info.team is not None:
                    teams.setdefault(info.team, []).append(info.pk)
            known = {pk: s for pk, s in seats.items() if s != "both" and pk in pairs and pairs[pk].team}
            contest = team_match_rows(results, teams=teams, seats=known)
        else:
            if sections is None:
                sections = {pk: p.section for pk, p in pairs.items()}
            seated = zip(boards, nss, ews, strict=True) if rows else ()
            inc = IncrementalPairContest(results, groups=ranking_groups(seated, sections=sections))
            contest = inc.contest()
            single = contest.single_ranking
            if engine is not None:
                engine.append(inc)
    except ScoringError as exc:  # a ContestError, or seatings that cannot be ranked
        error = str(exc)
    return EventResults(
        kind=kind,
        single_ranking=single,
        contest=contest,
        error=error,
        entered=entered,
        total=total,
        unagreed_rounds=len(unagreed),
        seats=seats,
        tables=tuple(sorted(tables)),
        last_board=last_board,
        pending=pending,
    )


# --------------------------------------------------------------------------------------- pair contest


class StandingRow(NamedTuple):
    """A pair's line in the standings (a named tuple: a big event's thousands are built in C).  Its exact
    plus/minus is ``pm_key / pm_common`` (:attr:`plus_minus`), made only when read: after a result every
    pair's plus/minus moves, and a page shows it rounded (``plus_minus_display``)."""

    rank: int
    pair: PairInfo
    direction: str | None
    boards: int
    net: Fraction
    pm_key: int
    pm_common: int
    by_fraction: bool
    net_display: str
    plus_minus_display: str
    ranking: str = ""  # the name of its ranking (law H: "N-S", "E-W", "All pairs", "Section A N-S", ...)

    @property
    def plus_minus(self) -> Fraction:
        return _fraction(self.pm_key, self.pm_common)

    # Equal rows are equal however their plus/minus is written (its key over another common denominator).
    # Rows are compared for equality only (never ordered, never mixed with plain tuples).
    def _canonical(self) -> tuple[Any, ...]:
        return (*self[:5], self.plus_minus, *self[7:])

    def __eq__(self, other: object) -> bool:
        if isinstance(other, StandingRow):
            return self._canonical() == other._canonical()
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self._canonical())

    def to_json(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "pair": self.pair.label,
            "direction": self.direction,
            "players": list(self.pair.players),
            "boards": self.boards,
            "net": fraction_str(self.net),
            "plus_minus": round_half_away(self.plus_minus),
            "exact": fraction_str(self.plus_minus),
            "ranking": self.ranking,
        }


_new_standing_row: Callable[[tuple[Any, ...]], StandingRow] = partial(tuple.__new__, StandingRow)


@dataclass(frozen=True, slots=True)
class Ranking:
    """One ranking (law H: the pairs connected by a chain of shared hands, see ``scoring.rankings``):
    ``direction`` is "NS"/"EW" for a direction ranking, ``None`` for a mixed one."""

    direction: str | None
    rows: tuple[StandingRow, ...]
    name: str = ""

    @property
    def title(self) -> str:
        return self.name or DIRECTION_NAMES[self.direction]

    @property
    def prefix(self) -> str:
        """The ranking's part of a page's sorting parameters ("ns-", "ew-", "all-", "section-a-ns-")."""
        short = {NS_NAME: "ns", EW_NAME: "ew", ALL_PAIRS: "all"}.get(self.title)
        if short is None:
            words = "".join(c if c.isalnum() else " " for c in self.title.lower().replace("-", ""))
            short = "-".join(words.split())
        return f"{short}-"

    @property
    def by_fraction(self) -> bool:
        return any(r.by_fraction for r in self.rows)


@dataclass(frozen=True)
class Progress:
    entered: int
    total: int
    unagreed_rounds: int
    unresolved_rulings: int
    error: str | None
    provisional: bool


def _progress(results: EventResults) -> Progress:
    unresolved = len(results.contest.unresolved) if results.contest is not None else 0
    return Progress(
        entered=results.entered,
        total=results.total,
        unagreed_rounds=results.unagreed_rounds,
        unresolved_rulings=unresolved,
        error=results.error,
        provisional=results.provisional,
    )


@dataclass(frozen=True)
class PairStandings:
    """A pair contest's rankings (law H): one per chain of pairs who held the same cards, in order (N-S then
    E-W in a Mitchell, one in a Howell, each section's of several with different boards)."""

    event_id: int
    event_name: str
    code: str
    single_ranking: bool
    rankings: tuple[Ranking, ...]
    progress: Progress
    kind: str = "pairs"

    @property
    def provisional(self) -> bool:
        return self.progress.provisional

    @property
    def rows(self) -> tuple[StandingRow, ...]:
        return tuple(row for ranking in self.rankings for row in ranking.rows)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": "pairs",
            "provisional": self.provisional,
            "rankings": [{"name": r.title, "direction": r.direction} for r in self.rankings],
            "rows": [row.to_json() for row in self.rows],
        }


def unknown_pair(pk: int) -> PairInfo:
    return PairInfo(pk, f"#{pk}", 0, ("", ""), None, None, "")


def labels_digest(pairs: Mapping[int, PairInfo]) -> str:
    """A digest of every pair's primary key and label, the same in every process (unlike ``hash``): part of
    the key of what is shared between processes and shows the labels."""
    return per_pairs(
        pairs,
        "labels digest",
        lambda: hashlib.sha256(repr(sorted((p.pk, p.label) for p in pairs.values())).encode()).hexdigest(),
    )


def listing_order(pairs: Mapping[int, PairInfo]) -> dict[int, int]:
    """Each pair's place when listed by number (``PairInfo.sort_key``)."""
    return per_pairs(
        pairs,
        "listing order",
        lambda: {info.pk: i for i, info in enumerate(sorted(pairs.values(), key=lambda p: p.sort_key))},
    )


def pair_standings(
    event: Event, *, pairs: Mapping[int, PairInfo] | None = None, results: EventResults | None = None
) -> PairStandings:
    pairs = pair_infos(event) if pairs is None else pairs
    results = event_results(event, pairs) if results is None else results
    return memo(
        event,
        results,
        ("pair_standings", event.name, event.code, Names(pairs)),
        lambda: _pair_standings(event, pairs, results),
    )


def _moved(column: Sequence[T], moved: Sequence[int], taken: Sequence[int]) -> list[T]:
    """A copy of ``column`` with position ``moved[i]`` holding what was at ``taken[i]``."""
    out = list(column)
    for i, j in zip(moved, taken, strict=True):
        out[i] = column[j]
    return out


def _pair_standings(event: Event, pairs: Mapping[int, PairInfo], results: EventResults) -> PairStandings:
    rankings: list[Ranking] = []
    contest = results.contest
    if isinstance(contest, PairContest):
        for columns in contest.columns():
            direction = columns.direction
            ranks, raw_pairs, keys, flags = columns.ranks, columns.pairs, columns.keys, columns.flags
            boards, nets, rounded = columns.boards, columns.nets, columns.rounded
            n = len(ranks)
            if len(set(ranks)) != n:
                # Among equals, list by pair number (the contest orders them by id, a primary key): one sort
                # of whole numbers, rank * (pairs + 1) + place when listed by number.
                places = listing_order(pairs)
                size = len(places) + 1
                listed = map(places.get, raw_pairs, repeat(size - 1))
                order_keys = list(map(add, map(mul, ranks, repeat(size)), listed))
                order = sorted(range(n), key=order_keys.__getitem__)
                moved = list(compress(range(n), map(ne, order, range(n))))  # (a few: within ties)
                if moved:
                    taken = list(map(order.__getitem__, moved))
                    ranks, raw_pairs, keys, flags, boards, nets, rounded = (
                        _moved(column, moved, taken)
                        for column in (ranks, raw_pairs, keys, flags, boards, nets, rounded)
                    )
            infos = list(map(pairs.get, raw_pairs))
            if not all(infos):  # (a truth test: ``None in`` would call PairInfo.__eq__ on each)
                infos = [info or unknown_pair(p) for info, p in zip(infos, raw_pairs, strict=True)]
            # A plus/minus is shown to the nearest whole number, with its fraction exactly when its place is
            # won by it (display_values' rule, worked out with the ranking: ``by_fraction``).
            shown = list(map(SIGNED_WHOLE.__getitem__, rounded))
            common = columns.common
            for i in compress(range(n), flags):
                shown[i] = ratio_str(keys[i], common, signed=True)
            rows = tuple(
                map(
                    _new_standing_row,
                    zip(
                        ranks,
                        infos,
                        repeat(direction, n),
                        boards,
                        nets,
                        keys,
                        repeat(columns.common, n),
                        flags,
                        display_values(nets),
                        shown,
                        repeat(columns.name, n),
                        strict=True,
                    ),
                )
            )
            rankings.append(Ranking(direction, rows, columns.name))
    return PairStandings(
        event_id=event.pk,
        event_name=event.name,
        code=event.code,
        single_ranking=results.single_ranking,
        rankings=tuple(rankings),
        progress=_progress(results),
    )


# ---------------------------------------------------------------------------------------- team match


@dataclass(frozen=True, slots=True)
class TeamPairLine:
    pair: PairInfo
    direction: str
    boards: int
    net: Fraction
    net_display: str

    def to_json(self) -> dict[str, Any]:
        return {
            "pair": self.pair.label,
            "direction": self.direction,
            "players": list(self.pair.players),
            "boards": self.boards,
            "net": fraction_str(self.net),
        }


@dataclass(frozen=True, slots=True)
class TeamLine:
    name: str
    rank: int
    pairs: tuple[TeamPairLine, ...]
    net: Fraction
    odd_direction: str | None
    extra_pairs: int
    odd_pair_average: Fraction | None
    total: Fraction
    total_display: str
    odd_pair_average_display: str | None

    @property
    def odd_pair_added(self) -> Fraction | None:
        if self.odd_pair_average is None:
            return None
        return self.extra_pairs * self.odd_pair_average

    @property
    def opposite_direction(self) -> str | None:
        if self.odd_direction is None:
            return None
        return "EW" if self.odd_direction == "NS" else "NS"

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "total": round_half_away(self.total),
            "exact": fraction_str(self.total),
            "pairs": [p.to_json() for p in self.pairs],
            "odd_pair_average": (
                fraction_str(self.odd_pair_average) if self.odd_pair_average is not None else None
            ),
        }


@dataclass(frozen=True, slots=True)
class TableLine:
    """One table of a team match: its pairs (and teams) and each pair's score there."""

    table: int
    ns: PairInfo
    ew: PairInfo
    ns_net: Fraction
    ew_net: Fraction

    ns_display = Shown("ns_net")
    ew_display = Shown("ew_net")


@dataclass(frozen=True)
class TeamStandings:
    """A team match (law G)."""

    event_id: int
    event_name: str
    code: str
    teams: tuple[TeamLine, ...]
    winner: str | None
    by_fraction: bool
    direction_averages: Mapping[str, Fraction | None]
    tables: tuple[TableLine, ...]
    progress: Progress
    kind: str = "teams"

    @property
    def provisional(self) -> bool:
        return self.progress.provisional

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": "teams",
            "provisional": self.provisional,
            "teams": [t.to_json() for t in self.teams],
            "winner": self.winner,
            "by_fraction": self.by_fraction,
        }


def team_standings(
    event: Event, *, pairs: Mapping[int, PairInfo] | None = None, results: EventResults | None = None
) -> TeamStandings:
    pairs = pair_infos(event) if pairs is None else pairs
    results = event_results(event, pairs) if results is None else results
    return memo(
        event,
        results,
        ("team_standings", event.name, event.code, Names(pairs)),
        lambda: _team_standings(event, pairs, results),
    )


def _team_standings(event: Event, pairs: Mapping[int, PairInfo], results: EventResults) -> TeamStandings:
    match = results.contest
    teams: list[TeamLine] = []
    tables: list[TableLine] = []
    winner: str | None = None
    by_fraction = False
    direction_averages: dict[str, Fraction | None] = {"NS": None, "EW": None}
    if isinstance(match, TeamMatch):
        totals = display_values([t.total for t in match.teams])
        pair_net: dict[int, Fraction] = {}
        for t, total_display in zip(match.teams, totals, strict=True):
            nets = display_values([p.net for p in t.pairs])
            lines = tuple(
                TeamPairLine(pairs.get(p.pair) or unknown_pair(p.pair), p.direction, p.boards, p.net, n)
                for p, n in zip(t.pairs, nets, strict=True)
            )
            for p in t.pairs:
                pair_net[p.pair] = p.net
            avg = t.odd_pair_average
            teams.append(
                TeamLine(
                    name=t.name,
                    rank=t.rank,
                    pairs=lines,
                    net=t.net,
                    odd_direction=t.odd_direction,
                    extra_pairs=t.extra_pairs,
                    odd_pair_average=avg,
                    total=t.total,
                    total_display=total_display,
                    # Law G: averages to the nearest whole number, unless the fraction decides the match.
                    odd_pair_average_display=(
                        None
                        if avg is None
                        else mixed_str(avg)
                        if match.by_fraction
                        else str(round_half_away(avg))
                    ),
                )
            )
        winner, by_fraction = match.winner, match.by_fraction
        direction_averages = dict(match.direction_averages)
        # A pair's score at its table: in a law G match each pair keeps its table (its net is its score).
        for table, ns, ew in results.tables:
            tables.append(
                TableLine(
                    table,
                    pairs.get(ns) or unknown_pair(ns),
                    pairs.get(ew) or unknown_pair(ew),
                    pair_net.get(ns, Fraction(0)),
                    pair_net.get(ew, Fraction(0)),
                )
            )
    return TeamStandings(
        event_id=event.pk,
        event_name=event.name,
        code=event.code,
        teams=tuple(teams),
        winner=winner,
        by_fraction=by_fraction,
        direction_averages=direction_averages,
        tables=tuple(tables),
        progress=_progress(results),
    )


def standings(
    event: Event, *, pairs: Mapping[int, PairInfo] | None = None, results: EventResults | None = None
) -> PairStandings | TeamStandings:
    """The event's standings, by its kind (two queries on a cache miss, one on a hit; none for what is given)."""
    if event.kind == EventKind.TEAMS:
        return team_standings(event, pairs=pairs, results=results)
    return pair_standings(event, pairs=pairs, results=results)


# ------------------------------------------------------------------------------------------ details


def result_text(contract: str, declarer: str, tricks: int | None, tricks_ns: int | None, code: str) -> str:
    if code == WHIST:
        return f"N-S {tricks_ns} tricks" if tricks_ns is not None else ""
    if contract == "PASS":
        return "passed out"
    if not contract:
        return ""
    return f"{contract} by {declarer}, {tricks} tricks"


def items_text(items: Iterable[Mapping[str, Any]] | None, side: str) -> str:
    """A side's score items, compactly with the law: "tricks 64 (law 3), premium 125 (law A)"."""
    parts = []
    for item in items or ():
        if item.get("side") != side:
            continue
        name = ITEM_NAMES.get(item.get("kind", ""), str(item.get("kind", "")))
        parts.append(f"{name} {item.get('points')} (law {item.get('law')})")
    return ", ".join(parts)


def ruling_text(ruling: str, offending: str) -> str:
    if ruling == "average":
        return "average (law B(3))"
    if ruling == "low-high":
        side = "N-S" if offending == "NS" else "E-W"
        return f"lowest and highest (law B(3)), {side} offending"
    return ""


def status_text(ruling: str, entered: bool, result: str) -> str:
    """What a result column shows: the ruling (as text), the result, or "not played yet"."""
    if ruling:
        return ruling
    if entered:
        return result
    return "not played yet"


# The plays' plain values for traveller and score-card lines (pages and exports alike): one field tuple.
LINE_FIELDS = (
    "pk",
    "version",
    "seating__round__section__letter",
    "seating__round__number",
    "seating__table",
    "board__number",
    "ns_pair_id",
    "ew_pair_id",
    "entered",
    *ENTERED_FIELDS,
    *SCORE_FIELDS,
)


class PlayLine(NamedTuple):
    """One board at one table in one round: the result as entered, both sides' scores, the board's averages
    and each pair's plus/minus (a traveller's line; a row of the Travellers sheet and results CSV).

    A named tuple: the first 29 fields are the play's own (kept per play and version, see
    :func:`build_play_lines`), the next 7 depend on the other tables' results too."""

    section: str
    board: int
    round: int
    table: int
    ns: PairInfo
    ew: PairInfo
    entered: bool
    contract: str
    declarer: str
    tricks: int | None
    tricks_ns: int | None
    honours: Any
    revokes: Any
    penalties: tuple[Mapping[str, Any], ...]
    one_spade_limit: bool
    ruling: str
    offending: str
    ns_trick: int
    ns_honour: int
    ns_total: int
    ew_trick: int
    ew_honour: int
    ew_total: int
    net_ns: int
    items: tuple[Mapping[str, Any], ...]
    result: str
    ruling_text: str
    ns_items: str
    ew_items: str
    ns_score: Fraction | int | None
    ew_score: Fraction | int | None
    ns_average: Fraction | None
    ew_average: Fraction | None
    ns_plus_minus: Fraction | None
    ew_plus_minus: Fraction | None
    scored: bool = False  # the contest has this line (entered, and the event can be scored)
    pk: int = 0  # the Play's primary key and version (what the line's own fields were read at)
    version: int = 0

    @property
    def played(self) -> bool:
        return self.entered and not self.ruling

    @property
    def status(self) -> str:
        """What the pages print in the result column: the ruling, the result, or "not played yet"."""
        return status_text(self.ruling_text, self.entered, self.result)

    @property
    def penalty_text(self) -> str:
        """Penalty points and revoke penalties, each with its law: "N-S: penalty 50 (law F)"."""
        parts = []
        for side in ("NS", "EW"):
            own = [i for i in self.items if i.get("side") == side and i.get("kind") in PENALTY_KINDS]
            for item in own:
                name = ITEM_NAMES.get(item.get("kind", ""), item.get("kind", ""))
                parts.append(f"{SIDE_NAMES[side]}: {name} {item.get('points')} (law {item.get('law')})")
        return "; ".join(parts)

    @property
    def marks(self) -> str:
        """Rulings and penalties, marked with their law (the traveller's note column)."""
        return "; ".join(p for p in (self.ruling_text, self.penalty_text) if p)

    def item_points(self, side: str, kind: str) -> int | None:
        points = [
            int(i.get("points", 0)) for i in self.items if i.get("side") == side and i.get("kind") == kind
        ]
        return sum(points) if points else None

    ns_score_display = Shown("ns_score")
    ew_score_display = Shown("ew_score")
    ns_average_display = Shown("ns_average")
    ew_average_display = Shown("ew_average")
    ns_plus_minus_display = Shown("ns_plus_minus", signed=True)
    ew_plus_minus_display = Shown("ew_plus_minus", signed=True)


def play_lines(
    event: Event,
    pairs: Mapping[int, PairInfo],
    results: EventResults,
    *where: Q,
    order_by: Iterable[str],
    **filters: Any,
) -> list[PlayLine]:
    """The event's plays matching ``where``/``filters`` (one board, one pair, or all of them) as lines, in
    ``order_by`` order: one query, whatever the number of plays."""
    rows = _line_rows(Play.objects.filter(*where, event=event, **filters).order_by(*order_by))
    return build_play_lines(rows, pairs, results, event.code, kept=line_store(event, results, pairs))


# The JSON fields are read as the database gives them and decoded only for the lines not already kept.
_JSON_FIELDS = ("honours", "revokes", "penalties", "items")
_RAW_JSON = {name: f"_{name}" for name in _JSON_FIELDS}


def _json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str | bytes) else value


_DECODED: dict[str, Any] = {}
_ITEMS: dict[str, tuple[tuple[Any, ...], str, str]] = {}
_KEPT_TEXTS = 20_000


def _json_kept(value: Any) -> Any:
    """:func:`_json`, each distinct text decoded once (the tables of a board share a handful of results; a
    line's decoded values are read, never changed)."""
    if type(value) is not str:
        return _json(value)
    got = _DECODED.get(value, _DECODED)
    if got is _DECODED:
        if len(_DECODED) >= _KEPT_TEXTS:
            _DECODED.clear()
        got = _DECODED[value] = json.loads(value)
    return got


def _items_parts(value: Any) -> tuple[tuple[Any, ...], str, str]:
    """A play's score items (JSON text as the database gives it, or decoded) -> the items and each side's
    text (:func:`items_text`), worked out once per distinct text."""
    if type(value) is not str:
        items = _json(value)
        return tuple(items or ()), items_text(items, "NS"), items_text(items, "EW")
    got = _ITEMS.get(value)
    if got is None:
        items = json.loads(value)
        if len(_ITEMS) >= _KEPT_TEXTS:
            _ITEMS.clear()
        got = _ITEMS[value] = (tuple(items or ()), items_text(items, "NS"), items_text(items, "EW"))
    return got


_new_line: Callable[[tuple[Any, ...]], PlayLine] = partial(tuple.__new__, PlayLine)
_UNSCORED = (None, None, None, None, None, None, False)


def build_play_lines(
    rows: Iterable[tuple[Any, ...]],
    pairs: Mapping[int, PairInfo],
    results: EventResults,
    code: str,
    *,
    kept: dict[int, tuple[Any, ...]] | None = None,
) -> list[PlayLine]:
    """The pure part of :func:`play_lines`: ``LINE_FIELDS`` tuples plus the contest -> lines (no query).

    ``kept`` (play pk -> the line's own fields, see :func:`line_store`) is read and filled: a play whose
    version has not moved is not worked out again; only the fields that depend on the other tables are."""
    if kept is None:
        kept = {}
    scored = _Scorer(results)
    lines: list[PlayLine] = []
    for row in rows:
        pk, version = row[:2]
        own = kept.get(pk)
        if own is None or own[-1] != version:
            own = kept[pk] = _own_line(row, pairs, code)
        lines.append(scored(own, pk))
    return lines


def _own_line(row: tuple[Any, ...], pairs: Mapping[int, PairInfo], code: str) -> tuple[Any, ...]:
    """A ``LINE_FIELDS`` row -> the line's own fields (what depends on this play alone: PlayLine's first 29),
    then the play's version."""
    (
        _pk,
        version,
        section,
        rnd,
        table,
        board,
        ns,
        ew,
        entered,
        contract,
        declarer,
        tricks,
        tricks_ns,
        honours,
        revokes,
        penalties,
        one_spade_limit,
        ruling,
        offending,
        ns_trick,
        ns_honour,
        ns_total,
        ew_trick,
        ew_honour,
        ew_total,
        net_ns,
        items,
    ) = row
    items, ns_items, ew_items = _items_parts(items)
    return (
        section,
        board,
        rnd,
        table,
        pairs.get(ns) or unknown_pair(ns),
        pairs.get(ew) or unknown_pair(ew),
        bool(entered),
        contract,
        declarer,
        tricks,
        tricks_ns,
        _json_kept(honours),
        _json_kept(revokes),
        tuple(_json_kept(penalties) or ()),
        bool(one_spade_limit),
        ruling,
        offending,
        ns_trick,
        ns_honour,
        ns_total,
        ew_trick,
        ew_honour,
        ew_total,
        net_ns,
        items,
        result_text(contract, declarer, tricks, tricks_ns, code) if entered else "",
        ruling_text(ruling, offending) if entered else "",
        ns_items,
        ew_items,
        version,
    )


class _Scorer:
    """A line from its own fields and the contest: the scores, the averages and the plus/minus (worked out
    once per board, side and score: most tables of a board share a handful of scores)."""

    def __init__(self, results: EventResults) -> None:
        self.contest = results.contest
        self.averages = self.contest.averages if self.contest is not None else {}
        self.pm_of: dict[tuple[int, str], dict[Any, Fraction]] = {}
        self.scored: dict[tuple[Any, ...], tuple[Any, ...]] = {}

    def plus_minus(
        self, board: int, side: str, score: Fraction | int | None, average: Fraction | None
    ) -> Any:
        if score is None or average is None:
            return None
        known = self.pm_of.get((board, side))
        if known is None:
            known = self.pm_of[(board, side)] = {}
        pm = known.get(score)
        if pm is None:
            if type(score) is int:  # the usual case, in integers: score - num/den
                num, den = average.numerator, average.denominator
                pm = known[score] = _fraction(score * den - num, den)
            else:
                pm = known[score] = score - average
        return pm

    def __call__(self, own: tuple[Any, ...], pk: int) -> PlayLine:
        board, entered = own[1], own[6]
        contest = self.contest
        d = contest.detail(board, own[4].pk, own[5].pk) if entered and contest is not None else None
        if d is None:
            scored = (None, None, self.averages.get((board, "NS")), self.averages.get((board, "EW")))
            return _new_line((*own[:-1], *scored, None, None, False, pk, own[-1]))
        # On one board the averages are the same for every line: the scores decide the rest.
        key = (board, d.ns_score, d.ew_score)
        part = self.scored.get(key)
        if part is None:
            part = self.scored[key] = (
                d.ns_score,
                d.ew_score,
                d.ns_average,
                d.ew_average,
                self.plus_minus(board, "NS", d.ns_score, d.ns_average),
                self.plus_minus(board, "EW", d.ew_score, d.ew_average),
                True,
            )
        return _new_line((*own[:-1], *part, pk, own[-1]))


def board_lines(
    event: Event, board: Board, pairs: Mapping[int, PairInfo], results: EventResults
) -> list[PlayLine]:
    """A board's lines in traveller order (round, table), as :func:`play_lines` gives them: see
    :func:`board_owns`."""
    owns = board_owns(event, board, pairs, results)
    if owns is None:
        return play_lines(event, pairs, results, board=board, order_by=_TRAVELLER_ORDER)
    scored = _Scorer(results)
    return [scored(own, pk) for own, pk in owns]


_TRAVELLER_ORDER = ("seating__round__number", "seating__table")


def board_owns(
    event: Event, board: Board, pairs: Mapping[int, PairInfo], results: EventResults
) -> list[tuple[tuple[Any, ...], int]] | None:
    """A board's plays' own line fields (see :func:`line_store`) with their pks, in traveller order.  The
    first time, one query for all of them; afterwards the board's plays and their own fields are kept with
    the event's state, and only the plays written since (their versions come with the patch, see
    :func:`_patch`) are read again: one small query, or none.  ``None`` when ``results`` are not this
    process's latest (nothing kept to build on)."""
    state = _store.get((event.pk, _stamp(event)))
    if state is None or state.results is not results:
        return None
    kept = line_store(event, results, pairs)
    plays = state.board_plays.get(board.number)
    if plays is None:
        rows = _board_line_rows(event, board)
        for row in rows:
            own = kept.get(row[0])
            if own is None or own[-1] != row[1]:
                kept[row[0]] = _own_line(row, pairs, event.code)
        plays = state.board_plays[board.number] = tuple(row[0] for row in rows)
    else:
        versions = state.versions
        stale = [pk for pk in plays if (own := kept.get(pk)) is None or versions.get(pk, own[-1]) != own[-1]]
        for pk in stale:  # (one or two plays: a result written since)
            for row in _play_line_row(pk):
                kept[row[0]] = _own_line(row, pairs, event.code)
    return [(kept[pk], pk) for pk in plays]


def _line_rows(plays: Any) -> Any:
    """``LINE_FIELDS`` rows of a queryset of plays, the JSON fields as the database gives them."""
    return plays.annotate(
        **{alias: ExpressionWrapper(F(name), output_field=_RAW) for name, alias in _RAW_JSON.items()}
    ).values_list(*(_RAW_JSON.get(f, f) for f in LINE_FIELDS))


def _play_line_row(pk: int) -> list[tuple[Any, ...]]:
    """:func:`_line_rows` of one play (once per traveller written again after a result)."""
    return statements.rows("play line", lambda pk: _line_rows(Play.objects.filter(pk=pk)), [pk])


def _board_line_rows(event: Event, board: Board) -> list[tuple[Any, ...]]:
    """:func:`_line_rows` of a board's plays, in traveller order (a process's first look at a traveller)."""
    return statements.rows(
        "board lines",
        lambda event_id, board_id: _line_rows(
            Play.objects.filter(event_id=event_id, board_id=board_id).order_by(*_TRAVELLER_ORDER)
        ),
        [event.pk, board.pk],
    )


def own_line_view(own: tuple[Any, ...], pk: int) -> PlayLine:
    """A play's line from its own fields (see :func:`board_owns`) alone, not scored: what its own cells show."""
    return _new_line((*own[:-1], *_UNSCORED, pk, own[-1]))


@dataclass(frozen=True, slots=True)
class ScoreCardLine:
    board: int
    round: int
    table: int
    side: str
    opponents: PairInfo
    entered: bool
    result: str
    ruling: str
    score: Fraction | int | None
    average: Fraction | None
    plus_minus: Fraction | None
    running: Fraction | None

    @property
    def status(self) -> str:
        return status_text(self.ruling, self.entered, self.result)

    score_display = Shown("score")
    average_display = Shown("average")
    plus_minus_display = Shown("plus_minus", signed=True)

    @property
    def running_display(self) -> str:
        return signed_text(self.running) if self.running else ("0" if self.running == 0 else "")


@dataclass(frozen=True)
class ScoreCard:
    pair: PairInfo
    lines: tuple[ScoreCardLine, ...]
    standing: StandingRow | None
    team: TeamLine | None
    progress: Progress

    @property
    def total(self) -> Fraction:
        return sum((line.plus_minus or Fraction(0) for line in self.lines), Fraction(0))


def score_card_lines(pair_pk: int, lines: Iterable[PlayLine]) -> tuple[ScoreCardLine, ...]:
    """A pair's lines (in the order played) from its side: score, average, plus/minus, running total."""
    out: list[ScoreCardLine] = []
    running = Fraction(0)
    for line in lines:
        ns = line.ns.pk == pair_pk
        pm = line.ns_plus_minus if ns else line.ew_plus_minus
        if pm is not None:
            running += pm
        out.append(
            ScoreCardLine(
                board=line.board,
                round=line.round,
                table=line.table,
                side="NS" if ns else "EW",
                opponents=line.ew if ns else line.ns,
                entered=line.entered,
                result=line.result,
                ruling=line.ruling_text,
                score=line.ns_score if ns else line.ew_score,
                average=(line.ns_average if ns else line.ew_average) if line.scored else None,
                plus_minus=pm,
                running=running if pm is not None else None,
            )
        )
    return tuple(out)


def score_cards(
    infos: Iterable[PairInfo], lines: Iterable[PlayLine], st: PairStandings | TeamStandings
) -> tuple[ScoreCard, ...]:
    """Each pair's score card, from the lines (in the order played) and the standings (no query)."""
    by_pair: dict[int, list[PlayLine]] = defaultdict(list)
    for line in lines:
        by_pair[line.ns.pk].append(line)
        by_pair[line.ew.pk].append(line)
    standing_of: dict[int, StandingRow] = {}
    team_of: dict[int, TeamLine] = {}
    if isinstance(st, PairStandings):
        for row in st.rows:
            standing_of.setdefault(row.pair.pk, row)
    else:
        for team in st.teams:
            for p in team.pairs:
                team_of.setdefault(p.pair.pk, team)
    return tuple(
        ScoreCard(
            pair=info,
            lines=score_card_lines(info.pk, by_pair.get(info.pk, ())),
            standing=standing_of.get(info.pk),
            team=team_of.get(info.pk),
            progress=st.progress,
        )
        for info in infos
    )


def score_card(
    event: Event,
    pair_pk: int,
    *,
    pairs: Mapping[int, PairInfo] | None = None,
    results: EventResults | None = None,
    hidden: frozenset[int] = frozenset(),
) -> ScoreCard | None:
    """A pair's boards in the order played, with its score, the average, its plus/minus and the running
    total.  Three queries on a cache miss (pairs, plays, the pair's plays), one on a hit (pairs).  The
    boards in ``hidden`` (still in play, for a visitor) show "being played" and nothing of their result."""
    pairs = pair_infos(event) if pairs is None else pairs
    info = pairs.get(pair_pk)
    if info is None:
        return None
    results = event_results(event, pairs) if results is None else results

    def build() -> ScoreCard:
        lines = play_lines(
            event,
            pairs,
            results,
            Q(ns_pair_id=pair_pk) | Q(ew_pair_id=pair_pk),
            order_by=("seating__round__number", "seating__table", "board__number"),
        )
        st = standings(event, pairs=pairs, results=results)
        return score_cards([info], masked_lines(lines, hidden), st)[0]

    key = ("score_card", pair_pk, event.name, event.code, Names(pairs), hidden)
    return memo(event, results, key, build)


BEING_PLAYED = "being played"
BEING_PLAYED_NOTE = "being played: shown when every table has played it"


def masked_line(line: PlayLine) -> PlayLine:
    """A line of a board still in play as a visitor is shown it: where and who (the movement is public),
    "being played" as its result, and nothing of the result, the scores, the average or the plus/minus
    (they tell what was held and what other tables made)."""
    return line._replace(
        entered=False,
        contract="",
        declarer="",
        tricks=None,
        tricks_ns=None,
        honours=None,
        revokes=None,
        penalties=(),
        one_spade_limit=False,
        ruling="",
        offending="",
        ns_trick=0,
        ns_honour=0,
        ns_total=0,
        ew_trick=0,
        ew_honour=0,
        ew_total=0,
        net_ns=0,
        items=(),
        result="",
        ruling_text=BEING_PLAYED,
        ns_items="",
        ew_items="",
        ns_score=None,
        ew_score=None,
        ns_average=None,
        ew_average=None,
        ns_plus_minus=None,
        ew_plus_minus=None,
        scored=False,
    )


def masked_lines(lines: Iterable[PlayLine], hidden: frozenset[int]) -> list[PlayLine]:
    """``lines`` with those of the boards in ``hidden`` masked (:func:`masked_line`)."""
    if not hidden:
        return lines if isinstance(lines, list) else list(lines)
    return [masked_line(line) if line.board in hidden else line for line in lines]


@dataclass(frozen=True)
class HandDiagram:
    """Each seat's holding per suit, for the page's diagram: {"N": [("S", "AKQ"), ...], ...}."""

    hands: Mapping[str, tuple[tuple[str, str], ...]]

    @property
    def north(self) -> tuple[tuple[str, str], ...]:
        return self.hands["N"]

    @property
    def east(self) -> tuple[tuple[str, str], ...]:
        return self.hands["E"]

    @property
    def south(self) -> tuple[tuple[str, str], ...]:
        return self.hands["S"]

    @property
    def west(self) -> tuple[tuple[str, str], ...]:
        return self.hands["W"]


@lru_cache(maxsize=1024)
def hand_diagram(pbn: str) -> HandDiagram | None:
    if not pbn:
        return None
    from scoring.contract import Seat
    from scoring.deal import Deal
    from scoring.errors import ScoringError

    try:
        deal = Deal.parse_pbn(pbn)
    except ScoringError:
        return None
    return HandDiagram(
        {
            seat.value: tuple((suit, deal.hand(seat).suit(suit) or "—") for suit in "SHDC")
            for seat in (Seat.N, Seat.E, Seat.S, Seat.W)
        }
    )


@dataclass(frozen=True)
class Traveller:
    board: Board
    lines: tuple[PlayLine, ...]
    ns_average: Fraction | None
    ew_average: Fraction | None
    diagram: HandDiagram | None
    progress: Progress
    whist: bool
    last_board: int = 0

    ns_average_display = Shown("ns_average")
    ew_average_display = Shown("ew_average")


def traveller(
    event: Event,
    board: Board,
    *,
    pairs: Mapping[int, PairInfo] | None = None,
    results: EventResults | None = None,
    lines: bool = True,
) -> Traveller:
    """Every table's result on one board, the score items, the averages and each pair's plus/minus.
    Three queries on a cache miss (pairs, plays, the board's plays), one on a hit (pairs).  Without
    ``lines``: all but the tables' lines (none), with no query for them."""
    pairs = pair_infos(event) if pairs is None else pairs
    results = event_results(event, pairs) if results is None else results
    kept_lines: tuple[PlayLine, ...] = ()
    if lines:
        kept_lines = board_memo(
            event,
            results,
            board.number,
            ("traveller", board.pk, event.code, Names(pairs)),
            lambda: tuple(board_lines(event, board, pairs, results)),
        )
    averages = results.contest.averages if results.contest is not None else {}
    return Traveller(
        board=board,
        lines=kept_lines,
        ns_average=averages.get((board.number, "NS")),
        ew_average=averages.get((board.number, "EW")),
        diagram=hand_diagram(board.deal),
        progress=_progress(results),
        whist=event.code == WHIST,
        last_board=results.last_board,
    )


# ---------------------------------------------------------------------------------------- renderers


def standings_json(st: PairStandings | TeamStandings) -> dict[str, Any]:
    """The ``standings --format json`` shape (see the README)."""
    return st.to_json()


def provisional_text(progress: Progress) -> str:
    """Why the figures are provisional ("" when final): "3 of 24 results in; 1 round not yet agreed"."""
    if not progress.provisional:
        return ""
    parts = [f"{progress.entered} of {progress.total} results in"]
    if progress.unagreed_rounds:
        n = progress.unagreed_rounds
        parts.append(f"{n} round{'s' if n != 1 else ''} not yet agreed")
    if progress.unresolved_rulings:
        parts.append(f"{progress.unresolved_rulings} ruling(s) waiting for a result to draw on")
    if progress.error:
        parts.append(f"cannot be scored: {progress.error}")
    return "; ".join(parts)


def _provisional_line(st: PairStandings | TeamStandings) -> str:
    why = provisional_text(st.progress)
    return f"PROVISIONAL: {why}." if why else "Final."


def standings_text(st: PairStandings | TeamStandings) -> str:
    """A plain-text report (the ``standings --format text`` output)."""
    out = [st.event_name, _provisional_line(st), ""]
    if isinstance(st, PairStandings):
        for ranking in st.rankings:
            out.append(ranking.title)
            out.append(f"{'Rank':>4}  {'Pair':>5}  {'Players':<40} {'Boards':>6} {'Net':>9} {'+/-':>9}")
            for row in ranking.rows:
                note = "  (by the fraction of a point)" if row.by_fraction else ""
                out.append(
                    f"{row.rank:>4}  {row.pair.label!s:>5}  {row.pair.names[:40]:<40} {row.boards:>6} "
                    f"{row.net_display:>9} {row.plus_minus_display:>9}{note}"
                )
            out.append("")
        if not st.rankings:
            out.append("No results yet.")
    else:
        for team in st.teams:
            out.append(f"{team.name}")
            for p in team.pairs:
                out.append(
                    f"  Pair {p.pair.label!s:>4} {p.direction}  {p.pair.names[:40]:<40} {p.net_display:>9}"
                )
            if team.odd_pair_average is not None:
                side = "E-W" if team.odd_direction == "NS" else "N-S"
                times = f" x {team.extra_pairs}" if team.extra_pairs > 1 else ""
                out.append(
                    f"  Odd pair: average of the {side} pairs{times}{'':>{max(0, 24 - len(times))}}"
                    f"{team.odd_pair_average_display:>9}"
                )
            out.append(f"  Total{'':>51}{team.total_display:>9}")
            out.append("")
        if st.winner is None:
            out.append("The match is tied." if st.teams else "No results yet.")
        else:
            how = " by the fraction of a point" if st.by_fraction else ""
            out.append(f"{st.winner} won{how}.")
    return "\n".join(out).rstrip() + "\n"


def standings_csv(st: PairStandings | TeamStandings) -> str:
    """CSV (the ``standings --format csv`` output): exact values as "p/q" beside the rounded ones."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    if isinstance(st, PairStandings):
        w.writerow(
            [
                "rank",
                "pair",
                "direction",
                "player1",
                "player2",
                "boards",
                "net",
                "plus_minus",
                "exact",
                "ranking",
            ]
        )
        for row in st.rows:
            w.writerow(
                [
                    row.rank,
                    row.pair.label,
                    row.direction or "",
                    *row.pair.players,
                    row.boards,
                    fraction_str(row.net),
                    round_half_away(row.plus_minus),
                    fraction_str(row.plus_minus),
                    row.ranking,
                ]
            )
    else:
        w.writerow(["team", "line", "pair", "direction", "player1", "player2", "boards", "score", "exact"])
        for team in st.teams:
            for p in team.pairs:
                w.writerow(
                    [
                        team.name,
                        "pair",
                        p.pair.label,
                        p.direction,
                        *p.pair.players,
                        p.boards,
                        round_half_away(p.net),
                        fraction_str(p.net),
                    ]
                )
            if team.odd_pair_average is not None:
                w.writerow(
                    [
                        team.name,
                        "odd pair average",
                        "",
                        team.opposite_direction,
                        "",
                        "",
                        "",
                        round_half_away(team.odd_pair_average),
                        fraction_str(team.odd_pair_average),
                    ]
                )
            w.writerow(
                [
                    team.name,
                    "total",
                    "",
                    "",
                    "",
                    "",
                    "",
                    round_half_away(team.total),
                    fraction_str(team.total),
                ]
            )
    return buf.getvalue()


__all__ = [
    "LINE_FIELDS",
    "own_line_view",
    "EventResults",
    "Names",
    "HandDiagram",
    "PairInfo",
    "PairStandings",
    "PlayLine",
    "Progress",
    "Ranking",
    "ScoreCard",
    "ScoreCardLine",
    "Shown",
    "StandingRow",
    "TableLine",
    "TeamLine",
    "TeamPairLine",
    "TeamStandings",
    "Traveller",
    "build_play_lines",
    "board_memo",
    "BEING_PLAYED",
    "BEING_PLAYED_NOTE",
    "build_results",
    "cache_key",
    "event_results",
    "hand_diagram",
    "items_text",
    "masked_line",
    "masked_lines",
    "memo",
    "pair_infos",
    "pair_standings",
    "play_lines",
    "provisional_text",
    "result_text",
    "ruling_text",
    "score_card",
    "score_card_lines",
    "score_cards",
    "score_text",
    "signed_text",
    "standings",
    "standings_csv",
    "standings_json",
    "standings_text",
    "status_text",
    "team_standings",
    "traveller",
    "unknown_pair",
]
