"""CSV, spreadsheet-ready: the standings (as ``standings --format csv`` writes them) and every result (one
row per board played at a table, with every field and score item).

A download is UTF-8 with a byte-order mark (so a spreadsheet opens accented names right) and CRLF line ends
(RFC 4180).  A figure that can be a fraction is a decimal number (two places: a spreadsheet sums it) with the
exact value beside it in its own column ("'508/3", quote-prefixed so that no spreadsheet reads a date; whole
numbers as they are: cells.py says why).  Every cell goes through
:func:`duplicate.exports.cells.csv_value`: a name that a spreadsheet would read as a formula is written
quote-prefixed, as the xlsx writer keeps it as text."""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator, Sequence
from fractions import Fraction
from typing import Any

from duplicate.contests import Contest
from duplicate.exports.cells import csv_value, csv_writer, decimal_number
from duplicate.exports.xlsx import column_title, counted_values, leads_shown, result_header, result_values
from duplicate.selectors.event_rows import EventRows, StandingsRows
from duplicate.selectors.standings import PairStandings, StandingRow, TeamStandings
from scoring.awards import decimal_points

BOM = "\ufeff"
# The results' columns that hold an exact value (a ruling's average score, an average, a plus/minus): each
# written as a decimal, with "<column> exact" beside it.
EXACT_RESULT_COLUMNS = frozenset(
    ("N-S score", "E-W score", "N-S average", "E-W average", "N-S plus/minus", "E-W plus/minus")
)
# The last two columns of every standings CSV, on every row and whoever reads it (a director's count every
# board): how many of the event's boards the totals count, and the event's boards.  While boards are in
# play a visitor's totals leave them out (docs/laws.md, "Totals while boards are in play"): 18 and 27.
COUNTED_COLUMNS = ["event_boards_counted", "event_boards"]


class _Writer:
    """A CSV writer whose every cell is :func:`csv_value`'s (the values as they come: numbers, exact
    fractions, text; never text made from a number, so a negative score is never taken for a formula)."""

    def __init__(self, buf: io.StringIO) -> None:
        self.w = csv_writer(buf)  # RFC 4180 lines (CRLF), every cell quoted

    def writerow(self, row: Iterable[Any]) -> None:
        self.w.writerow([csv_value(v) for v in row])


def exact(value: Fraction | int | None) -> Fraction | None:
    """The exact column's value (written "'p/q" by :func:`csv_value`)."""
    return None if value is None else Fraction(value)


def with_exact(header: Sequence[str], exact_columns: frozenset[str]) -> tuple[list[str], list[bool]]:
    """The header with "<column> exact" after each of ``exact_columns``; and, per original column, whether
    it is one of them."""
    flags = [name in exact_columns for name in header]
    out: list[str] = []
    for name, flag in zip(header, flags, strict=True):
        out += [name, f"{name} exact"] if flag else [name]
    return out, flags


def exact_row(values: Sequence[Any], flags: Sequence[bool]) -> list[Any]:
    out: list[Any] = []
    for value, flag in zip(values, flags, strict=True):
        out += [decimal_number(value), exact(value)] if flag else [value]
    return out


def standings_csv(st: StandingsRows | PairStandings | TeamStandings) -> bytes:
    """The standings as a CSV download: a byte-order mark, then :func:`standings_csv_text` (UTF-8)."""
    standings = st.standings if isinstance(st, StandingsRows) else st
    return (BOM + standings_csv_text(standings)).encode("utf-8")


def standings_csv_text(st: PairStandings | TeamStandings) -> str:
    """CSV (the ``standings --format csv`` output): the plus/minus or score as a decimal, the exact value
    beside it ("exact"); a contract pair contest's own figures (:func:`contract_standings_rows`).  Every row
    ends with :data:`COUNTED_COLUMNS`, whoever reads it: how many of the event's boards the totals count
    (a visitor's leave out the boards still in play, ``selectors.released_only``) and the event's boards."""
    buf = io.StringIO()
    w = _Writer(buf)
    counted = counted_values(st.progress)
    rows = iter(_standings_rows(st))
    w.writerow([*next(rows), *COUNTED_COLUMNS])
    for row in rows:
        w.writerow([*row, *counted])
    return buf.getvalue()


#: A pair's standings row begins so, whatever its contest (the figures follow).
PAIR_COLUMNS = ("rank", "pair", "direction", "player1", "player2", "boards")


