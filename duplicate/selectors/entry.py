"""Reads for result entry: the rounds x tables grid, one table's boards in one round, a table token's current
round, and the plain-text shapes the entry pages show (a result, its items, its history).

Every function runs a fixed number of queries whatever the size of the event.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, Prefetch, Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from duplicate.models import (
    CLUB_PK,
    Board,
    Club,
    Event,
    Pair,
    Play,
    PlayChange,
    Round,
    Seating,
    Section,
    TableToken,
)
from duplicate.privacy import pair_stand_in, shown_players
from duplicate.selectors.pair_rows import CONTRACT_ITEM_NAMES, ITEM_NAMES, club_public_name
from duplicate.selectors.unlikely import event_oddities
from scoring.deal import CARDS
from scoring.leads import lead_text

# The other kinds (tricks, premium, honours, undertricks, slam) are shown by their own names.
# Words shown through gettext where they are shown (``gettext_noop``: the values stay English here).
ITEM_LABELS = {
    "double_bonus": gettext_noop("bonus for making a doubled contract"),
    "revoke_penalty": gettext_noop("revoke penalty"),
    "other_penalty": gettext_noop("penalty"),
}
SIDE_LABELS = {"NS": gettext_noop("N-S"), "EW": gettext_noop("E-W")}
# law 77's, as the downloads head them
CONTRACT_COLUMNS = {"trick": gettext_noop("trick score"), "honour": gettext_noop("other score")}
OTHER_SIDE = {"NS": "EW", "EW": "NS"}
SIDES = ("NS", "EW")


# --- Both sides confirm (Event.confirm_results; docs/laws.md) ----------------------------------------------


def awaiting_q(prefix: str = "") -> Q:
    """The plays entered by one side of a table and not yet confirmed by the other (law 79, law E); an event
    that does not ask for confirmation has none (the caller checks ``Event.confirm_results``)."""
    return Q(
        **{f"{prefix}entered": True, f"{prefix}confirmed_at__isnull": True, f"{prefix}entered_by__in": SIDES}
    )


def awaiting_side(play: Play, *, event: Event) -> str:
    """The side ("NS", "EW") whose confirmation the play's result waits for; "" when none (no query)."""
    if not (event.confirm_results and play.entered and play.entered_by) or play.confirmed_at is not None:
        return ""
    return OTHER_SIDE.get(play.entered_by, "")


def agreed_at_table(play: Play, *, event: Event) -> bool:
    """The play's result is in and, where the event asks for it, confirmed by the other side (no query)."""
    return play.entered and not awaiting_side(play, event=event)


def round_unconfirmed_note(round: Round) -> str:
    """What the director's agreement of the round says of its results waiting for the other side's
    confirmation, " 2 results of it were not confirmed ...", or "" when none (one query; none when the
    event does not ask for it)."""
    if not round.section.event.confirm_results:
        return ""
    n = Play.objects.filter(awaiting_q(), seating__round=round).count()
    if not n:
        return ""
    return " " + ngettext(
        "%(n)s result of it was not confirmed by the other side: your agreement stands for theirs.",
        "%(n)s results of it were not confirmed by the other side: your agreement stands for theirs.",
        n,
    ) % {"n": n}


# --- The grid of rounds x tables --------------------------------------------------------------------------


@dataclass
class GridCell:
    seating: Seating
    entered: int
    total: int
    flags: list[str] = field(default_factory=list)  # unlikely results, for the director (docs/laws.md)
    unconfirmed: int = 0  # results waiting for the other side's confirmation (Event.confirm_results)

    @property
    def complete(self) -> bool:
        return self.total > 0 and self.entered == self.total


@dataclass
class GridRow:
    round: Round
    cells: list[GridCell | None]

    @property
    def entered(self) -> int:
        return sum(c.entered for c in self.cells if c)

    @property
    def total(self) -> int:
        return sum(c.total for c in self.cells if c)

    @property
    def unconfirmed(self) -> int:
        return sum(c.unconfirmed for c in self.cells if c)


@dataclass
class SectionGrid:
    section: Section
    tables: list[int]
    rows: list[GridRow] = field(default_factory=list)


