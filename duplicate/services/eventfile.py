"""The event file (JSON): import into the database, export out of it. import(export(event)) == event.

Format (see README): name, date, code, kind, optional teams, pairs, boards, results, and optionally the
movement (the ``movement`` command's JSON shape), the status and the agreed rounds (law E). Without a
movement the seatings are read from the results: pairs who keep their table and opponents all session are
read as a compass movement (a team match's as law G's team movement); any other, a custom movement.
Every problem is reported with its position, e.g. ``results[3].tricks: must be ...``; nothing is written
unless the whole file is good.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Callable, Mapping
from string import ascii_uppercase
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from duplicate import selectors
from duplicate.models import (
    Board,
    Event,
    EventKind,
    EventStatus,
    Play,
    RankingChoice,
    Round,
    Seating,
)
from duplicate.services.bulk import rows_update
from duplicate.services.confirm import event_confirm_results_set
from duplicate.services.errors import ServiceError, in_range, text_problem
from duplicate.services.eventfile_players import (
    awards_read,
    numbers_unique,
    player_items,
    player_items_read,
)
from duplicate.services.events import (
    MAX_SECTIONS,
    PairSpec,
    event_awards_set,
    event_create,
    reads_average_plus,
    reads_datum,
    section_populate,
)
from duplicate.services.players import PlayerSpec
from duplicate.services.results import ResultError, boards_touch, play_result_data, result_fields
from duplicate.services.results_movement import movement_from_results, with_teams
from duplicate.services.standings import event_standings_publish
from scoring.contests.imps import AVERAGE_PLUS_IMPS
from scoring.deal import Deal
from scoring.errors import ScoringError
from scoring.law77 import board_vulnerability, parse_vulnerability
from scoring.movements import (
    MAX_PAIRS,
    MAX_PLAYS,
    Movement,
    MovementError,
)
from scoring.pbn import hands_known

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
}
FILE_KINDS: dict[Any, tuple[Callable[..., Event], Callable[..., dict[str, Any]]]] = {}  # by teams.apps
PLACE_KEYS = {"section", "round", "table", "board", "ns", "ew"}
PROGRESS_STEP = 500  # results scored between two words to an import's ``progress``
SECTION_KEYS = {"letter", "movement"}


def _require(obj: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in obj:
        raise ServiceError(f"{where}{key}: missing")
    value = obj[key]
    if isinstance(value, bool) or not isinstance(value, kind):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise ServiceError(f"{where}{key}: must be {_article(names)}, got {json.dumps(value)[:40]}")
    return value


def _at_most(items: list[Any], limit: int, field: str, what: str) -> None:
    """A list of the file no longer than a movement can use (the limits of ``scoring.movements``), refused
    before any of it is read."""
    if len(items) > limit:
        raise ServiceError(f"{field}: at most {limit:,} {what} in an event, got {len(items):,}")


def _article(names: str) -> str:
    return {
        "str": "text",
        "int": "a whole number",
        "list": "a list",
        "dict": "an object",
        "int or str": "a number or text",
    }.get(names, names)


def _pair_id(value: Any, where: str) -> str:
    if isinstance(value, bool) or not isinstance(value, int | str) or str(value).strip() == "":
        raise ServiceError(f"{where}: a pair is a number or text, got {json.dumps(value)[:40]}")
    return str(value).strip()


def parse_json(text: str) -> dict[str, Any]:
    """The event file's object; every text in it (keys too) one the database can store."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ServiceError(
            f"event file: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"
        ) from None
    except RecursionError:
        raise ServiceError("event file: not valid JSON (nested too deeply)") from None
    except ValueError as exc:  # e.g. a number of more than 4,300 digits
        raise ServiceError(f"event file: not valid JSON ({exc})") from None
    if not isinstance(data, dict):
        raise ServiceError("event file: must be a JSON object")
    sizes_check(data)
    if _ESCAPED_PROBLEM.search(text) or text_problem(text) is not None:  # else no value can hold one
        _check_texts(data)
    return data


