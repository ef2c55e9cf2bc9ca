"""Spreadsheets (openpyxl, write-only): the event workbook (Standings, Travellers, Score cards, Boards,
Movement, and Tables for a team match) and the standings on their own.

Values, not formulas: each figure is a number cell formatted as the pages show it (whole numbers, or a
fraction such as 178 2/3), with the exact value as text beside it where it may need more than a spreadsheet's
fraction format.  Every sheet has a bold, shaded, frozen header row, an auto filter and columns sized to their
contents.  Text is always text: a name such as "=1+1" or "#N/A" is a text cell marked with the spreadsheet's
quote prefix (as if typed with a leading '), never a formula or an error (the rule of every spreadsheet file,
the CSVs too: ``duplicate.exports.cells``).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.utils.translation import gettext, gettext_noop, pgettext, pgettext_lazy
from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.cell.cell import Cell as SheetCell
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter

from duplicate.contests import Contest
from duplicate.exports.cells import needs_quote
from duplicate.exports.text import hand_text
from duplicate.selectors.event_rows import EventRows, StandingsRows
from duplicate.selectors.imp_match import ImpMatch
from duplicate.selectors.pair_rows import CONTRACT_ITEM_NAMES
from duplicate.selectors.standings import (
    ITEM_NAMES,
    PENALTY_KINDS,
    PairStandings,
    Progress,
    TeamStandings,
    provisional_text,
)
from scoring.contests import mixed_number

IMP_SEATS = {"NS": "N-S", "EW": "E-W", "": ""}
IMP_TEAM_COLUMNS = [
    gettext_noop("Team"), gettext_noop("Line"), gettext_noop("Pair"), gettext_noop("Seated"),
    gettext_noop("Player 1"), gettext_noop("Player 2"), gettext_noop("Boards"), gettext_noop("IMPs"),
    gettext_noop("VPs")
]  # fmt: skip
INT, SIGNED = "0", "+0;-0;0"
FRACTION, SIGNED_FRACTION = "# ??/??", "+# ??/??;-# ??/??;0"
DECIMAL, SIGNED_DECIMAL = "0.000", "+0.000;-0.000;0"
TWO_PLACES, SIGNED_TWO_PLACES = "0.00", "+0.00;-0.00;0.00"  # contract bridge's MPs, IMPs and percentages
BOLD = Font(bold=True)
HEADER_FILL = PatternFill("solid", fgColor="E4E4E4")
HEADER_ALIGNMENT = Alignment(vertical="bottom", wrap_text=False)
MAX_TEXT = 32767  # a spreadsheet cell's longest text
SIDES = (("NS", "N-S"), ("EW", "E-W"))


@dataclass(frozen=True, slots=True)
class Cell:
    """A value with its number format."""

    value: Any
    fmt: str | None = None


def number(value: Fraction | int | None, *, signed: bool = False, shown: str | None = None) -> Cell | None:
    """An exact value as a number cell that reads as the page's figure.

    ``shown`` is the page's display text: when it is a whole number the cell holds that whole number;
    otherwise the cell holds the value, formatted as a fraction when the denominator fits a spreadsheet's
    two-digit fraction format (exact then), as a decimal otherwise.
    """
    if value is None:
        return None
    if shown is not None and "." in shown:  # shown to two decimals (contract bridge): the exact value so
        return Cell(float(Fraction(value)), SIGNED_TWO_PLACES if signed else TWO_PLACES)
    if shown is not None and " " not in shown and "/" not in shown:
        return Cell(int(shown), SIGNED if signed else INT)
    exact = Fraction(value)
    if exact.denominator == 1:
        return Cell(exact.numerator, SIGNED if signed else INT)
    if exact.denominator < 100:
        return Cell(float(exact), SIGNED_FRACTION if signed else FRACTION)
    return Cell(float(exact), SIGNED_DECIMAL if signed else DECIMAL)


def _plain(value: Any) -> Any:
    """A value as a spreadsheet holds it: text (cleaned), a whole number, a float, a boolean, or None."""
    if value is None or isinstance(value, str):
        return ILLEGAL_CHARACTERS_RE.sub("", str(value or "")[:MAX_TEXT]) or None
    for kind in (bool, int, float):  # a subclass (a Django choice) as its base type
        if isinstance(value, kind):
            return kind(value)
    if isinstance(value, Decimal):
        return float(value)
    raise TypeError(f"cannot write a {type(value).__name__} ({value!r}) in a spreadsheet")


# ------------------------------------------------------------------------------------------- headings

# The words the headings are made of besides the columns' own (each column list below): a side's score items
# ("N-S tricks"), law 77's score columns ("N-S other score") and the columns some files add.
HEADING_WORDS = (
    gettext_noop("tricks"), gettext_noop("premium"), gettext_noop("honours"), gettext_noop("undertricks"),
    gettext_noop("double bonus"), gettext_noop("slam"), gettext_noop("revoke"), gettext_noop("penalty"),
    gettext_noop("overtricks"), gettext_noop("part score"), gettext_noop("game"), gettext_noop("insult"),
    gettext_noop("trick score"), gettext_noop("other score"), gettext_noop("total"), gettext_noop("Lead"),
    gettext_noop("Masterpoints")
)  # fmt: skip
# A heading made of a column's: the side's, the exact value's, the running total's.
HEADING_PREFIXES = {
    "N-S ": gettext_noop("N-S %(column)s"),
    "E-W ": gettext_noop("E-W %(column)s"),
    "Exact ": gettext_noop("Exact %(column)s"),
    "Total ": gettext_noop("Total %(column)s"),
}
# Headings whose word alone means something else elsewhere: translated as a column's.
CONTEXTUAL = {
    "Honours": pgettext_lazy("column", "Honours"),
    "Running": pgettext_lazy("column", "Running"),
    "Direction": pgettext_lazy("column", "Direction"),
    "Results": pgettext_lazy("column", "Results"),
    "Entered": pgettext_lazy("column", "Entered"),
}
EXACT_SUFFIX = " exact"
SHEET_FORBIDDEN = str.maketrans({c: " " for c in "[]:*?/\\"})
SHEET_MAX = 31  # a sheet name's longest


def column_title(name: str) -> str:
    """A column's heading in the reader's language; ``name`` is its English heading, the one the code works
    with ("N-S score", "N-S tricks", "N-S score exact").  A heading known whole is translated whole; one made
    of a column's ("N-S " and a score item, " exact" after a column) through its pattern."""
    if name in CONTEXTUAL:
        return str(CONTEXTUAL[name])
    if not name or name in HEADINGS:
        return gettext(name) if name else name
    if name.endswith(EXACT_SUFFIX):
        return gettext("%(column)s exact") % {"column": column_title(name.removesuffix(EXACT_SUFFIX))}
    for prefix, pattern in HEADING_PREFIXES.items():
        if name.startswith(prefix):
            return gettext(pattern) % {"column": column_title(name.removeprefix(prefix))}
    return gettext(name)


