"""A contract team match by IMPs as files: the ``standings`` command's JSON, text and CSV, and the standings
PDF, xlsx and CSV downloads, each from the one ``ImpMatch`` (``duplicate.selectors.imp_match``) the page shows.

Each team's IMPs (the WBF scale, whole numbers) and VPs (the WBF 2013 continuous scale, two decimals as
``scoring.contests.imps`` rounds them: the law's figure, exact as written, "14.60"); the PDF and xlsx add the
board-by-board comparison (each board's two N-S scores, the home team's net, the IMPs, the running IMPs), the
JSON the boards' swings.  No peeking: a visitor's ``hidden`` boards (still in play) are shown as "being
played" board by board, and left out of the totals unless the event runs totals over every result.  The
match is read by ``teams.files`` (two queries, the pairs and the plays, whatever the size); the writers here only
format it.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from decimal import Decimal
from typing import Any
from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, pgettext
from reportlab.platypus import Flowable, Paragraph

from duplicate.contests import IMP_MATCH
from duplicate.exports import pdf, xlsx
from duplicate.exports.cells import csv_value, csv_writer
from duplicate.exports.csv import COUNTED_COLUMNS
from duplicate.exports.xlsx import IMP_SEATS as SEATS
from duplicate.exports.xlsx import counted_values, imp_status, imp_team_rows
from duplicate.selectors.event_rows import EventInfo
from duplicate.selectors.imp_match import ImpBoardLine, ImpMatch
from duplicate.selectors.standings import BEING_PLAYED_NOTE, provisional_text

SUBTITLE = gettext_noop("team match by IMPs and VPs")
CSV_COLUMNS = ["team", "line", "pair", "direction", "player1", "player2", "boards", "imps", "vps"]


def vp_text(vp: Decimal | None) -> str | None:
    """VPs as the scale gives them, two decimals ("14.60"); None before a board is scored."""
    return None if vp is None else f"{vp:.2f}"


def result_text(match: ImpMatch) -> str:
    """The headline: "Reds 22 IMPs, Blues 13 IMPs: 14.60 to 5.40 VPs over 4 boards." """
    if not match.home:
        return _("No results yet.")
    values = {
        "home": match.home,
        "home_imps": match.home_imps,
        "away": match.away,
        "away_imps": match.away_imps,
        "home_vps": vp_text(match.home_vp),
        "away_vps": vp_text(match.away_vp),
        "boards": match.boards,
    }
    if match.home_vp is None:
        return _("%(home)s %(home_imps)s IMPs, %(away)s %(away_imps)s IMPs.") % values
    return (
        _(
            "%(home)s %(home_imps)s IMPs, %(away)s %(away_imps)s IMPs: %(home_vps)s to %(away_vps)s VPs over "
            "%(boards)d boards."
        )
        % values
    )


def margin_text(match: ImpMatch) -> str:
    """Who leads or won, and by how many IMPs: "Reds won by 9 IMPs."; a tie; nothing scored yet."""
    provisional = match.progress.provisional
    if not match.scored:
        return _("No board scored yet.") if provisional else _("No board was scored.")
    if match.winner is None:
        return _("The teams are level.") if provisional else _("The match is a tie.")
    text = _("%(team)s lead by %(margin)s IMPs.") if provisional else _("%(team)s won by %(margin)s IMPs.")
    return text % {"team": match.winner, "margin": match.margin}


# ----------------------------------------------------------------------------------- JSON, text, CSV


def imp_json(match: ImpMatch) -> dict[str, Any]:
    """``standings --format json`` for an IMP match: each team's IMPs and VPs ("14.60": the scale's two
    decimals), its pairs, and each scored board's swing."""
    return {
        "kind": "teams",
        "contest": IMP_MATCH.stored,
        "provisional": match.progress.provisional,
        "boards": match.boards,
        "scored": match.scored,
        "winner": match.winner,
        "margin": match.margin,
        "teams": [
            {
                "name": team.name,
                "side": side,
                "imps": team.imps,
                "vps": vp_text(team.vp),
                "pairs": [
                    {"pair": p.pair.label, "direction": p.seat, "players": list(p.pair.players)}
                    for p in team.pairs
                ],
            }
            for side, team in zip(("home", "away"), match.teams, strict=True)
            if team.name
        ],
        "swings": [_swing(line) for line in match.lines if line.scored],
        **(
            {"unscored": [{"board": line.board, "why": line.note} for line in match.unscored]}
            if match.unscored
            else {}
        ),
    }


