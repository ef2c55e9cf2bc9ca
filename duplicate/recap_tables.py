"""The recap sheet's tables (django-tables2): one a ranking and block of boards, the pair's rank, number and
names, a column per board of the block (headed by the board's number, a link to its traveller) and the
total; rows in the order the selector gives them."""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from duplicate.selectors.recap import HIDDEN_MARK, Recap, RecapRanking
from duplicate.tables import NUM, EventRowsTable, RowsTable, pair_link


def _column(key: str, header: str, **kwargs: Any) -> tuple[str, tables.Column]:
    return key, tables.Column(header, accessor=key, attrs=NUM, orderable=False, **kwargs)


class RecapTable(EventRowsTable):
    """One block of a ranking's recap: rows are dicts (``rank``, ``pair``, ``players``, ``b<n>`` per board,
    ``total``); the board columns are given as ``boards``; the players' cell has their names as its title too."""

    rank = tables.Column(_("Rank"), attrs=NUM, orderable=False)
    pair = tables.Column(_("Pair"), attrs=NUM, orderable=False)
    players = tables.Column(
        _("Players"), orderable=False, default="—", attrs={"td": {"title": lambda record: record["players"]}}
    )

    class Meta(RowsTable.Meta):
        attrs = {"class": "data recap"}  # noqa: RUF012 - django-tables2 reads it as given
        empty_text = _("No results yet.")

    def __init__(self, data: Any, *, event_pk: int, boards: tuple[int, ...], **kwargs: Any) -> None:
        extra = [_column(f"b{n}", board_link(event_pk, n)) for n in boards]
        extra.append(_column("total", gettext("Total")))
        super().__init__(data, event_pk=event_pk, extra_columns=extra, **kwargs)

    def render_pair(self, record: Any) -> SafeString:
        link: SafeString = record["link"]  # the pair's link, made once for all its blocks
        return link


def board_link(event_pk: int, number: int) -> SafeString:
    """A board column's heading: its number, a link to its traveller (which says "being played" while the
    board is in play, for a visitor: no peeking)."""
    return format_html('<a href="{}">{}</a>', reverse("board_traveller", args=[event_pk, number]), number)


def recap_tables(recap: Recap, ranking: RecapRanking, event_pk: int) -> list[dict[str, Any]]:
    """A ranking's tables, a block of boards each: ``{"boards": "1-14", "table": table}``."""
    out = []
    links = {row.pair.pk: pair_link(event_pk, row.pair) for row in ranking.rows}  # once a pair, not a block
    for start, stop in recap.blocks:
        boards = recap.boards[start:stop]
        rows = [
            {
                "rank": row.rank,
                "pair": row.pair.label,
                "info": row.pair,
                "link": links[row.pair.pk],
                "players": row.pair.names,
                "total": row.total,
                **{f"b{n}": cell for n, cell in zip(boards, row.cells[start:stop], strict=True)},
            }
            for row in ranking.rows
        ]
        label = f"{boards[0]} to {boards[-1]}" if len(boards) > 1 else str(boards[0])
        table = RecapTable(rows, event_pk=event_pk, boards=boards, prefix=f"b{start}-")
        out.append({"boards": label, "table": table})
    return out


__all__ = ["HIDDEN_MARK", "RecapTable", "recap_tables"]
