"""Movements for duplicate pair contests and team matches: generated, uploaded, validated.

Pure Python (no Django, no ORM): plain frozen dataclasses that the Django app stores and renders.

Vocabulary
==========

A *movement* is a list of rounds; in each round every table seats a N-S pair and an E-W pair who play a
set of boards (deals).  Pair identifiers (:data:`PairId`) are positive integers or strings, unique within
the event; a string made only of digits is read as the integer (``"5"`` is pair 5).  Boards are positive
integers.  ``boards_per_round`` boards are played at every table in every round.

Kinds
=====

``mitchell``
    N-S pairs ``1..T`` stay at tables ``1..T``; E-W pairs ``T+1..2T`` start at tables ``1..T`` (table 1,
    round 1 is ``1 v T+1``).  Board set ``s`` is boards ``(s-1)*B+1 .. s*B`` and starts at table ``s``.
    After each round E-W pairs move up one table (``T`` wraps to ``1``) and boards move down one table.

    * Odd ``T``: ``T`` rounds; every E-W pair meets every N-S pair once and plays every set once.
    * Even ``T``, ``even="relay"`` (relay-and-bye stand): ``T`` rounds, ``T`` sets.  Sets ``1..T/2`` start
      at tables ``1..T/2``, set ``T/2+1`` on the bye stand (a stand between tables ``T/2`` and ``T/2+1``
      where nobody plays), sets ``T/2+2..T`` at tables ``T/2+1..T-1``; tables ``1`` and ``T`` *share* a set
      every round (the relay; they play its boards in different orders).  Boards move down one table,
      except that table ``T/2+1`` passes to the bye stand and the bye stand to table ``T/2``; the shared
      set goes on to table ``T-1``.  Every E-W pair meets every N-S pair once and plays every set once.
    * Even ``T``, ``even="skip"``: boards move as for odd ``T``; after half the rounds (``T/2``) the E-W
      pairs skip a table (move up two).  ``T-1`` rounds: the last, "revenge", round would bring each E-W
      pair back to the N-S pair it started against, so it is not played; each E-W pair misses one N-S
      pair (the one it skipped) and one set.

``howell``
    ``2T`` pairs meet each other exactly once in ``2T-1`` rounds (complete Howell), built by the circle
    method: pair ``2T`` is stationary at table ``T``; in round ``r`` (counted from 0) it meets pair
    ``r+1``, and pairs ``r+k+1`` and ``r-k+1`` (mod ``2T-1``) meet at table ``k`` for ``k = 1..T-1``.
    There are ``2T-1`` board sets and every pair plays every set exactly once.  The sets come from a
    *strong starter* in the cyclic group of order ``2T-1`` (found by a fast deterministic search): then no
    two tables play the same set in one round (the movement is a Room square).  No strong starter exists
    for 5 and 9: for 5 tables a Room square found by exact-cover search is stored here; for 3 tables
    (6 pairs) no Room square of side 5 exists, so in round 1 all three tables share one set (the fewest
    shared rounds possible) and the other rounds use distinct sets.  Directions: within the rotating pairs
    the pair "behind" on the circle sits N-S; the stationary pair sits N-S in odd-numbered rounds and E-W
    in even-numbered rounds, so every pair sits N-S ``T-1`` or ``T`` times.  With ``pairs = 2T-1`` the
    stationary pair is left out: its table ``T`` is not set up, the movement has ``T-1`` tables in play
    (``Movement.tables == T-1``, numbered ``1..T-1``: a "``T-1``-and-a-half table" Howell), and the pair
    that would have met the stationary pair sits out (listed in ``MovementRound.sit_out``); every pair
    still meets every other pair exactly once, sitting N-S and E-W ``T-1`` times each.  Supported for 3
    to 10 tables.

``teams`` (duplicate law G)
    Two teams of ``n >= 2`` pairs: team A is pairs ``1..n``, team B pairs ``n+1..2n``, at ``n`` tables.
    At tables ``1..ceil(n/2)`` team A sits N-S against team B E-W (pair ``t`` v pair ``n+t``), at the
    other tables team B sits N-S against team A (pair ``n+t`` v pair ``t``): so with odd ``n`` team A has
    one more N-S pair (law G's "odd pair").  Pairs keep their tables; ``n`` board sets move down one table
    a round, so in ``n`` rounds every deal is played once at every table.

``compass`` (stationary pairs, boards relayed: Foster's compass duplicate whist)
    Every pair keeps its seat all session and only the boards travel.  N-S pairs ``1..T`` sit at tables
    ``1..T``, E-W pair ``T+t`` faces N-S pair ``t`` at table ``t`` in every round (as a Mitchell's first
    round).  Board set ``s`` starts at table ``s``; after each round every table passes its boards to the
    next-lower table (table ``1`` passes to table ``T``), the way a Mitchell's boards travel.  ``T`` rounds
    for ``T >= 2`` tables: every board is played once at every table, so every N-S pair holds the same
    cards as every other N-S pair and every E-W pair the same as every E-W pair (duplicate law H: N-S
    pairs are ranked with N-S pairs, E-W with E-W).

``custom``
    An uploaded movement (see the formats below), held to the general rules.

Validation (:func:`validate`)
=============================

General rules, for every kind: rounds are numbered ``1..R`` in order; in a round, table numbers are in
``1..tables`` with no table listed twice; ``ns != ew``; a pair sits at most once in a round (a pair
listed as sitting out does not play); every table plays exactly ``boards_per_round`` distinct boards;
a pair never plays the same board twice; a pair never meets the same opponent in two different rounds
(except in the stationary kinds ``teams`` and ``compass``, where a pair meets its one opponent every round).
Two tables *may* play the same board in one round (a shared set or relay, as in the even Mitchell): the
law that matters (duplicate law H: a pair is compared with the pairs who played the same hands) is kept
as long as no pair meets a board twice.

Kind rules: ``mitchell`` -- every table plays every round, N-S pairs never move and no pair changes
direction.  ``howell`` -- every table plays every round, every pair plays or is listed as sitting out in
every round, and the movement is complete: every pair meets every other pair exactly once.
``teams`` (law G) -- exactly two teams of equal size, at least two pairs each, that between them are all
the pairs; the movement has as many tables as a team has pairs; each table seats one pair of each team;
every deal is played exactly once at every table; each pair keeps its direction, and each team seats
half its pairs N-S and half E-W (as near as possible). In a team match "pairs meet at most once" is read
as: *a pair faces one opponent pair for the whole match* (it meets that pair in every round, and no
other pair).  ``compass`` -- every table plays every round; each table seats the same N-S pair and the
same E-W pair in every round (so pairs meet the same opponents every round and never change direction);
every board is played exactly once at every table; and the boards travel down: the boards a table plays
in round ``r+1`` are the ones the next-higher table played in round ``r`` (table ``T``'s come from table
``1``).

Upload formats
==============

JSON (:meth:`Movement.from_json`, :meth:`Movement.from_dict`), the shape :meth:`Movement.to_dict`
writes::

    {"kind": "mitchell", "tables": 7, "boards_per_round": 2,
     "rounds": [{"round": 1, "tables": [{"table": 1, "ns": 1, "ew": 8, "boards": [1, 2]}, ...],
                 "sit_out": [15]},          # optional
                ...],
     "teams": {"A": [1, 2], "B": [3, 4]}}   # only for kind "teams"

``kind`` defaults to ``"custom"``; ``tables`` defaults to the highest table number used and
``boards_per_round`` to the number of boards at the first table.  ``boards`` may also be a string in the
CSV notation below.

CSV (:meth:`Movement.from_csv`): a header line is required and must name the columns ``round``,
``table``, ``ns``, ``ew`` and ``boards`` (any order, case-insensitive; other columns are ignored).
One line per table per round::

    round,table,ns,ew,boards
    1,1,1,4,1-2
    1,2,2,5,3 4
    1,3,3,6,5;6

``boards`` lists board numbers separated by spaces, semicolons or (inside quotes) commas, with ranges
``a-b`` allowed: ``1-3``, ``1 2 3`` and ``1;2;3`` are the same three boards.  A line whose ``table`` cell
is empty or ``-`` lists pairs sitting out that round in ``ns``/``ew`` (``boards`` left empty).  Lines may
come in any order; blank lines are skipped.  Errors name the line (the header is line 1).
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import re
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, NoReturn

__all__ = [
    "GENERATED_KINDS",
    "KINDS",
    "MAX_BOARDS_PER_ROUND",
    "Movement",
    "MovementError",
    "MovementRound",
    "PairId",
    "TablePlay",
    "compass",
    "generate",
    "howell",
    "main",
    "mitchell",
    "render",
    "team_match",
    "validate",
]

PairId = int | str
"""A pair's identifier: a positive integer or a non-empty string, unique within the event."""

