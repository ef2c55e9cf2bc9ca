"""``IncrementalPairContest``: after any sequence of boards replaced, the same contest as
``pair_contest_rows`` (hence the checked ``pair_contest``) of the rows as they now stand, field by field."""

from __future__ import annotations

import random
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import contests
from scoring.contests import ContestError, IncrementalPairContest, PairContest, RawResult, pair_contest_rows
from scoring.errors import ScoringError
from scoring.rankings import RankingGroups, ranking_groups
from tests.scoring.test_contests_rows import Ranking, assert_same, assert_same_columns, events, ranked


def engine_for(rows: list[RawResult], single: Ranking) -> IncrementalPairContest | None:
    """The engine on ``rows``, or ``None`` when they are not a valid contest (``pair_contest_rows`` raises)."""
    try:
        pair_contest_rows(rows, **ranked(single))
    except ContestError:
        return None
    return IncrementalPairContest(rows, **ranked(single))


def regrouped(
    before: tuple[list[RawResult], Ranking], after: tuple[list[RawResult], Ranking]
) -> tuple[list[RawResult], Ranking]:
    """``before``, ranked by groups (law H) of both events' tables when it is ranked by groups at all: the
    other event's boards then fit the rankings (boards of pairs the groups do not know raise, field "groups")."""
    rows, ranking = before
    if isinstance(ranking, RankingGroups):
        try:
            ranking = ranking_groups([(r[0], r[1], r[2]) for r in (*rows, *after[0])])
        except ScoringError:  # a pair at both seats of a table (Mitchell numbering in the other event)
            pass
    return rows, ranking


def by_board(rows: list[RawResult]) -> dict[int, list[RawResult]]:
    out: dict[int, list[RawResult]] = {}
    for row in rows:
        out.setdefault(row[0], []).append(row)
    return out


@settings(max_examples=300, deadline=None)
@given(events(), events(), st.data())
def test_replacing_boards_gives_the_contest_of_the_new_rows(
    before: tuple[list[RawResult], Ranking], after: tuple[list[RawResult], Ranking], data: Any
) -> None:
    rows, single = regrouped(before, after)
    inc = engine_for(rows, single)
    if inc is None:
        return
    assert_same(inc.contest(), pair_contest_rows(rows, **ranked(single)))
    current = by_board(rows)
    # Boards of the other event (same board numbers, other pairs and results), one at a time, some emptied.
    for board, new in by_board(after[0]).items():
        if data.draw(st.integers(0, 4)) == 0:
            new = []
        current = replace_and_check(inc, current, board, new, single)


def replace_and_check(
    inc: IncrementalPairContest,
    current: dict[int, list[RawResult]],
    board: int,
    new: list[RawResult],
    single: Ranking,
) -> dict[int, list[RawResult]]:
    """One board replaced: the contest is then ``pair_contest_rows`` of the rows as they stand, field by
    field, or the replacement raises as that would (and changes nothing).  The rows by board after it."""
    expected = {**current, board: new}
    try:
        pair_contest_rows(new, **ranked(single))
        want = pair_contest_rows([r for b in sorted(expected) for r in expected[b]], **ranked(single))
    except ContestError:
        with pytest.raises(ContestError):
            inc.replace_board(board, new)
        return current
    inc.replace_board(board, new)
    got = inc.contest()
    assert_same_columns(got, want)  # ranked into columns; the rows are made from them
    assert_same(got, want)
    assert got.boards == want.boards
    return {b: r for b, r in expected.items() if r}


def test_a_changed_result_moves_the_ranking() -> None:
    rows = [(1, 1, 1, 100, -100, None, None), (1, 2, 2, -100, 100, None, None)]
    inc = IncrementalPairContest(rows, single_ranking=False)
    assert [r.pair for r in inc.contest().ranking("NS")] == [1, 2]
    inc.replace_board(1, [(1, 1, 1, -200, 200, None, None), (1, 2, 2, -100, 100, None, None)])
    assert [r.pair for r in inc.contest().ranking("NS")] == [2, 1]
    inc.replace_board(1, [(1, 2, 2, -100, 100, None, None)])
    assert [r.pair for r in inc.contest().ranking("NS")] == [2]
    inc.replace_board(1, [])
    assert inc.contest().rows == ()


def replaced(
    before: tuple[list[RawResult], Ranking], after: tuple[list[RawResult], Ranking]
) -> Iterator[tuple[IncrementalPairContest, PairContest | None]]:
    """The engine on ``before``'s rows (first yielded with ``None``), then after each board of ``after``
    that can replace its own (the rows that would raise are skipped), with the contest the rows now make."""
    rows, single = regrouped(before, after)
    inc = engine_for(rows, single)
    if inc is None:
        return
    yield inc, None
    current = by_board(rows)
    for board, new in by_board(after[0]).items():
        expected = {**current, board: new}
        try:
            want = pair_contest_rows([r for b in sorted(expected) for r in expected[b]], **ranked(single))
        except ContestError:
            continue
        inc.replace_board(board, new)
        current = expected
        yield inc, want


