"""Movements' shared vocabulary: pair identifiers, limits, the error, small formatting helpers."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NoReturn

from scoring.errors import MarkedError

PairId = int | str
"""A pair's identifier: a positive integer or a non-empty string, unique within the event."""

KINDS: tuple[str, ...] = ("mitchell", "howell", "teams", "compass", "custom")
GENERATED_KINDS: tuple[str, ...] = ("mitchell", "howell", "teams", "compass")
MAX_BOARDS_PER_ROUND = 36
# A section's tables: far beyond any room (big events play in several sections); a movement grows as tables
# squared, so a mistyped 99999999 must be refused, not generated.
MAX_SECTION_TABLES = 100
# What one movement may ask for, for every kind, generated, uploaded or read from an event file (checked by
# validate() before anything else): a Mitchell or a compass plays as many rounds as tables; two pairs a
# table; a result to enter for each board at each table in each round, 20,000 at most (a 100-table Mitchell
# at 2 boards a round), which keeps making the event and its printouts to a few seconds.
MAX_ROUNDS = MAX_SECTION_TABLES
MAX_PAIRS = 2 * MAX_SECTION_TABLES
MAX_PLAYS = 20_000
MITCHELL_MIN_TABLES = 3
HOWELL_MIN_TABLES = 3
HOWELL_MAX_TABLES = 10
TEAMS_MIN_PAIRS = 2
COMPASS_MIN_TABLES = 2
EVEN_OPTIONS: tuple[str, ...] = ("relay", "skip")

_TITLES = {
    "mitchell": "Mitchell",
    "howell": "Howell",
    "teams": "Team match",
    "compass": "Compass",
    "custom": "Custom movement",
}


class MovementError(MarkedError):
    """A movement (or the request for one) is unlawful or malformed; the message names the problem."""


def _fail(message: str, /, **params: object) -> NoReturn:
    raise MovementError(message, **params)


# --------------------------------------------------------------------------------------------------
# Small helpers
# --------------------------------------------------------------------------------------------------


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _pair_key(pair: PairId) -> tuple[int, int, str]:
    """Sort key: integer pairs in numeric order, then string pairs in alphabetical order."""
    if isinstance(pair, int):
        return (0, pair, "")
    return (1, 0, str(pair))


def _is_pair_id(value: object) -> bool:
    if isinstance(value, int) and not isinstance(value, bool):
        return value > 0
    return isinstance(value, str) and value.strip() != "" and value == value.strip()


def _fmt_pairs(pairs: Iterable[PairId]) -> str:
    return ", ".join(str(p) for p in pairs)


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def format_boards(boards: Iterable[int]) -> str:
    """``(1, 2, 3, 7)`` -> ``"1-3, 7"`` (sorted, runs of consecutive boards as ranges)."""
    numbers = sorted(set(boards))
    parts: list[str] = []
    i = 0
    while i < len(numbers):
        j = i
        while j + 1 < len(numbers) and numbers[j + 1] == numbers[j] + 1:
            j += 1
        parts.append(str(numbers[i]) if i == j else f"{numbers[i]}-{numbers[j]}")
        i = j + 1
    return ", ".join(parts)


def _board_set(index: int, boards_per_round: int) -> tuple[int, ...]:
    """Board set ``index`` (counted from 0): boards ``index*B+1 .. (index+1)*B``."""
    start = index * boards_per_round + 1
    return tuple(range(start, start + boards_per_round))
