"""Work out the double-dummy analysis of every deal that has none: python manage.py analyse_hands [EVENT].

Hands attached are analysed in the background already; this fills what is missing (an event imported
before, a background analysis interrupted), for one event or every event."""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from django.core.management.base import CommandError
from django.utils.translation import ngettext

from duplicate.management.commands._base import KalamazooCommand, event_or_error
from duplicate.models import Board
from duplicate.services import AnalysisUnavailable, deal_analyses_compute
from scoring.pbn import hands_known


class Command(KalamazooCommand):
    help = (
        "Work out the double-dummy analysis (tricks, par) of every deal without one, of EVENT or all events."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("event_id", type=int, nargs="?", help="one event (default: every event)")

    def handle(self, *args: Any, **options: Any) -> None:
        boards = Board.objects.exclude(deal="")
        where = "every event"
        if options["event_id"] is not None:
            event = event_or_error(options["event_id"])
            boards, where = boards.filter(event=event), f"event {event.pk}"
        deals = {d for d in boards.values_list("deal", flat=True) if hands_known(d)}

        def progress(done: int, total: int) -> None:
            self.stdout.write(
                ngettext("analysed %(done)d of %(n)d deal", "analysed %(done)d of %(n)d deals", total)
                % {"done": done, "n": total}
            )

        try:
            stored = deal_analyses_compute(deals=deals, progress=progress)
        except AnalysisUnavailable as exc:
            raise CommandError(str(exc), returncode=2) from None
        self.stdout.write(
            ngettext("Analysed %(n)d deal of %(where)s", "Analysed %(n)d deals of %(where)s", stored)
            % {"n": stored, "where": where}
            + f"; {len(deals) - stored} already had their analysis"
        )
