"""An event as the plain rows the writers take (``pdf``, ``xlsx``, ``csv``): no request, no ORM in the writers.

Everything is read in a fixed number of queries whatever the size of the event:

* :func:`standings_rows` - the standings of ``duplicate.standings`` (pairs, and the contest: two queries on a
  cache miss, one on a hit);
* :func:`event_rows` - the standings plus every board and every play of the event (two more queries), from
  which the travellers, score cards, table guide cards, hand records and the movement are built in memory.

``duplicate.standings.traveller`` and ``score_card`` query once per board or pair; the rows here are built
from the same public pieces (``event_results``, ``pair_infos``, ``result_text``, ``items_text``,
``ruling_text``, ``hand_diagram``, ``ScoreCard``/``ScoreCardLine``) and the same display helpers
(``scoring.contests.mixed_str``/``display_values``), so every figure is the one the pages show.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from duplicate.models import Board, Event, EventKind, Play, ScoringCodeChoice, SeatChoice
from duplicate.selectors import board_range
from duplicate.standings import (
    ITEM_NAMES,
    WHIST,
    EventResults,
    HandDiagram,
    PairInfo,
    PairStandings,
    Progress,
    ScoreCard,
    ScoreCardLine,
    TeamStandings,
    event_results,
    hand_diagram,
    items_text,
    pair_infos,
    pair_standings,
    result_text,
    ruling_text,
    team_standings,
)
from scoring.contests import BoardDetail, mixed_str

SEAT_NAMES = dict(SeatChoice.choices)
SIDE_NAMES = {"NS": "N-S", "EW": "E-W"}
PENALTY_KINDS = ("revoke_penalty", "other_penalty")

# The plays' plain values: one query for the whole event.
_PLAY_FIELDS = (
    "seating__round__section__letter",
    "seating__round__number",
    "seating__table",
    "board__number",
    "ns_pair_id",
    "ew_pair_id",
    "entered",
    "contract",
    "declarer",
    "tricks",
    "tricks_ns",
    "honours",
    "revokes",
    "penalties",
    "one_spade_limit",
    "ruling",
    "offending",
    "ns_trick",
    "ns_honour",
    "ns_total",
    "ew_trick",
    "ew_honour",
    "ew_total",
    "net_ns",
    "items",
)


def score_text(value: Fraction | int | None) -> str:
    """A score or average as the pages show it (exact, as a mixed number)."""
    return "" if value is None else mixed_str(value)


def signed_text(value: Fraction | int | None) -> str:
    """A plus/minus as the pages show it (exact, signed)."""
    return "" if value is None else mixed_str(value, signed=True)


def unknown_pair(pk: int) -> PairInfo:
    return PairInfo(pk, f"#{pk}", 0, ("", ""), None, None, "")


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

    @property
    def whist(self) -> bool:
        return self.code == WHIST

    @property
    def teams(self) -> bool:
        return self.kind == EventKind.TEAMS

    @property
    def subtitle(self) -> str:
        kind = "team match (law G)" if self.teams else "pair contest (law H)"
        return f"{self.date} · {self.code_display} · {kind}"


def event_info(event: Event) -> EventInfo:
    return EventInfo(
        pk=event.pk,
        name=event.name,
        date=f"{event.date:%A %-d %B %Y}" if event.date else "",
        code=event.code,
        code_display=dict(ScoringCodeChoice.choices).get(event.code, event.code),
        kind=event.kind,
        paper_size=event.paper_size,
    )


def provisional_text(progress: Progress) -> str:
    """Why the figures are provisional ("" when final), as the standings text report says it."""
    if not progress.provisional:
        return ""
    parts = [f"{progress.entered} of {progress.total} results in"]
    if progress.unagreed_rounds:
        n = progress.unagreed_rounds
        parts.append(f"{n} round{'s' if n != 1 else ''} not yet agreed")
    if progress.unresolved_rulings:
        parts.append(f"{progress.unresolved_rulings} ruling(s) waiting for a result to draw on")
    if progress.error:
        parts.append(f"cannot be scored: {progress.error}")
    return "; ".join(parts)


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
) -> StandingsRows:
    """The event's standings (law H pairs or law G teams): two queries on a cache miss, one on a hit."""
    pairs = pair_infos(event) if pairs is None else pairs
    results = event_results(event, pairs) if results is None else results
    if event.kind == EventKind.TEAMS:
        st: PairStandings | TeamStandings = team_standings(event, pairs=pairs, results=results)
    else:
        st = pair_standings(event, pairs=pairs, results=results)
    return StandingsRows(event_info(event), st)