KINDS: tuple[str, ...] = ("mitchell", "howell", "teams", "compass", "custom")
GENERATED_KINDS: tuple[str, ...] = ("mitchell", "howell", "teams", "compass")
MAX_BOARDS_PER_ROUND = 36
MITCHELL_MIN_TABLES = 3
HOWELL_MIN_TABLES = 3
HOWELL_MAX_TABLES = 10
TEAMS_MIN_PAIRS = 2
COMPASS_MIN_TABLES = 2
EVEN_OPTIONS: tuple[str, ...] = ("relay", "skip")

_TITLES = {
    "mitchell": "Mitchell",
    "howell": "Howell",
    "teams": "Team match",
    "compass": "Compass",
    "custom": "Custom movement",
}


class MovementError(ValueError):
    """A movement (or the request for one) is unlawful or malformed; the message names the problem."""


# --------------------------------------------------------------------------------------------------
# Small helpers
# --------------------------------------------------------------------------------------------------


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _pair_key(pair: PairId) -> tuple[int, int, str]:
    """Sort key: integer pairs in numeric order, then string pairs in alphabetical order."""
    if isinstance(pair, int):
        return (0, pair, "")
    return (1, 0, str(pair))


def _is_pair_id(value: object) -> bool:
    if isinstance(value, int) and not isinstance(value, bool):
        return value > 0
    return isinstance(value, str) and value.strip() != "" and value == value.strip()


def _fmt_pairs(pairs: Iterable[PairId]) -> str:
    return ", ".join(str(p) for p in pairs)


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def format_boards(boards: Iterable[int]) -> str:
    """``(1, 2, 3, 7)`` -> ``"1-3, 7"`` (sorted, runs of consecutive boards as ranges)."""
    numbers = sorted(set(boards))
    parts: list[str] = []
    i = 0
    while i < len(numbers):
        j = i
        while j + 1 < len(numbers) and numbers[j + 1] == numbers[j] + 1:
            j += 1
        parts.append(str(numbers[i]) if i == j else f"{numbers[i]}-{numbers[j]}")
        i = j + 1
    return ", ".join(parts)


def _board_set(index: int, boards_per_round: int) -> tuple[int, ...]:
    """Board set ``index`` (counted from 0): boards ``index*B+1 .. (index+1)*B``."""
    start = index * boards_per_round + 1
    return tuple(range(start, start + boards_per_round))


# --------------------------------------------------------------------------------------------------
# Data
# --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TablePlay:
    """One table in one round: ``ns`` plays ``ew`` on ``boards``."""

    table: int
    ns: PairId
    ew: PairId
    boards: tuple[int, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.boards, tuple):
            object.__setattr__(self, "boards", tuple(self.boards))

    @property
    def pairs(self) -> tuple[PairId, PairId]:
        return (self.ns, self.ew)

    def opponent(self, pair: PairId) -> PairId:
        if pair == self.ns:
            return self.ew
        if pair == self.ew:
            return self.ns
        raise KeyError(pair)

    def to_dict(self) -> dict[str, Any]:
        return {"table": self.table, "ns": self.ns, "ew": self.ew, "boards": list(self.boards)}


@dataclass(frozen=True)
class MovementRound:
    """A round: the tables in play (in table order) and the pairs sitting out."""

    number: int
    tables: tuple[TablePlay, ...]
    sit_out: tuple[PairId, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.tables, tuple):
            object.__setattr__(self, "tables", tuple(self.tables))
        if not isinstance(self.sit_out, tuple):
            object.__setattr__(self, "sit_out", tuple(self.sit_out))

    @property
    def pairs(self) -> tuple[PairId, ...]:
        """Pairs seated this round (table order, N-S first) followed by the pairs sitting out."""
        seated = tuple(p for play in self.tables for p in play.pairs)
        return seated + self.sit_out

    def table(self, number: int) -> TablePlay | None:
        for play in self.tables:
            if play.table == number:
                return play
        return None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"round": self.number, "tables": [play.to_dict() for play in self.tables]}
        if self.sit_out:
            out["sit_out"] = list(self.sit_out)
        return out


