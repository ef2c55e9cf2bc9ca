"""The files of an event of matches (docs/leagues.md), from plain rows: the VP table as CSV, xlsx, JSON and text
(the ``standings`` command's), and the guide cards of a round as PDF.  Plain rows in, bytes or text out: no
request, no database (the writers and pieces of ``duplicate.exports``)."""

from __future__ import annotations

import io
import json
from collections.abc import Iterable, Sequence
from typing import Any
from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, pgettext
from reportlab.lib.units import mm
from reportlab.platypus import CondPageBreak, Flowable, KeepTogether, Paragraph, Spacer

from duplicate.contests import Contest
from duplicate.exports.cells import csv_value, csv_writer, decimal_number
from duplicate.exports.csv import BOM
from duplicate.exports.pdf import BODY, build, data_table, fit, frame_width, heading, mark_text, para_style
from duplicate.exports.xlsx import Book, column_title, number, write_sheet
from duplicate.selectors.contract import decimal_text
from duplicate.selectors.event_rows import EventInfo
from teams.page_reads import GuideCard
from teams.selectors_matches import VpTableRow


def vp_header(contest: Contest) -> list[str]:
    """The VP table's columns, its figures headed as the contest heads them (VPs, IMPs): the English headings,
    written in the reader's language (``xlsx.column_title``)."""
    entrant = gettext_noop("Team") if contest.for_teams else gettext_noop("Pair")
    figures = contest.headings
    return [
        gettext_noop("Rank"),
        gettext_noop("Tied"),
        entrant,
        gettext_noop("Players"),
        figures.total,
        f"{figures.total} exact",
        figures.percentage,
        gettext_noop("Played"),
        gettext_noop("Won"),
        gettext_noop("Drawn"),
        gettext_noop("Lost"),
    ]


def _values(row: VpTableRow) -> list[Any]:
    return [
        row.rank,
        "tied" if row.tied else "",
        row.name,
        ", ".join(row.players),
        decimal_number(row.vps),
        row.vps,
        row.imps,
        row.played,
        row.won,
        row.drawn,
        row.lost,
    ]


def vp_csv(rows: Iterable[VpTableRow], contest: Contest) -> bytes:
    """The VP table as CSV (UTF-8 with a byte-order mark, CRLF): VPs as a decimal and exactly beside it."""
    buf = io.StringIO()
    w = csv_writer(buf)
    w.writerow([column_title(name) for name in vp_header(contest)])
    for row in rows:
        w.writerow([csv_value(v) for v in _values(row)])
    return (BOM + buf.getvalue()).encode("utf-8")


def vp_xlsx(rows: Iterable[VpTableRow], contest: Contest, title: str) -> bytes:
    """The VP table on one sheet: VPs a number shown to two decimals (as the pages show them)."""
    book = Book()
    header = [h for h in vp_header(contest) if not h.endswith(" exact")]
    lines = [
        [
            row.rank,
            "tied" if row.tied else "",
            row.name,
            ", ".join(row.players),
            number(row.vps, shown=decimal_text(row.vps, places=contest.places)),
            row.imps,
            row.played,
            row.won,
            row.drawn,
            row.lost,
        ]
        for row in rows
    ]
    write_sheet(book, book.sheet(pgettext("sheet", "VP table")), header, lines)
    return book.save(_("%(name)s: VP table") % {"name": title})


def vp_json(rows: Iterable[VpTableRow]) -> bytes:
    """The standings JSON: each team or pair with ``name``, ``vps``, ``imps``, ``played`` and ``rank``."""
    return json.dumps({"standings": [row.to_json() for row in rows]}, indent=1, ensure_ascii=False).encode(
        "utf-8"
    )


def vp_pdf(info: EventInfo, rows: Sequence[VpTableRow], contest: Contest, *, provisional: str = "") -> bytes:
    """The VP table printed (A4 or Letter, as the event's paper): place ("=" when shared), name and players,
    VPs to the contest's places, net IMPs, played, won, drawn, lost.  ``provisional``: the banner's reason."""
    width = frame_width(info)
    figures = contest.headings
    head = [_("Place"), _("Team") if contest.for_teams else _("Pair"), _("Players"), _(figures.total)]
    head += [
        _(figures.percentage) if figures.percentage else "",
        _("Played"),
        _("Won"),
        _("Drawn"),
        _("Lost"),
    ]
    data: list[list[Any]] = [head]
    for row in rows:
        data.append(
            [
                f"{row.rank}{'=' if row.tied else ''}",
                fit(row.name, width * 0.22, 9),
                fit(", ".join(row.players), width * 0.32, 9),
                decimal_text(row.vps, places=contest.places),
                f"{row.imps:+d}" if row.imps else "0",
                str(row.played),
                str(row.won),
                str(row.drawn),
                str(row.lost),
            ]
        )
    small = width * 0.46 / 7
    widths = [small, width * 0.22, width * 0.32, *[small] * 6]
    story = heading(info, _("VP table"), provisional)
    story.append(data_table(data, widths, numeric=(0, 3, 4, 5, 6, 7, 8), size=9))
    if not rows:
        story.append(Paragraph(escape(_("No team or pair entered yet.")), BODY))
    return build(info, _("VP table"), story, mark=mark_text(bool(provisional)))


def guide_cards_pdf(info: EventInfo, round_number: int, cards: Sequence[GuideCard]) -> bytes:
    """One card per team (or pair): the round, and each of its pairs' table, direction and opponents."""
    width = frame_width(info)
    story: list[Flowable] = []
    for card in cards:
        title = Paragraph(
            f"<font size=16><b>{escape(card.name)}</b></font>  " + _("round %(n)d") % {"n": round_number},
            para_style("kz-mguide", 10, lead=20),
        )
        rows: list[list[str]] = [[_("Pair"), _("Table"), pgettext("column", "Direction"), _("Opponents")]]
        for seat in card.seats:
            if not seat.table:
                rows.append(["", "—", "", _("A bye this round")])
            else:
                rows.append([str(seat.pair), str(seat.table), seat.direction, seat.opponents])
        table = data_table(
            rows, [width * 0.15, width * 0.15, width * 0.2, width * 0.5], numeric=(1,), size=11
        )
        story += [CondPageBreak(40 * mm), KeepTogether([title, table]), Spacer(1, 8 * mm)]
    return build(
        info,
        _("guide cards, round %(n)d") % {"n": round_number},
        heading(info, _("Guide cards: round %(n)d") % {"n": round_number}) + story,
    )


def vp_table_text(name: str, rows: Sequence[dict[str, Any]]) -> str:
    """The table's lines (its JSON rows): place ("=" when shared), name, VPs to two decimals, net IMPs,
    matches played."""
    lines = [name, f"{'Place':<6} {'Name':<30} {'VPs':>8} {'IMPs':>6} {'Played':>6}"]
    for row in rows:
        rank, tied, entrant, vps, imps, played = (
            row[k] for k in ("rank", "tied", "name", "vps", "imps", "played")
        )
        place = f"{rank}{'=' if tied else ''}"
        lines.append(f"{place:<6} {entrant[:30]:<30} {vps:>8} {imps:>+6} {played:>6}")
    return "\n".join(lines) + "\n"
