"""A table link's own forms posted by a real browser: Chromium sends ``Origin: null`` with a form posted from
a page whose Referrer-Policy is ``no-referrer``, and Django's CSRF check refuses it (403). Table link pages
send ``same-origin`` (their address never leaves the site), so their plain form posts go through: here the
"Show the traveller" button of a board the table has played while other tables still play it."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from duplicate import services
from duplicate.models import Play
from tests.factories import contract_mitchell, plays_at

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DIRECTOR = services.Writer(name="td", is_director=True)


def test_the_show_the_traveller_button_posts_from_a_phone(live_server, new_page):
    event = contract_mitchell("Posts")
    play = next(p for p in plays_at(event, 1, 1) if p.board.number == 1)
    data = {"contract": "4S", "declarer": "N", "tricks": 10}
    services.play_result_save(play=play, data=data, writer=DIRECTOR, expected_version=play.version)
    token = services.table_token_create(section=event.sections.get(), table=1)
    phone = new_page(width=390, height=844, mobile=True)
    url = f"{live_server.url}{reverse('entry_token_traveller', args=[token.secret, 1])}"
    phone.goto(url)
    expect(phone.locator("h1")).to_contain_text("compare with the field")  # board 1 is still in play
    with phone.expect_navigation():
        phone.get_by_role("button", name="Show the traveller").click()
    expect(phone.locator("body")).not_to_contain_text("CSRF")
    expect(phone.locator("body")).to_contain_text("4S by N")  # the traveller, with the table's own line
    assert Play.objects.get(pk=play.pk).table_saw_at is not None  # opening it made the result stand
