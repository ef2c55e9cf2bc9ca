"""Work too long for a request (a big event file's import), done in a thread of the process that received it,
with its progress kept in Django's cache so that whichever worker answers the next request can show it: as
``caching.prepared`` makes a big workbook, the request answering at once with a page that reloads itself.

Two threads a job: one does the work (a service: one transaction), the other writes its progress and its end
to the cache every half second from a connection of its own (the database cache's writes must not sit in the
work's transaction, unseen until it commits). The process keeps nothing between requests: a job's state is in
the cache, read and written through ``caching.ask`` (the one rule for a cache's failure). A process that dies
takes its job with it: the work's transaction never commits (nothing is written), and its state, no longer
renewed, reads as ``silent`` after ``STALE_SECONDS``; so does a running job's whose writes the cache refuses,
so silence never says the work stopped: the page following it says what to look for (the event).

No job is started (the caller works in the request) when the cache does not answer, nor when it is the
database cache in the SQLite database the work writes to: the work's transaction holds SQLite's one write
lock to its end, so no progress could be written until the work is done.
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.db import connections
from django.utils import translation
from django.utils.translation import gettext, gettext_noop

from duplicate import caching
from duplicate.services import ServiceError

logger = logging.getLogger(__name__)

STEP_SECONDS = 0.5  # how often the progress is written
STALE_SECONDS = 60  # a job not renewed for this long is silent (stopped, or unable to say so)
KEEP_SECONDS = 3600  # how long a job's state is kept after its last news
FAILED = gettext_noop("The import stopped on an unexpected error; nothing was written.")

#: What the work is given to say how far it is: the number of items (results) done so far.
Progress = Callable[[int], None]


@dataclass(frozen=True, slots=True)
class JobState:
    """Where a job is: ``running`` (``done`` of ``total``), ``done`` (``event``: its result's primary key),
    ``failed`` (``error``: the service's one line), or ``silent``: no news for ``STALE_SECONDS`` (its
    process died, or the cache refused its writes: it may still be running).  ``name``: the name of what the
    work makes (the event's), to look for when the job is silent; ``renewed``: the time of its last news."""

    state: str
    done: int
    total: int
    began: float
    event: int | None = None
    error: str = ""
    name: str = ""
    renewed: float = 0.0

    @property
    def seconds(self) -> int:
        return max(0, round(time.time() - self.began))

    @property
    def silent_seconds(self) -> int:
        return max(0, round(time.time() - self.renewed))


def _key(token: str) -> str:
    return f"kz:job:{token}"


def followable() -> bool:
    """Whether a job's progress can be written while its work runs (not with the database cache in the
    SQLite database the work writes to: ``caching.waits_for_sqlite_writes``)."""
    return not caching.waits_for_sqlite_writes()


def job_start(work: Callable[[Progress], int], *, total: int, name: str = "") -> str | None:
    """Start ``work(progress)`` (it returns the primary key of what it made, named ``name``; a
    ``ServiceError`` is its refusal) and return the job's token; None when its progress could not be
    followed (the cache does not answer, or could not be written while the work runs: :func:`followable`),
    and nothing was started (the caller then does the work in the request)."""
    if not followable():
        return None
    token = secrets.token_urlsafe(16)
    began = time.time()
    try:
        caching.ask(cache.set, _key(token), _entry("running", 0, total, began, name=name), KEEP_SECONDS)
    except caching.CacheUnavailable:  # logged there: the caller works in the request instead
        return None
    language = translation.get_language()  # the refusal's words in the request's language
    threading.Thread(target=_watch, args=(token, work, total, began, name, language), daemon=True).start()
    return token


def job_state(token: str) -> JobState | None:
    """The job's state, or None for a token the cache does not know (never started, or long finished);
    ``caching.CacheUnavailable`` when the cache does not answer (the job may be running: nobody can tell)."""
    entry = caching.ask(cache.get, _key(token)) if len(token) <= 64 else None
    if not isinstance(entry, dict):
        return None
    state = JobState(
        state=entry["state"],
        done=entry["done"],
        total=entry["total"],
        began=entry["began"],
        event=entry.get("event"),
        error=entry.get("error", ""),
        name=entry.get("name", ""),
        renewed=entry["renewed"],
    )
    if state.state == "running" and time.time() - state.renewed > STALE_SECONDS:
        return JobState(
            "silent", state.done, state.total, state.began, name=state.name, renewed=state.renewed
        )
    return state


def _entry(state: str, done: int, total: int, began: float, **extra: Any) -> dict[str, Any]:
    return {"state": state, "done": done, "total": total, "began": began, "renewed": time.time(), **extra}


def _watch(
    token: str, work: Callable[[Progress], int], total: int, began: float, name: str, language: str | None
) -> None:
    """Run the work in a thread of its own and write its progress until it ends, then its end."""
    done = [0]
    outcome: dict[str, Any] = {}
    with translation.override(language):
        failed = gettext(FAILED)

    def progress(count: int) -> None:
        done[0] = count

    def run() -> None:
        try:
            with translation.override(language):
                outcome["event"] = work(progress)
        except ServiceError as exc:
            outcome["error"] = str(exc)
        except Exception:
            logger.exception("background job %s failed", token)
            outcome["error"] = failed
        finally:
            connections.close_all()  # this thread's own database connection

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    try:
        while worker.is_alive():
            worker.join(STEP_SECONDS)
            if worker.is_alive():
                _write(token, _entry("running", done[0], total, began, name=name))
        if "event" in outcome:
            end = _entry("done", total, total, began, name=name, event=outcome["event"])
        else:
            end = _entry("failed", done[0], total, began, name=name, error=outcome.get("error", failed))
        deadline = time.monotonic() + STALE_SECONDS  # the end told, through a moment's failure of the cache
        while not _write(token, end) and time.monotonic() < deadline:
            time.sleep(STEP_SECONDS)
    finally:
        connections.close_all()


def _write(token: str, entry: dict[str, Any]) -> bool:
    """The job's state kept (True); a cache that does not answer is logged (``caching.ask``), and the job goes
    on (its state, not renewed, reads as silent)."""
    try:
        caching.ask(cache.set, _key(token), {**entry, "renewed": time.time()}, KEEP_SECONDS)
    except caching.CacheUnavailable:
        return False
    return True
