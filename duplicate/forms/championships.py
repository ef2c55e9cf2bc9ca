"""The championship forms: a new championship (name, date, carry-over, the share carried) and an event attached
as its next session."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from duplicate.models import CarryOver, Event, EventKind


class ChampionshipForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=200)
    date = forms.DateField(
        label=_("Date"),
        initial=dt.date.today,
        widget=forms.DateInput(format="%Y-%m-%d", attrs={"type": "date"}),
    )
    carry_over = forms.ChoiceField(
        label=_("Overall ranking"),
        choices=CarryOver.choices,
        initial=CarryOver.TOTALS,
        widget=forms.RadioSelect,
        help_text=_(
            "How the sessions add up: their totals; the percentages weighted by the boards each pair played "
            "(matchpoints); or session 1 as a qualifying session, a share of its score carried into the final "
            "sessions."
        ),
    )
    carry_fraction = forms.CharField(
        label=_("Share of the qualifying session carried"),
        max_length=16,
        required=False,
        help_text=_('With a qualifying session: "1/2", "1/3" or "0.25" (more than 0, at most 1).'),
    )

    @property
    def fraction_shown(self) -> bool:
        """Whether the share carried applies (the qualifying session's score carried), or has an error: the
        page as sent shows it so; the page's script shows or hides it as the ranking is chosen."""
        chosen = self.data.get("carry_over") if self.is_bound else self.initial.get("carry_over")
        return chosen == CarryOver.CARRY or bool(self.is_bound and self.errors.get("carry_fraction"))


class SessionAttachForm(forms.Form):
    """An event of pairs that is no session yet, attached as the championship's next session."""

    event = forms.ModelChoiceField(
        label=_("Event"), queryset=Event.objects.none(), empty_label=_("Choose an event of pairs")
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["event"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = Event.objects.filter(championship__isnull=True, kind=EventKind.PAIRS).order_by(
            "-date", "-id"
        )