def sheet_title(title: str) -> str:
    """A sheet's name as a spreadsheet takes it (in any language): no ``[]:*?/\\``, no apostrophe at either
    end, at most 31 characters."""
    return title.translate(SHEET_FORBIDDEN).strip("' ")[:SHEET_MAX].strip() or "Sheet"


class Book:
    """A write-only workbook: each sheet's rows are streamed to it as they are appended."""

    def __init__(self) -> None:
        self.wb = Workbook(write_only=True)

    def sheet(self, title: str) -> Any:
        """A new sheet: ``title`` as the reader reads it (translated by the caller)."""
        return self.wb.create_sheet(sheet_title(title))

    def save(self, title: str = "") -> bytes:
        self.wb.properties.title, self.wb.properties.creator = title or None, "Kalamazoo"
        buf = io.BytesIO()
        self.wb.save(buf)
        return buf.getvalue()


class _Sheet:
    """A sheet's values as openpyxl takes them: a plain value, or a cell where a style is needed (a number
    format, bold, or text that must not read as a formula or an error code).

    Values repeat down a column (labels, names, scores): each distinct value of a column is worked out once,
    and each distinct styled value is one cell object, appended wherever it appears.  A write-only sheet
    writes an appended row's cells at once, each at the place it is appended to, so a cell object may stand
    in any number of places; making and styling a cell costs openpyxl more than writing it.
    """

    def __init__(self, ws: Any, numbers: dict[int, bool] | None, columns: int) -> None:
        self.ws, self.numbers = ws, numbers or {}
        self.cells: dict[tuple[Any, ...], SheetCell] = {}
        # per column: a value's key -> (its class, as written, the value, its format)
        self.columns: list[dict[Any, tuple[type, Any, Any, str | None]]] = [{} for _ in range(columns)]
        self.longest = [0] * columns  # each column's widest value, in characters

    def line(self, row: Sequence[Any]) -> list[Any]:
        """A row's values as written."""
        if len(row) > len(self.columns):
            raise ValueError(f"row: {len(row)} values for {len(self.columns)} columns")
        line: list[Any] = []
        for item, known in zip(row, self.columns, strict=False):
            cls = item.__class__
            # a Fraction hashes slowly (in Python): its two integers stand for it
            made = known.get((item.numerator, item.denominator) if cls is Fraction else item)
            if made is None or made[0] is not cls:
                made = self._made(len(line), item)
            line.append(made[1])
        return line

    def bold_line(self, row: Sequence[Any]) -> list[Any]:
        """A row's values as written, every column's cell bold (to the last column)."""
        line = []
        for index, item in enumerate(row):
            made = self._made(index, item)
            line.append(self.styled(made[2], made[3], True))
        return line + [self.styled(None, None, True)] * (len(self.columns) - len(row))

    def _made(self, index: int, item: Any) -> tuple[type, Any, Any, str | None]:
        """A new value of the column numbered ``index + 1``: worked out, kept, and its width counted."""
        value, fmt, width = self._value(self.numbers.get(index + 1), item)
        written = self.styled(value, fmt, False) if fmt or needs_quote(value) else value
        key = (item.numerator, item.denominator) if item.__class__ is Fraction else item
        made = self.columns[index][key] = (item.__class__, written, value, fmt)
        self.longest[index] = max(self.longest[index], width)
        return made

    @staticmethod
    def _value(signed: bool | None, item: Any) -> tuple[Any, str | None, int]:
        if isinstance(item, Cell):
            value, fmt = _plain(item.value), item.fmt
        elif signed is not None and isinstance(item, int | Fraction):
            cell = number(item, signed=signed)
            value, fmt = (cell.value, cell.fmt) if cell else (None, None)
        else:
            value, fmt = _plain(item), None
        if value is None:
            return None, None, 0
        return value, fmt, 10 if isinstance(value, float) else len(str(value))

    def styled(self, value: Any, fmt: str | None, bold: bool) -> SheetCell:
        """The one cell of this sheet holding ``value`` with this format and weight."""
        key = (value.__class__, value, fmt, bold)
        cell = self.cells.get(key)
        if cell is None:
            cell = self.cells[key] = self._new(value, fmt, bold)
        return cell

    def _new(self, value: Any, fmt: str | None, bold: bool) -> SheetCell:
        cell = WriteOnlyCell(self.ws, value)
        if isinstance(value, str):
            cell.data_type = "s"  # text, never a formula or an error code
            cell.quotePrefix = True
        if fmt:
            cell.number_format = fmt
        if bold:
            cell.font = BOLD
        # Only a styled cell is written as given; a plain value's place is openpyxl's own scratch cell.
        # A cell kept to stand in many places must therefore carry a style (plain values go as values).
        if not cell.has_style:
            raise ValueError(f"cell {value!r}: a kept cell must carry a style")
        return cell

    def header(self, text: str) -> SheetCell:
        cell = self._new(text, None, True)
        cell.fill, cell.alignment = HEADER_FILL, HEADER_ALIGNMENT
        return cell


