"""validate(): the general rules every movement keeps, and each kind's own rules (see the package docstring)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from scoring.errors import gettext_noop, say
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
                gettext_noop(
                    "rounds must be numbered 1 to %(count)s in order: found round %(number)s "
                    "where round %(expected)s was expected"
                ),
                count=len(movement.rounds),
                number=rnd.number,
                expected=expected,
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
        _fail(
            gettext_noop("unknown movement kind %(kind)r (expected one of: %(kinds)s)"),
            kind=kind,
            kinds=", ".join(KINDS),
        )
    if not _is_int(movement.tables) or not 1 <= movement.tables <= MAX_SECTION_TABLES:
        _fail(
            gettext_noop(
                "%(kind)s: tables must be a whole number from 1 to %(max_section_tables)s, got %(tables)r"
            ),
            kind=kind,
            max_section_tables=MAX_SECTION_TABLES,
            tables=movement.tables,
        )
    bpr = movement.boards_per_round
    if not _is_int(bpr) or not 1 <= bpr <= MAX_BOARDS_PER_ROUND:
        _fail(
            gettext_noop(
                "%(kind)s: boards per round must be from 1 to %(max_boards_per_round)s, got %(bpr)r"
            ),
            kind=kind,
            max_boards_per_round=MAX_BOARDS_PER_ROUND,
            bpr=bpr,
        )
    if not movement.rounds:
        _fail(gettext_noop("%(kind)s: the movement has no rounds"), kind=kind)
    if len(movement.rounds) > MAX_ROUNDS:
        _fail(
            gettext_noop("%(kind)s: at most %(max_rounds)s rounds, got %(count)s"),
            kind=kind,
            max_rounds=MAX_ROUNDS,
            count=len(movement.rounds),
        )
    pairs: set[PairId] = set()
    plays = 0
    for rnd in movement.rounds:
        if len(rnd.tables) > MAX_SECTION_TABLES or len(rnd.sit_out) > MAX_PAIRS:
            _fail(
                gettext_noop(
                    "round %(number)s: at most %(max_section_tables)s tables and "
                    "%(max_pairs)s pairs sitting out, got %(count)s tables and %(count2)s "
                    "pairs sitting out"
                ),
                number=rnd.number,
                max_section_tables=MAX_SECTION_TABLES,
                max_pairs=MAX_PAIRS,
                count=format(len(rnd.tables), ","),
                count2=format(len(rnd.sit_out), ","),
            )
        pairs.update(p for p in rnd.sit_out if _is_pair_id(p))
        for play in rnd.tables:
            pairs.update(p for p in (play.ns, play.ew) if _is_pair_id(p))
            plays += len(play.boards)
    if len(pairs) > MAX_PAIRS:
        _fail(
            gettext_noop("%(kind)s: at most %(max_pairs)s pairs, got %(count)s"),
            kind=kind,
            max_pairs=MAX_PAIRS,
            count=len(pairs),
        )
    if plays > MAX_PLAYS:
        _fail(
            gettext_noop(
                "%(kind)s: at most %(max_plays)s results to enter (a board at a table in "
                "a round), got %(plays)s: play fewer tables, rounds or boards a round"
            ),
            kind=kind,
            max_plays=format(MAX_PLAYS, ","),
            plays=format(plays, ","),
        )


def _sitting_out(rnd: MovementRound) -> set[PairId]:
    """The round's pairs sitting out, each a pair and listed once."""
    sitting: set[PairId] = set()
    for pair in rnd.sit_out:
        if not _is_pair_id(pair):
            _fail(
                gettext_noop("round %(number)s: %(pair)r is not a pair (a positive number or a name)"),
                number=rnd.number,
                pair=pair,
            )
        if pair in sitting:
            _fail(
                gettext_noop("round %(number)s: pair %(pair)s is listed twice as sitting out"),
                number=rnd.number,
                pair=pair,
            )
        sitting.add(pair)
    return sitting


