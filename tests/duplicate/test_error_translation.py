"""The scoring engine's messages are English templates made into text when shown, in the language in use.

``scoring`` knows no Django: ``duplicate.apps`` sets ``scoring.errors``' hook to Django's ``gettext`` and
``ngettext`` when the app starts. The French tests need the French catalogue's entries for these messages
(``locale/fr``): they pass once those entries are in it and compiled.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.utils import translation

from scoring import errors
from scoring.checks import DD_TABLE_TEXT, Played, double_dummy_check
from scoring.codes import Strain
from scoring.contract import Contract, Doubling, Seat
from scoring.errors import ScoringError, whole_number

ROOT = Path(__file__).resolve().parents[2]
TRICKS = "must be a whole number from %(low)s to %(high)s, got %(got)s"
ENGLISH = "tricks: must be a whole number from 0 to 13, got 14"


def _error() -> ScoringError:
    with pytest.raises(ScoringError) as caught:
        whole_number(14, "tricks", 0, 13)
    return caught.value


def test_an_error_keeps_its_field_template_and_values() -> None:
    error = _error()
    assert error.field == "tricks"
    assert error.template == TRICKS
    assert error.params == {"low": 0, "high": 13, "got": "14"}
    assert str(error) == ENGLISH


def test_the_hook_is_djangos_gettext_once_the_app_has_started() -> None:
    assert errors.translate is translation.gettext
    assert errors.translate_plural is translation.ngettext


def test_an_error_is_english_in_british_english() -> None:
    with translation.override("en-gb"):
        assert str(_error()) == ENGLISH
    assert str(_error()) == ENGLISH


def test_an_error_is_english_without_the_hook() -> None:
    error = _error()
    errors.set_translation(None)
    try:
        with translation.override("fr"):
            assert str(error) == ENGLISH
    finally:
        errors.set_translation(translation.gettext, translation.ngettext)


def test_an_error_is_made_into_text_when_shown_in_french() -> None:
    # Needs the French catalogue's entry for TRICKS (the field stays as it is: an identifier).
    error = _error()  # raised in English, shown in French: the text is made when shown
    with translation.override("fr"):
        french = translation.gettext(TRICKS)
        shown = str(error)
    assert french != TRICKS, "the French catalogue has no entry for the message yet"
    assert shown == "tricks: " + french % {"low": 0, "high": 13, "got": "14"}
    assert str(error) == ENGLISH


def test_a_translation_that_does_not_fit_its_values_falls_back_to_english() -> None:
    errors.set_translation(lambda text: "%(nothing)s")
    try:
        assert str(_error()) == ENGLISH
    finally:
        errors.set_translation(translation.gettext, translation.ngettext)


def test_a_check_is_said_in_french() -> None:
    # Needs the French catalogue's entries for the double-dummy sentences (a plural entry).
    played = Played(Contract(4, Strain.S, Doubling.NONE), Seat.N, 6)
    english = double_dummy_check(played, 10)
    assert english is not None
    assert english.text == "4S by N made 6: double-dummy says 10 tricks."
    with translation.override("fr"):
        french = double_dummy_check(played, 10)
        table_text = translation.gettext(DD_TABLE_TEXT)
    assert french is not None
    assert table_text != DD_TABLE_TEXT, "the French catalogue has no entry for the sentence yet"
    assert french.table_text == table_text
    assert french.text != english.text
    assert "4S" in french.text
    assert "10" in french.text
