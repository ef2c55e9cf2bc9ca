"""A contract bridge team match by IMPs, as its page shows it: each board's two N-S scores, the net for the
home team, the IMPs of the swing (WBF scale), the running IMPs, and the match's IMPs and VPs (WBF 2013
continuous 20-VP scale, ``scoring.contests.imps``).  Two queries: the pairs and the plays.

No peeking: a board in ``hidden`` (still in play for this viewer) shows no scores, and neither its IMPs nor the
totals include it until every table has played it."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from duplicate.models import Event
from duplicate.selectors.contract import ContractTeams
from duplicate.selectors.standings import Progress, event_results, pair_infos, progress_of
from scoring.contests import team_imps_match


@dataclass(frozen=True, slots=True)
class ImpBoardLine:
    board: int
    home_ns: int | None
    away_ns: int | None
    net: int | None  # the home team's: its N-S score less the away team's N-S score
    home_imps: int | None
    away_imps: int | None
    running: int | None  # the home team's IMPs less the away team's, so far


@dataclass(frozen=True)
class ImpMatch:
    event_id: int
    home: str
    away: str
    lines: tuple[ImpBoardLine, ...]
    home_imps: int
    away_imps: int
    boards: int
    home_vp: Decimal | None
    away_vp: Decimal | None
    progress: Progress
    error: str | None

    @property
    def winner(self) -> str | None:
        if self.home_imps == self.away_imps:
            return None
        return self.home if self.home_imps > self.away_imps else self.away


def imp_match(event: Event, *, hidden: frozenset[int] = frozenset()) -> ImpMatch:
    """The match by IMPs, the boards in ``hidden`` left out (their lines blank, their IMPs not counted)."""
    pairs = pair_infos(event)
    results = event_results(event, pairs)
    contest = results.contest
    home, away, lines = "", "", []
    match = contest.match if isinstance(contest, ContractTeams) else None
    if isinstance(contest, ContractTeams):
        home, away = contest.home, contest.away
    shown = [line for line in (match.lines if match else ()) if line.board not in hidden]
    boards = match.boards if match else 0
    if match is not None and len(shown) != len(match.lines):  # the totals of the boards shown only
        rows = [(line.board, line.home_ns, line.away_ns) for line in shown]
        match = team_imps_match(rows, home=home, away=away, boards=boards) if rows else None
    running = 0
    by_board = {line.board: line for line in shown}
    for number in sorted({*by_board, *hidden} if match or hidden else by_board):
        line = by_board.get(number)
        if line is None:
            lines.append(ImpBoardLine(number, None, None, None, None, None, None))
            continue
        running += line.home_imps - line.away_imps
        lines.append(
            ImpBoardLine(
                line.board, line.home_ns, line.away_ns, line.net, line.home_imps, line.away_imps, running
            )
        )
    return ImpMatch(
        event_id=event.pk,
        home=home,
        away=away,
        lines=tuple(lines),
        home_imps=match.home_imps if match else 0,
        away_imps=match.away_imps if match else 0,
        boards=boards,
        home_vp=match.home_vp if match else None,
        away_vp=match.away_vp if match else None,
        progress=progress_of(results),
        error=results.error,
    )
