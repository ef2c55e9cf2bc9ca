"""Build a new contract event from another scorer's USEBIO 1.2 file (``scoring.usebio.read_usebio``).

The file becomes an event file (``duplicate.services.eventfile``) and is loaded by ``event_import`` in one
transaction: all or nothing. Kalamazoo recomputes the standings itself; what the file's scorer published (each
pair's total, percentage and place, each line's matchpoints or IMPs, each Butler board's datum) is kept beside
them, in the same transaction (:func:`keep_published`), and a pairs event that has any is shown as published
(``Event.results_source``) until the director switches it to the recomputation.

Rounds, where the file has none (pairs files seldom carry them), are inferred: the lines of one meeting
(the same N-S and E-W pairs of one section: a return meeting with the directions swapped is another) are one
table in one round, their boards that round's boards. Boards played together in any meeting are a board group
(a round's boards, or a set that travels); the groups, in the order of their lowest board, go whole into the
first round where none of their pairs sits (docs/usebio.md says why the rounds are lawful, and are the rounds
played when every table plays the round's boards). A meeting that played fewer boards than another of its round
holding all of its own (a board a table did not play, as time ran out) is given that meeting's boards, the
missing ones left unplayed there; any other meeting plays the boards it played, however many. The event's
movement is a custom one (or a compass one when the pairs keep their tables and every meeting is full). A file
whose lines carry their rounds (a team file's MATCHes) keeps them, each meeting at the same table in every round
it plays; a team match whose pairs keep their tables is read as law G's team movement, scored by IMPs.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from duplicate.contests import CONTRACT_CODE, usebio_contest
from duplicate.models import Board, Event, EventKind, Pair, Play, ResultsSource
from duplicate.services.errors import ServiceError
from duplicate.services.eventfile import event_import
from duplicate.uploads import MAX_USEBIO_FILE, too_large
from scoring.deal import Deal
from scoring.errors import ScoringError
from scoring.leads import check_lead, parse_lead
from scoring.movements import MAX_PLAYS
from scoring.usebio import UsebioError, UsebioEvent, UsebioLine, UsebioPlayer, read_usebio

PERCENTS = (60, 50, 40)  # law 12C2's artificial adjusted scores Kalamazoo records
Meeting = tuple[str | None, str, str]  # (section, N-S pair, E-W pair)
MeetingLines = tuple[Meeting, list[UsebioLine]]


def _contest(usebio: UsebioEvent) -> str:
    # A team match of contract bridge: IMPs and VPs (law G's place); pairs by the file's EVENT_TYPE or
    # BOARD_SCORING_METHOD.
    contest = usebio_contest(usebio.event_type, usebio.board_scoring_method or "", teams=usebio.is_teams)
    if contest is not None:
        return contest.stored
    raise ServiceError(
        _(
            "EVENT_TYPE: %(event_type)s with BOARD_SCORING_METHOD %(method)s is not an event Kalamazoo scores "
            "(matchpoints, Butler or cross-IMP pairs, or a team match)"
        )
        % {"event_type": repr(usebio.event_type), "method": repr(usebio.board_scoring_method)}
    )


def _result(line: UsebioLine, deal: Deal | None = None) -> dict[str, Any]:
    """A line's result in the event file's shape."""
    if line.adjustment is not None:
        ns, ew = line.adjustment.ns_percent, line.adjustment.ew_percent
        if ns not in PERCENTS or ew not in PERCENTS:
            raise ServiceError(
                _(
                    "board %(board)s, %(ns)s v %(ew)s: SCORE %(score)s: only 60, 50 and 40 per cent are "
                    "artificial adjusted scores (law 12C2)"
                )
                % {"board": line.board, "ns": line.ns_pair, "ew": line.ew_pair, "score": line.adjustment}
            )
        return {"ruling": f"A{ns}/{ew}"}
    if line.passed_out:
        return {"contract": "PASS"}
    contract = line.contract
    if contract is None or line.declarer is None or line.tricks is None:
        raise ServiceError(
            _("board %(board)s, %(ns)s v %(ew)s: a line needs its CONTRACT, PLAYED_BY and TRICKS")
            % {"board": line.board, "ns": line.ns_pair, "ew": line.ew_pair}
        )
    written = f"{contract.level}{contract.strain.value}{'x' * contract.doubling.value}"
    lead = _lead(line, deal)
    return {
        "contract": written,
        "declarer": line.declarer.value,
        "tricks": line.tricks,
        **({"lead": lead} if lead else {}),
    }


def _lead(line: UsebioLine, deal: Deal | None) -> str:
    """A line's LEAD as Kalamazoo stores a card ("S5"); "" when there is none. Compscore writes the suit
    then the rank (``<LEAD>S5</LEAD>``, tests/data/usebio/compscore_butler_pairs.xml); other scorers write
    ``D10`` or ``TD``, read alike (``scoring.leads.parse_lead``). A lead the file's own hands say the
    leader did not hold (law 41A: the defender on declarer's left leads) is left out: Compscore's file above
    has one (S5 against North's 3NT, North holding it), and the entry would refuse it."""
    if not line.lead:
        return ""
    try:
        card = parse_lead(line.lead)
    except ScoringError:
        raise ServiceError(
            _("board %(board)s, %(ns)s v %(ew)s: LEAD %(lead)s is not a card (S5, HK, D10)")
            % {"board": line.board, "ns": line.ns_pair, "ew": line.ew_pair, "lead": repr(line.lead)}
        ) from None
    try:
        return check_lead(card, declarer=line.declarer, hands=deal.hands if deal is not None else ())
    except ScoringError:
        return ""


def _given_rounds(meetings: dict[Meeting, list[UsebioLine]]) -> list[tuple[int, int, UsebioLine]]:
    """The lines' own rounds; each meeting at the table it had before when that is free in the round, else at
    the round's lowest free table."""
    slots: dict[tuple[int, Meeting], list[UsebioLine]] = defaultdict(list)
    for key, group in meetings.items():
        for line in group:
            slots[(int(line.round or 0), key)].append(line)
    table_of: dict[Meeting, int] = {}
    used: dict[int, set[int]] = defaultdict(set)
    out: list[tuple[int, int, UsebioLine]] = []
    for (rnd, key), group in sorted(slots.items(), key=lambda kv: kv[0][0]):
        table = table_of.get(key)
        if table is None or table in used[rnd]:
            table = next(t for t in range(1, len(slots) + 2) if t not in used[rnd])
        table_of[key] = table
        used[rnd].add(table)
        out.extend((rnd, table, line) for line in group)
    return out


def _meeting_order(item: MeetingLines) -> tuple[int, str, str, str]:
    """Meetings in the order of their first board, then by section and pairs: the same rounds whatever order
    the file lists its boards and lines in."""
    (section, ns, ew), group = item
    return min(line.board for line in group), section or "", ns, ew


def _board_groups(meetings: dict[Meeting, list[UsebioLine]]) -> list[list[MeetingLines]]:
    """The meetings by board group: boards played together in any meeting are one group (a round's boards
    where every table plays them, or a set that travels from table to table); each group's meetings in
    meeting order, the groups in the order of their lowest board."""
    parent: dict[int, int] = {}

    def root(board: int) -> int:
        while parent.setdefault(board, board) != board:
            parent[board] = parent[parent[board]]
            board = parent[board]
        return board

    for group in meetings.values():
        for line in group[1:]:
            parent[root(line.board)] = root(group[0].board)
    groups: dict[int, list[MeetingLines]] = defaultdict(list)
    for item in sorted(meetings.items(), key=_meeting_order):
        groups[root(item[1][0].board)].append(item)
    return list(groups.values())  # first seen in meeting order: by lowest board


def infer_rounds(lines: list[UsebioLine]) -> list[tuple[int, int, UsebioLine]]:
    """Each line with its (round, table), as the module's docstring says: the lines' own rounds when they all
    carry one; otherwise the board groups' meetings packed into rounds, first fit."""
    meetings: dict[Meeting, list[UsebioLine]] = defaultdict(list)
    for line in lines:
        meetings[(line.section, line.ns_pair, line.ew_pair)].append(line)
    if all(line.round is not None for line in lines):
        return _given_rounds(meetings)
    rounds: list[set[str]] = []  # the pairs seated in each round
    placed: list[tuple[int, int, UsebioLine]] = []
    for group in _board_groups(meetings):
        seats = [{f"{section}:{ns}", f"{section}:{ew}"} for (section, ns, ew), _lines in group]
        everyone = set().union(*seats)
        # A group whose meetings share no pair (every regular one: a pair plays each board once) goes whole
        # into the first round where none of its pairs sits; otherwise each meeting into its own first fit.
        whole = _first_free(rounds, everyone) if len(everyone) == 2 * len(seats) else None
        for (_key, group_lines), seated in zip(group, seats, strict=True):
            number = whole if whole is not None else _first_free(rounds, seated)
            table = len(rounds[number]) // 2 + 1
            rounds[number] |= seated
            placed.extend((number + 1, table, line) for line in group_lines)
    return placed


def _first_free(rounds: list[set[str]], seated: set[str]) -> int:
    """The first round (from 0) where none of ``seated`` sits yet; a new round when there is none."""
    number = next((i for i, pairs in enumerate(rounds) if not pairs & seated), len(rounds))
    if number == len(rounds):
        rounds.append(set())
    return number


def _round_boards(placed: list[tuple[int, int, UsebioLine]]) -> dict[tuple[int, int], tuple[int, ...]] | None:
    """Each (round, table)'s boards in the movement, or None when every meeting plays as many boards (the
    results alone then give the movement). A meeting that played fewer boards than another of its round
    holding all of its own (a board a table did not play, as time ran out) is given that meeting's boards,
    the others left unplayed there, unless one of its pairs plays one of them elsewhere; any other meeting
    plays the boards it played, however many (a custom movement's table plays up to the most a table plays
    in a round)."""
    played: dict[tuple[int, int], set[int]] = defaultdict(set)
    pairs: dict[tuple[int, int], tuple[str, str]] = {}
    held: dict[str, set[int]] = defaultdict(set)  # each pair's boards, all session
    for rnd, table, line in placed:
        played[(rnd, table)].add(line.board)
        pairs[(rnd, table)] = (line.ns_pair, line.ew_pair)
        held[line.ns_pair].add(line.board)
        held[line.ew_pair].add(line.board)
    out: dict[tuple[int, int], tuple[int, ...]] = {}
    for (rnd, table), boards in sorted(played.items()):
        covers = [
            other
            for (r, _t), other in played.items()
            if r == rnd
            and len(other) > len(boards)
            and boards < other
            and not any((other - boards) & held[pair] for pair in pairs[(rnd, table)])
        ]
        # The largest such meeting (the first in board order among equals): the round's whole set.
        chosen = min(covers, key=lambda other: (-len(other), sorted(other))) if covers else boards
        out[(rnd, table)] = tuple(sorted(chosen))
    if len({len(b) for b in out.values()}) == 1 and all(set(out[key]) == played[key] for key in out):
        return None
    return out


def _movement(
    placed: list[tuple[int, int, UsebioLine]], boards: dict[tuple[int, int], tuple[int, ...]]
) -> dict[str, Any]:
    """The custom movement (the event file's ``movement``) of the placed lines, each table playing ``boards``."""
    seats = {(rnd, table): (line.ns_pair, line.ew_pair) for rnd, table, line in placed}

    def pair_id(number: str) -> int | str:
        return int(number) if number.isdecimal() else number

    rounds = [
        {
            "round": rnd,
            "tables": [
                {
                    "table": t,
                    "ns": pair_id(seats[(r, t)][0]),
                    "ew": pair_id(seats[(r, t)][1]),
                    "boards": list(b),
                }
                for (r, t), b in sorted(boards.items())
                if r == rnd
            ],
        }
        for rnd in sorted({r for r, _t in boards})
    ]
    return {
        "kind": "custom",
        "tables": max(t for _r, t in boards),
        "boards_per_round": max(len(b) for b in boards.values()),
        "rounds": rounds,
    }


def _player_item(player: UsebioPlayer) -> str | dict[str, str]:
    """A player as the event file gives it: the plain name, or an object with the player's NATIONAL_ID_NUMBER
    (``number``: a USEBIO file names no body, so the roster's one holder of the number, whatever the body,
    is the player: ``services.players.roster_players``) and CLUB_ID_NUMBER (``club_number``)."""
    if player.national_id is None and player.club_id is None:
        return player.name
    item = {"name": player.name}
    if player.national_id is not None:
        item["number"] = player.national_id
    if player.club_id is not None:
        item["club_number"] = player.club_id
    return item


def usebio_event_data(usebio: UsebioEvent) -> dict[str, Any]:
    """The USEBIO event as an event file (``duplicate.services.eventfile``)."""
    lines = list(usebio.all_lines())
    if not lines:
        raise ServiceError(_("BOARD: the file has no traveller lines"))
    sections = {line.section for line in lines} | {p.section for p in usebio.pairs}
    if len(sections) > 1:
        raise ServiceError(
            _("SECTION: the file has %(count)d sections; Kalamazoo imports one") % {"count": len(sections)}
        )
    contest = _contest(usebio)
    numbers = sorted({line.board for line in lines} | {b.number for b in usebio.boards})
    given = {b.number: b for b in usebio.boards}
    boards = []
    for number in numbers:
        entry: dict[str, Any] = {"number": number}
        if number in given:
            board = given[number]
            entry.update(
                deal=board.deal.to_pbn(), dealer=board.dealer.value, vulnerability=board.vulnerability.value
            )
        boards.append(entry)
    members = [(p, None) for p in usebio.pairs] + [(p, t.name) for t in usebio.teams for p in t.pairs]
    listed = {p.number for p, _team in members}
    named: list[dict[str, Any]] = [
        {
            "number": p.number,
            "players": [_player_item(pl) for pl in p.players[:2]],
            **({"team": team} if team else {}),
        }
        for p, team in members
    ]
    playing = {n for line in lines for n in (line.ns_pair, line.ew_pair)}
    named += [{"number": n} for n in sorted(playing - listed)]
    placed = infer_rounds(lines)
    results = [
        {
            "round": rnd,
            "table": table,
            "board": line.board,
            "ns": line.ns_pair,
            "ew": line.ew_pair,
            **_result(line, given[line.board].deal if line.board in given else None),
        }
        for rnd, table, line in placed
    ]
    teams = {"teams": [{"name": t.name} for t in usebio.teams]} if usebio.is_teams else {}
    table_boards = None if usebio.is_teams else _round_boards(placed)
    movement = {"movement": _movement(placed, table_boards)} if table_boards else {}
    return {
        **teams,
        "name": usebio.name or "USEBIO import",
        "date": (usebio.date.isoformat() if usebio.date else "2000-01-01"),
        "code": CONTRACT_CODE,
        "kind": "teams" if usebio.is_teams else "pairs",
        "contest": contest,
        "pairs": named,
        "boards": boards,
        "results": results,
        **movement,
    }


@transaction.atomic
def usebio_import(*, data: bytes) -> Event:
    """A new event from a USEBIO file, in one transaction; ServiceError (one line) for a bad file, one
    larger than ``MAX_USEBIO_FILE``, or one of more traveller lines than an event holds results
    (``MAX_PLAYS``: counted before any line is read)."""
    if len(data) > MAX_USEBIO_FILE:
        raise ServiceError(f"usebio: {too_large(MAX_USEBIO_FILE)}")
    try:
        usebio = read_usebio(data, max_lines=MAX_PLAYS)
    except UsebioError as exc:
        raise ServiceError(str(exc)) from None
    try:
        event = event_import(data=usebio_event_data(usebio))
    except ServiceError as exc:
        raise ServiceError(_("%(problem)s (as Kalamazoo reads the USEBIO file)") % {"problem": exc}) from None
    keep_published(event=event, usebio=usebio)
    return event


def _fitting(text: str | None, field: str) -> str:
    """A published text as stored: "" for none; one longer than its field is refused, naming it."""
    if text is None:
        return ""
    limit = getattr(Pair._meta.get_field(field), "max_length", None) or 0
    if len(text) > limit:
        raise ServiceError(
            _("%(field)s: %(text)s is longer than %(limit)d characters")
            % {"field": field, "text": repr(text), "limit": limit}
        )
    return text


def keep_published(*, event: Event, usebio: UsebioEvent) -> bool:
    """Store what the file's scorer published on the event just imported from it (pairs by number, lines by
    board and pairs, boards by number); a pairs event with any figure is then shown as published. Whether
    any was kept. Called inside :func:`usebio_import`'s transaction."""
    pairs = {p.number: p for p in Pair.objects.filter(event=event).only("pk", "number")}
    changed_pairs = []
    for given in (*usebio.pairs, *(p for t in usebio.teams for p in t.pairs)):
        pair = pairs.get(given.number)
        if pair is None:
            continue
        pair.published_score = _fitting(given.published_score, "published_score")
        pair.published_percentage = _fitting(given.published_percentage, "published_percentage")
        pair.published_place = _fitting(given.published_place, "published_place")
        if pair.published_score or pair.published_percentage or pair.published_place:
            changed_pairs.append(pair)
    Pair.objects.bulk_update(changed_pairs, ["published_score", "published_percentage", "published_place"])
    figures = {
        (line.board, line.ns_pair, line.ew_pair): (line.published_ns, line.published_ew)
        for line in usebio.all_lines()
        if line.published_ns is not None or line.published_ew is not None
    }
    plays = Play.objects.filter(event=event).values_list(
        "pk", "board__number", "ns_pair__number", "ew_pair__number"
    )
    changed_plays = []
    for pk, board, ns, ew in plays:
        found = figures.get((board, ns, ew))
        if found is not None:
            ns_text, ew_text = (_fitting(text, "published_score") for text in found)
            changed_plays.append(Play(pk=pk, published_ns=ns_text, published_ew=ew_text))
    Play.objects.bulk_update(changed_plays, ["published_ns", "published_ew"], batch_size=500)
    datums = dict(usebio.published_datums)
    boards = list(Board.objects.filter(event=event, number__in=list(datums)).only("pk", "number"))
    for kept_board in boards:
        kept_board.published_datum = datums[kept_board.number]
    Board.objects.bulk_update(boards, ["published_datum"])
    kept = bool(changed_pairs or changed_plays or boards)
    if kept and event.kind == EventKind.PAIRS:
        event.results_source = ResultsSource.PUBLISHED
        event.save(update_fields=["results_source"])
    return kept
