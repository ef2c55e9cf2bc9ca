"""What the holders of the honours are credited with (laws 5 and 6)."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from scoring.contract import Side
from scoring.errors import ScoringError, gettext_noop, say, show_value


@dataclass(frozen=True, slots=True)
class Honours:
    """The honours one side held: ``count`` of them in all, at most ``in_one_hand`` in one of its hands.

    Law 5: the honours are the A K Q J 10 of the trump suit, or the four aces at no trump. In a suit
    one side always holds at least three of the five; at no trump the aces may split two and two, and
    then nobody scores honours (``None`` rather than an Honours).
    """

    side: Side
    count: int
    in_one_hand: int
    # A small whole number unique to the holding, for fast table lookups (see Contract.index).
    index: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.side, Side):
            raise ScoringError(
                "honours.side", gettext_noop("must be one of NS, EW, got %(got)s"), got=show_value(self.side)
            )
        count, in_one = self.count, self.in_one_hand
        if isinstance(count, bool) or not isinstance(count, int) or not 3 <= count <= 5:
            raise ScoringError(
                "honours.count",
                gettext_noop(
                    "must be 3, 4 or 5 (the honours one side held; fewer score nothing), got %(got)s"
                ),
                got=show_value(count),
            )
        low = (count + 1) // 2  # two hands: one of them holds at least half
        if isinstance(in_one, bool) or not isinstance(in_one, int) or not low <= in_one <= count:
            raise ScoringError(
                "honours.in_one_hand",
                gettext_noop(
                    "with %(count)s honours between two hands one hand holds from %(low)s to "
                    "%(count)s, got %(got)s"
                ),
                count=count,
                low=low,
                got=show_value(in_one),
            )
        object.__setattr__(self, "index", (0 if self.side is Side.NS else 64) + count * 8 + in_one)

    def rotated(self) -> Honours:
        """The same holding after the table is turned a quarter: the other side holds it."""
        return Honours(self.side.other, self.count, self.in_one_hand)

    def describe(self) -> str:
        return say(
            gettext_noop("%(side)s %(count)s honours (%(in_one_hand)s in one hand)"),
            side=self.side.value,
            count=self.count,
            in_one_hand=self.in_one_hand,
        )


@functools.cache
def interned_honours(side: Side, count: int, in_one_hand: int) -> Honours:
    """One shared (immutable) Honours per value; the space is tiny (2 sides x 8 holdings)."""
    return Honours(side, count, in_one_hand)
