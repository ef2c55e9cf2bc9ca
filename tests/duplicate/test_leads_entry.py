"""Opening leads at entry: the event's option, the Lead box and quick entry's "lead HQ" at a table link, the
director's entry and the paper traveller; a card the leader does not hold is shown beside its field (never a
500); the travellers' Lead column. Board 1 (DEAL_1): North spades, East hearts, South diamonds, West clubs."""

from __future__ import annotations

import csv
import html
import io

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from duplicate import services
from duplicate.caching import cache_statement
from duplicate.models import Event, Play
from tests.factories import (
    DEAL_1,
    board_data,
    board_plays,
    enter,
    make_event,
    on_field,
    pdf_words,
    table_url,
    token_client,
)

pytestmark = pytest.mark.django_db


def app_queries(context: CaptureQueriesContext) -> int:
    """The statements run, less the database cache's own (as tests/conftest.py counts them)."""
    return sum(1 for q in context.captured_queries if not cache_statement(q["sql"]))


def _event(*, lead_cards: bool = True, code: str = "contract") -> Event:
    event = make_event(tables=3, code=code)
    services.board_deals_set(event=event, deals={1: DEAL_1})
    if lead_cards:
        services.event_lead_cards_set(event=event, lead_cards=True)
    return event


def _table_post(client, event: Event, play: Play, **fields):
    secret = token_client(client, event, play.seating.table)
    return client.post(reverse("entry_token", args=[secret]), board_data(play, **fields))


def test_the_director_turns_leads_on_and_off_in_the_settings(director_client):
    event = _event(lead_cards=False)
    page = director_client.get(reverse("event_detail", args=[event.pk])).content.decode()
    assert 'name="lead_cards"' in page
    url = reverse("event_lead_cards", args=[event.pk])
    assert director_client.post(url, {"lead_cards": "on"}).status_code == 302
    event.refresh_from_db()
    assert event.lead_cards
    director_client.post(url, {})
    event.refresh_from_db()
    assert not event.lead_cards
    auction = make_event(tables=3)
    assert (
        'name="lead_cards"'
        not in director_client.get(reverse("event_detail", args=[auction.pk])).content.decode()
    )
    response = director_client.post(reverse("event_lead_cards", args=[auction.pk]), {"lead_cards": "on"})
    assert response.status_code == 302  # refused with a message, nothing stored
    auction.refresh_from_db()
    assert not auction.lead_cards


def _director_post(director_client, play: Play, **fields):
    url = table_url(play.event, play.seating.round.number, play.seating.table)
    return director_client.post(url, board_data(play, **fields))


def _release_board(event: Event, play: Play) -> None:
    """Every other table's result on ``play``'s board, entered by the director."""
    for other in board_plays(event, play.board.number):
        if other.pk != play.pk:
            enter(other, {"contract": "3NT", "declarer": "S", "tricks": 9})


def test_a_wrong_card_is_shown_beside_the_lead_box(client, director_client):
    event = _event()
    play = board_plays(event, 1)[0]
    page = _director_post(director_client, play, quick="3NT S 9", lead="HQ")
    assert page.status_code == 422  # shown again, with the error beside the field
    html = page.content.decode()
    assert on_field(
        html,
        "lead",
        "lead: HQ is in East's hand; the opening lead is West's (on declarer South's left, law 41A)",
    )
    play.refresh_from_db()
    assert not play.entered
    response = _table_post(client, event, play, quick="3NT S 9", lead="c7")
    assert response.status_code == 302
    play.refresh_from_db()
    assert (play.entered, play.lead) == (True, "C7")


def test_quick_entry_takes_the_lead_after_the_result(client, director_client):
    event = _event()
    play = board_plays(event, 1)[0]
    html = _director_post(director_client, play, quick="4S N = lead d2").content.decode()
    assert on_field(
        html,
        "quick",
        "lead: D2 is in South's hand; the opening lead is East's (on declarer North's left, law 41A)",
    )
    assert _table_post(client, event, play, quick="4S N = lead ♥10").status_code == 302
    play.refresh_from_db()
    assert (play.contract, play.tricks, play.lead) == ("4S", 10, "HT")
    html = _table_post(client, event, play, quick="4S N = lead zz").content.decode()
    assert "Cannot read &quot;zz&quot; as a card" in html
    html = _table_post(client, event, play, quick="PASS lead HQ").content.decode()
    assert "has no opening lead" in html


