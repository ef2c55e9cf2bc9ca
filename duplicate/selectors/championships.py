"""Championships of sessions: the list, one championship's sessions, and its overall standings, added from each
session's own standings (``selectors.standings.pair_standings``: never scored again here) by the carry-over the
director chose (``scoring.contests.carry_over``).

No peeking: a visitor's overall figures add each session's figures over its released boards only, exactly as
the session's own standings show a visitor (``selectors.events.released_only``); a director's, every result.

Queries, whatever the number of pairs: one for the championship's sessions, one for every session's pairs'
players (who is who across sessions), and each session's standings' own two (its pairs and its plays).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from django.db.models import Count

from duplicate.contests import Contest, contest_named, contest_of
from duplicate.models import CarryOver, Championship, Event, Pair
from duplicate.selectors.contract import decimal_text
from duplicate.selectors.events import (
    DIRECTOR,
    VISITOR,
    boards_in_play,
    events_with_badges,
    hidden_boards,
    released_only,
)
from duplicate.selectors.pair_rows import PairInfo, StandingRow
from duplicate.selectors.standings import event_results, pair_infos, pair_standings
from duplicate.selectors.usebio import usebio_event, usebio_problem
from scoring.contests.carry_over import OverallRow, SessionFigure, carry_fraction, overall_ranking
from scoring.contests.display import fraction_str
from scoring.errors import ContestError
from scoring.usebio_sessions import write_usebio_sessions

#: A figure shown as a percentage (the weighted carry-over's overall) has two decimals.
PERCENT_PLACES = 2


@dataclass(frozen=True)
class ChampionshipItem:
    """A championship as the list shows it."""

    pk: int
    name: str
    date: Any
    carry_over: str
    sessions: int


def championship_list() -> list[ChampionshipItem]:
    """Every championship, newest first, with its count of sessions (one query)."""
    rows = Championship.objects.annotate(count=Count("sessions")).values_list(
        "pk", "name", "date", "carry_over", "count"
    )
    labels = dict(CarryOver.choices)
    return [
        ChampionshipItem(pk, name, date, str(labels[carry]), count) for pk, name, date, carry, count in rows
    ]


def championship_sessions(championship: Championship) -> list[Event]:
    """The championship's sessions, session 1 first (one query)."""
    return list(championship.sessions.order_by("session"))


def championship_session_rows(championship: Championship) -> list[tuple[Event, tuple[str, str]]]:
    """The championship's sessions, session 1 first, each with its pair count and status badge (one query)."""
    return events_with_badges(championship.sessions.order_by("session"))


def event_championship(event: Event) -> Championship | None:
    """The championship a session belongs to (one query; none for an event on its own)."""
    if event.championship_id is None:
        return None
    return Championship.objects.filter(pk=event.championship_id).first()


@dataclass(frozen=True)
class SessionCell:
    """A pair's figures in one session: its number there, boards, total and percentage (exact and shown)."""

    pair: int | str
    boards: int
    total: Fraction
    percentage: Fraction | None
    total_display: str
    percentage_display: str
    rank: int

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "pair": self.pair,
            "rank": self.rank,
            "boards": self.boards,
            "total": fraction_str(self.total),
        }
        if self.percentage is not None:
            out["percentage"] = fraction_str(self.percentage)
        return out


@dataclass(frozen=True)
class OverallLine:
    """A pair's overall line: its players, its figures in each session (None: not played), its overall figure
    and place (``rank`` None: did not qualify for the final sessions)."""

    rank: int | None
    by_fraction: bool
    players: tuple[str, str]
    members: list[dict[str, str]]
    sessions: tuple[SessionCell | None, ...]
    overall: Fraction
    overall_display: str
    qualified: bool

    @property
    def names(self) -> str:
        return " & ".join(p for p in self.players if p)

    @property
    def rank_key(self) -> tuple[int, int]:
        """Its place as a sort key: the ranked pairs by place, then those who did not qualify."""
        return (0, self.rank) if self.rank is not None else (1, 0)

    @property
    def rank_display(self) -> str:
        return "" if self.rank is None else str(self.rank)

    def to_json(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "qualified": self.qualified,
            "players": list(self.players),
            "members": self.members,
            "sessions": [None if cell is None else cell.to_json() for cell in self.sessions],
            "overall": fraction_str(self.overall),
        }


