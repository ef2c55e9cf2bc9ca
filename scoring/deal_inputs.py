"""What a deal's score takes besides the contract and the tricks: revokes (laws 84, 89; whist law 30),
the declarer's side's election after a revoke, and penalty points (duplicate law F, laws 41a, 54, 81, 90)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from scoring.codes import AUCTION_CODES, ScoringCode
from scoring.contract import Side
from scoring.errors import ScoringError, gettext_noop, show_value, whole_number

MAX_REVOKES: Final = 13


class Election(StrEnum):
    """Law 84(b): what the declarer takes when an adversary revokes."""

    POINTS = "points"  # 100 points in his honour column
    TRICKS = "tricks"  # three tricks from his opponents, added to his own


@dataclass(frozen=True, slots=True)
class Revokes:
    """Established revokes (law 83) on one deal, by each side, and the declarer's election (law 84b).

    ``election`` is required when the defenders revoked and the declarer's side did not, and must be
    None otherwise (with no revoke, or when both sides revoked, law 89, there is nothing to elect).
    """

    declarer_side: int = 0
    defenders: int = 0
    election: Election | None = None

    def __post_init__(self) -> None:
        whole_number(self.declarer_side, "revokes.declarer_side", 0, MAX_REVOKES)
        whole_number(self.defenders, "revokes.defenders", 0, MAX_REVOKES)
        needs_election = self.defenders > 0 and self.declarer_side == 0
        if needs_election and not isinstance(self.election, Election):
            raise ScoringError(
                "revokes.election",
                gettext_noop(
                    "the defenders revoked, so the declarer must elect (law 84b): one of "
                    "points, tricks; got %(got)s"
                ),
                got=show_value(self.election),
            )
        if not needs_election and self.election is not None:
            raise ScoringError(
                "revokes.election",
                gettext_noop(
                    "only when the defenders revoked and the declarer's side did not; here both sides "
                    "revoked (law 89), so leave it out (got %(got)s)"
                )
                if self.defenders
                else gettext_noop(
                    "only when the defenders revoked and the declarer's side did not; here the defenders "
                    "did not revoke, so leave it out (got %(got)s)"
                ),
                got=show_value(str(self.election)),
            )

    @property
    def any(self) -> bool:
        return self.declarer_side > 0 or self.defenders > 0


@dataclass(frozen=True, slots=True)
class WhistRevokes:
    """Established revokes at duplicate whist, counted by side (whist law 30: two tricks each)."""

    ns: int = 0
    ew: int = 0

    def __post_init__(self) -> None:
        whole_number(self.ns, "revokes.ns", 0, MAX_REVOKES)
        whole_number(self.ew, "revokes.ew", 0, MAX_REVOKES)

    @property
    def any(self) -> bool:
        return self.ns > 0 or self.ew > 0


def _multiples_of_25() -> tuple[int, ...]:
    return tuple(range(25, 25 * 13 + 1, 25))


# law -> (points allowed, codes it belongs to, the offence)
PENALTY_LAWS: Final[dict[str, tuple[tuple[int, ...], tuple[ScoringCode, ...], str]]] = {
    "F": ((50,), AUCTION_CODES, "a declaration out of turn"),
    "54": (
        (100, 50),
        AUCTION_CODES,
        "redoubling more than once 100; doubling partner, or redoubling his double, 50",
    ),
    "81": ((50,), AUCTION_CODES, "omitting to play to a trick (with duplicate law F)"),
    "90": ((25,), AUCTION_CODES, "looking at a trick turned and quitted"),
    "41a": (_multiples_of_25(), (ScoringCode.AUCTION_1915,), "looking at cards during the deal, 25 a card"),
}


@dataclass(frozen=True, slots=True)
class Penalty:
    """Penalty points awarded to ``side`` (the offenders' adversaries) under ``law``."""

    side: Side
    points: int
    law: str

    def __post_init__(self) -> None:
        if not isinstance(self.side, Side):
            raise ScoringError(
                "penalties.side",
                gettext_noop("must be one of NS, EW, got %(got)s"),
                got=show_value(self.side),
            )
        entry = PENALTY_LAWS.get(self.law) if isinstance(self.law, str) else None
        if entry is None:
            raise ScoringError(
                "penalties.law",
                gettext_noop("must be one of %(penalty_laws)s, got %(got)s"),
                penalty_laws=", ".join(PENALTY_LAWS),
                got=show_value(self.law),
            )
        allowed, _codes, what = entry
        if isinstance(self.points, bool) or not isinstance(self.points, int) or self.points not in allowed:
            if len(allowed) > 2:
                template = gettext_noop(
                    "law %(law)s (%(what)s) costs a multiple of 25 from 25 to 325 points, got %(got)s"
                )
            elif len(allowed) == 2:
                template = gettext_noop(
                    "law %(law)s (%(what)s) costs %(points)s or %(other)s points, got %(got)s"
                )
            else:
                template = gettext_noop("law %(law)s (%(what)s) costs %(points)s points, got %(got)s")
            raise ScoringError(
                "penalties.points",
                template,
                law=self.law,
                what=what,
                points=allowed[0],
                other=allowed[-1],
                got=show_value(self.points),
            )
