"""Standings (pairs and team matches): the event's plays as plain values -> the pure function of its
contest's description (``duplicate.contests``: law H, law G, matchpoints, Butler, cross-IMPs, IMPs) -> plain
frozen rows.  Read top-down: :func:`pair_standings` selects (:func:`pair_infos`, :func:`event_results`),
:func:`build_results` scores by the description's ``shape`` and ``score``, :func:`pair_rankings` makes the
rows, shown as the description says.  No caching here (``duplicate.caching`` keeps what pages render).

Queries, whatever the size of the event: :func:`pair_infos` one (the pairs with their names),
:func:`event_results` one (every play as a ``values_list``).  Travellers and score cards read their lines
through ``selectors.travellers`` (``play_lines``).  Pages, exports and commands all read the rows made here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import chain, compress
from operator import itemgetter, not_
from typing import Any, cast

from django.utils.translation import gettext, pgettext

from duplicate.contests import LAW_H, Contest, Shape, contest_for, contest_named, contest_of
from duplicate.models import Event, EventKind, EventStatus, Play, RankingChoice
from duplicate.selectors.contract import (
    ContractDetail,
    ContractPairs,
    ContractTeams,
    contract_pairs,
    contract_teams,
    decimal_text,
)
from duplicate.selectors.neuberg import neuberg_n
from duplicate.selectors.pair_rows import (
    BEING_PLAYED,
    BEING_PLAYED_NOTE,
    DIRECTION_NAMES,
    ITEM_NAMES,
    LINE_FIELDS,
    PENALTY_KINDS,
    PLAY_FIELDS,
    ROUND_AGREED,
    SIDE_NAMES,
    TRAVELLER_ORDER,
    WHIST,
    PairInfo,
    Ranking,
    StandingRow,
    pair_infos,
    unknown_pair,
    with_masterpoints,
)
from duplicate.selectors.progress import BOARDS_IN_PLAY_LEFT_OUT, Progress, provisional_text
from duplicate.selectors.published import shown_rankings
from duplicate.selectors.team_lines import (
    NOT_PLAYED,
    RULING_WAITING,
    TableLine,
    TeamBoardLine,
    TeamLine,
    TeamPairLine,
    lead_text,
)
from scoring.awards import AwardTableError, table_of_texts
from scoring.contests import (
    BoardDetail,
    PairContest,
    PairId,
    TeamMatch,
    display_values,
    mixed_number,
    ranking_groups,
    round_half_away,
    scores_from_net,
    scores_from_whist,
)
from scoring.contests.display import DisplayText, ratio_mixed_number, score_text, signed_text
from scoring.contests.imps import AVERAGE_PLUS_IMPS
from scoring.contests.sections import section_contests
from scoring.errors import ScoringError

# The shared rows (``pair_rows``) and the results' progress (``progress``) stay importable from here.
__all__ = [
    "BEING_PLAYED",
    "BEING_PLAYED_NOTE",
    "BOARDS_IN_PLAY_LEFT_OUT",
    "DIRECTION_NAMES",
    "ITEM_NAMES",
    "LINE_FIELDS",
    "NOT_PLAYED",
    "PENALTY_KINDS",
    "PLAY_FIELDS",
    "ROUND_AGREED",
    "RULING_WAITING",
    "SIDE_NAMES",
    "TRAVELLER_ORDER",
    "WHIST",
    "DisplayText",
    "PairInfo",
    "Progress",
    "Ranking",
    "StandingRow",
    "TableLine",
    "TeamBoardLine",
    "TeamLine",
    "TeamPairLine",
    "lead_text",
    "pair_infos",
    "provisional_text",
    "score_text",
    "signed_text",
    "unknown_pair",
]

# ------------------------------------------------------------------------------------------- contest


@dataclass(frozen=True)
class EventResults:
    """The contest worked out from the event's plays (pair ids are Pair primary keys)."""

    kind: str
    single_ranking: bool
    contest: PairContest | TeamMatch | ContractPairs | ContractTeams | None
    error: str | None
    entered: int
    total: int
    unagreed_rounds: int
    seats: Mapping[int, str]  # pair pk -> "NS", "EW" or "both" (from the movement, entered or not)
    tables: tuple[tuple[int, int, int], ...]  # a team match's distinct (table, ns pair pk, ew pair pk)
    last_board: int = 0
    # A team match's boards scheduled at each of its ``tables``, by number (entered or not).
    boards_at: Mapping[tuple[int, int, int], tuple[int, ...]] = field(default_factory=dict)
    # The boards still in play: some table scheduled to play them has neither a result nor a ruling yet
    # (their hands and results are not shown to visitors: ``duplicate.selectors.events.boards_in_play``).
    pending: frozenset[int] = frozenset()
    code: str = ""  # the event's scoring code (its laws)
    # The boards left out of the contest (read as not yet played): those in play, for a viewer shown only the
    # released boards' totals (``duplicate.selectors.events.released_only``); and how many boards the
    # event's plays schedule, counted or not.
    left_out: frozenset[int] = frozenset()
    boards: int = 0
    # The director has finished the event: that stands for the agreement of every round (law E, law 79).
    finished: bool = False
    described: str = LAW_H.name  # the name of its contest's description (``duplicate.contests``)
    _lines: dict[tuple[int, PairId, PairId], BoardDetail | ContractDetail] = field(
        default_factory=dict, compare=False, repr=False
    )

    @property
    def provisional(self) -> bool:
        """Until every result is in and agreed (law E), and every ruling has a score to draw on."""
        return (
            self.entered < self.total
            or self.unagreed_rounds > 0
            or self.error is not None
            or (self.contest is not None and self.contest.provisional)
        )

    @property
    def unit(self) -> str:
        """What a contract contest scores a board in ("MPs", "IMPs"; a team match's swing in IMPs); "" for
        law H and law G, and for a contest that could not be worked out."""
        return contest_named(self.described).unit if self.contest is not None else ""

    @property
    def averages(self) -> Mapping[tuple[int, str], Fraction]:
        return cast("Mapping[tuple[int, str], Fraction]", self.contest.averages) if self.contest else {}

    def detail(self, board: int, ns: PairId, ew: PairId) -> BoardDetail | ContractDetail | None:
        """The contest's line of ``ns`` v ``ew`` on ``board`` (law H's made alone, others' indexed on first
        use)."""
        if isinstance(self.contest, PairContest):
            return self.contest.detail(board, ns, ew)
        if not self._lines and self.contest is not None:
            self._lines.update(((d.board, d.ns, d.ew), d) for d in self.contest.boards)
        return self._lines.get((board, ns, ew))


