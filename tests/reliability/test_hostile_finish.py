"""Hostile input against a finished event's table links, and against a team match's law 12C2 setting and its
artificial adjusted scores.  A finished event's link writes nothing whatever is posted to it (every answer a
403 or a page, never a 500, the database exactly as it was); the IMPs of average plus are range-checked
wherever they come in (the new-event form, the event file), and a team match scores whatever artificial
scores are entered: never a traceback, never the whole match hidden.

Each example is counted (``tried``); ``pytest tests/reliability`` prints the total."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from duplicate import services
from duplicate.models import Event
from duplicate.selectors.imp_match import imp_match
from duplicate.services.eventfile import event_import
from tests.factories import IMP_MATCH_RESULTS as RESULTS
from tests.factories import board_data, db_snapshot, make_event, plays_at, rolled_back
from tests.factories import imp_match_file as match_file
from tests.reliability.helpers import tried

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


# --- Law 12C2: the IMPs of average plus, and artificial scores in a team match ------------------------------

JSON_VALUES = (
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=10)
    | st.lists(st.integers(), max_size=2)
    | st.dictionaries(st.text(max_size=3), st.integers(), max_size=2)
)


@hsettings(60)
@given(value=JSON_VALUES)
def test_an_event_files_average_plus_is_a_whole_number_of_imps_or_refused_naming_it(db, value):
    data = {**match_file(RESULTS), "average_plus_imps": value}
    valid = type(value) is int and 1 <= value <= 24
    with rolled_back():
        before = db_snapshot()
        if valid:
            assert event_import(data=data).average_plus_imps == value
        else:
            with pytest.raises(services.ServiceError, match=r"^average_plus_imps: "):
                event_import(data=data)
            assert db_snapshot() == before
        tried("event file average plus")


@hsettings(40)
@given(
    value=st.sampled_from(["", " ", "0", "3", "24", "25", "-3", "3.5", "1e3", "٣", "\x00", "x" * 50]) | text
)
def test_the_new_event_forms_average_plus_is_a_field_error_or_taken(db, director, value):
    client = Client()
    client.force_login(director)
    post = {
        "name": "Teams",
        "date": "2026-11-27",
        "code": "contract",
        "kind": "teams",
        "contest": "imps",
        "movement": "teams",
        "tables": 2,
        "boards_per_round": 2,
        "paper_size": "A4",
        "average_plus_imps": value,
    }
    with rolled_back():
        response = client.post(reverse("event_create"), post)
        tried("new event form average plus")
        assert response.status_code in (200, 302), response.status_code
        if response.status_code == 302:
            assert Event.objects.get().average_plus_imps == (int(value) if value.strip() else 3)
        else:
            assert not Event.objects.exists()


RULINGS = st.sampled_from([f"A{ns}/{ew}" for ns in (60, 50, 40) for ew in (60, 50, 40)])


@hsettings(40)
@given(data=st.data())
def test_any_artificial_scores_in_a_team_match_are_scored_board_by_board(db, data):
    """Artificial scores anywhere in a team match, at one table or both, with any organiser's figure: the
    match is scored (never an error for the whole match), every board is scored, set aside with why, or not
    in yet, and the totals are the sums of the boards' IMPs."""
    results = []
    for r, t, b, ns, ew, result in RESULTS:
        if data.draw(st.booleans(), label=f"ruled {b}/{t}"):
            result = {"ruling": data.draw(RULINGS, label=f"ruling {b}/{t}")}
        if data.draw(st.integers(0, 9), label=f"kept {b}/{t}"):
            results.append((r, t, b, ns, ew, result))
    average_plus = data.draw(st.integers(1, 24), label="average plus")
    with rolled_back():
        event = event_import(data={**match_file(results), "average_plus_imps": average_plus})
        tried("team match artificial scores")
        match = imp_match(event)
        assert match.error is None
        assert match.home_imps == sum(line.home_imps for line in match.lines if line.scored)
        assert match.away_imps == sum(line.away_imps for line in match.lines if line.scored)
        for line in match.lines:
            assert line.scored or line.note, line
            if line.home_adjusted or line.away_adjusted:
                assert line.net is None
                assert {abs(line.home_imps), abs(line.away_imps)} <= {0, average_plus}
        out = io.StringIO()
        call_command("standings", str(event.pk), "--format", "json", stdout=out)
        assert json.loads(out.getvalue())["scored"] == match.scored
