"""Event files of the events of matches (docs/files.md, docs/leagues.md): ``"kind"`` the stored name of the
event's contest (one of shape MATCHES in ``duplicate.contests``), read and written here and reached through
``duplicate.services.eventfile`` (its ``FILE_KINDS``, filled by this app's ``ready``: duplicate does not depend
on teams).

Besides the name, date, status and boards (deals) as every event file has them: ``teams`` (name, and a Swiss's
``seed``), ``pairs`` (number, players, team: a team's two pairs, a Swiss pairs' one) as a team match's file
gives them, ``boards_per_match``, ``rounds`` (a Swiss's planned), ``bye_vps`` ("12.00"), ``match_scoring``
(Swiss pairs: one of ``MATCH_SCORINGS``) and ``matches``: each ``{"round", "table", "home", "away"}`` with its
result as a whole (``"imps": [23, 11]`` or ``"vps": ["12.50", "7.50"]``; a bye's ``"vps": ["12"]``) or its
boards (``"boards": [{"table", "board", "ns", "ew", ...the result as every event file writes it}]``); a bye has
``"away": null`` and table 0.  Every match of the rounds made is listed, played or not, so an import lays
the very rounds out again; a file without matches is scheduled (a round robin) or drawn (a Swiss's round 1)
afresh.  A Swiss imported with its rounds complete is drawn on at once.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from duplicate.contests import CHOSEN, contest_of
from duplicate.models import Board, Event, EventStatus, Pair, Play, Section
from duplicate.services.errors import ServiceError
from duplicate.services.eventfile import boards_read, results_import, vulnerable_read
from duplicate.services.eventfile_players import player_items, player_items_read
from duplicate.services.results import event_results_touch, play_result_data
from scoring.contests.leagues import Meeting
from scoring.pbn import PbnError, canonical_deal
from teams.layout import match_of_table
from teams.models import Entered, Match
from teams.services.matches import EntrantSpec, match_result_save, matches_event_create, vp100_of
from teams.services.rounds import pairs_by_team, round_create

FILE_KEYS = {
    "format",
    "name",
    "date",
    "code",
    "kind",
    "site",
    "status",
    "teams",
    "pairs",
    "boards",
    "boards_per_match",
    "rounds",
    "bye_vps",
    "match_scoring",
    "matches",
}
MATCH_KEYS = {"round", "table", "home", "away", "imps", "vps", "boards"}


def file_kinds() -> tuple[str, ...]:
    """The ``kind``s of the event files read here: the contests of matches."""
    return tuple(stored for stored, c in CHOSEN.items() if c.of_matches)


def _list(data: Mapping[str, Any], key: str, where: str = "") -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise ServiceError(_("%(field)s: must be a list") % {"field": f"{where}{key}"})
    return value


def _entrants(
    data: Mapping[str, Any], *, teams: bool
) -> tuple[list[EntrantSpec], dict[str, tuple[str, int]]]:
    """The file's entrants with their players, and each pair label's (team, place in the team)."""
    specs: dict[str, list[Any]] = {}
    seeds: dict[str, int | None] = {}
    order: list[str] = []
    for i, item in enumerate(_list(data, "teams")):
        if not isinstance(item, dict) or not isinstance(item.get("name"), str):
            raise ServiceError(_("%(field)s: must be an object with a name") % {"field": f"teams[{i}]"})
        order.append(item["name"].strip())
        seeds[item["name"].strip()] = item.get("seed")
        specs[item["name"].strip()] = []
    labels: dict[str, tuple[str, int]] = {}
    for i, item in enumerate(_list(data, "pairs")):
        if not isinstance(item, dict) or not isinstance(item.get("team"), str) or item["team"] not in specs:
            raise ServiceError(
                _("%(field)s: must be an object naming one of the teams") % {"field": f"pairs[{i}]"}
            )
        team = item["team"]
        if len(specs[team]) >= (4 if teams else 2):
            raise ServiceError(
                (
                    _("%(field)s: %(team)s has two pairs already")
                    if teams
                    else _("%(field)s: %(team)s has one pair already")
                )
                % {"field": f"pairs[{i}]", "team": team}
            )
        labels[str(item.get("number"))] = (team, len(specs[team]) // 2)
        specs[team].extend(player_items_read(item.get("players", []), f"pairs[{i}].players"))
    return [EntrantSpec(name=n, players=tuple(specs[n]), seed=seeds[n]) for n in order], labels


def _meetings(items: list[Any], ids: Mapping[str, int]) -> tuple[dict[int, list[Meeting]], list[Meeting]]:
    """The file's matches as each round's meetings (tables numbered in order where the file gives none), and
    each match's meeting in the file's order."""
    rounds: dict[int, list[Meeting]] = {}
    places: list[Meeting] = []
    for i, item in enumerate(items):
        where = f"matches[{i}]"
        if not isinstance(item, dict):
            raise ServiceError(_("%(field)s: must be an object") % {"field": where})
        unknown = set(item) - MATCH_KEYS
        if unknown:
            raise ServiceError(
                _("%(field)s: not a field of a match") % {"field": f"{where}.{sorted(unknown)[0]}"}
            )
        rnd = item.get("round")
        if isinstance(rnd, bool) or not isinstance(rnd, int) or not 1 <= rnd <= 99:
            raise ServiceError(
                _("%(field)s: must be a whole number from 1 to 99") % {"field": f"{where}.round"}
            )
        home, away = item.get("home"), item.get("away")
        known = [isinstance(side, str) and side in ids for side in (home, away) if side is not None]
        if home is None or not all(known) or home == away:
            raise ServiceError(
                _("%(field)s: home and away must be two of the teams (away null for a bye)")
                % {"field": where}
            )
        this = rounds.setdefault(rnd, [])
        table = item.get("table", 0 if away is None else 1 + sum(1 for m in this if m.away is not None))
        if (
            isinstance(table, bool)
            or not isinstance(table, int)
            or not 0 <= table <= 999
            or (table == 0) != (away is None)
        ):
            raise ServiceError(
                _("%(field)s: a match's table is from 1, a bye's 0") % {"field": f"{where}.table"}
            )
        this.append(Meeting(rnd, table, ids[str(home)], ids[away] if away is not None else None))
        places.append(this[-1])
    for rnd, meetings in rounds.items():
        seated = [m.home for m in meetings] + [m.away for m in meetings if m.away is not None]
        if len(seated) != len(set(seated)) or len({m.table for m in meetings if m.table}) != sum(
            1 for m in meetings if m.table
        ):
            raise ServiceError(_("matches: round %(round)d seats a team or a table twice") % {"round": rnd})
    if rounds and sorted(rounds) != list(range(1, max(rounds) + 1)):
        raise ServiceError(_("matches: the rounds must run 1, 2, ... without a gap"))
    return rounds, places


def _settings(data: Mapping[str, Any]) -> dict[str, Any]:
    bye = data.get("bye_vps", "12")
    return {
        "boards_per_match": data.get("boards_per_match"),
        "rounds": data.get("rounds", 0),
        "bye_vp100": vp100_of(bye if not isinstance(bye, float) else str(bye), "bye_vps"),
        "match_scoring": data.get("match_scoring", ""),
    }


@transaction.atomic
def matches_import(*, data: Mapping[str, Any]) -> Event:
    """An event of matches from its file (module docstring): all or nothing."""
    unknown = set(data) - FILE_KEYS
    if unknown:
        raise ServiceError(
            _("%(field)s: not a field of a league's or a Swiss's event file") % {"field": sorted(unknown)[0]}
        )
    contest = str(data.get("kind"))
    teams = CHOSEN[contest].for_teams
    try:
        date = dt.date.fromisoformat(str(data.get("date")))
    except ValueError:
        raise ServiceError(
            _("date: must be a date like 2026-11-28, got %(value)s")
            % {"value": json.dumps(data.get("date"))[:40]}
        ) from None
    entrants, labels = _entrants(data, teams=teams)
    items = _list(data, "matches")
    event = matches_event_create(
        name=data.get("name", ""),
        date=date,
        contest=contest,
        entrants=entrants,
        seeded=any(e.seed is not None for e in entrants),
        site=data.get("site", ""),
        schedule=not items,
        **_settings(data),
    )
    ids = dict(event.teams.values_list("name", "pk"))
    rounds, places = _meetings(items, ids)
    if rounds and max(rounds) > event.rounds_planned:
        raise ServiceError(
            _("matches: round %(round)d is past the %(planned)d rounds planned")
            % {"round": max(rounds), "planned": event.rounds_planned}
        )
    section = Section.objects.get(event=event)
    pairs_of = pairs_by_team(event)
    for rnd, meetings in sorted(rounds.items()):
        round_create(event=event, section=section, round_number=rnd, meetings=meetings, pairs_of=pairs_of)
    _boards_read(event, data)
    numbers = {label: pairs_of[ids[team]][k].number for label, (team, k) in labels.items()}
    _results_read(event, items, places, numbers)
    status = data.get("status")
    if status is not None:
        if status not in EventStatus.values:
            raise ServiceError(
                _("status: must be one of %(choices)s") % {"choices": ", ".join(EventStatus.values)}
            )
        Event.objects.filter(pk=event.pk).update(status=status)
    event_results_touch(event_ids=[event.pk])
    return Event.objects.get(pk=event.pk)


def _boards_read(event: Event, data: Mapping[str, Any]) -> None:
    """The deals, dealers and vulnerabilities the file gives for the boards laid out, checked as every event
    file's (duplicate.services.eventfile)."""
    if "boards" not in data:
        return
    _numbers, deals, dealers = boards_read(data)
    vulnerable = vulnerable_read(data)
    boards = {b.number: b for b in Board.objects.filter(event=event)}
    for number in set(deals) | set(dealers) | set(vulnerable):
        if number not in boards:
            raise ServiceError(
                _("boards: board %(board)d is not played in the rounds the file gives") % {"board": number}
            )
        board = boards[number]
        try:
            board.deal = (
                canonical_deal(deals[number], f"board {number}: deal") if number in deals else board.deal
            )
        except PbnError as exc:
            raise ServiceError(str(exc)) from None
        board.dealer = dealers.get(number, board.dealer)
        board.vulnerability = vulnerable.get(number, board.vulnerability)
    Board.objects.bulk_update(boards.values(), ["deal", "dealer", "vulnerability"])


