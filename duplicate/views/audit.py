"""The event history: every change to a result or ruling (law E's ``PlayChange`` rows), every change to
a pair's names and every admin edit of the event's rows (Django's admin ``LogEntry``), with who and when; and
the director's undo of a mistaken correction.

Directors only: the history names the people who entered each result. Thin views: the undo asks for a
confirmation and a reason (law E), then writes through ``services.play_result_save`` (so it is itself
recorded, with the reason "undo of change N: why") or
``services.pair_names_update``. The history page runs a fixed number of queries whatever the event's size.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeGuard

from django.contrib import messages
from django.contrib.admin.models import LogEntry
from django.contrib.admin.views.decorators import staff_member_required
from django.contrib.contenttypes.models import ContentType
from django.db.models import CharField, Q
from django.db.models.functions import Cast
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.http import require_GET, require_http_methods

from duplicate import services
from duplicate.forms import UndoForm
from duplicate.models import Board, Event, Pair, Play, PlayChange, Player
from duplicate.selectors.entry import result_summary
from duplicate.services.pair_players import seat_label
from duplicate.services.results import play_result_data
from duplicate.tables import HistoryTable, configure, in_section, selected_section

ADMIN_ACTIONS = {  # through gettext when shown
    1: gettext_noop("%(model)s %(object)s (added in the admin)"),
    2: gettext_noop("%(model)s %(object)s (changed in the admin)"),
    3: gettext_noop("%(model)s %(object)s (deleted in the admin)"),
}


@dataclass
class HistoryRow:
    kind: str  # "result", "confirmation" (the result unchanged: law 79, law E), "names" or "admin"
    pk: int
    at: datetime
    who: str
    what: str
    before: str
    after: str
    reason: str
    section: str = ""  # a result's section (an event of several sections is filtered by it)


def _pair_names(data: Any) -> str:
    if not isinstance(data, list):
        return ""
    names = [str(n) for n in data if n]
    return " & ".join(names) if names else _("not named")


def _log_part(entry: LogEntry) -> dict[str, Any] | None:
    """The part of a pair-name change's message recorded by ``services.pair_names_update``: its ``names``
    before and after, and its ``reason``."""
    try:
        message = json.loads(entry.change_message or "")
    except ValueError:
        return None
    parts = message if isinstance(message, list) else []
    return next((p for p in parts if isinstance(p, dict) and isinstance(p.get("names"), dict)), None)


def _seat_ids(part: dict[str, Any] | None) -> tuple[list[int | None], list[int | None]] | None:
    """The players' ids before and after a change of names (None: an entry written before they were kept)."""
    players = part.get("players") if part is not None else None
    if not isinstance(players, dict):
        return None
    before, after = players.get("before"), players.get("after")
    if not (_two_ids(before) and _two_ids(after)):
        return None
    return before, after


def _two_ids(ids: object) -> TypeGuard[list[int | None]]:
    return isinstance(ids, list) and len(ids) == 2 and all(i is None or isinstance(i, int) for i in ids)


def event_history_rows(event: Event) -> list[HistoryRow]:
    """Every recorded change of an event, newest first (three queries)."""
    changes = list(
        PlayChange.objects.filter(play__event=event)
        .select_related("play__board", "play__seating__round__section", "play__ns_pair", "play__ew_pair")
        .order_by("-at", "-id")
    )
    types = ContentType.objects.get_for_models(Pair, Play, Board, Event)
    as_text = CharField(max_length=40)
    where = Q(content_type=types[Event], object_id=str(event.pk))
    for model in (Pair, Play, Board):
        ids = model.objects.filter(event=event).annotate(t=Cast("pk", as_text)).values("t")
        where |= Q(content_type=types[model], object_id__in=ids)
    entries = list(
        LogEntry.objects.filter(where).select_related("user", "content_type").order_by("-action_time")
    )

    rows: list[HistoryRow] = []
    for change in changes:
        play = change.play
        seating = play.seating
        section = seating.round.section
        where_text = _("board %(board)s, table %(table)s, round %(round)s (%(ns)s v %(ew)s)") % {
            "board": play.board.number,
            "table": f"{seating.table}{section.letter if section.letter != 'A' else ''}",
            "round": seating.round.number,
            "ns": play.ns_pair.number,
            "ew": play.ew_pair.number,
        }
        rows.append(
            HistoryRow(
                kind="result" if change.before != change.after else "confirmation",
                pk=change.pk,
                at=change.at,
                who=change.who,
                what=where_text,
                before=result_summary(change.before),
                after=result_summary(change.after),
                reason=change.reason,
                section=section.letter,
            )
        )
    for entry in entries:
        part = _log_part(entry)
        model_name = entry.content_type.name if entry.content_type is not None else "row"
        action = ADMIN_ACTIONS.get(entry.action_flag, "%(model)s %(object)s (? in the admin)")
        rows.append(
            HistoryRow(
                kind="admin" if part is None else "names",
                pk=entry.pk,
                at=entry.action_time,
                who=entry.user.get_username() if entry.user_id else "?",
                what=_(action) % {"model": model_name, "object": entry.object_repr}
                if part is None
                else _("%(object)s: names") % {"object": entry.object_repr},
                before="" if part is None else _pair_names(part["names"].get("before")),
                after=entry.get_change_message() if part is None else _pair_names(part["names"].get("after")),
                reason="" if part is None else str(part.get("reason") or ""),
            )
        )
    rows.sort(key=lambda r: (r.at, r.pk), reverse=True)
    return rows


