"""Writes. Each service is one transaction, takes keyword-only typed arguments and is named <thing>_<verb>.

Nothing here reads a request; views call these with plain values. Bad input raises ``ServiceError`` (a
``ValueError``) with a message that names the field or the row, and nothing is written.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import models, transaction
from django.db.models import F

from duplicate import statements
from duplicate.models import (
    Board,
    Event,
    EventKind,
    EventStatus,
    MovementKind,
    Pair,
    PaperSize,
    Play,
    PlayChange,
    Player,
    Round,
    Seating,
    Section,
    TableToken,
    Team,
)
from duplicate.movements import Movement, MovementError, generate
from scoring import ScoringError
from scoring.codes import ScoringCode
from scoring.deal import Deal
from scoring.errors import show_value

SEATS = "NESW"


class ServiceError(ValueError):
    """A write refused, with one clear message; nothing was stored."""


def dealer_for(board_number: int) -> str:
    """The customary dealer rotation: board 1 North, 2 East, 3 South, 4 West, 5 North again."""
    return SEATS[(board_number - 1) % 4]


def _fits(field: str, value: str, model: type[models.Model], column: str) -> str:
    """``value`` when it fits ``model``'s ``column``, else a ServiceError naming ``field`` (PostgreSQL refuses
    a longer text; SQLite would keep it)."""
    limit = model._meta.get_field(column).max_length
    if limit is not None and len(value) > limit:
        raise ServiceError(f"{field}: at most {limit} characters, got {len(value)}")
    return value


@dataclass(frozen=True, slots=True)
class PairSpec:
    number: int | str
    players: tuple[str, str] = ("", "")
    team: str | None = None


@transaction.atomic
def event_create(
    *,
    name: str,
    date: dt.date,
    code: str,
    kind: str,
    movement: Movement,
    paper_size: str = "A4",
    pairs: Sequence[PairSpec] = (),
    teams: Sequence[str] = (),
    deals: Mapping[int, str] | None = None,
    dealers: Mapping[int, str] | None = None,
    movement_option: str = "",
) -> Event:
    """Create an event with one section laid out by ``movement``: boards, pairs, rounds, seatings and the
    empty Play rows (one board at one table in one round) that results will fill."""
    name = name.strip()
    if not name:
        raise ServiceError("name: give the event a name")
    _fits("name", name, Event, "name")
    try:
        ScoringCode(code)
    except ValueError:
        raise ServiceError(
            f"code: must be one of {', '.join(c.value for c in ScoringCode)}, got {code!r}"
        ) from None
    if kind not in EventKind.values:
        raise ServiceError(f"kind: must be one of {', '.join(EventKind.values)}, got {kind!r}")
    if paper_size not in PaperSize.values:  # (any other text: SQLite kept it, PostgreSQL refused it past 8)
        raise ServiceError(
            f"paper_size: must be one of {', '.join(PaperSize.values)}, got {show_value(paper_size)}"
        )
    if kind == EventKind.TEAMS and movement.kind not in (MovementKind.TEAMS, MovementKind.CUSTOM):
        raise ServiceError("movement: a team match (law G) needs the teams movement")
    event = Event.objects.create(name=name, date=date, code=code, kind=kind, paper_size=paper_size)
    section_populate(
        event=event,
        letter="A",
        movement=movement,
        pairs=pairs,
        teams=teams,
        deals=deals or {},
        dealers=dealers or {},
        movement_option=movement_option,
    )
    return event


def _team_names_for(movement: Movement, teams: Sequence[str]) -> dict[str, str]:
    """Map the movement's team keys ("A", "B") to the event's team names."""
    keys = list((movement.teams or {}).keys())
    if teams and len(teams) != len(keys):
        raise ServiceError(f"teams: the movement has {len(keys)} teams, the event names {len(teams)}")
    return {key: (teams[i] if teams else f"Team {key}") for i, key in enumerate(keys)}


def section_populate(
    *,
    event: Event,
    letter: str,
    movement: Movement,
    pairs: Sequence[PairSpec] = (),
    teams: Sequence[str] = (),
    deals: Mapping[int, str],
    dealers: Mapping[int, str],
    movement_option: str = "",
) -> Section:
    """Lay out one section from a movement. Bulk inserts: a fixed number of queries per model."""
    section = Section.objects.create(
        event=event,
        letter=letter,
        movement_kind=movement.kind,
        tables=movement.tables,
        boards_per_round=movement.boards_per_round,
        movement_option=movement_option,
    )
    # Boards (shared by the event's sections; created once).
    existing = set(event.boards.values_list("number", flat=True))
    new_boards = []
    for number in movement.boards:
        if number in existing:
            continue
        deal_text = deals.get(number, "")
        if deal_text:
            try:
                deal_text = Deal.parse_pbn(deal_text).to_pbn()
            except ScoringError as exc:
                raise ServiceError(f"board {number}: deal: {exc}") from None
        new_boards.append(
            Board(
                event=event, number=number, dealer=dealers.get(number) or dealer_for(number), deal=deal_text
            )
        )
    Board.objects.bulk_create(new_boards)
    boards = {b.number: b for b in event.boards.all()}

    # Teams and pairs.
    team_rows: dict[str, Team] = {}
    pair_team_key: dict[Any, str] = {}
    if movement.teams:
        for key, team_name in _team_names_for(movement, teams).items():
            team_rows[key] = Team.objects.create(event=event, name=_fits("teams", team_name, Team, "name"))
            for pid in movement.teams[key]:
                pair_team_key[pid] = key
    spec_by_number = {str(p.number): p for p in pairs}
    unknown = set(spec_by_number) - {str(pid) for pid in movement.pairs}
    if unknown:
        raise ServiceError(f"pairs: pair {sorted(unknown)[0]} does not sit in the movement")
    teams_by_name = {t.name: t for t in team_rows.values()}
    players: list[Player] = []
    pair_rows: list[Pair] = []
    for position, pid in enumerate(movement.pairs, start=1):
        spec = spec_by_number.get(str(pid))
        names = [
            _fits(f"pair {pid}: players", n.strip(), Player, "name")
            for n in (spec.players if spec else ("", ""))
        ]
        p1 = Player(name=names[0]) if names[0] else None
        p2 = Player(name=names[1]) if names[1] else None
        players.extend(p for p in (p1, p2) if p is not None)
        team = None
        if spec and spec.team:
            team = teams_by_name.get(spec.team)
            if team is None:
                raise ServiceError(f"pair {pid}: team {spec.team!r} is not one of the event's teams")
        elif pid in pair_team_key:
            team = team_rows[pair_team_key[pid]]
        # The players are saved below, before the pairs: bulk_create takes their new keys from them.
        pair_rows.append(
            Pair(
                event=event,
                section=section,
                number=_fits("pairs: number", str(pid), Pair, "number"),
                position=position,
                team=team,
                player1=p1,
                player2=p2,
            )
        )
    Player.objects.bulk_create(players)
    if Pair.objects.filter(event=event, number__in=[p.number for p in pair_rows]).exists():
        raise ServiceError("pairs: a pair number is already used in this event")
    Pair.objects.bulk_create(pair_rows)
    pair_by_id = {p.number: p for p in pair_rows}

    # Rounds, seatings and the empty plays.
    rounds = Round.objects.bulk_create(Round(section=section, number=r.number) for r in movement.rounds)
    seatings: list[Seating] = []
    seating_boards: list[tuple[Seating, tuple[int, ...]]] = []
    for round_row, mround in zip(rounds, movement.rounds, strict=True):
        for tp in mround.tables:
            seating = Seating(
                round=round_row, table=tp.table, ns=pair_by_id[str(tp.ns)], ew=pair_by_id[str(tp.ew)]
            )
            seatings.append(seating)
            seating_boards.append((seating, tp.boards))
    Seating.objects.bulk_create(seatings)
    Play.objects.bulk_create(
        Play(event=event, seating=s, board=boards[n], ns_pair=s.ns, ew_pair=s.ew)
        for s, numbers in seating_boards
        for n in numbers
    )
    return section


def movement_build(
    *,
    kind: str,
    tables: int,
    boards_per_round: int,
    option: str = "relay",
    custom: str | None = None,
    pairs: int | None = None,
) -> Movement:
    """Generate (or parse, for a custom upload) and validate a movement; ServiceError on failure.

    ``pairs`` is for a Howell only: with an odd number one pair sits out each round, and the tables
    follow from the pairs."""
    try:
        if kind == MovementKind.CUSTOM:
            if not custom or not custom.strip():
                raise ServiceError("movement file: upload a CSV or JSON movement for a custom movement")
            text = custom.strip()
            movement = Movement.from_json(text) if text.startswith("{") else Movement.from_csv(text)
        else:
            if pairs is not None and kind == MovementKind.HOWELL:
                tables = (pairs + 1) // 2
            elif pairs is not None:
                raise ServiceError("pairs: give the number of pairs for a Howell only")
            movement = generate(
                kind, tables=tables, boards_per_round=boards_per_round, even=option, pairs=pairs
            )
    except MovementError as exc:
        raise ServiceError(f"movement: {exc}") from None
    return movement


@transaction.atomic
def pair_names_update(*, pair: Pair, player1: str, player2: str, user_id: int | None = None) -> Pair:
    """Rename the two players of a pair (new Player rows when a seat was empty).

    With ``user_id`` (the director), a change is recorded in the history: an admin ``LogEntry`` on the pair
    whose change message carries the names before and after (read by the event history page)."""
    before = [p.name if p else "" for p in (pair.player1, pair.player2)]
    for attr, name in (("player1", player1.strip()), ("player2", player2.strip())):
        _fits(attr, name, Player, "name")
        current: Player | None = getattr(pair, attr)
        if not name:
            setattr(pair, attr, None)
        elif current is None:
            setattr(pair, attr, Player.objects.create(name=name))
        elif current.name != name:
            current.name = name
            current.save(update_fields=["name"])
    pair.save(update_fields=["player1", "player2"])
    after = [p.name if p else "" for p in (pair.player1, pair.player2)]
    if before != after:
        event_results_touch(event_ids=[pair.event_id])
    if user_id is not None and before != after:
        _pair_change_log(pair=pair, user_id=user_id, before=before, after=after)
    return pair


def _pair_change_log(*, pair: Pair, user_id: int, before: list[str], after: list[str]) -> None:
    import json

    from django.contrib.admin.models import CHANGE, LogEntry
    from django.contrib.contenttypes.models import ContentType

    changed = [
        label for label, b, a in zip(("First player", "Second player"), before, after, strict=True) if b != a
    ]
    LogEntry.objects.create(
        user_id=user_id,
        content_type=ContentType.objects.get_for_model(Pair),
        object_id=str(pair.pk),
        object_repr=str(pair)[:200],
        action_flag=CHANGE,
        change_message=json.dumps(
            [{"changed": {"fields": changed}, "names": {"before": before, "after": after}}]
        ),
    )


def event_results_touch(*, event_ids: Sequence[int]) -> None:
    """Bump the events' results_version: what the standings show besides the results changed (a name).
    Every process's standings cache is keyed by it, so the next read sees the change."""
    Event.objects.filter(pk__in=list(event_ids)).update(results_version=F("results_version") + 1)


