"""The rows the standings are made of, and how the pages show them: the pairs with their players, a pair's
line in its ranking and the rankings (law H), the constants of what the contest reads of each play.  Shared by
the standings of every contest (``duplicate.selectors.standings``, ``duplicate.selectors.contract``)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, NamedTuple

from django.db.models import BooleanField, ExpressionWrapper, Q, Subquery
from django.utils.translation import gettext, gettext_noop

from duplicate.models import CLUB_PK, ENTERED_FIELDS, SCORE_FIELDS, Club, Event, Pair, pair_order
from duplicate.privacy import pair_stand_in, shown_number, shown_players
from scoring.awards import awards_for_places, decimal_points, ranks_with_ties
from scoring.contests import fraction_str, round_half_away
from scoring.contests.rankings import ALL_PAIRS, EW_NAME, NS_NAME

WHIST = "whist"
DIRECTION_NAMES = {"NS": NS_NAME, "EW": EW_NAME, None: ALL_PAIRS}  # a ranking's name by default (law H)
# The default titles, shown through gettext (scoring names them in English: files read them).
DEFAULT_TITLES = (gettext_noop("N-S"), gettext_noop("E-W"), gettext_noop("All pairs"))
# Words pages show through gettext (the workbook's headings read them too: they stay English here).
ITEM_NAMES = {
    "tricks": gettext_noop("tricks"),
    "premium": gettext_noop("premium"),
    "honours": gettext_noop("honours"),
    "undertricks": gettext_noop("undertricks"),
    "double_bonus": gettext_noop("double bonus"),
    "slam": gettext_noop("slam"),
    "revoke_penalty": gettext_noop("revoke"),
    "other_penalty": gettext_noop("penalty"),
}
# Contract bridge's score items (law 77: no honours, no law F penalties; a revoke's tricks are transferred).
CONTRACT_ITEM_NAMES = {
    "tricks": gettext_noop("tricks"),
    "overtricks": gettext_noop("overtricks"),
    "part_score": gettext_noop("part score"),
    "game": gettext_noop("game"),
    "slam": gettext_noop("slam"),
    "insult": gettext_noop("insult"),
    "undertricks": gettext_noop("undertricks"),
}
SIDE_NAMES = {"NS": gettext_noop("N-S"), "EW": gettext_noop("E-W")}
PENALTY_KINDS = ("revoke_penalty", "other_penalty")
BEING_PLAYED = gettext_noop("being played")
# A line a table has played, of a board other tables are still playing: its result is kept until then.
PLAYED_HIDDEN = gettext_noop("played: shown once every table has played it")
BEING_PLAYED_NOTE = gettext_noop("being played: shown when every table has played it")

# What the contest reads of every play (one query).
PLAY_FIELDS = (
    "board__number",
    "ns_pair_id",
    "ew_pair_id",
    "entered",
    "ruling",
    "offending",
    "net_ns",
    "seating__table",
    "seating__round_id",
    "round_agreed",
)
# Whether the play's round is agreed (law E), read as a flag: its time would be parsed for every play.
ROUND_AGREED = ExpressionWrapper(Q(seating__round__agreed_at__isnull=False), output_field=BooleanField())
# What a traveller's or score card's line shows of a play (one query).
LINE_FIELDS = (
    "seating__round__section__letter",
    "board__number",
    "seating__round__number",
    "seating__table",
    "ns_pair_id",
    "ew_pair_id",
    "entered",
    *ENTERED_FIELDS,
    *SCORE_FIELDS,
    "published_ns",  # what another scorer's file published (``selectors.published``)
    "published_ew",
    "lead",  # the opening lead ("" when none was entered)
)
# A traveller's lines as the room sits: by section, then table (then round, where a table plays a board in two
# rounds), on the traveller page, the venue display and every download alike. A player looks for their own
# table's line, which then keeps its place from board to board (in a Mitchell, N-S pair n's is line n); in
# round order a board's first line is at a different table on every board.
TRAVELLER_ORDER = ("seating__round__section__letter", "seating__table", "seating__round__number")


def traveller_key(line: Any) -> tuple[str, int, int]:
    """A traveller line's place in :data:`TRAVELLER_ORDER` (its section, table and round)."""
    return (line.section, line.table, line.round)


