"""The movement an event file's results show, when it gives none (``duplicate.services.eventfile``): the
seatings the results name (round, table, N-S, E-W, boards), read as a compass movement, the law G team
movement or a custom one, and held to the rules of its kind."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from duplicate.models import EventKind
from duplicate.services.errors import ServiceError
from duplicate.services.events import PairSpec
from scoring.movements import Movement, MovementError, MovementRound, TablePlay, validate


def movement_from_results(
    results: list[dict[str, Any]], pairs: list[PairSpec], *, kind: str, teams: list[str]
) -> Movement:
    """Without a movement, the seatings are those the results name (round, table, N-S, E-W, boards).

    Pairs who keep their table and their opponents in every round (stationary) are a compass movement,
    or for a team match the law G team movement; any other seating is a custom movement. All are held
    to the rules of their kind (:func:`scoring.movements.validate`)."""
    if not results:
        raise ServiceError("movement: " + _("give a movement or at least one result to seat the pairs"))
    seats: dict[tuple[int, int], tuple[str, str, list[int]]] = {}
    for i, row in enumerate(results):
        key = (row["round"], row["table"])
        ns, ew = str(row["ns"]).strip(), str(row["ew"]).strip()
        if key in seats:
            if seats[key][:2] != (ns, ew):
                raise ServiceError(
                    f"results[{i}]: "
                    + _("round %(round)s table %(table)s already seats %(ns)s v %(ew)s")
                    % {"round": key[0], "table": key[1], "ns": seats[key][0], "ew": seats[key][1]}
                )
            if row["board"] in seats[key][2]:
                raise ServiceError(
                    f"results[{i}]: "
                    + _("board %(board)s is already scored at that table and round") % {"board": row["board"]}
                )
            seats[key][2].append(row["board"])
        else:
            seats[key] = (ns, ew, [row["board"]])
    rounds = []
    round_numbers = sorted({r for r, _ in seats})

    def pid(x: int | str) -> int | str:
        return x if isinstance(x, int) or not x.isdecimal() else int(x)

    for number in round_numbers:
        tables = tuple(
            TablePlay(table=t, ns=pid(v[0]), ew=pid(v[1]), boards=tuple(sorted(v[2])))
            for (r, t), v in sorted(seats.items())
            if r == number
        )
        rounds.append(MovementRound(number=number, tables=tables))
    per_round = max(len(tp.boards) for r in rounds for tp in r.tables)
    table_count = max(t for _, t in seats)
    stationary = len(rounds) > 1 and len({(t, v[0], v[1]) for (_, t), v in seats.items()}) == len(
        {t for _, t in seats}
    ) == len({v[0] for v in seats.values()}) == len({v[1] for v in seats.values()})
    unlawful = gettext_noop("the seatings they describe are unlawful: %(problem)s")
    if stationary and kind == EventKind.TEAMS:
        grouping = {team: tuple(pid(s.number) for s in pairs if s.team == team) for team in teams}
        movement = Movement("teams", table_count, per_round, tuple(rounds), grouping)
        unlawful = gettext_noop(
            "the seatings they describe are unlawful: %(problem)s (pairs who keep their tables all match "
            "are read as the team movement of law G)"
        )
    elif stationary:
        movement = Movement("compass", table_count, per_round, tuple(rounds))
        unlawful = gettext_noop(
            "the seatings they describe are unlawful: %(problem)s (pairs who keep their tables all session "
            "are read as a compass movement)"
        )
    else:
        movement = Movement("custom", table_count, per_round, tuple(rounds))
    try:
        validate(movement)
    except MovementError as exc:
        raise ServiceError("results: " + _(unlawful) % {"problem": exc}) from None
    return movement


def with_teams(movement: Movement, pairs: list[PairSpec], teams: list[str]) -> Movement:

    grouping: dict[str, tuple[int | str, ...]] = {}
    for team in teams:
        grouping[team] = tuple(
            p for p in movement.pairs if any(s.number == str(p) and s.team == team for s in pairs)
        )
    return replace(movement, teams=grouping)
