"""A movement's data (tables, rounds, pairs, boards), its JSON/CSV/text forms and the upload parsing."""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scoring.errors import gettext_noop, ngettext, say
from scoring.movements.common import (
    _TITLES,
    KINDS,
    MAX_BOARDS_PER_ROUND,
    MovementError,
    PairId,
    _fmt_pairs,
    _is_int,
    _pair_key,
    _plural,
    format_boards,
)
from scoring.movements.validation import validate

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
                    f"  Table {play.table:>{table_width}}: {play.ns!s:>{width}} v {play.ew!s:<{width}}"
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
                gettext_noop("not valid JSON: %(msg)s at line %(lineno)s, column %(colno)s"),
                msg=exc.msg,
                lineno=exc.lineno,
                colno=exc.colno,
            ) from None
        except UnicodeDecodeError:
            raise MovementError(gettext_noop("not valid JSON: the file is not UTF-8 text")) from None
        except RecursionError:
            raise MovementError(gettext_noop("not valid JSON: nested too deeply")) from None
        except ValueError as exc:  # e.g. a number of more than 4,300 digits
            raise MovementError(gettext_noop("not valid JSON: %(exc)s"), exc=exc) from None
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


def _parse_pair(value: Any, where: str, column: str) -> PairId:
    if _is_int(value):
        if value < 1:
            raise MovementError(
                gettext_noop("%(where)s: %(column)s pair must be a positive number or a name, got %(value)s"),
                where=where,
                column=column,
                value=value,
            )
        return int(value)
    if isinstance(value, str):
        text = value.strip()
        if not text:
            raise MovementError(
                gettext_noop("%(where)s: %(column)s pair is missing"), where=where, column=column
            )
        if text.isdecimal():
            number = int(text)
            if number < 1:
                raise MovementError(
                    gettext_noop(
                        "%(where)s: %(column)s pair must be a positive number or a name, got %(text)s"
                    ),
                    where=where,
                    column=column,
                    text=text,
                )
            return number
        return text
    raise MovementError(
        gettext_noop("%(where)s: %(column)s pair must be a number or a name, got %(value)r"),
        where=where,
        column=column,
        value=value,
    )


def _parse_positive(value: Any, where: str, what: str) -> int:
    if _is_int(value) and value >= 1:
        return int(value)
    if isinstance(value, str) and value.strip().isdecimal() and int(value.strip()) >= 1:
        return int(value.strip())
    shown = repr(value) if not isinstance(value, str) else f"'{value}'"
    raise MovementError(
        gettext_noop("%(where)s: %(what)s must be a whole number from 1 up, got %(shown)s"),
        where=where,
        what=what,
        shown=shown,
    )


def _parse_boards_value(value: Any, where: str) -> tuple[int, ...]:
    if isinstance(value, str):
        try:
            return _parse_boards_text(value)
        except ValueError:
            raise MovementError(
                gettext_noop(
                    "%(where)s: boards '%(value)s' are not board numbers (write board numbers like 1-3, 1 2 3 or 1;2;3)"
                ),
                where=where,
                value=value,
            ) from None
    if isinstance(value, list | tuple):
        if not value:
            raise MovementError(gettext_noop("%(where)s: no boards listed"), where=where)
        boards: list[int] = []
        for item in value:
            if (_is_int(item) and item >= 1) or (
                isinstance(item, str) and item.strip().isdecimal() and int(item) >= 1
            ):
                boards.append(int(item))
            else:
                raise MovementError(
                    gettext_noop(
                        "%(where)s: board %(item)r is not a board number (a whole number from 1 up)"
                    ),
                    where=where,
                    item=item,
                )
        return tuple(boards)
    raise MovementError(
        gettext_noop("%(where)s: boards must be a list of board numbers, got %(value)r"),
        where=where,
        value=value,
    )


