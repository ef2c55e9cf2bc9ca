"""Pages cached through Django's cache with the results version they show (``duplicate.caching``)."""

from __future__ import annotations

import threading
import time

import pytest
from django.core.cache import cache
from django.db import connection
from django.http import QueryDict
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from duplicate import caching, services
from duplicate.models import Board, Pair, Play
from duplicate.services.results import result_fields
from tests.factories import make_event

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


@pytest.fixture
def grace(settings):
    """Production's second of grace for visitors (the test settings serve every visitor the latest)."""
    settings.RESULTS_STALE_SECONDS = 1.0
    return 1.0


def keep(event, what: str, version: int, value: str, *, age: float) -> None:
    """What another process kept ``age`` seconds ago."""
    cache.set(caching.part_key(event, what, ()), (version, time.time() - age, value), 60)


def test_a_result_written_moves_its_boards_version_and_the_traveller_is_worked_out_again(client):
    event = make_event(tables=3)
    fill(event)
    play = Play.objects.filter(event=event, board__number=1).order_by("pk").first()
    url = reverse("board_traveller", args=[event.pk, 1])
    assert "4H by N, 10 tricks" in client.get(url).content.decode()
    board = Board.objects.get(event=event, number=1)
    variant = (board.pk, event.contest, (), caching.names_variant(False))  # a visitor's
    kept = cache.get(caching.part_key(event, "traveller", variant))
    assert kept[0] == board.results_version
    write(play, {"contract": "7NT", "declarer": "N", "tricks": 13})
    board.refresh_from_db()
    assert board.results_version == kept[0] + 1
    assert "7NT by N, 13 tricks" in client.get(url).content.decode()


def test_a_result_on_another_board_leaves_a_travellers_board_part_kept(client):
    """The board's part is kept under the board's own version: board 2's result does not move board 1's."""
    event = make_event(tables=3)
    fill(event)
    client.get(reverse("board_traveller", args=[event.pk, 1]))
    before = Board.objects.get(event=event, number=1).results_version
    write(
        Play.objects.filter(event=event, board__number=2).order_by("pk").first(), FOUR_HEARTS | {"tricks": 9}
    )
    assert Board.objects.get(event=event, number=1).results_version == before
    event.refresh_from_db()
    with CaptureQueriesContext(connection) as context:
        client.get(reverse("board_traveller", args=[event.pk, 1]))
    own = [q["sql"] for q in context.captured_queries if not caching.cache_statement(q["sql"])]
    assert not any('"duplicate_play"."contract"' in sql for sql in own)  # its lines were not read again


def test_a_renamed_pair_is_shown_at_once(client):
    event = make_event(tables=3)
    fill(event)
    pair = event.pairs.order_by("pk").first()
    urls = [
        reverse("event_standings", args=[event.pk]),
        reverse("pair_scorecard", args=[event.pk, pair.number]),
    ]
    for url in urls:
        assert client.get(url).status_code == 200
    versions = dict(event.boards.values_list("pk", "results_version"))
    services.pair_names_update(pair=pair, player1="Ely Culbertson", player2="Josephine Murphy")
    for url in urls:
        assert "Ely Culbertson" in client.get(url).content.decode(), url
    # What is not a result moves every board's version too (a traveller shows the pairs).
    assert {pk: v + 1 for pk, v in versions.items()} == dict(
        event.boards.values_list("pk", "results_version")
    )


def test_a_visitor_is_served_a_value_begun_less_than_half_the_grace_ago_without_working(grace):
    event = make_event(tables=3)
    keep(event, "part", event.results_version, "version 0", age=0.1)
    event.results_version += 1  # a result written elsewhere
    assert caching.cached(event, "part", (), lambda: "version 1") == "version 0"
    # A director never gets it: the current version is worked out there and then.
    assert caching.cached(event, "part", (), lambda: "version 1", current_only=True) == "version 1"


def test_past_half_the_grace_one_process_works_the_current_value_out_the_others_serve_the_kept_one(grace):
    event = make_event(tables=3)
    keep(event, "part", event.results_version, "version 0", age=0.7)
    event.results_version += 1
    lock = caching.part_key(event, "part", ()) + ":lock"
    assert cache.add(lock, True, 30)  # another process is at work
    assert caching.cached(event, "part", (), lambda: "version 1") == "version 0"
    cache.delete(lock)  # nobody is: this request works it out, and keeps it
    assert caching.cached(event, "part", (), lambda: "version 1") == "version 1"
    assert caching.cached(event, "part", (), lambda: "not asked") == "version 1"
    assert cache.add(lock, True, 30)  # and let the lock go


