"""Law 12C2 (law 86A of the 2007 code) in a team match by IMPs (pure): a table's artificial adjusted score
scores each team its IMPs on the board, +3 for average plus, -3 for average minus, 0 for average (unless the
organiser sets another figure); a board that cannot be scored as entered is set aside and the rest of the
match is scored.

Figures worked by hand: law 77 scores, the WBF IMP scale; VPs by the WBF 2013 continuous scale,
VP = 10 + 10 (1 - tau^(3M/X)) / (1 - tau^3), tau = (sqrt 5 - 1) / 2, X = 15 sqrt(boards), two decimals."""

from __future__ import annotations

from decimal import Decimal

import pytest

from scoring.contests import butler, team_imps_match
from scoring.contests.imps import Artificial, artificial_imps
from scoring.errors import ContestError

# Board 1: home N-S +420, away N-S -50: home nets 470, 10 IMPs.  Board 2: -100 at both tables, 0.  Board 3:
# -200 and +620: away nets 820, 13 IMPs.  Home 10, away 13 (tests/scoring/test_contract_contests.py).
PLAYED = [(1, 420, -50), (2, -100, -100), (3, -200, 620)]
A60_40, A40_60, A50_50, A60_60, A40_40 = (
    Artificial(*p) for p in ((60, 40), (40, 60), (50, 50), (60, 60), (40, 40))
)


def line_of(match, board: int) -> tuple:
    line = next(x for x in match.lines if x.board == board)
    return line.net, line.home_imps, line.away_imps, line.home_result, line.away_result


def test_average_plus_at_one_table_is_3_imps_and_the_other_result_is_not_compared() -> None:
    # Board 4: at the table where the home team sat N-S the director gave A60/40 (home's N-S pair average
    # plus, away's E-W pair average minus): home +3, away -3, a swing of 3 to home whatever the other table
    # scored.  Home 10 + 3 = 13, away 13: a draw over 4 boards, 10.00 VPs each.
    for other in (500, -2000, 0):
        match = team_imps_match([*PLAYED, (4, A60_40, other)], home="Home", away="Away")
        assert line_of(match, 4) == (None, 3, 0, 3, -3)
        assert (match.home_imps, match.away_imps, match.winner) == (13, 13, None)
        assert (match.home_vp, match.away_vp) == (Decimal("10.00"), Decimal("10.00"))


def test_the_away_teams_table_reads_the_same_way_round() -> None:
    # A40/60 where the away team sat N-S: away's N-S pair average minus (-3), home's E-W pair average plus
    # (+3): the same board as above.  A50/50: average to both, 0.
    match = team_imps_match([*PLAYED, (4, 620, A40_60), (5, A50_50, 100)], home="Home", away="Away")
    assert line_of(match, 4) == (None, 3, 0, 3, -3)
    assert line_of(match, 5) == (None, 0, 0, 0, 0)
    # 5 boards, home 13, away 13: drawn.
    assert (match.home_imps, match.away_imps, match.boards) == (13, 13, 5)
    assert (match.home_vp, match.away_vp) == (Decimal("10.00"), Decimal("10.00"))


def test_both_tables_artificial_score_each_team_once() -> None:
    # Home's pairs got average plus at both tables (A60/40 where it sat N-S, A40/60 where it sat E-W): +3 once.
    match = team_imps_match([(1, A60_40, A40_60)], home="Home", away="Away")
    assert line_of(match, 1) == (None, 3, 0, 3, -3)
    assert match.unscored == ()


def test_a_board_whose_two_tables_give_a_team_two_scores_is_set_aside_and_the_rest_scored() -> None:
    # A60/40 at both tables: home's N-S pair average plus, its E-W pair average minus.  Law 12C2 scores a team
    # once on a board: the board cannot be scored as entered; boards 1-3 still are, 10 to 13 over 4 boards
    # (the VP scale's boards are the match's): margin 3, X = 30: 11.76 to Away, 8.24 to Home.
    match = team_imps_match([*PLAYED, (4, A60_40, A60_40)], home="Home", away="Away")
    assert [line.board for line in match.lines] == [1, 2, 3]
    assert [u.board for u in match.unscored] == [4]
    why = match.unscored[0].why
    assert "give Home average plus and average minus" in why
    assert "law 12C2 scores a team once on a board" in why
    assert (match.home_imps, match.away_imps, match.boards) == (10, 13, 4)
    assert (match.home_vp, match.away_vp) == (Decimal("8.24"), Decimal("11.76"))


def test_scores_that_do_not_balance_are_each_teams_own() -> None:
    # Board 2: A60/60 (neither side at fault, law 12C2: the two need not balance): each team +3.  Columns:
    # home 10 + 3 = 13, away 0 + 3 = 3, home ahead by 10.  Each team's VPs from its own IMPs over 2 boards
    # (X = 15 sqrt 2 = 21.21): home +13: 1 - tau^(39 / 21.21) = 0.58715, / 0.76393 = 0.76859: 17.69; away -7
    # (-10 + 3): 1 - tau^(21 / 21.21) = 0.37895, / 0.76393 = 0.49605: 14.96 to the winner, so 5.04.
    match = team_imps_match([(1, 420, -50), (2, A60_60, 300)], home="Home", away="Away")
    assert line_of(match, 2) == (None, 3, 3, 3, 3)
    assert (match.home_imps, match.away_imps, match.winner) == (13, 3, "Home")
    assert (match.home_vp, match.away_vp) == (Decimal("17.69"), Decimal("5.04"))
    # A40/40: each team -3, shown as such.
    both_minus = team_imps_match([(1, A40_40, 300)], home="Home", away="Away")
    assert line_of(both_minus, 1) == (None, -3, -3, -3, -3)
    # One board, X = 15: -3 each: 1 - tau^(9/15) = 0.25078, / 0.76393 = 0.32828: 13.28 to a winner, 6.72.
    assert (both_minus.home_vp, both_minus.away_vp) == (Decimal("6.72"), Decimal("6.72"))


def test_the_organiser_sets_another_figure() -> None:
    # Average plus 5 IMPs: board 4 is 5 to home; home 15, away 13, 4 boards, margin 2: 11.20 to 8.80.
    match = team_imps_match([*PLAYED, (4, A60_40, 0)], home="Home", away="Away", average_plus=5)
    assert line_of(match, 4) == (None, 5, 0, 5, -5)
    assert (match.home_vp, match.away_vp) == (Decimal("11.20"), Decimal("8.80"))
    assert (artificial_imps(60, 2), artificial_imps(50, 2), artificial_imps(40, 2)) == (2, 0, -2)
    # Butler reads the same setting: A60/40 is +2 / -2.
    contest = butler([(1, 1, 11, None, (60, 40))], single_ranking=False, average_plus=2)
    assert [(line.ns_score, line.ew_score) for line in contest.lines] == [(2, -2)]


@pytest.mark.parametrize("value", [0, 25, -3, True, 3.0, "3", None])
def test_the_figure_is_a_whole_number_of_imps_from_1_to_24(value: object) -> None:
    with pytest.raises(ContestError, match="average_plus_imps: must be a whole number from 1 to 24"):
        team_imps_match(PLAYED, home="Home", away="Away", average_plus=value)  # type: ignore[arg-type]


@pytest.mark.parametrize("score", [(70, 30), (60, True), (60,), (60, 40, 0), (55, 45)])
def test_an_artificial_score_is_two_of_60_50_40(score: tuple) -> None:
    with pytest.raises(ContestError):
        team_imps_match([(1, score, 100)], home="Home", away="Away")
