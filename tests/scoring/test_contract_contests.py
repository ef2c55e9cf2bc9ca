"""Contract bridge contests: matchpoints (Neuberg, law 12C2 artificial scores, sit-out factoring), Butler,
cross-IMPs, the WBF IMP scale, team matches by IMPs and the WBF 2013 continuous VP scale.

The events are small enough to work by hand; the working is in the comments.
"""

from __future__ import annotations

import itertools
from decimal import Decimal
from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.contests import (
    ContestError,
    ContractResult,
    butler,
    cross_imps,
    imps,
    matchpoints,
    team_imps_match,
    team_vps,
    vp_table,
)
from scoring.contests.imp_pairs import butler_datum, cross_imps_board, cross_imps_sums
from scoring.contests.matchpoints import board_matchpoints, field_most, neuberg
from scoring.contests.rankings import ranking_groups

R = ContractResult


def summary(contest, direction):  # type: ignore[no-untyped-def]
    return [
        (r.pair, r.boards, r.total, r.score, r.percentage, r.rank)
        for r in contest.rows
        if r.direction == direction
    ]


# ------------------------------------------------------------------------------------------ matchpoints

# Board 1 at four tables: N-S scores 420, 420, 170, -50.  420 beats two and ties one: 2 + 2 + 1 = 5; 170 beats
# one: 2; -50 beats none: 0.  Top 2(4 - 1) = 6; E-W score 6 less N-S's.
BOARD_1 = [R(1, 1, 11, 420), R(1, 2, 12, 420), R(1, 3, 13, 170), R(1, 4, 14, -50)]


def test_matchpoints_two_a_result_beaten_one_a_tie() -> None:
    contest = matchpoints(BOARD_1, single_ranking=False)
    assert [(line.ns_score, line.ew_score) for line in contest.lines] == [(5, 1), (5, 1), (2, 4), (0, 6)]
    assert contest.tops == (6, 6)
    assert contest.board_tops == {1: 6}  # the board's own top: a line's figure is "5 of 6"
    assert summary(contest, "NS") == [
        (1, 1, 5, 5, F(500, 6), 1),
        (2, 1, 5, 5, F(500, 6), 1),  # equal exact scores share a rank
        (3, 1, 2, 2, F(200, 6), 3),
        (4, 1, 0, 0, 0, 4),
    ]


def test_neuberg_and_an_artificial_score() -> None:
    # Board 2: three results and an average-plus / average-minus (law 12C2: 60% / 40% of the top).  N = 4
    # (board 1's four results), n = 3.  MPs among the three: 200 -> 4, 100 -> 2, -100 -> 0; Neuberg
    # (MP + 1) * 4 / 3 - 1: 17/3, 3, 1/3.  The 60/40 scores 60% and 40% of 6: 18/5 and 12/5.
    board_2 = [R(2, 1, 12, 100), R(2, 2, 13, -100), R(2, 3, 14, None, (60, 40)), R(2, 4, 11, 200)]
    contest = matchpoints(BOARD_1 + board_2, single_ranking=False)
    assert [(line.ns_score, line.ew_score) for line in contest.traveller(2)] == [
        (3, 3),
        (F(1, 3), F(17, 3)),
        (F(18, 5), F(12, 5)),
        (F(17, 3), F(1, 3)),
    ]
    # N-S totals: 1: 5 + 3 = 8; 2: 5 + 1/3; 3: 2 + 18/5; 4: 0 + 17/3.  Percentages over 2 boards x 6.
    assert summary(contest, "NS") == [
        (1, 2, 8, 8, F(800, 12), 1),
        (4, 2, F(17, 3), F(17, 3), F(1700, 36), 2),
        (3, 2, F(28, 5), F(28, 5), F(2800, 60), 3),
        (2, 2, F(16, 3), F(16, 3), F(1600, 36), 4),
    ]


