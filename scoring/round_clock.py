"""The round clock of the venue display: where play stands, given when the director started the clock.

The director starts the clock at round ``clock_round`` at ``started_at``; every later round follows after
``minutes`` (the round's length, the move to the next table included).  Pure arithmetic in whole seconds: a
part of a second not yet run is not counted as run (the display shows 12:35 left until 12:34 is reached).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from scoring.errors import gettext_noop, say

# The first seconds of a round (after the clock's first) in which the display says the round before has ended
# and the players move, before it counts down the new round.
MOVE_SECONDS = 60


@dataclass(frozen=True, slots=True)
class ClockState:
    """Where play stands: ``round`` being played (the last when ``over``), ``seconds_left`` in it (0 when
    ``over``), whether it is the event's ``last`` round, whether ``moving`` (the first :data:`MOVE_SECONDS`
    of a round after the clock's first: the round before has just ended) and whether play is ``over``."""

    round: int
    seconds_left: int
    last: bool
    moving: bool
    over: bool


def clock_state(
    *, started_at: dt.datetime, clock_round: int, minutes: int, rounds: int, now: dt.datetime
) -> ClockState | None:
    """The clock at ``now``, or ``None`` when there is none (``minutes`` 0, no rounds, or a start round past
    the last).  Before ``started_at`` (a device's clock behind the server's) the first round is full."""
    if minutes <= 0 or rounds <= 0 or not 1 <= clock_round <= rounds:
        return None
    length = minutes * 60
    elapsed = max(0, (now - started_at) // dt.timedelta(seconds=1))
    played, into = divmod(elapsed, length)
    current = clock_round + played
    if current > rounds:
        return ClockState(round=rounds, seconds_left=0, last=True, moving=False, over=True)
    return ClockState(
        round=current,
        seconds_left=length - into,
        last=current == rounds,
        moving=played > 0 and into < MOVE_SECONDS,
        over=False,
    )


def clock_text(state: ClockState) -> str:
    """What the display says: "Round 3 — 12:34 left", "Round 3 has ended: move for round 4", "Last round —
    12:34 left", "Play has ended" (static/js/live.js says the same, each second)."""
    if state.over:
        return say(gettext_noop("Play has ended"))
    if state.moving:
        if state.last:
            return say(
                gettext_noop("Round %(before)s has ended: move for round %(round)s, the last round"),
                before=state.round - 1,
                round=state.round,
            )
        return say(
            gettext_noop("Round %(before)s has ended: move for round %(round)s"),
            before=state.round - 1,
            round=state.round,
        )
    minutes, seconds = divmod(state.seconds_left, 60)
    left = f"{minutes}:{seconds:02d}"
    # the same sentences as the display's script says each second (templates/duplicate/_round_clock.html)
    if state.last:
        return say(gettext_noop("Last round — %(time)s left"), time=left)
    return say(gettext_noop("Round %(round)s — %(time)s left"), round=state.round, time=left)
