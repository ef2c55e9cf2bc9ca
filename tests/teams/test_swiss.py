"""Swiss teams and Swiss pairs (teams.services.matches, teams.selectors_matches): rounds drawn one at a time
through the service, never a repeat meeting, from the top of the table, the bye to the lowest not yet given
one; a director's swap recorded; Swiss pairs scored by Butler IMPs or matchpoints across the field on real
plays, worked by hand."""

from __future__ import annotations

import datetime as dt
import random
from fractions import Fraction

import pytest

from duplicate.models import Pair, Play, Player, Seating
from duplicate.services.errors import ServiceError
from teams.models import DrawChange, Match
from teams.selectors_matches import match_results, seat_in_round, vp_table
from teams.services import EntrantSpec, draw_swap, match_result_save, matches_event_create, round_draw
from tests.factories import db_counts, enter, match_plays, matches_event, round_play_all

pytestmark = pytest.mark.django_db


def strength(match: Match) -> int:
    return int(match.home.name[1:]) - int(match.away.name[1:])


def play_round_by_strength(event, number: int) -> None:
    """The stronger team (the lower number) wins each match 15-5 by VPs (entered as a whole)."""
    for match in Match.objects.filter(event=event, round=number, away__isnull=False).select_related(
        "home", "away"
    ):
        home_wins = strength(match) < 0
        match_result_save(
            match=match, entered="vps", home=15 if home_wins else 5, away=5 if home_wins else 15
        )


