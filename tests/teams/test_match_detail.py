"""A match of a league or a Swiss board by board (teams.selectors_match_boards.match_detail), worked by hand:
the two tables' scores and the IMPs of the swing (law 12C2's artificial score as 3 IMPs, law 86A of the 2007
code), no peeking for a visitor, a Swiss pairs match's Butler IMPs across the field, and its queries."""

from __future__ import annotations

from fractions import Fraction

import pytest

from duplicate.models import Play
from teams.models import Match
from teams.selectors_match_boards import match_detail
from tests.factories import enter, match_plays, matches_event

pytestmark = pytest.mark.django_db

PASS = {"contract": "PASS"}


def test_a_league_match_board_by_board():
    event = matches_event("round-robin", 6, boards=2)
    match = Match.objects.get(event=event, round=1, table=1)
    plays = match_plays(match)  # board 1 at tables 1 and 2, then board 2
    enter(plays[0], {"contract": "4S", "declarer": "N", "tricks": 10})  # home team N-S +420
    enter(plays[1], {"contract": "4S", "declarer": "N", "tricks": 9})  # away team N-S -50: 470, 10 IMPs
    enter(plays[2], {"ruling": "A60/40"})  # average plus to the home team's N-S: 3 IMPs
    enter(plays[3], PASS)
    detail = match_detail(event, match.pk, director=True)
    assert [(b.board, b.home_text, b.away_text, b.home_figure, b.away_figure) for b in detail.boards] == [
        (1, "420", "-50", 10, 0),
        (2, "A60/40", "0", 3, 0),
    ]
    assert (detail.unit, detail.line.home_imps, detail.line.away_imps) == ("IMPs", 13, 0)
    # A visitor: boards 1 and 2 are still to be played at round 1's other tables.
    visitor = match_detail(event, match.pk)
    assert [(b.home_text, b.home_figure, b.note) for b in visitor.boards] == [("", None, "being played")] * 2
    assert visitor.line.counted is False
    assert match_detail(event, 10**6) is None


def test_a_swiss_pairs_match_board_by_board_by_butler():
    """Board 1 across the four tables, +420, -50, +420, +420: no result dropped (the ``one`` drop needs five),
    the mean 302.5 makes the datum 300; table 1's +420 is 120 over it, 3 IMPs to N-S, -3 to E-W."""
    event = matches_event("swiss-pairs", 8, boards=2, rounds=3, seeded=True)
    by_table = {1: 420, 2: -50, 3: 420, 4: 420}
    results = {
        420: {"contract": "4S", "declarer": "N", "tricks": 10},
        -50: {"contract": "4S", "declarer": "N", "tricks": 9},
    }
    for play in Play.objects.filter(event=event).select_related("seating__round", "board", "event"):
        enter(play, results[by_table[play.seating.table]] if play.board.number == 1 else PASS)
    match = Match.objects.get(event=event, round=1, table=1)
    detail = match_detail(event, match.pk)
    assert [(b.board, b.home_text, b.away_text, b.home_figure, b.away_figure) for b in detail.boards] == [
        (1, "420", "-420", 3, -3),
        (2, "0", "0", 0, 0),
    ]
    assert detail.line.home_vps == Fraction("14.39")  # 6 IMPs net over 2 boards


@pytest.mark.parametrize("teams", [6, 12])
def test_match_detail_queries_do_not_grow(teams, django_assert_num_queries):
    event = matches_event("round-robin", teams, boards=2)
    match = Match.objects.filter(event=event, round=1).first()
    with django_assert_num_queries(3):
        detail = match_detail(event, match.pk)
    assert len(detail.boards) == 2
