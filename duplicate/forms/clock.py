"""The director's round clock form (the venue display counts a round down): a round's length and the round to
start the clock at."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from duplicate.forms.text import filled_lazy
from duplicate.models import ROUND_MINUTES_MAX

START, STOP, LENGTH = "start", "stop", "length"


class RoundClockForm(forms.Form):
    """``minutes`` a round (0 to :data:`ROUND_MINUTES_MAX`, 0 for no clock) and ``clock_round`` (1 to the
    event's ``rounds``), with the button pressed: ``start`` the clock at that round now, ``stop`` it, or set the
    ``length`` only (a running clock keeps its start)."""

    minutes = forms.IntegerField(
        label=_("Minutes a round"),
        min_value=0,
        max_value=ROUND_MINUTES_MAX,
        help_text=filled_lazy(
            gettext_noop(
                "The time for a round's boards and the move after them: 0 for no clock, at most %(most)s."
            ),
            most=ROUND_MINUTES_MAX,
        ),
    )
    clock_round = forms.IntegerField(
        label=_("Start at round"),
        min_value=1,
        required=False,
        help_text=_("The round being started now (the round the tables are on, unless you change it)."),
    )
    action = forms.ChoiceField(choices=[(START, _("Start")), (STOP, _("Stop")), (LENGTH, _("Set length"))])

    def __init__(self, *args: Any, rounds: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rounds = rounds
        self.fields["clock_round"].widget.attrs["max"] = max(rounds, 1)

    def clean_clock_round(self) -> int | None:
        number: int | None = self.cleaned_data.get("clock_round")
        if number is not None and self.rounds and number > self.rounds:
            raise forms.ValidationError(
                gettext("The event has %(n)s rounds: give one from 1 to %(n)s.") % {"n": self.rounds}
            )
        return number

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("action") != START:
            return data
        if not self.rounds:
            raise forms.ValidationError(gettext("The event has no rounds yet: seat its movement first."))
        if data.get("minutes") == 0:
            self.add_error("minutes", gettext("Set a round's length (1 to 120 minutes) to start the clock."))
        if data.get("clock_round") is None and "clock_round" not in self.errors:
            self.add_error("clock_round", gettext("Say which round is starting."))
        return data
