"""The director's overview on a phone (390x844), measured in real headless Chromium.

* Its checkboxes (Finish, Reopen, running totals) were the browser's 13x13 px: each label is now the
  target, at least 44 px high, and a tap on its words ticks the box.
* The running totals and the ranking of sections sit in a "Settings" section below Next steps (and below
  the Finish form), not above them.
* The page, Settings open, passes axe-core's WCAG 2.2 A/AA checks, as the public pages do.
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from duplicate import services
from tests.browser.pages import AXE, PHONE, RUN_AXE, WCAG_TAGS, describe, sign_in
from tests.factories import make_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TARGET = 44  # px: a finger's target (WCAG 2.5.5, Apple's and Google's guides)


def box(locator) -> dict:
    found = locator.bounding_box()
    assert found is not None
    return found


def check_target(page, name: str) -> None:
    """The checkbox in the label whose words hold ``name``: its label 44 px high at least, around the box,
    and a tap on the label's far end (its words, not the box) ticks it."""
    label = page.locator("label:has(input[type=checkbox])", has_text=name)
    checkbox = label.locator("input[type=checkbox]")
    outer, inner = box(label), box(checkbox)
    assert outer["height"] >= TARGET, f"{name}: label {outer['height']:.0f} px high"
    assert outer["y"] <= inner["y"]  # the box inside its label
    assert inner["y"] + inner["height"] <= outer["y"] + outer["height"]
    assert not checkbox.is_checked() or name == "Running totals"
    before = checkbox.is_checked()
    label.click(position={"x": outer["width"] - 5, "y": outer["height"] / 2})
    assert checkbox.is_checked() is not before
    label.click(position={"x": outer["width"] - 5, "y": outer["height"] / 2})


def test_the_overviews_checkboxes_are_a_fingers_target_on_a_phone(live_server, new_page, staff):
    event = make_event(tables=3, boards_per_round=2)
    url = reverse("event_detail", args=[event.pk])
    page = new_page(**PHONE, mobile=True)
    sign_in(page, live_server, url)
    check_target(page, "Play is over")
    page.locator("details.settings > summary").click()
    check_target(page, "Running totals")
    summary = box(page.locator("details.settings > summary"))
    assert summary["height"] >= TARGET

    services.event_finish(event=event)
    page.reload()
    check_target(page, "Reopen")


def test_settings_sit_below_next_steps(live_server, new_page, staff):
    event = make_event(name="Two sections", sections=2)
    url = reverse("event_detail", args=[event.pk])
    page = new_page(**PHONE, mobile=True, bypass_csp=True)  # axe-core is injected below
    sign_in(page, live_server, url)
    settings = page.locator("details", has=page.locator("summary", has_text="Settings"))
    if settings.count():
        # Closed until asked for: the running totals and the ranking of sections inside it.
        expect(page.get_by_text("Running totals over every result")).to_be_hidden()
        expect(page.get_by_label("Ranking of sections")).to_be_hidden()
        settings.locator("summary").click()
    below = max(
        box(page.locator("#next-steps"))["y"], box(page.locator("button", has_text="Finish event"))["y"]
    )
    for form in (
        page.get_by_text("Running totals over every result"),
        page.get_by_label("Ranking of sections"),
    ):
        expect(form).to_be_visible()
        assert box(form)["y"] > below
    expect(settings).to_have_count(1)
    if not AXE.exists():
        pytest.skip(f"{AXE} is missing: run `npm ci` (the measurements above passed)")
    page.add_script_tag(path=str(AXE))
    found = page.evaluate(RUN_AXE, [WCAG_TAGS, None])
    assert not found, describe([v | {"page": "director's overview"} for v in found])
