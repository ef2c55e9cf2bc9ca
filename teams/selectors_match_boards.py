"""A match of a league or a Swiss board by board, for its page (as a team match by IMPs has its page): each
board of its round with the two sides' results and figures, and the match's result (``MatchLine``).

A team match: each board's two N-S scores (the home team's N-S table, the away team's; a table's law 12C2
artificial score as "A60/40"), the IMPs of the swing to each team (``contract_teams``: ``team_imps_match``).
A Swiss pairs match: the table's N-S score (the home pair sat N-S) and each pair's Butler IMPs or matchpoints
on the board, scored across the round's field.  No peeking: for a visitor a board still in play anywhere shows
no result ("being played"), as on every page.  Three queries whatever the event's size (the pairs, the
matches, the plays).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from duplicate.contests import contest_of
from duplicate.models import Event
from duplicate.selectors.contract import adjusted_of, contract_teams
from duplicate.selectors.pair_rows import BEING_PLAYED
from duplicate.selectors.pair_rows import pair_infos as _pair_infos
from duplicate.selectors.standings import NOT_PLAYED
from teams.layout import by_matchpoints, round_boards
from teams.selectors_matches import EventField, MatchLine, event_field, match_line


@dataclass(frozen=True, slots=True)
class MatchBoard:
    """A board of the match: the home and away sides' results as the page shows them (a team match: each
    team's N-S table's score or artificial score; a pairs match: the N-S score at the table and its
    negative), each side's figure on it (IMPs, or matchpoints for a Swiss pairs by matchpoints), and why it
    has none ("being played", "not played yet", or why it cannot be scored)."""

    board: int
    home_text: str
    away_text: str
    home_figure: Fraction | None
    away_figure: Fraction | None
    note: str = ""


@dataclass(frozen=True, slots=True)
class MatchDetail:
    """The match (``line``: its result, ``MatchLine``), its boards, and the unit of their figures."""

    line: MatchLine
    unit: str
    boards: tuple[MatchBoard, ...]


def _text(score: Any) -> str:
    """A table's N-S score as travellers write it ("420", "-50"), or its artificial score ("A60/40")."""
    return str(score)


def _team_boards(
    m: Sequence[Any], rows: list[tuple[Any, ...]], field: EventField, event: Event
) -> dict[int, MatchBoard]:
    home, away = m[3], m[4]
    names = {home: f"home:{home}", away: f"away:{away}"}
    scored = contract_teams(
        rows,
        {names[home]: field.team_pairs.get(home, []), names[away]: field.team_pairs.get(away, [])},
        average_plus=event.average_plus_imps,
    )
    out = {
        line.board: MatchBoard(
            line.board,
            _text(line.home_ns),
            _text(line.away_ns),
            Fraction(line.home_imps),
            Fraction(line.away_imps),
        )
        for line in (scored.match.lines if scored.match else ())
    }
    for unscored in scored.unscored:
        out[unscored.board] = MatchBoard(
            unscored.board, "", "", None, None, f"cannot be scored: {unscored.why}"
        )
    return out


def _pair_boards(m: Sequence[Any], rows: list[tuple[Any, ...]], field: EventField) -> dict[int, MatchBoard]:
    out = {}
    for board, ns, ew, entered, ruling, _off, net_ns, *_rest in rows:
        if not entered or (ns, board) not in field.scores:
            continue
        adjusted = adjusted_of(ruling or "")
        home_text = f"A{adjusted[0]}/{adjusted[1]}" if adjusted else _text(int(net_ns))
        away_text = f"A{adjusted[1]}/{adjusted[0]}" if adjusted else _text(-int(net_ns))
        out[board] = MatchBoard(board, home_text, away_text, field.scores[ns, board], field.scores[ew, board])
    return out


def match_detail(event: Event, match_pk: int, *, director: bool = False) -> MatchDetail | None:
    """Match ``match_pk`` of the event board by board (module docstring); None when the event has no such
    match.  Three queries."""
    infos = _pair_infos(event, director=director)
    field = event_field(event, director=director, infos=infos)
    m = next((x for x in field.matches if x[0] == match_pk), None)
    if m is None:
        return None
    line = match_line(m, event, field)
    teams = contest_of(event).for_teams
    unit = "MPs" if not teams and by_matchpoints(event.match_scoring) else "IMPs"
    if m[4] is None or m[5]:  # a bye, or a result entered as a whole: no boards to show
        return MatchDetail(line, unit, ())
    rows = field.by_table.get((m[1], m[2]), [])
    shown = rows if field.released else [r for r in rows if r[0] not in field.in_play]
    scored = _team_boards(m, shown, field, event) if teams else _pair_boards(m, shown, field)
    boards = []
    for number in round_boards(m[1], event.boards_per_match):
        if number in scored:
            boards.append(scored[number])
        else:
            note = BEING_PLAYED if number in field.in_play and not field.released else NOT_PLAYED
            boards.append(MatchBoard(number, "", "", None, None, note))
    return MatchDetail(line, unit, tuple(boards))
