"""Fixtures for the reliability and security tests, and the tally of hostile inputs tried (printed at the end
of ``pytest tests/reliability``: ``hostile inputs tried: N``, summed over xdist workers)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.reliability.helpers import HOSTILE


@pytest.fixture(autouse=True)
def _clear_cache(fresh_cache: None) -> None:
    """Pages kept by one test must not be served in the next (the sign-in counters are rows in the test's
    database, rolled back with it)."""


def pytest_sessionfinish(session: pytest.Session) -> None:
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:  # an xdist worker: hand the tally to the controller
        workeroutput["kalamazoo_hostile"] = dict(HOSTILE)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:
    HOSTILE.update(getattr(node, "workeroutput", {}).get("kalamazoo_hostile", {}))


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if HOSTILE:
        parts = ", ".join(f"{kind} {n}" for kind, n in sorted(HOSTILE.items()))
        terminalreporter.write_line(f"hostile inputs tried: {sum(HOSTILE.values())} ({parts})")