def write_sheet(
    book: Book,
    ws: Any,
    header: Sequence[str],
    rows: Iterable[Sequence[Any]],
    *,
    widths: dict[int, int] | None = None,
    bold: Callable[[Sequence[Any]], bool] | None = None,
    numbers: dict[int, bool] | None = None,
) -> None:
    """A bold, shaded, frozen header row (``header``: the English headings, written in the reader's language
    by :func:`column_title`), the rows, and each column as wide as its longest value.

    Empty values (None, "") leave the cell out; a :class:`Cell` is a number with its format; ``numbers``
    (column number -> signed) names the columns whose exact values are written as :func:`number` writes them.
    Rows for which ``bold`` says so are bold in every column.  A write-only sheet takes the column widths
    before its first row: the rows are made first.
    """
    header = [column_title(h) for h in header]  # the English headings in the reader's language
    sheet = _Sheet(ws, numbers, len(header))
    made: list[list[Any]] = []
    for row in rows:
        made.append(sheet.bold_line(row) if bold is not None and bold(row) else sheet.line(row))
    for column, (size, title) in enumerate(zip(sheet.longest, header, strict=True), start=1):
        width = (widths or {}).get(column) or min(max(max(size, len(title)) + 2, 6), 60)
        ws.column_dimensions[get_column_letter(column)].width = width
    ws.freeze_panes = "A2"
    ws.append([sheet.header(h) for h in header])
    for line in made:
        ws.append(line)
    if made:
        ws.auto_filter.ref = f"A1:{get_column_letter(len(header))}{len(made) + 1}"


