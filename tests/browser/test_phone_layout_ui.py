"""What a new director and the players saw run together on a phone, measured in real headless Chromium at
390x844 and 360 px wide: the rendered boxes, not the HTML.

* A table's neighbouring cells keep their text apart: a score card's board 16 against pair 13 read "1613"
  (a right-aligned number beside a left-aligned one, each link taking its cell's padding).
* The find-your-pair box is a phone's size: text of 16 px at least (iOS zooms into a smaller field) and 44 px
  high, the Find button too.
* The round summary's headings keep "N-S" and "E-W" whole (they wrapped as "E-" / "W").
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from duplicate import services
from duplicate.models import Pair
from duplicate.selectors import events as sel
from tests.browser.pages import ARTIFACTS, PHONE, demo_event_in_play
from tests.factories import make_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = (390, 360)
MIN_GAP = 6  # px between one cell's text and the next cell's: more than a space's width at phone sizes

# For each visible row of the page's tables, each pair of neighbouring visible cells: their texts' extents
# (the rendered text only: a link's 24 px box may reach into its cell's padding) and the gap between them.
CELL_GAPS = """() => {
  const extent = cell => {
    const range = document.createRange();
    range.selectNodeContents(cell);
    const rects = Array.from(range.getClientRects()).filter(r => r.width >= 1 && r.height >= 1);
    if (!rects.length) return null;
    return {left: Math.min(...rects.map(r => r.left)), right: Math.max(...rects.map(r => r.right)),
            top: Math.min(...rects.map(r => r.top)), bottom: Math.max(...rects.map(r => r.bottom))};
  };
  const out = [];
  document.querySelectorAll('main table tbody tr').forEach(row => {
    const cells = Array.from(row.children).filter(c => getComputedStyle(c).display !== 'none');
    for (let i = 0; i + 1 < cells.length; i++) {
      const a = extent(cells[i]), b = extent(cells[i + 1]);
      if (!a || !b || a.bottom <= b.top || b.bottom <= a.top) continue;  // no text, or not side by side
      out.push({left: cells[i].innerText.trim(), right: cells[i + 1].innerText.trim(), gap: b.left - a.right});
    }
  });
  return out;
}"""


def close_cells(page) -> list[str]:
    return [
        f"{g['left']!r}|{g['right']!r}: {g['gap']:.1f} px"
        for g in page.evaluate(CELL_GAPS)
        if g["gap"] < MIN_GAP
    ]


def test_a_score_card_keeps_the_board_and_the_opponents_apart_on_a_phone(live_server, new_page):
    event = demo_event_in_play()
    in_play = sorted(sel.boards_in_play(event))
    released = next(n for n in range(1, 100) if n not in in_play)
    pages = {
        f"scorecard-{number}": reverse("pair_scorecard", args=[event.pk, number])
        for number in Pair.objects.filter(section__event=event).values_list("number", flat=True)
    }
    pages["traveller"] = reverse("board_traveller", args=[event.pk, released])
    pages["standings"] = reverse("event_standings", args=[event.pk])
    page = new_page(**PHONE, mobile=True)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    too_close = {}
    for name, url in pages.items():
        page.goto(f"{live_server.url}{url}")
        expect(page.locator("main table").first).to_be_visible()
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": PHONE["height"]})
            if close := close_cells(page):
                too_close[f"{name} at {width}"] = close
        page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}{pages['scorecard-13']}")
    page.screenshot(path=str(ARTIFACTS / "scorecard-13-columns-phone.png"), full_page=True)
    # The card read as the issue read it: board 16 against pair 13 (a row of it, at least) was "1613".
    first = page.locator("main table tbody tr").first.locator("td:visible")
    assert first.nth(0).inner_text().strip().isdigit()
    assert not too_close, too_close


@pytest.mark.parametrize("width", WIDTHS)
def test_the_find_your_pair_box_is_a_phones_size(live_server, new_page, width):
    event = demo_event_in_play()
    page = new_page(width=width, height=PHONE["height"], mobile=True)
    for url in (reverse("event_standings", args=[event.pk]), reverse("event_detail", args=[event.pk])):
        page.goto(f"{live_server.url}{url}")
        for control in (
            page.get_by_role("searchbox", name="Find your pair"),
            page.get_by_role("button", name="Find"),
        ):
            expect(control).to_be_visible()
            box = control.bounding_box()
            assert box is not None
            size = control.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
            assert size >= 16, (url, control, size)  # smaller, iOS zooms the page into the field
            assert box["height"] >= 44, (url, control, box)  # a finger's height
        assert page.evaluate("document.scrollingElement.scrollWidth") <= width


# How many lines each occurrence of "N-S" and "E-W" in the headings ``selector`` finds takes (1: whole).
SIDE_LINES = """selector => {
  const out = [];
  document.querySelectorAll(selector).forEach(th => {
    const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const side of ['N-S', 'E-W']) {
        let at = node.data.indexOf(side);
        while (at >= 0) {
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + side.length);
          const tops = new Set(Array.from(range.getClientRects()).filter(r => r.width >= 1).map(r => Math.round(r.top)));
          if (tops.size) out.push({side, text: th.innerText, lines: tops.size});  // shown (not a phone's hidden column)
          at = node.data.indexOf(side, at + 1);
        }
      }
    }
  });
  return out;
}"""


@pytest.mark.parametrize("width", WIDTHS)
def test_the_round_summary_keeps_n_s_and_e_w_whole_in_its_headings(live_server, new_page, width):
    event = make_event(tables=3, boards_per_round=2)
    token = services.table_token_create(section=event.sections.get(), table=1)
    phone = new_page(width=width, height=PHONE["height"], mobile=True)
    phone.goto(f"{live_server.url}{reverse('entry_token', args=[token.secret])}")
    first = phone.locator("input.quick").first
    first.fill("1NT S 7")
    first.press("Enter")
    expect(phone.locator(".saved")).to_have_count(1)
    last = phone.locator("input.quick").nth(1)
    last.fill("3NT S 9")
    last.press("Enter")
    expect(phone.locator("h2#summary")).to_be_visible()
    phone.screenshot(path=str(ARTIFACTS / f"round-summary-{width}.png"), full_page=True)
    sides = phone.evaluate(SIDE_LINES, ".round-summary thead th")
    assert {s["side"] for s in sides} == {"N-S", "E-W"}
    assert [s for s in sides if s["lines"] != 1] == []


@pytest.mark.parametrize("width", WIDTHS)
def test_the_tables_headings_keep_n_s_and_e_w_whole(live_server, new_page, width):
    # The traveller's narrow N-S and E-W columns broke their headings as "N-" / "S" as well.
    event = demo_event_in_play()
    released = next(n for n in range(1, 100) if n not in sel.boards_in_play(event))
    page = new_page(width=width, height=PHONE["height"], mobile=True)
    broken = {}
    for url in (
        reverse("board_traveller", args=[event.pk, released]),
        reverse("pair_scorecard", args=[event.pk, "1"]),
        reverse("event_standings", args=[event.pk]),
    ):
        page.goto(f"{live_server.url}{url}")
        sides = page.evaluate(SIDE_LINES, "main table th")
        broken[url] = [s["text"] for s in sides if s["lines"] != 1]
        assert page.evaluate("document.scrollingElement.scrollWidth") <= width
    assert {url: texts for url, texts in broken.items() if texts} == {}