@transaction.atomic
def event_finish(*, event: Event) -> Event:
    """The director finishes the event: its status becomes "complete", which releases every board's hands
    and results to everyone (until then a board is shown only once every table has played it). The results
    version is bumped so that every process works its pages out afresh. Finishing twice changes nothing."""
    locked = Event.objects.select_for_update().get(pk=event.pk)
    if locked.status != EventStatus.COMPLETE:
        Event.objects.filter(pk=event.pk).update(
            status=EventStatus.COMPLETE, results_version=F("results_version") + 1
        )
    locked.refresh_from_db(fields=["status", "results_version"])
    event.status, event.results_version = locked.status, locked.results_version
    return event


#: The reason law E's history gives a result rescored because its board's hands were replaced.
HANDS_REPLACED = "hands replaced"


@dataclass(frozen=True, slots=True)
class HandsChange:
    """One result whose score new hands change (laws 5, 6: honours go to their holders): before and after."""

    play: int  # the Play's key
    version: int  # its version when read (a confirmation is refused if it has moved on)
    board: int
    section: str
    table: int
    round: int
    agreed: bool  # law E: the round's scores are agreed, so only a director corrects, with a reason
    ns: str
    ew: str
    net_before: int
    net_after: int
    honours_before: str  # the honours item, "N-S 72" or "none"
    honours_after: str
    before: dict[str, Any]  # the result as it stood, with the honours it was scored with
    after: dict[str, Any]  # the same result with the honours the new hands give


