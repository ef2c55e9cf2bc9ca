"""CSV: the standings (as ``standings --format csv`` writes them) and every result (one row per board played
at a table, with every field and score item; exact values as "p/q")."""

from __future__ import annotations

import csv
import io
from fractions import Fraction
from typing import Any

from duplicate.exports.rows import EventRows, StandingsRows
from duplicate.exports.xlsx import result_header, result_values
from duplicate.selectors.standings import PairStandings, TeamStandings
from scoring.contests import fraction_str, round_half_away


def _text(value: Any) -> Any:
    if isinstance(value, Fraction):
        return fraction_str(value)
    return "" if value is None else value


def standings_csv(st: StandingsRows | PairStandings | TeamStandings, *, event: Any = None) -> bytes:
    """The standings as CSV (UTF-8): rank, pair, players, boards, net, rounded and exact plus/minus."""
    standings = st.standings if isinstance(st, StandingsRows) else st
    return standings_csv_text(standings).encode("utf-8")


def standings_csv_text(st: PairStandings | TeamStandings) -> str:
    """CSV (the ``standings --format csv`` output): exact values as "p/q" beside the rounded ones."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    if isinstance(st, PairStandings):
        w.writerow(
            [
                "rank",
                "pair",
                "direction",
                "player1",
                "player2",
                "boards",
                "net",
                "plus_minus",
                "exact",
                "ranking",
            ]
        )
        for row in st.rows:
            w.writerow(
                [
                    row.rank,
                    row.pair.label,
                    row.direction or "",
                    *row.pair.players,
                    row.boards,
                    fraction_str(row.net),
                    round_half_away(row.plus_minus),
                    fraction_str(row.plus_minus),
                    row.ranking,
                ]
            )
        return buf.getvalue()
    w.writerow(["team", "line", "pair", "direction", "player1", "player2", "boards", "score", "exact"])
    for team in st.teams:
        for p in team.pairs:
            exact = fraction_str(p.net)
            w.writerow(
                [
                    team.name,
                    "pair",
                    p.pair.label,
                    p.direction,
                    *p.pair.players,
                    p.boards,
                    round_half_away(p.net),
                    exact,
                ]
            )
        average = team.odd_pair_average
        if average is not None:
            odd = [team.name, "odd pair average", "", team.opposite_direction, "", "", ""]
            w.writerow([*odd, round_half_away(average), fraction_str(average)])
        w.writerow(
            [team.name, "total", "", "", "", "", "", round_half_away(team.total), fraction_str(team.total)]
        )
    return buf.getvalue()


def results_csv(rows: EventRows) -> bytes:
    """Every result of the event, one row each, in round, table and board order (UTF-8)."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(result_header())
    for line in rows.results:
        w.writerow([_text(v) for v in result_values(line)])
    return buf.getvalue().encode("utf-8")


__all__ = ["results_csv", "standings_csv", "standings_csv_text"]
