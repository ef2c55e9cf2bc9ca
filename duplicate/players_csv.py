"""The roster as a CSV file: the header ``name,number,body,club_number,email`` and a player a row.

Read: UTF-8 text with or without a byte-order mark, its cells separated by ``,``, ``;`` or a tab (whichever the
header line uses); the header's five columns in any order, any case. Written: the same header and columns, UTF-8
with a byte-order mark (a spreadsheet then opens accented names right), CRLF line ends (RFC 4180), every cell quoted, and a text a
spreadsheet would take for a formula quote-prefixed (duplicate.exports.cells), the prefix dropped again when
read back. Only the file's shape is checked here (no database): what a cell may hold is the services'.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from duplicate.exports.cells import csv_value, csv_writer, needs_quote
from duplicate.l10n import grouped
from duplicate.uploads import MB

COLUMNS = ("name", "number", "body", "club_number", "email")
HEADER = ",".join(COLUMNS)
DELIMITERS = (",", ";", "\t")
BOM = "\ufeff"
#: The largest roster file read (a row takes well under 200 bytes).
MAX_PLAYERS_FILE = 5 * MB
#: The most players a file may hold, counted as its rows are read.
MAX_PLAYER_ROWS = 20_000


class RosterFileError(ValueError):
    """A file not in the roster's shape: "row N, field: problem" (the services raise it as a ServiceError)."""


@dataclass(frozen=True, slots=True)
class PlayerRow:
    """A row of the file as written (cells trimmed), ``row`` its number counting the header as row 1."""

    row: int
    name: str
    number: str
    body: str
    club_number: str
    email: str


def delimiter_of(header_line: str) -> str:
    """The separator the header line uses: the most frequent of ``,`` ``;`` and tab (a comma when none)."""
    counts = {d: header_line.count(d) for d in DELIMITERS}
    best = max(DELIMITERS, key=lambda d: counts[d])
    return best if counts[best] else ","


def _cell(text: str) -> str:
    """A cell as meant: trimmed, a quote prefix put before a formula-like text dropped ("'=x" -> "=x")."""
    value = text.strip()
    if value.startswith("'") and needs_quote(value[1:]):
        return value[1:]
    return value


def _columns(header: list[str]) -> list[int]:
    """Where each of ``COLUMNS`` sits in the header row, or a RosterFileError naming the column at fault."""
    names = [cell.strip().removeprefix(BOM).casefold() for cell in header]
    for name in names:
        if name not in COLUMNS:
            shown = name or _("(blank)")
            raise RosterFileError(
                _("row 1, header: unknown column %(column)s (the columns are %(header)s)")
                % {"column": repr(shown), "header": HEADER}
            )
        if names.count(name) > 1:
            raise RosterFileError(
                _("row 1, header: column %(column)s is given twice") % {"column": repr(name)}
            )
    for name in COLUMNS:
        if name not in names:
            raise RosterFileError(
                _("row 1, header: column %(column)s is missing (the columns are %(header)s)")
                % {"column": repr(name), "header": HEADER}
            )
    return [names.index(name) for name in COLUMNS]


def players_read(text: str) -> list[PlayerRow]:
    """The file's rows (blank lines skipped, though counted), or a RosterFileError: ``row N, field: problem``."""
    text = text.removeprefix(BOM)
    header_line = text.partition("\n")[0]
    if not header_line.strip():
        raise RosterFileError(
            _("row 1, header: the file is empty or its first line is blank (write %(header)s)")
            % {"header": HEADER}
        )
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter_of(header_line), strict=True)
    rows: list[PlayerRow] = []
    where: list[int] = []
    row_number = 0
    try:
        for row_number, cells in enumerate(reader, start=1):
            if row_number == 1:
                where = _columns(cells)
                continue
            if not any(cell.strip() for cell in cells):
                continue
            if len(cells) != len(COLUMNS):
                raise RosterFileError(
                    ngettext(
                        "row %(row)d, cells: %(count)d cell where the header has %(columns)d",
                        "row %(row)d, cells: %(count)d cells where the header has %(columns)d",
                        len(cells),
                    )
                    % {"row": row_number, "count": len(cells), "columns": len(COLUMNS)}
                )
            if len(rows) == MAX_PLAYER_ROWS:
                raise RosterFileError(
                    _("row %(row)d: a file holds at most %(limit)s players")
                    % {"row": row_number, "limit": grouped(MAX_PLAYER_ROWS)}
                )
            values = [_cell(cells[i]) for i in where]
            rows.append(PlayerRow(row_number, *values))
    except csv.Error as exc:
        raise RosterFileError(
            _("row %(row)d, cells: %(problem)s") % {"row": row_number + 1, "problem": exc}
        ) from None
    return rows


def players_write(rows: Iterable[tuple[str, str, str, str, str]]) -> str:
    """The CSV text of ``rows`` (name, number, body, club number, email), header first."""
    buf = io.StringIO()
    buf.write(BOM)
    writer = csv_writer(buf)
    writer.writerow(COLUMNS)
    for row in rows:
        writer.writerow([csv_value(value) for value in row])
    return buf.getvalue()
