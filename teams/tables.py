"""The team match page's tables (duplicate law G), as django-tables2 ``Table`` classes.

``MatchTablesTable`` lists the match's tables (``TeamStandings.tables``: ``TableLine``), ``TeamBoardsTable``
one table's boards with their swings, ``TeamScoreTable`` a team's pairs (``TeamLine.pairs``: ``TeamPairLine``)
with the odd pair's average and the team's total below them (law G). Scores sort by their exact Fractions. Set up like the other tables (``duplicate.tables``)::

    table = TeamScoreTable(team, event_pk=event.pk, prefix="team-1-")
    RequestConfig(request, paginate={"per_page": PER_PAGE}).configure(table)
"""

from __future__ import annotations

from typing import Any, ClassVar

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from duplicate.selectors.imp_match import note_text
from duplicate.tables import (
    NARROW_HIDDEN,
    NUM,
    NUM_NARROW_HIDDEN,
    EventRowsTable,
    RowsTable,
    pair_link,
)


def _pair_cell(event_pk: int, pair: Any) -> SafeString:
    return format_html('{} <span class="muted">{}</span>', pair_link(event_pk, pair), pair.names)


class MatchTablesTable(EventRowsTable):
    """Each table of the match: its N-S and E-W pairs, their teams and their scores there."""

    table = tables.Column(_("Table"), attrs=NUM)
    ns = tables.Column(_("N-S pair"), order_by=("ns__sort_key",))
    ns_team = tables.Column(_("Team"), accessor="ns__team", default="", attrs=NARROW_HIDDEN)
    ns_score = tables.Column(_("Score"), attrs=NUM, accessor="ns_display", order_by=("ns_net",))
    ew = tables.Column(_("E-W pair"), order_by=("ew__sort_key",))
    ew_team = tables.Column(_("Team"), accessor="ew__team", default="", attrs=NARROW_HIDDEN)
    ew_score = tables.Column(_("Score"), attrs=NUM, accessor="ew_display", order_by=("ew_net",))

    class Meta(RowsTable.Meta):
        attrs: ClassVar[dict[str, Any]] = {"class": "data team-tables"}
        empty_text = _("No tables yet.")

    def render_ns(self, value: Any) -> SafeString:
        return _pair_cell(self.event_pk, value)

    def render_ew(self, value: Any) -> SafeString:
        return _pair_cell(self.event_pk, value)


class TeamScoreTable(EventRowsTable):
    """A team's pairs and their scores; below them the odd pair's average (law G) and the team's total
    (the table's own template, ``teams/_team_score_table.html``, writes those two rows)."""

    pair = tables.Column(_("Pair"), attrs=NUM, accessor="pair__label", order_by=("pair__sort_key",))
    players = tables.Column(_("Players"), accessor="pair__names", default="—")
    seated = tables.Column(_("Seated"), accessor="direction")
    boards = tables.Column(_("Boards"), attrs=NUM)
    score = tables.Column(_("Score"), attrs=NUM, accessor="net_display", order_by=("net",))

    class Meta(RowsTable.Meta):
        attrs: ClassVar[dict[str, Any]] = {"class": "data team-score"}
        template_name = "teams/_team_score_table.html"
        empty_text = _("No pairs.")

    def __init__(self, team: Any, **kwargs: Any) -> None:
        self.team = team
        super().__init__(team.pairs, **kwargs)

    def render_pair(self, record: Any) -> SafeString:
        return pair_link(self.event_pk, record.pair)

    def render_seated(self, value: str) -> str:
        return gettext("N-S") if value == "NS" else gettext("E-W")


class TeamBoardsTable(EventRowsTable):
    """A table's boards, one by one (``TableLine.lines``: ``TeamBoardLine``): each pair's score, the swing
    between the teams and the running total.  In board order only (a running total sorted otherwise would
    mean nothing); a phone leaves out the E-W score (the N-S score's opposite but for rulings).
    ``board_urls``, shared by a page's tables, holds each board's traveller address once worked out."""

    board = tables.Column(_("Board"), attrs=NUM)
    ns_score = tables.Column(_("N-S"), attrs=NUM, accessor="ns_display")
    ew_score = tables.Column(_("E-W"), attrs=NUM_NARROW_HIDDEN, accessor="ew_display")
    swing = tables.Column(_("Swing"), accessor="swing_display")
    running = tables.Column(_("Running total"), accessor="running_display")

    class Meta(RowsTable.Meta):
        attrs: ClassVar[dict[str, Any]] = {"class": "data team-boards"}
        orderable = False
        empty_text = _("No boards.")

    def __init__(self, data: Any, *, board_urls: dict[int, str] | None = None, **kwargs: Any) -> None:
        self.board_urls = {} if board_urls is None else board_urls
        super().__init__(data, **kwargs)

    def board_url(self, number: int) -> str:
        url = self.board_urls.get(number)
        if url is None:
            url = self.board_urls[number] = reverse("board_traveller", args=[self.event_pk, number])
        return url

    def render_board(self, value: int) -> SafeString:
        return format_html('<a href="{}">{}</a>', self.board_url(value), value)

    def render_swing(self, value: str, record: Any) -> SafeString:
        return (
            format_html('<span class="muted">{}</span>', value) if record.note else format_html("{}", value)
        )


__all__ = ["ImpBoardsTable", "MatchTablesTable", "TeamBoardsTable", "TeamScoreTable"]


class ImpBoardsTable(EventRowsTable):
    """A contract team match by IMPs, board by board (``ImpMatch.lines``): both N-S scores (or a table's
    artificial score), the home team's net, each team's IMPs (WBF scale; law 12C2's for an artificial score)
    and the running difference; a board in play says "being played", one that cannot be scored says why."""

    board = tables.Column(_("Board"), attrs=NUM)
    home_ns = tables.Column(_("Home N-S"), attrs=NUM, empty_values=())
    away_ns = tables.Column(_("Away N-S"), attrs=NUM, empty_values=())
    net = tables.Column(_("Net (home)"), attrs=NUM)
    home_imps = tables.Column(_("IMPs home"), attrs=NUM)
    away_imps = tables.Column(_("IMPs away"), attrs=NUM)
    running = tables.Column(pgettext_lazy("running total", "Running"), attrs=NUM)

    class Meta(RowsTable.Meta):
        empty_text = _("No boards yet.")

    def __init__(self, data: Any, *, event_pk: int, home: str, away: str, **kwargs: Any) -> None:
        super().__init__(data, event_pk=event_pk, **kwargs)
        for name, heading in (
            ("home_ns", gettext("%(team)s N-S") % {"team": home}),
            ("away_ns", gettext("%(team)s N-S") % {"team": away}),
            ("net", gettext("Net (%(team)s)") % {"team": home}),
            ("home_imps", gettext("IMPs %(team)s") % {"team": home}),
            ("away_imps", gettext("IMPs %(team)s") % {"team": away}),
        ):
            self.columns[name].column.verbose_name = heading

    def render_home_ns(self, value: int | None, record: Any) -> SafeString:
        """A board in play says so (its scores and IMPs are not shown yet), as does one that cannot be scored;
        a table's artificial adjusted score shows as given ("A60/40", law 12C2)."""
        if record.note:
            return format_html('<span class="muted">{}</span>', note_text(record.note))
        return format_html("{}", record.home_text or "—")

    def render_away_ns(self, value: int | None, record: Any) -> SafeString:
        return format_html("{}", record.away_text or "—")
