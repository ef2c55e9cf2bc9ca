"""Audit: every change to a result, a ruling or a pair's names is in the event's history with who and
when; a director sees the history and undoes a mistaken correction (the undo is recorded too)."""

from __future__ import annotations

import re

import pytest
from django.contrib.admin.models import LogEntry
from django.contrib.auth import get_user_model
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from duplicate import services
from duplicate.models import Pair, Play, PlayChange
from duplicate.services.results import play_result_data
from tests.factories import board_data, db_snapshot, enter, make_event, plays_at


def entry_url(event, rnd=1, table=1):
    return reverse("entry_table", args=[event.pk, "A", rnd, table])


def history(client, event) -> str:
    response = client.get(reverse("event_history", args=[event.pk]))
    assert response.status_code == 200
    return response.content.decode()


def test_results_rulings_and_corrections_are_in_the_history_with_who_and_when(
    director_client, mitchell_event
):
    play = plays_at(mitchell_event, 1, 1)[0]
    assert (
        director_client.post(entry_url(mitchell_event), board_data(play, quick="4H N 10")).status_code == 302
    )
    play.refresh_from_db()
    director_client.post(entry_url(mitchell_event), board_data(play, ruling="average"))
    play.refresh_from_db()
    assert play.ruling == "average"
    token = services.table_token_create(section=mitchell_event.sections.get(), table=2)
    other = plays_at(mitchell_event, 1, 2)[0]
    assert (
        Client()
        .post(reverse("entry_token", args=[token.secret]), board_data(other, quick="1C S 7"))
        .status_code
        == 302
    )
    html = history(director_client, mitchell_event)
    assert len(re.findall(r'<tr class="history-result (?:even|odd)"', html)) == 3
    assert "4H by N, 10 tricks" in html
    assert "ruling: average (law B(3))" in html
    assert "table 2 (token)" in html
    assert ">td<" in html
    changes = PlayChange.objects.filter(play__event=mitchell_event)
    assert all(c.at is not None and c.who for c in changes)
    # Board, table and round are named for each change.
    assert f"board {play.board.number}, table 1, round 1" in html


def test_pair_name_changes_are_recorded_and_can_be_undone(director_client, mitchell_event):
    pair = Pair.objects.filter(event=mitchell_event).first()
    url = reverse("pair_edit", args=[mitchell_event.pk, pair.pk])
    director_client.post(url, {"player1": "Alice", "player2": "Bob"})
    director_client.post(url, {"player1": "Alice", "player2": "Robert"})
    director_client.post(url, {"player1": "Alice", "player2": "Robert"})  # no change: nothing recorded
    entries = LogEntry.objects.filter(object_id=str(pair.pk)).order_by("pk")
    assert entries.count() == 2
    assert {e.user.username for e in entries} == {"td"}
    html = history(director_client, mitchell_event)
    assert "not named" in html
    assert "Alice &amp; Bob" in html
    assert "Alice &amp; Robert" in html
    # Undo the older change first: refused, the names were changed since.
    before = db_snapshot()
    director_client.post(reverse("names_undo", args=[mitchell_event.pk, entries[0].pk]))
    assert db_snapshot() == before
    director_client.post(
        reverse("names_undo", args=[mitchell_event.pk, entries[1].pk]), {"reason": "misheard"}
    )
    pair.refresh_from_db()
    assert (pair.player1.name, pair.player2.name) == ("Alice", "Bob")
    assert LogEntry.objects.filter(object_id=str(pair.pk)).count() == 3  # the undo is itself recorded
    assert "undo: misheard" in history(director_client, mitchell_event)


def test_a_director_undoes_a_mistaken_correction(director_client, mitchell_event):
    play = plays_at(mitchell_event, 1, 1)[0]
    director_client.post(entry_url(mitchell_event), board_data(play, quick="4H N 10"))
    services.round_agree(round=play.seating.round, user_id=None)
    play.refresh_from_db()
    response = director_client.post(
        entry_url(mitchell_event), board_data(play, quick="4H N 6", reason="slip")
    )
    assert response.status_code == 302
    mistaken = PlayChange.objects.filter(play=play).latest("id")
    assert mistaken.reason == "slip"
    url = reverse("change_undo", args=[mitchell_event.pk, mistaken.pk])
    response = director_client.post(url, {"reason": "the slip was right"})
    assert response.status_code == 302
    play.refresh_from_db()
    assert play_result_data(play) == mistaken.before
    undo = PlayChange.objects.filter(play=play).latest("id")
    assert undo.reason == f"undo of change {mistaken.pk}: the slip was right"
    assert undo.who == "td"
    assert undo.before == mistaken.after
    assert undo.after == mistaken.before
    assert f"undo of change {mistaken.pk}" in history(director_client, mitchell_event)
    # Undoing the same change again is refused: the result has moved on (the undo itself can be undone).
    before = db_snapshot()
    director_client.post(reverse("change_undo", args=[mitchell_event.pk, mistaken.pk]), {"reason": "again"})
    assert db_snapshot() == before
    director_client.post(reverse("change_undo", args=[mitchell_event.pk, undo.pk]), {"reason": "no, 6"})
    play.refresh_from_db()
    assert play_result_data(play) == mistaken.after


