"""Print or write an event's standings: python manage.py standings ID --format json|text|csv|xlsx|pdf [-o FILE].

The standings are plain rows (``duplicate.selectors.event_rows.standings_rows``); each format is a writer of them.
The command is this app's because it writes a team match (``teams.files``) as well as a pair event, and
duplicate does not depend on teams.
"""

from __future__ import annotations

import json
from argparse import ArgumentParser
from collections.abc import Callable
from pathlib import Path
from typing import Any

from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from duplicate.contests import Shape, contest_of
from duplicate.exports.csv import BOM, standings_csv_text
from duplicate.exports.pdf import standings_pdf
from duplicate.exports.text import standings_json, standings_text
from duplicate.exports.xlsx import standings_xlsx
from duplicate.management.commands._base import KalamazooCommand, event_or_error, write_output
from duplicate.selectors.event_rows import StandingsRows, standings_rows
from duplicate.selectors.imp_match import imp_match
from teams.files import match_file, match_formats
from teams.imp_exports import imp_json, imp_text
from teams.match_exports import vp_table_text
from teams.selectors_matches import standings_json as matches_standings_json

RENDERERS: dict[str, Callable[[StandingsRows], Any]] = {
    "json": lambda rows: json.dumps(standings_json(rows.standings), indent=2, ensure_ascii=False) + "\n",
    "text": lambda rows: standings_text(rows.standings),
    "csv": lambda rows: standings_csv_text(rows.standings),
    "xlsx": standings_xlsx,
    "pdf": standings_pdf,
}
BINARY_FORMATS = ("xlsx", "pdf")


class Command(KalamazooCommand):
    help = gettext_noop(
        "Print an event's standings (law H pair contest, law G team match, or a contract match by IMPs and "
        "VPs) as JSON, text or CSV."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("event_id", type=int)
        parser.add_argument("--format", choices=list(RENDERERS), default="text")
        parser.add_argument("-o", "--output", type=Path, help=_("file to write (default: standard output)"))

    def handle(self, *args: Any, **options: Any) -> None:
        fmt = options["format"]
        output: Path | None = options["output"]
        if fmt in BINARY_FORMATS and output is None:
            raise CommandError(
                _("standings: the %(format)s format needs -o FILE") % {"format": fmt}, returncode=2
            )
        event = event_or_error(options["event_id"])
        body: Any
        if contest_of(event).of_matches:  # a league or a Swiss: the VP table
            if fmt not in ("json", "text"):
                raise CommandError(
                    _("standings: a league's or a Swiss's standings are JSON or text (--format json)"),
                    returncode=2,
                )
            table = matches_standings_json(event, director=True)
            body = (
                vp_table_text(event.name, table["standings"])
                if fmt == "text"
                else json.dumps(table, indent=2, ensure_ascii=False) + "\n"
            )
        elif fmt in match_formats(event):
            body = match_file(
                event, fmt, director=True
            )  # board by board (law G); the server: every board, name
            body = body.decode("utf-8").removeprefix(BOM) if fmt == "csv" else body
        elif contest_of(event).shape is Shape.CONTRACT_TEAMS:
            match = imp_match(event, director=True)  # by IMPs and VPs: JSON or text
            text = imp_text(event.name, match) if fmt == "text" else None
            body = text or json.dumps(imp_json(match), indent=2, ensure_ascii=False) + "\n"
        else:
            body = RENDERERS[fmt](standings_rows(event, director=True))
        if output is None:
            self.stdout.write(body, ending="")
            return
        write_output(output, BOM + body if fmt == "csv" else body)
        self.stdout.write(
            _("Wrote the standings of event %(id)d to %(path)s") % {"id": event.pk, "path": output}
        )