@dataclass(frozen=True, slots=True)
class HandsPreview:
    """What attaching ``deals`` would do: the boards whose hands change and the results whose score does."""

    deals: dict[int, str]  # every deal given, in canonical PBN
    boards: tuple[int, ...]  # the boards whose hands change
    changes: tuple[HandsChange, ...]

    @property
    def versions(self) -> dict[int, int]:
        """Each changed result's version as read: what a confirmation must still find."""
        return {c.play: c.version for c in self.changes}


class HandsStale(ServiceError):
    """The results changed between the preview and the confirmation; ``preview`` is what applies now."""

    def __init__(self, message: str, *, preview: HandsPreview) -> None:
        super().__init__(message)
        self.preview = preview


def _honours_of(deal: str, contract: str, code: str) -> dict[str, Any] | None:
    """The honours ``deal`` gives at ``contract``'s strain (laws 5, 6), in a result's shape; None: none."""
    from scoring.contract import Contract

    if not deal or not contract or contract == "PASS":
        return None
    held = Deal.parse_pbn(deal).honours(Contract.parse(contract, ScoringCode(code)).strain)
    if held is None:
        return None
    return {"side": held.side.value, "count": held.count, "in_one_hand": held.in_one_hand}


def _honours_item(items: Sequence[Mapping[str, Any]]) -> str:
    for item in items:
        if item.get("kind") == "honours":
            return f"{'N-S' if item.get('side') == 'NS' else 'E-W'} {item.get('points')}"
    return "none"


