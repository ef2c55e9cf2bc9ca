"""django-tables2 tables for the standings pages. Data are the plain rows of ``duplicate.standings``; each
sortable column orders by the exact value (a Fraction), never by the rounded text."""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html, format_html_join

NUM = {"th": {"class": "num"}, "td": {"class": "num"}}
TABLE_ATTRS = {"class": "data"}


class _LinkColumn(tables.Column):
    """A number (a pair's, a board's) linking to its page: the record's ``url`` key holds the address."""

    def __init__(self, *args: Any, url: str, **kwargs: Any) -> None:
        kwargs.setdefault("attrs", NUM)
        super().__init__(*args, **kwargs)
        self.url_key = url

    def render(self, value: Any, record: dict[str, Any]) -> str:
        return format_html('<a href="{}">{}</a>', record[self.url_key], value)


class StandingsTable(tables.Table):
    rank = tables.Column("Rank", attrs=NUM, order_by=("rank_key",))
    pair = _LinkColumn("Pair", url="card_url", order_by=("pair_key",))
    players = tables.Column("Players", orderable=True)
    boards = tables.Column("Boards", attrs=NUM)
    net = tables.Column("Net", attrs=NUM, order_by=("net_key",))
    plus_minus = tables.Column("Plus/minus", attrs=NUM, order_by=("pm_key",))
    note = tables.Column("", orderable=False, empty_values=())

    class Meta:
        attrs = TABLE_ATTRS
        orderable = True

    def render_note(self, value: str) -> str:
        return format_html('<span class="by-fraction">{}</span>', value) if value else ""


def standings_records(event_pk: int, ranking: Any) -> list[dict[str, Any]]:
    return [
        {
            "rank": row.rank,
            "rank_key": (row.rank, row.pair.sort_key),
            "pair": row.pair.label,
            "pair_key": row.pair.sort_key,
            "card_url": reverse("pair_scorecard", args=[event_pk, row.pair.pk]),
            "players": row.pair.names or "—",
            "boards": row.boards,
            "net": row.net_display,
            "net_key": row.net,
            "plus_minus": row.plus_minus_display,
            "pm_key": row.plus_minus,
            "note": "by the fraction of a point" if row.by_fraction else "",
        }
        for row in ranking.rows
    ]


class ScoreCardTable(tables.Table):
    round = tables.Column("Round", attrs=NUM)
    board = _LinkColumn("Board", url="board_url")
    side = tables.Column("Held", orderable=False)
    opponents = tables.Column("Opponents")
    result = tables.Column("Result", orderable=False, empty_values=())
    score = tables.Column("Score", attrs=NUM, order_by=("score_key",), empty_values=())
    average = tables.Column("Average", attrs=NUM, order_by=("average_key",), empty_values=())
    plus_minus = tables.Column("Plus/minus", attrs=NUM, order_by=("pm_key",), empty_values=())
    running = tables.Column("Running total", attrs=NUM, orderable=False, empty_values=())

    class Meta:
        attrs = TABLE_ATTRS
        orderable = True

    def render_opponents(self, value: Any, record: dict[str, Any]) -> str:
        return format_html(
            '<a href="{}">{}</a> <span class="muted">{}</span>', record["opp_url"], value, record["opp_names"]
        )


def _key(value: Any) -> Any:
    from fractions import Fraction

    return value if value is not None else Fraction(-(10**9))


def score_card_records(event_pk: int, card: Any) -> list[dict[str, Any]]:
    return [
        {
            "round": line.round,
            "board": line.board,
            "board_url": reverse("board_traveller", args=[event_pk, line.board]),
            "side": "N-S" if line.side == "NS" else "E-W",
            "opponents": line.opponents.label,
            "opp_url": reverse("pair_scorecard", args=[event_pk, line.opponents.pk]),
            "opp_names": line.opponents.names,
            "result": line.status,
            "score": line.score_display,
            "score_key": _key(line.score),
            "average": line.average_display,
            "average_key": _key(line.average),
            "plus_minus": line.plus_minus_display,
            "pm_key": _key(line.plus_minus),
            "running": line.running_display,
        }
        for line in card.lines
    ]


class TravellerTable(tables.Table):
    round = tables.Column("Round", attrs=NUM)
    table = tables.Column("Table", attrs=NUM)
    ns = _LinkColumn("N-S", url="ns_url")
    ew = _LinkColumn("E-W", url="ew_url")
    result = tables.Column("Result", orderable=False, empty_values=())
    ns_score = tables.Column("N-S score", attrs=NUM, order_by=("ns_key",), empty_values=())
    ew_score = tables.Column("E-W score", attrs=NUM, order_by=("ew_key",), empty_values=())
    items = tables.Column("Score items", orderable=False, empty_values=())
    ns_pm = tables.Column("N-S +/-", attrs=NUM, order_by=("ns_pm_key",), empty_values=())
    ew_pm = tables.Column("E-W +/-", attrs=NUM, order_by=("ew_pm_key",), empty_values=())

    class Meta:
        attrs = TABLE_ATTRS
        orderable = True

    def render_items(self, value: Any, record: dict[str, Any]) -> str:
        parts = [
            (side, record[key]) for side, key in (("N-S", "ns_items"), ("E-W", "ew_items")) if record[key]
        ]
        return format_html('<span class="items">{}</span>', format_html_join("", "<div>{}: {}</div>", parts))


def traveller_records(event_pk: int, trav: Any) -> list[dict[str, Any]]:
    return [
        {
            "round": line.round,
            "table": line.table,
            "ns": line.ns.label,
            "ns_url": reverse("pair_scorecard", args=[event_pk, line.ns.pk]),
            "ew": line.ew.label,
            "ew_url": reverse("pair_scorecard", args=[event_pk, line.ew.pk]),
            "result": line.status,
            "ns_score": line.ns_score_display,
            "ew_score": line.ew_score_display,
            "ns_key": _key(line.ns_score),
            "ew_key": _key(line.ew_score),
            "ns_items": f"{line.ns_total}: {line.ns_items}" if line.ns_items else "",
            "ew_items": f"{line.ew_total}: {line.ew_items}" if line.ew_items else "",
            "items": "",
            "ns_pm": line.ns_plus_minus_display,
            "ew_pm": line.ew_plus_minus_display,
            "ns_pm_key": _key(line.ns_plus_minus),
            "ew_pm_key": _key(line.ew_plus_minus),
        }
        for line in trav.lines
    ]
