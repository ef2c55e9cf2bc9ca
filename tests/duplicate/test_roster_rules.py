"""The roster's one rule for finding a player (``services.players.roster_players``), and what a change to a
player shows afresh: erasure everywhere the player was written, a merge or an import that changes how a player
is shown, an erased player's page, and files that carry removed players."""

from __future__ import annotations

import json

import pytest
from django.contrib.admin.models import LogEntry
from django.test import Client
from django.urls import reverse

from duplicate import services
from duplicate.models import Event, Pair, Player
from duplicate.privacy import ERASED_NAME
from duplicate.services.errors import ServiceError
from duplicate.services.eventfile import event_export, event_import
from duplicate.services.players import (
    PlayerSpec,
    player_erase,
    player_merge,
    players_import,
    roster_players,
)
from tests.factories import contract_event_file, finished_contract_event, make_event, public_name_choose

pytestmark = pytest.mark.django_db


def version(event: Event) -> int:
    return Event.objects.get(pk=event.pk).results_version


def seat(event: Event, number: str, which: str = "player1") -> Player:
    return getattr(Pair.objects.select_related(which).get(event=event, number=number), which)


# ------------------------------------------------------------------------------------------- the one rule


def test_a_number_without_a_body_finds_its_one_holder():
    ann = Player.objects.create(name="Ann Lee", number="123456", body="EBU")
    found = roster_players([PlayerSpec(name="A. Lee", number="123456", where="seat")])
    assert found == [ann]
    assert Player.objects.count() == 1


def test_a_number_held_under_two_bodies_needs_its_body():
    Player.objects.create(name="Ann Lee", number="7", body="EBU")
    Player.objects.create(name="Bob Ray", number="7", body="ABF")
    with pytest.raises(ServiceError, match=r"^pairs\[0\]\.players\[0\]: 7 is held by 2 players"):
        roster_players([PlayerSpec(name="Cy", number="7", where="pairs[0].players[0]")])
    assert roster_players([PlayerSpec(name="Cy", number="7", body="abf")])[0].name == "Bob Ray"


def test_the_one_guest_of_a_name_takes_a_number_given_with_it():
    guest = Player.objects.create(name="Ann Lee")
    event = finished_contract_event("matchpoints")
    Pair.objects.filter(event=event, number="1").update(player1=guest)
    before = version(event)
    found = roster_players([PlayerSpec(name="ann  lee", number="99", body="EBU")])[0]
    assert found.pk == guest.pk
    guest.refresh_from_db()
    assert (guest.number, guest.body) == ("99", "EBU")
    assert version(event) > before  # the director's files of that event now carry the number


def test_a_numbered_csv_row_gives_the_lone_guest_of_that_name_the_number():
    guest = Player.objects.create(name="Ann Lee")
    summary = players_import(text="name,number,body,club_number,email\nAnn Lee,123,EBU,,\n")
    assert (summary.added, summary.updated) == (0, 1)
    guest.refresh_from_db()
    assert (guest.number, guest.body) == ("123", "EBU")
    assert Player.objects.count() == 1


def test_one_player_in_both_seats_of_a_pair_is_refused():
    data = contract_event_file()
    data["pairs"][0]["players"] = ["Ann Lee", "ann lee"]
    with pytest.raises(ServiceError, match="pair 1: Ann Lee cannot sit in both seats of one event"):
        event_import(data=data)
    assert not Event.objects.exists()


# ------------------------------------------------------------------------------------- shown afresh


def test_an_import_that_gives_a_player_a_choice_shows_their_other_events_afresh():
    event = finished_contract_event("matchpoints")
    ann = seat(event, "1")
    before = version(event)
    data = contract_event_file()
    data["pairs"][0]["players"][0] = {"name": ann.name, "public_name": "hidden"}
    event_import(data=data)
    ann.refresh_from_db()
    assert ann.public_name == "hidden"
    assert version(event) > before
    page = Client().get(reverse("event_standings", args=[event.pk])).content.decode()
    assert ann.name not in page


def test_a_merge_shows_the_survivors_own_events_afresh():
    event = finished_contract_event("matchpoints")
    survivor = seat(event, "1")
    other = Player.objects.create(name=survivor.name + " Jr", public_name="hidden")
    before = version(event)
    player_merge(survivor=survivor, other=other)
    survivor.refresh_from_db()
    assert survivor.public_name == "hidden"  # taken from the other record
    assert version(event) > before
    page = Client().get(reverse("event_standings", args=[event.pk])).content.decode()
    assert survivor.name not in page


# ---------------------------------------------------------------------------------------------- erasure


