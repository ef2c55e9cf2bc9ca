"""Travellers and score cards: every table's result on a board, a pair's boards in the order played, with the
scores, the board's averages and the plus/minus of law H (from ``duplicate.selectors.standings``' contest).

:func:`play_lines` reads the plays shown (a board's, a pair's or the whole event's) in one query; boards
still in play are masked for a visitor (:func:`masked_lines`) by the caller, who knows who is looking.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, NamedTuple

from django.db.models import Q
from django.utils.translation import gettext, pgettext

from duplicate.contests import unit_signed
from duplicate.l10n import clauses
from duplicate.models import Board, Event, Play, Round
from duplicate.selectors.contract import ContractPairs, decimal_text
from duplicate.selectors.pair_rows import CONTRACT_ITEM_NAMES, PLAYED_HIDDEN
from duplicate.selectors.published import published_datum, published_line, shows_published
from duplicate.selectors.standings import (
    BEING_PLAYED,
    ITEM_NAMES,
    LINE_FIELDS,
    PENALTY_KINDS,
    SIDE_NAMES,
    TRAVELLER_ORDER,
    WHIST,
    EventResults,
    PairInfo,
    PairStandings,
    Progress,
    StandingRow,
    TeamLine,
    TeamStandings,
    boards_results,
    event_results,
    pair_infos,
    progress_of,
    standings,
    unknown_pair,
)
from scoring.contests import BoardDetail
from scoring.contests.display import DisplayText, score_text, signed_text
from scoring.errors import ScoringError
from scoring.pbn import known_hands


def seat_letter(seat: str) -> str:
    """A seat's letter in the page's language (French writes O for W); files keep N, E, S, W."""
    letters = {
        "N": pgettext("seat letter", "N"),
        "E": pgettext("seat letter", "E"),
        "S": pgettext("seat letter", "S"),
        "W": pgettext("seat letter", "W"),
    }
    return letters.get(seat, seat)


def result_text(contract: str, declarer: str, tricks: int | None, tricks_ns: int | None, code: str) -> str:
    """The result in words, in the page's language: "3NT by E, 9 tricks", "passed out", "N-S 8 tricks"."""
    if code == WHIST:
        return gettext("N-S %(n)s tricks") % {"n": tricks_ns} if tricks_ns is not None else ""
    if contract == "PASS":
        return gettext("passed out")
    if not contract:
        return ""
    return gettext("%(contract)s by %(declarer)s, %(tricks)s tricks") % {
        "contract": contract,
        "declarer": seat_letter(declarer),
        "tricks": tricks,
    }


def item_name(kind: str) -> str:
    """A score item's name in the page's language (``ITEM_NAMES``' and ``CONTRACT_ITEM_NAMES``' words)."""
    name = ITEM_NAMES.get(kind) or CONTRACT_ITEM_NAMES.get(kind)
    return gettext(name) if name else kind


def side_name(side: str) -> str:
    return gettext(SIDE_NAMES[side]) if side in SIDE_NAMES else side


def items_text(items: Iterable[Mapping[str, Any]] | None, side: str) -> str:
    """A side's score items, compactly with the law: "tricks 64 (law 3), premium 125 (law A)"."""
    parts = []
    for item in items or ():
        if item.get("side") == side:
            name = item_name(str(item.get("kind", "")))
            parts.append(
                gettext("%(item)s %(points)s (law %(law)s)")
                % {"item": name, "points": item.get("points"), "law": item.get("law")}
            )
    return ", ".join(parts)


def ruling_text(ruling: str, offending: str) -> str:
    if ruling.startswith("A"):  # contract bridge: an artificial adjusted score, N-S %/E-W % of the top
        return gettext("%(ruling)s (law 12C2)") % {"ruling": ruling}
    if ruling == "average":
        return gettext("average (law B(3))")
    if ruling == "low-high":
        if offending == "NS":
            return gettext("lowest and highest (law B(3)), N-S offending")
        return gettext("lowest and highest (law B(3)), E-W offending")
    return ""


