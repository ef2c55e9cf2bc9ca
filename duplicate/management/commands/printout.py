"""Print score cards, table guide cards or hand records as PDF:
python manage.py printout ID --kind scorecards|guide-cards|hand-records -o FILE.pdf
"""

from __future__ import annotations

from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from duplicate.files import PRINTOUTS, printout_file
from duplicate.management.commands._base import KalamazooCommand, event_or_error, write_output

WROTE = {
    "scorecards": gettext_noop("Wrote the score cards of event %(id)d to %(path)s"),
    "guide-cards": gettext_noop("Wrote the table guide cards of event %(id)d to %(path)s"),
    "hand-records": gettext_noop("Wrote the hand records of event %(id)d to %(path)s"),
}


class Command(KalamazooCommand):
    help = gettext_noop(
        "Write a PDF printout: score cards (a page per pair), table guide cards, or hand records."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("event_id", type=int)
        parser.add_argument("--kind", choices=PRINTOUTS, required=True)
        parser.add_argument("-o", "--output", type=Path, required=True, help=_("the PDF file to write"))

    def handle(self, *args: Any, **options: Any) -> None:
        kind = options["kind"]
        output: Path = options["output"]
        event = event_or_error(options["event_id"])
        write_output(output, printout_file(event, kind, director=True))  # every name
        self.stdout.write(_(WROTE[kind]) % {"id": event.pk, "path": output})
