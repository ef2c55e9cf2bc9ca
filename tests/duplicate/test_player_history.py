"""Published standings (written when an event is finished, withdrawn when it is reopened) and a player's page:
every event they played, newest first, with the partner, the place of how many and the event's figure."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from duplicate import services
from duplicate.demo import demo_event_file
from duplicate.models import Event, EventStatus, Pair, Play, Player, RankingChoice, Standing
from duplicate.selectors.player_history import IN_PLAY, NOT_PUBLISHED, event_figure, player_events
from duplicate.services.eventfile import event_import
from duplicate.services.standings import event_standings_publish
from tests.factories import (
    MITCHELL_RESULTS,
    TD,
    club_players,
    contract_event_file,
    fill,
    finished_contract_event,
    imp_match_file,
    make_event,
    mitchell_event,
    published_event,
    seat_players,
)

pytestmark = pytest.mark.django_db


def published(event: Event) -> dict[str, tuple]:
    """The event's standings by pair number: (ranking, place, tied, of, score, percentage)."""
    rows = Standing.objects.filter(event=event).values_list(
        "pair__number", "ranking", "place", "tied", "of", "score", "percentage", "masterpoints"
    )
    return {number: rest for number, *rest in rows}


# ----------------------------------------------------------------------------------------- publishing


def test_finishing_a_matchpoint_event_publishes_each_pairs_place_score_and_percentage():
    event = finished_contract_event("matchpoints")
    # The standings of tests/duplicate/test_contract_events.py: each direction ranked on its own, 3 pairs each;
    # the score is the matchpoints (after Neuberg), the percentage exact; masterpoints left blank.
    assert published(event) == {
        "3": ["N-S", 1, False, 3, "19/2", "475/6", ""],
        "1": ["N-S", 2, False, 3, "42/5", "70", ""],
        "2": ["N-S", 3, False, 3, "1/2", "25/6", ""],
        "6": ["E-W", 1, False, 3, "38/5", "190/3", ""],
        "4": ["E-W", 2, False, 3, "13/2", "325/6", ""],
        "5": ["E-W", 3, False, 3, "7/2", "175/6", ""],
    }


def test_finishing_a_butler_event_publishes_its_imps_and_no_percentage():
    event = finished_contract_event("butler")
    rows = published(event)
    assert rows["3"] == ["N-S", 1, False, 3, "15", "", ""]
    assert rows["5"] == ["E-W", 3, False, 3, "-20", "", ""]


def test_finishing_a_law_h_event_publishes_the_plus_minus_worked_by_hand():
    event = mitchell_event(MITCHELL_RESULTS)
    services.event_finish(event=event)
    rows = published(event)
    # Pair 1: +118 on board 1, -56/3 on board 2, +76/3 on board 3 (tests/factories.py): 374/3.
    assert rows["1"] == ["N-S", 1, False, 3, "374/3", "", ""]
    assert rows["2"][1:] == [2, False, 3, "-181/3", "", ""]
    assert rows["4"][1:] == [3, False, 3, "-248/3", "", ""]


def test_a_drawn_imp_match_publishes_both_teams_tied_first_of_two():
    # Reds 22 IMPs, Blues 13 (tests/factories.py's IMP_MATCH_RESULTS): Reds first, each pair the team's figure.
    event = event_import(data={**imp_match_file(), "status": EventStatus.COMPLETE})
    assert published(event) == {
        "1": ["Teams", 1, False, 2, "22", "", ""],
        "2": ["Teams", 1, False, 2, "22", "", ""],
        "3": ["Teams", 2, False, 2, "13", "", ""],
        "4": ["Teams", 2, False, 2, "13", "", ""],
    }


def test_reopening_withdraws_the_standings_and_finishing_again_publishes_them():
    event = finished_contract_event("matchpoints")
    services.event_reopen(event=event)
    assert Standing.objects.filter(event=event).count() == 0
    services.event_finish(event=event)
    assert published(event)["3"] == ["N-S", 1, False, 3, "19/2", "475/6", ""]


def test_an_imported_event_file_publishes_when_finished_and_not_while_running():
    running = event_import(data=contract_event_file("matchpoints"))
    assert running.status == EventStatus.RUNNING
    assert Standing.objects.filter(event=running).count() == 0
    finished = event_import(data=contract_event_file("matchpoints", status=EventStatus.COMPLETE))
    assert published(finished)["1"] == ["N-S", 2, False, 3, "42/5", "70", ""]


