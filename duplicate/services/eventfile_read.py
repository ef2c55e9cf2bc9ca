"""The event file's parts read and checked (``duplicate.services.eventfile``): the JSON itself (its sizes and
texts), the teams, pairs, boards, sections, movements and agreed rounds. Each reader returns plain values or
refuses the file with a one-line ``ServiceError`` naming the field (``pairs[3].number: ...``); nothing here
writes. The results' rows are read in ``eventfile_results``.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Mapping
from string import ascii_uppercase
from typing import Any

from django.utils.translation import gettext as _

from duplicate.l10n import grouped
from duplicate.models import Board, EventKind
from duplicate.services.errors import ServiceError, in_range, key_problem, text_problem
from duplicate.services.eventfile_players import numbers_unique, player_items_read
from duplicate.services.events import MAX_SECTIONS, PairSpec
from duplicate.services.players import PlayerSpec
from duplicate.services.results_movement import movement_from_results, with_teams
from scoring.errors import ScoringError
from scoring.law77 import parse_vulnerability
from scoring.movements import MAX_PAIRS, MAX_PLAYS, Movement, MovementError

SECTION_KEYS = {"letter", "movement"}


def require(obj: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in obj:
        raise ServiceError(_("%(field)s: missing") % {"field": f"{where}{key}"})
    value = obj[key]
    if isinstance(value, bool) or not isinstance(value, kind):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise ServiceError(
            _must_be(names) % {"field": f"{where}{key}", "kind": names, "value": json.dumps(value)[:40]}
        )
    return value


def at_most(items: list[Any], limit: int, field: str, what: str) -> None:
    """A list of the file no longer than a movement can use (the limits of ``scoring.movements``), refused
    before any of it is read."""
    if len(items) > limit:
        raise ServiceError(
            _at_most(what) % {"field": field, "limit": grouped(limit), "count": grouped(len(items))}
        )


def _at_most(what: str) -> str:
    """The sentence refusing a list of the file longer than a movement can use: ``what`` it lists."""
    return {
        "results": _("%(field)s: at most %(limit)s results in an event, got %(count)s"),
        "boards": _("%(field)s: at most %(limit)s boards in an event, got %(count)s"),
        "pairs (two a table)": _(
            "%(field)s: at most %(limit)s pairs (two a table) in an event, got %(count)s"
        ),
        "sections": _("%(field)s: at most %(limit)s sections in an event, got %(count)s"),
    }[what]


def _must_be(names: str) -> str:
    """The sentence refusing a value of the wrong JSON type: ``names`` the Python types it must be."""
    return {
        "str": _("%(field)s: must be text, got %(value)s"),
        "int": _("%(field)s: must be a whole number, got %(value)s"),
        "list": _("%(field)s: must be a list, got %(value)s"),
        "dict": _("%(field)s: must be an object, got %(value)s"),
        "int or str": _("%(field)s: must be a number or text, got %(value)s"),
    }.get(names) or _("%(field)s: must be %(kind)s, got %(value)s")


def pair_id(value: Any, where: str) -> str:
    if isinstance(value, bool) or not isinstance(value, int | str) or str(value).strip() == "":
        raise ServiceError(
            _("%(field)s: a pair is a number or text, got %(value)s")
            % {"field": where, "value": json.dumps(value)[:40]}
        )
    return str(value).strip()


def parse_json(text: str) -> dict[str, Any]:
    """The event file's object; every text in it (keys too) one the database can store."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ServiceError(
            _("event file: not valid JSON (line %(line)d, column %(column)d: %(problem)s)")
            % {"line": exc.lineno, "column": exc.colno, "problem": exc.msg}
        ) from None
    except RecursionError:
        raise ServiceError(_("event file: not valid JSON (nested too deeply)")) from None
    except ValueError as exc:  # e.g. a number of more than 4,300 digits
        raise ServiceError(_("event file: not valid JSON (%(problem)s)") % {"problem": exc}) from None
    if not isinstance(data, dict):
        raise ServiceError(_("event file: must be a JSON object"))
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
            at_most(data[key], limit, key, what)


#: A JSON escape that may give a NUL or a surrogate (``\\u0000``, ``\\ud800``): without one, and without
#: either in the text itself, no text of the file has a problem, and it is not walked.
_ESCAPED_PROBLEM = re.compile(r"\\u(?:0000|[dD][89a-fA-F][0-9a-fA-F]{2})")


def _whole_file() -> str:
    """What a refusal names when the problem is the file's own object rather than one of its fields."""
    return _("event file")


def _check_texts(data: dict[str, Any]) -> None:
    """Refuse a NUL character or a lone surrogate (``"\\ud800"``) anywhere in the file, naming where: no
    database column holds them. Walked without recursion (json.loads has bounded the depth already)."""
    stack: list[tuple[str, Any]] = [("", data)]
    while stack:
        where, value = stack.pop()
        if isinstance(value, str):
            problem = text_problem(value)
            if problem is not None:
                raise ServiceError(f"{where or _whole_file()}: {problem}")
        elif isinstance(value, dict):
            for key, item in value.items():
                path = f"{where}.{key}" if where else str(key)
                problem = key_problem(key)
                if problem is not None:
                    raise ServiceError(f"{where or _whole_file()}: {problem}")
                stack.append((path, item))
        elif isinstance(value, list):
            stack.extend((f"{where}[{i}]", item) for i, item in enumerate(value))


