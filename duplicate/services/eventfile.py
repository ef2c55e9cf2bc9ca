"""The event file (JSON): import into the database, export out of it. import(export(event)) == event.

Format (see README): name, date, code, kind, optional teams, pairs, boards, results, and optionally the
movement (the ``movement`` command's JSON shape), the status and the agreed rounds (law E). Without a
movement the seatings are read from the results: pairs who keep their table and opponents all session are
read as a compass movement (a team match's as law G's team movement); any other, a custom movement.
Every problem is reported with its position, e.g. ``results[3].tricks: must be ...``; nothing is written
unless the whole file is good.

The parts are read and checked in ``eventfile_read`` (the JSON, teams, pairs, boards, sections, movements,
agreed rounds) and ``eventfile_results`` (the results: read, scored, stored, written); the players in
``eventfile_players``; this module puts the event together from them, and writes its file.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable, Mapping
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from duplicate import selectors
from duplicate.models import Board, Event, EventKind, EventStatus, RankingChoice, Round
from duplicate.services.clock import event_round_clock_set
from duplicate.services.confirm import event_confirm_results_set
from duplicate.services.errors import ServiceError
from duplicate.services.eventfile_players import awards_read, player_items
from duplicate.services.eventfile_read import (
    agreed_rounds_read,
    boards_read,
    letters_read,
    movement_read,
    pairs_by_section,
    pairs_read,
    parse_json,
    require,
    result_count,
    sizes_check,
    teams_read,
    vulnerable_read,
)
from duplicate.services.eventfile_results import (
    PLACE_KEYS,
    PROGRESS_STEP,
    plays_store,
    results_export,
    results_import,
    results_read,
)
from duplicate.services.events import (
    event_awards_set,
    event_create,
    reads_average_plus,
    reads_datum,
    section_populate,
)
from duplicate.services.leads import event_lead_cards_set
from duplicate.services.results import boards_touch
from duplicate.services.standings import event_standings_publish
from scoring.contests.imps import AVERAGE_PLUS_IMPS

# The names the rest of the code (teams' event files, the championship file, the views, the commands, the
# benchmarks) imports from here, whichever part of the event file now holds them.
__all__ = [
    "FILE_KINDS",
    "PLACE_KEYS",
    "PROGRESS_STEP",
    "TOP_KEYS",
    "boards_read",
    "event_export",
    "event_file_text",
    "event_import",
    "parse_json",
    "plays_store",
    "result_count",
    "results_import",
    "sizes_check",
    "vulnerable_read",
]

TOP_KEYS = {
    "name",
    "date",
    "code",
    "kind",
    "teams",
    "pairs",
    "boards",
    "results",
    "movement",
    "status",
    "agreed_rounds",
    "paper_size",
    "format",
    "sections",
    "ranking",
    "contest",
    "average_plus_imps",
    "butler_drop",
    "butler_halves",
    "running_totals",
    "confirm_results",
    "awards",
    "lead_cards",
    "round_minutes",
}
FILE_KINDS: dict[Any, tuple[Callable[..., Event], Callable[..., dict[str, Any]]]] = {}  # by teams.apps


@transaction.atomic
def event_import(
    *, data: Mapping[str, Any], analyse: bool = True, progress: Callable[[int], None] | None = None
) -> Event:
    """Load a whole event in one transaction: all or nothing. ``analyse``: start the deals' double-dummy analysis
    once it commits (False: the caller does, ``deal_analyses_compute``). ``progress``: told the results scored."""
    if isinstance(kind := data.get("kind"), str) and kind in FILE_KINDS:  # a league's or a Swiss's (teams)
        return FILE_KINDS[kind][0](data=data)
    unknown = set(data) - TOP_KEYS
    if unknown:
        raise ServiceError(_("%(field)s: not a field of an event file") % {"field": sorted(unknown)[0]})
    name = require(data, "name", str, "")
    date_text = require(data, "date", str, "")
    try:
        date = dt.date.fromisoformat(date_text)
    except ValueError:
        raise ServiceError(
            _("date: must be a date like 1916-03-04, got %(value)s") % {"value": repr(date_text)}
        ) from None
    code = require(data, "code", str, "")
    kind = data.get("kind", "pairs")
    if kind not in EventKind.values:
        raise ServiceError(
            _("kind: must be pairs or teams, got %(value)s") % {"value": json.dumps(kind)[:40]}
        )
    teams = teams_read(data)
    pairs = pairs_read(data, teams)
    board_numbers, deals, dealers = boards_read(data)
    vulnerable = vulnerable_read(data)
    contest = data.get("contest")
    if contest is not None and not isinstance(contest, str):
        raise ServiceError(_("contest: must be a text, got %(value)s") % {"value": json.dumps(contest)[:40]})
    letters = letters_read(data, kind=kind)
    results = results_read(data, board_numbers, letters)
    movements = [
        (
            letter,
            movement_read(
                section,
                [r for r in results if r["section"] == letter],
                pairs,
                kind=kind,
                teams=teams,
                board_numbers=board_numbers,
                where=f"sections[{i}]." if "sections" in data else "",
            ),
        )
        for i, (letter, section) in enumerate(letters)
    ]
    specs = pairs_by_section(pairs, movements)
    status = data.get("status")
    if status is not None and status not in EventStatus.values:
        raise ServiceError(
            _("status: must be one of %(choices)s, got %(value)s")
            % {"choices": ", ".join(EventStatus.values), "value": json.dumps(status)[:40]}
        )
    agreed = agreed_rounds_read(
        data.get("agreed_rounds"), {(letter, r.number) for letter, m in movements for r in m.rounds}
    )
    awards = awards_read(data.get("awards"))
    ranking = data.get("ranking", RankingChoice.FIELD)
    if ranking not in RankingChoice.values:
        raise ServiceError(
            _("ranking: must be one of %(choices)s, got %(value)s")
            % {"choices": ", ".join(RankingChoice.values), "value": json.dumps(ranking)[:40]}
        )

    event = event_create(
        name=name,
        date=date,
        code=code,
        kind=kind,
        movement=movements[0][1],
        letter=movements[0][0],
        pairs=specs[0],
        teams=teams,
        deals=deals,
        dealers=dealers,
        paper_size=data.get("paper_size") or "A4",
        ranking=ranking,
        contest=contest,
        average_plus_imps=data.get("average_plus_imps", AVERAGE_PLUS_IMPS),  # law 12C2; checked there
        butler_drop=data.get("butler_drop", "one"),  # Butler's datum; checked there (butler_datum_for)
        butler_halves=data.get("butler_halves", "away"),
        analyse=analyse,
        running_totals=data.get("running_totals", False),  # visitors' totals: every result (checked there)
    )
    event_confirm_results_set(event=event, confirm_results=data.get("confirm_results", False))  # law 79
    event_lead_cards_set(event=event, lead_cards=data.get("lead_cards", False))  # opening leads entered
    if "round_minutes" in data:  # the round clock's length (its start is the director's, on the day)
        event_round_clock_set(event=event, minutes=data["round_minutes"], clock_round=None, started_at=None)
    for word in set(vulnerable.values()):  # law 77: the boards' own vulnerability, where the file gives one
        numbers = [n for n, v in vulnerable.items() if v == word]
        Board.objects.filter(event=event, number__in=numbers).update(vulnerability=word)
    for (letter, movement), section_pairs in zip(movements[1:], specs[1:], strict=True):
        section_populate(
            event=event,
            letter=letter,
            movement=movement,
            pairs=section_pairs,
            deals=deals,
            dealers=dealers,
            analyse=analyse,
        )
    if awards:
        event_awards_set(event=event, table=awards)
    results_import(event, results, progress)
    _restore_agreed(event, agreed)
    if status is None and results:
        status = EventStatus.RUNNING  # results in play: as a result entered here makes it
    if status is not None:
        Event.objects.filter(pk=event.pk).update(status=status)
    event.refresh_from_db()
    if event.status == EventStatus.COMPLETE:
        event_standings_publish(event=event)  # a finished event's places, as event_finish publishes them
    return event


def _restore_agreed(event: Event, agreed: dict[tuple[str, int], tuple[dt.datetime | None, str]]) -> None:
    """Mark the listed rounds agreed (law E) as the file says: when, and by whom if that user exists here."""
    if not agreed:
        return

    names = {by for _, by in agreed.values() if by}
    user_model = get_user_model()
    users = {
        getattr(u, user_model.USERNAME_FIELD): u.pk
        for u in user_model.objects.filter(**{f"{user_model.USERNAME_FIELD}__in": names})
    }
    rounds = [
        row
        for row in Round.objects.filter(
            section__event=event, number__in={n for _, n in agreed}
        ).select_related("section")
        if (row.section.letter, row.number) in agreed
    ]
    now = timezone.now()
    for row in rounds:
        at, by = agreed[(row.section.letter, row.number)]
        row.agreed_at = at or now
        row.agreed_by_id = users.get(by)
    Round.objects.bulk_update(rounds, ["agreed_at", "agreed_by"])
    Event.objects.filter(pk=event.pk).update(results_version=F("results_version") + 1)
    boards_touch(event_ids=[event.pk])


def _datum_chosen(event: Event) -> bool:
    return reads_datum(event.contest) and (event.butler_drop, event.butler_halves) != ("one", "away")


def event_export(event: Event, *, director: bool = False) -> dict[str, Any]:
    """The event file of an event (plain JSON-ready values): a ``director``'s with every name and each player's
    choice of how visitors see it, a visitor's with the names as visitors are shown them (``duplicate.privacy``)."""
    if event.contest in FILE_KINDS:
        return FILE_KINDS[event.contest][1](event, director=director)
    snapshot = selectors.event_snapshot(event)
    section = snapshot.sections[0] if snapshot.sections else None
    letters = {sec.pk: sec.letter for sec in snapshot.sections}
    out: dict[str, Any] = {
        "format": "kalamazoo-event/1",
        "name": event.name,
        "date": event.date.isoformat(),
        "code": event.code,
        "kind": event.kind,
        **({"contest": event.contest} if event.contest else {}),
        # law 12C2: read by a contest scored in IMPs alone, and so written for it alone
        **(
            {"average_plus_imps": n}
            if reads_average_plus(event.contest) and (n := event.average_plus_imps) != AVERAGE_PLUS_IMPS
            else {}
        ),
        # Butler's datum: read by Butler alone, written for it when not the default (one dropped, away)
        **({k: getattr(event, k) for k in ("butler_drop", "butler_halves")} if _datum_chosen(event) else {}),
        "status": event.status,
        "paper_size": event.paper_size,
        **{key: True for key in ("running_totals", "confirm_results") if getattr(event, key)},  # choices
        **({"awards": list(event.awards)} if event.awards else {}),  # the award table (masterpoints)
        **({"lead_cards": True} if event.lead_cards else {}),  # opening leads entered at the table
        **({"round_minutes": event.round_minutes} if event.round_minutes else {}),  # the round clock's length
    }
    if snapshot.teams:
        out["teams"] = [{"name": t.name} for t in snapshot.teams]
    out["pairs"] = [
        {
            "number": p.label,
            "players": player_items(
                p.label,
                p.team.name if p.team else None,
                (p.player1, p.player2),
                club_choice=getattr(p, "club_choice", None),
                director=director,
            ),
            **({"team": p.team.name} if p.team else {}),
        }
        for p in snapshot.pairs
    ]
    out["boards"] = [
        {
            "number": b.number,
            "dealer": b.dealer,
            **({"vulnerability": b.vulnerability} if b.vulnerability else {}),
            **({"deal": b.deal} if b.deal else {}),
        }
        for b in snapshot.boards
    ]
    several = len(snapshot.sections) > 1
    if several:
        out["ranking"] = event.ranking
        out["sections"] = [
            {"letter": sec.letter, "movement": snapshot.movement_dict_of(sec)} for sec in snapshot.sections
        ]
    elif section is not None:
        out["movement"] = snapshot.movement_dict
    # Law E: the rounds whose scores were made up and agreed, so a copy of a finished event stays final.
    agreed = sorted(
        ((r, at) for r in snapshot.rounds if (at := r.agreed_at) is not None),
        key=lambda pair: (letters[pair[0].section_id], pair[0].number),
    )
    if agreed:
        out["agreed_rounds"] = [
            {
                **({"section": letters[r.section_id]} if several else {}),
                "round": r.number,
                "at": at.isoformat(),
                **({"by": r.agreed_by.get_username()} if r.agreed_by is not None else {}),
            }
            for r, at in agreed
        ]
    out["results"] = results_export(snapshot, letters=letters, several=several)
    return out


def event_file_text(data: Mapping[str, Any]) -> str:
    """An event file as text: a JSON object with a key a line, and each item of a list (the pairs, the boards,
    the results) on a line of its own. Each line is written by the json module's C encoder: its indenting one
    takes seconds over the 20,000 results of a big event."""

    def item(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    lines = [
        f"  {item(key)}: [\n" + ",\n".join(f"    {item(v)}" for v in value) + "\n  ]"
        if isinstance(value, list) and value
        else f"  {item(key)}: {item(value)}"
        for key, value in data.items()
    ]
    return "{\n" + ",\n".join(lines) + "\n}\n"
