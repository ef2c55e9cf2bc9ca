"""Contests: law H plus/minus (:mod:`.plus_minus`), law G team totals (:mod:`.team_totals`), law H's
rankings (:mod:`.rankings`) and how exact figures are shown (:mod:`.display`).  Pure Python, exact."""

from scoring.contests.display import display_values, fraction_str, mixed_str, ratio_str, round_half_away
from scoring.contests.plus_minus import (
    AVERAGE,
    LOW_HIGH,
    BoardDetail,
    BoardResult,
    PairContest,
    PairId,
    PairRow,
    Side,
    board_averages,
    pair_contest,
    scores_from_net,
    scores_from_whist,
)
from scoring.contests.rankings import RankingGroup, RankingGroups, ranking_groups
from scoring.contests.team_totals import TeamMatch, TeamPairRow, TeamRow, team_match
from scoring.errors import ContestError

__all__ = [
    "AVERAGE",
    "LOW_HIGH",
    "BoardDetail",
    "BoardResult",
    "ContestError",
    "PairContest",
    "PairId",
    "PairRow",
    "RankingGroup",
    "RankingGroups",
    "Side",
    "TeamMatch",
    "TeamPairRow",
    "TeamRow",
    "board_averages",
    "display_values",
    "fraction_str",
    "mixed_str",
    "pair_contest",
    "ranking_groups",
    "ratio_str",
    "round_half_away",
    "scores_from_net",
    "scores_from_whist",
    "team_match",
]
