"""Swiss draws: each round paired from the top of the table, no two entrants meeting twice while that can be
avoided, drawn as a maximum-weight matching (networkx's ``max_weight_matching``) over the allowed meetings.

Pure Python; entrants are whole numbers (the teams' ids).  docs/laws.md ("Swiss: the draw") writes the rules.
"""

from __future__ import annotations

import secrets
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from scoring.contests.leagues import Meeting


@dataclass(frozen=True)
class Draw:
    """A round's draw: its tables in order (``Meeting``s with tables 1, 2, ...) and the entrant given the
    bye (None for an even field)."""

    round: int
    tables: tuple[Meeting, ...]
    bye: int | None


def first_draw(entrants: Sequence[int], *, seeded: bool, rng: secrets.SystemRandom | None = None) -> Draw:
    """Round 1: ``entrants`` in seeding order (best first) paired 1 v 2, 3 v 4, ... when ``seeded``, else
    shuffled with ``rng`` (a secure shuffle; a fresh ``secrets.SystemRandom()`` when None) and paired so; an
    odd field gives the last the bye."""
    raise NotImplementedError


def swiss_draw(
    ranking: Sequence[int], *, met: Collection[frozenset[int]], byes: Collection[int], round: int
) -> Draw:
    """The next round: ``ranking`` best first (the table after the last round), ``met`` the meetings so far,
    ``byes`` the entrants given a bye so far.  Pairs from the top, never a repeat meeting when a draw without
    one exists; an odd field's bye goes to the lowest-ranked entrant not yet given one."""
    raise NotImplementedError
