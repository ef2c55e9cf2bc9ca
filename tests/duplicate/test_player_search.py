"""The roster's type-ahead (/players/search.json): directors only, up to ten players, members first, a fixed
number of queries whatever the roster's size."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from duplicate.models import Player

pytestmark = pytest.mark.django_db

URL = "/players/search.json"


def search(client, q: str) -> list[dict]:
    response = client.get(URL, {"q": q})
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    return response.json()["players"]


def test_the_address():
    assert reverse("player_search") == URL


def test_a_visitor_or_a_player_signed_in_is_refused(client):
    Player.objects.create(name="Ann Lee", number="123456", body="EBU")
    response = client.get(URL, {"q": "ann"})
    assert response.status_code == 403
    assert "Ann" not in response.content.decode()
    player = get_user_model().objects.create_user(username="pl", password="x" * 12)
    client.force_login(player)
    assert client.get(URL, {"q": "ann"}).status_code == 403


def test_members_come_first_each_with_the_text_that_names_them(director_client):
    Player.objects.create(name="Ann Guest")
    Player.objects.create(name="Anna Lee", number="123456", body="EBU")
    Player.objects.create(name="Bo Ann", number="77")
    Player.objects.create(name="Removed player", number="", erased_at=dt.datetime(2026, 1, 1, tzinfo=dt.UTC))
    assert search(director_client, "ann") == [
        {
            "pk": Player.objects.get(name="Anna Lee").pk,
            "label": "Anna Lee (EBU 123456)",
            "fill": "Anna Lee (EBU 123456)",
            "guest": False,
        },
        {
            "pk": Player.objects.get(name="Bo Ann").pk,
            "label": "Bo Ann (77)",
            "fill": "Bo Ann (77)",
            "guest": False,
        },
        {
            "pk": Player.objects.get(name="Ann Guest").pk,
            "label": "Ann Guest (guest)",
            "fill": "Ann Guest (guest)",
            "guest": True,
        },
    ]
    assert [p["label"] for p in search(director_client, "1234")] == ["Anna Lee (EBU 123456)"]
    assert [p["label"] for p in search(director_client, "EBU 1234")] == ["Anna Lee (EBU 123456)"]
    # A field that already holds a choice, or is still being typed: searched by its name.
    assert [p["label"] for p in search(director_client, "Anna Lee (EBU 12")] == ["Anna Lee (EBU 123456)"]
    assert [p["label"] for p in search(director_client, "Anna Lee (EBU 123456)")] == ["Anna Lee (EBU 123456)"]


@pytest.mark.parametrize("q", ["", "   ", "(", ")(", "%", "_", "x" * 5000, "🂡", "' OR 1=1 --"])
def test_nonsense_finds_nothing_and_never_a_500(director_client, q):
    Player.objects.create(name="Ann Lee", number="123456", body="EBU")
    assert search(director_client, q) == []


def test_at_most_ten_players_with_a_fixed_number_of_queries(director_client, django_assert_num_queries):
    for size in (12, 60):
        Player.objects.all().delete()
        Player.objects.bulk_create(
            [Player(name=f"Player {n:03}", number=str(100000 + n), body="EBU") for n in range(size)]
            + [Player(name=f"Guest {n:03}") for n in range(size)]
        )
        with django_assert_num_queries(3):  # the session, the director, the players
            found = search(director_client, "0")
        assert len(found) == 10
        assert not any(p["guest"] for p in found)
