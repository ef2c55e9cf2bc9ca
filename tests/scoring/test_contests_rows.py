"""The fast path on trusted raw rows (``pair_contest_rows``/``team_match_rows``) against the checked path.

Random events, Mitchell- and Howell-shaped, auction and whist, with average and low-high rulings, rulings
still waiting for a result, empty strings for "no ruling" as the database stores them, rows in any order,
ranked by rule (``single_ranking``) or by law H's groups of the seatings (``groups``, some tables scheduled
but not played, sometimes groups of part of the seatings only, which the results then do not fit): the fast
path must give the checked path's result field by field (values, types and order), and the checked path's
error when the event cannot be scored.
"""

from __future__ import annotations

import dataclasses
import pickle
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction as F
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.contests import (
    BoardResult,
    ContestError,
    PairContest,
    RawResult,
    TeamMatch,
    pair_contest,
    pair_contest_rows,
    team_match,
    team_match_rows,
)
from scoring.rankings import RankingGroups, ranking_groups

#: How an event is ranked: by rule (``single_ranking``), or by the groups of its seatings (law H).
Ranking = bool | RankingGroups


def ranked(ranking: Ranking) -> dict[str, Any]:
    """The keyword that ranks a contest so."""
    return {"groups": ranking} if isinstance(ranking, RankingGroups) else {"single_ranking": ranking}


AUCTION_SCORES = st.integers(min_value=-40, max_value=40).map(lambda n: n * 10)


def checked_rows(rows: Sequence[RawResult]) -> list[BoardResult]:
    """The same rows as the caller gives them to the checked path (empty strings read as none)."""
    return [
        BoardResult(b, ns, ew, s, e, ruling or None, off or None) for b, ns, ew, s, e, ruling, off in rows
    ]


def assert_same(fast: object, checked: object, where: str = "result") -> None:
    """Equal values of the same types, in the same order, all the way down (``1 == F(1)`` is not enough)."""
    assert type(fast) is type(checked), f"{where}: {type(fast).__name__} != {type(checked).__name__}"
    if dataclasses.is_dataclass(fast) and not isinstance(fast, type):
        for f in dataclasses.fields(fast):
            assert_same(getattr(fast, f.name), getattr(checked, f.name), f"{where}.{f.name}")
    elif isinstance(fast, tuple | list):
        assert isinstance(checked, tuple | list)
        assert len(fast) == len(checked), f"{where}: {len(fast)} items != {len(checked)}"
        for i, (a, b) in enumerate(zip(fast, checked, strict=True)):
            assert_same(a, b, f"{where}[{i}]")
    elif isinstance(fast, Mapping):
        assert isinstance(checked, Mapping)
        assert list(fast) == list(checked), f"{where}: keys {list(fast)} != {list(checked)}"
        for k in fast:
            assert_same(fast[k], checked[k], f"{where}[{k!r}]")
    else:
        assert fast == checked, f"{where}: {fast!r} != {checked!r}"


def outcome(call: Callable[[], Any]) -> tuple[str, Any]:
    try:
        return "ok", call()
    except ContestError as exc:
        return "error", (exc.field, str(exc))


def assert_same_columns(fast: PairContest, checked: PairContest) -> None:
    """``fast.columns()`` hold the checked rankings, column by column: each plus/minus ``keys[i] / common``
    (read before the fast contest's rows, which are then made from these columns)."""
    columns = fast.columns()
    groups = checked.groups
    assert [(c.direction, c.name) for c in columns] == [(g.direction, g.name) for g in groups.groups]
    for i, c in enumerate(columns):
        want = [r for r in checked.rows if groups.index(r.pair, r.direction) == i]
        assert all(r.direction == c.direction for r in want)
        assert_same(list(c.pairs), [r.pair for r in want], f"{c.direction} pairs")
        assert_same(list(c.boards), [r.boards for r in want], f"{c.direction} boards")
        assert_same(list(c.nets), [r.net for r in want], f"{c.direction} nets")
        assert_same(list(c.ranks), [r.rank for r in want], f"{c.direction} ranks")
        assert_same(list(c.flags), [r.by_fraction for r in want], f"{c.direction} flags")
        assert_same(list(c.rounded), [r.plus_minus_rounded for r in want], f"{c.direction} rounded")
        assert_same(c.plus_minus(), [r.plus_minus for r in want], f"{c.direction} plus/minus")
        assert [F(k, c.common) for k in c.keys] == [r.plus_minus for r in want]
        assert_same(c.rows(), list(want), f"{c.direction} rows")
    # the checked path's columns, made from its rows
    assert [c.name for c in checked.columns()] == [g.name for g in groups.groups]
    for mine, theirs in zip(checked.columns(), columns, strict=True):
        assert mine.plus_minus() == theirs.plus_minus() and mine.ranks == theirs.ranks


