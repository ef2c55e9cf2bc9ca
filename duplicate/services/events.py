"""Event set-up and its life: create, seat the movement, name the pairs, finish."""

from __future__ import annotations

import datetime as dt
import json
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from string import ascii_uppercase
from typing import Any

from django.contrib.admin.models import CHANGE, LogEntry
from django.contrib.contenttypes.models import ContentType
from django.db import transaction
from django.db.models import F, Max
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from duplicate.contests import (
    CHOSEN,
    Shape,
)
from duplicate.l10n import grouped
from duplicate.models import (
    Board,
    ButlerDrop,
    Event,
    EventKind,
    EventStatus,
    HalfRounding,
    MovementKind,
    Pair,
    PaperSize,
    Play,
    Player,
    RankingChoice,
    Round,
    ScoringCodeChoice,
    Seating,
    Section,
    Team,
    pair_order,
)
from duplicate.services.analyses import deal_analyses_start
from duplicate.services.errors import ServiceError, fits, in_range
from duplicate.services.event_choices import average_plus_for as average_plus_for
from duplicate.services.event_choices import butler_datum_for as butler_datum_for
from duplicate.services.event_choices import contest_for as contest_for
from duplicate.services.event_choices import event_awards_set as event_awards_set
from duplicate.services.event_choices import event_butler_datum_set as event_butler_datum_set
from duplicate.services.event_choices import event_ranking_set as event_ranking_set
from duplicate.services.event_choices import event_results_source_set as event_results_source_set
from duplicate.services.event_choices import event_running_totals_set as event_running_totals_set
from duplicate.services.event_choices import reads_average_plus as reads_average_plus
from duplicate.services.event_choices import reads_datum as reads_datum
from duplicate.services.pair_players import seat_label, seat_player
from duplicate.services.players import PlayerSpec, players_seated_once, roster_players
from duplicate.services.results import boards_touch, event_results_touch
from duplicate.services.standings import event_standings_publish, event_standings_withdraw
from scoring.contests.imps import AVERAGE_PLUS_IMPS
from scoring.errors import show_value
from scoring.movements import MAX_PLAYS, Movement, MovementError, MovementRound, TablePlay, generate
from scoring.pbn import PbnError, canonical_deal

SEATS = "NESW"
# Sections are lettered A to Z.
MAX_SECTIONS = 26


def dealer_for(board_number: int) -> str:
    """The customary dealer rotation: board 1 North, 2 East, 3 South, 4 West, 5 North again."""
    return SEATS[(board_number - 1) % 4]


