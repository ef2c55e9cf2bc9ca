"""Synthetic events for the benchmark: built through the real services, seeded, the same every run.

The event shape is the one the issue names: sections of a 13-table Mitchell (2 boards a round, 26 boards,
13 rounds), every section playing the same 26 boards (shared hands), pairs numbered ``<letter><n>``
("A1".."A26", "B1".., "AA1"..) so that pair numbers stay unique in the event.
"""

from __future__ import annotations

import datetime as dt
import random
import string
from collections.abc import Iterator, Sequence
from typing import Any

from scoring.movements import Movement, MovementRound, TablePlay, generate

CODE = "auction-1915"
SEED = 1916
TABLES = 13
BOARDS_PER_ROUND = 2
_STRAINS = ("C", "D", "H", "S", "N")


def letters(count: int) -> list[str]:
    """Section letters A..Z, AA..AZ, BA..; as many as asked."""
    out = list(string.ascii_uppercase)
    for first in string.ascii_uppercase:
        for second in string.ascii_uppercase:
            out.append(first + second)
    if count > len(out):
        raise ValueError(f"at most {len(out)} sections")
    return out[:count]


def base_movement(tables: int = TABLES) -> Movement:
    return generate("mitchell", tables=tables, boards_per_round=BOARDS_PER_ROUND)


def deals(boards: Sequence[int], seed: int = SEED) -> dict[int, str]:
    """Hands (PBN) for every board: honours are worked out from them, as when a director attaches hands."""
    from scoring.deal import Deal

    rng = random.Random(seed)
    return {n: Deal.random(rng).to_pbn() for n in boards}


def result_data(rng: random.Random) -> dict[str, Any]:
    """One table's result in the event file's shape: mostly played contracts, a few doubled, a few passed
    out, a rare law B(3) average."""
    roll = rng.random()
    if roll < 0.003:
        return {"ruling": "average"}
    if roll < 0.02:
        return {"contract": "PASS"}
    level = rng.choice((1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 6, 7))
    doubling = rng.choice(("",) * 9 + ("X", "X", "XX"))
    tricks = max(0, min(13, 6 + level + rng.choice((-3, -2, -1, -1, 0, 0, 0, 0, 1, 1, 2))))
    return {
        "contract": f"{level}{rng.choice(_STRAINS)}{doubling}",
        "declarer": rng.choice("NESW"),
        "tricks": tricks,
    }


# ------------------------------------------------------------------------------------- through services


def event_build(*, sections: int, name: str, tables: int = TABLES) -> Any:
    """An event of ``sections`` sections of a ``tables``-table Mitchell with shared boards and hands:
    ``event_create`` for section A, then ``section_populate`` for the others. No results yet."""
    from duplicate import services
    from duplicate.services.events import movement_relabel

    base = base_movement(tables)
    hands = deals(base.boards)
    names = letters(sections)
    event = services.event_create(
        name=name,
        date=dt.date(1916, 3, 4),
        code=CODE,
        kind="pairs",
        movement=movement_relabel(base, names[0]),
        deals=hands,
    )
    for letter in names[1:]:
        services.section_populate(
            event=event, letter=letter, movement=movement_relabel(base, letter), deals=hands, dealers={}
        )
    return event


def results_write(event: Any, *, skip_rounds: Sequence[int] = (), seed: int = SEED) -> int:
    """Enter a result for every play of the event (except those of ``skip_rounds``), the way the event file
    import does it: ``result_fields`` (the pure engine) for each, one ``bulk_update``, one version bump, in
    one transaction. (The event file holds one section; this is its results step over many sections.)"""
    from django.db import transaction
    from django.db.models import F

    from duplicate.models import Event, Play
    from duplicate.services.eventfile import plays_store
    from duplicate.services.results import result_fields

    rng = random.Random(seed)
    with transaction.atomic():
        plays = list(
            Play.objects.filter(event=event)
            .exclude(seating__round__number__in=list(skip_rounds))
            .order_by("pk")
            .values_list("pk", "board__deal")
        )
        changes = [
            (pk, result_fields(code=event.code, deal=deal, data=result_data(rng))) for pk, deal in plays
        ]
        plays_store(changes)
        Event.objects.filter(pk=event.pk).update(results_version=F("results_version") + 1)
    return len(plays)


