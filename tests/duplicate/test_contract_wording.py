"""A contract pair event's pages say what its figures are: the contest by name (not law H's pair contest),
matchpoints or IMPs where law H has its plus/minus and averages, law 77 (no honours) and the Laws of Duplicate
Bridge 2017 in the footer.  Auction events keep law H's words.

Figures worked by hand on ``tests.duplicate.test_contract_events.RESULTS`` (matchpoints, top 4 on a board of
three results): pair 1 (N-S) board 1 +420 against +450 and -100: beats one, 2; board 2 law 12C2's A60/40:
60% of the top, 2.40; board 3 +400 against 0 and -620: beats both, 4.  Total 8.40 of 12: 70.00%."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from duplicate import services
from duplicate.services.eventfile import event_import
from tests.factories import contract_event_file as event_file
from tests.factories import pdf_words

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_cache")]


def text(html: bytes) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html.decode()).split())


def test_the_score_card_gives_matchpoints_and_the_percentage(client):
    event = event_import(data=event_file())
    card = text(client.get(reverse("pair_scorecard", args=[event.pk, "1"])).content)
    assert "Place 2 (N-S) · 3 boards · MPs 8.40 · 70.00%" in card
    assert "Opponents Result Score MPs Total MPs" in card  # no law H average
    assert "Average" not in card
    assert "A60/40 (law 12C2) 2.40 4.40" in card
    assert "plus/minus" not in card
    assert "the average is that of the pairs" not in card


def test_the_traveller_display_and_recap_name_matchpoints_not_law_h(client):
    event = event_import(data=event_file())
    page = text(client.get(reverse("board_traveller", args=[event.pk, 1])).content)
    assert "Matchpoints: 2 for each result beaten and 1 for each tied" in page
    assert "law B(3)" not in page
    assert "Average:" not in page
    display = text(client.get(reverse("event_display", args=[event.pk])).content)
    assert "Standings N-S Place Pair Players % 1 3 North 3 &amp; South 3 79.17" in display  # E-W beside it
    assert "Result N-S score N-S MPs E-W MPs" in display
    assert "Average" not in display
    words = pdf_words(client.get(reverse("download_recap", args=[event.pk])).content)
    assert "Each cell: the pair's MPs on the board, to two decimals." in words
    assert "law H" not in words
    recap = text(client.get(reverse("event_recap", args=[event.pk])).content)
    assert "every pair by every board: its matchpoints on each board." in recap
    assert "law H" not in recap
    standings = text(client.get(reverse("event_standings", args=[event.pk])).content)
    assert "Pair contest, matchpoints (Neuberg): each pair compared" in standings
    boards = text(client.get(reverse("event_boards", args=[event.pk])).content)
    assert "(law 77: no honours)" in boards
    assert "honours are worked out" not in boards


def test_butler_names_its_imps(client):
    event = event_import(data=event_file("butler"))
    page = text(client.get(reverse("board_traveller", args=[event.pk, 1])).content)
    assert "IMPs (WBF scale) against each board" in page
    detail = text(client.get(reverse("event_detail", args=[event.pk])).content)
    assert "Contract bridge (law 77) · Pair contest, Butler IMPs (WBF scale)" in detail


def test_an_auction_event_keeps_law_h(client):
    event = event_import(data={**event_file(), "code": "auction-1915", "contest": "", "results": []})
    services.event_finish(event=event)  # every board released, played or not
    detail = text(client.get(reverse("event_detail", args=[event.pk])).content)
    assert "Pair contest (law H)" in detail
    assert "scored by the Laws of Auction and the special laws of Duplicate Auction" in detail
    page = text(client.get(reverse("board_traveller", args=[event.pk, 1])).content)
    assert "(of the scores made; rulings under law B(3) take their score from them)" in page
