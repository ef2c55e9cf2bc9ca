"""Write every board's traveller: python manage.py travellers ID --format pdf|text [-o FILE].

Text goes to standard output without -o; PDF needs -o FILE.
"""

from __future__ import annotations

from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from duplicate.files import travellers_file
from duplicate.management.commands._base import KalamazooCommand, event_or_error, write_output


class Command(KalamazooCommand):
    help = gettext_noop(
        "Write every board's traveller (each table's result, the scores, averages and plus/minus) as PDF or text."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("event_id", type=int)
        parser.add_argument("--format", choices=["pdf", "text"], default="pdf")
        parser.add_argument(
            "-o", "--output", type=Path, help=_("file to write (text: default standard output)")
        )

    def handle(self, *args: Any, **options: Any) -> None:
        fmt = options["format"]
        output: Path | None = options["output"]
        if fmt == "pdf" and output is None:
            raise CommandError(_("travellers: the pdf format needs -o FILE"), returncode=2)
        event = event_or_error(options["event_id"])
        body = travellers_file(event, fmt, director=True)  # every name
        if output is None:
            self.stdout.write(body.decode("utf-8"), ending="")
            return
        write_output(output, body)
        self.stdout.write(
            _("Wrote the travellers of event %(id)d to %(path)s") % {"id": event.pk, "path": output}
        )
