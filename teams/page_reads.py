"""What the pages of an event of matches read that ``teams.selectors_matches`` does not give: every entrant's
seats in one round at once (the guide cards, the event page), the last round drawn and the draw's history
(docs/leagues.md).  Public ORM, plain values, no caching; a fixed number of queries whatever the event's size."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from duplicate.models import Event, Seating, Team
from duplicate.selectors.display import ROWS_PER_SLIDE
from duplicate.selectors.pair_rows import pair_infos
from teams.models import DrawChange, Match
from teams.selectors_matches import MatchLine, match_results, vp_rows

DIRECTIONS = {"NS": "N-S", "EW": "E-W"}


@dataclass(frozen=True, slots=True)
class PairSeat:
    """Where one pair of an entrant sits in a round: its table, direction ("N-S", "E-W") and opponents; a
    bye has no table (0)."""

    round: int
    pair: str
    table: int
    direction: str
    opponents: str

    @property
    def text(self) -> str:
        if not self.table:
            return _("Round %(r)d: a bye.") % {"r": self.round}
        return _("Round %(r)d: table %(t)d, %(d)s, against %(o)s.") % {
            "r": self.round,
            "t": self.table,
            "d": self.direction,
            "o": self.opponents,
        }


def seats_in_round(event: Event, round_number: int) -> dict[int, list[PairSeat]]:
    """Every entrant's pairs' seats in round ``round_number``, by team id, read from the round's seatings (as
    the table links seat them) and its byes; two queries."""
    out: dict[int, list[PairSeat]] = {}
    seatings = (
        Seating.objects.filter(round__section__event=event, round__number=round_number)
        .order_by("table")
        .values_list(
            "table",
            "ns__number",
            "ns__team_id",
            "ns__team__name",
            "ew__number",
            "ew__team_id",
            "ew__team__name",
        )
    )
    for table, ns, ns_team, ns_name, ew, ew_team, ew_name in seatings:
        if ns_team is not None:
            out.setdefault(ns_team, []).append(PairSeat(round_number, ns, table, "N-S", ew_name or ""))
        if ew_team is not None:
            out.setdefault(ew_team, []).append(PairSeat(round_number, ew, table, "E-W", ns_name or ""))
    for team_id in Match.objects.filter(event=event, round=round_number, away__isnull=True).values_list(
        "home_id", flat=True
    ):
        out.setdefault(team_id, []).append(PairSeat(round_number, "", 0, "", ""))
    return out


def last_drawn_round(event: Event) -> int:
    """The last round with matches (0: none yet); one query."""
    last = Match.objects.filter(event=event).order_by("-round").values_list("round", flat=True).first()
    return last or 0


@dataclass(frozen=True, slots=True)
class DrawChangeLine:
    round: int
    who: str
    at: str
    before: str
    after: str


def draw_changes(event: Event) -> list[DrawChangeLine]:
    """The director's swaps of pairings, oldest first; one query."""
    return [
        DrawChangeLine(c.round, c.who, c.at.strftime("%Y-%m-%d %H:%M"), c.before, c.after)
        for c in DrawChange.objects.filter(event=event)
    ]


@dataclass(frozen=True)
class RoundLines:
    """A round's matches (``teams.selectors_matches.MatchLine``) in table order, the bye last."""

    number: int
    matches: tuple[MatchLine, ...]

    @property
    def complete(self) -> bool:
        return all(m.complete for m in self.matches)

    @property
    def started(self) -> bool:
        """Whether a result of the round is in (a board scored, or a match's whole result)."""
        return any((m.entered or m.boards) and m.away is not None for m in self.matches)

    @property
    def tables(self) -> list[int]:
        return [m.table for m in self.matches if m.away is not None]


def rounds_of(lines: Iterable[MatchLine]) -> list[RoundLines]:
    """The matches grouped by round, first round first."""
    by_round: dict[int, list[MatchLine]] = {}
    for line in lines:
        by_round.setdefault(line.round, []).append(line)
    return [
        RoundLines(number, tuple(sorted(found, key=lambda m: (m.away is None, m.table))))
        for number, found in sorted(by_round.items())
    ]


@dataclass(frozen=True, slots=True)
class GuideCard:
    """A team's (or a pair's) card for one round: where each of its pairs sits."""

    name: str
    round: int
    seats: tuple[PairSeat, ...]


def round_cards(event: Event, round_number: int) -> list[GuideCard]:
    """One card per entrant drawn into round ``round_number``, by name; three queries."""
    seats = seats_in_round(event, round_number)
    names = dict(Team.objects.filter(event=event, pk__in=list(seats)).values_list("pk", "name"))
    return sorted(
        (GuideCard(names.get(team_id, ""), round_number, tuple(found)) for team_id, found in seats.items()),
        key=lambda card: card.name.casefold(),
    )


def round_in_play(rounds: Sequence[RoundLines]) -> RoundLines | None:
    """The round being played: the first not complete (a league's rounds are all made at the start), else the
    last; None before any."""
    return next((r for r in rounds if not r.complete), rounds[-1] if rounds else None)


@dataclass(frozen=True)
class MatchesSlide:
    """One screenful of the venue display: part ``part`` of ``parts`` of the VP table (``VpTableRow``s) or of
    the round in play's matches (``MatchLine``s)."""

    kind: str  # "vp-table" or "round"
    title: str
    rows: tuple[Any, ...]
    part: int
    parts: int
    board: None = None  # (the pairs' display's slides carry a board)


@dataclass(frozen=True)
class MatchesDisplay:
    """The display's slides, a visitor's: the VP table's, then the round in play's (``round``: 0 before the
    first draw; ``counted`` of ``matches`` its matches counted in the table)."""

    slides: tuple[MatchesSlide, ...]
    round: int
    counted: int
    matches: int


def _slides(kind: str, title: str, rows: tuple[Any, ...]) -> list[MatchesSlide]:
    chunks = [rows[i : i + ROWS_PER_SLIDE] for i in range(0, len(rows), ROWS_PER_SLIDE)] or [()]
    return [MatchesSlide(kind, title, c, n, len(chunks)) for n, c in enumerate(chunks, 1)]


def matches_display(event: Event) -> MatchesDisplay:
    """The venue display's slides: the VP table and the round in play, as a visitor sees them whoever looks
    (no peeking: ``director=False``, a match counted only once every table has played its boards); three
    queries (the pairs, the matches, the plays)."""
    infos = pair_infos(event)
    lines = match_results(event, infos=infos)
    slides = _slides("vp-table", _("VP table"), vp_rows(infos, lines))
    playing = round_in_play(rounds_of(lines))
    if playing is None:
        return MatchesDisplay(tuple(slides), 0, 0, 0)
    title = _("Round %(n)d") % {"n": playing.number}
    slides += _slides("round", title, playing.matches)
    played = [m for m in playing.matches if m.away is not None]
    return MatchesDisplay(tuple(slides), playing.number, sum(m.counted for m in played), len(played))
