"""Sections ranked each on its own: the director's choice when several sections play the same boards.

Law H: "the score of a pair is compared only with other pairs who have played the same hands."  Sections that
play the same boards held the same hands, so by default (:func:`~scoring.contests.rankings.ranking_groups`
of every table) they are ranked across the field.  At the director's choice each section is a contest of
its own: a board's averages are those of the scores made in that section, and its pairs are ranked among
themselves ("Section A N-S", "Section B E-W", ...).  Pure Python, exact.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from scoring.contests.plus_minus import PairContest, PairId, Side, pair_contest
from scoring.contests.rankings import (
    ALL_PAIRS,
    RankingGroup,
    RankingGroups,
    Table,
    ranking_groups,
)

__all__ = ["section_contests"]


def _section_name(letter: str, group: RankingGroup) -> str:
    """ "Section A" for a ranking of all its pairs, "Section A N-S" for a direction's."""
    if not letter:
        return group.name
    return f"Section {letter}" if group.name == ALL_PAIRS else f"Section {letter} {group.name}"


def section_contests(
    results: Iterable[Sequence[Any]], tables: Iterable[Table], section_of: Mapping[PairId, str]
) -> PairContest:
    """One pair contest (law H) per section, joined: each section's rankings and board averages are its
    own.  ``results`` are :func:`~scoring.contests.pair_contest` rows, ``tables`` every (board, N-S pair,
    E-W pair) scheduled, ``section_of`` each pair's section letter (a table belongs to its N-S pair's
    section; a pair with none is in section "").  A board's average shown for the whole event
    (``averages``) is kept only where one section played it: each line carries its own section's."""
    rows_by: dict[str, list[Sequence[Any]]] = {}
    tables_by: dict[str, list[Table]] = {}
    for table in tables:
        tables_by.setdefault(section_of.get(table[1], ""), []).append(table)
    for row in results:
        rows_by.setdefault(section_of.get(row[1], ""), []).append(row)
    groups: list[RankingGroup] = []
    of: dict[PairId, int] = {}
    ns_ok: set[PairId] = set()
    ew_ok: set[PairId] = set()
    parts: list[PairContest] = []
    for letter in sorted(tables_by):
        found = ranking_groups(tables_by[letter])
        contest = pair_contest(rows_by.get(letter, []), groups=found)
        offset = len(groups)
        groups.extend(
            RankingGroup(_section_name(letter, g), g.direction, (letter,) if letter else ())
            for g in found.groups
        )
        of.update((pair, offset + i) for pair, i in (found.of or {}).items())
        ns_ok.update(found.ns_ok or ())
        ew_ok.update(found.ew_ok or ())
        parts.append(contest)
    averages: dict[tuple[int, Side], Any] = {}
    shared: set[tuple[int, Side]] = set()
    for contest in parts:
        for key, value in contest.averages.items():
            if key in averages:
                shared.add(key)
            averages[key] = value
    return PairContest.joined(
        parts,
        groups=RankingGroups(tuple(groups), of, frozenset(ns_ok), frozenset(ew_ok)),
        averages={k: v for k, v in averages.items() if k not in shared},
    )