@dataclass(frozen=True)
class Movement:
    """A whole movement.  ``teams`` is set for kind ``"teams"`` only: ``{"A": (...), "B": (...)}``."""

    kind: str
    tables: int
    boards_per_round: int
    rounds: tuple[MovementRound, ...]
    teams: dict[str, tuple[PairId, ...]] | None = field(default=None, hash=False)

    def __post_init__(self) -> None:
        if not isinstance(self.rounds, tuple):
            object.__setattr__(self, "rounds", tuple(self.rounds))
        if self.teams is not None:
            object.__setattr__(self, "teams", {str(k): tuple(v) for k, v in self.teams.items()})

    # -- views ------------------------------------------------------------------------------------

    @property
    def pairs(self) -> tuple[PairId, ...]:
        """Every pair in the movement (playing or sitting out): integers ascending, then strings."""
        seen: set[PairId] = set()
        for rnd in self.rounds:
            seen.update(rnd.pairs)
        if self.teams:
            for members in self.teams.values():
                seen.update(members)
        return tuple(sorted(seen, key=_pair_key))

    @property
    def boards(self) -> tuple[int, ...]:
        """Every board played, ascending."""
        return tuple(sorted({b for rnd in self.rounds for play in rnd.tables for b in play.boards}))

    def _directions(self) -> dict[PairId, set[str]]:
        seats: dict[PairId, set[str]] = {}
        for rnd in self.rounds:
            for play in rnd.tables:
                seats.setdefault(play.ns, set()).add("ns")
                seats.setdefault(play.ew, set()).add("ew")
        return seats

    @property
    def ns_pairs(self) -> tuple[PairId, ...]:
        """Pairs that sit N-S whenever they play (Mitchell: the stationary pairs; teams: the N-S pairs)."""
        return tuple(p for p in self.pairs if self._directions().get(p) == {"ns"})

    @property
    def ew_pairs(self) -> tuple[PairId, ...]:
        """Pairs that sit E-W whenever they play (empty for a Howell, where pairs change direction)."""
        return tuple(p for p in self.pairs if self._directions().get(p) == {"ew"})

    def opponents(self, pair: PairId) -> tuple[PairId, ...]:
        """The pair's opponents, round by round (rounds it sits out are skipped)."""
        return tuple(play.opponent(pair) for rnd in self.rounds for play in rnd.tables if pair in play.pairs)

    def shared_boards(self) -> dict[tuple[int, int], tuple[int, ...]]:
        """``{(round, table): other tables playing one of the same boards that round}`` (relays)."""
        out: dict[tuple[int, int], tuple[int, ...]] = {}
        for rnd in self.rounds:
            for play in rnd.tables:
                others = tuple(
                    other.table
                    for other in rnd.tables
                    if other.table != play.table and set(other.boards) & set(play.boards)
                )
                if others:
                    out[(rnd.number, play.table)] = others
        return out

    # -- output -----------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "kind": self.kind,
            "tables": self.tables,
            "boards_per_round": self.boards_per_round,
            "rounds": [rnd.to_dict() for rnd in self.rounds],
        }
        if self.teams is not None:
            out["teams"] = {name: list(members) for name, members in self.teams.items()}
        return out

    def to_json(self, indent: int | None = 2) -> str:
        return json.dumps(self.to_dict(), indent=indent)

    def to_csv(self) -> str:
        """The CSV upload format (sit-outs as lines with an empty table cell)."""
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(["round", "table", "ns", "ew", "boards"])
        for rnd in self.rounds:
            for play in rnd.tables:
                boards = " ".join(str(b) for b in play.boards)
                writer.writerow([rnd.number, play.table, play.ns, play.ew, boards])
            for pair in rnd.sit_out:
                writer.writerow([rnd.number, "", pair, "", ""])
        return buffer.getvalue()

    def to_text(self) -> str:
        """A readable grid: per round, each table ``N-S v E-W`` and its boards (e.g. ``1-2``)."""
        title = _TITLES.get(self.kind, self.kind)
        all_boards = self.boards
        lines = [
            f"{title}: {_plural(self.tables, 'table')}, {_plural(len(self.rounds), 'round')}, "
            f"{_plural(self.boards_per_round, 'board')} a round, {_plural(len(all_boards), 'board')} "
            f"({format_boards(all_boards)})"
        ]
        if self.teams:
            for name, members in self.teams.items():
                lines.append(f"Team {name}: pairs {_fmt_pairs(members)}")
        if self.kind == "compass":
            lines.append(
                f"Pairs stay at their tables; after each round the boards pass to the next-lower table "
                f"(table 1 passes to table {self.tables})"
            )
        shared = self.shared_boards()
        width = max((len(str(p)) for p in self.pairs), default=1)
        table_width = len(str(self.tables))
        for rnd in self.rounds:
            lines.append(f"Round {rnd.number}")
            for play in rnd.tables:
                line = (
                    f"  Table {play.table:>{table_width}}: {str(play.ns):>{width}} v {str(play.ew):<{width}}"
                    f"  {'boards' if len(play.boards) > 1 else 'board'} {format_boards(play.boards)}"
                )
                others = shared.get((rnd.number, play.table))
                if others:
                    line += f" (shared with {'tables' if len(others) > 1 else 'table'} {_fmt_pairs(others)})"
                lines.append(line)
            if rnd.sit_out:
                lines.append(f"  Sits out: {_fmt_pairs(rnd.sit_out)}")
        return "\n".join(lines) + "\n"

    # -- input ------------------------------------------------------------------------------------

    @classmethod
    def from_dict(cls, obj: Any, *, check: bool = True) -> Movement:
        """Build from the :meth:`to_dict` shape; ``check`` runs :func:`validate` (default)."""
        movement = _movement_from_obj(obj)
        if check:
            validate(movement)
        return movement

    @classmethod
    def from_json(cls, text: str | bytes, *, check: bool = True) -> Movement:
        try:
            obj = json.loads(text)
        except json.JSONDecodeError as exc:
            raise MovementError(
                f"not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}"
            ) from None
        except UnicodeDecodeError:
            raise MovementError("not valid JSON: the file is not UTF-8 text") from None
        return cls.from_dict(obj, check=check)

    @classmethod
    def from_csv(
        cls,
        text: str,
        *,
        kind: str = "custom",
        tables: int | None = None,
        boards_per_round: int | None = None,
        teams: Mapping[str, Sequence[PairId]] | None = None,
        check: bool = True,
    ) -> Movement:
        """Build from the CSV upload format (see the module docstring); ``check`` runs :func:`validate`.

        ``tables`` and ``boards_per_round`` default to what the lines show; ``teams`` (for kind "teams",
        which the CSV cannot express) is ``{"A": pairs, "B": pairs}``."""
        movement = _movement_from_csv(text, kind=kind, tables=tables, boards_per_round=boards_per_round)
        if teams is not None:
            movement = Movement(
                movement.kind,
                movement.tables,
                movement.boards_per_round,
                movement.rounds,
                {name: tuple(members) for name, members in teams.items()},
            )
        if check:
            validate(movement)
        return movement


# --------------------------------------------------------------------------------------------------
# Parsing
# --------------------------------------------------------------------------------------------------

_BOARD_TOKEN = re.compile(r"^(\d+)(?:\s*-\s*(\d+))?$")


def _parse_boards_text(text: str) -> tuple[int, ...]:
    """``"1-3"``, ``"1 2 3"``, ``"1;2;3"``, ``"1,2,3"``, ``"1-2;5"`` -> board numbers; ValueError if not."""
    cleaned = re.sub(r"\s*-\s*", "-", text.strip())
    tokens = [t for t in re.split(r"[\s;,]+", cleaned) if t]
    if not tokens:
        raise ValueError("no boards")
    boards: list[int] = []
    for token in tokens:
        match = _BOARD_TOKEN.match(token)
        if not match:
            raise ValueError(token)
        first = int(match.group(1))
        last = int(match.group(2)) if match.group(2) else first
        # A range longer than a round's boards is never lawful (and "1-999999999" must not fill memory).
        if first < 1 or last < first or last - first >= MAX_BOARDS_PER_ROUND:
            raise ValueError(token)
        boards.extend(range(first, last + 1))
    return tuple(boards)


