"""Print or write an event's standings: python manage.py standings ID --format json|text|csv|xlsx|pdf [-o FILE].

The standings are plain rows (``duplicate.selectors.standings``); each format is a renderer of them. Text formats are
built here; binary formats plug in from ``duplicate.exports.<format>`` (a module with a
``standings_<format>(standings) -> bytes`` function) once the outputs issue builds them.
"""

from __future__ import annotations

import importlib
import json
from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from django.core.management.base import CommandError

from duplicate.exports.csv import BOM, standings_csv_text
from duplicate.exports.text import standings_json, standings_text
from duplicate.management.commands._base import KalamazooCommand
from duplicate.models import Event
from duplicate.selectors.standings import standings

TEXT_FORMATS = {
    "json": lambda st: json.dumps(standings_json(st), indent=2, ensure_ascii=False) + "\n",
    "text": standings_text,
    "csv": standings_csv_text,
}
BINARY_FORMATS = ("xlsx", "pdf")


def binary_renderer(fmt: str) -> Any:
    """``duplicate.exports.<fmt>.standings_<fmt>``, or None while that export is not built."""
    try:
        module = importlib.import_module(f"duplicate.exports.{fmt}")
    except ImportError:
        return None
    return getattr(module, f"standings_{fmt}", None)


class Command(KalamazooCommand):
    help = "Print an event's standings (law H pair contest or law G team match) as JSON, text or CSV."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("event_id", type=int)
        parser.add_argument("--format", choices=[*TEXT_FORMATS, *BINARY_FORMATS], default="text")
        parser.add_argument("-o", "--output", type=Path, help="file to write (default: standard output)")

    def handle(self, *args: Any, **options: Any) -> None:
        fmt = options["format"]
        output: Path | None = options["output"]
        renderer = TEXT_FORMATS.get(fmt) or binary_renderer(fmt)
        if renderer is None:
            raise CommandError(f"standings: the {fmt} format is not built yet", returncode=2)
        if fmt in BINARY_FORMATS and output is None:
            raise CommandError(f"standings: the {fmt} format needs -o FILE", returncode=2)
        event = Event.objects.filter(pk=options["event_id"]).first()
        if event is None:
            raise CommandError(f"event {options['event_id']}: no such event", returncode=2)
        body = renderer(standings(event))
        if output is None:
            self.stdout.write(body, ending="")
            return
        try:
            if isinstance(body, bytes):
                output.write_bytes(body)
            else:  # a CSV file as the download is: with a byte-order mark, for spreadsheets
                output.write_text(BOM + body if fmt == "csv" else body, encoding="utf-8")
        except OSError as exc:
            raise CommandError(f"{output}: cannot write it ({exc.strerror})", returncode=2) from None
        self.stdout.write(f"Wrote the standings of event {event.pk} to {output}")
