"""validate(): the general rules every movement keeps, and each kind's own rules (see the package docstring)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from scoring.movements.common import (
    COMPASS_MIN_TABLES,
    KINDS,
    MAX_BOARDS_PER_ROUND,
    MAX_PAIRS,
    MAX_PLAYS,
    MAX_ROUNDS,
    MAX_SECTION_TABLES,
    TEAMS_MIN_PAIRS,
    PairId,
    _fail,
    _is_int,
    _is_pair_id,
    _pair_key,
    format_boards,
)

if TYPE_CHECKING:
    from scoring.movements.model import Movement, MovementRound, TablePlay


# --------------------------------------------------------------------------------------------------
# Validation
# --------------------------------------------------------------------------------------------------


def validate(movement: Movement) -> None:
    """Raise :class:`MovementError` naming the first problem found; return ``None`` if lawful."""
    kind = movement.kind
    _check_shape(movement)
    played: dict[tuple[PairId, int], tuple[int, int]] = {}  # (pair, board) -> (round, table)
    met: dict[frozenset[PairId], tuple[int, int]] = {}  # pair of pairs -> (round, table)
    ways: dict[tuple[PairId, PairId], tuple[int, int]] = {}  # (N-S pair, E-W pair) -> (round, table)
    for expected, rnd in enumerate(movement.rounds, start=1):
        if not _is_int(rnd.number) or rnd.number != expected:
            _fail(
                f"rounds must be numbered 1 to {len(movement.rounds)} in order: "
                f"found round {rnd.number} where round {expected} was expected"
            )
        _check_round(movement, rnd, played, met, ways)
    _check_sit_outs_play(movement, played)

    if kind == "mitchell":
        _validate_mitchell(movement)
    elif kind == "howell":
        _validate_howell(movement, met)
    elif kind == "teams":
        _validate_teams(movement)
    elif kind == "compass":
        _validate_compass(movement)


def _check_shape(movement: Movement) -> None:
    """The kind, the number of tables and boards a round, and at least one round; the size limits (tables,
    rounds, pairs, results to enter), counted before any round is checked."""
    kind = movement.kind
    if kind not in KINDS:
        _fail(f"unknown movement kind {kind!r} (expected one of: {', '.join(KINDS)})")
    if not _is_int(movement.tables) or not 1 <= movement.tables <= MAX_SECTION_TABLES:
        _fail(
            f"{kind}: tables must be a whole number from 1 to {MAX_SECTION_TABLES}, got {movement.tables!r}"
        )
    bpr = movement.boards_per_round
    if not _is_int(bpr) or not 1 <= bpr <= MAX_BOARDS_PER_ROUND:
        _fail(f"{kind}: boards per round must be from 1 to {MAX_BOARDS_PER_ROUND}, got {bpr!r}")
    if not movement.rounds:
        _fail(f"{kind}: the movement has no rounds")
    if len(movement.rounds) > MAX_ROUNDS:
        _fail(f"{kind}: at most {MAX_ROUNDS} rounds, got {len(movement.rounds)}")
    pairs: set[PairId] = set()
    plays = 0
    for rnd in movement.rounds:
        if len(rnd.tables) > MAX_SECTION_TABLES or len(rnd.sit_out) > MAX_PAIRS:
            _fail(
                f"round {rnd.number}: at most {MAX_SECTION_TABLES} tables and {MAX_PAIRS} pairs sitting out, "
                f"got {len(rnd.tables):,} tables and {len(rnd.sit_out):,} pairs sitting out"
            )
        pairs.update(p for p in rnd.sit_out if _is_pair_id(p))
        for play in rnd.tables:
            pairs.update(p for p in (play.ns, play.ew) if _is_pair_id(p))
            plays += len(play.boards)
    if len(pairs) > MAX_PAIRS:
        _fail(f"{kind}: at most {MAX_PAIRS} pairs, got {len(pairs)}")
    if plays > MAX_PLAYS:
        _fail(
            f"{kind}: at most {MAX_PLAYS:,} results to enter (a board at a table in a round), got "
            f"{plays:,}: play fewer tables, rounds or boards a round"
        )


def _sitting_out(rnd: MovementRound) -> set[PairId]:
    """The round's pairs sitting out, each a pair and listed once."""
    sitting: set[PairId] = set()
    for pair in rnd.sit_out:
        if not _is_pair_id(pair):
            _fail(f"round {rnd.number}: {pair!r} is not a pair (a positive number or a name)")
        if pair in sitting:
            _fail(f"round {rnd.number}: pair {pair} is listed twice as sitting out")
        sitting.add(pair)
    return sitting


