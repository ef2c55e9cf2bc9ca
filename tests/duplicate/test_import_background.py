"""A big event file through the import page: loaded in the background (as the big workbook is made), the page
following its progress, then the event; a refusal found there is the import form again with the file's
error, nothing written; an import with no news is never said to have stopped (it may be running), and its
event, once in, is shown; without a cache, or with the database cache in the SQLite database the import
writes to (whose one write lock the import holds), in the request."""

from __future__ import annotations

import json
import time

import pytest
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.urls import reverse

from duplicate import background, caching
from duplicate.models import Event, Play
from duplicate.services.eventfile import event_export
from tests.duplicate.exports_events import pairs_file

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def followable(settings):
    """A cache an import's progress can be written to while it runs: the suite's own, or where that is the
    database cache in the SQLite database the import writes to (``background.followable``: imported in the
    request), Django's local-memory cache, which this process's threads share."""
    if not background.followable():
        settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    assert background.followable()


def upload(data: dict) -> dict:
    return {"file": SimpleUploadedFile("event.json", json.dumps(data).encode())}


def follow_progress(client, response, seconds: float = 60):
    """The progress page's answers (202, reloading) until it answers otherwise; the last answer and every
    page seen on the way."""
    url = response["Location"]
    seen = []
    deadline = time.monotonic() + seconds
    while (response := client.get(url)).status_code == 202 and time.monotonic() < deadline:
        seen.append(response)
        time.sleep(0.05)
    return response, seen


def test_a_big_event_file_is_imported_in_the_background_the_page_following_it(
    director_client, settings, followable
):
    settings.BACKGROUND_RESULTS = 10
    data = pairs_file(7, 2, name="Big enough", missing=0)  # 7 tables x 7 rounds x 2 boards: 98 results
    answer = director_client.post(reverse("event_import"), upload(data))
    assert answer.status_code == 302
    assert answer["Location"].startswith("/events/import/")
    first = director_client.get(answer["Location"])
    # The page says how far it is (or, on a quick machine, the import is in already: the event).
    if first.status_code == 202:
        assert first["Refresh"] == "2"
        assert first["Cache-Control"] == "no-store"
        text = first.content.decode()
        assert "Importing an event file" in text
        assert 'max="98"' in text
    last, _seen = follow_progress(director_client, answer)
    event = Event.objects.get(name="Big enough")
    assert last.status_code == 302
    assert last["Location"] == reverse("event_detail", args=[event.pk])
    assert Play.objects.filter(event=event, entered=True).count() == 98
    # The same file loaded in the request gives the same event.
    settings.BACKGROUND_RESULTS = 10**6
    inline = director_client.post(reverse("event_import"), upload(data))
    again = Event.objects.exclude(pk=event.pk).get(name="Big enough")
    assert inline["Location"] == reverse("event_detail", args=[again.pk])
    assert event_export(again) == event_export(event)


def test_a_refusal_found_in_the_background_is_the_forms_error_and_nothing_is_written(
    director_client, settings, followable
):
    settings.BACKGROUND_RESULTS = 10
    data = pairs_file(7, 2, name="Refused late", missing=0)
    data["results"][90]["tricks"] = 14  # only the scoring of result 91 finds it
    answer = director_client.post(reverse("event_import"), upload(data))
    assert answer.status_code == 302
    last, _seen = follow_progress(director_client, answer)
    assert last.status_code == 200
    page = last.content.decode()
    assert 'class="errorlist' in page
    assert "results[90].tricks: must be a whole number from 0 to 13, got 14" in page
    assert not Event.objects.filter(name="Refused late").exists()
    assert not Play.objects.exists()


def test_what_reading_the_file_refuses_is_refused_at_once(director_client, settings):
    # The JSON, its lists' sizes and its texts are read in the request, before any work starts.
    settings.BACKGROUND_RESULTS = 10
    data = pairs_file(7, 2, name="Bad name", missing=0)
    data["pairs"][3]["players"][0] = "Ada\u0000North"
    answer = director_client.post(reverse("event_import"), upload(data))
    assert answer.status_code == 200
    assert "pairs[3].players[0]: must not contain a NUL character" in answer.content.decode()
    assert not Event.objects.exists()