@dataclass(frozen=True)
class SessionHeading:
    pk: int
    number: int
    name: str
    provisional: bool


@dataclass(frozen=True)
class OverallStandings:
    """A championship's overall standings: the sessions (headings), one line a pair, best first."""

    championship_id: int
    name: str
    carry_over: str
    carry_fraction: str
    contest: str  # the sessions' contest's name (``duplicate.contests``); "" before the first session
    sessions: tuple[SessionHeading, ...]
    lines: tuple[OverallLine, ...]
    error: str = ""
    provisional: bool = False
    versions: tuple[int, ...] = field(default=())

    @property
    def described(self) -> Contest | None:
        return contest_named(self.contest) if self.contest else None

    @property
    def session_heading(self) -> str:
        """What a session's figure is (the one its contest ranks by): a contract contest's total in its unit
        ("MPs", "IMPs"); law H's plus/minus."""
        described = self.described
        if described is None:
            return ""
        return described.headings.total if described.unit else described.headings.percentage

    @property
    def page_figure(self) -> tuple[str, str]:
        """The session figure the overall page shows, as (its ``SessionCell`` field, heading): the one the
        overall is made of, the percentage a weighted overall weights, else the session's total."""
        if self.carry_over == CarryOver.WEIGHTED:
            return "percentage", "%"
        return "total", self.session_heading

    @property
    def overall_heading(self) -> str:
        """What the overall figure is: a percentage (weighted), or the sessions' figures' heading."""
        return "%" if self.carry_over == CarryOver.WEIGHTED else self.session_heading

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": "championship",
            "name": self.name,
            "carry_over": self.carry_over,
            "carry_fraction": self.carry_fraction,
            "provisional": self.provisional,
            "sessions": [{"session": s.number, "name": s.name} for s in self.sessions],
            "standings": [line.to_json() for line in self.lines],
        }


def _figure(row: StandingRow) -> tuple[Fraction, Fraction | None]:
    """The figure the session ranked the pair by, and its percentage: a contract contest's score (matchpoints
    or IMPs) and percentage; law H's plus/minus."""
    if row.contest:
        return Fraction(row.net), row.percentage
    return Fraction(row.plus_minus), None


def _entrant(pair: int, players: Mapping[int, tuple[int | None, int | None]]) -> Hashable:
    """Who a pair is across sessions: its two roster players (in either seat).  A pair with neither named is
    that session's pair alone: a new movement numbers its pairs afresh, so pair 3 of one session and pair 3
    of the next need not be the same people, and adding them would make up a pair nobody was."""
    named = frozenset(p for p in players.get(pair, (None, None)) if p is not None)
    return named if named else ("pair", pair)


def _pair_players(sessions: Sequence[Event]) -> dict[int, tuple[int | None, int | None]]:
    rows = Pair.objects.filter(event__in=[s.pk for s in sessions]).values_list(
        "pk", "player1_id", "player2_id"
    )
    return {pk: (first, second) for pk, first, second in rows}


def _session_rows(
    event: Event, *, director: bool
) -> tuple[dict[int, PairInfo], tuple[StandingRow, ...], bool]:
    pairs = pair_infos(event, director=director)
    viewer = DIRECTOR if director else VISITOR
    results = event_results(event, pairs, released_only=released_only(event, viewer))
    standings = pair_standings(event, pairs=pairs, results=results)
    return pairs, standings.rows, standings.provisional