def _check_sit_outs_play(movement: Movement, played: Mapping[tuple[PairId, int], tuple[int, int]]) -> None:
    """A pair sitting out a round plays in another (a pair that never plays has no score): this also bounds
    a round's sit-outs by the pairs the movement seats."""
    playing = {pair for pair, _board in played}
    for rnd in movement.rounds:
        for pair in rnd.sit_out:
            if pair not in playing:
                _fail(f"round {rnd.number}: sit_out: pair {pair} sits out but plays in no round")


def _check_round(
    movement: Movement,
    rnd: MovementRound,
    played: dict[tuple[PairId, int], tuple[int, int]],
    met: dict[frozenset[PairId], tuple[int, int]],
    ways: dict[tuple[PairId, PairId], tuple[int, int]],
) -> None:
    """One round's tables, under the general rules; ``played``, ``met`` and ``ways`` gather the rounds so far."""
    r = rnd.number
    if not rnd.tables:
        _fail(f"round {r}: no tables in play")
    sitting = _sitting_out(rnd)
    seated: dict[PairId, int] = {}
    tables_seen: set[int] = set()
    for play in rnd.tables:
        t = play.table
        if not _is_int(t) or not 1 <= t <= movement.tables:
            _fail(f"round {r}: table {t!r} is not a table of this movement (1 to {movement.tables})")
        if t in tables_seen:
            _fail(f"round {r}: table {t} is listed twice")
        tables_seen.add(t)
        at = f"round {r}, table {t}"
        _check_seats(play, at, seated, sitting)
        _check_boards(play, at, movement.boards_per_round, at_most=movement.kind == "custom")
        for pair in play.pairs:
            for board in play.boards:
                before = played.get((pair, board))
                if before is not None:
                    _fail(
                        f"{at}: pair {pair} plays board {board} a second time "
                        f"(already at round {before[0]}, table {before[1]})"
                    )
                played[(pair, board)] = (r, t)
        _check_meeting(movement, play, (r, t), met, ways)


def _check_meeting(
    movement: Movement,
    play: TablePlay,
    where: tuple[int, int],
    met: dict[frozenset[PairId], tuple[int, int]],
    ways: dict[tuple[PairId, PairId], tuple[int, int]],
) -> None:
    """Two pairs meet once, except in the stationary kinds (``teams``, ``compass``: every round); in a
    ``custom`` movement they may meet once more with the directions swapped (a Howell played twice through,
    each pair sitting both ways against the other), never twice the same way round. ``met`` gathers each
    meeting's first round and table, ``ways`` each meeting's by N-S and E-W pair."""
    meeting = frozenset(play.pairs)
    before = met.get(meeting)
    if before is not None and movement.kind not in ("teams", "compass"):
        same_way = ways.get((play.ns, play.ew))
        if movement.kind != "custom" or same_way is not None:
            first, way = (same_way, " the same way round") if same_way is not None else (before, "")
            _fail(
                f"round {where[0]}, table {where[1]}: pairs {play.ns} and {play.ew} meet a second time{way} "
                f"(already at round {first[0]}, table {first[1]})"
            )
    met.setdefault(meeting, where)
    ways.setdefault((play.ns, play.ew), where)


def _check_seats(play: TablePlay, at: str, seated: dict[PairId, int], sitting: set[PairId]) -> None:
    """Two different pairs, neither seated elsewhere nor sitting out this round; ``seated`` gathers them."""
    for pair in play.pairs:
        if not _is_pair_id(pair):
            _fail(f"{at}: {pair!r} is not a pair (a positive number or a name)")
    if play.ns == play.ew:
        _fail(f"{at}: pair {play.ns} cannot play against itself")
    for pair in play.pairs:
        if pair in seated:
            _fail(f"{at}: pair {pair} is already seated at table {seated[pair]} in this round")
        if pair in sitting:
            _fail(f"{at}: pair {pair} is listed as sitting out this round but plays here")
        seated[pair] = play.table


def _check_boards(play: TablePlay, at: str, boards_per_round: int, *, at_most: bool = False) -> None:
    """The table's boards: board numbers, none twice, as many as the movement plays a round (``at_most``, a
    custom movement: from one to that many, ``boards_per_round`` being the most a table plays in a round, as
    a session where some tables played fewer boards than others)."""
    if not play.boards:
        _fail(f"{at}: no boards listed")
    for board in play.boards:
        if not _is_int(board) or board < 1:
            _fail(f"{at}: board {board!r} is not a board number (a whole number from 1 up)")
    if len(set(play.boards)) != len(play.boards):
        dup = next(b for b in play.boards if play.boards.count(b) > 1)
        _fail(f"{at}: board {dup} is listed twice")
    if at_most and len(play.boards) > boards_per_round:
        _fail(
            f"{at}: {len(play.boards)} boards ({format_boards(play.boards)}) "
            f"but the movement plays at most {boards_per_round} boards a round"
        )
    if not at_most and len(play.boards) != boards_per_round:
        _fail(
            f"{at}: {len(play.boards)} boards ({format_boards(play.boards)}) "
            f"but the movement plays {boards_per_round} boards a round"
        )