def _results_read(event: Event, items: list[Any], places: list[Meeting], numbers: Mapping[str, str]) -> None:
    """Each match's result: as a whole (``match_result_save``'s checks) or its boards (the event file's
    results, ``results_import``)."""
    matches = {(m.round, m.home_id): m for m in Match.objects.filter(event=event)}
    rows: list[dict[str, Any]] = []
    for i, (item, place) in enumerate(zip(items, places, strict=True)):
        rnd = place.round
        match = matches[rnd, place.home]
        whole = [k for k in ("imps", "vps") if k in item]
        if len(whole) + ("boards" in item) > 1:
            raise ServiceError(
                _("%(field)s: give its result once: imps, vps or boards") % {"field": f"matches[{i}]"}
            )
        if whole:
            figures = item[whole[0]]
            if not isinstance(figures, list) or not 1 <= len(figures) <= 2:
                raise ServiceError(
                    _("%(field)s: must be a list of the home and away figures")
                    % {"field": f"matches[{i}].{whole[0]}"}
                )
            home, away = [*figures, None][:2]
            try:
                match_result_save(match=match, entered=whole[0], home=home, away=away)
            except ServiceError as exc:
                raise ServiceError(f"matches[{i}]: {exc}") from None
        for j, board in enumerate(_list(item, "boards", f"matches[{i}].")):
            if not isinstance(board, dict):
                raise ServiceError(_("%(field)s: must be an object") % {"field": f"matches[{i}].boards[{j}]"})
            ns, ew = (numbers.get(str(board.get(k)), str(board.get(k))) for k in ("ns", "ew"))
            rows.append({**board, "section": "A", "round": rnd, "ns": ns, "ew": ew})
    results_import(event, rows)


