"""Every PDF prints every name: the printouts embed DejaVu Sans (shipped in duplicate/exports/fonts with its
licence), so Ł ą Ś Ż ł Ş come back out of each file's text as they went in (PDF's standard Helvetica has
none of them: they printed as black boxes)."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from duplicate import files
from duplicate.exports.fonts import BOLD, FONT_DIR, OBLIQUE, SANS
from duplicate.services.eventfile import event_import
from tests.duplicate.exports_events import pairs_file, team_file

pytestmark = pytest.mark.django_db

EVENT = "Łódź Ż pairs"
PLAYERS = ["Łukasz Śliwa", "Zoë Ąłż", "Şule Çelik", "Ewa Żółć"]
TEAMS = ["Ślązacy", "Şahinler"]


def pdf_text(data: bytes) -> str:
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(data)).pages)


def pdf_fonts(data: bytes) -> set[str]:
    """The base font of every font the pages use."""
    names: set[str] = set()
    for page in PdfReader(io.BytesIO(data)).pages:
        fonts = page["/Resources"].get_object().get("/Font", {})
        names |= {str(font.get_object()["/BaseFont"]) for font in fonts.values()}
    return names


@pytest.fixture
def event():
    data = pairs_file(3, 2, name=EVENT)
    data["pairs"][0]["players"] = PLAYERS[:2]
    data["pairs"][3]["players"] = PLAYERS[2:]
    return event_import(data=data)


def assert_printed(data: bytes, names: list[str]) -> None:
    text = pdf_text(data)
    for name in names:
        assert name in text
    assert all("Helvetica" not in font for font in pdf_fonts(data))  # DejaVu Sans, embedded


def test_standings_travellers_and_printouts_print_every_name(event):
    assert_printed(files.standings_file(event, "pdf"), [EVENT, *PLAYERS])
    assert_printed(files.travellers_file(event, "pdf"), [EVENT])
    assert_printed(files.printout_file(event, "scorecards"), [EVENT, *PLAYERS])
    assert_printed(files.printout_file(event, "guide-cards"), [EVENT])
    assert_printed(files.printout_file(event, "hand-records"), [EVENT])


def test_the_recap_sheet_prints_every_name(client, event):
    response = client.get(reverse("download_recap", args=[event.pk]))
    assert response.status_code == 200
    assert_printed(response.content, [EVENT, *PLAYERS])


def test_the_team_match_prints_every_team_and_player():
    data = team_file()
    old = [team["name"] for team in data["teams"]]
    for team, name in zip(data["teams"], TEAMS, strict=True):
        team["name"] = name
    for pair in data["pairs"]:
        pair["team"] = TEAMS[old.index(pair["team"])]
    data["pairs"][0]["players"] = PLAYERS[:2]
    data["pairs"][1]["players"] = PLAYERS[2:]
    event = event_import(data=data)
    assert_printed(files.standings_file(event, "pdf"), [*TEAMS, *PLAYERS])


def test_the_font_ships_with_its_licence_and_is_used_throughout():
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf", "LICENSE"):
        assert (FONT_DIR / name).is_file(), name
    assert "Bitstream Vera" in (FONT_DIR / "LICENSE").read_text()
    assert len({SANS, BOLD, OBLIQUE}) == 3
