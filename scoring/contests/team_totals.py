"""Team matches under duplicate law G.

A team's score is the sum of its pairs' scores on the deals they played (each deal scored as law H and
B(3) score it: :func:`~scoring.contests.plus_minus.scored_boards`).  A team seating more pairs in one
direction than in the other adds, once for each extra pair, the average of the per-pair totals of all pairs
(both teams) seated in the opposite direction, "as though won by it".  The higher exact total wins; the
totals are shown to the nearest whole number unless the fraction decides the match.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, TypeVar

from scoring.contests.display import round_half_away
from scoring.contests.plus_minus import (
    EW,
    NS,
    BoardDetail,
    BoardResult,
    Exact,
    PairId,
    Side,
    scored_boards,
)
from scoring.contests.rankings import competition_ranks, one_ranking
from scoring.errors import ContestError, gettext_noop

__all__ = ["TeamMatch", "TeamPairRow", "TeamRow", "team_match"]

_P = TypeVar("_P", bound=PairId)


@dataclass(frozen=True, slots=True)
class TeamPairRow:
    pair: PairId
    direction: Side
    boards: int
    net: Fraction


@dataclass(frozen=True, slots=True)
class TeamRow:
    """A team's line: ``net`` is the sum of its pairs' scores; ``odd_direction`` the direction in which it
    seats more pairs (``None`` when balanced) and ``extra_pairs`` by how many; ``odd_pair_average`` the
    average of all pairs seated opposite its odd pair.  ``total = net + extra_pairs * odd_pair_average``."""

    name: str
    pairs: tuple[TeamPairRow, ...]
    net: Fraction
    odd_direction: Side | None
    extra_pairs: int
    odd_pair_average: Fraction | None
    total: Fraction
    rank: int

    @property
    def total_rounded(self) -> int:
        return round_half_away(self.total)


@dataclass(frozen=True)
class TeamMatch:
    """Teams by rank (input order among equals), the winner (``None`` on an exact tie for first), and
    ``by_fraction`` when the winner's rounded total equals the runner-up's."""

    teams: tuple[TeamRow, ...]
    winner: str | None
    by_fraction: bool
    direction_averages: Mapping[Side, Fraction | None]
    boards: tuple[BoardDetail, ...]
    averages: Mapping[tuple[int, Side], Fraction]
    unresolved: tuple[BoardDetail, ...]

    @property
    def provisional(self) -> bool:
        return bool(self.unresolved)


def _team_of(teams: Mapping[str, Sequence[_P]]) -> dict[PairId, str]:
    """Law G's checks on the teams; each pair's team."""
    if len(teams) < 2:
        raise ContestError("teams", gettext_noop("a team match needs at least two teams"))
    team_of: dict[PairId, str] = {}
    sizes = set()
    for name, members in teams.items():
        if len(members) < 2:
            raise ContestError(
                "teams", gettext_noop("team %(name)r: law G requires at least two pairs"), name=name
            )
        if len(set(members)) != len(members):
            raise ContestError("teams", gettext_noop("team %(name)r lists a pair twice"), name=name)
        sizes.add(len(members))
        for pair in members:
            if pair in team_of:
                raise ContestError(
                    "teams",
                    gettext_noop("pair %(pair)r is on teams %(pair2)r and %(name)r"),
                    pair=pair,
                    pair2=team_of[pair],
                    name=name,
                )
            team_of[pair] = name
    if len(sizes) != 1:
        raise ContestError("teams", gettext_noop("law G: the contesting teams must be of equal size"))
    return team_of


def _pair_totals(
    lines: Iterable[BoardDetail], team_of: Mapping[PairId, str]
) -> dict[PairId, tuple[Side, int, Fraction]]:
    """Each pair's direction, deals scored and net; checks that every pair is on a team, never faces a
    team-mate and sits one way only."""
    totals: dict[PairId, tuple[Side, int, Fraction]] = {}
    for d in lines:
        for pair in (d.ns, d.ew):
            if pair not in team_of:
                raise ContestError(
                    "results",
                    gettext_noop("board %(board)s: pair %(pair)r is not on any team"),
                    board=d.board,
                    pair=pair,
                )
        if team_of[d.ns] == team_of[d.ew]:
            raise ContestError(
                "results",
                gettext_noop("board %(board)s: pairs %(ns)r and %(ew)r are team-mates"),
                board=d.board,
                ns=d.ns,
                ew=d.ew,
            )
        sides: tuple[tuple[Side, PairId, Exact | None], ...] = (
            (NS, d.ns, d.ns_score),
            (EW, d.ew, d.ew_score),
        )
        for side, pair, score in sides:
            direction, boards, net = totals.get(pair, (side, 0, Fraction(0)))
            if direction != side:
                raise ContestError(
                    "results",
                    gettext_noop("pair %(pair)r sat both N-S and E-W; law G seats each pair one way"),
                    pair=pair,
                )
            if score is not None:
                boards, net = boards + 1, net + score
            totals[pair] = (side, boards, net)
    return totals


def _directions(
    team_of: Mapping[PairId, str],
    seats: Mapping[_P, str] | None,
    played: Mapping[PairId, tuple[Side, int, Fraction]],
) -> dict[PairId, Side]:
    """Each pair's direction: as given in ``seats``, which must agree with how it played."""
    direction_of: dict[PairId, Side] = {}
    for seated, seat in (seats or {}).items():
        if seated not in team_of:
            raise ContestError("seats", gettext_noop("pair %(seated)r is not on any team"), seated=seated)
        if seat not in (NS, EW):
            raise ContestError(
                "seats",
                gettext_noop("pair %(seated)r: must be 'NS' or 'EW', got %(seat)r"),
                seated=seated,
                seat=seat,
            )
        direction_of[seated] = NS if seat == NS else EW
    for pair, (side, _boards, _net) in played.items():
        if direction_of.setdefault(pair, side) != side:
            raise ContestError(
                "seats",
                gettext_noop("pair %(pair)r is seated %(pair2)s but played %(side)s"),
                pair=pair,
                pair2=direction_of[pair],
                side=side,
            )
    for member in team_of:
        if member not in direction_of:
            raise ContestError(
                "seats",
                gettext_noop("pair %(member)r has no result and no seat: its direction is unknown"),
                member=member,
            )
    return direction_of


