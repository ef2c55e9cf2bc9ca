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