def test_a_sit_out_is_factored_up_and_a_board_played_less_is_neubergd() -> None:
    # Boards 1 and 2 at three tables (1 v 11, 2 v 12, 3 v 13); board 3 at two (1 v 12, 2 v 13): pairs 3 and
    # 11 sit it out.  N = 3, top 4.
    # Board 1: 100, 200, 300 -> 0, 2, 4.  Board 2: 50, 50, -100 -> 3, 3, 0.  Board 3 (n = 2): 420 -> 2,
    # 400 -> 0; Neuberg (MP + 1) * 3 / 2 - 1: 7/2 and 1/2 (E-W: 1/2 and 7/2).
    results = [
        R(1, 1, 11, 100), R(1, 2, 12, 200), R(1, 3, 13, 300),
        R(2, 1, 11, 50), R(2, 2, 12, 50), R(2, 3, 13, -100),
        R(3, 1, 12, 420), R(3, 2, 13, 400),
    ]  # fmt: skip
    contest = matchpoints(results, single_ranking=False)
    assert contest.board_tops == {1: 4, 2: 4, 3: 4}  # board 3, played twice, Neuberged to the top of 3
    # N-S: 1: 0 + 3 + 7/2 = 13/2; 2: 2 + 3 + 1/2 = 11/2; 3: 4 + 0 = 4 on 2 boards, factored by 3/2 to 6.
    # Percentage = score / (3 boards x top 4) x 100.
    assert summary(contest, "NS") == [
        (1, 3, F(13, 2), F(13, 2), F(325, 6), 1),
        (3, 2, 4, 6, 50, 2),
        (2, 3, F(11, 2), F(11, 2), F(275, 6), 3),
    ]
    # E-W: 11: 4 + 1 = 5 on 2 boards -> 15/2; 12: 2 + 1 + 1/2 = 7/2; 13: 0 + 4 + 7/2 = 15/2.
    assert summary(contest, "EW") == [
        (11, 2, 5, F(15, 2), F(125, 2), 1),
        (13, 3, F(15, 2), F(15, 2), F(125, 2), 1),
        (12, 3, F(7, 2), F(7, 2), F(175, 6), 3),
    ]


def test_rankings_from_the_seatings_one_field_across_sections() -> None:
    # Two sections (A: pairs 1, 2 v 11, 12; B: 3 v 13) play the same board: one N-S and one E-W ranking,
    # compared across the field: 620, 170, -100 -> 4, 2, 0.
    results = [R(1, 1, 11, 620), R(1, 2, 12, -100), R(1, 3, 13, 170)]
    groups = ranking_groups([(r.board, r.ns, r.ew) for r in results])
    contest = matchpoints(results, groups=groups)
    assert [(r.pair, r.score, r.rank) for r in contest.rows] == [
        (1, 4, 1), (3, 2, 2), (2, 0, 3), (12, 4, 1), (13, 2, 2), (11, 0, 3),
    ]  # fmt: skip
    assert [g.name for g, _rows in contest.rankings()] == ["N-S", "E-W"]


def test_contest_errors_name_the_field() -> None:
    with pytest.raises(ContestError, match="adjusted"):
        R(1, 1, 2, None, (70, 30))
    with pytest.raises(ContestError, match="net_ns"):
        R(1, 1, 2, 4.5)
    with pytest.raises(ContestError, match="net_ns"):
        R(1, 1, 2, 100, (60, 40))
    with pytest.raises(ContestError, match="play it twice"):
        matchpoints([R(1, 1, 11, 100), R(1, 1, 12, 50)], single_ranking=False)
    with pytest.raises(ContestError, match="net_ns"):
        matchpoints([(1, 1, 11, "100", None)], single_ranking=False)
    with pytest.raises(ContestError, match="groups"):
        matchpoints(BOARD_1)


# ------------------------------------------------------------------------------------------ Butler, cross-IMPs


def test_butler_datum_drops_the_top_and_bottom_from_five_results() -> None:
    # 620, 620, 170, -100, -200: one 620 and the -200 dropped; (620 + 170 - 100) / 3 = 230.
    scores = [620, 620, 170, -100, -200]
    assert butler_datum(scores) == 230
    results = [R(1, p, 10 + p, s) for p, s in enumerate(scores, 1)]
    contest = butler(results, single_ranking=False)
    assert contest.datums == {1: 230}
    # differences 390, 390, -60, -330, -430: 9, 9, -2, -8, -10 IMPs
    assert [line.ns_score for line in contest.lines] == [9, 9, -2, -8, -10]
    assert [line.ew_score for line in contest.lines] == [-9, -9, 2, 8, 10]


def test_butler_datum_rounds_an_exact_half_away_from_zero() -> None:
    # four results, none dropped: mean 95 -> 100, -95 -> -100, 92.5 -> 90
    assert butler_datum([110, 100, 90, 80]) == 100
    assert butler_datum([-110, -100, -90, -80]) == -100
    assert butler_datum([100, 100, 80, 90]) == 90


