"""Every public page passes axe-core's automated WCAG 2.2 A/AA checks, on a phone (390x844) and a desktop
(1366x900), in real headless Chromium. axe-core comes from the npm registry at the version package-lock.json
pins (`make test` runs `npm ci`); it is injected into each page as a script. Each page's screenshot is saved
under tests/artifacts/ to be looked at."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.pages import (
    ARTIFACTS,
    AXE,
    DESKTOP,
    OPEN_MENUS,
    PHONE,
    RUN_AXE,
    WCAG_TAGS,
    demo_event_in_play,
    describe,
    public_pages,
)
from tests.factories import ODD_PAIR, match_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(scope="module")
def axe_script() -> Path:
    if not AXE.exists():
        message = f"{AXE} is missing: run `npm ci` at the repository's root (`make test` does)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return AXE


@pytest.mark.parametrize(("size", "viewport"), [("phone", PHONE), ("desktop", DESKTOP)])
def test_every_public_page_passes_the_automated_wcag_checks(
    live_server, new_page, axe_script, size, viewport
):
    event, match = demo_event_in_play(), match_event(ODD_PAIR)
    pages = public_pages(event, match)  # the phone test's list: one list of public pages for both
    assert {"recap", "movement", "table-link", "sign-in", "team-match", "scorecard", "display"} <= set(pages)
    assert {"contract-standings", "contract-traveller", "contract-table-link"} <= set(pages)
    page = new_page(**viewport, mobile=size == "phone", bypass_csp=True)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    violations = []
    for name, url in pages.items():
        page.goto(f"{live_server.url}{url}")
        expect(page.locator("main h1")).to_be_visible()
        page.screenshot(path=str(ARTIFACTS / f"axe-{name}-{size}.png"), full_page=True)
        page.add_script_tag(path=str(axe_script))
        found = page.evaluate(RUN_AXE, [WCAG_TAGS, None])
        violations += [v | {"page": f"{name} ({url})"} for v in found]
        if page.locator("details.menu").count():
            # Its menus open (the pages', the downloads': PDF, xlsx, CSV, PBN), checked themselves: an open
            # menu lies over the page, whose targets it covers while open.
            page.evaluate(OPEN_MENUS)
            found = page.evaluate(RUN_AXE, [WCAG_TAGS, {"include": [["details.menu"]]}])
            violations += [v | {"page": f"{name} ({url}), menus open"} for v in found]
    assert not violations, f"axe-core found {len(violations)} violation(s) at {size} size:\n" + describe(
        violations
    )
