"""Write the hand records as PBN: python manage.py export_hands ID -o FILE.pbn [--results].

Every board with hands, one PBN game each (the director's view: boards still in play too); with
``--results``, one game per table's result, each board's results as a PBN ScoreTable on its first game.
"""

from __future__ import annotations

import re
from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from duplicate.files import hands_file
from duplicate.management.commands._base import KalamazooCommand, event_or_error, write_output


class Command(KalamazooCommand):
    help = gettext_noop(
        "Write the hand records as PBN (one game per board); with --results one game per result, each "
        "board's ScoreTable on its first game."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("event_id", type=int)
        parser.add_argument("-o", "--output", type=Path, required=True, help=_("the PBN file to write"))
        parser.add_argument(
            "--results",
            action="store_true",
            help=_("one game per result, and each board's ScoreTable"),
        )

    def handle(self, *args: Any, **options: Any) -> None:
        output: Path = options["output"]
        event = event_or_error(options["event_id"])
        body = hands_file(event, results=options["results"], director=True)  # every name
        write_output(output, body)
        games = re.findall(rb'^\[Board "(\d+)"\]', body, flags=re.MULTILINE)
        boards = len(set(games))
        values = {"n": boards, "games": len(games), "id": event.pk, "path": output}
        if options["results"]:
            wrote = ngettext(
                "Wrote the hands and results of %(n)d board (%(games)d games) of event %(id)d to %(path)s",
                "Wrote the hands and results of %(n)d boards (%(games)d games) of event %(id)d to %(path)s",
                boards,
            )
        else:
            wrote = ngettext(
                "Wrote the hands of %(n)d board of event %(id)d to %(path)s",
                "Wrote the hands of %(n)d boards of event %(id)d to %(path)s",
                boards,
            )
        self.stdout.write(wrote % values)
