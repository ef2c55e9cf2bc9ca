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
from typing import Any, Final, NamedTuple, TypeAlias

from scoring.contests.contract_pairs import AVERAGE, AVERAGE_MINUS, AVERAGE_PLUS
from scoring.errors import ContestError, ScoringError, gettext_noop, show_value, whole_number

__all__ = [
    "AVERAGE_PLUS_IMPS",
    "IMP_BOUNDS",
    "Artificial",
    "TeamBoard",
    "TeamBoardLine",
    "TeamImpMatch",
    "UnscoredBoard",
    "artificial_imps",
    "average_plus_imps",
    "imps",
    "team_imps_match",
    "team_vps",
    "vp_table",
]

#: The lower bound of the difference for 1, 2, ... 24 IMPs (WBF scale).
IMP_BOUNDS: Final = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
    750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)  # fmt: skip
VP_MAX: Final = 20
VP_DRAW: Final = 10
#: Law 12C2 (law 86A of the 2007 code): the IMPs of an artificial adjusted score of average plus in IMP play,
#: unless the organiser sets otherwise (from 1 to the IMP scale's 24).
AVERAGE_PLUS_IMPS: Final = 3
AVERAGE_PLUS_MIN: Final = 1
AVERAGE_PLUS_MAX: Final = len(IMP_BOUNDS)
#: Law 12C2's words for an artificial score's percentage.
ARTIFICIAL_WORDS: Final = {AVERAGE_PLUS: "average plus", AVERAGE: "average", AVERAGE_MINUS: "average minus"}
_CENT: Final = Decimal("0.01")
_PRECISION: Final = 50


def imps(difference: int) -> int:
    """The IMPs (WBF scale) of a difference in points, with its sign: imps(-430) == -10."""
    if isinstance(difference, bool) or not isinstance(difference, int):
        raise ContestError(
            "difference",
            gettext_noop("must be a whole number of points, got %(got)s"),
            got=show_value(difference),
        )
    n = bisect_right(IMP_BOUNDS, abs(difference))
    return n if difference >= 0 else -n


def _boards(boards: object) -> int:
    if isinstance(boards, bool) or not isinstance(boards, int) or boards < 1:
        raise ContestError(
            "boards", gettext_noop("must be a whole number from 1, got %(got)s"), got=show_value(boards)
        )
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


class Artificial(NamedTuple):
    """Law 12C2's artificial adjusted score at one table: its N-S and its E-W pair's percentage of the top
    (60 average plus, 50 average, 40 average minus), as the director types it, "A60/40"."""

    ns: int
    ew: int

    def __str__(self) -> str:
        return f"A{self.ns}/{self.ew}"


#: A table's result on a board of a team match: its N-S score, or an artificial adjusted score.
TableScore: TypeAlias = int | Artificial


def average_plus_imps(value: object) -> int:
    """``value`` when it can be the IMPs of average plus (law 12C2: 3 unless the organiser sets otherwise):
    a whole number from 1 to 24 (the IMP scale's top)."""
    try:
        return whole_number(value, "average_plus_imps", AVERAGE_PLUS_MIN, AVERAGE_PLUS_MAX)
    except ScoringError as exc:
        raise ContestError(exc.field, exc.template, **exc.params) from None


def artificial_imps(percentage: int, average_plus: int = AVERAGE_PLUS_IMPS) -> int:
    """Law 12C2 (law 86A of the 2007 code): in IMP play an artificial adjusted score of average plus (60%) is
    ``average_plus`` IMPs, average minus (40%) as many less than nothing, average (50%) none."""
    if percentage not in ARTIFICIAL_WORDS:
        raise ContestError(
            "adjusted",
            gettext_noop("must be 60, 50 or 40 (law 12C2), got %(got)s"),
            got=show_value(percentage),
        )
    return {AVERAGE_PLUS: average_plus, AVERAGE: 0, AVERAGE_MINUS: -average_plus}[percentage]


