"""Spreadsheets (openpyxl): the event workbook (Standings, Travellers, Score cards, Boards, Movement) and the
standings on their own.  Values, not formulas: each figure is a number cell formatted as the pages show it
(whole numbers, or a fraction such as 178 2/3), with the exact value as text beside it where it may need more
than a spreadsheet's fraction format.  Bold, frozen header row on each sheet; columns sized to their contents.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from openpyxl import Workbook
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from duplicate.exports.rows import EventRows, StandingsRows, hand_text
from duplicate.standings import ITEM_NAMES, PairStandings, TeamStandings
from scoring.contests import mixed_str

INT = "0"
SIGNED = "+0;-0;0"
FRACTION = "# ??/??"
SIGNED_FRACTION = "+# ??/??;-# ??/??;0"
DECIMAL = "0.000"
SIGNED_DECIMAL = "+0.000;-0.000;0"
HEADER_FONT = Font(bold=True)
HEADER_FILL = PatternFill("solid", fgColor="E4E4E4")
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
    exact = Fraction(value)
    if shown is not None and " " not in shown and "/" not in shown:
        return Cell(int(shown), SIGNED if signed else INT)
    if exact.denominator == 1:
        return Cell(int(exact), SIGNED if signed else INT)
    if exact.denominator < 100:
        return Cell(float(exact), SIGNED_FRACTION if signed else FRACTION)
    return Cell(float(exact), SIGNED_DECIMAL if signed else DECIMAL)


def write_sheet(
    ws: Worksheet,
    header: Sequence[str],
    rows: Sequence[Sequence[Any]],
    *,
    widths: dict[int, int] | None = None,
) -> None:
    """A bold, shaded, frozen header row, the rows, and each column as wide as its longest value."""
    ws.append(list(header))
    for cell in ws[1]:
        cell.font = HEADER_FONT
        cell.fill = HEADER_FILL
        cell.alignment = Alignment(vertical="bottom", wrap_text=False)
    longest = [len(str(h)) for h in header]
    for r, row in enumerate(rows, start=2):
        for c, item in enumerate(row, start=1):
            if isinstance(item, Cell):
                value, fmt = item.value, item.fmt
            else:
                value, fmt = item, None
            if value is None or value == "":
                continue
            cell = ws.cell(row=r, column=c, value=value)
            if fmt:
                cell.number_format = fmt
            size = 10 if isinstance(value, float) else len(str(value))
            if size > longest[c - 1]:
                longest[c - 1] = size
    for c, size in enumerate(longest, start=1):
        width = (widths or {}).get(c) or min(max(size + 2, 6), 60)
        ws.column_dimensions[get_column_letter(c)].width = width
    ws.freeze_panes = "A2"
    if rows:
        ws.auto_filter.ref = f"A1:{get_column_letter(len(header))}{len(rows) + 1}"


def _save(wb: Workbook) -> bytes:
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


# ------------------------------------------------------------------------------------------ standings


def _standings_sheet(ws: Worksheet, rows: StandingsRows) -> None:
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
        write_sheet(ws, header, data)
        return
    _team_sheet(ws, st, status)


def _team_sheet(ws: Worksheet, st: TeamStandings, status: str) -> None:
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
    write_sheet(ws, header, data)
    for row in ws.iter_rows(min_row=2):
        if row[2].value == "total":
            for cell in row:
                cell.font = HEADER_FONT


def standings_xlsx(st: StandingsRows | PairStandings | TeamStandings, *, event: Any = None) -> bytes:
    """The standings on one sheet (the ``standings --format xlsx`` output)."""
    from duplicate.exports.pdf import _standings_rows

    rows = _standings_rows(st, event)
    wb = Workbook()
    ws = wb.active
    ws.title = "Standings"
    _standings_sheet(ws, rows)
    _tables_sheet(wb, rows.standings)
    _properties(wb, rows.info.name, "standings")
    return _save(wb)


def _tables_sheet(wb: Workbook, st: PairStandings | TeamStandings) -> None:
    if not isinstance(st, TeamStandings) or not st.tables:
        return
    ws = wb.create_sheet("Tables")
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
    write_sheet(ws, header, data)


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
    """One result as the Travellers sheet's (and the results CSV's) row: every field and score item."""
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
        line.ns_trick if line.played else None,
        line.ns_honour if line.played else None,
        line.ns_total if line.played else None,
        line.ew_trick if line.played else None,
        line.ew_honour if line.played else None,
        line.ew_total if line.played else None,
        line.net_ns if line.played else None,
        line.ns_score,
        line.ew_score,
        line.ns_average,
        line.ew_average,
        line.ns_plus_minus,
        line.ew_plus_minus,
        line.ns_items,
        line.ew_items,
        line.marks,
    ]
    for side, _label in SIDES:
        row += [line.item_points(side, k) for k in ITEM_KINDS]
    return row


SIGNED_COLUMNS = frozenset({29, 30})
NUMBER_COLUMNS = frozenset(range(25, 31))


def _results_sheet(ws: Worksheet, rows: EventRows) -> None:
    data = []
    for line in rows.results:
        values = result_values(line)
        for i in NUMBER_COLUMNS:
            values[i] = number(values[i], signed=i in SIGNED_COLUMNS)
        data.append(values)
    write_sheet(ws, result_header(), data, widths={18: 28, 32: 40, 33: 40, 34: 40})


def _cards_sheet(ws: Worksheet, rows: EventRows) -> None:
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
    data = []
    for card in rows.cards:
        for line in card.lines:
            data.append(
                [
                    card.pair.label,
                    card.pair.names,
                    line.round,
                    line.board,
                    line.table,
                    "N-S" if line.side == "NS" else "E-W",
                    line.opponents.label,
                    line.status,
                    number(line.score),
                    number(line.average),
                    number(line.plus_minus, signed=True),
                    number(line.running, signed=True),
                ]
            )
    write_sheet(ws, header, data, widths={8: 28})


def _boards_sheet(ws: Worksheet, rows: EventRows) -> None:
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
    write_sheet(ws, header, data)


def _movement_sheet(ws: Worksheet, rows: EventRows) -> None:
    header = ["Section", "Round", "Table", "N-S pair", "E-W pair", "Boards"]
    data = [[m.section, m.round, m.table, m.ns.label, m.ew.label, m.boards_display] for m in rows.movement]
    write_sheet(ws, header, data)


def workbook_xlsx(rows: EventRows) -> bytes:
    """The event workbook: Standings, Travellers (one row per result), Score cards, Boards, Movement."""
    wb = Workbook()
    ws = wb.active
    ws.title = "Standings"
    _standings_sheet(ws, rows.standings_rows)
    _results_sheet(wb.create_sheet("Travellers"), rows)
    _cards_sheet(wb.create_sheet("Score cards"), rows)
    _boards_sheet(wb.create_sheet("Boards"), rows)
    _movement_sheet(wb.create_sheet("Movement"), rows)
    _tables_sheet(wb, rows.standings)
    _properties(wb, rows.info.name, "results")
    return _save(wb)


__all__ = ["number", "result_header", "result_values", "standings_xlsx", "workbook_xlsx"]
