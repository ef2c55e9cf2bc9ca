"""Write the hand records as PBN: python manage.py export_hands ID -o FILE.pbn [--results].

Every board with hands, one PBN game each (the director's view: boards still in play too); with
``--results``, one game per table's result, each board's results as a PBN ScoreTable on its first game.
"""

from __future__ import annotations

import re
from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from duplicate.files import hands_file
from duplicate.management.commands._base import KalamazooCommand, event_or_error, write_output


class Command(KalamazooCommand):
    help = (
        "Write the hand records as PBN (one game per board); with --results one game per result, each "
        "board's ScoreTable on its first game."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("event_id", type=int)
        parser.add_argument("-o", "--output", type=Path, required=True, help="the PBN file to write")
        parser.add_argument(
            "--results", action="store_true", help="one game per result, and each board's ScoreTable"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        output: Path = options["output"]
        event = event_or_error(options["event_id"])
        body = hands_file(event, results=options["results"], director=True)  # every name
        write_output(output, body)
        games = re.findall(rb'^\[Board "(\d+)"\]', body, flags=re.MULTILINE)
        boards = len(set(games))
        if options["results"]:
            what = f"hands and results of {boards} boards ({len(games)} games)"
        else:
            what = f"hands of {boards} boards"
        self.stdout.write(f"Wrote the {what} of event {event.pk} to {output}")
