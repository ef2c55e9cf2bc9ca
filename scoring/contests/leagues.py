"""Round-robin leagues and the VP table of any event of matches (league, Swiss teams, Swiss pairs).

Pure Python, exact (:class:`fractions.Fraction`).  Entrants are named by whole numbers (the teams' ids); a
bye is a meeting whose ``away`` is ``None``.  The schedule is the circle method; the table ranks by VPs with
the tie-breaks docs/laws.md writes down ("Leagues and Swiss: the table").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from scoring.errors import ContestError, gettext_noop, show_value

#: The league sizes a schedule is made for: 3 to 40 teams (a club's league to a big county league).
LEAGUE_MIN = 3
LEAGUE_MAX = 40
#: The most entrants a table ranks (a Swiss of any size the bench draws, and more).
ENTRANTS_MAX = 10_000
#: A match's VPs are shared out of 20; 10 is a draw.
VP_TOTAL = 20
VP_DRAW = 10


@dataclass(frozen=True)
class Meeting:
    """One match of a round: ``home`` against ``away`` at ``table`` (1, 2, ...); ``away`` None: ``home`` has
    the round's bye (``table`` 0)."""

    round: int
    table: int
    home: int
    away: int | None


@dataclass(frozen=True)
class MatchResult:
    """A played match (or a bye, ``away`` None) as the table counts it: each side's IMPs (None when the
    result was given as VPs only, or for a bye) and VPs (exact)."""

    round: int
    home: int
    away: int | None
    home_imps: int | None
    away_imps: int | None
    home_vps: Fraction
    away_vps: Fraction


@dataclass(frozen=True)
class VpRow:
    """An entrant's line in the table: ``rank`` (1 first; tied entrants share the better rank and ``tied``
    is True), VPs, net IMPs (for less against, over the matches with IMPs), matches played (byes count),
    won/drawn/lost by VPs, IMPs for and against."""

    entrant: int
    rank: int
    tied: bool
    vps: Fraction
    imps: int
    played: int
    won: int
    drawn: int
    lost: int
    imps_for: int
    imps_against: int


def entrant_list(entrants: object, low: int, high: int) -> list[int]:
    """``entrants`` as a list when it is a sequence of ``low`` to ``high`` distinct whole numbers."""
    if isinstance(entrants, (str, bytes)) or not isinstance(entrants, Sequence):
        raise ContestError(
            "entrants", gettext_noop("must be a list of whole numbers, got %(got)s"), got=show_value(entrants)
        )
    listed = list(entrants)
    for entrant in listed:
        if isinstance(entrant, bool) or not isinstance(entrant, int):
            raise ContestError(
                "entrants", gettext_noop("must be whole numbers, got %(got)s"), got=show_value(entrant)
            )
    if len(set(listed)) != len(listed):
        raise ContestError(
            "entrants", gettext_noop("an entrant is listed twice: %(listed)s"), listed=show_value(listed)
        )
    if not low <= len(listed) <= high:
        raise ContestError(
            "entrants",
            gettext_noop("must be from %(low)s to %(high)s entrants, got %(count)s"),
            low=low,
            high=high,
            count=len(listed),
        )
    return listed


