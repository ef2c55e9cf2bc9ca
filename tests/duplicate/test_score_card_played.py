"""A visitor's score card says "played" on a board the pair has played that other tables are still playing,
and under its lines that the result is shown once every table has played it (it said "being played", as if
the pair had not played it); "being played" on one the pair is still to play; nothing of either result shows
(no peeking)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from duplicate.demo import demo_event_file
from duplicate.models import Play
from duplicate.selectors import events as sel
from duplicate.services.eventfile import event_import

pytestmark = pytest.mark.django_db

NOTE = "its result is shown once every table has played it"
ROW = re.compile(
    r'<tr[^>]*>\s*<td class="[^"]*">(\d+)</td>\s*<td class="num"><a[^>]*>(\d+)</a></td>(.*?)</tr>', re.S
)


def card_results(html: str) -> dict[int, str]:
    """Board -> its Result cell's text, from the score card's rows."""
    out = {}
    for _round, board, rest in ROW.findall(html):
        cells = re.findall(r"<td[^>]*>(.*?)</td>", rest, re.S)
        out[int(board)] = re.sub(r"<[^>]+>", "", cells[2]).strip()  # held, opponents, result
    return out


def test_a_score_card_tells_a_board_the_pair_has_played_from_one_it_has_not(client):
    event = event_import(data=demo_event_file(last_round_tables=4))
    in_play = sel.boards_in_play(event)
    checked = 0
    for pair in event.pairs.all():
        html = client.get(reverse("pair_scorecard", args=[event.pk, pair.number])).content.decode()
        results = card_results(html)
        plays = Play.objects.filter(event=event).filter(ns_pair=pair) | Play.objects.filter(
            event=event, ew_pair=pair
        )
        for play in plays.select_related("board"):
            number = play.board.number
            if number not in in_play:
                assert results[number] not in ("played", "being played"), (pair.number, number)
            elif play.entered:
                assert results[number] == "played", (pair.number, number)
                assert NOTE in html
                checked += 1
            else:
                assert results[number] == "being played", (pair.number, number)
    assert checked  # the demo's pairs have played boards other tables are still playing
