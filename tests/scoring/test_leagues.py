"""Round-robin leagues (pure): the circle method's schedule, the VP table and its tie-breaks (docs/laws.md,
"Leagues and Swiss: the table"), and Swiss pairs' VPs by matchpoints.  Figures worked by hand; VPs by the
WBF 2013 scale for 8 boards (team_vps: a 10-IMP win 13.78, its loss 6.22; 43 IMPs and more 20)."""

from __future__ import annotations

from collections import Counter
from decimal import Decimal
from fractions import Fraction

import pytest

from scoring.contests import MatchResult, circle_schedule, mp_share_vps, team_vps, vp_standings
from scoring.errors import ContestError


def opponents(schedule, entrant: int) -> list[int | None]:
    """``entrant``'s opponents round by round (None: the bye)."""
    found = []
    for m in schedule:
        if m.home == entrant:
            found.append(m.away)
        elif m.away == entrant:
            found.append(m.home)
    return found


def test_six_team_circle_schedule() -> None:
    # Team 1 stays put; 2..6 turn one place a round.  Round 1's circle 1 2 3 4 5 6: 1-6, 2-5, 3-4; round 2's
    # 1 3 4 5 6 2: 2-1 (team 1 away in the even rounds), 3-6, 4-5; and so on.
    schedule = circle_schedule([1, 2, 3, 4, 5, 6])
    assert [(m.round, m.table, m.home, m.away) for m in schedule[:6]] == [
        (1, 1, 1, 6), (1, 2, 2, 5), (1, 3, 3, 4), (2, 1, 2, 1), (2, 2, 3, 6), (2, 3, 4, 5),
    ]  # fmt: skip
    assert opponents(schedule, 1) == [6, 2, 3, 4, 5]
    assert opponents(schedule, 2) == [5, 1, 4, 6, 3]
    assert opponents(schedule, 3) == [4, 6, 1, 5, 2]
    assert opponents(schedule, 4) == [3, 5, 2, 1, 6]
    assert opponents(schedule, 5) == [2, 4, 6, 3, 1]
    assert opponents(schedule, 6) == [1, 3, 5, 2, 4]
    homes = Counter(m.home for m in schedule)
    # Home: round 1 1, 2, 3; round 2 2, 3, 4; round 3 1, 4, 5; round 4 4, 5, 6; round 5 1, 6, 2.
    assert homes == {1: 3, 2: 3, 3: 2, 4: 3, 5: 2, 6: 2}  # 5 matches each: home 3 and away 2, or 2 and 3
    assert {m.table for m in schedule} == {1, 2, 3}


def test_five_team_circle_schedule_gives_each_a_bye_once() -> None:
    # An odd field: the bye is the fixed place, 10..50 turn.  Round 1's circle bye 10 20 30 40 50: 50 the bye,
    # 10-40, 20-30; round 2's bye 20 30 40 50 10: 10 the bye, 20-50, 30-40; round 3 (bye 30 40 50 10 20): 20
    # the bye, 30-10, 40-50; round 4: 30 the bye, 40-20, 50-10; round 5: 40 the bye, 50-30, 10-20.
    schedule = circle_schedule([10, 20, 30, 40, 50])
    byes = [m.home for m in schedule if m.away is None]
    assert byes == [50, 10, 20, 30, 40]
    assert all(m.table == 0 for m in schedule if m.away is None)
    assert opponents(schedule, 10) == [40, None, 30, 50, 20]
    pairs = Counter(frozenset((m.home, m.away)) for m in schedule if m.away is not None)
    assert len(pairs) == 10
    assert set(pairs.values()) == {1}
    # Each team plays 4: home twice and away twice.
    assert Counter(m.home for m in schedule if m.away is not None) == dict.fromkeys((10, 20, 30, 40, 50), 2)


@pytest.mark.parametrize("n", range(3, 41))
def test_every_league_size_meets_each_pair_once_home_and_away_balanced(n: int) -> None:
    schedule = circle_schedule(list(range(1, n + 1)))
    played = [m for m in schedule if m.away is not None]
    assert len({frozenset((m.home, m.away)) for m in played}) == len(played) == n * (n - 1) // 2
    home, away = Counter(m.home for m in played), Counter(m.away for m in played)
    assert all(abs(home[e] - away[e]) <= 1 for e in range(1, n + 1))
    assert max(m.round for m in schedule) == (n if n % 2 else n - 1)


def vps(net: int) -> Fraction:
    return Fraction(team_vps(net, 8))


