"""The one error the scoring engine raises for input it cannot score."""

from __future__ import annotations

import json


class ScoringError(ValueError):
    """Input that cannot be scored.

    The message always starts with the name of the offending field (``"tricks: must be a whole
    number from 0 to 13, got 14"``); ``field`` holds that name on its own so that a form can attach
    the message to the right input.
    """

    field: str

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        super().__init__(f"{field}: {message}")


class ContestError(ScoringError):
    """Contest input the laws cannot score: a bad row, a pair playing a board twice, unequal teams..."""


def show_value(value: object) -> str:
    """A value as it would appear in JSON, shortened, for error messages."""
    try:
        text = json.dumps(value)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def whole_number(value: object, field: str, low: int, high: int) -> int:
    """``value`` if it is a whole number from ``low`` to ``high`` (not a bool, not a float)."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ScoringError(field, f"must be a whole number from {low} to {high}, got {show_value(value)}")
    return value
