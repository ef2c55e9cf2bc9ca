"""Law H's rankings (``scoring.rankings.ranking_groups``): "the score of a pair is compared only with other
pairs who have played the same hands".  Pairs are ranked together exactly when a chain of shared hands (same
board, same direction) connects them.  Hand-worked movements, then properties against a plain search of the
chains."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.contests.rankings import RankingGroups, direction_rankings, one_ranking, ranking_groups
from scoring.errors import ScoringError

Table = tuple[int, int | str, int | str]


def named(groups: RankingGroups) -> list[tuple[str, str | None, list[int | str]]]:
    """Each ranking as (name, direction, its pairs in order)."""
    assert groups.of is not None
    return [
        (g.name, g.direction, sorted((p for p, i in groups.of.items() if i == k), key=str))
        for k, g in enumerate(groups.groups)
    ]


# A 3-table Mitchell, one board a round: N-S pairs 1-3 sit still, E-W pairs 4-6 move up, boards move down.
#   round 1: T1 1v4 b1, T2 2v5 b2, T3 3v6 b3
#   round 2: T1 1v6 b2, T2 2v4 b3, T3 3v5 b1
#   round 3: T1 1v5 b3, T2 2v6 b1, T3 3v4 b2
MITCHELL: list[Table] = [
    (1, 1, 4), (2, 2, 5), (3, 3, 6),
    (2, 1, 6), (3, 2, 4), (1, 3, 5),
    (3, 1, 5), (1, 2, 6), (2, 3, 4),
]  # fmt: skip


def test_a_mitchell_gives_two_rankings() -> None:
    # Board 1 N-S: 1, 3, 2 -> one chain of N-S pairs; board 1 E-W: 4, 5, 6.  No pair sat both ways.
    groups = ranking_groups(MITCHELL)
    assert named(groups) == [("N-S", "NS", [1, 2, 3]), ("E-W", "EW", [4, 5, 6])]
    assert groups.ns_ok == {1, 2, 3}
    assert groups.ew_ok == {4, 5, 6}


def test_the_rankings_come_from_the_seatings_not_from_results() -> None:
    # The first round alone (say, all that is entered so far) already links nobody: its tables are not the
    # seatings.  Given the whole schedule the shape is the Mitchell's, whatever has been played.
    assert len(ranking_groups(MITCHELL[:3]).groups) == 6
    assert len(ranking_groups(MITCHELL).groups) == 2


# A 4-pair Howell, one board a round played at both tables:
#   board 1: 1v2, 3v4; board 2: 1v3, 4v2; board 3: 1v4, 2v3.
HOWELL: list[Table] = [(1, 1, 2), (1, 3, 4), (2, 1, 3), (2, 4, 2), (3, 1, 4), (3, 2, 3)]


def test_a_howell_gives_one_ranking() -> None:
    # N-S on board 1: {1, 3}; board 2: {1, 4}; board 3: {1, 2}: all joined through pair 1.
    # (E-W: {2, 4}, {3, 2}, {4, 3} join them too.)
    groups = ranking_groups(HOWELL)
    assert named(groups) == [("All pairs", None, [1, 2, 3, 4])]
    assert groups.ns_ok == groups.ew_ok == {1, 2, 3, 4}


def test_two_sections_with_different_boards_give_four_rankings_named_by_section() -> None:
    section_b = [(b + 3, f"B{ns}", f"B{ew}") for b, ns, ew in MITCHELL]
    section_a = [(b, f"A{ns}", f"A{ew}") for b, ns, ew in MITCHELL]
    sections = {p: p[0] for _b, ns, ew in section_a + section_b for p in (ns, ew)}
    groups = ranking_groups(section_b + section_a, sections=sections)
    assert named(groups) == [
        ("Section A N-S", "NS", ["A1", "A2", "A3"]),
        ("Section A E-W", "EW", ["A4", "A5", "A6"]),
        ("Section B N-S", "NS", ["B1", "B2", "B3"]),
        ("Section B E-W", "EW", ["B4", "B5", "B6"]),
    ]
    assert [g.sections for g in groups.groups] == [("A",), ("A",), ("B",), ("B",)]


def test_two_sections_playing_the_same_boards_are_ranked_together() -> None:
    # Law H: section B's N-S pairs held the same cards as section A's: one N-S ranking, one E-W.
    section_a = [(b, f"A{ns}", f"A{ew}") for b, ns, ew in MITCHELL]
    section_b = [(b, f"B{ns}", f"B{ew}") for b, ns, ew in MITCHELL]
    sections = {p: p[0] for _b, ns, ew in section_a + section_b for p in (ns, ew)}
    groups = ranking_groups(section_a + section_b, sections=sections)
    assert named(groups) == [
        ("N-S", "NS", ["A1", "A2", "A3", "B1", "B2", "B3"]),
        ("E-W", "EW", ["A4", "A5", "A6", "B4", "B5", "B6"]),
    ]
    assert groups.groups[0].sections == ("A", "B")


def test_a_mitchell_section_and_a_howell_section() -> None:
    section_a = [(b, f"A{ns}", f"A{ew}") for b, ns, ew in MITCHELL]
    section_b = [(b + 3, f"B{ns}", f"B{ew}") for b, ns, ew in HOWELL]
    sections = {p: p[0] for _b, ns, ew in section_a + section_b for p in (ns, ew)}
    groups = ranking_groups(section_a + section_b, sections=sections)
    assert [(g.name, g.direction) for g in groups.groups] == [
        ("Section A N-S", "NS"),
        ("Section A E-W", "EW"),
        ("Section B", None),
    ]


def test_a_mixed_custom_movement_joined_by_one_chain_is_one_ranking() -> None:
    # Board 1: 1 v 2, 3 v 4.  Board 2: 1 v 4, 2 v 3 (pair 2 now N-S).  N-S: {1, 3} and {1, 2}; E-W: {2, 4} and
    # {4, 3}: 1-3, 1-2, 2-4, 4-3 -> one chain through every pair.
    groups = ranking_groups([(1, 1, 2), (1, 3, 4), (2, 1, 4), (2, 2, 3)])
    assert named(groups) == [("All pairs", None, [1, 2, 3, 4])]


def test_a_custom_movement_without_a_chain_between_its_halves() -> None:
    # Boards 1-2 at one table (1 v 2), boards 3-4 at another (3 v 4): nobody held the other table's cards.
    # Four rankings of one pair each, numbered where their names would read alike.
    groups = ranking_groups([(1, 1, 2), (2, 1, 2), (3, 3, 4), (4, 3, 4)])
    assert named(groups) == [
        ("N-S (1)", "NS", [1]),
        ("N-S (2)", "NS", [3]),
        ("E-W (1)", "EW", [2]),
        ("E-W (2)", "EW", [4]),
    ]


def test_an_arrow_switch_on_one_board_everywhere_keeps_the_halves_apart() -> None:
    # Board 3 arrow-switched at every table: N-S held by 6, 4, 5 and E-W by 3, 2, 1.  Pairs 1-3 held boards
    # 1-2 N-S and board 3 E-W, pairs 4-6 the other cards: nobody held the same cards as a pair of the other
    # half, so two rankings, each of pairs who sat both ways (mixed), numbered to tell them apart.
    switched = [(b, ew, ns) if b == 3 else (b, ns, ew) for b, ns, ew in MITCHELL]
    groups = ranking_groups(switched)
    assert named(groups) == [("All pairs (1)", None, [1, 2, 3]), ("All pairs (2)", None, [4, 5, 6])]


def test_an_arrow_switch_at_one_table_joins_everyone() -> None:
    # Only table 2's board 3 switched (4 v 2 instead of 2 v 4): board 3 N-S is held by 3, 4 and 1, E-W by 6, 2
    # and 5, so E-W pair 4 is chained to the N-S pairs and N-S pair 2 to the E-W pairs: one ranking.
    one = [(b, ew, ns) if (b, ns) == (3, 2) else (b, ns, ew) for b, ns, ew in MITCHELL]
    assert named(ranking_groups(one)) == [("All pairs", None, [1, 2, 3, 4, 5, 6])]


def test_the_rankings_by_rule() -> None:
    assert [(g.name, g.direction) for g in one_ranking().groups] == [("All pairs", None)]
    assert [(g.name, g.direction) for g in direction_rankings().groups] == [("N-S", "NS"), ("E-W", "EW")]
    assert direction_rankings().index(1, "EW") == 1
    assert one_ranking().index(1, "EW") == 0
    assert one_ranking().misplaced([1], [1]) is None  # by rule: nothing to check


def test_a_pair_seated_where_its_ranking_holds_no_pair() -> None:
    groups = ranking_groups(MITCHELL)
    assert groups.misplaced([1, 2], [4, 5]) is None
    assert groups.misplaced([1, 5], [4, 2]) == (5, "NS")  # E-W pair 5 at a N-S seat
    assert groups.misplaced([1], [9]) == (9, "EW")
    assert "ranked in 'E-W', which holds no N-S pairs" in groups.misplaced_text(5, "NS")
    assert "is in no ranking" in groups.misplaced_text(9, "EW")


@pytest.mark.parametrize(
    ("tables", "message"),
    [
        ([(1, 2, 2)], "tables: board 1: pair 2 cannot sit both N-S and E-W"),
        ([(1, 2)], "tables: a table is (board, ns pair, ew pair), got [1, 2]"),
        ([("1", 2, 3)], 'tables: a board is a whole number, got "1"'),
        ([(1, 2.0, 3)], "tables: a pair id is an int or a str, got 2.0"),
        ([(1, 2, [3])], "tables: a pair id is an int or a str, got [3]"),
        ([([1], 2, 3)], "tables: a board is a whole number, got [1]"),
        ([(True, 2, 3)], "tables: a board is a whole number, got true"),
    ],
)
def test_tables_that_cannot_be_ranked(tables: list[Table], message: str) -> None:
    with pytest.raises(ScoringError) as err:
        ranking_groups(tables)
    assert str(err.value) == message
    assert err.value.field == "tables"


def test_no_tables_no_rankings() -> None:
    assert ranking_groups([]).groups == ()


# ------------------------------------------------------------------------------------------ properties


@st.composite
def seatings(draw: st.DrawFn) -> tuple[list[Table], dict[int | str, str]]:
    """Random tables (any pairs, any boards, a pair may even hold a board twice) and sections."""
    pairs = draw(st.integers(2, 9))
    ids: list[int | str] = list(range(1, pairs + 1))
    if draw(st.booleans()):
        ids = [f"P{i}" for i in ids]
    tables: list[Table] = []
    for _ in range(draw(st.integers(0, 14))):
        ns, ew = draw(st.lists(st.sampled_from(ids), min_size=2, max_size=2, unique=True))
        tables.append((draw(st.integers(1, 5)), ns, ew))
    sections = {p: draw(st.sampled_from("AB")) for p in ids} if draw(st.booleans()) else {}
    return tables, sections


def chains(tables: Sequence[Table]) -> set[frozenset[int | str]]:
    """The groups by a plain search: from each pair, every pair reached through a board held the same way."""
    held: dict[tuple[int, str], set[int | str]] = {}
    for b, ns, ew in tables:
        held.setdefault((b, "NS"), set()).add(ns)
        held.setdefault((b, "EW"), set()).add(ew)
    out: set[frozenset[int | str]] = set()
    seen: set[int | str] = set()
    for start in {p for _b, ns, ew in tables for p in (ns, ew)}:
        if start in seen:
            continue
        group, todo = {start}, [start]
        while todo:
            pair = todo.pop()
            for members in held.values():
                if pair in members:
                    for other in members - group:
                        group.add(other)
                        todo.append(other)
        seen |= group
        out.add(frozenset(group))
    return out


@settings(max_examples=300, deadline=None)
@given(seatings(), st.randoms(use_true_random=False))
def test_the_rankings_are_the_chains_of_shared_hands(
    seated: tuple[list[Table], dict[int | str, str]], rnd: random.Random
) -> None:
    tables, sections = seated
    groups = ranking_groups(tables, sections=sections)
    assert groups.of is not None
    assert groups.ns_ok is not None
    assert groups.ew_ok is not None
    members = [frozenset(p for p, i in groups.of.items() if i == k) for k in range(len(groups.groups))]
    assert set(members) == chains(tables)
    assert len(members) == len(set(members))
    for (b, ns, ew), (c, ns2, ew2) in ((t, u) for t in tables for u in tables):
        if b == c:  # the same cards held: the same ranking
            assert groups.of[ns] == groups.of[ns2]
            assert groups.of[ew] == groups.of[ew2]
    for k, group in enumerate(groups.groups):
        sat_ns = any(ns in members[k] for _b, ns, _e in tables)
        sat_ew = any(ew in members[k] for _b, _n, ew in tables)
        assert group.direction == (None if sat_ns and sat_ew else "NS" if sat_ns else "EW")
        assert group.sections == tuple(sorted({sections[p] for p in members[k] if p in sections}))
    assert all(ns in groups.ns_ok and ew in groups.ew_ok for _b, ns, ew in tables)
    assert groups.misplaced([t[1] for t in tables], [t[2] for t in tables]) is None
    names = [g.name for g in groups.groups]
    assert len(set(names)) == len(names)  # every ranking named apart
    if not sections:
        assert {n.split(" (")[0] for n in names} <= {"N-S", "E-W", "All pairs"}
    shuffled = list(tables)
    rnd.shuffle(shuffled)
    assert ranking_groups(shuffled, sections=sections) == groups  # the tables' order does not matter