def test_erasing_a_member_clears_them_from_every_history_entry_of_pairs_they_left_too(director):
    event = finished_contract_event("matchpoints")
    pair = Pair.objects.select_related("player1", "player2").get(event=event, number="1")
    ann = Player.objects.create(name="Ann Lee", number="123456", body="EBU")
    services.pair_names_update(pair=pair, player1=ann, player2=pair.player2, user_id=director.pk)
    pair.refresh_from_db()
    services.pair_names_update(pair=pair, player1="Cy Dee", player2=pair.player2, user_id=director.pk)
    assert seat(event, "1").name == "Cy Dee"  # Ann has left the pair; the history still names her
    history = LogEntry.objects.filter(object_id=str(pair.pk))
    assert any("Ann Lee (EBU 123456)" in entry.change_message for entry in history)
    player_erase(player=ann)
    for entry in LogEntry.objects.filter(object_id=str(pair.pk)):
        assert "Ann Lee" not in entry.change_message
        assert "123456" not in entry.change_message
    names = [
        json.loads(e.change_message)[0]["names"] for e in LogEntry.objects.filter(object_id=str(pair.pk))
    ]
    assert any(ERASED_NAME in side for n in names for side in n.values())


def test_an_erased_players_page_is_refused_to_visitors(director_client):
    event = finished_contract_event("matchpoints")
    ann = seat(event, "1")
    url = reverse("player_detail", args=[ann.pk])
    assert Client().get(url).status_code == 200
    player_erase(player=ann)
    assert Client().get(url).status_code == 404
    assert director_client.get(url).status_code == 200
    public_name_choose(seat(event, "2"), "hidden")
    assert Client().get(reverse("player_detail", args=[seat(event, "2").pk])).status_code == 404


def test_removed_players_stay_removed_and_apart_through_an_event_file():
    event = finished_contract_event("matchpoints")
    for which in ("player1", "player2"):
        player_erase(player=seat(event, "1", which))
    data = event_export(event, director=True)
    assert data["pairs"][0]["players"] == [ERASED_NAME, ERASED_NAME]
    again = event_import(data=data)
    first, second = seat(again, "1", "player1"), seat(again, "1", "player2")
    assert first.pk != second.pk
    assert first.erased_at is not None
    assert second.erased_at is not None
    assert not Player.objects.filter(name=ERASED_NAME, erased_at__isnull=True).exists()


def test_one_player_in_two_pairs_of_an_event_is_refused_on_the_names_page(director_client):
    event = make_event(tables=3)
    Player.objects.create(name="Carol King", number="300001", body="EBU")
    with pytest.raises(ServiceError, match="Carol King cannot sit in pairs 2 and 3 of one event"):
        services.event_names_update(event=event, pairs={"2": ("Carol King", ""), "3": ("EBU 300001", "")})
    assert not Pair.objects.filter(event=event, player1__isnull=False).exists()  # nothing written
    response = director_client.post(
        reverse("event_names", args=[event.pk]),
        {"paste": "2, Carol King, \n3, EBU 300001, "},
    )
    assert response.status_code == 200
    assert "cannot sit in pairs 2 and 3" in response.content.decode()


def test_two_records_with_different_numbers_are_not_merged():
    ann = Player.objects.create(name="Ann Lee", number="123456", body="EBU")
    other = Player.objects.create(name="Ann Lee", number="234567", body="EBU")
    with pytest.raises(ServiceError, match="two numbers are two members"):
        player_merge(survivor=ann, other=other)
    assert Player.objects.count() == 2


def test_a_number_kept_without_a_body_takes_the_body_given_later():
    rosa = Player.objects.create(name="Rosa Quill", number="4101")  # as a USEBIO file gives it: no body
    summary = players_import(text="name,number,body,club_number,email\nRosa Quill,4101,EBU,,\n")
    assert (summary.added, summary.updated) == (0, 1)
    rosa.refresh_from_db()
    assert rosa.body == "EBU"
    found = roster_players([PlayerSpec(name="R. Quill", number="4101", body="EBU")])[0]
    assert found.pk == rosa.pk
    assert Player.objects.count() == 1


def test_two_records_in_two_pairs_of_one_event_are_not_merged():
    event = finished_contract_event("matchpoints")
    first, second = seat(event, "1"), seat(event, "2")
    with pytest.raises(ServiceError, match="cannot sit in pairs 1 and 2 of one event"):
        player_merge(survivor=first, other=second)
    assert Player.objects.filter(pk=second.pk).exists()  # nothing written


def test_a_csv_import_that_changes_a_number_shows_the_players_events_afresh():
    event = finished_contract_event("matchpoints")
    ann = seat(event, "1")
    before = version(event)
    players_import(text=f"name,number,body,club_number,email\n{ann.name},,,C7,\n")
    ann.refresh_from_db()
    assert ann.club_number == "C7"
    assert version(event) > before  # the director's files carry the club number


def test_a_number_held_under_two_bodies_is_the_holder_of_that_name():
    Player.objects.create(name="Ann Lee", number="7", body="EBU")
    bob = Player.objects.create(name="Bob Ray", number="7", body="ABF")
    assert roster_players([PlayerSpec(name="bob ray", number="7")]) == [bob]  # a USEBIO file names no body
