"""A contract bridge team match by IMPs, as its page, downloads and the standings command show it: each
board's two N-S scores, the net for the home team, the IMPs of the swing (WBF scale), the running IMPs, and
the match's IMPs and VPs (WBF 2013 continuous 20-VP scale, ``scoring.contests.imps``), with each team's pairs
and where they sat.  Two queries: the pairs and the plays.

No peeking: a board in ``hidden`` (still in play for this viewer) shows no scores; with ``released_only`` (a
visitor's, ``selectors.released_only``) neither its IMPs nor the totals include it until every table has
played it, and without (running totals over every result) the totals and the running column include its
IMPs, its own line still "being played".  A board with law 12C2's artificial score at a table shows
it ("A60/40") and scores its IMPs; a board that cannot be scored as entered is noted with why, and the
rest are scored and totalled."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal

from django.utils.translation import gettext, gettext_noop

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
from scoring.contests.imps import AVERAGE_PLUS_IMPS, Artificial, TeamBoardLine

#: How a board that cannot be scored as entered is noted (the rest of the match is scored and totalled).
CANNOT_BE_SCORED = gettext_noop("cannot be scored")


def note_text(note: str) -> str:
    """A board's note (kept in English: ``ImpMatch.unscored`` reads it) in the page's language: "being played",
    "not played yet", "cannot be scored: why" (the why as the scorer gives it)."""
    head, sep, why = note.partition(": ")
    if sep and head == CANNOT_BE_SCORED:
        return gettext("cannot be scored: %(why)s") % {"why": gettext(why)}
    return gettext(note) if note else ""


@dataclass(frozen=True, slots=True)
class ImpBoardLine:
    board: int
    home_ns: int | None  # None where the table has an artificial score (``home_adjusted``), or none yet
    away_ns: int | None
    net: int | None  # the home team's: its N-S score less the away team's N-S score (None: not compared)
    home_imps: int | None
    away_imps: int | None
    # The home team's IMPs less the away team's, so far: every board the totals count, one hidden from this
    # viewer too (its line "being played", with the running figure and nothing of its own); None on a board
    # the totals do not count.
    running: int | None
    note: str = ""  # why a board has no IMPs shown: being played (still in play: hidden from this viewer, or
    # left out of its totals), not played yet, or why it cannot be scored as entered
    home_adjusted: str = ""  # law 12C2's artificial score at the home team's N-S table ("A60/40")
    away_adjusted: str = ""

    @property
    def scored(self) -> bool:
        """Whether the board's scores and IMPs are shown (both tables in, scorable, not hidden from this
        viewer): a shown board's IMPs are in the totals."""
        return self.home_imps is not None

    @property
    def home_text(self) -> str:
        """The home team's N-S table as the pages show it: its score, or its artificial score."""
        return self.home_adjusted or ("" if self.home_ns is None else str(self.home_ns))

    @property
    def away_text(self) -> str:
        return self.away_adjusted or ("" if self.away_ns is None else str(self.away_ns))


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
    average_plus: int = AVERAGE_PLUS_IMPS  # law 12C2: the IMPs of an artificial average plus
    counted: int = 0  # the boards the totals count (both tables in, scorable; a visitor's: released)

    @property
    def adjusted(self) -> bool:
        """Whether a board shown scores a table's artificial adjusted score (law 12C2: IMPs)."""
        return any(line.home_adjusted or line.away_adjusted for line in self.lines)

    @property
    def artificial_note(self) -> str:
        """What an artificial score is worth here, for the pages' notes ("" when no board shown has one)."""
        if not self.adjusted:
            return ""
        return gettext(
            "a table's artificial adjusted score is worth %(n)s IMPs to a team given average plus, -%(n)s average "
            "minus, 0 average (law 12C2, law 86A of the 2007 code), the other table's result not compared"
        ) % {"n": self.average_plus}

    @property
    def winner(self) -> str | None:
        if self.home_imps == self.away_imps:
            return None
        return self.home if self.home_imps > self.away_imps else self.away

    @property
    def scored(self) -> int:
        """How many boards the totals count (both tables in, scorable; for a viewer shown the released
        boards' totals, those released)."""
        return self.counted

    @property
    def unscored(self) -> tuple[ImpBoardLine, ...]:
        """The boards in that cannot be scored as entered (each line's note says why)."""
        return tuple(line for line in self.lines if line.note.startswith(CANNOT_BE_SCORED))

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