@pytest.mark.parametrize("teams", [9, 10])
def test_swiss_teams_five_rounds_drawn_top_down_without_a_repeat(teams):
    event = matches_event("swiss-teams", teams, boards=2, rounds=5, seeded=True)
    assert Match.objects.filter(event=event).values("round").distinct().count() == 1
    # Seeded: 1 v 2, 3 v 4, ... ; an odd field's last seed has the bye.
    first = [
        (m.table, m.home.name, m.away.name if m.away else None)
        for m in Match.objects.filter(event=event).select_related("home", "away")
    ]
    assert first[:2] == [(0, "T9", None), (1, "T1", "T2")] if teams == 9 else first[:1] == [(1, "T1", "T2")]
    for number in range(1, 6):
        play_round_by_strength(event, number)
        if number < 5:
            top = vp_table(event, director=True)[0].team_id
            drawn = round_draw(event=event)
            assert {m.round for m in drawn} == {number + 1}
            assert top in {
                next(m for m in drawn if m.table == 1).home_id,
                next(m for m in drawn if m.table == 1).away_id,
            }
    matches = list(Match.objects.filter(event=event))
    met = [frozenset((m.home_id, m.away_id)) for m in matches if m.away_id]
    assert len(met) == len(set(met)) == 5 * (teams // 2)  # never a repeat
    byes = [m.home_id for m in matches if m.away_id is None]
    assert len(byes) == len(set(byes)) == (5 if teams == 9 else 0)
    with pytest.raises(ServiceError, match="every planned round"):
        round_draw(event=event)
    # T1 won every match: 75 VPs; the table's played counts byes.
    table = vp_table(event)
    assert (table[0].name, table[0].vps, table[0].played) == ("T1", 75, 5)


def test_a_round_is_drawn_only_once_the_last_is_complete():
    event = matches_event("swiss-teams", 8, boards=1, rounds=3, seeded=True)
    match = Match.objects.get(event=event, round=1, table=1)
    for play in match_plays(match):
        enter(play, {"contract": "PASS"})
    before = db_counts()
    with pytest.raises(
        ServiceError, match=r"^round 1 is not complete: 3 match\(es\) still without a result$"
    ):
        round_draw(event=event)
    assert db_counts() == before
    round_play_all(event, 1, {"contract": "PASS"})
    version = type(event).objects.get(pk=event.pk).results_version
    assert len(round_draw(event=event)) == 4
    assert type(event).objects.get(pk=event.pk).results_version > version
    assert Play.objects.filter(event=event, seating__round__number=2).count() == 8  # 8 tables, 1 board


def test_a_league_is_not_drawn():
    event = matches_event("round-robin", 4, boards=1)
    with pytest.raises(ServiceError, match="only a Swiss draws"):
        round_draw(event=event)


def test_swap_two_pairings_before_play_recorded(django_user_model):
    director = django_user_model.objects.create_user("td", is_staff=True)
    event = matches_event("swiss-teams", 8, boards=2, rounds=3, seeded=True)
    one, two = Match.objects.filter(event=event, round=1, table__in=(1, 2)).order_by("table")
    draw_swap(event=event, round=1, first=one, second=two, user=director)
    pairs = {
        m.table: (m.home.name, m.away.name)
        for m in Match.objects.filter(event=event, round=1).select_related("home", "away")
    }
    assert pairs == {1: ("T1", "T4"), 2: ("T3", "T2"), 3: ("T5", "T6"), 4: ("T7", "T8")}
    change = DrawChange.objects.get(event=event)
    assert (change.who, change.before, change.after) == ("td", "T1 v T2, T3 v T4", "T1 v T4, T3 v T2")
    # The round's tables seat the new pairings (table 1: T1's first pair N-S v T4's second pair).
    ns, ew = (
        Seating.objects.select_related("ns__team", "ew__team")
        .values_list("ns__team__name", "ew__team__name")
        .get(round__section__event=event, round__number=1, table=1)
    )
    assert (ns, ew) == ("T1", "T4")
    assert Play.objects.filter(event=event, seating__round__number=1).count() == 8 * 2
    # Once a result of the round is in, no swap.
    one, two = Match.objects.filter(event=event, round=1, table__in=(1, 2)).order_by("table")
    enter(match_plays(one)[0], {"contract": "PASS"})
    before = db_counts()
    with pytest.raises(ServiceError, match="round 1 has results"):
        draw_swap(event=event, round=1, first=one, second=two, user=director)
    assert db_counts() == before


def test_a_round_robins_schedule_is_never_swapped(django_user_model):
    """Only a Swiss's draw is the director's to change; a league's schedule (every two teams once) is fixed,
    and the service refuses, whatever page or command asks."""
    event = matches_event("round-robin", 6, boards=1)
    one, two = Match.objects.filter(event=event, round=1).order_by("table")[:2]
    before = db_counts()
    with pytest.raises(ServiceError, match="a round robin's schedule is fixed"):
        draw_swap(event=event, round=1, first=one, second=two, user=None)
    assert db_counts() == before


def test_swap_that_repeats_a_meeting_is_allowed_and_says_so(django_user_model):
    director = django_user_model.objects.create_user("td", is_staff=True)
    event = matches_event("swiss-teams", 6, boards=1, rounds=3, seeded=True)
    play_round_by_strength(event, 1)  # T1 v T2, T3 v T4, T5 v T6
    met = {frozenset((m.home_id, m.away_id)) for m in Match.objects.filter(event=event)}
    drawn = round_draw(event=event)
    one, two = next((a, b) for a in drawn for b in drawn if frozenset((a.home_id, b.away_id)) in met)
    draw_swap(event=event, round=2, first=one, second=two, user=director)
    assert "a repeat meeting" in DrawChange.objects.get(event=event).after


# Swiss pairs: 12 pairs, seeded 1 v 2, ... 11 v 12 at tables 1 to 6; 2 boards a match.  Board 1 (dealer N,
# none vulnerable) 4S by North: +420 (10 tricks) at tables 1, 2 and 6, -50 (9) at 3, +450 (11) at 4, 3S
# making 10 (+170) at 5.  Board 2 passed out everywhere.
BOARD_1 = {
    1: {"contract": "4S", "declarer": "N", "tricks": 10},
    2: {"contract": "4S", "declarer": "N", "tricks": 10},
    3: {"contract": "4S", "declarer": "N", "tricks": 9},
    4: {"contract": "4S", "declarer": "N", "tricks": 11},
    5: {"contract": "3S", "declarer": "N", "tricks": 10},
    6: {"contract": "4S", "declarer": "N", "tricks": 10},
}


def swiss_pairs_round_one(match_scoring: str):
    event = matches_event("swiss-pairs", 12, boards=2, rounds=4, seeded=True, match_scoring=match_scoring)
    for play in Play.objects.filter(event=event).select_related("seating__round", "board", "event"):
        enter(play, BOARD_1[play.seating.table] if play.board.number == 1 else {"contract": "PASS"})
    return event


def test_swiss_pairs_by_butler():
    """Butler's datum of board 1 drops the top (+450) and the bottom (-50): (420 + 420 + 170 + 420) / 4 =
    357.5, 360.  N-S IMPs: +60 is 2, -410 is -9, +90 is 3, -190 is -5, the E-W pair's the same less than
    nothing; board 2 passed out, 0.  Each match is won by the N-S pair's IMPs (the pairs' figures balance: a
    match of +2 and -2 is won by 2, not 4), over 2 boards (WBF 2013, X = 15 sqrt 2, VP = 10 + 10 (1 -
    tau^(3m/X)) / (1 - tau^3)): 2 IMPs 11.67, 9 IMPs 16.00, 3 IMPs 12.42, 5 IMPs 13.78."""
    event = swiss_pairs_round_one("butler")
    lines = {x.table: (x.home_imps, x.away_imps, x.home_vps, x.away_vps) for x in match_results(event)}
    assert lines == {
        1: (2, 0, Fraction("11.67"), Fraction("8.33")),
        2: (2, 0, Fraction("11.67"), Fraction("8.33")),
        3: (0, 9, Fraction("4.00"), Fraction("16.00")),
        4: (3, 0, Fraction("12.42"), Fraction("7.58")),
        5: (0, 5, Fraction("6.22"), Fraction("13.78")),
        6: (2, 0, Fraction("11.67"), Fraction("8.33")),
    }
    table = vp_table(event)
    assert [(r.name, r.vps) for r in table[:2]] == [("T6", Fraction("16.00")), ("T10", Fraction("13.78"))]
    drawn = round_draw(event=event)
    assert len(drawn) == 6


def test_swiss_pairs_by_matchpoints():
    """Board 1's N-S matchpoints (top 10): +420 6 (beats two, ties two), -50 0, +450 10, +170 2; E-W the rest;
    board 2 passed out: 5 each.  VPs shared in proportion: table 1 11 v 9 MPs, 11 v 9 VPs; table 3 5 v 15;
    table 4 15 v 5; table 5 7 v 13."""
    event = swiss_pairs_round_one("matchpoints")
    lines = {x.table: (x.home_imps, x.home_vps, x.away_vps) for x in match_results(event)}
    assert lines == {
        1: (None, 11, 9),
        2: (None, 11, 9),
        3: (None, 5, 15),
        4: (None, 15, 5),
        5: (None, 7, 13),
        6: (None, 11, 9),
    }


def test_bad_input_to_every_service_is_refused_and_writes_nothing(django_user_model):
    event = matches_event("swiss-teams", 5, boards=2, rounds=3, seeded=True)
    match = Match.objects.get(event=event, round=1, table=1)
    bye = Match.objects.get(event=event, round=1, table=0)
    before = db_counts()
    for call, message in [
        (
            lambda: match_result_save(match=match, entered="imps", home=10000, away=0),
            "home IMPs: must be a whole number from 0 to 9999",
        ),
        (lambda: match_result_save(match=match, entered="imps", home=-1, away=0), "home IMPs"),
        (lambda: match_result_save(match=match, entered="imps", home=1.5, away=0), "home IMPs"),
        (lambda: match_result_save(match=match, entered="vps", home="20.01", away=0), "home VPs"),
        (
            lambda: match_result_save(match=match, entered="vps", home="12.345", away="7.655"),
            "at most two decimals",
        ),
        (lambda: match_result_save(match=match, entered="vps", home=12.5, away=7.5), "decimal text"),
        (lambda: match_result_save(match=match, entered="vps", home="x", away=1), "home VPs"),
        (lambda: match_result_save(match=match, entered="vps", home="Infinity", away=1), "home VPs"),
        (lambda: match_result_save(match=match, entered="vps", home="1e999999999", away=1), "home VPs"),
        (lambda: match_result_save(match=match, entered="vps", home=10, away=[1]), "away VPs"),
        (lambda: match_result_save(match=match, entered="points", home=1, away=1), "entered: must be one of"),
        (lambda: match_result_save(match=bye, entered="imps", home=1, away=1), "a bye has no IMPs"),
        (lambda: match_result_save(match=bye, entered="vps", home=12, away=8), "a bye has no away side"),
        (
            lambda: draw_swap(event=event, round=1, first=match, second=bye, user=None),
            "a bye cannot be swapped",
        ),
        (lambda: draw_swap(event=event, round=1, first=match, second=match, user=None), "two different"),
        (lambda: draw_swap(event=event, round=2, first=match, second=match, user=None), "of round 2"),
    ]:
        with pytest.raises(ServiceError, match=message):
            call()
    assert db_counts() == before
    saved = match_result_save(match=bye, entered="vps", home="10.5")
    assert (saved.home_vp100, saved.away_vp100) == (1050, None)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"contest": "imps"}, "contest: must be one of round-robin, swiss-teams, swiss-pairs"),
        ({"boards": 0}, "boards_per_match: must be a whole number from 1 to 64"),
        ({"boards": 65}, "boards_per_match"),
        ({"rounds": 0}, "rounds: must be a whole number from 1 to 5"),
        ({"rounds": 6}, "rounds: must be a whole number from 1 to 5"),
        ({"bye_vp100": 2001}, r"bye_vp100: a bye's VPs in hundredths, from 0 to 2000 \(20 VPs\), got 2001"),
        ({"match_scoring": "butler"}, "match_scoring: a team's match is scored by IMPs"),
        ({"n": 3}, "entrants: from 4 to 300 teams, got 3"),
        ({"names": ["A", "A", "B", "C", "D", "E"]}, "'A' is named twice"),
        ({"names": ["", "A", "B", "C", "D", "E"]}, "entrant 1: give it a name"),
        ({"name": " "}, "name: give the event a name"),
        (
            {"n": 300, "boards": 64, "rounds": 5},
            "5 rounds of 64 boards for 300 entrants hold 96,000 results; at most 20,000",
        ),
    ],
)
def test_bad_input_to_create_is_refused_and_writes_nothing(changes, message):
    before = db_counts()
    kw = {"contest": "swiss-teams", "n": 6, "boards": 2, "rounds": 3, **changes}
    with pytest.raises(ServiceError, match=message):
        matches_event(kw.pop("contest"), kw.pop("n"), **kw)
    assert db_counts() == before