@staff_member_required
@require_GET
def event_history(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_object_or_404(Event, pk=pk)
    letters = list(event.sections.order_by("letter").values_list("letter", flat=True))
    section = selected_section(request, letters)
    rows = event_history_rows(event)
    table = configure(request, HistoryTable(in_section(rows, section, "section"), event_pk=event.pk))
    context = {"event": event, "table": table, "letters": letters, "section": section}
    return render(request, "duplicate/audit_history.html", context)


@staff_member_required
@require_http_methods(["GET", "POST"])
def change_undo(request: HttpRequest, pk: int, change_pk: int) -> HttpResponse:
    """Put back the result a correction replaced, once confirmed with a reason (law E); the undo is itself a
    recorded change whose reason says which change it undid and why."""
    change = get_object_or_404(
        PlayChange.objects.select_related("play__board", "play__seating__round"),
        pk=change_pk,
        play__event_id=pk,
    )
    play = change.play
    if change.before == change.after:  # a confirmation (law 79, law E): no result to put back
        messages.error(
            request,
            _("Change %(n)s is a confirmation: it changed no result, so nothing to undo.") % {"n": change.pk},
        )
        return redirect("event_history", pk=pk)
    if play_result_data(play) != change.after:
        messages.error(
            request,
            _(
                "Change %(n)s cannot be undone: board %(board)s's result has been changed since. "
                "Undo the later changes first (newest first)."
            )
            % {"n": change.pk, "board": play.board.number},
        )
        return redirect("event_history", pk=pk)
    form = UndoForm(request.POST if request.method == "POST" else None)
    if not form.is_valid():
        seating = play.seating
        what = _("Change %(n)s: board %(board)s, table %(table)s, round %(round)s") % {
            "n": change.pk,
            "board": play.board.number,
            "table": seating.table,
            "round": seating.round.number,
        }
        return _undo_confirm(
            request, pk, form, what=what, now=result_summary(change.after), back=result_summary(change.before)
        )
    writer = services.Writer(name=request.user.get_username(), is_director=True, user_id=request.user.pk)
    try:
        services.play_result_save(
            play=play,
            data=dict(change.before) if change.before is not None else None,
            writer=writer,
            expected_version=play.version,
            reason=f"undo of change {change.pk}: {form.cleaned_data['reason']}",
            # Law E: the result goes back as it was scored, honours as the hands then gave them (the
            # board keeps its new hands: this table is ruled to have held the old ones).
            honours_as_given=change.reason == services.HANDS_REPLACED,
        )
    except services.ServiceError as exc:
        messages.error(request, _("Change %(n)s was not undone: %(error)s") % {"n": change.pk, "error": exc})
    else:
        messages.success(
            request,
            _("Undid change %(n)s: board %(board)s is back to %(result)s.")
            % {"n": change.pk, "board": play.board.number, "result": result_summary(change.before)},
        )
    return redirect("event_history", pk=pk)


def _undo_confirm(
    request: HttpRequest, pk: int, form: UndoForm, *, what: str, now: str, back: str
) -> HttpResponse:
    """The confirmation of an undo: what it puts back, and the reason asked for (again, with its error)."""
    event = get_object_or_404(Event, pk=pk)
    context = {"event": event, "form": form, "what": what, "now": now, "back": back}
    return render(request, "duplicate/audit_undo.html", context)


@staff_member_required
@require_http_methods(["GET", "POST"])
def names_undo(request: HttpRequest, pk: int, entry_pk: int) -> HttpResponse:
    """Put back a pair's names as they were before a recorded change, once confirmed with a reason (the undo
    is itself recorded, with the reason)."""
    pair_type = ContentType.objects.get_for_model(Pair)
    entry = get_object_or_404(LogEntry, pk=entry_pk, content_type=pair_type)
    pair = get_object_or_404(
        Pair.objects.select_related("player1", "player2"), pk=entry.object_id, event_id=pk
    )
    part = _log_part(entry)
    names = part["names"] if part is not None else None
    if names is None or not isinstance(names.get("before"), list) or len(names["before"]) != 2:
        messages.error(request, _("That history entry is not a change of names; nothing was undone."))
        return redirect("event_history", pk=pk)
    ids = _seat_ids(part)
    current_ids = [pair.player1_id, pair.player2_id]
    if (current_ids != ids[1]) if ids is not None else (pair.player_names != names.get("after")):
        messages.error(
            request,
            _(
                "That change cannot be undone: pair %(pair)s's names have been changed since. "
                "Undo the later changes first (newest first)."
            )
            % {"pair": pair.number},
        )
        return redirect("event_history", pk=pk)
    before = [str(n) for n in names["before"]]
    form = UndoForm(request.POST if request.method == "POST" else None)
    if not form.is_valid():
        what = _("Pair %(pair)s's names") % {"pair": pair.number}
        now = _pair_names([seat_label(p) for p in (pair.player1, pair.player2)])
        return _undo_confirm(request, pk, form, what=what, now=now, back=_pair_names(before))
    # The very players back (the entry's ids; a player since removed from the roster: by the text).
    seats: list[str | Player | None] = list(before)
    if ids is not None:
        players = Player.objects.in_bulk([i for i in ids[0] if i is not None])
        seats = [
            players.get(i, text) if i is not None else None for i, text in zip(ids[0], before, strict=True)
        ]
    try:
        services.pair_names_update(
            pair=pair,
            player1=seats[0],
            player2=seats[1],
            user_id=request.user.pk,
            reason=f"undo: {form.cleaned_data['reason']}",
        )
    except services.ServiceError as exc:
        messages.error(
            request,
            _("Pair %(pair)s's names were not put back: %(error)s") % {"pair": pair.number, "error": exc},
        )
        return redirect("event_history", pk=pk)
    messages.success(
        request,
        _("Pair %(pair)s's names are back to %(names)s.")
        % {"pair": pair.number, "names": _pair_names(before)},
    )
    return redirect("event_history", pk=pk)
