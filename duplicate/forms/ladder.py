"""The club ladder's choice: how many of each player's last events count, and how many rank them."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

#: The ladder's window as the page first shows it: the last 10 events, ranked from 3.
DEFAULT_LAST = 10
DEFAULT_MINIMUM = 3
MAX_LAST = 100


class LadderForm(forms.Form):
    """``last``: the events counted (each player's most recent, 1 to 100); ``min``: the events a player
    needs to be ranked (1 to ``last``). Read from the page's address (GET)."""

    last = forms.IntegerField(
        label=_("Last events counted"), min_value=1, max_value=MAX_LAST, initial=DEFAULT_LAST
    )
    min = forms.IntegerField(
        label=_("Events needed to be ranked"), min_value=1, max_value=MAX_LAST, initial=DEFAULT_MINIMUM
    )

    def __init__(self, data: Any = None, **kwargs: Any) -> None:
        # Each value not given takes its default: /players/ladder/ is the ladder of the last 10, ranked from 3.
        if data is not None:
            data = {
                "last": data.get("last", DEFAULT_LAST) or DEFAULT_LAST,
                "min": data.get("min", DEFAULT_MINIMUM) or DEFAULT_MINIMUM,
            }
        super().__init__(data, **kwargs)

    def clean(self) -> dict[str, Any]:
        cleaned: dict[str, Any] = super().clean() or {}
        last, minimum = cleaned.get("last"), cleaned.get("min")
        if last is not None and minimum is not None and minimum > last:
            self.add_error(
                "min", gettext("Ensure this value is at most the events counted (%(last)s).") % {"last": last}
            )
        return cleaned