def unit_text(value: Fraction | int | None, unit: str) -> str:
    """A contract contest's board figure: matchpoints or pair IMPs to two decimals, IMPs signed; a team
    match's swing (whole IMPs) as a whole number: "+10", "-13", "0"."""
    return decimal_text(value, places=0 if type(value) is int else 2, signed=unit_signed(unit))


def status_text(ruling: str, entered: bool, result: str) -> str:
    """What a result column shows: the ruling (as text), the result, or "not played yet"."""
    if ruling:
        return ruling
    if entered:
        return result
    return gettext("not played yet")


class PlayLine(NamedTuple):
    """One board at one table in one round: the result as entered, both sides' scores, the board's averages
    and each pair's plus/minus (a traveller's line; a row of the Travellers sheet and results CSV)."""

    section: str
    board: int
    round: int
    table: int
    ns: PairInfo
    ew: PairInfo
    entered: bool
    contract: str
    declarer: str
    tricks: int | None
    tricks_ns: int | None
    honours: Any
    revokes: Any
    penalties: tuple[Mapping[str, Any], ...]
    one_spade_limit: bool
    ruling: str
    offending: str
    ns_trick: int
    ns_honour: int
    ns_total: int
    ew_trick: int
    ew_honour: int
    ew_total: int
    net_ns: int
    items: tuple[Mapping[str, Any], ...]
    result: str
    ruling_text: str
    ns_items: str
    ew_items: str
    ns_score: Fraction | int | None
    ew_score: Fraction | int | None
    ns_average: Fraction | None
    ew_average: Fraction | None
    ns_plus_minus: Fraction | int | None
    ew_plus_minus: Fraction | int | None
    scored: bool = False  # the contest has this line (entered, and the event can be scored)
    # Contract bridge: what the plus/minus places hold, each pair's "MPs" or "IMPs" on the board ("": law H).
    unit: str = ""
    # What another scorer's file published for the line (N-S, E-W texts; ``selectors.published``).
    published: tuple[str, str] = ("", "")
    lead: str = ""  # the opening lead as stored ("HQ"; "" when none)

    @property
    def played(self) -> bool:
        return self.entered and not self.ruling

    @property
    def status(self) -> str:
        """What the pages print in the result column: the ruling, the result, or "not played yet"."""
        return status_text(self.ruling_text, self.entered, self.result)

    @property
    def penalty_text(self) -> str:
        """Penalty points and revoke penalties, each with its law: "N-S: penalty 50 (law F)"."""
        parts = []
        for side in ("NS", "EW"):
            for item in self.items:
                if item.get("side") == side and item.get("kind") in PENALTY_KINDS:
                    parts.append(
                        gettext("%(side)s: %(item)s %(points)s (law %(law)s)")
                        % {
                            "side": side_name(side),
                            "item": item_name(str(item.get("kind", ""))),
                            "points": item.get("points"),
                            "law": item.get("law"),
                        }
                    )
        return clauses(parts)

    @property
    def marks(self) -> str:
        """Rulings and penalties, marked with their law (the traveller's note column)."""
        return clauses(p for p in (self.ruling_text, self.penalty_text) if p)

    def item_points(self, side: str, kind: str) -> int | None:
        points = [
            int(i.get("points", 0)) for i in self.items if i.get("side") == side and i.get("kind") == kind
        ]
        return sum(points) if points else None

    @property
    def ns_score_display(self) -> str:
        return score_text(self.ns_score)

    @property
    def ew_score_display(self) -> str:
        return score_text(self.ew_score)

    @property
    def ns_average_display(self) -> str:
        return score_text(self.ns_average)

    @property
    def ew_average_display(self) -> str:
        return score_text(self.ew_average)

    @property
    def ns_plus_minus_display(self) -> str:
        return self._board_score(self.ns_plus_minus)

    @property
    def ew_plus_minus_display(self) -> str:
        return self._board_score(self.ew_plus_minus)

    def _board_score(self, value: Fraction | int | None) -> str:
        """Law H's plus/minus (exact, signed); contract's matchpoints or IMPs to two decimals."""
        if self.unit:
            return unit_text(value, self.unit)
        return signed_text(value)


