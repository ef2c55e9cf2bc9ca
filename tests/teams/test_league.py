"""Round-robin team leagues (teams.services.matches, teams.selectors_matches), worked by hand: the schedule
laid out on duplicate's rows, whole results as IMPs (WBF 2013 VPs) or VPs, board results through the table's
entry (law 12C2's artificial score, law 86A of the 2007 code), the VP table, no peeking and its queries."""

from __future__ import annotations

from fractions import Fraction

import pytest

from duplicate.models import Board, Pair, Play, Round, Seating
from duplicate.selectors.events import boards_in_play
from teams.models import Match
from teams.selectors_matches import match_results, round_matches, seat_in_round, vp_table
from teams.services import match_result_save
from tests.factories import enter, match_plays, matches_event

pytestmark = pytest.mark.django_db

NAMES = ["Alpha", "Bravo", "Charlie", "Delta", "Echo"]


def meeting(event, x: str, y: str) -> Match:
    return Match.objects.select_related("home", "away").get(
        event=event, home__name__in=[x, y], away__name__in=[x, y]
    )


def result(event, x: str, y: str, entered: str, fx, fy) -> Match:
    """``x``'s and ``y``'s figures, given in the match's home/away order."""
    match = meeting(event, x, y)
    home, away = (fx, fy) if match.home.name == x else (fy, fx)
    return match_result_save(match=match, entered=entered, home=home, away=away)


def test_five_team_league_laid_out_with_a_bye_each_round():
    event = matches_event("round-robin", 5, boards=16, names=NAMES)
    assert event.rounds_planned == 5
    matches = list(Match.objects.filter(event=event))
    assert len(matches) == 15  # 10 meetings and a bye in each of 5 rounds
    assert sorted(m.round for m in matches if m.away_id is None) == [1, 2, 3, 4, 5]
    met = {frozenset((m.home_id, m.away_id)) for m in matches if m.away_id}
    assert len(met) == 10  # each two teams once
    # Two tables a match, 16 boards a round: round r plays boards 16(r-1)+1 .. 16r.
    assert Board.objects.filter(event=event).count() == 80
    assert Round.objects.filter(section__event=event).count() == 5
    assert Seating.objects.filter(round__section__event=event).count() == 5 * 4
    assert Play.objects.filter(event=event).count() == 5 * 4 * 16
    first = next(m for m in matches if m.round == 2 and m.table == 1)
    boards = {p.board.number for p in match_plays(first)}
    assert boards == set(range(17, 33))
    home1, home2 = Pair.objects.filter(team_id=first.home_id).order_by("position")
    away1, away2 = Pair.objects.filter(team_id=first.away_id).order_by("position")
    seats = set(Seating.objects.filter(round__number=2, table__in=(1, 2)).values_list("table", "ns", "ew"))
    assert seats == {(1, home1.pk, away2.pk), (2, away1.pk, home2.pk)}


def test_whole_results_by_imps_and_vps_make_the_table():
    event = matches_event("round-robin", 5, boards=16, names=NAMES)
    # 16 boards (WBF 2013): a margin of 14 IMPs is 13.75 VPs; 60 (15 * sqrt 16) or more is 20.
    result(event, "Alpha", "Bravo", "imps", 30, 16)
    result(event, "Alpha", "Charlie", "imps", 20, 20)
    result(event, "Alpha", "Delta", "vps", 15, 5)
    result(event, "Alpha", "Echo", "imps", 70, 5)
    result(event, "Bravo", "Charlie", "vps", "12.5", "7.5")
    result(event, "Bravo", "Delta", "vps", 18, 2)
    result(event, "Bravo", "Echo", "imps", 16, 30)
    result(event, "Charlie", "Delta", "vps", 10, 10)
    result(event, "Charlie", "Echo", "vps", "9.99", "10.01")
    result(event, "Delta", "Echo", "vps", 0, 20)
    ab = meeting(event, "Alpha", "Bravo")
    assert (ab.home_vp100 + ab.away_vp100, sorted([ab.home_vp100, ab.away_vp100])) == (2000, [625, 1375])
    table = vp_table(event)
    # Each has a bye of 12 VPs: Alpha 13.75 + 10 + 15 + 20 + 12; Echo 0 + 13.75 + 10.01 + 20 + 12; ...
    assert [(r.name, r.vps, r.played, r.rank) for r in table] == [
        ("Alpha", Fraction("70.75"), 5, 1),
        ("Echo", Fraction("55.76"), 5, 2),
        ("Bravo", Fraction(55), 5, 3),
        ("Charlie", Fraction("49.49"), 5, 4),
        ("Delta", Fraction(29), 5, 5),
    ]
    assert {r.name: r.imps for r in table}["Alpha"] == 14 + 0 + 65  # net IMPs of the matches with IMPs
    # Returned to its boards (none played): no longer counted.
    match_result_save(match=ab, entered="", home=None, away=None)
    assert {r.name: r.vps for r in vp_table(event)}["Alpha"] == Fraction("57")