class TeamBoard(NamedTuple):
    """One board of a two-team match: the result at the table where the home team sat N-S, and at the table
    where the away team sat N-S: each its N-S score (as travellers write them: 620, -100) or law 12C2's
    artificial adjusted score (``Artificial(60, 40)``)."""

    board: int
    home_ns: TableScore
    away_ns: TableScore


class TeamBoardLine(NamedTuple):
    """A board of the match: the two tables' results, the home team's net (None where a table has an
    artificial score: nothing is compared), and each team's IMPs.

    ``home_result`` and ``away_result`` are each team's IMPs on the board, signed: the swing (+10 and -10), or
    its law 12C2 score (+3 average plus, 0, -3 average minus: two that need not balance, law 12C).
    ``home_imps`` and ``away_imps`` are the IMPs each team's column shows: a swing's to its winner (10 and 0),
    an artificial board's as a swing's when its scores balance, else each team's own, signed (+3 and +3 for
    average plus to both)."""

    board: int
    home_ns: TableScore
    away_ns: TableScore
    net: int | None
    home_imps: int
    away_imps: int
    home_result: int
    away_result: int


class UnscoredBoard(NamedTuple):
    """A board of the match that cannot be scored as entered, and why ("the artificial scores at its two
    tables ..."; the rest of the match is scored)."""

    board: int
    why: str


@dataclass(frozen=True, slots=True)
class TeamImpMatch:
    """A team match by IMPs: each team's IMPs, and VPs on the WBF 2013 continuous scale for ``boards``.

    ``home_imps`` and ``away_imps`` are the totals of the teams' columns; each team's VPs are worked out from
    its own IMPs on the boards (``TeamBoardLine.home_result``), so they add to 20 unless an artificial
    score did not balance.  ``unscored``: the boards that cannot be scored as entered, left out of the
    totals."""

    home: str
    away: str
    lines: tuple[TeamBoardLine, ...]
    home_imps: int
    away_imps: int
    boards: int
    home_vp: Decimal
    away_vp: Decimal
    unscored: tuple[UnscoredBoard, ...] = ()
    average_plus: int = AVERAGE_PLUS_IMPS

    @property
    def winner(self) -> str | None:
        """The team with more IMPs; None for a drawn match."""
        if self.home_imps == self.away_imps:
            return None
        return self.home if self.home_imps > self.away_imps else self.away


