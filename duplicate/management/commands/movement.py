"""Print a movement: python manage.py movement mitchell --tables 7 --boards-per-round 3 --format json.

Kinds: mitchell, howell, teams (law G) and compass (pairs stationary, boards to the next-lower table)."""

from __future__ import annotations

import json
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from duplicate.management.commands._base import KalamazooCommand
from scoring.movements import MovementError, generate

EVEN_OPTIONS = {
    "relay": gettext_noop("even-table Mitchell: relay and bye stand (the default)"),
    "skip": gettext_noop("even-table Mitchell: skip after half the rounds"),
}


class Command(KalamazooCommand):
    help = gettext_noop(
        "Generate, validate and print a movement: mitchell, howell, teams (law G) or compass (every pair "
        "keeps its seat; after each round the boards pass to the next-lower table, table 1's to the last)."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("kind", choices=["mitchell", "howell", "teams", "compass"])
        parser.add_argument(
            "--tables", type=int, required=True, help=_("tables (for teams: pairs in each team)")
        )
        parser.add_argument("--boards-per-round", type=int, required=True)
        even = parser.add_mutually_exclusive_group()
        for const, text in EVEN_OPTIONS.items():
            even.add_argument(f"--{const}", dest="even", action="store_const", const=const, help=_(text))
        parser.add_argument(
            "--pairs",
            type=int,
            help=_("howell only: 2 x tables, or one fewer for a sit-out each round"),
        )
        parser.add_argument("--format", choices=["json", "text"], default="text")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            movement = generate(
                options["kind"],
                tables=options["tables"],
                boards_per_round=options["boards_per_round"],
                even=options["even"] or "relay",
                pairs=options["pairs"],
            )
        except MovementError as exc:
            raise CommandError(str(exc), returncode=2) from None
        if options["format"] == "json":
            self.stdout.write(json.dumps(movement.to_dict()))
        else:
            self.stdout.write(movement.to_text())