def entry_grid(event: Event, *, flags: bool = False) -> list[SectionGrid]:
    """Per section, one row per round with each table's count of results in (three queries); with ``flags``
    (the director's grid), each table's unlikely results with their detail (two queries more,
    ``selectors.unlikely.event_oddities``)."""
    oddities = event_oddities(event) if flags else {}
    sections = list(Section.objects.filter(event=event).order_by("letter"))
    rounds = list(Round.objects.filter(section__event=event).select_related("agreed_by").order_by("number"))
    seatings = list(
        Seating.objects.filter(round__section__event=event)
        .select_related("ns", "ew")
        .annotate(
            n_total=Count("plays"),
            n_entered=Count("plays", filter=Q(plays__entered=True)),
            n_unconfirmed=Count("plays", filter=awaiting_q("plays__")),
        )
        .order_by("table")
    )
    confirming = event.confirm_results
    by_round: dict[int, dict[int, Seating]] = defaultdict(dict)
    for row in seatings:
        by_round[row.round_id][row.table] = row
    grids = []
    for section in sections:
        tables = list(range(1, section.tables + 1))
        tables += sorted(
            {t for r in rounds if r.section_id == section.pk for t in by_round[r.pk] if t not in tables}
        )
        grid = SectionGrid(section=section, tables=tables)
        for round_row in (r for r in rounds if r.section_id == section.pk):
            seated = by_round[round_row.pk]
            cells = [
                GridCell(
                    s,
                    entered=s.n_entered,  # type: ignore[attr-defined]
                    total=s.n_total,  # type: ignore[attr-defined]
                    flags=[
                        _("Board %(n)s: %(why)s") % {"n": n, "why": o.text}
                        for n, o in sorted(oddities.get(s.pk, []), key=_board)
                    ],
                    unconfirmed=s.n_unconfirmed if confirming else 0,  # type: ignore[attr-defined]
                )
                if (s := seated.get(t))
                else None
                for t in tables
            ]
            grid.rows.append(GridRow(round=round_row, cells=cells))
        grids.append(grid)
    return grids


def _board(found: tuple[int, Any]) -> int:
    return found[0]


# --- One table in one round -------------------------------------------------------------------------------


def _related(names: bool) -> tuple[str, ...]:
    """With ``names``, the players' names and who agreed the round (what the page shows); a result posted
    needs only the round and the pairs."""
    if names:
        return ("round__agreed_by", "ns__player1", "ns__player2", "ew__player1", "ew__player2")
    return ("round", "ns", "ew")


def table_seating(section: Section, round_number: int, table: int, *, names: bool = True) -> Seating | None:
    """A table's seating in a round, with its round and pairs (one query)."""
    seatings = Seating.objects.filter(round__section=section, round__number=round_number, table=table)
    if names:  # the club's default of how names are shown (``seated_names``), in the same query
        seatings = seatings.annotate(club_choice=club_public_name())
    return seatings.select_related(*_related(names)).first()


def seated_names(seating: Seating, *, director: bool) -> dict[str, str]:
    """The players of the seating's N-S and E-W pairs as the page shows them (``duplicate.privacy``: a
    visitor's and a table link's as each player chose, a director's in full): "Ann Lee & ?", "A. Lee & Pair
    7", "Pair 7" (both hidden), "" (no player named).  No query: the seating is read with its players and the
    club's choice (:func:`table_seating`, :func:`current_seating` with ``names``)."""
    if hasattr(seating, "club_choice"):
        club = seating.club_choice
    else:  # a seating read without its names: the club's choice read now, never taken as "full"
        club = Club.objects.filter(pk=CLUB_PK).values_list("public_name", flat=True).first()
    return {"ns": _pair_names(seating.ns, club, director), "ew": _pair_names(seating.ew, club, director)}


def _pair_names(pair: Pair, club: str | None, director: bool) -> str:
    players = (pair.player1, pair.player2)
    if not any(players):
        return ""
    shown = shown_players(
        (players[0].name if players[0] else "", players[1].name if players[1] else ""),
        (players[0].public_name if players[0] else "", players[1].public_name if players[1] else ""),
        club_choice=club,
        stand_in=pair_stand_in(pair.label),
        director=director,
    )
    if players[1] is not None and not shown[1]:  # both hidden: the pair's label once
        return shown[0]
    return " & ".join(name or "?" for name in shown)


def seating_plays(seating: Seating, *, history: bool = True) -> list[Play]:
    """The boards played at a seating, with their boards and their history (two queries; one without
    ``history``: the law E history is shown to directors only); each play's seating and pairs are
    ``seating``'s own (no query)."""
    plays = seating.plays.select_related("board").order_by("board__number")
    if history:
        plays = plays.prefetch_related(Prefetch("changes", queryset=PlayChange.objects.order_by("at", "id")))
    found = list(plays)
    for play in found:  # the form and the services read the pairs: the seating's, already read
        play.ns_pair = seating.ns
        play.ew_pair = seating.ew
    return found


def round_count(section: Section) -> int:
    return Round.objects.filter(section=section).count()


