"""Reads: querysets with their joins already applied, and plain values for the pure scoring core.

Every selector runs a fixed number of queries whatever the size of the event.
"""

from __future__ import annotations

import datetime as dt
import unicodedata
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from django.contrib.auth import get_user_model
from django.db.models import Count, Exists, Max, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.http import Http404
from django.utils.translation import gettext, ngettext

from duplicate.models import Board, Event, EventStatus, Pair, Play, Round, Seating, Section, Team
from duplicate.selectors.pair_rows import club_public_name, pair_infos


class SiteStart(NamedTuple):
    """What a new site still lacks: an event, and a director who can sign in (``kalamazoo serve`` says so)."""

    has_event: bool
    has_director: bool


def site_start() -> SiteStart:
    """Whether the site has an event and an active director (two queries)."""
    return SiteStart(
        has_event=Event.objects.exists(),
        has_director=get_user_model().objects.filter(is_staff=True, is_active=True).exists(),
    )


def event_list() -> list[tuple[Event, tuple[str, str]]]:
    """Every event, newest first, with its pair count (``pair_count``) and its status badge (:func:`event_badge`
    on its status and its results missing): one query."""
    return events_with_badges(Event.objects.order_by("-date", "-id"))


def events_with_badges(events: QuerySet[Event]) -> list[tuple[Event, tuple[str, str]]]:
    """``events`` in their order, each with its pair count (``pair_count``) and its status badge: one query."""
    missing = (
        Play.objects.filter(event=OuterRef("pk"), entered=False)
        .order_by()
        .values("event")
        .annotate(count=Count("pk"))
        .values("count")
    )
    annotated = events.annotate(
        pair_count=Count("pairs", distinct=True), missing=Coalesce(Subquery(missing), 0)
    )
    return [(event, status_badge_of(event, missing=event.missing)) for event in annotated]


def event_made_since(name: str, since: dt.datetime) -> Event | None:
    """The first event named ``name`` made at or after ``since`` (an import that could not say it ended), if
    any (one query)."""
    return Event.objects.filter(name=name, created_at__gte=since).order_by("created_at", "pk").first()


SEARCH_MAX_LENGTH = 60  # the longest name search read (the rest of what is typed is left out)
SEARCH_MAX_MATCHES = 20  # pairs listed for one search: more asks for more of the name


def folded(text: str) -> str:
    """``text`` compared as a person types a name: case and accents left out ("Zoë" as "zoe")."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


@dataclass(frozen=True)
class PairMatch:
    """A pair found by a player's name: its number as shown (``label``), its players, its section."""

    label: int | str
    names: str
    section: str


@dataclass(frozen=True)
class PairSearch:
    """What was searched for (``query``: "" for no search) and the pairs found, in the movement's order
    (``more``: how many others matched beyond those listed)."""

    query: str = ""
    matches: tuple[PairMatch, ...] = ()
    more: int = 0


def find_pairs(event: Event, query: str, *, director: bool = False) -> PairSearch:
    """The event's pairs with a player whose name holds every word of ``query`` (in any order, as part of a
    name, case and accents aside), one query; nothing for a blank query.  Matched in Python: the same on
    every database, accents too (SQLite's LIKE folds ASCII letters only).  A visitor's search reads the names
    as visitors are shown them (``pair_infos``): a hidden player's name finds nothing; a ``director``'s, in
    full."""
    query = " ".join(query.split())[:SEARCH_MAX_LENGTH].strip()
    words = folded(query).split()
    if not words:
        return PairSearch()
    found = []
    for pair in pair_infos(event, director=director).values():
        haystack = folded(" ".join(pair.players))
        if all(word in haystack for word in words):
            found.append(PairMatch(label=pair.label, names=pair.names, section=pair.section))
    listed = tuple(found[:SEARCH_MAX_MATCHES])
    return PairSearch(query=query, matches=listed, more=len(found) - len(listed))


def pairs_for(event: Event) -> QuerySet[Pair]:
    """The event's pairs with their players, team and section, and (``club_choice``) the club's default of how
    names are shown to visitors (``duplicate.privacy``), all in one query."""
    return (
        Pair.objects.filter(event=event)
        .select_related("player1", "player2", "team", "section")
        .annotate(club_choice=club_public_name())
    )


