"""Reads of the club's roster: searching players by membership number or name (the type-ahead and the
roster page). Plain values, a fixed number of queries."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from django.db.models import Case, IntegerField, Q, Value, When

from duplicate.models import Player


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


def players_holding(*, numbers: Collection[str]) -> list[PlayerOption]:
    """The roster players holding any of these membership numbers, whatever body issued them (one query):
    what a seat's number is matched against (``scoring.player_text.roster_match``)."""
    wanted = sorted({n for n in numbers if n})
    if not wanted:
        return []
    rows = Player.objects.filter(number__in=wanted).order_by("body", "number", "id")
    return [PlayerOption(*row) for row in rows.values_list("pk", "name", "number", "body", "club_number")]