def match(round_: int, home: int, away: int, home_imps: int, away_imps: int) -> MatchResult:
    net = home_imps - away_imps
    return MatchResult(round_, home, away, home_imps, away_imps, vps(net), vps(-net))


# Six teams; team 6 withdrew after round 1, so its opponents' later matches are byes, worth 12 VPs (the
# director's choice).  Round 1: 1-2 30-20, 3-4 20-30, 5-6 60-10 (a blitz: 20-0).  Round 2: 1-3 20-30, 2-5
# 25-25 (10-10), 4 the bye.  Round 3: 1-5 30-30, 2-4 30-20, 3 the bye.
#   1: 13.78 + 6.22 + 10 = 30; 2: 6.22 + 10 + 13.78 = 30; 3: 6.22 + 13.78 + 12 = 32; 4: 13.78 + 12 + 6.22 = 32;
#   5: 20 + 10 + 10 = 40; 6: 0.  Every net IMPs 0 but 5's (+50) and 6's (-50); IMP quotients all 1.
LEAGUE = [
    match(1, 1, 2, 30, 20), match(1, 3, 4, 20, 30), match(1, 5, 6, 60, 10),
    match(2, 1, 3, 20, 30), match(2, 2, 5, 25, 25), MatchResult(2, 4, None, None, None, Fraction(12), Fraction(0)),
    match(3, 1, 5, 30, 30), match(3, 2, 4, 30, 20), MatchResult(3, 3, None, None, None, Fraction(12), Fraction(0)),
]  # fmt: skip


def test_league_table_with_a_bye_and_head_to_head() -> None:
    # 4 and 3 level on 32: 4 beat 3 in round 1 (13.78 to 6.22), so 4 is second.  1 and 2 level on 30: 1 beat
    # 2 in round 1, so 1 is fourth.
    table = vp_standings([1, 2, 3, 4, 5, 6], LEAGUE)
    assert [(r.entrant, r.rank, r.tied, r.vps) for r in table] == [
        (5, 1, False, 40), (4, 2, False, 32), (3, 3, False, 32), (1, 4, False, 30), (2, 5, False, 30),
        (6, 6, False, 0),
    ]  # fmt: skip
    row = {r.entrant: r for r in table}
    assert (row[3].played, row[3].won, row[3].drawn, row[3].lost) == (3, 2, 0, 1)  # the bye a win of 12 VPs
    assert (row[3].imps_for, row[3].imps_against, row[3].imps) == (50, 50, 0)  # the bye: no IMPs
    assert (row[5].won, row[5].drawn, row[5].imps) == (1, 2, 50)
    assert (row[6].played, row[6].lost, row[6].imps) == (1, 1, -50)
    assert row[1].vps == Fraction(30)
    assert row[1].vps == Fraction(Decimal("13.78") + Decimal("6.22") + 10)


def test_without_head_to_head_level_teams_share_the_place() -> None:
    # Net IMPs (0) and the IMP quotient (50/50 and 80/80: 1) cannot part 3 from 4, nor 1 from 2.
    table = vp_standings([1, 2, 3, 4, 5, 6], LEAGUE, head_to_head=False)
    assert [(r.entrant, r.rank, r.tied) for r in table] == [
        (5, 1, False), (3, 2, True), (4, 2, True), (1, 4, True), (2, 4, True), (6, 6, False),
    ]  # fmt: skip


def test_head_to_head_only_when_all_the_tied_met() -> None:
    # Round 1: 1-2 30-20, 3-6 50-50.  Round 2: 2-4 40-30, 1-5 20-30, 3-7 40-40.  1, 2 and 3 are level on 20
    # (13.78 + 6.22, 6.22 + 13.78, 10 + 10), net IMPs 0 and quotient 1 each; 1 beat 2, but 3 met neither, so
    # the matches between them do not part them: they share first.  6 and 7 (10 each, never met) share fifth.
    results = [
        match(1, 1, 2, 30, 20), match(1, 3, 6, 50, 50),
        match(2, 2, 4, 40, 30), match(2, 1, 5, 20, 30), match(2, 3, 7, 40, 40),
    ]  # fmt: skip
    table = vp_standings([1, 2, 3, 4, 5, 6, 7], results)
    assert [(r.entrant, r.rank, r.tied) for r in table] == [
        (1, 1, True), (2, 1, True), (3, 1, True), (5, 4, False), (6, 5, True), (7, 5, True), (4, 7, False),
    ]  # fmt: skip
    # Without 3, 1 and 2 are the only ones on 20 and met: 1 won, so 1 is first.
    table = vp_standings([1, 2, 4, 5], [results[0], results[2], results[3]])
    assert [(r.entrant, r.rank, r.tied) for r in table][:2] == [(1, 1, False), (2, 2, False)]


