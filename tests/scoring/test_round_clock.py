"""The round clock's arithmetic (scoring.round_clock), worked by hand: 20-minute rounds (1200 s), the clock
started at round 2 of 4 at 19:30:00."""

from __future__ import annotations

import datetime as dt

import pytest

from scoring.round_clock import ClockState, clock_state, clock_text

START = dt.datetime(2026, 3, 4, 19, 30, 0, tzinfo=dt.UTC)


def at(minutes: int, seconds: int = 0, micro: int = 0) -> ClockState | None:
    now = START + dt.timedelta(minutes=minutes, seconds=seconds, microseconds=micro)
    return clock_state(started_at=START, clock_round=2, minutes=20, rounds=4, now=now)


def test_the_first_round_counts_down_from_its_length():
    assert at(0) == ClockState(round=2, seconds_left=1200, last=False, moving=False, over=False)
    # 7 min 26.9 s run: 446 whole seconds, 1200 - 446 = 754 s = 12:34 left
    state = at(7, 26, 900_000)
    assert state == ClockState(round=2, seconds_left=754, last=False, moving=False, over=False)
    assert clock_text(state) == "Round 2 — 12:34 left"
    assert at(19, 59).seconds_left == 1  # type: ignore[union-attr]


def test_a_round_ends_and_the_players_move():
    # 20:00 run: round 3 starts, its first 60 s the move (19:50:00 to 19:50:59)
    state = at(20)
    assert state == ClockState(round=3, seconds_left=1200, last=False, moving=True, over=False)
    assert clock_text(state) == "Round 2 has ended: move for round 3"
    assert at(20, 59).moving  # type: ignore[union-attr]
    state = at(21)
    assert state == ClockState(round=3, seconds_left=1140, last=False, moving=False, over=False)
    assert clock_text(state) == "Round 3 — 19:00 left"


def test_the_last_round_is_said():
    state = at(40)  # 2400 s: two rounds run, round 4 of 4
    assert state == ClockState(round=4, seconds_left=1200, last=True, moving=True, over=False)
    assert clock_text(state) == "Round 3 has ended: move for round 4, the last round"
    state = at(45, 5)  # 2705 s: 305 s into round 4, 895 s = 14:55 left
    assert state == ClockState(round=4, seconds_left=895, last=True, moving=False, over=False)
    assert clock_text(state) == "Last round — 14:55 left"


def test_play_ends_after_the_last_round():
    assert at(59, 59).seconds_left == 1  # type: ignore[union-attr]
    state = at(60)  # 3600 s: rounds 2, 3 and 4 run
    assert state == ClockState(round=4, seconds_left=0, last=True, moving=False, over=True)
    assert clock_text(state) == "Play has ended"
    assert at(600) == state


def test_before_the_start_the_round_is_full():
    assert at(-5) == ClockState(round=2, seconds_left=1200, last=False, moving=False, over=False)


def test_the_first_round_of_the_clock_is_never_a_move():
    # started at round 1: its first minute counts down, nothing ended yet
    state = clock_state(
        started_at=START, clock_round=1, minutes=1, rounds=2, now=START + dt.timedelta(seconds=30)
    )
    assert state == ClockState(round=1, seconds_left=30, last=False, moving=False, over=False)
    assert clock_text(state) == "Round 1 — 0:30 left"


@pytest.mark.parametrize(
    ("minutes", "clock_round", "rounds"), [(0, 1, 4), (20, 5, 4), (20, 0, 4), (20, 1, 0)]
)
def test_no_clock(minutes, clock_round, rounds):
    assert (
        clock_state(started_at=START, clock_round=clock_round, minutes=minutes, rounds=rounds, now=START)
        is None
    )