def play_line(
    row: tuple[Any, ...],
    pairs: Mapping[int, PairInfo],
    results: EventResults,
    code: str,
    *,
    published: bool = False,
) -> PlayLine:
    """A ``LINE_FIELDS`` row as a line, scored from the contest when it holds the play; with ``published``,
    showing the figures another scorer published for it (``selectors.published``)."""
    section, board, rnd, table, ns, ew, entered, *fields, published_ns, published_ew, lead = row
    contract, declarer, tricks, tricks_ns, honours, revokes, penalties, one_spade_limit, ruling, offending = (
        fields[:10]
    )
    ns_trick, ns_honour, ns_total, ew_trick, ew_honour, ew_total, net_ns = fields[10:17]
    items = tuple(fields[-1] or ())
    detail = results.detail(board, ns, ew) if entered else None
    averages = results.averages
    if detail is None:
        detail = BoardDetail(
            board, ns, ew, None, None, averages.get((board, "NS")), averages.get((board, "EW"))
        )
        scored = False
    else:
        scored = True
    line = PlayLine(
        section,
        board,
        rnd,
        table,
        pairs.get(ns) or unknown_pair(ns),
        pairs.get(ew) or unknown_pair(ew),
        bool(entered),
        contract,
        declarer,
        tricks,
        tricks_ns,
        honours,
        revokes,
        tuple(penalties or ()),
        bool(one_spade_limit),
        ruling,
        offending,
        ns_trick,
        ns_honour,
        ns_total,
        ew_trick,
        ew_honour,
        ew_total,
        net_ns,
        items,
        result_text(contract, declarer, tricks, tricks_ns, code) if entered else "",
        ruling_text(ruling, offending) if entered else "",
        items_text(items, "NS"),
        items_text(items, "EW"),
        detail.ns_score,
        detail.ew_score,
        detail.ns_average,
        detail.ew_average,
        detail.ns_plus_minus,
        detail.ew_plus_minus,
        scored,
        results.unit,
        (published_ns, published_ew),
        lead if entered else "",
    )
    return published_line(line) if published and scored else line


def play_lines(
    event: Event,
    pairs: Mapping[int, PairInfo],
    results: EventResults,
    *where: Q,
    order_by: Iterable[str],
    **filters: Any,
) -> list[PlayLine]:
    """The event's plays matching ``where``/``filters`` (one board, one pair, or all) as lines, in
    ``order_by`` order: one query, whatever the number of plays. An event showing its scorer's published
    figures shows them on its lines (``selectors.published``)."""
    rows = Play.objects.filter(*where, event=event, **filters).order_by(*order_by).values_list(*LINE_FIELDS)
    published = shows_published(event)
    return [play_line(row, pairs, results, event.code, published=published) for row in rows]


def masked_line(line: PlayLine) -> PlayLine:
    """A line of a board still in play as a visitor is shown it: where and who (the movement is public),
    "being played" as its result ("played: shown once every table has played it" where this table has played
    it: a score card's own board), and nothing of the result, the scores, the average or the plus/minus
    (they tell what was held and what other tables made)."""
    return line._replace(
        entered=False,
        contract="",
        declarer="",
        tricks=None,
        tricks_ns=None,
        honours=None,
        revokes=None,
        penalties=(),
        one_spade_limit=False,
        ruling="",
        offending="",
        ns_trick=0,
        ns_honour=0,
        ns_total=0,
        ew_trick=0,
        ew_honour=0,
        ew_total=0,
        net_ns=0,
        items=(),
        result="",
        ruling_text=PLAYED_HIDDEN if line.entered else gettext(BEING_PLAYED),
        ns_items="",
        ew_items="",
        ns_score=None,
        ew_score=None,
        ns_average=None,
        ew_average=None,
        ns_plus_minus=None,
        ew_plus_minus=None,
        scored=False,
        lead="",
    )


