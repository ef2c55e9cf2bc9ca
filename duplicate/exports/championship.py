"""A championship's overall standings as files (plain rows in: ``selectors.championships.OverallStandings``):
CSV, xlsx and JSON.  One row a pair: its place, its players, each session's pair number and figure, and its
overall figure, each exact figure as a decimal with the exact value beside it (CSV) or as a number cell (xlsx);
a pair who did not qualify (the carried fraction's final) has no place and no overall figure."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from typing import Any

from duplicate.exports.cells import csv_value, csv_writer, decimal_number
from duplicate.exports.csv import BOM, exact
from duplicate.exports.xlsx import Book, number, write_sheet
from duplicate.selectors.championships import OverallStandings


def _header(st: OverallStandings) -> list[str]:
    heading = st.session_heading or "Total"
    sessions = [
        name
        for s in st.sessions
        for name in (f"Session {s.number} pair", f"Session {s.number} {heading}", f"Session {s.number} %")
    ]
    return ["Rank", "Player 1", "Player 2", *sessions, f"Overall {st.overall_heading}".strip(), "Qualified"]


def _csv_rows(st: OverallStandings) -> Iterator[list[Any]]:
    for line in st.lines:
        cells: list[Any] = []
        for cell in line.sessions:
            if cell is None:
                cells += ["", "", "", "", ""]
            else:
                pct = cell.percentage
                cells += [
                    cell.pair,
                    decimal_number(cell.total),
                    exact(cell.total),
                    decimal_number(pct),
                    exact(pct),
                ]
        overall = [decimal_number(line.overall), exact(line.overall)] if line.qualified else ["", ""]
        yield [line.rank or "", *line.players, *cells, *overall, "yes" if line.qualified else "no"]


def overall_csv(st: OverallStandings) -> bytes:
    """The overall standings as CSV (UTF-8 with a byte-order mark, CRLF): each figure as a decimal and, in
    the column after it, exact."""
    header: list[str] = []
    for name in _header(st):
        exact_too = name.startswith("Overall") or (name.startswith("Session") and not name.endswith("pair"))
        header += [name, f"{name} exact"] if exact_too else [name]
    buf = io.StringIO()
    w = csv_writer(buf)
    w.writerow([csv_value(v) for v in header])
    for row in _csv_rows(st):
        w.writerow([csv_value(v) for v in row])
    return (BOM + buf.getvalue()).encode("utf-8")


def _xlsx_rows(st: OverallStandings) -> Iterator[list[Any]]:
    for line in st.lines:
        cells: list[Any] = []
        for cell in line.sessions:
            if cell is None:
                cells += [None, None, None]
            else:
                cells += [
                    str(cell.pair),
                    number(cell.total, shown=cell.total_display),
                    number(cell.percentage, shown=cell.percentage_display or None),
                ]
        overall = number(line.overall, shown=line.overall_display) if line.qualified else None
        yield [line.rank, *line.players, *cells, overall, "yes" if line.qualified else "no"]


def overall_xlsx(st: OverallStandings) -> bytes:
    """The overall standings on one sheet."""
    book = Book()
    write_sheet(book, book.sheet("Overall"), _header(st), _xlsx_rows(st))
    return book.save(f"{st.name}: overall standings")


def overall_json(st: OverallStandings) -> bytes:
    """The overall standings as JSON (``standings`` style): each pair with its players, its figures in each
    session, its overall figure (exact, "p/q") and its rank."""
    return (json.dumps(st.to_json(), ensure_ascii=False, indent=2) + "\n").encode("utf-8")
