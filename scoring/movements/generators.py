"""The generated movements: Mitchell, Howell, team match (law G) and compass."""

from __future__ import annotations

from functools import cache

from scoring.errors import gettext_noop
from scoring.movements.common import (
    COMPASS_MIN_TABLES,
    EVEN_OPTIONS,
    GENERATED_KINDS,
    HOWELL_MAX_TABLES,
    HOWELL_MIN_TABLES,
    MAX_BOARDS_PER_ROUND,
    MAX_SECTION_TABLES,
    MITCHELL_MIN_TABLES,
    TEAMS_MIN_PAIRS,
    PairId,
    _board_set,
    _fail,
    _is_int,
)
from scoring.movements.model import Movement, MovementRound, TablePlay
from scoring.movements.validation import validate

# --------------------------------------------------------------------------------------------------
# Generators
# --------------------------------------------------------------------------------------------------


def _check_count(kind: str, what: str, value: object, low: int, high: int | None = None) -> int:
    if (
        isinstance(value, int)
        and not isinstance(value, bool)
        and value >= low
        and (high is None or value <= high)
    ):
        return value
    if high is None:
        _fail(
            gettext_noop("%(kind)s: %(what)s must be a whole number of at least %(low)s, got %(value)r"),
            kind=kind,
            what=what,
            low=low,
            value=value,
        )
    _fail(
        gettext_noop("%(kind)s: %(what)s must be from %(low)s to %(high)s, got %(value)r"),
        kind=kind,
        what=what,
        low=low,
        high=high,
        value=value,
    )


def _check_boards_per_round(kind: str, value: object) -> int:
    return _check_count(kind, "boards per round", value, 1, MAX_BOARDS_PER_ROUND)


def mitchell(tables: int, boards_per_round: int, *, even: str = "relay") -> Movement:
    """A Mitchell for ``tables >= 3``; ``even`` ("relay" or "skip") chooses the even-table remedy."""
    t_count = _check_count("mitchell", "tables", tables, MITCHELL_MIN_TABLES, MAX_SECTION_TABLES)
    bpr = _check_boards_per_round("mitchell", boards_per_round)
    if even not in EVEN_OPTIONS:
        _fail(gettext_noop("mitchell: even must be 'relay' or 'skip', got %(even)r"), even=even)
    odd = t_count % 2 == 1
    half = t_count // 2
    round_count = t_count if odd or even == "relay" else t_count - 1

    relay_position: dict[int, int] = {}
    if not odd and even == "relay":
        # Positions in the order the boards travel: the relay (tables 1 and T), tables T-1 .. T/2+1,
        # the bye stand, tables T/2 .. 2, then back to the relay.  Set s (from 0) starts at position -s.
        order: list[int | str] = ["relay", *range(t_count - 1, half, -1), "bye", *range(half, 1, -1)]
        for position, place in enumerate(order):
            if place == "relay":
                relay_position[1] = relay_position[t_count] = position
            elif isinstance(place, int):
                relay_position[place] = position

    rounds: list[MovementRound] = []
    for r in range(round_count):
        shift = r + 1 if (not odd and even == "skip" and r >= half) else r
        plays: list[TablePlay] = []
        for table in range(1, t_count + 1):
            ew_start = (table - 1 - shift) % t_count  # the E-W pair that started at this table (from 0)
            set_index = (r - relay_position[table]) % t_count if relay_position else (table - 1 + r) % t_count
            plays.append(TablePlay(table, table, t_count + 1 + ew_start, _board_set(set_index, bpr)))
        rounds.append(MovementRound(r + 1, tuple(plays)))
    movement = Movement("mitchell", t_count, bpr, tuple(rounds))
    validate(movement)
    return movement


@cache
def _strong_starter(order: int) -> tuple[tuple[int, int], ...] | None:
    """A strong starter in Z_order (pairs partitioning 1..order-1, each difference +-d once, sums
    distinct and non-zero), by deterministic depth-first search; ``None`` if there is none."""
    used = [False] * order
    used[0] = True
    pairs: list[tuple[int, int]] = []
    diffs: set[int] = set()
    sums: set[int] = set()

    def search() -> bool:
        x = next((i for i in range(1, order) if not used[i]), None)
        if x is None:
            return True
        used[x] = True
        for y in range(x + 1, order):
            if used[y]:
                continue
            d = min((y - x) % order, (x - y) % order)
            s = (x + y) % order
            if d in diffs or s in sums or s == 0:
                continue
            used[y] = True
            diffs.add(d)
            sums.add(s)
            pairs.append((x, y))
            if search():
                return True
            used[y] = False
            diffs.discard(d)
            sums.discard(s)
            pairs.pop()
        used[x] = False
        return False

    return tuple(pairs) if search() else None


