"""A player's pages: the score card by pair number, finding a pair by a player's name, the pair's line marked
on the standings and the travellers."""

from __future__ import annotations

import pytest
from django.urls import reverse

from duplicate.models import Pair, Player
from tests.conftest import make_event
from tests.duplicate.test_standings_queries import fill

pytestmark = pytest.mark.usefixtures("fresh_cache")


def name_pairs(event, names: dict[str, tuple[str, str]]) -> None:
    """Names the pairs numbered as the keys (players created here)."""
    for number, (a, b) in names.items():
        pair = event.pairs.get(number=number)
        pair.player1 = Player.objects.create(name=a)
        pair.player2 = Player.objects.create(name=b)
        pair.save()


@pytest.fixture
def event(db):
    event = make_event(tables=3, boards_per_round=2)
    fill(event)
    Pair.objects.filter(event=event, number="6").update(number="A1")  # numbers are text
    name_pairs(event, {"1": ("Zoë Ashdown", "Ravi Patel"), "A1": ("Hélène Dubois", "Tom Bright")})
    return event


def test_score_card_by_pair_number_text_too(client, event):
    page = client.get(reverse("pair_scorecard", args=[event.pk, "A1"]))
    assert page.status_code == 200
    assert "Score card: pair A1" in page.content.decode()
    assert page.request["PATH_INFO"] == f"/events/{event.pk}/pairs/A1/"
    assert client.get(f"/events/{event.pk}/pairs/1/").status_code == 200
    assert client.get(f"/events/{event.pk}/pairs/99/").status_code == 404
    assert (
        client.get(f"/events/{event.pk}/pairs/names/").status_code != 404
    )  # the names page keeps its address


def test_old_address_by_id_sends_to_the_number(client, event):
    pair = event.pairs.get(number="A1")
    response = client.get(f"/events/{event.pk}/pairs/{pair.pk}/card/?sort=board")
    assert response.status_code == 301
    assert response["Location"] == f"/events/{event.pk}/pairs/A1/?sort=board"
    other = make_event(name="Another night")
    assert client.get(f"/events/{other.pk}/pairs/{pair.pk}/card/").status_code == 404  # not its pair


def test_pairs_standings_travellers_link_cards_by_number(client, event):
    card = f'href="/events/{event.pk}/pairs/A1/"'
    for name, args in [("event_pairs", [event.pk]), ("event_standings", [event.pk])]:
        assert card in client.get(reverse(name, args=args)).content.decode(), name
    boards = {line.board.number for line in event.plays.filter(ns_pair__number="A1").select_related("board")}
    boards |= {p.board.number for p in event.plays.filter(ew_pair__number="A1").select_related("board")}
    html = client.get(reverse("board_traveller", args=[event.pk, min(boards)])).content.decode()
    assert card in html
