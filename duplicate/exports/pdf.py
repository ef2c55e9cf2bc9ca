"""PDF printouts (reportlab platypus): standings, travellers, score cards, table guide cards, hand records.

Writers take the plain rows of :mod:`duplicate.selectors.event_rows` and return bytes; they never query (except
:func:`standings_pdf` given bare standings, which reads the event once for its paper size and date).
Paper: A4 or US Letter, by ``Event.paper_size``.  Font: DejaVu Sans, shipped with the code and registered
in :mod:`duplicate.exports.fonts` (every name prints, and the suit symbols).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from typing import Any
from xml.sax.saxutils import escape

from reportlab import rl_config
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A4, landscape, letter
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from duplicate.exports.fonts import BOLD, OBLIQUE, SANS
from duplicate.exports.grid import Grid, GridRow
from duplicate.selectors.analyses import DoubleDummy
from duplicate.selectors.event_rows import (
    BoardRows,
    EventInfo,
    EventRows,
    StandingsRows,
)
from duplicate.selectors.standings import BEING_PLAYED_NOTE, PairStandings, TeamStandings
from duplicate.selectors.travellers import HandDiagram, PlayLine
from scoring.law77 import VULNERABLE_TEXT, board_vulnerability
from scoring.leads import lead_text

SUIT_FONT = SANS  # DejaVu Sans has the suit symbols
SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
RED = colors.HexColor("#b3122e")
INK = colors.HexColor("#1b1b1b")
RULE = colors.HexColor("#9a9a9a")
HEAD_BG = colors.HexColor("#e4e4e4")
ZEBRA = colors.HexColor("#f4f4f4")
PRINTOUTS = ("scorecards", "guide-cards", "hand-records")
MARGIN = 14 * mm
# Page streams compressed and kept binary: reportlab's ASCII85 encoding of them, in pure Python, took a tenth
# of a big printout's time for a file a quarter bigger.
rl_config.useA85 = 0


def suit_font() -> str | None:
    """The font of the suit symbols (the printouts' own: it has them); None would print letters instead."""
    return SUIT_FONT


def page_size(info: EventInfo) -> tuple[float, float]:
    return letter if info.paper_size == "letter" else A4


# --------------------------------------------------------------------------------------------- styles


def para_style(
    name: str, size: float, *, bold: bool = False, lead: float | None = None, **kw: Any
) -> ParagraphStyle:
    kw.setdefault("textColor", INK)
    return ParagraphStyle(
        name,
        fontName=BOLD if bold else SANS,
        fontSize=size,
        leading=lead or size * 1.22,
        **kw,
    )


TITLE = para_style("kz-title", 17, bold=True, spaceAfter=2)
H2 = para_style("kz-h2", 12.5, bold=True, spaceBefore=8, spaceAfter=4)
SUB = para_style("kz-sub", 9, textColor=colors.HexColor("#444444"), spaceAfter=6)
BODY = para_style("kz-body", 9)
NOTE = para_style("kz-note", 7.5, textColor=colors.HexColor("#444444"), spaceBefore=3)
CELL = para_style("kz-cell", 8)
HAND = para_style("kz-hand", 8.5, lead=10.5)
CENTER = para_style("kz-center", 8, alignment=TA_CENTER)
BANNER = para_style("kz-banner", 10, bold=True, textColor=RED)


def p(text: str, style: ParagraphStyle = CELL) -> Paragraph:
    return Paragraph(escape(text), style)


def fit(text: str, width: float, size: float = 8, font: str = SANS) -> str:
    """Plain text cut to a column's width (plain strings draw far faster than paragraphs)."""
    text = text or ""
    room = width - 6
    if stringWidth(text, font, size) <= room:
        return text
    while text and stringWidth(text + "…", font, size) > room:
        text = text[:-1]
    return text.rstrip() + "…"


def data_table(
    rows: Sequence[Sequence[Any]],
    widths: Sequence[float],
    *,
    numeric: Sequence[int] = (),
    extra: Sequence[tuple[Any, ...]] = (),
    size: float = 8,
    zebra: bool = True,
    repeat: int = 1,
) -> Table:
    """A header row (bold, shaded, repeated on each page) and the data, numbers right-aligned."""
    table = Table([list(row) for row in rows], colWidths=list(widths), repeatRows=repeat)
    style: list[tuple[Any, ...]] = [
        ("FONT", (0, 0), (-1, -1), SANS, size),
        ("FONT", (0, 0), (-1, 0), BOLD, size),
        ("BACKGROUND", (0, 0), (-1, 0), HEAD_BG),
        ("LINEABOVE", (0, 0), (-1, 0), 0.8, INK),
        ("LINEBELOW", (0, 0), (-1, 0), 0.8, INK),
        ("LINEBELOW", (0, -1), (-1, -1), 0.8, INK),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 1.6),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2.2),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
    ]
    for col in numeric:
        style.append(("ALIGN", (col, 0), (col, -1), "RIGHT"))
    if zebra:
        for i in range(2, len(rows), 2):
            style.append(("BACKGROUND", (0, i), (-1, i), ZEBRA))
    style.extend(extra)
    table.setStyle(TableStyle(style))
    return table


