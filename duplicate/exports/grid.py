"""A table of plain text drawn straight on the canvas: the long tables of the printouts (score cards,
travellers), which reportlab's ``Table`` lays out cell by cell (a style object for each cell, each row's
height measured, each string drawn through a text object of its own): several seconds for a 100-table event.

Every row here has one height, known beforehand, so a page's rows are counted rather than measured; a grid
longer than the space left splits between rows, its header repeated on the next page.  It looks like
:func:`duplicate.exports.pdf.data_table`: a shaded bold header between rules, numbers right-aligned, a rule
under the last row, zebra stripes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.textobject import PDFTextObject
from reportlab.platypus import Flowable

from duplicate.exports.fonts import BOLD, OBLIQUE, SANS

INK = colors.HexColor("#1b1b1b")
RULE = colors.HexColor("#9a9a9a")
HEAD_BG = colors.HexColor("#e4e4e4")
ZEBRA = colors.HexColor("#f4f4f4")
PAD_X, PAD_TOP, PAD_BOTTOM = 3.0, 1.6, 2.2


def _width(text: str, font: str, size: float) -> float:
    """A string's width, in points."""
    return float(stringWidth(text, font, size))


def fitted_width(
    header: str, cells: Iterable[str], *, size: float, header_size: float, gap: float = 4.0
) -> float:
    """A column as wide as the widest of its cells (at ``size``) and its header's lines (bold, at
    ``header_size``), with the cell's padding and ``gap`` more: a figure never runs into the next column's."""
    widest = max(
        (_width(line, BOLD, header_size) for line in header.split("\n")),
        default=0.0,
    )
    widest = max(widest, *(_width(cell, SANS, size) for cell in cells), 0.0)
    return widest + 2 * PAD_X + gap


@dataclass(frozen=True)
class GridRow:
    """One line: its cells' text; ``fonts`` (column -> font name) over ``fonts.SANS``; ``span`` (first, last):
    those columns are one cell, holding the text of the first, left-aligned; ``note``: a smaller line in
    italics under the one before (a traveller's "Marked: ..." in its first column), a thin rule under it."""

    cells: Sequence[str]
    fonts: Mapping[int, str] = field(default_factory=dict)
    color: Any = None
    span: tuple[int, int] | None = None
    note: bool = False


