"""Hostile sign-ins and cache outages: every spelling of a username counted as the one user it signs in as, and
pages and sign-in while the cache is stopped, is not answering, or has no table.

Sign-in: Django's form hands ``authenticate`` the username stripped and normalised (NFKC), so ``director``
typed with a fullwidth d (U+FF44) or a mathematical bold d (U+1D41D) signs in as ``director``; the throttle
must count those spellings as ``director`` too, or five wrong passwords per spelling give unbounded guesses and
a lock that another spelling walks round.

Outages: the cache server is this test's own (a throwaway ``redis-server`` on a free port, stopped mid-test;
a socket server that accepts connections and never answers; the database cache with no table), never the
machine's shared one. Every page answers 200 with what the working cache would have served, a warning is
logged, sign-in works and stays throttled, and a director is never locked out. An import's progress page,
whose progress is in the cache, says it cannot be read and where to look (503, never a 500).
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
import redis
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client, override_settings
from django.urls import reverse

from duplicate import services
from duplicate.models import Event, Play
from tests.duplicate.exports_events import pairs_file
from tests.factories import make_event
from tests.reliability.helpers import tried

PASSWORD = "correct horse battery staple"
ATTACKER = "203.0.113.66"

# Spellings that Django's sign-in form turns into "director" (stripped, then NFKC): each signs in as that user.
SIGNING_IN_AS_DIRECTOR = [
    "director",
    "\uff44irector",  # fullwidth d
    "\U0001d41director",  # mathematical bold d
    "\uff44\uff49\uff52\uff45\uff43\uff54\uff4f\uff52",  # fullwidth throughout
    "\u1d48irector",  # modifier letter small d
    "direct\u2134r",  # script small o
    "  director\u3000",  # spaces round it, an ideographic one too
]
# And spellings in another case: another user to Django, counted with "director" all the same.
OTHER_CASE = ["Director", "DIRECTOR", "\uff24irector"]  # the last: fullwidth capital D


def login(client: Client, username: str, password: str = PASSWORD):
    return client.post(reverse("login"), {"username": username, "password": password})


def signed_in_as(client: Client) -> str | None:
    user_id = client.session.get("_auth_user_id")
    return get_user_model().objects.get(pk=user_id).get_username() if user_id else None


@pytest.fixture
def director_user(db):
    return get_user_model().objects.create_user(
        username="director", password=PASSWORD, is_staff=True, is_superuser=True
    )


# --- Every spelling of one user shares its counters --------------------------------------------------------


def test_each_spelling_signs_in_as_the_one_user(director_user):
    """What the other tests rely on: every spelling in SIGNING_IN_AS_DIRECTOR is the director to Django."""
    for i, spelling in enumerate(SIGNING_IN_AS_DIRECTOR):
        client = Client(REMOTE_ADDR=f"198.51.100.{i}")
        assert login(client, spelling).status_code == 302, spelling
        assert signed_in_as(client) == "director"
    tried("sign-in spelling", len(SIGNING_IN_AS_DIRECTOR))


def test_five_wrong_passwords_under_any_spellings_lock_every_spelling_at_that_address(director_user):
    attacker = Client(REMOTE_ADDR=ATTACKER)
    for spelling in SIGNING_IN_AS_DIRECTOR[1:6]:
        assert login(attacker, spelling, "wrong").status_code == 200
    for spelling in [*SIGNING_IN_AS_DIRECTOR, *OTHER_CASE]:
        response = login(attacker, spelling)  # the right password, under every spelling: all refused
        assert response.status_code == 429, spelling
        assert "Too many failed sign-ins" in response.content.decode()
        assert signed_in_as(attacker) is None
    tried("sign-in spelling", 5 + len(SIGNING_IN_AS_DIRECTOR) + len(OTHER_CASE))
    director = Client(REMOTE_ADDR="198.51.100.10")  # never locked out from another address
    assert login(director, "director").status_code == 302
    assert signed_in_as(director) == "director"


def test_cycling_through_spellings_gets_five_guesses_not_five_a_spelling(director_user):
    attacker = Client(REMOTE_ADDR=ATTACKER)
    spellings = [*SIGNING_IN_AS_DIRECTOR, *OTHER_CASE] * 3
    statuses = [login(attacker, spelling, "wrong").status_code for spelling in spellings]
    tried("sign-in spelling", len(spellings))
    assert statuses.count(200) == 5  # checked: the address's five for the one user
    assert statuses == [200] * 5 + [429] * (len(spellings) - 5)


def test_guesses_from_many_addresses_under_many_spellings_count_as_one_username(director_user):
    """The username's counter from every address: twenty failures under any spellings, and an address that
    has failed is refused unchecked; a fresh address gets one check, so the director still signs in."""
    spellings = [*SIGNING_IN_AS_DIRECTOR, *OTHER_CASE]
    for i in range(20):
        client = Client(REMOTE_ADDR=f"203.0.113.{i}")
        assert login(client, spellings[i % len(spellings)], "wrong").status_code == 200
    tried("sign-in spelling", 20)
    for i, spelling in enumerate(spellings):
        assert login(Client(REMOTE_ADDR=f"203.0.113.{i}"), spelling).status_code == 429, spelling
    fresh = Client(REMOTE_ADDR="203.0.113.200")
    assert login(fresh, "\U0001d41director", "wrong").status_code == 200  # one check
    assert login(fresh, "\uff44irector", "wrong").status_code == 429  # and no second, whatever the spelling
    director = Client(REMOTE_ADDR="198.51.100.10")
    assert login(director, "\uff44irector").status_code == 302
    assert signed_in_as(director) == "director"


def test_another_user_is_not_counted_with_the_director(director_user):
    get_user_model().objects.create_user(username="scorer", password=PASSWORD, is_staff=True)
    attacker = Client(REMOTE_ADDR=ATTACKER)
    for spelling in SIGNING_IN_AS_DIRECTOR[:5]:
        login(attacker, spelling, "wrong")
    assert login(attacker, "\uff53corer").status_code == 302  # fullwidth s: "scorer", not locked
    assert signed_in_as(attacker) == "scorer"


# --- The cache stopped, not answering, or without its table -------------------------------------------------

TD = services.Writer(name="td", is_director=True)
PAGES = ["event_standings", "board_traveller", "download_results_csv", "event_display"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def redis_cache(port: int) -> dict[str, Any]:
    """The production settings' Redis cache (its OPTIONS: the short connect and read timeout), at ``port``."""
    return {"default": {**settings.REDIS_CACHE, "LOCATION": f"redis://127.0.0.1:{port}/0"}}


