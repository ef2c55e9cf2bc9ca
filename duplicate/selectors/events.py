"""Reads: querysets with their joins already applied, and plain values for the pure scoring core.

Every selector runs a fixed number of queries whatever the size of the event.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from django.db import connection
from django.db.models import Count, QuerySet
from django.http import Http404

from duplicate.models import Board, Event, EventStatus, Pair, Play, Round, Seating, Section, Team


def event_list() -> QuerySet[Event]:
    """Every event, newest first, with its pair count (one query)."""
    return Event.objects.annotate(pair_count=Count("pairs", distinct=True)).order_by("-date", "-id")


def pairs_for(event: Event) -> QuerySet[Pair]:
    return Pair.objects.filter(event=event).select_related("player1", "player2", "team", "section")


def plays_for(event: Event) -> QuerySet[Play]:
    return (
        Play.objects.filter(event=event)
        .select_related("seating__round", "board", "ns_pair", "ew_pair")
        .order_by("seating__round__number", "seating__table", "board__number")
    )


@dataclass
class EventSnapshot:
    """An event's set-up in memory: sections, teams, pairs, boards, rounds and plays (six queries)."""

    event: Event
    sections: list[Section]
    teams: list[Team]
    pairs: list[Pair]
    boards: list[Board]
    rounds: list[Round]
    plays: list[Play]
    seatings: list[Seating] = field(default_factory=list)

    @property
    def movement_dict(self) -> dict[str, Any]:
        """The first section's movement in the ``movement`` command's JSON shape."""
        section = self.sections[0]
        by_seating: dict[int, list[int]] = defaultdict(list)
        for play in self.plays:
            by_seating[play.seating_id].append(play.board.number)
        rounds: dict[int, list[dict[str, Any]]] = defaultdict(list)
        for seating in self.seatings:
            rounds[seating.round.number].append(
                {
                    "table": seating.table,
                    "ns": seating.ns.label,
                    "ew": seating.ew.label,
                    "boards": sorted(by_seating.get(seating.pk, [])),
                }
            )
        out: dict[str, Any] = {
            "kind": section.movement_kind,
            "tables": section.tables,
            "boards_per_round": section.boards_per_round,
            "rounds": [{"round": n, "tables": rounds[n]} for n in sorted(rounds)],
        }
        if self.teams:
            out["teams"] = {t.name: [p.label for p in self.pairs if p.team_id == t.pk] for t in self.teams}
        return out

    def rounds_table(self) -> list[dict[str, Any]]:
        """Per round, each table's pairs and boards (for the movement page)."""
        by_seating: dict[int, list[int]] = defaultdict(list)
        for play in self.plays:
            by_seating[play.seating_id].append(play.board.number)
        grouped: dict[int, list[dict[str, Any]]] = defaultdict(list)
        for seating in self.seatings:
            boards = sorted(by_seating.get(seating.pk, []))
            grouped[seating.round.number].append(
                {"table": seating.table, "ns": seating.ns, "ew": seating.ew, "boards": board_range(boards)}
            )
        return [{"round": n, "tables": grouped[n]} for n in sorted(grouped)]


def board_range(numbers: list[int]) -> str:
    """[1, 2, 3] -> "1-3"; [1, 3] -> "1, 3"."""
    if not numbers:
        return ""
    if numbers == list(range(numbers[0], numbers[-1] + 1)) and len(numbers) > 1:
        return f"{numbers[0]}-{numbers[-1]}"
    return ", ".join(str(n) for n in numbers)


def event_snapshot(event: Event) -> EventSnapshot:
    seatings = list(
        Seating.objects.filter(round__section__event=event)
        .select_related("round", "ns", "ew")
        .order_by("round__section__letter", "round__number", "table")
    )
    return EventSnapshot(
        event=event,
        sections=list(Section.objects.filter(event=event)),
        teams=list(Team.objects.filter(event=event)),
        pairs=list(pairs_for(event)),
        boards=list(Board.objects.filter(event=event)),
        rounds=list(Round.objects.filter(section__event=event).select_related("agreed_by")),
        plays=list(plays_for(event)),
        seatings=seatings,
    )


@cache
def _event_sql() -> str:
    q = connection.ops.quote_name
    columns = ", ".join(q(f.column) for f in Event._meta.concrete_fields)
    return f"SELECT {columns} FROM {q(Event._meta.db_table)} WHERE {q(Event._meta.pk.column)} = %s"


_converters: dict[str, list[tuple[int, list[Any], Any]]] = {}