# ------------------------------------------------------------------------------------------ the results


@dataclass(frozen=True, slots=True)
class ResultRow:
    """One board at one table in one round: the result as entered, both sides' scores, the board's averages
    and each pair's plus/minus (the traveller's line; a row of the Travellers sheet and results CSV)."""

    section: str
    board: int
    round: int
    table: int
    ns: PairInfo
    ew: PairInfo
    entered: bool
    contract: str
    declarer: str
    tricks: int | None
    tricks_ns: int | None
    honours: Any
    revokes: Any
    penalties: tuple[Mapping[str, Any], ...]
    one_spade_limit: bool
    ruling: str
    offending: str
    ns_trick: int
    ns_honour: int
    ns_total: int
    ew_trick: int
    ew_honour: int
    ew_total: int
    net_ns: int
    items: tuple[Mapping[str, Any], ...]
    result: str
    ruling_text: str
    ns_items: str
    ew_items: str
    ns_score: Fraction | int | None
    ew_score: Fraction | int | None
    ns_average: Fraction | None
    ew_average: Fraction | None
    ns_plus_minus: Fraction | None
    ew_plus_minus: Fraction | None
    scored: bool = False  # the contest has this line (entered, and the event can be scored)

    @property
    def played(self) -> bool:
        return self.entered and not self.ruling

    @property
    def status(self) -> str:
        """What the pages print in the result column: the ruling, the result, or "not played yet"."""
        if self.ruling_text:
            return self.ruling_text
        if self.entered:
            return self.result
        return "not played yet"

    @property
    def penalty_text(self) -> str:
        """Penalty points and revoke penalties, each with its law: "N-S: penalty 50 (law F)"."""
        parts = []
        for side in ("NS", "EW"):
            own = [i for i in self.items if i.get("side") == side and i.get("kind") in PENALTY_KINDS]
            for item in own:
                name = ITEM_NAMES.get(item.get("kind", ""), item.get("kind", ""))
                parts.append(f"{SIDE_NAMES[side]}: {name} {item.get('points')} (law {item.get('law')})")
        return "; ".join(parts)

    @property
    def marks(self) -> str:
        """Rulings and penalties, marked with their law (the traveller's note column)."""
        return "; ".join(p for p in (self.ruling_text, self.penalty_text) if p)

    def item_points(self, side: str, kind: str) -> int | None:
        points = [
            int(i.get("points", 0)) for i in self.items if i.get("side") == side and i.get("kind") == kind
        ]
        return sum(points) if points else None

    @property
    def ns_score_display(self) -> str:
        return score_text(self.ns_score)

    @property
    def ew_score_display(self) -> str:
        return score_text(self.ew_score)

    @property
    def ns_average_display(self) -> str:
        return score_text(self.ns_average)

    @property
    def ew_average_display(self) -> str:
        return score_text(self.ew_average)

    @property
    def ns_plus_minus_display(self) -> str:
        return signed_text(self.ns_plus_minus)

    @property
    def ew_plus_minus_display(self) -> str:
        return signed_text(self.ew_plus_minus)


