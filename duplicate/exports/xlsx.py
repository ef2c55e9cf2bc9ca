"""Spreadsheets (openpyxl): the event workbook (Standings, Travellers, Score cards, Boards, Movement) and the
standings on their own.  Values, not formulas: each figure is a number cell formatted as the pages show it
(whole numbers, or a fraction such as 178 2/3), with the exact value as text beside it where it may need more
than a spreadsheet's fraction format.  Bold, frozen header row on each sheet; columns sized to their contents.
"""

from __future__ import annotations

import contextlib
import gc
import io
import zipfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any

from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter

from duplicate.exports.rows import EventRows, StandingsRows, hand_text
from duplicate.selectors.standings import ITEM_NAMES, PENALTY_KINDS, PairStandings, TeamStandings
from scoring.contests import mixed_str

INT = "0"
SIGNED = "+0;-0;0"
FRACTION = "# ??/??"
SIGNED_FRACTION = "+# ??/??;-# ??/??;0"
DECIMAL = "0.000"
SIGNED_DECIMAL = "+0.000;-0.000;0"
HEADER_FONT = Font(bold=True)
HEADER_FILL = PatternFill("solid", fgColor="E4E4E4")
HEADER_ALIGNMENT = Alignment(vertical="bottom", wrap_text=False)
SIDES = (("NS", "N-S"), ("EW", "E-W"))


class Cell:
    """A value with its number format."""

    __slots__ = ("value", "fmt")

    def __init__(self, value: Any, fmt: str | None = None) -> None:
        self.value = value
        self.fmt = fmt


def number(value: Fraction | int | None, *, signed: bool = False, shown: str | None = None) -> Cell | None:
    """An exact value as a number cell that reads as the page's figure.

    ``shown`` is the page's display text (from ``display_values``): when it is a whole number the cell holds
    that whole number; otherwise the cell holds the value, formatted as a fraction when the denominator fits
    a spreadsheet's two-digit fraction format (exact then), as a decimal otherwise.
    """
    if value is None:
        return None
    if shown is not None and " " not in shown and "/" not in shown:
        return Cell(int(shown), SIGNED if signed else INT)
    if value.__class__ is int:  # most figures: no Fraction to make
        return Cell(value, SIGNED if signed else INT)
    exact = value if value.__class__ is Fraction else Fraction(value)
    num, den = exact.numerator, exact.denominator
    if den == 1:
        return Cell(num, SIGNED if signed else INT)
    if den < 100:
        return Cell(num / den, SIGNED_FRACTION if signed else FRACTION)  # = float(exact)
    return Cell(num / den, SIGNED_DECIMAL if signed else DECIMAL)


_TEXT_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", "\r": "&#13;"})
MAX_TEXT = 32767  # a spreadsheet cell's longest text (openpyxl truncates to it too)


class Book:
    """A write-only workbook whose data rows are written as sheet XML directly.

    openpyxl writes the header row (bold, shaded), the column widths, the frozen pane, the auto filter and the
    styles; the data rows are appended to each sheet's ``<sheetData>`` when the workbook is saved.  Cell by
    cell through openpyxl (even write-only) costs ~10 us a cell, and the event workbook of a big event holds
    1.5 million cells: as XML strings here it is ~1 us.  The cells are those openpyxl would write: numbers
    (``t="n"``, ``%.16g``), inline strings (``xml:space="preserve"`` when they start or end with a space),
    booleans, and the shared cell styles (number format, bold) by the id openpyxl gave them.
    """

    def __init__(self) -> None:
        self.wb = Workbook(write_only=True)
        self._styles: dict[tuple[str | None, bool], str] = {}
        self._rows: dict[str, str] = {}  # sheet title -> data rows as XML

    def sheet(self, title: str) -> Any:
        return self.wb.create_sheet(title)

    def style(self, ws: Any, fmt: str | None, bold: bool = False) -> str:
        """The ``s="..."`` attribute of a cell with this number format (and bold): one shared style each."""
        key = (fmt, bold)
        sid = self._styles.get(key)
        if sid is None:
            cell = WriteOnlyCell(ws)
            if fmt:
                cell.number_format = fmt
            if bold:
                cell.font = HEADER_FONT
            sid = self._styles[key] = f' s="{cell.style_id}"'
        return sid

    def save(self) -> bytes:
        buf = io.BytesIO()
        self.wb.save(buf)
        if not self._rows:
            return buf.getvalue()
        paths = {
            ws.path.lstrip("/"): self._rows[ws.title] for ws in self.wb.worksheets if ws.title in self._rows
        }
        out = io.BytesIO()
        with zipfile.ZipFile(buf) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
            for info in src.infolist():
                data = src.read(info)
                rows = paths.get(info.filename)
                if rows:
                    head, sep, tail = data.decode("utf-8").partition("</sheetData>")
                    if not sep:
                        raise ValueError(f"{info.filename}: no </sheetData> to write the rows into")
                    data = (head + rows + sep + tail).encode("utf-8")
                # the sheets are tens of MB of XML: the fastest deflate level (~3x faster than the default
                # level 6; the 2,002-table workbook 19.5 MB instead of 14.3)
                dst.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=1)
        return out.getvalue()


