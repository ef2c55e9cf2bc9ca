"""Forms, split by feature: event set-up and result entry."""

from __future__ import annotations

from duplicate.forms.events import (
    AwardTableForm,
    DealsConfirmForm,
    DealsForm,
    EventCreateForm,
    EventImportForm,
    UndoForm,
)
from duplicate.forms.names import EventNamesForm, PairNamesForm

__all__ = [
    "AwardTableForm",
    "DealsConfirmForm",
    "DealsForm",
    "EventCreateForm",
    "EventImportForm",
    "EventNamesForm",
    "PairNamesForm",
    "UndoForm",
]