def _whist_ns(net_ns: int) -> int:
    """N-S's whist score on a deal: the tricks it won, moved by any revoke transfer (whist law 30).  The
    sides' scores add up to 13 and the stored net is N-S's less E-W's, so N-S's is (13 + net) / 2."""
    return (13 + net_ns) // 2


def _result_row(code: str, row: tuple[Any, ...]) -> tuple[Any, ...]:
    """A play as the contest reads it: (board, ns, ew, ns score, ew score, ruling, offending)."""
    board, ns, ew, _entered, ruling, offending, net_ns = row[:7]
    if ruling:
        return (board, ns, ew, None, None, ruling, offending or None)
    if code == WHIST:
        return (board, ns, ew, *scores_from_whist(_whist_ns(net_ns)), None, None)
    return (board, ns, ew, *scores_from_net(net_ns), None, None)


def _result_rows(code: str, rows: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """The entered plays as the contest reads them; an auction event's played deals (nearly every row)
    made in one pass, anything else (a ruling, whist, a net that cannot be read) by :func:`_result_row`."""
    if code != WHIST:
        try:
            return [
                (b, ns, ew, net, -net, None, None)
                if not ruling and type(net) is int
                else _result_row(code, (b, ns, ew, entered, ruling, offending, net))
                for b, ns, ew, entered, ruling, offending, net, _table, _round, _agreed in rows
                if entered
            ]
        except ValueError:  # rows of another shape
            pass
    return [_result_row(code, row) for row in rows if row[3]]


def contest_plays(event: Event) -> Any:
    """The query of what the contest reads of every play (``PLAY_FIELDS``), as plain values, by board.

    The contest reads the plays board by board (the rankings' seatings, law H's sums); fetched in that order,
    each board's rows lie together in memory and are read in the order they were made, which costs the
    database a sort and saves the contest more (the CPU's caches: tens of thousands of rows in a big event).
    """
    plays = Play.objects.filter(event=event).order_by("board__number").annotate(round_agreed=ROUND_AGREED)
    return plays.values_list(*PLAY_FIELDS)


def event_results(
    event: Event, pairs: Mapping[int, PairInfo] | None = None, *, released_only: bool = False
) -> EventResults:
    """The event's contest from one query of plain values (``pairs``, from :func:`pair_infos`, are read when
    not given: a team match needs the teams, a pair contest the sections that name its rankings).

    ``released_only`` (``selectors.events.released_only``: a visitor's totals): the boards still in play in
    the plays read (none once the event is finished) are left out of the contest, as if not yet played, so
    that no total counts them; the progress (results in, rounds agreed) still counts every play."""
    if pairs is None:
        pairs = pair_infos(event)
    rows = list(contest_plays(event))
    return build_results(
        event.code,
        event.kind,
        rows,
        pairs,
        per_section=per_section(event),
        method=event.contest,
        average_plus=event.average_plus_imps,
        datum=(event.butler_drop, event.butler_halves),
        released_only=released_only and event.status != EventStatus.COMPLETE,
        finished=event.status == EventStatus.COMPLETE,
    )


def boards_results(event: Event, pairs: Mapping[int, PairInfo], numbers: Iterable[int]) -> EventResults:
    """The contest of some boards' plays (a traveller's, a round's), as :func:`event_results` reads the
    event's: their lines are the whole event's on those boards; their counts are those boards' (the whole
    event's where it is worked out whole, below).  Law H
    scores a board from its own results; so do Butler and cross-IMPs.  Matchpoints read each board's
    Neuberg N (its field's most-played count) from one aggregate query besides; a team match (law G), or a
    custom movement whose fields only every play tells, is worked out whole (two queries either way)."""
    if event.kind == EventKind.TEAMS:
        return event_results(event, pairs)
    several = per_section(event) and len({p.section for p in pairs.values()}) > 1
    most = None
    if contest_of(event).neuberg:
        most = neuberg_n(event, per_section=several)
        if most is None:
            return event_results(event, pairs)
    rows = list(contest_plays(event).filter(board__number__in=list(numbers)))
    return build_results(
        event.code,
        event.kind,
        rows,
        pairs,
        per_section=several,
        method=event.contest,
        field_most=most,
        average_plus=event.average_plus_imps,
        datum=(event.butler_drop, event.butler_halves),
        finished=event.status == EventStatus.COMPLETE,
    )


def per_section(event: Event) -> bool:
    """Whether the director ranks each section on its own (else across the field, law H)."""
    return event.ranking == RankingChoice.SECTION


def _teams(pairs: Mapping[int, PairInfo]) -> dict[str, list[int]]:
    teams: dict[str, list[int]] = {}
    for info in sorted(pairs.values(), key=lambda p: (p.team_id or 0, p.position, p.pk)):
        if info.team is not None:
            teams.setdefault(info.team, []).append(info.pk)
    return teams


def build_results(
    code: str,
    kind: str,
    rows: list[tuple[Any, ...]],
    pairs: Mapping[int, PairInfo],
    *,
    per_section: bool = False,
    method: str = "",
    field_most: Mapping[tuple[str, int], int] | None = None,
    average_plus: int = AVERAGE_PLUS_IMPS,
    datum: tuple[str, str] = ("one", "away"),
    released_only: bool = False,
    finished: bool = False,
) -> EventResults:
    """The pure part of :func:`event_results`: plays as ``PLAY_FIELDS`` tuples -> the contest.

    Law H: the pairs are ranked by :func:`scoring.contests.ranking_groups` of every play as scheduled
    (entered or not), so the rankings keep their shape as the results come in: sections playing the same
    boards across the field, or (``per_section``, the director's choice) each section on its own.
    ``field_most``: contract matchpoints of some boards' rows only, their Neuberg N (:func:`boards_results`).
    ``average_plus``, ``datum``: the event's IMPs of average plus (law 12C2) and Butler's datum (docs/laws.md).
    ``released_only``: the boards of plays not yet entered are left out of the contest (:func:`counted_rows`).
    ``finished``: the director has finished the event, which agrees every round (law E, law 79): no round is
    counted as not yet agreed."""
    waiting = list(compress(map(itemgetter(0), rows), map(not_, map(itemgetter(3), rows))))  # not entered
    left_out = frozenset(waiting) if released_only else frozenset()
    played = counted_rows(rows, left_out)
    boards, ns_col, ew_col = (list(map(itemgetter(i), rows)) for i in range(3))
    ns_pairs, ew_pairs = set(ns_col), set(ew_col)
    # Each pair once, in the order the plays name them.
    in_order = dict.fromkeys(chain.from_iterable(zip(ns_col, ew_col, strict=True)))
    seats = {
        pair: "both" if pair in ns_pairs and pair in ew_pairs else "NS" if pair in ns_pairs else "EW"
        for pair in in_order
    }
    described = contest_for(code, kind, method)
    shape = described.shape
    contest: PairContest | TeamMatch | ContractPairs | ContractTeams | None = None
    error: str | None = None
    single = kind == EventKind.TEAMS
    try:
        if shape is Shape.CONTRACT_TEAMS:
            contest = contract_teams(played, _teams(pairs), average_plus=average_plus)
        elif shape is Shape.TEAM_TOTALS:
            known = {pk: s for pk, s in seats.items() if s != "both" and pk in pairs and pairs[pk].team}
            contest = described.score(_result_rows(code, played), teams=_teams(pairs), seats=known)
        elif shape is not Shape.MATCHES:  # (a league's or Swiss's matches: teams.selectors_matches)
            sections: dict[PairId, str] = {pk: p.section for pk, p in pairs.items()}
            tables = zip(boards, ns_col, ew_col, strict=True)
            several = per_section and len(set(sections.values())) > 1
            if shape is Shape.CONTRACT_PAIRS:  # its contest's own scoring (law H's rankings)
                contest = contract_pairs(
                    described,
                    rows,
                    tables,
                    sections,
                    per_section=several,
                    field_most=field_most,
                    average_plus=average_plus,
                    datum=datum,
                    left_out=left_out,
                )
            elif several:
                contest = section_contests(_result_rows(code, played), tables, sections)
            else:
                law_h: PairContest = described.score(
                    _result_rows(code, played), groups=ranking_groups(tables, sections=sections)
                )
                contest = law_h
            single = contest.single_ranking
    except ScoringError as exc:  # a ContestError, or seatings that cannot be ranked
        error = str(exc)
    boards_at: dict[tuple[int, int, int], set[int]] = {}
    if kind == EventKind.TEAMS:
        for row in rows:
            boards_at.setdefault((row[7], row[1], row[2]), set()).add(row[0])
    return EventResults(
        kind=kind,
        single_ranking=single,
        contest=contest,
        error=error,
        entered=len(rows) - len(waiting),
        total=len(rows),
        unagreed_rounds=0
        if finished
        else len(set(compress(map(itemgetter(8), rows), map(not_, map(itemgetter(9), rows))))),
        seats=seats,
        tables=tuple(sorted(boards_at)),
        last_board=max(boards, default=0),
        boards_at={key: tuple(sorted(numbers)) for key, numbers in boards_at.items()},
        pending=frozenset(waiting),
        code=code,
        left_out=left_out,
        boards=len(set(boards)),
        finished=finished,
        described=described.name,
    )


def counted_rows(rows: list[tuple[Any, ...]], left_out: frozenset[int]) -> list[tuple[Any, ...]]:
    """The ``PLAY_FIELDS`` rows as the contest counts them: the plays of the boards ``left_out`` read as not
    yet entered (their rankings' seatings stay, so the rankings keep their shape)."""
    if not left_out:
        return rows
    return [row if row[0] not in left_out else (*row[:3], False, *row[4:]) for row in rows]


def progress_of(results: EventResults) -> Progress:
    return Progress(
        entered=results.entered,
        total=results.total,
        unagreed_rounds=results.unagreed_rounds,
        unresolved_rulings=len(results.contest.unresolved) if results.contest is not None else 0,
        error=results.error,
        provisional=results.provisional,
        code=results.code,
        boards=results.boards,
        uncounted=len(results.left_out),
        finished=results.finished,
    )


# ---------------------------------------------------------------------------------------- pair contest


@dataclass(frozen=True)
class PairStandings:
    """A pair contest's rankings (law H), in order: N-S then E-W in a Mitchell, one in a Howell, each
    section's of several with different boards."""

    event_id: int
    event_name: str
    code: str
    single_ranking: bool
    rankings: tuple[Ranking, ...]
    progress: Progress
    kind: str = "pairs"
    contest: str = LAW_H.name  # the name of its contest's description

    @property
    def described(self) -> Contest:
        """Its contest's description (``duplicate.contests``): its headings, unit and signs."""
        return contest_named(self.contest)

    @property
    def provisional(self) -> bool:
        return self.progress.provisional

    @property
    def rows(self) -> tuple[StandingRow, ...]:
        return tuple(row for ranking in self.rankings for row in ranking.rows)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": "pairs",
            "provisional": self.provisional,
            "rankings": [{"name": r.title, "direction": r.direction} for r in self.rankings],
            "rows": [row.to_json() for row in self.rows],
        }