def _text_tail(value: str) -> str:
    """A text cell's XML after its reference and style, as openpyxl writes it (truncated to a cell's longest
    text; characters XML cannot hold are left out)."""
    if len(value) > MAX_TEXT:
        value = value[:MAX_TEXT]
    if ILLEGAL_CHARACTERS_RE.search(value):
        value = ILLEGAL_CHARACTERS_RE.sub("", value)
    space = ' xml:space="preserve"' if value != value.strip() else ""
    return f' t="inlineStr"><is><t{space}>{value.translate(_TEXT_ESCAPES)}</t></is></c>'


_FAST = frozenset({str, int, float, bool, type(None)})


def _plain(value: Any) -> Any:
    """A value of another type as openpyxl takes it: a str or int subclass (Django choices), a Decimal."""
    if isinstance(value, str):
        return str(value)
    if isinstance(value, bool):
        return bool(value)
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float | Decimal):
        return float(value)
    raise TypeError(f"cannot write a {type(value).__name__} ({value!r}) in a spreadsheet")


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
    """A bold, shaded, frozen header row, the rows, and each column as wide as its longest value.

    Empty values (None, "") leave the cell out; a :class:`Cell` is a number with its format.  Rows for which
    ``bold`` says so are bold in every column, the empty ones too.  ``numbers`` (column number -> signed)
    names the columns whose exact values (int, Fraction) are written as :func:`number` writes them, without
    a :class:`Cell` each (the big sheets).  The loop below runs once a cell (1.5
    million in the workbook of a 2,000-table event): no call and no new string it can avoid.
    """
    ncols = len(header)
    letters = [get_column_letter(c) for c in range(1, ncols + 1)]
    opens = [f'<c r="{letter}' for letter in letters]
    longest = [len(str(h)) for h in header]
    strong_none = book.style(ws, None, bold=True) if bold else ""
    plain_styles: dict[str | None, str] = {}
    numeric = [(numbers or {}).get(c) for c in range(1, ncols + 1)]
    texts: dict[str, str] = {}  # labels, names and results repeat: each text's XML is made once
    out: list[str] = []
    add = out.append
    r = 1
    for r, row in enumerate(rows, start=2):  # noqa: B007 - r is the last row after the loop
        is_bold = bold is not None and bold(row)
        base = strong_none if is_bold else ""
        add(f'<row r="{r}">')
        c = -1
        for item in row:
            c += 1
            if item is None:
                if is_bold:
                    add(f'{opens[c]}{r}"{base}/>')
                continue
            cls = item.__class__
            if cls is Cell:
                value = item.value
                if is_bold:
                    style = book.style(ws, item.fmt, True)
                else:
                    style = plain_styles.get(item.fmt)
                    if style is None:
                        style = plain_styles[item.fmt] = book.style(ws, item.fmt)
                cls = value.__class__
            elif numeric[c] is not None:  # number(item, signed=...) inline: no Cell, no Fraction made
                signed = numeric[c]
                if cls is int:
                    value, fmt = item, SIGNED if signed else INT
                elif cls is Fraction:
                    num, den = item.numerator, item.denominator
                    if den == 1:
                        value, cls, fmt = num, int, SIGNED if signed else INT
                    elif den < 100:
                        value, cls, fmt = num / den, float, SIGNED_FRACTION if signed else FRACTION
                    else:
                        value, cls, fmt = num / den, float, SIGNED_DECIMAL if signed else DECIMAL
                else:
                    cell = number(item, signed=signed)
                    value, fmt = cell.value, cell.fmt
                    cls = value.__class__
                if is_bold:
                    style = book.style(ws, fmt, True)
                else:
                    style = plain_styles.get(fmt)
                    if style is None:
                        style = plain_styles[fmt] = book.style(ws, fmt)
            else:
                value, style = item, base
            if cls not in _FAST:
                value = _plain(value)
                cls = value.__class__
            if cls is str:
                if not value:
                    if is_bold:
                        add(f'{opens[c]}{r}"{style}/>')
                    continue
                tail = texts.get(value)
                if tail is None:
                    tail = texts[value] = _text_tail(value)
                add(f'{opens[c]}{r}"{style}{tail}')
                size = len(value)
            elif cls is int:
                text = str(value)
                add(f'{opens[c]}{r}"{style} t="n"><v>{text}</v></c>')
                size = len(text)
            elif cls is float:
                add(f'{opens[c]}{r}"{style} t="n"><v>{value:.16g}</v></c>')
                size = 10
            elif cls is bool:
                add(f'{opens[c]}{r}"{style} t="b"><v>{int(value)}</v></c>')
                size = 4 if value else 5  # len("True"), len("False")
            else:  # None
                if is_bold:
                    add(f'{opens[c]}{r}"{style}/>')
                continue
            if size > longest[c]:
                longest[c] = size
        if is_bold:
            for c in range(len(row), ncols):
                add(f'{opens[c]}{r}"{strong_none}/>')
        add("</row>")
    for c, size in enumerate(longest):
        width = (widths or {}).get(c + 1) or min(max(size + 2, 6), 60)
        ws.column_dimensions[letters[c]].width = width
    ws.freeze_panes = "A2"
    if out:
        ws.auto_filter.ref = f"A1:{letters[-1]}{r}"
    head = []
    for h in header:
        cell = WriteOnlyCell(ws, h)
        cell.font = HEADER_FONT
        cell.fill = HEADER_FILL
        cell.alignment = HEADER_ALIGNMENT
        head.append(cell)
    ws.append(head)
    book._rows[ws.title] = "".join(out)


