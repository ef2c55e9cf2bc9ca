"""Work too long for a request (a big event file's import), done in a thread of the process that received it,
with its progress kept in Django's cache so that whichever worker answers the next request can show it: as
``caching.prepared`` makes a big workbook, the request answering at once with a page that reloads itself.

Two threads a job: one does the work (a service: one transaction), the other writes its progress and its end
to the cache every half second from a connection of its own (the database cache's writes must not sit in the
work's transaction, unseen until it commits). The process keeps nothing between requests: a job's state is in
the cache. A process that dies takes its job with it: the work's transaction never commits (nothing is
written), and its state, no longer renewed, reads as stopped after ``STALE_SECONDS``.
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

from duplicate.services import ServiceError

logger = logging.getLogger(__name__)

STEP_SECONDS = 0.5  # how often the progress is written
STALE_SECONDS = 60  # a job whose state has not been renewed for this long stopped with its process
KEEP_SECONDS = 3600  # how long a job's state is kept after its last news
STOPPED = (
    "The import stopped before it said it had finished (its server restarted, or the cache stopped answering): "
    "if the event is not in the events list, nothing was written; import the file again."
)
FAILED = "The import stopped on an unexpected error; nothing was written."

#: What the work is given to say how far it is: the number of items (results) done so far.
Progress = Callable[[int], None]


@dataclass(frozen=True, slots=True)
class JobState:
    """Where a job is: ``running`` (``done`` of ``total``), ``done`` (``event``: its result's primary key),
    ``failed`` (``error``: the service's one line), or ``stopped`` (its process died)."""

    state: str
    done: int
    total: int
    began: float
    event: int | None = None
    error: str = ""

    @property
    def seconds(self) -> int:
        return max(0, round(time.time() - self.began))


def _key(token: str) -> str:
    return f"kz:job:{token}"


def job_start(work: Callable[[Progress], int], *, total: int) -> str | None:
    """Start ``work(progress)`` (it returns the primary key of what it made; a ``ServiceError`` is its
    refusal) and return the job's token; None when the cache does not answer, and nothing was started (the
    caller then does the work in the request)."""
    token = secrets.token_urlsafe(16)
    began = time.time()
    try:
        cache.set(_key(token), _entry("running", 0, total, began), KEEP_SECONDS)
    except Exception:  # any cache backend's outage: the caller works in the request instead
        logger.warning("background job not started: the cache did not answer", exc_info=True)
        return None
    threading.Thread(target=_watch, args=(token, work, total, began), daemon=True).start()
    return token


def job_state(token: str) -> JobState | None:
    """The job's state, or None for a token the cache does not know (never started, or long finished)."""
    entry = cache.get(_key(token)) if len(token) <= 64 else None
    if not isinstance(entry, dict):
        return None
    state = JobState(
        state=entry["state"],
        done=entry["done"],
        total=entry["total"],
        began=entry["began"],
        event=entry.get("event"),
        error=entry.get("error", ""),
    )
    if state.state == "running" and time.time() - entry["renewed"] > STALE_SECONDS:
        return JobState("stopped", state.done, state.total, state.began, error=STOPPED)
    return state


def _entry(state: str, done: int, total: int, began: float, **extra: Any) -> dict[str, Any]:
    return {"state": state, "done": done, "total": total, "began": began, "renewed": time.time(), **extra}


def _watch(token: str, work: Callable[[Progress], int], total: int, began: float) -> None:
    """Run the work in a thread of its own and write its progress until it ends, then its end."""
    done = [0]
    outcome: dict[str, Any] = {}

    def progress(count: int) -> None:
        done[0] = count

    def run() -> None:
        try:
            outcome["event"] = work(progress)
        except ServiceError as exc:
            outcome["error"] = str(exc)
        except Exception:
            logger.exception("background job %s failed", token)
            outcome["error"] = FAILED
        finally:
            connections.close_all()  # this thread's own database connection

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    try:
        while worker.is_alive():
            worker.join(STEP_SECONDS)
            if worker.is_alive():
                _write(token, _entry("running", done[0], total, began))
        if "event" in outcome:
            _write(token, _entry("done", total, total, began, event=outcome["event"]))
        else:
            _write(token, _entry("failed", done[0], total, began, error=outcome.get("error", FAILED)))
    finally:
        connections.close_all()


def _write(token: str, entry: dict[str, Any]) -> None:
    """The job's state kept; a cache that does not answer is logged, and the job goes on (its state, not
    renewed, reads as stopped)."""
    try:
        cache.set(_key(token), entry, KEEP_SECONDS)
    except Exception:  # any cache backend's outage
        logger.warning("background job %s: its state could not be written", token, exc_info=True)