def _require_full_rounds(movement: Movement) -> None:
    for rnd in movement.rounds:
        if len(rnd.tables) != movement.tables:
            missing = sorted(set(range(1, movement.tables + 1)) - {p.table for p in rnd.tables})
            _fail(
                f"{movement.kind}: round {rnd.number}: table {missing[0]} is not in play "
                f"(every table plays every round)"
            )


def _validate_mitchell(movement: Movement) -> None:
    _require_full_rounds(movement)
    home: dict[PairId, tuple[int, int]] = {}
    direction: dict[PairId, tuple[str, int]] = {}
    for rnd in movement.rounds:
        for play in rnd.tables:
            for pair, seat in ((play.ns, "N-S"), (play.ew, "E-W")):
                first = direction.setdefault(pair, (seat, rnd.number))
                if first[0] != seat:
                    _fail(
                        f"mitchell: round {rnd.number}, table {play.table}: pair {pair} sits {seat} "
                        f"but sat {first[0]} in round {first[1]} (Mitchell pairs keep their direction)"
                    )
            start = home.setdefault(play.ns, (play.table, rnd.number))
            if start[0] != play.table:
                _fail(
                    f"mitchell: round {rnd.number}, table {play.table}: N-S pair {play.ns} was at table "
                    f"{start[0]} in round {start[1]} (N-S pairs are stationary)"
                )


def _validate_howell(movement: Movement, met: Mapping[frozenset[PairId], tuple[int, int]]) -> None:
    _require_full_rounds(movement)
    pairs = movement.pairs
    for rnd in movement.rounds:
        present = set(rnd.pairs)
        for pair in pairs:
            if pair not in present:
                _fail(f"howell: round {rnd.number}: pair {pair} neither plays nor is listed as sitting out")
    pairs = movement.pairs
    for i, first in enumerate(pairs):
        for second in pairs[i + 1 :]:
            if frozenset((first, second)) not in met:
                _fail(
                    f"howell: pairs {first} and {second} never meet (a complete Howell meets every pair once)"
                )


