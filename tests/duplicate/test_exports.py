"""Printouts and spreadsheets: every output read back (pypdf, openpyxl, csv) holds the pages' figures;
fixed query counts; the download views and the commands."""

from __future__ import annotations

import csv
import io
import os
import subprocess
import sys
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.core.management.base import CommandError
from django.template.loader import render_to_string
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from duplicate import files
from duplicate.demo import demo_event_file
from duplicate.exports.cells import csv_value, decimal_number, exact_from_csv, needs_quote
from duplicate.exports.csv import standings_csv_text
from duplicate.exports.xlsx import Book, number, write_sheet
from duplicate.models import Board, Event
from duplicate.selectors import standings as st
from duplicate.selectors import travellers as tv
from duplicate.selectors.event_rows import event_rows, standings_rows
from duplicate.services.eventfile import event_import
from tests.duplicate.exports_events import pairs_file, team_file
from tests.factories import FORMULAS, make_event, squash
from tests.factories import pdf_pages as pdf_text

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.django_db


@pytest.fixture
def event() -> Event:
    return event_import(data=pairs_file(3, 2))


@pytest.fixture
def demo() -> Event:
    return event_import(data=demo_event_file())


@pytest.fixture
def match() -> Event:
    return event_import(data=team_file())


# --------------------------------------------------------------------------------- rows = the pages' rows


def _line_shown(x):
    """What a traveller line shows."""
    return (
        *(x.round, x.table, x.ns.pk, x.ew.pk, x.result, x.ruling_text, x.ns_total, x.ew_total),
        *(x.ns_items, x.ew_items, x.ns_score_display, x.ew_score_display),
        *(x.ns_plus_minus_display, x.ew_plus_minus_display),
    )


def test_rows_match_the_traveller_and_score_card_pages(event):
    rows = event_rows(event)
    boards = {b.number: b for b in Board.objects.filter(event=event)}
    assert [b.number for b in rows.boards] == sorted(boards)
    for board in rows.boards:
        page = tv.traveller(event, boards[board.number])
        assert board.ns_average_display == page.ns_average_display
        assert board.ew_average_display == page.ew_average_display
        assert [_line_shown(x) for x in board.lines] == [_line_shown(x) for x in page.lines]
    assert len(rows.cards) == event.pairs.count()
    for card in rows.cards:
        page = tv.score_card(event, card.pair.pk)
        assert card.lines == page.lines
        assert card.standing == page.standing
        assert card.team == page.team


def test_rows_of_a_team_match_match_its_page(match):
    rows = event_rows(match)
    for card in rows.cards:
        page = tv.score_card(match, card.pair.pk)
        assert card.lines == page.lines
        assert card.team == page.team


def test_rulings_penalties_and_missing_results_are_marked(event):
    rows = event_rows(event)
    board1 = rows.boards[0]
    assert sorted(line.ruling for line in board1.lines[:3]) == ["", "average", "low-high"]
    ruled = {line.ruling: line for line in board1.lines}
    assert ruled["average"].marks == "average (law B(3))"
    assert ruled["low-high"].marks == "lowest and highest (law B(3)), E-W offending"
    assert board1.lines[0].penalty_text == board1.lines[0].marks == "N-S: penalty 50 (law F)"
    assert rows.boards[1].lines[0].result == "passed out"
    assert [line.status for line in rows.results if not line.entered] == ["not played yet"]


def test_guide_cards_say_where_the_pairs_and_boards_go(event):
    rows = event_rows(event)
    assert [c.title for c in rows.guide_cards] == ["Table 1", "Table 2", "Table 3"]
    first = rows.guide_cards[0].lines[0]
    # Mitchell: N-S stays, E-W moves up a table, the boards go down a table.
    assert (first.round, first.ns.label, first.ew.label, first.boards) == (1, 1, 4, "1-2")
    assert (first.ns_next, first.ew_next, first.boards_next) == ("stays", "table 2 E-W", "table 3")
    assert rows.guide_cards[0].lines[-1].ew_next == "end"
    assert [(m.round, m.table, m.boards_display) for m in rows.movement][:3] == [
        (1, 1, "1-2"),
        (1, 2, "3-4"),
        (1, 3, "5-6"),
    ]


# ------------------------------------------------------------------------------------------------- PDF


def test_standings_pdf_holds_every_figure(demo):
    sr = standings_rows(demo)
    text = squash(" ".join(pdf_text(files.standings_file(demo, "pdf"))))
    assert "Standings" in text
    assert demo.name in text
    assert "PROVISIONAL" in text
    assert "2 rankings: N-S, E-W" in text  # law H: a Mitchell's two rankings, named
    for row in sr.standings.rows:
        line = f"{row.rank} {row.pair.label} {row.pair.names} {row.boards} {row.net_display} {row.plus_minus_display}"
        assert line in text