# Board sets for the circle-method rounds where Z_(2T-1) has no strong starter.  Row r (round r, from
# 0) gives the set (from 0) for the stationary pair's table and then for tables k = 1 .. T-1.
_HOWELL_SETS_TABLE: dict[int, tuple[tuple[int, ...], ...]] = {
    # 3 tables: no Room square of side 5 exists; round 1 shares one set at all three tables (optimal).
    5: ((0, 0, 0), (1, 2, 3), (3, 2, 4), (4, 1, 3), (2, 1, 4)),
    # 5 tables: a Room square of side 9 orthogonal to the circle method (exact-cover search).
    9: (
        (0, 1, 2, 3, 4),
        (4, 5, 0, 6, 8),
        (1, 5, 8, 3, 0),
        (6, 3, 2, 7, 4),
        (5, 1, 4, 7, 2),
        (7, 1, 8, 6, 3),
        (2, 5, 7, 4, 8),
        (3, 5, 6, 0, 7),
        (8, 1, 6, 0, 2),
    ),
}


def _howell_sets(order: int) -> tuple[tuple[int, ...], ...]:
    """Set index per round and table position (stationary table first, then k = 1..T-1)."""
    if order in _HOWELL_SETS_TABLE:
        return _HOWELL_SETS_TABLE[order]
    starter = _strong_starter(order)
    if starter is None:  # pragma: no cover - every supported order is covered above or has a starter
        _fail(
            gettext_noop("howell: no board-set assignment known for %(value)s tables"), value=(order + 1) // 2
        )
    inverse_two = (order + 1) // 2  # 2 * inverse_two == 1 (mod order)
    # The starter pair with difference +-2k serves table k; its sets move with the round.
    by_half_diff: dict[int, int] = {}
    for x, y in starter:
        d = min((y - x) % order, (x - y) % order)
        k = min((d * inverse_two) % order, (-d * inverse_two) % order)
        by_half_diff[k] = ((x + y) * inverse_two) % order
    tables = (order + 1) // 2
    return tuple((r, *(((r - by_half_diff[k]) % order) for k in range(1, tables))) for r in range(order))


def howell(tables: int, boards_per_round: int, *, pairs: int | None = None) -> Movement:
    """A complete Howell for 3..10 tables: ``pairs`` is ``2*tables`` (default) or ``2*tables - 1``.

    With ``2*tables - 1`` pairs one pair sits out each round and ``tables - 1`` tables are in play."""
    t_count = _check_count("howell", "tables", tables, HOWELL_MIN_TABLES, HOWELL_MAX_TABLES)
    bpr = _check_boards_per_round("howell", boards_per_round)
    pair_count = 2 * t_count if pairs is None else pairs
    if not _is_int(pair_count) or pair_count not in (2 * t_count, 2 * t_count - 1):
        _fail(
            gettext_noop("howell: %(t_count)s tables seat %(value)s or %(value2)s pairs, got %(pairs)r"),
            t_count=t_count,
            value=2 * t_count,
            value2=2 * t_count - 1,
            pairs=pairs,
        )
    order = 2 * t_count - 1
    stationary = 2 * t_count
    present = stationary <= pair_count
    sets = _howell_sets(order)
    rounds: list[MovementRound] = []
    for r in range(order):
        plays: list[TablePlay] = []
        for k in range(1, t_count):
            a, b = (r + k) % order, (r - k) % order
            # the pair "behind" on the circle (the other is 1..T-1 steps ahead) sits N-S
            ns, ew = (a, b) if 1 <= (b - a) % order <= t_count - 1 else (b, a)
            plays.append(TablePlay(k, ns + 1, ew + 1, _board_set(sets[r][k], bpr)))
        sit_out: tuple[PairId, ...] = ()
        if present:
            ns_pair, ew_pair = (stationary, r + 1) if r % 2 == 0 else (r + 1, stationary)
            plays.append(TablePlay(t_count, ns_pair, ew_pair, _board_set(sets[r][0], bpr)))
        else:
            sit_out = (r + 1,)
        rounds.append(MovementRound(r + 1, tuple(plays), sit_out))
    movement = Movement("howell", t_count if present else t_count - 1, bpr, tuple(rounds))
    validate(movement)
    return movement


