"""PDF printouts (reportlab platypus): standings, travellers, score cards, table guide cards, hand records.

Writers take the plain rows of :mod:`duplicate.exports.rows` and return bytes; they never query (except
:func:`standings_pdf` given bare standings, which reads the event once for its paper size and date).
Paper: A4 or US Letter, by ``Event.paper_size``.  Fonts: Helvetica; the suit symbols come from DejaVu Sans
when the system has it, and are printed as the letters S H D C otherwise.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A4, letter
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import (
    CondPageBreak,
    Flowable,
    KeepTogether,
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from duplicate.exports.rows import (
    BoardRows,
    EventInfo,
    EventRows,
    GuideCard,
    StandingsRows,
    event_info,
)
from duplicate.models import Event
from duplicate.selectors.standings import BEING_PLAYED_NOTE, PairStandings, TeamStandings
from duplicate.selectors.travellers import HandDiagram, PlayLine, ScoreCard

DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
SUIT_FONT = "KalamazooSuits"
SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
RED = colors.HexColor("#b3122e")
INK = colors.HexColor("#1b1b1b")
RULE = colors.HexColor("#9a9a9a")
HEAD_BG = colors.HexColor("#e4e4e4")
ZEBRA = colors.HexColor("#f4f4f4")
PRINTOUTS = ("scorecards", "guide-cards", "hand-records")
MARGIN = 14 * mm


@cache
def suit_font() -> str | None:
    """Register DejaVu Sans for the suit symbols once; None when the font is not on this system."""
    if not DEJAVU.exists():
        return None
    try:
        pdfmetrics.registerFont(TTFont(SUIT_FONT, str(DEJAVU)))
    except Exception:  # pragma: no cover - an unreadable font file: fall back to letters
        return None
    return SUIT_FONT


def suit_markup(suit: str) -> str:
    font = suit_font()
    colour = "#b3122e" if suit in "HD" else "#000000"
    if font is None:
        return f'<font color="{colour}"><b>{suit}</b></font>'
    return f'<font name="{font}" color="{colour}">{SUIT_SYMBOLS[suit]}</font>'


def page_size(info: EventInfo) -> tuple[float, float]:
    return letter if info.paper_size == "letter" else A4


# --------------------------------------------------------------------------------------------- styles


def _style(
    name: str, size: float, *, bold: bool = False, lead: float | None = None, **kw: Any
) -> ParagraphStyle:
    kw.setdefault("textColor", INK)
    return ParagraphStyle(
        name,
        fontName="Helvetica-Bold" if bold else "Helvetica",
        fontSize=size,
        leading=lead or size * 1.22,
        **kw,
    )


TITLE = _style("kz-title", 17, bold=True, spaceAfter=2)
H2 = _style("kz-h2", 12.5, bold=True, spaceBefore=8, spaceAfter=4)
H3 = _style("kz-h3", 11, bold=True)
SUB = _style("kz-sub", 9, textColor=colors.HexColor("#444444"), spaceAfter=6)
BODY = _style("kz-body", 9)
SMALL = _style("kz-small", 7.5)
NOTE = _style("kz-note", 7.5, textColor=colors.HexColor("#444444"), spaceBefore=3)
CELL = _style("kz-cell", 8)
CELL_SMALL = _style("kz-cell-small", 7)
HAND = _style("kz-hand", 8.5, lead=10.5)
HAND_BIG = _style("kz-hand-big", 9.5, lead=11.5)
CENTER = _style("kz-center", 8, alignment=TA_CENTER)
BANNER = _style("kz-banner", 10, bold=True, textColor=RED)


def p(text: str, style: ParagraphStyle = CELL) -> Paragraph:
    return Paragraph(escape(text), style)


def fit(text: str, width: float, size: float = 8, font: str = "Helvetica") -> str:
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
    table = Table(list(rows), colWidths=list(widths), repeatRows=repeat)
    style: list[tuple[Any, ...]] = [
        ("FONT", (0, 0), (-1, -1), "Helvetica", size),
        ("FONT", (0, 0), (-1, 0), "Helvetica-Bold", size),
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


def _footer(info: EventInfo, what: str, mark: str) -> Callable[[Any, Any], None]:
    def draw(canvas: Any, doc: Any) -> None:
        width, _height = doc.pagesize
        canvas.saveState()
        canvas.setFont("Helvetica", 7)
        canvas.setFillColor(colors.HexColor("#555555"))
        canvas.drawString(MARGIN, 8 * mm, f"{info.name} · {what}")
        canvas.drawRightString(width - MARGIN, 8 * mm, f"page {doc.page}  ·  Kalamazoo")
        if mark:
            canvas.setFont("Helvetica-Bold", 8)
            canvas.setFillColor(RED)
            canvas.drawCentredString(width / 2, 8 * mm, mark)
        canvas.restoreState()

    return draw


def build(info: EventInfo, what: str, story: list[Flowable], *, mark: str = "") -> bytes:
    buf = io.BytesIO()
    doc = SimpleDocTemplate(
        buf,
        pagesize=page_size(info),
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN + 3 * mm,
        title=f"{info.name}: {what}",
        author="Kalamazoo",
        subject=what,
        creator="Kalamazoo",
    )
    if not story:
        story = [p("Nothing to print yet.", BODY)]
    footer = _footer(info, what, mark)
    doc.build(story, onFirstPage=footer, onLaterPages=footer)
    return buf.getvalue()


def frame_width(info: EventInfo) -> float:
    return page_size(info)[0] - 2 * MARGIN


def _heading(info: EventInfo, title: str, provisional: str = "") -> list[Flowable]:
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


def _side(side: str) -> str:
    return "N-S" if side == "NS" else "E-W"


# ------------------------------------------------------------------------------------------ standings


def standings_pdf(st: StandingsRows | PairStandings | TeamStandings, *, event: Any = None) -> bytes:
    """The standings: each ranking (N-S, E-W, or all pairs), or a team match with its tables."""
    rows = _standings_rows(st, event)
    info, standings = rows.info, rows.standings
    story = _heading(
        info, "Team match" if isinstance(standings, TeamStandings) else "Standings", rows.provisional_text
    )
    if isinstance(standings, PairStandings):
        story.extend(_pair_standings(info, standings))
    else:
        story.extend(_team_standings(info, standings))
    mark = "PROVISIONAL" if rows.provisional else "Final"
    return build(info, "standings", story, mark=mark)


def _standings_rows(st: StandingsRows | PairStandings | TeamStandings, event: Any) -> StandingsRows:
    if isinstance(st, StandingsRows):
        return st
    if event is None:
        event = Event.objects.get(pk=st.event_id)
    return StandingsRows(event_info(event), st)


def _pair_standings(info: EventInfo, st: PairStandings) -> list[Flowable]:
    story: list[Flowable] = []
    width = frame_width(info)
    if not st.rankings:
        return [Spacer(1, 8), p("No results yet: the standings appear as the results are entered.", BODY)]
    names = [r.title for r in st.rankings]
    how = "one ranking" if len(names) == 1 else f"{len(names)} rankings: {', '.join(names)}"
    story.append(p(f"Each pair compared with the pairs who held the same cards (law H); {how}.", NOTE))
    fixed = [32, 34, 0, 40, 52, 58, 96]
    fixed[2] = names_width = width - sum(fixed)
    for ranking in st.rankings:
        head = ["Rank", "Pair", "Players", "Boards", "Net", "Plus/minus", ""]
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
        extra = [
            ("FONT", (0, 1), (-1, -1), "Helvetica", 9),
            ("FONT", (5, 1), (5, -1), "Helvetica-Bold", 9),
            ("FONT", (6, 1), (6, -1), "Helvetica-Oblique", 7.5),
        ]
        story.append(
            KeepTogether(
                [p(ranking.title, H2), data_table(data, fixed, numeric=(0, 1, 3, 4, 5), extra=extra, size=9)]
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
    story.append(
        p(
            "Plus/minus is shown as the nearest whole number; the fraction is shown only where it decides a "
            "place. Equal exact scores share a place.",
            NOTE,
        )
    )
    return story


def _team_standings(info: EventInfo, st: TeamStandings) -> list[Flowable]:
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
    story.append(Paragraph(line, _style("kz-winner", 12, spaceBefore=4, spaceAfter=4)))
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
                    _side(line_.direction),
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
            extra += [("SPAN", (1, n), (3, n)), ("FONT", (0, n), (-1, n), "Helvetica-Oblique", 8.5)]
        data.append(["", "Total", "", "", team.total_display])
        n = len(data) - 1
        extra += [
            ("FONT", (0, n), (-1, n), "Helvetica-Bold", 9.5),
            ("LINEABOVE", (0, n), (-1, n), 0.8, INK),
            ("SPAN", (1, n), (3, n)),
            ("FONT", (0, 1), (-1, n - 1), "Helvetica", 9),
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
        self, hands: HandDiagram, title: str, subtitle: str, *, width: float, size: float = 8
    ) -> None:
        super().__init__()
        self.hands = hands
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
        c.setFont("Helvetica-Bold", self.size)
        c.setFillColor(INK)
        c.drawString(x, top - self.size, SEAT_NAMES[seat])
        font = suit_font()
        for i, (suit, cards) in enumerate(self.hands.hands[seat], start=1):
            y = top - self.size - i * self.lead
            c.setFillColor(RED if suit in "HD" else INK)
            if font is None:
                c.setFont("Helvetica-Bold", self.size)
                c.drawString(x, y, suit)
            else:
                c.setFont(font, self.size)
                c.drawString(x, y, SUIT_SYMBOLS[suit])
            c.setFillColor(INK)
            c.setFont("Helvetica", self.size)
            c.drawString(x + self.size * 1.15, y, cards)

    def draw(self) -> None:
        c = self.canv
        col = self.width / 3
        block = self.lead * 5
        top = self.height
        c.setFillColor(INK)
        c.setFont("Helvetica-Bold", self.size * 1.6)
        c.drawString(0, top - self.size * 1.6, self.title)
        c.setFont("Helvetica", self.size)
        c.drawString(0, top - self.size * 1.6 - self.lead * 1.2, self.subtitle)
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
        c.setFont("Helvetica-Bold", self.size * 0.85)
        mid = bx + bw / 2
        c.drawCentredString(mid, by + bh - self.size * 0.95, "N")
        c.drawCentredString(mid, by + self.size * 0.3, "S")
        c.drawString(bx + 2.5, by + bh / 2 - self.size * 0.3, "W")
        c.drawRightString(bx + bw - 2.5, by + bh / 2 - self.size * 0.3, "E")


# ------------------------------------------------------------------------------------------- travellers


def _traveller_table(info: EventInfo, board: BoardRows) -> Table:
    width = frame_width(info)
    extra: list[tuple[Any, ...]] = []
    if info.whist:
        head = ["Rd", "Tbl", "N-S", "E-W", "Result", "N-S score", "E-W score", "N-S +/-", "E-W +/-"]
        fixed = [22, 22, 30, 30, 0, 56, 56, 56, 56]
        fixed[4] = width - sum(fixed)
        data: list[list[Any]] = [head]
        for line in board.lines:
            data.append(
                [
                    str(line.round),
                    str(line.table),
                    str(line.ns.label),
                    str(line.ew.label),
                    fit(line.status, fixed[4]),
                    line.ns_score_display,
                    line.ew_score_display,
                    line.ns_plus_minus_display,
                    line.ew_plus_minus_display,
                ]
            )
            _marks_row(data, extra, line, len(head))
        return data_table(data, fixed, numeric=(0, 1, 2, 3, 5, 6, 7, 8), extra=extra, zebra=False)
    head = [
        "Rd",
        "Tbl",
        "N-S",
        "E-W",
        "Contract",
        "By",
        "Tricks",
        "N-S\ntricks",
        "N-S\nhonours",
        "E-W\ntricks",
        "E-W\nhonours",
        "N-S\nscore",
        "E-W\nscore",
        "N-S\n+/-",
        "E-W\n+/-",
    ]
    fixed = [17, 17, 22, 22, 0, 15, 27, 28, 34, 28, 34, 48, 48, 52, 52]
    fixed[4] = max(40, width - sum(fixed))
    data = [head]
    for line in board.lines:
        n = len(data)
        if line.played and line.contract:
            passed = line.contract == "PASS"
            cells = [
                "passed out" if passed else line.contract,
                "" if passed else line.declarer,
                "" if passed or line.tricks is None else str(line.tricks),
                str(line.ns_trick),
                str(line.ns_honour),
                str(line.ew_trick),
                str(line.ew_honour),
            ]
            if passed:
                extra.append(("SPAN", (4, n), (6, n)))
        else:
            cells = [fit(line.status, sum(fixed[4:11]), 7.5), "", "", "", "", "", ""]
            extra.append(("SPAN", (4, n), (10, n)))
            if not line.entered:
                extra.append(("TEXTCOLOR", (0, n), (-1, n), colors.HexColor("#777777")))
        data.append(
            [
                str(line.round),
                str(line.table),
                str(line.ns.label),
                str(line.ew.label),
                *cells,
                line.ns_score_display,
                line.ew_score_display,
                line.ns_plus_minus_display,
                line.ew_plus_minus_display,
            ]
        )
        _marks_row(data, extra, line, len(head), ruling=False)
    extra += [("VALIGN", (0, 0), (-1, 0), "BOTTOM"), ("FONT", (0, 0), (-1, 0), "Helvetica-Bold", 7)]
    extra += [("LINEBEFORE", (col, 0), (col, -1), 0.4, RULE) for col in (7, 11, 13)]
    return data_table(
        data, fixed, numeric=(0, 1, 2, 3, 6, 7, 8, 9, 10, 11, 12, 13, 14), extra=extra, size=7.5, zebra=False
    )


def _marks_row(
    data: list[list[Any]], extra: list[tuple[Any, ...]], line: PlayLine, cols: int, ruling: bool = True
) -> None:
    """Under a result with penalties (or, at whist, a ruling), a spanning line naming them with their law."""
    text = line.marks if ruling else line.penalty_text
    if not text:
        return
    n = len(data)
    data.append(["", "", f"Marked: {text}"] + [""] * (cols - 3))
    extra.append(("SPAN", (2, n), (cols - 1, n)))
    extra.append(("FONT", (2, n), (2, n), "Helvetica-Oblique", 7))
    extra.append(("ALIGN", (2, n), (2, n), "LEFT"))
    extra.append(("LINEBELOW", (0, n), (-1, n), 0.3, RULE))
    extra.append(("TOPPADDING", (0, n), (-1, n), 0))


def _traveller(info: EventInfo, board: BoardRows) -> list[Flowable]:
    width = frame_width(info)
    head: Flowable
    if board.diagram is not None:
        head = HandsFlowable(
            board.diagram,
            f"Board {board.number}",
            f"Dealer {board.dealer_name}",
            width=min(width, 330),
            size=7.5,
        )
    else:
        head = Paragraph(
            f"<font size=14><b>Board {board.number}</b></font><br/>Dealer {board.dealer_name} "
            f"<font color='#666666'>({BEING_PLAYED_NOTE if board.in_play else 'hands not recorded'})</font>",
            _style("kz-th", 9, lead=15),
        )
    averages = (
        f"Average: N-S <b>{escape(board.ns_average_display or '—')}</b> · "
        f"E-W <b>{escape(board.ew_average_display or '—')}</b>"
        " <font color='#555555'>(of the scores made; rulings under law B(3) take their score from them)</font>"
    )
    return [
        KeepTogether([head, Spacer(1, 3), _traveller_table(info, board), Paragraph(averages, NOTE)]),
        Spacer(1, 10),
    ]


def travellers_pdf(rows: EventRows) -> bytes:
    """One traveller per board, several to a page when they fit."""
    info = rows.info
    story: list[Flowable] = _heading(info, "Travellers", rows.provisional_text)
    for board in rows.boards:
        story.extend(_traveller(info, board))
    return build(info, "travellers", story, mark="PROVISIONAL" if rows.progress.provisional else "")


# ------------------------------------------------------------------------------------------ score cards


def _score_card(info: EventInfo, card: ScoreCard, provisional: str) -> list[Flowable]:
    width = frame_width(info)
    names = card.pair.names
    story = _heading(info, f"Score card: pair {card.pair.label}", provisional)
    story.append(
        Paragraph(
            f"<b>{escape(names or '—')}</b>"
            + (f" · team {escape(card.pair.team)}" if card.pair.team else ""),
            _style("kz-names", 11, spaceAfter=4),
        )
    )
    s = card.standing
    if s is not None:
        # Its ranking by name (law H: "N-S", "Section A E-W", ...); a lone mixed ranking needs none.
        named = s.ranking or (_side(s.direction) if s.direction else "")
        direction = f" ({named})" if named and named != "All pairs" else ""
        frac = " (by the fraction of a point)" if s.by_fraction else ""
        summary = (
            f"Place <b>{s.rank}</b>{direction} · {s.boards} board{'s' if s.boards != 1 else ''} · "
            f"net {escape(s.net_display)} · plus/minus <b>{escape(s.plus_minus_display)}</b>{frac}"
        )
        story.append(Paragraph(summary, _style("kz-sum", 10, spaceAfter=6)))
    if card.team is not None:
        story.append(
            Paragraph(
                f"Team {escape(card.team.name)}: total <b>{escape(card.team.total_display)}</b>",
                _style("kz-sum2", 10, spaceAfter=6),
            )
        )
    fixed = [32, 32, 26, 0, 0, 44, 48, 52, 50]
    rest = width - sum(fixed)
    fixed[3], fixed[4] = rest - 90, 90
    data: list[list[Any]] = [
        ["Round", "Board", "Held", "Opponents", "Result", "Score", "Average", "Plus/minus", "Running"]
    ]
    for line in card.lines:
        data.append(
            [
                str(line.round),
                str(line.board),
                _side(line.side),
                fit(f"{line.opponents.label}  {line.opponents.names}", fixed[3], 7.5),
                fit(line.status, fixed[4], 8.5),
                line.score_display,
                line.average_display,
                line.plus_minus_display,
                line.running_display,
            ]
        )
    extra = [("FONT", (3, 1), (3, -1), "Helvetica", 7.5)]
    story.append(data_table(data, fixed, numeric=(0, 1, 5, 6, 7, 8), size=8.5, extra=extra))
    note = "Its score on each deal is its side's total less the other side's"
    if info.whist:
        note += " (at whist: the tricks its side won)"
    story.append(
        p(
            note + "; the average is that of the pairs who held the same cards; exact fractions are shown.",
            NOTE,
        )
    )
    return story


def scorecards_pdf(rows: EventRows) -> bytes:
    """One page per pair: its boards in the order played, with score, average, plus/minus, running total."""
    story: list[Flowable] = []
    for i, card in enumerate(rows.cards):
        if i:
            story.append(PageBreak())
        story.extend(_score_card(rows.info, card, rows.provisional_text))
    return build(rows.info, "score cards", story, mark="PROVISIONAL" if rows.progress.provisional else "")


# ------------------------------------------------------------------------------------------ guide cards


def _guide_card(info: EventInfo, card: GuideCard) -> Flowable:
    width = frame_width(info)
    data: list[list[Any]] = [
        ["Round", "N-S pair", "E-W pair", "Boards", "N-S next", "E-W next", "Boards go to"]
    ]
    for line in card.lines:
        data.append(
            [
                str(line.round),
                str(line.ns.label),
                str(line.ew.label),
                line.boards,
                line.ns_next,
                line.ew_next,
                line.boards_next,
            ]
        )
    fixed = [36, 46, 46, 52, 0, 0, 0]
    rest = width - sum(fixed) - 12
    fixed[4], fixed[5], fixed[6] = rest * 0.28, rest * 0.28, rest * 0.44
    title = Paragraph(
        f"<font size=20><b>{escape(card.title)}</b></font>  <font size=9 color='#444444'>{escape(info.name)}</font>",
        _style("kz-guide", 10, lead=24),
    )
    table = data_table(
        data,
        fixed,
        numeric=(0, 1, 2),
        size=10,
        extra=[("FONT", (0, 1), (-1, -1), "Helvetica", 10), ("FONT", (0, 1), (3, -1), "Helvetica-Bold", 10)],
    )
    note = p(
        "N-S next / E-W next: where each pair sits in the next round. Boards go to: the table that plays these boards next.",
        NOTE,
    )
    rows: list[list[Flowable]] = [[title]]
    stationary = _stationary_text(card)
    if stationary:
        rows.append([p(f"<b>{escape(stationary)}</b>", _style("kz-guide-stay", 10, lead=13))])
    rows += [[table], [note]]
    box = Table(rows, colWidths=[width - 4])
    box.setStyle(
        TableStyle(
            [
                ("BOX", (0, 0), (-1, -1), 1.2, INK),
                ("LEFTPADDING", (0, 0), (-1, -1), 6),
                ("RIGHTPADDING", (0, 0), (-1, -1), 6),
            ]
        )
    )
    return box


def _stationary_text(card: GuideCard) -> str:
    """A table whose pairs never move (a compass movement, a team match) says so once, and where its boards
    go after each round; "" when a pair moves."""
    lines = card.lines
    if len(lines) < 2 or any({line.ns_next, line.ew_next} - {"stays", "end"} for line in lines):
        return ""
    if len({(line.ns.pk, line.ew.pk) for line in lines}) != 1:
        return ""
    goes = sorted({line.boards_next for line in lines if line.boards_next != "end"})
    text = f"Pairs stay all session: {lines[0].ns.label} N-S, {lines[0].ew.label} E-W."
    if len(goes) == 1:
        text += f" After each round pass the boards to {goes[0]}."
    return text


def guide_cards_pdf(rows: EventRows) -> bytes:
    """For each table: each round's pairs and boards, and where the E-W pair and the boards go next."""
    story: list[Flowable] = []
    for card in rows.guide_cards:
        story += [CondPageBreak(60 * mm), KeepTogether([_guide_card(rows.info, card)]), Spacer(1, 8 * mm)]
    return build(rows.info, "table guide cards", story)


