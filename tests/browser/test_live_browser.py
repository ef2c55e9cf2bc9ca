"""Live pages in real headless Chromium: the standings, a traveller, a score card and a team match (law G, or by
IMPs) open in a browser take in a result saved
elsewhere (through the services, as another device's save would) at their next poll, and say "updated hh:mm:ss"
anew; the venue display shows one slide at a time, goes on to the next after its seconds, and fits a projector
(1366x900) and a phone (390x844) without sideways scrolling. The page's clock is Playwright's (page.clock): the
polls and the slides' turns come when the test moves it on, never after a real wait."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from duplicate import services
from duplicate.models import Event, Play
from duplicate.selectors import display as sel_display
from duplicate.selectors import events as sel
from duplicate.services.eventfile import event_import
from tests.browser.pages import ARTIFACTS, DESKTOP, PHONE, demo_event_in_play
from tests.factories import IMP_MATCH_RESULTS as IMP_RESULTS
from tests.factories import ODD_PAIR, enter, imp_match_file, match_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

START = dt.datetime(2026, 3, 4, 19, 30, 0, tzinfo=dt.UTC)
POLL = "00:16"  # past one poll (every 15 s)
UPDATED = re.compile(r"^updated \d\d:\d\d:\d\d$")


def save_elsewhere(play: Play) -> None:
    """A result saved by another device (the director's laptop): through the services, not this page."""
    enter(play, {"contract": "2NT", "declarer": "S", "tricks": 8})


def waiting_play(event: Event, number: int | None = None) -> Play:
    plays = Play.objects.filter(event=event, entered=False).order_by("board__number", "pk")
    play = plays.filter(board__number=number).first() if number else plays.first()
    assert play is not None
    return play


def test_the_standings_take_in_a_result_saved_elsewhere(live_server, new_page):
    event = demo_event_in_play()
    page = new_page(**DESKTOP)
    page.clock.install(time=START)
    page.goto(f"{live_server.url}{reverse('event_standings', args=[event.pk])}")
    standings, updated = page.locator(".standings"), page.locator("[data-live-updated]")
    expect(updated).to_have_text(UPDATED)
    first_stamp = updated.inner_text()
    version = int(standings.get_attribute("data-live-version") or "")
    progress = page.locator(".standings .provisional").inner_text()
    entered = int(re.search(r"(\d+) of \d+ results in", progress).group(1))  # type: ignore[union-attr]
    # Nothing changed: a poll (its answer waited for, so that it is not under way while the result is saved)
    # leaves the page and its stamp as they are.
    with page.expect_response(lambda response: response.url.endswith("/version/")) as polled:
        page.clock.fast_forward(POLL)
    assert polled.value.json() == {"version": str(version)}
    expect(updated).to_have_text(first_stamp)
    save_elsewhere(waiting_play(event))
    page.clock.fast_forward(POLL)
    expect(standings).to_have_attribute("data-live-version", str(version + 1))
    expect(page.locator(".standings .provisional")).to_contain_text(f"{entered + 1} of")
    expect(updated).to_have_text(UPDATED)
    expect(updated).not_to_have_text(first_stamp)
    page.screenshot(path=str(ARTIFACTS / "live-standings.png"), full_page=True)


def test_a_traveller_being_played_shows_itself_once_its_last_table_saves(live_server, new_page):
    event = demo_event_in_play()
    number = sorted(sel.boards_in_play(event))[0]
    page = new_page(**PHONE, mobile=True)
    page.clock.install(time=START)
    page.goto(f"{live_server.url}{reverse('board_traveller', args=[event.pk, number])}")
    expect(page.locator(".board-in-play")).to_be_visible()
    expect(page.locator("table.data")).to_have_count(0)  # no peeking: no lines while in play
    first_stamp = page.locator("[data-live-updated]").inner_text()
    save_elsewhere(waiting_play(event, number))
    page.clock.fast_forward(POLL)
    expect(page.locator(".board-in-play")).to_have_count(0)
    expect(page.locator("table.data tbody tr")).not_to_have_count(0)
    expect(page.locator("table.data")).to_contain_text("2NT by S, 8 tricks")
    expect(page.locator("[data-live-updated]")).not_to_have_text(first_stamp)


def test_a_score_card_takes_in_a_result_saved_elsewhere(live_server, new_page):
    # Pair 1's card (the player's own page): another table's result moves the results version and the card
    # is fetched anew, its "updated" stamp with it.
    event = demo_event_in_play()
    page = new_page(**PHONE, mobile=True)
    page.clock.install(time=START)
    page.goto(f"{live_server.url}{reverse('pair_scorecard', args=[event.pk, '1'])}")
    card, updated = page.locator(".scorecard-live"), page.locator("[data-live-updated]")
    expect(updated).to_have_text(UPDATED)
    first_stamp = updated.inner_text()
    version = int(card.get_attribute("data-live-version") or "")
    save_elsewhere(waiting_play(event))
    page.clock.fast_forward(POLL)
    expect(page.locator(".scorecard-live")).to_have_attribute("data-live-version", str(version + 1))
    expect(updated).not_to_have_text(first_stamp)
    expect(page.locator(".scorecard-summary")).to_contain_text("Place")


def test_a_team_match_takes_in_a_result_saved_elsewhere(live_server, new_page):
    # Table 3 has not played board 2: it is in play everywhere, its swings left out, of the totals too (Blues
    # lead by 4 over boards 1 and 3: tests/teams/test_match_boards.py); once saved, they show.
    results = dict(ODD_PAIR)
    del results[(3, 2)]
    event = match_event(results)
    page = new_page(**PHONE, mobile=True)
    page.clock.install(time=START)
    page.goto(f"{live_server.url}{reverse('team_match', args=[event.pk])}")
    match, updated = page.locator(".team-match"), page.locator("[data-live-updated]")
    expect(updated).to_have_text(UPDATED)
    first_stamp = updated.inner_text()
    version = int(match.get_attribute("data-live-version") or "")
    expect(page.locator(".match-result")).to_have_text("Blues lead by 4.")
    expect(page.get_by_text("2 of 3 boards counted")).to_be_visible()
    expect(page.get_by_text("being played").first).to_be_visible()
    play = Play.objects.get(event=event, seating__table=3, board__number=2)
    writer = services.Writer(name="td", is_director=True, user_id=None)
    services.play_result_save(play=play, data=ODD_PAIR[(3, 2)], writer=writer, expected_version=play.version)
    page.clock.fast_forward(POLL)
    expect(match).to_have_attribute("data-live-version", str(version + 1))
    expect(page.locator(".match-result")).to_have_text("Reds lead by 66.")
    expect(page.get_by_text("being played")).to_have_count(0)
    expect(updated).not_to_have_text(first_stamp)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=str(ARTIFACTS / "live-team-match-phone.png"), full_page=True)