def test_net_imps_then_the_quotient() -> None:
    # Two blitzes (20-0 each): 1 beat 2 by 50 (60-10), 3 beat 4 by 45 (50-5): net IMPs put 1 first.
    table = vp_standings([1, 2, 3, 4], [match(1, 1, 2, 60, 10), match(1, 3, 4, 50, 5)])
    assert [(r.entrant, r.rank, r.imps) for r in table][:2] == [(1, 1, 50), (3, 2, 45)]
    # Both by 50: 60-10 (quotient 6) and 55-5 (11): 3 first.
    table = vp_standings([1, 2, 3, 4], [match(1, 1, 2, 60, 10), match(1, 3, 4, 55, 5)])
    assert [(r.entrant, r.rank, r.tied) for r in table][:2] == [(3, 1, False), (1, 2, False)]
    # No IMPs against: the quotient is the best there is.
    table = vp_standings([1, 2, 3, 4], [match(1, 1, 2, 50, 0), match(1, 3, 4, 60, 10)])
    assert [r.entrant for r in table][:2] == [1, 3]


def test_entrants_who_have_not_played_are_listed() -> None:
    table = vp_standings([7, 8, 9], [match(1, 7, 8, 10, 0)])
    assert [(r.entrant, r.rank, r.played, r.vps) for r in table] == [
        (7, 1, 1, Fraction("13.78")), (8, 2, 1, Fraction("6.22")), (9, 3, 0, 0),
    ]  # fmt: skip


def test_mp_share_vps() -> None:
    # 14 and 6 matchpoints of 20: 14 and 6 VPs; 7.5 and 4.5 (12 in all): 12.5 and 7.5; none either way: 10-10.
    assert mp_share_vps(Fraction(14), Fraction(6)) == (14, 6)
    assert mp_share_vps(Fraction(15, 2), Fraction(9, 2)) == (Fraction(25, 2), Fraction(15, 2))
    assert mp_share_vps(Fraction(1), Fraction(2)) == (Fraction(20, 3), Fraction(40, 3))
    assert mp_share_vps(Fraction(0), Fraction(0)) == (10, 10)


@pytest.mark.parametrize(
    ("call", "field"),
    [
        (lambda: circle_schedule([1, 2]), "entrants"),
        (lambda: circle_schedule(list(range(41))), "entrants"),
        (lambda: circle_schedule([1, 2, 2]), "entrants"),
        (lambda: circle_schedule([1, 2, True]), "entrants"),
        (lambda: circle_schedule("abc"), "entrants"),
        (lambda: vp_standings([1, 2], [match(1, 1, 3, 10, 0)]), "results"),
        (lambda: vp_standings([1, 2, 3], [match(1, 1, 2, 10, 0), match(1, 2, 3, 0, 0)]), "results"),
        (lambda: vp_standings([1, 2], [MatchResult(1, 1, 2, 3, None, Fraction(10), Fraction(10))]), "imps"),
        (
            lambda: vp_standings([1, 2], [MatchResult(1, 1, 2, -3, 0, Fraction(10), Fraction(10))]),
            "home_imps",
        ),
        (lambda: vp_standings([1, 2], [MatchResult(1, 1, None, 3, 0, Fraction(10), Fraction(0))]), "imps"),
        (lambda: vp_standings([1, 2], [MatchResult(1, 1, 2, 3, 0, 10.5, Fraction(10))]), "home_vps"),
        (lambda: vp_standings([1, 2], [MatchResult(1, 1, 2, 3, 0, Fraction(21), Fraction(0))]), "home_vps"),
        (lambda: vp_standings([1, 2], [MatchResult(0, 1, 2, 3, 0, Fraction(10), Fraction(10))]), "round"),
        (lambda: vp_standings([1, 2], [(1, 1, 2)]), "results"),
        (lambda: mp_share_vps(Fraction(-1), Fraction(2)), "home_mp"),
        (lambda: mp_share_vps(Fraction(1), 0.5), "away_mp"),
    ],
)
def test_bad_input_raises_contest_error(call, field: str) -> None:
    with pytest.raises(ContestError) as caught:
        call()
    assert caught.value.field == field