_BOARDS_HINT = "write board numbers like 1-3, 1 2 3 or 1;2;3"


def _parse_pair(value: Any, where: str, column: str) -> PairId:
    if _is_int(value):
        if value < 1:
            raise MovementError(f"{where}: {column} pair must be a positive number or a name, got {value}")
        return int(value)
    if isinstance(value, str):
        text = value.strip()
        if not text:
            raise MovementError(f"{where}: {column} pair is missing")
        if text.isdecimal():
            number = int(text)
            if number < 1:
                raise MovementError(f"{where}: {column} pair must be a positive number or a name, got {text}")
            return number
        return text
    raise MovementError(f"{where}: {column} pair must be a number or a name, got {value!r}")


def _parse_positive(value: Any, where: str, what: str) -> int:
    if _is_int(value) and value >= 1:
        return int(value)
    if isinstance(value, str) and value.strip().isdecimal() and int(value.strip()) >= 1:
        return int(value.strip())
    shown = repr(value) if not isinstance(value, str) else f"'{value}'"
    raise MovementError(f"{where}: {what} must be a whole number from 1 up, got {shown}")


def _parse_boards_value(value: Any, where: str) -> tuple[int, ...]:
    if isinstance(value, str):
        try:
            return _parse_boards_text(value)
        except ValueError:
            raise MovementError(f"{where}: boards '{value}' are not board numbers ({_BOARDS_HINT})") from None
    if isinstance(value, list | tuple):
        if not value:
            raise MovementError(f"{where}: no boards listed")
        boards: list[int] = []
        for item in value:
            if _is_int(item) and item >= 1:
                boards.append(int(item))
            elif isinstance(item, str) and item.strip().isdecimal() and int(item) >= 1:
                boards.append(int(item))
            else:
                raise MovementError(
                    f"{where}: board {item!r} is not a board number (a whole number from 1 up)"
                )
        return tuple(boards)
    raise MovementError(f"{where}: boards must be a list of board numbers, got {value!r}")


def _movement_from_obj(obj: Any) -> Movement:
    if not isinstance(obj, Mapping):
        raise MovementError(f"a movement must be a JSON object, got {type(obj).__name__}")
    kind = obj.get("kind", "custom")
    if not isinstance(kind, str) or kind not in KINDS:
        raise MovementError(f"unknown movement kind {kind!r} (expected one of: {', '.join(KINDS)})")
    if "rounds" not in obj:
        raise MovementError("the movement has no 'rounds'")
    raw_rounds = obj["rounds"]
    if not isinstance(raw_rounds, list) or not raw_rounds:
        raise MovementError("'rounds' must be a non-empty list of rounds")
    rounds: list[MovementRound] = []
    for i, raw_round in enumerate(raw_rounds):
        where = f"rounds[{i}]"
        if not isinstance(raw_round, Mapping):
            raise MovementError(f"{where}: a round must be an object with 'round' and 'tables'")
        number = _parse_positive(raw_round.get("round", i + 1), where, "round")
        where = f"round {number}"
        raw_tables = raw_round.get("tables")
        if not isinstance(raw_tables, list) or not raw_tables:
            raise MovementError(f"{where}: 'tables' must be a non-empty list of tables")
        plays: list[TablePlay] = []
        for j, raw_play in enumerate(raw_tables):
            at = f"{where}, tables[{j}]"
            if not isinstance(raw_play, Mapping):
                raise MovementError(f"{at}: a table must be an object with table, ns, ew and boards")
            missing = [key for key in ("table", "ns", "ew", "boards") if key not in raw_play]
            if missing:
                raise MovementError(f"{at}: missing {', '.join(missing)}")
            table = _parse_positive(raw_play["table"], at, "table")
            at = f"{where}, table {table}"
            ns = _parse_pair(raw_play["ns"], at, "ns")
            ew = _parse_pair(raw_play["ew"], at, "ew")
            boards = _parse_boards_value(raw_play["boards"], at)
            plays.append(TablePlay(table, ns, ew, boards))
        raw_sit = raw_round.get("sit_out", [])
        if raw_sit is None:
            raw_sit = []
        if not isinstance(raw_sit, list):
            raw_sit = [raw_sit]
        sit_out = tuple(_parse_pair(p, where, "sit_out") for p in raw_sit)
        rounds.append(MovementRound(number, tuple(sorted(plays, key=lambda p: p.table)), sit_out))
    rounds.sort(key=lambda r: r.number)
    tables_value = obj.get("tables")
    if tables_value is None:
        tables = max(play.table for rnd in rounds for play in rnd.tables)
    else:
        tables = _parse_positive(tables_value, "movement", "tables")
    bpr_value = obj.get("boards_per_round")
    if bpr_value is None:
        bpr = len(rounds[0].tables[0].boards)
    else:
        bpr = _parse_positive(bpr_value, "movement", "boards_per_round")
    teams: dict[str, tuple[PairId, ...]] | None = None
    raw_teams = obj.get("teams")
    if raw_teams is not None:
        if not isinstance(raw_teams, Mapping):
            raise MovementError("'teams' must be an object: team name -> list of pairs")
        teams = {}
        for name, members in raw_teams.items():
            if not isinstance(members, list):
                raise MovementError(f"team {name}: the pairs must be a list")
            teams[str(name)] = tuple(_parse_pair(p, f"team {name}", "team") for p in members)
    return Movement(kind, tables, bpr, tuple(rounds), teams)


_CSV_COLUMNS: tuple[str, ...] = ("round", "table", "ns", "ew", "boards")


