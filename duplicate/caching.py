"""What pages work out from an event's results, kept in Django's cache with the results version they show.

Key: (event, what, variant): ``what`` names the part ("standings", "traveller", ...) and ``variant`` holds
everything else it depends on (board, sort, page, section, who may see what).  The value is kept with the
version it was worked out for (the event's results version, bumped by every write that changes what a page
shows; or a board's own, for what shows one board's results) and the time its working-out began.  One entry
a page, overwritten as versions move on: at many writes a second no dead versions pile up in the cache.

Reading, when the kept version is not the current one: a director always gets the current one (worked out
there and then).  A visitor is served the kept value while it began less than ``RESULTS_STALE_SECONDS`` ago
(a setting, 1 s); once it began more than half that ago one process (a lock taken with ``cache.add``) works
the current one out, the others meanwhile serving the kept one, or, when it is too old to serve, waiting
for that process's.  So under a stream of writes a page is worked out about twice a second, not once a
write, and what a visitor sees is never more than a second old.  A page quick to work out that shows no
result (``no_result_shown``: a board being played, with how many tables have played it) takes no lock and
is worked out again only once the grace has run out.  Nothing is kept in a process's memory: any number of workers on
any number of hosts share the cache.

When the cache fails (Redis stopped or not answering within ``REDIS_TIMEOUT``; the database cache's table
missing), the page is worked out in the request and a warning is logged: a cache is never a reason for a
500.  Within one request a cache that has failed is not asked again (a page made of several parts waits on a
silent server once); the next request asks it afresh, so pages are kept again as soon as it answers.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import re
import secrets
import threading
import time
from collections.abc import Callable, Hashable
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, TypeVar

from django.conf import settings
from django.core.cache import DEFAULT_CACHE_ALIAS, cache, caches
from django.core.cache.backends.db import DatabaseCache
from django.db import DatabaseError, connections, router
from django.http import QueryDict
from django.utils import translation
from django.utils.http import urlencode
from redis.exceptions import RedisError

from duplicate.models import Event

T = TypeVar("T")
logger = logging.getLogger(__name__)

LOCK_SECONDS = 30  # a lock left by a process that died frees itself after this
WAIT_SECONDS = 5.0  # the longest a request waits for another process's working-out of the same page
WAIT_STEP = 0.05  # how often it looks
JOB_SECONDS = 60  # a working-out in the background left by a process that died is started again after this
TIMEOUT = 24 * 3600  # a page no longer asked for drops out of the cache


class CacheUnavailable(Exception):
    """The cache failed: what it would have given is worked out in the request."""


@dataclass
class _RequestCache:
    """Whether the cache has failed in this request (then it is not asked again until the next request)."""

    failed: bool = False


# Set afresh at the start of each request and dropped at its end (``request_began`` and ``request_ended``, on
# Django's request signals: duplicate.apps): nothing carries over from one request to the next.
_request_cache: ContextVar[_RequestCache | None] = ContextVar("kalamazoo_request_cache", default=None)


def request_began(**kwargs: Any) -> None:
    _request_cache.set(_RequestCache())


def request_ended(**kwargs: Any) -> None:
    _request_cache.set(None)


def _cache_failure(exc: Exception) -> bool:
    """A failure of the cache, not of the page: Redis's errors (refused, timed out, any other), and the
    database cache's (its table missing), except in a transaction, which a failed statement may have
    broken (PostgreSQL): there it is raised, as every other error."""
    if isinstance(exc, RedisError):
        return True
    backend = caches[DEFAULT_CACHE_ALIAS]
    if isinstance(exc, DatabaseError) and isinstance(backend, DatabaseCache):
        return not connections[router.db_for_write(backend.cache_model_class)].in_atomic_block
    return False


def ask(operation: Callable[..., T], *args: Any) -> T:
    """One of the cache's operations, or CacheUnavailable when the cache fails (logged once a request): the
    one place a cache's failure is told from another error, for every part of the app that uses the cache."""
    state = _request_cache.get()
    if state is not None and state.failed:
        raise CacheUnavailable
    try:
        return operation(*args)
    except Exception as exc:
        if not _cache_failure(exc):
            raise
        if state is not None:
            state.failed = True
        hint = (  # a database error: the table missing, or the database itself down (then a 503 follows)
            f" (the database cache: its table, {settings.CACHES['default'].get('LOCATION')}, is made by "
            "`manage.py migrate`)"
            if isinstance(exc, DatabaseError)
            else ""
        )
        logger.warning(
            "The cache failed (%s: %s)%s: pages are worked out in the request until it answers.",
            type(exc).__name__,
            exc,
            hint,
        )
        raise CacheUnavailable from exc