# ------------------------------------------------------------------------------------------ standings


# The standings sheets' last columns, on every row whoever reads it: "provisional" or "final", how many of
# the event's boards the totals count (a visitor's leave out the boards still in play: docs/laws.md, "Totals
# while boards are in play"; a director's count them all) and the event's boards.
MEMBER_COLUMNS = [
    gettext_noop("Player 1 number"),
    gettext_noop("Player 2 number"),
]  # then "Masterpoints" with an award table
STATUS_COLUMNS = [gettext_noop("Status"), gettext_noop("Event boards counted"), gettext_noop("Event boards")]
PAIR_COLUMNS = [
    gettext_noop("Ranking"), gettext_noop("Rank"), gettext_noop("Pair"), gettext_noop("Player 1"),
    gettext_noop("Player 2"), gettext_noop("Boards"), gettext_noop("Net"), gettext_noop("Plus/minus"),
    gettext_noop("Exact plus/minus"), gettext_noop("By the fraction of a point"), *STATUS_COLUMNS
]  # fmt: skip
TEAM_COLUMNS = [
    gettext_noop("Team"), gettext_noop("Rank"), gettext_noop("Line"), gettext_noop("Pair"),
    gettext_noop("Seated"), gettext_noop("Player 1"), gettext_noop("Player 2"), gettext_noop("Boards"),
    gettext_noop("Score"), gettext_noop("Exact"), *STATUS_COLUMNS
]  # fmt: skip
TABLE_COLUMNS = [
    gettext_noop("Table"), gettext_noop("N-S pair"), gettext_noop("N-S players"), gettext_noop("N-S team"),
    gettext_noop("N-S score"), gettext_noop("E-W pair"), gettext_noop("E-W players"),
    gettext_noop("E-W team"), gettext_noop("E-W score")
]  # fmt: skip


def _seated(direction: str | None) -> str:
    return "N-S" if direction == "NS" else "E-W"


def _pair_rows(st: PairStandings, status: list[Any], *, points: bool) -> Iterator[list[Any]]:
    """A pair's row: its figures, its players' membership numbers (as text: "00123" keeps its zeros) and,
    with ``points``, its masterpoints; then the status."""
    signed = st.described.signed
    for ranking in st.rankings:
        for row in ranking.rows:
            head = [ranking.title, row.rank, row.pair.label, *row.pair.players, row.boards]
            awarded = [number(row.masterpoints, shown=row.masterpoints_display)] if points else []
            tail = ["yes" if row.by_fraction else "", *row.pair.numbers, *awarded, *status]
            if row.contest:
                yield [*head, *_contract_figures(row, signed=signed), *tail]
                continue
            yield [
                *head,
                number(row.net, shown=row.net_display),
                number(row.plus_minus, signed=True, shown=row.plus_minus_display),
                mixed_number(row.plus_minus, signed=True),
                *tail,
            ]


def contract_columns(contest: Contest) -> list[str]:
    """A contract pair contest's figures in the standings: the score, exact beside it (matchpoints after
    Neuberg and factoring, or IMPs), and for matchpoints the percentage, exact beside it."""
    total, percentage = contest.headings.total, contest.headings.percentage
    if percentage:
        return [total, f"Exact {total}", percentage, f"Exact {percentage}"]
    return [total, f"Exact {total}"]


def _contract_figures(row: Any, *, signed: bool) -> list[Any]:
    """Each figure to two decimals as the pages show it, its exact value as text beside it; signed as the
    contest's figures are (IMPs), a matchpoint score and percentage unsigned."""
    out = [number(row.net, signed=signed, shown=row.net_display), mixed_number(row.net, signed=signed)]
    if row.percentage is not None:
        out += [number(row.percentage, shown=row.plus_minus_display), mixed_number(row.percentage)]
    return out