def _swing(line: ImpBoardLine) -> dict[str, Any]:
    """A scored board in the JSON: a table with law 12C2's artificial score has no N-S score (null) and
    names the score ("home_adjusted": "A60/40"); its net is null (nothing compared)."""
    return {
        "board": line.board,
        "home_ns": line.home_ns,
        "away_ns": line.away_ns,
        **({"home_adjusted": line.home_adjusted} if line.home_adjusted else {}),
        **({"away_adjusted": line.away_adjusted} if line.away_adjusted else {}),
        "net": line.net,
        "home_imps": line.home_imps,
        "away_imps": line.away_imps,
        "running": line.running,
    }


def imp_text(name: str, match: ImpMatch) -> str:
    """``standings --format text``: the teams' IMPs and VPs, the margin, then board by board."""
    out = [name, imp_status(match), ""]
    if match.error:
        out.append(f"Cannot be scored: {match.error}")
    if not match.home:
        out.append("No results yet.")
        return "\n".join(out).rstrip() + "\n"
    for team in match.teams:
        out.append(f"{team.name:<24} {team.imps:>4} IMPs {vp_text(team.vp) or '—':>6} VPs")
        for p in team.pairs:
            out.append(f"  Pair {p.pair.label!s:>4} {SEATS[p.seat]:<3}  {p.pair.names[:40]}")
    out += ["", f"{margin_text(match)} VPs: the WBF 2013 continuous scale over {match.boards} boards."]
    if match.adjusted:
        out.append(f"{match.artificial_note[0].upper()}{match.artificial_note[1:]}.")
    out.append("")
    home, away = match.home[:10], match.away[:10]
    out.append(f"{'Board':>5} {home:>10} {away:>10} {'Net':>6} {home:>10} {away:>10} {'Running':>7}")
    out.append(f"{'':>5} {'N-S':>10} {'N-S':>10} {'':>6} {'IMPs':>10} {'IMPs':>10}")
    for line in match.lines:
        if not line.scored:  # the running figure of a board counted but hidden (running totals)
            running = "" if line.running is None else f" (running {line.running})"
            out.append(f"{line.board:>5} {line.note}{running}")
            continue
        net = "" if line.net is None else line.net
        out.append(
            f"{line.board:>5} {line.home_text:>10} {line.away_text:>10} {net:>6} {line.home_imps:>10} "
            f"{line.away_imps:>10} {line.running:>7}"
        )
    return "\n".join(out).rstrip() + "\n"


def imp_csv_text(match: ImpMatch) -> str:
    """``standings --format csv`` for an IMP match: a row for each pair, a total row for each team, each
    ending, as every standings CSV, with how many of the event's boards the totals count and the event's
    boards (``COUNTED_COLUMNS``)."""
    buf = io.StringIO()
    writer = csv_writer(buf)  # RFC 4180 lines (CRLF), every cell quoted, as the other CSV files
    writer.writerow([*CSV_COLUMNS, *COUNTED_COLUMNS])
    counted = counted_values(match.progress)
    if match.home:
        for row in imp_team_rows(match):
            writer.writerow([csv_value(v) for v in [*row, *counted]])
    return buf.getvalue()


# ---------------------------------------------------------------------------------------- PDF, xlsx


def _board_cells(match: ImpMatch) -> Iterator[list[Any]]:
    """Each board as the page shows it: both N-S scores, the net, each team's IMPs, the running IMPs (a board
    not shown: why, and the running IMPs where the totals count it)."""
    for line in match.lines:
        if not line.scored:
            yield [line.board, line.note, None, None, None, None, line.running]
        else:
            home = line.home_adjusted or line.home_ns  # a table's score, or law 12C2's artificial one
            away = line.away_adjusted or line.away_ns
            yield [line.board, home, away, line.net, line.home_imps, line.away_imps, line.running]


