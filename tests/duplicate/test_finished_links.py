"""A table link once the director has finished the event: Finish releases every board to everyone, so a
table that had not played one could read its hands and the other tables' results; from then on its link
only reads (a save is refused, 403, "The event is finished: ask the director", nothing written) until the
director reopens the event.  The director still corrects after Finish, with a reason, as after an agreement
(law E / law 79).  SQLite and PostgreSQL (the last test: a save racing the Finish, PostgreSQL's row locks)."""

from __future__ import annotations

import threading

import pytest
from django.db import connection, transaction
from django.urls import reverse

from duplicate import services
from duplicate.models import Event, Play, PlayChange, TableToken
from tests.factories import board_data, in_thread, on_field, plays_at, table_url

pytestmark = pytest.mark.django_db

REFUSED = "The event is finished: ask the director"
TABLE = services.Writer(name="table 2 (token)", is_director=False)


@pytest.fixture
def token(mitchell_event: Event) -> TableToken:
    return services.table_token_create(section=mitchell_event.sections.get(), table=2)


def token_url(token: TableToken, *rest: str) -> str:
    return reverse("entry_token", args=[token.secret]) + "".join(rest)


def stored(play: Play) -> tuple:
    """What a refused write must leave as it was: the result, its version and its history."""
    row = Play.objects.get(pk=play.pk)
    history = list(PlayChange.objects.filter(play=play).values_list("pk", "after"))
    return row.entered, row.contract, row.declarer, row.tricks, row.ns_total, row.version, history


def test_a_table_links_save_after_finish_is_refused_and_after_reopen_it_saves(client, mitchell_event, token):
    first, second = plays_at(mitchell_event, 1, 2)
    assert client.post(token_url(token), board_data(first, quick="3NT S =")).status_code == 302
    first.refresh_from_db()
    services.event_finish(event=mitchell_event)
    before = [stored(first), stored(second)]
    for play, quick in ((first, "3NT S +1"), (second, "4H N =")):  # a correction, and a first entry
        for headers in ({}, {"HTTP_X_REQUESTED_WITH": "fetch"}):
            response = client.post(token_url(token), board_data(play, quick=quick), **headers)
            assert response.status_code == 403
            assert REFUSED in response.content.decode()
    assert [stored(first), stored(second)] == before

    services.event_reopen(event=mitchell_event)
    response = client.post(token_url(token), board_data(second, quick="4H N ="))
    assert response.status_code == 302
    second.refresh_from_db()
    assert (second.entered, second.contract, second.tricks) == (True, "4H", 10)
    assert PlayChange.objects.get(play=second).who == "table 2 (token)"


def test_the_result_service_refuses_a_table_once_the_event_is_finished(mitchell_event):
    """Every path a table writes by goes through the one result service: it refuses, whatever the view."""
    play = plays_at(mitchell_event, 1, 2)[0]
    services.event_finish(event=mitchell_event)
    before = stored(play)
    with pytest.raises(services.PermissionDenied, match=REFUSED):
        services.play_result_save(play=play, data={"contract": "PASS"}, writer=TABLE, expected_version=0)
    assert stored(play) == before
    # A stale version is no way round it: the event's state is read first.
    with pytest.raises(services.PermissionDenied, match=REFUSED):
        services.play_result_save(play=play, data={"contract": "PASS"}, writer=TABLE, expected_version=7)
    services.event_reopen(event=mitchell_event)
    saved = services.play_result_save(play=play, data={"contract": "PASS"}, writer=TABLE, expected_version=0)
    assert (saved.entered, saved.contract, saved.version) == (True, "PASS", 1)


def test_the_finished_link_reads_only_and_says_why(client, mitchell_event, token):
    play = plays_at(mitchell_event, 1, 2)[0]
    client.post(token_url(token), board_data(play, quick="3NT S ="))
    services.event_finish(event=mitchell_event)
    response = client.get(token_url(token))
    html = response.content.decode()
    assert response.status_code == 200
    assert REFUSED in html
    assert "<form" not in html.split("<main>")[1]
    assert 'class="entry-form"' not in html
    assert "3NT by S" in html  # its own result, as everyone reads it now
    services.event_reopen(event=mitchell_event)
    html = client.get(token_url(token)).content.decode()
    assert REFUSED not in html
    assert html.count('class="entry-form"') == len(plays_at(mitchell_event, 1, 2))


