"""A table's round once every board of it is in, as its table link shows it: each board's result against
the field (the boards released only: no peeking), where the pairs and the boards go next (the guide
card's own reading of the movement), and whether the session is over.

A fixed number of queries whatever the size of the event: the event's rows (``exports.rows.event_rows``)
and the boards still in play.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q

from duplicate.exports.rows import GuideLine, event_rows
from duplicate.models import Play, Section
from duplicate.selectors.events import boards_in_play
from duplicate.selectors.travellers import PlayLine


@dataclass(frozen=True)
class SummaryBoard:
    """One board of the round: its line (masked while the board is in play elsewhere) and whether the
    field's results on it may be shown."""

    number: int
    line: PlayLine
    released: bool


@dataclass(frozen=True)
class RoundSummary:
    round: int
    table: int
    boards: tuple[SummaryBoard, ...]
    guide: GuideLine | None  # this table's line of its guide card for the round
    last: bool  # the table's last round: no move, the final standings next

    @property
    def moves(self) -> list[str]:
        """Where the N-S and E-W pairs sit next round, and where the boards go, in words."""
        if self.guide is None or self.last:
            return []
        g = self.guide
        return [
            _pair_move("N-S", g.ns.label, g.ns_next, self.table),
            _pair_move("E-W", g.ew.label, g.ew_next, self.table),
            f"Boards {g.boards}: pass them to {g.boards_next}."
            if not g.boards_next.startswith("relay")
            else f"Boards {g.boards}: put them on the relay (no table plays them next round).",
        ]


def _pair_move(side: str, label: int | str, where: str, table: int) -> str:
    """``where`` is the guide card's "stays", "sits out" or "table 2 E-W"."""
    if where == "stays":
        return f"{side} pair {label}: stay at table {table}, {side}."
    if where == "sits out":
        return f"{side} pair {label}: sit out next round."
    return f"{side} pair {label}: move to {where}."


def round_summary(section: Section, table: int, round_number: int) -> RoundSummary | None:
    """Round ``round_number`` at ``table`` once all its boards there are in; None before that (or when the
    table does not play that round)."""
    if not _all_in(section, table, round_number):
        return None
    event = section.event
    in_play = boards_in_play(event)
    rows = event_rows(event, hidden=in_play)
    lines = [
        line
        for line in rows.results
        if line.section == section.letter and line.table == table and line.round == round_number
    ]
    if not lines:
        return None
    boards = tuple(SummaryBoard(line.board, line, line.board not in in_play) for line in lines)
    card = next((c for c in rows.guide_cards if c.section == section.letter and c.table == table), None)
    guide = next((g for g in card.lines if g.round == round_number), None) if card else None
    last_round = max((line.round for line in rows.results if line.section == section.letter), default=0)
    return RoundSummary(round_number, table, boards, guide, last=round_number >= last_round)


def _all_in(section: Section, table: int, round_number: int) -> bool:
    """The table played the round and has a result or a ruling on each of its boards (one query)."""
    plays = Play.objects.filter(
        seating__round__section=section, seating__round__number=round_number, seating__table=table
    )
    counts = plays.aggregate(total=Count("pk"), entered=Count("pk", filter=Q(entered=True)))
    return bool(counts["total"]) and counts["total"] == counts["entered"]
