"""The new-event form in real headless Chromium shows only the fields that apply as the choices change (its
own script: this site's, which the Content-Security-Policy lets run), and without scripts through the
Preview round trip:

* "IMPs of average plus" (law 86A) only for contract bridge scored in IMPs (Butler, cross-IMPs, a team
  match's IMPs); not for auction or whist, nor matchpoints;
* "Contest" only for contract bridge, offering its kind's contests and taking matchpoints (pairs) or IMPs
  (a team match), never "Law H / law G (auction, whist)";
* "Even-table Mitchell" only at an even number of tables; "Ranking of sections" only with several.
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from duplicate.models import Event
from tests.browser.pages import PHONE, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

APPLYING = ("contest", "average_plus_imps", "butler_drop", "butler_halves", "even_tables", "ranking")


def applying(page) -> set[str]:
    return {name for name in APPLYING if page.locator(f"#field-{name}").is_visible()}


def offered(page) -> list[str]:
    """The contests one can choose: the options neither hidden nor disabled."""
    return page.locator("select[name=contest]").evaluate(
        "s => Array.from(s.options).filter(o => !o.hidden && !o.disabled).map(o => o.value)"
    )


def test_the_fields_that_apply_follow_the_choices(live_server, new_page, staff):
    page = new_page(**PHONE, mobile=True)
    refused = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
    sign_in(page, live_server, reverse("event_create"))
    assert applying(page) == set()  # auction 1915, 7 tables, one section

    page.select_option("select[name=code]", "whist")
    assert applying(page) == set()
    page.select_option("select[name=code]", "contract")
    assert applying(page) == {"contest"}
    assert page.locator("select[name=contest]").input_value() == "matchpoints"
    assert offered(page) == ["matchpoints", "butler", "cross-imps", "swiss-pairs"]
    page.select_option("select[name=contest]", "butler")
    assert applying(page) == {"contest", "average_plus_imps", "butler_drop", "butler_halves"}
    page.select_option("select[name=contest]", "cross-imps")
    assert applying(page) == {"contest", "average_plus_imps"}
    page.select_option("select[name=contest]", "matchpoints")
    assert applying(page) == {"contest"}

    page.select_option("select[name=kind]", "teams")  # a team match: its movement, its IMPs
    assert page.locator("select[name=movement]").input_value() == "teams"
    assert page.locator("select[name=contest]").input_value() == "imps"
    assert offered(page) == ["imps", "round-robin", "swiss-teams"]
    assert applying(page) == {"contest", "average_plus_imps"}
    page.select_option("select[name=kind]", "pairs")
    assert page.locator("select[name=contest]").input_value() == "matchpoints"

    page.select_option("select[name=code]", "auction-1915")  # no contest: law H, its field hidden
    assert applying(page) == set()
    assert page.locator("select[name=contest]").input_value() == ""

    page.fill("input[name=tables]", "8")  # as typed, not only on leaving the field
    assert applying(page) == {"even_tables"}
    page.fill("input[name=tables]", "9")
    assert applying(page) == set()
    page.fill("input[name=tables]", "8")
    page.select_option("select[name=movement]", "howell")
    assert applying(page) == set()
    page.select_option("select[name=movement]", "mitchell")
    page.fill("input[name=sections]", "2")
    assert applying(page) == {"even_tables", "ranking"}
    page.fill("input[name=sections]", "1")
    assert applying(page) == {"even_tables"}
    assert refused == []

    # What was chosen is what is made: a contract team match by IMPs.
    page.fill("input[name=name]", "Teams")
    page.select_option("select[name=code]", "contract")
    page.select_option("select[name=kind]", "teams")
    page.fill("input[name=tables]", "2")
    page.get_by_role("button", name="Create event").click()
    expect(page.get_by_text("Created Teams")).to_be_visible()
    assert Event.objects.values_list("code", "kind", "contest").get() == ("contract", "teams", "imps")


def test_without_scripts_preview_brings_the_fields_that_apply(live_server, browser, staff):
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    try:
        page = context.new_page()
        sign_in(page, live_server, reverse("event_create"))
        assert applying(page) == set()
        page.fill("input[name=name]", "Contract night")
        page.select_option("select[name=code]", "contract")
        page.fill("input[name=tables]", "8")
        page.fill("input[name=sections]", "2")
        page.get_by_role("button", name="Preview rounds and boards").click()
        expect(page.locator(".movement-preview")).to_be_visible()
        assert applying(page) == {"contest", "even_tables", "ranking"}
        assert page.locator("select[name=contest]").input_value() == "matchpoints"
        assert offered(page) == ["matchpoints", "butler", "cross-imps", "swiss-pairs"]
        page.select_option("select[name=contest]", "butler")
        page.get_by_role("button", name="Preview rounds and boards").click()
        expect(page.locator(".movement-preview")).to_be_visible()
        assert applying(page) == {
            *("contest", "average_plus_imps", "butler_drop", "butler_halves", "even_tables", "ranking")
        }
        page.get_by_role("button", name="Create event").click()
        expect(page.get_by_text("Created Contract night")).to_be_visible()
        assert Event.objects.values_list("contest", flat=True).get() == "butler"
    finally:
        context.close()
