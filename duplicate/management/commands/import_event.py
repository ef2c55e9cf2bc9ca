"""Load an event file: python manage.py import_event FILE.json (prints the new event's id last); a
championship's file (``"kind": "championship"``) loads the championship and every session."""

from __future__ import annotations

from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from django.core.management.base import CommandError

from duplicate.management.commands._base import KalamazooCommand, read_input
from duplicate.services import ServiceError
from duplicate.services.eventfile import event_import, parse_json
from duplicate.services.eventfile_championship import championship_import, is_championship_file
from duplicate.uploads import MAX_EVENT_FILE


class Command(KalamazooCommand):
    help = "Import a whole event from a JSON event file, in one transaction (all or nothing)."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("file", type=Path)

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["file"]
        data = read_input(path, limit=MAX_EVENT_FILE)
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise CommandError(f"{path}: cannot read it ({exc})", returncode=2) from None
        try:
            content = parse_json(text)
            if is_championship_file(content):  # {"kind": "championship", "sessions": [...]}
                championship = championship_import(data=content)
                self.stdout.write(
                    f"Imported {championship.name!r}: {championship.sessions.count()} sessions. "
                    f"Championship {championship.pk}"
                )
                return
            event = event_import(data=content)
        except ServiceError as exc:
            raise CommandError(f"{path}: {exc}", returncode=2) from None
        results = event.plays.filter(entered=True).count()
        self.stdout.write(
            f"Imported {event.name!r}: {event.pairs.count()} pairs, {results} results. Event {event.pk}"
        )
