"""Movements (scoring.movements): generated, validated, uploaded.

Pure Python: no database, no Django.  Every generator is checked for every table count it supports, by
`validate` *and* by independent checks written here (a pair never plays a board twice; meetings; Howell
completeness; law G for team matches).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import movements as mv
from scoring.movements import (
    Movement,
    MovementError,
    MovementRound,
    PairId,
    TablePlay,
    generate,
    howell,
    mitchell,
    team_match,
    validate,
)
from scoring.movements import common as mv_common
from scoring.movements import generators as mv_generators

MITCHELL_TABLES = range(3, 31)
HOWELL_TABLES = range(mv_common.HOWELL_MIN_TABLES, mv_common.HOWELL_MAX_TABLES + 1)
TEAM_PAIRS = range(2, 13)


# ------------------------------------------------------------------------------------------------
# Independent checks (deliberately not using the module's validation code)
# ------------------------------------------------------------------------------------------------


def board_history(m: Movement) -> dict[PairId, list[int]]:
    out: dict[PairId, list[int]] = {}
    for rnd in m.rounds:
        for play in rnd.tables:
            for pair in (play.ns, play.ew):
                out.setdefault(pair, []).extend(play.boards)
    return out


def meetings(m: Movement) -> Counter[frozenset[PairId]]:
    return Counter(frozenset((p.ns, p.ew)) for rnd in m.rounds for p in rnd.tables)


def assert_general_rules(m: Movement) -> None:
    assert [r.number for r in m.rounds] == list(range(1, len(m.rounds) + 1))
    for rnd in m.rounds:
        tables = [p.table for p in rnd.tables]
        assert len(tables) == len(set(tables))
        assert all(1 <= t <= m.tables for t in tables)
        seated = [x for p in rnd.tables for x in (p.ns, p.ew)] + list(rnd.sit_out)
        assert len(seated) == len(set(seated)), f"round {rnd.number}: a pair sits twice"
        for play in rnd.tables:
            assert play.ns != play.ew
            if m.kind == "custom":  # a custom movement's table plays from one board to the most a round
                assert 1 <= len(play.boards) <= m.boards_per_round
            else:
                assert len(play.boards) == m.boards_per_round
            assert len(set(play.boards)) == len(play.boards)
    for pair, boards in board_history(m).items():
        assert len(boards) == len(set(boards)), f"pair {pair} plays a board twice"


def sets_played(m: Movement, pair: PairId) -> list[int]:
    """Board sets (first board of each set) the pair plays, round by round."""
    return [p.boards[0] for rnd in m.rounds for p in rnd.tables if pair in (p.ns, p.ew)]


# ------------------------------------------------------------------------------------------------
# Mitchell
# ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("tables", MITCHELL_TABLES)
@pytest.mark.parametrize("even", ["relay", "skip"])
def test_mitchell_every_table_count_is_lawful(tables: int, even: str) -> None:
    bpr = 2
    m = mitchell(tables, bpr, even=even)
    validate(m)
    assert_general_rules(m)
    assert m.kind == "mitchell"
    assert m.tables == tables
    assert m.boards_per_round == bpr
    assert m.boards == tuple(range(1, tables * bpr + 1))
    ns, ew = list(range(1, tables + 1)), list(range(tables + 1, 2 * tables + 1))
    assert list(m.ns_pairs) == ns
    assert list(m.ew_pairs) == ew
    assert list(m.pairs) == ns + ew
    skip = tables % 2 == 0 and even == "skip"
    assert len(m.rounds) == (tables - 1 if skip else tables)
    # N-S stationary, every table in play every round
    for rnd in m.rounds:
        assert [(p.table, p.ns) for p in rnd.tables] == [(t, t) for t in range(1, tables + 1)]
    met = meetings(m)
    assert max(met.values()) == 1, "a pair meets another twice"
    for e in ew:
        opponents = {p for pair in met if e in pair for p in pair if p != e}
        start = e - tables  # the table this E-W pair starts at
        if skip:
            # meets every N-S pair but the one it skips (T/2 tables on from its start)
            skipped = (start - 1 + tables // 2) % tables + 1
            assert opponents == set(ns) - {skipped}
            assert len(set(sets_played(m, e))) == tables - 1
        else:
            assert opponents == set(ns)
            # plays every board set exactly once
            assert sorted(sets_played(m, e)) == [s * bpr + 1 for s in range(tables)]
    for n in ns:
        assert len(set(sets_played(m, n))) == len(m.rounds)
    shared = m.shared_boards()
    if tables % 2 == 0 and even == "relay":
        # tables 1 and T share a set every round (the relay); one set rests on the bye stand
        assert shared == {
            **{(r, 1): (tables,) for r in range(1, tables + 1)},
            **{(r, tables): (1,) for r in range(1, tables + 1)},
        }
        for rnd in m.rounds:
            assert len({p.boards for p in rnd.tables}) == tables - 1
    else:
        assert shared == {}


def test_mitchell_three_tables_by_hand() -> None:
    # Round 1: table t has N-S t, E-W 3+t, set t (set 1 = boards 1-2, set 2 = 3-4, set 3 = 5-6).
    # Round 2: E-W move up one table (6 from table 3 wraps to table 1), boards move down one table
    # (set 2 from table 2 to table 1, set 1 from table 1 wraps to table 3):
    #   table 1: 1 v 6, set 2 (boards 3-4); table 2: 2 v 4, set 3 (5-6); table 3: 3 v 5, set 1 (1-2).
    # Round 3: table 1: 1 v 5, set 3; table 2: 2 v 6, set 1; table 3: 3 v 4, set 2.
    m = mitchell(3, 2)
    rows = [[(p.table, p.ns, p.ew, p.boards) for p in rnd.tables] for rnd in m.rounds]
    assert rows == [
        [(1, 1, 4, (1, 2)), (2, 2, 5, (3, 4)), (3, 3, 6, (5, 6))],
        [(1, 1, 6, (3, 4)), (2, 2, 4, (5, 6)), (3, 3, 5, (1, 2))],
        [(1, 1, 5, (5, 6)), (2, 2, 6, (1, 2)), (3, 3, 4, (3, 4))],
    ]


def test_mitchell_four_tables_relay_and_bye_stand_by_hand() -> None:
    # Round 1: sets 1, 2 at tables 1, 2; set 3 on the bye stand (between tables 2 and 3); set 4 at
    # table 3; table 4 shares set 1 with table 1 (the relay).  Boards move down: table 3 -> bye stand
    # -> table 2 -> tables 1 & 4 -> table 3.  E-W pairs move up one table.
    m = mitchell(4, 1, even="relay")
    rows = [[(p.table, p.ns, p.ew, p.boards[0]) for p in rnd.tables] for rnd in m.rounds]
    assert rows == [
        [(1, 1, 5, 1), (2, 2, 6, 2), (3, 3, 7, 4), (4, 4, 8, 1)],  # set 3 on the bye stand
        [(1, 1, 8, 2), (2, 2, 5, 3), (3, 3, 6, 1), (4, 4, 7, 2)],  # set 4 on the bye stand
        [(1, 1, 7, 3), (2, 2, 8, 4), (3, 3, 5, 2), (4, 4, 6, 3)],  # set 1 on the bye stand
        [(1, 1, 6, 4), (2, 2, 7, 1), (3, 3, 8, 3), (4, 4, 5, 4)],  # set 2 on the bye stand
    ]
    assert "(shared with table 4)" in m.to_text()


def test_mitchell_four_tables_skip_by_hand() -> None:
    # Boards move down as usual; E-W move up one table, but after round 2 (half of the 4) they move up
    # two.  Three rounds: a fourth would bring each E-W pair back to its first opponent.
    m = mitchell(4, 1, even="skip")
    rows = [[(p.ns, p.ew, p.boards[0]) for p in rnd.tables] for rnd in m.rounds]
    assert rows == [
        [(1, 5, 1), (2, 6, 2), (3, 7, 3), (4, 8, 4)],
        [(1, 8, 2), (2, 5, 3), (3, 6, 4), (4, 7, 1)],
        [(1, 6, 3), (2, 7, 4), (3, 8, 1), (4, 5, 2)],  # E-W 5 went from table 2 to table 4
    ]


def test_mitchell_odd_tables_ignores_even_option() -> None:
    assert mitchell(5, 2, even="skip") == mitchell(5, 2, even="relay")


def test_seven_table_json_example() -> None:
    data = generate("mitchell", tables=7, boards_per_round=2).to_dict()
    assert data["kind"] == "mitchell"
    assert data["tables"] == 7
    assert data["boards_per_round"] == 2
    assert data["rounds"][0]["round"] == 1
    assert data["rounds"][0]["tables"][0] == {"table": 1, "ns": 1, "ew": 8, "boards": [1, 2]}
    assert len(data["rounds"]) == 7
    assert all(len(r["tables"]) == 7 for r in data["rounds"])
    assert list(data) == ["kind", "tables", "boards_per_round", "rounds"]
    json.dumps(data)  # serialisable as is


# ------------------------------------------------------------------------------------------------
# Howell
# ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("tables", HOWELL_TABLES)
def test_howell_complete_even_pairs(tables: int) -> None:
    bpr = 2
    m = howell(tables, bpr)
    validate(m)
    assert_general_rules(m)
    pairs = list(range(1, 2 * tables + 1))
    assert list(m.pairs) == pairs
    assert len(m.rounds) == 2 * tables - 1
    assert all(len(r.tables) == tables and r.sit_out == () for r in m.rounds)
    met = meetings(m)
    # complete: every pair meets every other exactly once
    assert set(met) == {frozenset((a, b)) for a in pairs for b in pairs if a < b}
    assert set(met.values()) == {1}
    # every pair plays every board set exactly once
    all_sets = [s * bpr + 1 for s in range(2 * tables - 1)]
    for pair in pairs:
        assert sorted(sets_played(m, pair)) == all_sets
    assert m.boards == tuple(range(1, (2 * tables - 1) * bpr + 1))
    # directions as balanced as possible: N-S T-1 or T times out of 2T-1
    ns_count = Counter(p.ns for r in m.rounds for p in r.tables)
    assert all(ns_count[p] in (tables - 1, tables) for p in pairs)
    assert m.ns_pairs == ()
    assert m.ew_pairs == ()
    # pair 2T is stationary at table T
    assert all(2 * tables in r.table(tables).pairs for r in m.rounds)  # type: ignore[union-attr]
    # sharing: none from 4 tables up (a Room square); at 3 tables, round 1 only (the least possible)
    shared_rounds = {r for (r, _t) in m.shared_boards()}
    assert shared_rounds == ({1} if tables == 3 else set())


@pytest.mark.parametrize("tables", HOWELL_TABLES)
def test_howell_odd_pairs_one_sits_out(tables: int) -> None:
    m = howell(tables, 3, pairs=2 * tables - 1)
    validate(m)
    assert_general_rules(m)
    pairs = list(range(1, 2 * tables))
    assert list(m.pairs) == pairs
    assert len(m.rounds) == 2 * tables - 1
    assert m.tables == tables - 1  # the stationary pair's table is not set up
    for rnd in m.rounds:
        assert len(rnd.sit_out) == 1
        assert len(rnd.tables) == tables - 1
        assert {p for play in rnd.tables for p in play.pairs} | set(rnd.sit_out) == set(pairs)
    assert sorted(p for r in m.rounds for p in r.sit_out) == pairs  # each pair sits out once
    met = meetings(m)
    assert set(met) == {frozenset((a, b)) for a in pairs for b in pairs if a < b}
    assert set(met.values()) == {1}
    ns_count = Counter(p.ns for r in m.rounds for p in r.tables)
    assert all(ns_count[p] == tables - 1 for p in pairs)  # N-S exactly half the rounds played
    for pair in pairs:
        assert len(set(sets_played(m, pair))) == 2 * tables - 2


def test_howell_four_tables_round_one_by_hand() -> None:
    # Circle method on Z_7 (pair a+1 for a in Z_7) with pair 8 stationary at table 4.  Round 1 (r = 0):
    # pair 8 meets pair 1 (pair 8 N-S in odd rounds); at table k pairs 1+k and 1-k (mod 7), i.e.
    # table 1: 2 and 7, table 2: 3 and 6, table 3: 4 and 5.  The pair with the other 1..3 steps ahead
    # on the circle sits N-S: 7 (7 -> 2 is 2 steps), 3 (3 -> 6 is 3 steps), 4.
    m = howell(4, 2)
    first = [(p.table, p.ns, p.ew) for p in m.rounds[0].tables]
    assert first == [(1, 7, 2), (2, 3, 6), (3, 4, 5), (4, 8, 1)]
    second = [(p.table, p.ns, p.ew) for p in m.rounds[1].tables]
    assert second == [(1, 1, 3), (2, 4, 7), (3, 5, 6), (4, 2, 8)]
    # round 1 uses four different board sets
    assert len({p.boards for p in m.rounds[0].tables}) == 4


def test_strong_starters_are_strong() -> None:
    for order in (7, 11, 13, 15, 17, 19):
        starter = mv_generators._strong_starter(order)
        assert starter is not None
        assert sorted(x for pair in starter for x in pair) == list(range(1, order))
        diffs = [min((a - b) % order, (b - a) % order) for a, b in starter]
        assert sorted(diffs) == list(range(1, (order - 1) // 2 + 1))
        sums = [(a + b) % order for a, b in starter]
        assert 0 not in sums
        assert len(set(sums)) == len(sums)
    assert mv_generators._strong_starter(5) is None
    assert mv_generators._strong_starter(9) is None


# ------------------------------------------------------------------------------------------------
# Team match (duplicate law G)
# ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", TEAM_PAIRS)
def test_team_match_is_lawful_under_law_g(n: int) -> None:
    bpr = 3
    m = team_match(n, bpr)
    validate(m)
    assert_general_rules(m)
    assert m.kind == "teams"
    assert m.tables == n
    assert len(m.rounds) == n
    assert m.teams == {"A": tuple(range(1, n + 1)), "B": tuple(range(n + 1, 2 * n + 1))}
    team_of = {p: "A" for p in m.teams["A"]} | {p: "B" for p in m.teams["B"]}
    all_boards = list(range(1, n * bpr + 1))
    assert list(m.boards) == all_boards
    # each deal played once at every table
    for table in range(1, n + 1):
        here = [b for r in m.rounds for p in r.tables if p.table == table for b in p.boards]
        assert sorted(here) == all_boards
    # every table: one pair of each team; a pair keeps its one opponent and its direction all match
    for rnd in m.rounds:
        for play in rnd.tables:
            assert {team_of[play.ns], team_of[play.ew]} == {"A", "B"}
    for pair in m.pairs:
        assert len(set(m.opponents(pair))) == 1
        assert len(m.opponents(pair)) == n
    # half of each team N-S, half E-W, as near as possible; team A has the odd N-S pair
    a_ns = sum(1 for p in m.ns_pairs if team_of[p] == "A")
    b_ns = sum(1 for p in m.ns_pairs if team_of[p] == "B")
    assert (a_ns, b_ns) == ((n + 1) // 2, n // 2)
    assert len(m.ns_pairs) + len(m.ew_pairs) == 2 * n
    # every pair plays every deal once
    for boards in board_history(m).values():
        assert sorted(boards) == all_boards


def test_team_match_two_pairs_by_hand() -> None:
    # Table 1: A1 (pair 1) N-S v B1 (pair 3); table 2: B2 (pair 4) N-S v A2 (pair 2).
    # Set 1 (boards 1-2) at table 1, set 2 at table 2; then they change tables.
    m = team_match(2, 2)
    rows = [[(p.table, p.ns, p.ew, p.boards) for p in rnd.tables] for rnd in m.rounds]
    assert rows == [
        [(1, 1, 3, (1, 2)), (2, 4, 2, (3, 4))],
        [(1, 1, 3, (3, 4)), (2, 4, 2, (1, 2))],
    ]
    assert "Team A: pairs 1, 2" in m.to_text()


# ------------------------------------------------------------------------------------------------
# generate() and argument errors
# ------------------------------------------------------------------------------------------------


def test_generate_dispatches() -> None:
    assert generate("mitchell", tables=4, boards_per_round=2, even="skip") == mitchell(4, 2, even="skip")
    assert generate("howell", tables=5, boards_per_round=2) == howell(5, 2)
    assert generate("howell", tables=5, boards_per_round=2, pairs=9) == howell(5, 2, pairs=9)
    assert generate("teams", tables=4, boards_per_round=2) == team_match(4, 2)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: generate("howell", tables=11, boards_per_round=2),
            "howell: tables must be from 3 to 10, got 11",
        ),
        (
            lambda: generate("howell", tables=2, boards_per_round=2),
            "howell: tables must be from 3 to 10, got 2",
        ),
        (lambda: howell(4, 2, pairs=6), "howell: 4 tables seat 8 or 7 pairs, got 6"),
        (lambda: mitchell(2, 2), "mitchell: tables must be from 3 to 100, got 2"),
        (lambda: mitchell(True, 2), "mitchell: tables must be from 3 to 100, got True"),
        (lambda: mitchell(5, 0), "mitchell: boards per round must be from 1 to 36, got 0"),
        (lambda: mitchell(5, 37), "mitchell: boards per round must be from 1 to 36, got 37"),
        (lambda: mitchell(5, "2"), "mitchell: boards per round must be from 1 to 36, got '2'"),  # type: ignore[arg-type]
        (lambda: mitchell(4, 2, even="both"), "mitchell: even must be 'relay' or 'skip', got 'both'"),
        (lambda: team_match(1, 2), "teams: pairs per team must be from 2 to 100, got 1"),
        (
            lambda: generate("teams", tables=0, boards_per_round=2),
            "teams: pairs per team must be from 2 to 100, got 0",
        ),
        (lambda: generate("rover", tables=4, boards_per_round=2), "unknown movement kind 'rover'"),
    ],
)
def test_generator_argument_errors(call, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(MovementError) as info:
        call()
    assert str(info.value).startswith(message)
    assert "\n" not in str(info.value)


def test_movement_error_is_a_value_error() -> None:
    assert issubclass(MovementError, ValueError)


# ------------------------------------------------------------------------------------------------
# Round trips
# ------------------------------------------------------------------------------------------------


ALL_GENERATED = [
    mitchell(5, 3),
    mitchell(6, 2, even="relay"),
    mitchell(6, 2, even="skip"),
    howell(3, 2),
    howell(6, 1, pairs=11),
    team_match(3, 2),
]


@pytest.mark.parametrize("movement", ALL_GENERATED, ids=lambda m: f"{m.kind}-{m.tables}-{len(m.rounds)}")
def test_round_trips(movement: Movement) -> None:
    assert Movement.from_dict(movement.to_dict()) == movement
    assert Movement.from_json(movement.to_json()) == movement
    assert Movement.from_dict(json.loads(json.dumps(movement.to_dict()))) == movement
    if movement.kind == "teams":  # the CSV has no teams column: the teams are given alongside
        with pytest.raises(MovementError, match=r"^teams: the movement does not name the two teams$"):
            Movement.from_csv(movement.to_csv(), kind="teams")
        back = Movement.from_csv(movement.to_csv(), kind="teams", teams=movement.teams)
    else:
        back = Movement.from_csv(movement.to_csv(), kind=movement.kind)
    assert back.rounds == movement.rounds
    assert back == movement
    hash(movement)  # frozen dataclasses are hashable, teams or not


def test_sit_out_round_trips_through_json_and_csv() -> None:
    m = howell(4, 2, pairs=7)
    assert m.to_dict()["rounds"][0]["sit_out"] == [1]
    assert "Sits out: 1" in m.to_text()
    assert ",,1,," in m.to_csv() or "1,,1,," in m.to_csv()
    assert Movement.from_csv(m.to_csv(), kind="howell") == m


def test_to_text_grid() -> None:
    text = mitchell(3, 2).to_text()
    assert text.splitlines()[0] == "Mitchell: 3 tables, 3 rounds, 2 boards a round, 6 boards (1-6)"
    assert "Round 2\n  Table 1: 1 v 6  boards 3-4\n" in text
    one = mitchell(3, 1).to_text()
    assert "1 board a round" in one
    assert "  Table 1: 1 v 4  board 1\n" in one


def test_from_dict_defaults_and_string_pairs() -> None:
    data = {
        "rounds": [
            {"round": 1, "tables": [{"table": 1, "ns": "Ames", "ew": "Bell", "boards": "1-2"}]},
            {"round": 2, "tables": [{"table": 1, "ns": "Ames", "ew": "7", "boards": [3, 4]}]},
        ]
    }
    m = Movement.from_dict(data)
    assert m.kind == "custom"
    assert m.tables == 1
    assert m.boards_per_round == 2
    assert m.pairs == (7, "Ames", "Bell")  # "7" is pair 7; integers first, then names
    assert m.boards == (1, 2, 3, 4)


@pytest.mark.parametrize("boards", ["1-3", "1 2 3", "1;2;3", "1, 2, 3", "1-2;3", " 1 - 3 "])
def test_csv_board_notations(boards: str) -> None:
    text = f'round,table,ns,ew,boards\n1,1,1,2,"{boards}"\n'
    m = Movement.from_csv(text)
    assert m.rounds[0].tables[0].boards == (1, 2, 3)
    assert m.boards_per_round == 3


def test_csv_columns_in_any_order_numeric_strings_become_ints() -> None:
    text = "Boards,EW,NS,Table,Round,Note\n1-2,B,A,1,1,x\n3-4,04,A,1,2,\n\n"
    m = Movement.from_csv(text)
    assert m.rounds[0].tables[0] == TablePlay(1, "A", "B", (1, 2))
    assert m.rounds[1].tables[0] == TablePlay(1, "A", 4, (3, 4))


def test_module_docstring_documents_csv() -> None:
    doc = mv.__doc__ or ""
    assert "round,table,ns,ew,boards" in doc
    assert "1;2;3" in doc
    assert "header line" in doc


# ------------------------------------------------------------------------------------------------
# Custom movements: every refusal names the problem
# ------------------------------------------------------------------------------------------------


def custom(*rounds: Iterable[tuple[int, PairId, PairId, tuple[int, ...]]], bpr: int = 1) -> Movement:
    built = tuple(
        MovementRound(i, tuple(TablePlay(t, ns, ew, b) for t, ns, ew, b in plays))
        for i, plays in enumerate(rounds, start=1)
    )
    tables = max(p.table for r in built for p in r.tables)
    return Movement("custom", tables, bpr, built)


def refusal(m: Movement) -> str:
    with pytest.raises(MovementError) as info:
        validate(m)
    message = str(info.value)
    assert "\n" not in message
    return message


def test_board_played_twice_names_both_places() -> None:
    m = custom(
        [(1, 1, 2, (1,)), (2, 3, 4, (2,)), (3, 6, 9, (3,)), (4, 5, 7, (7,))],
        [(1, 1, 3, (4,)), (2, 2, 4, (5,)), (3, 8, 6, (6,)), (4, 9, 10, (8,))],
        [(1, 1, 4, (9,)), (2, 6, 5, (7,)), (3, 2, 3, (10,)), (4, 8, 10, (11,))],
    )
    assert refusal(m) == "round 3, table 2: pair 5 plays board 7 a second time (already at round 1, table 4)"


def test_pair_twice_in_a_round() -> None:
    m = custom([(1, 1, 2, (1,)), (2, 3, 1, (2,))])
    assert refusal(m) == "round 1, table 2: pair 1 is already seated at table 1 in this round"


def test_repeat_meeting() -> None:
    # A custom movement: two pairs meet again only with the directions swapped (a Howell played twice
    # through), never twice the same way round; the kinds Kalamazoo generates never let them meet again.
    validate(custom([(1, 1, 2, (1,))], [(1, 2, 1, (2,))]))
    m = custom([(1, 1, 2, (1,))], [(1, 2, 1, (2,))], [(1, 1, 2, (3,))])
    assert refusal(m) == (
        "round 3, table 1: pairs 1 and 2 meet a second time the same way round (already at round 1, table 1)"
    )
    howell_like = Movement("howell", 1, 1, custom([(1, 1, 2, (1,))], [(1, 2, 1, (2,))]).rounds)
    assert refusal(howell_like) == (
        "round 2, table 1: pairs 2 and 1 meet a second time (already at round 1, table 1)"
    )


def test_pair_against_itself() -> None:
    assert refusal(custom([(1, 3, 3, (1,))])) == "round 1, table 1: pair 3 cannot play against itself"


def test_sit_out_pair_also_plays() -> None:
    m = Movement("custom", 1, 1, (MovementRound(1, (TablePlay(1, 1, 2, (1,)),), sit_out=(2,)),))
    assert refusal(m) == "round 1, table 1: pair 2 is listed as sitting out this round but plays here"


def test_wrong_number_of_boards() -> None:
    # A custom movement's table plays from one board to the most a table plays a round (some tables played
    # fewer); never more; the kinds Kalamazoo generates play exactly that many at every table.
    validate(custom([(1, 1, 2, (1, 2)), (2, 3, 4, (3,))], bpr=2))
    m = custom([(1, 1, 2, (1, 2)), (2, 3, 4, (3, 4, 5))], bpr=2)
    assert refusal(m) == "round 1, table 2: 3 boards (3-5) but the movement plays at most 2 boards a round"
    mitchell_like = Movement("mitchell", 2, 2, custom([(1, 1, 3, (1, 2)), (2, 2, 4, (3,))], bpr=2).rounds)
    assert refusal(mitchell_like) == "round 1, table 2: 1 boards (3) but the movement plays 2 boards a round"


def test_an_uploaded_custom_movement_plays_the_most_boards_a_table_plays_a_round() -> None:
    # Without boards_per_round, an upload's is the most a table plays in a round, whichever table that is.
    text = "round,table,ns,ew,boards\n1,1,1,2,1\n1,2,3,4,2-3\n2,1,1,3,4-5\n2,2,2,4,6\n"
    movement = Movement.from_csv(text)
    assert movement.boards_per_round == 2
    as_json = {
        "rounds": [
            {
                "round": 1,
                "tables": [
                    {"table": 1, "ns": 1, "ew": 2, "boards": [1]},
                    {"table": 2, "ns": 3, "ew": 4, "boards": [2, 3]},
                ],
            }
        ]
    }
    assert Movement.from_dict(as_json).boards_per_round == 2


def test_board_listed_twice_at_a_table_and_empty_boards() -> None:
    assert refusal(custom([(1, 1, 2, (1, 1))], bpr=2)) == "round 1, table 1: board 1 is listed twice"
    assert refusal(custom([(1, 1, 2, ())])) == "round 1, table 1: no boards listed"


def test_tables_and_rounds_numbering() -> None:
    m = custom([(1, 1, 2, (1,)), (1, 3, 4, (2,))])
    assert refusal(m) == "round 1: table 1 is listed twice"
    m = Movement("custom", 2, 1, (MovementRound(1, (TablePlay(3, 1, 2, (1,)),)),))
    assert refusal(m) == "round 1: table 3 is not a table of this movement (1 to 2)"
    m = Movement("custom", 1, 1, (MovementRound(2, (TablePlay(1, 1, 2, (1,)),)),))
    assert refusal(m) == "rounds must be numbered 1 to 1 in order: found round 2 where round 1 was expected"


def test_bad_pair_ids() -> None:
    assert "is not a pair" in refusal(custom([(1, 0, 2, (1,))]))
    assert "is not a pair" in refusal(custom([(1, 1.5, 2, (1,))]))  # type: ignore[list-item]


def test_unknown_kind_and_bad_header() -> None:
    assert refusal(Movement("rover", 1, 1, custom([(1, 1, 2, (1,))]).rounds)).startswith(
        "unknown movement kind"
    )
    assert refusal(Movement("custom", 1, 40, custom([(1, 1, 2, (1,))]).rounds)) == (
        "custom: boards per round must be from 1 to 36, got 40"
    )
    assert refusal(Movement("custom", 1, 1, ())) == "custom: the movement has no rounds"


def test_relay_sharing_is_lawful_in_a_custom_movement() -> None:
    # two tables play board 1 in the same round (a shared set): lawful, nobody plays it twice
    m = custom([(1, 1, 2, (1,)), (2, 3, 4, (1,))], [(1, 1, 3, (2,)), (2, 2, 4, (2,))])
    validate(m)
    assert m.shared_boards()[(1, 1)] == (2,)


def test_howell_kind_must_be_complete() -> None:
    m = Movement("howell", 2, 1, custom([(1, 1, 2, (1,)), (2, 3, 4, (2,))]).rounds)
    assert refusal(m) == "howell: pairs 1 and 3 never meet (a complete Howell meets every pair once)"


def test_mitchell_kind_keeps_ns_stationary() -> None:
    m = Movement(
        "mitchell",
        2,
        1,
        custom([(1, 1, 3, (1,)), (2, 2, 4, (2,))], [(1, 2, 3, (3,)), (2, 1, 4, (4,))]).rounds,
    )
    assert refusal(m).startswith("mitchell: round 2, table 1: N-S pair 2 was at table 2 in round 1")
    m = Movement("mitchell", 1, 1, custom([(1, 1, 2, (1,))], [(1, 3, 1, (2,))]).rounds)
    assert refusal(m).startswith("mitchell: round 2, table 1: pair 1 sits E-W but sat N-S in round 1")


def teams_movement(rounds: tuple[MovementRound, ...], teams: dict[str, tuple[PairId, ...]]) -> Movement:
    return Movement("teams", max(len(r.tables) for r in rounds), 1, rounds, teams)


def test_teams_kind_errors() -> None:
    good = team_match(2, 1)
    assert refusal(Movement("teams", 2, 1, good.rounds)) == "teams: the movement does not name the two teams"
    assert "equal size" in refusal(Movement("teams", 2, 1, good.rounds, {"A": (1, 2), "B": (3, 4, 5)}))
    assert "at least two pairs" in refusal(Movement("teams", 2, 1, good.rounds, {"A": (1,), "B": (3,)}))
    # both pairs of team A at one table
    bad = custom([(1, 1, 2, (1,)), (2, 3, 4, (2,))], [(1, 1, 2, (2,)), (2, 3, 4, (1,))])
    message = refusal(teams_movement(bad.rounds, {"A": (1, 2), "B": (3, 4)}))
    assert message.startswith("teams: round 1, table 1: pairs 1 and 2 are both of team A")
    # a pair changing opponents
    bad = custom([(1, 1, 3, (1,)), (2, 4, 2, (2,))], [(1, 1, 4, (3,)), (2, 3, 2, (4,))])
    assert "keeps one opponent pair" in refusal(teams_movement(bad.rounds, {"A": (1, 2), "B": (3, 4)}))
    # team A all N-S
    bad = custom([(1, 1, 3, (1,)), (2, 2, 4, (2,))], [(1, 1, 3, (2,)), (2, 2, 4, (1,))])
    assert refusal(teams_movement(bad.rounds, {"A": (1, 2), "B": (3, 4)})) == (
        "teams: team A seats 2 of its 2 pairs N-S; law G seats half of each team N-S and half E-W "
        "(as near as possible)"
    )
    # a deal not played at every table
    bad = custom([(1, 1, 3, (1,)), (2, 4, 2, (2,))], [(1, 1, 3, (3,)), (2, 4, 2, (1,))])
    assert refusal(teams_movement(bad.rounds, {"A": (1, 2), "B": (3, 4)})).startswith(
        "teams: board 2 is never played at table 1"
    )


def test_teams_kind_lets_a_table_sit_idle_when_each_deal_is_played_once_at_each_table() -> None:
    # Law G: "each of which is played once at each table", in whichever round. Three tables, two boards, one a
    # round, each board passed on to the next table: table 3 idle in round 1, table 1 in 2, table 2 in 3.
    seats = {1: (1, 4), 2: (5, 2), 3: (3, 6)}

    def at(table: int, board: int) -> TablePlay:
        return TablePlay(table, *seats[table], (board,))

    rounds = (
        MovementRound(1, (at(1, 1), at(2, 2))),
        MovementRound(2, (at(2, 1), at(3, 2))),
        MovementRound(3, (at(1, 2), at(3, 1))),
    )
    relayed = Movement("teams", 3, 1, rounds, {"A": (1, 2, 3), "B": (4, 5, 6)})
    validate(relayed)
    # A deal still must be played at every table, once.
    short = Movement("teams", 3, 1, (*rounds[:2], MovementRound(3, (at(1, 2),))), relayed.teams)
    assert refusal(short) == (
        "teams: board 1 is never played at table 3; each deal is played once at each table (law G)"
    )
    twice = Movement("teams", 3, 1, (*rounds, MovementRound(4, (at(1, 1),))), relayed.teams)
    assert (
        refusal(twice) == "round 4, table 1: pair 1 plays board 1 a second time (already at round 1, table 1)"
    )


# ------------------------------------------------------------------------------------------------
# Upload parsing errors
# ------------------------------------------------------------------------------------------------


def csv_refusal(text: str) -> str:
    with pytest.raises(MovementError) as info:
        Movement.from_csv(text)
    message = str(info.value)
    assert "\n" not in message
    return message


def test_csv_missing_columns() -> None:
    assert csv_refusal("round,table,ns,boards\n1,1,1,1\n") == (
        "line 1: the CSV header is missing column ew (a header line round,table,ns,ew,boards is required)"
    )
    assert csv_refusal("1,1,1,2,1-2\n").startswith(
        "line 1: the CSV header is missing columns round, table, ns"
    )
    assert csv_refusal("").startswith("the CSV is empty: a header line round,table,ns,ew,boards is required")
    assert csv_refusal("round,table,ns,ew,boards\n") == "the CSV has a header but no tables"


def test_csv_bad_rows_name_the_line() -> None:
    head = "round,table,ns,ew,boards\n1,1,1,2,1\n"
    assert csv_refusal(head + "2,1,1,x2,two\n") == (
        "line 3: boards 'two' are not board numbers (write board numbers like 1-3, 1 2 3 or 1;2;3)"
    )
    assert csv_refusal(head + "2,1,1,3,1.5\n").startswith("line 3: boards '1.5' are not board numbers")
    assert csv_refusal(head + "2,1,1,3,3-1\n").startswith("line 3: boards '3-1' are not board numbers")
    assert csv_refusal(head + "2,1,1,3,0\n").startswith("line 3: boards '0' are not board numbers")
    assert csv_refusal(head + "2,1,1,3\n") == "line 3: expected 5 cells (round,table,ns,ew,boards), got 4"
    assert csv_refusal(head + "two,1,1,3,2\n") == "line 3: round must be a whole number from 1 up, got 'two'"
    assert csv_refusal(head + "2,1.5,1,3,2\n") == "line 3: table must be a whole number from 1 up, got '1.5'"
    assert csv_refusal(head + "2,1,,3,2\n") == "line 3: ns pair is missing"
    assert csv_refusal(head + "2,1,1,3,\n") == "line 3: no boards listed"
    assert csv_refusal(head + "\n1,1,3,4,2\n") == "line 4: round 1, table 1 is listed twice (first at line 2)"
    assert csv_refusal(head + "2,,1,,2\n") == (
        "line 3: a line with no table lists pairs sitting out and has no boards"
    )


def test_csv_is_validated_the_general_way() -> None:
    text = "round,table,ns,ew,boards\n1,1,1,2,1-2\n2,1,1,3,2-3\n"
    assert csv_refusal(text) == (
        "round 2, table 1: pair 1 plays board 2 a second time (already at round 1, table 1)"
    )
    assert csv_refusal("round,table,ns,ew,boards\n1,1,1,2,1\n3,1,1,3,2\n") == (
        "rounds must be numbered 1 to 2 in order: found round 3 where round 2 was expected"
    )
    unchecked = Movement.from_csv(text, check=False)
    assert len(unchecked.rounds) == 2


def test_json_errors() -> None:
    with pytest.raises(MovementError, match=r"^not valid JSON: Expecting value at line 1, column 1$"):
        Movement.from_json("nope")
    with pytest.raises(MovementError, match=r"^a movement must be a JSON object, got list$"):
        Movement.from_json("[]")
    with pytest.raises(MovementError, match=r"^the movement has no 'rounds'$"):
        Movement.from_json("{}")
    bad_board = {"rounds": [{"round": 1, "tables": [{"table": 1, "ns": 1, "ew": 2, "boards": [1, "x"]}]}]}
    with pytest.raises(MovementError, match=r"^round 1, table 1: board 'x' is not a board number"):
        Movement.from_dict(bad_board)
    missing = {"rounds": [{"round": 1, "tables": [{"table": 1, "ns": 1, "boards": [1]}]}]}
    with pytest.raises(MovementError, match=r"^round 1, tables\[0\]: missing ew$"):
        Movement.from_dict(missing)
    with pytest.raises(MovementError, match=r"^unknown movement kind 'rover'"):
        Movement.from_dict({"kind": "rover", "rounds": []})
    repeat = {
        "kind": "custom",
        "rounds": [
            {"round": 1, "tables": [{"table": 1, "ns": 1, "ew": 2, "boards": [1]}]},
            {"round": 2, "tables": [{"table": 1, "ns": 1, "ew": 2, "boards": [2]}]},
        ],
    }
    with pytest.raises(
        MovementError, match=r"^round 2, table 1: pairs 1 and 2 meet a second time the same way"
    ):
        Movement.from_json(json.dumps(repeat))


# ------------------------------------------------------------------------------------------------
# Command line
# ------------------------------------------------------------------------------------------------


def test_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert mv.main(["mitchell", "--tables", "7", "--boards-per-round", "2", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["kind"] == "mitchell"
    assert data["tables"] == 7
    assert data["rounds"][0]["tables"][0] == {"table": 1, "ns": 1, "ew": 8, "boards": [1, 2]}


def test_cli_text_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert mv.main(["mitchell", "--tables", "6", "--boards-per-round", "2", "--skip"]) == 0
    assert capsys.readouterr().out.startswith("Mitchell: 6 tables, 5 rounds")
    assert mv.main(["howell", "--tables", "4", "--boards-per-round", "2", "--pairs", "7"]) == 0
    assert "Sits out" in capsys.readouterr().out
    assert mv.main(["teams", "--tables", "3", "--boards-per-round", "4", "--format", "text"]) == 0
    assert "Team B: pairs 4, 5, 6" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["rover", "--tables", "4", "--boards-per-round", "2"], "unknown movement kind 'rover'"),
        (["mitchell", "--boards-per-round", "2"], "the following arguments are required: --tables"),
        (["mitchell", "--tables", "four", "--boards-per-round", "2"], "--tables must be a whole number"),
        (["mitchell", "--tables", "2", "--boards-per-round", "2"], "mitchell: tables must be from 3 to 100"),
        (
            ["howell", "--tables", "9", "--boards-per-round", "2", "--skip"],
            "--skip applies to a Mitchell only",
        ),
        (
            ["howell", "--tables", "11", "--boards-per-round", "2"],
            "howell: tables must be from 3 to 10, got 11",
        ),
        (["mitchell", "--tables", "4", "--boards-per-round", "2", "--skip", "--relay"], "not allowed with"),
        (
            ["mitchell", "--tables", "4", "--boards-per-round", "2", "--format", "xml"],
            "--format must be json",
        ),
        (
            ["teams", "--tables", "3", "--boards-per-round", "40"],
            "teams: boards per round must be from 1 to 36",
        ),
    ],
)
def test_cli_bad_arguments_one_line_nonzero(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert mv.main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert captured.err.startswith("movement: error: ")
    assert message in captured.err


# ------------------------------------------------------------------------------------------------
# Property: validate() agrees with the independent general-rule checker on random custom movements
# ------------------------------------------------------------------------------------------------


def lawful_by_hand(m: Movement) -> bool:
    """The general rules, and (a custom movement) two pairs meeting at most once each way round."""
    try:
        assert_general_rules(m)
    except AssertionError:
        return False
    met = Counter((p.ns, p.ew) for rnd in m.rounds for p in rnd.tables)
    return not met or max(met.values()) == 1


@st.composite
def random_movements(draw: st.DrawFn) -> Movement:
    tables = draw(st.integers(1, 3))
    per_round = draw(st.integers(1, 2))
    rounds = []
    for number in range(1, draw(st.integers(1, 4)) + 1):
        plays = []
        for table in range(1, tables + 1):
            ns, ew = draw(st.integers(1, 6)), draw(st.integers(1, 6))
            boards = draw(st.lists(st.integers(1, 8), min_size=1, max_size=per_round + 1))
            plays.append(TablePlay(table, ns, ew, tuple(boards)))
        rounds.append(MovementRound(number, tuple(plays)))
    return Movement("custom", tables, per_round, tuple(rounds))


@settings(max_examples=300, deadline=None)
@given(random_movements())
def test_validate_agrees_with_independent_check(m: Movement) -> None:
    try:
        validate(m)
        verdict = True
    except MovementError:
        verdict = False
    assert verdict == lawful_by_hand(m)


# ------------------------------------------------------------------------------------------------
# Compass: pairs stationary, boards passed to the next-lower table (table 1's to the last)
# ------------------------------------------------------------------------------------------------


def test_compass_three_tables_by_hand() -> None:
    # N-S 1, 2, 3 at tables 1-3 v E-W 4, 5, 6, all session.  Sets: 1-2, 3-4, 5-6 start at tables 1-3;
    # after each round table 2 hands its boards to table 1, table 3 to table 2, table 1 to table 3.
    m = mv.compass(3, 2)
    rows = [[(p.table, p.ns, p.ew, p.boards) for p in rnd.tables] for rnd in m.rounds]
    assert rows == [
        [(1, 1, 4, (1, 2)), (2, 2, 5, (3, 4)), (3, 3, 6, (5, 6))],
        [(1, 1, 4, (3, 4)), (2, 2, 5, (5, 6)), (3, 3, 6, (1, 2))],
        [(1, 1, 4, (5, 6)), (2, 2, 5, (1, 2)), (3, 3, 6, (3, 4))],
    ]
    assert (m.kind, m.tables, m.boards_per_round) == ("compass", 3, 2)
    assert m.ns_pairs == (1, 2, 3)
    assert m.ew_pairs == (4, 5, 6)


def test_compass_four_tables_by_hand() -> None:
    m = generate("compass", tables=4, boards_per_round=1)
    # board played at tables 1..4, round by round
    assert [[p.boards[0] for p in rnd.tables] for rnd in m.rounds] == [
        [1, 2, 3, 4],
        [2, 3, 4, 1],
        [3, 4, 1, 2],
        [4, 1, 2, 3],
    ]
    # every table keeps its pairs: 1 v 5, 2 v 6, 3 v 7, 4 v 8
    assert {(p.table, p.ns, p.ew) for rnd in m.rounds for p in rnd.tables} == {
        (1, 1, 5),
        (2, 2, 6),
        (3, 3, 7),
        (4, 4, 8),
    }
    # each pair meets its one opponent every round and holds each board once
    assert set(meetings(m).values()) == {4}
    for boards in board_history(m).values():
        assert sorted(boards) == [1, 2, 3, 4]
    text = m.to_text()
    assert text.startswith("Compass: 4 tables, 4 rounds, 1 board a round, 4 boards (1-4)")
    assert "boards pass to the next-lower table (table 1 passes to table 4)" in text


@pytest.mark.parametrize("tables", range(2, 16))
def test_compass_every_table_count_is_lawful(tables: int) -> None:
    m = mv.compass(tables, 2)
    assert len(m.rounds) == tables
    assert len(m.boards) == 2 * tables
    for pair, boards in board_history(m).items():
        assert sorted(boards) == list(range(1, 2 * tables + 1)), pair


def test_compass_round_trips_and_argument_errors() -> None:
    m = mv.compass(3, 2)
    assert Movement.from_dict(m.to_dict()) == m
    assert Movement.from_csv(m.to_csv(), kind="compass") == m
    with pytest.raises(MovementError, match=r"^compass: tables must be from 2 to 100, got 1$"):
        mv.compass(1, 2)
    with pytest.raises(MovementError, match=r"^compass: the number of pairs follows from the tables"):
        generate("compass", tables=3, boards_per_round=2, pairs=6)


def compass_of(*rounds: Iterable[tuple[int, PairId, PairId, tuple[int, ...]]]) -> Movement:
    base = custom(*rounds)
    return Movement("compass", base.tables, base.boards_per_round, base.rounds)


def test_compass_validation_refuses_boards_passed_up() -> None:
    # Boards passed to the next-HIGHER table: table 1 gets table 3's board 3 in round 2.
    wrong = compass_of(
        [(1, 1, 4, (1,)), (2, 2, 5, (2,)), (3, 3, 6, (3,))],
        [(1, 1, 4, (3,)), (2, 2, 5, (1,)), (3, 3, 6, (2,))],
        [(1, 1, 4, (2,)), (2, 2, 5, (3,)), (3, 3, 6, (1,))],
    )
    assert refusal(wrong) == (
        "compass: round 2, table 1 plays boards 3, but table 2 played 2 in round 1 "
        "(the boards pass to the next-lower table; table 1 passes to table 3)"
    )


def test_compass_validation_refuses_a_pair_that_moves() -> None:
    # E-W pairs change tables in round 2 (a Mitchell's move, not a compass).
    moved = compass_of(
        [(1, 1, 3, (1,)), (2, 2, 4, (2,))],
        [(1, 1, 4, (3,)), (2, 2, 3, (4,))],
    )
    assert refusal(moved) == (
        "compass: round 2, table 1 seats 1 v 4, but round 1 seated 1 v 3 there (in a compass movement "
        "the pairs stay at their table and meet the same opponents every round)"
    )


def test_compass_validation_refuses_a_board_not_played_at_every_table() -> None:
    # Two rounds of three tables: board 3 never reaches table 1 (nor board 1 table 2).
    short = compass_of(
        [(1, 1, 4, (1,)), (2, 2, 5, (2,)), (3, 3, 6, (3,))],
        [(1, 1, 4, (2,)), (2, 2, 5, (3,)), (3, 3, 6, (1,))],
    )
    assert refusal(short) == (
        "compass: board 3 is never played at table 1 "
        "(in a compass movement every board is played once at every table)"
    )


def test_compass_validation_refuses_a_missing_table_and_a_single_table() -> None:
    gap = compass_of(
        [(1, 1, 3, (1,)), (2, 2, 4, (2,))],
        [(1, 1, 3, (2,))],
    )
    assert refusal(gap) == "compass: round 2: table 2 is not in play (every table plays every round)"
    alone = compass_of([(1, 1, 2, (1,))], [(1, 1, 2, (2,))])
    assert refusal(alone) == "compass: a compass movement needs at least 2 tables, got 1"


def test_custom_kind_still_refuses_stationary_pairs_meeting_again() -> None:
    stationary = custom(
        [(1, 1, 3, (1,)), (2, 2, 4, (2,))],
        [(1, 1, 3, (2,)), (2, 2, 4, (1,))],
    )
    assert (
        refusal(stationary)
        == "round 2, table 1: pairs 1 and 3 meet a second time the same way round (already at round 1, table 1)"
    )
    assert (
        validate(
            compass_of(*[[(p.table, p.ns, p.ew, p.boards) for p in r.tables] for r in stationary.rounds])
        )
        is None
    )


def test_cli_compass(capsys: pytest.CaptureFixture[str]) -> None:
    assert mv.main(["compass", "--tables", "3", "--boards-per-round", "2", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["kind"] == "compass"
    assert len(data["rounds"]) == 3
    assert data["rounds"][1]["tables"][2] == {"table": 3, "ns": 3, "ew": 6, "boards": [1, 2]}
    assert mv.main(["compass", "--tables", "3", "--boards-per-round", "2", "--skip"]) == 2
    assert "--skip applies to a Mitchell only" in capsys.readouterr().err


@pytest.mark.parametrize("kind", ["mitchell", "compass", "teams"])
def test_a_section_of_more_than_100_tables_is_refused_not_generated(kind):
    """A movement grows as the square of its tables: a mistyped 99999999 is refused naming the field (it once
    ran for minutes and took gigabytes); 100 tables, far beyond any room, is still generated."""
    what = "pairs per team" if kind == "teams" else "tables"
    for tables in (101, 99_999_999):
        with pytest.raises(mv.MovementError, match=f"{kind}: {what} must be from [23] to 100, got {tables}"):
            mv.generate(kind, tables=tables, boards_per_round=2)
    assert len(mv.generate(kind, tables=100, boards_per_round=1).rounds) >= 50
