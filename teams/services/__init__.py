"""Writes of the team app: the events of matches (a round-robin league, Swiss teams, Swiss pairs;
docs/leagues.md).  Keyword-only, typed, one transaction each; a refused write raises ``ServiceError`` (one
clear line) and stores nothing."""

from __future__ import annotations

from teams.services.matches import (
    EntrantSpec,
    draw_swap,
    match_result_save,
    matches_event_create,
    round_draw,
)

__all__ = ["EntrantSpec", "draw_swap", "match_result_save", "matches_event_create", "round_draw"]
