"""Kalamazoo's commands speak the language of the user's environment (LANG=fr_FR.UTF-8: French), one of
settings.LANGUAGES, else British English; the tests' settings keep them English whatever the machine's LANG."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command, load_command_class
from django.core.management.base import CommandError
from django.utils import translation

from duplicate.management.commands._language import environment_language

CODES = ["en-gb", "fr", "pl"]
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({}, "en-gb"),
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LANG": "fr_CA.UTF-8"}, "fr"),
        ({"LANG": "fr_BE.UTF-8@euro"}, "fr"),
        ({"LANG": "fr"}, "fr"),
        ({"LANG": "pl_PL.UTF-8"}, "pl"),
        ({"LANG": "en_GB.UTF-8"}, "en-gb"),
        ({"LANG": "en_US.UTF-8"}, "en-gb"),  # English: the British English shipped
        ({"LANG": "de_DE.UTF-8"}, "en-gb"),  # not shipped
        ({"LANG": "C"}, "en-gb"),
        ({"LANG": "C.UTF-8"}, "en-gb"),
        ({"LANG": "POSIX"}, "en-gb"),
        ({"LANG": "", "LC_ALL": ""}, "en-gb"),
        # The locale: LC_ALL, then LC_MESSAGES, then LANG.
        ({"LC_ALL": "pl_PL.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8", "LANG": "fr_FR.UTF-8"}, "pl"),
        ({"LC_MESSAGES": "pl_PL.UTF-8", "LANG": "fr_FR.UTF-8"}, "pl"),
        ({"LC_ALL": "C", "LANG": "fr_FR.UTF-8"}, "en-gb"),
        # LANGUAGE before the locale: its first language shipped, and nothing after the list.
        ({"LANGUAGE": "pl:fr", "LANG": "fr_FR.UTF-8"}, "pl"),
        ({"LANGUAGE": "de:fr_FR", "LANG": "en_GB.UTF-8"}, "fr"),
        ({"LANGUAGE": "de", "LANG": "fr_FR.UTF-8"}, "en-gb"),
        ({"LANGUAGE": "", "LANG": "pl_PL.UTF-8"}, "pl"),
        # In the C locale (or none) gettext reads no LANGUAGE.
        ({"LANGUAGE": "fr", "LANG": "C.UTF-8"}, "en-gb"),
        ({"LANGUAGE": "fr"}, "en-gb"),
    ],
)
def test_the_environment_chooses_the_language(environ, expected):
    assert environment_language(environ, CODES, "en-gb") == expected


@pytest.fixture
def french(monkeypatch, settings):
    """A French user's terminal, with the commands' language taken from it (as outside the tests)."""
    for name in LOCALE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    settings.COMMANDS_SPEAK_ENVIRONMENT_LANGUAGE = True


@pytest.mark.django_db
def test_a_command_prints_french_under_a_french_lang_and_leaves_no_language_behind(french):
    out = io.StringIO()
    call_command("publish_standings", "--all", stdout=out)
    assert out.getvalue() == "Aucun tournoi terminé à publier.\n"
    with pytest.raises(CommandError, match=r"^tournoi 999999 : ce tournoi n'existe pas$"):
        call_command("publish_standings", "999999")
    assert translation.get_language() == "en-gb"


def test_a_commands_help_is_in_the_users_language(french, capsys):
    load_command_class("duplicate", "publish_standings").print_help("manage.py", "publish_standings")
    said = capsys.readouterr().out
    assert "Publie le classement" in said
    assert "chaque tournoi terminé" in said  # --all's help


@pytest.mark.django_db
def test_the_tests_commands_speak_british_english_whatever_the_machines_lang(monkeypatch):
    # tests/settings.py turns COMMANDS_SPEAK_ENVIRONMENT_LANGUAGE off: a French machine's tests read English.
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    out = io.StringIO()
    call_command("publish_standings", "--all", stdout=out)
    assert out.getvalue() == "No finished events to publish.\n"
