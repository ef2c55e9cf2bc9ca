"""The player pages' tables (django-tables2): a player's events (``PlayerEvent`` rows) and the club ladder
(``LadderRow`` rows). Sortable columns order by the exact value, as ``duplicate.tables``' do; a figure is
shown rounded as its contest rounds it, with the exact value underneath when it is not whole."""

from __future__ import annotations

from typing import Any, ClassVar

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from duplicate.l10n import local_decimal
from duplicate.tables import NUM, NUM_NARROW_HIDDEN, RowsTable


def exact_below(shown: str, exact: str, unit: str = "") -> SafeString:
    """A figure as shown, its unit beside it and its exact value underneath (when it has one)."""
    unit_html = format_html(' <span class="muted">{}</span>', unit) if unit else ""
    if not exact:
        return format_html("{}{}", local_decimal(shown), unit_html)
    return format_html(
        '<span title="{}">{}</span>{}<br><small class="muted exact">{}</small>',
        gettext("exactly %(value)s") % {"value": exact},
        local_decimal(shown),
        unit_html,
        exact,
    )


class PlayerEventsTable(RowsTable):
    """A player's events, newest first until a column is asked for."""

    date = tables.DateColumn("j M Y", verbose_name=_("Date"), order_by=("date", "event_pk"))
    event = tables.Column(_("Event"), accessor="event_name", order_by=("event_name",))
    partner = tables.Column(_("Partner"), default="—")
    pair = tables.Column(_("Pair"), accessor="pair_label", attrs=NUM_NARROW_HIDDEN, orderable=False)
    place = tables.Column(_("Place"), accessor="place_display", attrs=NUM, order_by=("place_key",))
    figure = tables.Column(
        _("Figure"), accessor="figure", attrs=NUM, order_by=("figure_key",), empty_values=()
    )

    class Meta(RowsTable.Meta):
        empty_text = _("No events yet.")

    def render_event(self, record: Any) -> SafeString:
        return format_html(
            '<a href="{}">{}</a>', reverse("event_standings", args=[record.event_pk]), record.event_name
        )

    def render_figure(self, value: Any) -> SafeString | str:
        if value is None:
            return ""
        return exact_below(value.display, value.exact, gettext(value.heading) if value.heading else "")


class LadderTable(RowsTable):
    """The club ladder: ranked players by rank (equals by name), each linking to their page."""

    rank = tables.Column(_("Rank"), accessor="rank_display", attrs=NUM, order_by=("rank_key",))
    player = tables.Column(_("Player"), accessor="name", order_by=("name",))
    average = tables.Column(_("Average %"), accessor="average_display", attrs=NUM, order_by=("average",))
    counted = tables.Column(_("Counted"), attrs=NUM_NARROW_HIDDEN)  # the events averaged (the last N at most)
    played = tables.Column(_("Events with %"), attrs=NUM_NARROW_HIDDEN)
    note = tables.Column("", accessor="by_fraction", orderable=False, empty_values=())

    class Meta(RowsTable.Meta):
        empty_text = _("No player is ranked yet.")
        row_attrs: ClassVar[dict[str, Any]] = {
            "data-player": lambda record: record.player_pk if record.linked else ""
        }

    def render_player(self, record: Any) -> SafeString | str:
        if not record.linked:  # a player hidden from visitors: no page to link to
            return str(record.name)
        return format_html(
            '<a href="{}">{}</a>', reverse("player_detail", args=[record.player_pk]), record.name
        )

    def render_average(self, record: Any) -> SafeString:
        return exact_below(record.average_display, record.average_exact)

    def render_note(self, value: bool) -> str:
        return format_html('<span class="by-fraction">{}</span>', gettext("by the fraction")) if value else ""
