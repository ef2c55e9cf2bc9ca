"""Round-robin leagues and the VP table of any event of matches (league, Swiss teams, Swiss pairs).

Pure Python, exact (:class:`fractions.Fraction`).  Entrants are named by whole numbers (the teams' ids); a
bye is a meeting whose ``away`` is ``None``.  The schedule is the circle method; the table ranks by VPs with
the tie-breaks docs/laws.md writes down ("Leagues and Swiss: the table").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

#: The league sizes a schedule is made for (issue 33: 3 to 40 teams).
LEAGUE_MIN = 3
LEAGUE_MAX = 40


@dataclass(frozen=True)
class Meeting:
    """One match of a round: ``home`` against ``away`` at ``table`` (1, 2, ...); ``away`` None: ``home`` has
    the round's bye (``table`` 0)."""

    round: int
    table: int
    home: int
    away: int | None


@dataclass(frozen=True)
class MatchResult:
    """A played match (or a bye, ``away`` None) as the table counts it: each side's IMPs (None when the
    result was given as VPs only, or for a bye) and VPs (exact)."""

    round: int
    home: int
    away: int | None
    home_imps: int | None
    away_imps: int | None
    home_vps: Fraction
    away_vps: Fraction


@dataclass(frozen=True)
class VpRow:
    """An entrant's line in the table: ``rank`` (1 first; tied entrants share the better rank and ``tied``
    is True), VPs, net IMPs (for less against, over the matches with IMPs), matches played (byes count),
    won/drawn/lost by VPs, IMPs for and against."""

    entrant: int
    rank: int
    tied: bool
    vps: Fraction
    imps: int
    played: int
    won: int
    drawn: int
    lost: int
    imps_for: int
    imps_against: int


def circle_schedule(entrants: Sequence[int]) -> tuple[Meeting, ...]:
    """Every round of a round robin of ``entrants`` (3 to 40, in the order given) by the circle method: n - 1
    rounds for an even n, n for an odd n with one bye a round; each pair of entrants meets once; home and
    away alternate so that no entrant is home more than one round more than away."""
    raise NotImplementedError


def vp_standings(
    entrants: Sequence[int], results: Iterable[MatchResult], *, head_to_head: bool = True
) -> tuple[VpRow, ...]:
    """The table: every entrant (played or not), best first, by the tie-breaks docs/laws.md writes."""
    raise NotImplementedError


def mp_share_vps(home: Fraction, away: Fraction) -> tuple[Fraction, Fraction]:
    """A Swiss pairs match by matchpoints: the two pairs' VPs out of 20 in proportion to their matchpoints on
    the match's boards (10-10 when neither scored), exact (docs/laws.md)."""
    raise NotImplementedError
