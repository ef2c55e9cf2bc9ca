"""Pages cached through Django's cache under the event's results version (``duplicate.caching``)."""

from __future__ import annotations

import time

import pytest
from django.core.cache import cache
from django.db import connection
from django.http import QueryDict
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from duplicate import caching, services
from duplicate.models import Play
from duplicate.services.results import result_fields
from tests.conftest import make_event

pytestmark = pytest.mark.django_db

TD = services.Writer(name="td", is_director=True)
FOUR_HEARTS = {"contract": "4H", "declarer": "N", "tricks": 10}


def write(play: Play, data: dict) -> None:
    services.play_result_save(play=play, data=data, writer=TD, expected_version=play.version)


def fill(event) -> None:
    fields = result_fields(code=event.code, deal="", data=FOUR_HEARTS)
    Play.objects.filter(event=event).update(**fields)
    services.event_results_touch(event_ids=[event.pk])
    event.refresh_from_db()


def test_a_result_written_bumps_the_version_and_the_next_request_works_the_page_out_again(client):
    event = make_event(tables=3)
    fill(event)
    play = Play.objects.filter(event=event, board__number=1).order_by("pk").first()
    url = reverse("board_traveller", args=[event.pk, 1])
    assert "4H by N, 10 tricks" in client.get(url).content.decode()
    key = caching.part_key(event, "traveller", (1, True, ()))
    assert cache.get(key) is not None
    write(play, {"contract": "7NT", "declarer": "N", "tricks": 13})
    event.refresh_from_db()
    assert caching.part_key(event, "traveller", (1, True, ())) != key  # the results version moved on
    assert "7NT by N, 13 tricks" in client.get(url).content.decode()


def test_a_renamed_pair_is_shown_at_once(client):
    event = make_event(tables=3)
    fill(event)
    pair = event.pairs.order_by("pk").first()
    urls = [reverse("event_standings", args=[event.pk]), reverse("pair_scorecard", args=[event.pk, pair.pk])]
    for url in urls:
        assert client.get(url).status_code == 200
    services.pair_names_update(pair=pair, player1="Ely Culbertson", player2="Josephine Murphy")
    for url in urls:
        assert "Ely Culbertson" in client.get(url).content.decode(), url


def test_while_another_process_works_the_new_version_out_a_visitor_gets_the_previous_one():
    event = make_event(tables=3)
    assert caching.cached(event, "part", (), lambda: "version 0") == "version 0"
    event.results_version += 1  # a result written elsewhere
    lock = caching.part_key(event, "part", ()) + ":lock"
    assert cache.add(lock, time.time(), 30)  # another process is recomputing
    assert caching.cached(event, "part", (), lambda: "version 1") == "version 0"
    # Never once the recompute began more than a second ago.
    cache.set(lock, time.time() - 2, 30)
    assert caching.cached(event, "part", (), lambda: "version 1") == "version 1"
    # A director never gets the previous version: it is worked out there and then.
    event.results_version += 1
    cache.add(caching.part_key(event, "part", ()) + ":lock", time.time(), 30)
    assert caching.cached(event, "part", (), lambda: "version 2", director=True) == "version 2"


def test_with_no_lock_held_the_new_version_is_worked_out_and_kept():
    event = make_event(tables=3)
    assert caching.cached(event, "part", (), lambda: "version 0") == "version 0"
    event.results_version += 1
    assert caching.cached(event, "part", (), lambda: "version 1") == "version 1"
    assert caching.cached(event, "part", (), lambda: "not asked") == "version 1"  # kept


def test_keys_of_different_pages_sorts_and_viewers_do_not_collide():
    event = make_event(tables=3)
    variants = [(), (("sort", "rank"),), (("page", "2"),), (1, True, ()), (1, False, ()), (7, (1, 2), ())]
    keys = {caching.part_key(event, what, v) for what in ("standings", "traveller") for v in variants}
    assert len(keys) == 2 * len(variants)
    other = make_event(tables=3, name="Another night")
    assert caching.part_key(other, "standings", ()) != caching.part_key(event, "standings", ())


def test_a_sorted_page_and_the_plain_one_are_kept_apart(client):
    event = make_event(tables=3)
    fill(event)
    url = reverse("event_standings", args=[event.pk])
    plain = client.get(url).content.decode()
    by_pair = client.get(url, {"ns-sort": "-pair"}).content.decode()
    assert plain != by_pair
    assert client.get(url).content.decode() == plain


def test_a_board_in_play_is_cached_for_visitors_and_directors_apart(client, director_client):
    event = make_event(tables=3)
    play = Play.objects.filter(event=event, board__number=1).order_by("pk").first()
    write(play, FOUR_HEARTS)
    url = reverse("board_traveller", args=[event.pk, 1])
    note = "being played"
    assert note in client.get(url).content.decode()
    assert "4H by N, 10 tricks" in director_client.get(url).content.decode()
    assert note in client.get(url).content.decode()  # the director's page is not served to a visitor


@pytest.mark.parametrize("page", ["event_standings", "pair_scorecard", "board_traveller"])
def test_a_page_runs_the_same_queries_at_every_size_cold_and_from_the_cache(client, page):
    counts = []
    for tables in (3, 9):
        event = make_event(tables=tables)
        fill(event)
        args = {
            "event_standings": [event.pk],
            "pair_scorecard": [event.pk, event.pairs.order_by("-pk").first().pk],
            "board_traveller": [event.pk, 2],
        }[page]
        url = reverse(page, args=args)
        cache.clear()
        cold = _count(client, url)
        warm = _count(client, url)
        counts.append((cold, warm))
    assert counts[0] == counts[1]
    assert counts[0][1] == 1  # from the cache: the event only


def _count(client, url: str) -> int:
    """The page's own queries (the database cache's statements left out, as tests/conftest.py counts)."""
    with CaptureQueriesContext(connection) as context:
        assert client.get(url).status_code == 200
    return sum(1 for q in context.captured_queries if not caching.cache_statement(q["sql"]))


def test_a_made_up_query_parameter_is_not_a_new_page():
    """Only what the tables read keys a page (sort and page with their prefixes, the section): a visitor
    cannot make every request a cold one with ?x=1, ?x=2, ..."""
    assert caching.query_variant(QueryDict("x=1&ns-sort=pair&section=B&page=2")) == (
        ("ns-sort", "pair"),
        ("page", "2"),
        ("section", "B"),
    )
    assert caching.query_variant(QueryDict("x=1")) == caching.query_variant(QueryDict("x=2")) == ()


def test_a_page_several_writes_old_is_never_shown_even_while_another_process_works():
    """The previous version only: a page kept at version 0 is not shown at version 9, whatever the lock."""
    event = make_event(tables=3)
    assert caching.cached(event, "part", (), lambda: "version 0") == "version 0"
    event.results_version += 9  # nine writes with nobody looking
    assert cache.add(caching.part_key(event, "part", ()) + ":lock", time.time(), 30)
    assert caching.cached(event, "part", (), lambda: "version 9") == "version 9"