@settings(max_examples=100, deadline=None)
@given(events(), events())
def test_keys_made_afresh_after_many_table_counts_give_the_same_contest(
    before: tuple[list[RawResult], Ranking], after: tuple[list[RawResult], Ranking]
) -> None:
    """The kept sort keys share one denominator, the lcm of every table count seen; past 2,048 bits they are
    made afresh from every board's rows (the sides' sums of averages are not kept once the keys are)."""
    for inc, want in replaced(before, after):
        if want is None:
            inc.contest()
            continue
        # As if a great many table counts had come and gone: the same keys over a 3,000-bit denominator.
        for keyed in {id(k): k for k in (inc._keys_ns, inc._keys_ew) if k is not None}.values():
            scale = 2**3000
            keyed.common *= scale
            keyed.keys = {pair: key * scale for pair, key in keyed.keys.items()}
        assert_same(inc.contest(), want)
        assert isinstance(inc._keys_ns, contests._Keys) and inc._keys_ns.common.bit_length() <= 2048


@settings(max_examples=100, deadline=None)
@given(events(), events())
def test_rankings_read_later_are_those_of_their_contest(
    before: tuple[list[RawResult], Ranking], after: tuple[list[RawResult], Ranking]
) -> None:
    """A contest's rows are ranked when first read, from a snapshot taken with the contest: boards replaced
    in between do not reach them (a page holding one version while the next is patched in)."""
    unread: PairContest | None = None
    for inc, _want in replaced(before, after):
        if unread is None:
            unread = inc.contest()  # rows not read yet
    if unread is not None:
        rows, ranking = regrouped(before, after)
        assert unread.rows == pair_contest_rows(rows, **ranked(ranking)).rows


@st.composite
def small_changes(draw: st.DrawFn, rows: list[RawResult]) -> list[tuple[int, list[RawResult]]]:
    """A few boards changed the way a director's day changes them, one row at a time: a score corrected, a
    result entered (a row added, its pairs from the event or new), one taken back, the seats swapped, now
    and then a ruling."""
    current = by_board(rows)
    pairs = sorted({r[1] for r in rows} | {r[2] for r in rows}, key=repr) or [1, 2]
    out: list[tuple[int, list[RawResult]]] = []
    for _ in range(draw(st.integers(1, 8))):
        board = draw(st.sampled_from(sorted(current) or [1]))
        new = list(current.get(board, []))
        kind = draw(st.sampled_from(["score", "score", "add", "remove", "swap", "ruling"]))
        if kind in ("score", "remove", "swap", "ruling") and new:
            i = draw(st.integers(0, len(new) - 1))
            b, ns, ew, s, e, ruling, off = new[i]
            if kind == "score":
                score = draw(st.integers(-300, 300))
                new[i] = (
                    b,
                    ns,
                    ew,
                    score,
                    -score if draw(st.booleans()) else draw(st.integers(-9, 9)),
                    None,
                    None,
                )
            elif kind == "remove":
                del new[i]
            elif kind == "swap":
                new[i] = (b, ew, ns, e, s, ruling, off)
            else:
                new[i] = (b, ns, ew, None, None, draw(st.sampled_from(["average", "low-high"])), "NS")
        else:
            ns = draw(st.sampled_from([*pairs, 900]))
            ew = draw(st.sampled_from([*pairs, 901]))
            score = draw(st.integers(-300, 300))
            new.insert(draw(st.integers(0, len(new))), (board, ns, ew, score, -score, None, None))
        out.append((board, new))
        current[board] = new
    return out


@settings(max_examples=300, deadline=None)
@given(events(), st.data())
def test_small_changes_with_the_keys_kept_give_the_contest_of_the_new_rows(
    event: tuple[list[RawResult], Ranking], data: Any
) -> None:
    """The path that does not tally a board again (a result entered, corrected or cleared, a ruling given or
    taken back), with the sort keys kept: each change read back equals the contest made afresh."""
    rows, single = event
    inc = engine_for(rows, single)
    if inc is None:
        return
    inc.contest().rows  # noqa: B018 - the sort keys are made (and kept from now on)
    current = by_board(rows)
    for board, new in data.draw(small_changes(rows)):
        current = replace_and_check(inc, current, board, new, single)


