"""Entry from paper travellers: the director enters one board at a time, every table's line of it on one page.

A different grouping of the rows the entry by table writes: each line is one Play, its pairs from the movement,
its result typed in the quick-entry syntax (``scoring.quick``), read by the same form (``PlayResultForm``) and
saved through the same service (``services.board_results_save``, one ``play_result_save`` a line: its version
check, law E / law 79's reason for a correction after agreement, and its history). Directors only.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext
from django.views.decorators.http import require_http_methods

from duplicate import services
from duplicate.forms.entry import PlayResultForm, beside_field, quick_line
from duplicate.models import Event, EventStatus, Play, agreement_law
from duplicate.pages import director_writer
from duplicate.selectors import entry as entry_selectors
from duplicate.services.results import play_result_data

TYPED_MAX = 40  # the quick entry's own limit (PlayResultForm.quick)


FORBIDDEN = gettext_noop("Only the director enters results from the paper travellers.")  # gettext when shown


def _refused_visitor(request: HttpRequest) -> HttpResponse:
    return render(
        request, "duplicate/entry_forbidden.html", {"message": _(FORBIDDEN), "back": ""}, status=403
    )


class Line:
    """One table's line of the board: its play, what is typed, its errors and whether it needs a reason."""

    def __init__(self, play: Play, *, finished: bool) -> None:
        self.play = play
        self.prefix = f"b{play.pk}"
        self.stored = quick_line(play_result_data(play)) if play.entered else ""
        self.typed = self.stored
        self.version = play.version
        self.reason = ""
        self.errors: list[str] = []
        self.reason_errors: list[str] = []
        self.status = ""
        self.needs_reason = play.seating.round.agreed_at is not None or finished
        self.summary = entry_selectors.result_summary(play_result_data(play))
        self.history = [
            {
                "who": change.who,
                "at": change.at,
                "before": entry_selectors.result_summary(change.before),
                "after": entry_selectors.result_summary(change.after),
                "reason": change.reason,
            }
            for change in play.changes.all()
        ]

    def read(self, post: Any) -> None:
        """What the page posted for this line."""
        # Kept whole up to far past the field's limit, so that the form refuses a line too long rather than
        # saving a cut one (the page shows what was typed).
        self.typed = str(post.get(f"{self.prefix}-quick", "")).strip()[: 25 * TYPED_MAX]
        self.stored = str(post.get(f"{self.prefix}-was", "")).strip()[:TYPED_MAX]
        self.reason = str(post.get(f"{self.prefix}-reason", "")).strip()[:500]
        version = str(post.get(f"{self.prefix}-version", ""))
        self.version = int(version) if version.isascii() and version.isdecimal() and len(version) < 10 else -1

    @property
    def changed(self) -> bool:
        """Something new typed: a blank line, or the stored result as loaded, is left as it is."""
        return bool(self.typed) and self.typed.upper() != self.stored.upper()

    def form(self, code: str, *, leads: bool = False) -> PlayResultForm:
        play = self.play
        data = {
            f"{self.prefix}-version": self.version if self.version >= 0 else "",
            f"{self.prefix}-quick": self.typed,
            f"{self.prefix}-ns": play.ns_pair.number,
            f"{self.prefix}-ew": play.ew_pair.number,
            f"{self.prefix}-reason": self.reason,
        }
        return PlayResultForm(
            data, play=play, code=code, director=True, agreed=self.needs_reason, leads=leads
        )

    def refuse(self, message: str) -> None:
        """An error of the form or the service, beside the field it belongs to (the reason's, or the line's)."""
        text = beside_field(message)
        (self.reason_errors if message.startswith("reason: ") else self.errors).append(text)
        self.status = "error"


def _lines_or_404(event: Event, number: int) -> list[Line]:
    plays = entry_selectors.board_lines(event, number)
    if not plays:
        raise Http404(
            _("%(event)s has no board %(number)s at any table.") % {"event": event.name, "number": number}
        )
    finished = event.status == EventStatus.COMPLETE
    return [Line(play, finished=finished) for play in plays]