def _hands_preview(
    *, event: Event, deals: Mapping[int, str], lock: bool
) -> tuple[HandsPreview, dict[int, Play]]:
    """The preview and the changed results' rows (locked for the write when ``lock``). Two queries."""
    from duplicate.results import ResultError, play_result_data, result_fields

    boards = {b.number: b for b in event.boards.all()}
    parsed: dict[int, str] = {}
    for number, text in deals.items():
        if number not in boards:
            raise ServiceError(f"board {number}: the event has no such board")
        try:
            parsed[number] = Deal.parse_pbn(text).to_pbn()
        except ScoringError as exc:
            raise ServiceError(f"board {number}: {exc}") from None
    changed = sorted(n for n in parsed if boards[n].deal != parsed[n])
    if not changed or event.code == ScoringCode.WHIST.value:  # whist scores tricks only: no honours
        return HandsPreview(deals=parsed, boards=tuple(changed), changes=()), {}
    by_id = {boards[n].pk: boards[n] for n in changed}
    plays = Play.objects.filter(board_id__in=list(by_id), entered=True, ruling="").select_related(
        "seating__round__section", "ns_pair", "ew_pair"
    )
    if lock:
        plays = plays.select_for_update(of=("self",))
    changes: list[HandsChange] = []
    rows: dict[int, Play] = {}
    for play in plays.order_by():
        board = by_id[play.board_id]
        data = play_result_data(play) or {}
        contract = str(data.get("contract", ""))
        # As it stood: honours as the table gave them, else as the old hands gave them.
        before = dict(data)
        if "honours" not in before:
            held = _honours_of(board.deal, contract, event.code)
            if held is not None:
                before["honours"] = held
        after = {k: v for k, v in data.items() if k != "honours"}
        held = _honours_of(parsed[board.number], contract, event.code)
        if held is not None:
            after["honours"] = held
        try:
            fields = result_fields(code=event.code, deal=parsed[board.number], data=after)
        except ResultError as exc:
            table = play.seating.table
            raise ServiceError(f"board {board.number}, table {table}: the new hands: {exc}") from None
        if (fields["net_ns"], fields["ns_total"], fields["ew_total"], fields["items"]) == (
            play.net_ns,
            play.ns_total,
            play.ew_total,
            play.items,
        ):
            continue  # the same score: nothing to correct
        seating = play.seating
        changes.append(
            HandsChange(
                play=play.pk,
                version=play.version,
                board=board.number,
                section=seating.round.section.letter,
                table=seating.table,
                round=seating.round.number,
                agreed=seating.round.agreed_at is not None,
                ns=play.ns_pair.number,
                ew=play.ew_pair.number,
                net_before=play.net_ns,
                net_after=fields["net_ns"],
                honours_before=_honours_item(play.items),
                honours_after=_honours_item(fields["items"]),
                before=before,
                after=after,
            )
        )
        rows[play.pk] = play
    changes.sort(key=lambda c: (c.board, c.section, c.round, c.table))
    return HandsPreview(deals=parsed, boards=tuple(changed), changes=tuple(changes)), rows


