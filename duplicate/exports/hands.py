"""A board's four hands drawn as a compass for the PDF printouts (the travellers and the hand records), with
the double-dummy tricks and the par where known; and the colours every printout shares."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import pgettext, pgettext_lazy
from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable

from duplicate.exports.fonts import BOLD, SANS
from duplicate.selectors.analyses import DoubleDummy
from duplicate.selectors.event_rows import SEAT_NAMES
from duplicate.selectors.travellers import HandDiagram

SUIT_FONT = SANS  # DejaVu Sans has the suit symbols
SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
RED = colors.HexColor("#b3122e")
INK = colors.HexColor("#1b1b1b")
RULE = colors.HexColor("#9a9a9a")
HEAD_BG = colors.HexColor("#e4e4e4")
ZEBRA = colors.HexColor("#f4f4f4")


def suit_font() -> str | None:
    """The font of the suit symbols (the printouts' own: it has them); None would print letters instead."""
    return SUIT_FONT


# The compass's letters (French writes O for West).
COMPASS = {
    "N": pgettext_lazy("compass point", "N"),
    "E": pgettext_lazy("compass point", "E"),
    "S": pgettext_lazy("compass point", "S"),
    "W": pgettext_lazy("compass point", "W"),
}


def _fitted(text: str, font: str, size: float, room: float) -> float:
    """``size``, or the smaller size at which ``text`` fits in ``room`` points."""
    width = stringWidth(text, font, size)
    return size if width <= room else size * room / width


class HandsFlowable(Flowable):
    """The four hands as a compass (North above, West and East beside, South below), the board's number and
    dealer top left; drawn straight on the canvas (paragraphs in nested tables are slow to lay out)."""

    def __init__(
        self,
        hands: HandDiagram,
        title: str,
        subtitle: str,
        *,
        width: float,
        size: float = 8,
        double_dummy: DoubleDummy | None = None,
    ) -> None:
        super().__init__()
        self.hands = hands
        self.double_dummy = double_dummy
        self.title = title
        self.subtitle = subtitle
        self.size = size
        self.lead = size * 1.22
        self.width = width
        self.height = self.lead * 15 + 2

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.width, self.height

    def _hand(self, x: float, top: float, seat: str) -> None:
        c = self.canv
        c.setFont(BOLD, self.size)
        c.setFillColor(INK)
        c.drawString(x, top - self.size, str(SEAT_NAMES[seat]))
        font = suit_font()
        for i, (suit, cards) in enumerate(self.hands.hands[seat], start=1):
            y = top - self.size - i * self.lead
            c.setFillColor(RED if suit in "HD" else INK)
            if font is None:
                c.setFont(BOLD, self.size)
                c.drawString(x, y, suit)
            else:
                c.setFont(font, self.size)
                c.drawString(x, y, SUIT_SYMBOLS[suit])
            c.setFillColor(INK)
            c.setFont(SANS, self.size)
            c.drawString(x + self.size * 1.15, y, cards)

    def draw(self) -> None:
        c = self.canv
        col = self.width / 3
        block = self.lead * 5
        top = self.height
        c.setFillColor(INK)
        room = (
            col - 3
        )  # the title and the dealer kept clear of North's hand (a longer word in some languages)
        c.setFont(BOLD, _fitted(self.title, BOLD, self.size * 1.6, room))
        c.drawString(0, top - self.size * 1.6, self.title)
        for i, line in enumerate(self.subtitle.split("\n")):  # the dealer; at contract, the vulnerability
            c.setFont(SANS, _fitted(line, SANS, self.size, room))
            c.drawString(0, top - self.size * 1.6 - self.lead * (1.2 + i), line)
        self._hand(col, top, "N")
        self._hand(0, top - block, "W")
        self._hand(2 * col, top - block, "E")
        self._hand(col, top - 2 * block, "S")
        # the compass between the hands
        bw, bh = min(col * 0.6, self.size * 6), block * 0.72
        bx, by = col + (col * 0.8 - bw) / 2, top - block - (block + bh) / 2
        c.setStrokeColor(RULE)
        c.setFillColor(ZEBRA)
        c.setLineWidth(0.6)
        c.rect(bx, by, bw, bh, stroke=1, fill=1)
        c.setFillColor(INK)
        c.setFont(BOLD, self.size * 0.85)
        mid = bx + bw / 2
        c.drawCentredString(mid, by + bh - self.size * 0.95, str(COMPASS["N"]))
        c.drawCentredString(mid, by + self.size * 0.3, str(COMPASS["S"]))
        c.drawString(bx + 2.5, by + bh / 2 - self.size * 0.3, str(COMPASS["W"]))
        c.drawRightString(bx + bw - 2.5, by + bh / 2 - self.size * 0.3, str(COMPASS["E"]))
        if self.double_dummy is not None:
            self._double_dummy(self.double_dummy, col, top - 2 * block)

    def _double_dummy(self, dd: DoubleDummy, col: float, top: float) -> None:
        """The tricks table in the corner right of South (seats down, NT and the suits across) and, for a
        contract event, the par in the corner left of South."""
        c, size = self.canv, self.size * 0.85
        lead = self.lead * 0.95
        cell = (col - size * 1.4) / 5
        font = suit_font()
        x0 = 2 * col
        c.setFillColor(INK)
        for i, head in enumerate(("NT", "S", "H", "D", "C")):
            x = x0 + size * 1.4 + cell * (i + 0.5)
            if head == "NT" or font is None:
                c.setFont(BOLD, size)
                c.drawCentredString(x, top - size, pgettext("no trumps", "NT") if head == "NT" else head)
            else:
                c.setFillColor(RED if head in "HD" else INK)
                c.setFont(font, size)
                c.drawCentredString(x, top - size, SUIT_SYMBOLS[head])
                c.setFillColor(INK)
        for row, (seat, tricks) in enumerate(dd.rows, start=1):
            y = top - size - row * lead
            c.setFont(BOLD, size)
            c.drawString(x0, y, seat)
            c.setFont(SANS, size)
            for i, n in enumerate(tricks):
                c.drawCentredString(x0 + size * 1.4 + cell * (i + 0.5), y, str(n))
        if dd.par_score is not None:
            c.setFont(BOLD, size)
            c.drawString(0, top - size, _("Par"))
            c.setFont(SANS, size)
            lines = [dd.par_display, *(dd.par_contracts or (_("passed out"),))][:4]
            for row, text in enumerate(lines, start=1):
                c.drawString(0, top - size - row * lead, text)


__all__ = [
    "COMPASS",
    "HEAD_BG",
    "INK",
    "RED",
    "RULE",
    "SUIT_SYMBOLS",
    "ZEBRA",
    "HandsFlowable",
    "suit_font",
]