def circle_schedule(entrants: Sequence[int]) -> tuple[Meeting, ...]:
    """Every round of a round robin of ``entrants`` (3 to 40, in the order given) by the circle method: n - 1
    rounds for an even n, n for an odd n with one bye a round; each pair of entrants meets once; home and
    away alternate so that no entrant is home more than one round more than away.

    The first entrant (for an odd n, the bye) stays put and the others turn one place a round; at the
    positions 0, 1, ... n - 1 of a round, 0 meets n - 1, 1 meets n - 2, ...  The fixed entrant is home in the
    odd rounds; of the others, the one in the first half of the circle is home.  Each turning entrant sits once
    in every position, so it is home n/2 - 1 times in the first half, away as often in the second, and meets
    the fixed one once: home and away differ by at most one (none for an odd n, where the fixed one is the
    bye)."""
    listed = entrant_list(entrants, LEAGUE_MIN, LEAGUE_MAX)
    circle: list[int | None] = [None, *listed] if len(listed) % 2 else list(listed)
    fixed, turning = circle[0], circle[1:]
    n = len(circle)
    meetings: list[Meeting] = []
    for r in range(n - 1):
        places = [fixed, *turning[r:], *turning[:r]]
        pairs = [(places[i], places[n - 1 - i]) for i in range(n // 2)]
        if r % 2:
            pairs[0] = (pairs[0][1], pairs[0][0])
        meetings.extend(_round_meetings(r + 1, pairs))
    return tuple(meetings)


def _round_meetings(round_: int, pairs: list[tuple[int | None, int | None]]) -> list[Meeting]:
    """A round's meetings: tables 1, 2, ... in order, then the bye (table 0)."""
    tables: list[Meeting] = []
    bye: list[Meeting] = []
    for home, away in pairs:
        if home is None or away is None:
            entrant = away if home is None else home
            assert entrant is not None
            bye.append(Meeting(round_, 0, entrant, None))
        else:
            tables.append(Meeting(round_, len(tables) + 1, home, away))
    return tables + bye


def _vps(value: object, field: str) -> Fraction:
    """A side's VPs: exact (int, Fraction or Decimal, never a float or bool), from 0 to 20."""
    if isinstance(value, bool) or not isinstance(value, (int, Fraction, Decimal)):
        raise ContestError(
            field, gettext_noop("must be an exact number of VPs, got %(got)s"), got=show_value(value)
        )
    vps = Fraction(value)
    if not 0 <= vps <= VP_TOTAL:
        raise ContestError(
            field,
            gettext_noop("must be from 0 to %(vp_total)s VPs, got %(got)s"),
            vp_total=VP_TOTAL,
            got=show_value(str(value)),
        )
    return vps


def _imps(value: object, field: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ContestError(
            field,
            gettext_noop("must be a whole number of IMPs from 0, or None, got %(got)s"),
            got=show_value(value),
        )
    return value


def _checked(result: object, known: set[int], seen: set[tuple[int, int]]) -> MatchResult:
    """``result`` with exact VPs when it can be counted: entrants of the field, each once a round, IMPs
    given for both sides or neither, none for a bye."""
    if not isinstance(result, MatchResult):
        raise ContestError(
            "results", gettext_noop("must be MatchResults, got %(got)s"), got=show_value(repr(result))
        )
    if isinstance(result.round, bool) or not isinstance(result.round, int) or result.round < 1:
        raise ContestError(
            "round", gettext_noop("must be a whole number from 1, got %(got)s"), got=show_value(result.round)
        )
    sides = [result.home] if result.away is None else [result.home, result.away]
    for entrant in sides:
        if entrant not in known:
            raise ContestError(
                "results",
                gettext_noop("round %(round)s: %(entrant)s is not an entrant"),
                round=result.round,
                entrant=show_value(entrant),
            )
        if (result.round, entrant) in seen:
            raise ContestError(
                "results",
                gettext_noop("round %(round)s: entrant %(entrant)s plays twice"),
                round=result.round,
                entrant=entrant,
            )
        seen.add((result.round, entrant))
    home_imps, away_imps = _imps(result.home_imps, "home_imps"), _imps(result.away_imps, "away_imps")
    if (home_imps is None) != (away_imps is None) or (result.away is None and home_imps is not None):
        raise ContestError(
            "imps",
            gettext_noop("round %(round)s: give both sides' IMPs or neither (none for a bye)"),
            round=result.round,
        )
    home_vps = _vps(result.home_vps, "home_vps")
    away_vps = Fraction(0) if result.away is None else _vps(result.away_vps, "away_vps")
    return MatchResult(result.round, result.home, result.away, home_imps, away_imps, home_vps, away_vps)


@dataclass
class _Tally:
    vps: Fraction = Fraction(0)
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    imps_for: int = 0
    imps_against: int = 0

    def add(self, vps: Fraction, imps_for: int | None, imps_against: int | None) -> None:
        self.vps += vps
        self.played += 1
        self.won += vps > VP_DRAW
        self.drawn += vps == VP_DRAW
        self.lost += vps < VP_DRAW
        self.imps_for += imps_for or 0
        self.imps_against += imps_against or 0

    def quotient(self) -> tuple[int, Fraction]:
        """The IMP quotient as a sortable pair: (1, IMPs for) when none against, else (0, for / against);
        no IMPs either way counts as 1."""
        if self.imps_against == 0:
            return (1, Fraction(self.imps_for)) if self.imps_for else (0, Fraction(1))
        return (0, Fraction(self.imps_for, self.imps_against))


def _head_to_head(group: list[int], results: list[MatchResult]) -> dict[int, Fraction] | None:
    """Each tied entrant's VPs in the matches between the tied entrants, or None when two of them have not
    met (the tie-break then does not apply)."""
    members = set(group)
    vps = dict.fromkeys(group, Fraction(0))
    met: set[frozenset[int]] = set()
    for r in results:
        if r.away is not None and r.home in members and r.away in members:
            vps[r.home] += r.home_vps
            vps[r.away] += r.away_vps
            met.add(frozenset((r.home, r.away)))
    return vps if len(met) == len(group) * (len(group) - 1) // 2 else None


def vp_standings(
    entrants: Sequence[int], results: Iterable[MatchResult], *, head_to_head: bool = True
) -> tuple[VpRow, ...]:
    """The table: every entrant (played or not), best first, by the tie-breaks docs/laws.md writes.

    (1) VPs; (2) when ``head_to_head``, among entrants level on VPs who have all met one another, the VPs of
    those matches; (3) net IMPs; (4) the IMP quotient, for over against; (5) still level: the place is shared
    (the better rank, ``tied``), listed in the order of ``entrants``.  A bye counts as a match played, with
    its VPs and no IMPs; a match won, drawn or lost by VPs (more than 10, 10, less)."""
    listed = entrant_list(entrants, 1, ENTRANTS_MAX)
    known, seen = set(listed), set[tuple[int, int]]()
    checked = [_checked(r, known, seen) for r in results]
    tallies = {entrant: _Tally() for entrant in listed}
    for r in checked:
        tallies[r.home].add(r.home_vps, r.home_imps, r.away_imps)
        if r.away is not None:
            tallies[r.away].add(r.away_vps, r.away_imps, r.home_imps)
    by_vps: dict[Fraction, list[int]] = {}
    for entrant in listed:
        by_vps.setdefault(tallies[entrant].vps, []).append(entrant)
    h2h: dict[int, Fraction] = {}
    for group in by_vps.values():
        found = _head_to_head(group, checked) if head_to_head and len(group) > 1 else None
        h2h.update(found or dict.fromkeys(group, Fraction(0)))

    def key(entrant: int) -> tuple[Fraction, Fraction, int, tuple[int, Fraction]]:
        t = tallies[entrant]
        return (t.vps, h2h[entrant], t.imps_for - t.imps_against, t.quotient())

    order = sorted(listed, key=key, reverse=True)
    keys = [key(entrant) for entrant in order]
    first: dict[object, int] = {}
    for i, k in enumerate(keys):
        first.setdefault(k, i + 1)
    sharing = Counter(keys)
    rows = []
    for entrant, k in zip(order, keys, strict=True):
        t = tallies[entrant]
        rows.append(
            VpRow(
                entrant, first[k], sharing[k] > 1, t.vps, t.imps_for - t.imps_against, t.played,
                t.won, t.drawn, t.lost, t.imps_for, t.imps_against,
            )
        )  # fmt: skip
    return tuple(rows)


def mp_share_vps(home: Fraction, away: Fraction) -> tuple[Fraction, Fraction]:
    """A Swiss pairs match by matchpoints: the two pairs' VPs out of 20 in proportion to their matchpoints on
    the match's boards (10-10 when neither scored), exact (docs/laws.md)."""
    points = []
    for value, field in ((home, "home_mp"), (away, "away_mp")):
        if isinstance(value, bool) or not isinstance(value, (int, Fraction)) or value < 0:
            raise ContestError(
                field,
                gettext_noop("must be an exact number of matchpoints from 0, got %(got)s"),
                got=show_value(value),
            )
        points.append(Fraction(value))
    total = points[0] + points[1]
    if total == 0:
        return Fraction(VP_DRAW), Fraction(VP_DRAW)
    return VP_TOTAL * points[0] / total, VP_TOTAL * points[1] / total