# ------------------------------------------------------------------------------------------ event file


def event_file(*, sections: int, tables: int = TABLES, seed: int = SEED) -> dict[str, Any]:
    """A single-section event file of the same size as ``sections`` Mitchell sections: the sections laid
    side by side as one custom movement (tables 1-13 are the first Mitchell, 14-26 the second, ...), every
    result in. The event file format holds one section, so this is how a big event goes through
    ``event_import``."""
    base = base_movement(tables)
    names = letters(sections)
    hands = deals(base.boards)
    rounds = []
    for r in base.rounds:
        plays = []
        for k, letter in enumerate(names):
            for tp in r.tables:
                plays.append(
                    TablePlay(
                        table=k * tables + tp.table,
                        ns=f"{letter}{tp.ns}",
                        ew=f"{letter}{tp.ew}",
                        boards=tp.boards,
                    )
                )
        rounds.append(MovementRound(number=r.number, tables=tuple(plays)))
    movement = Movement(
        kind="custom",
        tables=tables * sections,
        boards_per_round=base.boards_per_round,
        rounds=tuple(rounds),
    )
    rng = random.Random(seed)
    results = [
        {"round": r.number, "table": tp.table, "board": b, "ns": tp.ns, "ew": tp.ew, **result_data(rng)}
        for r in movement.rounds
        for tp in r.tables
        for b in tp.boards
    ]
    return {
        "name": f"Bench import {sections * tables} tables",
        "date": "1916-03-04",
        "code": CODE,
        "kind": "pairs",
        "pairs": [{"number": str(p), "players": [f"North {p}", f"South {p}"]} for p in movement.pairs],
        "boards": [{"number": n, "deal": hands[n]} for n in base.boards],
        "movement": movement.to_dict(),
        "results": results,
    }


def contract_matchpoints(event: Any) -> list[tuple[int, str, str]]:
    """Make the event a contract matchpoint event ranked across the field, its stored N-S scores compared
    as they are. Its law B(3) rulings are read as played scores but on board 1, where they are A50/50s
    (law 12C2), so board 1 is Neuberged as a club's few adjusted scores make it. Returns the ruled plays
    as they were (pk, ruling, offending), for :func:`contract_undo`."""
    from django.db.models import F

    from duplicate.models import Event, Play

    plays = Play.objects.filter(event=event)
    ruled = list(plays.exclude(ruling="").values_list("pk", "ruling", "offending"))
    # A new results version: nothing kept of the auction event is served as the contract one's.
    bump = F("results_version") + 1
    Event.objects.filter(pk=event.pk).update(code="contract", contest="matchpoints", results_version=bump)
    event.refresh_from_db()
    plays.exclude(ruling="").update(ruling="", offending="")
    plays.filter(pk__in=[pk for pk, _r, _o in ruled], board__number=1).update(ruling="A50/50")
    return ruled


def contract_undo(event: Any, ruled: Sequence[tuple[int, str, str]]) -> None:
    """Put back the event :func:`contract_matchpoints` made a contract one, with its rulings ``ruled``."""
    from django.db.models import F

    from duplicate.models import Event, Play

    Event.objects.filter(pk=event.pk).update(code=CODE, contest="", results_version=F("results_version") + 1)
    for pk, ruling, offending in ruled:
        Play.objects.filter(pk=pk).update(ruling=ruling, offending=offending)
    event.refresh_from_db()


def iter_plays_of_round(event: Any, round_number: int) -> Iterator[tuple[int, str, int, str, str]]:
    """(play pk, section letter, table, N-S number, E-W number) of every play of one round."""
    from duplicate.models import Play

    yield from (
        Play.objects.filter(event=event, seating__round__number=round_number)
        .order_by("pk")
        .values_list(
            "pk", "seating__round__section__letter", "seating__table", "ns_pair__number", "ew_pair__number"
        )
    )