class SilentServer:
    """A cache server that accepts connections and never answers (hung, or a firewall that swallows): counts
    the connections it was opened."""

    def __init__(self) -> None:
        self.socket = socket.socket()
        self.socket.bind(("127.0.0.1", 0))
        self.socket.listen(128)
        self.port = int(self.socket.getsockname()[1])
        self.accepted: list[socket.socket] = []
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while True:
            connection, _ = self.socket.accept()  # at once, as each connection comes
            if self.stopping.is_set():
                connection.close()
                return
            self.accepted.append(connection)  # held open, never read, never answered

    def close(self) -> None:
        self.stopping.set()
        socket.create_connection(("127.0.0.1", self.port), timeout=5).close()  # wakes the accept
        self.thread.join(timeout=5)
        for connection in self.accepted:
            connection.close()
        self.socket.close()


@dataclass
class Outage:
    """A cache that fails as ``kind`` says, and the settings that point the site at it."""

    kind: str
    caches: dict[str, Any]
    stop: Any = None  # the own Redis server to stop once a page has been kept in it
    server: SilentServer | None = None
    redis_port: int = 0
    waits: list[int] = field(default_factory=list)  # the silent server's connections, request by request

    def get(self, client: Client, url: str):
        """A page, noting how many times the request connected to the silent server."""
        return self.request(client.get, url)

    def post(self, client: Client, url: str, data: dict[str, Any]):
        """A form posted, noting how many times the request connected to the silent server."""
        return self.request(client.post, url, data)

    def request(self, method: Any, url: str, *args: Any):
        before = len(self.server.accepted) if self.server else 0
        response = method(url, *args)
        if self.server is not None:
            time.sleep(0.05)  # the server's thread has accepted each connection long since (0.25 s waits)
            self.waits.append(len(self.server.accepted) - before)
        return response


