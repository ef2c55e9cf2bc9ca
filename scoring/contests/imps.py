"""The WBF IMP scale and the WBF 2013 continuous 20-VP scale, and team matches scored by IMPs.

IMP scale (WBF; law 78B of the Laws of Duplicate Bridge): a difference of 0-10 points is 0 IMPs, 20-40 is 1,
50-80 is 2, ... 4000 and more is 24.  Differences that are not multiples of 10 (a cross-IMP or Butler datum
never gives one: scores and data are multiples of 10) are read by the same lower bounds: 15 is 0 IMPs.

Victory points (WBF 2013 continuous scale, the WBF Scoring Panel's technical report "The New WBF IMP to VP
Scales"): for a margin of ``M`` IMPs in a match of ``N`` boards, with ``tau = (sqrt(5) - 1) / 2`` and the
blitz margin ``X = 15 * sqrt(N)``, the winner scores ``10 + 10 * (1 - tau ** (3 * M / X)) / (1 - tau ** 3)``
VPs, 20 from ``M >= X`` on; the loser ``20 - that``.  The formula is irrational, so it is evaluated with
:mod:`decimal` at 50 digits and rounded to 2 decimals, halves up; where the rounding would make an IMP worth
more than the one before it (the report requires each extra IMP to be worth no more), the VP before the
offending step is raised by 0.01, again until there is none (16 boards: 14 IMPs is 13.75, plain rounding
13.74).  The result is an exact ``Decimal`` of 2 places; no float is used.  See docs/laws.md.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, localcontext
from functools import cache
from typing import Any, Final, NamedTuple

from scoring.errors import ContestError, show_value

__all__ = [
    "IMP_BOUNDS",
    "TeamBoard",
    "TeamBoardLine",
    "TeamImpMatch",
    "imps",
    "team_imps_match",
    "victory_points",
    "vp_table",
]

#: The lower bound of the difference for 1, 2, ... 24 IMPs (WBF scale).
IMP_BOUNDS: Final = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
    750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)  # fmt: skip
VP_MAX: Final = 20
VP_DRAW: Final = 10
_CENT: Final = Decimal("0.01")
_PRECISION: Final = 50


def imps(difference: int) -> int:
    """The IMPs (WBF scale) of a difference in points, with its sign: imps(-430) == -10."""
    if isinstance(difference, bool) or not isinstance(difference, int):
        raise ContestError("difference", f"must be a whole number of points, got {show_value(difference)}")
    n = bisect_right(IMP_BOUNDS, abs(difference))
    return n if difference >= 0 else -n


def _boards(boards: object) -> int:
    if isinstance(boards, bool) or not isinstance(boards, int) or boards < 1:
        raise ContestError("boards", f"must be a whole number from 1, got {show_value(boards)}")
    return boards


@cache
def vp_table(boards: int) -> tuple[Decimal, ...]:
    """The winner's VPs for a margin of 0, 1, 2, ... IMPs in a match of ``boards`` boards, up to the first
    margin worth 20 (the blitz): the WBF 2013 continuous scale, 2 decimals (module docstring)."""
    n = _boards(boards)
    with localcontext() as context:
        context.prec = _PRECISION
        tau = (Decimal(5).sqrt() - 1) / 2
        blitz = 15 * Decimal(n).sqrt()
        log_tau = tau.ln()
        scale = 10 / (1 - tau**3)
        values = [Decimal(VP_DRAW)]
        for margin in range(1, math.ceil(blitz) + 1):
            if margin >= blitz:
                values.append(Decimal(VP_MAX))
                break
            pure = VP_DRAW + scale * (1 - (3 * margin / blitz * log_tau).exp())
            values.append(pure.quantize(_CENT, rounding=ROUND_HALF_UP))
    return tuple(_concave(values))


def _concave(values: list[Decimal]) -> list[Decimal]:
    """Raise by 0.01 the VP before any step bigger than the step before it, until every IMP is worth no
    more than the one before (the WBF report's rule for the continuous scale)."""
    k = 2
    while k < len(values):
        if values[k] - values[k - 1] > values[k - 1] - values[k - 2]:
            values[k - 1] += _CENT
            k = max(2, k - 1)
        else:
            k += 1
    return values


def victory_points(imps_for: int, imps_against: int, boards: int) -> tuple[Decimal, Decimal]:
    """Both teams' VPs (WBF 2013 continuous 20-VP scale) for a match of ``boards`` boards: (for, against)."""
    for name, value in (("imps_for", imps_for), ("imps_against", imps_against)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ContestError(name, f"must be a whole number of IMPs from 0, got {show_value(value)}")
    table = vp_table(_boards(boards))
    margin = abs(imps_for - imps_against)
    winner = table[min(margin, len(table) - 1)]
    loser = VP_MAX - winner
    return (winner, loser) if imps_for >= imps_against else (loser, winner)


class TeamBoard(NamedTuple):
    """One board of a two-team match: the N-S score at the table where the home team sat N-S, and the N-S
    score at the table where the away team sat N-S (as travellers write them: 620, -100)."""

    board: int
    home_ns: int
    away_ns: int


class TeamBoardLine(NamedTuple):
    """A board of the match: the two tables' scores netted for the home team and its IMPs (WBF scale)."""

    board: int
    home_ns: int
    away_ns: int
    net: int
    home_imps: int
    away_imps: int


@dataclass(frozen=True, slots=True)
class TeamImpMatch:
    """A team match by IMPs: each team's IMPs, and VPs on the WBF 2013 continuous scale for ``boards``."""

    home: str
    away: str
    lines: tuple[TeamBoardLine, ...]
    home_imps: int
    away_imps: int
    boards: int
    home_vp: Decimal
    away_vp: Decimal

    @property
    def winner(self) -> str | None:
        """The team with more IMPs; None for a drawn match."""
        if self.home_imps == self.away_imps:
            return None
        return self.home if self.home_imps > self.away_imps else self.away


def _whole(value: object, name: str, board: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ContestError(name, f"board {board}: must be a whole number of points, got {show_value(value)}")
    return value


def _team_board(row: Sequence[Any]) -> TeamBoard:
    if len(row) != 3:
        raise ContestError("boards", f"a board is (board, home_ns, away_ns), got {show_value(row)}")
    board, home_ns, away_ns = row
    if isinstance(board, bool) or not isinstance(board, int):
        raise ContestError("board", f"must be a whole number, got {show_value(board)}")
    return TeamBoard(board, _whole(home_ns, "home_ns", board), _whole(away_ns, "away_ns", board))


def team_imps_match(
    results: Iterable[Sequence[Any]], *, home: str, away: str, boards: int | None = None
) -> TeamImpMatch:
    """Score a two-team match by IMPs: on each board the home team's net is its N-S pair's score less the
    away N-S pair's (its E-W pair scored the negative of theirs), converted by the WBF IMP scale; the match's
    IMPs converted to VPs for ``boards`` boards (default: the boards given).  Each board once."""
    if home == away:
        raise ContestError("teams", f"a match is between two teams, got {home!r} twice")
    lines: list[TeamBoardLine] = []
    seen: set[int] = set()
    for row in results:
        b = _team_board(row)
        if b.board in seen:
            raise ContestError("board", f"board {b.board} is given twice")
        seen.add(b.board)
        net = b.home_ns - b.away_ns
        swing = imps(net)
        lines.append(TeamBoardLine(b.board, b.home_ns, b.away_ns, net, max(swing, 0), max(-swing, 0)))
    lines.sort()
    count = _boards(len(lines) if boards is None else boards)
    home_imps = sum(line.home_imps for line in lines)
    away_imps = sum(line.away_imps for line in lines)
    home_vp, away_vp = victory_points(home_imps, away_imps, count)
    return TeamImpMatch(home, away, tuple(lines), home_imps, away_imps, count, home_vp, away_vp)
