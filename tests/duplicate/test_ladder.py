"""The club ladder: each player's average percentage over their last N finished events with one, ranked (law
H's ranks on the exact averages) when they have at least M; worked out by hand below."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

import pytest
from django.urls import reverse

from duplicate.models import Player
from duplicate.selectors.player_history import club_ladder
from tests.factories import club_players, published_event

pytestmark = pytest.mark.django_db


def ladder_night(day: int, results: list[tuple[Player, str]], **kwargs) -> None:
    """A finished event on 2026-11-``day`` in which each player sits with no partner at the place of their
    percentage (given best first)."""
    published_event(
        [(player, None) for player, _percentage in results],
        [(place, percentage) for place, (_player, percentage) in enumerate(results, start=1)],
        date=dt.date(2026, 11, day),
        name=f"Night {day}",
        **kwargs,
    )


@pytest.fixture
def club():
    """Four nights, the newest last:
    night 1: Bob 70, Ann 40
    night 2: Cat 60 1/2, Ann 50
    night 3: Ann 60, Fay 60 1/1000, Dan 55, Bob 50
    night 4: Ann 70, Eve 65, Cat 60
    and a Butler night (no percentage: never counted), in which Ann and Dan play."""
    ann, bob, cat, dan, eve, fay = club_players("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")
    ladder_night(1, [(bob, "70"), (ann, "40")])
    ladder_night(2, [(cat, "121/2"), (ann, "50")])
    ladder_night(3, [(fay, "60001/1000"), (ann, "60"), (dan, "55"), (bob, "50")])
    ladder_night(4, [(ann, "70"), (eve, "65"), (cat, "60")])
    ladder_night(5, [(ann, "3"), (dan, "-3")], contest="butler")
    return {p.name: p for p in (ann, bob, cat, dan, eve, fay)}


def lines(ladder):
    return [(row.name, row.rank_display, row.average, row.counted, row.played) for row in ladder.rows]


def test_last_three_at_least_two(club):
    # Ann: the last three, 70, 60, 50 (night 1's 40 left out): 60.  Bob: 50 and 70: 60, equal to Ann's
    # exactly: both 2=, and no 3rd.  Cat: 60 and 60 1/2: 60 1/4, first.  Dan, Eve and Fay, one event each:
    # not ranked (most events first, then the best average).
    ladder = club_ladder(last=3, minimum=2)
    assert lines(ladder) == [
        ("Cat", "1", Fraction(241, 4), 2, 2),
        ("Ann", "2=", Fraction(60), 3, 4),
        ("Bob", "2=", Fraction(60), 2, 2),
        ("Eve", "", Fraction(65), 1, 1),
        ("Fay", "", Fraction(60001, 1000), 1, 1),
        ("Dan", "", Fraction(55), 1, 1),
    ]
    assert [row.tied for row in ladder.ranked] == [False, True, True]
    assert ladder.ranked[0].average_display == "60.25"
    assert ladder.ranked[0].average_exact == "60 1/4"


def test_the_window_of_four_counts_anns_first_night(club):
    # Ann: (70 + 60 + 50 + 40) / 4 = 55, now below Bob's 60.
    ladder = club_ladder(last=4, minimum=2)
    assert [(r.name, r.rank_display, r.average) for r in ladder.ranked] == [
        ("Cat", "1", Fraction(241, 4)),
        ("Bob", "2", Fraction(60)),
        ("Ann", "3", Fraction(55)),
    ]


def test_a_window_of_one_and_a_minimum_of_one_ranks_everyone_by_their_last_event(club):
    # Last events: Ann 70, Eve 65, Cat 60, Fay 60.001, Dan 55, Bob 50 (the Butler night counts for nothing).
    ladder = club_ladder(last=1, minimum=1)
    assert [(r.name, r.rank_display, r.average) for r in ladder.rows] == [
        ("Ann", "1", Fraction(70)),
        ("Eve", "2", Fraction(65)),
        ("Fay", "3", Fraction(60001, 1000)),
        ("Cat", "4", Fraction(60)),
        ("Dan", "5", Fraction(55)),
        ("Bob", "6", Fraction(50)),
    ]
    # Fay's 60.001 and Cat's 60 are both shown 60.00: won by the fraction.
    assert [r.name for r in ladder.rows if r.by_fraction] == ["Fay", "Cat"]


def test_a_minimum_of_three_ranks_only_ann_and_erased_players_are_left_out(club):
    Player.objects.filter(name="Cat").update(erased_at=dt.datetime(2026, 11, 28, tzinfo=dt.UTC))
    ladder = club_ladder(last=10, minimum=3)
    assert [(r.name, r.rank_display) for r in ladder.ranked] == [("Ann", "1")]
    assert "Cat" not in [r.name for r in ladder.rows]
    assert [r.name for r in ladder.unranked] == ["Bob", "Eve", "Fay", "Dan"]


def test_the_ladder_page_shows_ranks_and_exact_averages(client, club):
    response = client.get(reverse("player_ladder"), {"last": 3, "min": 2})
    assert response.status_code == 200
    html = response.content.decode()
    assert html.index(">Cat<") < html.index(">Ann<") < html.index("Not yet ranked") < html.index(">Eve<")
    assert "60.25" in html
    assert "60 1/4" in html
    assert "2=" in html
    assert reverse("player_detail", args=[club["Ann"].pk]) in html


def test_the_ladder_page_defaults_to_the_last_ten_ranked_from_three(client, club):
    html = client.get(reverse("player_ladder")).content.decode()
    assert "at least 3 events of the last 10" in html


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"last": "0"}, "Ensure this value is greater than or equal to 1."),
        ({"last": "101"}, "Ensure this value is less than or equal to 100."),
        ({"last": "ten"}, "Enter a whole number."),
        ({"last": "5", "min": "6"}, "Ensure this value is at most the events counted (5)."),
        ({"min": "-1"}, "Ensure this value is greater than or equal to 1."),
    ],
)
def test_bad_choices_show_the_forms_error_and_no_ladder(client, club, query, message):
    response = client.get(reverse("player_ladder"), query)
    assert response.status_code == 200
    html = response.content.decode()
    assert message in html
    assert "Ranked:" not in html


def test_an_empty_club_says_no_finished_events_yet(client):
    html = client.get(reverse("player_ladder")).content.decode()
    assert "No finished matchpoint events yet" in html


def club_of(players: int) -> None:
    """``players`` players in pairs, each pair in two events."""
    people = club_players(*(f"Player {i:02}" for i in range(players)))
    seats = [(people[i], people[i + 1] if i + 1 < players else None) for i in range(0, players, 2)]
    for day in (1, 2):
        published_event(
            seats,
            [(place, f"{60 - place}") for place in range(1, len(seats) + 1)],
            date=dt.date(2026, 11, day),
            name=f"Night {day}",
        )


@pytest.mark.parametrize("players", [5, 40])
def test_the_ladder_runs_the_same_queries_for_5_and_40_players(client, django_assert_num_queries, players):
    club_of(players)
    with django_assert_num_queries(2):
        ladder = club_ladder(last=10, minimum=2)
    assert len(ladder.ranked) == players
    with django_assert_num_queries(2):
        response = client.get(reverse("player_ladder"), {"last": 10, "min": 2})
    assert response.content.decode().count('data-player="') == min(players, 50)