def board_deals_preview(*, event: Event, deals: Mapping[int, str]) -> HandsPreview:
    """A read (no writes): what attaching ``deals`` would change. Every deal is checked (ServiceError naming
    the board); for each entered result on a board whose hands change, the score the new hands give (their
    honours, laws 5 and 6), listed when it differs from the stored one. Two queries whatever the event's size."""
    return _hands_preview(event=event, deals=deals, lock=False)[0]


@transaction.atomic
def board_deals_set(
    *,
    event: Event,
    deals: Mapping[int, str],
    writer: Writer | None = None,
    expected: Mapping[int, int] | None = None,
) -> int:
    """Attach or replace hands (PBN); every deal is checked before any is stored. Returns boards changed.

    Honours come from the hands, so new hands can change results already in. Those results are corrected
    through the result service (law E: the director only, reason "hands replaced"), each recorded in its
    history, and only when the director saw them: ``expected`` maps each changed result to its version in
    the preview (``board_deals_preview``); if they differ now, ``HandsStale`` carries the preview as it is
    now and nothing is written. The results version is bumped once."""
    preview, rows = _hands_preview(event=event, deals=deals, lock=True)
    director = writer if writer is not None and writer.is_director else None
    if preview.changes and director is None:
        raise PermissionDenied(
            f"hands: the new hands change {len(preview.changes)} result(s) already in; only the director "
            "corrects them (law E)"
        )
    # What the director confirmed must be what applies: the same results, each at the version shown.
    if (preview.changes or expected) and dict(expected or {}) != preview.versions:
        raise HandsStale(
            "The results changed since the changes were shown (a result was entered or corrected "
            "meanwhile): nothing was applied. Check the changes below and confirm again.",
            preview=preview,
        )
    boards = list(event.boards.filter(number__in=preview.boards))
    for board in boards:
        board.deal = preview.deals[board.number]
    Board.objects.bulk_update(boards, ["deal"])
    if preview.changes and director is not None:
        by_id = {b.pk: b for b in boards}
        history = []
        for change in preview.changes:
            play = rows[change.play]
            play.event, play.board = event, by_id[play.board_id]
            row = _result_apply(
                play=play,
                data=change.after,
                writer=director,
                expected_version=change.version,
                reason=HANDS_REPLACED,
                before=change.before,
            )
            if row is not None:
                history.append(row)
        PlayChange.objects.bulk_create(history)
    if boards:
        _results_touch(event_id=event.pk)
    return len(boards)