def test_swiss_pairs_scoring_choice_is_checked():
    with pytest.raises(ServiceError, match="match_scoring: must be one of butler, matchpoints"):
        matches_event("swiss-pairs", 6, boards=2, rounds=3, match_scoring="cross-imps")
    with pytest.raises(ServiceError, match="entrants: from 3 to 40 teams, got 41"):
        matches_event("round-robin", 41, boards=1)


@pytest.mark.parametrize("pairs", [8, 16])
def test_swiss_pairs_table_queries_do_not_grow_with_the_field(pairs, django_assert_num_queries):
    event = matches_event("swiss-pairs", pairs, boards=2, rounds=3, seeded=True)
    round_play_all(event, 1, {"contract": "PASS"})
    with django_assert_num_queries(3):
        rows = vp_table(event)
    assert [r.vps for r in rows] == [10] * pairs


def test_where_a_swiss_pair_sits():
    event = matches_event("swiss-pairs", 6, boards=2, rounds=3, seeded=True)
    match = Match.objects.select_related("home", "away").get(event=event, round=1, table=2)  # T3 v T4
    home = seat_in_round(event, match.home_id, 1)
    assert (home.table, home.opponents, home.seats) == (2, "T4", (("3", 2, "NS"),))
    away = seat_in_round(event, match.away_id, 1)
    assert (away.table, away.opponents, away.seats) == (2, "T3", (("4", 2, "EW"),))
    assert seat_in_round(event, match.home_id, 2) is None  # not drawn yet


