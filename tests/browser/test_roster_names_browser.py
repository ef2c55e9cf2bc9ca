"""Naming pairs from the roster in real headless Chromium, on a phone (390x844) and a desktop (1366x768): the
type-ahead on a seat's field (a WAI-ARIA combobox) used by keyboard alone, and by a tap or a click; saved, the
pair points at the roster players chosen."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from duplicate.models import Pair, Player
from tests.browser.pages import ARTIFACTS, AXE, RUN_AXE, WCAG_TAGS, describe, sign_in
from tests.factories import make_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = pytest.mark.parametrize(
    ("mobile", "viewport"),
    [(True, {"width": 390, "height": 844}), (False, {"width": 1366, "height": 768})],
    ids=["phone", "desktop"],
)


@SIZES
def test_a_director_chooses_roster_players_by_keyboard_and_by_a_tap_or_click(
    live_server, new_page, staff, mobile, viewport
):
    ann = Player.objects.create(name="Ann Lee", number="123456", body="EBU")
    Player.objects.create(name="Annette Lee", number="654321", body="EBU")
    guest = Player.objects.create(name="Bo Bell")
    event = make_event(tables=3)
    page = new_page(**viewport, mobile=mobile, bypass_csp=True)  # bypass: axe-core is injected below
    url = reverse("event_names", args=[event.pk])
    sign_in(page, live_server, url)
    size = "phone" if mobile else "desktop"

    # Keyboard only: type part of a name, ArrowDown, Enter.
    first = page.get_by_role("combobox", name="Pair 1, first player")
    first.focus()
    first.press_sequentially("ann", delay=30)
    listbox = page.get_by_role("listbox", name="Pair 1, first player: roster players")
    expect(listbox).to_be_visible()
    expect(first).to_have_attribute("aria-expanded", "true")
    expect(listbox.get_by_role("option")).to_have_text(["Ann Lee (EBU 123456)", "Annette Lee (EBU 654321)"])
    assert page.evaluate("document.scrollingElement.scrollWidth") <= viewport["width"]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"roster-typeahead-{size}.png"))
    if AXE.exists():  # the page, its list open, passes axe-core's WCAG checks
        page.add_script_tag(path=str(AXE))
        violations = page.evaluate(RUN_AXE, [WCAG_TAGS, None])
        assert not violations, describe([v | {"page": "names"} for v in violations])
    first.press("Enter")  # nothing marked yet: Enter marks the first player, sends nothing, adds no guest
    expect(page).to_have_url(f"{live_server.url}{url}")
    expect(first).to_have_value("ann")
    expect(listbox.get_by_role("option", name="Ann Lee (EBU 123456)")).to_have_attribute(
        "aria-selected", "true"
    )
    first.press("ArrowUp")
    first.press("ArrowDown")
    active = listbox.get_by_role("option", name="Ann Lee (EBU 123456)")
    expect(active).to_have_attribute("aria-selected", "true")
    expect(first).to_have_attribute("aria-activedescendant", active.get_attribute("id"))
    first.press("Enter")  # chooses; the form is not sent
    expect(first).to_have_value("Ann Lee (EBU 123456)")
    expect(first).to_have_attribute("aria-expanded", "false")
    expect(listbox).to_be_hidden()
    expect(page).to_have_url(f"{live_server.url}{url}")

    # Escape closes the list and leaves the text typed.
    second = page.get_by_role("combobox", name="Pair 1, second player")
    second.focus()
    second.press_sequentially("bell", delay=30)
    expect(second).to_have_attribute("aria-expanded", "true")
    second.press("Escape")
    expect(second).to_have_attribute("aria-expanded", "false")
    expect(second).to_have_value("bell")

    # A tap on the phone, a click on the desktop.
    second.press_sequentially(" ", delay=30)
    option = page.get_by_role("option", name="Bo Bell (guest)")
    expect(option).to_be_visible()
    if mobile:
        option.tap()
    else:
        option.click()
    expect(second).to_have_value("Bo Bell (guest)")
    expect(second).to_have_attribute("aria-expanded", "false")

    page.get_by_role("button", name="Save names").click()
    expect(page).to_have_url(re.compile(rf"/events/{event.pk}/pairs/$"))
    pair = Pair.objects.get(event=event, number="1")
    assert (pair.player1_id, pair.player2_id) == (ann.pk, guest.pk)
    assert Player.objects.count() == 3  # nobody added, nobody renamed
    # Back on the names page: the member's number and the guest's badge.
    page.goto(f"{live_server.url}{url}")
    expect(page.get_by_role("combobox", name="Pair 1, first player")).to_have_value("Ann Lee (EBU 123456)")
    row = page.locator("table.names tbody tr").first
    expect(row.locator(".badge.member")).to_have_text("EBU 123456")
    expect(row.locator(".badge.guest")).to_have_text("guest")


def test_a_team_matchs_names_page_fits_a_phone(live_server, new_page, staff):
    event = make_event(kind="teams", tables=2, event_kind="teams")
    page = new_page(width=390, height=844, mobile=True)
    sign_in(page, live_server, reverse("event_names", args=[event.pk]))
    expect(page.get_by_role("combobox", name="Pair 1, first player")).to_be_visible()
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
