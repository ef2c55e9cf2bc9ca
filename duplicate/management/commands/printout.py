"""Print score cards, table guide cards or hand records as PDF:
python manage.py printout ID --kind scorecards|guide-cards|hand-records -o FILE.pdf
"""

from __future__ import annotations

from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from duplicate.files import PRINTOUTS, printout_file
from duplicate.management.commands._base import KalamazooCommand, event_or_error, write_output

WHAT = {"scorecards": "score cards", "guide-cards": "table guide cards", "hand-records": "hand records"}


class Command(KalamazooCommand):
    help = "Write a PDF printout: score cards (a page per pair), table guide cards, or hand records."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("event_id", type=int)
        parser.add_argument("--kind", choices=PRINTOUTS, required=True)
        parser.add_argument("-o", "--output", type=Path, required=True, help="the PDF file to write")

    def handle(self, *args: Any, **options: Any) -> None:
        kind = options["kind"]
        output: Path = options["output"]
        event = event_or_error(options["event_id"])
        write_output(output, printout_file(event, kind, director=True))  # every name
        self.stdout.write(f"Wrote the {WHAT[kind]} of event {event.pk} to {output}")
