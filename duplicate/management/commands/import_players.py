"""Load the club's roster from a CSV file: python manage.py import_players FILE.csv (prints what it did last)."""

from __future__ import annotations

from argparse import ArgumentParser
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from duplicate.management.commands._base import KalamazooCommand, read_input
from duplicate.players_csv import HEADER, MAX_PLAYERS_FILE
from duplicate.services.errors import ServiceError
from duplicate.services.players import players_import


class Command(KalamazooCommand):
    help = gettext_noop(
        "Load players from a CSV file with the header %(header)s (UTF-8, with or without a byte-order mark; "
        "separated by commas, semicolons or tabs), all or nothing. A row with a membership number updates "
        "the player holding that body and number, a row without one the player of that name; any other row "
        "adds a player. A bad row is named with the field at fault, and nothing is written (exit 2)."
    )
    help_values: ClassVar[Mapping[str, object]] = {"header": HEADER}

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("file", type=Path)

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["file"]
        data = read_input(path, limit=MAX_PLAYERS_FILE)
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise CommandError(
                _("%(path)s: the file is not UTF-8 text") % {"path": path}, returncode=2
            ) from None
        try:
            summary = players_import(text=text)
        except ServiceError as exc:
            raise CommandError(f"{path}: {exc}", returncode=2) from None
        self.stdout.write(f"import_players: {summary}")