def _team_rows(st: TeamStandings, status: list[Any]) -> Iterator[list[Any]]:
    """Each team's pairs, its odd pair's average (law G) and its total; then who won (or leads)."""
    for team in st.teams:
        head = [team.name, team.rank]
        for p in team.pairs:
            line = [*head, "pair", p.pair.label, _seated(p.direction), *p.pair.players, p.boards]
            yield [*line, number(p.net, shown=p.net_display), mixed_number(p.net), *status]
        if team.odd_pair_average is not None:
            times = f" x {team.extra_pairs}" if team.extra_pairs > 1 else ""
            line = [*head, f"odd pair average (law G){times}", "", _seated(team.opposite_direction), "", ""]
            average = number(team.odd_pair_average, shown=team.odd_pair_average_display)
            yield [*line, None, average, mixed_number(team.odd_pair_average), *status]
        total = number(team.total, shown=team.total_display)
        yield [*head, "total", "", "", "", "", None, total, mixed_number(team.total), *status]
    if st.teams and st.winner is None:
        yield ["The match is tied.", None, "result"]
    elif st.teams:
        how = " by the fraction of a point" if st.by_fraction else ""
        yield [f"{st.winner} {'leads' if st.provisional else 'won'}{how}.", None, "result"]


def standings_sheet(book: Book, rows: StandingsRows) -> None:
    """The "Standings" sheet: a pair contest's rankings or a team match's teams and pairs."""
    st, ws = rows.standings, book.sheet(pgettext("sheet", "Standings"))
    status = ["provisional" if rows.provisional else "final", *counted_values(st.progress)]
    if isinstance(st, PairStandings):
        columns = PAIR_COLUMNS
        if st.described.unit:  # contract bridge: its own figures in law H's net and plus/minus places
            columns = [*PAIR_COLUMNS[:6], *contract_columns(st.described), *PAIR_COLUMNS[9:]]
        points = any(ranking.awarded for ranking in st.rankings)  # the event has an award table
        at = len(columns) - len(STATUS_COLUMNS)
        members = [*MEMBER_COLUMNS, *([gettext_noop("Masterpoints")] if points else [])]
        write_sheet(book, ws, [*columns[:at], *members, *columns[at:]], _pair_rows(st, status, points=points))
    else:
        is_total = lambda row: len(row) > 2 and row[2] == "total"  # noqa: E731
        write_sheet(book, ws, TEAM_COLUMNS, _team_rows(st, status), bold=is_total)


def imp_team_rows(match: ImpMatch) -> Iterator[list[Any]]:
    """A contract team match's teams (``IMP_TEAM_COLUMNS``): each team's pairs and where they sat, then its
    total: the boards scored, its IMPs and VPs (None before a board is scored)."""
    for team in match.teams:
        for p in team.pairs:
            yield [team.name, "pair", p.pair.label, IMP_SEATS[p.seat], *p.pair.players, None, None, None]
        yield [team.name, "total", None, None, None, None, match.scored, team.imps, team.vp]


def counted_values(progress: Progress) -> list[int]:
    """How many of the event's boards the totals count (a visitor's leave out the boards still in play), and
    the event's boards: the last columns of every standings file, whoever reads it."""
    return [progress.boards_counted, progress.boards]


def imp_status(match: ImpMatch) -> str:
    why = provisional_text(match.progress)
    return f"PROVISIONAL: {why}." if why else "Final."


def imp_match_sheet(book: Book, title: str, match: ImpMatch) -> None:
    """A contract team match's result: each team's pairs, then its total (the boards scored, its IMPs and
    its VPs to the scale's two decimals), each row with the match's status; ``title``: the sheet's name, in
    the reader's language."""
    status = [imp_status(match), *counted_values(match.progress)]
    rows = [
        [*row[:8], None if row[8] is None else Cell(row[8], TWO_PLACES), *status]
        for row in (imp_team_rows(match) if match.home else ())
    ]
    columns = [*IMP_TEAM_COLUMNS, *STATUS_COLUMNS]
    write_sheet(book, book.sheet(title), columns, rows, bold=lambda row: row[1] == "total")


