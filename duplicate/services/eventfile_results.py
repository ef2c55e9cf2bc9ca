"""The event file's results (``duplicate.services.eventfile``): their rows read (each one's place checked),
scored and stored in one statement on import, and written on export.

A result is the scoring CLI's fields (``services.results.result_fields``) at its place (section, round,
table, board, pairs). In an event whose opponents confirm each result (``Event.confirm_results``; law 79, law
E) it also says who entered it at the table, ``"entered_by": "NS"`` or ``"EW"``, and ``"confirmed": true`` once
the other side confirmed it (``services.confirm``); a result without them counts as agreed at the table (the
director's).
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from django.db import IntegrityError
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from duplicate.models import Board, Event, Play, Round, Seating
from duplicate.services.bulk import rows_update
from duplicate.services.errors import ServiceError, in_range
from duplicate.services.eventfile_read import at_most, pair_id, require
from duplicate.services.results import ResultError, boards_touch, play_result_data, result_fields
from scoring.deal import Deal
from scoring.law77 import board_vulnerability
from scoring.movements import MAX_PLAYS
from scoring.pbn import hands_known

if TYPE_CHECKING:
    from duplicate.selectors.events import EventSnapshot

PLACE_KEYS = {"section", "round", "table", "board", "ns", "ew"}
PROGRESS_STEP = 500  # results scored between two words to an import's ``progress``
#: A result's agreement at the table (law 79, law E): the side that entered it, and the other's confirmation.
AGREEMENT_KEYS = {"entered_by", "confirmed"}
SIDES = ("NS", "EW")


def results_read(
    data: Mapping[str, Any], board_numbers: list[int], letters: list[tuple[str, Mapping[str, Any]]]
) -> list[dict[str, Any]]:
    """The file's result rows, their places (section, round, table, board, pairs) checked; the results
    themselves are checked when they are scored. A row's section may be left out when there is one."""
    results = data.get("results") or []
    if not isinstance(results, list):
        raise ServiceError(_("results: must be a list"))
    at_most(results, MAX_PLAYS, "results", "results")
    for i, row in enumerate(results):
        if not isinstance(row, dict):
            raise ServiceError(_("%(field)s: must be an object") % {"field": f"results[{i}]"})
        for key, model, column in (
            ("round", Round, "number"),
            ("table", Seating, "table"),
            ("board", Board, "number"),
        ):
            value = require(row, key, int, f"results[{i}].")
            if value < 1:
                raise ServiceError(
                    _("%(field)s: must be 1 or more, got %(value)d")
                    % {"field": f"results[{i}].{key}", "value": value}
                )
            in_range(f"results[{i}].{key}", value, model, column)
        for key in ("ns", "ew"):
            if key not in row:
                raise ServiceError(_("%(field)s: missing") % {"field": f"results[{i}].{key}"})
            pair_id(row[key], f"results[{i}].{key}")
        if row["board"] not in board_numbers:
            raise ServiceError(
                _("%(field)s: board %(board)d is not in the boards list")
                % {"field": f"results[{i}].board", "board": row["board"]}
            )
    names = [letter for letter, _ in letters]
    rows = []
    for i, row in enumerate(results):
        letter = row.get("section", names[0] if len(names) == 1 else None)
        if letter is None:
            raise ServiceError(
                _("%(field)s: missing (the event has %(count)d sections)")
                % {"field": f"results[{i}].section", "count": len(names)}
            )
        if letter not in names:
            raise ServiceError(
                _("%(field)s: must be one of %(choices)s, got %(value)s")
                % {
                    "field": f"results[{i}].section",
                    "choices": ", ".join(names),
                    "value": json.dumps(letter)[:20],
                }
            )
        rows.append({**row, "section": letter})
    return rows