def _check_sit_outs_play(movement: Movement, played: Mapping[tuple[PairId, int], tuple[int, int]]) -> None:
    """A pair sitting out a round plays in another (a pair that never plays has no score): this also bounds
    a round's sit-outs by the pairs the movement seats."""
    playing = {pair for pair, _board in played}
    for rnd in movement.rounds:
        for pair in rnd.sit_out:
            if pair not in playing:
                _fail(
                    gettext_noop("round %(number)s: sit_out: pair %(pair)s sits out but plays in no round"),
                    number=rnd.number,
                    pair=pair,
                )


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
        _fail(gettext_noop("round %(r)s: no tables in play"), r=r)
    sitting = _sitting_out(rnd)
    seated: dict[PairId, int] = {}
    tables_seen: set[int] = set()
    for play in rnd.tables:
        t = play.table
        if not _is_int(t) or not 1 <= t <= movement.tables:
            _fail(
                gettext_noop("round %(r)s: table %(t)r is not a table of this movement (1 to %(tables)s)"),
                r=r,
                t=t,
                tables=movement.tables,
            )
        if t in tables_seen:
            _fail(gettext_noop("round %(r)s: table %(t)s is listed twice"), r=r, t=t)
        tables_seen.add(t)
        at = say(gettext_noop("round %(round)s, table %(table)s"), round=r, table=t)
        _check_seats(play, at, seated, sitting)
        _check_boards(play, at, movement.boards_per_round, at_most=movement.kind == "custom")
        for pair in play.pairs:
            for board in play.boards:
                before = played.get((pair, board))
                if before is not None:
                    _fail(
                        gettext_noop(
                            "%(at)s: pair %(pair)s plays board %(board)s a second time (already at "
                            "round %(value)s, table %(value2)s)"
                        ),
                        at=at,
                        pair=pair,
                        board=board,
                        value=before[0],
                        value2=before[1],
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
            first = same_way if same_way is not None else before
            _fail(
                gettext_noop(
                    "round %(round)s, table %(table)s: pairs %(ns)s and %(ew)s meet a second time the same "
                    "way round (already at round %(first_round)s, table %(first_table)s)"
                )
                if same_way is not None
                else gettext_noop(
                    "round %(round)s, table %(table)s: pairs %(ns)s and %(ew)s meet a second time (already "
                    "at round %(first_round)s, table %(first_table)s)"
                ),
                round=where[0],
                table=where[1],
                ns=play.ns,
                ew=play.ew,
                first_round=first[0],
                first_table=first[1],
            )
    met.setdefault(meeting, where)
    ways.setdefault((play.ns, play.ew), where)


def _check_seats(play: TablePlay, at: str, seated: dict[PairId, int], sitting: set[PairId]) -> None:
    """Two different pairs, neither seated elsewhere nor sitting out this round; ``seated`` gathers them."""
    for pair in play.pairs:
        if not _is_pair_id(pair):
            _fail(
                gettext_noop("%(at)s: %(pair)r is not a pair (a positive number or a name)"), at=at, pair=pair
            )
    if play.ns == play.ew:
        _fail(gettext_noop("%(at)s: pair %(ns)s cannot play against itself"), at=at, ns=play.ns)
    for pair in play.pairs:
        if pair in seated:
            _fail(
                gettext_noop("%(at)s: pair %(pair)s is already seated at table %(pair2)s in this round"),
                at=at,
                pair=pair,
                pair2=seated[pair],
            )
        if pair in sitting:
            _fail(
                gettext_noop("%(at)s: pair %(pair)s is listed as sitting out this round but plays here"),
                at=at,
                pair=pair,
            )
        seated[pair] = play.table


def _check_boards(play: TablePlay, at: str, boards_per_round: int, *, at_most: bool = False) -> None:
    """The table's boards: board numbers, none twice, as many as the movement plays a round (``at_most``, a
    custom movement: from one to that many, ``boards_per_round`` being the most a table plays in a round, as
    a session where some tables played fewer boards than others)."""
    if not play.boards:
        _fail(gettext_noop("%(at)s: no boards listed"), at=at)
    for board in play.boards:
        if not _is_int(board) or board < 1:
            _fail(
                gettext_noop("%(at)s: board %(board)r is not a board number (a whole number from 1 up)"),
                at=at,
                board=board,
            )
    if len(set(play.boards)) != len(play.boards):
        dup = next(b for b in play.boards if play.boards.count(b) > 1)
        _fail(gettext_noop("%(at)s: board %(dup)s is listed twice"), at=at, dup=dup)
    if at_most and len(play.boards) > boards_per_round:
        _fail(
            gettext_noop(
                "%(at)s: %(count)s boards (%(format_boards)s) but the movement plays at "
                "most %(boards_per_round)s boards a round"
            ),
            at=at,
            count=len(play.boards),
            format_boards=format_boards(play.boards),
            boards_per_round=boards_per_round,
        )
    if not at_most and len(play.boards) != boards_per_round:
        _fail(
            gettext_noop(
                "%(at)s: %(count)s boards (%(format_boards)s) but the movement plays "
                "%(boards_per_round)s boards a round"
            ),
            at=at,
            count=len(play.boards),
            format_boards=format_boards(play.boards),
            boards_per_round=boards_per_round,
        )


def _require_full_rounds(movement: Movement) -> None:
    for rnd in movement.rounds:
        if len(rnd.tables) != movement.tables:
            missing = sorted(set(range(1, movement.tables + 1)) - {p.table for p in rnd.tables})
            _fail(
                gettext_noop(
                    "%(kind)s: round %(number)s: table %(value)s is not in play (every table "
                    "plays every round)"
                ),
                kind=movement.kind,
                number=rnd.number,
                value=missing[0],
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
                        gettext_noop(
                            "mitchell: round %(number)s, table %(table)s: pair %(pair)s sits "
                            "%(seat)s but sat %(value)s in round %(value2)s (Mitchell pairs keep "
                            "their direction)"
                        ),
                        number=rnd.number,
                        table=play.table,
                        pair=pair,
                        seat=seat,
                        value=first[0],
                        value2=first[1],
                    )
            start = home.setdefault(play.ns, (play.table, rnd.number))
            if start[0] != play.table:
                _fail(
                    gettext_noop(
                        "mitchell: round %(number)s, table %(table)s: N-S pair %(ns)s was at "
                        "table %(value)s in round %(value2)s (N-S pairs are stationary)"
                    ),
                    number=rnd.number,
                    table=play.table,
                    ns=play.ns,
                    value=start[0],
                    value2=start[1],
                )


def _validate_howell(movement: Movement, met: Mapping[frozenset[PairId], tuple[int, int]]) -> None:
    _require_full_rounds(movement)
    pairs = movement.pairs
    for rnd in movement.rounds:
        present = set(rnd.pairs)
        for pair in pairs:
            if pair not in present:
                _fail(
                    gettext_noop(
                        "howell: round %(number)s: pair %(pair)s neither plays nor is listed as sitting out"
                    ),
                    number=rnd.number,
                    pair=pair,
                )
    pairs = movement.pairs
    for i, first in enumerate(pairs):
        for second in pairs[i + 1 :]:
            if frozenset((first, second)) not in met:
                _fail(
                    gettext_noop(
                        "howell: pairs %(first)s and %(second)s never meet (a complete Howell "
                        "meets every pair once)"
                    ),
                    first=first,
                    second=second,
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
                _fail(gettext_noop("teams: pair %(pair)s of team %(name)s never plays"), pair=pair, name=name)
        ns_count = sum(1 for p in members if direction[p][0] == "N-S")
        if ns_count not in (n // 2, (n + 1) // 2):
            _fail(
                gettext_noop(
                    "teams: team %(name)s seats %(ns_count)s of its %(n)s pairs N-S; law G "
                    "seats half of each team N-S and half E-W (as near as possible)"
                ),
                name=name,
                ns_count=ns_count,
                n=n,
            )
    all_boards = movement.boards
    for table in range(1, n + 1):
        played_here = at_table.get(table, {})
        for board in all_boards:
            if board not in played_here:
                _fail(
                    gettext_noop(
                        "teams: board %(board)s is never played at table %(table)s; each deal is "
                        "played once at each table (law G)"
                    ),
                    board=board,
                    table=table,
                )


def _team_of_pair(movement: Movement) -> dict[PairId, str]:
    """Each pair's team, once the two teams are checked: equal size, at least two pairs, no pair in both, as
    many tables as a team has pairs."""
    teams = movement.teams
    if not teams:
        _fail(gettext_noop("teams: the movement does not name the two teams"))
    if len(teams) != 2:
        _fail(
            gettext_noop("teams: a team match is between exactly two teams, got %(count)s"), count=len(teams)
        )
    (name_a, team_a), (name_b, team_b) = teams.items()
    for name, members in teams.items():
        if len(members) < TEAMS_MIN_PAIRS:
            _fail(
                gettext_noop(
                    "teams: team %(name)s has %(count)s pair; a team has at least two pairs (law G)"
                ),
                name=name,
                count=len(members),
            )
        if len(set(members)) != len(members):
            dup = next(p for p in members if members.count(p) > 1)
            _fail(gettext_noop("teams: pair %(dup)s is listed twice in team %(name)s"), dup=dup, name=name)
    if len(team_a) != len(team_b):
        _fail(
            gettext_noop(
                "teams: the teams must be of equal size (law G): team %(name_a)s has "
                "%(count)s pairs, team %(name_b)s has %(count2)s"
            ),
            name_a=name_a,
            count=len(team_a),
            name_b=name_b,
            count2=len(team_b),
        )
    both = set(team_a) & set(team_b)
    if both:
        _fail(gettext_noop("teams: pair %(value)s is in both teams"), value=sorted(both, key=_pair_key)[0])
    n = len(team_a)
    if movement.tables != n:
        _fail(
            gettext_noop("teams: teams of %(n)s pairs play at %(n)s tables, but the movement has %(tables)s"),
            n=n,
            tables=movement.tables,
        )
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
            at = say(
                gettext_noop("teams: round %(round)s, table %(table)s"), round=rnd.number, table=play.table
            )
            for pair in play.pairs:
                if pair not in team_of:
                    _fail(gettext_noop("%(at)s: pair %(pair)s is in neither team"), at=at, pair=pair)
            if team_of[play.ns] == team_of[play.ew]:
                _fail(
                    gettext_noop(
                        "%(at)s: pairs %(ns)s and %(ew)s are both of team %(ns2)s; each table "
                        "seats one pair of each team"
                    ),
                    at=at,
                    ns=play.ns,
                    ew=play.ew,
                    ns2=team_of[play.ns],
                )
            for pair, seat in ((play.ns, "N-S"), (play.ew, "E-W")):
                other = play.opponent(pair)
                first = opponent.setdefault(pair, (other, rnd.number))
                if first[0] != other:
                    _fail(
                        gettext_noop(
                            "%(at)s: pair %(pair)s faces pair %(other)s but faced pair %(value)s in "
                            "round %(value2)s (in a team match a pair keeps one opponent pair for "
                            "the match)"
                        ),
                        at=at,
                        pair=pair,
                        other=other,
                        value=first[0],
                        value2=first[1],
                    )
                first_seat = direction.setdefault(pair, (seat, rnd.number))
                if first_seat[0] != seat:
                    _fail(
                        gettext_noop(
                            "%(at)s: pair %(pair)s sits %(seat)s but sat %(value)s in round %(value2)s"
                        ),
                        at=at,
                        pair=pair,
                        seat=seat,
                        value=first_seat[0],
                        value2=first_seat[1],
                    )
            boards = at_table.setdefault(play.table, {})
            for board in play.boards:
                if board in boards:
                    _fail(
                        gettext_noop(
                            "%(at)s: board %(board)s is played at table %(table)s a second time "
                            "(already in round %(board2)s); each deal is played once at each table "
                            "(law G)"
                        ),
                        at=at,
                        board=board,
                        table=play.table,
                        board2=boards[board],
                    )
                boards[board] = rnd.number
    return direction, at_table


def _validate_compass(movement: Movement) -> None:
    """Stationary pairs, boards relayed down one table a round, every board once at every table."""
    t_count = movement.tables
    if t_count < COMPASS_MIN_TABLES:
        _fail(
            gettext_noop(
                "compass: a compass movement needs at least %(compass_min_tables)s tables, got %(t_count)s"
            ),
            compass_min_tables=COMPASS_MIN_TABLES,
            t_count=t_count,
        )
    _require_full_rounds(movement)
    first = movement.rounds[0]
    home = {play.table: play for play in first.tables}
    for rnd in movement.rounds:
        if rnd.sit_out:
            _fail(
                gettext_noop(
                    "compass: round %(number)s: pair %(value)s sits out (every pair plays every round)"
                ),
                number=rnd.number,
                value=rnd.sit_out[0],
            )
        for play in rnd.tables:
            start = home[play.table]
            if (play.ns, play.ew) != (start.ns, start.ew):
                _fail(
                    gettext_noop(
                        "compass: round %(number)s, table %(table)s seats %(ns)s v %(ew)s, but "
                        "round %(number2)s seated %(ns2)s v %(ew2)s there (in a compass movement "
                        "the pairs stay at their table and meet the same opponents every round)"
                    ),
                    number=rnd.number,
                    table=play.table,
                    ns=play.ns,
                    ew=play.ew,
                    number2=first.number,
                    ns2=start.ns,
                    ew2=start.ew,
                )
    for earlier, later in zip(movement.rounds, movement.rounds[1:], strict=False):
        for play in later.tables:
            higher = play.table % t_count + 1  # the next-higher table (table T's boards come from table 1)
            passed = earlier.table(higher)
            assert passed is not None  # full rounds, checked above
            if set(play.boards) != set(passed.boards):
                _fail(
                    gettext_noop(
                        "compass: round %(number)s, table %(table)s plays boards "
                        "%(format_boards)s, but table %(higher)s played %(format_boards2)s in "
                        "round %(number2)s (the boards pass to the next-lower table; table 1 "
                        "passes to table %(t_count)s)"
                    ),
                    number=later.number,
                    table=play.table,
                    format_boards=format_boards(play.boards),
                    higher=higher,
                    format_boards2=format_boards(passed.boards),
                    number2=earlier.number,
                    t_count=t_count,
                )
    all_boards = movement.boards
    for table in range(1, t_count + 1):
        played_here = {
            b for rnd in movement.rounds for play in rnd.tables if play.table == table for b in play.boards
        }
        missing = [b for b in all_boards if b not in played_here]
        if missing:
            _fail(
                gettext_noop(
                    "compass: board %(value)s is never played at table %(table)s (in a "
                    "compass movement every board is played once at every table)"
                ),
                value=missing[0],
                table=table,
            )
