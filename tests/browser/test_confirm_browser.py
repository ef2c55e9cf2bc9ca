"""Both sides confirm in real headless Chromium: at 390 px a table link enters a result as N-S, E-W tap
"Confirm (E-W)" on the same phone, and once the round's results are confirmed the link shows the round's
summary and opens the next round; at 1366 px the director's grid marks the results waiting
(docs/laws.md, "Both sides confirm")."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from duplicate import services
from duplicate.models import Play
from tests.browser.pages import AXE, RUN_AXE, WCAG_TAGS, sign_in
from tests.factories import make_event, plays_at

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _confirming():
    event = make_event(tables=3, boards_per_round=2)
    services.event_confirm_results_set(event=event, confirm_results=True)
    return event


def test_phone_enters_the_opponents_confirm_and_the_round_moves_on(live_server, new_page):
    event = _confirming()
    token = services.table_token_create(section=event.sections.get(), table=1)
    one, two = plays_at(event, 1, 1)
    page = new_page(width=390, height=844, mobile=True, bypass_csp=True)
    page.goto(f"{live_server.url}{reverse('entry_token', args=[token.secret])}")
    expect(page.locator("h1")).to_contain_text("Round 1")

    row = page.locator(f"#board-{one.board.number}")
    expect(row.get_by_label("Entered by")).to_have_value("NS")  # North enters by default
    row.locator("input.quick").fill("1NT S 7")
    row.locator("input.quick").press("Enter")
    waiting = page.locator(f"#board-{one.board.number} .awaiting-confirm")
    expect(waiting).to_contain_text("E-W: check and confirm.")
    expect(waiting).to_contain_text("Entered by N-S: 1NT by S, 7 tricks")
    button = waiting.get_by_role("button", name="Confirm (E-W)")
    box = button.bounding_box()
    assert box is not None
    assert 0 <= box["x"] <= box["x"] + box["width"] <= 390  # on the phone's screen, no sideways scroll
    assert box["height"] >= 44  # a big target for one tap
    page.screenshot(path="/tmp/confirm_phone_waiting.png", full_page=True)
    if AXE.exists():  # the waiting row and its button pass axe-core's WCAG checks (npm ci installs it)
        page.add_script_tag(path=str(AXE))
        assert page.evaluate(RUN_AXE, [WCAG_TAGS, None]) == []
    assert Play.objects.get(pk=one.pk).confirmed_at is None
    button.tap()
    expect(page.locator(".messages")).to_contain_text("Board 1 confirmed by E-W: 1NT by S, 7 tricks.")
    expect(page.locator(f"#board-{one.board.number} .awaiting-confirm")).to_have_count(0)
    assert Play.objects.get(pk=one.pk).confirmed_at is not None
    expect(page.locator("h1")).to_contain_text("Round 1")

    # Board 2 entered by E-W this time: N-S confirm it, and the round is over at the table.
    row = page.locator(f"#board-{two.board.number}")
    row.get_by_label("Entered by").select_option("EW")
    row.locator("input.quick").fill("2S N 8")
    row.locator("input.quick").press("Enter")
    waiting = page.locator(f"#board-{two.board.number} .awaiting-confirm")
    expect(waiting).to_contain_text("N-S: check and confirm.")
    expect(page.locator("#summary")).to_have_count(0)  # every board in, not yet agreed at the table
    waiting.get_by_role("button", name="Confirm (N-S)").tap()
    expect(page.locator("#summary")).to_contain_text("Round 1 is in")
    expect(page.locator("h1")).to_contain_text("Round 2")  # the link opens the next round
    page.screenshot(path="/tmp/confirm_phone_summary.png", full_page=True)


def test_directors_grid_marks_unconfirmed_results(live_server, new_page, staff):
    event = _confirming()
    table = services.Writer(name="table 1 (token)", is_director=False)
    for play in plays_at(event, 1, 1):
        services.play_result_save(
            play=play, data={"contract": "PASS"}, writer=table, expected_version=0, side="NS"
        )
    first = plays_at(event, 1, 1)[0]
    services.play_result_confirm(play_id=first.pk, version=first.version, side="EW", writer=table)
    page = new_page(width=1366, height=768)
    sign_in(page, live_server, reverse("entry_index", args=[event.pk]))
    flag = page.locator(".unconfirmed-flag")
    expect(flag).to_have_count(1)
    expect(flag).to_contain_text("1 to confirm")
    expect(flag).to_be_visible()
    expect(page.locator("#round-A-1 .unconfirmed-count")).to_contain_text("1 unconfirmed")
    expect(page.locator("#round-A-2 .unconfirmed-count")).to_have_count(0)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 1366  # the grid's marks fit the desktop's width
    page.screenshot(path="/tmp/confirm_grid.png", full_page=True)