def deals_from_pbn_file(text: str) -> dict[int, str]:
    """The [Board "n"] and [Deal "..."] tags of a .pbn file, as {board number: deal}."""
    import re

    deals: dict[int, str] = {}
    board: int | None = None
    for lineno, line in enumerate(text.splitlines(), start=1):
        match = re.match(r'\s*\[(\w+)\s+"([^"]*)"\]', line)
        if not match:
            continue
        tag, value = match.group(1).lower(), match.group(2).strip()
        if tag == "board":
            if not value.isdecimal():
                raise ServiceError(f"line {lineno}: Board tag must be a number, got {value!r}")
            board = int(value)
        elif tag == "deal":
            if board is None:
                raise ServiceError(f"line {lineno}: a Deal tag comes before any Board tag")
            deals[board] = value
    if not deals:
        raise ServiceError("PBN file: no [Board] and [Deal] tags found")
    return deals


def deals_random(*, event: Event) -> dict[int, str]:
    """A fresh deal for every board without hands, shuffled with the operating system's secure generator."""
    import secrets

    rng = secrets.SystemRandom()
    return {b.number: Deal.random(rng).to_pbn() for b in event.boards.filter(deal="")}


# --- Result entry, corrections (duplicate law E), table tokens -------------------------------------------


class ConflictError(ServiceError):
    """The result changed since the form was loaded; nothing was overwritten."""

    def __init__(self, message: str, *, current: Play) -> None:
        super().__init__(message)
        self.current = current


class PermissionDenied(ServiceError):
    """The writer may not make this change (law E: after agreement only a director corrects)."""


@dataclass(frozen=True, slots=True)
class Writer:
    """Who is writing: a director (staff user) or the players of one table holding its token."""

    name: str
    is_director: bool
    user_id: int | None = None


def _entered_snapshot(play: Play) -> dict[str, Any] | None:
    from duplicate.results import play_result_data

    return play_result_data(play)


@transaction.atomic
def play_result_save(
    *,
    play: Play,
    data: Mapping[str, Any] | None,
    writer: Writer,
    expected_version: int,
    reason: str = "",
    honours_as_given: bool = False,
) -> Play:
    """Enter, correct or clear (data=None) the result of one Play.

    Law E: "score errors may be corrected until the scores for the deals played before changing opponents are
    made up and agreed"; after the round is agreed only a director corrects, and must give a reason. Rulings
    (law B(3)) and penalties (law F, 54, 81, 90) are the director's. Optimistic concurrency: the write
    succeeds only if the stored version is still ``expected_version``. ``honours_as_given`` (a director's,
    for the undo of a "hands replaced" correction) scores the honours in ``data`` without checking them
    against the board's hands: the table's result as it was scored before the hands were replaced.
    """
    # The row locked for the write (a statement made once: every result written reads it).
    locked = statements.instances(
        "play for update",
        lambda pk: (
            Play.objects.select_related("event", "board", "seating__round")
            .select_for_update(of=("self",))
            .filter(pk=pk)
            .order_by()
        ),
        [play.pk],
    )
    if not locked:
        raise Play.DoesNotExist("Play matching query does not exist.")
    play = locked[0]
    change = _result_apply(
        play=play,
        data=data,
        writer=writer,
        expected_version=expected_version,
        reason=reason,
        honours_as_given=honours_as_given,
    )
    if change is not None:
        change.save()
        _results_touch(event_id=play.event_id)
    return play


