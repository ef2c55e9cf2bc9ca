"""Which pairs are ranked together: duplicate law H, read to the letter.

Law H: "the score of a pair is compared only with other pairs who have played the same hands."  Two pairs are
ranked together exactly when a chain of shared hands connects them: pair p held board b in direction d, and so
did pair q; q held board c in direction e, and so did r; ... (union-find over the pairs, joining every pair
that held board b in direction d with the others who did).  Each connected group is one ranking.  A Mitchell
gives two (N-S, E-W), a Howell one, a compass movement two, sections with different boards one (or two) each,
whatever the movement is called: only the seatings count.

A ranking is a *direction ranking* when all its pairs held their cards in one direction (its pairs are N-S, or
E-W), and *mixed* otherwise (a pair in it is one pair whichever direction it sat).  Names: "N-S", "E-W", "All
pairs"; prefixed by the section ("Section A N-S", "Section B") when the pairs come from several sections and
the ranking does not hold pairs of every one; numbered ("N-S (1)", "N-S (2)") if two would still read alike.

Within a ranking the pairs are placed by standard competition ranking on their exact plus/minus (1, 2, 2, 4)
and a place is "won by the fraction of a point" when two pairs' figures round alike but differ exactly
(:func:`competition_ranks`).

Pure Python, no Django; the reading is written down, with the law quoted, in ``docs/laws.md``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import chain, count
from typing import Final, Literal, TypeAlias

from scoring.contests.display import round_half_away
from scoring.errors import ContestError, ScoringError, gettext_noop, say, show_value

__all__ = [
    "ALL_PAIRS",
    "EW_NAME",
    "NS_NAME",
    "RankingGroup",
    "RankingGroups",
    "competition_ranks",
    "direction_rankings",
    "grouping",
    "one_ranking",
    "ranking_groups",
]

PairId: TypeAlias = int | str
Side: TypeAlias = Literal["NS", "EW"]
#: One table of the seatings: (board, N-S pair, E-W pair).
Table: TypeAlias = tuple[int, PairId, PairId]

NS_NAME: Final = "N-S"
EW_NAME: Final = "E-W"
ALL_PAIRS: Final = "All pairs"
_BASE: Final[dict[Side | None, str]] = {"NS": NS_NAME, "EW": EW_NAME, None: ALL_PAIRS}
_DIRECTION_ORDER: Final[dict[Side | None, int]] = {"NS": 0, "EW": 1, None: 2}
_IDS: Final = frozenset({int, str})


@dataclass(frozen=True, slots=True)
class RankingGroup:
    """One ranking: its name, its direction ("NS"/"EW" for a direction ranking, ``None`` for a mixed one) and
    the sections its pairs come from (sorted; empty when none were given)."""

    name: str
    direction: Side | None
    sections: tuple[str, ...] = ()


@dataclass(frozen=True)
class RankingGroups:
    """The rankings of a pair contest, in the order they are shown, and each pair's ranking.

    ``of`` maps each pair to the index of its ranking in ``groups``; ``ns_ok``/``ew_ok`` are the pairs
    that may hold a board N-S / E-W (those of a ranking of that direction, or of a mixed one).  Made by
    :func:`ranking_groups` from the seatings.  Two fixed groupings serve callers that name pairs by rule:
    :func:`one_ranking` (everyone in one mixed ranking) and :func:`direction_rankings` (``by_side``: N-S
    pairs in one, E-W pairs in the other, a pair identified by its direction and id, Mitchell numbering,
    where N-S 1 and E-W 1 are two pairs); for those ``of``, ``ns_ok`` and ``ew_ok`` are ``None``.
    """

    groups: tuple[RankingGroup, ...]
    of: Mapping[PairId, int] | None = None
    ns_ok: frozenset[PairId] | None = None
    ew_ok: frozenset[PairId] | None = None
    by_side: bool = False

    def index(self, pair: PairId, side: Side | None) -> int:
        """The index of the ranking of ``pair`` (who sat ``side``: read only by :func:`direction_rankings`)."""
        if self.by_side:
            return 0 if side == "NS" else 1
        if self.of is None:
            return 0
        return self.of[pair]

    def misplaced(self, nss: Sequence[PairId], ews: Sequence[PairId]) -> tuple[PairId, Side] | None:
        """The first pair (in the order given, N-S before E-W at each table) that holds a board in a
        direction its ranking does not hold, or that is in no ranking; ``None`` when there is none."""
        if self.ns_ok is None or self.ew_ok is None:
            return None
        if self.ns_ok.issuperset(nss) and self.ew_ok.issuperset(ews):  # every pair placed
            return None
        for ns, ew in zip(nss, ews, strict=True):
            if ns not in self.ns_ok:
                return ns, "NS"
            if ew not in self.ew_ok:
                return ew, "EW"
        return None

    def misplaced_text(self, pair: PairId, side: Side) -> str:
        """Why a pair found by :meth:`misplaced` cannot be ranked."""
        held = _BASE[side]
        if self.of is None or pair not in self.of:
            return say(
                gettext_noop(
                    "pair %(pair)r sat %(held)s but is in no ranking (law H: the rankings come from the seatings)"
                ),
                pair=pair,
                held=held,
            )
        name = self.groups[self.of[pair]].name
        return say(
            gettext_noop(
                "pair %(pair)r sat %(held)s but is ranked in %(name)r, which holds no %(held)s pairs (law H)"
            ),
            pair=pair,
            held=held,
            name=name,
        )


def one_ranking() -> RankingGroups:
    """Every pair in one ranking, a pair identified by its id whichever way it sat."""
    return RankingGroups((RankingGroup(ALL_PAIRS, None),))


def direction_rankings() -> RankingGroups:
    """N-S pairs ranked together, E-W pairs together; a pair identified by its direction and id."""
    return RankingGroups((RankingGroup(NS_NAME, "NS"), RankingGroup(EW_NAME, "EW")), by_side=True)


def grouping(single_ranking: bool | None, groups: RankingGroups | None) -> RankingGroups:
    """The rankings asked for: ``groups`` (from the seatings), or by rule (``single_ranking``)."""
    if groups is not None:
        if single_ranking is not None:
            raise ContestError(
                "groups", gettext_noop("give the rankings (groups) or single_ranking, not both")
            )
        if not isinstance(groups, RankingGroups):
            raise ContestError(
                "groups", gettext_noop("expected RankingGroups, got %(got)s"), got=show_value(groups)
            )
        return groups
    if single_ranking is None:
        raise ContestError("groups", gettext_noop("give the rankings (groups) or single_ranking"))
    return one_ranking() if single_ranking else direction_rankings()


def _pair_key(pair: PairId) -> tuple[int, int, str]:
    return (0, pair, "") if isinstance(pair, int) else (1, 0, pair)


def _bad_pair(held: Iterable[list[PairId]]) -> ScoringError:
    bad = next(p for p in chain.from_iterable(held) if type(p) not in _IDS)
    return ScoringError(
        "tables", gettext_noop("a pair id is an int or a str, got %(got)s"), got=show_value(bad)
    )


def _sections_label(sections: tuple[str, ...]) -> str:
    if len(sections) == 1:
        return f"Section {sections[0]}"
    return f"Sections {', '.join(sections[:-1])} and {sections[-1]}"


def _pairs_by_board(tables: Iterable[Table]) -> dict[int, tuple[list[PairId], list[PairId]]]:
    """The pairs who held each board in each direction, the tables checked."""
    by_board: dict[int, tuple[list[PairId], list[PairId]]] = {}
    for table in tables:
        try:
            board, ns, ew = table
        except (TypeError, ValueError):
            raise ScoringError(
                "tables",
                gettext_noop("a table is (board, ns pair, ew pair), got %(got)s"),
                got=show_value(table),
            ) from None
        if type(board) is not int:
            raise ScoringError(
                "tables", gettext_noop("a board is a whole number, got %(got)s"), got=show_value(board)
            )
        if ns == ew:
            raise ScoringError(
                "tables",
                gettext_noop("board %(board)s: pair %(ns)r cannot sit both N-S and E-W"),
                board=board,
                ns=ns,
            )
        both = by_board.get(board)
        if both is None:  # (not ``setdefault``: it would make two lists for every table)
            both = by_board[board] = ([], [])
        both[0].append(ns)
        both[1].append(ew)
    return by_board


def _chains(held: list[list[PairId]]) -> list[list[PairId]]:
    """The groups of pairs joined by a chain of shared hands (union-find, the smaller group merged into the
    larger)."""
    group_of: dict[PairId, int] = {}
    members: dict[int, list[PairId]] = {}
    new_ids = count()
    for pairs in held:
        found = set(map(group_of.get, pairs))  # None for a pair not yet placed
        ids = {g for g in found if g is not None}
        if len(ids) == 1 and None not in found:
            continue
        target = max(ids, key=lambda g: len(members[g])) if ids else next(new_ids)
        into = members.setdefault(target, [])
        for g in ids - {target}:
            for pair in members.pop(g):
                group_of[pair] = target
                into.append(pair)
        for pair in dict.fromkeys(pairs):
            if pair not in group_of:
                group_of[pair] = target
                into.append(pair)
    return list(members.values())


def _names(built: list[tuple[Side | None, tuple[str, ...]]], every_section: set[str]) -> list[str]:
    """Each ranking's name: its direction's, prefixed by its sections when the pairs come from several and
    it does not hold pairs of every one, numbered if two would still read alike."""
    names: list[str] = []
    for direction, secs in built:
        name = _BASE[direction]
        if len(every_section) > 1 and secs and set(secs) != every_section:
            label = _sections_label(secs)
            name = label if direction is None else f"{label} {name}"
        names.append(name)
    for name in set(names):
        if names.count(name) > 1:
            k = 0
            for i, other in enumerate(names):
                if other == name:
                    k += 1
                    names[i] = f"{name} ({k})"
    return names


def ranking_groups(tables: Iterable[Table], *, sections: Mapping[PairId, str] | None = None) -> RankingGroups:
    """The rankings of the pairs seated at ``tables`` (every (board, N-S pair, E-W pair) scheduled, played
    or not), under law H: pairs who held the same board in the same direction are ranked together, and so,
    by a chain of such, is every pair connected to them.  ``sections`` (pair -> section letter) only names
    the rankings.  A pair is identified by its id (a pair sitting N-S on one board and E-W on another is one
    pair).  Raises :class:`~scoring.errors.ScoringError` (field "tables") on a malformed table.
    """
    by_board = _pairs_by_board(tables)
    held = [pairs for both in by_board.values() for pairs in both]
    try:
        ns_pairs = set(chain.from_iterable(both[0] for both in by_board.values()))
        ew_pairs = set(chain.from_iterable(both[1] for both in by_board.values()))
    except TypeError:  # an unhashable id
        raise _bad_pair(held) from None
    if not (_IDS.issuperset(map(type, ns_pairs)) and _IDS.issuperset(map(type, ew_pairs))):
        raise _bad_pair(held)
    section_of = sections or {}
    built: list[tuple[tuple[str, int, tuple[int, int, str]], Side | None, tuple[str, ...], list[PairId]]] = []
    for group in _chains(held):
        has_ns = not ns_pairs.isdisjoint(group)
        has_ew = not ew_pairs.isdisjoint(group)
        direction: Side | None = None if has_ns and has_ew else "NS" if has_ns else "EW"
        secs = tuple(sorted({section_of[p] for p in group if p in section_of}))
        key = (secs[0] if secs else "", _DIRECTION_ORDER[direction], min(map(_pair_key, group)))
        built.append((key, direction, secs, group))
    built.sort(key=lambda b: b[0])
    every_section = {section_of[p] for p in ns_pairs | ew_pairs if p in section_of}
    names = _names([(direction, secs) for _k, direction, secs, _g in built], every_section)
    groups = tuple(
        RankingGroup(name, direction, secs)
        for name, (_k, direction, secs, _g) in zip(names, built, strict=True)
    )
    of = {pair: i for i, (_k, _d, _s, group) in enumerate(built) for pair in group}
    ns_ok = frozenset(p for p, i in of.items() if groups[i].direction != "EW")
    ew_ok = frozenset(p for p, i in of.items() if groups[i].direction != "NS")
    return RankingGroups(groups, of, ns_ok, ew_ok)


def competition_ranks(
    values: Sequence[Fraction | int], rounded: Sequence[int] | None = None
) -> list[tuple[int, bool]]:
    """Each value's rank (1, 2, 2, 4) and "won by the fraction of a point" flag, for values sorted from best
    to worst: a value is flagged when another rounds to the same whole number but differs exactly.  Rounding
    is monotone, so the values that round alike are neighbours: a run is flagged when its ends differ.
    ``rounded``: the values rounded, when the caller has them (``values`` may then be the numerators of
    fractions of one denominator, compared alike)."""
    n = len(values)
    if rounded is None:
        rounded = [round_half_away(v) for v in values]
    flags = [False] * n
    start = 0
    for i in range(1, n + 1):
        if i == n or rounded[i] != rounded[start]:
            if values[start] != values[i - 1]:
                flags[start:i] = [True] * (i - start)
            start = i
    ranks = [1] * n
    for i in range(1, n):
        ranks[i] = ranks[i - 1] if values[i] == values[i - 1] else i + 1
    return list(zip(ranks, flags, strict=True))
