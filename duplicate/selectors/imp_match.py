"""A contract bridge team match by IMPs, as its page, downloads and the standings command show it: each
board's two N-S scores, the net for the home team, the IMPs of the swing (WBF scale), the running IMPs, and
the match's IMPs and VPs (WBF 2013 continuous 20-VP scale, ``scoring.contests.imps``), with each team's pairs
and where they sat.  Two queries: the pairs and the plays.

No peeking: a board in ``hidden`` (still in play for this viewer) shows no scores; with ``released_only`` (a
visitor's, ``selectors.released_only``) neither its IMPs nor the totals include it until every table has
played it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal

from duplicate.models import Event
from duplicate.selectors.contract import ContractTeams
from duplicate.selectors.pair_rows import BEING_PLAYED, PairInfo, unknown_pair
from duplicate.selectors.standings import (
    NOT_PLAYED,
    EventResults,
    Progress,
    event_results,
    pair_infos,
    progress_of,
)


@dataclass(frozen=True, slots=True)
class ImpBoardLine:
    board: int
    home_ns: int | None
    away_ns: int | None
    net: int | None  # the home team's: its N-S score less the away team's N-S score
    home_imps: int | None
    away_imps: int | None
    running: int | None  # the home team's IMPs less the away team's, so far
    note: str = ""  # why a board has no scores: being played (hidden from this viewer), not played yet


@dataclass(frozen=True, slots=True)
class ImpPair:
    """A team's pair and where it sat ("NS" or "EW"; "" before the movement seats it)."""

    pair: PairInfo
    seat: str


@dataclass(frozen=True, slots=True)
class ImpTeam:
    """A team's side of the match: its IMPs and VPs (None before a board is scored) and its pairs."""

    name: str
    imps: int
    vp: Decimal | None
    pairs: tuple[ImpPair, ...]


@dataclass(frozen=True)
class ImpMatch:
    event_id: int
    home: str
    away: str
    lines: tuple[ImpBoardLine, ...]
    home_imps: int
    away_imps: int
    boards: int  # the boards of the match (the VP scale's), scored or not
    home_vp: Decimal | None
    away_vp: Decimal | None
    progress: Progress
    error: str | None
    pairs: tuple[ImpPair, ...] = ()  # every pair of both teams, home team's first
    counted: int = 0  # the boards the totals count (both tables in; a visitor's: released)

    @property
    def winner(self) -> str | None:
        if self.home_imps == self.away_imps:
            return None
        return self.home if self.home_imps > self.away_imps else self.away

    @property
    def scored(self) -> int:
        """How many boards the totals count (both tables in; for a viewer shown the released boards'
        totals, those released)."""
        return self.counted

    @property
    def margin(self) -> int:
        return abs(self.home_imps - self.away_imps)

    @property
    def teams(self) -> tuple[ImpTeam, ImpTeam]:
        """The home team, then the away team."""
        return (
            ImpTeam(self.home, self.home_imps, self.home_vp, self._pairs_of(self.home)),
            ImpTeam(self.away, self.away_imps, self.away_vp, self._pairs_of(self.away)),
        )

    def _pairs_of(self, team: str) -> tuple[ImpPair, ...]:
        return tuple(p for p in self.pairs if p.pair.team == team)


def imp_match(
    event: Event,
    *,
    hidden: frozenset[int] = frozenset(),
    pairs: Mapping[int, PairInfo] | None = None,
    results: EventResults | None = None,
    released_only: bool = False,
) -> ImpMatch:
    """The match by IMPs, the boards in ``hidden`` with their lines blank; the totals of the boards the
    results count (``released_only``: those released, ``event_results``; the running IMPs too); two
    queries, none for the ``pairs`` and ``results`` given."""
    pairs = pair_infos(event) if pairs is None else pairs
    if results is None:
        results = event_results(event, pairs, released_only=released_only)
    contest = results.contest
    home, away, lines = "", "", []
    match = contest.match if isinstance(contest, ContractTeams) else None
    if isinstance(contest, ContractTeams):
        home, away = contest.home, contest.away
    shown = [line for line in (match.lines if match else ()) if line.board not in hidden]
    scheduled = {n for numbers in results.boards_at.values() for n in numbers}
    boards = match.boards if match else len(scheduled)
    running = 0
    by_board = {line.board: line for line in shown}
    for number in sorted(scheduled):
        line = by_board.get(number)
        if line is None:  # hidden from this viewer, or (a director's) not in at both tables yet
            note = BEING_PLAYED if number in hidden else NOT_PLAYED
            lines.append(ImpBoardLine(number, None, None, None, None, None, None, note))
            continue
        running += line.home_imps - line.away_imps
        lines.append(
            ImpBoardLine(
                line.board, line.home_ns, line.away_ns, line.net, line.home_imps, line.away_imps, running
            )
        )
    order = {home: 0, away: 1}
    seated = sorted(
        (pairs.get(pk) or unknown_pair(pk) for pk in results.seats),
        key=lambda p: (order.get(p.team or "", 2), p.sort_key),
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
        pairs=tuple(ImpPair(p, results.seats.get(p.pk, "")) for p in seated),
        counted=len(match.lines) if match else 0,
    )