def _line(line: TeamBoardLine, running: int) -> ImpBoardLine:
    """A scored board as the pages show it: a table's N-S score, or its artificial score (law 12C2)."""
    home_ns, away_ns = (None if isinstance(x, Artificial) else x for x in (line.home_ns, line.away_ns))
    home_adjusted, away_adjusted = (
        str(x) if isinstance(x, Artificial) else "" for x in (line.home_ns, line.away_ns)
    )
    return ImpBoardLine(
        line.board,
        home_ns,
        away_ns,
        line.net,
        line.home_imps,
        line.away_imps,
        running,
        home_adjusted=home_adjusted,
        away_adjusted=away_adjusted,
    )


def board_lines(
    numbers: list[int],
    counted: Mapping[int, TeamBoardLine],
    *,
    hidden: frozenset[int],
    in_play: frozenset[int],
    unscored: Mapping[int, str],
) -> list[ImpBoardLine]:
    """Each board of the match in order: the ``counted`` ones (in the totals) scored, but those ``hidden``
    from this viewer without their scores and IMPs; the others noted "being played" (still ``in_play``,
    hidden or left out of the totals), "cannot be scored: why" or "not played yet".  The running figure adds
    up every board the totals count, a hidden one too (running totals over every result: the director
    chose that totals show them), so its last figure is the totals' difference."""
    lines: list[ImpBoardLine] = []
    running = 0
    for number in numbers:
        line = counted.get(number)
        if line is not None:
            running += line.home_imps - line.away_imps
            if number not in hidden:
                lines.append(_line(line, running))
                continue
        if number in in_play:
            note = BEING_PLAYED
        elif number in unscored:
            note = f"{CANNOT_BE_SCORED}: {unscored[number]}"
        else:
            note = NOT_PLAYED
        shown_running = running if line is not None else None
        lines.append(ImpBoardLine(number, None, None, None, None, None, shown_running, note))
    return lines


def imp_match(
    event: Event,
    *,
    hidden: frozenset[int] = frozenset(),
    pairs: Mapping[int, PairInfo] | None = None,
    results: EventResults | None = None,
    released_only: bool = False,
    director: bool = False,
) -> ImpMatch:
    """The match by IMPs, the boards in ``hidden`` with their lines blank; the totals of the boards the
    results count (``released_only``: those released, ``event_results``; the running IMPs too); two
    queries, none for the ``pairs`` and ``results`` given."""
    pairs = pair_infos(event, director=director) if pairs is None else pairs  # names: ``pair_infos``'s
    if results is None:
        results = event_results(event, pairs, released_only=released_only)
    contest = results.contest
    home, away = "", ""
    match = contest.match if isinstance(contest, ContractTeams) else None
    if isinstance(contest, ContractTeams):
        home, away = contest.home, contest.away
    scheduled = {n for numbers in results.boards_at.values() for n in numbers}
    boards = match.boards if match else len(scheduled)
    unscored = {u.board: u.why for u in contest.unscored} if isinstance(contest, ContractTeams) else {}
    counted = {line.board: line for line in (match.lines if match else ())}
    in_play = hidden | results.left_out
    lines = board_lines(sorted(scheduled), counted, hidden=hidden, in_play=in_play, unscored=unscored)
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
        average_plus=event.average_plus_imps,
        counted=len(match.lines) if match else 0,
    )