@dataclass(frozen=True)
class BoardRows:
    """A board: dealer, hands when known, and every table's result on it (the traveller)."""

    number: int
    dealer: str
    deal: str
    diagram: HandDiagram | None
    lines: tuple[ResultRow, ...]
    ns_average: Fraction | None
    ew_average: Fraction | None

    @property
    def dealer_name(self) -> str:
        return SEAT_NAMES.get(self.dealer, self.dealer)

    @property
    def ns_average_display(self) -> str:
        return score_text(self.ns_average)

    @property
    def ew_average_display(self) -> str:
        return score_text(self.ew_average)

    @property
    def played(self) -> int:
        return sum(1 for line in self.lines if line.entered)


@dataclass(frozen=True, slots=True)
class GuideLine:
    """One round at one table (a line of the table guide card)."""

    round: int
    ns: PairInfo
    ew: PairInfo
    boards: str
    ns_next: str
    ew_next: str
    boards_next: str


@dataclass(frozen=True)
class GuideCard:
    section: str
    table: int
    lines: tuple[GuideLine, ...]

    @property
    def title(self) -> str:
        return f"Table {self.table}" if self.section == "A" else f"Section {self.section}, table {self.table}"


@dataclass(frozen=True, slots=True)
class MovementRow:
    section: str
    round: int
    table: int
    ns: PairInfo
    ew: PairInfo
    boards: tuple[int, ...]

    @property
    def boards_display(self) -> str:
        return board_range(list(self.boards))


@dataclass(frozen=True)
class EventRows:
    """Everything the printouts and the workbook show, as plain rows."""

    info: EventInfo
    standings: PairStandings | TeamStandings
    pairs: Mapping[int, PairInfo]
    boards: tuple[BoardRows, ...]
    results: tuple[ResultRow, ...]
    cards: tuple[ScoreCard, ...]
    movement: tuple[MovementRow, ...]
    guide_cards: tuple[GuideCard, ...] = field(default=())

    @property
    def standings_rows(self) -> StandingsRows:
        return StandingsRows(self.info, self.standings)

    @property
    def progress(self) -> Progress:
        return self.standings.progress

    @property
    def provisional_text(self) -> str:
        return provisional_text(self.standings.progress)


def event_rows(event: Event) -> EventRows:
    """The whole event as plain rows: four queries on a standings cache miss (pairs, the contest, boards,
    plays), three on a hit, whatever the size of the event."""
    pairs = pair_infos(event)
    results = event_results(event, pairs)
    st = standings_rows(event, pairs=pairs, results=results).standings
    boards = list(
        Board.objects.filter(event=event).order_by("number").values_list("number", "dealer", "deal")
    )
    plays = list(
        Play.objects.filter(event=event)
        .order_by(
            "seating__round__section__letter", "seating__round__number", "seating__table", "board__number"
        )
        .values_list(*_PLAY_FIELDS)
    )
    return build_event_rows(event_info(event), st, pairs, results, boards, plays)


