"""The championship pages' tables (django-tables2): the overall standings (``OverallLine`` rows), one column
of each session's figure (the one the overall is made of: its total, or for a weighted overall its percentage)
and the overall figure, headed as the sessions' contest says.  Sortable columns
order by the exact value, as ``duplicate.tables``' do."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from duplicate.tables import NUM, NUM_NARROW_HIDDEN, RowsTable


class OverallTable(RowsTable):
    """The overall standings: place, players, each session's figure (``extra_columns``), the overall."""

    rank = tables.Column(
        gettext_lazy("Rank"), accessor="rank_display", attrs=NUM, order_by=("rank_key", "names")
    )
    players = tables.Column(gettext_lazy("Players"), accessor="names", empty_values=(), order_by=("names",))
    overall = tables.Column(
        gettext_lazy("Overall"), accessor="overall_display", attrs=NUM, order_by=("overall",)
    )
    note = tables.Column("", accessor="by_fraction", orderable=False, empty_values=())

    class Meta(RowsTable.Meta):
        empty_text = gettext_lazy("No results counted yet.")
        row_attrs: ClassVar[dict[str, Any]] = {"class": lambda record: "" if record.qualified else "muted"}

    def __init__(
        self,
        data: Iterable[Any],
        *,
        sessions: Sequence[Any],
        figure: tuple[str, str],
        overall: str,
        **kwargs: Any,
    ) -> None:
        field, heading = figure  # each session's figure the overall is made of: its total, or percentage
        extra = [
            (
                f"session_{index}",
                tables.Column(
                    _("Session %(number)s %(heading)s") % {"number": s.number, "heading": heading},
                    accessor=f"sessions__{index}__{field}_display",
                    order_by=(f"sessions__{index}__{field}",),
                    attrs=NUM_NARROW_HIDDEN,
                ),
            )
            for index, s in enumerate(sessions)
        ]
        super().__init__(
            data, extra_columns=extra, sequence=("rank", "players", "...", "overall", "note"), **kwargs
        )
        self.session_numbers = [s.number for s in sessions]
        self.columns["overall"].column.verbose_name = _("Overall %(heading)s") % {"heading": overall}

    def render_players(self, value: str, record: Any) -> str:
        """The players; a pair nobody named, by its number in the first session it played (who is it?)."""
        if value:
            return value
        played = [(n, cell) for n, cell in zip(self.session_numbers, record.sessions, strict=False) if cell]
        if not played:
            return "—"
        number, cell = played[0]
        return _("Pair %(pair)s of session %(number)s") % {"pair": cell.pair, "number": number}

    def render_note(self, value: bool, record: Any) -> SafeString | str:
        if not record.qualified:
            return format_html('<span class="muted">{}</span>', _("did not qualify"))
        return (
            format_html('<span class="by-fraction">{}</span>', _("by the fraction of a point"))
            if value
            else ""
        )