def matches_export(event: Event, *, director: bool = False) -> dict[str, Any]:
    """The event file of an event of matches (module docstring)."""
    pairs = list(
        Pair.objects.filter(event=event).select_related("team", "player1", "player2").order_by("position")
    )
    teams = list(event.teams.order_by("id"))
    drawn = contest_of(event).drawn
    out: dict[str, Any] = {
        "format": "kalamazoo-event/1",
        "name": event.name,
        "date": event.date.isoformat(),
        "code": event.code,
        "kind": event.contest,
        **({"site": event.site} if event.site else {}),
        "status": event.status,
        "boards_per_match": event.boards_per_match,
        **({"rounds": event.rounds_planned} if drawn else {}),
        "bye_vps": _vps_text(event.bye_vp100),
        **({"match_scoring": event.match_scoring} if event.match_scoring else {}),
        "teams": [{"name": t.name, **({"seed": t.seed} if t.seed is not None else {})} for t in teams],
        "pairs": [
            {
                "number": p.label,
                "players": player_items(
                    p.label,
                    p.team.name if p.team else None,
                    (p.player1, p.player2),
                    club_choice=None,
                    director=director,
                ),
                "team": p.team.name if p.team else "",
            }
            for p in pairs
        ],
        "boards": [
            {
                "number": b.number,
                "dealer": b.dealer,
                **({"vulnerability": b.vulnerability} if b.vulnerability else {}),
                **({"deal": b.deal} if b.deal else {}),
            }
            for b in event.boards.order_by("number")
        ],
        "matches": _matches_out(event, director=director),
    }
    return out