@dataclass(frozen=True, slots=True)
class PairSpec:
    number: int | str
    players: tuple[PlayerSpec, PlayerSpec] = (PlayerSpec(), PlayerSpec())
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
    sections: int = 1,
    ranking: str = RankingChoice.FIELD,
    letter: str = "A",
    contest: str | None = None,
    average_plus_imps: object = AVERAGE_PLUS_IMPS,
    butler_drop: object = ButlerDrop.ONE,
    butler_halves: object = HalfRounding.AWAY,
    analyse: bool = True,
    running_totals: bool = False,
) -> Event:
    """Create an event of ``sections`` sections (A, B, ...), each laid out by ``movement`` and playing the
    same boards: boards, pairs, rounds, seatings and the empty Play rows (one board at one table in one
    round) that results will fill. With several sections pair n of section B is numbered "B<n>" (pair
    numbers are the event's). ``ranking``: across the field (law H) or each section on its own.
    ``average_plus_imps``: law 12C2's IMPs of an artificial average plus (a contest scored in IMPs).
    ``butler_drop``, ``butler_halves``: Butler's datum (:func:`butler_datum_for`).  ``analyse``: the deals' double-dummy analysis starts in a thread once this commits (False: the caller
    works it out itself, ``deal_analyses_compute``).  ``running_totals``: visitors' totals count every result,
    boards still in play too (off: the released boards only; ``selectors.released_only``)."""
    name = name.strip()
    if not name:
        raise ServiceError("name: " + _("give the event a name"))
    fits("name", name, Event, "name")
    if code not in ScoringCodeChoice.values:
        raise ServiceError(
            "code: "
            + _("must be one of %(choices)s, got %(got)s")
            % {"choices": ", ".join(ScoringCodeChoice.values), "got": repr(code)}
        )
    if kind not in EventKind.values:
        raise ServiceError(
            "kind: "
            + _("must be one of %(choices)s, got %(got)s")
            % {"choices": ", ".join(EventKind.values), "got": repr(kind)}
        )
    contest = contest_for(code=code, kind=kind, contest=contest)
    average_plus = average_plus_for(contest=contest, value=average_plus_imps)
    drop, halves = butler_datum_for(contest=contest, drop=butler_drop, halves=butler_halves)
    held = Counter(b for r in movement.rounds for t in r.tables for b in t.boards)
    if contest in CHOSEN and CHOSEN[contest].shape is Shape.CONTRACT_TEAMS and set(held.values()) != {2}:
        raise ServiceError(
            "movement: " + _("a team match by IMPs plays each board at two tables: 2 pairs a team")
        )
    if paper_size not in PaperSize.values:  # (any other text: SQLite kept it, PostgreSQL refused it past 8)
        raise ServiceError(
            "paper_size: "
            + _("must be one of %(choices)s, got %(got)s")
            % {"choices": ", ".join(PaperSize.values), "got": show_value(paper_size)}
        )
    if kind == EventKind.TEAMS and movement.kind not in (MovementKind.TEAMS, MovementKind.CUSTOM):
        raise ServiceError("movement: " + _("a team match (law G) needs the teams movement"))
    if ranking not in RankingChoice.values:
        raise ServiceError(
            "ranking: "
            + _("must be one of %(choices)s, got %(got)s")
            % {"choices": ", ".join(RankingChoice.values), "got": show_value(ranking)}
        )
    if not isinstance(running_totals, bool):
        raise ServiceError(
            "running_totals: " + _("must be true or false, got %(got)s") % {"got": show_value(running_totals)}
        )
    letters = _section_letters(sections, movement, kind=kind)
    event = Event.objects.create(
        name=name,
        date=date,
        code=code,
        kind=kind,
        paper_size=paper_size,
        ranking=ranking,
        contest=contest,
        average_plus_imps=average_plus,
        butler_drop=drop,
        butler_halves=halves,
        running_totals=running_totals,
    )
    for index, section_letter in enumerate(letters or [letter]):
        section_populate(
            event=event,
            letter=section_letter,
            movement=movement_relabel(movement, section_letter) if letters else movement,
            pairs=pairs if index == 0 else (),
            teams=teams,
            deals=deals or {},
            dealers=dealers or {},
            movement_option=movement_option,
            analyse=analyse,
        )
    return event


def _section_letters(sections: int, movement: Movement, *, kind: str) -> list[str]:
    """The letters of an event of several sections ([] for one): A, B, ... within MAX_SECTIONS, and no more
    results in all than one movement may hold (``MAX_PLAYS``)."""
    if isinstance(sections, bool) or not isinstance(sections, int) or not 1 <= sections <= MAX_SECTIONS:
        raise ServiceError(
            "sections: "
            + _("must be a whole number from %(low)d to %(high)d, got %(got)s")
            % {"low": 1, "high": MAX_SECTIONS, "got": show_value(sections)}
        )
    if sections == 1:
        return []
    if kind == EventKind.TEAMS:
        raise ServiceError("sections: " + _("a team match (law G) plays in one section"))
    plays = sum(len(tp.boards) for r in movement.rounds for tp in r.tables)
    if plays * sections > MAX_PLAYS:
        raise ServiceError(
            "sections: "
            + _(
                "%(sections)d sections of this movement hold %(results)s results; at most %(most)s in an event"
            )
            % {"sections": sections, "results": grouped(plays * sections), "most": grouped(MAX_PLAYS)}
        )
    return list(ascii_uppercase[:sections])


def movement_relabel(movement: Movement, letter: str) -> Movement:
    """The same movement with pair n renamed ``<letter><n>`` (a section's pairs in an event of several)."""

    def pid(p: int | str) -> str:
        return f"{letter}{p}"

    rounds = tuple(
        MovementRound(
            number=r.number,
            tables=tuple(replace(tp, ns=pid(tp.ns), ew=pid(tp.ew)) for tp in r.tables),
            sit_out=tuple(pid(p) for p in r.sit_out),
        )
        for r in movement.rounds
    )
    return replace(movement, rounds=rounds)


