"""Write an event file: python manage.py export_event ID -o FILE.json; a championship's, every session:
export_event --championship ID."""

from __future__ import annotations

from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from duplicate.management.commands._base import KalamazooCommand, event_or_error, write_output
from duplicate.models import Championship
from duplicate.services.eventfile import event_export, event_file_text
from duplicate.services.eventfile_championship import championship_export


class Command(KalamazooCommand):
    help = gettext_noop(
        "Export an event (set-up and results) to a JSON event file that import_event reads back."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument(
            "event_id",
            type=int,
            help=_("the event's id (with --championship: the championship's)"),
        )
        parser.add_argument(
            "--championship",
            action="store_true",
            help=_("export the championship of this id, every session"),
        )
        parser.add_argument("-o", "--output", type=Path, help=_("file to write (default: standard output)"))

    def handle(self, *args: Any, **options: Any) -> None:
        if options["championship"]:
            championship = Championship.objects.filter(pk=options["event_id"]).first()
            if championship is None:
                raise CommandError(
                    _("championship %(id)d: no such championship") % {"id": options["event_id"]}, returncode=2
                )
            text = event_file_text(championship_export(championship, director=True))
            wrote = _("Wrote championship %(id)d to %(path)s") % {
                "id": championship.pk,
                "path": options["output"],
            }
        else:
            event = event_or_error(options["event_id"])
            text = event_file_text(event_export(event, director=True))  # the director's: every name
            wrote = _("Wrote event %(id)d to %(path)s") % {"id": event.pk, "path": options["output"]}
        if options["output"]:
            write_output(options["output"], text)
            self.stdout.write(wrote)
        else:
            self.stdout.write(text, ending="")
