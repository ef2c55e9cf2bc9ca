"""Every standings page runs a fixed number of queries whatever the size of the event."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.urls import reverse

from tests.factories import fill, make_event


def events(kind: str, event_kind: str = "pairs"):
    small = make_event(kind=kind, tables=3, boards_per_round=2, event_kind=event_kind)
    large = make_event(
        kind=kind, tables=9 if kind != "teams" else 5, boards_per_round=3, event_kind=event_kind
    )
    for event in (small, large):
        fill(event)
    return small, large


# Cold (the cache emptied): the event, its pairs with names, the plays (values_list); a score card also the
# boards in play (no peeking, never cached), the pair's plays and the rounds it sits out.  A traveller: the
# board with its event and whether it is in play (no peeking, never cached); the board's part (the pairs,
# the board's plays for its contest: law H, that board's alone; its lines).
# From the cache: the event (a traveller's comes with its board), and what no peeking reads (the cache's own
# reads are not counted: see tests/conftest.py).
PAGES = {
    "event_standings": (3, 1),
    "pair_scorecard": (6, 2),
    "board_traveller": (4, 1),
}


@pytest.mark.parametrize("kind", ["mitchell", "howell"])
@pytest.mark.parametrize("page", list(PAGES))
def test_pages_run_a_fixed_number_of_queries(db, client, django_assert_num_queries, kind, page):
    miss, hit = PAGES[page]
    for event in events(kind):
        if page == "event_standings":
            url = reverse(page, args=[event.pk])
        elif page == "pair_scorecard":
            url = reverse(page, args=[event.pk, event.pairs.order_by("-pk").first().number])
        else:
            url = reverse(page, args=[event.pk, 2])
        cache.clear()
        with django_assert_num_queries(miss):
            assert client.get(url).status_code == 200
        with django_assert_num_queries(hit):
            assert client.get(url).status_code == 200


def test_team_match_page_runs_a_fixed_number_of_queries(db, client, django_assert_num_queries):
    for event in events("teams", "teams"):
        url = reverse("team_match", args=[event.pk])
        cache.clear()
        # Cold: the event, the boards in play (no peeking: decided before the cache is read), the pairs,
        # the plays.  From the cache: the event and the boards in play.
        with django_assert_num_queries(4):
            page = client.get(url)
        assert page.status_code == 200
        with django_assert_num_queries(2):
            assert client.get(url).status_code == 200
