"""A row saved without leaving the page (entry.js posts with ``X-Requested-With: fetch`` and puts the row it
gets back in place of the old one) words its score as the page does: a contract row in law 77's words (a
trick score and the rest, no honours at contract bridge), a whist row in tricks. It once came back in
auction's words ("tricks 100, honours 330") until the page was reloaded. Both paths: the table's link and
the director's entry grid (a table and round's page)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from duplicate import services
from duplicate.services.results import board_vulnerability
from tests.factories import board_data, make_event, plays_at, table_url

pytestmark = pytest.mark.django_db

FETCH = {"HTTP_X_REQUESTED_WITH": "fetch"}


def saved_row(client, url: str, play, quick: str) -> str:
    response = client.post(url, board_data(play, quick=quick), **FETCH)
    assert response.status_code == 200, response.content.decode()[:500]
    html = response.content.decode()
    assert 'class="entry-row' in html  # the row alone, as entry.js puts it in
    assert "<html" not in html
    return html


def page_row(client, url: str, play) -> str:
    """The play's row as a reload of the page shows it."""
    html = client.get(url).content.decode()
    start = html.index(f'id="board-{play.board.number}"')
    return html[start : html.index("</section>", start)]


def totals_line(html: str) -> str:
    start = html.index('<p class="totals">')
    return html[start : html.index("</p>", start)]


def link_and_grid(client, director_client, event):
    """(client, url) of the table link of table 1 and of the director's page of round 1, table 1."""
    token = services.table_token_create(section=event.sections.get(), table=1)
    return [
        (client, reverse("entry_token", args=[token.secret])),
        (director_client, table_url(event, 1, 1)),
    ]


def test_a_contract_row_saved_through_a_fetch_says_trick_score_and_other_score(client, director_client):
    event = make_event(code="contract")
    for index, (who, url) in enumerate(link_and_grid(client, director_client, event)):
        play = plays_at(event, 1, 1)[index]
        row = saved_row(who, url, play, "3NT S +1")
        # Law 77: 3NT made with an overtrick: trick score 100; 30 for the overtrick and the game premium,
        # 300 not vulnerable (330 besides) or 500 vulnerable (530 besides).
        other = 530 if board_vulnerability(play.board) in ("NS", "All") else 330
        assert totals_line(row) == totals_line(page_row(who, url, play))
        assert f"trick score 100, other score {other}" in totals_line(row)
        assert "honours" not in totals_line(row)


def test_a_whist_row_saved_through_a_fetch_is_in_tricks(client, director_client):
    event = make_event(code="whist")
    for index, (who, url) in enumerate(link_and_grid(client, director_client, event)):
        play = plays_at(event, 1, 1)[index]
        row = saved_row(who, url, play, "8")
        assert totals_line(row) == totals_line(page_row(who, url, play))
        assert "N-S 8 · E-W 5 tricks" in totals_line(row)
        assert "honours" not in totals_line(row)


def test_an_auction_row_saved_through_a_fetch_keeps_tricks_and_honours(client, director_client):
    event = make_event()  # auction 1915: honours are scored (law 6)
    for index, (who, url) in enumerate(link_and_grid(client, director_client, event)):
        play = plays_at(event, 1, 1)[index]
        row = saved_row(who, url, play, "3NT S =")
        assert totals_line(row) == totals_line(page_row(who, url, play))
        assert "(tricks 30, honours 125)" in totals_line(row)


def test_a_contract_rows_head_says_who_is_vulnerable_as_law_2_sets_it(client, director_client):
    """Players check 430 against 630 by the vulnerability: each row's head gives it beside the dealer (law 2:
    the board's own where stored, else its number's in the 16-board cycle), on the table link and the
    director's page alike, and after a save through a fetch; an auction event's rows have none."""
    event = make_event(code="contract")
    board = event.boards.get(number=2)
    board.vulnerability = "All"  # a PBN file's Vulnerable, stored with the hands
    board.save(update_fields=["vulnerability"])
    for index, (who, url) in enumerate(link_and_grid(client, director_client, event)):
        first, second = plays_at(event, 1, 1)
        heads = {p.board.number: page_row(who, url, p) for p in (first, second)}
        assert "dealer N · none vulnerable" in heads[1]  # board 1: nobody (the cycle)
        assert "all vulnerable" in heads[2]
        assert "N-S vulnerable" not in heads[2]
        row = saved_row(who, url, (first, second)[index], "3NT S =")
        assert "vulnerable" in row.split("</header>")[0]
    auction = make_event(name="Auction night")
    page = director_client.get(table_url(auction, 1, 1)).content.decode()
    assert "vulnerable" not in page
