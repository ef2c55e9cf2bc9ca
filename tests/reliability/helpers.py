"""The tally of hostile inputs the reliability tests send (tests/reliability/conftest.py prints it at the end)."""

from __future__ import annotations

from collections import Counter

HOSTILE: Counter[str] = Counter()


def tried(kind: str, n: int = 1) -> None:
    """Count hostile inputs sent (by kind: "form", "event file", ...)."""
    HOSTILE[kind] += n
