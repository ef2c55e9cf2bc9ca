"""A team match's lines (law G) as the standings make them: each team's pairs and total, each table's boards
with the swing between the teams and its running total, and the words a board without scores is noted with."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.utils.translation import gettext_noop

from duplicate.selectors.pair_rows import PairInfo
from scoring.contests import fraction_str, round_half_away
from scoring.contests.display import DisplayText, lead_str


@dataclass(frozen=True, slots=True)
class TeamPairLine:
    pair: PairInfo
    direction: str
    boards: int
    net: Fraction
    net_display: str

    def to_json(self) -> dict[str, Any]:
        return {
            "pair": self.pair.label,
            "direction": self.direction,
            "players": list(self.pair.players),
            "boards": self.boards,
            "net": fraction_str(self.net),
        }


@dataclass(frozen=True, slots=True)
class TeamLine:
    name: str
    rank: int
    pairs: tuple[TeamPairLine, ...]
    net: Fraction
    odd_direction: str | None
    extra_pairs: int
    odd_pair_average: Fraction | None
    total: Fraction
    total_display: str
    odd_pair_average_display: str | None

    @property
    def odd_pair_added(self) -> Fraction | None:
        return None if self.odd_pair_average is None else self.extra_pairs * self.odd_pair_average

    @property
    def opposite_direction(self) -> str | None:
        if self.odd_direction is None:
            return None
        return "EW" if self.odd_direction == "NS" else "NS"

    def to_json(self) -> dict[str, Any]:
        average = self.odd_pair_average
        return {
            "name": self.name,
            "total": round_half_away(self.total),
            "exact": fraction_str(self.total),
            "pairs": [p.to_json() for p in self.pairs],
            "odd_pair_average": fraction_str(average) if average is not None else None,
        }


NOT_PLAYED = gettext_noop("not played yet")
RULING_WAITING = gettext_noop("ruling: waiting for a result")


def lead_text(
    ns_team: str | None, ew_team: str | None, swing: Fraction | int | None, *, even: str = "0"
) -> str:
    """Who a swing or running total favours at a table, and by how much: "Reds 314"; ``even`` when 0."""
    if swing is None:
        return ""
    if swing == 0:
        return even
    return f"{(ns_team if swing > 0 else ew_team) or ''} {lead_str(swing)}".strip()


@dataclass(frozen=True, slots=True)
class TeamBoardLine:
    """A board at a team match's table: each pair's score on it (as the contest scored it), the swing
    between the two teams there (N-S's score less E-W's: what it moves the match's margin by, from the N-S
    team's side), and the running total of the swings on the boards shown so far.  ``note`` says why a
    board has no scores: being played (hidden from this viewer), not played yet, a ruling waiting."""

    board: int
    ns_score: Fraction | int | None
    ew_score: Fraction | int | None
    swing: Fraction | int | None
    running: Fraction | int
    swing_display: str
    running_display: str
    note: str = ""

    ns_display = DisplayText("ns_score")
    ew_display = DisplayText("ew_score")


@dataclass(frozen=True, slots=True)
class TableLine:
    """One table of a team match: its pairs (and teams), each pair's score there, and its boards."""

    table: int
    ns: PairInfo
    ew: PairInfo
    ns_net: Fraction
    ew_net: Fraction
    lines: tuple[TeamBoardLine, ...] = ()

    ns_display = DisplayText("ns_net")
    ew_display = DisplayText("ew_net")
