"""The public pages on a phone (390x844, and 360 px wide) and a desktop (1366x900) in real headless Chromium:
no page scrolls sideways (with its menus shut or open: the downloads' PDF, xlsx, CSV and PBN links), the
standings' first row is on the first screen, the event menu opens and marks the
page shown, and the status badge keeps clear of the subtitle (on screen and in print). Each page's screenshot
is saved under tests/artifacts/ to be looked at."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser.pages import ARTIFACTS, DESKTOP, OPEN_MENUS, PHONE, demo_event_in_play, public_pages
from tests.factories import ODD_PAIR, match_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCROLL_WIDTH = "document.scrollingElement.scrollWidth"
# The widest thing in a box of its own that scrolls sideways (a table's container): the page fits, but the
# numbers a player looks for would still be off-screen.
# Two grids are wide by nature and scroll in a box of their own, focusable from the keyboard, on purpose: the
# movement's all-rounds grid (each round's own table below it fits a phone) and the recap sheet (every pair by
# every board, read as the printed sheet is).  Left out of the check; the page around them still fits.
WIDE_GRIDS = ".scroll-box, .recap-ranking .table-container"
INNER_OVERFLOW = """wide => Math.max(0, ...Array.from(document.querySelectorAll('main *'))
  .filter(e => e.scrollWidth > e.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(e).overflowX))
  .filter(e => !e.matches(wide))
  .map(e => e.scrollWidth - e.clientWidth))"""


@pytest.fixture
def events():
    """The demo event with its last round played at every table but the last (whose boards stay in play),
    and a team match."""
    return demo_event_in_play(), match_event(ODD_PAIR)


@pytest.mark.parametrize(("size", "viewport"), [("phone", PHONE), ("desktop", DESKTOP)])
def test_every_public_page_fits_the_screen_without_sideways_scrolling(
    live_server, new_page, events, size, viewport
):
    page = new_page(**viewport, mobile=size == "phone")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    too_wide = {}  # page at width: its width, and how far a box in it scrolls sideways
    for name, url in public_pages(*events).items():
        page.set_viewport_size(viewport)
        page.goto(f"{live_server.url}{url}")
        expect(page.locator("main h1")).to_be_visible()
        page.screenshot(path=str(ARTIFACTS / f"{name}-{size}.png"), full_page=True)
        for menus in ("shut", "open"):
            if menus == "open":
                page.evaluate(OPEN_MENUS)
            for width in (viewport["width"], 360) if size == "phone" else (viewport["width"],):
                page.set_viewport_size({"width": width, "height": viewport["height"]})  # the narrowest too
                scroll_width = page.evaluate(SCROLL_WIDTH)
                inner = page.evaluate(INNER_OVERFLOW, WIDE_GRIDS)
                if scroll_width > width or inner:
                    too_wide[f"{name} at {width}, menus {menus}"] = (scroll_width, inner)
        if page.locator("details.menu").count():
            page.screenshot(path=str(ARTIFACTS / f"{name}-menus-open-{size}.png"), full_page=True)
    assert not too_wide, "; ".join(f"{k}: {v}" for k, v in too_wide.items())


@pytest.mark.parametrize(("size", "viewport"), [("phone", PHONE), ("desktop", DESKTOP)])
def test_the_standings_come_first_and_the_menu_marks_the_page(live_server, new_page, events, size, viewport):
    event, _ = events
    page = new_page(**viewport, mobile=size == "phone")
    page.goto(f"{live_server.url}{reverse('event_standings', args=[event.pk])}")
    first_row = page.locator(".standings table tbody tr").first
    expect(first_row).to_be_visible()
    box = first_row.bounding_box()
    assert box is not None
    assert box["y"] + box["height"] <= viewport["height"]

    # The event's pages in one menu, shut at first, the page shown marked in it; opened from the keyboard.
    menu = page.locator("details.event-menu")
    current = menu.locator("a[aria-current=page]")
    expect(current).to_be_hidden()
    menu.locator("summary").focus()
    page.keyboard.press("Enter")
    expect(current).to_be_visible()
    expect(current).to_have_text("Standings")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"standings-menu-open-{size}.png"))
    assert menu.locator("a[aria-current]").count() == 1
    menu.locator("a", has_text="Pairs").click()
    expect(page).to_have_url(f"{live_server.url}{reverse('event_pairs', args=[event.pk])}")
    expect(page.locator("details.event-menu a[aria-current=page]")).to_have_text("Pairs")

    # The downloads in one menu.
    page.go_back()
    downloads = page.locator("details.downloads")
    pdf = downloads.get_by_role("link", name="Standings PDF")
    expect(pdf).to_be_hidden()
    downloads.locator("summary").click()
    expect(pdf).to_be_visible()
    assert page.evaluate(SCROLL_WIDTH) <= viewport["width"]  # the open menu fits too
    page.screenshot(path=str(ARTIFACTS / f"standings-downloads-open-{size}.png"))


def overlaps(a: dict[str, float] | None, b: dict[str, float] | None) -> bool:
    assert a is not None
    assert b is not None
    return not (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )


@pytest.mark.parametrize("media", ["screen", "print"])
def test_the_status_badge_keeps_clear_of_the_title_and_subtitle(live_server, new_page, events, media):
    event, match = events
    page = new_page(**PHONE, mobile=True)
    page.emulate_media(media=media)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for name, url in (
        ("standings", reverse("event_standings", args=[event.pk])),
        ("overview", reverse("event_detail", args=[event.pk])),
        ("team-match", reverse("team_match", args=[match.pk])),
    ):
        page.goto(f"{live_server.url}{url}")
        badge = page.locator(".page-head .status")
        expect(badge).to_be_visible()
        page.screenshot(path=str(ARTIFACTS / f"{name}-head-{media}-phone.png"))
        for other in ("main h1", "main .sub"):
            assert not overlaps(badge.bounding_box(), page.locator(other).bounding_box()), (url, other)
