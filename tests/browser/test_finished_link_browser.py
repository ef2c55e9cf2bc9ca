"""A player's phone in real headless Chromium: the table link's page was loaded, the director finished the
event, the player typed "2H N =" and pressed Enter. The phone once went to a whole "Not allowed" page (the
entry lost, only "Director sign in" on it); now the refusal stands in the board's row on the table's page,
with the entry as typed and a link back to the table's page, whose notice (the link only reads now) is a
warning, not a success's green."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from duplicate import services
from duplicate.models import Play
from tests.browser.pages import PHONE
from tests.factories import make_event, plays_at

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

REFUSED = "The event is finished: ask the director"
GREEN_TEXT = "rgb(29, 122, 70)"  # --good, the "Saved." notice's text
GREEN_WASH = "rgb(230, 244, 234)"  # the "Saved." notice's background


def test_a_save_after_finish_keeps_the_players_entry_on_the_tables_page(live_server, new_page):
    event = make_event(tables=3, boards_per_round=2)
    token = services.table_token_create(section=event.sections.get(), table=2)
    play = plays_at(event, 1, 2)[0]
    url = f"{live_server.url}{reverse('entry_token', args=[token.secret])}"
    page = new_page(**PHONE, mobile=True)
    page.goto(url)
    row = page.locator(f"#board-{play.board.number}")
    expect(row.locator("input.quick")).to_be_visible()

    services.event_finish(event=event)  # the director, meanwhile
    row.locator("input.quick").fill("2H N =")
    row.locator("input.quick").press("Enter")

    row = page.locator(f"#board-{play.board.number}.refused")
    expect(row).to_be_visible()
    assert page.url == url  # still the table's page
    expect(page.locator("h1")).to_have_text("Table 2 · Round 1")
    expect(row.get_by_role("alert")).to_contain_text(REFUSED)
    expect(row.locator(".typed-entry")).to_have_text("2H N =")
    expect(page.get_by_text("Not allowed")).to_have_count(0)
    assert not Play.objects.get(pk=play.pk).entered

    row.get_by_role("link", name="Back to table 2").click()
    notice = page.locator("main p.notice").first
    expect(notice).to_contain_text(REFUSED)
    colours = notice.evaluate(
        "el => { const s = getComputedStyle(el); return [s.color, s.backgroundColor]; }"
    )
    assert GREEN_TEXT not in colours
    assert GREEN_WASH not in colours


def test_typing_after_finish_previews_no_whole_page_in_the_row(live_server, new_page):
    """entry.js previews the score as soon as the row is complete; once the event is finished the refusal is
    shown in the score box, not a whole page (header, footer) inside the row."""
    event = make_event(tables=3, boards_per_round=2)
    token = services.table_token_create(section=event.sections.get(), table=2)
    play = plays_at(event, 1, 2)[0]
    page = new_page(**PHONE, mobile=True)
    page.goto(f"{live_server.url}{reverse('entry_token', args=[token.secret])}")
    services.event_finish(event=event)
    row = page.locator(f"#board-{play.board.number}")
    row.locator("input.quick").fill("2H N =")
    expect(row.locator(".score")).to_contain_text(REFUSED)
    assert row.locator(".score header, .score footer, .score h1").count() == 0