def _event_converters() -> list[tuple[int, list[Any], Any]]:
    """Per column of ``_event_sql()`` that needs it, the database's converters (a date read from SQLite is a
    string), as a queryset would apply them."""
    vendor = connection.vendor
    known = _converters.get(vendor)
    if known is None:
        known = []
        for i, f in enumerate(Event._meta.concrete_fields):
            col = f.get_col(Event._meta.db_table)
            found = connection.ops.get_db_converters(col) + col.get_db_converters(connection)
            if found:
                known.append((i, found, col))
        _converters[vendor] = known
    return known


def event_or_404(pk: int) -> Event:
    """``get_object_or_404(Event, pk=pk)`` as a plain statement on a plain cursor: every standings page and
    traveller reads the event first (its results version), and the ORM took longer to build that query (or
    a raw queryset to map its row) than the database to answer it (issue 8)."""
    if 0 < pk < 2**63:  # a primary key the database can hold (SQLite raises on a bigger one)
        with connection.cursor() as cursor:
            cursor.execute(_event_sql(), [pk])
            row = cursor.fetchone()
        if row is not None:
            values = list(row)
            for i, converters, col in _event_converters():
                for convert in converters:
                    values[i] = convert(values[i], col, connection)
            return Event.from_db(connection.alias, None, values)
    raise Http404("No Event matches the given query.")


# ------------------------------------------------------------------------------------------ no peeking
#
# A board's hands and results stay with the director until every table scheduled to play it has a result
# or a ruling on it ("released"), or the director finishes the event (Event.status "complete"), which
# releases every board. A table link also sees the boards its own table has played (players compare after
# play). One rule, ``board_visible``, for every page and download; ``boards_in_play`` costs no query of
# its own: the event's row is read already and the boards in play come with the standings' contest.


@dataclass(frozen=True)
class Viewer:
    """Who is looking: a director (a signed-in staff user) sees every board; a table link also the boards
    its table has played (``played``); anyone else only the boards released."""

    director: bool = False
    played: frozenset[int] = frozenset()


VISITOR = Viewer()
DIRECTOR = Viewer(director=True)


def viewer_of(request: Any) -> Viewer:
    """The request's viewer: a director when signed in as staff, else a visitor."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated and user.is_staff:
        return DIRECTOR
    return VISITOR


def boards_in_play(event: Event, results: Any = None) -> frozenset[int]:
    """The numbers of the boards not yet released: a table scheduled to play them has neither a result
    nor a ruling on them yet. None once the event is finished (status "complete"). No query of its own
    (``results``: the event's ``standings.EventResults``, read when not given)."""
    if event.status == EventStatus.COMPLETE:
        return frozenset()
    if results is None:
        from duplicate.standings import event_results

        results = event_results(event)
    pending: frozenset[int] = results.pending
    return pending


def released_boards(event: Event, numbers: Iterable[int], results: Any = None) -> set[int]:
    """Of the board ``numbers``, those released (every scheduled table has played them, or the event is
    finished)."""
    in_play = boards_in_play(event, results)
    return {n for n in numbers if n not in in_play}


def board_visible(number: int, *, in_play: frozenset[int], viewer: Viewer) -> bool:
    """The one rule: may ``viewer`` see board ``number``'s hands and every table's result on it?"""
    return viewer.director or number not in in_play or number in viewer.played


def hidden_boards(in_play: frozenset[int], viewer: Viewer) -> frozenset[int]:
    """The boards ``viewer`` may not see (:func:`board_visible` false): none for a director."""
    if viewer.director or not in_play:
        return frozenset()
    return in_play - viewer.played if viewer.played else in_play


def table_played_boards(section_id: int, table: int) -> frozenset[int]:
    """The boards a table (of a section) has played: each of its plays of them has a result or a ruling
    (one query)."""
    done: dict[int, bool] = {}
    rows = Play.objects.filter(seating__round__section_id=section_id, seating__table=table).values_list(
        "board__number", "entered"
    )
    for number, entered in rows:
        done[number] = done.get(number, True) and bool(entered)
    return frozenset(n for n, ok in done.items() if ok)


def table_plays(section_id: int, table: int) -> list[Play]:
    """A table's plays (of a section) in the order played, with their boards and rounds (one query)."""
    return list(
        Play.objects.filter(seating__round__section_id=section_id, seating__table=table)
        .select_related("board", "seating__round", "ns_pair", "ew_pair")
        .order_by("seating__round__number", "board__number")
    )
