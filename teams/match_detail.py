"""One match of an event of matches board by board, for its page (docs/leagues.md): a team match's two tables
(each board's two N-S scores, the home team's net and each side's IMPs, as the IMP match page shows them:
``duplicate.selectors.imp_match``'s lines), a Swiss pairs match's one table (each board's N-S score and each
pair's figure against the field); the match's totals as the event's table counts them
(``teams.selectors_matches.match_results``).  Four queries whatever the event's size.

No peeking: a board in ``hidden`` (still in play for this viewer) shows no scores and is noted "being played",
as on the IMP match page; the totals are ``match_results``' (a visitor's count a match only once its boards are
all released)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from duplicate.contests import contest_of
from duplicate.models import Event, Play
from duplicate.selectors.contract import contract_teams
from duplicate.selectors.imp_match import ImpBoardLine, board_lines
from duplicate.selectors.pair_rows import BEING_PLAYED, PairInfo, pair_infos
from duplicate.selectors.standings import NOT_PLAYED
from teams.layout import match_tables, round_boards
from teams.models import Match
from teams.selectors_matches import PLAY_VALUES, MatchLine, match_results, pair_board_scores


@dataclass(frozen=True, slots=True)
class PairBoardLine:
    """A Swiss pairs match's board: the N-S score at the table (or its artificial score) and each pair's
    figure against the field (Butler IMPs or matchpoints); ``note`` for a board not shown."""

    board: int
    ns_text: str
    home_figure: Fraction | None
    away_figure: Fraction | None
    note: str = ""


@dataclass(frozen=True)
class MatchDetail:
    line: MatchLine
    teams: bool
    home_pairs: tuple[PairInfo, ...]
    away_pairs: tuple[PairInfo, ...]
    team_lines: tuple[ImpBoardLine, ...] = ()
    pair_lines: tuple[PairBoardLine, ...] = ()

    @property
    def home(self) -> str:
        return self.line.home_name

    @property
    def away(self) -> str:
        return self.line.away_name


def match_detail(event: Event, match: Match, *, hidden: frozenset[int], director: bool) -> MatchDetail:
    infos = pair_infos(event, director=director)
    line = next(m for m in match_results(event, director=director, infos=infos) if m.pk == match.pk)
    teams = contest_of(event).for_teams
    home_pairs = tuple(p for p in infos.values() if p.team_id == match.home_id)
    away_pairs = tuple(p for p in infos.values() if p.team_id == match.away_id)
    numbers = list(round_boards(match.round, event.boards_per_match))
    plays = list(
        Play.objects.filter(event=event, seating__round__number=match.round)
        .order_by("board__number", "seating__table")
        .values_list(*PLAY_VALUES)
    )
    mine = [row for row in plays if row[7] in match_tables(match.table, teams=teams)]
    detail = MatchDetail(line, teams, home_pairs, away_pairs)
    if match.away_id is None:
        return detail
    if teams:
        return _team_detail(detail, mine, numbers, hidden=hidden, average_plus=event.average_plus_imps)
    return _pair_detail(detail, event, plays, mine, numbers, hidden=hidden)


def _team_detail(
    detail: MatchDetail,
    mine: Sequence[Sequence[Any]],
    numbers: list[int],
    *,
    hidden: frozenset[int],
    average_plus: int,
) -> MatchDetail:
    scored = contract_teams(
        mine,
        {detail.home: [p.pk for p in detail.home_pairs], detail.away: [p.pk for p in detail.away_pairs]},
        average_plus=average_plus,
    )
    counted = {x.board: x for x in (scored.match.lines if scored.match else ())}
    unscored = {u.board: u.why for u in scored.unscored}
    lines = board_lines(numbers, counted, hidden=hidden, in_play=hidden, unscored=unscored)
    return MatchDetail(detail.line, True, detail.home_pairs, detail.away_pairs, team_lines=tuple(lines))


def _pair_detail(
    detail: MatchDetail,
    event: Event,
    plays: Sequence[tuple[Any, ...]],
    mine: Sequence[tuple[Any, ...]],
    numbers: list[int],
    *,
    hidden: frozenset[int],
) -> MatchDetail:
    shown = [row for row in plays if row[0] not in hidden]
    scores = pair_board_scores(shown, method=event.match_scoring, event=event)
    home = detail.home_pairs[0].pk if detail.home_pairs else 0
    away = detail.away_pairs[0].pk if detail.away_pairs else 0
    by_board = {row[0]: row for row in mine}
    lines = []
    for number in numbers:
        row = by_board.get(number)
        if number in hidden:
            lines.append(PairBoardLine(number, "", None, None, BEING_PLAYED))
        elif row is None or not row[3]:
            lines.append(PairBoardLine(number, "", None, None, NOT_PLAYED))
        else:
            text = row[4] if str(row[4] or "").startswith("A") else str(row[6])
            lines.append(PairBoardLine(number, text, scores.get((home, number)), scores.get((away, number))))
    return MatchDetail(detail.line, False, detail.home_pairs, detail.away_pairs, pair_lines=tuple(lines))