def _standings_rows(st: PairStandings | TeamStandings) -> Iterator[list[Any]]:
    """The header, then the rows."""
    if isinstance(st, PairStandings):
        if st.described.unit:
            yield from contract_standings_rows(st, st.described)
            return
        yield [*PAIR_COLUMNS, "net", "plus_minus", "exact", "ranking", *member_columns(st)]
        with_points = awarded(st)
        for row in st.rows:
            yield [
                row.rank,
                row.pair.label,
                row.direction or "",
                *row.pair.players,
                row.boards,
                row.net,
                decimal_number(row.plus_minus),
                exact(row.plus_minus),
                row.ranking,
                *member_values(row, points=with_points),
            ]
        return
    yield ["team", "line", "pair", "direction", "player1", "player2", "boards", "score", "exact"]
    for team in st.teams:
        for p in team.pairs:
            line = [team.name, "pair", p.pair.label, p.direction, *p.pair.players, p.boards]
            yield [*line, decimal_number(p.net), exact(p.net)]
        average = team.odd_pair_average
        if average is not None:
            odd = [team.name, "odd pair average", "", team.opposite_direction, "", "", ""]
            yield [*odd, decimal_number(average), exact(average)]
        yield [team.name, "total", "", "", "", "", "", decimal_number(team.total), exact(team.total)]


def contract_standings_rows(st: PairStandings, contest: Contest) -> Iterable[list[Any]]:
    """A contract pair contest's standings: the score it ranks by (``mps``: matchpoints after Neuberg and
    factoring; ``imps``), and for matchpoints the ``percentage``, each as a decimal to two places with its
    exact value beside it (``..._exact``), as the JSON command's ``score`` and ``percentage``."""
    unit = contest.unit.lower()
    figures = [unit, f"{unit}_exact"]
    if contest.headings.percentage:
        figures += ["percentage", "percentage_exact"]
    yield [*PAIR_COLUMNS, *figures, "ranking", *member_columns(st)]
    with_points = awarded(st)
    for row in st.rows:
        values = [decimal_number(row.net), exact(row.net)]
        if contest.headings.percentage:
            values += [decimal_number(row.percentage), exact(row.percentage)]
        yield [
            row.rank,
            row.pair.label,
            row.direction or "",
            *row.pair.players,
            row.boards,
            *values,
            row.ranking,
            *member_values(row, points=with_points),
        ]


def awarded(st: PairStandings) -> bool:
    """Whether the standings carry masterpoints (the event has an award table)."""
    return any(ranking.awarded for ranking in st.rankings)


def member_columns(st: PairStandings) -> list[str]:
    """The columns after a pair's figures: its players' membership numbers, and its masterpoints when the
    event has an award table."""
    return ["number1", "number2", *(["masterpoints", "masterpoints_exact"] if awarded(st) else [])]


def member_values(row: StandingRow, *, points: bool) -> list[Any]:
    """A row's values in :func:`member_columns` (``points``: the standings carry masterpoints)."""
    if not points:
        return list(row.pair.numbers)
    mp = row.masterpoints
    return [*row.pair.numbers, *([decimal_points(mp), exact(mp)] if mp is not None else ["", ""])]


def results_csv(rows: EventRows) -> bytes:
    """Every result of the event, one row each, in round, table and board order (a byte-order mark, UTF-8),
    under headings in the reader's language (the standings CSV's, which programs read, stay as they are)."""
    buf = io.StringIO()
    w = _Writer(buf)
    unit = rows.info.unit  # a contract pair event's "MPs" or "IMPs" in law H's plus/minus places
    columns = EXACT_RESULT_COLUMNS | {f"{side} {unit}" for side in ("N-S", "E-W") if unit}
    leads = leads_shown(rows)  # the opening lead, last ("HQ"), while the event enters leads or one is in
    header, flags = with_exact(result_header(unit) + (["Lead"] if leads else []), columns)
    w.writerow([column_title(name) for name in header])  # in the reader's language
    for line in rows.results:
        w.writerow(exact_row(result_values(line, unit) + ([line.lead] if leads else []), flags))
    return (BOM + buf.getvalue()).encode("utf-8")


__all__ = [
    "BOM",
    "COUNTED_COLUMNS",
    "EXACT_RESULT_COLUMNS",
    "contract_standings_rows",
    "results_csv",
    "standings_csv",
    "standings_csv_text",
]