# ----------------------------------------------------------------------------------------------- pairs


@dataclass(frozen=True, slots=True)
class PairInfo:
    """A pair as the standings show it: ``label`` is the event file's identifier (an int when it is one)."""

    pk: int
    label: int | str
    position: int
    players: tuple[str, str]
    team: str | None
    team_id: int | None
    movement_kind: str
    section: str = ""  # the section's letter (names the rankings of an event of several sections)
    # The players' membership numbers and the bodies that issued them ("" for a guest, and for a visitor:
    # ``duplicate.privacy.shown_number``).
    numbers: tuple[str, str] = ("", "")
    bodies: tuple[str, str] = ("", "")
    # What another scorer's file published for the pair (``Pair.published_*``): total, percentage, place.
    published: tuple[str, str, str] = ("", "", "")

    @property
    def members(self) -> list[dict[str, str]]:
        """Each named player's name, number and body (the standings JSON's ``members``)."""
        return [
            {"name": name, "number": number, "body": body}
            for name, number, body in zip(self.players, self.numbers, self.bodies, strict=True)
            if name
        ]

    @property
    def names(self) -> str:
        return " & ".join(p for p in self.players if p)

    @property
    def sort_key(self) -> tuple[int, str, int, str]:
        return pair_order(self.label)


def unknown_pair(pk: int) -> PairInfo:
    return PairInfo(pk, f"#{pk}", 0, ("", ""), None, None, "")


def club_public_name() -> Subquery:
    """The club's default of how players' names are shown (``Club.public_name``, its one row), as part of
    another query: no query of its own; NULL when the club has no row (every name in full)."""
    return Subquery(Club.objects.filter(pk=CLUB_PK).values("public_name")[:1])


def pair_infos(event: Event, *, director: bool = False) -> dict[int, PairInfo]:
    """Every pair of the event by primary key, with its players' and team's names (one query): the players
    as ``duplicate.privacy.shown_players`` shows them to a visitor (as each chose, or the club), in full to a
    ``director``."""
    rows = (
        Pair.objects.filter(event=event)
        .order_by("position", "id")
        .annotate(club_choice=club_public_name())
        .values_list(
            "pk",
            "number",
            "position",
            "player1__name",
            "player2__name",
            "team__name",
            "team_id",
            "section__movement_kind",
            "section__letter",
            "player1__public_name",
            "player2__public_name",
            "club_choice",
            "player1__number",
            "player2__number",
            "player1__body",
            "player2__body",
            "published_score",
            "published_percentage",
            "published_place",
        )
    )
    infos = {}
    for row in rows:
        pk, number, position, p1, p2, team, team_id, movement_kind, section, c1, c2, club, n1, n2, b1, b2 = (
            row[:16]
        )
        label = int(number) if number.isdecimal() else number
        players = shown_players(
            (p1 or "", p2 or ""),
            (c1 or "", c2 or ""),
            club_choice=club,
            stand_in=pair_stand_in(label, team),
            director=director,
        )
        numbers = (
            shown_number(number=n1 or "", director=director),
            shown_number(number=n2 or "", director=director),
        )
        bodies = (b1 or "" if numbers[0] else "", b2 or "" if numbers[1] else "")
        infos[pk] = PairInfo(
            pk, label, position, players, team, team_id, movement_kind, section, numbers, bodies, row[16:19]
        )
    return infos


def _exact_json(value: Fraction) -> int | str:
    """An exact value for JSON: an int when whole, else "p/q"."""
    return value.numerator if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


