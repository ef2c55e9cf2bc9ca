"""A team match's PDF and xlsx (duplicate law G) with the board-by-board comparison the team match page shows:
each table's boards with each pair's score, the swing between the teams, the running total, and the margin.

Written with the standings' writers (``duplicate.exports.pdf``, ``duplicate.exports.xlsx``), the board-by-board
part added here.  No peeking: ``hidden`` (a visitor's boards still in play, ``selectors.hidden_boards``) are
printed without their scores, their swings left out of the running totals, as on the page; with
``released_only`` (``selectors.released_only``) the teams' totals count the released boards only.  The rows
are read by ``teams.files``; the writers here only format them.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, pgettext
from reportlab.platypus import Flowable, KeepTogether, Paragraph

from duplicate.exports import pdf, xlsx
from duplicate.selectors.event_rows import StandingsRows
from duplicate.selectors.standings import (
    BEING_PLAYED_NOTE,
    TableLine,
    TeamStandings,
)

TABLE_HEAD = pdf.para_style("kz-match-table", 10.5, bold=True, spaceBefore=8, spaceAfter=3)
BOARD_COLUMNS = [
    gettext_noop("Table"), gettext_noop("N-S pair"), gettext_noop("N-S team"), gettext_noop("E-W pair"),
    gettext_noop("E-W team"), gettext_noop("Board"), gettext_noop("N-S score"), gettext_noop("E-W score"),
    gettext_noop("Swing to the N-S team"), gettext_noop("Swing"), gettext_noop("Running total to the N-S team"),
    gettext_noop("Running total")
]  # fmt: skip


def margin_text(st: TeamStandings) -> str:
    """The page's headline: "Reds won by 66.", "Blues lead by the fraction of a point.", a tie."""
    if st.winner:
        text = _("%(team)s lead by %(margin)s.") if st.provisional else _("%(team)s won by %(margin)s.")
        return text % {"team": st.winner, "margin": st.margin_display}
    return _("The teams are level.") if st.provisional else _("The match is a tie.")


# ------------------------------------------------------------------------------------------------ PDF


def match_pdf(rows: StandingsRows, *, hidden: bool = False) -> bytes:
    st = rows.standings
    assert isinstance(st, TeamStandings)
    story = pdf.heading(rows.info, _("Team match"), rows.provisional_text)
    story.extend(pdf.team_standings_story(rows.info, st))
    if st.teams:
        story.extend(_boards_story(pdf.frame_width(rows.info), st, hidden=hidden))
    return pdf.build(rows.info, _("standings"), story, mark=pdf.mark_text(rows.provisional))


def _boards_story(width: float, st: TeamStandings, *, hidden: bool) -> list[Flowable]:
    story: list[Flowable] = [
        Paragraph(_("Board by board"), pdf.H2),
        Paragraph(f"<b>{escape(margin_text(st))}</b>", pdf.BODY),
        pdf.p(
            _(
                "Each table's boards: each pair's score, the swing (the N-S pair's score less the E-W pair's: "
                "what the board moves the difference between the teams by, to the team named) and the running "
                "total of the swings; the boards %(being_played)s, their swings left out of the running total. "
                "The odd pairs' averages are added to the teams' totals (law G)."
            )
            % {"being_played": _(BEING_PLAYED_NOTE)}
            if hidden
            else _(
                "Each table's boards: each pair's score, the swing (the N-S pair's score less the E-W pair's: "
                "what the board moves the difference between the teams by, to the team named) and the running "
                "total of the swings. The odd pairs' averages are added to the teams' totals (law G)."
            ),
            pdf.NOTE,
        ),
    ]
    rest = width - 40 - 2 * 60
    for table in st.tables:
        data: list[list[Any]] = [[_("Board"), _("N-S"), _("E-W"), _("Swing"), _("Running total")]]
        data += [
            [str(b.board), b.ns_display, b.ew_display, b.swing_display, b.running_display]
            for b in table.lines
        ]
        story.append(
            KeepTogether(
                [
                    Paragraph(escape(table_title(table)), TABLE_HEAD),
                    pdf.data_table(data, [40, 60, 60, rest / 2, rest / 2], numeric=(0, 1, 2), size=9),
                ]
            )
        )
    return story


def table_title(table: TableLine) -> str:
    """ "Table 1: 1 (Reds) N-S v 4 (Blues) E-W", as the page heads each table's boards."""

    def side(pair: Any) -> str:
        return f"{pair.label} ({pair.team})" if pair.team else str(pair.label)

    return _("Table %(table)s: %(ns)s N-S v %(ew)s E-W") % {
        "table": table.table,
        "ns": side(table.ns),
        "ew": side(table.ew),
    }


# ----------------------------------------------------------------------------------------------- xlsx


def match_xlsx(rows: StandingsRows) -> bytes:
    """The standings' sheets (Standings, Tables) and a "Board by board" sheet: one row a table's board."""
    book = xlsx.Book()
    xlsx.standings_sheet(book, rows)
    xlsx.tables_sheet(book, rows.standings)
    st = rows.standings
    assert isinstance(st, TeamStandings)
    if st.tables:
        xlsx.write_sheet(
            book, book.sheet(pgettext("sheet", "Board by board")), BOARD_COLUMNS, _board_rows(st)
        )
    return book.save(_("%(name)s: team match") % {"name": rows.info.name})


def _board_rows(st: TeamStandings) -> Iterator[list[Any]]:
    """Each table's boards; the swing and the running total as numbers from the N-S team's side (as the
    page's "Reds 314" reads them: less than 0 goes to the E-W team), and as the page shows them."""
    for t in st.tables:
        head = [t.table, t.ns.label, t.ns.team or "", t.ew.label, t.ew.team or ""]
        for b in t.lines:
            scores = [
                xlsx.number(b.ns_score, shown=b.ns_display),
                xlsx.number(b.ew_score, shown=b.ew_display),
            ]
            swing = xlsx.number(b.swing, signed=True)
            running = None if b.note else xlsx.number(b.running, signed=True)
            yield [*head, b.board, *scores, swing, b.swing_display, running, b.running_display]