def _page(
    request: HttpRequest, event: Event, number: int, lines: list[Line], *, status: int = 200
) -> HttpResponse:
    numbers = entry_selectors.board_numbers(event)
    at = numbers.index(number) if number in numbers else 0
    focus = next((line for line in lines if line.errors or line.reason_errors), lines[0])
    context = {
        "event": event,
        "number": number,
        "lines": lines,
        "focus": focus,
        "numbers": numbers,
        "prev": numbers[at - 1] if at > 0 else None,
        "next": numbers[at + 1] if at + 1 < len(numbers) else None,
        "agreement_law": agreement_law(event.code),
        "sections": len({line.play.seating.round.section_id for line in lines}) > 1,
    }
    return render(request, "duplicate/board_entry.html", context, status=status)


@require_http_methods(["GET", "POST"])
def board_entry(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """One board's traveller to enter: every table's line, keyboard only (``static/js/traveller_entry.js``)."""
    writer = director_writer(request)
    if writer is None:
        return _refused_visitor(request)
    event = get_object_or_404(Event, pk=pk)
    if "board" in request.GET:  # the board selector (a form without script)
        text = request.GET["board"]
        if text.isascii() and text.isdecimal() and len(text) < 6:
            return HttpResponseRedirect(reverse("board_entry", args=[event.pk, int(text)]))
    lines = _lines_or_404(event, number)
    if request.method != "POST":
        return _page(request, event, number, lines)
    return _save(request, event, number, lines, writer)


def board_entry_first(request: HttpRequest, pk: int) -> HttpResponse:
    """The first board's traveller to enter (the entry pages link here)."""
    if director_writer(request) is None:
        return _refused_visitor(request)
    event = get_object_or_404(Event, pk=pk)
    numbers = entry_selectors.board_numbers(event)
    if not numbers:
        raise Http404(_("%(event)s has no boards at any table yet.") % {"event": event.name})
    return HttpResponseRedirect(reverse("board_entry", args=[event.pk, numbers[0]]))


def _save(
    request: HttpRequest, event: Event, number: int, lines: list[Line], writer: services.Writer
) -> HttpResponse:
    to_save: list[services.BoardLine] = []
    for line in lines:
        line.read(request.POST)
        if not line.changed:
            continue
        form = line.form(event.code, leads=event.lead_cards)
        data = form.result_data() if form.is_valid() else None
        if form.errors:
            for errors in form.errors.values():
                for error in errors:
                    line.refuse(str(error))
            continue
        to_save.append(
            services.BoardLine(play=line.play, data=data, expected_version=line.version, reason=line.reason)
        )
    if any(line.status for line in lines):
        return _page(request, event, number, lines, status=422)
    try:
        services.board_results_save(lines=to_save, writer=writer)
    except services.BoardLinesError as exc:
        return _refused(request, event, number, lines, exc)
    except services.ServiceError as exc:  # a line given twice, a play gone meanwhile: nothing was saved
        messages.error(
            request, _("Board %(board)s: nothing saved: %(error)s") % {"board": number, "error": exc}
        )
        return _page(request, event, number, lines, status=409)
    if to_save:
        messages.success(
            request,
            ngettext(
                "Board %(board)s: %(n)d line saved.", "Board %(board)s: %(n)d lines saved.", len(to_save)
            )
            % {"board": number, "n": len(to_save)},
        )
    numbers = entry_selectors.board_numbers(event)
    later = [n for n in numbers if n > number]
    return HttpResponseRedirect(reverse("board_entry", args=[event.pk, later[0] if later else number]))


def _refused(
    request: HttpRequest, event: Event, number: int, lines: list[Line], exc: services.BoardLinesError
) -> HttpResponse:
    """The board again, nothing saved: each refused line's message beside it, what was typed kept; a line
    changed elsewhere since the page was loaded shows the stored result and takes its version (law E)."""
    conflict = False
    for line in lines:
        error = exc.refused.get(line.play.pk)
        if isinstance(error, services.ConflictError):
            conflict = True
            current = error.current
            line.version = current.version
            line.stored = quick_line(play_result_data(current)) if current.entered else ""
            line.summary = entry_selectors.result_summary(play_result_data(current))
            line.errors.append(
                _("%(error)s Your entry was: %(entry)s.") % {"error": error, "entry": line.typed}
            )
            line.status = "conflict"
        elif error is not None:
            line.refuse(str(error))
    return _page(request, event, number, lines, status=409 if conflict else 422)