def build_event_rows(
    info: EventInfo,
    st: PairStandings | TeamStandings,
    pairs: Mapping[int, PairInfo],
    results: EventResults,
    boards: Iterable[tuple[int, str, str]],
    plays: Iterable[tuple[Any, ...]],
) -> EventRows:
    """The pure part of :func:`event_rows` (no queries)."""
    details: dict[tuple[int, int, int], BoardDetail] = {(d.board, d.ns, d.ew): d for d in results.boards}
    averages = results.contest.averages if results.contest is not None else {}

    def pair(pk: int) -> PairInfo:
        return pairs.get(pk) or unknown_pair(pk)

    rows: list[ResultRow] = []
    for (
        section,
        rnd,
        table,
        board,
        ns,
        ew,
        entered,
        contract,
        declarer,
        tricks,
        tricks_ns,
        honours,
        revokes,
        penalties,
        one_spade_limit,
        ruling,
        offending,
        ns_trick,
        ns_honour,
        ns_total,
        ew_trick,
        ew_honour,
        ew_total,
        net_ns,
        items,
    ) in plays:
        d = details.get((board, ns, ew)) if entered else None
        rows.append(
            ResultRow(
                section=section,
                board=board,
                round=rnd,
                table=table,
                ns=pair(ns),
                ew=pair(ew),
                entered=entered,
                contract=contract,
                declarer=declarer,
                tricks=tricks,
                tricks_ns=tricks_ns,
                honours=honours,
                revokes=revokes,
                penalties=tuple(penalties or ()),
                one_spade_limit=one_spade_limit,
                ruling=ruling,
                offending=offending,
                ns_trick=ns_trick,
                ns_honour=ns_honour,
                ns_total=ns_total,
                ew_trick=ew_trick,
                ew_honour=ew_honour,
                ew_total=ew_total,
                net_ns=net_ns,
                items=tuple(items or ()),
                result=result_text(contract, declarer, tricks, tricks_ns, info.code) if entered else "",
                ruling_text=ruling_text(ruling, offending) if entered else "",
                ns_items=items_text(items, "NS"),
                ew_items=items_text(items, "EW"),
                ns_score=d.ns_score if d else None,
                ew_score=d.ew_score if d else None,
                ns_average=d.ns_average if d else averages.get((board, "NS")),
                ew_average=d.ew_average if d else averages.get((board, "EW")),
                ns_plus_minus=d.ns_plus_minus if d else None,
                ew_plus_minus=d.ew_plus_minus if d else None,
                scored=d is not None,
            )
        )

    by_board: dict[int, list[ResultRow]] = defaultdict(list)
    for row in rows:
        by_board[row.board].append(row)
    board_rows = tuple(
        BoardRows(
            number=number,
            dealer=dealer,
            deal=deal,
            diagram=hand_diagram(deal),
            lines=tuple(sorted(by_board.get(number, ()), key=lambda r: (r.section, r.round, r.table))),
            ns_average=averages.get((number, "NS")),
            ew_average=averages.get((number, "EW")),
        )
        for number, dealer, deal in boards
    )
    return EventRows(
        info=info,
        standings=st,
        pairs=pairs,
        boards=board_rows,
        results=tuple(rows),
        cards=_score_cards(st, pairs, rows),
        movement=_movement(rows),
        guide_cards=_guide_cards(rows),
    )


# ---------------------------------------------------------------------------------------- score cards


def _score_cards(
    st: PairStandings | TeamStandings, pairs: Mapping[int, PairInfo], rows: list[ResultRow]
) -> tuple[ScoreCard, ...]:
    """Each pair's boards in the order played, as ``duplicate.standings.score_card`` builds them."""
    by_pair: dict[int, list[ResultRow]] = defaultdict(list)
    for row in rows:  # already in round, table, board order
        by_pair[row.ns.pk].append(row)
        by_pair[row.ew.pk].append(row)
    standing_by_pk = {r.pair.pk: r for r in st.rows} if isinstance(st, PairStandings) else {}
    team_by_pk = {p.pair.pk: t for t in st.teams for p in t.pairs} if isinstance(st, TeamStandings) else {}
    cards = []
    for info in sorted(pairs.values(), key=lambda p: (p.position, p.sort_key)):
        lines: list[ScoreCardLine] = []
        running = Fraction(0)
        for row in by_pair.get(info.pk, ()):
            side = "NS" if row.ns.pk == info.pk else "EW"
            score = row.ns_score if side == "NS" else row.ew_score
            average = row.ns_average if side == "NS" else row.ew_average
            pm = row.ns_plus_minus if side == "NS" else row.ew_plus_minus
            if not row.scored:
                average = None
            if pm is not None:
                running += pm
            lines.append(
                ScoreCardLine(
                    board=row.board,
                    round=row.round,
                    table=row.table,
                    side=side,
                    opponents=row.ew if side == "NS" else row.ns,
                    entered=row.entered,
                    result=row.result,
                    ruling=row.ruling_text,
                    score=score,
                    average=average,
                    plus_minus=pm,
                    running=running if pm is not None else None,
                )
            )
        cards.append(
            ScoreCard(
                pair=info,
                lines=tuple(lines),
                standing=standing_by_pk.get(info.pk),
                team=team_by_pk.get(info.pk),
                progress=st.progress,
            )
        )
    return tuple(cards)


