"""Hostile input against what a new director's first evening changed: the Table links page's loopback warning
(any Host header), a table link's save refused after Finish (whatever was typed is shown back escaped, never
run, never stored), and the new-event form's fields that apply (any tables, sections, code, contest and kind:
a page or an event, never a 500).

Each example is counted (``tried``); ``pytest tests/reliability`` prints the total."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from duplicate import services
from duplicate.models import Event
from duplicate.views.tokens import loopback_host
from tests.factories import board_data, db_snapshot, make_event, plays_at, rolled_back
from tests.reliability.helpers import tried

FIXTURES = [HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large]
text = st.text(max_size=60) | st.sampled_from(
    [
        "",
        "0",
        "-1",
        "1e309",
        "\x00",
        "<script>alert(1)</script>",
        "٣",
        "\uff18",
        "2H N =",
        '"><b>x</b>',
        " 8 ",
    ]
)


def hsettings(n: int) -> settings:
    return settings(max_examples=n, deadline=None, suppress_health_check=FIXTURES)


HOSTS = st.text(max_size=80) | st.sampled_from(
    [
        "127.0.0.1",
        "127.0.0.1:8000",
        "[::1]:8000",
        "[::1",
        "::1",
        "[::ffff:127.0.0.1]:8000",
        "localhost.",
        "0x7f.1",
        "2130706433",
        "127.1",
        "LOCALHOST:99999",
        "[fe80::1%eth0]:8000",
        "a" * 300,
        "",
        ":",
        "[]",
        "127.0.0.1:8000:9",
    ]
)


@hsettings(200)
@given(host=HOSTS)
def test_any_host_is_loopback_or_not_never_an_error(host):
    assert loopback_host(host) in (True, False)
    tried("table links host")


@hsettings(60)
@given(host=HOSTS)
def test_the_table_links_page_answers_any_host(db, director, settings, host):
    settings.ALLOWED_HOSTS = ["*"]
    with rolled_back():
        event = make_event(tables=3, boards_per_round=1)
        services.table_token_create(section=event.sections.get(), table=1)
        client = Client()
        client.force_login(director)
        try:
            response = client.get(reverse("entry_tokens", args=[event.pk]), HTTP_HOST=host)
        except Exception as exc:  # a Host Django refuses before the view (DisallowedHost): never ours to 500
            pytest.fail(f"{host!r}: {exc!r}")
        tried("table links host")
        assert response.status_code in (200, 400), (host, response.status_code)
        if response.status_code == 200:
            html = response.content.decode()
            assert ("Phones cannot reach this address" in html) is loopback_host(host)
            assert "<script>" not in html.split("<main>")[1]


@pytest.fixture
def finished_with_link(db):
    event = make_event(name="Finished")
    token = services.table_token_create(section=event.sections.get(), table=2)
    services.event_finish(event=event)
    return event, token


@hsettings(80)
@given(data=st.data())
def test_whatever_is_typed_after_finish_is_refused_shown_escaped_and_not_stored(finished_with_link, data):
    event, token = finished_with_link
    with rolled_back():
        play = plays_at(event, 1, 2)[data.draw(st.integers(0, 1), label="board")]
        post = board_data(play)
        for key in data.draw(
            st.lists(
                st.sampled_from(["quick", "level", "strain", "declarer", "tricks", "version"]), max_size=4
            ),
            label="keys",
        ):
            post[f"b{play.pk}-{key}"] = data.draw(text, label=key)
        headers = {"HTTP_X_REQUESTED_WITH": "fetch"} if data.draw(st.booleans(), label="fetch") else {}
        before = db_snapshot()
        response = Client().post(reverse("entry_token", args=[token.secret]), post, **headers)
        tried("refused entry after finish")
        assert response.status_code == 403
        html = response.content.decode()
        assert "The event is finished: ask the director" in html
        assert "<script>alert" not in html
        assert "<b>x</b>" not in html
        assert db_snapshot() == before


NUMBERS = st.sampled_from(
    ["", "0", "1", "2", "7", "8", "100", "101", "-2", "1e3", "٣", "\uff18", "99999999999", "x"]
)


@hsettings(120)
@given(
    code=st.sampled_from(["auction-1913", "auction-1915", "whist", "contract", "", "bogus"]),
    contest=st.sampled_from(["", "matchpoints", "butler", "cross-imps", "imps", "bogus"]) | text,
    kind=st.sampled_from(["pairs", "teams", "", "x"]),
    movement=st.sampled_from(["mitchell", "howell", "compass", "teams", "custom", "x"]),
    tables=NUMBERS | text,
    sections=NUMBERS | text,
    average_plus=NUMBERS,
    action=st.sampled_from(["preview", "create"]),
)
def test_the_new_event_form_answers_any_choice_with_a_page_or_an_event(
    db, director, code, contest, kind, movement, tables, sections, average_plus, action
):
    post = {
        "name": "Hostile",
        "date": "2026-11-27",
        "code": code,
        "contest": contest,
        "kind": kind,
        "movement": movement,
        "tables": tables,
        "boards_per_round": "2",
        "sections": sections,
        "ranking": "field",
        "even_tables": "skip",
        "average_plus_imps": average_plus,
        "paper_size": "A4",
        "action": action,
    }
    with rolled_back():
        client = Client()
        client.force_login(director)
        response = client.post(reverse("event_create"), post)
        tried("new event form fields that apply")
        assert response.status_code in (200, 302), response.status_code
        if response.status_code == 302:
            event = Event.objects.get()
            assert event.code == code
            if code == "contract":
                assert event.contest in (
                    ("imps",) if event.kind == "teams" else ("matchpoints", "butler", "cross-imps")
                )
            else:
                assert event.contest == ""
        else:
            assert not Event.objects.exists()
