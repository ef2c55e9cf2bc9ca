"""Butler's datum by the event's choice (docs/laws.md, "Butler's datum"): one top and one bottom dropped from
five results on, or a share of each end by the field's size (ceil((n - 10) / 15) + 1 from four results on);
a mean ending in exactly 5 rounded away from zero or up.  Every figure below is worked by hand."""

from __future__ import annotations

import pytest

from scoring.contests import ContestError, ContractResult, butler
from scoring.contests.imp_pairs import DatumDrop, DatumHalves, butler_datum, datum_dropped

ONE, SHARE = DatumDrop.ONE, DatumDrop.SHARE
AWAY, UP = DatumHalves.AWAY, DatumHalves.UP


@pytest.mark.parametrize(
    ("n", "one", "share"),
    [
        (1, 0, 0),
        (2, 0, 0),
        (3, 0, 0),
        (4, 0, 1),  # share: ceil(-6 / 15) + 1 = 0 + 1
        (5, 1, 1),
        (10, 1, 1),  # ceil(0 / 15) + 1
        (11, 1, 2),  # ceil(1 / 15) + 1
        (25, 1, 2),  # ceil(15 / 15) + 1
        (26, 1, 3),  # ceil(16 / 15) + 1
        (40, 1, 3),  # ceil(30 / 15) + 1
        (41, 1, 4),
    ],
)
def test_each_end_drops_by_the_rule_and_the_field_size(n: int, one: int, share: int) -> None:
    assert datum_dropped(n, ONE) == one
    assert datum_dropped(n, SHARE) == share


def test_a_negative_mean_ending_in_5_rounds_away_from_zero_or_up() -> None:
    # two results, none dropped: (-450 - 460) / 2 = -455
    assert butler_datum([-450, -460], halves=AWAY) == -460
    assert butler_datum([-450, -460], halves=UP) == -450
    assert butler_datum([-450, -460], drop=SHARE, halves=UP) == -450
    # a positive one goes up either way: (450 + 460) / 2 = 455 -> 460
    assert butler_datum([450, 460], halves=AWAY) == 460
    assert butler_datum([450, 460], halves=UP) == 460
    # the default: one dropped at each end, halves away from zero
    assert butler_datum([-450, -460]) == -460


def test_six_results_drop_one_each_end_under_both_rules_then_round() -> None:
    # -1000 and 0 dropped: (-460 - 450 - 460 - 450) / 4 = -455
    scores = [-1000, -460, -450, -460, -450, 0]
    for drop in (ONE, SHARE):
        assert butler_datum(scores, drop=drop, halves=AWAY) == -460
        assert butler_datum(scores, drop=drop, halves=UP) == -450


@pytest.mark.parametrize("halves", [AWAY, UP])
def test_one_to_three_results_drop_nothing(halves: DatumHalves) -> None:
    for drop in (ONE, SHARE):
        assert butler_datum([420], drop=drop, halves=halves) == 420
        assert butler_datum([420, -100], drop=drop, halves=halves) == 160  # 320 / 2
        assert butler_datum([420, 400, -100], drop=drop, halves=halves) == 240  # 720 / 3


def test_four_results_the_share_drops_one_each_end() -> None:
    # one: none dropped, (620 + 430 + 400 - 100) / 4 = 337.5 -> 340; share: 620 and -100 dropped, 415
    assert butler_datum([620, 430, 400, -100], drop=ONE) == 340
    assert butler_datum([620, 430, 400, -100], drop=SHARE, halves=AWAY) == 420
    assert butler_datum([620, 430, 400, -100], drop=SHARE, halves=UP) == 420
    # negated: -337.5 -> -340 either way; the share's -415 -> -420 away from zero, -410 up
    assert butler_datum([-620, -430, -400, 100], drop=ONE, halves=UP) == -340
    assert butler_datum([-620, -430, -400, 100], drop=SHARE, halves=AWAY) == -420
    assert butler_datum([-620, -430, -400, 100], drop=SHARE, halves=UP) == -410


def test_five_results_drop_one_each_end_under_both_rules() -> None:
    # 620 and -200 dropped: (620 + 170 - 100) / 3 = 230
    for drop in (ONE, SHARE):
        assert butler_datum([620, 620, 170, -100, -200], drop=drop) == 230


def test_ten_results_drop_one_each_end_and_a_half_rounds_by_the_rule() -> None:
    # 2000 and one 100 dropped: (1500 + 7 x 100) / 8 = 275; negated -275
    scores = [2000, 1500, *[100] * 8]
    negated = [-s for s in scores]
    for drop in (ONE, SHARE):
        assert butler_datum(scores, drop=drop, halves=AWAY) == 280
        assert butler_datum(scores, drop=drop, halves=UP) == 280
        assert butler_datum(negated, drop=drop, halves=AWAY) == -280
        assert butler_datum(negated, drop=drop, halves=UP) == -270


@pytest.mark.parametrize(
    ("scores", "one", "share"),
    [
        # 11: one drops 2000 and a 100: (1500 + 8 x 100) / 9 = 255.6 -> 260; the share drops 2000, 1500
        # and two 100s: 7 x 100 / 7 = 100
        ([2000, 1500, *[100] * 9], 260, 100),
        # 25: one: (1500 + 1000 + 21 x 100) / 23 = 200; the share drops two: (1000 + 20 x 100) / 21 = 142.9
        ([2000, 1500, 1000, *[100] * 22], 200, 140),
        # 26: one: (1500 + 1000 + 22 x 100) / 24 = 195.8 -> 200; the share drops three: 20 x 100 / 20 = 100
        ([2000, 1500, 1000, *[100] * 23], 200, 100),
    ],
)
def test_larger_fields_drop_a_share_of_each_end(scores: list[int], one: int, share: int) -> None:
    for halves in (AWAY, UP):
        assert butler_datum(scores, drop=ONE, halves=halves) == one
        assert butler_datum(scores, drop=SHARE, halves=halves) == share


def test_the_contest_scores_against_the_chosen_datum() -> None:
    # four results: one drops none, 337.5 -> 340; the share drops 620 and -100: 415 -> 420
    scores = [620, 430, 400, -100]
    results = [ContractResult(1, p, 10 + p, s) for p, s in enumerate(scores, 1)]
    default = butler(results, single_ranking=False)
    assert default.datums == {1: 340}
    assert default.datum_counts == {1: 4}
    # differences 280, 90, 60, -440: 7, 3, 2, -10 IMPs
    assert [line.ns_score for line in default.lines] == [7, 3, 2, -10]
    share = butler(results, single_ranking=False, datum_drop="share", datum_halves="up")
    assert share.datums == {1: 420}
    # differences 200, 10, -20, -520: 5, 0, -1, -11 IMPs
    assert [line.ns_score for line in share.lines] == [5, 0, -1, -11]
    assert [line.ew_score for line in share.lines] == [-5, 0, 1, 11]


def test_a_choice_not_offered_is_refused_naming_it() -> None:
    results = [ContractResult(1, 1, 11, 420)]
    with pytest.raises(ContestError, match="datum_drop: must be one of one, share"):
        butler(results, single_ranking=False, datum_drop="two")
    with pytest.raises(ContestError, match="datum_halves: must be one of away, up"):
        butler(results, single_ranking=False, datum_halves="down")
