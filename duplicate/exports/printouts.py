"""The printouts as PDF: score cards (one page per pair), table guide cards and hand records, written with
the pieces of ``duplicate.exports.pdf`` (styles, tables, hand diagrams, the document)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any
from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    CondPageBreak,
    Flowable,
    KeepTogether,
    PageBreak,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from duplicate.exports.fonts import BOLD, SANS
from duplicate.exports.grid import Grid, GridRow, fitted_width
from duplicate.exports.pdf import (
    HEAD_BG,
    INK,
    NOTE,
    PRINTOUTS,
    RULE,
    ZEBRA,
    HandsFlowable,
    build,
    dealer_lines,
    fit,
    frame_width,
    heading,
    mark_text,
    p,
    para_style,
    side_text,
)
from duplicate.selectors.analyses import DoubleDummy
from duplicate.selectors.event_rows import BoardRows, EventInfo, EventRows, HandRows
from duplicate.selectors.guide_cards import GuideCard, move_words
from duplicate.selectors.pair_rows import PLAYED_HIDDEN
from duplicate.selectors.standings import BEING_PLAYED_NOTE
from duplicate.selectors.travellers import ScoreCard

# ------------------------------------------------------------------------------------------ score cards


def _score_card(info: EventInfo, card: ScoreCard, provisional: str) -> list[Flowable]:
    width = frame_width(info)
    names = card.pair.names
    story = heading(info, _("Score card: pair %(pair)s") % {"pair": card.pair.label}, provisional)
    team = _("team %(team)s") % {"team": escape(card.pair.team)} if card.pair.team else ""
    story.append(
        Paragraph(
            f"<b>{escape(names or '—')}</b>" + (f" · {team}" if team else ""),
            para_style("kz-names", 11, spaceAfter=4),
        )
    )
    s = card.standing
    if s is not None:
        # Its ranking by name (law H: "N-S", "Section A E-W", ...); a lone mixed ranking needs none.
        named = s.ranking or (side_text(s.direction) if s.direction else "")
        direction = f" ({named})" if named and named != "All pairs" else ""
        figures = (
            _("net %(net)s · plus/minus <b>%(plus_minus)s</b> (by the fraction of a point)")
            if s.by_fraction
            else _("net %(net)s · plus/minus <b>%(plus_minus)s</b>")
        ) % {"net": escape(s.net_display), "plus_minus": escape(s.plus_minus_display)}
        if info.unit:  # contract bridge: its total (matchpoints or IMPs) and a matchpoint percentage
            pct = f" · <b>{escape(s.plus_minus_display)}%</b>" if s.percentage is not None else ""
            figures = f"{escape(_(info.unit))} <b>{escape(s.net_display)}</b>{pct}"
        place = _("Place <b>%(rank)s</b>") % {"rank": s.rank}
        boards = ngettext("%(n)d board", "%(n)d boards", s.boards) % {"n": s.boards}
        summary = f"{place}{direction} · {boards} · {figures}"
        story.append(Paragraph(summary, para_style("kz-sum", 10, spaceAfter=6)))
    if card.team is not None:
        story.append(
            Paragraph(
                _("Team %(team)s: total <b>%(total)s</b>")
                % {"team": escape(card.team.name), "total": escape(card.team.total_display)},
                para_style("kz-sum2", 10, spaceAfter=6),
            )
        )
    story.append(_score_card_grid(info, card, width))
    note = _(
        "Its score on each deal is its side's total less the other side's; the average is that of the pairs "
        "who held the same cards; exact fractions are shown."
    )
    if info.whist:
        note = _(
            "Its score on each deal is its side's total less the other side's (at whist: the tricks its side "
            "won); the average is that of the pairs who held the same cards; exact fractions are shown."
        )
    if info.unit:
        note = _("Its score on each deal is its side's, by law 77.") + " " + str(info.described.note)
    if card.played_hidden:  # those lines say "played"
        note += " " + _(
            "Played: a board this pair has played that other tables are still playing; its result is shown "
            "once every table has played it."
        )
    story.append(p(note, NOTE))
    return story


SCORE_CARD_SIZE, OPPONENTS_SIZE = 8.5, 7.5
SCORE_CARD_RESULT = 90.0  # the result's column: "3NTX by N, 10 tricks" at the card's size


def _score_card_grid(info: EventInfo, card: ScoreCard, width: float) -> Grid:
    """The card's lines, a board a line: each column of figures as wide as its widest figure or heading (the
    averages over six and seven tables give "+238 23/42"), the opponents' names in the width left."""
    head = [_("Round"), _("Board"), _("Held"), _("Opponents"), _("Result"), _("Score"), _("Average")]
    head += [_("Plus/minus"), pgettext("column", "Running")]
    if info.unit:  # contract bridge: no average; each board's matchpoints or IMPs, and their running total
        head[-3:] = ["", _(info.unit), _("Total\n%(unit)s") % {"unit": _(info.unit)}]
    figures = [
        (
            str(line.round),
            str(line.board),
            side_text(line.side),
            line.score_display,
            line.average_display,
            line.plus_minus_display,
            line.running_display,
        )
        for line in card.lines
    ]
    fitted = [
        fitted_width(heading, [row[i] for row in figures], size=SCORE_CARD_SIZE, header_size=SCORE_CARD_SIZE)
        for i, heading in enumerate((*head[:3], *head[5:]))
    ]
    result = SCORE_CARD_RESULT
    opponents = width - sum(fitted) - result
    fixed = [*fitted[:3], opponents, result, *fitted[3:]]
    lines = [
        GridRow(
            (
                *row[:3],
                fit(f"{line.opponents.label}  {line.opponents.names}", opponents, OPPONENTS_SIZE),
                fit(_("played") if line.status == PLAYED_HIDDEN else line.status, result, SCORE_CARD_SIZE),
                *row[3:],
            )
        )
        for line, row in zip(card.lines, figures, strict=True)
    ]
    numeric = (0, 1, 5, 6, 7, 8)
    return Grid(head, lines, fixed, numeric=numeric, size=SCORE_CARD_SIZE, sizes={3: OPPONENTS_SIZE})