def test_team_match_pdf_has_the_tables_the_odd_pair_and_the_winner(match):
    sr = standings_rows(match)
    text = squash(" ".join(pdf_text(files.standings_file(match, "pdf"))))
    assert "Team match" in text
    assert "Tables" in text
    assert f"{sr.standings.winner} {'lead' if sr.provisional else 'won'}" in text
    for team in sr.standings.teams:
        assert team.name in text
        assert f"Total {team.total_display}" in text
        for line in team.pairs:
            assert f"{line.pair.label} {line.pair.names} {'N-S' if line.direction == 'NS' else 'E-W'}" in text
    for table in sr.standings.tables:
        assert table.ns_display in text
        assert table.ew_display in text


def test_team_match_with_an_odd_pair_prints_its_average():
    data = team_file(tables=3)
    event = event_import(data=data)
    sr = standings_rows(event)
    text = squash(" ".join(pdf_text(files.standings_file(event, "pdf"))))
    for team in sr.standings.teams:
        if team.odd_pair_average is not None:
            assert "Odd pair" in text
            assert team.odd_pair_average_display in text


def test_travellers_pdf_holds_every_result(event):
    rows = event_rows(event)
    pages = pdf_text(files.travellers_file(event, "pdf"))
    text = squash(" ".join(pages))
    for board in rows.boards:
        assert f"Board {board.number}" in text
        assert f"Dealer {board.dealer_name}" in text
        assert f"Average: N-S {board.ns_average_display} · E-W {board.ew_average_display}" in text
        for line in board.lines:
            cells = [str(line.round), str(line.table), str(line.ns.label), str(line.ew.label)]
            if line.played and line.contract not in ("", "PASS"):
                cells += [line.contract, line.declarer, str(line.tricks)]
                cells += [str(v) for v in (line.ns_trick, line.ns_honour, line.ew_trick, line.ew_honour)]
            elif line.ruling:
                cells.append(line.ruling_text)
            elif line.contract == "PASS":
                cells += ["passed out", "0", "0", "0", "0"]
            cells += [line.ns_score_display, line.ew_score_display]
            cells += [line.ns_plus_minus_display, line.ew_plus_minus_display]
            assert " ".join(c for c in cells if c) in text, cells
    assert "average (law B(3))" in text
    assert "lowest and highest (law B(3)), E-W offending" in text
    assert "Marked: N-S: penalty 50 (law F)" in text
    assert "not played yet" in text
    assert len(pages) < len(rows.boards)  # several travellers to a page


def test_travellers_print_the_hands(demo):
    rows = event_rows(demo)
    text = squash(pdf_text(files.travellers_file(demo, "pdf"))[0])
    north = rows.boards[0].diagram.north
    assert "North" in text
    assert all(cards in text for _suit, cards in north)


def test_whist_travellers():
    event = event_import(data=pairs_file(3, 1, code="whist", name="Whist drive"))
    rows = event_rows(event)
    text = squash(" ".join(pdf_text(files.travellers_file(event, "pdf"))))
    line = rows.boards[0].lines[0]
    assert f"N-S {line.tricks_ns} tricks" in text
    assert f"{line.ns_score_display} {line.ew_score_display} {line.ns_plus_minus_display}" in text


def test_score_cards_one_page_per_pair(demo):
    rows = event_rows(demo)
    pages = pdf_text(files.printout_file(demo, "scorecards"))
    assert len(pages) == len(rows.cards) == demo.pairs.count()
    for page, card in zip(pages, rows.cards, strict=True):
        text = squash(page)
        assert f"Score card: pair {card.pair.label}" in text
        assert card.pair.names in text
        assert f"plus/minus {card.standing.plus_minus_display}" in text
        for line in card.lines:
            assert f"{line.round} {line.board} {'N-S' if line.side == 'NS' else 'E-W'}" in text
            assert line.status in text
            figures = [
                line.score_display,
                line.average_display,
                line.plus_minus_display,
                line.running_display,
            ]
            assert " ".join(f for f in figures if f) in text


@pytest.mark.django_db
def test_a_relay_mitchells_boards_going_to_the_bye_stand_say_so_in_full():
    """An even Mitchell with a relay and bye stand (4 tables): table 3's boards are played by no table in the
    next round (they rest on the bye stand); the card says so whole, not cut to fit its column."""
    event = make_event(tables=4)  # the even Mitchell's default remedy: relay-and-bye stand
    table3 = next(card for card in event_rows(event).guide_cards if card.title == "Table 3")
    assert [line.boards_next for line in table3.lines] == ["bye stand", "bye stand", "bye stand", "end"]
    text = squash(" ".join(pdf_text(files.printout_file(event, "guide-cards"))))
    assert text.count("bye stand") >= 3 + 1  # three lines and the note under each card
    assert "…" not in text


