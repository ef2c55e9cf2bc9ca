"""A table's round once every board of it is in, as its table link shows it: each board's result against
the field (the boards released only: no peeking), where the pairs and the boards go next (the guide
card's own reading of the movement), and whether the session is over.

Board-local, a fixed number of queries whatever the size of the event: the pairs, the contest of the
round's boards only (law H: a board's averages and plus/minus come from its own plays), the table's lines,
the section's seating in this round and the next (the guide card's reading), and the boards still in play.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.utils.translation import gettext as _

from duplicate.models import Play, Section
from duplicate.selectors.events import boards_in_play
from duplicate.selectors.guide_cards import GuideLine, MovementRow, guide_cards
from duplicate.selectors.standings import (
    EventResults,
    PairInfo,
    boards_results,
    pair_infos,
    unknown_pair,
)
from duplicate.selectors.travellers import PlayLine, masked_lines, play_lines


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
    def unit(self) -> str:
        """Contract bridge: what each pair's figure on a board is ("MPs", "IMPs"); "" for law H."""
        return self.boards[0].line.unit if self.boards else ""

    @property
    def moves(self) -> list[str]:
        """Where the N-S and E-W pairs sit next round, and where the boards go, in words."""
        if self.guide is None or self.last:
            return []
        g = self.guide
        return [
            _pair_move("NS", g.ns.label, g.ns_next, self.table),
            _pair_move("EW", g.ew.label, g.ew_next, self.table),
            _boards_move(g.boards, g.boards_next),
        ]


_TO_TABLE = re.compile(r"table (\d+) (N-S|E-W)")


def _pair_move(side: str, label: int | str, where: str, table: int) -> str:
    """``where`` is the guide card's "stays", "sits out" or "table 2 E-W" (English: the printout reads it too),
    said here in the page's language."""
    values: dict[str, object] = {"pair": label, "table": table}
    if where == "stays":
        if side == "NS":
            return _("N-S pair %(pair)s: stay at table %(table)s, N-S.") % values
        return _("E-W pair %(pair)s: stay at table %(table)s, E-W.") % values
    if where == "sits out":
        if side == "NS":
            return _("N-S pair %(pair)s: sit out next round.") % values
        return _("E-W pair %(pair)s: sit out next round.") % values
    found = _TO_TABLE.fullmatch(where)
    if found is None:
        values["where"] = where
        if side == "NS":
            return _("N-S pair %(pair)s: move to %(where)s.") % values
        return _("E-W pair %(pair)s: move to %(where)s.") % values
    values["table"] = found[1]
    moves = {
        ("NS", "N-S"): _("N-S pair %(pair)s: move to table %(table)s N-S."),
        ("NS", "E-W"): _("N-S pair %(pair)s: move to table %(table)s E-W."),
        ("EW", "N-S"): _("E-W pair %(pair)s: move to table %(table)s N-S."),
        ("EW", "E-W"): _("E-W pair %(pair)s: move to table %(table)s E-W."),
    }
    return moves[(side, found[2])] % values


def _boards_move(boards: str, where: str) -> str:
    """``where`` is the guide card's "table 3", "tables 3, 4" or its relay's words (English, as printed)."""
    if where.startswith("relay"):
        return _("Boards %(boards)s: put them on the relay (no table plays them next round).") % {
            "boards": boards
        }
    if where.startswith("tables "):
        tables = where.removeprefix("tables ")
        return _("Boards %(boards)s: pass them to tables %(tables)s.") % {"boards": boards, "tables": tables}
    if where.startswith("table "):
        table = where.removeprefix("table ")
        return _("Boards %(boards)s: pass them to table %(table)s.") % {"boards": boards, "table": table}
    if where == "bye stand":
        return _("Boards %(boards)s: pass them to bye stand.") % {"boards": boards}
    return _("Boards %(boards)s: pass them to %(where)s.") % {"boards": boards, "where": where}


def round_summary(section: Section, table: int, round_number: int) -> RoundSummary | None:
    """Round ``round_number`` at ``table`` once all its boards there are in; None before that (or when the
    table does not play that round)."""
    numbers = _boards_all_in(section, table, round_number)
    if not numbers:
        return None
    event = section.event
    in_play = boards_in_play(event)
    pairs = pair_infos(event)
    results = _round_results(section, numbers, pairs)
    here = {"seating__round__section": section, "seating__round__number": round_number}
    lines = masked_lines(
        play_lines(event, pairs, results, order_by=("board__number",), seating__table=table, **here),
        in_play,
    )
    if not lines:
        return None
    boards = tuple(SummaryBoard(line.board, line, line.board not in in_play) for line in lines)
    movement, last_round = _movement(section, round_number, pairs)
    card = next((c for c in guide_cards(movement) if c.table == table), None)
    guide = next((g for g in card.lines if g.round == round_number), None) if card else None
    return RoundSummary(round_number, table, boards, guide, last=round_number >= last_round)


def _boards_all_in(section: Section, table: int, round_number: int) -> list[int]:
    """The boards the table played in the round, when it has a result or a ruling on each (where the event
    asks for it, each confirmed by the other side: law 79, law E); else none (one query)."""
    plays = Play.objects.filter(
        seating__round__section=section, seating__round__number=round_number, seating__table=table
    )
    confirming = section.event.confirm_results
    found = list(plays.values_list("board__number", "entered", "entered_by", "confirmed_at"))
    agreed = all(
        entered and not (confirming and by and confirmed is None) for _, entered, by, confirmed in found
    )
    return sorted(n for n, *_ in found) if found and agreed else []


def _round_results(section: Section, numbers: list[int], pairs: dict[int, PairInfo]) -> EventResults:
    """The contest of the round's boards alone: law H (and a contract pair contest, Neuberg's N read from
    the field's counts) scores a board against the plays of that board only, so the rest of the event is
    not read.  A team match is scored whole (law G)."""
    return boards_results(section.event, pairs, numbers)


def _movement(
    section: Section, round_number: int, pairs: dict[int, PairInfo]
) -> tuple[list[MovementRow], int]:
    """The section's seating in this round and the next (where the pairs and boards go; one query), and the
    last round it shows: this one when no round follows."""
    rows = (
        Play.objects.filter(
            seating__round__section=section, seating__round__number__in=[round_number, round_number + 1]
        )
        .order_by("seating__round__number", "seating__table", "board__number")
        .values_list("seating__round__number", "seating__table", "ns_pair_id", "ew_pair_id", "board__number")
    )
    seatings: dict[tuple[int, int], tuple[int, int, list[int]]] = {}
    for rnd, tbl, ns, ew, board in rows:
        seatings.setdefault((rnd, tbl), (ns, ew, []))[2].append(board)
    movement = [
        MovementRow(
            section.letter,
            rnd,
            tbl,
            pairs.get(ns) or unknown_pair(ns),
            pairs.get(ew) or unknown_pair(ew),
            tuple(boards),
        )
        for (rnd, tbl), (ns, ew, boards) in sorted(seatings.items())
    ]
    return movement, max((m.round for m in movement), default=round_number)
