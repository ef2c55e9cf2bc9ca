"""CSV: the standings (as ``standings --format csv`` writes them) and every result (one row per board played
at a table, with every field and score item; exact values as "p/q")."""

from __future__ import annotations

import csv
import io
from fractions import Fraction
from typing import Any

from duplicate.exports.rows import EventRows, StandingsRows
from duplicate.exports.xlsx import result_header, result_values
from duplicate.standings import PairStandings, TeamStandings
from duplicate.standings import standings_csv as _standings_text
from scoring.contests import fraction_str


def _text(value: Any) -> Any:
    if isinstance(value, Fraction):
        return fraction_str(value)
    return "" if value is None else value


def standings_csv(st: StandingsRows | PairStandings | TeamStandings, *, event: Any = None) -> bytes:
    """The standings as CSV (UTF-8): rank, pair, players, boards, net, rounded and exact plus/minus."""
    standings = st.standings if isinstance(st, StandingsRows) else st
    return _standings_text(standings).encode("utf-8")


def results_csv(rows: EventRows) -> bytes:
    """Every result of the event, one row each, in round, table and board order (UTF-8)."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(result_header())
    for line in rows.results:
        w.writerow([_text(v) for v in result_values(line)])
    return buf.getvalue().encode("utf-8")


__all__ = ["results_csv", "standings_csv"]
