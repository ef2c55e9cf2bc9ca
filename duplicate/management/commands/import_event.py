"""Load an event file: python manage.py import_event FILE.json (prints the new event's id last); a
championship's file (``"kind": "championship"``) loads the championship and every session."""

from __future__ import annotations

from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from duplicate.management.commands._base import KalamazooCommand, read_input
from duplicate.services import ServiceError
from duplicate.services.eventfile import event_import, parse_json
from duplicate.services.eventfile_championship import championship_import, is_championship_file
from duplicate.uploads import MAX_EVENT_FILE


class Command(KalamazooCommand):
    help = gettext_noop("Import a whole event from a JSON event file, in one transaction (all or nothing).")

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("file", type=Path)

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["file"]
        data = read_input(path, limit=MAX_EVENT_FILE)
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise CommandError(
                _("%(path)s: cannot read it (%(reason)s)") % {"path": path, "reason": exc}, returncode=2
            ) from None
        try:
            content = parse_json(text)
            if is_championship_file(content):  # {"kind": "championship", "sessions": [...]}
                championship = championship_import(data=content)
                sessions = championship.sessions.count()
                self.stdout.write(
                    ngettext(
                        "Imported %(name)s: %(n)d session. Championship %(id)d",
                        "Imported %(name)s: %(n)d sessions. Championship %(id)d",
                        sessions,
                    )
                    % {"name": repr(championship.name), "n": sessions, "id": championship.pk}
                )
                return
            event = event_import(data=content)
        except ServiceError as exc:
            raise CommandError(f"{path}: {exc}", returncode=2) from None
        results = event.plays.filter(entered=True).count()
        pairs = event.pairs.count()
        self.stdout.write(
            ngettext(
                "Imported %(name)s: %(n)d pair, %(results)d results. Event %(id)d",
                "Imported %(name)s: %(n)d pairs, %(results)d results. Event %(id)d",
                pairs,
            )
            % {"name": repr(event.name), "n": pairs, "results": results, "id": event.pk}
        )