def test_butler_artificial_scores_are_plus_or_minus_3_imps() -> None:
    # law 12C2: average plus +3 IMPs, average minus -3; left out of the datum (420, 400 -> 410)
    results = [R(1, 1, 11, 420), R(1, 2, 12, 400), R(1, 3, 13, None, (60, 40)), R(1, 4, 14, None, (50, 50))]
    contest = butler(results, single_ranking=False)
    assert contest.datums == {1: 410}
    assert [(line.ns_score, line.ew_score) for line in contest.lines] == [(0, 0), (0, 0), (3, -3), (0, 0)]


def test_cross_imps_against_every_other_result() -> None:
    # 420 v 420: 0, v 170 (250): 6, v -50 (470): 10 -> 16 / 3 comparisons.  170: -6 - 6 + 6 (220) = -6 / 3.
    # -50: -10 - 10 - 6 = -26 / 3.
    contest = cross_imps(BOARD_1, single_ranking=False)
    assert [line.ns_score for line in contest.lines] == [F(16, 3), F(16, 3), -2, F(-26, 3)]
    assert summary(contest, "EW")[0] == (14, 1, F(26, 3), F(26, 3), None, 1)
    assert cross_imps_board([100]) == [0]


# ------------------------------------------------------------------------------------------ IMPs and VPs


@pytest.mark.parametrize(
    ("difference", "expected"),
    [
        (0, 0),
        (10, 0),
        (15, 0),
        (20, 1),
        (40, 1),
        (50, 2),
        (420, 9),
        (430, 10),
        (-430, -10),
        (3990, 23),
        (4000, 24),
        (7600, 24),
        (-7600, -24),
    ],
)
def test_wbf_imp_scale(difference: int, expected: int) -> None:
    assert imps(difference) == expected


def test_vp_scale_16_boards() -> None:
    # X = 15 * sqrt(16) = 60; 1 IMP: 10 + 10 (1 - tau^(3/60)) / (1 - tau^3) = 10.311... -> 10.31.  14 IMPs:
    # the formula gives 13.744... -> 13.74, but 13.52 -> 13.74 -> 13.97 would make the 15th IMP worth more
    # than the 14th (0.23 after 0.22), so 14 IMPs is 13.75 (the report's rule: no IMP worth more than the one
    # before).  60 IMPs and more: 20.
    assert team_vps(0, 16) == Decimal("10.00")
    assert (team_vps(1, 16), team_vps(-1, 16)) == (Decimal("10.31"), Decimal("9.69"))
    assert (team_vps(-14, 16), team_vps(14, 16)) == (Decimal("6.25"), Decimal("13.75"))
    assert (team_vps(60, 16), team_vps(-60, 16)) == (Decimal(20), Decimal(0))
    assert (team_vps(92, 16), team_vps(-92, 16)) == (Decimal(20), Decimal(0))
    assert vp_table(16)[:4] == (Decimal("10.00"), Decimal("10.31"), Decimal("10.61"), Decimal("10.91"))


def test_team_match_by_imps() -> None:
    # board 1: home N-S +420 at one table, away N-S -50 at the other: home nets 470 -> 10 IMPs;
    # board 2: the same score at both tables, 0; board 3: -200 and +620: away nets 820 -> 13 IMPs.
    match = team_imps_match([(1, 420, -50), (2, -100, -100), (3, -200, 620)], home="Home", away="Away")
    assert [(line.net, line.home_imps, line.away_imps) for line in match.lines] == [
        (470, 10, 0),
        (0, 0, 0),
        (-820, 0, 13),
    ]
    assert (match.home_imps, match.away_imps, match.winner) == (10, 13, "Away")
    # 3 boards: X = 15 sqrt 3 = 25.98; margin 3: 10 + 10 (1 - tau^(9 / 25.98)) / (1 - tau^3) = 12.01
    assert (match.home_vp, match.away_vp) == (Decimal("7.99"), Decimal("12.01"))
    with pytest.raises(ContestError, match="board"):
        team_imps_match([(1, 420, -50), (1, 0, 0)], home="Home", away="Away")


# ------------------------------------------------------------------------------------------ properties

scores_st = st.lists(
    st.sampled_from([-1100, -500, -200, -100, -50, 50, 90, 110, 140, 420, 620, 1430]), min_size=1, max_size=30
)


@given(scores_st)
def test_sort_based_matchpoints_equal_the_pairwise_count(scores: list[int]) -> None:
    pairwise = [
        sum(2 if s > t else 1 if s == t else 0 for j, t in enumerate(scores) if j != i)
        for i, s in enumerate(scores)
    ]
    assert board_matchpoints(scores) == pairwise
    n = len(scores)
    assert sum(pairwise) == n * (n - 1)