# ------------------------------------------------------------------------------------------- document


FOOTER_MARK_ROOM = stringWidth("PROVISIONAL", BOLD, 8) / 2 + 8


def footer_text(name: str, what: str, page_width: float) -> str:
    """The footer's left part, "<event name> · <what>", the name cut short (…) so that it ends before the
    middle, where the mark ("PROVISIONAL", "Final") is printed: every PDF's footer is drawn from it."""
    room = page_width / 2 - MARGIN - FOOTER_MARK_ROOM
    tail = f" · {what}"
    return fit(name, room - stringWidth(tail, SANS, 7) + 6, 7) + tail


def _footer(info: EventInfo, what: str, mark: str) -> Callable[[Any, Any], None]:
    def draw(canvas: Any, doc: Any) -> None:
        width, _height = doc.pagesize
        canvas.saveState()
        canvas.setFont(SANS, 7)
        canvas.setFillColor(colors.HexColor("#555555"))
        canvas.drawString(MARGIN, 8 * mm, footer_text(info.name, what, width))
        canvas.drawRightString(width - MARGIN, 8 * mm, f"page {doc.page}  ·  Kalamazoo")
        if mark:
            canvas.setFont(BOLD, 8)
            canvas.setFillColor(RED)
            canvas.drawCentredString(width / 2, 8 * mm, mark)
        canvas.restoreState()

    return draw


def build(info: EventInfo, what: str, story: list[Flowable], *, mark: str = "", wide: bool = False) -> bytes:
    """The PDF of ``story`` with the footer; ``wide``: the paper turned landscape."""
    buf = io.BytesIO()
    doc = SimpleDocTemplate(
        buf,
        pagesize=landscape(page_size(info)) if wide else page_size(info),
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN + 3 * mm,
        title=f"{info.name}: {what}",
        author="Kalamazoo",
        subject=what,
        creator="Kalamazoo",
        initialFontName=SANS,  # each page's starting font too: no standard (Latin-1) font in the file
    )
    if not story:
        story = [p("Nothing to print yet.", BODY)]
    footer = _footer(info, what, mark)
    doc.build(story, onFirstPage=footer, onLaterPages=footer)
    return buf.getvalue()


def frame_width(info: EventInfo) -> float:
    return page_size(info)[0] - 2 * MARGIN


def heading(info: EventInfo, title: str, provisional: str = "") -> list[Flowable]:
    out: list[Flowable] = [Paragraph(escape(title), TITLE), p(f"{info.name} · {info.subtitle}", SUB)]
    if provisional:
        out.append(_banner(provisional))
    return out


def _banner(text: str) -> Table:
    table = Table([[Paragraph(f"PROVISIONAL <font size=8 color='#333333'>({escape(text)})</font>", BANNER)]])
    table.setStyle(
        TableStyle(
            [
                ("BOX", (0, 0), (-1, -1), 1, RED),
                ("LEFTPADDING", (0, 0), (-1, -1), 5),
                ("TOPPADDING", (0, 0), (-1, -1), 3),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
            ]
        )
    )
    return table


