"""Reads of the club's roster: searching players by membership number or name (the type-ahead and the
roster page), the roster's pages, its CSV rows and the club's settings. Plain values, a fixed number of
queries."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from django.core.paginator import Paginator
from django.db.models import Case, F, Func, IntegerField, OuterRef, Q, QuerySet, Subquery, Value, When
from django.db.models.functions import Coalesce

from duplicate.models import CLUB_PK, Club, Pair, Player, PublicName

#: Players on a page of the roster.
ROSTER_PAGE_SIZE = 50


@dataclass(frozen=True, slots=True)
class PlayerOption:
    """A roster player as a chooser lists it."""

    pk: int
    name: str
    number: str
    body: str
    club_number: str

    @property
    def is_guest(self) -> bool:
        return not self.number

    @property
    def label(self) -> str:
        """ "Ann Lee (EBU 123456)", or "Ann Lee (guest)"."""
        if not self.number:
            return f"{self.name} (guest)"
        return f"{self.name} ({' '.join(p for p in (self.body, self.number) if p)})"


def player_search(*, query: str, limit: int = 10) -> list[PlayerOption]:
    """Roster players whose membership or club number starts with ``query`` or whose name contains it
    (case-insensitive), members first, then by name; erased players never (one query)."""
    text = query.strip()
    if not text:
        return []
    rows = (
        Player.objects.filter(erased_at__isnull=True)
        .filter(Q(number__istartswith=text) | Q(club_number__istartswith=text) | Q(name__icontains=text))
        .order_by(
            Case(When(number="", then=Value(1)), default=Value(0), output_field=IntegerField()), "name", "id"
        )
        .values_list("pk", "name", "number", "body", "club_number")[:limit]
    )
    return [PlayerOption(*row) for row in rows]


def club_settings() -> Club:
    """The club's row, or (before a director has saved it) an unsaved one with the defaults (one query)."""
    return Club.objects.filter(pk=CLUB_PK).first() or Club(pk=CLUB_PK)


@dataclass(frozen=True, slots=True)
class RosterRow:
    """A roster player as the director's roster lists them, with the events they played in."""

    pk: int
    name: str
    number: str
    body: str
    club_number: str
    email: str
    public_name: str
    erased: bool
    events: int

    @property
    def membership(self) -> str:
        """ "EBU 123456", or "" for a guest."""
        return " ".join(part for part in (self.body, self.number) if part)

    @property
    def label(self) -> str:
        """ "Ann Lee (EBU 123456)", or "Ann Lee (guest)"."""
        return f"{self.name} ({self.membership or 'guest'})"

    @property
    def public_name_text(self) -> str:
        """How the player chose to be shown to visitors, or "" when they follow the club."""
        return str(PublicName(self.public_name).label) if self.public_name else ""


@dataclass(frozen=True, slots=True)
class RosterPage:
    """One page of the roster: its rows, its number (from 1), the pages and the players found."""

    rows: list[RosterRow]
    number: int
    pages: int
    total: int
    query: str

    @property
    def previous(self) -> int | None:
        return self.number - 1 if self.number > 1 else None

    @property
    def next(self) -> int | None:
        return self.number + 1 if self.number < self.pages else None


class _Count(Func):
    """COUNT(DISTINCT ...) in a subquery, without a GROUP BY."""

    function = "COUNT"
    template = "%(function)s(DISTINCT %(expressions)s)"
    output_field = IntegerField()


_ROSTER_COLUMNS = (
    "pk",
    "name",
    "number",
    "body",
    "club_number",
    "email",
    "public_name",
    "erased_at",
    "events",
)


def _roster(query: str) -> QuerySet[Player]:
    """The roster (erased players too: "Removed player"), filtered as :func:`player_search` filters, by
    name, with the number of events each played in."""
    played = (
        Pair.objects.filter(Q(player1=OuterRef("pk")) | Q(player2=OuterRef("pk")))
        .order_by()
        .annotate(events=_Count(F("event_id")))
        .values("events")
    )
    players = Player.objects.annotate(events=Coalesce(Subquery(played), 0)).order_by("name", "id")
    text = query.strip()
    if text:
        players = players.filter(
            Q(number__istartswith=text) | Q(club_number__istartswith=text) | Q(name__icontains=text)
        )
    return players


def _row(values: tuple[Any, ...]) -> RosterRow:
    pk, name, number, body, club_number, email, public_name, erased_at, events = values
    return RosterRow(
        pk=pk,
        name=name,
        number=number,
        body=body,
        club_number=club_number,
        email=email,
        public_name=public_name,
        erased=erased_at is not None,
        events=events,
    )


def roster_page(*, query: str = "", page: int | str = 1, per_page: int = ROSTER_PAGE_SIZE) -> RosterPage:
    """A page of the roster (a page number out of range gives the nearest page): two queries, one when
    nothing is found."""
    paginator = Paginator(_roster(query).values_list(*_ROSTER_COLUMNS), per_page)
    shown = paginator.get_page(page)
    return RosterPage(
        rows=[_row(values) for values in shown.object_list],
        number=shown.number,
        pages=paginator.num_pages,
        total=paginator.count,
        query=query.strip(),
    )


def roster_row(*, pk: int) -> RosterRow | None:
    """One roster player with the events they played in (one query), None when there is none."""
    found = _roster("").filter(pk=pk).values_list(*_ROSTER_COLUMNS).first()
    return _row(found) if found is not None else None


def roster_choices(*, besides: int) -> list[PlayerOption]:
    """Every roster player but ``besides`` whose data was not erased, by name (one query): the records a
    player may be merged into."""
    rows = (
        Player.objects.filter(erased_at__isnull=True)
        .exclude(pk=besides)
        .order_by("name", "id")
        .values_list("pk", "name", "number", "body", "club_number")
    )
    return [PlayerOption(*row) for row in rows]


def roster_export_rows() -> list[tuple[str, str, str, str, str]]:
    """The roster's CSV rows, by name: name, number, body, club number, email (players whose data was erased
    left out: only their results remain). One query."""
    rows = (
        Player.objects.filter(erased_at__isnull=True)
        .order_by("name", "id")
        .values_list("name", "number", "body", "club_number", "email")
    )
    return [(name, number, body, club_number, email) for name, number, body, club_number, email in rows]


def players_holding(*, numbers: Collection[str]) -> list[PlayerOption]:
    """The roster players holding any of these membership numbers, whatever body issued them (one query):
    what a seat's number is matched against (``scoring.player_text.roster_match``)."""
    wanted = sorted({n for n in numbers if n})
    if not wanted:
        return []
    rows = Player.objects.filter(number__in=wanted).order_by("body", "number", "id")
    return [PlayerOption(*row) for row in rows.values_list("pk", "name", "number", "body", "club_number")]
