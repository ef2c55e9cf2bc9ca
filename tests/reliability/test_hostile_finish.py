"""Hostile input against a finished event's table links, and against a team match's law 86A setting and its
artificial adjusted scores.  A finished event's link writes nothing whatever is posted to it (every answer a
403 or a page, never a 500, the database exactly as it was); the IMPs of average plus are range-checked
wherever they come in (the new-event form, the event file), and a team match scores whatever artificial
scores are entered: never a traceback, never the whole match hidden.

Each example is counted (``tried``); ``pytest tests/reliability`` prints the total."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from duplicate import services
from tests.conftest import make_event

from .conftest import tried
from .helpers import board_data, db_snapshot, plays_at, rolled_back

FIXTURES = [HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large]
text = st.text(max_size=40) | st.sampled_from(["", "0", "-1", "1e309", "\x00", "<script>", "٣", "4HX N 10"])


def hsettings(n: int) -> settings:
    return settings(max_examples=n, deadline=None, suppress_health_check=FIXTURES)


@pytest.fixture
def finished(db, director):
    """A finished event with a result in at table 1 and that table's link."""
    event = make_event(name="Finished")
    writer = services.Writer(name="td", is_director=True, user_id=director.pk)
    play = plays_at(event, 1, 1)[0]
    services.play_result_save(play=play, data={"contract": "PASS"}, writer=writer, expected_version=0)
    token = services.table_token_create(section=event.sections.get(), table=1)
    services.event_finish(event=event)
    return {"event": event, "token": token}


ENTRY_KEYS = ["quick", "level", "strain", "declarer", "tricks", "ruling", "reason", "version", "ns", "ew"]


@settings(max_examples=60, deadline=None, suppress_health_check=FIXTURES)
@given(data=st.data())
def test_nothing_posted_through_a_finished_link_writes(finished, data):
    """Saves, corrections, clears and previews of any board, with any fields, stale or future versions, as
    a page or a fetch: refused (403), the database as it was."""
    with rolled_back():
        event, token = finished["event"], finished["token"]
        rnd = data.draw(st.integers(1, 3), label="round")
        table = data.draw(st.integers(1, 3), label="table")
        plays = plays_at(event, rnd, table)
        play = plays[data.draw(st.integers(0, len(plays) - 1), label="board")]
        post = board_data(play, action=data.draw(st.sampled_from(["save", "clear", ""]), label="action"))
        for key in data.draw(st.lists(st.sampled_from(ENTRY_KEYS), max_size=5, unique=True), label="keys"):
            post[f"b{play.pk}-{key}"] = data.draw(text, label=key)
        if data.draw(st.booleans(), label="drop play"):
            post["play"] = data.draw(text, label="play")
        where = data.draw(st.sampled_from(["entry_token", "entry_token_preview"]), label="where")
        headers = {"HTTP_X_REQUESTED_WITH": "fetch"} if data.draw(st.booleans(), label="fetch") else {}
        before = db_snapshot()
        response = Client().post(reverse(where, args=[token.secret]), post, **headers)
        tried("finished link post")
        assert response.status_code == 403, response.status_code
        assert db_snapshot() == before


@hsettings(30)
@given(number=st.integers(-5, 40000))
def test_opening_any_traveller_through_a_finished_link_writes_nothing(finished, number):
    with rolled_back():
        token = finished["token"]
        before = db_snapshot()
        if number < 0:
            url = f"/t/{token.secret}/boards/{number}/"
        else:
            url = reverse("entry_token_traveller", args=[token.secret, number])
        response = Client().post(url)
        tried("finished link traveller")
        assert response.status_code in (200, 403, 404), response.status_code
        assert db_snapshot() == before
