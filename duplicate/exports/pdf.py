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

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext, pgettext
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
from duplicate.exports.hands import HEAD_BG, INK, RED, RULE, ZEBRA, HandsFlowable, suit_font
from duplicate.selectors.event_rows import (
    BoardRows,
    EventInfo,
    EventRows,
    StandingsRows,
)
from duplicate.selectors.standings import BEING_PLAYED_NOTE, PairStandings, TeamStandings
from duplicate.selectors.travellers import PlayLine
from scoring.law77 import VULNERABLE_TEXT, board_vulnerability
from scoring.leads import lead_text

PRINTOUTS = ("scorecards", "guide-cards", "hand-records")
MARGIN = 14 * mm
# Page streams compressed and kept binary: reportlab's ASCII85 encoding of them, in pure Python, took a tenth
# of a big printout's time for a file a quarter bigger.
rl_config.useA85 = 0


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
        canvas.drawRightString(width - MARGIN, 8 * mm, _("page %(page)d  ·  Kalamazoo") % {"page": doc.page})
        if mark:
            canvas.setFont(BOLD, 8)
            canvas.setFillColor(RED)
            canvas.drawCentredString(width / 2, 8 * mm, mark)
        canvas.restoreState()

    return draw


def build(info: EventInfo, what: str, story: list[Flowable], *, mark: str = "", wide: bool = False) -> bytes:
    """The PDF of ``story`` with the footer; ``wide``: the paper turned landscape.  ``what`` (the footer's
    name of the file) and ``mark`` ("PROVISIONAL", "Final") come in the reader's language."""
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
        story = [p(_("Nothing to print yet."), BODY)]
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
    word = escape(_("PROVISIONAL"))
    table = Table([[Paragraph(f"{word} <font size=8 color='#333333'>({escape(text)})</font>", BANNER)]])
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
    """A line as the reader writes it: N-S, or E-W (E-O in French)."""
    return _("N-S") if side == "NS" else _("E-W")


def mark_text(provisional: bool, final: str = gettext_noop("Final")) -> str:
    """The footer's mark: "PROVISIONAL", or ``final`` ("Final", or "" for none), in the reader's language."""
    if provisional:
        return _("PROVISIONAL")
    return _(final) if final else ""


def dealer_lines(info: EventInfo, board: BoardRows) -> tuple[str, ...]:
    """What a printed board says under its number: its dealer and, at contract bridge, its vulnerability
    (law 2: the board's own where stored, else its number's in the 16-board cycle). The historic codes have
    no vulnerability."""
    dealer = _("Dealer %(seat)s") % {"seat": board.dealer_name}
    if not info.unit:
        return (dealer,)
    return dealer, VULNERABLE_TEXT[board_vulnerability(board.number, board.vulnerability)]


# ------------------------------------------------------------------------------------------ standings


def standings_pdf(rows: StandingsRows) -> bytes:
    """The standings: each ranking (N-S, E-W, or all pairs), or a team match with its tables."""
    info, standings = rows.info, rows.standings
    story = heading(
        info,
        _("Team match") if isinstance(standings, TeamStandings) else _("Standings"),
        rows.provisional_text,
    )
    if isinstance(standings, PairStandings):
        story.extend(_pair_standings(info, standings))
    else:
        story.extend(team_standings_story(info, standings))
    return build(info, _("standings"), story, mark=mark_text(rows.provisional))


