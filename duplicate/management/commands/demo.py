"""Load the demo event and three finished past events of its players (once), and, in DEBUG only, a demo
director login: python manage.py demo."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from duplicate.demo import DEMO_NAME, demo_event_file, demo_past_event_files
from duplicate.management.commands._base import KalamazooCommand
from duplicate.models import Event
from duplicate.selectors.analyses import deals_unanalysed
from duplicate.selectors.events import boards_in_play
from duplicate.services import AnalysisUnavailable, deal_analyses_compute
from duplicate.services.eventfile import event_import
from scoring.pbn import hands_known

DEMO_USER = "director"
DEMO_PASSWORD = "kalamazoo-demo"


class Command(KalamazooCommand):
    help = gettext_noop(
        "Load the demo event (a 7-table Mitchell with hands, caught during its last round), analyse its deals "
        "double dummy (about a second each, the first time) and, in DEBUG, a demo director login."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        event = Event.objects.filter(name=DEMO_NAME).first()
        if event is None:
            # Its deals are analysed below, in the foreground with progress shown: a background thread would
            # hold the command's exit (and `make run`'s server) for as long without a word.
            event = event_import(data=demo_event_file(), analyse=False)
            self.stdout.write(
                _("Loaded the demo event: %(name)s (event %(id)d).") % {"name": event.name, "id": event.pk}
            )
        else:
            self.stdout.write(_("The demo event is already loaded (event %(id)d).") % {"id": event.pk})
        self._analyse(event)
        past = [
            data for data in demo_past_event_files() if not Event.objects.filter(name=data["name"]).exists()
        ]
        for data in past:
            event_import(data=data, analyse=False)
        if past:
            self.stdout.write(
                ngettext(
                    "Loaded %(n)d finished past event of the same players (contract matchpoints): their "
                    "pages at /players/<id>/ and the club ladder at /players/ladder/.",
                    "Loaded %(n)d finished past events of the same players (contract matchpoints): their "
                    "pages at /players/<id>/ and the club ladder at /players/ladder/.",
                    len(past),
                )
                % {"n": len(past)}
            )
        if settings.DEBUG:
            User = get_user_model()
            user, created = User.objects.get_or_create(
                username=DEMO_USER, defaults={"is_staff": True, "is_superuser": True}
            )
            if created:
                user.set_password(DEMO_PASSWORD)
                user.save()
            self.stdout.write(
                self.style.SUCCESS(
                    _("Demo director login: user %(user)s, password %(password)s (DEBUG only).")
                    % {"user": repr(DEMO_USER), "password": repr(DEMO_PASSWORD)}
                )
            )
        boards = event.boards.count()
        in_play = len(boards_in_play(event))
        self.stdout.write(
            ngettext(
                "A visitor sees the standings, and the travellers and hands of the %(played)d of its %(n)d "
                "board every table has played; the other %(in_play)d are being played. Signed in, the director "
                "sees them all.",
                "A visitor sees the standings, and the travellers and hands of the %(played)d of its %(n)d "
                "boards every table has played; the other %(in_play)d are being played. Signed in, the director "
                "sees them all.",
                boards,
            )
            % {"played": boards - in_play, "n": boards, "in_play": in_play}
        )

    def _analyse(self, event: Event) -> None:
        """The double-dummy analysis of the demo's deals still without one (interrupted, the next run goes
        on), counting them off: on a terminal one line rewritten, else a line a deal."""
        deals = {d for d in event.boards.values_list("deal", flat=True) if hands_known(d)}
        if not settings.DEAL_ANALYSIS_IN_BACKGROUND:
            self.stdout.write(
                _(
                    "The demo's deals are not analysed double dummy (DEAL_ANALYSIS_IN_BACKGROUND=0): "
                    "`manage.py analyse_hands` works them out."
                )
            )
            return
        todo = len(deals_unanalysed(deals=deals))
        if todo:
            self.stdout.write(
                ngettext(
                    "Analysing %(todo)d of the demo's %(n)d deal double dummy, about a second each.",
                    "Analysing %(todo)d of the demo's %(n)d deals double dummy, about a second each.",
                    len(deals),
                )
                % {"todo": todo, "n": len(deals)}
            )
        tty = self.stdout.isatty()

        def progress(done: int, total: int) -> None:
            line = ngettext(
                "analysing %(n)d deal double dummy: %(done)d/%(n)d",
                "analysing %(n)d deals double dummy: %(done)d/%(n)d",
                total,
            ) % {"n": total, "done": done}
            self.stdout.write(f"\r{line}" if tty else line, ending="\n" if done == total or not tty else "")
            self.stdout.flush()

        try:
            deal_analyses_compute(deals=deals, progress=progress)
        except AnalysisUnavailable as exc:
            self.stdout.write(
                _("The demo's deals are not analysed double dummy: %(reason)s.") % {"reason": exc}
            )
            return
        self.stdout.write(
            ngettext(
                "The demo's %(n)d deal is analysed double dummy (tricks and par).",
                "The demo's %(n)d deals are analysed double dummy (tricks and par).",
                len(deals),
            )
            % {"n": len(deals)}
        )