def tables_sheet(book: Book, st: PairStandings | TeamStandings) -> None:
    """A team match's tables: who sat where, and each side's score."""
    if not isinstance(st, TeamStandings) or not st.tables:
        return
    data = (
        [
            *(t.table, t.ns.label, t.ns.names, t.ns.team or "", number(t.ns_net, shown=t.ns_display)),
            *(t.ew.label, t.ew.names, t.ew.team or "", number(t.ew_net, shown=t.ew_display)),
        ]
        for t in st.tables
    )
    write_sheet(book, book.sheet(pgettext("sheet", "Tables")), TABLE_COLUMNS, data)


def standings_xlsx(rows: StandingsRows) -> bytes:
    """The standings on one sheet, and a team match's tables (the ``standings --format xlsx`` output)."""
    book = Book()
    standings_sheet(book, rows)
    tables_sheet(book, rows.standings)
    return book.save(gettext("%(name)s: standings") % {"name": rows.info.name})


# ------------------------------------------------------------------------------------------- workbook


ITEM_KINDS = tuple(ITEM_NAMES)
CONTRACT_ITEM_KINDS = tuple(CONTRACT_ITEM_NAMES)
RESULT_COLUMNS = [
    gettext_noop("Section"), gettext_noop("Board"), gettext_noop("Round"), gettext_noop("Table"),
    gettext_noop("N-S pair"), gettext_noop("E-W pair"), gettext_noop("Entered"), gettext_noop("Contract"),
    gettext_noop("Declarer"), gettext_noop("Tricks"), gettext_noop("Tricks N-S"), gettext_noop("Honours"),
    gettext_noop("Revokes"), gettext_noop("Penalties"), gettext_noop("One-spade limit"),
    gettext_noop("Ruling"), gettext_noop("Offending"), gettext_noop("Result"),
    gettext_noop("N-S trick score"), gettext_noop("N-S honour score"), gettext_noop("N-S total"),
    gettext_noop("E-W trick score"), gettext_noop("E-W honour score"), gettext_noop("E-W total"),
    gettext_noop("Net N-S"), gettext_noop("N-S score"), gettext_noop("E-W score"),
    gettext_noop("N-S average"), gettext_noop("E-W average"), gettext_noop("N-S plus/minus"),
    gettext_noop("E-W plus/minus"), gettext_noop("N-S items"), gettext_noop("E-W items"),
    gettext_noop("Rulings and penalties")
]  # fmt: skip
PLUS_MINUS_AT = RESULT_COLUMNS.index("N-S plus/minus")  # then E-W's
# A contract event's MPs or IMPs: in law H's plus/minus places, less its two board averages (law 77 contests
# have none).
CONTRACT_FIGURES_AT = PLUS_MINUS_AT - 2
CARD_COLUMNS = [
    gettext_noop("Pair"), gettext_noop("Players"), gettext_noop("Round"), gettext_noop("Board"),
    gettext_noop("Table"), gettext_noop("Held"), gettext_noop("Opponents"), gettext_noop("Result"),
    gettext_noop("Score"), gettext_noop("Average"), gettext_noop("Plus/minus"),
    gettext_noop("Running total")
]  # fmt: skip
BOARD_COLUMNS = [
    gettext_noop("Board"), gettext_noop("Dealer"), gettext_noop("North"), gettext_noop("East"),
    gettext_noop("South"), gettext_noop("West"), gettext_noop("Hands (PBN)"), gettext_noop("Results"),
    gettext_noop("N-S average"), gettext_noop("E-W average")
]  # fmt: skip
MOVEMENT_COLUMNS = [
    gettext_noop("Section"), gettext_noop("Round"), gettext_noop("Table"), gettext_noop("N-S pair"),
    gettext_noop("E-W pair"), gettext_noop("Boards")
]  # fmt: skip
# The headings translated whole by column_title.
HEADINGS = frozenset(
    (
        *IMP_TEAM_COLUMNS,
        *MEMBER_COLUMNS,
        *PAIR_COLUMNS,
        *TEAM_COLUMNS,
        *TABLE_COLUMNS,
        *RESULT_COLUMNS,
        *CARD_COLUMNS,
        *BOARD_COLUMNS,
        *MOVEMENT_COLUMNS,
        *HEADING_WORDS,
    )
)


