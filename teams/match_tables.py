"""The tables of an event of matches' pages (docs/leagues.md), as django-tables2 ``Table`` classes: the VP
table (its headings from the contest's description: ``Contest.headings``) and a round's matches, and the venue
display's large-type slides of them.  Figures
sort by their exact values; VPs are shown to the contest's places (``duplicate.selectors.contract``)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, ClassVar

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from duplicate.contests import Contest
from duplicate.selectors.contract import decimal_text
from duplicate.selectors.imp_match import note_text
from duplicate.tables import NUM, NUM_NARROW_HIDDEN, DisplayTable, EventRowsTable, RowsTable

DASH = "\u2013"  # between a match's two figures ("20\u201310")


def vps_text(value: Fraction | None) -> str:
    """VPs as the pages show them: two decimals ("12.50"), "" for none yet."""
    return "" if value is None else decimal_text(value, places=2)


def _team_link(event_pk: int, team_pk: int | None, name: str) -> SafeString:
    if not team_pk:
        return format_html("{}", name or "—")
    return format_html('<a href="{}">{}</a>', reverse("matches_team", args=[event_pk, team_pk]), name)


class VpStandingsTable(EventRowsTable):
    """The VP table, best first (rank, team or pair, VPs, IMPs, matches played); a phone keeps rank, name and
    VPs (the others are left out under 40rem)."""

    rank = tables.Column(_("Rank"), attrs=NUM, order_by=("rank", "name"))
    name = tables.Column(_("Team"), order_by=("name",))
    vps = tables.Column(_("VPs"), attrs=NUM, order_by=("vps",))
    imps = tables.Column(_("IMPs"), attrs=NUM_NARROW_HIDDEN, order_by=("imps", "name"))
    played = tables.Column(_("Played"), attrs=NUM_NARROW_HIDDEN)

    class Meta(RowsTable.Meta):
        attrs: ClassVar[dict[str, Any]] = {"class": "data vp-table"}
        empty_text = _("No entrants yet.")

    @classmethod
    def contest_headings(cls, contest: Contest) -> dict[str, str]:
        """VPs and IMPs as the contest heads them (its total, then its second figure)."""
        headings = contest.headings
        return {"vps": gettext(headings.total), "imps": gettext(headings.percentage or headings.line)}

    def __init__(self, data: Any, *, event_pk: int, contest: Contest, **kwargs: Any) -> None:
        super().__init__(data, event_pk=event_pk, contest=contest, **kwargs)
        if not contest.for_teams:
            self.columns["name"].column.verbose_name = _("Pair")

    def render_rank(self, value: int, record: Any) -> str:
        return f"={value}" if record.tied else str(value)

    def render_name(self, value: str, record: Any) -> SafeString:
        return _team_link(self.event_pk, record.team_id, value)

    def render_vps(self, value: Fraction) -> str:
        return vps_text(value)

    def render_imps(self, value: int) -> str:
        return f"{value:+d}" if value else "0"


class RoundMatchesTable(EventRowsTable):
    """Matches (``teams.selectors_matches.MatchLine``): table, home v away, each side's IMPs and VPs (once
    this viewer's table counts the match), a link to the match's page and, for the director, to enter its
    whole result; ``rounds``: a round column first (a team's matches)."""

    round = tables.Column(_("Round"), attrs=NUM)
    table = tables.Column(_("Table"), attrs=NUM)
    home_name = tables.Column(_("Home"))
    away_name = tables.Column(_("Away"), empty_values=())
    imps = tables.Column(
        _("IMPs"),
        attrs={"th": {"class": "num hide-narrow"}, "td": {"class": "num hide-narrow pair-figures"}},
        empty_values=(),
        orderable=False,
    )
    vps = tables.Column(
        _("VPs"),
        attrs={"th": {"class": "num"}, "td": {"class": "num pair-figures"}},
        empty_values=(),
        orderable=False,
    )
    actions = tables.Column(
        "", empty_values=(), orderable=False, attrs={"td": {"class": "no-print match-links"}}
    )

    class Meta(RowsTable.Meta):
        attrs: ClassVar[dict[str, Any]] = {"class": "data round-matches"}
        empty_text = _("No matches drawn yet.")

    def __init__(
        self, data: Any, *, event_pk: int, director: bool = False, rounds: bool = False, **kwargs: Any
    ) -> None:
        self.director = director
        if not rounds:
            kwargs["exclude"] = (*kwargs.get("exclude", ()), "round")
        super().__init__(data, event_pk=event_pk, **kwargs)

    def render_table(self, value: int) -> str:
        return str(value) if value else "—"

    def render_home_name(self, value: str, record: Any) -> SafeString:
        return _team_link(self.event_pk, record.home, value)

    def render_away_name(self, value: str, record: Any) -> SafeString:
        if record.away is None:
            return format_html('<span class="muted">{}</span>', _("bye"))
        return _team_link(self.event_pk, record.away, value)

    def render_imps(self, record: Any) -> str:
        if not record.counted or record.home_imps is None or record.away_imps is None:
            return ""
        return f"{record.home_imps}{DASH}{record.away_imps}"

    def render_vps(self, record: Any) -> str:
        if not record.counted or record.home_vps is None:
            return ""
        if record.away is None:
            return vps_text(record.home_vps)
        return f"{vps_text(record.home_vps)}{DASH}{vps_text(record.away_vps)}"

    def render_actions(self, record: Any) -> SafeString:
        if record.away is None:
            return mark_safe("")  # a bye: no match page
        page = reverse("matches_match", args=[self.event_pk, record.pk])
        if not self.director:
            return format_html('<a href="{}">{}</a>', page, _("Boards"))
        enter = reverse("matches_result", args=[self.event_pk, record.pk])
        return format_html(
            '<a href="{}">{}</a><span class="sep"> · </span><a href="{}">{}</a>',
            page,
            _("Boards"),
            enter,
            _("Result"),
        )


class MatchBoardsTable(EventRowsTable):
    """A Swiss pairs match board by board (``teams.match_detail.PairBoardLine``): the N-S score at the table
    and each pair's figure against the field; a board in play says "being played"."""

    board = tables.Column(_("Board"), attrs=NUM)
    ns_text = tables.Column(_("N-S score"), attrs=NUM, empty_values=())
    home_figure = tables.Column(_("Home"), attrs=NUM, orderable=False)
    away_figure = tables.Column(_("Away"), attrs=NUM, orderable=False)

    class Meta(RowsTable.Meta):
        empty_text = _("No boards yet.")

    def __init__(self, data: Any, *, event_pk: int, detail: Any, unit: str, **kwargs: Any) -> None:
        super().__init__(data, event_pk=event_pk, **kwargs)
        # ``unit``: the contest's own word ("IMPs", "MPs"), shown in the page's language.
        for name, pair in (("home_figure", detail.home), ("away_figure", detail.away)):
            heading = gettext("%(unit)s %(pair)s") % {"unit": gettext(unit) if unit else "", "pair": pair}
            self.columns[name].column.verbose_name = heading

    def render_ns_text(self, value: str, record: Any) -> SafeString:
        if record.note:
            return format_html('<span class="muted">{}</span>', note_text(record.note))
        return format_html("{}", value)

    def render_home_figure(self, value: Fraction) -> str:
        return decimal_text(value, places=2, signed=True)

    def render_away_figure(self, value: Fraction) -> str:
        return decimal_text(value, places=2, signed=True)


class DisplayVpTable(DisplayTable):
    """A slide of the VP table (``VpTableRow``s): place, name, VPs, net IMPs, matches played."""

    rank = tables.Column(_("Place"), attrs=NUM)
    name = tables.Column(_("Team"))
    vps = tables.Column(_("VPs"), attrs=NUM)
    imps = tables.Column(_("IMPs"), attrs=NUM)
    played = tables.Column(_("Played"), attrs=NUM)

    class Meta(DisplayTable.Meta):
        empty_text = _("No entrants yet.")

    def __init__(self, data: Any, *, for_teams: bool = True, **kwargs: Any) -> None:
        super().__init__(data, **kwargs)
        if not for_teams:
            self.columns["name"].column.verbose_name = _("Pair")

    def render_rank(self, value: int, record: Any) -> str:
        return f"={value}" if record.tied else str(value)

    def render_vps(self, value: Any) -> str:
        return vps_text(value)

    def render_imps(self, value: int) -> str:
        return f"{value:+d}" if value else "0"


class DisplayRoundTable(DisplayTable):
    """A slide of the round's matches (``MatchLine``s): table, home v away, VPs once counted."""

    table = tables.Column(_("Table"), attrs=NUM)
    home_name = tables.Column(_("Home"))
    away_name = tables.Column(_("Away"), empty_values=())
    vps = tables.Column(_("VPs"), attrs=NUM, empty_values=())

    class Meta(DisplayTable.Meta):
        empty_text = _("No matches drawn yet.")

    def render_table(self, value: int) -> str:
        return str(value) if value else "—"

    def render_away_name(self, value: str, record: Any) -> str:
        return value if record.away is not None else str(_("bye"))

    def render_vps(self, record: Any) -> str:
        if not record.counted or record.home_vps is None:
            return str(_("being played")) if record.away is not None else ""
        if record.away is None:
            return vps_text(record.home_vps)
        return f"{vps_text(record.home_vps)}{DASH}{vps_text(record.away_vps)}"
