"""A traveller worked out from its own board's plays equals the one read from the whole event's contest.

Law H: a board's averages are those of the scores made in each direction on that board, and each pair's
plus/minus its score less that average; law B(3): a ruling draws on the scores made on that board.  So
``traveller(event, board)`` (the board's plays alone) must show the lines, averages and plus/minus of
``traveller(event, board, results=event_results(event))``.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from duplicate.models import Board, Play
from duplicate.selectors.standings import event_results, pair_infos
from duplicate.selectors.travellers import traveller
from duplicate.services.results import result_fields
from tests.factories import make_event

RESULTS = [
    {"contract": "4H", "declarer": "N", "tricks": 10},
    {"contract": "1NT", "declarer": "E", "tricks": 6},
    {"contract": "2S", "declarer": "S", "tricks": 8},
]


def put(play: Play, data: dict) -> None:
    Play.objects.filter(pk=play.pk).update(**result_fields(code="auction-1915", deal="", data=data))


def setup(kind: str):
    """Board 1: one table not yet played; board 2: a low-high ruling (N-S offending) among real results;
    board 3: every table ruled "average" (nothing to draw on: unresolved); the other boards all played."""
    event = make_event(kind=kind, tables=3, boards_per_round=2)
    for number, board in enumerate(event.boards.order_by("number"), start=1):
        plays = list(Play.objects.filter(event=event, board=board).order_by("pk"))
        for i, play in enumerate(plays):
            if number == 1 and i == 0:
                continue  # missing
            if number == 2 and i == 0:
                put(play, {"ruling": "low-high", "offending": "NS"})
            elif number == 3:
                put(play, {"ruling": "average"})
            else:
                put(play, RESULTS[(i + number) % len(RESULTS)])
    return event


@pytest.mark.parametrize("kind", ["mitchell", "howell"])
def test_a_board_alone_gives_the_whole_events_traveller(db, kind):
    event = setup(kind)
    pairs = pair_infos(event)
    whole = event_results(event, pairs)
    for number in (1, 2, 3, 4):
        board = Board.objects.get(event=event, number=number)
        alone = traveller(event, board)
        full = traveller(event, board, pairs=pairs, results=whole)
        assert alone.lines == full.lines
        assert (alone.ns_average, alone.ew_average) == (full.ns_average, full.ew_average)
    # Each traveller's progress is its board's: one table of board 1 still to play; board 3 ruled at every
    # table, its rulings waiting (law B(3)); board 4 all played (its rounds not agreed: still provisional).
    tables = Play.objects.filter(event=event, board__number=1).count()
    one, three, four = (
        traveller(event, Board.objects.get(event=event, number=n)).progress for n in (1, 3, 4)
    )
    assert (one.entered, one.total, one.unresolved_rulings) == (tables - 1, tables, 0)
    assert (three.entered, three.total, three.unresolved_rulings) == (tables, tables, 3)
    assert (four.entered, four.total, four.unresolved_rulings) == (tables, tables, 0)
    assert four.unagreed_rounds == len(
        {p.seating.round_id for p in Play.objects.filter(event=event, board__number=4)}
    )
    assert one.provisional
    assert three.provisional
    assert four.provisional
    assert whole.contest is not None
    assert len(whole.contest.unresolved) == 3


def test_the_low_high_ruling_is_scored_from_the_boards_own_results(db):
    """Board 2, worked out by hand: three tables, the first ruled low-high (N-S offending), the other two
    played (RESULTS[(1 + 2) % 3] = 4H by N making, RESULTS[(2 + 2) % 3] = 1NT by E, 6 tricks, one down)."""
    event = setup("mitchell")
    board = Board.objects.get(event=event, number=2)
    trav = traveller(event, board)
    ruled, made, down = trav.lines
    # The two scores made in N-S: the 4H game's and the 1NT's one down; the offending N-S gets the lower.
    assert made.ns_score > 0
    assert down.ns_score > 0
    assert ruled.ns_score == min(made.ns_score, down.ns_score)
    assert ruled.ew_score == max(made.ew_score, down.ew_score)
    assert trav.ns_average == Fraction(made.ns_score + down.ns_score, 2)  # ruled rows stay out of it
    assert ruled.ns_plus_minus == ruled.ns_score - trav.ns_average