def test_the_finished_links_preview_is_refused_too(client, mitchell_event, token):
    play = plays_at(mitchell_event, 1, 2)[0]
    url = reverse("entry_token_preview", args=[token.secret])
    services.event_finish(event=mitchell_event)
    response = client.post(url, board_data(play, quick="3NT S ="))
    assert response.status_code == 403
    assert REFUSED in response.content.decode()
    services.event_reopen(event=mitchell_event)
    response = client.post(url, board_data(play, quick="3NT S ="))
    assert response.status_code == 200
    # 3NT made (auction 1915): three tricks at no trump, 30 (law 3), and law A's premium of 125: 155.
    assert "net N-S <strong>155</strong>" in response.content.decode()


def test_opening_a_traveller_through_a_finished_link_writes_nothing(client, mitchell_event, token):
    """Opening a played board's traveller makes the table's result there stand (a write); once the event is
    finished the board is everyone's to read, so the link reads it as a visitor does and writes nothing."""
    play = plays_at(mitchell_event, 1, 2)[0]
    client.post(token_url(token), board_data(play, quick="3NT S ="))
    number = play.board.number
    url = reverse("entry_token_traveller", args=[token.secret, number])
    services.event_finish(event=mitchell_event)
    response = client.post(url)
    assert response.status_code == 403
    assert REFUSED in response.content.decode()
    assert Play.objects.get(pk=play.pk).table_saw_at is None
    response = client.get(url)
    assert response.status_code == 200
    assert "3NT" in response.content.decode()  # released: as a visitor reads it
    services.event_reopen(event=mitchell_event)
    assert client.post(url).status_code == 302
    assert Play.objects.get(pk=play.pk).table_saw_at is not None


def test_the_director_corrects_after_finish_with_a_reason(director_client, mitchell_event):
    """The director's choice: a finished event is corrected only by the director, with a reason (as a
    round's scores after their agreement, law E); a board with no result yet takes one without."""
    first, second = plays_at(mitchell_event, 1, 1)
    director = services.Writer(name="td", is_director=True)
    services.play_result_save(play=first, data={"contract": "PASS"}, writer=director, expected_version=0)
    first.refresh_from_db()
    services.event_finish(event=mitchell_event)
    html = director_client.get(table_url(mitchell_event, 1, 1)).content.decode()
    assert "Event finished" in html
    assert "The event is finished: a correction needs a reason." in html
    url = table_url(mitchell_event, 1, 1)
    response = director_client.post(url, board_data(first, quick="1C N 7"))
    assert response.status_code == 422
    assert on_field(
        response.content.decode(), "reason", "reason: a correction after the event is finished needs a reason"
    )
    assert Play.objects.get(pk=first.pk).contract == "PASS"
    response = director_client.post(url, board_data(first, quick="1C N 7", reason="scorer's slip"))
    assert response.status_code == 302
    change = PlayChange.objects.filter(play=first).order_by("-pk").first()
    assert (change.who, change.reason, change.after["contract"]) == ("td", "scorer's slip", "1C")
    assert director_client.post(url, board_data(second, quick="PASS")).status_code == 302
    event = Event.objects.get(pk=mitchell_event.pk)
    assert event.status == "complete"  # a director's correction leaves it finished


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL's row locks")
def test_a_save_while_the_event_is_being_finished_waits_and_is_refused(mitchell_event):
    """The director's Finish is made but not yet committed when a table saves: the save read the event as
    running, waits on the event's row, then finds it finished and is refused; nothing is stored."""
    play = plays_at(mitchell_event, 1, 2)[0]
    finished, release = threading.Event(), threading.Event()
    results: dict[str, object] = {}

    def finish() -> str:
        with transaction.atomic():
            services.event_finish(event=Event.objects.get(pk=mitchell_event.pk))
            finished.set()
            release.wait(timeout=30)
        return "finished"

    director = in_thread(finish, results, "director")
    assert finished.wait(timeout=30)
    table = in_thread(
        lambda: services.play_result_save(
            play=play, data={"contract": "PASS"}, writer=TABLE, expected_version=0
        ),
        results,
        "table",
    )
    waited = False
    for _ in range(3000):  # until the table's save waits on a lock, or has ended: bounded, never a timing
        if not table.is_alive():
            break
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid "
                "WHERE NOT l.granted AND a.datname = current_database()"
            )
            if cursor.fetchone()[0]:
                waited = True
                break
        table.join(timeout=0.01)
    release.set()
    for thread in (director, table):
        thread.join(timeout=30)
    assert results["director"] == "finished"
    assert waited
    refused = results["table"]
    assert isinstance(refused, services.PermissionDenied), refused
    assert REFUSED in str(refused)
    row = Play.objects.get(pk=play.pk)
    assert (row.entered, row.version) == (False, 0)
    assert not PlayChange.objects.exists()