class SeatingRow(NamedTuple):
    """A table in a round: its section's id, the round's number, the table, and the pairs seated there."""

    pk: int
    section_id: int
    round: int
    table: int
    ns: Pair
    ew: Pair


class PlayRow(NamedTuple):
    """One board at one table in one round, as the event file and the movement read it: where it was played,
    and (``event_snapshot(results=True)``) its result as entered, by the Play model's names."""

    seating_id: int
    board: int  # the board's number
    ns_pair_id: int
    ew_pair_id: int
    entered: bool = False
    contract: str = ""
    declarer: str = ""
    tricks: int | None = None
    tricks_ns: int | None = None
    honours: Any = None
    revokes: Any = None
    penalties: Any = None
    one_spade_limit: bool = False
    lead: str = ""
    ruling: str = ""
    offending: str = ""
    entered_by: str = ""  # the side that entered it at the table, and when the other confirmed it (law 79)
    confirmed_at: Any = None


RESULT_FIELDS = PlayRow._fields[4:]  # what a play's result is read from (the Play model's fields)


@dataclass
class EventSnapshot:
    """An event's set-up in memory: sections, teams, pairs, boards and rounds as models, and its seatings and
    plays as plain rows (seven queries, whatever the size: a big event has 20,000 plays)."""

    event: Event
    sections: list[Section]
    teams: list[Team]
    pairs: list[Pair]
    boards: list[Board]
    rounds: list[Round]
    plays: list[PlayRow]
    seatings: list[SeatingRow] = field(default_factory=list)

    def _boards(self) -> dict[int, list[int]]:
        """Each seating's board numbers, in order."""
        by_seating: dict[int, list[int]] = defaultdict(list)
        for play in self.plays:
            by_seating[play.seating_id].append(play.board)
        return {pk: sorted(numbers) for pk, numbers in by_seating.items()}

    @property
    def movement_dict(self) -> dict[str, Any]:
        """The first section's movement in the ``movement`` command's JSON shape."""
        return self.movement_dict_of(self.sections[0])

    def movement_dict_of(self, section: Section) -> dict[str, Any]:
        """A section's movement in the ``movement`` command's JSON shape."""
        boards = self._boards()
        rounds: dict[int, list[dict[str, Any]]] = defaultdict(list)
        for s in self.seatings:
            if s.section_id == section.pk:
                table = {"table": s.table, "ns": s.ns.label, "ew": s.ew.label, "boards": boards.get(s.pk, [])}
                rounds[s.round].append(table)
        out: dict[str, Any] = {
            "kind": section.movement_kind,
            "tables": section.tables,
            "boards_per_round": section.boards_per_round,
            "rounds": [{"round": n, "tables": rounds[n]} for n in sorted(rounds)],
        }
        if self.teams:
            out["teams"] = {t.name: [p.label for p in self.pairs if p.team_id == t.pk] for t in self.teams}
        return out

    def rounds_table(self) -> list[dict[str, Any]]:
        """Per round, each table's pairs and boards (for the movement page)."""
        boards = self._boards()
        grouped: dict[int, list[dict[str, Any]]] = defaultdict(list)
        seated: dict[int, set[int]] = defaultdict(set)
        sections: dict[int, set[int]] = defaultdict(set)
        for seating in self.seatings:
            shown = board_range(boards.get(seating.pk, []))
            table = {"table": seating.table, "ns": seating.ns, "ew": seating.ew, "boards": shown}
            grouped[seating.round].append(table)
            seated[seating.round].update((seating.ns.pk, seating.ew.pk))
            sections[seating.round].add(seating.section_id)
        return [
            {
                "round": n,
                "tables": grouped[n],
                # The pairs of the sections playing round n that have no table in it (a Howell's odd pair).
                "sit_out": [p for p in self.pairs if p.section_id in sections[n] and p.pk not in seated[n]],
            }
            for n in sorted(grouped)
        ]


@dataclass(frozen=True)
class EventOverview:
    """What the event's overview shows of its set-up and progress: its sections, and counts."""

    sections: list[Section]
    pairs: int
    boards: int
    rounds: int  # the rounds played (a round number counted once, however many sections play it)
    entered: int  # results entered (or ruled), of ``total``: one for each board at each table in each round
    total: int
    published: int = (
        0  # lines with figures another scorer's file published (an import: ``selectors.published``)
    )