def results_import(
    event: Event, results: list[dict[str, Any]], progress: Callable[[int], None] | None = None
) -> None:
    """Score every result (the pure engine) and store them all with one ``executemany`` (see
    :func:`plays_store`). The plays are read as plain values: model instances with four related rows
    each cost more than the scoring. ``progress`` is told the results scored every ``PROGRESS_STEP``."""
    if not results:
        return
    sections = {row["section"] for row in results}
    plays = {
        (letter, rnd, table, board): (
            pk,
            deal,
            ns,
            ew,
            entered,
            board_vulnerability(board, vulnerability).value,
        )
        for pk, letter, rnd, table, board, deal, ns, ew, entered, vulnerability in Play.objects.filter(
            event=event
        )
        .order_by()
        .values_list(
            "pk",
            "seating__round__section__letter",
            "seating__round__number",
            "seating__table",
            "board__number",
            "board__deal",
            "ns_pair__number",
            "ew_pair__number",
            "entered",
            "board__vulnerability",
        )
    }
    # Each board's hands read once, not once a result: the engine takes them read (laws 5, 6: honours).
    hands = {deal: Deal.parse_pbn(deal) for deal in {play[1] for play in plays.values()} if hands_known(deal)}
    changed: list[tuple[int, dict[str, Any]]] = []
    seen: set[int] = set()
    now = timezone.now()  # when the results confirmed at the table are recorded as confirmed
    for i, row in enumerate(results):
        if progress is not None and i % PROGRESS_STEP == 0:
            progress(i)
        key = (row["section"], row["round"], row["table"], row["board"])
        play = plays.get(key)
        if play is None:
            values = {"field": f"results[{i}]", **{k: row[k] for k in ("board", "table", "round", "section")}}
            raise ServiceError(
                (
                    _(
                        "%(field)s: board %(board)d is not played at table %(table)d of section %(section)s in round %(round)d"
                    )
                    if len(sections) > 1
                    else _("%(field)s: board %(board)d is not played at table %(table)d in round %(round)d")
                )
                % values
            )
        pk, deal, ns, ew, entered, vulnerability = play
        if (ns, ew) != (str(row["ns"]).strip(), str(row["ew"]).strip()):
            raise ServiceError(
                _(
                    "%(field)s: table %(table)d in round %(round)d seats %(ns)s v %(ew)s, not %(given_ns)s v %(given_ew)s"
                )
                % {
                    "field": f"results[{i}]",
                    "table": row["table"],
                    "round": row["round"],
                    "ns": ns,
                    "ew": ew,
                    "given_ns": row["ns"],
                    "given_ew": row["ew"],
                }
            )
        if entered or pk in seen:
            raise ServiceError(
                _("%(field)s: a second result for the same board, table and round")
                % {"field": f"results[{i}]"}
            )
        seen.add(pk)
        agreement = agreement_read(row, f"results[{i}].", confirm_results=event.confirm_results, now=now)
        data = {k: v for k, v in row.items() if k not in PLACE_KEYS and k not in AGREEMENT_KEYS}
        try:
            fields = result_fields(
                code=event.code, deal=hands.get(deal, deal), data=data, vulnerability=vulnerability
            )
        except ResultError as exc:
            raise ServiceError(
                f"results[{i}].{exc}" if not str(exc).startswith(" ") else f"results[{i}]{exc}"
            ) from None
        changed.append((pk, {**fields, **agreement}))
    if progress is not None:
        progress(len(results))
    try:
        plays_store(changed)
    except IntegrityError as exc:  # pragma: no cover - the checks above come first
        raise ServiceError(f"results: {exc}") from None
    Event.objects.filter(pk=event.pk).update(results_version=F("results_version") + 1)
    boards_touch(event_ids=[event.pk])


def plays_store(changes: list[tuple[int, dict[str, Any]]]) -> None:
    """Write new field values to many plays, given as (play pk, {field name: value}) with the same field
    names throughout: one parameterised ``UPDATE ... WHERE id = %s`` run with ``executemany``
    (:func:`duplicate.services.bulk.rows_update`).

    ``bulk_update`` builds a ``CASE WHEN id = ... THEN ...`` expression per field per row and resolves each
    through the ORM, too slow for thousands of results; this path writes them with one statement on SQLite
    and PostgreSQL alike. No signals, no ``auto_now`` (as bulk_update)."""
    rows_update(Play, changes)


def agreement_read(
    row: Mapping[str, Any], where: str, *, confirm_results: bool, now: dt.datetime
) -> dict[str, Any]:
    """A result's ``entered_by`` ("NS", "EW") and ``confirmed`` (true: the opponents confirmed it, law 79,
    law E) as the play's ``entered_by`` and ``confirmed_at`` (``now``); both only in an event whose opponents
    confirm results, ``confirmed`` only with ``entered_by``. A result without them: entered_by "" (as the
    director's, agreed at the table)."""
    side = row.get("entered_by")
    confirmed = row.get("confirmed", False)
    if side is not None and side not in SIDES:
        raise ServiceError(
            _("%(field)s: must be NS or EW, got %(value)s")
            % {"field": f"{where}entered_by", "value": json.dumps(side)[:20]}
        )
    if not isinstance(confirmed, bool):
        raise ServiceError(
            _("%(field)s: must be true or false, got %(value)s")
            % {"field": f"{where}confirmed", "value": json.dumps(confirmed)[:20]}
        )
    if (side is not None or confirmed) and not confirm_results:
        key = "entered_by" if side is not None else "confirmed"
        raise ServiceError(
            _(
                "%(field)s: only an event whose opponents confirm each result (confirm_results) says who "
                "entered it and whether it was confirmed"
            )
            % {"field": f"{where}{key}"}
        )
    if confirmed and side is None:
        raise ServiceError(
            _("%(field)s: the opponents of the side that entered it confirm a result: give its entered_by")
            % {"field": f"{where}confirmed"}
        )
    return {"entered_by": side or "", "confirmed_at": now if confirmed else None}


def results_export(
    snapshot: EventSnapshot, *, letters: Mapping[int, str], several: bool
) -> list[dict[str, Any]]:
    """The event file's results, in the snapshot's order (section, round, table, board): each entered
    result at its place (its section's letter when ``several``), and where the event asks the opponents to
    confirm results, who entered it at the table and whether it was confirmed."""
    out = []
    seatings = {s.pk: s for s in snapshot.seatings}
    labels = {p.pk: p.label for p in snapshot.pairs}
    confirming = snapshot.event.confirm_results
    for play in snapshot.plays:
        result = play_result_data(play)
        if result is None:
            continue
        seating = seatings[play.seating_id]
        out.append(
            {
                **({"section": letters[seating.section_id]} if several else {}),
                "round": seating.round,
                "table": seating.table,
                "board": play.board,
                "ns": labels[play.ns_pair_id],
                "ew": labels[play.ew_pair_id],
                **result,
                **({"entered_by": play.entered_by} if confirming and play.entered_by else {}),
                **({"confirmed": True} if confirming and play.entered_by and play.confirmed_at else {}),
            }
        )
    return out
