"""A championship run by a director in real headless Chromium, on a phone (390x844) and a laptop (1366x768):
the new-championship form (the share carried shown only with a qualifying session), two sessions added with
the new-event form under different movements (a Mitchell, then a Howell), a result entered on the director's
table page, and the overall standings.

Hand-worked figures (matchpoints, 2 for each result beaten, 1 for each tied). Session 1, a 3-table Mitchell of
one board a round (boards 1-3, each played at three tables): on board 1 N-S pair 1 (Ann Abel & Bea Bond) make
3NT, +400, against E-W pair 4 (Gus Gray & Hal Hunt); every other result is a pass-out. Board 1: pair 1 4 MPs,
N-S 2 and 3 1 each; E-W 4 0, E-W 5 and 6 3 each; boards 2 and 3: 2 each. Session 1: pair 1 8, 2 and 3 5, 4 4,
5 and 6 7. Session 2, a 3-table Howell of 6 pairs (5 rounds of 2 boards), every board passed out: 10 boards
each at 2 MPs, 20 each. Overall (totals added): Ann & Bea 28, Ian Ivy & Jim Judd and Kit King & Len Lamb 27,
Cat Cole & Dot Dunn and Eve Eyre & Fay Fox 25, Gus & Hal 24."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from duplicate import services
from duplicate.models import Championship, Event, Play
from duplicate.services.championships import championship_create
from tests.browser.pages import AXE, RUN_AXE, WCAG_TAGS, describe, sign_in
from tests.factories import CHAMPIONSHIP_SEATS, PASSED, enter

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = pytest.mark.parametrize(
    ("mobile", "viewport"),
    [(True, {"width": 390, "height": 844}), (False, {"width": 1366, "height": 768})],
    ids=["phone", "desktop"],
)


def _fits(page, viewport) -> None:
    """The page does not scroll sideways (a wide table scrolls in its own box); read once the page has loaded
    (mid-navigation the document has no scrolling element yet)."""
    page.wait_for_load_state()
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]


def _add_session(page, *, movement: str, tables: str, boards_per_round: str, first: bool) -> Event:
    page.get_by_role("link", name="Add session").click()
    if first:
        page.select_option("select[name=code]", "contract")
        page.select_option("select[name=contest]", "matchpoints")
    else:  # a later session is offered the first one's scoring
        assert page.locator("select[name=contest]").input_value() == "matchpoints"
    page.select_option("select[name=movement]", movement)
    page.fill("input[name=tables]", tables)
    page.fill("input[name=boards_per_round]", boards_per_round)
    page.get_by_role("button", name="Add the session").click()
    expect(page.locator(".session-of")).to_be_visible()  # the session's overview links back
    return Event.objects.order_by("-pk").first()


@SIZES
def test_director_runs_a_championship_of_two_sessions(live_server, new_page, staff, mobile, viewport):
    page = new_page(**viewport, mobile=mobile, bypass_csp=True)  # axe-core injected at the end
    sign_in(page, live_server, reverse("championship_list"))
    _fits(page, viewport)
    page.get_by_role("link", name="New championship").first.click()
    page.fill("input[name=name]", "Spring pairs")
    share = page.locator("#field-carry_fraction")
    expect(share).to_be_hidden()  # totals: no share carried
    page.get_by_label("The qualifying session's score carried as a fraction").check()
    expect(share).to_be_visible()
    page.get_by_label("Totals added (matchpoints, IMPs, plus/minus)").check()
    expect(share).to_be_hidden()
    _fits(page, viewport)
    page.get_by_role("button", name="Create championship").click()
    expect(page.get_by_text("No sessions yet")).to_be_visible()
    championship = Championship.objects.get()
    assert championship.carry_over == "totals"

    first = _add_session(page, movement="mitchell", tables="3", boards_per_round="1", first=True)
    page.locator(".session-of").get_by_role("link", name="its sessions").click()
    expect(page.get_by_role("link", name=first.name)).to_be_visible()
    page.goto("about:blank")  # no page open while the test writes (below)
    services.event_names_update(event=first, pairs=CHAMPIONSHIP_SEATS)  # named as on its Pairs page
    page.goto(f"{live_server.url}{reverse('championship_detail', args=[championship.pk])}")
    second = _add_session(page, movement="howell", tables="3", boards_per_round="2", first=False)
    assert (first.session, second.session, second.sections.get().movement_kind) == (1, 2, "howell")
    # session 2's pairs are named after session 1's players (services.championships)
    assert sorted(p.player_names[0] for p in second.pairs.all()) == sorted(
        v[0] for v in CHAMPIONSHIP_SEATS.values()
    )

    # Every other result first, through the service, with no page open (SQLite's shared test database locks a
    # table a page's request reads while the test writes it): all passed out.
    page.goto("about:blank")
    at_table_1 = Play.objects.get(event=first, seating__round__number=1, seating__table=1, board__number=1)
    for play in Play.objects.filter(event__in=[first, second]).exclude(pk=at_table_1.pk):
        enter(play, PASSED)
    # Board 1 at table 1 of round 1, entered on the director's table page: Ann & Bea's 3NT, +400.
    page.goto(f"{live_server.url}{reverse('entry_table', args=[first.pk, 'A', 1, 1])}")
    row = page.locator("#board-1")
    row.locator("input.quick").fill("3NT N 9")
    row.locator("button[value=save]").click()
    expect(page.locator("#board-1.saved")).to_be_visible()
    _fits(page, viewport)
    page.goto(f"{live_server.url}{reverse('championship_detail', args=[championship.pk])}")
    _fits(page, viewport)
    page.get_by_role("link", name="Overall standings").click()
    _fits(page, viewport)
    rows = page.locator("table tbody tr")
    expect(rows).to_have_count(6)
    overall = [
        (
            r.locator("td").nth(0).inner_text(),
            r.locator("td").nth(1).inner_text(),
            r.locator("td").nth(-2).inner_text(),
        )
        for r in rows.all()
    ]
    assert overall == [
        ("1", "Ann Abel & Bea Bond", "28.00"),
        ("2", "Ian Ivy & Jim Judd", "27.00"),
        ("2", "Kit King & Len Lamb", "27.00"),
        ("4", "Cat Cole & Dot Dunn", "25.00"),
        ("4", "Eve Eyre & Fay Fox", "25.00"),
        ("6", "Gus Gray & Hal Hunt", "24.00"),
    ]
    if not mobile:  # each session's figure beside the overall (a phone shows the overall alone)
        first_row = rows.first.locator("td")
        assert [first_row.nth(2).inner_text(), first_row.nth(3).inner_text()] == ["8.00", "20.00"]

    # The director's championship pages pass axe-core's WCAG checks (when node_modules has it).
    if AXE.exists():
        violations = []
        for url in (
            reverse("championship_standings", args=[championship.pk]),
            reverse("championship_detail", args=[championship.pk]),
            reverse("championship_create"),
        ):
            page.goto(f"{live_server.url}{url}")
            page.add_script_tag(path=str(AXE))
            violations += [v | {"page": url} for v in page.evaluate(RUN_AXE, [WCAG_TAGS, None])]
        assert not violations, describe(violations)


def test_a_long_name_never_widens_a_phones_page(live_server, new_page):
    """Found trying it: a championship named with one long word (120 letters) widened its pages to 2,700px on
    a phone; the headings wrap it and the list's table scrolls in its own box."""
    championship = championship_create(
        name="W" * 120, date=dt.date(2026, 11, 28), carry_over="carry", carry_fraction="1/3"
    )
    page = new_page(width=390, height=844, mobile=True)
    for url in (
        reverse("championship_list"),
        reverse("championship_detail", args=[championship.pk]),
        reverse("championship_standings", args=[championship.pk]),
    ):
        page.goto(f"{live_server.url}{url}")
        expect(page.locator("main h1")).to_be_visible()
        _fits(page, {"width": 390})