@transaction.atomic
def section_add(*, event: Event) -> Section:
    """Add a section to an event before play: the next letter, the same movement, tables and boards as
    section A (its seatings copied), its pairs numbered "<letter><n>". Refused once a result is in, for a
    team match, and past MAX_SECTIONS."""
    locked = Event.objects.select_for_update().get(pk=event.pk)
    if locked.kind == EventKind.TEAMS:
        raise ServiceError("sections: " + _("a team match (law G) plays in one section"))
    if Play.objects.filter(event=locked, entered=True).exists():
        raise ServiceError("sections: " + _("a section can be added only before play (a result is in)"))
    existing = list(locked.sections.order_by("letter"))
    if not existing:
        raise ServiceError("sections: " + _("the event has no section to copy"))
    free = [c for c in ascii_uppercase if c not in {s.letter for s in existing}]
    if len(existing) >= MAX_SECTIONS or not free:
        raise ServiceError("sections: " + _("at most %(n)d sections in an event") % {"n": MAX_SECTIONS})
    first = existing[0]
    seatings = list(
        Seating.objects.filter(round__section=first)
        .select_related("round", "ns", "ew")
        .order_by("round__number", "table")
    )
    boards: dict[int, list[int]] = {}
    for seating_pk, number in Play.objects.filter(seating__round__section=first).values_list(
        "seating_id", "board__number"
    ):
        boards.setdefault(seating_pk, []).append(number)
    plays = sum(len(v) for v in boards.values())
    if plays * (len(existing) + 1) > MAX_PLAYS:
        raise ServiceError("sections: " + _("at most %(n)s results in an event") % {"n": grouped(MAX_PLAYS)})
    # Section A's pair "A7" (or "7" when it was the only section) is the new section's "<letter>7".
    order = {
        p.pk: p.number[len(first.letter) :]
        if p.number.startswith(first.letter) and len(existing) > 1
        else p.number
        for p in first.pairs.order_by("position", "id")
    }
    rounds: dict[int, list[TablePlay]] = {}
    for s in seatings:
        rounds.setdefault(s.round.number, []).append(
            TablePlay(table=s.table, ns=order[s.ns_id], ew=order[s.ew_id], boards=tuple(sorted(boards[s.pk])))
        )
    seated = {n: {p for tp in tps for p in (tp.ns, tp.ew)} for n, tps in rounds.items()}
    movement = Movement(
        first.movement_kind,
        first.tables,
        first.boards_per_round,
        tuple(
            MovementRound(
                number=n, tables=tuple(tps), sit_out=tuple(p for p in order.values() if p not in seated[n])
            )
            for n, tps in sorted(rounds.items())
        ),
    )
    section = section_populate(
        event=locked,
        letter=free[0],
        movement=movement_relabel(movement, free[0]),
        deals={},
        dealers={},
        movement_option=first.movement_option,
    )
    event_results_touch(event_ids=[locked.pk])
    return section


def _team_names_for(movement: Movement, teams: Sequence[str]) -> dict[str, str]:
    """Map the movement's team keys ("A", "B") to the event's team names."""
    keys = list((movement.teams or {}).keys())
    if teams and len(teams) != len(keys):
        raise ServiceError(
            "teams: "
            + _("the movement has %(keys)d teams, the event names %(teams)d")
            % {"keys": len(keys), "teams": len(teams)}
        )
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
    analyse: bool = True,
) -> Section:
    """Lay out one section from a movement. Bulk inserts: a fixed number of queries per model. ``analyse``:
    as ``event_create``'s."""
    movement_fits(movement)
    section = Section.objects.create(
        event=event,
        letter=letter,
        movement_kind=movement.kind,
        tables=movement.tables,
        boards_per_round=movement.boards_per_round,
        movement_option=movement_option,
    )
    boards = _boards_create(event=event, movement=movement, deals=deals, dealers=dealers, analyse=analyse)
    pair_by_id = _pairs_create(event=event, section=section, movement=movement, pairs=pairs, teams=teams)
    _seatings_create(movement=movement, section=section, event=event, boards=boards, pair_by_id=pair_by_id)
    return section