def test_a_tables_lead_tells_nothing_of_the_hands_before_the_board_is_released(client):
    """No peeking (law 41A's check): before every table has played the board, a table link's lead is read
    but not checked against the hands, so neither its save nor its preview says who holds a card (a player
    could otherwise learn the hands before playing the board); once the board is released it is checked."""
    event = _event()
    play = board_plays(event, 1)[0]
    secret = token_client(client, event, play.seating.table)
    preview = client.post(
        reverse("entry_token_preview", args=[secret]), board_data(play, quick="3NT S 9 lead HQ")
    )
    assert preview.status_code == 200
    assert "East" not in preview.content.decode()
    assert _table_post(client, event, play, quick="3NT S 9", lead="HQ").status_code == 302
    play.refresh_from_db()
    assert (play.entered, play.lead) == (True, "HQ")  # as typed: the director sees it on the traveller
    _release_board(event, play)
    play.refresh_from_db()
    html = _table_post(client, event, play, quick="3NT S 8", lead="HK").content.decode()
    assert on_field(
        html,
        "lead",
        "lead: HK is in East's hand; the opening lead is West's (on declarer South's left, law 41A)",
    )


def test_a_lead_the_table_typed_wrong_before_release_is_flagged_on_the_directors_grid(
    client, director_client
):
    """The table link cannot check a lead before the board is released (no peeking, above): the director's
    entry grid flags it among the unlikely results, naming who holds the card; a visitor sees nothing."""
    event = _event()
    play = board_plays(event, 1)[0]
    assert _table_post(client, event, play, quick="3NT S 9", lead="HQ").status_code == 302
    url = reverse("entry_index", args=[event.pk])
    page = html.unescape(director_client.get(url).content.decode())
    assert (
        "Board 1: 3NT by S made 9, lead HQ: HQ is in East's hand; the opening lead is West's "
        "(on declarer South's left, law 41A)." in page
    )
    assert "HQ is in" not in html.unescape(client.get(url).content.decode())


def test_no_lead_box_and_a_typed_lead_refused_where_the_event_enters_none(client):
    event = _event(lead_cards=False)
    play = board_plays(event, 1)[0]
    secret = token_client(client, event, play.seating.table)
    page = client.get(reverse("entry_token", args=[secret])).content.decode()
    assert f'name="b{play.pk}-lead"' not in page
    html = _table_post(client, event, play, quick="4S N = lead HK").content.decode()
    assert on_field(html, "quick", "quick: this event does not enter opening leads (the director's settings)")
    play.refresh_from_db()
    assert not play.entered


def test_the_directors_entry_and_the_paper_traveller_take_the_lead(director_client):
    event = _event()
    plays = board_plays(event, 1)
    first = plays[0]
    url = reverse("entry_table", args=[event.pk, "A", first.seating.round.number, first.seating.table])
    page = director_client.get(url).content.decode()
    assert f'name="b{first.pk}-lead"' in page
    assert director_client.post(url, board_data(first, quick="4S N 10", lead="HA")).status_code == 302
    first.refresh_from_db()
    assert first.lead == "HA"
    # The paper traveller: quick entry a line, the stored line shown with its lead.
    board_url = reverse("board_entry", args=[event.pk, 1])
    assert "4S N 10 lead HA" in director_client.get(board_url).content.decode()
    data: dict[str, str] = {}
    for play, typed in zip(plays, ["4S N 10 lead HA", "3NT S 9 L CQ", "4H E 10 lead SK"], strict=True):
        data[f"b{play.pk}-version"] = str(Play.objects.get(pk=play.pk).version)
        data[f"b{play.pk}-was"] = "4S N 10 lead HA" if play == first else ""
        data[f"b{play.pk}-quick"] = typed
    response = director_client.post(board_url, data)
    assert response.status_code == 422  # 4H by E: South leads, and SK is North's: nothing saved
    assert "SK is in North&#x27;s hand" in response.content.decode()
    data[f"b{plays[2].pk}-quick"] = "4H E 10 lead D9"
    assert director_client.post(board_url, data).status_code == 302
    assert [Play.objects.get(pk=p.pk).lead for p in plays] == ["HA", "CQ", "D9"]