def team_match(pairs_per_team: int, boards_per_round: int) -> Movement:
    """A team match under duplicate law G between teams A (pairs 1..n) and B (pairs n+1..2n)."""
    n = _check_count("teams", "pairs per team", pairs_per_team, TEAMS_MIN_PAIRS, MAX_SECTION_TABLES)
    bpr = _check_boards_per_round("teams", boards_per_round)
    a_ns_tables = (n + 1) // 2
    rounds: list[MovementRound] = []
    for r in range(n):
        plays = []
        for table in range(1, n + 1):
            a_pair, b_pair = table, n + table
            ns, ew = (a_pair, b_pair) if table <= a_ns_tables else (b_pair, a_pair)
            plays.append(TablePlay(table, ns, ew, _board_set((table - 1 + r) % n, bpr)))
        rounds.append(MovementRound(r + 1, tuple(plays)))
    teams: dict[str, tuple[PairId, ...]] = {"A": tuple(range(1, n + 1)), "B": tuple(range(n + 1, 2 * n + 1))}
    movement = Movement("teams", n, bpr, tuple(rounds), teams)
    validate(movement)
    return movement


def compass(tables: int, boards_per_round: int) -> Movement:
    """A compass movement for ``tables >= 2``: pairs stationary, boards to the next-lower table a round.

    N-S pair ``t`` faces E-W pair ``T+t`` at table ``t`` throughout; board set ``s`` (boards
    ``(s-1)*B+1 .. s*B``) starts at table ``s``; ``T`` rounds, so every board is played at every table."""
    t_count = _check_count("compass", "tables", tables, COMPASS_MIN_TABLES, MAX_SECTION_TABLES)
    bpr = _check_boards_per_round("compass", boards_per_round)
    rounds: list[MovementRound] = []
    for r in range(t_count):
        # In round r (from 0) table t holds set t-1+r: the set table t+1 held the round before.
        plays = tuple(
            TablePlay(table, table, t_count + table, _board_set((table - 1 + r) % t_count, bpr))
            for table in range(1, t_count + 1)
        )
        rounds.append(MovementRound(r + 1, plays))
    movement = Movement("compass", t_count, bpr, tuple(rounds))
    validate(movement)
    return movement


def generate(
    kind: str, *, tables: int, boards_per_round: int, even: str = "relay", pairs: int | None = None
) -> Movement:
    """Dispatch on ``kind``: "mitchell", "howell", "teams" (``tables`` = pairs per team) or "compass".

    ``even`` applies to Mitchell only; ``pairs`` (``2T`` or ``2T-1``) to Howell only."""
    if kind == "mitchell":
        if pairs is not None:
            _fail(
                gettext_noop(
                    "mitchell: the number of pairs follows from the tables (2 per table); do not give pairs"
                )
            )
        return mitchell(tables, boards_per_round, even=even)
    if kind == "howell":
        return howell(tables, boards_per_round, pairs=pairs)
    if kind == "teams":
        if pairs is not None:
            _fail(gettext_noop("teams: give the pairs per team as tables; do not give pairs"))
        return team_match(tables, boards_per_round)
    if kind == "compass":
        if pairs is not None:
            _fail(
                gettext_noop(
                    "compass: the number of pairs follows from the tables (2 per table); do not give pairs"
                )
            )
        return compass(tables, boards_per_round)
    _fail(
        gettext_noop("unknown movement kind %(kind)r (expected one of: %(generated_kinds)s)"),
        kind=kind,
        generated_kinds=", ".join(GENERATED_KINDS),
    )


def render(movement: Movement, fmt: str = "text") -> str:
    """The movement as ``"json"`` or ``"text"``."""
    if fmt == "json":
        return movement.to_json() + "\n"
    if fmt == "text":
        return movement.to_text()
    _fail(gettext_noop("format must be json or text, got %(fmt)r"), fmt=fmt)