PASS = {"contract": "PASS"}


def test_six_team_league_from_its_boards():
    """One board a match: round 1's board 1 (none vulnerable) at one match, 4S by North making 10 at the home
    team's N-S table (+420), going one off at the away team's (-50): 470, 10 IMPs; 1 board (X = 15): 10 IMPs
    is 10 + 10 (1 - tau^2) / (1 - tau^3) = 18.09 VPs.  Every other board passed out (10 VPs each)."""
    event = matches_event("round-robin", 6, boards=1)
    assert event.rounds_planned == 5
    assert not Match.objects.filter(event=event, away__isnull=True).exists()
    swing = Match.objects.select_related("home", "away").get(event=event, round=1, table=1)
    for play in Play.objects.filter(event=event).select_related("seating__round", "board", "event"):
        enter(play, PASS)
    home_table, away_table = match_plays(swing)
    enter(home_table, {"contract": "4S", "declarer": "N", "tricks": 10})
    away_table.refresh_from_db()
    enter(away_table, {"contract": "4S", "declarer": "N", "tricks": 9})
    line = next(x for x in match_results(event) if x.pk == swing.pk)
    assert (line.home_imps, line.away_imps, line.home_vps, line.away_vps) == (
        10,
        0,
        Fraction("18.09"),
        Fraction("1.91"),
    )
    vps = {r.name: r.vps for r in vp_table(event)}
    assert vps[swing.home.name] == Fraction("58.09")
    assert vps[swing.away.name] == Fraction("41.91")
    assert sorted(vps.values()) == [Fraction("41.91"), 50, 50, 50, 50, Fraction("58.09")]


def test_artificial_average_plus_scores_three_imps_at_a_league_match():
    """Law 12C2 (law 86A of the 2007 code): average plus to the home team's N-S table is 3 IMPs to the home
    team, the other table's result not compared; 3 IMPs in a 1-board match is 13.28 VPs."""
    event = matches_event("round-robin", 6, boards=1)
    match = Match.objects.get(event=event, round=1, table=1)
    home_table, away_table = match_plays(match)
    enter(home_table, {"ruling": "A60/40"})
    enter(away_table, PASS)
    line = next(x for x in match_results(event, director=True) if x.pk == match.pk)
    assert (line.home_imps, line.away_imps, line.home_vps, line.away_vps) == (
        3,
        0,
        Fraction("13.28"),
        Fraction("6.72"),
    )


def test_no_peeking_a_visitor_counts_a_match_once_its_boards_are_released():
    event = matches_event("round-robin", 6, boards=1)
    match = Match.objects.get(event=event, round=1, table=1)
    for play in match_plays(match):
        enter(play, PASS)
    # Board 1 is still to be played at round 1's other tables: a visitor's table leaves the match out.
    assert {r.played for r in vp_table(event)} == {0}
    assert sorted(r.played for r in vp_table(event, director=True)) == [0, 0, 0, 0, 1, 1]
    for m in Match.objects.filter(event=event, round=1).exclude(pk=match.pk):
        for play in match_plays(m):
            enter(play, PASS)
    assert sorted(r.played for r in vp_table(event)) == [1] * 6
    assert [x.complete for x in round_matches(event, 1)] == [True] * 3


