"""A championship's overall standings as files (plain rows in: ``selectors.championships.OverallStandings``):
CSV, xlsx and JSON.  One row a pair: its place, its players, each session's pair number and figure, and its
overall figure, each exact figure as a decimal with the exact value beside it (CSV) or as a number cell (xlsx);
a pair who did not qualify (the carried fraction's final) has no place and no overall figure."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from duplicate.exports.cells import csv_value, csv_writer, decimal_number
from duplicate.exports.csv import BOM, exact
from duplicate.exports.xlsx import Book, number, write_sheet
from duplicate.selectors.championships import OverallStandings


def _columns(st: OverallStandings) -> list[tuple[str, bool]]:
    """Each column's heading in the reader's language, and whether it holds a figure (an exact value)."""
    heading = _(st.session_heading or "Total")
    sessions = [
        column
        for s in st.sessions
        for column in (
            (_("Session %(n)d pair") % {"n": s.number}, False),
            (_("Session %(n)d %(heading)s") % {"n": s.number, "heading": heading}, True),
            (_("Session %(n)d %%") % {"n": s.number}, True),
        )
    ]
    overall = (
        _("Overall %(heading)s") % {"heading": _(st.overall_heading)} if st.overall_heading else _("Overall")
    )
    plain = [(_("Rank"), False), (_("Player 1"), False), (_("Player 2"), False)]
    return [*plain, *sessions, (overall, True), (_("Qualified"), False)]


def _header(st: OverallStandings) -> list[str]:
    return [name for name, _figure in _columns(st)]


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
    for name, exact_too in _columns(st):
        header += [name, _("%(column)s exact") % {"column": name}] if exact_too else [name]
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
    write_sheet(book, book.sheet(pgettext("sheet", "Overall")), _header(st), _xlsx_rows(st))
    return book.save(_("%(name)s: overall standings") % {"name": st.name})


def overall_json(st: OverallStandings) -> bytes:
    """The overall standings as JSON (``standings`` style): each pair with its players, its figures in each
    session, its overall figure (exact, "p/q") and its rank."""
    return (json.dumps(st.to_json(), ensure_ascii=False, indent=2) + "\n").encode("utf-8")