def _law_h_row(r: Any, info: PairInfo, direction: str | None, group: str, net: str) -> StandingRow:
    """A law H line: the net as shown, the plus/minus to the nearest whole number, with its fraction exactly
    when its place is won by it."""
    plus_minus = (
        ratio_mixed_number(r.pm_num, r.pm_den, signed=True)
        if r.by_fraction
        else signed_text(r.plus_minus_rounded)
    )
    return StandingRow(
        r.rank, info, direction, r.boards, r.net, r.plus_minus, r.by_fraction, net, plus_minus, group
    )


def _contract_row(
    r: Any, info: PairInfo, direction: str | None, group: str, described: Contest
) -> StandingRow:
    """A contract line: the score it is ranked by (matchpoints after Neuberg and factoring, or IMPs) and, for
    matchpoints, its percentage, each exact and shown to the contest's decimals."""
    score = r.score if type(r.score) is Fraction else Fraction(r.score)
    second = r.percentage if r.percentage is not None else score
    places = described.places
    return StandingRow(
        r.rank,
        info,
        direction,
        r.boards,
        score,
        second,
        r.by_fraction,
        decimal_text(r.score, places=places),
        decimal_text(second, places=places),
        group,
        described.stored,
        r.percentage,
    )


def pair_rankings(
    described: Contest, scored: PairContest | ContractPairs | None, pairs: Mapping[int, PairInfo]
) -> list[Ranking]:
    """The contest's rankings as plain rows, each ranking's equals listed by pair number."""
    if scored is None:
        return []
    out: list[Ranking] = []
    ranked: list[Any] = list(scored.rankings())
    for group, rows, *_top in ranked:
        infos = {r.pair: pairs.get(r.pair) or unknown_pair(r.pair) for r in rows}
        ordered = sorted(rows, key=lambda r: (r.rank, infos[r.pair].sort_key))
        if isinstance(scored, ContractPairs):
            shown = [_contract_row(r, infos[r.pair], group.direction, group.name, described) for r in ordered]
        else:
            nets = display_values([r.net_num if r.net_den == 1 else r.net for r in ordered])
            shown = [
                _law_h_row(r, infos[r.pair], group.direction, group.name, net)
                for r, net in zip(ordered, nets, strict=True)
            ]
        out.append(Ranking(group.direction, tuple(shown), group.name, described.stored))
    return out


