"""Unlikely results in real headless Chromium: at 390 px a table link types an odd result, is asked "Is this
right?" with what looks odd, answers "Change it" and then "Yes, save it"; at 1366 px the director's grid flags
the table with the detail (docs/laws.md, "Unlikely results")."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from duplicate import services
from duplicate.models import Play
from scoring.checks import DD_TABLE_TEXT, UNUSUAL
from tests.browser.pages import sign_in
from tests.factories import unlikely_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_phone_is_asked_and_confirms(live_server, new_page):
    event, play = unlikely_game()
    token = services.table_token_create(section=event.sections.get(), table=1)
    page = new_page(width=390, height=844, mobile=True)
    page.goto(f"{live_server.url}{reverse('entry_token', args=[token.secret])}")
    row = page.locator(f"#board-{play.board.number}")
    row.locator("input.quick").fill("4S N 10")  # double dummy 13, the other tables 13
    row.locator("input.quick").press("Enter")
    prompt = row.locator(".unlikely-prompt")
    expect(prompt).to_be_visible()
    expect(prompt).to_contain_text("Is this right?")
    expect(prompt).to_contain_text(DD_TABLE_TEXT)
    expect(prompt).to_contain_text(UNUSUAL)
    assert "13" not in prompt.inner_text()
    confirm = prompt.get_by_role("button", name="Yes, save it")
    assert confirm.evaluate("el => el === document.activeElement")  # the answer has the focus
    box = prompt.bounding_box()
    assert box is not None
    assert 0 <= box["x"] <= box["x"] + box["width"] <= 390  # no sideways scroll
    expect(row.get_by_role("button", name="Save board 1")).to_be_hidden()  # the prompt's two answers only
    page.screenshot(path="/tmp/unlikely_phone_prompt.png", full_page=True)
    assert not Play.objects.get(pk=play.pk).entered  # asked, not saved

    # "Change it": back to the form as typed, the quick line focused; 4S by N made 9 is asked again.
    prompt.get_by_role("link", name="Change it").click()
    expect(row.locator(".unlikely-prompt")).to_have_count(0)
    quick = row.locator("input.quick")
    assert quick.evaluate("el => el === document.activeElement")
    quick.fill("4S N 9")
    quick.press("Enter")
    prompt = page.locator(f"#board-{play.board.number} .unlikely-prompt")
    expect(prompt).to_contain_text(DD_TABLE_TEXT)
    prompt.get_by_role("button", name="Yes, save it").click()  # never blocked: saved as typed
    expect(page.locator(".notice").first).to_contain_text("Saved")
    page.screenshot(path="/tmp/unlikely_phone_saved.png", full_page=True)
    saved = Play.objects.get(pk=play.pk)
    assert (saved.entered, saved.contract, saved.declarer, saved.tricks) == (True, "4S", "N", 9)


def test_directors_grid_flags_the_table(live_server, new_page, staff):
    event, play = unlikely_game()
    writer = services.Writer(name="td", is_director=True, user_id=None)
    services.play_result_save(
        play=play, data={"contract": "4S", "declarer": "E", "tricks": 10}, writer=writer, expected_version=0
    )
    page = new_page(width=1366, height=768)
    sign_in(page, live_server, reverse("entry_index", args=[event.pk]))
    flag = page.locator(".unlikely-flag")
    expect(flag).to_have_count(1)
    expect(flag.locator("summary")).to_contain_text("2 unlikely")
    flag.locator("summary").focus()
    page.keyboard.press("Enter")  # the detail opens by keyboard
    expect(flag).to_contain_text("Board 1: 4S by E made 10: double-dummy says 0 tricks.")
    expect(flag).to_contain_text("Board 1: 4S by E made 10: all 2 other tables in 4S had NS declare.")
    page.screenshot(path="/tmp/unlikely_grid.png", full_page=True)