def result_header(unit: str = "") -> list[str]:
    """The Travellers sheet's (and the results CSV's) columns: the fields, then each side's score items.
    A contract event's ``unit`` ("MPs", "IMPs") heads the columns of law H's plus/minus, and law H's board
    averages are left out."""
    if not unit:
        return RESULT_COLUMNS + [f"{label} {ITEM_NAMES[k]}" for _side, label in SIDES for k in ITEM_KINDS]
    # Law 77's score: its contract points, and the rest (over-tricks, premiums, undertricks), item by item.
    columns = [
        f"{side} {name}" for side in ("N-S", "E-W") for name in ("trick score", "other score", "total")
    ]
    at, scores = PLUS_MINUS_AT, RESULT_COLUMNS.index("N-S trick score")  # six score columns from there
    columns = [
        *RESULT_COLUMNS[:scores],
        *columns,
        *RESULT_COLUMNS[scores + 6 : at - 2],  # up to the N-S and E-W scores, without law H's averages
        f"N-S {unit}",
        f"E-W {unit}",
    ]
    names = [f"{label} {CONTRACT_ITEM_NAMES[k]}" for _side, label in SIDES for k in CONTRACT_ITEM_KINDS]
    return [*columns, *RESULT_COLUMNS[at + 2 :], *names]


def card_header(unit: str = "") -> list[str]:
    """The Score cards sheet's columns: a contract pair event's board score and running total by ``unit``,
    without law H's board average."""
    return [*CARD_COLUMNS[:9], unit, f"Total {unit}"] if unit else CARD_COLUMNS


def board_header(contest: Contest | None = None) -> list[str]:
    """The Boards sheet's columns: law H's averages, or a contract contest's board figure (Butler's datum;
    matchpoints and cross-IMPs have none)."""
    if contest is None or not contest.unit:
        return BOARD_COLUMNS
    board = contest.headings.board
    return [*BOARD_COLUMNS[:8], *([board] if board else [])]