def _validate_teams(movement: Movement) -> None:
    """Law G: two teams of equal size, each table one pair of each, every deal once at every table. When
    each deal is played is not the law's concern: a table may sit idle in a round (fewer boards than tables,
    a board passed from table to table), as long as it plays every deal once in the match."""
    team_of = _team_of_pair(movement)
    n = movement.tables
    direction, at_table = _team_tables(movement, team_of)
    assert movement.teams is not None  # checked by _team_of_pair
    for name, members in movement.teams.items():
        for pair in members:
            if pair not in direction:
                _fail(f"teams: pair {pair} of team {name} never plays")
        ns_count = sum(1 for p in members if direction[p][0] == "N-S")
        if ns_count not in (n // 2, (n + 1) // 2):
            _fail(
                f"teams: team {name} seats {ns_count} of its {n} pairs N-S; law G seats half of each team "
                f"N-S and half E-W (as near as possible)"
            )
    all_boards = movement.boards
    for table in range(1, n + 1):
        played_here = at_table.get(table, {})
        for board in all_boards:
            if board not in played_here:
                _fail(
                    f"teams: board {board} is never played at table {table}; "
                    "each deal is played once at each table (law G)"
                )


def _team_of_pair(movement: Movement) -> dict[PairId, str]:
    """Each pair's team, once the two teams are checked: equal size, at least two pairs, no pair in both, as
    many tables as a team has pairs."""
    teams = movement.teams
    if not teams:
        _fail("teams: the movement does not name the two teams")
    if len(teams) != 2:
        _fail(f"teams: a team match is between exactly two teams, got {len(teams)}")
    (name_a, team_a), (name_b, team_b) = teams.items()
    for name, members in teams.items():
        if len(members) < TEAMS_MIN_PAIRS:
            _fail(f"teams: team {name} has {len(members)} pair; a team has at least two pairs (law G)")
        if len(set(members)) != len(members):
            dup = next(p for p in members if members.count(p) > 1)
            _fail(f"teams: pair {dup} is listed twice in team {name}")
    if len(team_a) != len(team_b):
        _fail(
            f"teams: the teams must be of equal size (law G): team {name_a} has {len(team_a)} pairs, "
            f"team {name_b} has {len(team_b)}"
        )
    both = set(team_a) & set(team_b)
    if both:
        _fail(f"teams: pair {sorted(both, key=_pair_key)[0]} is in both teams")
    n = len(team_a)
    if movement.tables != n:
        _fail(f"teams: teams of {n} pairs play at {n} tables, but the movement has {movement.tables}")
    return {p: name_a for p in team_a} | {p: name_b for p in team_b}


def _team_tables(
    movement: Movement, team_of: Mapping[PairId, str]
) -> tuple[dict[PairId, tuple[str, int]], dict[int, dict[int, int]]]:
    """Each table seats one pair of each team; a pair keeps its opponent and its direction all match; no
    deal twice at a table. Returns each pair's (direction, first round) and each table's {board: round}."""
    opponent: dict[PairId, tuple[PairId, int]] = {}
    direction: dict[PairId, tuple[str, int]] = {}
    at_table: dict[int, dict[int, int]] = {}
    for rnd in movement.rounds:
        for play in rnd.tables:
            at = f"teams: round {rnd.number}, table {play.table}"
            for pair in play.pairs:
                if pair not in team_of:
                    _fail(f"{at}: pair {pair} is in neither team")
            if team_of[play.ns] == team_of[play.ew]:
                _fail(
                    f"{at}: pairs {play.ns} and {play.ew} are both of team {team_of[play.ns]}; "
                    f"each table seats one pair of each team"
                )
            for pair, seat in ((play.ns, "N-S"), (play.ew, "E-W")):
                other = play.opponent(pair)
                first = opponent.setdefault(pair, (other, rnd.number))
                if first[0] != other:
                    _fail(
                        f"{at}: pair {pair} faces pair {other} but faced pair {first[0]} in round {first[1]} "
                        f"(in a team match a pair keeps one opponent pair for the match)"
                    )
                first_seat = direction.setdefault(pair, (seat, rnd.number))
                if first_seat[0] != seat:
                    _fail(f"{at}: pair {pair} sits {seat} but sat {first_seat[0]} in round {first_seat[1]}")
            boards = at_table.setdefault(play.table, {})
            for board in play.boards:
                if board in boards:
                    _fail(
                        f"{at}: board {board} is played at table {play.table} a second time (already in "
                        f"round {boards[board]}); each deal is played once at each table (law G)"
                    )
                boards[board] = rnd.number
    return direction, at_table


def _validate_compass(movement: Movement) -> None:
    """Stationary pairs, boards relayed down one table a round, every board once at every table."""
    t_count = movement.tables
    if t_count < COMPASS_MIN_TABLES:
        _fail(f"compass: a compass movement needs at least {COMPASS_MIN_TABLES} tables, got {t_count}")
    _require_full_rounds(movement)
    first = movement.rounds[0]
    home = {play.table: play for play in first.tables}
    for rnd in movement.rounds:
        if rnd.sit_out:
            _fail(
                f"compass: round {rnd.number}: pair {rnd.sit_out[0]} sits out (every pair plays every round)"
            )
        for play in rnd.tables:
            start = home[play.table]
            if (play.ns, play.ew) != (start.ns, start.ew):
                _fail(
                    f"compass: round {rnd.number}, table {play.table} seats {play.ns} v {play.ew}, but round "
                    f"{first.number} seated {start.ns} v {start.ew} there (in a compass movement the pairs "
                    "stay at their table and meet the same opponents every round)"
                )
    for earlier, later in zip(movement.rounds, movement.rounds[1:], strict=False):
        for play in later.tables:
            higher = play.table % t_count + 1  # the next-higher table (table T's boards come from table 1)
            passed = earlier.table(higher)
            assert passed is not None  # full rounds, checked above
            if set(play.boards) != set(passed.boards):
                _fail(
                    f"compass: round {later.number}, table {play.table} plays boards "
                    f"{format_boards(play.boards)}, but table {higher} played {format_boards(passed.boards)} "
                    f"in round {earlier.number} (the boards pass to the next-lower table; table 1 passes "
                    f"to table {t_count})"
                )
    all_boards = movement.boards
    for table in range(1, t_count + 1):
        played_here = {
            b for rnd in movement.rounds for play in rnd.tables if play.table == table for b in play.boards
        }
        missing = [b for b in all_boards if b not in played_here]
        if missing:
            _fail(
                f"compass: board {missing[0]} is never played at table {table} "
                "(in a compass movement every board is played once at every table)"
            )
