"""What a scored deal looks like, whatever the code: the items on the score sheet and both sides' totals.

Shared by the auction and whist engine (:mod:`scoring.deal_score`) and contract bridge (:mod:`scoring.law77`).
The auction codes keep two columns (law 2: trick score and honour score); contract bridge writes its trick
score (law 77, contract points) in the ``trick`` column and every bonus and penalty in the ``honour`` column.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Literal

from scoring.contract import Side

__all__ = ["Column", "DealScore", "Item", "ItemKind", "SideScore"]

Column = Literal["trick", "honour"]


class ItemKind(StrEnum):
    TRICKS = "tricks"
    PREMIUM = "premium"
    HONOURS = "honours"
    UNDERTRICKS = "undertricks"
    DOUBLE_BONUS = "double_bonus"
    SLAM = "slam"
    REVOKE_PENALTY = "revoke_penalty"
    OTHER_PENALTY = "other_penalty"
    # contract bridge (law 77)
    OVERTRICKS = "overtricks"
    PART_SCORE = "part_score"
    GAME = "game"
    INSULT = "insult"


@dataclass(frozen=True, slots=True)
class Item:
    """One entry on the score sheet: ``points`` to ``side`` in its trick or honour ``column``."""

    kind: ItemKind
    side: Side
    points: int
    law: str
    column: Column

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "side": self.side.value,
            "points": self.points,
            "law": self.law,
            "column": self.column,
        }


@dataclass(frozen=True, slots=True)
class SideScore:
    trick: int
    honour: int
    total: int

    def to_dict(self) -> dict[str, int]:
        return {"trick": self.trick, "honour": self.honour, "total": self.total}


@dataclass(frozen=True, slots=True)
class DealScore:
    """Both sides' scores on one deal; ``net_ns`` is N-S's total less E-W's."""

    ns: SideScore
    ew: SideScore
    items: tuple[Item, ...]
    net_ns: int

    def side(self, side: Side) -> SideScore:
        return self.ns if side is Side.NS else self.ew

    def net(self, side: Side) -> int:
        """The side's total less its adversaries'."""
        return self.net_ns if side is Side.NS else -self.net_ns

    def to_dict(self) -> dict[str, Any]:
        """The command line's output shape."""
        return {
            "ns": self.ns.to_dict(),
            "ew": self.ew.to_dict(),
            "net_ns": self.net_ns,
            "items": [item.to_dict() for item in self.items],
        }
