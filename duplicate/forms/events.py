"""Forms: they check the shape of what was typed; services check the laws and write."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from django import forms

from duplicate.models import EventKind, MovementKind, PaperSize, ScoringCodeChoice
from scoring.movements import MAX_BOARDS_PER_ROUND, MAX_PLAYS, MAX_SECTION_TABLES

MAX_UPLOAD = 5 * 1024 * 1024


def read_upload(upload: object, *, field: str) -> str:
    """The text of an uploaded file, or a ValidationError that names the field."""
    size = getattr(upload, "size", 0) or 0
    if size > MAX_UPLOAD:
        raise forms.ValidationError(f"{field}: the file is larger than 5 MB")
    data: bytes = upload.read()  # type: ignore[attr-defined]
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise forms.ValidationError(f"{field}: the file is not UTF-8 text") from None


class EventCreateForm(forms.Form):
    name = forms.CharField(max_length=200)
    date = forms.DateField(initial=dt.date.today, widget=forms.DateInput(attrs={"type": "date"}))
    code = forms.ChoiceField(
        label="Scoring code", choices=ScoringCodeChoice.choices, initial=ScoringCodeChoice.AUCTION_1915
    )
    kind = forms.ChoiceField(choices=EventKind.choices, initial=EventKind.PAIRS)
    movement = forms.ChoiceField(
        choices=MovementKind.choices,
        initial=MovementKind.MITCHELL,
        help_text="Compass: every pair keeps its seat all session and the boards pass to the next-lower "
        "table after each round; N-S pairs are ranked with N-S, E-W with E-W (law H).",
    )
    tables = forms.IntegerField(
        min_value=1,
        max_value=MAX_SECTION_TABLES,
        initial=7,
        help_text="For a team match: the number of pairs in each team (one table each). "
        "A compass needs at least 2 tables and plays as many rounds as tables.",
    )
    boards_per_round = forms.IntegerField(
        min_value=1,
        max_value=MAX_BOARDS_PER_ROUND,
        initial=3,
        help_text=f"At most {MAX_PLAYS:,} results in all (tables x rounds x boards a round): a 100-table "
        "Mitchell plays 100 rounds, at 2 boards a round.",
    )
    howell_pairs = forms.IntegerField(
        label="Pairs (Howell)",
        required=False,
        min_value=5,
        max_value=20,
        help_text="Howell only: leave blank for two pairs a table; an odd number gives a sit-out each round.",
    )
    even_tables = forms.ChoiceField(
        label="Even-table Mitchell",
        choices=[("relay", "Relay and bye stand"), ("skip", "Skip after half the rounds")],
        initial="relay",
        required=False,
    )
    movement_file = forms.FileField(
        required=False, help_text="Custom movement only: CSV (round,table,ns,ew,boards) or JSON."
    )
    paper_size = forms.ChoiceField(choices=PaperSize.choices, initial=PaperSize.A4)

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        if data.get("kind") == EventKind.TEAMS and data.get("movement") not in (
            MovementKind.TEAMS,
            MovementKind.CUSTOM,
        ):
            self.add_error("movement", "A team match (law G) needs the team match movement.")
        upload = data.get("movement_file")
        if data.get("movement") == MovementKind.CUSTOM:
            if not upload:
                self.add_error("movement_file", "Upload the movement file for a custom movement.")
            else:
                try:
                    data["movement_text"] = read_upload(upload, field="movement file")
                except forms.ValidationError as exc:
                    self.add_error("movement_file", exc)
        return data


class EventImportForm(forms.Form):
    file = forms.FileField(label="Event file (JSON)")

    def clean_file(self) -> str:
        return read_upload(self.cleaned_data["file"], field="event file")


class PairNamesForm(forms.Form):
    player1 = forms.CharField(max_length=100, required=False, label="First player")
    player2 = forms.CharField(max_length=100, required=False, label="Second player")


class DealsForm(forms.Form):
    pbn_text = forms.CharField(
        required=False,
        label="Paste hands",
        widget=forms.Textarea(attrs={"rows": 6, "placeholder": "1 N:AKQJ.T98.765.432 ... ... ...\n2 E:..."}),
        help_text="One board a line: the board number, then its deal in PBN (N:spades.hearts.diamonds.clubs ...).",
    )
    pbn_file = forms.FileField(
        required=False, label="…or a .pbn file", help_text="Its [Board] and [Deal] tags are read."
    )
    random = forms.BooleanField(
        required=False, label="…or deal every board without hands at random (secure shuffle)"
    )

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        chosen = [
            bool(data.get("pbn_text", "").strip()),
            bool(data.get("pbn_file")),
            bool(data.get("random")),
        ]
        if sum(chosen) != 1:
            raise forms.ValidationError("Choose one: paste hands, upload a .pbn file, or deal at random.")
        if data.get("pbn_file"):
            try:
                data["pbn_file_text"] = read_upload(data["pbn_file"], field="pbn file")
            except forms.ValidationError as exc:
                self.add_error("pbn_file", exc)
        return data


class DealsConfirmForm(forms.Form):
    """The confirmation of hands that change results: the deals and each changed result's version as shown,
    carried back in hidden fields. Only their shape is checked here: the service checks the deals again and
    refuses the confirmation if the results have moved on (never trusted)."""

    DAMAGED = "The confirmation was damaged; nothing was changed. Attach the hands again."

    deals = forms.CharField(widget=forms.HiddenInput, max_length=200_000)
    versions = forms.CharField(widget=forms.HiddenInput, max_length=200_000, required=False)

    @staticmethod
    def _mapping(text: str, *, values: type) -> dict[int, Any]:
        try:
            raw = json.loads(text or "{}")
        except (ValueError, RecursionError):
            raise forms.ValidationError(DealsConfirmForm.DAMAGED) from None
        if not isinstance(raw, dict) or len(raw) > 10_000:
            raise forms.ValidationError(DealsConfirmForm.DAMAGED)
        out: dict[int, Any] = {}
        for key, value in raw.items():
            ok_key = isinstance(key, str) and key.isascii() and key.isdigit() and len(key) <= 10
            if values is int:
                ok = isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**31
            else:
                ok = isinstance(value, str) and len(value) <= 200
            if not (ok_key and ok):
                raise forms.ValidationError(DealsConfirmForm.DAMAGED)
            out[int(key)] = value
        return out

    def clean_deals(self) -> dict[int, str]:
        return self._mapping(self.cleaned_data["deals"], values=str)

    def clean_versions(self) -> dict[int, int]:
        return self._mapping(self.cleaned_data["versions"], values=int)