# ----------------------------------------------------------------------------------------- hand records


def _record_cell(info: EventInfo, board: BoardRows, width: float) -> Flowable:
    if board.diagram is None:
        return Paragraph(
            f"<font size=13><b>Board {board.number}</b></font><br/>Dealer {board.dealer_name}<br/>"
            f"<font color='#666666'>{BEING_PLAYED_NOTE if board.in_play else 'hands not recorded'}</font>",
            _style("kz-rec-empty", 9, lead=14),
        )
    return HandsFlowable(
        board.diagram, f"Board {board.number}", f"Dealer {board.dealer_name}", width=width, size=9.5
    )


def hand_records_pdf(rows: EventRows) -> bytes:
    """The four hands of each board as a diagram, six boards a page (two across, three down)."""
    info = rows.info
    width = frame_width(info)
    cell = width / 2
    story = _heading(info, "Hand records")
    boards = list(rows.boards)
    per_page = 6
    for start in range(0, len(boards), per_page):
        chunk = boards[start : start + per_page]
        grid: list[list[Any]] = []
        for i in range(0, len(chunk), 2):
            pair = chunk[i : i + 2]
            grid.append([_record_cell(info, b, cell - 10) for b in pair] + [""] * (2 - len(pair)))
        table = Table(grid, colWidths=[cell, cell])
        table.setStyle(
            TableStyle(
                [
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("INNERGRID", (0, 0), (-1, -1), 0.5, RULE),
                    ("BOX", (0, 0), (-1, -1), 0.8, INK),
                    ("TOPPADDING", (0, 0), (-1, -1), 6),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 8),
                    ("LEFTPADDING", (0, 0), (-1, -1), 5),
                ]
            )
        )
        if start:
            story.append(PageBreak())
        story.append(table)
    return build(info, "hand records", story)


def printout_pdf(rows: EventRows, kind: str) -> bytes:
    """``scorecards``, ``guide-cards`` or ``hand-records``."""
    writers = {"scorecards": scorecards_pdf, "guide-cards": guide_cards_pdf, "hand-records": hand_records_pdf}
    if kind not in writers:
        raise ValueError(f"kind: must be one of {', '.join(PRINTOUTS)}, got {kind!r}")
    return writers[kind](rows)


__all__ = [
    "PRINTOUTS",
    "guide_cards_pdf",
    "hand_records_pdf",
    "printout_pdf",
    "scorecards_pdf",
    "standings_pdf",
    "travellers_pdf",
]
