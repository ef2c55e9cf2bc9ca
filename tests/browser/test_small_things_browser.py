"""Small things seen on the entry page, in real headless Chromium: a whist event's quick-entry help gives only
whist's lines (the tricks N-S won), never an auction; a visitor is not told to type a quick entry where there
is no form; a correction refused for want of a reason (law E), sent through the page's script, leaves the row
showing the stored result with the typed correction kept in the quick entry."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from duplicate import services
from duplicate.models import Play, Round
from scoring.quick import parse_quick
from tests.browser.pages import ARTIFACTS, PHONE, sign_in
from tests.factories import enter, make_event, plays_at

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_whist_events_help_gives_whist_lines_only(live_server, new_page, staff):
    event = make_event(code="whist", tables=3, boards_per_round=2)
    page = new_page(**PHONE, mobile=True)
    sign_in(page, live_server, reverse("entry_table", args=[event.pk, "A", 1, 1]))
    help_line = page.locator(".help-line")
    expect(help_line).to_be_visible()
    expect(help_line).to_contain_text("the tricks N-S won")
    examples = [k for k in help_line.locator("kbd").all_inner_texts() if k != "Enter"]
    assert len(examples) >= 3
    for example in examples:  # each a whist line: the tricks N-S won (no contract, no declarer)
        assert "tricks_ns" in parse_quick(example, code="whist", current={}), example
    assert not re.search(r"\b\d(NT|[SHDC])X*\b", help_line.inner_text())
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "whist-entry-help-phone.png"), full_page=True)


def test_a_visitor_is_not_told_to_type_where_there_is_no_form(live_server, new_page):
    event = make_event(tables=3, boards_per_round=2)
    page = new_page(**PHONE, mobile=True)
    page.goto(f"{live_server.url}{reverse('entry_table', args=[event.pk, 'A', 1, 1])}")
    expect(page.locator("main h1")).to_be_visible()
    expect(page.locator(".entry-rows")).to_be_visible()
    expect(page.locator(".help-line")).to_have_count(0)
    expect(page.locator("main input.quick")).to_have_count(0)
    assert "quick entry" not in page.locator("main").inner_text().lower()


def test_a_correction_refused_for_want_of_a_reason_keeps_the_stored_result_on_show(
    live_server, new_page, staff
):
    event = make_event(tables=3, boards_per_round=2)
    play = plays_at(event, 1, 1)[0]
    enter(play, {"contract": "4H", "declarer": "N", "tricks": 10})
    services.round_agree(round=Round.objects.get(section__event=event, number=1), user_id=None)
    page = new_page()
    sign_in(page, live_server, reverse("entry_table", args=[event.pk, "A", 1, 1]))
    row = page.locator(f"#board-{play.board.number}")
    stored_score = row.locator(".score").inner_text()
    row.locator("input.quick").fill("4S N 8")
    row.locator("input.quick").press("Enter")  # through the page's script (a fetch), as a director types
    expect(page.locator(f"#board-{play.board.number}.error")).to_be_visible()
    row = page.locator(f"#board-{play.board.number}")
    expect(row.locator(".fld-reason .field-error")).to_contain_text("needs a reason")
    # The row shows the stored 4H by N, 10 tricks (fields, summary and score); the correction stays typed.
    expect(row.locator("input.quick")).to_have_value("4S N 8")
    expect(row.locator(".stored")).to_contain_text("4H by N, 10 tricks")
    expect(row.locator("input[name$=-tricks]")).to_have_value("10")
    expect(row.locator("select[name$=-strain]")).to_have_value("H")
    expect(row.locator(".score")).to_contain_text("net N-S 157")  # 4H made: 32 + law A's premium 125
    assert row.locator(".score").inner_text() == stored_score
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "correction-refused-desktop.png"), full_page=True)
    play.refresh_from_db()
    assert (play.contract, play.tricks) == ("4H", 10)
    # With a reason, the typed correction is saved.
    row.locator("input[name$=-reason]").fill("traveller misread")
    row.locator("input.quick").press("Enter")
    expect(page.locator(f"#board-{play.board.number}.saved")).to_be_visible()
    assert Play.objects.get(pk=play.pk).tricks == 8