def pair_standings(
    event: Event,
    *,
    pairs: Mapping[int, PairInfo] | None = None,
    results: EventResults | None = None,
    director: bool = False,
) -> PairStandings:
    """A pair contest's standings, top-down: the event's plays as plain values (:func:`event_results`) ->
    its contest's pure function (``duplicate.contests``) -> plain rows (:func:`pair_rankings`).  The names
    read when ``pairs`` is not given: as a visitor sees them, or a ``director`` (``pair_infos``)."""
    pairs = pair_infos(event, director=director) if pairs is None else pairs
    results = event_results(event, pairs) if results is None else results
    described = contest_named(results.described)
    scored = results.contest if isinstance(results.contest, PairContest | ContractPairs) else None
    rankings = shown_rankings(event, pair_rankings(described, scored, pairs), results.left_out)
    return PairStandings(
        event_id=event.pk,
        event_name=event.name,
        code=event.code,
        single_ranking=results.single_ranking,
        rankings=tuple(with_masterpoints(rankings, event_award_table(event))),
        progress=progress_of(results),
        contest=described.name,
    )


def event_award_table(event: Event) -> list[Fraction]:
    """The event's award table as exact points (``scoring.awards``); none when it has none (or when what is
    stored cannot be read: the service writes only good tables)."""
    try:
        return table_of_texts(list(getattr(event, "awards", None) or []))
    except (AwardTableError, TypeError):
        return []