def assert_same_contest(fast: PairContest, checked: PairContest) -> None:
    assert_same_columns(fast, checked)
    # Travellers and score cards first, while the fast result has not built its details.
    assert "boards" not in vars(fast)
    for board in {d.board for d in checked.boards} | {0}:
        assert_same(fast.traveller(board), checked.traveller(board), f"traveller({board})")
    directions: tuple[str | None, ...] = (None,) if checked.single_ranking else (None, "NS", "EW")
    for row in checked.rows:
        for direction in directions:
            assert_same(
                fast.score_card(row.pair, direction),
                checked.score_card(row.pair, direction),
                f"score_card({row.pair!r}, {direction})",
            )
    assert "boards" not in vars(fast)
    assert_same(fast, checked)  # every field, ``boards`` (now built) included
    assert fast == checked
    for direction in (None, "NS", "EW"):
        assert_same(fast.ranking(direction), checked.ranking(direction))
    assert fast.provisional == checked.provisional
    assert_same(fast.traveller(1), checked.traveller(1))  # and again from the built details


# ------------------------------------------------------------------------------------------ strategies


@st.composite
def rows_for(
    draw: st.DrawFn, tables: Sequence[Sequence[tuple[Any, Any]]], use_whist: bool
) -> list[RawResult]:
    """Each board's tables (ns, ew) -> raw rows: mostly played, some ruled, some boards ruled only."""
    rows: list[RawResult] = []
    for board, seating in enumerate(tables, start=1):
        ruled_only = draw(st.integers(0, 7)) == 0  # nothing made on it: its rulings wait
        for ns, ew in seating:
            kind = 0 if ruled_only else draw(st.integers(0, 9))
            if kind == 0:
                ruling = draw(st.sampled_from(["average", "low-high"]))
                if ruling == "average":
                    off = draw(st.sampled_from([None, ""]))
                else:
                    off = draw(st.sampled_from(["NS", "EW"]))
                rows.append((board, ns, ew, None, None, ruling, off))
            else:
                none = draw(st.sampled_from([None, ""]))
                if use_whist:
                    tricks = draw(st.integers(0, 13))
                    rows.append((board, ns, ew, tricks, 13 - tricks, none, none))
                else:
                    net = draw(AUCTION_SCORES)
                    rows.append((board, ns, ew, net, -net, none, none))
    return draw(st.permutations(rows))  # input order must not matter beyond a board's own rows


@st.composite
def mitchell_tables(draw: st.DrawFn) -> list[list[tuple[Any, Any]]]:
    """N-S pairs sit still, E-W pairs move; each board at some of the tables."""
    n = draw(st.integers(1, 7))
    labels: list[Callable[[int], int | str]] = [int, lambda i: f"P{i}"]  # pair ids: numbers or names
    label = draw(st.sampled_from(labels))
    boards = []
    for _ in range(draw(st.integers(1, 6))):
        ew = draw(st.permutations(range(1, n + 1)))
        boards.append(
            [(label(t), label(ew[t - 1])) for t in range(1, n + 1) if t == 1 or draw(st.booleans())]
        )
    return boards


