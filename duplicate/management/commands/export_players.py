"""Write the club's roster as CSV: python manage.py export_players -o FILE.csv (``-o -``: standard output)."""

from __future__ import annotations

from argparse import ArgumentParser
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from duplicate.management.commands._base import KalamazooCommand, write_output
from duplicate.players_csv import BOM, HEADER
from duplicate.services.players import players_export_csv


class Command(KalamazooCommand):
    help = gettext_noop(
        "Write the roster as CSV with the header %(header)s (UTF-8 with a byte-order mark; to standard "
        "output, without it, for -o -). Players whose personal data was erased are left out."
    )
    help_values: ClassVar[Mapping[str, object]] = {"header": HEADER}

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument(
            "-o",
            "--output",
            type=str,
            required=True,
            help=_("the CSV file to write ('-': standard output)"),
        )

    def handle(self, *args: Any, **options: Any) -> None:
        body = players_export_csv()
        players = body.count("\n") - 1
        if options["output"] == "-":
            self.stdout.write(body.removeprefix(BOM), ending="")
            return
        output = Path(options["output"])
        write_output(output, body)
        wrote = ngettext(
            "export_players: wrote %(n)d player to %(path)s",
            "export_players: wrote %(n)d players to %(path)s",
            players,
        )
        self.stdout.write(wrote % {"n": players, "path": output})