def test_a_directors_correction_of_a_finished_event_publishes_again(django_user_model):
    event = finished_contract_event("matchpoints")
    # Board 3 at table 3 (pair 3 v 6), passed out: a director makes it 3NT by N-S, just made (+400).
    play = Play.objects.get(event=event, board__number=3, ns_pair__number="3")
    before = published(event)["3"]
    services.play_result_save(
        play=play,
        data={"contract": "3NT", "declarer": "N", "tricks": 9},
        writer=TD,
        expected_version=play.version,
        reason="scorer's slip",
    )
    assert published(event)["3"] != before
    assert Standing.objects.filter(event=event).count() == 6


def test_ranking_a_finished_events_sections_apart_publishes_again():
    event = make_event(sections=2)
    fill(event)
    services.event_finish(event=event)
    assert {row[0] for row in published(event).values()} == {"N-S", "E-W"}  # across the field: 6 of 6
    services.event_ranking_set(event=event, ranking=RankingChoice.SECTION)
    rows = published(event)
    assert {row[0] for row in rows.values()} == {
        "Section A N-S",
        "Section A E-W",
        "Section B N-S",
        "Section B E-W",
    }
    assert {row[3] for row in rows.values()} == {3}


def test_publishing_an_event_not_finished_leaves_none():
    event = make_event()
    assert event_standings_publish(event=event) == 0
    assert not Standing.objects.exists()


def test_the_command_publishes_every_finished_event_one_line_each():
    finished = finished_contract_event("matchpoints")
    Standing.objects.all().delete()  # as an event finished before publishing existed
    running = event_import(data=contract_event_file("matchpoints"))
    out = StringIO()
    call_command("publish_standings", "--all", stdout=out)
    assert out.getvalue() == f"Event {finished.pk} (Contract pairs): published 6 standings.\n"
    out = StringIO()
    call_command("publish_standings", str(running.pk), str(finished.pk), stdout=out)
    assert out.getvalue().splitlines() == [
        f"Event {running.pk} (Contract pairs): not finished, nothing published.",
        f"Event {finished.pk} (Contract pairs): published 6 standings.",
    ]
    assert Standing.objects.filter(event=finished).count() == 6


def test_the_command_refuses_an_unknown_event_in_one_line_writing_nothing():
    finished = finished_contract_event("matchpoints")
    Standing.objects.all().delete()
    with pytest.raises(CommandError, match=r"^event 9999: no such event$") as caught:
        call_command("publish_standings", str(finished.pk), "9999", stdout=StringIO())
    assert caught.value.returncode == 2
    assert not Standing.objects.exists()
    with pytest.raises(CommandError, match="give event ids or --all") as caught:
        call_command("publish_standings", stdout=StringIO())
    assert caught.value.returncode == 2


# ----------------------------------------------------------------------------------------- a player's page


def three_events_of_ann():
    """Ann plays three events with three partners: a finished one with Bob (2= of 8), a Butler one with Cat
    (1 of 4), and one still being played with Dan."""
    ann, bob, cat, dan = club_players("Ann Lee", "Bob Hay", "Cat Orr", "Dan Fry")
    others = [(None, None)] * 7
    first = published_event(
        [(bob, ann), *others],
        [(2, "1105/18"), (1, "62"), (2, "1105/18"), (4, "55"), (5, "50"), (6, "45"), (7, "40"), (8, "30")],
        date=dt.date(2026, 10, 1),
        name="October pairs",
    )
    second = published_event(
        [(None, None), (ann, cat)],
        [(2, "-7/4"), (1, "13/2")],
        date=dt.date(2026, 11, 1),
        name="November Butler",
        contest="butler",
    )
    running = make_event(name="Tonight")
    Event.objects.filter(pk=running.pk).update(date=dt.date(2026, 11, 27), status=EventStatus.RUNNING)
    seat_players(running, [(None, None), (None, None), (dan, ann)])
    return ann, (first, second, running)


