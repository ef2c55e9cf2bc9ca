"""A contract event as USEBIO 1.2 (``scoring.usebio``): the club (its name and number), its pairs and players
(with their national and club numbers), its boards with their hands, every traveller line, and every figure the
pages publish: each pair's DIRECTION (a Mitchell's), place, total and percentage and the masterpoints of the
event's award table, each line's matchpoints or IMPs, each Butler board's datum, a team match's VPs, places
and IMPs (``selectors.standings``: ``pair_standings``; ``selectors.imp_match``), read in a fixed number of
queries (club, pairs, boards, plays, and the standings' pairs and plays).

No peeking: the boards ``hidden`` from the viewer (still in play, see ``selectors.hidden_boards``) give
neither their hands nor any line nor any figure, and a file that hides a board gives no totals, places,
percentages or masterpoints (they would count the boards in play); the director hides none."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from duplicate.contests import CHOSEN, CONTRACT_CODE, Contest, is_contract
from duplicate.models import CLUB_PK, Board, Club, Event, EventKind, Pair, Play
from duplicate.privacy import pair_stand_in, shown_number, shown_players
from duplicate.selectors.contract import ContractPairs, decimal_text
from duplicate.selectors.imp_match import ImpMatch, imp_match
from duplicate.selectors.pair_rows import PairInfo, StandingRow, club_public_name, pair_infos
from duplicate.selectors.published import shows_published
from duplicate.selectors.standings import EventResults, event_results, pair_standings
from scoring.awards import decimal_points
from scoring.codes import ScoringCode
from scoring.contract import Contract, Seat, Side
from scoring.deal import Deal
from scoring.errors import ScoringError
from scoring.law77 import board_vulnerability
from scoring.usebio import (
    UsebioAdjustment,
    UsebioBoard,
    UsebioEvent,
    UsebioLine,
    UsebioMatch,
    UsebioPair,
    UsebioPlayer,
    UsebioTeam,
)

PLAY_COLUMNS = (
    "board__number",
    "ns_pair__number",
    "ew_pair__number",
    "contract",
    "declarer",
    "tricks",
    "ruling",
    "net_ns",
    "seating__round__section__letter",
    "seating__round__number",
    "ns_pair__team_id",
    "published_ns",
    "published_ew",
    "lead",  # row[13]: the opening lead, written as Compscore writes LEAD ("S5")
    "ns_pair_id",
    "ew_pair_id",
)


# Each player's name, how visitors see it, national (membership) number and club number; first then second.
SEAT_FIELDS = tuple(
    f"{seat}__{field}"
    for seat in ("player1", "player2")
    for field in ("name", "public_name", "number", "club_number")
)


def _players(row: tuple[Any, ...], *, director: bool) -> tuple[UsebioPlayer, ...]:
    """The pair's named players (a pairs query's row: pk, number, section, team id, team, the club's choice,
    then :data:`SEAT_FIELDS`) with their NATIONAL_ID_NUMBER and CLUB_ID_NUMBER, names and numbers as the
    viewer may see them (``duplicate.privacy``: a director every one)."""
    number, team, club = row[1], row[4], row[5]
    seats = (row[6:10], row[10:14])
    names = shown_players(
        (seats[0][0] or "", seats[1][0] or ""),
        (seats[0][1] or "", seats[1][1] or ""),
        club_choice=club,
        stand_in=pair_stand_in(number, team),
        director=director,
    )
    players = []
    for shown, (_name, _choice, national, club_number) in zip(names, seats, strict=True):
        if shown:
            national = shown_number(number=national or "", director=director)
            club_id = shown_number(number=club_number or "", director=director)
            players.append(UsebioPlayer(shown, national_id=national or None, club_id=club_id or None))
    return tuple(players)


def usebio_problem(event: Event) -> str:
    """Why ``event`` cannot be written as USEBIO; "" when it can."""
    if not is_contract(event.code):
        return f"code: USEBIO carries contract bridge only, not {event.code}"
    contest = CHOSEN.get(event.contest)
    if contest is None or not contest.usebio or event.kind not in contest.kinds:
        return "contest: only a contract event scored by matchpoints, Butler, cross-IMPs or IMPs is written as USEBIO"
    if contest.of_matches:  # its matches and VPs have no writer yet: an empty PARTICIPANTS would mislead
        return "contest: a league's or a Swiss's matches are not written as USEBIO; download its VP table instead"
    return ""


def _board(number: int, deal: str, dealer: str, vulnerability: str) -> UsebioBoard | None:
    """A board with its hands (law 2: its own vulnerability, else the number's cycle); None when its hands
    are not all known."""
    if not deal:
        return None
    try:
        parsed = Deal.parse_pbn(deal)
    except (ScoringError, ValueError):
        return None
    vul = board_vulnerability(number, vulnerability)
    return UsebioBoard(number=number, deal=parsed, dealer=Seat(dealer), vulnerability=vul)


def _line(row: tuple[Any, ...], section: str | None) -> UsebioLine:
    board, ns, ew, contract, declarer, tricks, ruling, net_ns, *_rest = row
    if ruling:  # law 12C2: an artificial adjusted score, "A60/40" is written A6040
        ns_pc, ew_pc = ruling[1:].split("/")
        adjustment = UsebioAdjustment(int(ns_pc), int(ew_pc))
        return UsebioLine(board=board, ns_pair=ns, ew_pair=ew, adjustment=adjustment, section=section)
    if contract == "PASS":
        return UsebioLine(board=board, ns_pair=ns, ew_pair=ew, passed_out=True, score=0, section=section)
    return UsebioLine(
        board=board,
        ns_pair=ns,
        ew_pair=ew,
        contract=Contract.parse(contract, ScoringCode(CONTRACT_CODE)),
        declarer=Seat(declarer),
        tricks=tricks,
        score=net_ns,
        lead=row[13] or None,
        section=section,
    )


def _figured_line(
    row: tuple[Any, ...], section: str | None, results: EventResults, places: int, *, as_published: bool
) -> UsebioLine:
    """The line with its matchpoints or IMPs for each side, as its traveller shows them: the contest's (to
    its decimals) when it has scored the line, or, for an event that shows what its scorer published
    (``as_published``), each side's published figure where the file gave one."""
    line = _line(row, section)
    detail = results.detail(row[0], row[-2], row[-1])
    if detail is not None and detail.ns_plus_minus is not None and detail.ew_plus_minus is not None:
        line = replace(
            line,
            published_ns=decimal_text(detail.ns_plus_minus, places=places),
            published_ew=decimal_text(detail.ew_plus_minus, places=places),
        )
    if as_published:
        published_ns, published_ew = row[11], row[12]
        line = replace(
            line,
            published_ns=published_ns or line.published_ns,
            published_ew=published_ew or line.published_ew,
        )
    return line