def sizes_check(data: dict[str, Any]) -> None:
    """The file's lists counted as soon as it is parsed, before any of it is read (a file of the most
    results it may hold is refused in the time the JSON parser takes, whatever follows)."""
    for key, limit, what in (
        ("results", MAX_PLAYS, "results"),
        ("boards", MAX_PLAYS, "boards"),
        ("pairs", MAX_PAIRS, "pairs (two a table)"),
        ("sections", MAX_SECTIONS, "sections"),
    ):
        if isinstance(data.get(key), list):
            _at_most(data[key], limit, key, what)


#: A JSON escape that may give a NUL or a surrogate (``\\u0000``, ``\\ud800``): without one, and without
#: either in the text itself, no text of the file has a problem, and it is not walked.
_ESCAPED_PROBLEM = re.compile(r"\\u(?:0000|[dD][89a-fA-F][0-9a-fA-F]{2})")


def _check_texts(data: dict[str, Any]) -> None:
    """Refuse a NUL character or a lone surrogate (``"\\ud800"``) anywhere in the file, naming where: no
    database column holds them. Walked without recursion (json.loads has bounded the depth already)."""
    stack: list[tuple[str, Any]] = [("", data)]
    while stack:
        where, value = stack.pop()
        if isinstance(value, str):
            problem = text_problem(value)
            if problem is not None:
                raise ServiceError(f"{where or 'event file'}: {problem}")
        elif isinstance(value, dict):
            for key, item in value.items():
                path = f"{where}.{key}" if where else str(key)
                if text_problem(key) is not None:
                    raise ServiceError(f"{where or 'event file'}: a key {text_problem(key)}")
                stack.append((path, item))
        elif isinstance(value, list):
            stack.extend((f"{where}[{i}]", item) for i, item in enumerate(value))


