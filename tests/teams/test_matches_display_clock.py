"""The round clock on a league's or a Swiss's venue display: the director starts it from the event's page
(the Round clock form of duplicate.views.live), and the display counts it down over the rounds the event
planned (a Swiss's draws, a round robin's schedule), as a pairs event's display does."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from duplicate import services
from duplicate.selectors.display import event_rounds
from tests.factories import matches_event

pytestmark = pytest.mark.django_db


def clock_of(html: str) -> dict[str, str]:
    found = re.search(r'<p class="display-clock"[^>]*>', html)
    assert found is not None
    return dict(re.findall(r'data-clock-(\w+)="([^"]*)"', found.group(0)))


@pytest.mark.parametrize(
    ("contest", "n", "rounds", "planned"), [("swiss-teams", 10, 5, 5), ("round-robin", 5, 0, 5)]
)
def test_the_display_counts_down_the_rounds_the_event_planned(client, contest, n, rounds, planned):
    event = matches_event(contest, n, **({"rounds": rounds} if rounds else {}))
    assert event_rounds(event) == planned  # a Swiss's rounds, or a round robin of 5's (a bye each round)
    url = reverse("matches_display", args=[event.pk])
    assert 'class="display-clock" data-live-part="display-clock" hidden' in client.get(url).content.decode()
    started = timezone.now() - dt.timedelta(minutes=5)
    services.event_round_clock_set(event=event, minutes=30, clock_round=2, started_at=started)
    html = client.get(url).content.decode()
    clock = clock_of(html)
    assert clock["rounds"] == str(planned)
    assert (clock["round"], clock["minutes"]) == ("2", "30")
    assert "Round 2" in html.split('class="display-clock"')[1].split("</p>")[0]


def test_the_event_s_page_offers_the_director_the_clock(director_client):
    event = matches_event("swiss-teams", 6, rounds=3)
    html = director_client.get(reverse("matches_event", args=[event.pk])).content.decode()
    assert reverse("event_round_clock", args=[event.pk]) in html
    response = director_client.post(
        reverse("event_round_clock", args=[event.pk]),
        {"minutes": "45", "clock_round": "3", "action": "start"},
    )
    assert response.status_code == 302
    event.refresh_from_db()
    assert (event.round_minutes, event.clock_round) == (45, 3)