def masked_lines(lines: Iterable[PlayLine], hidden: frozenset[int]) -> list[PlayLine]:
    """``lines`` with those of the boards in ``hidden`` masked (:func:`masked_line`)."""
    return [masked_line(line) if line.board in hidden else line for line in lines]


# ------------------------------------------------------------------------------------------ score cards


@dataclass(frozen=True, slots=True)
class ScoreCardLine:
    board: int
    round: int
    table: int
    side: str
    opponents: PairInfo
    entered: bool
    result: str
    ruling: str
    score: Fraction | int | None
    average: Fraction | None
    plus_minus: Fraction | int | None
    running: Fraction | int | None
    unit: str = ""  # contract bridge: the plus/minus places hold the board's "MPs" or "IMPs"

    @property
    def status(self) -> str:
        return status_text(self.ruling, self.entered, self.result)

    score_display = DisplayText("score")
    average_display = DisplayText("average")

    @property
    def plus_minus_display(self) -> str:
        if self.unit:
            return unit_text(self.plus_minus, self.unit)
        return signed_text(self.plus_minus)

    @property
    def running_display(self) -> str:
        if self.unit:
            return unit_text(self.running, self.unit)
        return signed_text(self.running) if self.running else ("0" if self.running == 0 else "")


@dataclass(frozen=True)
class ScoreCard:
    pair: PairInfo
    lines: tuple[ScoreCardLine, ...]
    standing: StandingRow | None
    team: TeamLine | None
    progress: Progress
    sits_out: tuple[int, ...] = ()  # the rounds the pair sits out (a Howell with an odd number of pairs)

    @property
    def sits_out_text(self) -> str:
        """ "Sits out round 1", "Sits out rounds 1 and 4", or ""."""
        if not self.sits_out:
            return ""
        numbers = [str(n) for n in self.sits_out]
        if len(numbers) == 1:
            return gettext("Sits out round %(n)s") % {"n": numbers[0]}
        listed = {"rounds": ", ".join(numbers[:-1]), "last": numbers[-1]}
        return gettext("Sits out rounds %(rounds)s and %(last)s") % listed

    @property
    def total(self) -> Fraction:
        return Fraction(sum((line.plus_minus or 0 for line in self.lines), Fraction(0)))

    @property
    def played_hidden(self) -> bool:
        """Whether a board the pair has played is still in play at another table (shown "played")."""
        return any(line.status == PLAYED_HIDDEN for line in self.lines)


def score_card_lines(pair_pk: int, lines: Iterable[PlayLine]) -> tuple[ScoreCardLine, ...]:
    """A pair's lines (in the order played) from its side: score, average, plus/minus, running total."""
    out: list[ScoreCardLine] = []
    running: Fraction | int = 0  # a team match's whole IMPs stay whole
    for line in lines:
        ns = line.ns.pk == pair_pk
        pm = line.ns_plus_minus if ns else line.ew_plus_minus
        if pm is not None:
            running += pm
        out.append(
            ScoreCardLine(
                board=line.board,
                round=line.round,
                table=line.table,
                side="NS" if ns else "EW",
                opponents=line.ew if ns else line.ns,
                entered=line.entered,
                result=line.result,
                ruling=line.ruling_text,
                score=line.ns_score if ns else line.ew_score,
                average=(line.ns_average if ns else line.ew_average) if line.scored else None,
                plus_minus=pm,
                running=running if pm is not None else None,
                unit=line.unit,
            )
        )
    return tuple(out)


def score_cards(
    infos: Iterable[PairInfo], lines: Iterable[PlayLine], st: PairStandings | TeamStandings
) -> tuple[ScoreCard, ...]:
    """Each pair's score card, from the lines (in the order played) and the standings (no query)."""
    by_pair: dict[int, list[PlayLine]] = defaultdict(list)
    for line in lines:
        by_pair[line.ns.pk].append(line)
        by_pair[line.ew.pk].append(line)
    standing_of: dict[int, StandingRow] = {}
    team_of: dict[int, TeamLine] = {}
    if isinstance(st, PairStandings):
        for row in st.rows:
            standing_of.setdefault(row.pair.pk, row)
    else:
        for team in st.teams:
            for p in team.pairs:
                team_of.setdefault(p.pair.pk, team)
    return tuple(
        ScoreCard(
            pair=info,
            lines=score_card_lines(info.pk, by_pair.get(info.pk, ())),
            standing=standing_of.get(info.pk),
            team=team_of.get(info.pk),
            progress=st.progress,
        )
        for info in infos
    )


