"""python manage.py table_links ID [--base URL]: every table's link of an event, one a line, made for the
tables without one (as the Table links page's "make every missing link" does)."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from duplicate.management.commands._base import KalamazooCommand, event_or_error
from duplicate.selectors.entry import event_tokens
from duplicate.services import table_token_create


class Command(KalamazooCommand):
    help = gettext_noop(
        "Print every table's link of event ID (section, table, address), making the missing ones; --base gives "
        "the address phones reach the server at (default http://127.0.0.1:8000)."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("event_id", type=int)
        parser.add_argument(
            "--base", default="http://127.0.0.1:8000", help=_("the server's address for phones")
        )

    def handle(self, *args: Any, **options: Any) -> None:
        event = event_or_error(options["event_id"])
        base = options["base"].rstrip("/")
        if not base.startswith(("http://", "https://")):
            raise ValueError(
                _("--base: an address starting http:// or https://, got %(base)s")
                % {"base": repr(options["base"])}
            )
        live = event_tokens(event)
        for section in event.sections.order_by("letter"):
            for table in range(1, section.tables + 1):
                token = live.get((section.pk, table)) or table_token_create(section=section, table=table)
                link = base + reverse("entry_token", args=[token.secret])
                self.stdout.write(f"{section.letter}\t{table}\t{link}")
