"""The whole entry flow in real headless Chromium: a director enters a round, a player enters a board from a
phone with the table link, and a correction after agreement demands a reason and shows in the history."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from duplicate import services
from duplicate.models import Play, PlayChange, Round, TableToken
from tests.browser.pages import sign_in
from tests.factories import make_event, plays_at

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_director_enters_a_round_and_corrects_after_agreement(live_server, new_page, staff):
    event = make_event(tables=3, boards_per_round=2)
    plays = plays_at(event, 1, 1)
    page = new_page()
    url = reverse("entry_table", args=[event.pk, "A", 1, 1])
    sign_in(page, live_server, url)

    # The first empty row's quick-entry field has the focus: type, see the score, press Enter.
    first = page.locator(f"#board-{plays[0].board.number}")
    quick = first.locator("input.quick")
    assert quick.evaluate("el => el === document.activeElement")
    page.keyboard.type("4HX N 10")
    expect(first.locator(".score .preview-note")).to_be_visible()
    expect(first.locator(".score")).to_contain_text("law 56")
    page.keyboard.press("Enter")
    expect(page.locator(f"#board-{plays[0].board.number}.saved")).to_be_visible()
    expect(page.locator(f"#board-{plays[0].board.number} .stored")).to_contain_text("4HX by N, 10 tricks")

    # A bad strain is refused with the engine's message on the field; the next row kept the focus.
    second = page.locator(f"#board-{plays[1].board.number}")
    assert second.locator("input.quick").evaluate("el => el === document.activeElement")
    page.keyboard.type("4RS S 10")
    page.keyboard.press("Enter")
    expect(page.locator(f"#board-{plays[1].board.number}.error")).to_be_visible()
    expect(page.locator(f"#board-{plays[1].board.number} .fld-quick .field-error")).to_contain_text(
        "royal spades (RS) is not a strain of auction-1915"
    )

    # Then by the fields instead of the quick line.
    second = page.locator(f"#board-{plays[1].board.number}")
    second.locator("input.quick").fill("")
    second.locator("select[name$=-level]").select_option("3")
    second.locator("select[name$=-strain]").select_option("NT")
    second.locator("select[name$=-declarer]").select_option("S")
    second.locator("input[name$=-tricks]").fill("9")
    expect(second.locator(".score .preview-note")).to_be_visible()
    second.locator("button[value=save]").click()
    expect(page.locator(f"#board-{plays[1].board.number}.saved")).to_be_visible()
    assert Play.objects.filter(seating=plays[0].seating, entered=True).count() == 2

    # The director agrees round 1 (law E) from the table page.
    page.get_by_role("button", name="Agree round 1").click()
    expect(page.get_by_text("Round 1 agreed", exact=False).first).to_be_visible()
    assert Round.objects.get(section__event=event, number=1).agreed_at is not None

    # A correction now demands a reason...
    row = page.locator(f"#board-{plays[0].board.number}")
    row.locator("input.quick").fill("4HX N 9")
    row.locator("button[value=save]").click()
    expect(page.locator(f"#board-{plays[0].board.number}.error")).to_be_visible()
    row = page.locator(f"#board-{plays[0].board.number}")
    expect(row.locator(".fld-reason .field-error")).to_contain_text("needs a reason")
    assert Play.objects.get(pk=plays[0].pk).tricks == 10

    # ...and with one it is saved and shows in the history.
    row.locator("input.quick").fill("4HX N 9")
    row.locator("input[name$=-reason]").fill("declarer miscounted")
    row.locator("button[value=save]").click()
    expect(page.locator(f"#board-{plays[0].board.number}.saved")).to_be_visible()
    row = page.locator(f"#board-{plays[0].board.number}")
    row.locator("details.history summary").click()
    history = row.locator("details.history").inner_text()
    assert "4HX by N, 10 tricks → 4HX by N, 9 tricks" in history
    assert "Reason: declarer miscounted" in history
    assert "td" in history
    assert PlayChange.objects.filter(play_id=plays[0].pk).count() == 2


def test_player_enters_a_board_from_a_phone_with_the_table_link(live_server, new_page, staff):
    event = make_event(tables=3, boards_per_round=2)
    section = event.sections.get()

    # The director prints the table links.
    desk = new_page()
    sign_in(desk, live_server, reverse("entry_tokens", args=[event.pk]))
    desk.get_by_role("button", name="Make links for every table without one").click()
    expect(desk.locator("#token-A-2 .qr svg")).to_be_visible()
    link = desk.locator("#token-A-2 .token-url a").get_attribute("href")
    token = TableToken.objects.get(section=section, table=2, revoked=False)
    assert link == f"{live_server.url}/t/{token.secret}/"

    # A player opens it on a phone.
    phone = new_page(width=390, height=844, mobile=True)
    phone.goto(link)
    expect(phone.locator("h1")).to_have_text("Table 2 · Round 1")
    assert phone.locator("select[name$=-ruling]").count() == 0
    # Phone-sized: nothing wider than the screen.
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    play = plays_at(event, 1, 2)[0]
    row = phone.locator(f"#board-{play.board.number}")
    row.locator("input.quick").fill("3NT S =")
    expect(row.locator(".score .preview-note")).to_be_visible()
    row.locator("input.quick").press("Enter")
    expect(phone.locator(f"#board-{play.board.number}.saved")).to_be_visible()
    stored = Play.objects.get(pk=play.pk)
    assert (stored.contract, stored.declarer, stored.tricks) == ("3NT", "S", 9)
    assert PlayChange.objects.get(play=stored).who == "table 2 (token)"

    # A second device still holding the old version is told, and shown the stored result.
    other = new_page(width=390, height=844, mobile=True)
    other.goto(link)
    services.play_result_save(
        play=stored,
        data={"contract": "3NT", "declarer": "S", "tricks": 10},
        writer=services.Writer(name="td", is_director=True),
        expected_version=stored.version,
    )
    row = other.locator(f"#board-{play.board.number}")
    row.locator("input.quick").fill("4S N 10")
    row.locator("input.quick").press("Enter")
    expect(other.locator(f"#board-{play.board.number}.conflict")).to_be_visible()
    notice = other.locator(f"#board-{play.board.number} .notice").inner_text()
    assert "changed on another device" in notice
    assert "Your entry was: 4S by N, 10 tricks." in notice
    assert "3NT by S, 10 tricks" in other.locator(f"#board-{play.board.number} .stored").inner_text()
    assert Play.objects.get(pk=play.pk).tricks == 10

    # A revoked link opens nothing.
    desk.goto(f"{live_server.url}{reverse('entry_tokens', args=[event.pk])}")
    desk.locator("#token-A-2").get_by_role("button", name="Revoke").click()
    expect(desk.locator("#token-A-2").get_by_text("No link yet.")).to_be_visible()
    response = phone.goto(link)
    assert response.status == 404
    expect(phone.locator("main")).to_contain_text("This table link is not valid")
