"""(Re)publish finished events' standings: python manage.py publish_standings [--all | ID ...]."""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from django.core.management.base import CommandError

from duplicate.management.commands._base import KalamazooCommand
from duplicate.models import Event, EventStatus
from duplicate.services.standings import event_standings_publish


class Command(KalamazooCommand):
    help = (
        "Publish the standings (each pair's place and figure, what a player's page and the club ladder read) "
        "of the events given, or of every finished event with --all: for events finished before publishing "
        "existed. One line an event."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("event_ids", nargs="*", type=int, metavar="ID")
        parser.add_argument("--all", action="store_true", help="every finished event")

    def handle(self, *args: Any, **options: Any) -> None:
        ids: list[int] = options["event_ids"]
        if options["all"] == bool(ids):
            raise CommandError("give event ids or --all (not both)", returncode=2)
        if options["all"]:
            events = list(Event.objects.filter(status=EventStatus.COMPLETE).order_by("date", "pk"))
        else:
            found = Event.objects.in_bulk(ids)
            missing = [pk for pk in ids if pk not in found]
            if missing:  # checked before any is written
                raise CommandError(f"event {missing[0]}: no such event", returncode=2)
            events = [found[pk] for pk in dict.fromkeys(ids)]
        if not events:
            self.stdout.write("No finished events to publish.")
        for event in events:
            written = event_standings_publish(event=event)
            if event.status == EventStatus.COMPLETE:
                self.stdout.write(f"Event {event.pk} ({event.name}): published {written} standings.")
            else:
                self.stdout.write(f"Event {event.pk} ({event.name}): not finished, nothing published.")