def result_count(data: Mapping[str, Any]) -> int:
    """How many results the file gives (what its import's time goes with)."""
    results = data.get("results")
    return len(results) if isinstance(results, list) else 0


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
        raise ServiceError(f"{sorted(unknown)[0]}: not a field of an event file")
    name = _require(data, "name", str, "")
    date_text = _require(data, "date", str, "")
    try:
        date = dt.date.fromisoformat(date_text)
    except ValueError:
        raise ServiceError(f"date: must be a date like 1916-03-04, got {date_text!r}") from None
    code = _require(data, "code", str, "")
    kind = data.get("kind", "pairs")
    if kind not in EventKind.values:
        raise ServiceError(f"kind: must be pairs or teams, got {json.dumps(kind)[:40]}")
    teams = _read_teams(data)
    pairs = _read_pairs(data, teams)
    board_numbers, deals, dealers = boards_read(data)
    vulnerable = vulnerable_read(data)
    contest = data.get("contest")
    if contest is not None and not isinstance(contest, str):
        raise ServiceError(f"contest: must be a text, got {json.dumps(contest)[:40]}")
    letters = _read_letters(data, kind=kind)
    results = _read_results(data, board_numbers, letters)
    movements = [
        (
            letter,
            _read_movement(
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
    specs = _pairs_by_section(pairs, movements)
    status = data.get("status")
    if status is not None and status not in EventStatus.values:
        raise ServiceError(
            f"status: must be one of {', '.join(EventStatus.values)}, got {json.dumps(status)[:40]}"
        )
    agreed = _agreed_rounds(
        data.get("agreed_rounds"), {(letter, r.number) for letter, m in movements for r in m.rounds}
    )
    awards = awards_read(data.get("awards"))
    ranking = data.get("ranking", RankingChoice.FIELD)
    if ranking not in RankingChoice.values:
        raise ServiceError(
            f"ranking: must be one of {', '.join(RankingChoice.values)}, got {json.dumps(ranking)[:40]}"
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


def _read_letters(data: Mapping[str, Any], *, kind: str) -> list[tuple[str, Mapping[str, Any]]]:
    """The file's sections, each (letter, the object holding its movement): ``sections`` (A, B, ...: each
    with its own movement, all playing the file's boards), or for a file of one section the file itself
    (its ``movement``, letter A)."""
    if "sections" not in data:
        return [("A", data)]
    if data.get("movement") is not None:
        raise ServiceError("movement: give each section's movement in sections, not one for the event")
    listed = _require(data, "sections", list, "")
    if not listed:
        raise ServiceError("sections: list at least one section")
    _at_most(listed, MAX_SECTIONS, "sections", "sections")
    if kind == EventKind.TEAMS and len(listed) > 1:
        raise ServiceError("sections: a team match (law G) plays in one section")
    out: list[tuple[str, Mapping[str, Any]]] = []
    for i, section in enumerate(listed):
        if not isinstance(section, dict):
            raise ServiceError(f"sections[{i}]: must be an object with a letter")
        unknown = set(section) - SECTION_KEYS
        if unknown:
            raise ServiceError(f"sections[{i}].{sorted(unknown)[0]}: not a field of a section")
        letter = _require(section, "letter", str, f"sections[{i}].")
        if len(letter) != 1 or letter not in ascii_uppercase:
            raise ServiceError(
                f"sections[{i}].letter: must be one letter A to Z, got {json.dumps(letter)[:20]}"
            )
        if any(letter == seen for seen, _ in out):
            raise ServiceError(f"sections[{i}].letter: section {letter} is listed twice")
        out.append((letter, section))
    return out


def _pairs_by_section(pairs: list[PairSpec], movements: list[tuple[str, Movement]]) -> list[list[PairSpec]]:
    """The file's pairs split by the section whose movement seats them; a pair in two sections, or in
    none, is refused (a file of one section: its movement's check, when the pairs are created)."""
    if len(movements) == 1:
        return [pairs]
    section_of: dict[str, str] = {}
    for letter, movement in movements:
        for pid in movement.pairs:
            other = section_of.setdefault(str(pid), letter)
            if other != letter:
                raise ServiceError(f"sections: pair {pid} sits in section {other} and in section {letter}")
    out: list[list[PairSpec]] = [[] for _ in movements]
    index = {letter: i for i, (letter, _) in enumerate(movements)}
    for i, spec in enumerate(pairs):
        found = section_of.get(str(spec.number))
        if found is None:
            raise ServiceError(f"pairs[{i}]: pair {spec.number} sits in no section's movement")
        out[index[found]].append(spec)
    return out


def _read_teams(data: Mapping[str, Any]) -> list[str]:
    """The file's team names (a teams event), each once."""
    teams = []
    for i, team in enumerate(data.get("teams") or []):
        if not isinstance(team, dict):
            raise ServiceError(f"teams[{i}]: must be an object with a name")
        teams.append(_require(team, "name", str, f"teams[{i}]."))
    if len(set(teams)) != len(teams):
        raise ServiceError("teams: two teams have the same name")
    return teams


def _read_pairs(data: Mapping[str, Any], teams: list[str]) -> list[PairSpec]:
    """The file's pairs: number, up to two players (names or objects: ``eventfile_players``), team; each
    number once, and each membership number given to one player."""
    pairs: list[PairSpec] = []
    given: list[PlayerSpec] = []
    listed = _require(data, "pairs", list, "")
    _at_most(listed, MAX_PAIRS, "pairs", "pairs (two a table)")
    for i, pair in enumerate(listed):
        where = f"pairs[{i}]"
        if not isinstance(pair, dict):
            raise ServiceError(f"{where}: must be an object")
        number = _pair_id(pair.get("number"), f"{where}.number")
        first, second = player_items_read(pair.get("players", ["", ""]), f"{where}.players")
        given += [first, second]
        team = pair.get("team")
        if team is not None and team not in teams:
            raise ServiceError(f"{where}.team: {team!r} is not one of the teams")
        pairs.append(PairSpec(number=number, players=(first, second), team=team))
    numbers = [p.number for p in pairs]
    if len(set(numbers)) != len(numbers):
        dup = next(n for n in numbers if numbers.count(n) > 1)
        raise ServiceError(f"pairs: pair {dup} is listed twice")
    numbers_unique(given)
    return pairs


def boards_read(data: Mapping[str, Any]) -> tuple[list[int], dict[int, str], dict[int, str]]:
    """The file's board numbers (each once), and the deals and dealers given for them."""
    deals: dict[int, str] = {}
    dealers: dict[int, str] = {}
    board_numbers: list[int] = []
    listed = _require(data, "boards", list, "")
    _at_most(listed, MAX_PLAYS, "boards", "boards")
    for i, board in enumerate(listed):
        where = f"boards[{i}]."
        if not isinstance(board, dict):
            raise ServiceError(f"boards[{i}]: must be an object")
        number = _require(board, "number", int, where)
        if number < 1:
            raise ServiceError(f"{where}number: must be 1 or more, got {number}")
        in_range(f"{where}number", number, Board, "number")
        if number in board_numbers:
            raise ServiceError(f"{where}number: board {number} is listed twice")
        board_numbers.append(number)
        dealer = board.get("dealer")
        if dealer is not None:
            if dealer not in ("N", "E", "S", "W"):
                raise ServiceError(f"{where}dealer: must be N, E, S or W, got {json.dumps(dealer)[:20]}")
            dealers[number] = dealer
        deal = board.get("deal") or ""
        if not isinstance(deal, str):
            raise ServiceError(f"{where}deal: must be a PBN deal as text")
        if deal:
            deals[number] = deal
    return board_numbers, deals, dealers


def vulnerable_read(data: Mapping[str, Any]) -> dict[int, str]:
    """The boards' ``vulnerability`` where given (PBN's words, law 77), by board number; the shape of the
    boards was checked by :func:`boards_read`."""
    out: dict[int, str] = {}
    for i, board in enumerate(data["boards"]):
        value = board.get("vulnerability")
        if value is None or value == "":
            continue
        try:
            out[board["number"]] = parse_vulnerability(value).value
        except ScoringError as exc:
            raise ServiceError(f"boards[{i}].{exc}") from None
    return out


def _read_results(
    data: Mapping[str, Any], board_numbers: list[int], letters: list[tuple[str, Mapping[str, Any]]]
) -> list[dict[str, Any]]:
    """The file's result rows, their places (section, round, table, board, pairs) checked; the results
    themselves are checked when they are scored. A row's section may be left out when there is one."""
    results = data.get("results") or []
    if not isinstance(results, list):
        raise ServiceError("results: must be a list")
    _at_most(results, MAX_PLAYS, "results", "results")
    for i, row in enumerate(results):
        if not isinstance(row, dict):
            raise ServiceError(f"results[{i}]: must be an object")
        for key, model, column in (
            ("round", Round, "number"),
            ("table", Seating, "table"),
            ("board", Board, "number"),
        ):
            value = _require(row, key, int, f"results[{i}].")
            if value < 1:
                raise ServiceError(f"results[{i}].{key}: must be 1 or more, got {value}")
            in_range(f"results[{i}].{key}", value, model, column)
        for key in ("ns", "ew"):
            if key not in row:
                raise ServiceError(f"results[{i}].{key}: missing")
            _pair_id(row[key], f"results[{i}].{key}")
        if row["board"] not in board_numbers:
            raise ServiceError(f"results[{i}].board: board {row['board']} is not in the boards list")
    names = [letter for letter, _ in letters]
    rows = []
    for i, row in enumerate(results):
        letter = row.get("section", names[0] if len(names) == 1 else None)
        if letter is None:
            raise ServiceError(f"results[{i}].section: missing (the event has {len(names)} sections)")
        if letter not in names:
            raise ServiceError(
                f"results[{i}].section: must be one of {', '.join(names)}, got {json.dumps(letter)[:20]}"
            )
        rows.append({**row, "section": letter})
    return rows


def _read_movement(
    data: Mapping[str, Any],
    results: list[dict[str, Any]],
    pairs: list[PairSpec],
    *,
    kind: str,
    teams: list[str],
    board_numbers: list[int],
    where: str = "",
) -> Movement:
    """The file's (or a section's) movement, or the one its results show; its pairs and boards must be the
    file's."""
    if data.get("movement") is not None:
        if not isinstance(data["movement"], dict):
            raise ServiceError(f"{where}movement: must be an object")
        try:
            movement = Movement.from_dict(data["movement"])
        except MovementError as exc:
            raise ServiceError(f"{where}movement: {exc}") from None
    else:
        movement = movement_from_results(results, pairs, kind=kind, teams=teams)
    if kind == EventKind.TEAMS and teams and movement.teams is None:
        movement = with_teams(movement, pairs, teams)
    if pairs:
        numbers = [p.number for p in pairs]
        for pid in movement.pairs:
            if str(pid) not in numbers:
                raise ServiceError(
                    f"{where}movement: pair {pid} sits in the movement but is not in the pairs list"
                )
    missing_boards = set(movement.boards) - set(board_numbers)
    if missing_boards:
        raise ServiceError(f"boards: board {min(missing_boards)} is played in the movement but not listed")
    return movement


def _agreed_rounds(
    value: Any, rounds: set[tuple[str, int]]
) -> dict[tuple[str, int], tuple[dt.datetime | None, str]]:
    """``agreed_rounds``: the rounds whose scores were made up and agreed (law E), each
    ``{"round": 2, "at": "1916-03-04T21:05:00+00:00", "by": "director"}`` ("at" and "by" optional; a
    "section" letter when the event has several)."""
    if value is None:
        return {}
    if not isinstance(value, list):
        raise ServiceError("agreed_rounds: must be a list of rounds")
    agreed: dict[tuple[str, int], tuple[dt.datetime | None, str]] = {}
    letters = sorted({letter for letter, _ in rounds})
    for i, item in enumerate(value):
        where = f"agreed_rounds[{i}]."
        if not isinstance(item, dict):
            raise ServiceError(f"agreed_rounds[{i}]: must be an object with a round")
        unknown = set(item) - {"section", "round", "at", "by"}
        if unknown:
            raise ServiceError(f"{where}{sorted(unknown)[0]}: not a field of an agreed round")
        letter = item.get("section", letters[0] if len(letters) == 1 else None)
        if letter not in letters:
            raise ServiceError(
                f"{where}section: must be one of {', '.join(letters)}, got {json.dumps(letter)[:20]}"
            )
        number = _require(item, "round", int, where)
        if (letter, number) not in rounds:
            raise ServiceError(f"{where}round: round {number} is not a round of the movement")
        if (letter, number) in agreed:
            raise ServiceError(f"{where}round: round {number} is listed twice")
        at = None
        if item.get("at") is not None:
            text = _require(item, "at", str, where)
            try:
                at = dt.datetime.fromisoformat(text)
                at = (at if at.tzinfo else at.replace(tzinfo=dt.UTC)).astimezone(dt.UTC)
            except (ValueError, OverflowError):
                raise ServiceError(
                    f"{where}at: must be a date and time like 1916-03-04T21:05:00+00:00, got {text[:40]!r}"
                ) from None
        by = item.get("by") or ""
        if not isinstance(by, str):
            raise ServiceError(f"{where}by: must be a user name as text")
        agreed[(letter, number)] = (at, by)
    return agreed


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
    for i, row in enumerate(results):
        if progress is not None and i % PROGRESS_STEP == 0:
            progress(i)
        key = (row["section"], row["round"], row["table"], row["board"])
        play = plays.get(key)
        if play is None:
            where = f" of section {row['section']}" if len(sections) > 1 else ""
            raise ServiceError(
                f"results[{i}]: board {row['board']} is not played at table {row['table']}{where} "
                f"in round {row['round']}"
            )
        pk, deal, ns, ew, entered, vulnerability = play
        if (ns, ew) != (str(row["ns"]).strip(), str(row["ew"]).strip()):
            raise ServiceError(
                f"results[{i}]: table {row['table']} in round {row['round']} seats "
                f"{ns} v {ew}, not {row['ns']} v {row['ew']}"
            )
        if entered or pk in seen:
            raise ServiceError(f"results[{i}]: a second result for the same board, table and round")
        seen.add(pk)
        data = {k: v for k, v in row.items() if k not in PLACE_KEYS}
        try:
            fields = result_fields(
                code=event.code, deal=hands.get(deal, deal), data=data, vulnerability=vulnerability
            )
        except ResultError as exc:
            raise ServiceError(
                f"results[{i}].{exc}" if not str(exc).startswith(" ") else f"results[{i}]{exc}"
            ) from None
        changed.append((pk, fields))
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
    out["results"] = []
    seatings = {s.pk: s for s in snapshot.seatings}
    labels = {p.pk: p.label for p in snapshot.pairs}
    for play in snapshot.plays:
        result = play_result_data(play)
        if result is None:
            continue
        seating = seatings[play.seating_id]
        out["results"].append(
            {
                **({"section": letters[seating.section_id]} if several else {}),
                "round": seating.round,
                "table": seating.table,
                "board": play.board,
                "ns": labels[play.ns_pair_id],
                "ew": labels[play.ew_pair_id],
                **result,
            }
        )
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