def scorecards_pdf(rows: EventRows) -> bytes:
    """One page per pair: its boards in the order played, with score, average, plus/minus, running total."""
    story: list[Flowable] = []
    for i, card in enumerate(rows.cards):
        if i:
            story.append(PageBreak())
        story.extend(_score_card(rows.info, card, rows.provisional_text))
    return build(rows.info, _("score cards"), story, mark=mark_text(rows.progress.provisional, ""))


# ------------------------------------------------------------------------------------------ guide cards

GUIDE_PAD, GUIDE_GAP = 4.0, 6.0  # a guide card's cell padding, and the gap more between its number columns


def _text_width(texts: Iterable[str], font: str, size: float) -> float:
    """The widest of ``texts`` drawn in ``font`` at ``size`` (0 for none)."""
    return max((float(stringWidth(text, font, size)) for text in texts), default=0.0)


def _guide_card(info: EventInfo, card: GuideCard) -> Table:
    """One flat table (title, header, a line a round, the note) inside a box: a card longer than a page
    (a section of 40-odd tables or more) goes on over the next page, its title and header repeated there."""
    width = frame_width(info)
    headings = [_("Round"), _("N-S pair"), _("E-W pair"), _("Boards"), _("N-S next"), _("E-W next")]
    headings.append(_("Boards go to"))
    # Each of the first four columns as wide as its heading or its widest figure (in bold, as drawn) with the
    # padding and a gap: a narrower one let "Round" stick out past the frame and run into "N-S pair".
    figures = [(str(ln.round), str(ln.ns.label), str(ln.ew.label), ln.boards) for ln in card.lines]
    fixed: list[float] = [
        _text_width([headings[i], *(row[i] for row in figures)], BOLD, 10) + 2 * GUIDE_PAD + GUIDE_GAP
        for i in range(4)
    ]
    rest = width - sum(fixed)
    fixed += [rest * 0.28, rest * 0.28, rest * 0.44]
    blank = [""] * (len(fixed) - 1)
    title = Paragraph(
        f"<font size=20><b>{escape(card.title)}</b></font>  <font size=9 color='#444444'>{escape(info.name)}</font>",
        para_style("kz-guide", 10, lead=24),
    )
    data: list[list[Any]] = [[title, *blank]]
    stationary = _stationary_text(card)
    if stationary:
        data.append([p(stationary, para_style("kz-guide-stay", 10, bold=True, lead=13)), *blank])
    head = len(data)
    data.append(headings)
    for line in card.lines:
        data.append(
            [
                str(line.round),
                str(line.ns.label),
                str(line.ew.label),
                line.boards,
                move_words(line.ns_next),
                move_words(line.ew_next),
                fit(move_words(line.boards_next), fixed[6], 10),
            ]
        )
    note = p(
        _(
            "N-S next / E-W next: where each pair sits in the next round. Boards go to: the table that plays "
            "these boards next (bye stand: no table plays them in the next round)."
        ),
        NOTE,
    )
    data.append([note, *blank])
    style: list[tuple[Any, ...]] = [
        ("FONT", (0, 0), (-1, -1), SANS, 10),
        ("FONT", (0, head), (-1, head), BOLD, 10),
        ("FONT", (0, head + 1), (3, -2), BOLD, 10),
        ("BACKGROUND", (0, head), (-1, head), HEAD_BG),
        ("LINEABOVE", (0, head), (-1, head), 0.8, INK),
        ("LINEBELOW", (0, head), (-1, head), 0.8, INK),
        ("LINEBELOW", (0, -2), (-1, -2), 0.8, INK),
        ("ALIGN", (0, head), (2, -2), "RIGHT"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, head), (-1, -2), 1.6),
        ("BOTTOMPADDING", (0, head), (-1, -2), 2.2),
        ("LEFTPADDING", (0, 0), (-1, -1), GUIDE_PAD),
        ("RIGHTPADDING", (0, 0), (-1, -1), GUIDE_PAD),
        # the boards (left-aligned) kept off the E-W pair's number (right-aligned) beside them
        ("LEFTPADDING", (3, head), (3, -2), GUIDE_PAD + GUIDE_GAP),
        ("BOX", (0, 0), (-1, -1), 1.2, INK),
        *(("SPAN", (0, row), (-1, row)) for row in (*range(head), len(data) - 1)),
        *(("BACKGROUND", (0, row), (-1, row), ZEBRA) for row in range(head + 2, len(data) - 1, 2)),
    ]
    table = Table(data, colWidths=fixed, repeatRows=head + 1)
    table.setStyle(TableStyle(style))
    return table