def side_text(side: str) -> str:
    return "N-S" if side == "NS" else "E-W"


def dealer_lines(info: EventInfo, board: BoardRows) -> tuple[str, ...]:
    """What a printed board says under its number: its dealer and, at contract bridge, its vulnerability
    (law 2: the board's own where stored, else its number's in the 16-board cycle). The historic codes have
    no vulnerability."""
    dealer = f"Dealer {board.dealer_name}"
    if not info.unit:
        return (dealer,)
    return dealer, VULNERABLE_TEXT[board_vulnerability(board.number, board.vulnerability)]


# ------------------------------------------------------------------------------------------ standings


def standings_pdf(rows: StandingsRows) -> bytes:
    """The standings: each ranking (N-S, E-W, or all pairs), or a team match with its tables."""
    info, standings = rows.info, rows.standings
    story = heading(
        info, "Team match" if isinstance(standings, TeamStandings) else "Standings", rows.provisional_text
    )
    if isinstance(standings, PairStandings):
        story.extend(_pair_standings(info, standings))
    else:
        story.extend(team_standings_story(info, standings))
    mark = "PROVISIONAL" if rows.provisional else "Final"
    return build(info, "standings", story, mark=mark)


def _pair_standings(info: EventInfo, st: PairStandings) -> list[Flowable]:
    story: list[Flowable] = []
    width = frame_width(info)
    if not st.rankings:
        return [Spacer(1, 8), p("No results yet: the standings appear as the results are entered.", BODY)]
    names = [r.title for r in st.rankings]
    how = "one ranking" if len(names) == 1 else f"{len(names)} rankings: {', '.join(names)}"
    story.append(p(f"Each pair compared with the pairs who held the same cards (law H); {how}.", NOTE))
    # Law H's net and plus/minus; a contract contest's total and percentage, or (IMPs: both the total and what
    # the pairs are ranked by) its total once.
    headings = st.described.headings
    net, plus_minus = (headings.total, headings.percentage) if st.described.unit else ("Net", "Plus/minus")
    once = not plus_minus
    plus_minus = plus_minus or net
    fixed: list[float] = [32, 34, 0, 40, 52, 58, 96]
    if once:
        del fixed[4]
    fixed[2] = names_width = width - sum(fixed)
    for ranking in st.rankings:
        head = ["Rank", "Pair", "Players", "Boards", net, plus_minus, ""]
        data: list[list[Any]] = [head]
        for row in ranking.rows:
            data.append(
                [
                    str(row.rank),
                    str(row.pair.label),
                    fit(row.pair.names or "—", names_width, 9),
                    str(row.boards),
                    row.net_display,
                    row.plus_minus_display,
                    "by the fraction of a point" if row.by_fraction else "",
                ]
            )
        if once:
            for line in data:
                del line[4]
        figure = 5 - once  # the bold column: the figure the ranking is by
        extra = [
            ("FONT", (0, 1), (-1, -1), SANS, 9),
            ("FONT", (figure, 1), (figure, -1), BOLD, 9),
            ("FONT", (figure + 1, 1), (figure + 1, -1), OBLIQUE, 7.5),
        ]
        numeric = (0, 1, 3, 4) if once else (0, 1, 3, 4, 5)
        story.append(
            KeepTogether(
                [p(ranking.title, H2), data_table(data, fixed, numeric=numeric, extra=extra, size=9)]
            )
        )
        if ranking.by_fraction:
            story.append(
                p(
                    "Places marked were won by the fraction of a point: the rounded plus/minus is equal, "
                    "the exact one is not.",
                    NOTE,
                )
            )
    contract = bool(st.described.unit)
    story.append(
        p(
            "Matchpoints, IMPs and percentages are shown to two decimals and ranked on their exact values. "
            "Equal exact scores share a place."
            if contract
            else "Plus/minus is shown as the nearest whole number; the fraction is shown only where it decides "
            "a place. Equal exact scores share a place.",
            NOTE,
        )
    )
    return story