def current_seating(section: Section, table: int, *, names: bool = True) -> Seating | None:
    """The seating a table's link opens: the lowest round not agreed whose boards at the table are not all
    in (where the event asks for it, confirmed by the other side: :func:`agreed_at_table`); otherwise the
    last round not agreed; None when every round is agreed (one query).  With its round and pairs, and with
    ``names`` the pairs' players (as :func:`table_seating`)."""
    found = Seating.objects.filter(round__section=section, table=table, round__agreed_at__isnull=True)
    agreed = Q(plays__entered=True)
    if section.event.confirm_results:  # one side's result waits for the other's confirmation
        agreed &= Q(plays__confirmed_at__isnull=False) | Q(plays__entered_by="")
    if names:  # as table_seating
        found = found.annotate(club_choice=club_public_name())
    seatings = list(
        found.select_related(*_related(names))
        .annotate(n_total=Count("plays"), n_entered=Count("plays", filter=agreed))
        .order_by("round__number")
    )
    waiting = (s for s in seatings if s.n_entered < s.n_total)
    return next(waiting, seatings[-1] if seatings else None)


def current_round_number(section: Section, table: int) -> int | None:
    """The number of the round :func:`current_seating` opens (one query)."""
    seating = current_seating(section, table, names=False)
    return seating.round.number if seating else None


def active_token(secret: str) -> TableToken | None:
    return (
        TableToken.objects.filter(secret=secret, revoked=False)
        .select_related("section__event")
        .order_by("pk")
        .first()
    )


def agreed_round_of_play(token: TableToken, play: str) -> int | None:
    """The number of the agreed round in which ``play`` (a posted id) is one of the token's table's boards;
    None for any other play or text (one query; none for text that is not an id)."""
    text = play.strip()
    if not (text.isascii() and text.isdecimal()) or len(text) > 18:
        return None
    return (
        Play.objects.filter(
            pk=int(text),
            seating__round__section_id=token.section_id,
            seating__table=token.table,
            seating__round__agreed_at__isnull=False,
        )
        .values_list("seating__round__number", flat=True)
        .first()
    )


def event_tokens(event: Event) -> dict[tuple[int, int], TableToken]:
    """The live token of each (section, table) (one query)."""
    tokens = TableToken.objects.filter(section__event=event, revoked=False).order_by("created_at", "id")
    return {(t.section_id, t.table): t for t in tokens}


# --- Shapes shown on the page -----------------------------------------------------------------------------


def result_summary(data: dict[str, Any] | None) -> str:
    """A result (the event file's shape) in one line: "4HX by N, 10 tricks; revokes: ..."."""
    if not data:
        return _("no result")
    if data.get("ruling"):
        if data["ruling"] == "average":
            return _("ruling: average (law B(3))")
        if data["ruling"].startswith("A"):
            return _("adjusted score %(ruling)s (law 12C2)") % {"ruling": data["ruling"]}
        side = side_words(data.get("offending", ""))
        return _("ruling: low-high, %(side)s offending (law B(3))") % {"side": side}
    if "tricks_ns" in data:
        text = _("N-S won %(n)s tricks") % {"n": data["tricks_ns"]}
        if data.get("revokes"):  # whist law 30
            r = data["revokes"]
            revokes = {"ns": r.get("ns", 0), "ew": r.get("ew", 0)}
            text += "; " + _("revokes: N-S %(ns)s, E-W %(ew)s (law 30: two tricks each)") % revokes
        return text
    if data.get("contract") == "PASS":
        parts = [_("passed out")]
    else:
        played = {
            "contract": data.get("contract"),
            "declarer": data.get("declarer"),
            "tricks": data.get("tricks"),
        }
        parts = [_("%(contract)s by %(declarer)s, %(tricks)s tricks") % played]
    if data.get("honours"):
        h = data["honours"]
        held = {"side": side_words(h["side"]), "count": h["count"], "one": h["in_one_hand"]}
        parts.append(_("honours %(side)s %(count)s (%(one)s in one hand)") % held)
    if data.get("revokes"):
        r = data["revokes"]
        revokes = {"declarer": r.get("declarer_side", 0), "adversaries": r.get("defenders", 0)}
        if r.get("election"):
            revokes["election"] = r["election"]
            text = _(
                "revokes: declarer's side %(declarer)s, adversaries %(adversaries)s, declarer elects %(election)s"
            )
        else:
            text = _("revokes: declarer's side %(declarer)s, adversaries %(adversaries)s")
        parts.append(text % revokes)
    for p in data.get("penalties") or []:
        penalty = {"points": p["points"], "side": side_words(p["side"]), "law": p["law"]}
        parts.append(_("penalty %(points)s to %(side)s (law %(law)s)") % penalty)
    if data.get("one_spade_limit"):
        parts.append(_("one spade limit (law 48)"))
    if lead := data.get("lead"):  # as stored ("HQ"), or as typed when it is not yet read
        parts.append(_("lead %(card)s") % {"card": lead_text(lead) if lead in CARDS else lead})
    return "; ".join(parts)


def side_words(side: str) -> str:
    """A side's words in the page's language ("N-S", "E-W"), else as given."""
    return _(SIDE_LABELS[side]) if side in SIDE_LABELS else side