def _stationary_text(card: GuideCard) -> str:
    """A table whose pairs never move (a compass movement, a team match) says so once, and where its boards
    go after each round; "" when a pair moves."""
    lines = card.lines
    if len(lines) < 2 or any({line.ns_next, line.ew_next} - {"stays", "end"} for line in lines):
        return ""
    if len({(line.ns.pk, line.ew.pk) for line in lines}) != 1:
        return ""
    goes = sorted({line.boards_next for line in lines if line.boards_next != "end"})
    text = _("Pairs stay all session: %(ns)s N-S, %(ew)s E-W.") % {
        "ns": lines[0].ns.label,
        "ew": lines[0].ew.label,
    }
    if len(goes) == 1:
        text += " " + _("After each round pass the boards to %(table)s.") % {"table": goes[0]}
    return text


def guide_cards_pdf(rows: EventRows) -> bytes:
    """For each table: each round's pairs and boards, and where the E-W pair and the boards go next."""
    story: list[Flowable] = []
    for card in rows.guide_cards:
        # A card that fits on a page is kept whole; a longer one starts on a new page and runs on.
        story += [CondPageBreak(60 * mm), KeepTogether([_guide_card(rows.info, card)]), Spacer(1, 8 * mm)]
    return build(rows.info, _("table guide cards"), story)


# ----------------------------------------------------------------------------------------- hand records


def _record_cell(
    info: EventInfo, board: BoardRows, width: float, double_dummy: DoubleDummy | None = None
) -> Flowable:
    if board.diagram is None:
        title = escape(_("Board %(n)s") % {"n": board.number})
        why = _(BEING_PLAYED_NOTE) if board.in_play else _("hands not recorded")
        return Paragraph(
            f"<font size=13><b>{title}</b></font><br/>{'<br/>'.join(dealer_lines(info, board))}<br/>"
            f"<font color='#666666'>{why}</font>",
            para_style("kz-rec-empty", 9, lead=14),
        )
    return HandsFlowable(
        board.diagram,
        _("Board %(n)s") % {"n": board.number},
        "\n".join(dealer_lines(info, board)),
        width=width,
        size=9.5,
        double_dummy=double_dummy,
    )


def hand_records_pdf(rows: EventRows | HandRows, analyses: Mapping[int, DoubleDummy] | None = None) -> bytes:
    """The four hands of each board as a diagram, six boards a page (two across, three down); with
    ``analyses`` (``selectors.analyses.boards_double_dummy``, by board number) each board's double-dummy
    tricks beside South and, for a contract event, its par beside West."""
    analyses = analyses or {}
    info = rows.info
    width = frame_width(info)
    cell = width / 2
    story = heading(info, pgettext("printout", "Hand records"))
    boards = list(rows.boards)
    per_page = 6
    for start in range(0, len(boards), per_page):
        chunk = boards[start : start + per_page]
        grid: list[list[Any]] = []
        for i in range(0, len(chunk), 2):
            pair = chunk[i : i + 2]
            grid.append(
                [_record_cell(info, b, cell - 10, analyses.get(b.number)) for b in pair]
                + [""] * (2 - len(pair))
            )
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
    return build(info, _("hand records"), story)


def printout_pdf(rows: EventRows, kind: str) -> bytes:
    """``scorecards``, ``guide-cards`` or ``hand-records``."""
    writers = {"scorecards": scorecards_pdf, "guide-cards": guide_cards_pdf, "hand-records": hand_records_pdf}
    if kind not in writers:
        raise ValueError(f"kind: must be one of {', '.join(PRINTOUTS)}, got {kind!r}")
    return writers[kind](rows)


__all__ = ["PRINTOUTS", "guide_cards_pdf", "hand_records_pdf", "printout_pdf", "scorecards_pdf"]
