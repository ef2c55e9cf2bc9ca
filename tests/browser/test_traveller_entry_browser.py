"""Entry from paper travellers in real headless Chromium: a director enters two boards by keyboard alone
(typing and Enter), each line's pairs filled from the movement; and the page fits a phone."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from duplicate.selectors.entry import board_lines
from tests.browser.pages import sign_in
from tests.factories import make_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _keys_ready(page) -> None:
    """The page's script has taken Enter (deferred, it may come after the form is drawn on a busy machine:
    before it, Enter submits the form)."""
    expect(page.locator("#traveller-entry[data-keys=ready]")).to_have_count(1)


def _focused_name(page) -> str:
    return page.evaluate("document.activeElement && document.activeElement.name || ''")


def test_two_boards_entered_by_keyboard_alone(live_server, new_page, staff):
    event = make_event(tables=3, boards_per_round=2)
    one, two = board_lines(event, 1), board_lines(event, 2)  # in the page's order: by N-S pair
    page = new_page(width=1366, height=768)
    url = reverse("board_entry", args=[event.pk, 1])
    sign_in(page, live_server, url)
    expect(page.locator(f"#line-{one[0].pk} .pairs")).to_have_text(
        f"N-S {one[0].ns_pair.number} v E-W {one[0].ew_pair.number}"
    )

    # The first line has the focus; Enter goes to the next line, and on the last saves the board.
    _keys_ready(page)
    assert _focused_name(page) == f"b{one[0].pk}-quick"
    for text, play in zip(["4H N 10", "4h n 9", "1NT N 7"], one, strict=True):
        assert _focused_name(page) == f"b{play.pk}-quick"
        page.keyboard.type(text)
        page.keyboard.press("Enter")
    expect(page).to_have_url(f"{live_server.url}{reverse('board_entry', args=[event.pk, 2])}")
    _keys_ready(page)
    expect(page.get_by_text("Board 1: 3 lines saved.")).to_be_visible()

    # Board 2 opens with its first line's field focused.
    assert _focused_name(page) == f"b{two[0].pk}-quick"
    for text, play in zip(["2S N 8", "1C E 8"], two[:2], strict=True):
        assert _focused_name(page) == f"b{play.pk}-quick"
        page.keyboard.type(text)
        page.keyboard.press("Enter")
    assert _focused_name(page) == f"b{two[2].pk}-quick"
    page.keyboard.type("2D S 8")
    page.screenshot(path="/tmp/traveller_entry.png")
    page.keyboard.press("Enter")
    expect(page).to_have_url(f"{live_server.url}{reverse('board_entry', args=[event.pk, 3])}")
    _keys_ready(page)

    # Board 3: a line that cannot be read comes back beside its line, nothing of the board saved, the cursor
    # on it with its text selected; typing replaces it, Enter goes on, and the board is saved.
    three = board_lines(event, 3)
    for text in ("1NT N 7", "4RS N 10", "2S N 8"):
        page.keyboard.type(text)
        page.keyboard.press("Enter")
    expect(page.locator(f"#line-{three[1].pk} .field-error")).to_contain_text(
        "royal spades (RS) is not a strain of auction-1915"
    )
    expect(page.locator(f"#line-{three[2].pk} input.quick")).to_have_value("2S N 8")
    assert not any(p.entered for p in board_lines(event, 3))
    _keys_ready(page)  # the script puts the cursor on the refused line as it starts
    assert _focused_name(page) == f"b{three[1].pk}-quick"
    page.keyboard.type("4H N 10")
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    expect(page).to_have_url(f"{live_server.url}{reverse('board_entry', args=[event.pk, 4])}")
    assert [p.net_ns for p in board_lines(event, 3)] == [10, 157, 18]

    # Hand-worked (tests/hand_scored.py, auction-1915): +157, -50, +10; +18, -12, +14.
    assert [p.net_ns for p in board_lines(event, 1)] == [157, -50, 10]
    assert [p.net_ns for p in board_lines(event, 2)] == [18, -12, 14]

    # Back on board 1 the lines show what was stored, and what the table entry would show.
    page.goto(f"{live_server.url}{url}")
    expect(page.locator(f"#line-{one[0].pk} .stored")).to_have_text("4H by N, 10 tricks")
    expect(page.locator(f"#line-{one[0].pk} input.quick")).to_have_value("4H N 10")


def test_the_page_fits_a_phone(live_server, new_page, staff):
    event = make_event(tables=5, boards_per_round=2, sections=2)
    page = new_page(width=390, height=844, mobile=True)
    url = reverse("board_entry", args=[event.pk, 1])
    sign_in(page, live_server, url)
    expect(page.locator(".traveller-line").first).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path="/tmp/traveller_entry_phone.png")