# ------------------------------------------------------------------------------------------ standings


def _standings_sheet(book: Book, ws: Any, rows: StandingsRows) -> None:
    st = rows.standings
    status = "provisional" if rows.provisional else "final"
    if isinstance(st, PairStandings):
        header = [
            "Ranking",
            "Rank",
            "Pair",
            "Player 1",
            "Player 2",
            "Boards",
            "Net",
            "Plus/minus",
            "Exact plus/minus",
            "By the fraction of a point",
            "Status",
        ]
        data = []
        for ranking in st.rankings:
            for row in ranking.rows:
                data.append(
                    [
                        ranking.title,
                        row.rank,
                        row.pair.label,
                        *row.pair.players,
                        row.boards,
                        number(row.net, shown=row.net_display),
                        number(row.plus_minus, signed=True, shown=row.plus_minus_display),
                        mixed_str(row.plus_minus, signed=True),
                        "yes" if row.by_fraction else "",
                        status,
                    ]
                )
        write_sheet(book, ws, header, data)
        return
    _team_sheet(book, ws, st, status)


def _team_sheet(book: Book, ws: Any, st: TeamStandings, status: str) -> None:
    header = [
        "Team",
        "Rank",
        "Line",
        "Pair",
        "Seated",
        "Player 1",
        "Player 2",
        "Boards",
        "Score",
        "Exact",
        "Status",
    ]
    data: list[list[Any]] = []
    for team in st.teams:
        for p in team.pairs:
            data.append(
                [
                    team.name,
                    team.rank,
                    "pair",
                    p.pair.label,
                    "N-S" if p.direction == "NS" else "E-W",
                    *p.pair.players,
                    p.boards,
                    number(p.net, shown=p.net_display),
                    mixed_str(p.net),
                    status,
                ]
            )
        if team.odd_pair_average is not None:
            data.append(
                [
                    team.name,
                    team.rank,
                    f"odd pair average (law G){f' x {team.extra_pairs}' if team.extra_pairs > 1 else ''}",
                    "",
                    "N-S" if team.opposite_direction == "NS" else "E-W",
                    "",
                    "",
                    None,
                    number(team.odd_pair_average, shown=team.odd_pair_average_display),
                    mixed_str(team.odd_pair_average),
                    status,
                ]
            )
        data.append(
            [
                team.name,
                team.rank,
                "total",
                "",
                "",
                "",
                "",
                None,
                number(team.total, shown=team.total_display),
                mixed_str(team.total),
                status,
            ]
        )
    if st.teams:
        if st.winner is None:
            data.append(["The match is tied.", None, "result"])
        else:
            how = " by the fraction of a point" if st.by_fraction else ""
            verb = "leads" if st.provisional else "won"
            data.append([f"{st.winner} {verb}{how}.", None, "result"])
    write_sheet(book, ws, header, data, bold=lambda row: len(row) > 2 and row[2] == "total")