def result_count(data: Mapping[str, Any]) -> int:
    """How many results the file gives (what its import's time goes with)."""
    results = data.get("results")
    return len(results) if isinstance(results, list) else 0


def letters_read(data: Mapping[str, Any], *, kind: str) -> list[tuple[str, Mapping[str, Any]]]:
    """The file's sections, each (letter, the object holding its movement): ``sections`` (A, B, ...: each
    with its own movement, all playing the file's boards), or for a file of one section the file itself
    (its ``movement``, letter A)."""
    if "sections" not in data:
        return [("A", data)]
    if data.get("movement") is not None:
        raise ServiceError(_("movement: give each section's movement in sections, not one for the event"))
    listed = require(data, "sections", list, "")
    if not listed:
        raise ServiceError(_("sections: list at least one section"))
    at_most(listed, MAX_SECTIONS, "sections", "sections")
    if kind == EventKind.TEAMS and len(listed) > 1:
        raise ServiceError(_("sections: a team match (law G) plays in one section"))
    out: list[tuple[str, Mapping[str, Any]]] = []
    for i, section in enumerate(listed):
        if not isinstance(section, dict):
            raise ServiceError(_("%(field)s: must be an object with a letter") % {"field": f"sections[{i}]"})
        unknown = set(section) - SECTION_KEYS
        if unknown:
            raise ServiceError(
                _("%(field)s: not a field of a section") % {"field": f"sections[{i}].{sorted(unknown)[0]}"}
            )
        letter = require(section, "letter", str, f"sections[{i}].")
        if len(letter) != 1 or letter not in ascii_uppercase:
            raise ServiceError(
                _("%(field)s: must be one letter A to Z, got %(value)s")
                % {"field": f"sections[{i}].letter", "value": json.dumps(letter)[:20]}
            )
        if any(letter == seen for seen, _section in out):
            raise ServiceError(
                _("%(field)s: section %(letter)s is listed twice")
                % {"field": f"sections[{i}].letter", "letter": letter}
            )
        out.append((letter, section))
    return out


def pairs_by_section(pairs: list[PairSpec], movements: list[tuple[str, Movement]]) -> list[list[PairSpec]]:
    """The file's pairs split by the section whose movement seats them; a pair in two sections, or in
    none, is refused (a file of one section: its movement's check, when the pairs are created)."""
    if len(movements) == 1:
        return [pairs]
    section_of: dict[str, str] = {}
    for letter, movement in movements:
        for pid in movement.pairs:
            other = section_of.setdefault(str(pid), letter)
            if other != letter:
                raise ServiceError(
                    _("sections: pair %(pair)s sits in section %(first)s and in section %(second)s")
                    % {"pair": pid, "first": other, "second": letter}
                )
    out: list[list[PairSpec]] = [[] for _movement in movements]
    index = {letter: i for i, (letter, _movement) in enumerate(movements)}
    for i, spec in enumerate(pairs):
        found = section_of.get(str(spec.number))
        if found is None:
            raise ServiceError(
                _("%(field)s: pair %(pair)s sits in no section's movement")
                % {"field": f"pairs[{i}]", "pair": spec.number}
            )
        out[index[found]].append(spec)
    return out


def teams_read(data: Mapping[str, Any]) -> list[str]:
    """The file's team names (a teams event), each once."""
    teams = []
    for i, team in enumerate(data.get("teams") or []):
        if not isinstance(team, dict):
            raise ServiceError(_("%(field)s: must be an object with a name") % {"field": f"teams[{i}]"})
        teams.append(require(team, "name", str, f"teams[{i}]."))
    if len(set(teams)) != len(teams):
        raise ServiceError(_("teams: two teams have the same name"))
    return teams


def pairs_read(data: Mapping[str, Any], teams: list[str]) -> list[PairSpec]:
    """The file's pairs: number, up to two players (names or objects: ``eventfile_players``), team; each
    number once, and each membership number given to one player."""
    pairs: list[PairSpec] = []
    given: list[PlayerSpec] = []
    listed = require(data, "pairs", list, "")
    at_most(listed, MAX_PAIRS, "pairs", "pairs (two a table)")
    for i, pair in enumerate(listed):
        where = f"pairs[{i}]"
        if not isinstance(pair, dict):
            raise ServiceError(_("%(field)s: must be an object") % {"field": where})
        number = pair_id(pair.get("number"), f"{where}.number")
        first, second = player_items_read(pair.get("players", ["", ""]), f"{where}.players")
        given += [first, second]
        team = pair.get("team")
        if team is not None and team not in teams:
            raise ServiceError(
                _("%(field)s: %(team)s is not one of the teams")
                % {"field": f"{where}.team", "team": repr(team)}
            )
        pairs.append(PairSpec(number=number, players=(first, second), team=team))
    numbers = [p.number for p in pairs]
    if len(set(numbers)) != len(numbers):
        dup = next(n for n in numbers if numbers.count(n) > 1)
        raise ServiceError(_("pairs: pair %(pair)s is listed twice") % {"pair": dup})
    numbers_unique(given)
    return pairs


