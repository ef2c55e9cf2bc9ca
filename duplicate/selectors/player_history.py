"""A player's history and the club ladder, read from the published standings (``Standing``: each pair's place
and figure, written when its event is finished: ``duplicate.services.standings``). Plain values, a fixed
number of queries whatever the number of events and players; the contest is never worked out again here.

Every name these pages show is read through :func:`public_player_name`, as ``duplicate.privacy`` says: a
visitor sees each name as the player (or the club) chose, a director every name in full.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.db.models import Q
from django.utils.translation import gettext, gettext_noop

from duplicate.contests import contest_for
from duplicate.models import EventStatus, Pair, Player, PublicName, Standing
from duplicate.privacy import ERASED_NAME, effective_choice, pair_stand_in, shown_name
from duplicate.selectors.contract import decimal_text
from duplicate.selectors.pair_rows import club_public_name
from scoring.contests import mixed_number
from scoring.contests.ladder import ladder_lines

IN_PLAY = gettext_noop("in play")
NOT_STARTED = gettext_noop("not started")
NOT_PUBLISHED = gettext_noop("not published")
#: What the ladder shows a visitor for a player who keeps their name from visitors.
HIDDEN_PLAYER = gettext_noop("Hidden player")
#: The decimals a percentage is shown to (as the standings show a matchpoint percentage).
PERCENT_PLACES = 2


def public_player_name(
    *, name: str | None, erased: bool, choice: str, club_choice: str | None, director: bool, stand_in: str
) -> str:
    """A player's name as the player pages and the ladder show it (the one place these pages read a name):
    "Removed player" once their data is erased, "" for an empty seat; to a visitor as the player (or else the
    club) chose (``duplicate.privacy``), ``stand_in`` for a hidden one; in full to a ``director``."""
    if erased:
        return ERASED_NAME
    return shown_name(
        name=name or "",
        choice=effective_choice(choice, club_choice or ""),
        pair_label=stand_in,
        director=director,
    )


def is_hidden(*, choice: str, club_choice: str | None, director: bool) -> bool:
    """Whether a visitor is kept from the player's name (and so from their page)."""
    return not director and effective_choice(choice, club_choice or "") == PublicName.HIDDEN


def place_text(place: int | None, tied: bool) -> str:
    """A place as the standings say it: "2", or "2=" when shared; "" for none."""
    if place is None:
        return ""
    return f"{place}=" if tied else str(place)


@dataclass(frozen=True, slots=True)
class Figure:
    """An event's figure for a pair: what its contest ranks by or shows beside (``heading``: "%",
    "Plus/minus", "IMPs", law G's "Total"), exact, as shown (rounded as the contest rounds it) and exactly
    (a mixed number; "" when the value is whole, so that the shown figure says it all)."""

    heading: str
    value: Fraction
    display: str
    exact: str


def event_figure(*, code: str, kind: str, contest: str, score: str, percentage: str) -> Figure | None:
    """The figure of a published standing, read by its contest's description: the percentage where the
    contest has one (matchpoints), else the score it ranks by (law H's plus/minus, IMPs, law G's total)."""
    described = contest_for(code, kind, contest)
    if percentage:
        value = Fraction(percentage)
        heading = described.headings.percentage
        display = decimal_text(value, places=PERCENT_PLACES)
        exact = mixed_number(value)
    elif score:
        value = Fraction(score)
        heading = described.headings.percentage or described.headings.total
        display = decimal_text(value, places=described.places, signed=described.signed)
        exact = mixed_number(value, signed=described.signed)
    else:
        return None
    return Figure(heading, value, display, "" if value.denominator == 1 else exact)


# ------------------------------------------------------------------------------------- a player's events


@dataclass(frozen=True, slots=True)
class PlayerEvent:
    """One event a player played: with whom, as which pair, and how it ended (``state``: "" once its standings
    are published; "in play", "not started", or "not published" for a finished event whose standings
    are not, an event finished before publishing existed)."""

    event_pk: int
    event_name: str
    date: dt.date
    partner: str
    pair_label: str
    state: str
    place: int | None
    tied: bool
    of: int | None
    ranking: str
    figure: Figure | None

    @property
    def place_display(self) -> str:
        """ "2= of 8"; the state for an event without a place."""
        if self.place is None:
            return self.state
        return gettext("%(place)s of %(of)s") % {"place": place_text(self.place, self.tied), "of": self.of}

    @property
    def place_key(self) -> tuple[int, int] | None:
        """What the place column sorts by: the place, then the field's size (None: no place)."""
        return None if self.place is None else (self.place, self.of or 0)

    @property
    def figure_key(self) -> Fraction | None:
        return None if self.figure is None else self.figure.value


_PLAYER_EVENT_FIELDS = (
    "event_id",
    "event__name",
    "event__date",
    "event__code",
    "event__kind",
    "event__contest",
    "event__status",
    "number",
    "player1_id",
    "player1__name",
    "player1__erased_at",
    "player1__public_name",
    "player2_id",
    "player2__name",
    "player2__erased_at",
    "player2__public_name",
    "club_choice",
    "standing__place",
    "standing__tied",
    "standing__of",
    "standing__ranking",
    "standing__score",
    "standing__percentage",
)


def _state(status: str, place: int | None) -> str:
    if place is not None:
        return ""
    if status == EventStatus.COMPLETE:
        return gettext(NOT_PUBLISHED)
    return gettext(IN_PLAY if status == EventStatus.RUNNING else NOT_STARTED)