def _json_text(value: Any) -> str:
    if not value:
        return ""
    if isinstance(value, dict):
        return ", ".join(f"{k} {v}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return "; ".join(_json_text(v) for v in value)
    return str(value)


def result_values(line: Any, unit: str | None = None) -> list[Any]:
    """One result as the Travellers sheet's (and the results CSV's) row: every field and score item, under
    :func:`result_header` of the event's ``unit`` (the line's own when not given).

    The score items are summed per side and kind; the marks are worked out only for a line with a ruling or
    a penalty item (``line.marks``).
    """
    unit = line.unit if unit is None else unit
    points: dict[tuple[Any, Any], int] = {}
    for item in line.items:
        key = (item.get("side"), item.get("kind"))
        points[key] = points.get(key, 0) + int(item.get("points", 0))
    penalised = any(kind in PENALTY_KINDS for _side, kind in points)
    played = line.played
    scores = (line.ns_trick, line.ns_honour, line.ns_total, line.ew_trick, line.ew_honour, line.ew_total)
    return [
        *(line.section, line.board, line.round, line.table, line.ns.label, line.ew.label),
        *("yes" if line.entered else "no", line.contract, line.declarer, line.tricks, line.tricks_ns),
        *(_json_text(line.honours), _json_text(line.revokes), _json_text(list(line.penalties))),
        *("yes" if line.one_spade_limit else "", line.ruling, line.offending, line.status),
        *(scores if played else (None,) * 6),
        line.net_ns if played else None,
        *(line.ns_score, line.ew_score),
        *(() if unit else (line.ns_average, line.ew_average)),  # law H's board averages
        *(line.ns_plus_minus, line.ew_plus_minus, line.ns_items, line.ew_items),
        line.marks if line.ruling_text or penalised else "",
        *(
            points.get((side, k))
            for side, _label in SIDES
            for k in (CONTRACT_ITEM_KINDS if unit else ITEM_KINDS)
        ),
    ]


def leads_shown(rows: EventRows) -> bool:
    """Whether the results have a Lead column (the last): the event enters leads, or a result has one."""
    return rows.info.lead_cards or any(line.lead for line in rows.results)


def _card_rows(rows: EventRows) -> Iterator[list[Any]]:
    signed = rows.info.described.signed
    for card in rows.cards:
        pair, names = card.pair.label, card.pair.names
        for line in card.lines:
            figures: list[Any] = [line.average, line.plus_minus, line.running]
            if line.unit:  # matchpoints or IMPs: to two decimals, as the score cards show them (no average)
                figures = [
                    number(line.plus_minus, signed=signed, shown=line.plus_minus_display),
                    number(line.running, signed=signed, shown=line.running_display),
                ]
            yield [
                *(pair, names, line.round, line.board, line.table, _seated(line.side)),
                *(line.opponents.label, line.status, line.score, *figures),
            ]


def _travellers_rows(rows: EventRows) -> Iterator[list[Any]]:
    """The results (``result_values``); a contract line's matchpoints or IMPs to two decimals, as the
    travellers show them (IMPs signed)."""
    signed = rows.info.described.signed
    unit = rows.info.unit
    leads = leads_shown(rows)
    for line in rows.results:
        values = result_values(line, unit) + ([line.lead] if leads else [])
        if unit:
            at = CONTRACT_FIGURES_AT
            values[at] = number(line.ns_plus_minus, signed=signed, shown=line.ns_plus_minus_display)
            values[at + 1] = number(line.ew_plus_minus, signed=signed, shown=line.ew_plus_minus_display)
        yield values


def _datum_cell(datum: str) -> int | str | None:
    """A Butler datum as a number ("260"), or each section's as text ("A: 260, B: -50"); None for none."""
    return int(datum) if datum.lstrip("-").isdecimal() else datum or None


def _board_rows(rows: EventRows) -> Iterator[list[Any]]:
    contest = rows.info.described
    for b in rows.boards:
        hands = [hand_text(b.diagram.hands[s]) for s in "NESW"] if b.diagram else ["", "", "", ""]
        figures: list[Any] = []
        if not contest.unit:
            figures = [number(b.ns_average), number(b.ew_average)]
        else:  # Butler's datum (a section's each, as text, when sections are ranked each on its own)
            figures = [_datum_cell(b.datum)] if contest.headings.board else []
        yield [b.number, b.dealer_name, *hands, b.deal, b.played, *figures]


def workbook_xlsx(rows: EventRows) -> bytes:
    """The event workbook: Standings, Travellers (one row per result), Score cards, Boards, Movement, and
    Tables for a team match.  The score columns are exact values written as :func:`number` writes them."""
    book = Book()
    if rows.imps is not None:  # a contract team match: its IMPs and VPs, as its standings download gives them
        imp_match_sheet(book, pgettext("sheet", "Standings"), rows.imps)
    else:
        standings_sheet(book, rows.standings_rows)
    unit = rows.info.unit
    numbers = {26: False, 27: False, 28: False, 29: False, 30: True, 31: True}  # plus/minus signed
    widths = {18: 28, 32: 40, 33: 40, 34: 40}
    if unit:  # no averages: the MPs or IMPs (written as cells) at 28 and 29, the items and marks from 30
        numbers, widths = {26: False, 27: False}, {18: 28, 30: 40, 31: 40, 32: 40}
    travellers = book.sheet(pgettext("sheet", "Travellers"))
    header = result_header(unit) + ([gettext_noop("Lead")] if leads_shown(rows) else [])
    write_sheet(book, travellers, header, _travellers_rows(rows), widths=widths, numbers=numbers)
    numbers = {9: False, 10: not unit, 11: True, 12: True}  # a contract event's: score, figure, total
    cards = card_header(unit)
    write_sheet(
        book,
        book.sheet(pgettext("sheet", "Score cards")),
        cards,
        _card_rows(rows),
        widths={8: 28},
        numbers=numbers,
    )
    boards = board_header(rows.info.described)
    write_sheet(book, book.sheet(pgettext("sheet", "Boards")), boards, _board_rows(rows))
    movement = (
        [m.section, m.round, m.table, m.ns.label, m.ew.label, m.boards_display] for m in rows.movement
    )
    write_sheet(book, book.sheet(pgettext("sheet", "Movement")), MOVEMENT_COLUMNS, movement)
    tables_sheet(book, rows.standings)
    return book.save(gettext("%(name)s: results") % {"name": rows.info.name})


__all__ = [
    "board_header",
    "card_header",
    "column_title",
    "contract_columns",
    "imp_match_sheet",
    "leads_shown",
    "number",
    "result_header",
    "result_values",
    "sheet_title",
    "standings_sheet",
    "standings_xlsx",
    "tables_sheet",
    "workbook_xlsx",
]
