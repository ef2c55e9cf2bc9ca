"""A player's phone at 390x844: saving the round's last board through the table link brings the round's
summary, with the cursor on its heading."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from duplicate import services
from tests.factories import make_event, plays_at

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_saving_the_last_board_shows_the_summary_with_the_focus(live_server, new_page):
    event = make_event(tables=3, boards_per_round=2)
    token = services.table_token_create(section=event.sections.get(), table=1)
    first, last = plays_at(event, 1, 1)
    phone = new_page(width=390, height=844, mobile=True)
    phone.goto(f"{live_server.url}{reverse('entry_token', args=[token.secret])}")

    phone.locator(f"#board-{first.board.number} input.quick").fill("1NT S 7")
    phone.locator(f"#board-{first.board.number} input.quick").press("Enter")
    expect(phone.locator(f"#board-{first.board.number}.saved")).to_be_visible()
    expect(phone.locator("#summary")).to_have_count(0)

    phone.locator(f"#board-{last.board.number} input.quick").fill("3NT S 9")
    phone.locator(f"#board-{last.board.number} input.quick").press("Enter")
    heading = phone.locator("h2#summary")
    expect(heading).to_have_text("Round 1 is in: the results")
    expect(heading).to_be_focused()
    expect(phone.locator("h1")).to_have_text("Table 1 · Round 2")
    expect(phone.locator(".summary-moves li").nth(1)).to_have_text("E-W pair 4: move to table 2 E-W.")
    assert phone.evaluate("document.scrollingElement.scrollWidth") <= 390