class Grid(Flowable):
    def __init__(
        self,
        header: Sequence[str],
        rows: Sequence[GridRow],
        widths: Sequence[float],
        *,
        numeric: Sequence[int] = (),
        size: float = 8,
        header_size: float | None = None,
        sizes: Mapping[int, float] | None = None,
        zebra: bool = True,
        rules: Sequence[int] = (),
    ) -> None:
        super().__init__()
        self.hAlign = "CENTER"  # as reportlab's tables: a grid as wide as the frame overhangs its padding
        self.header, self.rows, self.widths = list(header), list(rows), list(widths)
        self.numeric, self.size, self.zebra, self.rules = set(numeric), size, zebra, tuple(rules)
        self.sizes = dict(sizes or {})  # column -> font size, over ``size``
        self.header_size = header_size or size
        self.lead = size * 1.2
        self.row_height = self.lead + PAD_TOP + PAD_BOTTOM
        self.note_height = 7 * 1.2 + PAD_BOTTOM
        lines = max(len(cell.split("\n")) for cell in self.header)
        self.header_height = lines * self.header_size * 1.2 + PAD_TOP + PAD_BOTTOM
        self.width = sum(self.widths)
        self.height = self.header_height + sum(self._height(row) for row in self.rows)

    def _height(self, row: GridRow) -> float:
        return self.note_height if row.note else self.row_height

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.width, self.height

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        """The rows that fit under the header, and a grid of the rest (its header repeated); [] when not
        even the header and one row fit.  A note stays with the line it is under."""
        room = avail_height - self.header_height
        count, used = 0, 0.0
        for row in self.rows:
            if used + self._height(row) > room:
                break
            used += self._height(row)
            count += 1
        while 0 < count < len(self.rows) and self.rows[count].note:
            count -= 1
        if count == 0 or count >= len(self.rows):
            return []
        return [self._part(self.rows[:count]), self._part(self.rows[count:])]

    def _part(self, rows: Sequence[GridRow]) -> Grid:
        return Grid(
            self.header,
            rows,
            self.widths,
            numeric=sorted(self.numeric),
            size=self.size,
            header_size=self.header_size,
            sizes=self.sizes,
            zebra=self.zebra,
            rules=self.rules,
        )

    # -------------------------------------------------------------------------------------------- drawing

    def draw(self) -> None:
        c = self.canv
        lefts = [sum(self.widths[:i]) for i in range(len(self.widths))]
        top = self.height
        c.saveState()
        c.setFillColor(HEAD_BG)
        c.rect(0, top - self.header_height, self.width, self.header_height, stroke=0, fill=1)
        tops: list[float] = []
        y = top - self.header_height
        for row in self.rows:
            tops.append(y)
            y -= self._height(row)
        if self.zebra:
            c.setFillColor(ZEBRA)
            for i in range(1, len(self.rows), 2):
                c.rect(0, tops[i] - self.row_height, self.width, self.row_height, stroke=0, fill=1)
        # All the text in one text object (canvas.drawString makes one a string: most of a big printout's
        # time); the font and colour set only when they change.
        text = c.beginText()
        self._font: tuple[str, float] = ("", 0.0)
        self._color: Any = None
        self._draw_header(text, lefts, top)
        for row, row_top in zip(self.rows, tops, strict=True):
            self._draw_row(text, row, lefts, row_top)
        c.drawText(text)
        self._draw_rules(lefts, top, tops)
        c.restoreState()

    def _set(self, text: PDFTextObject, font: str, size: float, color: Any = INK) -> None:
        """The font and colour of the cells that follow."""
        if (font, size) != self._font:
            text.setFont(font, size)
            self._font = (font, size)
        if color is not self._color:
            text.setFillColor(color)
            self._color = color

    def _draw_header(self, text: PDFTextObject, lefts: list[float], top: float) -> None:
        self._set(text, BOLD, self.header_size)
        lead = self.header_size * 1.2
        bottom = top - self.header_height + PAD_BOTTOM + (lead - self.header_size)
        for col, cell in enumerate(self.header):
            lines = cell.split("\n")
            for k, line in enumerate(lines):
                self._put(text, line, col, lefts, bottom + (len(lines) - 1 - k) * lead, BOLD)

    def _draw_row(self, text: PDFTextObject, row: GridRow, lefts: list[float], top: float) -> None:
        color = row.color or INK
        if row.note:
            self._set(text, OBLIQUE, 7, color)
            col = row.span[0] if row.span is not None else 0
            self._put(text, row.cells[col], -1, lefts, top - 7 * 1.2 + 1.2, "", x=lefts[col] + PAD_X)
            return
        base = top - PAD_TOP - self.size
        first, last = row.span or (-1, -1)
        for col, cell in enumerate(row.cells):
            if not cell or first < col <= last:
                continue
            font, size = row.fonts.get(col, SANS), self.sizes.get(col, self.size)
            self._set(text, font, size, color)
            if col == first:
                self._put(text, cell, col, lefts, base, font, size, x=lefts[col] + PAD_X)
            else:
                self._put(text, cell, col, lefts, base, font, size)

    def _put(
        self,
        text: PDFTextObject,
        cell: str,
        col: int,
        lefts: list[float],
        y: float,
        font: str,
        size: float = 0,
        *,
        x: float | None = None,
    ) -> None:
        """``cell`` in column ``col`` at height ``y`` (or at ``x``): numbers against the right, the rest
        against the left."""
        if x is None:
            x = lefts[col] + PAD_X
            if col in self.numeric:
                x = lefts[col] + self.widths[col] - PAD_X - _width(cell, font, size or self.header_size)
        # textOut, not textLine: textLine's move to a new line (T*) reads back as a line break after
        # every cell in the PDF's text.
        text.setTextOrigin(x, y)
        text.textOut(cell)

    def _draw_rules(self, lefts: list[float], top: float, tops: list[float]) -> None:
        c = self.canv
        c.setStrokeColor(INK)
        c.setLineWidth(0.8)
        head_bottom = top - self.header_height
        c.line(0, top, self.width, top)
        c.line(0, head_bottom, self.width, head_bottom)
        c.line(0, 0, self.width, 0)
        c.setStrokeColor(RULE)
        c.setLineWidth(0.3)
        for row, row_top in zip(self.rows, tops, strict=True):
            if row.note:
                c.line(0, row_top - self.note_height, self.width, row_top - self.note_height)
        if self.rules:
            c.setLineWidth(0.4)
            for col in self.rules:
                c.line(lefts[col], 0, lefts[col], top)


__all__ = ["Grid", "GridRow", "fitted_width"]
