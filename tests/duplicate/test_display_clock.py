"""The venue display's round clock (the director's form, its service, what the display carries) and its board
slides' hands (shown once every table has played the board: no peeking).

A three-table Mitchell: three rounds of two boards; board 1 is played at table 1 in round 1, table 3 in round 2
and table 2 in round 3.
"""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from duplicate import services
from duplicate.models import Event, Play
from tests.factories import HANDS_A, board_plays, enter, make_event

pytestmark = pytest.mark.django_db

FIRST = {"contract": "4H", "declarer": "N", "tricks": 10}
START = dt.datetime(2026, 3, 4, 19, 30, tzinfo=dt.UTC)


def clock_of(html: str) -> dict[str, str]:
    found = re.search(r'<p class="display-clock"[^>]*>', html)
    assert found is not None
    return dict(re.findall(r'data-clock-(\w+)="([^"]*)"', found.group(0)))


def live_version(html: str) -> str:
    found = re.search(r'data-live-version="([^"]*)"', html)
    assert found is not None
    return found.group(1)


# --- The service ---------------------------------------------------------------------------------------------


def test_the_service_starts_and_stops_the_clock_and_bumps_the_version(db):
    event = make_event()
    version = event.results_version
    services.event_round_clock_set(event=event, minutes=20, clock_round=2, started_at=START)
    stored = Event.objects.get(pk=event.pk)
    assert (stored.round_minutes, stored.clock_round, stored.clock_started_at) == (20, 2, START)
    assert stored.results_version == event.results_version == version + 1
    services.event_round_clock_set(event=event, minutes=20, clock_round=None, started_at=None)
    stored = Event.objects.get(pk=event.pk)
    assert (stored.round_minutes, stored.clock_round, stored.clock_started_at) == (20, None, None)


@pytest.mark.parametrize(
    ("minutes", "clock_round", "started_at", "said"),
    [
        (121, None, None, "round_minutes: must be a whole number from 0 to 120, got 121"),
        (-1, None, None, "round_minutes: must be a whole number from 0 to 120, got -1"),
        (True, None, None, "round_minutes: must be a whole number from 0 to 120, got true"),
        (20, 4, START, "clock_round: must be a round from 1 to 3, got 4"),
        (20, 0, START, "clock_round: must be a round from 1 to 3, got 0"),
        (0, 1, START, "round_minutes: set a round's length before starting the clock"),
        (20, 1, None, "clock_round: a clock is started at a round and a time, or stopped (neither)"),
        (20, None, START, "clock_round: a clock is started at a round and a time, or stopped (neither)"),
    ],
)
def test_the_service_refuses_what_is_out_of_range(db, minutes, clock_round, started_at, said):
    event = make_event()
    with pytest.raises(services.ServiceError) as refused:
        services.event_round_clock_set(
            event=event, minutes=minutes, clock_round=clock_round, started_at=started_at
        )
    assert str(refused.value) == said
    stored = Event.objects.get(pk=event.pk)
    assert (stored.round_minutes, stored.clock_round, stored.results_version) == (
        0,
        None,
        event.results_version,
    )


# --- The director's form ------------------------------------------------------------------------------------------


def test_the_form_offers_the_round_the_tables_are_on_and_starts_it(director_client, db):
    event = make_event()
    for play in Play.objects.filter(event=event, seating__round__number=1):
        enter(play, FIRST)
    url = reverse("event_round_clock", args=[event.pk])
    html = director_client.get(url).content.decode()
    assert re.search(r'name="clock_round" value="2"', html)  # round 1 all in: the tables are on round 2
    assert "no clock running" in html
    before = timezone.now()
    response = director_client.post(url, {"minutes": "20", "clock_round": "2", "action": "start"})
    assert response.status_code == 302
    event.refresh_from_db()
    assert (event.round_minutes, event.clock_round) == (20, 2)
    assert event.clock_started_at is not None
    assert before <= event.clock_started_at <= timezone.now()
    html = director_client.get(url).content.decode()
    assert re.search(r"Round 2 — (20:00|19:5\d) left", html)
    # the length only: the clock keeps its start
    started = event.clock_started_at
    director_client.post(url, {"minutes": "25", "clock_round": "3", "action": "length"})
    event.refresh_from_db()
    assert (event.round_minutes, event.clock_round, event.clock_started_at) == (25, 2, started)
    director_client.post(url, {"minutes": "25", "clock_round": "2", "action": "stop"})
    event.refresh_from_db()
    assert (event.round_minutes, event.clock_round, event.clock_started_at) == (25, None, None)