def test_a_corrected_score_is_patched_without_tallying_the_board_again() -> None:
    """A Mitchell board of three tables, law H: the average moves for everyone who held the cards."""
    rows = [
        (1, 1, 1, 100, -100, None, None),
        (1, 2, 2, 40, -40, None, None),
        (1, 3, 3, -20, 20, None, None),
        (2, 1, 2, 10, -10, None, None),
    ]
    inc = IncrementalPairContest(rows, single_ranking=False)
    inc.contest().rows  # noqa: B018 - keys made
    tallied: list[int] = []
    inc._part = lambda b, rows: tallied.append(b) or IncrementalPairContest._part(inc, b, rows)  # type: ignore[method-assign]
    corrected = [rows[0], (1, 2, 2, 160, -160, None, None), rows[2]]
    inc.replace_board(1, corrected)
    assert tallied == []  # the plain path: no board tallied again
    got = inc.contest()
    assert_same(got, pair_contest_rows([*corrected, rows[3]], single_ranking=False))
    # Average N-S on board 1 is now (100 + 160 - 20) / 3 = 80: N-S 2 made 160, +80 on it; +0 on board 2 alone.
    assert got.ranking("NS")[0].pair == 2 and got.ranking("NS")[0].plus_minus == 80
    # A ruling too (law B(3)): its score is the new average (100 - 20) / 2 = 40, plus/minus 0.
    ruled = [rows[0], (1, 2, 2, None, None, "average", None), rows[2]]
    inc.replace_board(1, ruled)
    assert tallied == []
    got = inc.contest()
    assert_same(got, pair_contest_rows([*ruled, rows[3]], single_ranking=False))
    assert got.detail(1, 2, 2).ns_score == 40 and got.detail(1, 2, 2).ns_plus_minus == 0
    # No real result left on the board (the ruling waits): the general path.
    inc.replace_board(1, [(1, 2, 2, None, None, "average", None)])
    assert tallied == [1, 1]  # its new rows, and its old ones (no part kept by the plain path)
    assert_same(
        inc.contest(),
        pair_contest_rows([(1, 2, 2, None, None, "average", None), rows[3]], single_ranking=False),
    )


def test_a_table_count_missing_from_the_kept_keys_is_put_back_in() -> None:
    """Found in review: a board replaced before the keys were made can cancel its table count out of the
    sums (its pairs' totals add up to 0), so the keys are made over a denominator without it; the plain path
    must then bring that count back in when the board changes again."""
    b1 = [(1, 1, 1, 5, -5, None, None), (1, 2, 2, 0, 0, None, None), (1, 3, 3, 0, 0, None, None)]
    b2 = [(2, 1, 1, -5, 5, None, None), (2, 2, 2, 0, 0, None, None), (2, 3, 3, 0, 0, None, None)]
    inc = IncrementalPairContest(b1 + b2, single_ranking=False)
    b2b = [(2, 1, 1, 0, 0, None, None), (2, 2, 2, -5, 5, None, None), (2, 3, 3, 0, 0, None, None)]
    inc.replace_board(2, b2b)
    inc.contest().rows  # noqa: B018 - the keys made now
    inc.replace_board(1, b1[:2])  # two tables now: N-S 1 scored 5 against an average of 5/2
    got = inc.contest()
    assert_same(got, pair_contest_rows(b1[:2] + b2b, single_ranking=False))
    assert {r.pair: r.plus_minus for r in got.ranking("NS")}[1] == Fraction(5, 2) + Fraction(5, 3)


@settings(max_examples=50, deadline=None)
@given(events())
def test_a_contest_ranked_into_columns_pickles_with_its_rows(event: tuple[list[RawResult], Ranking]) -> None:
    """The engine's contest ranks into columns (a factory, which does not pickle): pickled, read or not, it
    carries its rows, equal to ``pair_contest_rows``'s; its columns are made again from them."""
    import pickle

    rows, single = event
    inc = engine_for(rows, single)
    if inc is None:
        return
    want = pair_contest_rows(rows, **ranked(single))
    for read_first in (False, True):
        contest = inc.contest()
        if read_first:
            contest.columns()
        loaded = pickle.loads(pickle.dumps(contest, protocol=pickle.HIGHEST_PROTOCOL))
        assert not {"_columns", "_columns_factory"} & set(vars(loaded))
        assert_same(loaded.rows, want.rows)
        assert_same_columns(loaded, want)


def corrected(rows: list[RawResult], rng: random.Random) -> list[RawResult]:
    """The same tables and rulings, some real scores corrected (duplicate whist keeps its 13 tricks)."""
    out = []
    for row in rows:
        b, ns, ew, s, e, ruling, off = row
        if ruling or s is None or rng.random() < 0.5:
            out.append(row)
        elif isinstance(s, int) and isinstance(e, int) and s + e == 13 and 0 <= s <= 13:
            v = rng.randint(0, 13)
            out.append((b, ns, ew, v, 13 - v, ruling, off))
        else:
            v = rng.choice([-400, -50, 0, 10, 30, 120, 400, s + 10, -s])
            out.append((b, ns, ew, v, -v, ruling, off))
    return out


@settings(max_examples=200, deadline=None)
@given(events(), st.integers(0, 2**32))
def test_scores_corrected_on_the_same_tables_give_the_contest_of_the_new_rows(
    event: tuple[list[RawResult], Ranking], seed: int
) -> None:
    """The usual change, a score corrected (``_replace_plain``'s same-shape path: same tables, same
    rulings), several times over: every step is ``pair_contest_rows`` of the rows as they stand."""
    rows, single = event
    inc = engine_for(rows, single)
    if inc is None:
        return
    inc.contest().columns()  # the keys kept from here on
    rng = random.Random(seed)
    current = by_board(rows)
    for _ in range(6):
        if not current:
            return
        board = rng.choice(sorted(current))
        current = replace_and_check(inc, current, board, corrected(current[board], rng), single)