def test_guide_cards_and_hand_records(demo):
    rows = event_rows(demo)
    text = squash(" ".join(pdf_text(files.printout_file(demo, "guide-cards"))))
    for card in rows.guide_cards:
        assert card.title in text
        for line in card.lines:
            assert f"{line.round} {line.ns.label} {line.ew.label} {line.boards} {line.ns_next}" in text
    pages = pdf_text(files.printout_file(demo, "hand-records"))
    assert len(pages) == -(-len(rows.boards) // 6)  # six boards a page
    text = squash(" ".join(pages))
    for board in rows.boards:
        assert f"Board {board.number}" in text
        for seat in "NESW":
            assert all(cards in text for _suit, cards in board.diagram.hands[seat])


@pytest.mark.parametrize(("paper", "size"), [("A4", (595, 842)), ("letter", (612, 792))])
def test_paper_size_per_event(event, paper, size):
    Event.objects.filter(pk=event.pk).update(paper_size=paper)
    event.refresh_from_db()
    for data in (
        files.standings_file(event, "pdf"),
        files.travellers_file(event, "pdf"),
        *(files.printout_file(event, kind) for kind in files.PRINTOUTS),
    ):
        box = PdfReader(io.BytesIO(data)).pages[0].mediabox
        assert (round(float(box.width)), round(float(box.height))) == size


def test_an_event_without_results_or_hands_still_prints():
    event = event_import(data=pairs_file(3, 1, hands=False, specials=False, missing=10**6))
    text = squash(" ".join(pdf_text(files.standings_file(event, "pdf"))))
    assert f"PROVISIONAL (0 of {event.plays.count()} results in" in text
    text = squash(" ".join(pdf_text(files.printout_file(event, "hand-records"))))
    assert "hands not recorded" in text
    assert "not played yet" in squash(" ".join(pdf_text(files.travellers_file(event, "pdf"))))


# ------------------------------------------------------------------------------------------ spreadsheets


def test_workbook_sheets_hold_the_figures(event):
    rows = event_rows(event)
    wb = load_workbook(io.BytesIO(files.workbook_file(event)))
    assert wb.sheetnames == ["Standings", "Travellers", "Score cards", "Boards", "Movement"]
    for ws in wb.worksheets:
        assert ws.freeze_panes == "A2"
        assert all(cell.font.bold for cell in ws[1] if cell.value)
        assert ws.column_dimensions["A"].width >= 6
    standings_ws = wb["Standings"]
    header = [c.value for c in standings_ws[1]]
    got = {r[header.index("Pair")]: r for r in standings_ws.iter_rows(min_row=2, values_only=True)}
    for row in rows.standings.rows:
        line = got[row.pair.label]
        assert line[header.index("Rank")] == row.rank
        assert line[header.index("Boards")] == row.boards
        assert str(line[header.index("Net")]) == row.net_display
        assert f"{line[header.index('Plus/minus')]:+d}".replace("+0", "0") == row.plus_minus_display
        assert line[header.index("Exact plus/minus")] == st.mixed_number(row.plus_minus, signed=True)
    pm_cell = standings_ws.cell(row=2, column=header.index("Plus/minus") + 1)
    assert pm_cell.number_format == "+0;-0;0"

    travellers = wb["Travellers"]
    header = [c.value for c in travellers[1]]
    lines = list(travellers.iter_rows(min_row=2, values_only=True))
    assert len(lines) == len(rows.results) == event.plays.count()
    for line, result in zip(lines, rows.results, strict=True):
        cell = dict(zip(header, line, strict=True))
        assert (cell["Board"], cell["Round"], cell["Table"]) == (result.board, result.round, result.table)
        assert (cell["N-S pair"], cell["E-W pair"]) == (result.ns.label, result.ew.label)
        if result.played:
            assert cell["Contract"] == result.contract
            assert (cell["N-S trick score"], cell["N-S honour score"]) == (result.ns_trick, result.ns_honour)
            assert (cell["E-W trick score"], cell["E-W honour score"]) == (result.ew_trick, result.ew_honour)
            assert cell["Net N-S"] == result.net_ns
            for kind, name in st.ITEM_NAMES.items():
                assert cell[f"N-S {name}"] == result.item_points("NS", kind)
        if result.ns_plus_minus is not None:
            assert cell["N-S plus/minus"] == pytest.approx(float(result.ns_plus_minus))
            assert cell["N-S score"] == pytest.approx(float(result.ns_score))
        assert (cell["Rulings and penalties"] or "") == result.marks
    column = header.index("N-S plus/minus") + 1
    formats = {travellers.cell(row=r, column=column).number_format for r in range(2, len(lines) + 2)}
    assert "+# ??/??;-# ??/??;0" in formats  # a fraction reads as the page's "+123 1/3"

    cards = list(wb["Score cards"].iter_rows(min_row=2, values_only=True))
    assert len(cards) == sum(len(c.lines) for c in rows.cards)
    boards = list(wb["Boards"].iter_rows(min_row=2, values_only=True))
    assert [b[0] for b in boards] == [b.number for b in rows.boards]
    assert boards[0][6] == rows.boards[0].deal
    assert boards[0][2].startswith("S ")
    movement = list(wb["Movement"].iter_rows(min_row=2, values_only=True))
    assert movement[0] == ("A", 1, 1, 1, 4, "1-2")


def test_fractions_read_as_on_the_page():
    cell = number(Fraction(536, 3), shown="178 2/3")
    assert cell.value == pytest.approx(536 / 3)
    assert cell.fmt == "# ??/??"
    assert number(Fraction(536, 3), shown="179").value == 179
    assert number(Fraction(7, 2), signed=True).fmt == "+# ??/??;-# ??/??;0"
    assert number(Fraction(1, 997)).fmt == "0.000"
    assert number(None) is None


def test_standings_xlsx_of_a_team_match(match):
    sr = standings_rows(match)
    wb = load_workbook(io.BytesIO(files.standings_file(match, "xlsx")))
    assert wb.sheetnames == ["Standings", "Tables"]
    values = list(wb["Standings"].iter_rows(min_row=2, values_only=True))
    totals = {r[0]: r for r in values if r[2] == "total"}
    for team in sr.standings.teams:
        assert str(totals[team.name][8]) == team.total_display
    assert values[-1][0] == f"{sr.standings.winner} {'leads' if sr.provisional else 'won'}."


def test_csv_of_standings_and_results(event):
    """Spreadsheet-ready: a byte-order mark, CRLF lines, a figure as a decimal number with the exact value
    in the column beside it."""
    sr = standings_rows(event)
    body = files.standings_file(event, "csv")
    assert body.startswith(b'\xef\xbb\xbf"rank",')
    assert body.decode("utf-8-sig") == standings_csv_text(sr.standings)
    assert body.endswith(b"\r\n")
    for row, line in zip(
        csv.DictReader(io.StringIO(body.decode("utf-8-sig"))), sr.standings.rows, strict=True
    ):
        assert Fraction(row["exact"]) == line.plus_minus
        pm = Fraction(line.plus_minus)
        assert abs(Decimal(row["plus_minus"]) - Decimal(pm.numerator) / pm.denominator) <= Decimal("0.005")
    rows = event_rows(event)
    results = files.results_file(event)
    assert results.startswith(b'\xef\xbb\xbf"Section",')
    table = list(csv.DictReader(io.StringIO(results.decode("utf-8-sig"))))
    assert len(table) == len(rows.results)
    fractions = 0
    for line, result in zip(table, rows.results, strict=True):
        assert int(line["Board"]) == result.board
        assert line["Result"] == result.status
        for column, value in (
            ("N-S plus/minus", result.ns_plus_minus),
            ("E-W average", result.ew_average),
            ("N-S score", result.ns_score),
        ):
            if value is None:
                assert line[column] == line[f"{column} exact"] == ""
                continue
            assert exact_from_csv(line[f"{column} exact"]) == value
            exact = Fraction(value)
            decimal = Decimal(line[column])  # a number: never "p/q" text
            assert abs(decimal - Decimal(exact.numerator) / exact.denominator) <= Decimal("0.005")
            fractions += exact.denominator != 1
    assert fractions  # some figure of this event is not whole: its decimal and exact value differ


LABEL = '=HYPERLINK("x")'  # a pair's number is text of at most 16 characters


def _formula_event_file() -> dict:
    """A pair contest whose names (and pair 1's number, which the results CSV carries) read as formulas."""
    data = pairs_file(3, 2)

    def renamed(value):
        return LABEL if value == 1 else value

    assert data["pairs"][0]["number"] == 1
    data["pairs"][0].update(number=LABEL, players=[FORMULAS[0], "Basil"])
    data["pairs"][1]["players"] = FORMULAS[1:3]
    data["pairs"][2]["players"] = FORMULAS[3:5]
    data["pairs"][3]["players"] = [FORMULAS[5], "Ada 1+1=2"]
    for rnd in data["movement"]["rounds"]:
        for table in rnd["tables"]:
            table["ns"], table["ew"] = renamed(table["ns"]), renamed(table["ew"])
    for result in data["results"]:
        result["ns"], result["ew"] = renamed(result["ns"]), renamed(result["ew"])
    return data


def _is_number(cell: str) -> bool:
    """An integer, a decimal or an exact "'p/q" value, as the CSVs write numbers."""
    text = cell.removeprefix("'") if "/" in cell else cell
    return all(part.lstrip("-").replace(".", "", 1).isdecimal() for part in text.split("/", 1))


def test_csv_names_that_read_as_formulas_are_quote_prefixed_and_numbers_stay_numbers():
    event = event_import(data=_formula_event_file())
    standings = list(csv.DictReader(io.StringIO(files.standings_file(event, "csv").decode("utf-8-sig"))))
    results = list(csv.DictReader(io.StringIO(files.results_file(event).decode("utf-8-sig"))))
    written = {row["pair"]: (row["player1"], row["player2"]) for row in standings}
    assert written[f"'{LABEL}"] == (f"'{FORMULAS[0]}", "Basil")
    assert written["2"] == (f"'{FORMULAS[1]}", f"'{FORMULAS[2]}")
    assert written["3"] == (f"'{FORMULAS[3]}", f"'{FORMULAS[4]}")
    assert written["4"] == (f"'{FORMULAS[5]}", "Ada 1+1=2")
    assert {line["N-S pair"] for line in results if line["Table"] == "1"} == {f"'{LABEL}"}
    # Numbers are numbers: a negative score or plus/minus is written as it is, never quote-prefixed.
    negative = [row["plus_minus"] for row in standings if row["plus_minus"].startswith("-")]
    assert negative
    assert all(_is_number(value) for value in negative)
    assert any(row["exact"].startswith("-") for row in standings)
    assert any(line["Net N-S"].startswith("-") for line in results)
    for table in (standings, results):
        for row in table:
            for cell in row.values():
                assert not cell.startswith(("=", "+", "-", "@", "\t", "\r")) or _is_number(cell), cell


@pytest.mark.parametrize(
    ("value", "cell"),
    [
        ("=1+1", "'=1+1"),
        ("+1", "'+1"),
        ("-1", "'-1"),  # text (a name), not a number
        ("@SUM(1)", "'@SUM(1)"),
        ("\t=1+1", "'\t=1+1"),  # names are stripped when stored; the rule covers any text all the same
        ("\r=1+1", "'\r=1+1"),
        ("#N/A", "'#N/A"),
        ("Ada", "Ada"),
        ("1+1", "1+1"),
        ("", ""),
        (None, ""),
        (-30, -30),
        (Fraction(-61, 2), "'-61/2"),  # an exact value: never a date or a sum in a spreadsheet
        (Fraction(30), "30"),
        (2.5, 2.5),
    ],
)
def test_one_rule_for_text_in_csv_and_xlsx(value, cell):
    assert csv_value(value) == cell
    assert needs_quote(value) == (isinstance(value, str) and value != "" and cell != value)


@pytest.mark.parametrize(
    ("value", "number"),
    [
        (Fraction(508, 3), Decimal("169.33")),
        (Fraction(-508, 3), Decimal("-169.33")),
        (Fraction(1, 200), Decimal("0.01")),  # halves away from zero
        (Fraction(-1, 200), Decimal("-0.01")),
        (Fraction(30), 30),
        (-30, -30),
        (None, None),
    ],
)
def test_a_csv_figure_is_a_decimal_number(value, number):
    assert decimal_number(value) == number
    assert type(decimal_number(value)) is type(number)


def test_team_csv_names_that_read_as_formulas_are_quote_prefixed():
    data = team_file()
    data["teams"][0]["name"] = "=Reds"
    for pair in data["pairs"]:
        pair["team"] = "=Reds" if pair["team"] == "Reds" else pair["team"]
    data["pairs"][0]["players"] = ["@Red1", "-Mate1"]
    event = event_import(data=data)
    text = standings_csv_text(standings_rows(event).standings)
    rows = list(csv.reader(io.StringIO(text)))
    assert {row[0] for row in rows[1:]} == {"'=Reds", "Blues"}
    assert ["'@Red1", "'-Mate1"] in [row[4:6] for row in rows]
    totals = [row for row in rows if row[1] == "total"]
    assert all(_is_number(row[7]) and _is_number(row[8]) for row in totals)
    assert any(row[7].startswith("-") for row in rows[1:])  # a negative score, written as a number


def test_public_csv_downloads_quote_prefix_formulas(client):
    event = event_import(data=_formula_event_file())
    for url in (
        reverse("download_standings", args=[event.pk, "csv"]),
        reverse("download_results_csv", args=[event.pk]),
    ):
        cells = [
            cell
            for row in csv.reader(io.StringIO(client.get(url).content.decode("utf-8-sig")))
            for cell in row
        ]
        assert f"'{LABEL}" in cells
        assert LABEL not in cells


# -------------------------------------------------------------------------------------------- queries


EXPORTS = {
    "standings.csv": lambda e: files.standings_file(e, "csv"),
    "standings.xlsx": lambda e: files.standings_file(e, "xlsx"),
    "standings.pdf": lambda e: files.standings_file(e, "pdf"),
    "travellers.pdf": lambda e: files.travellers_file(e, "pdf"),
    "travellers.text": lambda e: files.travellers_file(e, "text"),
    "results.csv": files.results_file,
    "workbook.xlsx": files.workbook_file,
    "scorecards.pdf": lambda e: files.printout_file(e, "scorecards"),
    "guide-cards.pdf": lambda e: files.printout_file(e, "guide-cards"),
    "hand-records.pdf": lambda e: files.printout_file(e, "hand-records"),
    "hands.pbn": files.hands_file,
    "hands-results.pbn": lambda e: files.hands_file(e, results=True),
}


@pytest.mark.parametrize("name", sorted(EXPORTS))
def test_fixed_number_of_queries(name, django_assert_num_queries):
    small = event_import(data=pairs_file(3, 1, name="Small"))
    large = event_import(data=pairs_file(8, 3, name="Large"))
    # pairs, contest (+ boards, plays); the hands: the boards alone (+ their double-dummy analyses for the
    # hand records)
    expected = {"hand-records.pdf": 2, "hands.pbn": 1}.get(name, 2 if name.startswith("standings") else 4)
    for event in (small, large):
        cache.clear()
        for _again in range(2):  # worked out from the database each time: files are not cached
            with django_assert_num_queries(expected):
                EXPORTS[name](event)


# ----------------------------------------------------------------------------------------------- views


@pytest.mark.parametrize(
    ("name", "args", "content_type", "ext"),
    [
        ("download_standings", ["csv"], "text/csv; charset=utf-8", "standings.csv"),
        ("download_standings", ["xlsx"], files.CONTENT_TYPES["xlsx"], "standings.xlsx"),
        ("download_standings", ["pdf"], "application/pdf", "standings.pdf"),
        ("download_travellers", [], "application/pdf", "travellers.pdf"),
        ("download_results_csv", [], "text/csv; charset=utf-8", "results.csv"),
        ("download_workbook", [], files.CONTENT_TYPES["xlsx"], "results.xlsx"),
        ("download_printout", ["scorecards"], "application/pdf", "scorecards.pdf"),
        ("download_printout", ["guide-cards"], "application/pdf", "guide-cards.pdf"),
        ("download_printout", ["hand-records"], "application/pdf", "hand-records.pdf"),
        ("download_hands", ["hands"], files.CONTENT_TYPES["pbn"], "hands.pbn"),
        ("download_hands", ["results"], files.CONTENT_TYPES["pbn"], "hands-results.pbn"),
    ],
)
def test_downloads_are_public(client, event, name, args, content_type, ext):
    url = reverse(name, args=[event.pk, *args])
    assert url.startswith(f"/events/{event.pk}/download/")
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == content_type
    assert f'filename="export-pairs-1916-03-04-{ext}"' in response["Content-Disposition"]
    assert len(response.content) > 200
    assert client.post(url).status_code == 405


def test_download_urls_and_unknown_event(client, event):
    assert (
        reverse("download_standings", args=[event.pk, "pdf"]) == f"/events/{event.pk}/download/standings.pdf"
    )
    assert reverse("download_printout", args=[event.pk, "guide-cards"]).endswith("/download/guide-cards.pdf")
    assert client.get(f"/events/{event.pk}/download/standings.doc").status_code == 404
    assert client.get(f"/events/{event.pk}/download/menus.pdf").status_code == 404
    assert client.get("/events/999999/download/standings.pdf").status_code == 404
    assert client.get("/events/999999/download/travellers.pdf").status_code == 404


def test_download_buttons_include_renders(event):
    html = render_to_string("duplicate/_downloads.html", {"event": event})
    for url in (
        reverse("download_standings", args=[event.pk, "pdf"]),
        reverse("download_travellers", args=[event.pk]),
        reverse("download_printout", args=[event.pk, "hand-records"]),
        reverse("download_workbook", args=[event.pk]),
    ):
        assert url in html
    html = render_to_string("duplicate/_downloads.html", {"event": event, "downloads": "movement"})
    assert "guide-cards.pdf" in html
    assert "standings.pdf" not in html


# -------------------------------------------------------------------------------------------- commands


def manage(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tests.settings"}
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


def test_standings_command_writes_xlsx_pdf_csv(event, tmp_path):
    sr = standings_rows(event)
    for fmt in ("xlsx", "pdf", "csv"):
        out = tmp_path / f"standings.{fmt}"
        call_command("standings", str(event.pk), "--format", fmt, "-o", str(out))
        assert out.stat().st_size > 100
    assert (
        load_workbook(tmp_path / "standings.xlsx")["Standings"]["A2"].value == sr.standings.rankings[0].title
    )
    text = squash(" ".join(pdf_text((tmp_path / "standings.pdf").read_bytes())))
    assert all(row.plus_minus_display in text for row in sr.standings.rows)


def test_travellers_and_printout_commands(event, tmp_path, capsys):
    call_command("travellers", str(event.pk), "--format", "pdf", "-o", str(tmp_path / "t.pdf"))
    assert (tmp_path / "t.pdf").read_bytes().startswith(b"%PDF-")
    call_command("travellers", str(event.pk), "--format", "text")
    out = capsys.readouterr().out
    rows = event_rows(event)
    assert "Board 1  dealer North" in out
    assert "average (law B(3))" in out
    assert f"Average: N-S {rows.boards[0].ns_average_display}" in out
    for kind in files.PRINTOUTS:
        target = tmp_path / f"{kind}.pdf"
        call_command("printout", str(event.pk), "--kind", kind, "-o", str(target))
        assert target.read_bytes().startswith(b"%PDF-")


def test_command_errors_are_one_line(event, tmp_path):
    with pytest.raises(CommandError, match=r"^event 999999: no such event$") as info:
        call_command("travellers", "999999", "--format", "text")
    assert info.value.returncode == 2
    with pytest.raises(CommandError, match=r"^travellers: the pdf format needs -o FILE$"):
        call_command("travellers", str(event.pk), "--format", "pdf")
    with pytest.raises(CommandError, match=r"^event 999999: no such event$"):
        call_command("printout", "999999", "--kind", "scorecards", "-o", str(tmp_path / "x.pdf"))
    with pytest.raises(CommandError, match="cannot write it"):
        call_command("printout", str(event.pk), "--kind", "scorecards", "-o", str(tmp_path / "no" / "x.pdf"))


@pytest.mark.parametrize(
    "args",
    [
        ("travellers", "1", "--format", "docx"),
        ("printout", "1", "--kind", "menus", "-o", "x.pdf"),
        ("printout", "1", "--kind", "scorecards"),
        ("standings", "1", "--format", "odt"),
    ],
)
def test_bad_arguments_exit_nonzero_with_one_line(args):
    result = manage(*args)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


def test_sheet_xml_cells_read_back_as_written():
    """The data rows are written as sheet XML: text is escaped, bold rows are bold in every column."""
    book = Book()
    ws = book.sheet("S")
    rows = [
        [" a <b> & c\r", 3, number(7, signed=True), "", None, True],
        ["total", None, number(Fraction(1, 3)), 2.5, "x\x01y", False],
    ]
    write_sheet(book, ws, ["A", "B", "C", "D", "E", "F", "G"], rows, bold=lambda row: row[0] == "total")
    got = load_workbook(io.BytesIO(book.save()))["S"]
    assert [c.value for c in got[2]] == [" a <b> & c\r", 3, 7, None, None, True, None]
    assert got["C2"].number_format == "+0;-0;0"
    assert not got["A2"].font.bold
    assert [c.value for c in got[3]][:6] == ["total", None, pytest.approx(1 / 3), 2.5, "xy", False]
    assert all(c.font.bold for c in got[3])
    assert got["C3"].number_format == "# ??/??"
    assert got.freeze_panes == "A2"
    assert got.auto_filter.ref == "A1:G3"
    assert got.column_dimensions["A"].width == len(" a <b> & c\r") + 2


def test_a_repeated_value_reads_back_in_every_place_with_its_style():
    """A value that repeats down and across a sheet (a score, a quote-prefixed name, a formatted number, in
    plain and bold rows, 1 beside True) reads back in every place with its own value and style."""
    book = Book()
    ws = book.sheet("S")
    plain = [number(Fraction(7, 3)), "=x", Fraction(7, 3), "=x", 1, True]
    rows = [plain, list(plain), ["total", "=x", Fraction(7, 3), None, True, 1], list(plain)]
    write_sheet(book, ws, list("ABCDEF"), rows, bold=lambda row: row[0] == "total", numbers={3: True})
    got = load_workbook(io.BytesIO(book.save()))["S"]
    for r in (2, 3, 5):
        cells = got[r]
        assert [c.value for c in cells] == [pytest.approx(7 / 3), "=x", pytest.approx(7 / 3), "=x", 1, True]
        assert [c.number_format for c in cells[:4]] == [
            "# ??/??",
            "General",
            "+# ??/??;-# ??/??;0",
            "General",
        ]
        assert [(c.data_type, c.quotePrefix) for c in (cells[1], cells[3])] == [("s", True), ("s", True)]
        assert [c.data_type for c in cells[4:]] == ["n", "b"]
        assert not any(c.font.bold for c in cells)
    total = got[4]
    assert [c.value for c in total] == ["total", "=x", pytest.approx(7 / 3), None, True, 1]
    assert all(c.font.bold for c in total)
    assert (total[1].quotePrefix, total[2].number_format) == (True, "+# ??/??;-# ??/??;0")
    assert [c.data_type for c in total[4:]] == ["b", "n"]


def test_number_columns_are_written_as_number_writes_them():
    """``write_sheet(numbers=...)`` writes exact values without a Cell each: the same value and format."""
    values = [7, -3, Fraction(4, 2), Fraction(7, 2), Fraction(-536, 3), Fraction(1, 997), None]
    book = Book()
    ws = book.sheet("S")
    write_sheet(book, ws, ["plain", "signed"], [[v, v] for v in values], numbers={1: False, 2: True})
    got = load_workbook(io.BytesIO(book.save()))["S"]
    for r, v in enumerate(values, start=2):
        for column, signed in ((1, False), (2, True)):
            cell, want = got.cell(row=r, column=column), number(v, signed=signed)
            if want is None:
                assert cell.value is None
            else:
                assert (cell.value, cell.number_format) == (pytest.approx(want.value), want.fmt)


def test_workbook_read_back_cell_by_cell():
    """Every cell of a small event's workbook read back (openpyxl): the header rows as written here, each
    result line's and standings row's cells from the event's figures, fractions as the pages show them, and
    names that look like formulas or error codes kept as text with the spreadsheet's quote prefix."""
    data = pairs_file(3, 2, missing=2)
    data["pairs"][0]["players"] = ["=1+1", "@Basil"]  # pair 1: would be a formula (or a function) if typed
    data["pairs"][1]["players"] = ["#N/A", "-Ada"]  # pair 2: an error code, a number if retyped
    event = event_import(data=data)
    rows = event_rows(event)
    wb = load_workbook(io.BytesIO(files.workbook_file(event)))
    standings, travellers = wb["Standings"], wb["Travellers"]
    assert [c.value for c in standings[1]] == [
        "Ranking", "Rank", "Pair", "Player 1", "Player 2", "Boards", "Net", "Plus/minus", "Exact plus/minus",
        "By the fraction of a point", "Player 1 number", "Player 2 number", "Status", "Event boards counted",
        "Event boards",
    ]  # fmt: skip
    header = [c.value for c in travellers[1]]
    assert header[:6] == ["Section", "Board", "Round", "Table", "N-S pair", "E-W pair"]
    assert header[-16:] == [
        f"{side} {kind}"
        for side in ("N-S", "E-W")
        for kind in ("tricks", "premium", "honours", "undertricks", "double bonus", "slam", "revoke", "penalty")
    ]  # fmt: skip
    # Pair 1's plus/minus is 457/3 (board averages of thirds, two results missing): the page shows +152, the
    # cell holds 152 signed, and the exact value is the text "+152 1/3".
    by_pair = {r[2].value: r for r in standings.iter_rows(min_row=2)}
    row = next(r for r in rows.standings.rows if r.pair.label == 1)
    assert row.plus_minus == Fraction(457, 3)
    assert row.plus_minus_display == "+152"
    cells = by_pair[1]
    assert [c.value for c in cells] == [
        "N-S", row.rank, 1, "=1+1", "@Basil", row.boards, row.net, 152, "+152 1/3", None, None, None,
        "provisional", 6, 6,
    ]  # fmt: skip
    assert [c.number_format for c in cells[6:8]] == ["0", "+0;-0;0"]
    for cell in (cells[3], cells[4], cells[8], by_pair[2][3], by_pair[2][4]):
        assert cell.data_type == "s", cell.value
        assert cell.quotePrefix, cell.value
    assert [by_pair[2][3].value, by_pair[2][4].value] == ["#N/A", "-Ada"]
    assert not cells[2].quotePrefix
    assert cells[1].data_type == "n"

    # Every result line: the cells the pages show, numbers as numbers, each side's items by kind.
    lines = list(travellers.iter_rows(min_row=2))
    assert len(lines) == len(rows.results) == event.plays.count()
    for line, result in zip(lines, rows.results, strict=True):
        got = {name: cell.value for name, cell in zip(header, line, strict=False)}
        played = result.played
        want = {
            "Section": "A", "Board": result.board, "Round": result.round, "Table": result.table,
            "N-S pair": result.ns.label, "E-W pair": result.ew.label, "Entered": "yes" if result.entered else "no",
            "Contract": result.contract or None, "Result": result.status,
            "N-S total": result.ns_total if played else None, "Net N-S": result.net_ns if played else None,
            "N-S items": result.ns_items or None, "E-W items": result.ew_items or None,
        }  # fmt: skip
        assert {k: got[k] for k in want} == want
        for side, label in (("NS", "N-S"), ("EW", "E-W")):
            for kind, name in st.ITEM_NAMES.items():
                points = sum(i["points"] for i in result.items if (i["side"], i["kind"]) == (side, kind))
                has = any((i["side"], i["kind"]) == (side, kind) for i in result.items)
                assert got[f"{label} {name}"] == (points if has else None)
        pm = result.ns_plus_minus
        if pm is not None:
            cell = line[header.index("N-S plus/minus")]
            fmt = "+0;-0;0" if pm.denominator == 1 else "+# ??/??;-# ??/??;0"
            assert (cell.value, cell.number_format, cell.data_type) == (pytest.approx(pm), fmt, "n")
    first = rows.results[0]  # board 1, round 1, table 1: 50 penalty points to N-S (law F)
    assert (first.board, first.round, first.table) == (1, 1, 1)
    assert lines[0][header.index("N-S penalty")].value == 50
    assert lines[0][header.index("Rulings and penalties")].value == "N-S: penalty 50 (law F)"

    # The score cards: pair 1's players are one text cell, quote-prefixed as it starts with "=".
    card = next(r for r in wb["Score cards"].iter_rows(min_row=2) if r[0].value == 1)
    assert card[1].value == "=1+1 & @Basil"
    assert card[1].data_type == "s"
    assert card[1].quotePrefix
