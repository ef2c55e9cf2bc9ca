"""Write an event file: python manage.py export_event ID -o FILE.json."""

from __future__ import annotations

from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from duplicate.management.commands._base import KalamazooCommand, event_or_error, write_output
from duplicate.services.eventfile import event_export, event_file_text


class Command(KalamazooCommand):
    help = "Export an event (set-up and results) to a JSON event file that import_event reads back."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("event_id", type=int)
        parser.add_argument("-o", "--output", type=Path, help="file to write (default: standard output)")

    def handle(self, *args: Any, **options: Any) -> None:
        event = event_or_error(options["event_id"])
        text = event_file_text(event_export(event, director=True))  # the director's: every name
        if options["output"]:
            write_output(options["output"], text)
            self.stdout.write(f"Wrote event {event.pk} to {options['output']}")
        else:
            self.stdout.write(text, ending="")
