"""The standings page says which results version its figures include (``data-results-version``): what a
live page or a second app server checks to know it is up to date."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from duplicate import services
from duplicate.models import Play
from tests.factories import make_event

pytestmark = pytest.mark.django_db


def shown_version(client, event) -> int:
    html = client.get(reverse("event_standings", args=[event.pk])).content.decode()
    return int(re.search(r'data-results-version="(\d+)"', html).group(1))


def test_the_page_names_the_version_of_its_figures(client, director_client, director):
    event = make_event()
    before = shown_version(client, event)
    event.refresh_from_db()
    assert before == event.results_version
    play = Play.objects.filter(event=event).order_by("pk").first()
    writer = services.Writer(name="td", is_director=True, user_id=director.pk)
    services.play_result_save(
        play=play, data={"contract": "4H", "declarer": "N", "tricks": 10}, writer=writer, expected_version=0
    )
    event.refresh_from_db()
    assert event.results_version == before + 1
    assert shown_version(director_client, event) == before + 1
    assert shown_version(client, event) == before + 1  # nobody else working it out: the latest