def score_card(
    event: Event,
    pair_pk: int,
    *,
    pairs: Mapping[int, PairInfo] | None = None,
    results: EventResults | None = None,
    hidden: frozenset[int] = frozenset(),
    released_only: bool = False,
    director: bool = False,
) -> ScoreCard | None:
    """A pair's boards in the order played, with its score, the average, its plus/minus and the running
    total, and the rounds it sits out (four queries: pairs, plays, the pair's plays, its rounds; fewer for
    what is given).  The boards in
    ``hidden`` (still in play, for a visitor) show "being played" and nothing of their result; with
    ``released_only`` (``selectors.events.released_only``) its place and total count the released boards
    only (``event_results``), as the running total of its lines does.  Names: ``pair_infos``'s."""
    pairs = pair_infos(event, director=director) if pairs is None else pairs
    info = pairs.get(pair_pk)
    if info is None:
        return None
    results = event_results(event, pairs, released_only=released_only) if results is None else results
    lines = play_lines(
        event,
        pairs,
        results,
        Q(ns_pair_id=pair_pk) | Q(ew_pair_id=pair_pk),
        order_by=("seating__round__number", "seating__table", "board__number"),
    )
    st = standings(event, pairs=pairs, results=results)
    card = score_cards([info], masked_lines(lines, hidden), st)[0]
    return replace(card, sits_out=sit_out_rounds(pair_pk))


def sit_out_rounds(pair_pk: int) -> tuple[int, ...]:
    """The numbers of the rounds of the pair's section in which it has no table (one query)."""
    rounds = (
        Round.objects.filter(section__pairs=pair_pk)
        .exclude(seatings__ns=pair_pk)
        .exclude(seatings__ew=pair_pk)
        .order_by("number")
    )
    return tuple(rounds.values_list("number", flat=True))


# ------------------------------------------------------------------------------------------- travellers


@dataclass(frozen=True)
class HandDiagram:
    """Each seat's holding per suit, for the page's diagram: {"N": (("S", "AKQ"), ...), ...}."""

    hands: Mapping[str, tuple[tuple[str, str], ...]]

    @property
    def north(self) -> tuple[tuple[str, str], ...]:
        return self.hands["N"]

    @property
    def east(self) -> tuple[tuple[str, str], ...]:
        return self.hands["E"]

    @property
    def south(self) -> tuple[tuple[str, str], ...]:
        return self.hands["S"]

    @property
    def west(self) -> tuple[tuple[str, str], ...]:
        return self.hands["W"]


def hand_diagram(pbn: str) -> HandDiagram | None:
    """The diagram of a PBN deal (``None`` without one, or when it cannot be read)."""
    if not pbn:
        return None
    try:
        hands = known_hands(pbn)  # a hand not known (PBN "-") shows "?" in each suit
    except ScoringError:
        return None
    return HandDiagram(
        {
            seat: tuple((suit, "?" if hand is None else hand.suit(suit) or "—") for suit in "SHDC")
            for seat, hand in zip("NESW", hands, strict=True)
        }
    )


# Each section's (letter, N-S average, E-W average) on a board.
SectionAverages = tuple[tuple[str, Fraction | None, Fraction | None], ...]