@pytest.fixture
def own_redis() -> Iterator[tuple[subprocess.Popen, int]]:
    """A throwaway redis-server of this test's own on a free port (never the machine's shared one)."""
    binary = shutil.which("redis-server")
    if binary is None:
        if os.environ.get("CI"):
            pytest.fail("redis-server is needed for the cache outage test in CI")
        pytest.skip("redis-server not found: the stopped-cache case is skipped")
    port = _free_port()
    proc = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        client = redis.Redis(port=port, socket_timeout=1)
        for _ in range(100):
            try:
                client.ping()
                break
            except redis.exceptions.ConnectionError:
                time.sleep(0.05)
        yield proc, port
    finally:
        if proc.poll() is None:
            proc.terminate()
            proc.wait(timeout=10)


@pytest.fixture(params=["stopped", "silent", "no table"])
def outage(request) -> Iterator[Outage]:
    if request.param == "stopped":
        proc, port = request.getfixturevalue("own_redis")
        yield Outage("stopped", redis_cache(port), stop=proc, redis_port=port)
    elif request.param == "silent":
        server = SilentServer()
        try:
            yield Outage("silent", redis_cache(server.port), server=server)
        finally:
            server.close()
    else:  # the database cache, its table never made
        missing = {**settings.DATABASE_CACHE, "LOCATION": "kalamazoo_cache_never_made"}
        yield Outage("no table", {"default": missing})


@pytest.fixture
def finished_event(transactional_db) -> Event:
    """A finished event with every result in (a visitor sees every board), written through the services."""
    event = make_event()
    for n, play in enumerate(Play.objects.filter(event=event).order_by("pk")):
        data = {"contract": ["4H", "3NT", "2S"][n % 3], "declarer": "NSEW"[n % 4], "tricks": 7 + n % 4}
        services.play_result_save(play=play, data=data, writer=TD, expected_version=play.version)
    services.event_finish(event=event)
    event.refresh_from_db()
    return event


def event_file(data: dict[str, Any]) -> SimpleUploadedFile:
    return SimpleUploadedFile("event.json", json.dumps(data).encode())


def page_urls(event: Event) -> list[str]:
    args = {"board_traveller": [event.pk, 1]}
    return [reverse(name, args=args.get(name, [event.pk])) for name in PAGES]


def test_pages_and_sign_in_work_while_the_cache_is_down(outage, finished_event, caplog):
    """Standings, a traveller, a download and the display answer 200 with what the working cache serves, the
    workbook made in the background is made in the request, a warning is logged; sign-in works, stays
    throttled, and the director is never locked out."""
    users = get_user_model().objects
    users.create_user(username="director", password=PASSWORD, is_staff=True, is_superuser=True)
    urls = page_urls(finished_event)
    served = {url: Client().get(url) for url in urls}  # with the test run's own cache, working
    assert all(response.status_code == 200 for response in served.values())
    caplog.set_level(logging.WARNING, logger="duplicate.caching")
    with override_settings(CACHES=outage.caches, BACKGROUND_RESULTS=0):
        if outage.stop is not None:  # a page kept in the own Redis, then the server stopped
            assert Client().get(urls[0]).status_code == 200
            assert redis.Redis(port=outage.redis_port).dbsize() > 0
            outage.stop.terminate()
            outage.stop.wait(timeout=10)
        visitor = Client()
        for url in urls:
            response = outage.get(visitor, url)
            assert response.status_code == 200, url
            assert response.content == served[url].content, url
        workbook = outage.get(visitor, reverse("download_workbook", args=[finished_event.pk]))
        assert workbook.status_code == 200  # not "being prepared": no cache to hand it over in
        assert workbook.content.startswith(b"PK")
        _sign_in_stays_throttled(outage, finished_event)
    warnings = [r.getMessage() for r in caplog.records if r.name == "duplicate.caching"]
    assert warnings, "no warning logged"
    assert all("worked out in the request" in message for message in warnings)
    if outage.kind == "no table":
        assert any("manage.py migrate" in message for message in warnings)
    if outage.server is not None:  # each page waited on the silent server once (a visitor's of two parts too)
        assert outage.waits[: len(urls) + 1] == [1] * (len(urls) + 1)
        assert max(outage.waits) == 1
    tried("cache outage", len(urls) + 1 + 11)


