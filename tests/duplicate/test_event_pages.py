"""The director's set-up pages: create an event in one form, names, hands, movement, import and export."""

from __future__ import annotations

import datetime as dt
import html
import json
import re

import pytest
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from duplicate.caching import cache_statement
from duplicate.models import Board, Event, Pair, Play, Seating
from duplicate.services.eventfile import event_import
from tests.factories import DEAL, create_form, make_event, small_file


@pytest.mark.django_db
def test_create_event_in_one_form(director_client):
    response = director_client.post(reverse("event_create"), create_form())
    event = Event.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("event_detail", args=[event.pk])
    section = event.sections.get()
    assert (section.movement_kind, section.tables, section.boards_per_round, section.movement_option) == (
        "mitchell",
        4,
        2,
        "relay",
    )
    assert event.pairs.count() == 8
    assert Seating.objects.filter(round__section=section).count() == 4 * 4
    assert Play.objects.filter(event=event).count() == 4 * 4 * 2


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("overrides", "field", "message"),
    [
        ({"name": ""}, "name", "This field is required."),
        ({"tables": "0"}, "tables", "greater than or equal to 1"),
        ({"movement": "howell", "tables": "11"}, None, "howell"),
        ({"kind": "teams", "tables": "1"}, "tables", "at least 2 pairs in each team"),
        ({"movement": "teams"}, "kind", "choose Team match here"),
        ({"tables": "2"}, "tables", "tables must be from 3 to 100"),
        ({"movement": "custom"}, "movement_file", "Upload the movement file"),
        ({"code": "bridge"}, "code", "Select a valid choice"),
    ],
)
def test_create_event_errors_show_on_the_field(director_client, overrides, field, message):
    response = director_client.post(reverse("event_create"), create_form(**overrides))
    assert response.status_code == 200
    form = response.context["form"]
    errors = form.errors.get(field or "__all__") or [
        e for field_errors in form.errors.values() for e in field_errors
    ]
    assert any(message in e for e in errors), form.errors
    assert Event.objects.count() == 0


@pytest.mark.django_db
def test_new_event_form_offers_today_as_an_iso_date(director_client):
    # An <input type=date> shows only yyyy-mm-dd; the localised 25/11/2026 left it blank and blocked Create.
    body = director_client.get(reverse("event_create")).content.decode()
    field = re.search(r'<input type="date" name="date"[^>]*>', body)
    assert field, body
    assert f'value="{dt.date.today().isoformat()}"' in field.group(0)


@pytest.mark.django_db
@pytest.mark.parametrize("chosen", ["mitchell", "howell", "compass", "teams"])
def test_team_match_plays_the_team_movement_whatever_movement_was_left(director_client, chosen):
    response = director_client.post(
        reverse("event_create"), create_form(kind="teams", movement=chosen, tables="3")
    )
    assert response.status_code == 302, response.context["form"].errors
    event = Event.objects.get()
    assert event.kind == "teams"
    assert event.sections.get().movement_kind == "teams"
    assert sorted(event.teams.values_list("name", flat=True)) == ["Team A", "Team B"]
    assert event.pairs.count() == 6


@pytest.mark.django_db
def test_create_with_a_custom_movement_file_and_its_refusal(director_client):
    # Four pairs, three rounds, both tables playing the same set each round (a complete round robin).
    good = "round,table,ns,ew,boards\n1,1,1,2,1-2\n1,2,3,4,1-2\n2,1,1,3,3-4\n2,2,2,4,3-4\n3,1,1,4,5-6\n3,2,2,3,5-6\n"
    upload = SimpleUploadedFile("m.csv", good.encode())
    response = director_client.post(
        reverse("event_create"), {**create_form(movement="custom"), "movement_file": upload}
    )
    assert response.status_code == 302
    assert Event.objects.get().sections.get().movement_kind == "custom"
    bad = "round,table,ns,ew,boards\n1,1,1,2,1-2\n1,2,3,4,3-4\n2,1,1,2,3-4\n2,2,3,4,1-2\n"  # 1 meets 2 again
    upload = SimpleUploadedFile("m.csv", bad.encode())
    response = director_client.post(
        reverse("event_create"), {**create_form(movement="custom"), "movement_file": upload}
    )
    assert response.status_code == 200
    assert "movement" in str(response.context["form"].errors)
    assert Event.objects.count() == 1


@pytest.mark.django_db
def test_set_up_pages_need_a_director(client):
    for name in ("event_create", "event_import"):
        response = client.get(reverse(name))
        assert response.status_code == 302
        assert "/login/" in response["Location"]
    event = make_event()
    pair = event.pairs.first()
    response = client.post(
        reverse("pair_edit", args=[event.pk, pair.pk]), {"player1": "Mallory", "player2": "Eve"}
    )
    assert response.status_code == 302
    assert "/login/" in response["Location"]
    assert Pair.objects.get(pk=pair.pk).player1 is None


@pytest.mark.django_db
def test_edit_pair_names(director_client):
    event = make_event()
    pair = event.pairs.get(number="2")
    response = director_client.post(
        reverse("pair_edit", args=[event.pk, pair.pk]), {"player1": "Ada Ashby", "player2": "Basil Brampton"}
    )
    assert response.status_code == 302
    pair.refresh_from_db()
    assert pair.player_names == ["Ada Ashby", "Basil Brampton"]
    page = director_client.get(reverse("event_pairs", args=[event.pk])).content.decode()
    assert "Ada Ashby" in page
    assert "Basil Brampton" in page