@given(scores_st, st.integers(0, 10))
def test_neuberg_keeps_the_average_at_half_the_top(scores: list[int], extra: int) -> None:
    n = len(scores)
    most = n + extra
    scaled = [neuberg(mp, n, most) for mp in board_matchpoints(scores)]
    assert sum(scaled) == n * (most - 1)  # average N - 1: half the top 2(N - 1)
    assert all(0 <= s <= 2 * (most - 1) for s in scaled) or n == 1


@given(scores_st)
def test_cross_imps_sum_to_nothing_and_butler_datum_is_a_ten(scores: list[int]) -> None:
    assert sum(cross_imps_board(scores)) == 0
    datum = butler_datum(scores)
    assert datum % 10 == 0
    assert min(scores) - 5 <= datum <= max(scores) + 5


@settings(max_examples=60)
@given(st.integers(1, 64))
def test_vp_table_rises_to_20_and_each_imp_is_worth_no_more_than_the_last(boards: int) -> None:
    table = vp_table(boards)
    assert table[0] == 10
    assert table[-1] == 20
    steps = [b - a for a, b in itertools.pairwise(table)]
    assert all(step >= 0 for step in steps)
    assert steps == sorted(steps, reverse=True)
    assert all(v == v.quantize(Decimal("0.01")) for v in table)


@given(st.integers(0, 120), st.integers(0, 120), st.integers(1, 40))
def test_balanced_victory_points_share_20(imps_for: int, imps_against: int, boards: int) -> None:
    # Each team's VPs from its own net IMPs: when the two nets balance (no unbalanced artificial score), the
    # two teams' VPs add to 20 and the team with more IMPs has more.
    mine, theirs = team_vps(imps_for - imps_against, boards), team_vps(imps_against - imps_for, boards)
    assert mine + theirs == 20
    assert (mine > theirs) == (imps_for > imps_against)


@pytest.mark.parametrize("net", [True, 1.5, "3", None])
def test_team_vps_takes_whole_imps_only(net: object) -> None:
    with pytest.raises(ContestError, match="net: must be a whole number of IMPs"):
        team_vps(net, 16)  # type: ignore[arg-type]
    with pytest.raises(ContestError, match="boards"):
        team_vps(3, 0)


results_st = st.lists(
    st.tuples(st.integers(1, 4), st.sampled_from([-620, -100, 50, 110, 140, 420]), st.booleans()),
    min_size=1,
    max_size=40,
)


@given(results_st)
def test_matchpoint_contest_every_line_adds_to_the_top(rows: list[tuple[int, int, bool]]) -> None:
    # Each board at as many tables as listed; every fifth result an average (50/50).
    results = []
    seen: dict[int, int] = {}
    for board, score, adjusted in rows:
        k = seen[board] = seen.get(board, 0) + 1
        if adjusted:
            results.append(R(board, k, 100 + k, None, (50, 50)))
        else:
            results.append(R(board, k, 100 + k, score))
    contest = matchpoints(results, single_ranking=False)
    top = contest.tops[0]
    assert top is not None
    assert all(line.ns_score + line.ew_score == top for line in contest.lines)
    assert all(r.percentage is None or 0 <= r.percentage <= 100 for r in contest.rows) or top == 0


def test_sections_playing_different_boards_have_their_own_tops() -> None:
    # Section A: boards 1, 2 at three tables (top 2(3 - 1) = 4); section B: boards 3, 4 at two (top 2).
    # No board is shared, so each section is its own field: B's boards are not Neubergd up to three.
    a = [R(b, p, 10 + p, 100 * p) for b in (1, 2) for p in (1, 2, 3)]
    b = [R(b, p, 10 + p, 100 * p) for b in (3, 4) for p in (4, 5)]
    groups = ranking_groups([(r.board, r.ns, r.ew) for r in a + b])
    contest = matchpoints(a + b, groups=groups)
    assert sorted(contest.tops) == [2, 2, 4, 4]
    assert contest.board_tops == {1: 4, 2: 4, 3: 2, 4: 2}
    # pair 3 (A) beats both others twice: 4 + 4; pair 5 (B) beats its one other twice: 2 + 2; both 100%
    best = {r.pair: (r.score, r.percentage) for r in contest.rows if r.rank == 1}
    assert best == {3: (8, 100), 5: (4, 100), 11: (8, 100), 14: (4, 100)}