@pytest.mark.parametrize(
    ("age", "others_age"),
    [
        (0.7, 0.01),  # the other's just begun
        (0.9, 0.8),  # a slow page: the other's began more than half the grace ago, but is current
    ],
)
def test_a_process_that_takes_the_lock_after_another_kept_a_new_value_serves_that_one(
    grace, monkeypatch, age, others_age
):
    """Between this request's look at the cache and its taking the lock, another process worked the page out,
    kept it and let the lock go: the new value is served, not worked out a second time."""
    event = make_event(tables=3)
    keep(event, "part", event.results_version, "version 0", age=age)
    event.results_version += 1
    add = caching.cache.add

    def the_other_process_finished_first(key, value, timeout):
        keep(event, "part", event.results_version, "the other's version 1", age=others_age)
        return add(key, value, timeout)

    monkeypatch.setattr(caching.cache, "add", the_other_process_finished_first)
    assert caching.cached(event, "part", (), lambda: "worked out twice") == "the other's version 1"
    assert cache.add(caching.part_key(event, "part", ()) + ":lock", True, 30)  # and the lock let go


def test_a_value_begun_longer_than_the_grace_ago_is_never_shown_whatever_the_lock(grace):
    event = make_event(tables=3)
    keep(event, "part", event.results_version, "version 0", age=grace + 0.1)
    event.results_version += 9  # nine writes since
    assert cache.add(caching.part_key(event, "part", ()) + ":lock", True, 30)
    assert caching.cached(event, "part", (), lambda: "version 9") == "version 9"


def test_what_was_kept_for_an_event_of_the_same_id_before_a_restore_is_not_served(grace):
    event = make_event(tables=3)
    keep(event, "part", event.results_version + 5, "the other event's", age=0.1)
    event.created_at = event.created_at.replace(year=event.created_at.year - 1)  # the same id, another event
    assert caching.cached(event, "part", (), lambda: "this event's") == "this event's"


def test_a_value_showing_no_result_is_served_until_the_grace_runs_out(grace):
    """A board's "being played" page shows no result: it is worked out again once the grace has run out, not
    half way through it as a page of results is."""
    event = make_event(tables=3)
    keep(event, "part", event.results_version, "version 0", age=0.7)
    event.results_version += 1
    assert caching.cached(event, "part", (), lambda: "version 1", no_result_shown=True) == "version 0"
    assert caching.cached(event, "part", (), lambda: "version 1") == "version 1"


def test_a_value_showing_no_result_is_worked_out_by_whoever_finds_it_stale_without_the_lock(grace):
    event = make_event(tables=3)
    keep(event, "part", event.results_version, "version 0", age=grace + 0.1)
    event.results_version += 1
    lock = caching.part_key(event, "part", ()) + ":lock"
    assert cache.add(lock, True, 30)  # another process is at work
    assert caching.cached(event, "part", (), lambda: "version 1", no_result_shown=True) == "version 1"
    assert cache.get(lock) is True  # neither taken nor let go


def test_a_value_kept_at_a_later_version_than_asked_is_served():
    """A process that read the event a moment before another's write gets the later value: never older."""
    event = make_event(tables=3)
    keep(event, "part", event.results_version + 1, "version 1", age=5)
    assert caching.cached(event, "part", (), lambda: "version 0") == "version 1"
    assert caching.cached(event, "part", (), lambda: "version 0", current_only=True) == "version 1"


def test_a_board_part_is_kept_under_the_version_given():
    event = make_event(tables=3)
    assert caching.cached(event, "part", (), lambda: "board at 4", version=4) == "board at 4"
    event.results_version += 3  # other boards' results
    assert caching.cached(event, "part", (), lambda: "not asked", version=4) == "board at 4"
    assert caching.cached(event, "part", (), lambda: "board at 5", version=5) == "board at 5"


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