def movement_fits(movement: Movement) -> None:
    """Every number of ``movement`` within the column that will store it (from the model fields), every pair
    id a text its column holds: a ServiceError naming the first that is not. Forms, movement uploads and event
    files all reach the database through here."""
    in_range("movement: tables", movement.tables, Section, "tables")
    in_range("movement: boards per round", movement.boards_per_round, Section, "boards_per_round")
    for rnd in movement.rounds:
        in_range("movement: round", rnd.number, Round, "number")
        for play in rnd.tables:
            in_range(f"movement: round {rnd.number}: table", play.table, Seating, "table")
            for board in play.boards:
                in_range(f"movement: round {rnd.number}, table {play.table}: board", board, Board, "number")
    for pid in movement.pairs:
        fits(f"movement: pair {str(pid)[:20]!r}", str(pid), Pair, "number")


def _boards_create(
    *, event: Event, movement: Movement, deals: Mapping[int, str], dealers: Mapping[int, str], analyse: bool
) -> dict[int, Board]:
    """The movement's boards the event has not yet (sections share them), with their deals; all by number."""
    existing = set(event.boards.values_list("number", flat=True))
    new_boards = []
    for number in movement.boards:
        if number in existing:
            continue
        deal_text = deals.get(number, "")
        if deal_text:
            try:
                deal_text = canonical_deal(
                    deal_text, f"board {number}: deal"
                )  # unknown hands "-" kept as such
            except PbnError as exc:
                raise ServiceError(str(exc)) from None
        new_boards.append(
            Board(
                event=event, number=number, dealer=dealers.get(number) or dealer_for(number), deal=deal_text
            )
        )
    Board.objects.bulk_create(new_boards)
    if analyse:
        deal_analyses_start(deals=[b.deal for b in new_boards])  # double dummy, in a thread once this commits
    return {b.number: b for b in event.boards.all()}


def _pairs_create(
    *, event: Event, section: Section, movement: Movement, pairs: Sequence[PairSpec], teams: Sequence[str]
) -> dict[str, Pair]:
    """The section's pairs (with their players and teams), by number."""
    team_rows: dict[str, Team] = {}
    pair_team_key: dict[Any, str] = {}
    if movement.teams:
        for key, team_name in _team_names_for(movement, teams).items():
            team_rows[key] = Team.objects.create(event=event, name=fits("teams", team_name, Team, "name"))
            for pid in movement.teams[key]:
                pair_team_key[pid] = key
    spec_by_number = {str(p.number): p for p in pairs}
    unknown = set(spec_by_number) - {str(pid) for pid in movement.pairs}
    if unknown:
        raise ServiceError(
            "pairs: " + _("pair %(pair)s does not sit in the movement") % {"pair": sorted(unknown)[0]}
        )
    teams_by_name = {t.name: t for t in team_rows.values()}
    pair_rows: list[Pair] = []
    seats: list[PlayerSpec] = []
    # Positions run on from the event's other sections: pairs are listed section by section.
    start = Pair.objects.filter(event=event).aggregate(last=Max("position"))["last"] or 0
    for position, pid in enumerate(sorted(movement.pairs, key=pair_order), start=start + 1):
        spec = spec_by_number.get(str(pid))
        seats += spec.players if spec else (PlayerSpec(), PlayerSpec())
        team = None
        if spec and spec.team:
            team = teams_by_name.get(spec.team)
            if team is None:
                raise ServiceError(
                    _("pair %(pair)s: team %(team)s is not one of the event's teams")
                    % {"pair": pid, "team": repr(spec.team)}
                )
        elif pid in pair_team_key:
            team = team_rows[pair_team_key[pid]]
        pair_rows.append(
            Pair(
                event=event,
                section=section,
                number=fits("pairs: number", str(pid), Pair, "number"),
                position=position,
                team=team,
            )
        )
    roster = roster_players(seats)  # the players matched to the roster (or added), two a pair
    for i, pair in enumerate(pair_rows):
        pair.player1, pair.player2 = roster[2 * i], roster[2 * i + 1]
    if Pair.objects.filter(event=event, number__in=[p.number for p in pair_rows]).exists():
        raise ServiceError("pairs: " + _("a pair number is already used in this event"))
    Pair.objects.bulk_create(pair_rows)
    players_seated_once(event_id=event.pk)
    return {p.number: p for p in pair_rows}


