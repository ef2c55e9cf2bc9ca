"""Where a match of an event of matches plays (docs/leagues.md): its round's boards and its tables.  A team
match at match table t plays at tables 2t - 1 and 2t; a Swiss pairs match at table t; a bye at none."""

from __future__ import annotations

from duplicate import contests
from duplicate.contests import contest_named


def round_boards(round_number: int, boards_per_match: int) -> range:
    """The numbers of the boards round ``round_number`` plays."""
    return range((round_number - 1) * boards_per_match + 1, round_number * boards_per_match + 1)


def match_tables(table: int, *, teams: bool) -> tuple[int, ...]:
    """The tables (seatings) of match table ``table``: two for a team match, one for a pair's."""
    if table == 0:
        return ()
    return (2 * table - 1, 2 * table) if teams else (table,)


def match_of_table(table: int, *, teams: bool) -> int:
    """The match table a seating's ``table`` belongs to."""
    return (table + 1) // 2 if teams else table


#: How a Swiss pairs match may score its boards (described once, ``duplicate.contests``); the first by default.
MATCH_SCORINGS = contests.MATCH_SCORINGS


def by_matchpoints(match_scoring: str) -> bool:
    """Whether a Swiss pairs match of this ``match_scoring`` scores its boards by matchpoints (else IMPs)."""
    return bool(match_scoring) and contest_named(match_scoring).neuberg