def item_rows(play: Play) -> list[dict[str, Any]]:
    """The score's items for display: side, what, points, column, law. Rulings are an item of their own."""
    if play.ruling:
        if play.ruling.startswith("A"):
            ns, ew = play.ruling[1:].split("/")
            what = _(
                "adjusted score: N-S %(ns)s%%, E-W %(ew)s%% of the top (worked out with the standings)"
            ) % {
                "ns": ns,
                "ew": ew,
            }
            return [{"side": "both", "what": what, "points": None, "column": "", "law": "12C2", "kind": ""}]
        if play.ruling == "average":
            what = _("ruling: average score for the deal (worked out with the standings)")
        else:
            what = _(
                "ruling: low-high: %(side)s (offending) the lowest score made, the other side the highest"
            ) % {"side": side_words(play.offending)}
        return [{"side": "both", "what": what, "points": None, "column": "", "law": "B(3)", "kind": ""}]
    return [
        {
            "side": side_words(item["side"]),
            "what": _item_label(item["kind"]),
            "points": item["points"],
            # law 77 keeps no honour column: its trick score (contract points) and the rest
            "column": _column(item.get("column", "")) if item.get("law") == "77" else item.get("column", ""),
            "law": item.get("law", ""),
            "kind": item["kind"],
        }
        for item in play.items or []
    ]


def _item_label(kind: str) -> str:
    label = ITEM_LABELS.get(kind) or CONTRACT_ITEM_NAMES.get(kind) or ITEM_NAMES.get(kind)
    return _(label) if label else kind


def _column(column: str) -> str:
    return _(CONTRACT_COLUMNS[column]) if column in CONTRACT_COLUMNS else ""


def derived_honours(play: Play) -> list[dict[str, Any]]:
    """The honours items the hands gave (for a board with a deal)."""
    return [row for row in item_rows(play) if row["kind"] == "honours"]


# --- Where the pairs go next (an event of matches: each round drawn or scheduled) ----------------------------


@dataclass(frozen=True, slots=True)
class NextSeat:
    """Where a pair that sat at a table in one round sits in the next round there is: its table and
    direction, its team (an event of matches' entrant) and its opponents (their team, or pair)."""

    pair: str
    team: str
    round: int
    table: int
    direction: str
    opponents: str


def next_seats(section: Section, table: int, round_number: int) -> list[NextSeat]:
    """Where the pairs of ``table`` in round ``round_number`` sit in round ``round_number`` + 1, once it is
    drawn (none before; a pair with a bye is not listed); two queries."""
    here = Seating.objects.filter(round__section=section, round__number=round_number, table=table)
    ids = set(here.values_list("ns_id", "ew_id").first() or ())
    later = (
        Seating.objects.filter(round__section=section, round__number=round_number + 1)
        .filter(Q(ns_id__in=ids) | Q(ew_id__in=ids))
        .order_by("table")
        .values_list(
            "table", "ns__number", "ns__team__name", "ew__number", "ew__team__name", "ns_id", "ew_id"
        )
    )
    out = []
    for at, ns, ns_team, ew, ew_team, ns_id, ew_id in later:
        if ns_id in ids:
            against = ew_team or _("pair %(n)s") % {"n": ew}
            out.append(NextSeat(ns, ns_team or "", round_number + 1, at, _("N-S"), against))
        if ew_id in ids:
            against = ns_team or _("pair %(n)s") % {"n": ns}
            out.append(NextSeat(ew, ew_team or "", round_number + 1, at, _("E-W"), against))
    return out


# --- One board at every table (entry from paper travellers) -------------------------------------------------


def board_lines(event: Event, number: int) -> list[Play]:
    """Every table's line of board ``number`` in ``event``, across its rounds and sections: each play with its
    board, round and pairs, and its law E history (two queries); in the paper traveller's order, by section
    and N-S pair number (2 before 10), then round."""
    plays = (
        Play.objects.filter(event=event, board__number=number)
        .select_related("board", "seating__round__section", "ns_pair", "ew_pair")
        .prefetch_related(Prefetch("changes", queryset=PlayChange.objects.order_by("at", "id")))
        .order_by("seating__round__number", "seating__table")
    )
    return sorted(plays, key=_traveller_order)


def _traveller_order(play: Play) -> tuple[str, int, str, int]:
    """By section, then the N-S pair's number read as a whole number ("A2" before "A10"), then round."""
    number = play.ns_pair.number
    digits = number[len(number.rstrip("0123456789")) :]
    whole = int(digits) if digits else 1 << 30
    return (play.seating.round.section.letter, whole, number, play.seating.round.number)


def board_numbers(event: Event) -> list[int]:
    """The numbers of the event's boards that some table plays, in order (one query)."""
    boards = Board.objects.filter(event=event, plays__isnull=False).order_by("number")
    return list(boards.values_list("number", flat=True).distinct())
