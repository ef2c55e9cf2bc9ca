"""Pages rendered around their changing parts (duplicate/pages.py): the same bytes as a full render."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from duplicate import pages, services
from duplicate.models import Play
from tests.conftest import make_event
from tests.duplicate.test_entry_helpers import board_data
from tests.duplicate.test_standings_queries import fill

pytestmark = pytest.mark.usefixtures("fresh_cache")
WRITER = services.Writer(name="td", is_director=True)


@pytest.fixture(autouse=True)
def _no_skeletons():
    pages.clear()
    yield
    pages.clear()


def full_render(client, url, monkeypatch) -> bytes:
    with monkeypatch.context() as m:
        m.setattr(pages, "_plain", lambda request: False)
        response = client.get(url)
    assert response.status_code == 200
    return response.content


def urls(event) -> list[str]:
    return [
        reverse("event_standings", args=[event.pk]),
        reverse("board_traveller", args=[event.pk, 1]),
        reverse("board_traveller", args=[event.pk, 2]),
        reverse("event_standings", args=[event.pk]) + "?ns-sort=-plus_minus",
    ]


def test_the_kept_skeleton_gives_the_full_page(db, client, monkeypatch):
    event = make_event(tables=3)
    fill(event)
    plays = list(Play.objects.filter(event=event, board__number=1).order_by("pk"))
    for step in range(3):
        for url in urls(event):
            first = client.get(url)  # makes the skeleton (or uses it: later steps)
            again = client.get(url)  # uses it
            assert first.status_code == again.status_code == 200
            assert first.content == again.content == full_render(client, url, monkeypatch)
        play = plays[step]
        services.play_result_save(
            play=play,
            data={"contract": "3NT", "declarer": "S", "tricks": 7 + step},
            writer=WRITER,
            expected_version=play.version,
        )
    assert pages._skeletons  # the anonymous pages were kept


def test_the_parts_move_with_the_results(db, client):
    event = make_event(tables=3)
    url = reverse("event_standings", args=[event.pk])
    head, tail = reverse("pair_scorecard", args=[event.pk, 0]).split("/0/")
    card = re.compile(rf"{re.escape(head)}/\d+/{re.escape(tail)}")  # a ranked pair's link to its card
    assert not card.search(client.get(url).content.decode())  # no pair ranked yet
    fill(event)
    services.event_results_touch(event_ids=[event.pk])
    page = client.get(url).content.decode()
    assert card.search(page) and "Provisional" in page


def test_a_signed_in_director_gets_the_full_page(db, director_client):
    event = make_event(tables=3)
    fill(event)
    for url in urls(event):
        page = director_client.get(url).content.decode()
        assert "Sign out" in page and "csrfmiddlewaretoken" in page
    assert not pages._skeletons  # nothing kept from a signed-in view


def test_a_pending_message_is_shown_not_kept(db, client):
    event = make_event(tables=3)
    token = services.table_token_create(section=event.sections.get(), table=1)
    play = Play.objects.filter(seating__round__number=1, seating__table=1, event=event).first()
    response = client.post(reverse("entry_token", args=[token.secret]), board_data(play, quick="2S N 8"))
    assert response.status_code == 302  # a "Saved." message waits to be shown
    page = client.get(reverse("event_standings", args=[event.pk])).content.decode()
    assert "Saved." in page
    assert not pages._skeletons


def test_event_or_404_reads_the_event_as_the_orm_does(db):
    from django.http import Http404

    from duplicate.models import Event
    from duplicate.selectors import event_or_404

    event = make_event(tables=3)
    got, want = event_or_404(event.pk), Event.objects.get(pk=event.pk)
    fields = Event._meta.concrete_fields
    # Values and their types (a date read from SQLite is a string until converted), as the ORM gives them.
    assert [(getattr(got, f.attname), type(getattr(got, f.attname))) for f in fields] == [
        (getattr(want, f.attname), type(getattr(want, f.attname))) for f in fields
    ]
    assert (got._state.adding, got._state.db) == (False, want._state.db)
    with pytest.raises(Http404):
        event_or_404(event.pk + 1000)


def test_a_huge_primary_key_is_not_found(db, client):
    """Not a 500 on SQLite, whose integers stop at 2**63 (found in review)."""
    for url in ("/events/99999999999999999999/standings/", "/events/99999999999999999999/boards/1/"):
        assert client.get(url).status_code == 404


def test_the_traveller_follows_its_board_and_event_edited_in_the_admin(db, client, rf):
    """A board's dealer edited in the admin, the event's kind changed: the kept traveller follows both (found
    in review: the board's row was kept with its results, the event's kind missing from the page's key)."""
    from django.contrib import admin

    from duplicate.admin import BoardAdmin
    from duplicate.models import Board, Event

    event = make_event(tables=3)
    fill(event)
    url = reverse("board_traveller", args=[event.pk, 1])
    assert "dealer North" in client.get(url).content.decode()
    board = Board.objects.get(event=event, number=1)
    board.dealer = "W"
    BoardAdmin(Board, admin.site).save_model(rf.post("/admin/"), board, None, True)
    assert "dealer West" in client.get(url).content.decode()
    Event.objects.filter(pk=event.pk).update(kind="teams")
    assert ">Team match</a>" in client.get(url).content.decode()