def team_standings_story(info: EventInfo, st: TeamStandings) -> list[Flowable]:
    """A team match's standings: who won, the tables, each team's pairs (the standings PDF and the match PDF)."""
    width = frame_width(info)
    if not st.teams:
        return [Spacer(1, 8), p("No results yet: the match score appears as the results are entered.", BODY)]
    story: list[Flowable] = []
    if st.winner:
        verb = "lead" if st.provisional else "won"
        how = " by the fraction of a point" if st.by_fraction else ""
        line = f"<b>{escape(st.winner)}</b> {verb}{how}."
    else:
        line = "The match is <b>tied</b>."
    story.append(Paragraph(line, para_style("kz-winner", 12, spaceBefore=4, spaceAfter=4)))
    story.append(p("Tables", H2))
    data: list[list[Any]] = [["Table", "N-S pair", "Team", "Score", "E-W pair", "Team", "Score"]]
    for t in st.tables:
        data.append(
            [
                str(t.table),
                p(f"{t.ns.label}  {t.ns.names}"),
                p(t.ns.team or ""),
                t.ns_display,
                p(f"{t.ew.label}  {t.ew.names}"),
                p(t.ew.team or ""),
                t.ew_display,
            ]
        )
    rest = width - 36 - 2 * 50
    story.append(
        data_table(data, [36, rest * 0.32, rest * 0.18, 50, rest * 0.32, rest * 0.18, 50], numeric=(0, 3, 6))
    )
    for team in st.teams:
        data = [["Pair", "Players", "Seated", "Boards", "Score"]]
        extra: list[tuple[Any, ...]] = []
        for line_ in team.pairs:
            data.append(
                [
                    str(line_.pair.label),
                    p(line_.pair.names or "—"),
                    side_text(line_.direction),
                    str(line_.boards),
                    line_.net_display,
                ]
            )
        if team.odd_pair_average is not None:
            seated = "E-W" if team.odd_direction == "NS" else "N-S"
            times = f" ({team.extra_pairs} times)" if team.extra_pairs > 1 else ""
            data.append(
                [
                    "",
                    p(
                        f"Odd pair: the average score of all pairs seated {seated}, added as though "
                        f"won{times} (law G)"
                    ),
                    "",
                    "",
                    team.odd_pair_average_display or "",
                ]
            )
            n = len(data) - 1
            extra += [("SPAN", (1, n), (3, n)), ("FONT", (0, n), (-1, n), OBLIQUE, 8.5)]
        data.append(["", "Total", "", "", team.total_display])
        n = len(data) - 1
        extra += [
            ("FONT", (0, n), (-1, n), BOLD, 9.5),
            ("LINEABOVE", (0, n), (-1, n), 0.8, INK),
            ("SPAN", (1, n), (3, n)),
            ("FONT", (0, 1), (-1, n - 1), SANS, 9),
        ]
        story.append(
            KeepTogether(
                [
                    p(team.name, H2),
                    data_table(
                        data,
                        [40, width - 40 - 50 - 44 - 60, 50, 44, 60],
                        numeric=(0, 3, 4),
                        extra=extra,
                        size=9,
                    ),
                ]
            )
        )
    story.append(
        p(
            "Averages are shown as the nearest whole number unless the fraction is needed to avoid a tie, when "
            'the match is won "by the fraction of a point" (law G).',
            NOTE,
        )
    )
    return story


# ----------------------------------------------------------------------------------------- hand diagrams


SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}


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
        c.drawString(x, top - self.size, SEAT_NAMES[seat])
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
        c.setFont(BOLD, self.size * 1.6)
        c.drawString(0, top - self.size * 1.6, self.title)
        c.setFont(SANS, self.size)
        for i, line in enumerate(self.subtitle.split("\n")):  # the dealer; at contract, the vulnerability
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
        c.drawCentredString(mid, by + bh - self.size * 0.95, "N")
        c.drawCentredString(mid, by + self.size * 0.3, "S")
        c.drawString(bx + 2.5, by + bh / 2 - self.size * 0.3, "W")
        c.drawRightString(bx + bw - 2.5, by + bh / 2 - self.size * 0.3, "E")
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
                c.drawCentredString(x, top - size, head)
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
            c.drawString(0, top - size, "Par")
            c.setFont(SANS, size)
            lines = [dd.par_display, *(dd.par_contracts or ("passed out",))][:4]
            for row, text in enumerate(lines, start=1):
                c.drawString(0, top - size - row * lead, text)