def _seatings_create(
    *,
    movement: Movement,
    section: Section,
    event: Event,
    boards: Mapping[int, Board],
    pair_by_id: Mapping[str, Pair],
) -> None:
    """The section's rounds, its seatings and an empty Play for each board at each table (Django's
    ``bulk_create``: 20,000 plays in the largest event)."""
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
                raise ServiceError(
                    "movement file: " + _("upload a CSV or JSON movement for a custom movement")
                )
            text = custom.strip()
            movement = Movement.from_json(text) if text.startswith("{") else Movement.from_csv(text)
        else:
            if pairs is not None and kind == MovementKind.HOWELL:
                tables = (pairs + 1) // 2
            elif pairs is not None:
                raise ServiceError("pairs: " + _("give the number of pairs for a Howell only"))
            movement = generate(
                kind, tables=tables, boards_per_round=boards_per_round, even=option, pairs=pairs
            )
    except MovementError as exc:
        raise ServiceError(f"movement: {exc}") from None
    return movement


@transaction.atomic
def pair_names_update(
    *,
    pair: Pair,
    player1: str | Player | None,
    player2: str | Player | None,
    user_id: int | None = None,
    reason: str = "",
) -> Pair:
    """Name a pair's two seats: each a roster player or a seat's text ("Ann Lee", "Ann Lee (EBU 123456)",
    "123456": ``scoring.player_text``), found on the roster or added to it (never renamed: see
    ``services.pair_players``); blank empties the seat.

    With ``user_id`` (the director), a change is recorded in the history: an admin ``LogEntry`` on the pair
    whose change message carries the seats before and after, and ``reason`` (read by the history page)."""
    if _pair_names_set(pair=pair, player1=player1, player2=player2, user_id=user_id, reason=reason):
        players_seated_once(event_id=pair.event_id)
        event_results_touch(event_ids=[pair.event_id])
    return pair


@transaction.atomic
def event_names_update(
    *,
    event: Event,
    pairs: Mapping[str, tuple[str, str]],
    teams: Mapping[int, str] | None = None,
    user_id: int | None = None,
) -> int:
    """Name many pairs at once (``pairs``: pair number -> the two seats' texts, as ``pair_names_update``
    takes them) and rename the event's teams
    (``teams``: team id -> name), all or nothing; the results version is bumped once if anything changed.
    Returns how many pairs and teams changed."""
    rows = {p.number: p for p in Pair.objects.filter(event=event).select_related("player1", "player2")}
    unknown = sorted(set(pairs) - set(rows))
    if unknown:
        raise ServiceError(_("pair %(pair)s: no such pair in this event") % {"pair": unknown[0]})
    changed = sum(
        _pair_names_set(pair=rows[number], player1=names[0], player2=names[1], user_id=user_id)
        for number, names in pairs.items()
    )
    changed += _team_names_set(event=event, names=teams or {})
    if changed:
        players_seated_once(event_id=event.pk)
        event_results_touch(event_ids=[event.pk])
    return changed


def _team_names_set(*, event: Event, names: Mapping[int, str]) -> int:
    """Rename the event's teams; two teams of one event never share a name. Returns how many changed."""
    current = {t.pk: t for t in Team.objects.filter(event=event)}
    unknown = sorted(set(names) - set(current))
    if unknown:
        raise ServiceError(_("team %(team)s: no such team in this event") % {"team": unknown[0]})
    final = {pk: t.name for pk, t in current.items()}
    for pk, name in names.items():
        name = name.strip()
        if not name:
            raise ServiceError(_("team %(team)s: give the team a name") % {"team": current[pk].name})
        final[pk] = fits(_("team %(team)s") % {"team": current[pk].name}, name, Team, "name")
    if len(set(final.values())) != len(final):
        raise ServiceError("teams: " + _("two teams cannot have the same name"))
    moved = [t for pk, t in current.items() if t.name != final[pk]]
    # Through names no team has (the unique constraint is checked row by row: a swap would clash midway).
    for team in moved:
        team.name = f"\x01{team.pk}"
    Team.objects.bulk_update(moved, ["name"])
    for team in moved:
        team.name = final[team.pk]
    Team.objects.bulk_update(moved, ["name"])
    return len(moved)