class StandingRow(NamedTuple):
    """A pair's line in the standings."""

    rank: int
    pair: PairInfo
    direction: str | None
    boards: int
    net: Fraction
    plus_minus: Fraction
    by_fraction: bool
    net_display: str
    plus_minus_display: str
    ranking: str = ""  # the name of its ranking (law H: "N-S", "E-W", "All pairs", "Section A N-S", ...)
    # Contract bridge: the contest chosen (``duplicate.contests``); ``net`` is then the score it is
    # ranked by (matchpoints after Neuberg and factoring, or IMPs), ``percentage`` a matchpoint percentage.
    contest: str = ""
    percentage: Fraction | None = None
    # The masterpoints its place earns by the event's award table (``scoring.awards``); None without a table.
    masterpoints: Fraction | None = None

    @property
    def masterpoints_display(self) -> str:
        return "" if self.masterpoints is None else decimal_points(self.masterpoints)

    def to_json(self) -> dict[str, Any]:
        awarded = {} if self.masterpoints is None else {"masterpoints": _exact_json(self.masterpoints)}
        if self.contest:
            out: dict[str, Any] = {
                "rank": self.rank,
                "pair": self.pair.label,
                "direction": self.direction,
                "players": list(self.pair.players),
                "members": self.pair.members,
                "boards": self.boards,
                "score": _exact_json(self.net),
                "ranking": self.ranking,
            }
            if self.percentage is not None:
                out["percentage"] = _exact_json(self.percentage)
            return {**out, **awarded}
        return {
            "rank": self.rank,
            "pair": self.pair.label,
            "direction": self.direction,
            "players": list(self.pair.players),
            "members": self.pair.members,
            "boards": self.boards,
            "net": fraction_str(self.net),
            "plus_minus": round_half_away(self.plus_minus),
            "exact": fraction_str(self.plus_minus),
            "ranking": self.ranking,
            **awarded,
        }


@dataclass(frozen=True, slots=True)
class Ranking:
    """One ranking (law H: the pairs connected by a chain of shared hands, see ``scoring.contests``):
    ``direction`` is "NS"/"EW" for a direction ranking, ``None`` for a mixed one."""

    direction: str | None
    rows: tuple[StandingRow, ...]
    name: str = ""
    contest: str = ""  # contract bridge's contest; "" for law H

    @property
    def title(self) -> str:
        return self.name or DIRECTION_NAMES[self.direction]

    @property
    def title_shown(self) -> str:
        """The title in the page's language (``title`` stays English: files, JSON and the stored standings
        read it)."""
        return ranking_title(self.title)

    @property
    def prefix(self) -> str:
        """The ranking's part of a page's sorting parameters ("ns-", "ew-", "all-", "section-a-ns-")."""
        short = {NS_NAME: "ns", EW_NAME: "ew", ALL_PAIRS: "all"}.get(self.title)
        if short is None:
            words = "".join(c if c.isalnum() else " " for c in self.title.lower().replace("-", ""))
            short = "-".join(words.split())
        return f"{short}-"

    @property
    def by_fraction(self) -> bool:
        return any(r.by_fraction for r in self.rows)

    @property
    def awarded(self) -> bool:
        """Whether its rows carry masterpoints (the event has an award table)."""
        return any(r.masterpoints is not None for r in self.rows)


_SECTION_TITLE = re.compile(r"Section (\w+)(?: (.+))?")


def ranking_title(title: str) -> str:
    """A ranking's English title ("N-S", "All pairs", "Section A", "Section B E-W") in the page's language; a
    name the director gave is left as it is."""
    if title in DEFAULT_TITLES:
        return gettext(title)
    found = _SECTION_TITLE.fullmatch(title)
    if found is None or (found[2] and found[2] not in DEFAULT_TITLES):
        return title
    if found[2]:
        return gettext("Section %(letter)s %(ranking)s") % {"letter": found[1], "ranking": gettext(found[2])}
    return gettext("Section %(letter)s") % {"letter": found[1]}


def with_masterpoints(rankings: Sequence[Ranking], table: Sequence[Fraction]) -> list[Ranking]:
    """The rankings with each row's masterpoints by the award ``table`` (``scoring.awards``), each ranking
    awarded the table on its own; unchanged without a table."""
    if not table:
        return list(rankings)
    out = []
    for ranking in rankings:
        places = ranks_with_ties([row.rank for row in ranking.rows])
        points = awards_for_places(places, table)
        rows = tuple(row._replace(masterpoints=p) for row, p in zip(ranking.rows, points, strict=True))
        out.append(replace(ranking, rows=rows))
    return out