def event_overview(event: Event) -> EventOverview:
    """The event's sections and its counts (five queries at every size: the counts are the database's)."""
    plays = Play.objects.filter(event=event).aggregate(
        total=Count("pk"),
        entered=Count("pk", filter=Q(entered=True)),
        published=Count("pk", filter=~Q(published_ns="") | ~Q(published_ew="")),
    )
    rounds = Seating.objects.filter(round__section__event=event).aggregate(
        rounds=Count("round__number", distinct=True)
    )
    return EventOverview(
        sections=list(Section.objects.filter(event=event)),
        pairs=Pair.objects.filter(event=event).count(),
        boards=Board.objects.filter(event=event).count(),
        rounds=rounds["rounds"],
        entered=plays["entered"],
        total=plays["total"],
        published=plays["published"],
    )


MISSING_PLACES_SHOWN = 3  # the tables and rounds the Finish form names; "and N more" for the rest


@dataclass(frozen=True)
class MissingResults:
    """The results not in (plays with neither a result nor a ruling), where the first of them are: "table 5
    round 7 boards 11-12" (with the section's letter when the event has several), in the movement's order;
    ``more``: the results missing beyond those places."""

    count: int
    places: tuple[str, ...] = ()
    more: int = 0


def missing_results(event: Event, *, count: int, several_sections: bool) -> MissingResults:
    """Where the ``count`` results missing (``EventOverview``'s total less its entered) are: the first
    :data:`MISSING_PLACES_SHOWN` tables and rounds with one, and their boards (two queries, none when
    nothing is missing, whatever the size of the event)."""
    if count <= 0:
        return MissingResults(count=0)
    order = ("seating__round__section__letter", "seating__round__number", "seating__table")
    missing = Play.objects.filter(event=event, entered=False)
    seatings = list(
        missing.order_by(*order).values_list("seating_id", *order).distinct()[:MISSING_PLACES_SHOWN]
    )
    boards: dict[int, list[int]] = defaultdict(list)
    for seating, number in (
        missing.filter(seating_id__in=[row[0] for row in seatings])
        .order_by("board__number")
        .values_list("seating_id", "board__number")
    ):
        boards[seating].append(number)
    places = []
    for seating, letter, number, table_number in seatings:
        numbers = boards[seating]
        values = {"section": letter, "table": table_number, "round": number, "boards": board_range(numbers)}
        if several_sections:
            text = ngettext(
                "section %(section)s table %(table)s round %(round)s board %(boards)s",
                "section %(section)s table %(table)s round %(round)s boards %(boards)s",
                len(numbers),
            )
        else:
            text = ngettext(
                "table %(table)s round %(round)s board %(boards)s",
                "table %(table)s round %(round)s boards %(boards)s",
                len(numbers),
            )
        places.append(text % values)
    shown = sum(len(numbers) for numbers in boards.values())
    return MissingResults(count=count, places=tuple(places), more=max(count - shown, 0))


def board_range(numbers: list[int]) -> str:
    """[1, 2, 3] -> "1-3"; [1, 3] -> "1, 3"."""
    if not numbers:
        return ""
    if numbers == list(range(numbers[0], numbers[-1] + 1)) and len(numbers) > 1:
        return f"{numbers[0]}-{numbers[-1]}"
    return ", ".join(str(n) for n in numbers)


def event_snapshot(event: Event, *, results: bool = True) -> EventSnapshot:
    """The event's :class:`EventSnapshot` (seven queries); its plays' results only with ``results``."""
    pairs = list(pairs_for(event))
    by_pk = {pair.pk: pair for pair in pairs}
    seatings = [
        SeatingRow(pk, section_id, number, table, by_pk[ns], by_pk[ew])
        for pk, section_id, number, table, ns, ew in Seating.objects.filter(round__section__event=event)
        .order_by("round__section__letter", "round__number", "table")
        .values_list("pk", "round__section_id", "round__number", "table", "ns_id", "ew_id")
    ]
    plays = Play.objects.filter(event=event)
    if results:  # the event file's order
        plays = plays.order_by(
            "seating__round__section__letter", "seating__round__number", "seating__table", "board__number"
        )
    else:  # (each seating's boards are sorted when read)
        plays = plays.order_by()
    fields = RESULT_FIELDS if results else ()
    rows = plays.values_list("seating_id", "board__number", "ns_pair_id", "ew_pair_id", *fields)
    return EventSnapshot(
        event=event,
        sections=list(Section.objects.filter(event=event)),
        teams=list(Team.objects.filter(event=event)),
        pairs=pairs,
        boards=list(Board.objects.filter(event=event)),
        rounds=list(Round.objects.filter(section__event=event).select_related("agreed_by")),
        plays=[PlayRow(*row) for row in rows],
        seatings=seatings,
    )