def standings_xlsx(st: StandingsRows | PairStandings | TeamStandings, *, event: Any = None) -> bytes:
    """The standings on one sheet (the ``standings --format xlsx`` output)."""
    from duplicate.exports.pdf import _standings_rows

    rows = _standings_rows(st, event)
    book = Book()
    _standings_sheet(book, book.sheet("Standings"), rows)
    _tables_sheet(book, rows.standings)
    _properties(book.wb, rows.info.name, "standings")
    return book.save()


def _tables_sheet(book: Book, st: PairStandings | TeamStandings) -> None:
    if not isinstance(st, TeamStandings) or not st.tables:
        return
    ws = book.sheet("Tables")
    header = [
        "Table",
        "N-S pair",
        "N-S players",
        "N-S team",
        "N-S score",
        "E-W pair",
        "E-W players",
        "E-W team",
        "E-W score",
    ]
    data = [
        [
            t.table,
            t.ns.label,
            t.ns.names,
            t.ns.team or "",
            number(t.ns_net, shown=t.ns_display),
            t.ew.label,
            t.ew.names,
            t.ew.team or "",
            number(t.ew_net, shown=t.ew_display),
        ]
        for t in st.tables
    ]
    write_sheet(book, ws, header, data)


def _properties(wb: Workbook, name: str, what: str) -> None:
    wb.properties.title = f"{name}: {what}"
    wb.properties.creator = "Kalamazoo"


# ------------------------------------------------------------------------------------------- workbook


ITEM_KINDS = tuple(ITEM_NAMES)


def result_header() -> list[str]:
    head = [
        "Section",
        "Board",
        "Round",
        "Table",
        "N-S pair",
        "E-W pair",
        "Entered",
        "Contract",
        "Declarer",
        "Tricks",
        "Tricks N-S",
        "Honours",
        "Revokes",
        "Penalties",
        "One-spade limit",
        "Ruling",
        "Offending",
        "Result",
        "N-S trick score",
        "N-S honour score",
        "N-S total",
        "E-W trick score",
        "E-W honour score",
        "E-W total",
        "Net N-S",
        "N-S score",
        "E-W score",
        "N-S average",
        "E-W average",
        "N-S plus/minus",
        "E-W plus/minus",
        "N-S items",
        "E-W items",
        "Rulings and penalties",
    ]
    for _side, label in SIDES:
        head += [f"{label} {ITEM_NAMES[k]}" for k in ITEM_KINDS]
    return head


