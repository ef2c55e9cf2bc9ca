"""(Re)publish finished events' standings: python manage.py publish_standings [--all | ID ...]."""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from duplicate.management.commands._base import KalamazooCommand
from duplicate.models import Event, EventStatus
from duplicate.services.standings import event_standings_publish


class Command(KalamazooCommand):
    help = gettext_noop(
        "Publish the standings (each pair's place and figure, what a player's page and the club ladder read) "
        "of the events given, or of every finished event with --all: for events finished before publishing "
        "existed. One line an event."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("event_ids", nargs="*", type=int, metavar="ID")
        parser.add_argument("--all", action="store_true", help=_("every finished event"))

    def handle(self, *args: Any, **options: Any) -> None:
        ids: list[int] = options["event_ids"]
        if options["all"] == bool(ids):
            raise CommandError(_("give event ids or --all (not both)"), returncode=2)
        if options["all"]:
            events = list(Event.objects.filter(status=EventStatus.COMPLETE).order_by("date", "pk"))
        else:
            found = Event.objects.in_bulk(ids)
            missing = [pk for pk in ids if pk not in found]
            if missing:  # checked before any is written
                raise CommandError(_("event %(id)d: no such event") % {"id": missing[0]}, returncode=2)
            events = [found[pk] for pk in dict.fromkeys(ids)]
        if not events:
            self.stdout.write(_("No finished events to publish."))
        for event in events:
            written = event_standings_publish(event=event)
            values = {"id": event.pk, "name": event.name, "n": written}
            if event.status == EventStatus.COMPLETE:
                said = ngettext(
                    "Event %(id)d (%(name)s): published %(n)d standings.",
                    "Event %(id)d (%(name)s): published %(n)d standings.",
                    written,
                )
            else:
                said = _("Event %(id)d (%(name)s): not finished, nothing published.")
            self.stdout.write(said % values)