def _movement_from_csv(text: str, *, kind: str, tables: int | None, boards_per_round: int | None) -> Movement:
    if kind not in KINDS:
        raise MovementError(f"unknown movement kind {kind!r} (expected one of: {', '.join(KINDS)})")
    if text.startswith("\ufeff"):
        text = text[1:]
    reader = csv.reader(io.StringIO(text))
    header: list[str] | None = None
    index: dict[str, int] = {}
    plays: dict[int, dict[int, tuple[TablePlay, int]]] = {}
    sit_outs: dict[int, list[PairId]] = {}
    try:
        for row in reader:
            line = reader.line_num
            if not any(cell.strip() for cell in row):
                continue
            if header is None:
                header = [cell.strip().lower() for cell in row]
                missing = [col for col in _CSV_COLUMNS if col not in header]
                if missing:
                    raise MovementError(
                        f"line {line}: the CSV header is missing column{'s' if len(missing) > 1 else ''} "
                        f"{', '.join(missing)} (a header line round,table,ns,ew,boards is required)"
                    )
                index = {col: header.index(col) for col in _CSV_COLUMNS}
                continue
            if len(row) < len(header):
                raise MovementError(
                    f"line {line}: expected {len(header)} cells ({','.join(header)}), got {len(row)}"
                )
            cell = {col: row[i].strip() for col, i in index.items()}
            where = f"line {line}"
            number = _parse_positive(cell["round"], where, "round")
            if cell["table"] in ("", "-"):
                if cell["boards"]:
                    raise MovementError(
                        f"{where}: a line with no table lists pairs sitting out and has no boards"
                    )
                names = [cell[col] for col in ("ns", "ew") if cell[col]]
                if not names:
                    raise MovementError(f"{where}: the table is missing")
                sit_outs.setdefault(number, []).extend(_parse_pair(n, where, "sit-out") for n in names)
                continue
            table = _parse_positive(cell["table"], where, "table")
            ns = _parse_pair(cell["ns"], where, "ns")
            ew = _parse_pair(cell["ew"], where, "ew")
            if not cell["boards"]:
                raise MovementError(f"{where}: no boards listed")
            try:
                boards = _parse_boards_text(cell["boards"])
            except ValueError:
                raise MovementError(
                    f"{where}: boards '{cell['boards']}' are not board numbers ({_BOARDS_HINT})"
                ) from None
            round_plays = plays.setdefault(number, {})
            if table in round_plays:
                first_line = round_plays[table][1]
                raise MovementError(
                    f"{where}: round {number}, table {table} is listed twice (first at line {first_line})"
                )
            round_plays[table] = (TablePlay(table, ns, ew, boards), line)
    except csv.Error as exc:
        raise MovementError(f"line {reader.line_num}: not valid CSV: {exc}") from None
    if header is None:
        raise MovementError("the CSV is empty: a header line round,table,ns,ew,boards is required")
    if not plays:
        raise MovementError("the CSV has a header but no tables")
    numbers = sorted(set(plays) | set(sit_outs))
    rounds = tuple(
        MovementRound(
            n,
            tuple(play for _, (play, _line) in sorted(plays.get(n, {}).items())),
            tuple(sit_outs.get(n, ())),
        )
        for n in numbers
    )
    if tables is None:
        tables = max(play.table for rnd in rounds for play in rnd.tables)
    if boards_per_round is None:
        boards_per_round = len(next(rnd.tables[0].boards for rnd in rounds if rnd.tables))
    return Movement(kind, tables, boards_per_round, rounds)


# --------------------------------------------------------------------------------------------------
# Validation
# --------------------------------------------------------------------------------------------------


def _fail(message: str) -> NoReturn:
    raise MovementError(message)


def validate(movement: Movement) -> None:
    """Raise :class:`MovementError` naming the first problem found; return ``None`` if lawful."""
    kind = movement.kind
    if kind not in KINDS:
        _fail(f"unknown movement kind {kind!r} (expected one of: {', '.join(KINDS)})")
    if not _is_int(movement.tables) or movement.tables < 1:
        _fail(f"{kind}: tables must be a whole number from 1 up, got {movement.tables!r}")
    bpr = movement.boards_per_round
    if not _is_int(bpr) or not 1 <= bpr <= MAX_BOARDS_PER_ROUND:
        _fail(f"{kind}: boards per round must be from 1 to {MAX_BOARDS_PER_ROUND}, got {bpr!r}")
    if not movement.rounds:
        _fail(f"{kind}: the movement has no rounds")

    played: dict[tuple[PairId, int], tuple[int, int]] = {}  # (pair, board) -> (round, table)
    met: dict[frozenset[PairId], tuple[int, int]] = {}  # pair of pairs -> (round, table)
    for expected, rnd in enumerate(movement.rounds, start=1):
        if not _is_int(rnd.number) or rnd.number != expected:
            _fail(
                f"rounds must be numbered 1 to {len(movement.rounds)} in order: "
                f"found round {rnd.number} where round {expected} was expected"
            )
        r = rnd.number
        if not rnd.tables:
            _fail(f"round {r}: no tables in play")
        sitting: set[PairId] = set()
        for pair in rnd.sit_out:
            if not _is_pair_id(pair):
                _fail(f"round {r}: {pair!r} is not a pair (a positive number or a name)")
            if pair in sitting:
                _fail(f"round {r}: pair {pair} is listed twice as sitting out")
            sitting.add(pair)
        seated: dict[PairId, int] = {}
        tables_seen: set[int] = set()
        for play in rnd.tables:
            t = play.table
            if not _is_int(t) or not 1 <= t <= movement.tables:
                _fail(f"round {r}: table {t!r} is not a table of this movement (1 to {movement.tables})")
            if t in tables_seen:
                _fail(f"round {r}: table {t} is listed twice")
            tables_seen.add(t)
            at = f"round {r}, table {t}"
            for pair in play.pairs:
                if not _is_pair_id(pair):
                    _fail(f"{at}: {pair!r} is not a pair (a positive number or a name)")
            if play.ns == play.ew:
                _fail(f"{at}: pair {play.ns} cannot play against itself")
            for pair in play.pairs:
                if pair in seated:
                    _fail(f"{at}: pair {pair} is already seated at table {seated[pair]} in this round")
                if pair in sitting:
                    _fail(f"{at}: pair {pair} is listed as sitting out this round but plays here")
                seated[pair] = t
            if not play.boards:
                _fail(f"{at}: no boards listed")
            for board in play.boards:
                if not _is_int(board) or board < 1:
                    _fail(f"{at}: board {board!r} is not a board number (a whole number from 1 up)")
            if len(set(play.boards)) != len(play.boards):
                dup = next(b for b in play.boards if play.boards.count(b) > 1)
                _fail(f"{at}: board {dup} is listed twice")
            if len(play.boards) != bpr:
                _fail(
                    f"{at}: {len(play.boards)} boards ({format_boards(play.boards)}) "
                    f"but the movement plays {bpr} boards a round"
                )
            for pair in play.pairs:
                for board in play.boards:
                    before = played.get((pair, board))
                    if before is not None:
                        _fail(
                            f"{at}: pair {pair} plays board {board} a second time "
                            f"(already at round {before[0]}, table {before[1]})"
                        )
                    played[(pair, board)] = (r, t)
            meeting = frozenset(play.pairs)
            before = met.get(meeting)
            if before is not None and kind not in ("teams", "compass"):
                _fail(
                    f"{at}: pairs {play.ns} and {play.ew} meet a second time "
                    f"(already at round {before[0]}, table {before[1]})"
                )
            met.setdefault(meeting, (r, t))

    if kind == "mitchell":
        _validate_mitchell(movement)
    elif kind == "howell":
        _validate_howell(movement, met)
    elif kind == "teams":
        _validate_teams(movement)
    elif kind == "compass":
        _validate_compass(movement)


def _require_full_rounds(movement: Movement) -> None:
    for rnd in movement.rounds:
        if len(rnd.tables) != movement.tables:
            missing = sorted(set(range(1, movement.tables + 1)) - {p.table for p in rnd.tables})
            _fail(
                f"{movement.kind}: round {rnd.number}: table {missing[0]} is not in play "
                f"(every table plays every round)"
            )