def no_news(token: str, *, name: str, began: float, done: int = 500, total: int = 900) -> None:
    """A job's state that nobody has renewed for longer than ``STALE_SECONDS``: its process died (taking the
    thread and the open transaction), or the cache refused its writes while it runs."""
    renewed = time.time() - background.STALE_SECONDS - 1
    entry = {
        "state": "running",
        "done": done,
        "total": total,
        "began": began,
        "renewed": renewed,
        "name": name,
    }
    cache.set(f"kz:job:{token}", entry)


def test_an_import_with_no_news_is_never_said_to_have_stopped(director_client):
    # Its server restarted, or it is still running and the cache refused its progress: nobody can tell, so
    # the page keeps following it and says where its event appears, never that it stopped.
    no_news("no-news", name="Not in yet", began=time.time() - 90)
    answer = director_client.get(reverse("event_import_progress", args=["no-news"]))
    assert answer.status_code == 202
    assert answer["Refresh"] == "2"
    page = answer.content.decode()
    assert "No news of the import for 61 seconds" in page
    assert "It may still be running" in page
    assert "500 of 900 results scored" in page
    assert "stopped before" not in page
    assert f'href="{reverse("home")}">events list</a>' in page
    assert "make sure it is not there" in page


def test_an_import_with_no_news_whose_event_is_in_shows_the_event(director_client, settings):
    # The import committed, and the cache refused its last word ("done"): its event is found by its name,
    # made since the import began, and shown.
    began = time.time() - 1
    settings.BACKGROUND_RESULTS = 10**6
    director_client.post(reverse("event_import"), upload(pairs_file(3, 2, name="In at last", missing=0)))
    event = Event.objects.get(name="In at last")
    no_news("committed", name="In at last", began=began)
    answer = director_client.get(reverse("event_import_progress", args=["committed"]))
    assert answer.status_code == 302
    assert answer["Location"] == reverse("event_detail", args=[event.pk])
    # An event of the same name made before the import began is another: not this import's.
    no_news("older", name="In at last", began=time.time())
    assert director_client.get(reverse("event_import_progress", args=["older"])).status_code == 202


def test_an_unknown_import_is_not_found_and_the_page_is_the_directors(client, director_client):
    url = reverse("event_import_progress", args=["no-such-job"])
    assert director_client.get(url).status_code == 404
    assert director_client.get(reverse("event_import_progress", args=["x" * 300])).status_code == 404
    visitor = client.get(url)
    assert visitor.status_code == 302
    assert "/login" in visitor["Location"]


def test_without_a_cache_the_big_file_is_imported_in_the_request(director_client, settings):
    # The cache does not answer (Redis down): no job can be followed, so the import is done in the request.
    settings.BACKGROUND_RESULTS = 10
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",
        }
    }
    answer = director_client.post(
        reverse("event_import"), upload(pairs_file(3, 2, name="No cache", missing=0))
    )
    event = Event.objects.get(name="No cache")
    assert answer.status_code == 302
    assert answer["Location"] == reverse("event_detail", args=[event.pk])
    assert Play.objects.filter(event=event, entered=True).count() == 18


def test_with_the_database_cache_in_the_same_sqlite_database_the_big_file_is_imported_in_the_request(
    director_client, settings
):
    """SQLite (the ``make run`` set-up, with the database cache in its database): the import holds SQLite's
    one write lock to its end, so its progress could not be written meanwhile and a long import would read as
    silent; it is imported in the request (no worker timeout on the embedded, single-process set-up).  On
    PostgreSQL, or with Redis, in the background."""
    settings.BACKGROUND_RESULTS = 10
    same_lock = caching.waits_for_sqlite_writes()
    assert same_lock == (
        connection.vendor == "sqlite" and "DatabaseCache" in settings.CACHES["default"]["BACKEND"]
    )
    form = director_client.get(reverse("event_import")).content.decode()
    assert ("loaded in the background" in form) is not same_lock
    answer = director_client.post(reverse("event_import"), upload(pairs_file(4, 2, name="Lock", missing=0)))
    assert answer.status_code == 302
    if same_lock:
        event = Event.objects.get(name="Lock")
        assert answer["Location"] == reverse("event_detail", args=[event.pk])
    else:
        assert answer["Location"].startswith("/events/import/")
        last, _seen = follow_progress(director_client, answer)
        assert last["Location"] == reverse("event_detail", args=[Event.objects.get(name="Lock").pk])
    assert Play.objects.filter(event__name="Lock", entered=True).count() == 32
