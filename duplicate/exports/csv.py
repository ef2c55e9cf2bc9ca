"""CSV: the standings (as ``standings --format csv`` writes them) and every result (one row per board played
at a table, with every field and score item; exact values as "p/q").  Every cell goes through
:func:`duplicate.exports.cells.csv_value`: a name that a spreadsheet would read as a formula is written
quote-prefixed, as the xlsx writer keeps it as text."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from typing import Any

from duplicate.exports.cells import csv_value
from duplicate.exports.rows import EventRows, StandingsRows
from duplicate.exports.xlsx import result_header, result_values
from duplicate.selectors.standings import PairStandings, TeamStandings
from scoring.contests import round_half_away


class _Writer:
    """A CSV writer whose every cell is :func:`csv_value`'s (the values as they come: numbers, exact
    fractions, text; never text made from a number, so a negative score is never taken for a formula)."""

    def __init__(self, buf: io.StringIO) -> None:
        self.w = csv.writer(buf)  # RFC 4180 lines (CRLF): a text with a carriage return in it is quoted

    def writerow(self, row: Iterable[Any]) -> None:
        self.w.writerow([csv_value(v) for v in row])


def standings_csv(st: StandingsRows | PairStandings | TeamStandings, *, event: Any = None) -> bytes:
    """The standings as CSV (UTF-8): rank, pair, players, boards, net, rounded and exact plus/minus."""
    standings = st.standings if isinstance(st, StandingsRows) else st
    return standings_csv_text(standings).encode("utf-8")


def standings_csv_text(st: PairStandings | TeamStandings) -> str:
    """CSV (the ``standings --format csv`` output): exact values as "p/q" beside the rounded ones."""
    buf = io.StringIO()
    w = _Writer(buf)
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
                    row.net,
                    round_half_away(row.plus_minus),
                    row.plus_minus,
                    row.ranking,
                ]
            )
        return buf.getvalue()
    w.writerow(["team", "line", "pair", "direction", "player1", "player2", "boards", "score", "exact"])
    for team in st.teams:
        for p in team.pairs:
            w.writerow(
                [
                    team.name,
                    "pair",
                    p.pair.label,
                    p.direction,
                    *p.pair.players,
                    p.boards,
                    round_half_away(p.net),
                    p.net,
                ]
            )
        average = team.odd_pair_average
        if average is not None:
            odd = [team.name, "odd pair average", "", team.opposite_direction, "", "", ""]
            w.writerow([*odd, round_half_away(average), average])
        w.writerow([team.name, "total", "", "", "", "", "", round_half_away(team.total), team.total])
    return buf.getvalue()


def results_csv(rows: EventRows) -> bytes:
    """Every result of the event, one row each, in round, table and board order (UTF-8)."""
    buf = io.StringIO()
    w = _Writer(buf)
    w.writerow(result_header())
    for line in rows.results:
        w.writerow(result_values(line))
    return buf.getvalue().encode("utf-8")


__all__ = ["results_csv", "standings_csv", "standings_csv_text"]