def _vps_text(vp100: int) -> str:
    return f"{vp100 // 100}.{vp100 % 100:02d}"


def _matches_out(event: Event, *, director: bool) -> list[dict[str, Any]]:
    """Every match with its result; a visitor's file without the results of the boards still in play (no
    peeking: a table of a match not entered as a whole has not played them)."""
    teams = contest_of(event).for_teams
    matches = list(
        Match.objects.filter(event=event).select_related("home", "away").order_by("round", "table", "id")
    )
    hidden: set[int] = set()
    if not director and event.status != EventStatus.COMPLETE:
        whole = {(m.round, m.table) for m in matches if m.entered}
        for rnd, table, number in Play.objects.filter(event=event, entered=False).values_list(
            "seating__round__number", "seating__table", "board__number"
        ):
            if (rnd, match_of_table(table, teams=teams)) not in whole:
                hidden.add(number)
    plays: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for play in (
        Play.objects.filter(event=event, entered=True)
        .exclude(board__number__in=hidden)
        .select_related("seating__round", "board", "ns_pair", "ew_pair")
        .order_by("board__number", "seating__table")
    ):
        result = play_result_data(play)
        table = play.seating.table
        key = (play.seating.round.number, (table + 1) // 2 if teams else table)
        plays.setdefault(key, []).append(
            {
                "table": table,
                "board": play.board.number,
                "ns": play.ns_pair.label,
                "ew": play.ew_pair.label,
                **(result or {}),
            }
        )
    out = []
    for m in matches:
        item: dict[str, Any] = {
            "round": m.round,
            "table": m.table,
            "home": m.home.name,
            "away": m.away.name if m.away else None,
        }
        if m.entered == Entered.IMPS:
            item[Entered.IMPS.value] = [m.home_imps, m.away_imps]
        elif m.entered == Entered.VPS:
            item["vps"] = [_vps_text(v) for v in (m.home_vp100, m.away_vp100) if v is not None]
        elif (m.round, m.table) in plays and m.away is not None:
            item["boards"] = plays[m.round, m.table]
        out.append(item)
    return out
