"""Feedback after a board on a player's phone at 390x844 (docs/laws.md, "Feedback after a board"): the last
table to play a board saves it and its row shows both pairs' figures and the traveller's link; at an earlier
table nothing of the kind shows until the last table has saved.

Board 1 of a 3-table Mitchell by matchpoints is played at table 1 in round 1 (N-S pair 1 v E-W pair 4), at
table 3 in round 2 and at table 2 in round 3.  +420, +420 and -50 (4S by N, none vulnerable): on a top of 4
each +420 scores 3 (one beaten, one tied), E-W 1."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from duplicate import services
from duplicate.models import Event
from tests.factories import contract_mitchell, plays_at

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DIRECTOR = services.Writer(name="td", is_director=True)


def _event() -> Event:
    return contract_mitchell("Feedback")


def _enter(event: Event, rnd: int, table: int, tricks: int) -> None:
    play = next(p for p in plays_at(event, rnd, table) if p.board.number == 1)
    data = {"contract": "4S", "declarer": "N", "tricks": tricks}
    services.play_result_save(play=play, data=data, writer=DIRECTOR, expected_version=play.version)


def _phone(live_server, new_page, event: Event):
    token = services.table_token_create(section=event.sections.get(), table=1)
    phone = new_page(width=390, height=844, mobile=True)
    phone.goto(f"{live_server.url}{reverse('entry_token', args=[token.secret])}")
    return phone, token


def _fits(phone) -> None:
    assert phone.evaluate("document.scrollingElement.scrollWidth") <= 390


def _nothing(phone, traveller: str) -> None:
    expect(phone.locator(".board-figure")).to_have_count(0)
    expect(phone.locator(f'#board-1 a[href="{traveller}"]')).to_have_count(0)
    assert "MPs" not in phone.locator("body").inner_text()


def test_the_last_table_saves_and_sees_the_figures_and_the_traveller(live_server, new_page):
    event = _event()
    _enter(event, 2, 3, 10)
    _enter(event, 3, 2, 9)
    phone, token = _phone(live_server, new_page, event)
    row = phone.locator("#board-1")
    expect(row.locator(".board-figure")).to_have_count(0)
    row.locator("input.quick").fill("4S N 10")
    row.locator("input.quick").press("Enter")
    figure = phone.locator("#board-1.saved .board-figure")
    expect(figure).to_be_visible()
    expect(figure).to_contain_text("Every table has played board 1.")
    expect(figure.locator("li").nth(0)).to_have_text("N-S pair 1: 3.00 MPs of 4")
    expect(figure.locator("li").nth(1)).to_have_text("E-W pair 4: 1.00 MPs of 4")
    expect(phone.locator("#board-2 .board-figure")).to_have_count(0)  # not played here yet
    _fits(phone)
    box = figure.bounding_box()
    assert box is not None
    assert 0 <= box["x"] <= box["x"] + box["width"] <= 390
    phone.screenshot(path="/tmp/board_feedback_phone.png", full_page=True)

    figure.get_by_role("link", name="Board 1's traveller").click()
    expect(phone).to_have_url(f"{live_server.url}{reverse('entry_token_traveller', args=[token.secret, 1])}")
    expect(phone.locator("body")).to_contain_text("4S by N, 9 tricks")  # another table's result: released
    expect(phone.locator("body")).not_to_contain_text("being played")
    _fits(phone)


def test_an_earlier_table_sees_nothing_until_the_last_table_saves(live_server, new_page):
    event = _event()
    phone, token = _phone(live_server, new_page, event)
    row = phone.locator("#board-1")
    row.locator("input.quick").fill("4S N 10")
    row.locator("input.quick").press("Enter")
    expect(phone.locator("#board-1.saved")).to_be_visible()
    traveller = reverse("entry_token_traveller", args=[token.secret, 1])
    _nothing(phone, traveller)  # the row as saved: board 1 is in play at tables 2 and 3
    _enter(event, 2, 3, 10)
    phone.reload()
    _nothing(phone, traveller)  # table 2 has still to play it
    _enter(event, 3, 2, 9)  # the last table saves board 1
    phone.reload()
    figure = phone.locator("#board-1 .board-figure")
    expect(figure.locator("li").nth(0)).to_have_text("N-S pair 1: 3.00 MPs of 4")
    expect(figure.get_by_role("link", name="Board 1's traveller")).to_have_attribute("href", traveller)
    _fits(phone)