def waits_for_sqlite_writes() -> bool:
    """Whether the cache is Django's database cache in the SQLite database the app writes to: SQLite has one
    write lock, which a write transaction holds to its end (an event file's import: seconds), so the cache
    cannot be written meanwhile by anyone, a thread of the same process included."""
    backend = caches[DEFAULT_CACHE_ALIAS]
    if not isinstance(backend, DatabaseCache):
        return False
    cache_database = connections[router.db_for_write(backend.cache_model_class)]
    app_database = connections[router.db_for_write(Event)]
    return (
        cache_database.vendor == "sqlite"
        and app_database.vendor == "sqlite"
        and cache_database.settings_dict["NAME"] == app_database.settings_dict["NAME"]
    )


def _digest(variant: Hashable) -> str:
    return hashlib.sha256(repr(variant).encode()).hexdigest()[:24]


def _event_stamp(event: Event) -> str:
    """The event's identity: its primary key and creation time (a key used again after a restore or a
    rolled-back test database does not find another event's parts)."""
    created = int(event.created_at.timestamp() * 1_000_000) if event.created_at else 0
    return f"{event.pk}.{created}"


def part_key(event: Event, what: str, variant: Hashable = ()) -> str:
    """The cache key of ``what`` for ``event`` in the request's language (a page or a file worked out in
    French is never served in Polish): the entry holds (version, began, value)."""
    return f"kz:{_event_stamp(event)}:{what}:{translation.get_language() or ''}:{_digest(variant)}"


def counted_variant(released_only: bool) -> str:
    """What a page's totals count (``selectors.released_only``), as part of its key: a visitor's totals of the
    released boards are never served to a director, nor a director's of every result to a visitor.  Which
    boards are in play is fixed by the results version the value is kept with (every write that enters,
    clears or rules on a result, and finishing the event, bumps it), so the key needs no query to name them."""
    return "released boards" if released_only else "every result"


def names_variant(director: bool) -> str:
    """Whose names a part shows, as part of its key: a director's in full, a visitor's as each player chose
    (``duplicate.privacy``); a director's part is never served to a visitor, nor the other way round.  A
    change of a player's choice, or the club's, bumps the results version of the events concerned."""
    return "full names" if director else "public names"


def cached(
    event: Event,
    what: str,
    variant: Hashable,
    build: Callable[[], T],
    *,
    version: int | None = None,
    current_only: bool = False,
    no_result_shown: bool = False,
) -> T:
    """``build()`` at ``version`` (the event's results version unless given: a board's, for a part that
    shows one board's results), from the cache when it holds it (see the module's docstring for when a
    visitor is served a value a little older); with ``current_only`` (a director; a part of a page about to be
    kept whole at the current version) never older than ``version``.

    ``variant`` must hold everything the value depends on besides the results (the board, the sort and
    page asked for, the section, the boards hidden from this viewer).  Values must pickle: rendered HTML,
    plain rows, a download's bytes (a few MB for the printouts of a 100-table event).

    ``no_result_shown``: a value that shows no result, quick to work out (a board being played: one count),
    is worked out by whichever request finds it older than the grace, without the lock, which would cost the
    database cache more than the value; no result waits on it to be shown."""
    try:
        return _cached(
            event,
            what,
            variant,
            build,
            version=version,
            current_only=current_only,
            no_result_shown=no_result_shown,
        )
    except CacheUnavailable:
        return build()


