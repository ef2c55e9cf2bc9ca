"""Attach hands from a PBN or LIN file: python manage.py import_hands EVENT FILE.pbn|FILE.lin (prints what it
attached last)."""

from __future__ import annotations

from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from duplicate import services
from duplicate.contests import is_contract
from duplicate.management.commands._base import KalamazooCommand, read_input
from duplicate.models import Event
from duplicate.uploads import MAX_PBN_FILE
from scoring.pbn import Duplicates


class Command(KalamazooCommand):
    help = gettext_noop(
        "Attach the hands (and the dealers) of a PBN file, or of a LIN file (BBO's hand records), to an "
        "event's boards, all or nothing. Boards the "
        "event lacks are listed, not attached. A board given twice with different hands refuses the file "
        "unless --first or --last chooses. New hands that change results already in are refused unless "
        "--correct makes them law E corrections (reason 'hands replaced'). A contract event's results take the "
        "opening leads of a results PBN's Play sections (a game's Board, Round, Table, Contract and Declarer "
        "naming the result)."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("event_id", type=int)
        parser.add_argument("file", type=Path)
        which = parser.add_mutually_exclusive_group()
        which.add_argument("--first", action="store_true", help=_("a repeated board: keep its first game"))
        which.add_argument("--last", action="store_true", help=_("a repeated board: keep its last game"))
        parser.add_argument(
            "--correct",
            action="store_true",
            help=_("correct the results the new hands change (law E, as the director, 'hands replaced')"),
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["file"]
        data = read_input(path, limit=MAX_PBN_FILE)
        event = Event.objects.filter(pk=options["event_id"]).first()
        if event is None:
            raise CommandError(_("event %(id)d: no such event") % {"id": options["event_id"]}, returncode=2)
        duplicates: Duplicates = "first" if options["first"] else "last" if options["last"] else "refuse"
        try:
            read = services.hands_from_file(event=event, data=data, name=path.name, duplicates=duplicates)
            given = read.given()
            preview = services.board_deals_preview(event=event, **given)
            if preview.changes and not options["correct"]:
                refused = ngettext(
                    "%(path)s: the new hands change %(n)d result already in (%(changes)s); nothing attached: "
                    "add --correct to correct them (%(law)s)",
                    "%(path)s: the new hands change %(n)d results already in (%(changes)s); nothing attached: "
                    "add --correct to correct them (%(law)s)",
                    len(preview.changes),
                )
                values = {"n": len(preview.changes), "changes": _changes(preview), "law": event.agreement_law}
                raise CommandError(refused % {"path": path, **values}, returncode=2)
            # All or nothing: the file's hands, dealers, vulnerability and site (law 77: never a rescoring).
            changed = services.board_deals_set(
                event=event,
                writer=services.Writer(name="import_hands", is_director=True),
                expected=preview.versions if preview.changes else None,
                **given,
            )
        except services.ServiceError as exc:
            raise CommandError(f"{path}: {exc}", returncode=2) from None
        for note in read.notes:
            self.stdout.write(_("note: %(note)s") % {"note": note})
        # Two counts, two plurals: each count's words are an entry of their own, put in the sentence's.
        values = {
            "summary": read.summary(),
            "boards": ngettext("%(n)d board changed", "%(n)d boards changed", changed.boards)
            % {"n": changed.boards},
            "id": event.pk,
        }
        if preview.changes:
            values["corrected"] = ngettext(
                "%(n)d result corrected (%(law)s, hands replaced)",
                "%(n)d results corrected (%(law)s, hands replaced)",
                len(preview.changes),
            ) % {"n": len(preview.changes), "law": event.agreement_law}
            attached = _("Attached: %(summary)s; %(boards)s; %(corrected)s. Event %(id)d")
        else:
            attached = _("Attached: %(summary)s; %(boards)s. Event %(id)d")
        self.stdout.write(attached % values)
        if is_contract(event.code) and not path.name.lower().endswith(".lin"):
            # A results PBN's opening leads (each game's Play section), stored in the results they name.
            writer = services.Writer(name="import_hands", is_director=True)
            leads = services.pbn_leads_save(event=event, data=data, writer=writer)
            for note in leads.notes:
                self.stdout.write(_("note: %(note)s") % {"note": note})
            if leads.saved:
                self.stdout.write(_("Opening leads stored: %(n)d") % {"n": leads.saved})


def _changes(preview: services.HandsPreview) -> str:
    shown = [
        _("board %(board)s table %(table)s: %(before)s to %(after)s")
        % {"board": c.board, "table": c.table, "before": f"{c.net_before:+d}", "after": f"{c.net_after:+d}"}
        for c in preview.changes[:3]
    ]
    more = len(preview.changes) - len(shown)
    if more:
        shown.append(_("and %(n)d more") % {"n": more})
    return "; ".join(shown)