def _standing(pair: UsebioPair, row: StandingRow | None, *, totals: bool) -> UsebioPair:
    """The pair with its line (a Mitchell's) and, with ``totals``, its place, total and percentage as the
    standings show them and the masterpoints its place earns."""
    if row is None:
        return pair
    pair = replace(pair, direction=Side(row.direction) if row.direction in ("NS", "EW") else None)
    if not totals:
        return pair
    return replace(
        pair,
        published_place=str(row.rank),
        published_score=row.net_display,
        published_percentage=None if row.percentage is None else row.plus_minus_display,
        masterpoints=None if row.masterpoints is None else decimal_points(row.masterpoints),
    )


def _pairs_event(
    base: UsebioEvent,
    event: Event,
    members: list[tuple[UsebioPair, int, Any, Any]],
    plays: list[tuple[Any, ...]],
    scored: tuple[Mapping[int, PairInfo], EventResults],
    *,
    hide: frozenset[int],
    published_datums: Mapping[int, int],
) -> UsebioEvent:
    """A pair event: its pairs with their standings, its lines with their figures, its Butler datums (those
    ``published_datums`` when the event shows what its scorer published); the sections named only when
    there are several (one section's pairs and boards go straight in EVENT)."""
    described: Contest = CHOSEN[event.contest]
    infos, results = scored
    standings = pair_standings(event, pairs=infos, results=results)
    rows = {row.pair.pk: row for row in standings.rows}
    several = len({pair.section for pair, *_rest in members}) > 1
    pairs = tuple(
        _standing(replace(pair, section=pair.section if several else None), rows.get(pk), totals=not hide)
        for pair, pk, _team, _name in members
    )
    # An imported event may show its scorer's figures (``Event.results_source``) where the file gave them.
    as_published = shows_published(event)
    lines = tuple(
        _figured_line(row, row[8] if several else None, results, described.places, as_published=as_published)
        for row in plays
    )
    parts = results.contest.parts if isinstance(results.contest, ContractPairs) else ()
    datums = dict(parts[0][1].datums) if len(parts) == 1 else {}
    if as_published:
        datums.update(published_datums)
    rankings = standings.rankings
    return replace(
        base,
        pairs=pairs,
        lines=lines,
        winner_type=(2 if any(r.direction for r in rankings) else 1) if rankings else None,
        published_datums=tuple(sorted((b, d) for b, d in datums.items() if b not in hide)),
    )