def _cached(
    event: Event,
    what: str,
    variant: Hashable,
    build: Callable[[], T],
    *,
    version: int | None,
    current_only: bool,
    no_result_shown: bool,
) -> T:
    """:func:`cached`, raising CacheUnavailable when the cache fails before ``build()`` has run (and never
    after: what was built is served, kept or not)."""
    wanted = event.results_version if version is None else version
    key = part_key(event, what, variant)
    stale = settings.RESULTS_STALE_SECONDS
    kept = ask(cache.get, key)
    # A page of results is worked out again half way through the grace, so that a new result shows within it.
    renew = stale if no_result_shown else stale / 2
    if kept is not None and (kept[0] >= wanted or (not current_only and time.time() - kept[1] < renew)):
        return kept[2]  # type: ignore[no-any-return]
    if current_only or no_result_shown:
        return _build_and_keep(key, wanted, build)  # never waiting for another process
    lock, owner = f"{key}:lock", secrets.token_hex(8)
    if ask(cache.add, lock, owner, LOCK_SECONDS):
        try:
            # Another process may have kept a new one and let the lock go since this one looked.
            now = ask(cache.get, key)
            if now is not None and (now[0] >= wanted or time.time() - now[1] < renew):
                return now[2]  # type: ignore[no-any-return]
            return _build_and_keep(key, wanted, build)
        finally:
            _let_go(lock, owner)
    # Another process is working it out: the kept value while it is fresh enough, else that process's.
    if kept is not None and time.time() - kept[1] < stale:
        return kept[2]  # type: ignore[no-any-return]
    return _wait_for_another(key, kept, wanted, build)


def prepared(
    event: Event, what: str, variant: Hashable, build: Callable[[], T], *, current_only: bool = False
) -> tuple[T | None, float]:
    """A value too long to work out in a request (a big event's printouts and workbook): ``(value, 0)`` when
    kept, as :func:`cached` would serve it; otherwise ``build()`` runs in a thread of this process (started
    once: a job taken with ``cache.add``) and keeps its value, while the request answers at once: a visitor
    with the value kept, older (a file that takes seconds to make is served one making old meanwhile, never
    waited for), a director (``current_only``), or anyone when none is kept, with ``(None, seconds)``, ``seconds``
    being how long ago that working-out began (0 while it waits its turn behind other values).

    A visitor is served a kept value begun less than ``BACKGROUND_MIN_AGE`` ago (a setting, 30 s) whatever
    the results version, no job started: during play every result moves the version on, and each new file
    is seconds of a worker's CPU, so one is made at most every
    ``BACKGROUND_MIN_AGE`` seconds; a director always gets the latest."""
    try:
        return _prepared(event, what, variant, build, current_only=current_only)
    except CacheUnavailable:  # no cache to hand a thread's value over in: worked out here
        return build(), 0.0


def _prepared(
    event: Event, what: str, variant: Hashable, build: Callable[[], T], *, current_only: bool
) -> tuple[T | None, float]:
    wanted = event.results_version
    key = part_key(event, what, variant)
    kept = ask(cache.get, key)
    if kept is not None and (kept[0] >= wanted or (not current_only and _young(kept[1]))):
        return kept[2], 0.0
    job, owner = f"{key}:job", secrets.token_hex(8)
    if ask(cache.add, job, (owner, None), JOB_SECONDS):
        began: Any = None  # not yet: waiting its turn (``_prepare``)
        threading.Thread(
            target=_prepare,
            args=(key, job, owner, wanted, in_this_language(build)),
            name=f"{PREPARING} {what}",
            daemon=True,
        ).start()
    else:
        held = ask(cache.get, job)  # (owner, when its making began: None while it waits its turn)
        began = held[1] if isinstance(held, tuple) else None
    if kept is not None and not current_only:
        return kept[2], 0.0
    return None, max(0.0, time.time() - began) if isinstance(began, float) else 0.0


def in_this_language(work: Callable[[], T]) -> Callable[[], T]:
    """``work`` done in the request's language wherever it runs: a thread starts in the site's default."""
    language = translation.get_language()

    def in_language() -> T:
        with translation.override(language):
            return work()

    return in_language


def _young(began: float) -> bool:
    """Whether a kept background value is young enough to serve a visitor however many versions old."""
    return time.time() - began < max(settings.RESULTS_STALE_SECONDS, settings.BACKGROUND_MIN_AGE)


# A process works out one value in the background at a time, the others waiting their turn in their threads:
# each takes seconds of CPU, and the process's requests share its interpreter with them.
_ONE_AT_A_TIME = threading.Lock()
PREPARING = "kalamazoo: preparing"  # the name of a background value's thread (and the start of it)


