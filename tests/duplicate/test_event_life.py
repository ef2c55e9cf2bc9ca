"""An event's life: running, finished by the director, reopened; every page says the same about it."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from duplicate import services
from duplicate.models import Board, Event, Play
from tests.factories import MITCHELL_RESULTS, agree_all, make_event, mitchell_event

pytestmark = pytest.mark.django_db


def badges(client, event) -> dict[str, list[str]]:
    """The status badges of the events list, the overview and the results page."""
    results = "team_match" if event.kind == "teams" else "event_standings"
    pages = {"list": reverse("home"), "overview": reverse("event_detail", args=[event.pk])}
    pages["results"] = reverse(results, args=[event.pk])
    found = {}
    for name, url in pages.items():
        body = client.get(url).content.decode()
        found[name] = re.findall(r'<span class="status [^"]*">([^<]*)</span>', body)
    return found


def test_every_result_in_and_agreed_is_still_running_until_the_director_finishes(client):
    # Standings said "Final" here while the list and the overview said "Running".
    event = mitchell_event(MITCHELL_RESULTS)
    agree_all(event)
    assert event.status == "running"  # an event file with results, and no status, imports as running
    assert badges(client, event) == {"list": ["Running"], "overview": ["Running"], "results": ["Running"]}
    services.event_finish(event=event)
    assert badges(client, event) == {"list": ["Final"], "overview": ["Final"], "results": ["Final"]}


def test_a_team_match_says_the_same(client):
    # Finished with no result in: every page says so, none says "Final" (it said "Final" above
    # "Provisional: 0 of 8 results in").
    event = make_event(kind="teams", tables=2, event_kind="teams")
    services.event_finish(event=event)
    missing = f"Finished: {Play.objects.filter(event=event).count()} results missing"
    assert badges(client, event) == {"list": [missing], "overview": [missing], "results": [missing]}
    services.event_reopen(event=event)
    assert badges(client, event) == {"list": ["Running"], "overview": ["Running"], "results": ["Provisional"]}


def test_reopen_brings_the_event_back_to_running_and_bumps_the_versions(client):
    event = mitchell_event(MITCHELL_RESULTS)
    agree_all(event)
    services.event_finish(event=event)
    assert "Final" in client.get(reverse("event_standings", args=[event.pk])).content.decode()  # cached
    version = event.results_version
    boards = dict(Board.objects.filter(event=event).values_list("pk", "results_version"))

    services.event_reopen(event=event)
    stored = Event.objects.get(pk=event.pk)
    assert (stored.status, stored.results_version) == ("running", version + 1)
    assert dict(Board.objects.filter(event=event).values_list("pk", "results_version")) == {
        pk: v + 1 for pk, v in boards.items()
    }
    assert badges(client, event)["results"] == ["Running"]  # not the cached "Final"

    services.event_reopen(event=event)  # not finished: nothing changes
    assert Event.objects.get(pk=event.pk).results_version == version + 1


def test_the_director_reopens_from_the_overview(client, director_client):
    event = make_event()
    services.event_finish(event=event)
    url = reverse("event_reopen", args=[event.pk])
    assert "Reopen event" in director_client.get(reverse("event_detail", args=[event.pk])).content.decode()
    assert "Reopen event" not in client.get(reverse("event_detail", args=[event.pk])).content.decode()
    response = client.post(url, {"confirm": "yes"})  # a visitor
    assert "login" in response["Location"]
    director_client.post(url)  # the box not ticked
    assert Event.objects.get(pk=event.pk).status == "complete"
    response = director_client.post(url, {"confirm": "yes"})
    assert response["Location"] == reverse("event_detail", args=[event.pk])
    assert Event.objects.get(pk=event.pk).status == "running"
    assert "Finish event" in director_client.get(reverse("event_detail", args=[event.pk])).content.decode()
