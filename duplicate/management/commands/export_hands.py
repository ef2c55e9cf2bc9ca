"""Write the hand records as PBN: python manage.py export_hands ID -o FILE.pbn [--results].

Every board with hands, one PBN game each (the director's view: boards still in play too); with
``--results``, each board's results as a PBN ScoreTable.
"""

from __future__ import annotations

from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from duplicate.files import hands_file
from duplicate.management.commands._base import KalamazooCommand, event_or_error, write_output


class Command(KalamazooCommand):
    help = "Write the hand records as PBN (one game per board), with --results each board's ScoreTable too."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("event_id", type=int)
        parser.add_argument("-o", "--output", type=Path, required=True, help="the PBN file to write")
        parser.add_argument("--results", action="store_true", help="add each board's results (ScoreTable)")

    def handle(self, *args: Any, **options: Any) -> None:
        output: Path = options["output"]
        event = event_or_error(options["event_id"])
        body = hands_file(event, results=options["results"], director=True)  # every name
        write_output(output, body)
        games = body.count(b"[Board ")
        what = "hands and results" if options["results"] else "hands"
        self.stdout.write(f"Wrote the {what} of {games} boards of event {event.pk} to {output}")
