"""Load the demo event (once) and, in DEBUG only, a demo director login: python manage.py demo."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model

from duplicate.demo import DEMO_NAME, demo_event_file
from duplicate.management.commands._base import KalamazooCommand
from duplicate.models import Event
from duplicate.services.eventfile import event_import

DEMO_USER = "director"
DEMO_PASSWORD = "kalamazoo-demo"


class Command(KalamazooCommand):
    help = "Load the demo event (a 7-table Mitchell with hands and most results) and a demo director login."

    def handle(self, *args: Any, **options: Any) -> None:
        event = Event.objects.filter(name=DEMO_NAME).first()
        if event is None:
            event = event_import(data=demo_event_file())
            self.stdout.write(f"Loaded the demo event: {event.name} (event {event.pk}).")
        else:
            self.stdout.write(f"The demo event is already loaded (event {event.pk}).")
        if settings.DEBUG:
            User = get_user_model()
            user, created = User.objects.get_or_create(
                username=DEMO_USER, defaults={"is_staff": True, "is_superuser": True}
            )
            if created:
                user.set_password(DEMO_PASSWORD)
                user.save()
            self.stdout.write(
                self.style.SUCCESS(
                    f"Demo director login: user {DEMO_USER!r}, password {DEMO_PASSWORD!r} (DEBUG only)."
                )
            )
