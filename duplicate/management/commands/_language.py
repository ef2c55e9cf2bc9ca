"""The language Kalamazoo's commands speak: the one the user's environment asks for, as gettext reads it.

Django runs a command in ``LANGUAGE_CODE`` (British English); a club director who set ``LANG=fr_FR.UTF-8`` or
``LANG=pl_PL.UTF-8`` reads what ``kalamazoo import_event`` says in French or Polish. The environment is read
by GNU gettext's precedence: ``LANGUAGE`` (a list, ``fr:pl``) unless the locale is C, then the locale, the
first set of ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, otherwise. A language Kalamazoo does not ship, ``C``, ``POSIX`` or
nothing set gives British English. What programs read back (JSON, files) is never translated.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from django.conf import settings
from django.core.management.base import CommandParser
from django.utils import translation
from django.utils.translation import gettext

C_LOCALES = ("c", "posix")


def _code(entry: str) -> str:
    """``fr_CA.UTF-8@euro`` -> ``fr-ca``: the locale's language and territory, as Django writes codes."""
    return entry.split(".")[0].split("@")[0].strip().replace("_", "-").lower()


def environment_language(environ: Mapping[str, str], languages: Iterable[str], default: str) -> str:
    """The language of ``languages`` (codes as in settings.LANGUAGES) the environment asks for, else
    ``default``: a locale matches its own code (``en_GB`` -> ``en-gb``), else its language's (``fr_CA`` ->
    ``fr``), else a code of its language (``en_US`` -> ``en-gb``)."""
    codes = [code.lower() for code in languages]
    locale = next((environ[name] for name in ("LC_ALL", "LC_MESSAGES", "LANG") if environ.get(name)), "")
    if _code(locale) in ("", *C_LOCALES):
        return default  # the C locale: GNU gettext reads no LANGUAGE either
    # LANGUAGE, when set, is the whole list (gettext does not go on to the locale).
    for entry in environ["LANGUAGE"].split(":") if environ.get("LANGUAGE") else [locale]:
        code = _code(entry)
        if not code:
            continue
        if code in C_LOCALES:
            return default
        language = code.split("-")[0]
        for found in (code, language):
            if found in codes:
                return found
        for found in codes:
            if found.split("-")[0] == language:
                return found
    return default


def command_language(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment (this process's unless given) asks for; British English under the
    tests' settings, where COMMANDS_SPEAK_ENVIRONMENT_LANGUAGE is off: a machine's LANG changes no test."""
    if not settings.COMMANDS_SPEAK_ENVIRONMENT_LANGUAGE:
        return settings.LANGUAGE_CODE
    codes = [code for code, _name in settings.LANGUAGES]
    return environment_language(os.environ if environ is None else environ, codes, settings.LANGUAGE_CODE)


class EnvironmentLanguage:
    """A command mixin: the command, its help and its refusals in the language of the user's environment;
    the language in use before is back afterwards (a test's call_command leaves no language behind).

    The command's ``help`` is English marked with ``gettext_noop`` (a class's text, made before any language
    is chosen), translated here when the parser is made; ``help_values`` fills its placeholders."""

    help: str
    help_values: ClassVar[Mapping[str, object]] = {}

    def create_parser(self, prog_name: str, subcommand: str, **kwargs: Any) -> CommandParser:
        parser: CommandParser = super().create_parser(prog_name, subcommand, **kwargs)  # type: ignore[misc]
        if self.help:
            text = gettext(self.help)
            parser.description = text % self.help_values if self.help_values else text
        return parser

    def print_help(self, prog_name: str, subcommand: str) -> None:
        with translation.override(command_language()):  # `manage.py help COMMAND`
            super().print_help(prog_name, subcommand)  # type: ignore[misc]

    def run_from_argv(self, argv: list[str]) -> None:
        with translation.override(command_language()):
            super().run_from_argv(argv)  # type: ignore[misc]

    def execute(self, *args: Any, **options: Any) -> str | None:
        with translation.override(command_language()):
            output: str | None = super().execute(*args, **options)  # type: ignore[misc]
            return output
