"""A contract event as USEBIO 1.2 (``scoring.usebio``): the club (its name and number), its pairs and players
(with their national and club numbers, and the masterpoints of the event's award table), its boards with their
hands, and every traveller line, read in a fixed number of queries (club, pairs, boards, plays; and the
standings' two when the event has an award table).

No peeking: the boards ``hidden`` from the viewer (still in play, see ``selectors.hidden_boards``) give
neither their hands nor any line; the director hides none."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from duplicate.contests import CHOSEN, CONTRACT_CODE, is_contract
from duplicate.models import CLUB_PK, Board, Club, Event, EventKind, Pair, Play
from duplicate.privacy import pair_stand_in, shown_number, shown_players
from duplicate.selectors.pair_rows import club_public_name
from duplicate.selectors.standings import event_award_table, pair_standings
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


def _masterpoints(event: Event) -> dict[int, str]:
    """Each pair's MASTER_POINTS_AWARDED by the event's award table (``scoring.awards``), by primary key: two
    queries (the standings' pairs and plays) when the event has a table, none without."""
    if not event_award_table(event):
        return {}
    return {
        row.pair.pk: decimal_points(row.masterpoints)
        for row in pair_standings(event).rows
        if row.masterpoints is not None
    }


def usebio_problem(event: Event) -> str:
    """Why ``event`` cannot be written as USEBIO; "" when it can."""
    if not is_contract(event.code):
        return f"code: USEBIO carries contract bridge only, not {event.code}"
    contest = CHOSEN.get(event.contest)
    if contest is None or not contest.usebio or event.kind not in contest.kinds:
        return "contest: only a contract event scored by matchpoints, Butler, cross-IMPs or IMPs is written as USEBIO"
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


def _line(row: tuple[Any, ...]) -> UsebioLine:
    board, ns, ew, contract, declarer, tricks, ruling, net_ns, letter, *_team = row
    if ruling:  # law 12C2: an artificial adjusted score, "A60/40" is written A6040
        ns_pc, ew_pc = ruling[1:].split("/")
        adjustment = UsebioAdjustment(int(ns_pc), int(ew_pc))
        return UsebioLine(board=board, ns_pair=ns, ew_pair=ew, adjustment=adjustment, section=letter)
    if contract == "PASS":
        return UsebioLine(board=board, ns_pair=ns, ew_pair=ew, passed_out=True, score=0, section=letter)
    return UsebioLine(
        board=board,
        ns_pair=ns,
        ew_pair=ew,
        contract=Contract.parse(contract, ScoringCode(CONTRACT_CODE)),
        declarer=Seat(declarer),
        tricks=tricks,
        score=net_ns,
        section=letter,
    )


def _matches(rows: list[tuple[Any, ...]], teams: dict[int, str]) -> tuple[UsebioMatch, ...]:
    """A team event's rounds as MATCHes of its first team against the second, each line with the side the
    first team sat (law G: the two tables of a match)."""
    if len(teams) != 2:
        return ()
    home, away = teams
    by_round: dict[int, list[UsebioLine]] = {}
    for row in rows:
        side = Side.NS if row[-1] == home else Side.EW
        by_round.setdefault(row[-2], []).append(replace(_line(row), section=None, direction=side))
    return tuple(
        UsebioMatch(round=rnd, team=teams[home], opposing_team=teams[away], lines=tuple(lines))
        for rnd, lines in sorted(by_round.items())
    )


def usebio_event(event: Event, *, hidden: Iterable[int] = (), director: bool = False) -> UsebioEvent:
    """The event as USEBIO (four queries, six with an award table), without the boards ``hidden``; the
    players' names and numbers as a visitor may see them or, for a ``director``, every one
    (``duplicate.privacy``). Raises ValueError naming the field
    when it is not a contract event USEBIO carries (:func:`usebio_problem`)."""
    problem = usebio_problem(event)
    if problem:
        raise ValueError(problem)
    hide = frozenset(hidden)
    team_event = event.kind == EventKind.TEAMS
    # No peeking: masterpoints are totals, written only in a file that hides no board.
    points = {} if team_event or hide else _masterpoints(event)
    members = [
        (
            UsebioPair(
                number=row[1],
                players=_players(row, director=director),
                section=None if team_event else row[2],
                masterpoints=points.get(row[0]),
            ),
            row[3],
            row[4],
        )
        for row in Pair.objects.filter(event=event)
        .order_by("section__letter", "position", "id")
        .annotate(club_choice=club_public_name())
        .values_list("pk", "number", "section__letter", "team_id", "team__name", "club_choice", *SEAT_FIELDS)
    ]
    boards = tuple(
        board
        for number, deal, dealer, vulnerability in Board.objects.filter(event=event)
        .exclude(number__in=hide)
        .order_by("number")
        .values_list("number", "deal", "dealer", "vulnerability")
        if (board := _board(number, deal, dealer, vulnerability)) is not None
    )
    rows = list(
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
    if not team_event:
        pairs = tuple(pair for pair, _id, _name in members)
        return replace(base, pairs=pairs, lines=tuple(_line(row) for row in rows))
    ids = sorted({team_id for _pair, team_id, _name in members if team_id is not None})
    numbers = {team_id: str(i) for i, team_id in enumerate(ids, start=1)}
    teams = tuple(
        UsebioTeam(
            number=numbers[team_id],
            name=next(name for _p, tid, name in members if tid == team_id),
            pairs=tuple(pair for pair, tid, _name in members if tid == team_id),
        )
        for team_id in ids
    )
    return replace(base, teams=teams, matches=_matches(rows, numbers))