def _movement_from_obj(obj: Any) -> Movement:
    if not isinstance(obj, Mapping):
        raise MovementError(
            gettext_noop("a movement must be a JSON object, got %(name)s"), name=type(obj).__name__
        )
    kind = obj.get("kind", "custom")
    if not isinstance(kind, str) or kind not in KINDS:
        raise MovementError(
            gettext_noop("unknown movement kind %(kind)r (expected one of: %(kinds)s)"),
            kind=kind,
            kinds=", ".join(KINDS),
        )
    if "rounds" not in obj:
        raise MovementError(gettext_noop("the movement has no 'rounds'"))
    raw_rounds = obj["rounds"]
    if not isinstance(raw_rounds, list) or not raw_rounds:
        raise MovementError(gettext_noop("'rounds' must be a non-empty list of rounds"))
    rounds = [_round_from_obj(raw_round, i) for i, raw_round in enumerate(raw_rounds)]
    rounds.sort(key=lambda r: r.number)
    tables_value = obj.get("tables")
    if tables_value is None:
        tables = max(play.table for rnd in rounds for play in rnd.tables)
    else:
        tables = _parse_positive(tables_value, "movement", "tables")
    bpr_value = obj.get("boards_per_round")
    if bpr_value is None:  # the most a table plays in a round (a custom movement's tables may play fewer)
        bpr = max(len(play.boards) for rnd in rounds for play in rnd.tables)
    else:
        bpr = _parse_positive(bpr_value, "movement", "boards_per_round")
    return Movement(kind, tables, bpr, tuple(rounds), _teams_from_obj(obj.get("teams")))


def _round_from_obj(raw_round: Any, i: int) -> MovementRound:
    """``rounds[i]`` of an uploaded movement: its number, its tables (in table order) and who sits out."""
    where = f"rounds[{i}]"
    if not isinstance(raw_round, Mapping):
        raise MovementError(
            gettext_noop("%(where)s: a round must be an object with 'round' and 'tables'"), where=where
        )
    number = _parse_positive(raw_round.get("round", i + 1), where, "round")
    where = say(gettext_noop("round %(round)s"), round=number)
    raw_tables = raw_round.get("tables")
    if not isinstance(raw_tables, list) or not raw_tables:
        raise MovementError(
            gettext_noop("%(where)s: 'tables' must be a non-empty list of tables"), where=where
        )
    plays: list[TablePlay] = []
    for j, raw_play in enumerate(raw_tables):
        at = f"{where}, tables[{j}]"
        if not isinstance(raw_play, Mapping):
            raise MovementError(
                gettext_noop("%(at)s: a table must be an object with table, ns, ew and boards"), at=at
            )
        missing = [key for key in ("table", "ns", "ew", "boards") if key not in raw_play]
        if missing:
            raise MovementError(
                gettext_noop("%(at)s: missing %(missing)s"), at=at, missing=", ".join(missing)
            )
        table = _parse_positive(raw_play["table"], at, "table")
        at = say(gettext_noop("round %(round)s, table %(table)s"), round=number, table=table)
        ns = _parse_pair(raw_play["ns"], at, "ns")
        ew = _parse_pair(raw_play["ew"], at, "ew")
        plays.append(TablePlay(table, ns, ew, _parse_boards_value(raw_play["boards"], at)))
    raw_sit = raw_round.get("sit_out", [])
    if raw_sit is None:
        raw_sit = []
    if not isinstance(raw_sit, list):
        raw_sit = [raw_sit]
    sit_out = tuple(_parse_pair(p, where, "sit_out") for p in raw_sit)
    return MovementRound(number, tuple(sorted(plays, key=lambda p: p.table)), sit_out)


def _teams_from_obj(raw_teams: Any) -> dict[str, tuple[PairId, ...]] | None:
    """The uploaded ``teams`` object (team name -> pairs), or None when there is none."""
    if raw_teams is None:
        return None
    if not isinstance(raw_teams, Mapping):
        raise MovementError(gettext_noop("'teams' must be an object: team name -> list of pairs"))
    teams: dict[str, tuple[PairId, ...]] = {}
    for name, members in raw_teams.items():
        if not isinstance(members, list):
            raise MovementError(gettext_noop("team %(name)s: the pairs must be a list"), name=name)
        teams[str(name)] = tuple(_parse_pair(p, f"team {name}", "team") for p in members)
    return teams


_CSV_COLUMNS: tuple[str, ...] = ("round", "table", "ns", "ew", "boards")