def test_a_visitor_never_sees_a_board_in_play_even_within_the_grace(client, director_client, grace):
    """No peeking is decided from the database, never from what the cache keeps: a result cleared at the
    last table puts its board back in play at once for visitors, however fresh the kept traveller."""
    event = make_event(tables=3)
    fill(event)
    url = reverse("board_traveller", args=[event.pk, 1])
    assert "4H by N, 10 tricks" in client.get(url).content.decode()
    write(Play.objects.filter(event=event, board__number=1).order_by("pk").first(), None)
    page = client.get(url).content.decode()
    assert "being played" in page
    assert "4H by N" not in page


@pytest.mark.parametrize("page", ["event_standings", "pair_scorecard", "board_traveller"])
def test_a_page_runs_the_same_queries_at_every_size_cold_and_from_the_cache(client, page):
    counts = []
    for tables in (3, 9):
        event = make_event(tables=tables)
        fill(event)
        args = {
            "event_standings": [event.pk],
            "pair_scorecard": [event.pk, event.pairs.order_by("-pk").first().number],
            "board_traveller": [event.pk, 2],
        }[page]
        url = reverse(page, args=args)
        cache.clear()
        cold = _count(client, url)
        warm = _count(client, url)
        counts.append((cold, warm))
    assert counts[0] == counts[1]
    # From the cache: the event; a score card also the boards in play; a traveller the board with its event.
    assert counts[0][1] == {"event_standings": 1, "pair_scorecard": 2, "board_traveller": 1}[page]


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


def test_with_nothing_fresh_to_serve_a_visitor_waits_for_the_process_at_work(grace, monkeypatch):
    """No herd: while one process works a page out, the others wait for its value instead of working it
    out too (here "another process" keeps its value while this one sleeps)."""
    event = make_event(tables=3)
    keep(event, "part", event.results_version, "version 0", age=grace + 5)
    event.results_version += 1
    assert cache.add(caching.part_key(event, "part", ()) + ":lock", True, 30)
    slept = []

    def other_process_keeps_its_value(seconds: float) -> None:
        slept.append(seconds)
        if len(slept) == 2:
            keep(event, "part", event.results_version, "version 1, by the other", age=0.2)

    monkeypatch.setattr(caching.time, "sleep", other_process_keeps_its_value)
    assert caching.cached(event, "part", (), lambda: "worked out here") == "version 1, by the other"
    assert len(slept) == 2


def test_a_visitor_does_not_wait_for_a_process_that_died_holding_the_lock(grace, monkeypatch):
    event = make_event(tables=3)
    assert cache.add(caching.part_key(event, "part", ()) + ":lock", True, 30)
    monkeypatch.setattr(caching, "WAIT_SECONDS", 0.2)
    monkeypatch.setattr(caching, "WAIT_STEP", 0.01)
    assert caching.cached(event, "part", (), lambda: "worked out here") == "worked out here"


def test_a_round_agreed_moves_the_versions_of_its_boards_and_their_travellers_say_so(client):
    """A traveller's progress line counts its board's rounds not yet agreed (law E): agreeing one moves the
    versions of the boards played in it, so the kept traveller is worked out again."""
    event = make_event(tables=3)
    fill(event)
    url = reverse("board_traveller", args=[event.pk, 1])
    assert "not yet agreed" in client.get(url).content.decode()
    rounds = {
        p.seating.round
        for p in Play.objects.filter(event=event, board__number=1).select_related("seating__round")
    }
    for r in rounds:
        services.round_agree(round=r, user_id=None)
    assert "not yet agreed" not in client.get(url).content.decode()


def test_a_visitors_kept_page_never_carries_another_visitors_message(client):
    """A visitor's page is kept whole for every visitor, but not one with a message waiting: a table's
    "Saved." (shown on its players' next page) is never shown to anyone else."""
    event = make_event(tables=3)
    url = reverse("event_standings", args=[event.pk])
    other = Client()
    assert "Saved." not in other.get(url).content.decode()  # kept for visitors
    secret = services.table_token_create(section=event.sections.get(), table=1).secret
    row = client.get(reverse("entry_token", args=[secret])).context["rows"][0]
    play, prefix = row["play"], row["form"].prefix
    posted = client.post(
        reverse("entry_token", args=[secret]),
        {
            "play": play.pk,
            f"{prefix}-version": play.version,
            f"{prefix}-ns": play.ns_pair.number,
            f"{prefix}-ew": play.ew_pair.number,
            f"{prefix}-level": 2,
            f"{prefix}-strain": "S",
            f"{prefix}-declarer": "N",
            f"{prefix}-tricks": 8,
        },
    )
    assert posted.status_code == 302
    assert "Saved." in client.get(url).content.decode()  # the table's own next page
    assert "Saved." not in other.get(url).content.decode()
    assert "Saved." not in client.get(url).content.decode()  # shown once


