"""An event read as the plain rows the exports write (``duplicate.exports``: pdf, xlsx, csv, pbn, text); the
writers take these rows and never query.

Everything is read in a fixed number of queries whatever the size of the event:

* :func:`standings_rows` - the standings of ``duplicate.selectors.standings`` (pairs, and the contest: two queries on a
  cache miss, one on a hit);
* :func:`event_rows` - the standings plus every board and every play of the event (two more queries), from
  which the travellers, score cards, table guide cards, hand records and the movement are built in memory.

The travellers and score cards are those of the pages: ``duplicate.selectors.travellers.play_lines`` (here for every play
of the event in one query, there for one board or one pair) and ``score_cards``, with the same display helpers,
so every figure is the one the pages show.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cached_property
from typing import Any

from duplicate.contests import Contest, Shape, contest_for, contest_of, kind_name
from duplicate.l10n import long_date
from duplicate.models import Board, Event, EventKind, ScoringCodeChoice, SeatChoice
from duplicate.selectors.contract import ContractPairs
from duplicate.selectors.guide_cards import GuideCard, MovementRow, guide_cards, movement_rows
from duplicate.selectors.imp_match import ImpMatch, imp_match
from duplicate.selectors.pair_rows import traveller_key
from duplicate.selectors.published import with_published_datum
from duplicate.selectors.standings import (
    WHIST,
    EventResults,
    PairInfo,
    PairStandings,
    Progress,
    TeamStandings,
    event_results,
    pair_infos,
    provisional_text,
    standings,
)
from duplicate.selectors.travellers import (
    HandDiagram,
    PlayLine,
    ScoreCard,
    average_shown,
    hand_diagram,
    masked_lines,
    play_lines,
    score_cards,
    section_averages,
)
from scoring.contests.display import DisplayText

SEAT_NAMES = dict(SeatChoice.choices)


# ------------------------------------------------------------------------------------------- the event


@dataclass(frozen=True, slots=True)
class EventInfo:
    pk: int
    name: str
    date: str
    code: str
    code_display: str
    kind: str
    paper_size: str
    site: str = ""
    contest: str = ""  # contract bridge's chosen contest (``duplicate.contests``); "" for the historic codes
    lead_cards: bool = False  # the event enters opening leads: the travellers have a Lead column

    @property
    def whist(self) -> bool:
        return self.code == WHIST

    @property
    def unit(self) -> str:
        """What a contract event scores a board in ("MPs", "IMPs"; a team match's swing in IMPs): the
        downloads head the columns of law H's plus/minus with it; "" for law H and law G, and for a league's
        or a Swiss's boards (its matches are scored on their own pages: ``teams``)."""
        return "" if self.described.of_matches else self.described.unit

    @property
    def described(self) -> Contest:
        """The description of its contest (``duplicate.contests``): headings, unit, signs, notes."""
        return contest_for(self.code, self.kind, self.contest)

    @property
    def teams(self) -> bool:
        return self.kind == EventKind.TEAMS

    @property
    def subtitle(self) -> str:
        kind = kind_name(self.code, self.kind, self.contest)
        return f"{self.date} · {self.code_display} · {kind[0].lower()}{kind[1:]}"


def event_info(event: Event) -> EventInfo:
    return EventInfo(
        pk=event.pk,
        name=event.name,
        date=long_date(event.date),
        code=event.code,
        code_display=str(dict(ScoringCodeChoice.choices).get(event.code, event.code)),
        kind=event.kind,
        paper_size=event.paper_size,
        site=event.site,
        contest=event.contest,
        lead_cards=event.lead_cards,
    )


@dataclass(frozen=True)
class StandingsRows:
    info: EventInfo
    standings: PairStandings | TeamStandings

    @property
    def provisional(self) -> bool:
        return self.standings.provisional

    @property
    def provisional_text(self) -> str:
        return provisional_text(self.standings.progress)


def standings_rows(
    event: Event,
    *,
    pairs: Mapping[int, PairInfo] | None = None,
    results: EventResults | None = None,
    released_only: bool = False,
    director: bool = False,
) -> StandingsRows:
    """The event's standings (law H pairs or law G teams): two queries on a cache miss, one on a hit.
    ``released_only``: the totals of the released boards only (a visitor's, ``event_results``); the names as
    a visitor sees them, or a ``director`` (``pair_infos``)."""
    if results is None:
        pairs = pair_infos(event, director=director) if pairs is None else pairs
        results = event_results(event, pairs, released_only=released_only)
    return StandingsRows(event_info(event), standings(event, pairs=pairs, results=results, director=director))


# ------------------------------------------------------------------------------------------ the results


@dataclass(frozen=True)
class BoardRows:
    """A board: dealer, hands when known, and every table's result on it (the traveller)."""

    number: int
    dealer: str
    deal: str
    diagram: HandDiagram | None
    lines: tuple[PlayLine, ...]
    ns_average: Fraction | None
    ew_average: Fraction | None
    in_play: bool = False  # kept from a visitor: no hands, every line "being played" (see build_event_rows)
    vulnerability: str = ""  # as stored (PBN's words); "" for the board number's standard cycle (law 77)
    datum: str = ""  # Butler: the board's datum ("260"; each section's, "A: 260, B: -50"); "" otherwise
    datum_rule: str = ""  # Butler: how it was worked out ("mean of 8 results, the top and bottom one ...")

    @property
    def dealer_name(self) -> str:
        return str(SEAT_NAMES.get(self.dealer, self.dealer))

    ns_average_display = DisplayText("ns_average")
    ew_average_display = DisplayText("ew_average")

    @property
    def ns_average_shown(self) -> str:
        """As the traveller's header: each section's when sections rank on their own ("A: 52, B: 0")."""
        return average_shown(self.ns_average_display, section_averages(self.lines), "NS")

    @property
    def ew_average_shown(self) -> str:
        return average_shown(self.ew_average_display, section_averages(self.lines), "EW")

    @property
    def played(self) -> int:
        return sum(1 for line in self.lines if line.entered)


@dataclass(frozen=True)
class EventRows:
    """Everything the printouts and the workbook show, as plain rows."""

    info: EventInfo
    standings: PairStandings | TeamStandings
    pairs: Mapping[int, PairInfo]
    boards: tuple[BoardRows, ...]
    results: tuple[PlayLine, ...]
    cards: tuple[ScoreCard, ...]
    movement: tuple[MovementRow, ...]
    imps: ImpMatch | None = None  # a contract team match's result by IMPs and VPs (as its page shows it)

    @cached_property
    def guide_cards(self) -> tuple[GuideCard, ...]:
        """Built when a guide-card printout asks for them (the workbook does not)."""
        return guide_cards(movement_rows(self.results))

    @property
    def standings_rows(self) -> StandingsRows:
        return StandingsRows(self.info, self.standings)

    @property
    def progress(self) -> Progress:
        return self.standings.progress

    @property
    def provisional_text(self) -> str:
        return provisional_text(self.standings.progress)


def event_rows(
    event: Event, *, hidden: frozenset[int] = frozenset(), released_only: bool = False, director: bool = False
) -> EventRows:
    """The whole event as plain rows: four queries on a standings cache miss (pairs, the contest, boards,
    plays), three on a hit, whatever the size of the event.  ``hidden``: the boards still in play for a
    visitor (``selectors.hidden_boards``), shown without their hands or results; ``released_only``
    (``selectors.released_only``): the totals (standings, score cards, a team's) count the released boards
    only.  The names as a visitor sees them, or a ``director`` (``pair_infos``)."""
    pairs = pair_infos(event, director=director)
    results = event_results(event, pairs, released_only=released_only)
    st = standings_rows(event, pairs=pairs, results=results).standings
    rows = Board.objects.filter(event=event).order_by("number")
    board_values = list(rows.values_list("number", "dealer", "deal", "vulnerability", "published_datum"))
    published = {number: datum for number, _dealer, _deal, _vulnerability, datum in board_values}
    boards = [
        (number, dealer, deal, vulnerability) for number, dealer, deal, vulnerability, _ in board_values
    ]
    lines = play_lines(
        event,
        pairs,
        results,
        order_by=(
            "seating__round__section__letter",
            "seating__round__number",
            "seating__table",
            "board__number",
        ),
    )
    built = build_event_rows(event_info(event), st, pairs, results, boards, lines, hidden=hidden)
    built = replace(
        built, boards=tuple(with_published_datum(event, b, published[b.number]) for b in built.boards)
    )
    if contest_of(event).shape is Shape.CONTRACT_TEAMS:  # no more queries
        built = replace(built, imps=imp_match(event, hidden=hidden, pairs=pairs, results=results))
    return built


def build_event_rows(
    info: EventInfo,
    st: PairStandings | TeamStandings,
    pairs: Mapping[int, PairInfo],
    results: EventResults,
    boards: Iterable[tuple[Any, ...]],
    lines: Iterable[PlayLine],
    *,
    hidden: frozenset[int] = frozenset(),
) -> EventRows:
    """The pure part of :func:`event_rows` (no queries): ``lines`` are every play's, in section, round, table
    and board order.  The boards in ``hidden`` keep their number, dealer and movement, nothing else: no
    hands, no averages, and each line "being played" with no result or score (``masked_line``)."""
    rows = masked_lines(lines, hidden)
    by_board: dict[int, list[PlayLine]] = defaultdict(list)
    for row in rows:
        by_board[row.board].append(row)
    board_rows = tuple(
        board_row(
            (number, dealer, deal, *vulnerability),
            sorted(by_board.get(number, ()), key=traveller_key),
            results,
        )
        if number not in hidden
        else BoardRows(
            number=number,
            dealer=dealer,
            deal="",
            diagram=None,
            lines=tuple(sorted(by_board.get(number, ()), key=traveller_key)),
            ns_average=None,
            ew_average=None,
            in_play=True,
            vulnerability=vulnerability[0] if vulnerability else "",
        )
        for number, dealer, deal, *vulnerability in boards
    )
    return EventRows(
        info=info,
        standings=st,
        pairs=pairs,
        boards=board_rows,
        results=tuple(rows),
        cards=score_cards(sorted(pairs.values(), key=lambda p: (p.position, p.sort_key)), rows, st),
        movement=movement_rows(rows),
    )


@dataclass(frozen=True)
class HandRows:
    """The event's boards as the hand records print them (``BoardRows`` without lines): no results read."""

    info: EventInfo
    boards: tuple[BoardRows, ...]


def hand_rows(event: Event, *, hidden: frozenset[int] = frozenset()) -> HandRows:
    """Every board's dealer, vulnerability and hands (one query), the boards in ``hidden`` without their
    hands, as :func:`event_rows` gives them."""
    rows = Board.objects.filter(event=event).order_by("number")
    boards = tuple(
        BoardRows(
            number=number,
            dealer=dealer,
            deal="" if number in hidden else deal,
            diagram=None if number in hidden else hand_diagram(deal),
            lines=(),
            ns_average=None,
            ew_average=None,
            in_play=number in hidden,
            vulnerability=vulnerability,
        )
        for number, dealer, deal, vulnerability in rows.values_list(
            "number", "dealer", "deal", "vulnerability"
        )
    )
    return HandRows(event_info(event), boards)


def board_row(board: tuple[Any, ...], lines: Iterable[PlayLine], results: EventResults) -> BoardRows:
    """A released board (``board``: its number, dealer, deal and vulnerability) with its ``lines``, in the
    order given, and its averages (or Butler's datum) from ``results``, the contest its lines were scored by."""
    number, dealer, deal, *vulnerability = board
    averages = results.contest.averages if results.contest is not None else {}
    contract = results.contest if isinstance(results.contest, ContractPairs) else None
    return BoardRows(
        number=number,
        dealer=dealer,
        deal=deal,
        diagram=hand_diagram(deal),
        lines=tuple(lines),
        ns_average=averages.get((number, "NS")),
        ew_average=averages.get((number, "EW")),
        vulnerability=vulnerability[0] if vulnerability else "",
        datum=contract.datum_text(number) if contract is not None else "",
        datum_rule=contract.datum_rule_text(number) if contract is not None else "",
    )


__all__ = [
    "BoardRows",
    "EventInfo",
    "EventRows",
    "HandRows",
    "StandingsRows",
    "board_row",
    "build_event_rows",
    "event_info",
    "event_rows",
    "hand_rows",
    "standings_rows",
]