def _team_row(
    name: str,
    members: Sequence[PairId],
    direction_of: Mapping[PairId, Side],
    played: Mapping[PairId, tuple[Side, int, Fraction]],
    direction_averages: Mapping[Side, Fraction | None],
) -> TeamRow:
    """A team's total (rank 0 until ranked): its pairs' nets, plus the odd-pair average for each extra pair."""
    pair_rows = tuple(
        TeamPairRow(p, direction_of[p], *played.get(p, (NS, 0, Fraction(0)))[1:]) for p in members
    )
    net = sum((p.net for p in pair_rows), Fraction(0))
    n_ns = sum(1 for p in pair_rows if p.direction == NS)
    n_ew = len(pair_rows) - n_ns
    odd: Side | None = NS if n_ns > n_ew else EW if n_ew > n_ns else None
    extra = abs(n_ns - n_ew)
    odd_average: Fraction | None = None
    total = net
    if odd is not None:
        odd_average = direction_averages[EW if odd == NS else NS]
        if odd_average is None:
            raise ContestError(
                "teams", gettext_noop("team %(name)r: no pair is seated opposite its odd pair"), name=name
            )
        total = net + extra * odd_average
    return TeamRow(name, pair_rows, net, odd, extra, odd_average, total, 0)


def team_match(
    results: Iterable[BoardResult | Sequence[Any]],
    *,
    teams: Mapping[str, Sequence[_P]],
    seats: Mapping[_P, str] | None = None,
) -> TeamMatch:
    """Team match under duplicate law G (see the module docstring).

    Each pair's direction is read from the results (fixed for the match); ``seats`` may give it for pairs
    with no result yet.  Checks: at least two teams, of equal sizes of at least two pairs, no pair in two
    teams, every pair in the results on a team, no pair facing its own team-mates.
    """
    team_of = _team_of(teams)
    scored = scored_boards(results, one_ranking())
    lines = scored.lines()
    played = _pair_totals(lines, team_of)
    direction_of = _directions(team_of, seats, played)
    direction_averages: dict[Side, Fraction | None] = {}
    for side in (NS, EW):
        nets = [played[p][2] if p in played else Fraction(0) for p, d in direction_of.items() if d == side]
        direction_averages[side] = sum(nets, Fraction(0)) / len(nets) if nets else None
    built = [
        _team_row(name, members, direction_of, played, direction_averages) for name, members in teams.items()
    ]
    order = sorted(range(len(built)), key=lambda i: -built[i].total)
    ranks = competition_ranks([built[i].total for i in order])
    team_rows = tuple(replace(built[i], rank=rank) for i, (rank, _flag) in zip(order, ranks, strict=True))
    first, second = team_rows[0], team_rows[1]
    winner = first.name if first.total != second.total else None
    by_fraction = winner is not None and first.total_rounded == second.total_rounded
    return TeamMatch(
        teams=team_rows,
        winner=winner,
        by_fraction=by_fraction,
        direction_averages=direction_averages,
        boards=tuple(lines),
        averages=scored.averages,
        unresolved=tuple(d for d in lines if d.ns_score is None),
    )
