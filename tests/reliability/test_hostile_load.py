"""Heavy pages asked for in a loop with made-up parameters: each is worked out once a results version and read
from the cache after that, whatever a visitor puts in the address.  The venue display's cycle time is the
browser's (``?seconds=``), its pages a number checked against the pages there are (``?page=``): neither makes
a new cache entry or a new working-out.  The overview's and the movement's made-up parameters neither.  The
hostile values are counted (``tried``)."""

from __future__ import annotations

import html
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from duplicate import caching, services
from duplicate.models import Play
from duplicate.services.results import result_fields
from tests.factories import make_event
from tests.reliability.helpers import tried

pytestmark = pytest.mark.django_db

HOSTILE = [
    "",
    "0",
    "-1",
    "4",
    "301",
    "1e9",
    "99999999999999999999",
    "1.5",
    " 30 ",
    "٣٠",  # Arabic-Indic digits: not a number here
    "30&seconds=5",
    "<script>alert(1)</script>",
    "%00",
    "' OR 1=1 --",
    "NaN",
    "Infinity",
    "0x10",
    "+15",
    "\u0661",  # an Arabic-Indic one
]


def filled(tables: int = 4):
    event = make_event(tables=tables)
    fields = result_fields(code=event.code, deal="", data={"contract": "4H", "declarer": "N", "tricks": 10})
    Play.objects.filter(event=event).update(**fields)
    services.event_results_touch(event_ids=[event.pk])
    event.refresh_from_db()
    return event


def own_queries(client, url: str, params: dict[str, str]) -> tuple[int, str]:
    """The status-200 page's own queries (the database cache's statements left out) and its text."""
    with CaptureQueriesContext(connection) as context:
        response = client.get(url, params)
    assert response.status_code == 200, (url, params, response.status_code)
    own = sum(1 for q in context.captured_queries if not caching.cache_statement(q["sql"]))
    return own, response.content.decode()


def test_the_display_is_worked_out_once_whatever_seconds_or_page_is_asked(client):
    event = filled()
    url = reverse("event_display", args=[event.pk])
    _queries, first = own_queries(client, url, {})
    for value in HOSTILE:
        for name in ("seconds", "page"):
            queries, page = own_queries(client, url, {name: value})
            assert queries == 1, (name, value)  # the event's row; the plan and the page from the cache
            assert page == first, (name, value)  # no parameter is written into the page
            tried("display parameter")


def test_a_page_past_the_last_is_the_first_and_makes_no_entry_of_its_own(client):
    event = make_event(tables=14, boards_per_round=1)  # 14 boards of 14 lines: two pages of slides
    fields = result_fields(code=event.code, deal="", data={"contract": "4H", "declarer": "N", "tricks": 10})
    Play.objects.filter(event=event).update(**fields)
    services.event_results_touch(event_ids=[event.pk])
    url = reverse("event_display", args=[event.pk])
    own_queries(client, url, {})
    _queries, second = own_queries(client, url, {"page": "2"})
    assert 'data-display-page="2" data-display-pages="2"' in second
    for value in ("3", "9999", "2147483648", "-2", "02.0"):
        queries, page = own_queries(client, url, {"page": value})
        assert queries == 1, value
        assert 'data-display-page="1" data-display-pages="2"' in page
        tried("display page")


@pytest.mark.parametrize("name", ["event_detail", "event_movement"])
def test_made_up_parameters_on_the_overview_and_movement_are_the_same_kept_page(client, name):
    event = filled()
    url = reverse(name, args=[event.pk])
    _queries, first = own_queries(client, url, {})
    for value in HOSTILE:
        queries, page = own_queries(client, url, {"x": value, "page": value, "sort": value})
        assert queries == 1, value  # the event's row; the page kept whole
        assert page == first
        tried("page parameter")


def test_a_search_on_the_overview_is_answered_for_itself_and_never_kept(client):
    """``?q=`` (a player's name) is the one thing the overview does not keep: every search shows its own
    answer, escaped, and the kept page stays the plain one."""
    event = filled()
    url = reverse("event_detail", args=[event.pk])
    _queries, plain = own_queries(client, url, {})
    for value in HOSTILE:
        _queries, page = own_queries(client, url, {"q": value})
        shown = " ".join(value.split())
        if re.search(r"\w", shown):  # a search for a name: shown as typed, escaped
            assert html.escape(shown) in page
        assert "<script>alert" not in page
        tried("overview search")
    assert own_queries(client, url, {})[1] == plain
