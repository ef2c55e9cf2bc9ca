"""Forms, split by feature: event set-up and result entry."""

from __future__ import annotations

from duplicate.forms.entry import (
    DOUBLING_CHOICES,
    ELECTION_CHOICES,
    HONOURS_CHOICES,
    LEVEL_CHOICES,
    PENALTY_ROWS,
    RULING_CHOICES,
    SEAT_CHOICES,
    SIDE_CHOICES,
    PlayResultForm,
    TableLinkActionForm,
    error_field,
    initial_for,
)
from duplicate.forms.events import (
    MAX_UPLOAD,
    DealsConfirmForm,
    DealsForm,
    EventCreateForm,
    EventImportForm,
    EventNamesForm,
    PairNamesForm,
    UndoForm,
    read_upload,
)

__all__ = [
    "DOUBLING_CHOICES",
    "ELECTION_CHOICES",
    "HONOURS_CHOICES",
    "LEVEL_CHOICES",
    "MAX_UPLOAD",
    "PENALTY_ROWS",
    "RULING_CHOICES",
    "SEAT_CHOICES",
    "SIDE_CHOICES",
    "DealsConfirmForm",
    "DealsForm",
    "EventCreateForm",
    "EventImportForm",
    "EventNamesForm",
    "PairNamesForm",
    "PlayResultForm",
    "TableLinkActionForm",
    "UndoForm",
    "error_field",
    "initial_for",
    "read_upload",
]
