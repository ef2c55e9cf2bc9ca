"""Files made for people come in the reader's language: a French reader's workbook has French sheet names and
headings, the results CSV French headings, a printout French words; the English reader's stay English (the
cache keeps each language's file apart)."""

from __future__ import annotations

import csv
import io

import openpyxl
import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import translation

from duplicate.selectors.guide_cards import move_words
from duplicate.services.eventfile import event_import
from tests.duplicate.exports_events import pairs_file
from tests.factories import finished_contract_event, pdf_words

pytestmark = pytest.mark.django_db

FORBIDDEN = set("[]:*?/\\")


def _get(client, language: str, name: str, *args: object) -> bytes:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = client.get(reverse(name, args=list(args)))
    assert response.status_code == 200
    return response.content


def _book(data: bytes) -> openpyxl.Workbook:
    return openpyxl.load_workbook(io.BytesIO(data), read_only=True)


def test_a_french_readers_downloads_carry_french_headings_an_english_readers_english(client):
    event = event_import(data=pairs_file(3, 1, name="Mardi"))
    english = _book(_get(client, "en-gb", "download_workbook", event.pk))
    french = _book(_get(client, "fr", "download_workbook", event.pk))
    assert english.sheetnames[:2] == ["Standings", "Travellers"]
    assert french.sheetnames[:2] == ["Classement", "Feuilles ambulantes"]
    for name in french.sheetnames:
        assert len(name) <= 31, name
        assert not FORBIDDEN & set(name), name
    head = next(french["Feuilles ambulantes"].iter_rows(max_row=1, values_only=True))
    assert head[:3] == ("Section", "Donne", "Tour")
    assert "Score N-S" in head
    assert "Round" not in head
    assert next(english["Travellers"].iter_rows(max_row=1, values_only=True))[:3] == (
        "Section",
        "Board",
        "Round",
    )

    rows = list(
        csv.reader(io.StringIO(_get(client, "fr", "download_results_csv", event.pk).decode("utf-8-sig")))
    )
    assert rows[0][:3] == ["Section", "Donne", "Tour"]
    assert "Score N-S exact" in rows[0]
    english_csv = _get(client, "en-gb", "download_results_csv", event.pk).decode("utf-8-sig")
    assert next(csv.reader(io.StringIO(english_csv)))[:3] == ["Section", "Board", "Round"]

    words = pdf_words(_get(client, "fr", "download_travellers", event.pk))
    assert "Feuilles ambulantes" in words
    assert "Donne 1" in words
    assert "Travellers" not in words


@pytest.mark.parametrize(
    ("where", "fr", "pl"),
    [
        ("stays", "reste", "zostaje"),
        ("sits out", "relais", "pauza"),
        ("end", "fin", "koniec"),
        ("bye stand", "table de repos", "stolik pauzy"),
        ("table 2 E-W", "table 2 E-O", "stół 2 WE"),
        ("table 3", "table 3", "stół 3"),
        ("tables 3, 5", "tables 3, 5", "stoły 3, 5"),
    ],
)
def test_a_guide_cards_moves_are_printed_in_the_readers_language(where, fr, pl):
    """The guide card's moves stay English where code compares them; the printout says them in the reader's
    language, and in English as they are."""
    assert move_words(where) == where
    with translation.override("fr"):
        assert move_words(where) == fr
    with translation.override("pl"):
        assert move_words(where) == pl


def test_a_pbn_download_is_english_whatever_the_readers_language(client):
    """PBN is read by programs: a French reader's results file says a ruling's words in English, as an
    English reader's does (law 12C2's artificial score, in the game's comment)."""
    event = finished_contract_event("matchpoints")  # with hands: a game a board
    url = reverse("download_hands", args=[event.pk, "results"])
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en-gb").content.decode()
    cache.clear()
    french = Client(HTTP_ACCEPT_LANGUAGE="fr").get(url).content.decode()
    assert "Adjusted score: A60/40 (law 12C2)" in english
    assert french == english
