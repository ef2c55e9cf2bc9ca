"""The size limits every movement keeps, generated, uploaded or read from an event file: tables a section,
rounds, pairs, results to enter (a board at a table in a round). Pure Python."""

from __future__ import annotations

import time

import pytest

from scoring.movements import (
    MAX_PAIRS,
    MAX_PLAYS,
    MAX_ROUNDS,
    MAX_SECTION_TABLES,
    Movement,
    MovementError,
    MovementRound,
    TablePlay,
    generate,
    validate,
)


def custom(
    rounds: int, tables: int, boards: int = 1, sit_out: int = 0, *, new_pairs: bool = True
) -> Movement:
    """Each round at each table two new pairs (or the same ones each round), each table its own boards."""
    out = []
    pair = 0
    for r in range(1, rounds + 1):
        plays = []
        for t in range(1, tables + 1):
            first = (r - 1) * boards * tables + (t - 1) * boards + 1
            plays.append(TablePlay(t, pair + 1, pair + 2, tuple(range(first, first + boards))))
            pair += 2
        pair = pair if new_pairs else 0
        out.append(MovementRound(r, tuple(plays), tuple(range(10**6, 10**6 + sit_out))))
    return Movement("custom", tables, boards, tuple(out))


def test_the_largest_generated_movements_are_accepted():
    assert len(generate("mitchell", tables=MAX_SECTION_TABLES, boards_per_round=2).rounds) == 100
    generate("compass", tables=MAX_SECTION_TABLES, boards_per_round=2)
    generate("teams", tables=MAX_SECTION_TABLES, boards_per_round=2)
    generate("mitchell", tables=10, boards_per_round=36)


@pytest.mark.parametrize(
    ("kind", "tables", "per_round"),
    [
        ("mitchell", 100, 36),
        ("mitchell", 100, 3),
        ("compass", 100, 3),
        ("mitchell", 80, 4),
        ("teams", 100, 36),
    ],
)
def test_a_movement_with_more_results_than_the_limit_is_refused_at_once(kind, tables, per_round):
    start = time.perf_counter()
    with pytest.raises(MovementError, match=f"at most {MAX_PLAYS:,} results to enter"):
        generate(kind, tables=tables, boards_per_round=per_round)
    assert time.perf_counter() - start < 30  # not a timing test: a hang would show here, not a slowness


def test_an_uploaded_movement_keeps_the_limits():
    with pytest.raises(MovementError, match=f"tables must be a whole number from 1 to {MAX_SECTION_TABLES}"):
        validate(Movement("mitchell", 500, 36, custom(1, 1).rounds))
    with pytest.raises(MovementError, match=f"at most {MAX_ROUNDS} rounds, got 101"):
        validate(custom(101, 1))
    with pytest.raises(MovementError, match=f"at most {MAX_PAIRS} pairs, got 202"):
        validate(custom(1, 100, sit_out=2))
    with pytest.raises(
        MovementError, match="round 1: at most 100 tables and 200 pairs sitting out, got 1 tables and 200,000"
    ):
        validate(custom(1, 1, sit_out=200_000))
    with pytest.raises(MovementError, match=f"at most {MAX_PLAYS:,} results to enter"):
        validate(custom(100, 10, boards=36, new_pairs=False))  # 36,000 results, 20 pairs
    validate(custom(1, 100))  # 200 pairs at 100 tables: the largest field
