"""A player on a phone (390x844) or a desktop (1366x900), in real headless Chromium, finds their pair by typing a name and reaches their
score card in two taps; from it a released board's traveller shows their line marked, and so do the
standings (the marking done by the page's script: the kept page stays one for everyone)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser.pages import ARTIFACTS, DESKTOP, PHONE, demo_event_in_play

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def press(locator, *, mobile: bool) -> None:
    """A tap on a phone's touch screen, a click on a desktop."""
    if mobile:
        locator.tap()
    else:
        locator.click()


@pytest.mark.parametrize(("mobile", "viewport"), [(True, PHONE), (False, DESKTOP)], ids=["phone", "desktop"])
def test_a_player_types_a_name_and_reaches_their_score_card_in_two_taps(
    live_server, new_page, mobile, viewport
):
    event = demo_event_in_play()
    page = new_page(**viewport, mobile=mobile)
    size = "phone" if mobile else "desktop"
    page.goto(f"{live_server.url}{reverse('event_standings', args=[event.pk])}")
    page.get_by_role("searchbox", name="Find your pair").fill("ada night")
    press(page.get_by_role("button", name="Find"), mobile=mobile)  # tap 1
    found = page.get_by_role("link", name="Pair 1: score card")
    expect(found).to_be_visible()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"find-pair-{size}.png"), full_page=True)
    press(found, mobile=mobile)  # tap 2
    expect(page).to_have_url(re.compile(rf"/events/{event.pk}/pairs/1/$"))
    expect(page.locator("main h1")).to_contain_text("Score card: pair 1")
    expect(page.locator(".scorecard-summary")).to_contain_text("Place")
    # A released board's traveller, the pair's line marked (and only its).
    press(page.locator("table.data tbody a[href*='?pair=1']").first, mobile=mobile)
    expect(page).to_have_url(re.compile(r"/boards/\d+/\?pair=1$"))
    marked = page.locator("table.data tr.mine")
    expect(marked).to_have_count(1)
    assert "1" in (marked.get_attribute("data-ns"), marked.get_attribute("data-ew"))
    page.screenshot(path=str(ARTIFACTS / f"traveller-marked-{size}.png"), full_page=True)
    page.go_back()
    press(
        page.get_by_role("link", name=re.compile(r"^Place \d+$")), mobile=mobile
    )  # the score card's place: the standings
    expect(page).to_have_url(re.compile(r"/standings/\?pair=1$"))
    expect(page.locator("table.data tr.mine")).to_have_count(1)
    expect(page.locator("table.data tr.mine")).to_have_attribute("data-pair", "1")
