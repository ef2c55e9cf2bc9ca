"""French and Polish pages in real headless Chromium, on a phone (390 px) and a desktop (1366 px): a visitor
whose language cookie says French or Polish gets every public page, and a director (signed in after) the
entry pages, the roster and the new-event form, in that language (the document's ``lang``, the menus' words),
with nothing scrolling sideways (translations run longer than English: French by a fifth). Each page's
screenshot is saved under tests/artifacts/ (``lang-fr-...``) to be looked at (the traveller with its
double-dummy table)."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation
from playwright.sync_api import expect

from duplicate import services
from tests.browser.pages import ARTIFACTS, DESKTOP, PHONE, demo_event_in_play, public_pages, sign_in
from tests.factories import ODD_PAIR, match_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCROLL_WIDTH = "document.scrollingElement.scrollWidth"
# Words of the pages' frame (menus, headings) that every page but the sign-in page shows in English, and
# that a French or Polish page must show in its own words.
ENGLISH_FRAME = ("Standings", "Traveller", "Scorecard", "Download", "Sign in", "Director")


def director_pages(event) -> dict[str, str]:
    section = event.sections.get()
    return {
        "entry-grid": reverse("entry_index", args=[event.pk]),
        "entry-table": reverse("entry_table", args=[event.pk, section.letter, 1, 1]),
        "board-entry": reverse("board_entry_first", args=[event.pk]),
        "roster": reverse("roster"),
        "new-event": reverse("event_create"),
    }


@pytest.mark.parametrize("language", ["fr", "pl"])
@pytest.mark.parametrize(("size", "viewport"), [("phone", PHONE), ("desktop", DESKTOP)])
def test_french_and_polish_pages_speak_their_language_and_fit_the_screen(
    live_server, new_page, staff, language, size, viewport
):
    event = demo_event_in_play()
    # the released boards' double-dummy tables too: their caption is the longest line of a traveller
    services.deal_analyses_compute(deals=[b.deal for b in event.boards.all() if b.deal])
    pages = public_pages(event, match_event(ODD_PAIR))
    page = new_page(**viewport, mobile=size == "phone")
    page.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url}]
    )
    with translation.override(language):
        standings = translation.gettext("Standings")
    assert standings != "Standings"  # the catalogue has it
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    too_wide, english = {}, {}
    directors = director_pages(event)
    for name, url in {**pages, **directors}.items():  # a visitor's pages, then a director's, signed in
        if name == next(iter(directors)):
            sign_in(page, live_server, url)
        page.goto(f"{live_server.url}{url}")
        expect(page.locator("main h1")).to_be_visible()
        assert page.get_attribute("html", "lang") == language, name
        page.screenshot(path=str(ARTIFACTS / f"lang-{language}-{name}-{size}.png"), full_page=True)
        if page.evaluate(SCROLL_WIDTH) > viewport["width"]:
            too_wide[name] = page.evaluate(SCROLL_WIDTH)
        text = page.locator("body").inner_text()
        left = [word for word in ENGLISH_FRAME if word in text]
        if left:
            english[name] = left
    assert not too_wide, too_wide
    assert not english, english
    page.goto(f"{live_server.url}{reverse('event_standings', args=[event.pk])}")
    expect(page.locator("main h1")).to_contain_text(standings)
