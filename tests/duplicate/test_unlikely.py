"""Unlikely results at entry (docs/laws.md, "Unlikely results"): a table link is asked "Is this right?" and
may save as typed (never blocked; no other table's result named); the director's grid flags them with detail.

Board 1 of a three-table Mitchell: each seat holds one whole suit (DEAL_1: N spades, E hearts, S diamonds,
W clubs), so double dummy is worked by hand: N-S make 13 tricks in spades, E-W none (N draws trumps)."""

from __future__ import annotations

import html as htmllib
import re

import pytest
from django.urls import reverse

from duplicate.models import Play
from duplicate.selectors.unlikely import dd_tricks, played
from scoring.checks import DD_TABLE_TEXT, UNUSUAL
from scoring.codes import ScoringCode
from tests.factories import DD_1, board_data, board_plays, enter, table_url, token_client, unlikely_game


def _prompt(page: str) -> str:
    match = re.search(r'class="notice notice-warning unlikely-prompt".*?name="confirm"', page, re.S)
    return match.group(0) if match else ""


def _post(client, secret: str, play: Play, quick: str, **extra):
    url = reverse("entry_token", args=[secret])
    return client.post(url, {**board_data(play, quick=quick), **extra})


@pytest.mark.django_db
def test_table_link_is_asked_and_may_save_as_typed(client):
    event, play = unlikely_game()
    secret = token_client(client, event, 1)
    # 4S by N made 10: double dummy 13 (three away, law-77 scoring unaffected); the others made 13 (far).
    response = _post(client, secret, play, "4S N 10")
    assert response.status_code == 200
    page = response.content.decode()
    prompt = htmllib.unescape(_prompt(page))
    assert "Is this right?" in prompt
    assert DD_TABLE_TEXT in prompt  # the double-dummy figure is not the table's to see
    assert "13" not in prompt
    assert "double-dummy says" not in prompt
    assert UNUSUAL in prompt
    assert "Yes, save it" in page
    assert "Change it" in page
    play.refresh_from_db()
    assert not play.entered  # asked, not yet saved
    confirm = re.search(r'name="confirm" value="([^"]*)"', page).group(1)
    response = _post(client, secret, play, "4S N 10", confirm=htmllib.unescape(confirm))
    assert response.status_code == 302
    play.refresh_from_db()
    assert (play.entered, play.contract, play.declarer, play.tricks) == (True, "4S", "N", 10)


@pytest.mark.django_db
def test_the_prompt_names_no_other_tables_result(client):
    event, play = unlikely_game()
    secret = token_client(client, event, 1)
    # 4S by N made 11: two from double dummy (quiet), two from both other tables' 13 (far).
    prompt = htmllib.unescape(_prompt(_post(client, secret, play, "4S N 11").content.decode()))
    assert UNUSUAL in prompt
    assert "double-dummy" not in prompt
    others = board_plays(event, 1)[1:]
    for word in ("13", "by S", "made", "other table", *(str(p.ns_pair.number) for p in others)):
        assert word not in prompt.replace("4S by N, 11 tricks", "")


@pytest.mark.django_db
def test_a_confirmation_holds_for_the_result_confirmed_only(client):
    event, play = unlikely_game()
    secret = token_client(client, event, 1)
    page = _post(client, secret, play, "4S N 10").content.decode()
    confirm = htmllib.unescape(re.search(r'name="confirm" value="([^"]*)"', page).group(1))
    # Changed to 4S by E made 10 (E-W make none double dummy; every other 4S was N-S's): asked again.
    prompt = htmllib.unescape(
        _prompt(_post(client, secret, play, "4S E 10", confirm=confirm).content.decode())
    )
    assert DD_TABLE_TEXT in prompt
    play.refresh_from_db()
    assert not play.entered


@pytest.mark.django_db
def test_other_tables_are_not_read_while_one_has_still_to_play_the_board(client):
    """No peeking: with a table still to play board 1 (four tables: two have entered it), whether table 1 is
    asked must not depend on what the others made, or trying result after result would tell it; 4S by N
    made 11 (two from both others' 13, two from double dummy) saves at once."""
    event, play = unlikely_game(4)
    assert Play.objects.filter(board=play.board, entered=False).exclude(pk=play.pk).exists()
    secret = token_client(client, event, 1)
    assert _post(client, secret, play, "4S N 11").status_code == 302
    play.refresh_from_db()
    assert (play.entered, play.tricks) == (True, 11)


@pytest.mark.django_db
def test_a_likely_result_saves_at_once(client):
    event, play = unlikely_game()
    secret = token_client(client, event, 1)
    assert _post(client, secret, play, "4S N 12").status_code == 302  # one from DD, one from the others
    play.refresh_from_db()
    assert play.tricks == 12


@pytest.mark.django_db
def test_directors_table_page_saves_without_asking(director_client):
    event, play = unlikely_game()
    response = director_client.post(table_url(event, 1, 1), board_data(play, quick="4S E 10"))
    assert response.status_code == 302
    play.refresh_from_db()
    assert (play.declarer, play.tricks) == ("E", 10)


@pytest.mark.django_db
def test_grid_flags_for_the_director_only(client, director_client):
    event, play = unlikely_game()
    enter(play, {"contract": "4S", "declarer": "E", "tricks": 10})
    url = reverse("entry_index", args=[event.pk])
    page = htmllib.unescape(director_client.get(url).content.decode())
    assert re.findall(r"\d+ unlikely", page) == ["2 unlikely"]  # table 1's cell, its two oddities
    assert "Board 1: 4S by E made 10: double-dummy says 0 tricks." in page
    assert "Board 1: 4S by E made 10: all 2 other tables in 4S had NS declare." in page
    assert "unlikely" not in client.get(url).content.decode()  # a visitor: no result named


@pytest.mark.parametrize("tables", [3, 9])
@pytest.mark.django_db
def test_grid_query_count_does_not_grow(director_client, django_assert_num_queries, tables):
    event, _ = unlikely_game(tables)
    for play in Play.objects.filter(event=event, entered=False):
        enter(play, {"contract": "3NT", "declarer": "W", "tricks": 9})  # board 1: DD 0
    # session, user, event, sections, rounds, seatings with their counts, entered plays, analyses
    with django_assert_num_queries(8):
        page = director_client.get(reverse("entry_index", args=[event.pk])).content.decode()
    assert "unlikely-flag" in page


def test_which_codes_are_checked():
    """Auction-1913's royal spades are played as spades for double dummy; whist (no contract) and a passed-out
    deal give nothing to check; a field the result service would refuse is left to it."""
    royal = played("4RS", "N", 10, ScoringCode.AUCTION_1913)
    assert royal is not None
    assert dd_tricks(DD_1, royal) == 13  # N's spades column
    assert played("", "", None, ScoringCode.WHIST) is None
    assert played("PASS", "", None, ScoringCode.CONTRACT) is None
    assert played("4S", "N", 14, ScoringCode.CONTRACT) is None
    assert played("4S", "X", 10, ScoringCode.CONTRACT) is None