def test_the_traveller_shows_a_lead_column_while_leads_are_entered(director_client):
    event = _event()
    plays = board_plays(event, 1)
    enter(plays[0], {"contract": "4S", "declarer": "N", "tricks": 10, "lead": "HQ"})
    enter(plays[1], {"contract": "4S", "declarer": "N", "tricks": 11})
    enter(plays[2], {"contract": "3NT", "declarer": "S", "tricks": 9, "lead": "CT"})
    page = director_client.get(reverse("board_traveller", args=[event.pk, 1])).content.decode()
    assert ">Lead<" in page
    assert "♥Q" in page
    assert "♣10" in page
    body = director_client.get(reverse("download_results_csv", args=[event.pk])).content.decode("utf-8-sig")
    header, *rows = list(csv.reader(io.StringIO(body)))
    assert header[-1] == "Lead"
    assert sorted(row[-1] for row in rows if row[1] == "1") == ["", "CT", "HQ"]
    off = _event(lead_cards=False)
    enter(board_plays(off, 1)[0], {"contract": "4S", "declarer": "N", "tricks": 10})
    page = director_client.get(reverse("board_traveller", args=[off.pk, 1])).content.decode()
    assert ">Lead<" not in page


def _led_event(tables: int, *, leads: bool = True) -> Event:
    """A contract event, every result of board 1 in (with its lead when ``leads``; the hands unknown)."""
    event = make_event(tables=tables, code="contract")
    services.event_lead_cards_set(event=event, lead_cards=leads)
    for play in board_plays(event, 1):
        lead = {"lead": "HQ"} if leads else {}
        enter(play, {"contract": "3NT", "declarer": "S", "tricks": 9, **lead})
    return event


def test_the_traveller_runs_as_many_queries_whatever_the_size_leads_or_none(client):
    counts = set()
    for tables, leads in ((3, True), (9, True), (3, False)):
        event = _led_event(tables, leads=leads)
        url = reverse("board_traveller", args=[event.pk, 1])
        cache.clear()
        with CaptureQueriesContext(connection) as cold:
            page = client.get(url)
        with CaptureQueriesContext(connection) as warm:
            client.get(url)
        assert page.content.decode().count("♥Q") == (tables if leads else 0)
        counts.add((app_queries(cold), app_queries(warm)))
    assert len(counts) == 1


def test_the_travellers_pdf_has_the_lead_column(director_client):
    event = _led_event(3)
    words = pdf_words(director_client.get(reverse("download_travellers", args=[event.pk])).content)
    assert "Lead" in words
    assert words.count("♥Q") == 3
    plain = _led_event(3, leads=False)
    assert "Lead" not in pdf_words(
        director_client.get(reverse("download_travellers", args=[plain.pk])).content
    )


def test_a_correction_keeps_an_imported_lead_and_passing_out_drops_it(director_client):
    event = _event(lead_cards=False)  # the lead came from a file: the event does not enter leads
    play = board_plays(event, 1)[0]
    enter(play, {"contract": "3NT", "declarer": "S", "tricks": 9, "lead": "C7"})
    play.refresh_from_db()
    url = reverse("entry_table", args=[event.pk, "A", play.seating.round.number, play.seating.table])
    page = director_client.get(url).content.decode()
    assert f'name="b{play.pk}-lead"' in page
    assert 'value="C7"' in page
    response = director_client.post(url, board_data(play, quick="3NT S 10", lead="C7"))
    assert response.status_code == 302
    play.refresh_from_db()
    assert (play.tricks, play.lead) == (10, "C7")
    response = director_client.post(url, board_data(play, level="PASS", lead="C7"))
    assert response.status_code == 302
    play.refresh_from_db()
    assert (play.contract, play.lead) == ("PASS", "")