def test_undo_of_a_first_entry_clears_the_result(director_client, mitchell_event):
    play = plays_at(mitchell_event, 1, 1)[0]
    director_client.post(entry_url(mitchell_event), board_data(play, quick="1NT S 7"))
    change = PlayChange.objects.get(play=play)
    director_client.post(
        reverse("change_undo", args=[mitchell_event.pk, change.pk]), {"reason": "wrong table"}
    )
    play.refresh_from_db()
    assert not play.entered
    assert play.version == 2


@pytest.mark.parametrize("who", ["anonymous", "player", "token"])
def test_only_a_director_sees_the_history_or_undoes(db, director, mitchell_event, who):
    play = plays_at(mitchell_event, 1, 1)[0]
    enter(play, {"contract": "1C", "declarer": "N", "tricks": 7})
    change = PlayChange.objects.get()
    client = Client()
    if who == "player":
        client.force_login(get_user_model().objects.create_user(username="p", password="x"))
    elif who == "token":
        token = services.table_token_create(section=mitchell_event.sections.get(), table=1)
        client.get(reverse("entry_token", args=[token.secret]))
    before = db_snapshot()
    assert client.get(reverse("event_history", args=[mitchell_event.pk])).status_code == 302
    url = reverse("change_undo", args=[mitchell_event.pk, change.pk])
    assert client.post(url, {"reason": "sneaky"}).status_code == 302
    assert db_snapshot() == before
    assert client.get(url).status_code == 302


def test_admin_edits_of_the_events_rows_are_in_the_history(director_client, mitchell_event):
    pair = Pair.objects.filter(event=mitchell_event).first()
    url = f"/admin/duplicate/pair/{pair.pk}/change/"
    html = director_client.get(url).content.decode()
    assert "csrfmiddlewaretoken" in html
    # Record an admin change the way the admin does.
    LogEntry.objects.log_actions(
        user_id=director_client.session["_auth_user_id"],
        queryset=[pair],
        action_flag=2,
        change_message=[{"changed": {"fields": ["Team"]}}],
        single_object=True,
    )
    text = history(director_client, mitchell_event)
    assert "in the admin" in text
    assert "Changed Team" in text


def _fill(event, client, n):
    for rnd in range(1, 4):
        for table in range(1, 4):
            for play in plays_at(event, rnd, table):
                if n <= 0:
                    return
                client.post(entry_url(event, rnd, table), board_data(play, quick="2S E 8"))
                play.refresh_from_db()
                client.post(entry_url(event, rnd, table), board_data(play, quick="2S E 9"))
                n -= 1


def test_history_page_runs_a_fixed_number_of_queries(director_client, db):
    small = make_event(tables=3)
    big = make_event(tables=5, name="Big")
    _fill(small, director_client, 1)
    _fill(big, director_client, 12)
    for pair in Pair.objects.filter(event=big)[:4]:
        director_client.post(reverse("pair_edit", args=[big.pk, pair.pk]), {"player1": "A", "player2": "B"})
    counts = []
    for event in (small, big):
        ContentType.objects.clear_cache()  # each count reads the content types (else: whichever runs first)
        with CaptureQueriesContext(connection) as ctx:
            history(director_client, event)
        counts.append(len(ctx.captured_queries))
    assert counts[0] == counts[1], counts
    assert PlayChange.objects.filter(play__event=big).count() == 24
    assert Play.objects.filter(event=big, entered=True).count() == 12


def test_an_undo_asks_for_confirmation_and_a_reason(director_client, mitchell_event):
    """Law E: an undo is a correction like any other after agreement: confirmed, with its reason recorded."""
    play = plays_at(mitchell_event, 1, 1)[0]
    director_client.post(entry_url(mitchell_event), board_data(play, quick="4H N 10"))
    services.round_agree(round=play.seating.round, user_id=None)
    play.refresh_from_db()
    director_client.post(entry_url(mitchell_event), board_data(play, quick="4H N 6", reason="slip"))
    mistaken = PlayChange.objects.filter(play=play).latest("id")
    url = reverse("change_undo", args=[mitchell_event.pk, mistaken.pk])
    # The history links to the confirmation; it does not undo in one click.
    assert f'href="{url}"' in history(director_client, mitchell_event)
    page = director_client.get(url).content.decode()
    assert "the undo puts back <strong>4H by N, 10 tricks" in page
    assert 'name="reason"' in page
    before = db_snapshot()
    for data in ({}, {"reason": "   "}):
        response = director_client.post(url, data)
        assert response.status_code == 200
        assert "Give the reason for the undo: it is recorded in the history." in response.content.decode()
        assert db_snapshot() == before
    response = director_client.post(url, {"reason": "the board was fouled"})
    assert response.status_code == 302
    undo = PlayChange.objects.filter(play=play).latest("id")
    assert undo.reason == f"undo of change {mistaken.pk}: the board was fouled"
    assert "the board was fouled" in history(director_client, mitchell_event)