# ---------------------------------------------------------------------------------------- team match


def _board_lines(
    results: EventResults, key: tuple[int, int, int], pairs: tuple[PairInfo, PairInfo], hidden: frozenset[int]
) -> tuple[TeamBoardLine, ...]:
    """A table's boards by number, read from the contest's lines (law G is not worked out again here); a
    board in ``hidden`` shows no scores, and its swing stays out of the running total."""
    _table, ns, ew = key
    teams = (pairs[0].team, pairs[1].team)
    running: Fraction | int = 0  # exact: a whole number until a fraction (an average) is added
    lines = []
    for number in results.boards_at.get(key, ()):
        detail = None if number in hidden else results.detail(number, ns, ew)
        if detail is None or detail.ns_score is None or detail.ew_score is None:
            note = gettext(
                BEING_PLAYED if number in hidden else NOT_PLAYED if detail is None else RULING_WAITING
            )
            lines.append(TeamBoardLine(number, None, None, None, running, note, "", note))
            continue
        swing = detail.ns_score - detail.ew_score  # ints, or a Fraction where an average is one of them
        running += swing
        lines.append(
            TeamBoardLine(
                number,
                detail.ns_score,
                detail.ew_score,
                swing,
                running,
                lead_text(*teams, swing),
                lead_text(*teams, running, even=pgettext("the teams level", "level")),
            )
        )
    return tuple(lines)