def _matches(
    rows: list[tuple[Any, ...]],
    teams: Mapping[int, str],
    names: Mapping[int, str],
    match: ImpMatch,
    *,
    totals: bool,
) -> tuple[UsebioMatch, ...]:
    """A team event's match as one MATCH of its first team against the second: each board with its two
    tables' lines (each with its round and the side the first team sat: law G) and the IMPs each team won on
    it; with ``totals``, the IMPs each team won in the match."""
    if len(teams) != 2:
        return ()
    home, away = teams
    first_is_home = names[home] == match.home
    points = {
        line.board: (line.home_imps, line.away_imps) if first_is_home else (line.away_imps, line.home_imps)
        for line in match.lines
        if line.home_imps is not None and line.away_imps is not None
    }
    lines = tuple(
        replace(_line(row, None), round=row[9], direction=Side.NS if row[10] == home else Side.EW)
        for row in rows
    )
    won = (sum(ours for ours, _theirs in points.values()), sum(theirs for _ours, theirs in points.values()))
    return (
        UsebioMatch(
            round=None,
            team=teams[home],
            opposing_team=teams[away],
            lines=lines,
            team_score=str(won[0]) if totals else None,
            opposing_team_score=str(won[1]) if totals else None,
            board_points=tuple((b, str(ours), str(theirs)) for b, (ours, theirs) in sorted(points.items())),
        ),
    )


def _team_event(
    base: UsebioEvent,
    event: Event,
    members: list[tuple[UsebioPair, int, Any, Any]],
    plays: list[tuple[Any, ...]],
    scored: tuple[Mapping[int, PairInfo], EventResults],
    *,
    hide: frozenset[int],
) -> UsebioEvent:
    """A team match: its teams (TEAM_ID 1 and 2 in the order they were made) with their VPs and places, each
    round a MATCH of team 1 against team 2 with the IMPs of its boards (``selectors.imp_match``)."""
    infos, results = scored
    match = imp_match(event, hidden=hide, pairs=infos, results=results)
    ids = sorted({team_id for _pair, _pk, team_id, _name in members if team_id is not None})
    numbers = {team_id: str(i) for i, team_id in enumerate(ids, start=1)}
    names = {team_id: next(name for _p, _pk, tid, name in members if tid == team_id) for team_id in ids}
    totals = not hide and match.home_vp is not None
    vps = {match.home: match.home_vp, match.away: match.away_vp}
    places = {match.home: "1", match.away: "1"}
    if match.winner is not None:
        places[match.away if match.winner == match.home else match.home] = "2"
    teams = tuple(
        UsebioTeam(
            number=numbers[team_id],
            name=names[team_id],
            pairs=tuple(pair for pair, _pk, tid, _name in members if tid == team_id),
            total_score=f"{vps[names[team_id]]:.2f}" if totals and names[team_id] in vps else None,
            place=places.get(names[team_id]) if totals else None,
        )
        for team_id in ids
    )
    return replace(base, teams=teams, matches=_matches(plays, numbers, names, match, totals=totals))


def usebio_event(event: Event, *, hidden: Iterable[int] = (), director: bool = False) -> UsebioEvent:
    """The event as USEBIO (six queries), without the boards ``hidden`` and, when any is hidden, without
    totals; the players' names and numbers as a visitor may see them or, for a ``director``, every one
    (``duplicate.privacy``). Raises ValueError naming the field when it is not a contract event USEBIO
    carries (:func:`usebio_problem`)."""
    problem = usebio_problem(event)
    if problem:
        raise ValueError(problem)
    hide = frozenset(hidden)
    team_event = event.kind == EventKind.TEAMS
    members = [
        (
            UsebioPair(
                number=row[1],
                players=_players(row, director=director),
                section=None if team_event else row[2],
            ),
            row[0],
            row[3],
            row[4],
        )
        for row in Pair.objects.filter(event=event)
        .order_by("section__letter", "position", "id")
        .annotate(club_choice=club_public_name())
        .values_list("pk", "number", "section__letter", "team_id", "team__name", "club_choice", *SEAT_FIELDS)
    ]
    board_rows = list(
        Board.objects.filter(event=event)
        .exclude(number__in=hide)
        .order_by("number")
        .values_list("number", "deal", "dealer", "vulnerability", "published_datum")
    )
    boards = tuple(
        board
        for number, deal, dealer, vulnerability, _datum in board_rows
        if (board := _board(number, deal, dealer, vulnerability)) is not None
    )
    plays = list(
        Play.objects.filter(event=event, entered=True)
        .exclude(board__number__in=hide)
        .order_by(
            "seating__round__section__letter", "board__number", "seating__round__number", "seating__table"
        )
        .values_list(*PLAY_COLUMNS)
    )
    event_type, method = CHOSEN[event.contest].usebio
    club_name, club_number = Club.objects.filter(pk=CLUB_PK).values_list("name", "number").first() or ("", "")
    base = UsebioEvent(
        event_type=event_type,
        name=event.name,
        date=event.date,
        board_scoring_method=method,
        boards=boards,
        club_name=club_name or None,
        club_number=club_number or None,
    )
    # Every result counted: the figures of a board shown are its traveller's; totals only with none hidden.
    infos = pair_infos(event)
    results = event_results(event, infos)
    if team_event:
        return _team_event(base, event, members, plays, (infos, results), hide=hide)
    published = {number: datum for number, *_board, datum in board_rows if datum is not None}
    return _pairs_event(base, event, members, plays, (infos, results), hide=hide, published_datums=published)
