"""A traveller lists its lines in one order everywhere: as the room sits, by table (by section first, and by
round where a table plays a board twice). The traveller page listed them in round order while the venue
display listed them by table; in round order a board's first line is at a different table on every board,
by table a player finds their table's line at the same place on every board (in a Mitchell, N-S pair n's is
line n)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.urls import reverse

from duplicate import files
from duplicate.demo import demo_event_file
from duplicate.models import Event
from duplicate.selectors import events as sel
from duplicate.selectors.event_rows import event_rows
from duplicate.services.eventfile import event_import

pytestmark = pytest.mark.django_db

PAGE_ROW = re.compile(
    r'<tr data-ns="[^"]*" data-ew="[^"]*"[^>]*>\s*<td class="[^"]*">(\d+)</td>\s*<td class="num">(\d+)</td>'
)


@pytest.fixture
def demo() -> Event:
    return event_import(data=demo_event_file())


def released(event: Event) -> list[int]:
    in_play = sel.boards_in_play(event)
    numbers = [
        n for n in event.boards.order_by("number").values_list("number", flat=True) if n not in in_play
    ]
    assert numbers
    return numbers


def page_tables(client, event: Event, number: int) -> list[int]:
    html = client.get(reverse("board_traveller", args=[event.pk, number])).content.decode()
    rows = [(int(r), int(t)) for r, t in PAGE_ROW.findall(html)]
    assert len(rows) == event.sections.get().tables
    return [table for _, table in rows]


def display_tables(client, event: Event, number: int) -> list[int]:
    html = client.get(reverse("event_display", args=[event.pk])).content.decode()
    slide = re.search(rf'aria-label="Board {number}">(.*?)</section>', html, re.S)
    assert slide is not None
    body = slide.group(1).split("<tbody", 1)[1]
    return [int(t) for t in re.findall(r"<tr[^>]*>\s*<td[^>]*>\s*(\d+)\s*</td>", body)]


def test_the_traveller_page_lists_its_lines_by_table_as_the_display_does(client, demo):
    for number in released(demo):
        tables = page_tables(client, demo, number)
        assert tables == sorted(tables), number
        assert tables == display_tables(client, demo, number), number


def test_the_downloads_list_the_lines_by_table(demo):
    for board in event_rows(demo).boards:
        keys = [(line.section, line.table, line.round) for line in board.lines]
        assert keys == sorted(keys), board.number


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils (pdftotext) is not installed")
def test_the_travellers_pdf_lists_the_lines_by_table(demo, tmp_path: Path):
    path = tmp_path / "travellers.pdf"
    path.write_bytes(files.travellers_file(demo, "pdf"))
    text = subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    tables_of_board: list[list[int]] = []
    for line in text.splitlines():
        if re.match(r"\s*Rd\s+Tbl\b", line):
            tables_of_board.append([])
        elif tables_of_board and (row := re.match(r"\s*(\d+)\s+(\d+)\s+\d+\s+\d+\s", line)):
            tables_of_board[-1].append(int(row[2]))
    played = [tables for tables in tables_of_board if tables]
    assert played
    assert all(tables == sorted(tables) for tables in played), played
