"""Swiss draws: each round pairing entrants close in the table, no two entrants meeting twice while that can be
avoided, drawn as a maximum-weight matching (networkx's ``max_weight_matching``) over the allowed meetings.

Pure Python; entrants are whole numbers (the teams' ids).  docs/laws.md ("Swiss: the draw") writes the rules.
"""

from __future__ import annotations

import secrets
from collections.abc import Collection, Sequence
from dataclasses import dataclass

import networkx as nx

from scoring.contests.leagues import ENTRANTS_MAX, Meeting, entrant_list
from scoring.errors import ContestError, gettext_noop, show_value

#: The rank window a draw first looks in (each entrant against those up to this many places away), doubled
#: until the draw is complete: a dense graph of 200 entrants takes networkx about 1 s, a window of 12 ~20 ms.
WINDOW = 12
#: The top-down tie-break's resolution (``_Weights``): every place in a field of up to this many entrants.
TOP_BANDS = 16
#: The node standing for the bye in an odd field.
_BYE = "bye"


@dataclass(frozen=True)
class Draw:
    """A round's draw: its tables in order (``Meeting``s with tables 1, 2, ...) and the entrant given the
    bye (None for an even field)."""

    round: int
    tables: tuple[Meeting, ...]
    bye: int | None


def _round(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ContestError(
            "round", gettext_noop("must be a whole number from 1, got %(got)s"), got=show_value(value)
        )
    return value


def _tables(round_: int, pairs: list[tuple[int, int]]) -> tuple[Meeting, ...]:
    """``pairs`` (each (better, worse), in order from the top) as the round's tables 1, 2, ..."""
    return tuple(Meeting(round_, table, home, away) for table, (home, away) in enumerate(pairs, start=1))


def first_draw(entrants: Sequence[int], *, seeded: bool, rng: secrets.SystemRandom | None = None) -> Draw:
    """Round 1: ``entrants`` in seeding order (best first) paired 1 v 2, 3 v 4, ... when ``seeded``, else
    shuffled with ``rng`` (a secure shuffle; a fresh ``secrets.SystemRandom()`` when None) and paired so; an
    odd field gives the last the bye.  The first of each pair (the better seed) is home."""
    order = entrant_list(entrants, 2, ENTRANTS_MAX)
    if not seeded:
        (rng or secrets.SystemRandom()).shuffle(order)
    bye = order.pop() if len(order) % 2 else None
    return Draw(1, _tables(1, [(order[i], order[i + 1]) for i in range(0, len(order), 2)]), bye)


def _met(met: object, known: set[int]) -> set[frozenset[int]]:
    """The meetings so far between entrants still in the field (a withdrawn entrant's are left out)."""
    if not isinstance(met, Collection) or isinstance(met, (str, bytes)):
        raise ContestError(
            "met", gettext_noop("must be a collection of pairs of entrants, got %(got)s"), got=show_value(met)
        )
    found = set()
    for meeting in met:
        pair = frozenset(meeting) if isinstance(meeting, (frozenset, set, tuple, list)) else None
        if pair is None or len(pair) != 2 or any(isinstance(x, bool) or not isinstance(x, int) for x in pair):
            raise ContestError(
                "met",
                gettext_noop("a meeting is two different entrants, got %(got)s"),
                got=show_value(repr(meeting)),
            )
        if pair <= known:
            found.add(pair)
    return found


def _byes(byes: object) -> set[int]:
    if not isinstance(byes, Collection) or isinstance(byes, (str, bytes)):
        raise ContestError(
            "byes", gettext_noop("must be a collection of entrants, got %(got)s"), got=show_value(byes)
        )
    for entrant in byes:
        if isinstance(entrant, bool) or not isinstance(entrant, int):
            raise ContestError(
                "byes", gettext_noop("must be whole numbers, got %(got)s"), got=show_value(entrant)
            )
    return set(byes)


class _Weights:
    """A draw's edge weights, whole numbers, so that a heavier matching is a better draw (networkx then works
    in exact integers).  Order of priority: (1) fewest repeat meetings; (2) the bye to the lowest-ranked
    entrant eligible for it; (3) the least sum of the squares of the rank gaps of the tables; (4) among
    those, the smaller gaps nearer the top: the least sum of each table's gap times its better entrant's
    height, its places from the bottom in a field of up to ``TOP_BANDS`` entrants, else its band of
    ``TOP_BANDS`` bands from the bottom (a height for each entrant of a big field makes every weight
    different and the matching several times slower: 0.55 s against 0.2 s for 200 entrants)."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.bands = min(n, TOP_BANDS)
        self.gap = n**3 + 1  # more than (4) can add up to over a draw: n/2 tables of at most n * (n + 1)
        self.bye_step = (n // 2 + 1) * n * n * self.gap + 1  # more than (3) and (4) together
        self.repeat = self.bye_step * (n + 1)  # more than (2), (3) and (4) together
        self.base = self.repeat * (n + 1)  # every weight positive: n/2 repeats at most

    def pair(self, i: int, j: int, repeat: bool) -> int:
        """Ranks ``i`` < ``j`` (0 the top) at a table."""
        d = j - i
        height = (self.n - i) * self.bands // self.n
        return self.base - d * d * self.gap - d * height - (self.repeat if repeat else 0)

    def bye(self, i: int) -> int:
        return self.base - (self.n - 1 - i) * self.bye_step


def _graph(order: list[int], eligible: set[int], met: set[frozenset[int]], window: int | None) -> nx.Graph:
    """Entrants (and the bye's node) joined where they may meet: within ``window`` places and never a repeat,
    or (``window`` None) every pair, a repeat weighted down."""
    n = len(order)
    weights = _Weights(n)
    graph = nx.Graph()
    graph.add_nodes_from(order)
    for i, a in enumerate(order):
        last = n if window is None else min(n, i + window + 1)
        for j in range(i + 1, last):
            repeat = frozenset((a, order[j])) in met
            if window is None or not repeat:
                graph.add_edge(a, order[j], weight=weights.pair(i, j, repeat))
        if a in eligible:
            graph.add_edge(_BYE, a, weight=weights.bye(i))
    return graph


def _matching(order: list[int], eligible: set[int], met: set[frozenset[int]]) -> set[tuple[object, object]]:
    """The draw's matching: in a window of ranks doubled until the matching is complete and, in an odd field,
    gives the bye to the lowest-ranked eligible entrant (or the window holds every pair, when the draw is the
    best of all draws without a repeat); failing any draw without a repeat, the best with the fewest."""
    nodes = len(order) + (len(order) % 2)
    lowest = max((i for i, a in enumerate(order) if a in eligible), default=-1)
    window = WINDOW
    while True:
        whole = window >= len(order) - 1
        found: set[tuple[object, object]] = nx.max_weight_matching(
            _graph(order, eligible, met, window), maxcardinality=True
        )
        complete = 2 * len(found) == nodes
        if complete and (
            whole or not eligible or any(order[lowest] in edge and _BYE in edge for edge in found)
        ):
            return found
        if whole:
            break
        window *= 2
    every: set[tuple[object, object]] = nx.max_weight_matching(
        _graph(order, eligible, met, None), maxcardinality=True
    )
    return every


def swiss_draw(
    ranking: Sequence[int], *, met: Collection[frozenset[int]], byes: Collection[int], round: int
) -> Draw:
    """The next round: ``ranking`` best first (the table after the last round), ``met`` the meetings so far,
    ``byes`` the entrants given a bye so far.  Pairs entrants close in the table (the least sum of squared rank
    gaps, then favouring the top), never a repeat meeting when a draw without
    one exists; an odd field's bye goes to the lowest-ranked entrant not yet given one.

    The draw is networkx's maximum-weight matching, of maximum cardinality, weighted as ``_Weights`` says;
    tables are numbered from the top (by their better-ranked entrant, who is home); docs/laws.md."""
    order = entrant_list(ranking, 2, ENTRANTS_MAX)
    round_ = _round(round)
    known = set(order)
    met_now = _met(met, known)
    given = _byes(byes)
    eligible: set[int] = set()
    if len(order) % 2:
        eligible = (known - given) or known
    place = {entrant: i for i, entrant in enumerate(order)}
    pairs: list[tuple[int, int]] = []
    bye: int | None = None
    for edge in _matching(order, eligible, met_now):
        sides = sorted((x for x in edge if isinstance(x, int)), key=place.__getitem__)
        if len(sides) == 1:
            bye = sides[0]
        else:
            pairs.append((sides[0], sides[1]))
    pairs.sort(key=lambda pair: place[pair[0]])
    return Draw(round_, _tables(round_, pairs), bye)