@st.composite
def howell_tables(draw: st.DrawFn) -> list[list[tuple[Any, Any]]]:
    """Pairs sit any way; each board played by some of them."""
    pairs = draw(st.integers(2, 10))
    boards = []
    for _ in range(draw(st.integers(1, 6))):
        order = draw(st.permutations(range(1, pairs + 1)))
        tables = draw(st.integers(1, pairs // 2))
        boards.append([(order[2 * t], order[2 * t + 1]) for t in range(tables)])
    return boards


@st.composite
def events(draw: st.DrawFn) -> tuple[list[RawResult], Ranking]:
    howell = draw(st.booleans())
    tables = draw(howell_tables() if howell else mitchell_tables())
    if draw(st.integers(0, 2)) == 0:
        # Law H's groups of the seatings, pairs numbered as a database does (no E-W pair shares an N-S
        # pair's id); some tables scheduled but not played; now and then groups of part of the seatings.
        if not howell:
            tables = [[(ns, ew + 100 if isinstance(ew, int) else f"E{ew}") for ns, ew in t] for t in tables]
        seated = [(b, ns, ew) for b, seating in enumerate(tables, start=1) for ns, ew in seating]
        rows = [r for r in draw(rows_for(tables, draw(st.booleans()))) if draw(st.integers(0, 5))]
        if draw(st.integers(0, 5)) == 0:
            seated = seated[: draw(st.integers(0, len(seated)))]
        pairs = {p for _b, ns, ew in seated for p in (ns, ew)}
        sections = {p: draw(st.sampled_from("AB")) for p in pairs} if draw(st.booleans()) else {}
        return rows, ranking_groups(seated, sections=sections)
    rows = draw(rows_for(tables, draw(st.booleans())))
    # Mostly the natural ranking; sometimes the other, which a Mitchell may not allow (N-S 1 v E-W 1).
    single = howell if draw(st.integers(0, 3)) else not howell
    return rows, single


# ------------------------------------------------------------------------------------- pair contests


@settings(max_examples=400, deadline=None)
@given(events())
def test_the_fast_path_gives_the_checked_result(event: tuple[list[RawResult], Ranking]) -> None:
    rows, single = event
    fast = outcome(lambda: pair_contest_rows(rows, **ranked(single)))
    checked = outcome(lambda: pair_contest(checked_rows(rows), **ranked(single)))
    assert fast[0] == checked[0], (fast, checked)
    if fast[0] == "error":
        assert fast[1] == checked[1]  # same field, same message
    else:
        assert_same_contest(fast[1], checked[1])


@settings(max_examples=100, deadline=None)
@given(events())
def test_the_fast_result_pickles_compactly_and_builds_its_details_after(
    event: tuple[list[RawResult], Ranking],
) -> None:
    rows, single = event
    try:
        checked = pair_contest(checked_rows(rows), **ranked(single))
    except ContestError:
        return
    fast = pair_contest_rows(rows, **ranked(single))
    loaded = pickle.loads(pickle.dumps(fast, protocol=pickle.HIGHEST_PROTOCOL))
    assert "boards" not in vars(loaded)
    assert_same_contest(loaded, checked)
    built = pickle.loads(pickle.dumps(loaded, protocol=pickle.HIGHEST_PROTOCOL))
    assert "_entries" not in vars(built)
    assert_same(built, checked)


def test_an_empty_event() -> None:
    for single in (False, True):
        assert_same_contest(pair_contest_rows([], **ranked(single)), pair_contest([], **ranked(single)))


def test_a_worked_example() -> None:
    # Board 1 at three tables (N-S 130, 30, -50: average 110/3) and an average ruling at a fourth;
    # board 2 only ruled: it waits.
    rows: list[RawResult] = [
        (1, 1, 1, 130, -130, None, None),
        (1, 2, 3, 30, -30, "", ""),
        (1, 3, 2, -50, 50, None, None),
        (1, 4, 4, None, None, "average", None),
        (2, 1, 2, None, None, "low-high", "NS"),
    ]
    contest = pair_contest_rows(rows, single_ranking=False)
    ns = {r.pair: r for r in contest.ranking("NS")}
    assert (ns[1].boards, ns[1].net, ns[1].plus_minus) == (1, F(130), F(280, 3))
    assert (ns[4].boards, ns[4].net, ns[4].plus_minus) == (1, F(110, 3), F(0))
    assert contest.provisional and [(d.board, d.ns, d.ew) for d in contest.unresolved] == [(2, 1, 2)]
    assert contest.averages == {(1, "NS"): F(110, 3), (1, "EW"): F(-110, 3)}
    assert [d.ruling for d in contest.traveller(1)] == [None, None, None, "average"]
    assert_same_contest(contest, pair_contest(checked_rows(rows), single_ranking=False))


@pytest.mark.parametrize(
    ("rows", "field"),
    [
        ([(1, 1, 2, 10, -10, None, None), (1, 1, 3, 20, -20, None, None)], "results"),  # N-S 1 twice
        ([(1, 1, 2, None, -10, None, None)], "ns_score"),
        ([(1, 1, 2, 10, None, "", None)], "ew_score"),
        ([(1, 1, 2, 10.0, -10, None, None)], "ns_score"),  # floats are refused here too
        ([(1, 1, 2, True, -1, None, None)], "ns_score"),
        ([(1, 1, 2, F(1, 2), F(-1, 2), None, None)], "ns_score"),
        ([(1, 1, 2, 10, -10, None, None), (1, 2, 1, None, None, "split", None)], "ruling"),
        ([(1, 1, 2, 10, -10, None, None), (1, 2, 1, None, None, "low-high", None)], "offending"),
        ([(1, 1, 2, 10, -10, None, None), (1, 2, 1, None, None, "low-high", "N")], "offending"),
        ([(1, 1, 2, 10, -10, None, None), (1, 2, 1, None, None, "average", "NS")], "offending"),
    ],
)
def test_what_the_fast_path_still_checks(rows: list[RawResult], field: str) -> None:
    with pytest.raises(ContestError) as fast:
        pair_contest_rows(rows, single_ranking=False)
    assert fast.value.field == field
    with pytest.raises(ContestError) as checked:
        pair_contest(checked_rows(rows), single_ranking=False)
    assert (fast.value.field, str(fast.value)) == (checked.value.field, str(checked.value))


def test_rows_of_the_wrong_shape_are_refused() -> None:
    with pytest.raises(ContestError) as info:
        pair_contest_rows([(1, 1, 2, 10, -10)], single_ranking=False)  # type: ignore[list-item]
    assert info.value.field == "results"


# ------------------------------------------------------------------------------------- team matches


@st.composite
def matches(
    draw: st.DrawFn,
) -> tuple[list[RawResult], dict[str, list[str]], dict[str, str] | None]:
    """Two (sometimes three) teams of equal size; each team seats its larger half one way."""
    size = draw(st.integers(2, 5))
    names = ["Reds", "Blues", "Greens"][: draw(st.sampled_from([2, 2, 3]))]
    teams = {name: [f"{name[0]}{i}" for i in range(1, size + 1)] for name in names}
    half = (size + 1) // 2
    seat: dict[str, str] = {}
    for k, members in enumerate(teams.values()):
        first, second = ("NS", "EW") if k % 2 == 0 else ("EW", "NS")
        seat.update({p: first for p in members[:half]} | {p: second for p in members[half:]})
    ns_pairs = [p for p in seat if seat[p] == "NS"]
    ew_pairs = [p for p in seat if seat[p] == "EW"]
    boards = []
    for _ in range(draw(st.integers(1, 4))):
        ew = draw(st.permutations(ew_pairs))
        tables = [(n, e) for n, e in zip(ns_pairs, ew, strict=False) if n[0] != e[0] and draw(st.booleans())]
        boards.append(tables)
    rows = draw(rows_for(boards, draw(st.booleans())))
    seats = seat if draw(st.integers(0, 3)) else None  # without, a pair yet to play is an error
    return rows, teams, seats


@settings(max_examples=300, deadline=None)
@given(matches())
def test_the_fast_team_match_gives_the_checked_result(
    match: tuple[list[RawResult], dict[str, list[str]], dict[str, str] | None],
) -> None:
    rows, teams, seats = match
    fast = outcome(lambda: team_match_rows(rows, teams=teams, seats=seats))
    checked = outcome(lambda: team_match(checked_rows(rows), teams=teams, seats=seats))
    assert fast[0] == checked[0], (fast, checked)
    if fast[0] == "error":
        assert fast[1] == checked[1]
        return
    f, c = fast[1], checked[1]
    assert isinstance(f, TeamMatch) and "boards" not in vars(f)
    loaded = pickle.loads(pickle.dumps(f))
    assert_same(f, c)
    assert_same(loaded, c)
    assert f == c and f.provisional == c.provisional


@pytest.mark.parametrize(
    ("rows", "teams", "field"),
    [
        ([(1, "R1", "X9", 10, -10, None, None)], {"R": ["R1", "R2"], "B": ["B1", "B2"]}, "results"),
        ([(1, "R1", "R2", 10, -10, None, None)], {"R": ["R1", "R2"], "B": ["B1", "B2"]}, "results"),
        ([(1, "R1", "B1", 10, -10, None, None)], {"R": ["R1", "R2"], "B": ["B1"]}, "teams"),
        ([(1, "R1", "B1", 10, -10, None, None)], {"R": ["R1", "R2"], "B": ["B1", "B2"]}, "seats"),
        (
            [(1, "R1", "B1", 10, -10, None, None), (2, "B1", "R1", 10, -10, None, None)],
            {"R": ["R1", "R2"], "B": ["B1", "B2"]},
            "results",
        ),
    ],
)
def test_the_fast_team_match_refuses_what_the_checked_one_does(
    rows: list[RawResult], teams: dict[str, list[str]], field: str
) -> None:
    with pytest.raises(ContestError) as fast:
        team_match_rows(rows, teams=teams)
    with pytest.raises(ContestError) as checked:
        team_match(checked_rows(rows), teams=teams)
    assert fast.value.field == field
    assert (fast.value.field, str(fast.value)) == (checked.value.field, str(checked.value))