def _validate_mitchell(movement: Movement) -> None:
    _require_full_rounds(movement)
    home: dict[PairId, tuple[int, int]] = {}
    direction: dict[PairId, tuple[str, int]] = {}
    for rnd in movement.rounds:
        for play in rnd.tables:
            for pair, seat in ((play.ns, "N-S"), (play.ew, "E-W")):
                first = direction.setdefault(pair, (seat, rnd.number))
                if first[0] != seat:
                    _fail(
                        f"mitchell: round {rnd.number}, table {play.table}: pair {pair} sits {seat} "
                        f"but sat {first[0]} in round {first[1]} (Mitchell pairs keep their direction)"
                    )
            start = home.setdefault(play.ns, (play.table, rnd.number))
            if start[0] != play.table:
                _fail(
                    f"mitchell: round {rnd.number}, table {play.table}: N-S pair {play.ns} was at table "
                    f"{start[0]} in round {start[1]} (N-S pairs are stationary)"
                )


def _validate_howell(movement: Movement, met: Mapping[frozenset[PairId], tuple[int, int]]) -> None:
    _require_full_rounds(movement)
    pairs = movement.pairs
    for rnd in movement.rounds:
        present = set(rnd.pairs)
        for pair in pairs:
            if pair not in present:
                _fail(f"howell: round {rnd.number}: pair {pair} neither plays nor is listed as sitting out")
    pairs = movement.pairs
    for i, first in enumerate(pairs):
        for second in pairs[i + 1 :]:
            if frozenset((first, second)) not in met:
                _fail(
                    f"howell: pairs {first} and {second} never meet (a complete Howell meets every pair once)"
                )


