"""Every CSV download as a spreadsheet opens it (issue 32, item 5): each file converted by Gnumeric's
``ssconvert`` (Debian's gnumeric, installed by .ci/run) and its cells read back with openpyxl.  No exact value
("1/2", "11/4", "-7/2", "475/6") turns into a date or a number that lost its fraction, no cell is a formula,
a name that reads as a formula comes through as its text, and a number (a negative score too) stays a number.

Skipped where ssconvert is missing, except in CI (``CI`` set), where a missing ssconvert fails the test."""

from __future__ import annotations

import csv
import datetime
import io
import os
import re
import shutil
import subprocess
import warnings
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import openpyxl
import pytest

from duplicate import files
from duplicate.exports.cells import exact_from_csv, needs_quote
from duplicate.services.eventfile import event_import
from duplicate.services.players import player_create, players_export_csv
from teams.files import imp_file
from tests.duplicate.exports_events import pairs_file, team_file
from tests.factories import finished_contract_event, imp_match_file

pytestmark = pytest.mark.django_db

SSCONVERT = shutil.which("ssconvert")
if SSCONVERT is None and os.environ.get("CI"):
    raise RuntimeError("ssconvert (Debian's gnumeric) is missing: .ci/run installs it for these tests")
needs_ssconvert = pytest.mark.skipif(
    SSCONVERT is None, reason="ssconvert is not installed (apt-get install gnumeric); CI installs it"
)

NUMBER = re.compile(r"-?\d+(\.\d+)?")
FORMULA_NAMES = ['=HYPERLINK("http://x.example","click")', "+1", "-Mate", "@SUM(1)"]


def spreadsheet_cells(csv_bytes: bytes, tmp_path: Path) -> list[list[object]]:
    """The cells Gnumeric makes of the file (each row padded to the longest), as openpyxl reads them back; a
    formula cell raises at once."""
    source, converted = tmp_path / "file.csv", tmp_path / "file.xlsx"
    source.write_bytes(csv_bytes)
    converted.unlink(missing_ok=True)
    subprocess.run([SSCONVERT, str(source), str(converted)], check=True, capture_output=True, timeout=120)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "Workbook contains no default style": Gnumeric's file, not ours
        sheet = openpyxl.load_workbook(converted).active
    rows = []
    for row in sheet.iter_rows():
        formulas = [cell.coordinate for cell in row if cell.data_type == "f"]
        assert not formulas, f"formula cells {formulas}"
        rows.append([cell.value for cell in row])
    return rows


def check_cells(csv_bytes: bytes, tmp_path: Path) -> int:
    """Each of the file's cells against the spreadsheet's, cell by cell; the count of exact values that are
    not whole (so that a test knows it saw some)."""
    written = list(csv.reader(io.StringIO(csv_bytes.decode("utf-8-sig"), newline="")))
    cells = spreadsheet_cells(csv_bytes, tmp_path)
    assert len(cells) == len(written)
    header = written[0]
    fractions = 0
    for text_row, cell_row in zip(written, cells, strict=True):
        for column, text in enumerate(text_row):
            value = cell_row[column] if column < len(cell_row) else None
            where = (header[column], text, value)
            assert not isinstance(value, datetime.datetime | datetime.date | datetime.time), where
            if text == "":
                assert value is None, where
            elif header[column].endswith("exact") and text_row is not header:
                exact = exact_from_csv(text)
                fractions += exact.denominator != 1
                if exact.denominator == 1:
                    assert value == exact, where  # a whole number: a number
                else:
                    assert value == text.removeprefix("'"), where  # its text, as written: "11/4"
            elif NUMBER.fullmatch(text):
                assert isinstance(value, int | float), where
                assert Decimal(str(value)) == Decimal(text), where
            elif text.startswith("'") and needs_quote(text[1:]):
                assert value == text[1:], where  # a name that reads as a formula: its text
            else:
                assert str(value) == text, where
    return fractions


@needs_ssconvert
def test_a_matchpoint_events_csvs_keep_their_fractions_as_text(tmp_path):
    event = finished_contract_event("matchpoints")  # percentages 475/6, 25/6; matchpoints 19/2, 1/2, 12/5
    standings = files.standings_file(event, "csv")
    assert b'"\'1/2"' in standings  # "1/2" opened as a date: the second of January
    assert check_cells(standings, tmp_path) >= 8
    results = files.results_file(event)
    assert b'"\'7/2"' in results
    assert b'"\'12/5"' in results
    assert check_cells(results, tmp_path) >= 4


@needs_ssconvert
def test_a_law_h_events_csvs_keep_plus_minus_and_names_as_written(tmp_path):
    data = pairs_file(3, 2)  # averages and rulings: plus/minus in thirds and halves, negative scores
    data["pairs"][0]["players"] = FORMULA_NAMES[:2]
    data["pairs"][1]["players"] = FORMULA_NAMES[2:]
    event = event_import(data=data)
    standings = files.standings_file(event, "csv")
    results = files.results_file(event)
    check_cells(standings, tmp_path)  # this event's totals happen to be whole
    assert check_cells(results, tmp_path) >= 10  # each line's plus/minus: thirds and halves
    names = {value for row in spreadsheet_cells(standings, tmp_path) for value in row}
    assert set(FORMULA_NAMES) <= names  # each name as the director typed it, text
    negative = [value for row in spreadsheet_cells(results, tmp_path)[1:] for value in row]
    assert any(isinstance(value, int | float) and value < 0 for value in negative)  # a score, still a number


@needs_ssconvert
def test_the_team_csvs_keep_their_fractions_as_text(tmp_path):
    data = team_file()
    data["teams"][0]["name"] = "=Reds"
    for pair in data["pairs"]:
        pair["team"] = "=Reds" if pair["team"] == "Reds" else pair["team"]
    law_g = files.standings_file(event_import(data=data), "csv")
    assert check_cells(law_g, tmp_path) >= 1
    assert "=Reds" in {value for row in spreadsheet_cells(law_g, tmp_path) for value in row}
    imps = imp_file(event_import(data=imp_match_file()), "csv")
    check_cells(imps, tmp_path)
    vps = [row[8] for row in spreadsheet_cells(imps, tmp_path)[1:] if row[1] == "total"]
    assert vps
    assert all(isinstance(value, int | float) for value in vps)


@needs_ssconvert
def test_the_roster_csv_keeps_names_and_numbers_as_written(tmp_path):
    for i, name in enumerate(FORMULA_NAMES):
        player_create(name=name, number=f"{1000 + i}", body="EBU", club_number=f"-{i + 1}")
    player_create(name="Ada Byron")
    roster = players_export_csv().encode("utf-8")
    check_cells(roster, tmp_path)
    cells = spreadsheet_cells(roster, tmp_path)
    assert {row[0] for row in cells[1:]} == {*FORMULA_NAMES, "Ada Byron"}
    assert {row[3] for row in cells[1:]} == {"-1", "-2", "-3", "-4", None}  # club numbers: text, not sums


def test_an_exact_value_reads_back_from_its_cell():
    assert exact_from_csv("'508/3") == Fraction(508, 3)
    assert exact_from_csv("'-7/2") == Fraction(-7, 2)
    assert exact_from_csv("-54") == -54
    with pytest.raises(ValueError, match="Invalid literal"):
        exact_from_csv("''1/2")