def _whole(value: object, name: str, board: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ContestError(
            name,
            gettext_noop("board %(board)s: must be a whole number of points, got %(got)s"),
            board=board,
            got=show_value(value),
        )
    return value


def _table_score(value: object, name: str, board: object) -> TableScore:
    """A table's N-S score, or its artificial score given as ``Artificial`` or a pair (60, 40)."""
    if isinstance(value, tuple) and len(value) == 2:
        ns, ew = value
        for percentage in (ns, ew):
            if isinstance(percentage, bool) or percentage not in ARTIFICIAL_WORDS:
                raise ContestError(
                    name,
                    gettext_noop("board %(board)s: an artificial score is two of 60, 50, 40, got %(got)s"),
                    board=board,
                    got=show_value(value),
                )
        return Artificial(ns, ew)
    return _whole(value, name, board)


def _team_board(row: Sequence[Any]) -> TeamBoard:
    if len(row) != 3:
        raise ContestError(
            "boards", gettext_noop("a board is (board, home_ns, away_ns), got %(got)s"), got=show_value(row)
        )
    board, home_ns, away_ns = row
    if isinstance(board, bool) or not isinstance(board, int):
        raise ContestError(
            "board", gettext_noop("must be a whole number, got %(got)s"), got=show_value(board)
        )
    return TeamBoard(board, _table_score(home_ns, "home_ns", board), _table_score(away_ns, "away_ns", board))


def _board_line(b: TeamBoard, home: str, away: str, average_plus: int) -> TeamBoardLine | UnscoredBoard:
    """One board's line: the WBF scale on the two tables' net; with an artificial score at a table, law 12C2's
    IMPs of each team's pair there (the other table's result is not compared).  With one at both tables,
    each team's two pairs must have the same (law 12C2 scores a team once on a board)."""
    if not isinstance(b.home_ns, Artificial) and not isinstance(b.away_ns, Artificial):
        net = b.home_ns - b.away_ns
        swing = imps(net)
        return TeamBoardLine(b.board, b.home_ns, b.away_ns, net, max(swing, 0), max(-swing, 0), swing, -swing)
    given: dict[str, set[int]] = {home: set(), away: set()}
    for ns_team, ew_team, score in ((home, away, b.home_ns), (away, home, b.away_ns)):
        if isinstance(score, Artificial):
            given[ns_team].add(score.ns)
            given[ew_team].add(score.ew)
    for team, percentages in given.items():
        if len(percentages) > 1:
            words = " and ".join(ARTIFICIAL_WORDS[p] for p in sorted(percentages, reverse=True))
            return UnscoredBoard(
                b.board,
                f"the artificial scores at its two tables ({b.home_ns}, {b.away_ns}) give {team} {words}; "
                "law 12C2 scores a team once on a board: give its two pairs the same",
            )
    home_result, away_result = (artificial_imps(given[t].pop(), average_plus) for t in (home, away))
    if home_result == -away_result:  # balanced: as a swing of that many IMPs
        columns = (max(home_result, 0), max(away_result, 0))
    else:  # law 12C: the two need not balance; each team is credited its own
        columns = (home_result, away_result)
    return TeamBoardLine(b.board, b.home_ns, b.away_ns, None, *columns, home_result, away_result)


def team_vps(net: int, boards: int) -> Decimal:
    """A team's VPs (WBF 2013 continuous 20-VP scale) for its net IMPs over a match of ``boards`` boards: the
    winner's figure for a margin of ``net`` IMPs, ``20 -`` it for a loss of as many.  The match's two teams
    each score from their own net (``team_imps_match``), so their VPs add to 20 when the two nets balance."""
    if isinstance(net, bool) or not isinstance(net, int):
        raise ContestError(
            "net", gettext_noop("must be a whole number of IMPs, got %(got)s"), got=show_value(net)
        )
    table = vp_table(_boards(boards))
    won = table[min(abs(net), len(table) - 1)]
    return won if net >= 0 else VP_MAX - won


def team_imps_match(
    results: Iterable[Sequence[Any]],
    *,
    home: str,
    away: str,
    boards: int | None = None,
    average_plus: int = AVERAGE_PLUS_IMPS,
) -> TeamImpMatch:
    """Score a two-team match by IMPs: on each board the home team's net is its N-S pair's score less the
    away N-S pair's (its E-W pair scored the negative of theirs), converted by the WBF IMP scale; a board with
    law 12C2's artificial score at a table scores each team law 12C2's IMPs (``average_plus`` for average
    plus, its negative for average minus, none for average), and a board that cannot be scored so is set
    aside (``unscored``) while the rest are scored.  The match's IMPs converted to VPs for ``boards`` boards
    (default: the boards given), each team's from its own IMPs.  Each board once."""
    if home == away:
        raise ContestError(
            "teams", gettext_noop("a match is between two teams, got %(home)r twice"), home=home
        )
    average_plus = average_plus_imps(average_plus)
    lines: list[TeamBoardLine] = []
    unscored: list[UnscoredBoard] = []
    seen: set[int] = set()
    for row in results:
        b = _team_board(row)
        if b.board in seen:
            raise ContestError("board", gettext_noop("board %(board)s is given twice"), board=b.board)
        seen.add(b.board)
        line = _board_line(b, home, away, average_plus)
        if isinstance(line, UnscoredBoard):
            unscored.append(line)
        else:
            lines.append(line)
    lines.sort(key=lambda line: line.board)
    count = _boards(len(seen) if boards is None else boards)
    home_imps = sum(line.home_imps for line in lines)
    away_imps = sum(line.away_imps for line in lines)
    home_vp = team_vps(sum(line.home_result for line in lines), count)
    away_vp = team_vps(sum(line.away_result for line in lines), count)
    totals = (home_imps, away_imps, count, home_vp, away_vp)
    return TeamImpMatch(home, away, tuple(lines), *totals, tuple(sorted(unscored)), average_plus)