def _player_event(player_pk: int, row: Mapping[str, Any], director: bool) -> PlayerEvent:
    seat = "player2" if row["player1_id"] == player_pk else "player1"
    partner = public_player_name(
        name=row[f"{seat}__name"],
        erased=row[f"{seat}__erased_at"] is not None,
        choice=row[f"{seat}__public_name"] or "",
        club_choice=row["club_choice"],
        director=director,
        stand_in=pair_stand_in(row["number"]),
    )
    place = row["standing__place"]
    figure = None
    if place is not None:
        figure = event_figure(
            code=row["event__code"],
            kind=row["event__kind"],
            contest=row["event__contest"],
            score=row["standing__score"] or "",
            percentage=row["standing__percentage"] or "",
        )
    return PlayerEvent(
        event_pk=row["event_id"],
        event_name=row["event__name"],
        date=row["event__date"],
        partner=partner,
        pair_label=row["number"],
        state=_state(row["event__status"], place),
        place=place,
        tied=bool(row["standing__tied"]),
        of=row["standing__of"],
        ranking=row["standing__ranking"] or "",
        figure=figure,
    )


def player_events(*, player: Player, director: bool = False) -> list[PlayerEvent]:
    """Every event ``player`` played (sat in a pair of), newest first, with the partner (named as a visitor
    may see them, or a ``director``), the place of how many and the event's figure once its standings are
    published (one query)."""
    rows = (
        Pair.objects.filter(Q(player1_id=player.pk) | Q(player2_id=player.pk))
        .annotate(club_choice=club_public_name())
        .order_by("-event__date", "-event_id", "position", "id")
        .values(*_PLAYER_EVENT_FIELDS)
    )
    return [_player_event(player.pk, row, director) for row in rows]


# ---------------------------------------------------------------------------------------------- the ladder


@dataclass(frozen=True, slots=True)
class LadderRow:
    """A player's line on the club ladder: ``rank`` None when not ranked (fewer events than the minimum)."""

    player_pk: int
    name: str
    linked: bool  # its name links to the player's page (not for a player hidden from visitors)
    rank: int | None
    tied: bool
    by_fraction: bool
    average: Fraction
    counted: int
    played: int

    @property
    def rank_display(self) -> str:
        return place_text(self.rank, self.tied)

    @property
    def average_display(self) -> str:
        return decimal_text(self.average, places=PERCENT_PLACES)

    @property
    def average_exact(self) -> str:
        """The exact average as a mixed number ("56 1/4"); "" when whole."""
        return "" if self.average.denominator == 1 else mixed_number(self.average)

    @property
    def rank_key(self) -> tuple[int, int]:
        """Ranked lines first, by rank; then the unranked."""
        return (0, self.rank) if self.rank is not None else (1, 0)


@dataclass(frozen=True, slots=True)
class Ladder:
    last: int
    minimum: int
    rows: tuple[LadderRow, ...]

    @property
    def ranked(self) -> tuple[LadderRow, ...]:
        return tuple(row for row in self.rows if row.rank is not None)

    @property
    def unranked(self) -> tuple[LadderRow, ...]:
        return tuple(row for row in self.rows if row.rank is None)


def percentage_histories() -> dict[int, list[Fraction]]:
    """Each player's percentages in the finished events that have one, newest first, one an event (one
    query over the published standings)."""
    rows = (
        Standing.objects.filter(event__status=EventStatus.COMPLETE)
        .exclude(percentage="")
        .order_by("-event__date", "-event_id", "pair__position", "pair_id")
        .values_list("event_id", "pair__player1_id", "pair__player2_id", "percentage")
    )
    histories: dict[int, list[Fraction]] = {}
    seen: set[tuple[int, int]] = set()
    for event_pk, first, second, percentage in rows:
        for player_pk in (first, second):
            if player_pk is not None and (player_pk, event_pk) not in seen:
                seen.add((player_pk, event_pk))
                histories.setdefault(player_pk, []).append(Fraction(percentage))
    return histories


def club_ladder(*, last: int, minimum: int, director: bool = False) -> Ladder:
    """The club's players (erased ones aside) by their average percentage over their last ``last`` finished
    events with a percentage, ranked when they have at least ``minimum`` of them (law H's ranks on the
    exact averages: ``scoring.contests.ladder``); the unranked after. Names as a visitor may see them (a
    hidden player is "Hidden player", unlinked), or a ``director``. Two queries, whatever the number of
    events and players."""
    histories = percentage_histories()
    players = (
        Player.objects.filter(erased_at__isnull=True)
        .annotate(club_choice=club_public_name())
        .values_list("pk", "name", "public_name", "club_choice")
    )
    hidden = gettext(HIDDEN_PLAYER)  # in the page's language, as the name is shown
    shown = {
        pk: public_player_name(
            name=name,
            erased=False,
            choice=choice,
            club_choice=club,
            director=director,
            stand_in=hidden,
        )
        for pk, name, choice, club in players
        if pk in histories
    }
    # In the order of the names as shown, so that equal averages are listed by them (a hidden player's place
    # among equals tells nothing of their name).
    named = dict(sorted(shown.items(), key=lambda item: (item[1].casefold(), item[0])))
    lines = ladder_lines({pk: histories[pk] for pk in named}, last=last, minimum=minimum)
    rows = tuple(
        LadderRow(
            player_pk=line.key,
            name=named[line.key],
            linked=named[line.key] != hidden,
            rank=line.rank,
            tied=line.tied,
            by_fraction=line.by_fraction,
            average=line.average,
            counted=line.counted,
            played=line.played,
        )
        for line in lines
    )
    return Ladder(last=last, minimum=minimum, rows=rows)
