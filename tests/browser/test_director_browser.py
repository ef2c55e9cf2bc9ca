"""The director's set-up pages in real headless Chromium: the new-event form (its date filled, a team match
switching the movement), naming the pairs by pasting rows from a spreadsheet."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from duplicate.models import Event, Pair
from tests.browser.pages import sign_in
from tests.factories import make_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = pytest.mark.parametrize(
    ("mobile", "viewport"),
    [(True, {"width": 390, "height": 844}), (False, {"width": 1366, "height": 900})],
    ids=["phone", "desktop"],
)


@SIZES
def test_new_event_date_is_filled_and_a_team_match_sets_its_movement(
    live_server, new_page, staff, mobile, viewport
):
    page = new_page(**viewport, mobile=mobile)
    url = reverse("event_create")
    sign_in(page, live_server, url)
    assert page.locator("input[name=date]").input_value() == dt.date.today().isoformat()
    assert page.evaluate("document.scrollingElement.scrollWidth") <= viewport["width"]

    page.fill("input[name=name]", "Reds v Blues")
    page.select_option("select[name=kind]", "teams")
    assert page.locator("select[name=movement]").input_value() == "teams"
    page.select_option("select[name=kind]", "pairs")
    assert page.locator("select[name=movement]").input_value() == "mitchell"
    page.select_option("select[name=movement]", "teams")
    assert page.locator("select[name=kind]").input_value() == "teams"
    page.fill("input[name=tables]", "2")
    page.get_by_role("button", name="Create event").click()
    expect(page.get_by_text("Created Reds v Blues")).to_be_visible()

    event = Event.objects.get()
    assert (event.kind, event.date, event.sections.get().movement_kind) == ("teams", dt.date.today(), "teams")


@SIZES
def test_director_names_twelve_pairs_by_pasting(live_server, new_page, staff, mobile, viewport):
    event = make_event(tables=6)
    page = new_page(**viewport, mobile=mobile)
    pairs_url = reverse("event_pairs", args=[event.pk])
    sign_in(page, live_server, pairs_url)
    page.get_by_role("link", name="Name every pair").click()
    rows = "\n".join(f"{n}\tPlayer {n}a\tPlayer {n}b" for n in range(1, 13))
    page.fill("textarea[name=paste]", rows)
    page.get_by_role("button", name="Save names").click()
    expect(page).to_have_url(f"{live_server.url}{pairs_url}")
    expect(page.get_by_text("Player 12a & Player 12b")).to_be_visible()
    assert {p.number: p.player_names for p in Pair.objects.filter(event=event)} == {
        str(n): [f"Player {n}a", f"Player {n}b"] for n in range(1, 13)
    }