def test_a_players_events_newest_first_with_partner_place_and_figure():
    ann, (_first, _second, _running) = three_events_of_ann()
    rows = player_events(player=ann)
    assert [(r.event_name, r.partner, r.pair_label, r.place_display, r.state) for r in rows] == [
        ("Tonight", "Dan Fry", "3", IN_PLAY, IN_PLAY),
        ("November Butler", "Cat Orr", "2", "1 of 2", ""),
        ("October pairs", "Bob Hay", "1", "2= of 8", ""),
    ]
    tonight, butler, october = rows
    assert tonight.figure is None
    # Butler: IMPs, signed, to two decimals; 13/2 exactly.
    assert (butler.figure.heading, butler.figure.value, butler.figure.display, butler.figure.exact) == (
        "IMPs",
        Fraction(13, 2),
        "+6.50",
        "+6 1/2",
    )
    # Matchpoints: the percentage, 1105/18 = 61 7/18 = 61.3888... shown 61.39.
    assert (october.figure.heading, october.figure.display, october.figure.exact) == ("%", "61.39", "61 7/18")


def test_the_figure_of_law_h_is_the_plus_minus_rounded_with_its_fraction_underneath():
    figure = event_figure(code="auction-1915", kind="pairs", contest="", score="374/3", percentage="")
    assert (figure.heading, figure.display, figure.exact) == ("Plus/minus", "+125", "+124 2/3")
    whole = event_figure(code="auction-1915", kind="teams", contest="", score="-12", percentage="")
    assert (whole.heading, whole.display, whole.exact) == ("Total", "-12", "")


def test_a_finished_event_not_yet_published_says_so():
    ann, (first, _second, _running) = three_events_of_ann()
    Standing.objects.filter(event=first).delete()
    october = player_events(player=ann)[-1]
    assert (october.place_display, october.figure) == (NOT_PUBLISHED, None)


def test_the_player_page_shows_the_rows_and_the_exact_figures(client):
    ann, _events = three_events_of_ann()
    response = client.get(reverse("player_detail", args=[ann.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "<h1>Ann Lee</h1>" in html
    assert html.index("Tonight") < html.index("November Butler") < html.index("October pairs")
    assert "2= of 8" in html
    assert "61.39" in html
    assert "61 7/18" in html
    assert "+6.50" in html
    assert "+6 1/2" in html
    assert "in play" in html
    assert "Bob Hay" in html
    assert "Cat Orr" in html
    assert "Dan Fry" in html


def test_an_erased_partner_is_a_removed_player_and_an_unknown_player_is_404(client):
    ann, _events = three_events_of_ann()
    Player.objects.filter(name="Bob Hay").update(erased_at=dt.datetime(2026, 11, 2, tzinfo=dt.UTC))
    html = client.get(reverse("player_detail", args=[ann.pk])).content.decode()
    assert "Bob Hay" not in html
    assert "Removed player" in html
    assert client.get(reverse("player_detail", args=[9999])).status_code == 404


def test_a_player_without_events_has_a_clear_empty_page_for_the_director(client, director_client):
    (eve,) = club_players("Eve Ash")
    html = director_client.get(reverse("player_detail", args=[eve.pk])).content.decode()
    assert "No events yet" in html
    # A roster entry who has played nothing is no public page: the roster is not read by number.
    assert client.get(reverse("player_detail", args=[eve.pk])).status_code == 404


def events_of(player: Player, count: int) -> None:
    for i in range(count):
        published_event(
            [(player, None), (None, None)],
            [(1, f"{60 + i}"), (2, f"{40 - i}")],
            date=dt.date(2026, 1, 1) + dt.timedelta(days=i),
            name=f"Night {i}",
        )


@pytest.mark.parametrize("count", [2, 12])
def test_the_player_page_runs_the_same_queries_for_2_and_12_events(client, django_assert_num_queries, count):
    (ann,) = club_players("Ann Lee")
    events_of(ann, count)
    with django_assert_num_queries(1):
        assert len(player_events(player=ann)) == count
    # The page: the player, then their pairs with events and standings.
    with django_assert_num_queries(2):
        response = client.get(reverse("player_detail", args=[ann.pk]))
    assert response.content.decode().count("Night ") == count
    assert Pair.objects.filter(player1=ann).count() == count


def test_the_demo_finished_publishes_both_directions_of_its_mitchell():
    # The demo's 7-table Mitchell, loaded as finished: 7 N-S and 7 E-W pairs, each place of 7.
    event = event_import(data={**demo_event_file(), "status": EventStatus.COMPLETE}, analyse=False)
    rows = published(event)
    assert len(rows) == 14
    assert {(ranking, of) for ranking, _place, _tied, of, *_rest in rows.values()} == {("N-S", 7), ("E-W", 7)}
    assert sorted(place for ranking, place, *_rest in rows.values() if ranking == "N-S")[0] == 1
