"""Printouts of big events and long names: a table guide card longer than a page runs on over the next page
(on A4 and on US Letter); an event name of any length stays clear of the footer's mark."""

from __future__ import annotations

import dataclasses
import io

import pytest
from pypdf import PageObject, PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth

from duplicate import files
from duplicate.exports.fonts import SANS
from duplicate.exports.printouts import guide_cards_pdf
from duplicate.models import Event
from duplicate.selectors.event_rows import event_rows
from duplicate.services.eventfile import event_import
from tests.duplicate.exports_events import pairs_file

pytestmark = pytest.mark.django_db

LONG_NAME = ("The Grand Annual Charity Pairs of the Kalamazoo Whist and Bridge Club " * 4)[:200]


def footer_pieces(data: bytes) -> list[tuple[str, float, float]]:
    """Each text run at the foot of the first page (below 12 mm) with its x position and font size."""
    found: list[tuple[str, float, float]] = []

    def visit(text: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
        x, y = tm[4] * cm[0] + cm[4], tm[5] * cm[3] + cm[5]
        if text.strip() and y < 34:
            found.append((text.strip(), x, size))

    PdfReader(io.BytesIO(data)).pages[0].extract_text(visitor_text=visit)
    return found


@pytest.mark.parametrize("paper", ["A4", "letter"])
def test_a_long_event_name_stops_before_the_footer_mark(paper):
    data = pairs_file(3, 2, name=LONG_NAME)
    data["paper_size"] = paper
    event = event_import(data=data)
    made = {
        "standings": files.standings_file(event, "pdf"),
        "travellers": files.travellers_file(event, "pdf"),
        **{kind: files.printout_file(event, kind) for kind in files.PRINTOUTS},
    }
    for what, pdf in made.items():
        pieces = footer_pieces(pdf)
        left = next(piece for piece in pieces if piece[0].startswith("The Grand Annual"))
        assert left[0].endswith("…") or "…" in left[0], what
        end = left[1] + stringWidth(left[0], SANS, left[2])
        marks = [piece for piece in pieces if piece[0] in ("PROVISIONAL", "Final")]
        assert marks or what not in ("standings",), what
        for mark in marks:
            assert end < mark[1], (what, end, mark)
    assert [piece[0] for piece in footer_pieces(made["standings"])].count("PROVISIONAL") == 1


def test_guide_cards_of_a_hundred_tables_run_over_pages_on_a4_and_letter():
    """A 100-table Mitchell plays 100 rounds: each table's card is longer than a page (it failed from 49
    tables on A4 and 43 on letter)."""
    event = event_import(data=pairs_file(100, 1, hands=False, specials=False, missing=0))
    rows = event_rows(event)
    assert len(rows.guide_cards) == 100
    for paper in ("A4", "letter"):
        paged = dataclasses.replace(rows, info=dataclasses.replace(rows.info, paper_size=paper))
        reader = PdfReader(io.BytesIO(guide_cards_pdf(paged)))
        assert 200 <= len(reader.pages) <= 400, paper  # two to four pages a card
        ends = [*reader.pages[:5], *reader.pages[-5:]]  # the first card's pages and the last one's
        pages = [" ".join(page.extract_text().split()) for page in ends]
        # Each card's title and header on each of its pages; every round's line, in order.
        for card in (rows.guide_cards[0], rows.guide_cards[-1]):
            own = [text for text in pages if f"{card.title} Export pairs Round N-S pair" in text]
            assert len(own) >= 2, (paper, card.title)
            text = " ".join(own)
            at = 0
            for line in card.lines:
                shown = f"{line.round} {line.ns.label} {line.ew.label} {line.boards} {line.ns_next}"
                at = text.index(shown, at)
            assert "N-S next / E-W next: where each pair sits" in own[-1]


def test_the_guide_cards_download_of_a_big_event(client):
    event = Event.objects.get(pk=event_import(data=pairs_file(50, 1, hands=False, specials=False)).pk)
    response = client.get(f"/events/{event.pk}/download/guide-cards.pdf")
    assert response.status_code == 200
    assert len(PdfReader(io.BytesIO(response.content)).pages) >= 100


def text_objects(page: PageObject) -> int:
    contents = page.get_contents()
    assert contents is not None
    return contents.get_data().count(b"BT")


def test_score_cards_and_travellers_draw_a_table_in_one_text_object():
    """The long tables are drawn as one text object each, not one per cell (reportlab's tables make one per
    string: most of a 100-table event's printing time); what they show is read back in test_exports."""
    event = event_import(data=pairs_file(9, 3, name="Text objects"))
    cards = PdfReader(io.BytesIO(files.printout_file(event, "scorecards")))
    first = cards.pages[0]
    assert "Round Board Held" in " ".join(first.extract_text().split())
    assert text_objects(first) < 30  # 27 lines of 9 cells: 243 strings
    travellers = PdfReader(io.BytesIO(files.travellers_file(event, "pdf")))
    # two boards a page: their hands string by string (about 140 text objects), their tables one each
    assert all(text_objects(page) < 200 for page in travellers.pages)