def boards_read(data: Mapping[str, Any]) -> tuple[list[int], dict[int, str], dict[int, str]]:
    """The file's board numbers (each once), and the deals and dealers given for them."""
    deals: dict[int, str] = {}
    dealers: dict[int, str] = {}
    board_numbers: list[int] = []
    listed = require(data, "boards", list, "")
    at_most(listed, MAX_PLAYS, "boards", "boards")
    for i, board in enumerate(listed):
        where = f"boards[{i}]."
        if not isinstance(board, dict):
            raise ServiceError(_("%(field)s: must be an object") % {"field": f"boards[{i}]"})
        number = require(board, "number", int, where)
        if number < 1:
            raise ServiceError(
                _("%(field)s: must be 1 or more, got %(value)d")
                % {"field": f"{where}number", "value": number}
            )
        in_range(f"{where}number", number, Board, "number")
        if number in board_numbers:
            raise ServiceError(
                _("%(field)s: board %(board)d is listed twice") % {"field": f"{where}number", "board": number}
            )
        board_numbers.append(number)
        dealer = board.get("dealer")
        if dealer is not None:
            if dealer not in ("N", "E", "S", "W"):
                raise ServiceError(
                    _("%(field)s: must be N, E, S or W, got %(value)s")
                    % {"field": f"{where}dealer", "value": json.dumps(dealer)[:20]}
                )
            dealers[number] = dealer
        deal = board.get("deal") or ""
        if not isinstance(deal, str):
            raise ServiceError(_("%(field)s: must be a PBN deal as text") % {"field": f"{where}deal"})
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


def movement_read(
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
            raise ServiceError(_("%(field)s: must be an object") % {"field": f"{where}movement"})
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
                    _("%(field)s: pair %(pair)s sits in the movement but is not in the pairs list")
                    % {"field": f"{where}movement", "pair": pid}
                )
    missing_boards = set(movement.boards) - set(board_numbers)
    if missing_boards:
        raise ServiceError(
            _("boards: board %(board)d is played in the movement but not listed")
            % {"board": min(missing_boards)}
        )
    return movement


def agreed_rounds_read(
    value: Any, rounds: set[tuple[str, int]]
) -> dict[tuple[str, int], tuple[dt.datetime | None, str]]:
    """``agreed_rounds``: the rounds whose scores were made up and agreed (law E), each
    ``{"round": 2, "at": "1916-03-04T21:05:00+00:00", "by": "director"}`` ("at" and "by" optional; a
    "section" letter when the event has several)."""
    if value is None:
        return {}
    if not isinstance(value, list):
        raise ServiceError(_("agreed_rounds: must be a list of rounds"))
    agreed: dict[tuple[str, int], tuple[dt.datetime | None, str]] = {}
    letters = sorted({letter for letter, _number in rounds})
    for i, item in enumerate(value):
        where = f"agreed_rounds[{i}]."
        if not isinstance(item, dict):
            raise ServiceError(
                _("%(field)s: must be an object with a round") % {"field": f"agreed_rounds[{i}]"}
            )
        unknown = set(item) - {"section", "round", "at", "by"}
        if unknown:
            raise ServiceError(
                _("%(field)s: not a field of an agreed round") % {"field": f"{where}{sorted(unknown)[0]}"}
            )
        letter = item.get("section", letters[0] if len(letters) == 1 else None)
        if letter not in letters:
            raise ServiceError(
                _("%(field)s: must be one of %(choices)s, got %(value)s")
                % {
                    "field": f"{where}section",
                    "choices": ", ".join(letters),
                    "value": json.dumps(letter)[:20],
                }
            )
        number = require(item, "round", int, where)
        if (letter, number) not in rounds:
            raise ServiceError(
                _("%(field)s: round %(round)d is not a round of the movement")
                % {"field": f"{where}round", "round": number}
            )
        if (letter, number) in agreed:
            raise ServiceError(
                _("%(field)s: round %(round)d is listed twice") % {"field": f"{where}round", "round": number}
            )
        at = None
        if item.get("at") is not None:
            text = require(item, "at", str, where)
            try:
                at = dt.datetime.fromisoformat(text)
                at = (at if at.tzinfo else at.replace(tzinfo=dt.UTC)).astimezone(dt.UTC)
            except (ValueError, OverflowError):
                raise ServiceError(
                    _("%(field)s: must be a date and time like 1916-03-04T21:05:00+00:00, got %(value)s")
                    % {"field": f"{where}at", "value": repr(text[:40])}
                ) from None
        by = item.get("by") or ""
        if not isinstance(by, str):
            raise ServiceError(_("%(field)s: must be a user name as text") % {"field": f"{where}by"})
        agreed[(letter, number)] = (at, by)
    return agreed