def test_a_visitor_is_never_kept_on_a_page_made_from_an_older_part(client, director_client, grace):
    """A whole page kept at the current version is made from its parts at that version, never from a kept
    older part: the last table's result is on the traveller a visitor is shown, and stays there."""
    event = make_event(tables=3)
    plays = list(Play.objects.filter(event=event, board__number=1).order_by("pk"))
    for play in plays[:-1]:
        write(play, FOUR_HEARTS)
    url = reverse("board_traveller", args=[event.pk, 1])
    assert "4H by N, 10 tricks" in director_client.get(url).content.decode()  # the board's part, kept
    write(plays[-1], {"contract": "7NT", "declarer": "N", "tricks": 13})  # the last table: released
    assert "7NT by N, 13 tricks" in client.get(url).content.decode()
    assert "7NT by N, 13 tricks" in client.get(url).content.decode()


def test_a_team_matchs_traveller_counts_the_whole_matchs_results(client):
    """Law G: a team match's traveller shows the match's progress, so another board's result moves it."""
    event = make_event(kind="teams", tables=2, boards_per_round=1, event_kind="teams")
    url = reverse("board_traveller", args=[event.pk, 1])
    for play in Play.objects.filter(event=event, board__number=1):
        write(play, FOUR_HEARTS)
    total = Play.objects.filter(event=event).count()
    assert f"{2} of {total} results in" in client.get(url).content.decode()
    write(Play.objects.filter(event=event, board__number=2).order_by("pk").first(), FOUR_HEARTS)
    assert f"{3} of {total} results in" in client.get(url).content.decode()


def test_made_up_parameters_are_neither_a_new_page_nor_in_its_links(client):
    event = make_event(tables=3)
    fill(event)
    url = reverse("event_standings", args=[event.pk])
    page = client.get(
        url, {"ns-sort": "pair", "x1page": "1", "evil": "<b>", "ns-page": "01"}
    ).content.decode()
    assert "x1page" not in page
    assert "evil" not in page
    assert caching.query_variant(QueryDict("ns-sort=pair&ns-page=01&x1page=1&section=zzz")) == (
        ("ns-page", "1"),
        ("ns-sort", "pair"),
    )
    assert caching.query_variant(QueryDict("page=99999999&ns-sort=<b>&section=b")) == (("section", "B"),)


# --- Whole pages for visitors: the overview, the movement, the team match -----------------------------------


def _renumbered_behind_the_services_back(event) -> str:
    """A pair's number changed without a new results version (as no service would): what a page made again
    would show, and a kept page does not."""
    pair = event.pairs.order_by("pk").first()
    Pair.objects.filter(pk=pair.pk).update(number="99")
    return "99"


@pytest.mark.parametrize(
    ("page", "kind", "shows"),
    [
        ("event_detail", "mitchell", "results entered"),
        ("event_movement", "mitchell", "Round 3"),
        ("team_match", "teams", "Board by board"),
    ],
)
def test_a_visitors_page_is_kept_whole_under_the_results_version(client, director_client, page, kind, shows):
    """The overview, the movement and the team match are kept whole for visitors under the results version
    (made once, then read from the cache): a change that moves no version is not seen by a visitor until a
    write moves it; a director always gets the page made there and then."""
    event = make_event(kind=kind, tables=3, event_kind="teams" if kind == "teams" else "pairs")
    fill(event)
    url = reverse(page, args=[event.pk])
    before = client.get(url).content.decode()
    assert shows in before
    if page == "event_detail":  # the overview's count of results entered
        Play.objects.filter(pk=Play.objects.filter(event=event).order_by("pk").first().pk).update(
            entered=False
        )
        total = Play.objects.filter(event=event).count()
        changed = f"<strong>{total - 1}</strong> of {total}"
    else:
        number = _renumbered_behind_the_services_back(event)
        changed = f">{number}<" if page == "team_match" else f"{number} v"
    assert client.get(url).content.decode() == before
    assert changed in director_client.get(url).content.decode()
    services.event_results_touch(event_ids=[event.pk])
    assert changed in client.get(url).content.decode()