def _validate_teams(movement: Movement) -> None:
    teams = movement.teams
    if not teams:
        _fail("teams: the movement does not name the two teams")
    if len(teams) != 2:
        _fail(f"teams: a team match is between exactly two teams, got {len(teams)}")
    (name_a, team_a), (name_b, team_b) = teams.items()
    for name, members in teams.items():
        if len(members) < TEAMS_MIN_PAIRS:
            _fail(f"teams: team {name} has {len(members)} pair; a team has at least two pairs (law G)")
        if len(set(members)) != len(members):
            dup = next(p for p in members if members.count(p) > 1)
            _fail(f"teams: pair {dup} is listed twice in team {name}")
    if len(team_a) != len(team_b):
        _fail(
            f"teams: the teams must be of equal size (law G): team {name_a} has {len(team_a)} pairs, "
            f"team {name_b} has {len(team_b)}"
        )
    both = set(team_a) & set(team_b)
    if both:
        _fail(f"teams: pair {sorted(both, key=_pair_key)[0]} is in both teams")
    team_of = {p: name_a for p in team_a} | {p: name_b for p in team_b}
    n = len(team_a)
    if movement.tables != n:
        _fail(f"teams: teams of {n} pairs play at {n} tables, but the movement has {movement.tables}")
    _require_full_rounds(movement)

    opponent: dict[PairId, tuple[PairId, int]] = {}
    direction: dict[PairId, tuple[str, int]] = {}
    at_table: dict[int, dict[int, int]] = {}  # table -> board -> round
    for rnd in movement.rounds:
        for play in rnd.tables:
            at = f"teams: round {rnd.number}, table {play.table}"
            for pair in play.pairs:
                if pair not in team_of:
                    _fail(f"{at}: pair {pair} is in neither team")
            if team_of[play.ns] == team_of[play.ew]:
                _fail(
                    f"{at}: pairs {play.ns} and {play.ew} are both of team {team_of[play.ns]}; "
                    f"each table seats one pair of each team"
                )
            for pair, seat in ((play.ns, "N-S"), (play.ew, "E-W")):
                other = play.opponent(pair)
                first = opponent.setdefault(pair, (other, rnd.number))
                if first[0] != other:
                    _fail(
                        f"{at}: pair {pair} faces pair {other} but faced pair {first[0]} in round {first[1]} "
                        f"(in a team match a pair keeps one opponent pair for the match)"
                    )
                first_seat = direction.setdefault(pair, (seat, rnd.number))
                if first_seat[0] != seat:
                    _fail(f"{at}: pair {pair} sits {seat} but sat {first_seat[0]} in round {first_seat[1]}")
            boards = at_table.setdefault(play.table, {})
            for board in play.boards:
                if board in boards:
                    _fail(
                        f"{at}: board {board} is played at table {play.table} a second time (already in "
                        f"round {boards[board]}); each deal is played once at each table (law G)"
                    )
                boards[board] = rnd.number
    for name, members in teams.items():
        for pair in members:
            if pair not in direction:
                _fail(f"teams: pair {pair} of team {name} never plays")
        ns_count = sum(1 for p in members if direction[p][0] == "N-S")
        if ns_count not in (n // 2, (n + 1) // 2):
            _fail(
                f"teams: team {name} seats {ns_count} of its {n} pairs N-S; law G seats half of each team "
                f"N-S and half E-W (as near as possible)"
            )
    all_boards = movement.boards
    for table in range(1, n + 1):
        played_here = at_table.get(table, {})
        for board in all_boards:
            if board not in played_here:
                _fail(
                    f"teams: board {board} is never played at table {table}; "
                    "each deal is played once at each table (law G)"
                )


def _validate_compass(movement: Movement) -> None:
    """Stationary pairs, boards relayed down one table a round, every board once at every table."""
    t_count = movement.tables
    if t_count < COMPASS_MIN_TABLES:
        _fail(f"compass: a compass movement needs at least {COMPASS_MIN_TABLES} tables, got {t_count}")
    _require_full_rounds(movement)
    first = movement.rounds[0]
    home = {play.table: play for play in first.tables}
    for rnd in movement.rounds:
        if rnd.sit_out:
            _fail(
                f"compass: round {rnd.number}: pair {rnd.sit_out[0]} sits out (every pair plays every round)"
            )
        for play in rnd.tables:
            start = home[play.table]
            if (play.ns, play.ew) != (start.ns, start.ew):
                _fail(
                    f"compass: round {rnd.number}, table {play.table} seats {play.ns} v {play.ew}, but round "
                    f"{first.number} seated {start.ns} v {start.ew} there (in a compass movement the pairs "
                    "stay at their table and meet the same opponents every round)"
                )
    for earlier, later in zip(movement.rounds, movement.rounds[1:], strict=False):
        for play in later.tables:
            higher = play.table % t_count + 1  # the next-higher table (table T's boards come from table 1)
            passed = earlier.table(higher)
            assert passed is not None  # full rounds, checked above
            if set(play.boards) != set(passed.boards):
                _fail(
                    f"compass: round {later.number}, table {play.table} plays boards "
                    f"{format_boards(play.boards)}, but table {higher} played {format_boards(passed.boards)} "
                    f"in round {earlier.number} (the boards pass to the next-lower table; table 1 passes "
                    f"to table {t_count})"
                )
    all_boards = movement.boards
    for table in range(1, t_count + 1):
        played_here = {
            b for rnd in movement.rounds for play in rnd.tables if play.table == table for b in play.boards
        }
        missing = [b for b in all_boards if b not in played_here]
        if missing:
            _fail(
                f"compass: board {missing[0]} is never played at table {table} "
                "(in a compass movement every board is played once at every table)"
            )


# --------------------------------------------------------------------------------------------------
# Generators
# --------------------------------------------------------------------------------------------------


def _check_count(kind: str, what: str, value: object, low: int, high: int | None = None) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        if value >= low and (high is None or value <= high):
            return value
    if high is None:
        _fail(f"{kind}: {what} must be a whole number of at least {low}, got {value!r}")
    _fail(f"{kind}: {what} must be from {low} to {high}, got {value!r}")


def _check_boards_per_round(kind: str, value: object) -> int:
    return _check_count(kind, "boards per round", value, 1, MAX_BOARDS_PER_ROUND)


def mitchell(tables: int, boards_per_round: int, *, even: str = "relay") -> Movement:
    """A Mitchell for ``tables >= 3``; ``even`` ("relay" or "skip") chooses the even-table remedy."""
    t_count = _check_count("mitchell", "tables", tables, MITCHELL_MIN_TABLES)
    bpr = _check_boards_per_round("mitchell", boards_per_round)
    if even not in EVEN_OPTIONS:
        _fail(f"mitchell: even must be 'relay' or 'skip', got {even!r}")
    odd = t_count % 2 == 1
    half = t_count // 2
    round_count = t_count if odd or even == "relay" else t_count - 1

    relay_position: dict[int, int] = {}
    if not odd and even == "relay":
        # Positions in the order the boards travel: the relay (tables 1 and T), tables T-1 .. T/2+1,
        # the bye stand, tables T/2 .. 2, then back to the relay.  Set s (from 0) starts at position -s.
        order: list[int | str] = ["relay", *range(t_count - 1, half, -1), "bye", *range(half, 1, -1)]
        for position, place in enumerate(order):
            if place == "relay":
                relay_position[1] = relay_position[t_count] = position
            elif isinstance(place, int):
                relay_position[place] = position

    rounds: list[MovementRound] = []
    for r in range(round_count):
        shift = r + 1 if (not odd and even == "skip" and r >= half) else r
        plays: list[TablePlay] = []
        for table in range(1, t_count + 1):
            ew_start = (table - 1 - shift) % t_count  # the E-W pair that started at this table (from 0)
            if relay_position:
                set_index = (r - relay_position[table]) % t_count
            else:
                set_index = (table - 1 + r) % t_count
            plays.append(TablePlay(table, table, t_count + 1 + ew_start, _board_set(set_index, bpr)))
        rounds.append(MovementRound(r + 1, tuple(plays)))
    movement = Movement("mitchell", t_count, bpr, tuple(rounds))
    validate(movement)
    return movement


@cache
def _strong_starter(order: int) -> tuple[tuple[int, int], ...] | None:
    """A strong starter in Z_order (pairs partitioning 1..order-1, each difference +-d once, sums
    distinct and non-zero), by deterministic depth-first search; ``None`` if there is none."""
    used = [False] * order
    used[0] = True
    pairs: list[tuple[int, int]] = []
    diffs: set[int] = set()
    sums: set[int] = set()

    def search() -> bool:
        x = next((i for i in range(1, order) if not used[i]), None)
        if x is None:
            return True
        used[x] = True
        for y in range(x + 1, order):
            if used[y]:
                continue
            d = min((y - x) % order, (x - y) % order)
            s = (x + y) % order
            if d in diffs or s in sums or s == 0:
                continue
            used[y] = True
            diffs.add(d)
            sums.add(s)
            pairs.append((x, y))
            if search():
                return True
            used[y] = False
            diffs.discard(d)
            sums.discard(s)
            pairs.pop()
        used[x] = False
        return False

    return tuple(pairs) if search() else None


# Board sets for the circle-method rounds where Z_(2T-1) has no strong starter.  Row r (round r, from
# 0) gives the set (from 0) for the stationary pair's table and then for tables k = 1 .. T-1.
_HOWELL_SETS_TABLE: dict[int, tuple[tuple[int, ...], ...]] = {
    # 3 tables: no Room square of side 5 exists; round 1 shares one set at all three tables (optimal).
    5: ((0, 0, 0), (1, 2, 3), (3, 2, 4), (4, 1, 3), (2, 1, 4)),
    # 5 tables: a Room square of side 9 orthogonal to the circle method (exact-cover search).
    9: (
        (0, 1, 2, 3, 4),
        (4, 5, 0, 6, 8),
        (1, 5, 8, 3, 0),
        (6, 3, 2, 7, 4),
        (5, 1, 4, 7, 2),
        (7, 1, 8, 6, 3),
        (2, 5, 7, 4, 8),
        (3, 5, 6, 0, 7),
        (8, 1, 6, 0, 2),
    ),
}


def _howell_sets(order: int) -> tuple[tuple[int, ...], ...]:
    """Set index per round and table position (stationary table first, then k = 1..T-1)."""
    if order in _HOWELL_SETS_TABLE:
        return _HOWELL_SETS_TABLE[order]
    starter = _strong_starter(order)
    if starter is None:  # pragma: no cover - every supported order is covered above or has a starter
        _fail(f"howell: no board-set assignment known for {(order + 1) // 2} tables")
    inverse_two = (order + 1) // 2  # 2 * inverse_two == 1 (mod order)
    # The starter pair with difference +-2k serves table k; its sets move with the round.
    by_half_diff: dict[int, int] = {}
    for x, y in starter:
        d = min((y - x) % order, (x - y) % order)
        k = min((d * inverse_two) % order, (-d * inverse_two) % order)
        by_half_diff[k] = ((x + y) * inverse_two) % order
    tables = (order + 1) // 2
    return tuple((r, *(((r - by_half_diff[k]) % order) for k in range(1, tables))) for r in range(order))


def howell(tables: int, boards_per_round: int, *, pairs: int | None = None) -> Movement:
    """A complete Howell for 3..10 tables: ``pairs`` is ``2*tables`` (default) or ``2*tables - 1``.

    With ``2*tables - 1`` pairs one pair sits out each round and ``tables - 1`` tables are in play."""
    t_count = _check_count("howell", "tables", tables, HOWELL_MIN_TABLES, HOWELL_MAX_TABLES)
    bpr = _check_boards_per_round("howell", boards_per_round)
    pair_count = 2 * t_count if pairs is None else pairs
    if not _is_int(pair_count) or pair_count not in (2 * t_count, 2 * t_count - 1):
        _fail(f"howell: {t_count} tables seat {2 * t_count} or {2 * t_count - 1} pairs, got {pairs!r}")
    order = 2 * t_count - 1
    stationary = 2 * t_count
    present = stationary <= pair_count
    sets = _howell_sets(order)
    rounds: list[MovementRound] = []
    for r in range(order):
        plays: list[TablePlay] = []
        for k in range(1, t_count):
            a, b = (r + k) % order, (r - k) % order
            # the pair "behind" on the circle (the other is 1..T-1 steps ahead) sits N-S
            ns, ew = (a, b) if 1 <= (b - a) % order <= t_count - 1 else (b, a)
            plays.append(TablePlay(k, ns + 1, ew + 1, _board_set(sets[r][k], bpr)))
        sit_out: tuple[PairId, ...] = ()
        if present:
            ns_pair, ew_pair = (stationary, r + 1) if r % 2 == 0 else (r + 1, stationary)
            plays.append(TablePlay(t_count, ns_pair, ew_pair, _board_set(sets[r][0], bpr)))
        else:
            sit_out = (r + 1,)
        rounds.append(MovementRound(r + 1, tuple(plays), sit_out))
    movement = Movement("howell", t_count if present else t_count - 1, bpr, tuple(rounds))
    validate(movement)
    return movement


def team_match(pairs_per_team: int, boards_per_round: int) -> Movement:
    """A team match under duplicate law G between teams A (pairs 1..n) and B (pairs n+1..2n)."""
    n = _check_count("teams", "pairs per team", pairs_per_team, TEAMS_MIN_PAIRS)
    bpr = _check_boards_per_round("teams", boards_per_round)
    a_ns_tables = (n + 1) // 2
    rounds: list[MovementRound] = []
    for r in range(n):
        plays = []
        for table in range(1, n + 1):
            a_pair, b_pair = table, n + table
            ns, ew = (a_pair, b_pair) if table <= a_ns_tables else (b_pair, a_pair)
            plays.append(TablePlay(table, ns, ew, _board_set((table - 1 + r) % n, bpr)))
        rounds.append(MovementRound(r + 1, tuple(plays)))
    teams: dict[str, tuple[PairId, ...]] = {
        "A": tuple(range(1, n + 1)),
        "B": tuple(range(n + 1, 2 * n + 1)),
    }
    movement = Movement("teams", n, bpr, tuple(rounds), teams)
    validate(movement)
    return movement


def compass(tables: int, boards_per_round: int) -> Movement:
    """A compass movement for ``tables >= 2``: pairs stationary, boards to the next-lower table a round.

    N-S pair ``t`` faces E-W pair ``T+t`` at table ``t`` throughout; board set ``s`` (boards
    ``(s-1)*B+1 .. s*B``) starts at table ``s``; ``T`` rounds, so every board is played at every table."""
    t_count = _check_count("compass", "tables", tables, COMPASS_MIN_TABLES)
    bpr = _check_boards_per_round("compass", boards_per_round)
    rounds: list[MovementRound] = []
    for r in range(t_count):
        # In round r (from 0) table t holds set t-1+r: the set table t+1 held the round before.
        plays = tuple(
            TablePlay(table, table, t_count + table, _board_set((table - 1 + r) % t_count, bpr))
            for table in range(1, t_count + 1)
        )
        rounds.append(MovementRound(r + 1, plays))
    movement = Movement("compass", t_count, bpr, tuple(rounds))
    validate(movement)
    return movement


def generate(
    kind: str,
    *,
    tables: int,
    boards_per_round: int,
    even: str = "relay",
    pairs: int | None = None,
) -> Movement:
    """Dispatch on ``kind``: "mitchell", "howell", "teams" (``tables`` = pairs per team) or "compass".

    ``even`` applies to Mitchell only; ``pairs`` (``2T`` or ``2T-1``) to Howell only."""
    if kind == "mitchell":
        if pairs is not None:
            _fail("mitchell: the number of pairs follows from the tables (2 per table); do not give pairs")
        return mitchell(tables, boards_per_round, even=even)
    if kind == "howell":
        return howell(tables, boards_per_round, pairs=pairs)
    if kind == "teams":
        if pairs is not None:
            _fail("teams: give the pairs per team as tables; do not give pairs")
        return team_match(tables, boards_per_round)
    if kind == "compass":
        if pairs is not None:
            _fail("compass: the number of pairs follows from the tables (2 per table); do not give pairs")
        return compass(tables, boards_per_round)
    _fail(f"unknown movement kind {kind!r} (expected one of: {', '.join(GENERATED_KINDS)})")


def render(movement: Movement, fmt: str = "text") -> str:
    """The movement as ``"json"`` or ``"text"``."""
    if fmt == "json":
        return movement.to_json() + "\n"
    if fmt == "text":
        return movement.to_text()
    _fail(f"format must be json or text, got {fmt!r}")


# --------------------------------------------------------------------------------------------------
# Command line (the Django management command ``movement`` wraps :func:`main`)
# --------------------------------------------------------------------------------------------------


class _ArgumentError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _ArgumentError(message)


def build_parser(prog: str = "movement") -> argparse.ArgumentParser:
    parser = _Parser(prog=prog, description="Print a duplicate movement.")
    parser.add_argument("kind", help="mitchell, howell, teams or compass")
    parser.add_argument("--tables", required=True, help="tables (for teams: pairs per team)")
    parser.add_argument("--boards-per-round", required=True, help=f"1 to {MAX_BOARDS_PER_ROUND}")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--skip", dest="even", action="store_const", const="skip", help="even Mitchell: skip")
    group.add_argument(
        "--relay", dest="even", action="store_const", const="relay", help="even Mitchell: relay-and-bye stand"
    )
    parser.add_argument("--pairs", default=None, help="howell only: 2*tables (default) or 2*tables-1")
    parser.add_argument("--format", default="text", help="json or text (default text)")
    return parser


def _int_argument(name: str, value: str | None) -> int | None:
    if value is None:
        return None
    text = value.strip()
    if not re.fullmatch(r"-?\d+", text):
        _fail(f"{name} must be a whole number, got '{value}'")
    return int(text)


def run(argv: Sequence[str]) -> str:
    """Parse ``argv`` and return the printed movement; raise :class:`MovementError` on bad arguments."""
    try:
        args = build_parser().parse_args(list(argv))
    except _ArgumentError as exc:
        raise MovementError(str(exc)) from None
    kind = args.kind.strip().lower()
    if kind not in GENERATED_KINDS:
        _fail(f"unknown movement kind '{args.kind}' (expected one of: {', '.join(GENERATED_KINDS)})")
    if args.format not in ("json", "text"):
        _fail(f"--format must be json or text, got '{args.format}'")
    if args.even is not None and kind != "mitchell":
        _fail(f"--{args.even} applies to a Mitchell only")
    if args.pairs is not None and kind != "howell":
        _fail("--pairs applies to a Howell only")
    tables = _int_argument("--tables", args.tables)
    bpr = _int_argument("--boards-per-round", args.boards_per_round)
    pairs = _int_argument("--pairs", args.pairs)
    assert tables is not None and bpr is not None
    movement = generate(kind, tables=tables, boards_per_round=bpr, even=args.even or "relay", pairs=pairs)
    return render(movement, args.format)


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry: print the movement, or one line ``movement: error: ...`` and exit 2."""
    try:
        output = run(sys.argv[1:] if argv is None else argv)
    except MovementError as exc:
        print(f"movement: error: {exc}", file=sys.stderr)
        return 2
    sys.stdout.write(output)
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
