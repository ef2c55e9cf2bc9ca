"""Fixtures of the duplicate app's tests."""

from __future__ import annotations

import pytest

from duplicate import services
from tests.factories import DEAL_1, DEAL_2, FIRST, SECOND, board_plays, enter, make_event


@pytest.fixture
def game(db, fresh_cache):
    """Board 1 entered at tables 1 (round 1) and 3 (round 2); table 2 (round 3) still to play it."""
    event = make_event(tables=3, boards_per_round=2)
    services.board_deals_set(event=event, deals={1: DEAL_1, 2: DEAL_2})
    plays = board_plays(event, 1)
    assert [(p.seating.round.number, p.seating.table) for p in plays] == [(1, 1), (2, 3), (3, 2)]
    enter(plays[0], FIRST)
    enter(plays[1], SECOND)
    event.refresh_from_db()
    return event
