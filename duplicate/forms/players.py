"""The roster's forms: a player, the club's settings, the CSV upload, the record to merge into, the search box.
They check the shape of what was typed; duplicate.services.players checks the rest and writes."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from duplicate.forms.entry import beside_field, error_field
from duplicate.forms.events import read_upload
from duplicate.forms.text import filled_lazy
from duplicate.models import PublicName
from duplicate.players_csv import HEADER, MAX_PLAYERS_FILE
from duplicate.selectors.players import PlayerOption

FOLLOW_CLUB = ("", _("As the club chooses"))


def service_error_shown(form: forms.Form, message: str, *, fallback: str | None = None) -> None:
    """A service's ``"field: problem"`` message put beside the field it names (without the field's name,
    which its label gives), else beside ``fallback`` (None: above the form)."""
    field = error_field(message)
    if field in form.fields:
        form.add_error(field, beside_field(message))
    else:
        form.add_error(fallback, message)


class PlayerForm(forms.Form):
    name = forms.CharField(max_length=100)
    number = forms.CharField(
        label=_("Membership number"), max_length=32, required=False, help_text=_("Blank for a guest.")
    )
    body = forms.CharField(
        label=_("Issued by"),
        max_length=16,
        required=False,
        help_text=_("The body that issued the number: EBU, ACBL, ABF, PZBS, ... (kept in capitals)."),
    )
    club_number = forms.CharField(label=_("Club number"), max_length=32, required=False)
    email = forms.CharField(
        label=_("Email"),
        max_length=254,
        required=False,
        widget=forms.TextInput(attrs={"inputmode": "email", "autocomplete": "off"}),
    )
    public_name = forms.ChoiceField(
        label=_("Name shown to visitors"),
        choices=[FOLLOW_CLUB, *PublicName.choices],
        required=False,
        help_text=_("Directors always see the full name."),
    )

    def __init__(self, *args: Any, club_choice: str = PublicName.FULL, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        follow = gettext("As the club chooses (%(choice)s)") % {"choice": PublicName(club_choice).label}
        self.fields["public_name"].choices = [("", follow), *PublicName.choices]  # type: ignore[attr-defined]


class ClubForm(forms.Form):
    name = forms.CharField(label=_("Club name"), max_length=200, required=False)
    number = forms.CharField(
        label=_("Club number"),
        max_length=32,
        required=False,
        help_text=_("As the national body lists the club."),
    )
    public_name = forms.ChoiceField(
        label=_("Players' names shown to visitors"),
        choices=PublicName.choices,
        help_text=_("For every player who has not chosen; directors always see full names."),
    )


class PlayersImportForm(forms.Form):
    file = forms.FileField(
        label=_("Roster file (CSV)"),
        help_text=filled_lazy(
            gettext_noop(
                "The header %(header)s, then a player a row; separated by commas, semicolons or tabs; UTF-8."
            ),
            header=HEADER,
        ),
    )

    def clean_file(self) -> str:
        return read_upload(self.cleaned_data["file"], field=gettext("roster file"), limit=MAX_PLAYERS_FILE)


class PlayerMergeForm(forms.Form):
    into = forms.TypedChoiceField(label=_("Merge into"), coerce=int)

    def __init__(self, *args: Any, choices: list[PlayerOption], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["into"].choices = [("", gettext("— choose the record to keep —"))] + [  # type: ignore[attr-defined]
            (option.pk, option.label) for option in choices
        ]


class RosterSearchForm(forms.Form):
    q = forms.CharField(
        label=_("Find a player"),
        max_length=100,
        required=False,
        widget=forms.TextInput(attrs={"type": "search", "placeholder": _("Name, membership or club number")}),
    )