def _pair_names_set(
    *,
    pair: Pair,
    player1: str | Player | None,
    player2: str | Player | None,
    user_id: int | None,
    reason: str = "",
) -> bool:
    """Point a pair's two seats at roster players (``services.pair_players.seat_player``: a Player row is
    never renamed) and record the change in the history; True when a seat changed. No version bump."""
    before = [pair.player1, pair.player2]
    after = [
        seat_player(
            field=_("pair %(pair)s: first player") % {"pair": pair.number},
            given=player1,
            current=pair.player1,
        ),
        seat_player(
            field=_("pair %(pair)s: second player") % {"pair": pair.number},
            given=player2,
            current=pair.player2,
        ),
    ]
    if [p.pk if p else None for p in before] == [p.pk if p else None for p in after]:
        return False
    if after[0] is not None and after[1] is not None and after[0].pk == after[1].pk:
        raise ServiceError(
            _("pair %(pair)s: second player: %(name)s is the first player too (one person sits in one seat)")
            % {"pair": pair.number, "name": after[1].name}
        )
    pair.player1, pair.player2 = after
    pair.save(update_fields=["player1", "player2"])
    if user_id is not None:
        _pair_change_log(pair=pair, user_id=user_id, before=before, after=after, reason=reason.strip())
    return True


def _pair_change_log(
    *, pair: Pair, user_id: int, before: list[Player | None], after: list[Player | None], reason: str = ""
) -> None:
    """The history's entry: an admin ``LogEntry`` on the pair whose message carries the seats' ``names`` (as
    the fields show them) and ``players`` (their ids: an undo puts the very players back) before and after."""
    ids = [[p.pk if p else None for p in seats] for seats in (before, after)]
    changed = [
        label
        for label, b, a in zip(
            (gettext_noop("First player"), gettext_noop("Second player")), ids[0], ids[1], strict=True
        )
        if b != a
    ]
    LogEntry.objects.create(
        user_id=user_id,
        content_type=ContentType.objects.get_for_model(Pair),
        object_id=str(pair.pk),
        object_repr=str(pair)[:200],
        action_flag=CHANGE,
        change_message=json.dumps(
            [
                {
                    "changed": {"fields": changed},
                    "names": {
                        "before": [seat_label(p) for p in before],
                        "after": [seat_label(p) for p in after],
                    },
                    "players": {"before": ids[0], "after": ids[1]},
                    **({"reason": reason} if reason else {}),
                }
            ]
        ),
    )


@transaction.atomic
def event_finish(*, event: Event) -> Event:
    """The director finishes the event: its status becomes "complete", which releases every board's hands
    and results to everyone (until then a board is shown only once every table has played it). The results
    version is bumped so that every process works its pages out afresh. From then on the table links only
    read (``result_apply`` refuses their writes) until the event is reopened. Finishing twice changes
    nothing. Its standings are published (``services.standings``: each pair's place and figure, what a
    player's page and the club ladder read)."""
    locked = Event.objects.select_for_update().get(pk=event.pk)
    if locked.status != EventStatus.COMPLETE:
        Event.objects.filter(pk=event.pk).update(
            status=EventStatus.COMPLETE, results_version=F("results_version") + 1
        )
        boards_touch(event_ids=[event.pk])
        event_standings_publish(event=event)
    locked.refresh_from_db(fields=["status", "results_version"])
    event.status, event.results_version = locked.status, locked.results_version
    return event


@transaction.atomic
def event_reopen(*, event: Event) -> Event:
    """The director reopens a finished event: its status goes back to "running" (results may be entered
    and corrected again, and a board still in play is hidden again until every table has played it). The
    results version and every board's are bumped, so no page keeps saying "Final". Reopening an event
    that is not finished changes nothing. Its published standings are withdrawn until it is finished again."""
    locked = Event.objects.select_for_update().get(pk=event.pk)
    if locked.status == EventStatus.COMPLETE:
        Event.objects.filter(pk=event.pk).update(
            status=EventStatus.RUNNING, results_version=F("results_version") + 1
        )
        boards_touch(event_ids=[event.pk])
        event_standings_withdraw(event=event)
    locked.refresh_from_db(fields=["status", "results_version"])
    event.status, event.results_version = locked.status, locked.results_version
    return event
