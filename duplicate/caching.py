"""What pages work out from an event's results, kept in Django's cache under the event's results version.

Key: (event, results version, what, variant): ``what`` names the part ("standings", "traveller", ...) and
``variant`` holds everything else it depends on (board, sort, page, section, who may see what).  Every write
that changes what a page shows bumps ``Event.results_version``, so the next request misses and works the
part out again.  On a miss one process recomputes, holding a lock taken with ``cache.add``; meanwhile a
visitor is served the part's previous version if the recompute began less than :data:`STALE_SECONDS` ago,
and a director always gets the latest (worked out there and then if need be).  Nothing is kept in a
process's memory: any number of workers on any number of hosts share the cache.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from django.conf import settings
from django.core.cache import cache

from duplicate.models import Event
from duplicate.selectors import events

T = TypeVar("T")

PAGE_PARAMETERS = ("sort", "page")  # django-tables2's, each table's prefix before them
STALE_SECONDS = 1.0  # how long a visitor may be shown the previous version while the new one is made
LOCK_SECONDS = 30  # a lock left by a process that died frees itself after this
TIMEOUT = 24 * 3600  # a version no longer asked for drops out of the cache


def _digest(variant: Hashable) -> str:
    return hashlib.sha256(repr(variant).encode()).hexdigest()[:24]


def _event_stamp(event: Event) -> str:
    """The event's identity: its primary key and creation time (a key used again after a restore or a
    rolled-back test database does not find another event's parts)."""
    created = int(event.created_at.timestamp() * 1_000_000) if event.created_at else 0
    return f"{event.pk}.{created}"


def part_key(event: Event, what: str, variant: Hashable = ()) -> str:
    """The cache key of ``what`` for ``event`` at its current results version."""
    return f"kz:{_event_stamp(event)}:{event.results_version}:{what}:{_digest(variant)}"


def _latest_key(event: Event, what: str, variant: Hashable) -> str:
    return f"kz:{_event_stamp(event)}:latest:{what}:{_digest(variant)}"


def cached(
    event: Event, what: str, variant: Hashable, build: Callable[[], T], *, director: bool = False
) -> T:
    """``build()`` for the event's current results version, from the cache when it holds it.

    ``variant`` must hold everything the value depends on besides the event's results (the board, the sort
    and page asked for, the section, the boards hidden from this viewer).  Values must pickle: rendered
    HTML, plain rows, a download's bytes (a few MB for the printouts of a 100-table event)."""
    key = part_key(event, what, variant)
    hit = cache.get(key)
    if hit is not None:
        return hit[0]  # type: ignore[no-any-return]
    latest_key = _latest_key(event, what, variant)
    lock_key = f"{key}:lock"
    if cache.add(lock_key, time.time(), LOCK_SECONDS):
        try:
            return _build_and_keep(event, key, latest_key, build)
        finally:
            cache.delete(lock_key)
    if not director:
        previous = _previous(cache.get_many([latest_key, lock_key]), latest_key, lock_key, event)
        if previous is not None:
            return previous[0]  # type: ignore[no-any-return]
    # Another process is at work (or died holding the lock): never wait for it, never show a director old
    # figures; what is worked out here is kept as well (the same value).
    return _build_and_keep(event, key, latest_key, build)


def _build_and_keep(event: Event, key: str, latest_key: str, build: Callable[[], T]) -> T:
    value = build()
    cache.set_many({key: (value,), latest_key: (event.results_version, time.time(), value)}, TIMEOUT)
    return value


def _previous(found: dict[str, Any], latest_key: str, lock_key: str, event: Event) -> tuple[Any] | None:
    """The previous version's value: only the version just before the current one, and only while the
    recompute of the current one began less than a second ago (a page several writes old is never shown)."""
    latest, started = found.get(latest_key), found.get(lock_key)
    if latest is None or started is None or latest[0] != event.results_version - 1:
        return None
    if time.time() - started > STALE_SECONDS:
        return None
    return (latest[2],)


def query_variant(query: Any) -> tuple[tuple[str, str], ...]:
    """The query parameters a page reads (its tables' sort and page, with their prefixes, and the section),
    sorted, as part of a key: the same page is one entry, and a made-up parameter is not a new one."""
    return tuple(
        sorted(
            (k, v) for k in query if k == "section" or k.endswith(PAGE_PARAMETERS) for v in query.getlist(k)
        )
    )


def boards_in_play(event: Event) -> frozenset[int]:
    """The boards not yet released to visitors (no peeking), cached with the results version like the pages
    that ask for them."""
    return cached(event, "in-play", (), lambda: events.boards_in_play(event))


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
