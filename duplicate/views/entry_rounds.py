"""Result entry seen round by round, for the director: the entry grid of every section (who has entered
what; unlikely results flagged), and agreeing a round's scores under duplicate law E or opening them again.
The table pages and table links themselves: ``views.entry``."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from duplicate import services
from duplicate.models import Event, Round, agreement_law
from duplicate.pages import director_writer as _director
from duplicate.selectors import entry as entry_selectors
from duplicate.tables import EntryGridTable, configure, selected_section


def entry_index(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_object_or_404(Event, pk=pk)
    director = _director(request) is not None
    # Unlikely results are flagged to the director only: their detail names other tables' results.
    grids = entry_selectors.entry_grid(event, flags=director)
    letters = [grid.section.letter for grid in grids]
    section = selected_section(request, letters)
    tables = [
        configure(request, EntryGridTable(grid, event_pk=event.pk, code=event.code, director=director))
        for grid in grids
        if section in ("", grid.section.letter)
    ]
    context = {
        "event": event,
        "tables": tables,
        "letters": letters,
        "section": section,
        "is_director": director,
    }
    return render(request, "duplicate/entry_index.html", context)


def _safe_next(request: HttpRequest, fallback: str) -> str:
    target = request.POST.get("next") or ""
    if target.startswith("/") and url_has_allowed_host_and_scheme(
        target, {request.get_host()}, request.is_secure()
    ):
        return target
    return fallback


@staff_member_required
@require_POST
def entry_round_agree(request: HttpRequest, pk: int, letter: str, round: int) -> HttpResponse:
    """Law E: mark a round's scores made up and agreed, or open them again."""
    round_row = get_object_or_404(
        Round.objects.select_related("section__event"),
        section__event_id=pk,
        section__letter=letter,
        number=round,
    )
    agreed = request.POST.get("agreed") == "1"
    unconfirmed = entry_selectors.round_unconfirmed_note(round_row) if agreed else ""
    services.round_agree(round=round_row, user_id=request.user.pk, agreed=agreed)
    messages.success(
        request,
        _("Round %(round)s agreed (%(law)s): from now on only a director corrects its scores, with a reason.")
        % {"round": round, "law": _(agreement_law(round_row.section.event.code))}
        + unconfirmed
        if agreed
        else _("Round %(round)s reopened: the tables can correct its scores again.") % {"round": round},
    )
    return HttpResponseRedirect(_safe_next(request, reverse("entry_index", args=[pk])))