def test_players_seated_from_the_roster_and_texts():
    ann, bob = Player.objects.create(name="Ann Lee"), Player.objects.create(name="Bob Kim")
    event = matches_event_create(
        name="Swiss teams",
        date=dt.date(2026, 11, 28),
        contest="swiss-teams",
        entrants=[
            EntrantSpec(name="Reds", players=(ann, bob, "Cy Hall", "Di Moss")),
            *(EntrantSpec(name=f"T{i}") for i in range(2, 5)),
        ],
        boards_per_match=2,
        rounds=2,
        rng=random.Random(4),  # a shuffle, seeded for the test
    )
    first, second = Pair.objects.filter(event=event, team__name="Reds").order_by("position")
    assert (first.player1, first.player2) == (ann, bob)
    assert (second.player1.name, second.player2.name) == ("Cy Hall", "Di Moss")
    assert Match.objects.filter(event=event, round=1, away__isnull=False).count() == 2
    with pytest.raises(ServiceError, match="Blues: at most 2 players, got 3"):
        matches_event_create(
            name="Pairs",
            date=dt.date(2026, 11, 28),
            contest="swiss-pairs",
            entrants=[
                EntrantSpec(name="Blues", players=("A", "B", "C")),
                *(EntrantSpec(name=f"P{i}") for i in range(4)),
            ],
            boards_per_match=2,
            rounds=2,
        )
    with pytest.raises(ServiceError, match="pair 3: Ann Lee cannot sit in pairs 1 and 3 of one event"):
        matches_event_create(
            name="Twice",
            date=dt.date(2026, 11, 28),
            contest="swiss-teams",
            entrants=[
                EntrantSpec(name="A", players=(ann,)),
                EntrantSpec(name="B", players=(ann,)),
                *(EntrantSpec(name=f"T{i}") for i in range(3)),
            ],
            boards_per_match=2,
            rounds=2,
        )
