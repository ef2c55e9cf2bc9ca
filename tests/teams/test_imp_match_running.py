"""A team match by IMPs board by board: the running column adds up to the totals the viewer is shown, and a
board still in play reads "being played" whoever looks, never "not played yet".

Figures of ``tests.teams.test_imp_match.RESULTS`` (worked there by hand): board 1 10 IMPs to Reds, board 2
none, board 3 12 to Reds, board 4 13 to Blues; running 10, 10, 22, 9; Reds 22, Blues 13."""

from __future__ import annotations

import io

import pytest
from openpyxl import load_workbook
from pypdf import PdfReader

from duplicate.models import Event
from duplicate.selectors.event_rows import event_info
from duplicate.selectors.events import (
    Viewer,
    boards_in_play,
    hidden_boards,
    released_only,
    table_boards,
)
from duplicate.selectors.imp_match import imp_match
from duplicate.services.eventfile import event_import
from teams.imp_exports import imp_pdf, imp_text, imp_xlsx
from tests.factories import IMP_MATCH_RESULTS as RESULTS
from tests.factories import imp_match_file as match_file

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_cache")]


def sheets(data: bytes) -> dict[str, list[tuple]]:
    book = load_workbook(io.BytesIO(data))
    return {name: list(book[name].iter_rows(values_only=True)) for name in book.sheetnames}


def pdf_words(data: bytes) -> str:
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(data)).pages)


def test_the_running_column_counts_a_hidden_board_that_the_totals_count():
    # Running totals over every result: board 3 counted in the totals though hidden from this viewer.  Its
    # line stays "being played" (no scores, no IMPs) but carries the running figure, so the column ends on the
    # totals' difference, 22 - 13 = 9.
    event = event_import(data={**match_file(), "running_totals": True})
    match = imp_match(event, hidden=frozenset({3}), released_only=False)
    assert (match.home_imps, match.away_imps, match.scored) == (22, 13, 4)
    lines = [(x.board, x.home_text, x.home_imps, x.away_imps, x.running, x.note) for x in match.lines]
    assert lines == [
        (1, "420", 10, 0, 10, ""),
        (2, "600", 0, 0, 10, ""),
        (3, "", None, None, 22, "being played"),
        (4, "690", 0, 13, 9, ""),
    ]
    assert match.lines[-1].running == match.home_imps - match.away_imps
    # The files say the same: the running figure beside "being played", and no score of board 3 (+100 at
    # Reds' N-S table, -620 at Blues').
    assert "    3 being played (running 22)" in imp_text(event.name, match)
    board_by_board = sheets(imp_xlsx(event_info(event), match))["Board by board"]
    assert board_by_board[3] == (3, "being played", None, None, None, None, 22)
    assert board_by_board[4][-1] == 9
    words = pdf_words(imp_pdf(event_info(event), match, hidden=True))
    assert "3 being played 22 4 690 1440 -750 0 13 9" in words
    assert "-620" not in words


def test_the_running_column_leaves_out_what_the_totals_leave_out():
    # A visitor's totals of the released boards only: board 4 (one table in) counted nowhere, and the
    # column's last figure is the totals' 22.
    event = event_import(data=match_file(RESULTS[:-1]))
    match = imp_match(event, hidden=frozenset({4}), released_only=True)
    assert [(x.running, x.note) for x in match.lines] == [
        (10, ""),
        (10, ""),
        (22, ""),
        (None, "being played"),
    ]
    assert (match.home_imps, match.away_imps) == (22, 0)


def test_a_board_a_table_link_has_played_while_others_play_it_is_being_played():
    # Board 4 played at table 2 only (Blues N-S +1440), table 1 still to play it.  Table 2's link sees the
    # board (its table has played it) but its totals count only the released boards: board 4 is left out of
    # them, and is being played, not "not played yet".
    event = event_import(data=match_file(RESULTS[:-1]))
    section = event.sections.get()
    viewer = Viewer(played=table_boards(section.pk, 2).played)
    assert 4 in viewer.played
    hidden = hidden_boards(boards_in_play(event), viewer)
    assert 4 not in hidden
    match = imp_match(event, hidden=hidden, released_only=released_only(event, viewer))
    line = match.lines[-1]
    assert (line.board, line.note, line.home_imps, line.running) == (4, "being played", None, None)
    assert (match.home_imps, match.away_imps) == (22, 0)
    # The director's: board 4 is not yet in at both tables, and not hidden from him: "not played yet".
    director = imp_match(Event.objects.get(pk=event.pk))
    assert director.lines[-1].note == "not played yet"