# ------------------------------------------------------------------------------------------- travellers


def _contract_traveller_table(info: EventInfo, board: BoardRows) -> Grid:
    """A contract event's traveller: each result, its law 77 scores and each side's matchpoints or IMPs on
    the board (a team match's swing), law 77 having no honours: no trick and honour columns; the opening
    lead after the tricks while the event enters leads or a line has one."""
    unit = info.unit
    leads = info.lead_cards or any(line.lead for line in board.lines)
    head = [
        *("Rd", "Tbl", "N-S", "E-W", "Contract", "By", "Tricks", *(("Lead",) if leads else ())),
        *("N-S\nscore", "E-W\nscore", f"N-S\n{unit}", f"E-W\n{unit}"),
    ]
    fixed: list[float] = [17, 17, 22, 22, 0, 15, 27, *((22,) if leads else ()), 48, 48, 52, 52]
    fixed[4] = max(40, frame_width(info) - sum(fixed))
    rows: list[GridRow] = []
    for line in board.lines:
        span: tuple[int, int] | None = None
        if line.played and line.contract:
            passed = line.contract == "PASS"
            tricks = "" if passed or line.tricks is None else str(line.tricks)
            cells = ["passed out" if passed else line.contract, "" if passed else line.declarer, tricks]
            span = (4, 6) if passed else None
        else:  # law 12C2's artificial score, or not played yet
            cells, span = [fit(line.status, sum(fixed[4:7]), 7.5), "", ""], (4, 6)
        if leads:
            cells.append(lead_text(line.lead) if line.lead else "")
        cells = [
            *(str(line.round), str(line.table), str(line.ns.label), str(line.ew.label), *cells),
            *(line.ns_score_display, line.ew_score_display),
            *(line.ns_plus_minus_display, line.ew_plus_minus_display),
        ]
        rows.append(GridRow(cells, span=span, color=None if line.entered else colors.HexColor("#777777")))
    shift = 1 if leads else 0
    numeric = (0, 1, 2, 3, 6, *(n + shift for n in (7, 8, 9, 10)))
    return Grid(
        head, rows, fixed, numeric=numeric, size=7.5, header_size=7, zebra=False, rules=(7 + shift, 9 + shift)
    )


