"""The venue display on a room's screen (1920x1080) in real headless Chromium: no sideways scroll, a status
line read across the room (at least 32px), a Mitchell's two directions side by side on one slide, a board
slide with its hands once released, and the round clock counting down in the browser (Playwright's clock:
moved on by the test, never a real wait). Screenshots are left at /tmp/display-1920.png and
/tmp/display-board-1920.png to be looked at."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from duplicate import services
from duplicate.models import Play
from duplicate.selectors import events as sel
from tests.browser.pages import demo_event_in_play
from tests.factories import enter, make_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ROOM = {"width": 1920, "height": 1080}
START = dt.datetime(2026, 3, 4, 19, 30, 0, tzinfo=dt.UTC)
SHOT, BOARD_SHOT = "/tmp/display-1920.png", "/tmp/display-board-1920.png"


def px(page, selector: str, prop: str) -> float:
    return float(page.eval_on_selector(selector, f"e => getComputedStyle(e).{prop}").removesuffix("px"))


def fits(page) -> None:
    assert page.evaluate("document.scrollingElement.scrollWidth") <= ROOM["width"]
    assert page.evaluate("document.scrollingElement.scrollHeight") <= ROOM["height"]


def after_polls(page, check) -> None:
    """Move the page's clock past a poll (every 15 s) until ``check`` holds: a poll still awaiting its answer
    when the test changed the clock lets the next one pass (the script asks once at a time)."""
    for _ in range(4):
        page.clock.run_for(16_000)
        try:
            check()
        except AssertionError:
            continue
        return
    check()


def test_the_display_fills_a_rooms_screen(live_server, new_page):
    event = demo_event_in_play()  # 7 tables: 7 pairs a direction; the last round's last table still playing
    # The director started round 7 (of 7) 12 min 26 s before the page's clock: 27-minute rounds
    services.event_round_clock_set(
        event=event, minutes=27, clock_round=6, started_at=START - dt.timedelta(minutes=27 + 14, seconds=26)
    )
    page = new_page(**ROOM)
    # the page's time stands still at START but when the test moves it on (a minute for the page to load; its
    # slides shown five minutes each, so the first is still shown at START)
    page.clock.install(time=START - dt.timedelta(minutes=1))
    page.goto(f"{live_server.url}{reverse('event_display', args=[event.pk])}?seconds=300")
    page.clock.pause_at(START)
    current = page.locator("[data-slide].current")
    expect(current.locator("h2")).to_have_text("Standings")
    # both directions on the first slide, side by side
    columns = current.locator(".display-column")
    expect(columns).to_have_count(2)
    expect(columns.locator("h3")).to_have_text(["N-S", "E-W"])
    left, right = (columns.nth(i).bounding_box() for i in (0, 1))
    assert left is not None
    assert right is not None
    assert right["x"] >= left["x"] + left["width"]
    assert abs(right["y"] - left["y"]) < 1
    expect(columns.nth(0).locator("tbody tr")).to_have_count(7)
    expect(columns.nth(1).locator("tbody tr")).to_have_count(7)
    fits(page)
    assert px(page, ".display-status", "fontSize") >= 32
    assert px(page, ".display-clock", "fontSize") >= 32
    # the clock: last round, 12:34 left (27:00 - 14:26), then a second less
    clock = page.locator(".display-clock")
    expect(clock).to_have_text("Last round — 12:34 left")
    page.screenshot(path=SHOT)
    page.clock.run_for(1000)
    expect(clock).to_have_text("Last round — 12:33 left")
    page.clock.run_for(12 * 60 * 1000 + 33_000)
    expect(clock).to_have_text("Play has ended")
    # a board slide: its hands beside its traveller, on the screen whole
    in_play = sel.boards_in_play(event)
    board = page.locator("[data-slide]", has=page.locator(".hand-diagram")).first
    title = board.locator("h2").inner_text()
    number = int(re.match(r"Board (\d+)", title).group(1))  # type: ignore[union-attr]
    assert number not in in_play
    page.evaluate(
        "t => document.querySelectorAll('[data-slide]').forEach(s => s.classList.toggle('current', "
        "s.querySelector('h2').textContent.trim() === t))",
        title,
    )
    diagram, lines = board.locator(".hand-diagram"), board.locator("table.display-table")
    expect(diagram).to_be_visible()
    expect(diagram.locator(".north")).to_contain_text("North")
    hands, table = diagram.bounding_box(), lines.bounding_box()
    assert hands is not None
    assert table is not None
    assert table["x"] >= hands["x"] + hands["width"]  # side by side
    fits(page)
    page.screenshot(path=BOARD_SHOT)
    # no peeking: no board still in play has a slide, nor its hands
    titles = page.locator("[data-slide] h2").all_inner_texts()
    assert not any(re.match(rf"Board {n}\b", t) for n in in_play for t in titles)


def test_the_clock_says_a_round_has_ended_and_follows_the_director(live_server, new_page):
    event = demo_event_in_play()
    services.event_round_clock_set(
        event=event, minutes=20, clock_round=1, started_at=START - dt.timedelta(seconds=5)
    )
    page = new_page(**ROOM)
    page.clock.install(time=START - dt.timedelta(minutes=1))
    page.goto(f"{live_server.url}{reverse('event_display', args=[event.pk])}")
    page.clock.pause_at(START)
    clock = page.locator(".display-clock")
    expect(clock).to_have_text("Round 1 — 19:55 left")
    page.clock.run_for(19 * 60 * 1000 + 55_000)
    expect(clock).to_have_text("Round 1 has ended: move for round 2")
    page.clock.run_for(60_000)
    expect(clock).to_have_text("Round 2 — 19:00 left")
    # the director restarts the clock at round 7, the last: the display takes it in at its next poll
    now = START + dt.timedelta(minutes=21)
    services.event_round_clock_set(event=event, minutes=20, clock_round=7, started_at=now)
    last = re.compile(r"^Last round — 1\d:\d\d left$")
    after_polls(page, lambda: expect(clock).to_have_text(last, timeout=3000))
    services.event_round_clock_set(event=event, minutes=20, clock_round=None, started_at=None)
    after_polls(page, lambda: expect(clock).to_be_hidden(timeout=3000))


def test_a_big_fields_ranking_fills_two_columns_on_the_screen(live_server, new_page):
    # 24 tables: 24 pairs a direction, a slide of two columns of 12 each direction
    event = make_event(tables=24, boards_per_round=1)
    for n, play in enumerate(Play.objects.filter(event=event, board__number=1).order_by("pk")):
        enter(play, {"contract": "4H", "declarer": "N", "tricks": 6 + n % 8})
    page = new_page(**ROOM)
    page.goto(f"{live_server.url}{reverse('event_display', args=[event.pk])}?seconds=300")
    current = page.locator("[data-slide].current")
    expect(current.locator("h2")).to_have_text("Standings: N-S")
    columns = current.locator(".display-column")
    expect(columns).to_have_count(2)
    for index in (0, 1):
        expect(columns.nth(index).locator("tbody tr")).to_have_count(12)
    left, right = (columns.nth(i).bounding_box() for i in (0, 1))
    assert left is not None
    assert right is not None
    assert right["x"] >= left["x"] + left["width"]
    fits(page)
    page.screenshot(path="/tmp/display-big-1920.png")