def _sign_in_stays_throttled(outage: Outage, event: Event) -> None:
    """The director signs in and reads the director's pages; five wrong passwords from an address lock it
    there, the right one too; the director from another address still signs in."""
    director = Client(REMOTE_ADDR="198.51.100.10")
    response = login(director, "director")
    assert response.status_code == 302
    assert signed_in_as(director) == "director"
    for url in [response["Location"], *page_urls(event)]:
        assert outage.get(director, url).status_code == 200, url
    attacker = Client(REMOTE_ADDR=ATTACKER)
    statuses = [login(attacker, spelling, "wrong").status_code for spelling in SIGNING_IN_AS_DIRECTOR[:7]]
    assert statuses == [200] * 5 + [429] * 2
    assert login(attacker, "director").status_code == 429
    assert signed_in_as(attacker) is None
    again = Client(REMOTE_ADDR="198.51.100.11")
    assert login(again, "director").status_code == 302
    assert signed_in_as(again) == "director"


def test_an_imports_progress_while_the_cache_is_down_says_so_and_where_to_look(outage, transactional_db):
    """The import page's progress is kept in the cache: while it does not answer, the progress page says the
    progress cannot be read and to look for the event in the events list (503, trying again), never a 500;
    a big file imported meanwhile is loaded in the request."""
    user = get_user_model().objects.create_user(username="director", password=PASSWORD, is_staff=True)
    director = Client()
    director.force_login(user)
    big = pairs_file(3, 2, name="Big file", missing=0)  # 18 results: past BACKGROUND_RESULTS below
    url = reverse("event_import_progress", args=["not-known-while-the-cache-is-down"])
    with override_settings(CACHES=outage.caches, BACKGROUND_RESULTS=10):
        if outage.stop is not None:  # an import followed in the own Redis, then the server stopped
            answer = director.post(reverse("event_import"), {"file": event_file(big)})
            assert answer["Location"].startswith("/events/import/")
            url = answer["Location"]
            deadline = time.monotonic() + 60
            while director.get(url).status_code == 202 and time.monotonic() < deadline:
                time.sleep(0.05)
            outage.stop.terminate()
            outage.stop.wait(timeout=10)
        progress = outage.get(director, url)
        assert progress.status_code == 503
        assert progress["Retry-After"] == progress["Refresh"] == "5"
        page = progress.content.decode()
        assert "The import's progress cannot be read just now" in page
        assert f'<a href="{reverse("home")}">events' in page
        assert outage.get(director, reverse("home")).status_code == 200
        again = outage.get(director, reverse("event_import"))  # the form, and a big file: in the request
        assert again.status_code == 200
        answer = outage.post(director, reverse("event_import"), {"file": event_file({**big, "name": "Now"})})
        assert answer.status_code == 302
        assert answer["Location"] == reverse("event_detail", args=[Event.objects.get(name="Now").pk])
    if outage.server is not None:  # the progress page waited on the silent server once, no request more
        assert outage.waits[0] == 1
        assert max(outage.waits) == 1
    tried("cache outage", 2)
