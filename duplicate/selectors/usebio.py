"""A contract event as USEBIO 1.2 (``scoring.usebio``): its pairs and players, its boards with their hands,
and every traveller line, read in a fixed number of queries (pairs, boards, plays).

No peeking: the boards ``hidden`` from the viewer (still in play, see ``selectors.hidden_boards``) give
neither their hands nor any line; the director hides none."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from duplicate.models import Board, Event, EventKind, Pair, Play
from duplicate.services.results import CONTRACT
from scoring.codes import ScoringCode
from scoring.contract import Contract, Seat
from scoring.deal import Deal
from scoring.errors import ScoringError
from scoring.law77 import parse_vulnerability, vulnerability_for_board
from scoring.usebio import (
    UsebioAdjustment,
    UsebioBoard,
    UsebioEvent,
    UsebioLine,
    UsebioPair,
    UsebioPlayer,
)

# The contest's USEBIO EVENT_TYPE and BOARD_SCORING_METHOD.
EVENT_TYPES = {
    "matchpoints": ("MP_PAIRS", "MATCH_POINTS"),
    "butler": ("BUTLER_PAIRS", "BUTLER"),
    "cross-imps": ("CROSS_IMP", "CROSS_IMPS"),
}
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
)


def usebio_problem(event: Event) -> str:
    """Why ``event`` cannot be written as USEBIO; "" when it can."""
    if event.code != CONTRACT:
        return f"code: USEBIO carries contract bridge only, not {event.code}"
    if event.kind == EventKind.TEAMS or event.contest not in EVENT_TYPES:
        return "kind: only a contract pair event (matchpoints, Butler or cross-IMPs) is written as USEBIO"
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
    vul = parse_vulnerability(vulnerability) if vulnerability else vulnerability_for_board(number)
    return UsebioBoard(number=number, deal=parsed, dealer=Seat(dealer), vulnerability=vul)


def _line(row: tuple[Any, ...]) -> UsebioLine:
    board, ns, ew, contract, declarer, tricks, ruling, net_ns, letter = row
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
        contract=Contract.parse(contract, ScoringCode.CONTRACT),
        declarer=Seat(declarer),
        tricks=tricks,
        score=net_ns,
        section=letter,
    )


def usebio_event(event: Event, *, hidden: Iterable[int] = ()) -> UsebioEvent:
    """The event as USEBIO (three queries), without the boards ``hidden``. Raises ValueError naming the field
    when it is not a contract pair event (:func:`usebio_problem`)."""
    problem = usebio_problem(event)
    if problem:
        raise ValueError(problem)
    hide = frozenset(hidden)
    pairs = tuple(
        UsebioPair(
            number=number,
            players=tuple(UsebioPlayer(name) for name in (p1, p2) if name),
            section=letter,
        )
        for number, p1, p2, letter in Pair.objects.filter(event=event)
        .order_by("section__letter", "position", "id")
        .values_list("number", "player1__name", "player2__name", "section__letter")
    )
    boards = tuple(
        board
        for number, deal, dealer, vulnerability in Board.objects.filter(event=event)
        .exclude(number__in=hide)
        .order_by("number")
        .values_list("number", "deal", "dealer", "vulnerability")
        if (board := _board(number, deal, dealer, vulnerability)) is not None
    )
    lines = tuple(
        _line(row)
        for row in Play.objects.filter(event=event, entered=True)
        .exclude(board__number__in=hide)
        .order_by(
            "seating__round__section__letter", "board__number", "seating__round__number", "seating__table"
        )
        .values_list(*PLAY_COLUMNS)
    )
    event_type, method = EVENT_TYPES[event.contest]
    return UsebioEvent(
        event_type=event_type,
        name=event.name,
        date=event.date,
        board_scoring_method=method,
        pairs=pairs,
        lines=lines,
        boards=boards,
    )