@pytest.mark.parametrize(
    ("posted", "field", "said"),
    [
        ({"minutes": "121", "clock_round": "1"}, "minutes", "less than or equal to 120"),
        ({"minutes": "-3", "clock_round": "1"}, "minutes", "greater than or equal to 0"),
        ({"minutes": "ten", "clock_round": "1"}, "minutes", "Enter a whole number"),
        ({"minutes": "9" * 40, "clock_round": "1"}, "minutes", "less than or equal to 120"),
        (
            {"minutes": "20", "clock_round": "4"},
            "clock_round",
            "The event has 3 rounds: give one from 1 to 3",
        ),
        ({"minutes": "20", "clock_round": "0"}, "clock_round", "greater than or equal to 1"),
        ({"minutes": "20", "clock_round": ""}, "clock_round", "Say which round is starting"),
        ({"minutes": "0", "clock_round": "1"}, "minutes", "Set a round&#x27;s length"),
    ],
)
def test_the_form_shows_a_bad_number_beside_its_field(director_client, db, posted, field, said):
    event = make_event()
    response = director_client.post(
        reverse("event_round_clock", args=[event.pk]), {**posted, "action": "start"}
    )
    assert response.status_code == 200
    html = response.content.decode()
    beside = re.search(rf'<p id="field-{field}">(.*?)</p>', html, re.S)
    assert beside is not None
    assert said in beside.group(1)
    event.refresh_from_db()
    assert (event.round_minutes, event.clock_round) == (0, None)


def test_the_form_is_a_directors(client, db):
    event = make_event()
    url = reverse("event_round_clock", args=[event.pk])
    assert client.get(url).status_code == 302
    assert client.post(url, {"minutes": "20", "clock_round": "1", "action": "start"}).status_code == 302
    event.refresh_from_db()
    assert event.clock_round is None


def test_the_overview_links_the_clock_for_directors(client, director_client, db):
    event = make_event()
    url = reverse("event_round_clock", args=[event.pk])
    assert url in director_client.get(reverse("event_detail", args=[event.pk])).content.decode()
    assert url not in client.get(reverse("event_detail", args=[event.pk])).content.decode()


# --- The display ------------------------------------------------------------------------------------------------


def test_the_display_carries_the_clock_and_a_change_moves_its_version(client, db):
    event = make_event()
    url = reverse("event_display", args=[event.pk])
    html = client.get(url).content.decode()
    assert clock_of(html) == {}  # no clock: the line is hidden
    first = live_version(html)
    started = timezone.now() - dt.timedelta(minutes=7, seconds=26)
    services.event_round_clock_set(event=event, minutes=20, clock_round=1, started_at=started)
    assert client.get(reverse("event_version", args=[event.pk])).json()["version"] != first
    html = client.get(url).content.decode()
    assert live_version(html) != first
    assert clock_of(html) == {
        "started": started.isoformat(timespec="milliseconds"),
        "round": "1",
        "minutes": "20",
        "rounds": "3",
    }
    assert re.search(r"Round 1 — 12:3\d left", html)


@pytest.mark.parametrize("tables", [3, 9])
def test_the_clock_costs_the_display_one_query(client, db, django_assert_num_queries, tables):
    event = make_event(tables=tables)
    for play in Play.objects.filter(event=event, board__number__in=[1, 2]):
        enter(play, FIRST)
    services.event_round_clock_set(event=event, minutes=20, clock_round=1, started_at=START)
    url = reverse("event_display", args=[event.pk])
    # as tests/duplicate/test_live.py's seven, and the event's rounds
    with django_assert_num_queries(8):
        assert client.get(url).status_code == 200


def test_a_board_slide_shows_the_hands_only_once_released(client, db):
    event = make_event()
    services.board_deals_set(event=event, deals={1: HANDS_A, 2: HANDS_A})
    plays = board_plays(event, 1)
    for play in plays[:2]:
        enter(play, FIRST)
    for play in board_plays(event, 2):
        enter(play, FIRST)
    url = reverse("event_display", args=[event.pk])
    html = client.get(url).content.decode()
    slides = {
        re.sub(r"<[^>]+>", "", m.group(1)).strip(): m.group(0)
        for m in re.finditer(r'<section class="slide[^"]*"[^>]*>\s*<h2>(.*?)</h2>.*?</section>', html, re.S)
    }
    assert "Board 2" in slides
    assert "Board 1" not in slides
    assert html.count('class="hand-diagram compact"') == 1  # board 2's only: board 1 is in play at table 2
    assert 'class="hand-diagram compact"' in slides["Board 2"]
    assert "AKQJ" in slides["Board 2"]
    enter(plays[2], FIRST)
    html = client.get(url).content.decode()
    assert html.count('class="hand-diagram compact"') == 2