def event_or_404(pk: int) -> Event:
    """The event, or a 404 (also for a key no database column can hold: SQLite raises on one past 2**63)."""
    event = Event.objects.filter(pk=pk).first() if 0 < pk < 2**63 else None
    if event is None:
        raise Http404("No Event matches the given query.")
    return event


def event_badge(status: str, *, provisional: bool, missing: int = 0) -> tuple[str, str]:
    """The status badge an event's pages show, as (CSS class, label). One rule for every page, the events
    list and the overview too: "Final" only once the director has finished the event with every result in
    and nothing else provisional (``Progress.provisional``: a finished event's rounds all count as agreed);
    a finished event short of that says so, "Finished: 5 results missing" (``missing``: the results not
    in); until Finish a results page whose figures are incomplete says "Provisional", the events list and
    the overview (which work no figures out) the event's status."""
    if status == EventStatus.COMPLETE:
        if missing:
            words = ngettext("Finished: %(n)d result missing", "Finished: %(n)d results missing", missing)
            return "provisional", words % {"n": missing}
        if provisional:
            return "provisional", gettext("Finished: provisional")
        return "status-complete", str(EventStatus.COMPLETE.label)
    if provisional:
        return "provisional", gettext("Provisional")
    return f"status-{status}", str(EventStatus(status).label)


def status_badge_of(event: Event, *, missing: int) -> tuple[str, str]:
    """:func:`event_badge` for a page that works no figures out (the events list, the overview): the event's
    status, and once it is finished the results still ``missing``."""
    return event_badge(event.status, provisional=False, missing=missing)


# ------------------------------------------------------------------------------------------ no peeking
#
# A board's hands and results stay with the director until every table scheduled to play it has a result
# or a ruling on it ("released"), or the director finishes the event (Event.status "complete"), which
# releases every board. A table link also sees the boards its own table has played (players compare after
# play). One rule, ``board_visible``, for every page and download; ``boards_in_play`` costs no query of
# its own: the event's row is read already and the boards in play come with the standings' contest.


@dataclass(frozen=True)
class Viewer:
    """Who is looking: a director (a signed-in staff user) sees every board; a table link also the boards
    its table has played (``played``); anyone else only the boards released."""

    director: bool = False
    played: frozenset[int] = frozenset()


VISITOR = Viewer()
DIRECTOR = Viewer(director=True)


def viewer_of(request: Any) -> Viewer:
    """The request's viewer: a director when signed in as staff, else a visitor."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated and user.is_staff:
        return DIRECTOR
    return VISITOR


def boards_in_play(
    event: Event, results: Any = None, *, board: TravellerBoard | None = None
) -> frozenset[int]:
    """The numbers of the boards not yet released: a table scheduled to play them has neither a result
    nor a ruling on them yet. None once the event is finished (status "complete"). No query of its own
    when given ``results`` (the event's ``selectors.standings.EventResults``) or ``board`` (one board, read
    by :func:`traveller_board`: is it in play?), else one."""
    if event.status == EventStatus.COMPLETE:
        return frozenset()
    if board is not None:
        return frozenset({board.board.number}) if board.pending else frozenset()
    if results is None:
        plays = Play.objects.filter(event=event, entered=False).order_by()
        return frozenset(plays.values_list("board__number", flat=True).distinct())
    pending: frozenset[int] = results.pending
    return pending


@dataclass(frozen=True)
class TravellerBoard:
    """A board as its traveller opens it: the ``board`` with its event; ``pending``, whether a table
    scheduled to play it has neither a result nor a ruling yet (for :func:`boards_in_play`); ``last_number``,
    the event's last board."""

    board: Board
    pending: bool
    last_number: int