def _cell(row: StandingRow, described: Contest) -> SessionCell:
    total, percentage = _figure(row)
    places = described.places
    return SessionCell(
        row.pair.label,
        row.boards,
        total,
        percentage,
        decimal_text(total, places=places, signed=described.signed),
        decimal_text(percentage, places=PERCENT_PLACES) if percentage is not None else "",
        row.rank,
    )


def _shown(value: Fraction, carry_over: str, described: Contest) -> str:
    if carry_over == CarryOver.WEIGHTED:
        return decimal_text(value, places=PERCENT_PLACES)
    return decimal_text(value, places=max(described.places, PERCENT_PLACES if value.denominator > 1 else 0))


def overall_standings(
    championship: Championship, *, director: bool = False, sessions: Sequence[Event] | None = None
) -> OverallStandings:
    """The championship's overall standings from each session's standings (a visitor's over each session's
    released boards only; a ``director``'s over every result)."""
    sessions = championship_sessions(championship) if sessions is None else list(sessions)
    base = OverallStandings(
        championship_id=championship.pk,
        name=championship.name,
        carry_over=championship.carry_over,
        carry_fraction=championship.carry_fraction,
        contest="",
        sessions=(),
        lines=(),
        versions=tuple(s.results_version for s in sessions),
    )
    if not sessions:
        return base
    described = contest_of(sessions[0])
    players = _pair_players(sessions)
    figures: dict[Hashable, list[SessionFigure | None]] = {}
    cells: dict[Hashable, list[SessionCell | None]] = {}
    infos: dict[Hashable, PairInfo] = {}
    headings = []
    for index, event in enumerate(sessions):
        _pairs, rows, provisional = _session_rows(event, director=director)
        headings.append(SessionHeading(event.pk, event.session or index + 1, event.name, provisional))
        for row in rows:
            key = _entrant(row.pair.pk, players)
            infos.setdefault(key, row.pair)
            figures.setdefault(key, [None] * len(sessions))
            cells.setdefault(key, [None] * len(sessions))
            total, percentage = _figure(row)
            figures[key][index] = SessionFigure(total, row.boards, percentage)
            cells[key][index] = _cell(row, described)
    try:
        fraction = (
            carry_fraction(championship.carry_fraction) if championship.carry_over == CarryOver.CARRY else 1
        )
        ranked = overall_ranking(figures, carry_over=championship.carry_over, fraction=fraction)
    except ContestError as exc:
        return replace(base, contest=described.name, sessions=tuple(headings), error=str(exc))
    lines = tuple(
        _line(row, infos[row.entrant], cells[row.entrant], championship.carry_over, described)
        for row in ranked
    )
    return replace(
        base,
        contest=described.name,
        sessions=tuple(headings),
        lines=lines,
        provisional=any(h.provisional for h in headings),
    )


def _line(
    row: OverallRow, info: PairInfo, cells: list[SessionCell | None], carry_over: str, described: Contest
) -> OverallLine:
    return OverallLine(
        row.rank,
        row.by_fraction,
        info.players,
        info.members,
        tuple(cells),
        row.overall,
        _shown(row.overall, carry_over, described) if row.qualified else "",
        row.qualified,
    )


def championship_usebio(championship: Championship, sessions: Sequence[Event], *, viewer: Any) -> bytes:
    """Every session as one USEBIO file (``scoring.usebio_sessions``): each session as its own USEBIO file
    gives it (``selectors.usebio.usebio_event``), the boards still in play hidden from a visitor and, while
    any is, its totals.  Raises ValueError when a session is not one USEBIO carries (not contract bridge)."""
    made = []
    for event in sessions:
        problem = usebio_problem(event)
        if problem:
            raise ValueError(problem)
        hidden = hidden_boards(boards_in_play(event), viewer)
        made.append(usebio_event(event, hidden=hidden, director=viewer.director))
    return write_usebio_sessions(name=championship.name, date=championship.date, sessions=made)
