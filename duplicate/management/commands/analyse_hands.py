"""Work out the double-dummy analysis of every deal that has none: python manage.py analyse_hands [EVENT].

Hands attached are analysed in the background already; this fills what is missing (an event imported
before, a background analysis interrupted), for one event or every event."""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from duplicate.management.commands._base import KalamazooCommand, event_or_error
from duplicate.models import Board
from duplicate.services import AnalysisUnavailable, deal_analyses_compute
from scoring.pbn import hands_known


class Command(KalamazooCommand):
    help = gettext_noop(
        "Work out the double-dummy analysis (tricks, par) of every deal without one, of EVENT or all events."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("event_id", type=int, nargs="?", help=_("one event (default: every event)"))

    def handle(self, *args: Any, **options: Any) -> None:
        boards = Board.objects.exclude(deal="")
        event = None
        if options["event_id"] is not None:
            event = event_or_error(options["event_id"])
            boards = boards.filter(event=event)
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
        counts = {"n": stored, "had": len(deals) - stored}
        if event is None:
            done = ngettext(
                "Analysed %(n)d deal of every event; %(had)d already had their analysis",
                "Analysed %(n)d deals of every event; %(had)d already had their analysis",
                stored,
            )
        else:
            counts["id"] = event.pk
            done = ngettext(
                "Analysed %(n)d deal of event %(id)d; %(had)d already had their analysis",
                "Analysed %(n)d deals of event %(id)d; %(had)d already had their analysis",
                stored,
            )
        self.stdout.write(done % counts)
