"""Downloads are kept in the cache under the event's results version: a fixed number of queries cold, one
(the event) warm, whatever the size of the event; a change of result is in the next download; a visitor's
file (boards in play hidden) is never a director's."""

from __future__ import annotations

import io
import time

import openpyxl
import pytest
from django.core.cache import cache
from django.urls import reverse

from duplicate import services
from duplicate.models import Play
from duplicate.services.eventfile import event_import
from tests.duplicate.exports_events import pairs_file
from tests.factories import DOWNLOADS, pdf_words

pytestmark = pytest.mark.django_db

PAIR_DOWNLOADS = [("download_recap", [], 5, 3)]  # a pair contest's own (a team match has no recap)


@pytest.mark.parametrize(("name", "args", "cold", "warm"), DOWNLOADS + PAIR_DOWNLOADS)
def test_downloads_run_a_fixed_number_of_queries_and_come_from_the_cache(
    client, django_assert_num_queries, name, args, cold, warm
):
    small = event_import(data=pairs_file(3, 1, name="Small"))
    large = event_import(data=pairs_file(9, 3, name="Large"))
    for event in (small, large):
        url = reverse(name, args=[event.pk, *args])
        cache.clear()
        with django_assert_num_queries(cold):
            first = client.get(url)
        assert first.status_code == 200
        with django_assert_num_queries(warm):  # the event (and the boards in play); the file from the cache
            again = client.get(url)
        assert again.content == first.content
        assert again["Content-Disposition"] == first["Content-Disposition"]


def test_a_changed_result_is_in_the_next_download(client, director):
    event = event_import(data=pairs_file(3, 2, name="Changes", missing=0))
    url = reverse("download_printout", args=[event.pk, "scorecards"])
    before = client.get(url).content
    assert client.get(url).content == before
    play = Play.objects.filter(event=event, board__number=3).order_by("pk").first()
    assert play is not None
    services.play_result_save(
        play=play,
        data={"contract": "7NT", "declarer": "N", "tricks": 13},
        writer=services.Writer(name="td", is_director=True, user_id=director.pk),
        expected_version=play.version,
        reason="scorer's slip",
    )
    after = client.get(url).content
    assert after != before
    assert "7NT" in pdf_words(after)
    assert "7NT" not in pdf_words(before)


def test_a_visitor_never_gets_the_directors_file(client, director_client):
    """With boards still in play the director's travellers show them, the visitor's do not, from one cache."""
    event = event_import(data=pairs_file(3, 2, name="In play", missing=3))
    url = reverse("download_travellers", args=[event.pk])
    director = director_client.get(url).content
    visitor = client.get(url).content
    assert visitor != director
    assert "being played" in pdf_words(visitor)
    assert "being played" not in pdf_words(director)
    assert client.get(url).content == visitor
    assert director_client.get(url).content == director


@pytest.mark.django_db(transaction=True)
def test_a_big_events_workbook_is_made_in_the_background_the_page_saying_so(client, settings):
    """Over BACKGROUND_RESULTS results the workbook is made in a thread: the request answers at once (202,
    a page that reloads itself), and a later one gets the file; no request waits for it to be written."""
    settings.BACKGROUND_RESULTS = 0
    event = event_import(data=pairs_file(3, 1, name="Big enough"))
    url = reverse("download_workbook", args=[event.pk])
    first = client.get(url)
    assert first.status_code == 202
    assert first["Refresh"] == "2"
    assert "being made" in first.content.decode()
    deadline = time.monotonic() + 30
    while (response := client.get(url)).status_code == 202 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert response.status_code == 200
    book = openpyxl.load_workbook(io.BytesIO(response.content), read_only=True)
    assert "Travellers" in book.sheetnames
    settings.BACKGROUND_RESULTS = 10**6  # the same file worked out in the request
    cache.clear()
    inline = openpyxl.load_workbook(io.BytesIO(client.get(url).content), read_only=True)
    assert [list(r) for r in inline["Standings"].iter_rows(values_only=True)] == [
        list(r) for r in book["Standings"].iter_rows(values_only=True)
    ]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("name", "args"),
    [("download_travellers", []), ("download_printout", ["scorecards"]), ("event_export", [])],
)
def test_a_big_events_file_is_made_in_the_background_a_visitor_getting_the_one_made_before(
    client, director_client, settings, name, args
):
    """Over BACKGROUND_RESULTS results every file showing results is made in a thread (seconds of work for a
    100-table event's printouts): no request waits for it.  Once one is made, a visitor is served it while
    the next results version's is made; a director is told it is being made."""
    settings.BACKGROUND_RESULTS = 0
    event = event_import(data=pairs_file(3, 1, name="Big enough"))
    url = reverse(name, args=[event.pk, *args])
    first = client.get(url)
    assert first.status_code == 202
    assert "being made" in first.content.decode()
    deadline = time.monotonic() + 30
    while (response := client.get(url)).status_code == 202 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert response.status_code == 200
    made = response.content
    services.event_results_touch(event_ids=[event.pk])  # a new results version: the file is out of date
    assert client.get(url).content == made  # at once, the one made before
    assert director_client.get(url).status_code in (200, 202)  # the current one, or "being made"
    while (response := director_client.get(url)).status_code == 202 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert response.status_code == 200
