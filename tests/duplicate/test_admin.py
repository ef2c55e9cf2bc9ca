"""The admin cannot change what the result service owns: a board's hands (law E corrections through the
boards page) and, once a result is in, the event's scoring code and contest kind (1913 law 42)."""

from __future__ import annotations

import pytest

from duplicate import services
from duplicate.models import Board, Event, Play, PlayChange
from tests.conftest import make_event

pytestmark = pytest.mark.django_db

HANDS_A = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
HANDS_B = "N:T98.765.432.AKQJ AKQJ.T98.765.432 765.432.AKQJ.T98 432.AKQJ.T98.765"


def _first_play(event: Event) -> Play:
    return Play.objects.filter(event=event, board__number=1).order_by("seating__round__number").first()


def test_the_admin_shows_the_hands_but_cannot_change_them(director, director_client):
    event = make_event()
    services.board_deals_set(event=event, deals={1: HANDS_A})
    play = _first_play(event)
    writer = services.Writer(name="td", is_director=True, user_id=director.pk)
    services.play_result_save(
        play=play, data={"contract": "4H", "declarer": "N", "tricks": 10}, writer=writer, expected_version=0
    )
    play.refresh_from_db()
    board = Board.objects.get(event=event, number=1)
    url = f"/admin/duplicate/board/{board.pk}/change/"
    html = director_client.get(url).content.decode()
    assert 'name="deal"' not in html  # shown read-only, not as a field
    assert "AKQJ.T98.765.432" in html
    response = director_client.post(url, {"event": event.pk, "number": 1, "dealer": "N", "deal": HANDS_B})
    assert response.status_code == 302
    board.refresh_from_db()
    assert board.deal == HANDS_A  # the posted hands were ignored
    before = play.net_ns
    play.refresh_from_db()
    assert play.net_ns == before
    assert not PlayChange.objects.filter(play=play, reason="hands replaced").exists()


def test_the_scoring_code_is_fixed_once_a_result_is_in(director, director_client):
    event = make_event(code="auction-1915")
    url = f"/admin/duplicate/event/{event.pk}/change/"
    assert 'name="code"' in director_client.get(url).content.decode()  # nothing in yet: editable
    writer = services.Writer(name="td", is_director=True, user_id=director.pk)
    services.play_result_save(
        play=_first_play(event), data={"contract": "PASS"}, writer=writer, expected_version=0
    )
    html = director_client.get(url).content.decode()
    assert 'name="code"' not in html
    assert 'name="kind"' not in html
    form = {
        "name": event.name,
        "date": "1916-03-04",
        "code": "auction-1913",  # would keep a passed-out deal that 1913 law 42 forbids
        "kind": "pairs",
        "status": "running",
        "paper_size": "A4",
        "ranking": "field",
        "average_plus_imps": 3,
        "results_version": event.results_version,
    }
    assert director_client.post(url, form).status_code == 302
    event.refresh_from_db()
    assert event.code == "auction-1915"


def test_the_admin_never_moves_the_results_version(director, director_client):
    """The version keys every cached page: an admin form holding an old version must not take it back
    (old pages would be served again, to directors too)."""
    event = make_event()
    url = f"/admin/duplicate/event/{event.pk}/change/"
    assert 'name="results_version"' not in director_client.get(url).content.decode()
    writer = services.Writer(name="td", is_director=True, user_id=director.pk)
    for play in Play.objects.filter(event=event).order_by("pk")[:3]:
        services.play_result_save(
            play=play,
            data={"contract": "2S", "declarer": "N", "tricks": 8},
            writer=writer,
            expected_version=0,
        )
    event.refresh_from_db()
    version = event.results_version
    form = {
        "name": "Renamed",
        "date": "1916-03-04",
        "code": "auction-1915",
        "kind": "pairs",
        "status": "running",
        "paper_size": "A4",
        "ranking": "field",
        "average_plus_imps": 3,
        "results_version": 0,  # posted anyway: ignored
    }
    assert director_client.post(url, form).status_code == 302
    event.refresh_from_db()
    assert event.name == "Renamed"
    assert event.results_version == version + 1  # renewed for the new name, never taken back
