"""The director's roster pages: the list and its search, a player added or edited, two records of one person
merged, a player's personal data erased, the CSV file loaded and downloaded, and the club's settings. Thin:
reads through duplicate.selectors.players, writes through duplicate.services.players."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from duplicate.forms.players import (
    ClubForm,
    PlayerForm,
    PlayerMergeForm,
    PlayersImportForm,
    RosterSearchForm,
    service_error_shown,
)
from duplicate.models import Player
from duplicate.selectors.players import RosterRow, club_settings, roster_choices, roster_page, roster_row
from duplicate.services.errors import ServiceError
from duplicate.services.players import (
    club_update,
    player_create,
    player_erase,
    player_merge,
    player_update,
    players_export_csv,
    players_import,
)


@staff_member_required
@require_safe
def roster(request: HttpRequest) -> HttpResponse:
    """The roster, a page at a time, with a search box (name, membership or club number)."""
    search = RosterSearchForm(request.GET)
    query = search.cleaned_data["q"] if search.is_valid() else ""
    page = roster_page(query=query, page=request.GET.get("page") or 1)
    return render(request, "duplicate/roster.html", {"search": search, "page": page})


def _player_saved(form: PlayerForm, player: Player | None) -> Player | None:
    """The player written from the checked form (None, the error beside its field, when refused)."""
    try:
        if player is None:
            return player_create(**form.cleaned_data)
        return player_update(player=player, **form.cleaned_data)
    except ServiceError as exc:
        service_error_shown(form, str(exc))
        return None


@staff_member_required
@require_http_methods(["GET", "POST"])
def player_add(request: HttpRequest) -> HttpResponse:
    club_choice = club_settings().public_name
    form = PlayerForm(request.POST if request.method == "POST" else None, club_choice=club_choice)
    if request.method == "POST" and form.is_valid():
        saved = _player_saved(form, None)
        if saved is not None:
            messages.success(request, _("Added %(name)s to the roster.") % {"name": saved.name})
            return redirect("roster")
    return render(request, "duplicate/roster_player.html", {"form": form, "player": None})


@staff_member_required
@require_http_methods(["GET", "POST"])
def player_edit(request: HttpRequest, pk: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=pk)
    if player.erased_at is not None:
        messages.error(
            request, _("This player's personal data was erased: the record stays for the results.")
        )
        return redirect("roster")
    initial = {
        column: getattr(player, column)
        for column in ("name", "number", "body", "club_number", "email", "public_name")
    }
    club_choice = club_settings().public_name
    data = request.POST if request.method == "POST" else None
    form = PlayerForm(data, initial=initial, club_choice=club_choice)
    if request.method == "POST" and form.is_valid():
        saved = _player_saved(form, player)
        if saved is not None:
            messages.success(request, _("Saved %(name)s.") % {"name": saved.name})
            return redirect("roster")
    return render(request, "duplicate/roster_player.html", {"form": form, "player": player})


def _shown(pk: int) -> RosterRow:
    """The roster player with their events played, or a 404."""
    row = roster_row(pk=pk)
    if row is None:
        raise Http404("No such player")
    return row


@staff_member_required
@require_http_methods(["GET", "POST"])
def player_merge_page(request: HttpRequest, pk: int) -> HttpResponse:
    """Choose the record to keep, confirm (the two side by side), merge: this record's results follow it."""
    other = _shown(pk)
    if other.erased:
        messages.error(request, _("This player's personal data was erased: the record cannot be merged."))
        return redirect("roster")
    form = PlayerMergeForm(
        request.POST if request.method == "POST" else None, choices=roster_choices(besides=pk)
    )
    survivor = None
    if request.method == "POST" and form.is_valid():
        survivor = _shown(form.cleaned_data["into"])
        if request.POST.get("confirm"):
            try:
                kept = player_merge(
                    survivor=get_object_or_404(Player, pk=survivor.pk), other=get_object_or_404(Player, pk=pk)
                )
            except ServiceError as exc:
                service_error_shown(form, str(exc), fallback="into")
                survivor = None
            else:
                messages.success(
                    request,
                    _("Merged %(other)s into %(kept)s: the results follow.")
                    % {"other": other.label, "kept": kept.name},
                )
                return redirect("roster")
    context = {"form": form, "other": other, "survivor": survivor}
    return render(request, "duplicate/roster_merge.html", context)


@staff_member_required
@require_http_methods(["GET", "POST"])
def player_erase_page(request: HttpRequest, pk: int) -> HttpResponse:
    """Confirm, then erase the player's personal data (POST); the results stay."""
    shown = _shown(pk)
    if request.method == "POST" and shown.erased:
        messages.info(request, _("This player's personal data was erased already."))
        return redirect("roster")
    if request.method == "POST":
        player_erase(player=get_object_or_404(Player, pk=pk))
        messages.success(
            request, _("Erased the personal data of %(name)s; the results stay.") % {"name": shown.name}
        )
        return redirect("roster")
    return render(request, "duplicate/roster_erase.html", {"player": shown})


@staff_member_required
@require_http_methods(["GET", "POST"])
def players_import_page(request: HttpRequest) -> HttpResponse:
    """A roster CSV file loaded, all or nothing; a bad row is named beside the file field."""
    form = PlayersImportForm(*((request.POST, request.FILES) if request.method == "POST" else (None, None)))
    if request.method == "POST" and form.is_valid():
        try:
            summary = players_import(text=form.cleaned_data["file"])
        except ServiceError as exc:
            form.add_error("file", str(exc))
        else:
            messages.success(request, _("Loaded the roster file: %(summary)s.") % {"summary": summary})
            return redirect("roster")
    return render(request, "duplicate/roster_import.html", {"form": form})


@staff_member_required
@require_safe
def players_export(request: HttpRequest) -> HttpResponse:
    response = HttpResponse(players_export_csv(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="players.csv"'
    return response


@staff_member_required
@require_http_methods(["GET", "POST"])
def club_edit(request: HttpRequest) -> HttpResponse:
    """The club's name, number and how players who have not chosen are shown to visitors."""
    club = club_settings()
    initial = {"name": club.name, "number": club.number, "public_name": club.public_name}
    form = ClubForm(request.POST if request.method == "POST" else None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            club_update(**form.cleaned_data)
        except ServiceError as exc:
            service_error_shown(form, str(exc))
        else:
            messages.success(request, _("Saved the club's settings."))
            return redirect("roster")
    return render(request, "duplicate/roster_club.html", {"form": form})