def _movement_from_csv(text: str, *, kind: str, tables: int | None, boards_per_round: int | None) -> Movement:
    if kind not in KINDS:
        raise MovementError(
            gettext_noop("unknown movement kind %(kind)r (expected one of: %(kinds)s)"),
            kind=kind,
            kinds=", ".join(KINDS),
        )
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
                index = _csv_columns(header, line)
                continue
            if len(row) < len(header):
                raise MovementError(
                    gettext_noop("line %(line)s: expected %(count)s cells (%(header)s), got %(count2)s"),
                    line=line,
                    count=len(header),
                    header=",".join(header),
                    count2=len(row),
                )
            cell = {col: row[i].strip() for col, i in index.items()}
            where = say(gettext_noop("line %(line)s"), line=line)
            number = _parse_positive(cell["round"], where, "round")
            if cell["table"] in ("", "-"):
                sit_outs.setdefault(number, []).extend(_csv_sit_outs(cell, where))
                continue
            table, ns, ew, boards = _csv_table(cell, where)
            round_plays = plays.setdefault(number, {})
            if table in round_plays:
                first_line = round_plays[table][1]
                raise MovementError(
                    gettext_noop(
                        "%(where)s: round %(number)s, table %(table)s is listed twice (first at "
                        "line %(first_line)s)"
                    ),
                    where=where,
                    number=number,
                    table=table,
                    first_line=first_line,
                )
            round_plays[table] = (TablePlay(table, ns, ew, boards), line)
    except csv.Error as exc:
        raise MovementError(
            gettext_noop("line %(line_num)s: not valid CSV: %(exc)s"), line_num=reader.line_num, exc=exc
        ) from None
    if header is None:
        raise MovementError(
            gettext_noop("the CSV is empty: a header line round,table,ns,ew,boards is required")
        )
    if not plays:
        raise MovementError(gettext_noop("the CSV has a header but no tables"))
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
    if boards_per_round is None:  # the most a table plays in a round
        boards_per_round = max(len(play.boards) for rnd in rounds for play in rnd.tables)
    return Movement(kind, tables, boards_per_round, rounds)


def _csv_columns(header: list[str], line: int) -> dict[str, int]:
    """Where each needed column is in the header line."""
    missing = [col for col in _CSV_COLUMNS if col not in header]
    if missing:
        raise MovementError(
            ngettext(
                "line %(line)s: the CSV header is missing column %(missing)s (a header line "
                "round,table,ns,ew,boards is required)",
                "line %(line)s: the CSV header is missing columns %(missing)s (a header line "
                "round,table,ns,ew,boards is required)",
                len(missing),
            ),
            line=line,
            missing=", ".join(missing),
        )
    return {col: header.index(col) for col in _CSV_COLUMNS}


def _csv_sit_outs(cell: Mapping[str, str], where: str) -> list[PairId]:
    """A line with no table: the pairs in its ns/ew cells sit out that round."""
    if cell["boards"]:
        raise MovementError(
            gettext_noop("%(where)s: a line with no table lists pairs sitting out and has no boards"),
            where=where,
        )
    names = [cell[col] for col in ("ns", "ew") if cell[col]]
    if not names:
        raise MovementError(gettext_noop("%(where)s: the table is missing"), where=where)
    return [_parse_pair(n, where, "sit-out") for n in names]


def _csv_table(cell: Mapping[str, str], where: str) -> tuple[int, PairId, PairId, tuple[int, ...]]:
    """A table's line: its table number, N-S pair, E-W pair and boards."""
    table = _parse_positive(cell["table"], where, "table")
    ns = _parse_pair(cell["ns"], where, "ns")
    ew = _parse_pair(cell["ew"], where, "ew")
    if not cell["boards"]:
        raise MovementError(gettext_noop("%(where)s: no boards listed"), where=where)
    try:
        boards = _parse_boards_text(cell["boards"])
    except ValueError:
        raise MovementError(
            gettext_noop(
                "%(where)s: boards '%(boards)s' are not board numbers (write board numbers like 1-3, 1 2 3 or 1;2;3)"
            ),
            where=where,
            boards=cell["boards"],
        ) from None
    return table, ns, ew, boards