# --- Values made in the background (``caching.prepared``: a big event's files) ---------------------------------


def preparing() -> list[threading.Thread]:
    """This process's threads making a value in the background."""
    return [t for t in threading.enumerate() if t.name.startswith(caching.PREPARING)]


def all_made() -> None:
    for thread in preparing():
        thread.join(timeout=60)
    assert not preparing()


def job_key(event, what: str) -> str:
    return caching.part_key(event, what, ()) + ":job"


@pytest.fixture
def threads_share_cache(settings):
    """A cache this process's threads can write to at once: the suite's own, or where that is the database
    cache in the test's SQLite database (in memory, whose table locks refuse a second thread's write at once
    rather than wait), Django's local-memory cache. What is tested is the jobs' logic, on any backend."""
    if caching.waits_for_sqlite_writes():
        settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}


@pytest.mark.django_db(transaction=True)
def test_a_file_waiting_its_turn_keeps_its_job_and_is_made_once(monkeypatch, threads_share_cache):
    """A process makes one background value at a time: one queued behind another keeps its job however long it
    waits (no request starts it a second time once JOB_SECONDS have passed), and is not said to have begun
    until its making begins."""
    monkeypatch.setattr(caching, "JOB_SECONDS", 2)  # renewed every 2/3 s while it waits
    event = make_event(tables=3)
    begun, release = threading.Event(), threading.Event()

    def another_file() -> str:
        begun.set()
        release.wait(30)
        return "another file"

    made = []

    def build() -> str:
        made.append(time.time())
        return "the file"

    try:
        assert caching.prepared(event, "another", (), another_file, current_only=True) == (None, 0.0)
        assert begun.wait(10)  # this process's turn is taken
        assert caching.prepared(event, "file", (), build, current_only=True) == (None, 0.0)
        time.sleep(0.6)
        assert caching.prepared(event, "file", (), build, current_only=True) == (
            None,
            0.0,
        )  # waiting: not begun
        time.sleep(2.0)  # JOB_SECONDS past since it was asked for, still waiting its turn
        assert cache.get(job_key(event, "file")) is not None
        assert caching.prepared(event, "file", (), build, current_only=True) == (None, 0.0)
    finally:
        release.set()
    all_made()
    assert len(made) == 1
    assert caching.prepared(event, "file", (), build, current_only=True) == ("the file", 0.0)
    assert cache.get(job_key(event, "file")) is None  # let go once made


@pytest.mark.django_db(transaction=True)
def test_a_visitor_is_served_a_background_file_younger_than_its_minimum_age_and_no_job_starts(
    settings, threads_share_cache
):
    """During play each result moves the version on: a file made in the background (seconds of a worker's
    CPU) is made again for a visitor only once it is BACKGROUND_MIN_AGE old; a director gets the latest."""
    settings.BACKGROUND_MIN_AGE = 30
    event = make_event(tables=3)
    made = []

    def build() -> str:
        made.append(event.results_version)
        return f"version {event.results_version}"

    keep(event, "file", event.results_version, "version 0", age=20)
    event.results_version += 1  # a result since
    assert caching.prepared(event, "file", (), build) == ("version 0", 0.0)
    assert cache.get(job_key(event, "file")) is None
    assert not preparing()
    assert made == []
    keep(event, "file", 0, "version 0", age=31)  # past its minimum age
    assert caching.prepared(event, "file", (), build) == ("version 0", 0.0)  # at once; the next one started
    all_made()
    assert made == [1]
    assert caching.prepared(event, "file", (), build) == ("version 1", 0.0)
    event.results_version += 1  # a director, within the minimum age: the latest, being made
    assert caching.prepared(event, "file", (), build, current_only=True) == (None, 0.0)
    all_made()
    assert made == [1, 2]
    assert caching.prepared(event, "file", (), build, current_only=True) == ("version 2", 0.0)