def _pair_standings(info: EventInfo, st: PairStandings) -> list[Flowable]:
    story: list[Flowable] = []
    width = frame_width(info)
    if not st.rankings:
        return [Spacer(1, 8), p(_("No results yet: the standings appear as the results are entered."), BODY)]
    names = [r.title_shown for r in st.rankings]
    if len(names) == 1:
        how = _("Each pair compared with the pairs who held the same cards (law H); one ranking.")
    else:
        how = ngettext(
            "Each pair compared with the pairs who held the same cards (law H); %(n)d ranking: %(names)s.",
            "Each pair compared with the pairs who held the same cards (law H); %(n)d rankings: %(names)s.",
            len(names),
        ) % {"n": len(names), "names": ", ".join(names)}
    story.append(p(how, NOTE))
    # Law H's net and plus/minus; a contract contest's total and percentage, or (IMPs: both the total and what
    # the pairs are ranked by) its total once.
    headings = st.described.headings
    net, plus_minus = (headings.total, headings.percentage) if st.described.unit else ("Net", "Plus/minus")
    net, plus_minus = (
        _(net),
        _(plus_minus) if plus_minus else "",
    )  # the contest's words, marked in contests.py
    once = not plus_minus
    plus_minus = plus_minus or net
    fixed: list[float] = [32, 34, 0, 40, 52, 58, 96]
    if once:
        del fixed[4]
    fixed[2] = names_width = width - sum(fixed)
    for ranking in st.rankings:
        head = [_("Rank"), _("Pair"), _("Players"), _("Boards"), net, plus_minus, ""]
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
                    _("by the fraction of a point") if row.by_fraction else "",
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
                [p(ranking.title_shown, H2), data_table(data, fixed, numeric=numeric, extra=extra, size=9)]
            )
        )
        if ranking.by_fraction:
            story.append(
                p(
                    _(
                        "Places marked were won by the fraction of a point: the rounded plus/minus is equal, "
                        "the exact one is not."
                    ),
                    NOTE,
                )
            )
    contract = bool(st.described.unit)
    story.append(
        p(
            _(
                "Matchpoints, IMPs and percentages are shown to two decimals and ranked on their exact values. "
                "Equal exact scores share a place."
            )
            if contract
            else _(
                "Plus/minus is shown as the nearest whole number; the fraction is shown only where it decides "
                "a place. Equal exact scores share a place."
            ),
            NOTE,
        )
    )
    return story


def team_standings_story(info: EventInfo, st: TeamStandings) -> list[Flowable]:
    """A team match's standings: who won, the tables, each team's pairs (the standings PDF and the match PDF)."""
    width = frame_width(info)
    if not st.teams:
        return [
            Spacer(1, 8),
            p(_("No results yet: the match score appears as the results are entered."), BODY),
        ]
    story: list[Flowable] = []
    if st.winner:
        if st.provisional:
            line = (
                _("<b>%(team)s</b> lead by the fraction of a point.")
                if st.by_fraction
                else _("<b>%(team)s</b> lead.")
            )
        else:
            line = (
                _("<b>%(team)s</b> won by the fraction of a point.")
                if st.by_fraction
                else _("<b>%(team)s</b> won.")
            )
        line %= {"team": escape(st.winner)}
    else:
        line = _("The match is <b>tied</b>.")
    story.append(Paragraph(line, para_style("kz-winner", 12, spaceBefore=4, spaceAfter=4)))
    story.append(p(_("Tables"), H2))
    team_, score = _("Team"), _("Score")
    data: list[list[Any]] = [[_("Table"), _("N-S pair"), team_, score, _("E-W pair"), team_, score]]
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
        data = [[_("Pair"), _("Players"), _("Seated"), _("Boards"), _("Score")]]
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
            seated = side_text("EW" if team.odd_direction == "NS" else "NS")
            odd = _("Odd pair: the average score of all pairs seated %(seated)s, added as though won (law G)")
            if team.extra_pairs > 1:
                odd = ngettext(
                    "Odd pair: the average score of all pairs seated %(seated)s, added as though won "
                    "(%(n)d time) (law G)",
                    "Odd pair: the average score of all pairs seated %(seated)s, added as though won "
                    "(%(n)d times) (law G)",
                    team.extra_pairs,
                )
            data.append(
                [
                    "",
                    p(odd % {"seated": seated, "n": team.extra_pairs}),
                    "",
                    "",
                    team.odd_pair_average_display or "",
                ]
            )
            n = len(data) - 1
            extra += [("SPAN", (1, n), (3, n)), ("FONT", (0, n), (-1, n), OBLIQUE, 8.5)]
        data.append(["", _("Total"), "", "", team.total_display])
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
            _(
                "Averages are shown as the nearest whole number unless the fraction is needed to avoid a tie, "
                'when the match is won "by the fraction of a point" (law G).'
            ),
            NOTE,
        )
    )
    return story


# ------------------------------------------------------------------------------------------- travellers