def traveller_board(event_id: int, number: int) -> TravellerBoard:
    """Board ``number`` of the event, with its event and what its traveller needs first, or a 404 (one
    query)."""
    waiting = Play.objects.filter(board=OuterRef("pk"), entered=False)
    last = (
        Board.objects.filter(event=OuterRef("event"))
        .order_by()
        .values("event")
        .annotate(last=Max("number"))
        .values("last")
    )
    found = None
    if 0 < event_id < 2**63 and 0 <= number < 2**15:  # a board's number is a small integer
        found = (
            Board.objects.filter(event_id=event_id, number=number)
            .select_related("event")
            .annotate(pending=Exists(waiting), last_number=Subquery(last))
            .first()
        )
    if found is None:
        raise Http404("No such board in this event.")
    return TravellerBoard(found, pending=found.pending, last_number=found.last_number)


def play_count(event: Event) -> int:
    """How many results the event has to hold: its plays, entered or not (one query)."""
    return Play.objects.filter(event=event).count()


def board_progress(board: Board) -> tuple[int, int]:
    """How many of the tables scheduled to play ``board`` have (a result or a ruling), and how many there
    are (one query)."""
    counts = Play.objects.filter(board=board).aggregate(
        played=Count("pk", filter=Q(entered=True)), tables=Count("pk")
    )
    return counts["played"], counts["tables"]


def released_boards(event: Event, numbers: Iterable[int], results: Any = None) -> set[int]:
    """Of the board ``numbers``, those released (every scheduled table has played them, or the event is
    finished)."""
    in_play = boards_in_play(event, results)
    return {n for n in numbers if n not in in_play}


def board_visible(number: int, *, in_play: frozenset[int], viewer: Viewer) -> bool:
    """The one rule: may ``viewer`` see board ``number``'s hands and every table's result on it?"""
    return viewer.director or number not in in_play or number in viewer.played


def released_only(event: Event, viewer: Viewer) -> bool:
    """Whether the totals ``viewer`` is shown (standings, a score card's place and total, a team's total, the
    venue display, the downloads) count only the released boards, leaving out every board still in play
    (``boards_in_play``): a visitor's and a table link's, unless the director has the event show running
    totals over every result (``Event.running_totals``); never a director's.  A total that counted a board
    in play would tell a visitor who compared it before and after a table's save what that table scored
    there (no peeking; docs/laws.md, "Totals while boards are in play")."""
    return not viewer.director and not event.running_totals


def hidden_boards(in_play: frozenset[int], viewer: Viewer) -> frozenset[int]:
    """The boards ``viewer`` may not see (:func:`board_visible` false): none for a director."""
    if viewer.director or not in_play:
        return frozenset()
    return in_play - viewer.played if viewer.played else in_play


class TableBoards(NamedTuple):
    """A table's boards: ``played``, each of its plays of them has a result or a ruling; ``opened``, played
    and their traveller opened through the table's link (its results there stand: only the director
    changes them)."""

    played: frozenset[int]
    opened: frozenset[int]


def table_boards(section_id: int, table: int) -> TableBoards:
    """The boards a table (of a section) has played, and opened (one query). Where the event asks the
    opponents to confirm each result (``Event.confirm_results``), a board whose result there waits for the
    other side is not played yet: its traveller would show the waiting side the field before it confirms or
    corrects (law 79: the score agreed at the table), and opening it would make the result stand unagreed."""
    done: dict[int, bool] = {}
    seen: dict[int, bool] = {}
    rows = Play.objects.filter(seating__round__section_id=section_id, seating__table=table).values_list(
        "board__number",
        "entered",
        "table_saw_at",
        "entered_by",
        "confirmed_at",
        "seating__round__section__event__confirm_results",
    )
    for number, entered, saw_at, entered_by, confirmed_at, confirm in rows:
        waiting = confirm and entered_by in ("NS", "EW") and confirmed_at is None
        done[number] = done.get(number, True) and bool(entered) and not waiting
        seen[number] = seen.get(number, True) and saw_at is not None
    played = frozenset(n for n, ok in done.items() if ok)
    return TableBoards(played, frozenset(n for n in played if seen[n]))


def table_played_boards(section_id: int, table: int) -> frozenset[int]:
    """The boards a table (of a section) has played: each of its plays of them has a result or a ruling
    (one query)."""
    return table_boards(section_id, table).played


def table_plays(section_id: int, table: int) -> list[Play]:
    """A table's plays (of a section) in the order played, with their boards and rounds (one query)."""
    return list(
        Play.objects.filter(seating__round__section_id=section_id, seating__table=table)
        .select_related("board", "seating__round", "ns_pair", "ew_pair")
        .order_by("seating__round__number", "board__number")
    )