table_st = st.tuples(st.booleans(), st.sampled_from([-620, -100, 50, 110, 140, 420]), st.integers(0, 9))
event_st = st.lists(st.lists(table_st, min_size=6, max_size=6), min_size=1, max_size=5)
_ARTIFICIAL = {1: (60, 40), 2: (50, 50), 3: (40, 40)}  # law 12C2, any pair of them


@given(event_st)
def test_neuberged_totals_equal_a_plain_fraction_sum(boards: list[list[tuple[bool, int, int]]]) -> None:
    # Boards played at some of six tables (N-S pair t, E-W 100 + a rotation), a few adjusted: each board
    # Neuberged to the most-played board's N (the one field), each pair factored B / b for sit-outs.
    results = [
        R(board, t, 101 + (t + board) % 6, None if k in _ARTIFICIAL else score, _ARTIFICIAL.get(k))
        for board, tables in enumerate(boards, 1)
        for t, (played, score, k) in enumerate(tables)
        if played
    ]
    if not results:
        return
    most = max(sum(p for p, _s, _k in tables) for tables in boards)
    top = 2 * (most - 1)
    totals: dict[tuple[str, int], F] = {}
    played: dict[tuple[str, int], int] = {}
    for board in {r.board for r in results}:
        rows = [r for r in results if r.board == board]
        real = [r.net_ns for r in rows if r.adjusted is None]
        for r in rows:
            if r.adjusted is None:
                mp = sum(2 if r.net_ns > s else 1 if r.net_ns == s else 0 for s in real) - 1
                ns = F((mp + 1) * most, len(real)) - 1  # Neuberg, law-free: (MP + 1) * N / n - 1
                ew = top - ns
            else:
                ns, ew = F(r.adjusted[0] * top, 100), F(r.adjusted[1] * top, 100)
            for key, score in ((("NS", r.ns), ns), (("EW", r.ew), ew)):
                totals[key] = totals.get(key, F(0)) + score
                played[key] = played.get(key, 0) + 1
    contest = matchpoints(results, single_ranking=False)
    assert {(r.direction, r.pair): r.total for r in contest.rows} == totals
    for r in contest.rows:
        most_played = max(b for (side, _p), b in played.items() if side == r.direction)
        score = totals[r.direction, r.pair] * most_played / r.boards  # B / b
        assert r.score == score
        assert r.percentage == (score * 100 / (most_played * top) if top else None)


@given(scores_st)
def test_cross_imps_sums_are_the_imps_against_every_other_score(scores: list[int]) -> None:
    assert cross_imps_sums(scores) == [sum(imps(s - t) for t in scores) for s in scores]


@settings(max_examples=60)
@given(st.lists(st.tuples(st.integers(1, 3), st.integers(-150, 150)), min_size=1, max_size=30))
def test_cross_imp_totals_are_the_sums_of_the_lines(played: list[tuple[int, int]]) -> None:
    # each pair's total (summed over one denominator) is the sum of its exact board scores
    rows = [R(board, i, 100 + i, 10 * score) for i, (board, score) in enumerate(played)]
    contest = cross_imps(rows, single_ranking=False)
    for row in contest.rows:
        side = "ns_score" if row.direction == "NS" else "ew_score"
        pair = "ns" if row.direction == "NS" else "ew"
        assert row.total == sum(
            getattr(line, side) for line in contest.lines if getattr(line, pair) == row.pair
        )


def test_field_most_joins_the_rankings_sharing_a_board() -> None:
    """Sections A (boards 1-2: 3 and 2 results) and B (boards 2-3: 1 and 4) share board 2, which has 3
    results in all: their boards' N is board 3's 4; C (board 9 alone, 2 results) is a field of its own."""
    held = [(1, {"A"}, 3), (2, {"A", "B"}, 3), (3, {"B"}, 4), (9, {"C"}, 2)]
    assert field_most(held) == {1: 4, 2: 4, 3: 4, 9: 2}
    # Each section on its own: each its own field, B's board 2 holding its own 1 result.
    assert field_most([(1, ("A",), 3), (2, ("A",), 2)]) == {1: 3, 2: 3}
    assert field_most([(2, ("B",), 1), (3, ("B",), 4)]) == {2: 4, 3: 4}
    # Joined through a chain (0-1 by board 1, 1-2 by board 2): one field; 3 apart.
    chain = [(1, {0, 1}, 2), (2, {1, 2}, 5), (3, {3}, 1), (4, {0}, 3)]
    assert field_most(chain) == {1: 5, 2: 5, 3: 1, 4: 5}
