"""Draw the next round of a Swiss: python manage.py draw ID.

Prints the round as JSON ({"round", "tables": [{"table", "home", "away"}], "bye"}); refuses in one line on
stderr, exit 2, when there is no such event, it is not a Swiss, its last round is not complete, or every
planned round is drawn (``teams.services.round_draw``).
"""

from __future__ import annotations

import json
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import CommandError
from django.utils.translation import gettext_noop

from duplicate.management.commands._base import KalamazooCommand, event_or_error
from duplicate.services.errors import ServiceError
from teams.selectors_matches import draw_json
from teams.services import round_draw


class Command(KalamazooCommand):
    help = gettext_noop("Draw the next round of a Swiss teams or Swiss pairs event and print it as JSON.")

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("event_id", type=int)

    def handle(self, *args: Any, **options: Any) -> None:
        event = event_or_error(options["event_id"])
        try:
            matches = round_draw(event=event)
        except ServiceError as exc:
            raise CommandError(f"draw: {exc}", returncode=2) from None
        body = draw_json(event, matches[0].round if matches else 0)
        self.stdout.write(json.dumps(body, indent=2, ensure_ascii=False) + "\n", ending="")
