"""Load a USEBIO 1.2 file as a new event: python manage.py import_usebio FILE.xml (prints its id last)."""

from __future__ import annotations

from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from django.core.management.base import CommandError

from duplicate.management.commands._base import KalamazooCommand, read_input
from duplicate.services import ServiceError
from duplicate.services.usebio import MAX_USEBIO, usebio_import


class Command(KalamazooCommand):
    help = "Import another scorer's USEBIO 1.2 pairs file as a new contract event, in one transaction."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("file", type=Path)

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["file"]
        data = read_input(path, limit=MAX_USEBIO)
        try:
            event = usebio_import(data=data)
        except ServiceError as exc:
            raise CommandError(f"{path}: {exc}", returncode=2) from None
        results = event.plays.filter(entered=True).count()
        self.stdout.write(
            f"Imported {event.name!r} ({event.contest}): {event.pairs.count()} pairs, {results} results. "
            f"Event {event.pk}"
        )
