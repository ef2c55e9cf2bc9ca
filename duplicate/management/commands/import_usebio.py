"""Load a USEBIO 1.2 file as a new event: python manage.py import_usebio FILE.xml. Where Kalamazoo's
recomputation differs from what the file published (board, pair, both figures) is listed, the first
``SHOWN_DIFFERENCES`` then a count; the event's id is printed last."""

from __future__ import annotations

from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from django.core.management.base import CommandError
from django.utils.translation import gettext_noop, ngettext

from duplicate.management.commands._base import KalamazooCommand, read_input
from duplicate.models import ResultsSource
from duplicate.selectors.published_differences import differences_text, published_differences
from duplicate.services import ServiceError
from duplicate.services.usebio import usebio_import
from duplicate.uploads import MAX_USEBIO_FILE


class Command(KalamazooCommand):
    help = gettext_noop(
        "Import another scorer's USEBIO 1.2 pairs file as a new contract event, in one transaction."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("file", type=Path)

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["file"]
        data = read_input(path, limit=MAX_USEBIO_FILE)
        try:
            event = usebio_import(data=data)
        except ServiceError as exc:
            raise CommandError(f"{path}: {exc}", returncode=2) from None
        results = event.plays.filter(entered=True).count()
        differences = published_differences(event)
        if differences:
            if event.results_source == ResultsSource.PUBLISHED:
                differ = ngettext(
                    "Kalamazoo's recomputation differs from the file's published figures in %(n)d figure(s); "
                    "the event shows the file's (its Settings switch):",
                    "Kalamazoo's recomputation differs from the file's published figures in %(n)d figure(s); "
                    "the event shows the file's (its Settings switch):",
                    len(differences),
                )
            else:
                differ = ngettext(
                    "Kalamazoo's recomputation differs from the file's published figures in %(n)d figure(s); "
                    "the event shows Kalamazoo's (its Settings switch):",
                    "Kalamazoo's recomputation differs from the file's published figures in %(n)d figure(s); "
                    "the event shows Kalamazoo's (its Settings switch):",
                    len(differences),
                )
            self.stdout.write(differ % {"n": len(differences)})
            for line in differences_text(differences):
                self.stdout.write(f"  {line}")
        pairs = event.pairs.count()
        self.stdout.write(
            ngettext(
                "Imported %(name)s (%(contest)s): %(n)d pair, %(results)d results. Event %(id)d",
                "Imported %(name)s (%(contest)s): %(n)d pairs, %(results)d results. Event %(id)d",
                pairs,
            )
            % {
                "name": repr(event.name),
                "contest": event.contest,
                "n": pairs,
                "results": results,
                "id": event.pk,
            }
        )