def test_no_peeking_a_result_given_whole_waits_for_its_rounds_boards():
    """Every match of a round plays the round's boards: a match given whole ("23-11") while other tables
    still hold board 1 would tell a visitor how it went there, so a visitor sees and counts it only once
    the round's boards are released; a director at once."""
    event = matches_event("round-robin", 6, boards=1)
    first, *others = Match.objects.filter(event=event, round=1).order_by("table")
    match_result_save(match=first, entered="imps", home=23, away=11)
    shown = {x.pk: x for x in round_matches(event, 1)}
    assert (shown[first.pk].home_vps, shown[first.pk].counted) == (None, False)
    assert {r.played for r in vp_table(event)} == {0}
    assert round_matches(event, 1, director=True)[0].home_imps == 23
    for match in others:
        for play in match_plays(match):
            enter(play, PASS)
    line = next(x for x in round_matches(event, 1) if x.pk == first.pk)
    assert (line.home_imps, line.away_imps, line.counted) == (23, 11, True)
    # 12 IMPs over 1 board (WBF 2013, X = 15): 10 + 10 (1 - tau^2.4) / (1 - tau^3) = 18.97
    assert line.home_vps == Fraction("18.97")


def test_where_a_team_sits():
    event = matches_event("round-robin", 5, boards=2, names=NAMES)
    match = Match.objects.select_related("home", "away").get(event=event, round=3, table=2)
    home = seat_in_round(event, match.home_id, 3)
    assert (home.table, home.opponents, home.home) == (2, match.away.name, True)
    first, second = Pair.objects.filter(team_id=match.home_id).order_by("position")
    assert home.seats == ((first.number, 3, "NS"), (second.number, 4, "EW"))
    away = seat_in_round(event, match.away_id, 3)
    assert (away.table, away.opponents, away.home) == (2, match.home.name, False)
    bye = Match.objects.get(event=event, round=3, away__isnull=True)
    assert seat_in_round(event, bye.home_id, 3).table == 0


@pytest.mark.parametrize("teams", [5, 9])
def test_vp_table_queries_do_not_grow_with_the_league(teams, django_assert_num_queries):
    event = matches_event("round-robin", teams, boards=2)
    with django_assert_num_queries(3):
        rows = vp_table(event)
    assert len(rows) == teams


def test_a_match_entered_as_a_whole_keeps_no_board_in_play_for_the_others():
    """Round 1's first match entered as a whole (its tables never play): once the round's other tables have
    played board 1, a visitor's table counts every match of the round."""
    event = matches_event("round-robin", 6, boards=1)
    first, *others = Match.objects.filter(event=event, round=1).order_by("table")
    match_result_save(match=first, entered="vps", home=15, away=5)
    for match in others:
        for play in match_plays(match):
            enter(play, PASS)
    assert sorted(r.played for r in vp_table(event)) == [1] * 6
    assert sorted(r.vps for r in vp_table(event)) == [5, 10, 10, 10, 10, 15]
    # Its tables' unplayed boards are set aside: board 1 is released (no peeking waits for no one) and
    # finishing finds nothing missing in round 1.
    assert 1 not in boards_in_play(event)
    assert not Play.objects.filter(seating__round__number=1, seating__table__in=(1, 2)).exists()
    # Returned to its boards, the match's tables have their empty plays again, and board 1 is in play.
    match_result_save(match=first, entered="")
    assert (
        Play.objects.filter(seating__round__number=1, seating__table__in=(1, 2), entered=False).count() == 2
    )
    assert 1 in boards_in_play(event)


@pytest.mark.parametrize("teams", [5, 9])
def test_match_reads_do_not_grow_with_the_league(teams, django_assert_num_queries):
    event = matches_event("round-robin", teams, boards=2)
    with django_assert_num_queries(3):
        lines = match_results(event)
    assert len(lines) == teams * (teams + 1) // 2  # (n - 1) / 2 meetings and a bye in each of n rounds
    with django_assert_num_queries(3):
        assert len(round_matches(event, 2)) == (teams + 1) // 2
    team = Match.objects.filter(event=event, round=2, away__isnull=False).first().home_id
    with django_assert_num_queries(2):
        assert seat_in_round(event, team, 2).table >= 1
