"""A director runs a Swiss teams round from draw to standings in real headless Chromium, on a phone (390x844)
and on a desktop (1366x768): the event made on its form, round 1's results entered as whole results, round 2
drawn, two of its pairings swapped, its results entered, the VP table read; and a table link saying where its
pairs sit next.  Screenshots: /tmp/swiss_phone.png, /tmp/swiss_desktop.png."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from duplicate import services
from duplicate.models import Event
from teams.models import DrawChange, Match
from tests.browser.pages import AXE, PHONE, RUN_AXE, WCAG_TAGS, describe, sign_in
from tests.factories import teams_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DESKTOP_768 = {"width": 1366, "height": 768}
TEAMS = ["Reds: Ann Able, Bob Baker", "Blues", "Greens", "Whites", "Golds", "Greys"]


def enter_whole(page, event: Event, round_number: int, imps: list[tuple[int, int]]) -> None:
    """Each match of the round (table order) given its IMPs on its result form, from the event's page."""
    matches = Match.objects.filter(event=event, round=round_number, away__isnull=False).order_by("table")
    for match, (home, away) in zip(matches, imps, strict=True):
        page.locator(f'a[href="{reverse("matches_result", args=[event.pk, match.pk])}"]').click()
        page.get_by_label("Home").fill(str(home))
        page.get_by_label("Away").fill(str(away))
        page.get_by_role("button", name="Save the result").click()
        expect(page.locator(".messages")).to_contain_text(f"Saved the result of {match.home.name}")


def no_sideways_scroll(page) -> None:
    width = page.evaluate("() => document.documentElement.scrollWidth")
    viewport = page.evaluate("() => window.innerWidth")
    assert width <= viewport, f"the page scrolls sideways: {width} > {viewport}"


@pytest.mark.parametrize(
    ("viewport", "shot"), [(PHONE, "/tmp/swiss_phone.png"), (DESKTOP_768, "/tmp/swiss_desktop.png")]
)
def test_a_director_runs_a_swiss_round(live_server, new_page, staff, viewport, shot):
    page = new_page(**viewport, mobile=viewport is PHONE)
    sign_in(page, live_server, reverse("matches_event_create"))
    page.get_by_label("Name").fill("Autumn Swiss")
    page.get_by_label("Format").select_option("swiss-teams")
    page.get_by_label("Boards per match").fill("2")
    page.get_by_label("Swiss rounds").fill("3")
    page.get_by_label("Teams or pairs, one a line").fill("\n".join(TEAMS))
    page.get_by_label("Seeded: in the order listed").check()
    page.get_by_role("button", name="Create event").click()
    event = Event.objects.get()
    expect(page).to_have_url(f"{live_server.url}{reverse('matches_event', args=[event.pk])}")

    draw = page.get_by_role("button", name="Draw round 2")
    expect(draw).to_be_disabled()
    expect(page.locator("#draw-reason")).to_have_text("Round 1's results are not all in.")
    enter_whole(page, event, 1, [(20, 10), (12, 12), (3, 30)])
    expect(draw).to_be_enabled()
    draw.click()
    expect(page.locator(".messages")).to_contain_text("Round 2 is drawn")
    expect(page.locator("#round-2")).to_contain_text("drawn, not started")

    before = {m.table: (m.home.name, m.away.name) for m in Match.objects.filter(event=event, round=2)}
    page.get_by_label("Swap table").select_option("1")
    page.get_by_label("with table").select_option("2")
    page.get_by_role("button", name="Swap pairings").click()
    expect(page.locator(".messages")).to_contain_text("Swapped the pairings of tables 1 and 2.")
    after = {m.table: (m.home.name, m.away.name) for m in Match.objects.filter(event=event, round=2)}
    assert after[1] == (before[1][0], before[2][1])
    assert after[2] == (before[2][0], before[1][1])
    change = DrawChange.objects.get()
    expect(page.locator("#changes-heading + ul")).to_contain_text(f"{change.before} became {change.after}")

    # As soon as round 2 is drawn (and swapped) table 1's link says who sits there now.
    token = services.table_token_create(section=event.sections.get(), table=1)
    page.goto(f"{live_server.url}{reverse('entry_token', args=[token.secret])}")
    home, away = after[1]
    expect(page.locator(".seated-teams")).to_contain_text(f"Round 2, table 1: {home} N-S v {away} E-W.")
    no_sideways_scroll(page)
    page.goto(f"{live_server.url}{reverse('matches_event', args=[event.pk])}")

    enter_whole(page, event, 2, [(25, 5), (10, 0), (7, 7)])
    expect(page.locator("#round-2")).to_contain_text("complete")
    expect(page.get_by_role("button", name="Draw round 3")).to_be_enabled()
    vp_rows = page.locator("table.vp-table tbody tr")
    expect(vp_rows).to_have_count(6)
    first = vp_rows.first.locator("td")
    assert re.fullmatch(r"=?1", first.nth(0).inner_text())
    no_sideways_scroll(page)
    page.screenshot(path=shot, full_page=True)


def test_the_swiss_pages_pass_axe(live_server, new_page, staff):
    """The event's page (the director's forms too), a team's page, a match's page and the form pass axe-core's
    WCAG 2.2 A/AA checks on a phone."""
    if not AXE.exists():
        pytest.skip(f"{AXE} is missing: run `npm ci`")
    event = teams_event(5, boards=1)
    match = Match.objects.filter(event=event, round=1, away__isnull=False).first()
    team = event.teams.first()
    page = new_page(**PHONE, mobile=True, bypass_csp=True)  # axe-core is injected
    sign_in(page, live_server, reverse("matches_event", args=[event.pk]))
    for url in (
        reverse("matches_event", args=[event.pk]),
        reverse("matches_team", args=[event.pk, team.pk]),
        reverse("matches_match", args=[event.pk, match.pk]),
        reverse("matches_result", args=[event.pk, match.pk]),
        reverse("matches_guide_cards", args=[event.pk, 1]),
        reverse("matches_event_create"),
    ):
        page.goto(f"{live_server.url}{url}")
        page.add_script_tag(path=str(AXE))
        found = page.evaluate(RUN_AXE, [WCAG_TAGS, None])
        assert not found, describe([v | {"page": url} for v in found])