@pytest.mark.django_db
def test_attach_hands_by_paste_by_pbn_file_and_at_random(director_client):
    event = make_event()  # 3 tables x 2 boards: boards 1-6
    url = reverse("event_boards", args=[event.pk])
    response = director_client.post(url, {"pbn_text": f"1 {DEAL}"})
    assert response.status_code == 302
    assert Board.objects.get(event=event, number=1).deal == DEAL
    pbn = f'[Event "x"]\n[Board "2"]\n[Dealer "E"]\n[Deal "{DEAL}"]\n\n[Board "3"]\n[Deal "{DEAL}"]\n'
    response = director_client.post(url, {"pbn_file": SimpleUploadedFile("hands.pbn", pbn.encode())})
    assert response.status_code == 302
    assert Board.objects.filter(event=event, deal=DEAL).count() == 3
    response = director_client.post(url, {"random": "on"})
    assert response.status_code == 302
    deals = list(Board.objects.filter(event=event).values_list("deal", flat=True))
    assert all(deals)
    assert len(set(deals[3:])) == 3


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("post", "message"),
    [
        ({"pbn_text": "1 N:AKQ"}, "board 1"),
        ({"pbn_text": "99 " + DEAL}, "board 99: the event has no such board"),
        ({"pbn_text": "one " + DEAL}, "line 1: write the board number"),
        ({}, "Choose one"),
        ({"pbn_text": "1 " + DEAL, "random": "on"}, "Choose one"),
    ],
)
def test_attach_hands_errors(director_client, post, message):
    event = make_event()
    response = director_client.post(reverse("event_boards", args=[event.pk]), post)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not Board.objects.filter(event=event).exclude(deal="").exists()


@pytest.mark.django_db
def test_hands_rescore_results_already_entered(director_client):
    event = event_import(data=small_file())
    play = Play.objects.get(event=event, board__number=1, ns_pair__number="1")
    assert play.net_ns == 157  # 4H made, no honours given: 32 + 125 premium
    url = reverse("event_boards", args=[event.pk])
    page = director_client.post(url, {"pbn_text": f"1 {DEAL}"}).content.decode()
    assert "+157" in page
    assert "+173" in page
    hidden = dict(re.findall(r'name="(deals|versions)" value="([^"]*)"', page))
    director_client.post(url, {k: html.unescape(v) for k, v in hidden.items()} | {"confirm": "1"})
    play.refresh_from_db()
    # North holds A K Q of hearts: three honours between partners, 2 x 8 = 16 more (law 6)
    assert play.net_ns == 157 + 16


@pytest.mark.django_db
def test_import_page_and_errors(director_client):
    url = reverse("event_import")
    bad = SimpleUploadedFile("e.json", json.dumps(small_file(kind="solo")).encode())
    response = director_client.post(url, {"file": bad})
    assert response.status_code == 200
    assert "kind: must be pairs or teams" in response.content.decode()
    garbage = SimpleUploadedFile("e.json", b"\xff\xfe\x00")
    response = director_client.post(url, {"file": garbage})
    assert response.status_code == 200
    assert "not UTF-8" in response.content.decode()
    good = SimpleUploadedFile("e.json", json.dumps(small_file()).encode())
    response = director_client.post(url, {"file": good})
    assert response.status_code == 302
    assert Event.objects.count() == 1


@pytest.mark.django_db
def test_export_download(client):
    event = make_event()
    response = client.get(reverse("event_export", args=[event.pk]))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    assert json.loads(response.content)["name"] == event.name


def _queries(client, url: str) -> int:
    """A page's own queries (the database cache's statements left out, as tests/conftest.py counts)."""
    with CaptureQueriesContext(connection) as context:
        assert client.get(url).status_code == 200
    return sum(1 for q in context.captured_queries if not cache_statement(q["sql"]))


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("name", "warm"), [("event_detail", 1), ("event_movement", 1), ("event_pairs", 1), ("event_boards", 2)]
)
def test_event_pages_run_a_fixed_number_of_queries(client, name, warm):
    """The same queries whatever the event's size, worked out (cold) and again (``warm``: each page kept
    whole for visitors, the event's row read; the boards page also which boards are in play, decided before
    the cache is read)."""
    counts = []
    for tables, boards_per_round in ((3, 2), (9, 3)):
        event = make_event(tables=tables, boards_per_round=boards_per_round)
        url = reverse(name, args=[event.pk])
        cache.clear()
        counts.append((_queries(client, url), _queries(client, url)))
    assert counts[0] == counts[1]
    assert counts[0][1] == warm


@pytest.mark.django_db
def test_movement_page_shows_every_round(client):
    event = make_event(tables=5, boards_per_round=2)
    body = client.get(reverse("event_movement", args=[event.pk])).content.decode()
    assert all(f"Round {n}" in body for n in range(1, 6))
    assert "1 v 6" in body  # table 1, round 1: N-S 1 v E-W 6


@pytest.mark.django_db
def test_create_a_howell_with_a_sit_out(director_client):
    response = director_client.post(
        reverse("event_create"), create_form(movement="howell", tables="5", howell_pairs="9")
    )
    assert response.status_code == 302
    event = Event.objects.get()
    assert event.pairs.count() == 9
    # 9 pairs: 4 tables in play each round, one pair sitting out, 9 rounds; every pair meets every other once
    meetings = {frozenset((s.ns_id, s.ew_id)) for s in Seating.objects.filter(round__section__event=event)}
    assert len(meetings) == 9 * 8 // 2
