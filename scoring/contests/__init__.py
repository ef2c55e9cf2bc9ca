"""Contests: law H plus/minus (:mod:`.plus_minus`), law G team totals (:mod:`.team_totals`), law H's
rankings (:mod:`.rankings`) and how exact figures are shown (:mod:`.display`); contract bridge's matchpoints
(:mod:`.matchpoints`), Butler and cross-IMPs (:mod:`.imp_pairs`), IMPs and VPs (:mod:`.imps`); events of
matches: leagues' schedules and VP tables (:mod:`.leagues`), Swiss draws (:mod:`.swiss`).  Pure Python,
exact."""

from scoring.contests.contract_pairs import ContestLine, ContestRow, ContractContest, ContractResult
from scoring.contests.display import (
    display_values,
    fraction_str,
    mixed_number,
    ratio_mixed_number,
    round_half_away,
)
from scoring.contests.imp_pairs import butler, cross_imps
from scoring.contests.imps import TeamImpMatch, imps, team_imps_match, team_vps, vp_table
from scoring.contests.leagues import MatchResult, Meeting, VpRow, circle_schedule, mp_share_vps, vp_standings
from scoring.contests.matchpoints import matchpoints
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
from scoring.contests.swiss import Draw, first_draw, swiss_draw
from scoring.contests.team_totals import TeamMatch, TeamPairRow, TeamRow, team_match
from scoring.errors import ContestError

__all__ = [
    "AVERAGE",
    "LOW_HIGH",
    "BoardDetail",
    "BoardResult",
    "ContestError",
    "ContestLine",
    "ContestRow",
    "ContractContest",
    "ContractResult",
    "Draw",
    "MatchResult",
    "Meeting",
    "PairContest",
    "PairId",
    "PairRow",
    "RankingGroup",
    "RankingGroups",
    "Side",
    "TeamImpMatch",
    "TeamMatch",
    "TeamPairRow",
    "TeamRow",
    "VpRow",
    "board_averages",
    "butler",
    "circle_schedule",
    "cross_imps",
    "display_values",
    "first_draw",
    "fraction_str",
    "imps",
    "matchpoints",
    "mixed_number",
    "mp_share_vps",
    "pair_contest",
    "ranking_groups",
    "ratio_mixed_number",
    "round_half_away",
    "scores_from_net",
    "scores_from_whist",
    "swiss_draw",
    "team_imps_match",
    "team_match",
    "team_vps",
    "vp_standings",
    "vp_table",
]
