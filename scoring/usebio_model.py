"""What a USEBIO 1.2 file holds, as Kalamazoo reads and writes it (``scoring.usebio``), and the error a file
that cannot be read raises."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Final

from scoring.contract import Contract, Seat, Side
from scoring.deal import Deal
from scoring.errors import ScoringError, gettext_noop, render
from scoring.law77 import Vulnerability

PAIRS_EVENT_TYPES: Final = frozenset({"MP_PAIRS", "BUTLER_PAIRS", "CROSS_IMP", "PAIRS", "SWISS_PAIRS"})
TEAM_EVENT_TYPES: Final = frozenset({"TEAMS", "SWISS_TEAMS", "TEAMS_OF_FOUR", "MULTI_TEAMS", "KNOCKOUT"})


class UsebioError(ScoringError):
    """A file that is not USEBIO Kalamazoo can read; the message names the element and its line."""

    element: str
    line: int | None

    def __init__(self, element: str, line: int | None, message: str, /, **params: object) -> None:
        self.element = element
        self.line = line
        super().__init__("usebio", message, **params)
        self.args = (element, line, message)

    def __str__(self) -> str:
        if self.line is None:
            return f"usebio: <{self.element}>: {self.message}"
        where = render(
            gettext_noop("<%(element)s> (line %(line)s)"), {"element": self.element, "line": self.line}
        )
        return f"usebio: {where}: {self.message}"


@dataclass(frozen=True, slots=True)
class UsebioPlayer:
    name: str
    national_id: str | None = None  # NATIONAL_ID_NUMBER: the EBU (or other NBO) number
    club_id: str | None = None  # CLUB_ID_NUMBER: the club's own membership number


@dataclass(frozen=True, slots=True)
class UsebioPair:
    """A pair as PARTICIPANTS lists it; ``number`` is the file's own text ("7", "1NS", "1-1-2")."""

    number: str
    players: tuple[UsebioPlayer, ...]
    direction: Side | None = None  # a Mitchell's fixed line; None in a Howell or a team
    section: str | None = None  # SECTION_ID of the SECTION it sits in, None outside any SECTION
    masterpoints: str | None = None  # MASTER_POINTS_AWARDED, a decimal text ("3.5"); written, not read
    # What the file's scorer published for the pair, as written: TOTAL_SCORE ("12.00"), PERCENTAGE ("63.89")
    # and PLACE ("3="); None when the file does not say.
    published_score: str | None = None
    published_percentage: str | None = None
    published_place: str | None = None


@dataclass(frozen=True, slots=True)
class UsebioTeam:
    number: str  # TEAM_ID
    name: str  # TEAM_NAME
    pairs: tuple[UsebioPair, ...]
    # The team's TOTAL_SCORE (a match's VPs, "11.54") and PLACE ("1") as written; written, not read.
    total_score: str | None = None
    place: str | None = None


@dataclass(frozen=True, slots=True)
class UsebioBoard:
    """A board's hands (HANDSET > BOARD); dealer and vulnerability are the standard ones unless given."""

    number: int
    deal: Deal
    dealer: Seat
    vulnerability: Vulnerability


@dataclass(frozen=True, slots=True)
class UsebioAdjustment:
    """An artificial adjusted score written as SCORE ``A6040``: percentages to North-South and East-West."""

    ns_percent: int
    ew_percent: int

    def __str__(self) -> str:
        return f"A{self.ns_percent:02d}{self.ew_percent:02d}"


@dataclass(frozen=True, slots=True)
class UsebioLine:
    """One TRAVELLER_LINE: a table's result on a board.

    A played board has ``contract``, ``declarer``, ``tricks`` and North-South's ``score``; a passed-out one
    has ``passed_out`` and score 0; an artificial adjusted score has ``adjustment`` and nothing else.
    """

    board: int
    ns_pair: str
    ew_pair: str
    contract: Contract | None = None
    declarer: Seat | None = None
    tricks: int | None = None
    score: int | None = None
    passed_out: bool = False
    adjustment: UsebioAdjustment | None = None
    lead: str | None = None
    round: int | None = None  # a pairs file seldom says; the importer infers it
    section: str | None = None
    direction: Side | None = None  # teams: the side the MATCH's TEAM sat (DIRECTION NS or EW)
    # The line's matchpoints or IMPs as the file's scorer published them (NS_/EW_MATCH_POINTS,
    # NS_/EW_BUTLER_POINTS, NS_/EW_CROSS_IMP_POINTS, NS_/EW_IMPS), as written; None when not given.
    published_ns: str | None = None
    published_ew: str | None = None


@dataclass(frozen=True, slots=True)
class UsebioMatch:
    """A teams MATCH: one round between TEAM and OPPOSING_TEAM, with its boards' lines."""

    round: int | None
    team: str
    opposing_team: str
    lines: tuple[UsebioLine, ...]
    # Written, not read: TEAM_SCORE and OPPOSING_TEAM_SCORE (the IMPs each team won in the MATCH), and each
    # BOARD's TEAM_POINTS and OPPOSING_TEAM_POINTS (its IMPs): (board, team's, opposing team's).
    team_score: str | None = None
    opposing_team_score: str | None = None
    board_points: tuple[tuple[int, str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class UsebioEvent:
    event_type: str  # EVENT_TYPE: MP_PAIRS, BUTLER_PAIRS, CROSS_IMP, TEAMS, ...
    name: str  # EVENT_DESCRIPTION
    date: datetime.date | None = None
    board_scoring_method: str | None = None  # MATCH_POINTS, BUTLER, CROSS_IMPS, IMPS, ...
    club_name: str | None = None
    club_number: str | None = None  # the CLUB's CLUB_ID_NUMBER (the club's number with its national body)
    program_name: str | None = None  # the scorer that wrote the file read; write_usebio writes "Kalamazoo"
    boards_per_round: int | None = None  # BOARDS_PER_ROUND, when the file gives it: a help to infer rounds
    # WINNER_TYPE: 2 for a winner in each direction (a Mitchell), 1 for one (a Howell); written, not read.
    winner_type: int | None = None
    pairs: tuple[UsebioPair, ...] = ()
    teams: tuple[UsebioTeam, ...] = ()
    lines: tuple[UsebioLine, ...] = ()  # pairs events: BOARD > TRAVELLER_LINE outside any MATCH
    matches: tuple[UsebioMatch, ...] = ()
    boards: tuple[UsebioBoard, ...] = ()  # HANDSET: only the boards whose hands the file gives
    # Each board's datum as the file's scorer published it (BOARD_AVERAGE, Butler): (board, datum), by board.
    published_datums: tuple[tuple[int, int], ...] = ()

    @property
    def is_teams(self) -> bool:
        return bool(self.teams or self.matches) or self.event_type in TEAM_EVENT_TYPES

    def all_lines(self) -> tuple[UsebioLine, ...]:
        """Every traveller line, the MATCHes' included."""
        return self.lines + tuple(line for match in self.matches for line in match.lines)