def test_an_imp_match_takes_in_a_result_saved_elsewhere(live_server, new_page):
    # Board 4's second table (Reds N-S) has not played: Blues' +1440 there is not shown nor counted, 22-0
    # (18.55-1.45 VPs over 4 boards); once Reds' +690 is saved, 750 to Blues: 13 IMPs, 22-13, 14.60-5.40.
    event = event_import(data=imp_match_file(IMP_RESULTS[:-1]))
    page = new_page(**PHONE, mobile=True)
    page.clock.install(time=START)
    page.goto(f"{live_server.url}{reverse('team_match', args=[event.pk])}")
    match, updated = page.locator(".imp-match"), page.locator("[data-live-updated]")
    expect(updated).to_have_text(UPDATED)
    first_stamp = updated.inner_text()
    version = int(match.get_attribute("data-live-version") or "")
    expect(page.locator(".match-result")).to_have_text(
        "Reds 22 IMPs, Blues 0 IMPs: 18.55 to 1.45 VPs over 4 boards."
    )
    expect(page.get_by_text("being played", exact=True)).to_have_count(1)
    writer = services.Writer(name="td", is_director=True, user_id=None)
    play = waiting_play(event, 4)
    data = {"contract": "3NT", "declarer": "N", "tricks": 12}
    services.play_result_save(play=play, data=data, writer=writer, expected_version=play.version)
    page.clock.fast_forward(POLL)
    expect(match).to_have_attribute("data-live-version", str(version + 1))
    expect(page.locator(".match-result")).to_have_text(
        "Reds 22 IMPs, Blues 13 IMPs: 14.60 to 5.40 VPs over 4 boards."
    )
    expect(page.get_by_text("being played", exact=True)).to_have_count(0)
    expect(page.locator(".imp-match tbody tr").last).to_contain_text("1440")
    expect(updated).not_to_have_text(first_stamp)
    page.screenshot(path=str(ARTIFACTS / "live-imp-match-phone.png"), full_page=True)