@dataclass(frozen=True)
class TeamStandings:
    """A team match (law G)."""

    event_id: int
    event_name: str
    code: str
    teams: tuple[TeamLine, ...]
    winner: str | None
    by_fraction: bool
    direction_averages: Mapping[str, Fraction | None]
    tables: tuple[TableLine, ...]
    progress: Progress
    kind: str = "teams"
    # The first team's total less the second's (exact), and as the page says it: the difference of the
    # totals as shown (law G's whole numbers), or "the fraction of a point"; "" with no winner.
    margin: Fraction = Fraction(0)
    margin_display: str = ""

    @property
    def provisional(self) -> bool:
        return self.progress.provisional

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": "teams",
            "provisional": self.provisional,
            "teams": [t.to_json() for t in self.teams],
            "winner": self.winner,
            "by_fraction": self.by_fraction,
        }


def _team_lines(match: TeamMatch, pairs: Mapping[int, PairInfo]) -> list[TeamLine]:
    teams = []
    for t, total_display in zip(match.teams, display_values([t.total for t in match.teams]), strict=True):
        nets = display_values([p.net for p in t.pairs])
        lines = tuple(
            TeamPairLine(pairs.get(p.pair) or unknown_pair(p.pair), p.direction, p.boards, p.net, n)  # type: ignore[arg-type]
            for p, n in zip(t.pairs, nets, strict=True)
        )
        avg = t.odd_pair_average
        # Law G: averages to the nearest whole number, unless the fraction decides the match.
        avg_display = (
            None if avg is None else mixed_number(avg) if match.by_fraction else str(round_half_away(avg))
        )
        teams.append(
            TeamLine(
                t.name,
                t.rank,
                lines,
                t.net,
                t.odd_direction,
                t.extra_pairs,
                avg,
                t.total,
                total_display,
                avg_display,
            )
        )
    return teams