def score_card_status(line: ScoreCardLine) -> str:
    if line.ruling:
        return line.ruling
    if line.entered:
        return line.result
    return "not played yet"


# ---------------------------------------------------------------------------- movement and guide cards


def _movement(rows: list[ResultRow]) -> tuple[MovementRow, ...]:
    seatings: dict[tuple[str, int, int], tuple[PairInfo, PairInfo, list[int]]] = {}
    for row in rows:
        key = (row.section, row.round, row.table)
        if key not in seatings:
            seatings[key] = (row.ns, row.ew, [])
        seatings[key][2].append(row.board)
    return tuple(
        MovementRow(section, rnd, table, ns, ew, tuple(sorted(boards)))
        for (section, rnd, table), (ns, ew, boards) in sorted(seatings.items())
    )


def _tables_text(tables: list[int]) -> str:
    if not tables:
        return ""
    if len(tables) == 1:
        return f"table {tables[0]}"
    return "tables " + ", ".join(str(t) for t in tables)


def _guide_cards(rows: list[ResultRow]) -> tuple[GuideCard, ...]:
    """For each table, each round's pairs and boards, and where the pairs and the boards go next."""
    movement = _movement(rows)
    seat_of: dict[tuple[str, int, int], tuple[int, str]] = {}  # (section, round, pair) -> (table, side)
    tables_of_board: dict[tuple[str, int, int], list[int]] = defaultdict(list)  # (section, round, board)
    last_round: dict[str, int] = {}
    for m in movement:
        seat_of[(m.section, m.round, m.ns.pk)] = (m.table, "N-S")
        seat_of[(m.section, m.round, m.ew.pk)] = (m.table, "E-W")
        for b in m.boards:
            tables_of_board[(m.section, m.round, b)].append(m.table)
        last_round[m.section] = max(last_round.get(m.section, 0), m.round)

    def pair_next(m: MovementRow, pair: PairInfo) -> str:
        if m.round >= last_round[m.section]:
            return "end"
        seat = seat_of.get((m.section, m.round + 1, pair.pk))
        if seat is None:
            return "sits out"
        table, side = seat
        if table == m.table and side == ("N-S" if pair.pk == m.ns.pk else "E-W"):
            return "stays"
        return f"table {table} {side}"

    def boards_next(m: MovementRow) -> str:
        if m.round >= last_round[m.section]:
            return "end"
        tables = sorted({t for b in m.boards for t in tables_of_board.get((m.section, m.round + 1, b), ())})
        if not tables:
            return "relay (not played next round)"
        return _tables_text(tables)

    cards: dict[tuple[str, int], list[GuideLine]] = defaultdict(list)
    for m in movement:
        cards[(m.section, m.table)].append(
            GuideLine(
                m.round, m.ns, m.ew, m.boards_display, pair_next(m, m.ns), pair_next(m, m.ew), boards_next(m)
            )
        )
    return tuple(GuideCard(section, table, tuple(lines)) for (section, table), lines in sorted(cards.items()))


def hand_text(holding: tuple[tuple[str, str], ...]) -> str:
    """One hand on one line, suits by letter: "S AKQ  H T98  D 765  C 432"."""
    return "  ".join(f"{suit} {cards}" for suit, cards in holding)


__all__ = [
    "BoardRows",
    "EventInfo",
    "EventRows",
    "GuideCard",
    "GuideLine",
    "MovementRow",
    "ResultRow",
    "StandingsRows",
    "build_event_rows",
    "event_info",
    "event_rows",
    "hand_text",
    "provisional_text",
    "score_card_status",
    "score_text",
    "signed_text",
    "standings_rows",
]