def board_heads(match: ImpMatch) -> list[str]:
    """The board-by-board columns, in the reader's language."""
    home, away = {"team": match.home}, {"team": match.away}
    nets = [_("%(team)s N-S") % home, _("%(team)s N-S") % away, _("Net (%(team)s)") % home]
    return [
        _("Board"),
        *nets,
        _("IMPs %(team)s") % home,
        _("IMPs %(team)s") % away,
        pgettext("column", "Running"),
    ]


def imp_pdf(info: EventInfo, match: ImpMatch, *, hidden: bool = False) -> bytes:
    """The match: the result (IMPs, VPs), each team's pairs, then board by board."""
    why = provisional_text(match.progress)
    story = pdf.heading(info, _("Team match"), why)
    story[1] = pdf.p(f"{info.name} · {info.date} · {info.code_display} · {_(SUBTITLE)}", pdf.SUB)
    if match.error:
        story.append(pdf.p(_("Cannot be scored: %(why)s") % {"why": match.error}, pdf.BODY))
    if match.home:
        story.extend(_pdf_story(pdf.frame_width(info), match, hidden=hidden))
    else:
        story.append(
            pdf.p(_("No results yet: the match score appears as the results are entered."), pdf.BODY)
        )
    return pdf.build(info, _("standings"), story, mark=pdf.mark_text(bool(why)))


def _pdf_story(width: float, match: ImpMatch, *, hidden: bool) -> list[Flowable]:
    winner = pdf.para_style("kz-imp-result", 12, spaceBefore=4, spaceAfter=4)
    story: list[Flowable] = [Paragraph(f"<b>{escape(result_text(match))}</b>", winner)]
    story.append(pdf.p(margin_text(match), pdf.BODY))
    teams: list[list[Any]] = [[_("Team"), _("Pairs"), _("IMPs"), _("VPs")]]
    for team in match.teams:
        pairs = "; ".join(f"{p.pair.label} {SEATS[p.seat]} {p.pair.names}".strip() for p in team.pairs)
        teams.append([pdf.p(team.name), pdf.p(pairs), str(team.imps), vp_text(team.vp) or "—"])
    rest = width - 2 * 50
    story.append(pdf.data_table(teams, [rest * 0.3, rest * 0.7, 50, 50], numeric=(2, 3)))
    story.append(Paragraph(_("Board by board"), pdf.H2))
    more = f"; {match.artificial_note}" if match.adjusted else ""
    if hidden:
        more += _("; the boards %(being_played)s") % {"being_played": _(BEING_PLAYED_NOTE)}
        more += _(", and left out of the totals") if match.progress.uncounted else ""
    note = _(
        "Each board's two N-S scores, netted for %(home)s and turned into IMPs by the WBF scale; the running "
        "column is %(home)s's IMPs less %(away)s's%(more)s. VPs: the WBF 2013 continuous 20-VP scale over "
        "%(boards)d boards."
    )
    values = {"home": match.home, "away": match.away, "more": more, "boards": match.boards}
    story.append(pdf.p(note % values, pdf.NOTE))
    data: list[list[Any]] = [board_heads(match)]
    data += [["" if v is None else str(v) for v in row] for row in _board_cells(match)]
    column = (width - 40) / 6
    story.append(pdf.data_table(data, [40] + [column] * 6, numeric=(0, 1, 2, 3, 4, 5, 6), size=9))
    return story


def imp_xlsx(info: EventInfo, match: ImpMatch) -> bytes:
    """A "Match" sheet (each team's pairs, its IMPs and VPs) and a "Board by board" sheet."""
    book = xlsx.Book()
    xlsx.imp_match_sheet(book, pgettext("sheet", "Match"), match)
    if match.home:
        signed = {4: True}
        xlsx.write_sheet(
            book,
            book.sheet(pgettext("sheet", "Board by board")),
            board_heads(match),
            _board_cells(match),
            numbers=signed,
        )
    return book.save(_("%(name)s: team match by IMPs") % {"name": info.name})