def _margin(match: TeamMatch) -> tuple[Fraction, str]:
    """The winner's lead over the runner-up: exact, and as shown (law G: the difference of the totals'
    nearest whole numbers, or "the fraction of a point" when those are equal)."""
    if match.winner is None:
        return Fraction(0), ""
    first, second = match.teams[0], match.teams[1]
    lead = str(first.total_rounded - second.total_rounded)
    return first.total - second.total, gettext("the fraction of a point") if match.by_fraction else lead


def team_standings(
    event: Event,
    *,
    pairs: Mapping[int, PairInfo] | None = None,
    results: EventResults | None = None,
    hidden: frozenset[int] = frozenset(),
    director: bool = False,
) -> TeamStandings:
    """A team match (law G) as the contest gives it, each table's boards with their swings; the boards in
    ``hidden`` (those this viewer may not see yet) without their scores; names as :func:`pair_standings`."""
    pairs = pair_infos(event, director=director) if pairs is None else pairs
    results = event_results(event, pairs) if results is None else results
    match = results.contest
    teams: list[TeamLine] = []
    tables: list[TableLine] = []
    direction_averages: dict[str, Fraction | None] = {"NS": None, "EW": None}
    if isinstance(match, TeamMatch):
        teams = _team_lines(match, pairs)
        direction_averages = {side: avg for side, avg in match.direction_averages.items()}
        # In a law G match each pair keeps its table: its net is its score there.
        pair_net = {p.pair.pk: p.net for t in teams for p in t.pairs}
        for key in results.tables:
            _table, ns, ew = key
            seated = (pairs.get(ns) or unknown_pair(ns), pairs.get(ew) or unknown_pair(ew))
            tables.append(
                TableLine(
                    key[0],
                    *seated,
                    pair_net.get(ns, Fraction(0)),
                    pair_net.get(ew, Fraction(0)),
                    _board_lines(results, key, seated, hidden),
                )
            )
    margin = _margin(match) if isinstance(match, TeamMatch) else (Fraction(0), "")
    return TeamStandings(
        event_id=event.pk,
        event_name=event.name,
        code=event.code,
        teams=tuple(teams),
        winner=match.winner if isinstance(match, TeamMatch) else None,
        by_fraction=match.by_fraction if isinstance(match, TeamMatch) else False,
        direction_averages=direction_averages,
        tables=tuple(tables),
        progress=progress_of(results),
        margin=margin[0],
        margin_display=margin[1],
    )


def standings(
    event: Event,
    *,
    pairs: Mapping[int, PairInfo] | None = None,
    results: EventResults | None = None,
    director: bool = False,
) -> PairStandings | TeamStandings:
    """The event's standings, by its kind (two queries; none for what is given)."""
    if event.kind == EventKind.TEAMS:
        return team_standings(event, pairs=pairs, results=results, director=director)
    return pair_standings(event, pairs=pairs, results=results, director=director)