@dataclass(frozen=True)
class Traveller:
    board: Board
    lines: tuple[PlayLine, ...]
    ns_average: Fraction | None
    ew_average: Fraction | None
    diagram: HandDiagram | None
    progress: Progress  # the board's own: its results in, its rounds agreed, its rulings (a team match's all)
    whist: bool
    # Sections ranked each on its own play the same board against different averages: each section's
    # (letter, N-S, E-W), the board's single averages then being None.  Empty otherwise.
    section_averages: SectionAverages = ()
    datum: str = ""  # Butler: the board's datum ("260"; each section's, "A: 260, B: -50"); "" otherwise
    datum_rule: str = ""  # Butler: how it was worked out ("mean of 8 results, the top and bottom one ...")

    ns_average_display = DisplayText("ns_average")
    ew_average_display = DisplayText("ew_average")

    @property
    def ns_average_shown(self) -> str:
        """The N-S average as the traveller's header says it: "A: 52, B: 0" for sections each on its own."""
        return average_shown(self.ns_average_display, self.section_averages, "NS")

    @property
    def ew_average_shown(self) -> str:
        return average_shown(self.ew_average_display, self.section_averages, "EW")


def average_shown(single: str, sections: SectionAverages, side: str) -> str:
    """A board's average for one side as a traveller's header says it: the board's own, or (sections ranked
    each on its own, law H per section) each section's, "A: 52, B: 0"; "" for none."""
    if single or not sections:
        return single
    return ", ".join(f"{s[0]}: {score_text(s[1] if side == 'NS' else s[2]) or '—'}" for s in sections)


def section_averages(lines: Iterable[PlayLine]) -> SectionAverages:
    """Each section's averages on a board, from its scored lines (each line carries its own section's,
    law H applied per section); only when the board is played in more than one section."""
    found: dict[str, tuple[str, Fraction | None, Fraction | None]] = {}
    letters = set()
    for line in lines:
        letters.add(line.section)
        if line.entered and line.section not in found and line.ns_average is not None:
            found[line.section] = (line.section, line.ns_average, line.ew_average)
    return tuple(found[letter] for letter in sorted(found)) if len(letters) > 1 else ()


def traveller(
    event: Event,
    board: Board,
    *,
    pairs: Mapping[int, PairInfo] | None = None,
    results: EventResults | None = None,
    director: bool = False,
) -> Traveller:
    """Every table's result on one board, the score items, the averages and each pair's plus/minus (three
    queries for a pair contest: pairs, the board's contest, the board's lines, and for contract matchpoints
    the field's counts; a team match's three: pairs, the match's plays, the board's lines; fewer for what is
    given).  Its progress is that of the results it is worked out from: the board's own (law H, contract
    pairs), or the whole event's where ``boards_results`` works it out whole (law G's match; contract
    matchpoints on a custom movement).  Names as a visitor sees them, or a ``director`` (``pair_infos``)."""
    pairs = pair_infos(event, director=director) if pairs is None else pairs
    if results is None:
        # Law H: a board's averages, scores and plus/minus (rulings of law B(3) included) come from the
        # scores made on that board alone, so its own plays make its contest; so do a contract contest's,
        # matchpoints reading the Neuberg N of the board's field besides.  Law G: a team match's board is
        # kept on the whole match's path (its lines are the match's).
        results = boards_results(event, pairs, [board.number])
    shown = play_lines(event, pairs, results, board=board, order_by=TRAVELLER_ORDER)
    ns_average = results.averages.get((board.number, "NS"))
    ew_average = results.averages.get((board.number, "EW"))
    return Traveller(
        board=board,
        lines=tuple(shown),
        ns_average=ns_average,
        ew_average=ew_average,
        diagram=hand_diagram(board.deal),
        progress=progress_of(results),
        whist=event.code == WHIST,
        section_averages=section_averages(shown) if ns_average is None and ew_average is None else (),
        datum=published_datum(
            event,
            board.published_datum,
            results.contest.datum_text(board.number) if isinstance(results.contest, ContractPairs) else "",
        ),
        # The rule beside Kalamazoo's own datum; none beside a datum the other scorer published.
        datum_rule=results.contest.datum_rule_text(board.number)
        if isinstance(results.contest, ContractPairs)
        and (board.published_datum is None or not shows_published(event))
        else "",
    )
