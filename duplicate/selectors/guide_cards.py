"""The movement as rows (who sat where in each round, and the boards they played) and each table's guide card:
where the pairs and the boards go next.  Pure: built from the lines ``duplicate.selectors.travellers.play_lines``
reads; the guide-card printout and a table link's round summary both say it.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.translation import gettext, gettext_noop

from duplicate.selectors.events import board_range
from duplicate.selectors.pair_rows import PairInfo
from duplicate.selectors.travellers import PlayLine


@dataclass(frozen=True, slots=True)
class GuideLine:
    """One round at one table (a line of the table guide card)."""

    round: int
    ns: PairInfo
    ew: PairInfo
    boards: str
    ns_next: str
    ew_next: str
    boards_next: str


@dataclass(frozen=True)
class GuideCard:
    section: str
    table: int
    lines: tuple[GuideLine, ...]
    several: bool = False  # the event plays in several sections: every card names its own

    @property
    def title(self) -> str:
        if self.section == "A" and not self.several:
            return gettext("Table %(table)s") % {"table": self.table}
        return gettext("Section %(section)s, table %(table)s") % {
            "section": self.section,
            "table": self.table,
        }


@dataclass(frozen=True, slots=True)
class MovementRow:
    section: str
    round: int
    table: int
    ns: PairInfo
    ew: PairInfo
    boards: tuple[int, ...]

    @property
    def boards_display(self) -> str:
        return board_range(list(self.boards))


def movement_rows(rows: Iterable[PlayLine]) -> tuple[MovementRow, ...]:
    """Who sat where in each round and the boards they played, from every play's line."""
    seatings: dict[tuple[str, int, int], tuple[PairInfo, PairInfo, list[int]]] = {}
    for row in rows:
        key = (row.section, row.round, row.table)
        if key not in seatings:
            seatings[key] = (row.ns, row.ew, [])
        seatings[key][2].append(row.board)
    return tuple(
        MovementRow(section, rnd, table, ns, ew, tuple(sorted(boards)))
        for (section, rnd, table), (ns, ew, boards) in sorted(seatings.items())
    )


def _tables_text(tables: list[int]) -> str:
    if not tables:
        return ""
    if len(tables) == 1:
        return f"table {tables[0]}"
    return "tables " + ", ".join(str(t) for t in tables)


_TO_TABLE = re.compile(r"table (\d+) (N-S|E-W)")
_TO_ONE = re.compile(r"table (\d+)")
_TO_TABLES = re.compile(r"tables ([\d, ]+)")
_WORDS = {
    "end": gettext_noop("end"),
    "stays": gettext_noop("stays"),
    "sits out": gettext_noop("sits out"),
    "bye stand": gettext_noop("bye stand"),
}


def move_words(where: str) -> str:
    """A guide line's ``ns_next``, ``ew_next`` or ``boards_next`` ("stays", "table 2 E-W", "tables 3, 5":
    English, as code compares them) in the reader's language."""
    if where in _WORDS:
        return gettext(_WORDS[where])
    if found := _TO_TABLE.fullmatch(where):
        side = {"N-S": gettext("N-S"), "E-W": gettext("E-W")}[found[2]]
        return gettext("table %(table)s %(side)s") % {"table": found[1], "side": side}
    if found := _TO_ONE.fullmatch(where):
        return gettext("table %(table)s") % {"table": found[1]}
    if found := _TO_TABLES.fullmatch(where):
        return gettext("tables %(tables)s") % {"tables": found[1]}
    return where


def guide_cards(movement: Iterable[MovementRow]) -> tuple[GuideCard, ...]:
    """For each table, each round's pairs and boards, and where the pairs and the boards go next (the one
    reading of the movement: the guide-card printout and a table link's round summary both say it)."""
    movement = tuple(movement)
    seat_of: dict[tuple[str, int, int], tuple[int, str]] = {}  # (section, round, pair) -> (table, side)
    tables_of_board: dict[tuple[str, int, int], list[int]] = defaultdict(list)  # (section, round, board)
    last_round: dict[str, int] = {}
    for m in movement:
        seat_of[(m.section, m.round, m.ns.pk)] = (m.table, "N-S")
        seat_of[(m.section, m.round, m.ew.pk)] = (m.table, "E-W")
        for b in m.boards:
            tables_of_board[(m.section, m.round, b)].append(m.table)
        last_round[m.section] = max(last_round.get(m.section, 0), m.round)

    def pair_next(m: MovementRow, pair: PairInfo) -> str:
        if m.round >= last_round[m.section]:
            return "end"
        seat = seat_of.get((m.section, m.round + 1, pair.pk))
        if seat is None:
            return "sits out"
        table, side = seat
        if table == m.table and side == ("N-S" if pair.pk == m.ns.pk else "E-W"):
            return "stays"
        return f"table {table} {side}"

    def boards_next(m: MovementRow) -> str:
        if m.round >= last_round[m.section]:
            return "end"
        tables = sorted({t for b in m.boards for t in tables_of_board.get((m.section, m.round + 1, b), ())})
        if not tables:
            return "bye stand"  # played by no table next round (the even Mitchell's relay-and-bye stand)
        return _tables_text(tables)

    cards: dict[tuple[str, int], list[GuideLine]] = defaultdict(list)
    for m in movement:
        cards[(m.section, m.table)].append(
            GuideLine(
                m.round, m.ns, m.ew, m.boards_display, pair_next(m, m.ns), pair_next(m, m.ew), boards_next(m)
            )
        )
    several = len({section for section, _ in cards}) > 1
    return tuple(
        GuideCard(section, table, tuple(lines), several) for (section, table), lines in sorted(cards.items())
    )