def _prepare(key: str, job: str, owner: str, version: int, build: Callable[[], Any]) -> None:
    """``build()`` kept at ``version``, once this process's other background values are made.  The job's key
    is renewed while it waits its turn (it must not expire and let another request start the same value) and
    taken afresh, with the time, when the work begins: ``JOB_SECONDS`` count from there."""
    try:
        while not _ONE_AT_A_TIME.acquire(timeout=JOB_SECONDS / 3):
            with contextlib.suppress(CacheUnavailable):
                ask(cache.touch, job, JOB_SECONDS)
        try:
            with contextlib.suppress(CacheUnavailable):
                ask(cache.set, job, (owner, time.time()), JOB_SECONDS)
                kept = ask(cache.get, key)
                if kept is not None and kept[0] >= version:
                    return  # made meanwhile by another process
            _build_and_keep(key, version, build)
        finally:
            _ONE_AT_A_TIME.release()
    finally:
        with contextlib.suppress(CacheUnavailable):  # else the job frees itself after JOB_SECONDS
            held = ask(cache.get, job)
            if isinstance(held, tuple) and held[0] == owner:
                ask(cache.delete, job)
        connections.close_all()  # this thread's own database connection


def _build_and_keep(key: str, version: int, build: Callable[[], T]) -> T:
    """``build()``, kept in the cache when it answers (served all the same when it does not)."""
    began = time.time()
    value = build()
    with contextlib.suppress(CacheUnavailable):
        ask(cache.set, key, (version, began, value), TIMEOUT)
    return value


def _let_go(lock: str, owner: str) -> None:
    """The lock let go when it is still this process's (not another's, taken after this one's expired); when
    the cache does not answer, it frees itself after LOCK_SECONDS."""
    with contextlib.suppress(CacheUnavailable):
        if ask(cache.get, lock) == owner:
            ask(cache.delete, lock)


def _wait_for_another(key: str, kept: Any, wanted: int, build: Callable[[], T]) -> T:
    """The value another process is working out, once kept (a herd of requests working the same page out
    at once would slow every one of them); after :data:`WAIT_SECONDS`, worked out here."""
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        time.sleep(WAIT_STEP)
        now = ask(cache.get, key)
        if now is not None and (kept is None or now[1] > kept[1]):
            return now[2]  # type: ignore[no-any-return]
    return _build_and_keep(key, wanted, build)


_TABLE_PARAMETER = re.compile(r"(?:[a-z0-9]+(?:-[a-z0-9]+)*-)?(sort|page)")  # django-tables2's, prefixed
_SORT = re.compile(r"-?[a-z0-9_]{1,40}")  # a column's name, "-" first for descending
_SECTION = re.compile(r"[A-Z]{1,2}")  # A to ZZ: what a section is named (the model holds up to 4)
MAX_PAGE = 9999


def page_query(query: QueryDict) -> QueryDict:
    """The query parameters a page reads, checked and in one spelling: its tables' sort (a column's name) and
    page (a whole number) under their prefixes, and the section; the last value of each, anything else
    left out.  Pages kept in the cache are made from these alone, so a made-up parameter is neither a new
    entry nor carried into the links of a page every visitor is shown."""
    kept: list[tuple[str, str]] = []
    for key in sorted(query):
        value = query.get(key) or ""
        found = _TABLE_PARAMETER.fullmatch(key) if len(key) <= 80 else None
        if key == "section":
            value = value.strip().upper()
            ok = bool(_SECTION.fullmatch(value))
        elif found is not None and found.group(1) == "page":
            ok = value.isascii() and value.isdecimal() and len(value) <= 4 and 0 < int(value) <= MAX_PAGE
            value = str(int(value)) if ok else ""
        else:
            ok = found is not None and bool(_SORT.fullmatch(value))
        if ok:
            kept.append((key, value))
    return QueryDict(urlencode(kept))  # read-only, as a request's own


def query_variant(query: QueryDict) -> tuple[tuple[str, str], ...]:
    """:func:`page_query` as part of a key: the same page is one entry."""
    return tuple(sorted((key, str(value)) for key, value in page_query(query).items()))


# The transaction (or savepoint) each of the database cache's writes is wrapped in.
_CACHE_TRANSACTION = (
    "SAVEPOINT",
    "RELEASE SAVEPOINT",
    "ROLLBACK TO SAVEPOINT",
    "BEGIN",
    "COMMIT",
    "ROLLBACK",
)


def cache_statement(sql: str) -> bool:
    """A statement of Django's database cache (on its table, or the transaction around a write): what query
    counts leave out, so that a page's count is the same with the database cache and with Redis."""
    table = settings.CACHES["default"].get("LOCATION", "")
    return bool(table and table in sql) or sql.startswith(_CACHE_TRANSACTION)