@pytest.mark.parametrize(("size", "viewport"), [("desktop", DESKTOP), ("phone", PHONE)])
def test_the_display_cycles_its_slides_and_fits_the_screen(live_server, new_page, size, viewport):
    event = demo_event_in_play()
    in_play = sel.boards_in_play(event)
    page = new_page(**viewport, mobile=size == "phone")
    page.clock.install(time=START)
    page.goto(f"{live_server.url}{reverse('event_display', args=[event.pk])}?seconds=8")
    slides = page.locator("[data-slide]")
    current = page.locator("[data-slide].current")
    expect(current).to_have_count(1)
    expect(current.locator("h2")).to_contain_text("Standings")
    titles = [t.strip() for t in slides.locator("h2").all_inner_texts()]
    assert any(t.startswith("Board") for t in titles)
    assert not any(re.match(rf"Board {n}\b", t) for n in in_play for t in titles)  # no peeking
    expect(page.locator(".site-header")).to_have_count(0)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= viewport["width"]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"display-{size}.png"))
    page.clock.fast_forward("00:08")
    expect(current).to_have_count(1)
    expect(current.locator("h2")).to_have_text(titles[1])
    while_second = page.evaluate("document.scrollingElement.scrollWidth")
    assert while_second <= viewport["width"]
    # A board released meanwhile joins the slides at the next poll (on the page of slides it falls in).
    number = sorted(in_play)[0]
    for play in Play.objects.filter(event=event, board__number=number, entered=False):
        save_elsewhere(play)
    page.clock.fast_forward(POLL)
    expect(page.locator("[data-display-pages]")).to_have_attribute(
        "data-display-pages", str(sel_display.display_plan(event).pages)
    )
    on_page = [s for s in slides_of(event) if s.startswith(f"Board {number} ")]
    if on_page:
        expect(slides.locator("h2", has_text=re.compile(rf"^Board {number}\b"))).to_have_count(1)
    for index in range(slides.count()):  # every slide fits, not only the first
        page.evaluate(
            "i => document.querySelectorAll('[data-slide]').forEach((s, j) => s.classList.toggle('current', i === j))",
            index,
        )
        assert page.evaluate("document.scrollingElement.scrollWidth") <= viewport["width"], index
        if size == "desktop":  # a projector's screen is not scrolled: a slide fits it whole
            assert page.evaluate("document.scrollingElement.scrollHeight") <= viewport["height"], index
    page.screenshot(path=str(ARTIFACTS / f"display-traveller-{size}.png"))  # the last slide: a board


def slides_of(event: Event, page: int = 1) -> list[str]:
    """The titles of a page of the display's slides, as the server makes them ("Board 3 2 of 2")."""
    shown = sel_display.display(event, sel_display.display_plan(event), page)
    return [f"{s.title} {s.part} of {s.parts}" if s.parts > 1 else s.title for s in shown.slides]


def test_the_display_goes_on_to_its_next_page_after_the_last_slide_and_back_to_the_first(
    live_server, new_page, monkeypatch
):
    """A big event's display is pages of a few slides: after a page's last slide the script fetches the next
    page (the address saying which, so that a refresh keeps it), and after the last page the first; every
    released board is shown in turn.  Here a page holds three slides."""
    monkeypatch.setattr(sel_display, "SLIDES_PER_PAGE", 3)
    event = demo_event_in_play()
    pages = sel_display.display_plan(event).pages
    assert pages > 2
    page = new_page(**DESKTOP)
    page.clock.install(time=START)
    page.goto(f"{live_server.url}{reverse('event_display', args=[event.pk])}?seconds=6")
    holder, current = page.locator("[data-display-pages]"), page.locator("[data-slide].current h2")
    seen = []
    for number in [*range(1, pages + 1), 1]:
        expect(holder).to_have_attribute("data-display-page", str(number))
        titles = slides_of(event, number)
        assert 0 < len(titles) <= 3
        for title in titles:
            expect(current).to_have_text(title)
            seen.append(title)
            page.clock.fast_forward("00:06")
    assert page.url.endswith("seconds=6")  # back on the first page: no page in the address
    boards = {t.split(" ")[1] for t in seen if t.startswith("Board")}
    released = {str(n) for n in range(1, 1 + event.boards.count())} - {
        str(n) for n in sel.boards_in_play(event)
    }
    assert boards == released