def _traveller_table(info: EventInfo, board: BoardRows) -> Grid:
    if info.unit:
        return _contract_traveller_table(info, board)
    width = frame_width(info)
    rows: list[GridRow] = []
    if info.whist:
        head = ["Rd", "Tbl", "N-S", "E-W", "Result", "N-S score", "E-W score", "N-S +/-", "E-W +/-"]
        fixed: list[float] = [22, 22, 30, 30, 0, 56, 56, 56, 56]
        fixed[4] = width - sum(fixed)
        for line in board.lines:
            cells = [
                *(str(line.round), str(line.table), str(line.ns.label), str(line.ew.label)),
                fit(line.status, fixed[4]),
                *(line.ns_score_display, line.ew_score_display),
                *(line.ns_plus_minus_display, line.ew_plus_minus_display),
            ]
            rows.append(GridRow(cells))
            _marks_row(rows, line, len(head))
        return Grid(head, rows, fixed, numeric=(0, 1, 2, 3, 5, 6, 7, 8), zebra=False)
    head = [
        *("Rd", "Tbl", "N-S", "E-W", "Contract", "By", "Tricks"),
        *("N-S\ntricks", "N-S\nhonours", "E-W\ntricks", "E-W\nhonours"),
        *("N-S\nscore", "E-W\nscore", "N-S\n+/-", "E-W\n+/-"),
    ]
    fixed = [17, 17, 22, 22, 0, 15, 27, 28, 34, 28, 34, 48, 48, 52, 52]
    fixed[4] = max(40, width - sum(fixed))
    grey = colors.HexColor("#777777")
    for line in board.lines:
        span: tuple[int, int] | None = None
        color = None
        if line.played and line.contract:
            passed = line.contract == "PASS"
            cells = [
                "passed out" if passed else line.contract,
                "" if passed else line.declarer,
                "" if passed or line.tricks is None else str(line.tricks),
                *(str(line.ns_trick), str(line.ns_honour), str(line.ew_trick), str(line.ew_honour)),
            ]
            span = (4, 6) if passed else None
        else:
            cells = [fit(line.status, sum(fixed[4:11]), 7.5), "", "", "", "", "", ""]
            span = (4, 10)
            color = None if line.entered else grey
        cells = [
            *(str(line.round), str(line.table), str(line.ns.label), str(line.ew.label)),
            *cells,
            *(line.ns_score_display, line.ew_score_display),
            *(line.ns_plus_minus_display, line.ew_plus_minus_display),
        ]
        rows.append(GridRow(cells, span=span, color=color))
        _marks_row(rows, line, len(head), ruling=False)
    numeric = (0, 1, 2, 3, 6, 7, 8, 9, 10, 11, 12, 13, 14)
    return Grid(head, rows, fixed, numeric=numeric, size=7.5, header_size=7, zebra=False, rules=(7, 11, 13))


def _marks_row(rows: list[GridRow], line: PlayLine, cols: int, ruling: bool = True) -> None:
    """Under a result with penalties (or, at whist, a ruling), a spanning line naming them with their law."""
    text = line.marks if ruling else line.penalty_text
    if text:
        rows.append(GridRow(["", "", f"Marked: {text}"] + [""] * (cols - 3), span=(2, cols - 1), note=True))


def _board_figure(info: EventInfo, board: BoardRows) -> str:
    """A contract board's own figure before the contest's note, as the traveller page shows it: Butler's
    datum and how it was worked out ("Datum: <b>-330</b> (mean of 8 results, ...) · "); "" for none."""
    heading = info.described.headings.board
    if not heading:
        return ""
    rule = f" ({escape(board.datum_rule)})" if board.datum_rule else ""
    return f"{escape(heading)}: <b>{escape(board.datum or '—')}</b>{rule} · "


def _traveller(info: EventInfo, board: BoardRows) -> list[Flowable]:
    width = frame_width(info)
    head: Flowable
    if board.diagram is not None:
        head = HandsFlowable(
            board.diagram,
            f"Board {board.number}",
            "\n".join(dealer_lines(info, board)),
            width=min(width, 330),
            size=7.5,
        )
    else:
        head = Paragraph(
            f"<font size=14><b>Board {board.number}</b></font><br/>{' · '.join(dealer_lines(info, board))} "
            f"<font color='#666666'>({BEING_PLAYED_NOTE if board.in_play else 'hands not recorded'})</font>",
            para_style("kz-th", 9, lead=15),
        )
    averages = (
        f"Average: N-S <b>{escape(board.ns_average_shown or '—')}</b> · "
        f"E-W <b>{escape(board.ew_average_shown or '—')}</b>"
        " <font color='#555555'>(of the scores made; rulings under law B(3) take their score from them)</font>"
        if not info.unit
        else _board_figure(info, board) + str(info.described.note)
    )
    return [
        KeepTogether([head, Spacer(1, 3), _traveller_table(info, board), Paragraph(averages, NOTE)]),
        Spacer(1, 10),
    ]


def travellers_pdf(rows: EventRows) -> bytes:
    """One traveller per board, several to a page when they fit."""
    info = rows.info
    story: list[Flowable] = heading(info, "Travellers", rows.provisional_text)
    for board in rows.boards:
        story.extend(_traveller(info, board))
    return build(info, "travellers", story, mark="PROVISIONAL" if rows.progress.provisional else "")


__all__ = ["PRINTOUTS", "build", "data_table", "standings_pdf", "team_standings_story", "travellers_pdf"]