def _json_text(value: Any) -> str:
    if not value:
        return ""
    if isinstance(value, dict):
        return ", ".join(f"{k} {v}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return "; ".join(_json_text(v) for v in value)
    return str(value)


def result_values(line: Any) -> list[Any]:
    """One result as the Travellers sheet's (and the results CSV's) row: every field and score item.

    The score items are summed per side and kind in one pass (``line.item_points`` of each, as the pages
    show them); the marks are worked out only for a line with a ruling or a penalty item (``line.marks``).
    """
    points: dict[tuple[Any, Any], int] = {}
    penalised = False
    played = line.played
    for item in line.items:
        key = (item.get("side"), item.get("kind"))
        points[key] = points.get(key, 0) + int(item.get("points", 0))
        if key[1] in PENALTY_KINDS:
            penalised = True
    row: list[Any] = [
        line.section,
        line.board,
        line.round,
        line.table,
        line.ns.label,
        line.ew.label,
        "yes" if line.entered else "no",
        line.contract,
        line.declarer,
        line.tricks,
        line.tricks_ns,
        _json_text(line.honours),
        _json_text(line.revokes),
        _json_text(list(line.penalties)),
        "yes" if line.one_spade_limit else "",
        line.ruling,
        line.offending,
        line.status,
        line.ns_trick if played else None,
        line.ns_honour if played else None,
        line.ns_total if played else None,
        line.ew_trick if played else None,
        line.ew_honour if played else None,
        line.ew_total if played else None,
        line.net_ns if played else None,
        line.ns_score,
        line.ew_score,
        line.ns_average,
        line.ew_average,
        line.ns_plus_minus,
        line.ew_plus_minus,
        line.ns_items,
        line.ew_items,
        line.marks if line.ruling_text or penalised else "",
    ]
    for side, _label in SIDES:
        row += [points.get((side, k)) for k in ITEM_KINDS]
    return row


SIGNED_COLUMNS = frozenset({29, 30})
NUMBER_COLUMNS = frozenset(range(25, 31))


def _results_sheet(book: Book, ws: Any, rows: EventRows) -> None:
    data = (result_values(line) for line in rows.results)  # a row at a time
    numbers = {i + 1: i in SIGNED_COLUMNS for i in NUMBER_COLUMNS}
    write_sheet(book, ws, result_header(), data, widths={18: 28, 32: 40, 33: 40, 34: 40}, numbers=numbers)


def _cards_sheet(book: Book, ws: Any, rows: EventRows) -> None:
    header = [
        "Pair",
        "Players",
        "Round",
        "Board",
        "Table",
        "Held",
        "Opponents",
        "Result",
        "Score",
        "Average",
        "Plus/minus",
        "Running total",
    ]

    def data() -> Iterator[list[Any]]:  # a row at a time: no list of 100,000 rows for the GC to walk
        for card in rows.cards:
            label, names = card.pair.label, card.pair.names  # once a pair, not once a line
            for line in card.lines:
                yield [
                    label,
                    names,
                    line.round,
                    line.board,
                    line.table,
                    "N-S" if line.side == "NS" else "E-W",
                    line.opponents.label,
                    line.status,
                    line.score,
                    line.average,
                    line.plus_minus,
                    line.running,
                ]

    numbers = {9: False, 10: False, 11: True, 12: True}
    write_sheet(book, ws, header, data(), widths={8: 28}, numbers=numbers)


def _boards_sheet(book: Book, ws: Any, rows: EventRows) -> None:
    header = [
        "Board",
        "Dealer",
        "North",
        "East",
        "South",
        "West",
        "Hands (PBN)",
        "Results",
        "N-S average",
        "E-W average",
    ]
    data = []
    for b in rows.boards:
        hands = [hand_text(b.diagram.hands[s]) for s in "NESW"] if b.diagram else ["", "", "", ""]
        data.append(
            [
                b.number,
                b.dealer_name,
                *hands,
                b.deal,
                b.played,
                number(b.ns_average),
                number(b.ew_average),
            ]
        )
    write_sheet(book, ws, header, data)


def _movement_sheet(book: Book, ws: Any, rows: EventRows) -> None:
    header = ["Section", "Round", "Table", "N-S pair", "E-W pair", "Boards"]
    data = [[m.section, m.round, m.table, m.ns.label, m.ew.label, m.boards_display] for m in rows.movement]
    write_sheet(book, ws, header, data)


def workbook_xlsx(rows: EventRows) -> bytes:
    """The event workbook: Standings, Travellers (one row per result), Score cards, Boards, Movement."""
    with _no_gc():
        book = Book()
        _standings_sheet(book, book.sheet("Standings"), rows.standings_rows)
        _results_sheet(book, book.sheet("Travellers"), rows)
        _cards_sheet(book, book.sheet("Score cards"), rows)
        _boards_sheet(book, book.sheet("Boards"), rows)
        _movement_sheet(book, book.sheet("Movement"), rows)
        _tables_sheet(book, rows.standings)
        _properties(book.wb, rows.info.name, "results")
        return book.save()


@contextlib.contextmanager
def _no_gc() -> Iterator[None]:
    """The cyclic garbage collector off while the workbook is written: its millions of short-lived rows and
    strings make no cycles (reference counting frees them), but they set off collections that walk every
    object of the event's rows again and again (~3 s of the 2,002-table workbook)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


__all__ = ["number", "result_header", "result_values", "standings_xlsx", "workbook_xlsx"]
