"""Write a contract pair event as USEBIO 1.2: python manage.py export_usebio ID -o FILE.xml."""

from __future__ import annotations

from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from duplicate.management.commands._base import KalamazooCommand, event_or_error, write_output
from duplicate.selectors.usebio import usebio_event, usebio_problem
from scoring.usebio import UsebioError, write_usebio


class Command(KalamazooCommand):
    help = gettext_noop(
        "Export a contract event (participants with their places, totals and percentages, boards, hands, "
        "traveller lines with their matchpoints or IMPs, a team match's VPs) as a USEBIO 1.2 file."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("event_id", type=int)
        parser.add_argument("-o", "--output", type=Path, help=_("file to write (default: standard output)"))

    def handle(self, *args: Any, **options: Any) -> None:
        event = event_or_error(options["event_id"])
        problem = usebio_problem(event)
        if problem:
            raise CommandError(
                _("event %(id)d: %(problem)s") % {"id": event.pk, "problem": problem}, returncode=2
            )
        try:
            body = write_usebio(
                usebio_event(event, director=True)
            )  # the director's file: every board, every name
        except UsebioError as exc:
            raise CommandError(
                _("event %(id)d: %(problem)s") % {"id": event.pk, "problem": exc}, returncode=2
            ) from None
        if options["output"]:
            write_output(options["output"], body)
            self.stdout.write(
                _("Wrote event %(id)d to %(path)s") % {"id": event.pk, "path": options["output"]}
            )
        else:
            self.stdout.write(body.decode("iso-8859-1"), ending="")
