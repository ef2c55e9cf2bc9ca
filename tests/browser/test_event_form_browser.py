"""The new-event form in real headless Chromium: choosing a movement shows its fields and help only (the page's
own script, which the Content-Security-Policy lets run: this site's, no inline code), the preview is reached
from the keyboard, the page works with scripts turned off, and it passes axe-core's WCAG checks, as does the
director's overview with its next steps."""

from __future__ import annotations

import os

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from duplicate.models import Event
from scoring.movements import generate
from tests.browser.pages import (
    ARTIFACTS,
    AXE,
    DESKTOP,
    PHONE,
    RUN_AXE,
    WCAG_TAGS,
    describe,
    sign_in,
)
from tests.factories import MOVEMENT_HELP as SAYS
from tests.factories import make_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Each movement's own fields: shown for it, hidden for the others.
OWN = {"howell": "howell_pairs", "mitchell": "even_tables", "custom": "movement_file"}


def shown_movement_help(page) -> set[str]:
    helps = page.locator("#field-movement .help")
    texts = [helps.nth(i).inner_text() for i in range(helps.count()) if helps.nth(i).is_visible()]
    return {kind for kind, phrase in SAYS.items() if any(phrase in text for text in texts)}


@pytest.mark.parametrize(("mobile", "viewport"), [(True, PHONE), (False, DESKTOP)], ids=["phone", "desktop"])
def test_choosing_a_movement_shows_its_fields_and_help_only(live_server, new_page, staff, mobile, viewport):
    page = new_page(**viewport, mobile=mobile)
    refused = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
    sign_in(page, live_server, reverse("event_create"))
    page.fill("input[name=tables]", "8")  # an even number: the Mitchell's even-table choice applies
    for movement in ("mitchell", "howell", "compass", "custom", "teams", "mitchell"):
        page.select_option("select[name=movement]", movement)
        assert shown_movement_help(page) == {movement}
        for kind, field in OWN.items():
            if kind == movement:
                expect(page.locator(f"#field-{field}")).to_be_visible()
            else:
                expect(page.locator(f"#field-{field}")).to_be_hidden()
        sections = page.locator("#field-sections")
        expect(sections).to_be_hidden() if movement == "teams" else expect(sections).to_be_visible()
        label = page.locator("label[for=id_tables]")
        if movement != "custom":
            assert label.inner_text().strip() == ("Pairs in each team" if movement == "teams" else "Tables")
        assert page.evaluate("document.scrollingElement.scrollWidth") <= viewport["width"]
    # The kind chosen as a team match sets the movement, and its fields follow.
    page.select_option("select[name=kind]", "teams")
    assert shown_movement_help(page) == {"teams"}
    assert refused == []


def test_the_preview_is_reached_from_the_keyboard(live_server, new_page, staff):
    page = new_page(**DESKTOP)
    sign_in(page, live_server, reverse("event_create"))
    page.fill("input[name=name]", "Howell night")
    page.locator("select[name=movement]").focus()
    page.keyboard.press("ArrowDown")  # Mitchell -> Howell, as a keyboard changes a select
    if page.locator("select[name=movement]").input_value() != "howell":  # a closed select on some systems
        page.select_option("select[name=movement]", "howell")
    expect(page.locator("#field-howell_pairs")).to_be_visible()
    page.locator("input[name=howell_pairs]").fill("9")
    page.keyboard.press("Enter")  # the form's first button: Preview, which makes nothing
    preview = page.locator(".movement-preview")
    expect(preview).to_be_visible()
    movement = generate("howell", tables=5, boards_per_round=3, pairs=9)
    expect(preview.locator("dd").nth(0)).to_have_text(str(len(movement.rounds)))
    expect(preview).to_contain_text(f"{len(movement.pairs)} pairs, one of them sitting out each round")
    assert not Event.objects.exists()
    preview_button = page.get_by_role("button", name="Preview rounds and boards")
    create = page.get_by_role("button", name="Create event")
    preview_button.focus()
    page.keyboard.press("Tab")
    expect(create).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.get_by_text("Created Howell night")).to_be_visible()
    assert Event.objects.get().sections.get().tables == 4  # 9 pairs: 4 tables and a sit-out


def test_without_scripts_preview_brings_the_chosen_movements_fields(live_server, browser, staff):
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    try:
        page = context.new_page()
        sign_in(page, live_server, reverse("event_create"))
        expect(page.locator("#field-even_tables")).to_be_hidden()  # 7 tables: no even-table choice
        expect(page.locator("#field-howell_pairs")).to_be_hidden()
        page.fill("input[name=name]", "Compass night")
        page.fill("input[name=tables]", "8")
        page.get_by_role("button", name="Preview rounds and boards").click()
        expect(page.locator("#field-even_tables")).to_be_visible()
        page.select_option("select[name=movement]", "compass")
        page.fill("input[name=tables]", "6")
        page.get_by_role("button", name="Preview rounds and boards").click()
        expect(page.locator(".movement-preview")).to_be_visible()
        assert shown_movement_help(page) == {"compass"}
        expect(page.locator("#field-even_tables")).to_be_hidden()
        movement = generate("compass", tables=6, boards_per_round=3)
        expect(page.locator(".movement-preview")).to_contain_text(
            f"{len(movement.rounds)} rounds of 3 boards at 6 tables: {len(movement.boards)} boards in all"
        )
        page.get_by_role("button", name="Create event").click()
        expect(page.get_by_text("Created Compass night")).to_be_visible()
    finally:
        context.close()


@pytest.mark.parametrize(("size", "viewport"), [("phone", PHONE), ("desktop", DESKTOP)])
def test_the_directors_set_up_pages_pass_the_automated_wcag_checks(
    live_server, new_page, staff, size, viewport
):
    if not AXE.exists():
        message = f"{AXE} is missing: run `npm ci` at the repository's root (`make test` does)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    event = make_event(tables=4)
    page = new_page(**viewport, mobile=size == "phone", bypass_csp=True)
    sign_in(page, live_server, reverse("event_create"))
    page.fill("input[name=name]", "Axe night")
    page.get_by_role("button", name="Preview rounds and boards").click()
    expect(page.locator(".movement-preview")).to_be_visible()
    violations = []
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for name in ("new-event-preview", "overview", "table-links"):
        if name == "overview":
            page.goto(f"{live_server.url}{reverse('event_detail', args=[event.pk])}")
        elif name == "table-links":
            page.goto(f"{live_server.url}{reverse('entry_tokens', args=[event.pk])}")
        page.screenshot(path=str(ARTIFACTS / f"axe-director-{name}-{size}.png"), full_page=True)
        page.add_script_tag(path=str(AXE))
        found = page.evaluate(RUN_AXE, [WCAG_TAGS, None])
        violations += [v | {"page": name} for v in found]
    assert not violations, describe(violations)