def _result_apply(
    *,
    play: Play,
    data: Mapping[str, Any] | None,
    writer: Writer,
    expected_version: int,
    reason: str,
    before: Mapping[str, Any] | None = None,
    honours_as_given: bool = False,
) -> PlayChange | None:
    """The one path a result is written by: law E's checks, the scoring and the version-guarded write of a
    row the caller has locked. Returns the history row for the caller to store (None: nothing changed); the
    caller also bumps the results version (once for a batch). ``before``: the result as it stood, when the
    stored fields do not say it all (honours derived from hands being replaced)."""
    from duplicate.results import ResultError, blank_fields, result_fields

    if play.version != expected_version:
        raise ConflictError(
            "This result was changed on another device while you were entering it; the stored result is "
            "shown below. Check it and save again if yours is right.",
            current=play,
        )
    agreed = play.seating.round.agreed_at is not None
    reason = reason.strip()
    if agreed and not writer.is_director:
        raise PermissionDenied(
            f"Round {play.seating.round.number}'s scores are agreed (law E): only the director can correct them."
        )
    if agreed and play.entered and not reason:
        raise ServiceError("reason: a correction after the scores are agreed (law E) needs a reason")
    if data is not None and not writer.is_director and (data.get("ruling") or data.get("penalties")):
        raise PermissionDenied("Only the director gives rulings and penalty points.")
    if honours_as_given and not writer.is_director:
        raise PermissionDenied("Only the director scores honours other than the board's hands give.")
    try:
        fields = (
            blank_fields()
            if data is None
            else result_fields(
                code=play.event.code, deal="" if honours_as_given else play.board.deal, data=data
            )
        )
    except ResultError as exc:
        raise ServiceError(str(exc)) from None
    before = _entered_snapshot(play) if before is None else dict(before)
    for name, value in fields.items():
        setattr(play, name, value)
    after = _entered_snapshot(play)
    if before == after:
        return None
    updated = Play.objects.filter(pk=play.pk, version=expected_version).update(
        version=expected_version + 1, **fields
    )
    if updated != 1:  # pragma: no cover - guarded by the row lock above; kept for databases without one
        raise ConflictError(
            "This result was changed on another device.", current=Play.objects.get(pk=play.pk)
        )
    play.version = expected_version + 1
    return PlayChange(
        play=play, user_id=writer.user_id, who=writer.name, before=before, after=after, reason=reason
    )


def _results_touch(*, event_id: int) -> None:
    """One bump of the results version for a write of results (a running event from then on)."""
    Event.objects.filter(pk=event_id).update(
        results_version=F("results_version") + 1,
        status=models.Case(
            models.When(status=EventStatus.SETUP, then=models.Value(EventStatus.RUNNING)),
            default=F("status"),
        ),
    )


@transaction.atomic
def round_agree(*, round: Round, user_id: int | None, agreed: bool = True) -> Round:
    """Mark a round's scores made up and agreed (law E), or open them again (a director's decision)."""
    from django.utils import timezone

    round.agreed_at = timezone.now() if agreed else None
    round.agreed_by_id = user_id if agreed else None
    round.save(update_fields=["agreed_at", "agreed_by"])
    Event.objects.filter(pk=round.section.event_id).update(results_version=F("results_version") + 1)
    return round


@transaction.atomic
def table_token_create(*, section: Section, table: int) -> TableToken:
    """A fresh secret for one table (the old one, if any, is revoked)."""
    import secrets

    if not 1 <= table <= section.tables:
        raise ServiceError(f"table: must be from 1 to {section.tables}, got {table}")
    TableToken.objects.filter(section=section, table=table, revoked=False).update(revoked=True)
    return TableToken.objects.create(section=section, table=table, secret=secrets.token_urlsafe(24))


@transaction.atomic
def table_token_revoke(*, token: TableToken) -> TableToken:
    token.revoked = True
    token.save(update_fields=["revoked"])
    return token