def _contract_traveller_table(info: EventInfo, board: BoardRows) -> Grid:
    """A contract event's traveller: each result, its law 77 scores and each side's matchpoints or IMPs on
    the board (a team match's swing), law 77 having no honours: no trick and honour columns; the opening
    lead after the tricks while the event enters leads or a line has one."""
    unit = info.unit
    leads = info.lead_cards or any(line.lead for line in board.lines)
    head = [
        *(
            _("Rd"),
            _("Tbl"),
            _("N-S"),
            _("E-W"),
            _("Contract"),
            _("By"),
            _("Tricks"),
            *((_("Lead"),) if leads else ()),
        ),
        *(
            _("N-S\nscore"),
            _("E-W\nscore"),
            _("N-S\n%(unit)s") % {"unit": _(unit)},
            _("E-W\n%(unit)s") % {"unit": _(unit)},
        ),
    ]
    fixed: list[float] = [17, 17, 22, 22, 0, 15, 27, *((22,) if leads else ()), 48, 48, 52, 52]
    fixed[4] = max(40, frame_width(info) - sum(fixed))
    rows: list[GridRow] = []
    for line in board.lines:
        span: tuple[int, int] | None = None
        if line.played and line.contract:
            passed = line.contract == "PASS"
            tricks = "" if passed or line.tricks is None else str(line.tricks)
            cells = [_("passed out") if passed else line.contract, "" if passed else line.declarer, tricks]
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
        head = [
            _("Rd"),
            _("Tbl"),
            _("N-S"),
            _("E-W"),
            _("Result"),
            _("N-S score"),
            _("E-W score"),
            _("N-S +/-"),
            _("E-W +/-"),
        ]
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
        *(_("Rd"), _("Tbl"), _("N-S"), _("E-W"), _("Contract"), _("By"), _("Tricks")),
        *(_("N-S\ntricks"), _("N-S\nhonours"), _("E-W\ntricks"), _("E-W\nhonours")),
        *(_("N-S\nscore"), _("E-W\nscore"), _("N-S\n+/-"), _("E-W\n+/-")),
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
                _("passed out") if passed else line.contract,
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
        marked = _("Marked: %(marks)s") % {"marks": text}
        rows.append(GridRow(["", "", marked] + [""] * (cols - 3), span=(2, cols - 1), note=True))


def _board_figure(info: EventInfo, board: BoardRows) -> str:
    """A contract board's own figure before the contest's note, as the traveller page shows it: Butler's
    datum and how it was worked out ("Datum: <b>-330</b> (mean of 8 results, ...) · "); "" for none."""
    heading = info.described.headings.board
    if not heading:
        return ""
    rule = f" ({escape(board.datum_rule)})" if board.datum_rule else ""
    return f"{escape(_(heading))}: <b>{escape(board.datum or '—')}</b>{rule} · "


def _traveller(info: EventInfo, board: BoardRows) -> list[Flowable]:
    width = frame_width(info)
    head: Flowable
    if board.diagram is not None:
        head = HandsFlowable(
            board.diagram,
            _("Board %(n)s") % {"n": board.number},
            "\n".join(dealer_lines(info, board)),
            width=min(width, 330),
            size=7.5,
        )
    else:
        title = escape(_("Board %(n)s") % {"n": board.number})
        why = _(BEING_PLAYED_NOTE) if board.in_play else _("hands not recorded")
        head = Paragraph(
            f"<font size=14><b>{title}</b></font><br/>{' · '.join(dealer_lines(info, board))} "
            f"<font color='#666666'>({why})</font>",
            para_style("kz-th", 9, lead=15),
        )
    averages = (
        _(
            "Average: N-S <b>%(ns)s</b> · E-W <b>%(ew)s</b> <font color='#555555'>(of the scores made; rulings "
            "under law B(3) take their score from them)</font>"
        )
        % {"ns": escape(board.ns_average_shown or "—"), "ew": escape(board.ew_average_shown or "—")}
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
    story: list[Flowable] = heading(info, pgettext("printout", "Travellers"), rows.provisional_text)
    for board in rows.boards:
        story.extend(_traveller(info, board))
    return build(info, _("travellers"), story, mark=mark_text(rows.progress.provisional, ""))


__all__ = [
    "HEAD_BG",
    "INK",
    "PRINTOUTS",
    "RED",
    "RULE",
    "ZEBRA",
    "HandsFlowable",
    "build",
    "data_table",
    "mark_text",
    "side_text",
    "standings_pdf",
    "suit_font",
    "team_standings_story",
    "travellers_pdf",
]
