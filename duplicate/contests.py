"""Every contest described once: what a page, a printout or a download needs to know of it, found by name.

As python-chess describes each chess variant in one class found through one registry (``chess/variant.py``),
each contest here is one :class:`Contest` naming only what differs: how pages and printouts call it, the laws it
cites, its unit and headings, its signs and display rounding, the scoring codes and event kinds that take it,
and the pure function in ``scoring.contests`` that scores it.  Everything else reads the description
(:func:`contest_of` an event, :func:`contest_named` a stored or registered name); no other module names a
contest or tests for contract bridge's code.  Adding a contest is one entry in :data:`CONTESTS` and its pure
function (docs/contests.md).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from scoring.codes import ScoringCode
from scoring.contests import butler, cross_imps, matchpoints, pair_contest, team_imps_match, team_match
from scoring.contests.leagues import vp_standings

#: Contract bridge's scoring code (the Laws of Duplicate Bridge 2017, law 77): its contests are chosen per event.
CONTRACT_CODE: Final = ScoringCode.CONTRACT.value
HISTORIC_CODES: Final = (ScoringCode.AUCTION_1913.value, ScoringCode.AUCTION_1915.value)
WHIST_CODE: Final = ScoringCode.WHIST.value
PAIRS: Final = "pairs"
TEAMS: Final = "teams"


class Shape(StrEnum):
    """What the contest's pure function reads and gives, so that the standings know how to feed it."""

    PLUS_MINUS = "plus-minus"  # law H: each pair's plus/minus against the board's average
    TEAM_TOTALS = "team-totals"  # law G: each team's pairs' nets added
    CONTRACT_PAIRS = "contract-pairs"  # a score per board against the field (matchpoints, Butler, cross-IMPs)
    CONTRACT_TEAMS = "contract-teams"  # a team match by IMPs, each board at two tables, and VPs
    MATCHES = "matches"  # an event of matches (round robin, Swiss): each match's VPs added in a table


@dataclass(frozen=True)
class Headings:
    """What the pages and downloads call the contest's figures.

    ``total``: a pair's total in the standings ("Net", "MPs", "IMPs"); ``percentage``: the standings' second
    figure ("Plus/minus" for law H, "%" for matchpoints; "" when the total is shown once); ``line``: a line's
    figure on a board (a traveller's and a score card's: "+/-", "MPs", "IMPs"); ``board``: a board's own figure
    ("Average", law H's; "Datum", Butler's; "" for none)."""

    total: str
    percentage: str
    line: str
    board: str


@dataclass(frozen=True)
class Contest:
    """One contest: the name it is found by (``name``; ``stored``, what an event's ``contest`` field holds),
    its words and figures, who takes it and what scores it."""

    name: str
    stored: str
    title: str | Promise  # as pages and printouts call it ("Pair contest, Butler IMPs (WBF scale)")
    choice: str | Promise  # as the new-event form offers it ("" : not chosen, taken by the code)
    laws: tuple[str, ...]  # the laws it cites
    unit: str  # what a board's figure is counted in ("MPs", "IMPs"; "" for law H's and law G's points)
    headings: Headings
    signed: bool  # whether its figures are shown with a sign (IMPs won or lost; never a matchpoint count)
    places: int  # decimals its figures are shown to (halves away from zero); 0: law H's whole numbers
    codes: tuple[str, ...]  # the scoring codes that take it
    kinds: tuple[str, ...]  # the event kinds that take it
    shape: Shape
    score: Callable[..., Any]  # its pure function in scoring.contests
    note: str | Promise = ""  # what a board's figure is, under a traveller and a score card
    usebio: tuple[str, ...] = ()  # its USEBIO EVENT_TYPE and BOARD_SCORING_METHOD (written; both read)
    # Its PBN Scoring tag (PBN 3.4.12, an open list; "": the historic codes', which PBN has no name for).
    pbn: str = ""
    # Whether a board's score needs its field's most results (Neuberg's formula), which other boards' results
    # move: matchpoints.
    neuberg: bool = False
    # Whether a board is scored against a datum that the event's choice works out (Butler: how many results
    # each end drops, how halves round; the new-event form offers the choice, the traveller states it).
    datum: bool = False
    # An event of matches (``Shape.MATCHES``): how its rounds come: "schedule" (a round robin, every round
    # made at the start) or "draw" (a Swiss, each round drawn once the last is complete).
    rounds: str = ""

    @property
    def chosen(self) -> bool:
        """Whether an event chooses it (contract bridge's contests), rather than taking it by its code."""
        return bool(self.stored)

    @property
    def by_imps(self) -> bool:
        """Whether it is scored in IMPs, so reads law 12C2's IMPs of an artificial average plus."""
        return self.unit == "IMPs"

    @property
    def for_teams(self) -> bool:
        return TEAMS in self.kinds

    @property
    def law77(self) -> bool:
        """Whether it is contract bridge's (scored by law 77): vulnerability, double-dummy par, USEBIO."""
        return CONTRACT_CODE in self.codes

    @property
    def of_matches(self) -> bool:
        """Whether it is an event of matches (a round robin or a Swiss): rounds, matches and a VP table."""
        return self.shape is Shape.MATCHES

    @property
    def drawn(self) -> bool:
        """Whether its rounds are drawn one at a time (a Swiss), rather than scheduled at the start."""
        return self.rounds == "draw"

    @property
    def imp_match(self) -> bool:
        """Whether it is a team match by IMPs and VPs (its own pages and downloads)."""
        return self.shape is Shape.CONTRACT_TEAMS


# The headings stay plain English text (files write them as they are, code compares them); gettext_noop marks
# them for the catalogues, and a page shows them through ``gettext`` (``duplicate.tables``). "%" is no word.
_LAW_H = Headings(
    gettext_noop("Net"), gettext_noop("Plus/minus"), gettext_noop("+/-"), gettext_noop("Average")
)
_LAW_G = Headings(gettext_noop("Net"), gettext_noop("Total"), gettext_noop("+/-"), gettext_noop("Average"))
_MATCHPOINTS = Headings(gettext_noop("MPs"), "%", gettext_noop("MPs"), "")
_BUTLER = Headings(gettext_noop("IMPs"), "", gettext_noop("IMPs"), gettext_noop("Datum"))
_CROSS_IMPS = Headings(gettext_noop("IMPs"), "", gettext_noop("IMPs"), "")
_VPS = Headings(gettext_noop("VPs"), gettext_noop("IMPs"), gettext_noop("IMPs"), "")

CONTESTS: Final[tuple[Contest, ...]] = (
    Contest(
        name="law-h",
        stored="",
        title=_("Pair contest (law H)"),
        choice="",
        laws=("law H",),
        unit="",
        headings=_LAW_H,
        signed=True,
        places=0,
        codes=HISTORIC_CODES,
        kinds=(PAIRS,),
        shape=Shape.PLUS_MINUS,
        score=pair_contest,
    ),
    Contest(
        name="duplicate-whist",
        stored="",
        title=_("Pair contest (law H)"),
        choice="",
        laws=("law H", "whist law 30"),
        unit="",
        headings=_LAW_H,
        signed=True,
        places=0,
        codes=(WHIST_CODE,),
        kinds=(PAIRS,),
        shape=Shape.PLUS_MINUS,
        score=pair_contest,
    ),
    Contest(
        name="law-g",
        stored="",
        title=_("Team match (law G)"),
        choice="",
        laws=("law G",),
        unit="",
        headings=_LAW_G,
        signed=True,
        places=0,
        codes=(*HISTORIC_CODES, WHIST_CODE),
        kinds=(TEAMS,),
        shape=Shape.TEAM_TOTALS,
        score=team_match,
    ),
    Contest(
        name="matchpoints",
        stored="matchpoints",
        title=_("Pair contest, matchpoints (Neuberg)"),
        choice=_("Matchpoints (Neuberg)"),
        laws=("law 77", "law 12C2"),
        unit="MPs",
        headings=_MATCHPOINTS,
        signed=False,
        places=2,
        codes=(CONTRACT_CODE,),
        kinds=(PAIRS,),
        shape=Shape.CONTRACT_PAIRS,
        score=matchpoints,
        note=_(
            "Matchpoints: 2 for each result beaten and 1 for each tied (Neuberg's formula where a board "
            "was played fewer times; law 12C2's artificial scores are 60, 50 or 40% of the top); shown to two "
            "decimals."
        ),
        usebio=("MP_PAIRS", "MATCH_POINTS"),
        pbn="MP;MP1",
        neuberg=True,
    ),
    Contest(
        name="butler",
        stored="butler",
        title=_("Pair contest, Butler IMPs (WBF scale)"),
        choice=_("Butler IMPs"),
        laws=("law 77", "law 12C2"),
        unit="IMPs",
        headings=_BUTLER,
        signed=True,
        places=2,
        codes=(CONTRACT_CODE,),
        kinds=(PAIRS,),
        shape=Shape.CONTRACT_PAIRS,
        score=butler,
        note=_(
            "IMPs (WBF scale) against each board's datum, the mean of its N-S scores (some dropped at each "
            "end, as the datum says), to the nearest 10; shown to two decimals."
        ),
        usebio=("BUTLER_PAIRS", "BUTLER"),
        datum=True,
        pbn="IMP;Butler",
    ),
    Contest(
        name="cross-imps",
        stored="cross-imps",
        title=_("Pair contest, cross-IMPs (WBF scale)"),
        choice=_("Cross-IMPs"),
        laws=("law 77", "law 12C2"),
        unit="IMPs",
        headings=_CROSS_IMPS,
        signed=True,
        places=2,
        codes=(CONTRACT_CODE,),
        kinds=(PAIRS,),
        shape=Shape.CONTRACT_PAIRS,
        score=cross_imps,
        note=_(
            "IMPs (WBF scale) against every other result on the board, divided by the comparisons; shown to "
            "two decimals."
        ),
        usebio=("CROSS_IMP", "CROSS_IMPS"),
        pbn="IMP;Cross2",
    ),
    Contest(
        name="imps",
        stored="imps",
        title=_("Team match, IMPs and VPs (WBF)"),
        choice=_("IMPs and VPs (teams)"),
        laws=("law 77", "law 12C2"),
        unit="IMPs",
        headings=_CROSS_IMPS,
        signed=True,
        places=0,
        codes=(CONTRACT_CODE,),
        kinds=(TEAMS,),
        shape=Shape.CONTRACT_TEAMS,
        score=team_imps_match,
        note=_(
            "IMPs (WBF scale): the board's two N-S scores netted, for the team that sat N-S at the table "
            "(the other team's less)."
        ),
        usebio=("TEAMS", "IMPS"),
        pbn="IMP",
    ),
    Contest(
        name="round-robin",
        stored="round-robin",
        title=_("Round-robin league, IMPs and VPs (WBF)"),
        choice=_("Round-robin league (teams)"),
        laws=("law 77", "law 12C2"),
        unit="VPs",
        headings=_VPS,
        signed=False,
        places=2,
        codes=(CONTRACT_CODE,),
        kinds=(TEAMS,),
        shape=Shape.MATCHES,
        score=vp_standings,
        note=_("Each match's IMPs (WBF scale) converted to VPs (WBF 2013, 20-VP scale) for its boards."),
        usebio=("TEAMS", "IMPS"),
        pbn="IMP",
        rounds="schedule",
    ),
    Contest(
        name="swiss-teams",
        stored="swiss-teams",
        title=_("Swiss teams, IMPs and VPs (WBF)"),
        choice=_("Swiss teams"),
        laws=("law 77", "law 12C2"),
        unit="VPs",
        headings=_VPS,
        signed=False,
        places=2,
        codes=(CONTRACT_CODE,),
        kinds=(TEAMS,),
        shape=Shape.MATCHES,
        score=vp_standings,
        note=_("Each match's IMPs (WBF scale) converted to VPs (WBF 2013, 20-VP scale) for its boards."),
        usebio=("TEAMS", "IMPS"),
        pbn="IMP",
        rounds="draw",
    ),
    Contest(
        name="swiss-pairs",
        stored="swiss-pairs",
        title=_("Swiss pairs, VPs"),
        choice=_("Swiss pairs"),
        laws=("law 77", "law 12C2"),
        unit="VPs",
        headings=_VPS,
        signed=False,
        places=2,
        codes=(CONTRACT_CODE,),
        kinds=(PAIRS,),
        shape=Shape.MATCHES,
        score=vp_standings,
        note=_(
            "Each match scored on its boards by Butler IMPs against the field's datum, or by matchpoints across "
            "the field, as the event chooses, and converted to VPs (20-VP scale)."
        ),
        usebio=("SWISS_PAIRS", "VPS"),
        pbn="IMP;Butler",
        rounds="draw",
    ),
)
_BY_NAME: Final = {contest.name: contest for contest in CONTESTS}
#: The contests an event chooses (contract bridge's), by the value its ``contest`` field stores.
CHOSEN: Final = {contest.stored: contest for contest in CONTESTS if contest.chosen}
_SIGNED_BY_UNIT: Final = {contest.unit: contest.signed for contest in reversed(CONTESTS)}
#: Law H's pair contest (what a contest's rows are read as when nothing says otherwise).
LAW_H: Final = _BY_NAME["law-h"]
#: Contract bridge's team match by IMPs and VPs (what a team match of the code takes).
IMP_MATCH: Final = _BY_NAME["imps"]
#: Contract bridge's pair contest by matchpoints (the demo's past events).
MATCHPOINTS: Final = _BY_NAME["matchpoints"]
#: The choice of "none" (the historic codes take law H or law G by their kind).
HISTORIC_CHOICE: Final = ("", _("Law H / law G (auction, whist)"))
#: The laws an event is scored by, as the pages' footer says it (a page's words: translated where shown).
LAWS_CONTRACT: Final = _("the Laws of Duplicate Bridge 2017, law 77")
# The 1913-1916 codes' titles are never translated (docs/translation.md).
LAWS_HISTORIC: Final = "the Laws of Auction and the special laws of Duplicate Auction"


def contest_named(name: str) -> Contest:
    """The contest registered as ``name`` (KeyError for none)."""
    return _BY_NAME[name]


def contest_for(code: str, kind: str, stored: str = "") -> Contest:
    """The contest of an event of ``code`` and ``kind`` whose ``contest`` field holds ``stored``: contract
    bridge's chosen one (matchpoints for pairs and IMPs for teams when blank), else the one its code and
    kind take (law H, duplicate whist's, law G)."""
    chosen = is_contract(code)
    if chosen and stored in CHOSEN:
        return CHOSEN[stored]
    fits = [c for c in CONTESTS if c.chosen == chosen and kind in c.kinds]
    return next((c for c in fits if code in c.codes), fits[0] if fits else CONTESTS[0])


def contest_of(event: Any) -> Contest:
    """An event's contest (anything with ``code``, ``kind`` and ``contest``, as the Event model has)."""
    return contest_for(event.code, event.kind, event.contest or "")


def is_contract(code: str) -> bool:
    """Whether ``code`` is contract bridge's (law 77): its events choose their contest, its rulings are law
    12C2's artificial scores, its rounds are agreed under law 79."""
    return code == CONTRACT_CODE


def chosen_for(kind: str) -> tuple[str, ...]:
    """The contests a contract event of ``kind`` may choose, the default first."""
    return tuple(c.stored for c in CONTESTS if c.chosen and kind in c.kinds)


#: How a Swiss pairs match may score its boards (``Event.match_scoring``): the pair contests scored across the
#: field against a datum (Butler) or by matchpoints (Neuberg), read from their descriptions; the datum's first.
MATCH_SCORINGS: Final = tuple(
    c.stored
    for c in sorted(CONTESTS, key=lambda c: not c.datum)
    if c.shape is Shape.CONTRACT_PAIRS and (c.datum or c.neuberg)
)

#: Every contest an event may choose, by kind.
PAIR_CONTESTS: Final = chosen_for(PAIRS)
TEAM_CONTESTS: Final = chosen_for(TEAMS)
#: The contests scored in IMPs (law 12C2's IMPs of average plus apply).
IMP_CONTESTS: Final = tuple(c.stored for c in CONTESTS if c.chosen and c.by_imps)
#: The contests scored against a datum of the event's choosing (Butler: how many results each end drops).
DATUM_CONTESTS: Final = tuple(c.stored for c in CONTESTS if c.chosen and c.datum)
#: The model field's choices: none (law H / law G), then each chosen contest.
CONTEST_CHOICES: Final = (HISTORIC_CHOICE, *((c.stored, c.choice) for c in CONTESTS if c.chosen))


def kind_name(code: str, kind: str, contest: str) -> str:
    """The event's form as pages and printouts name it: law H's pair contest or law G's team match, or
    contract bridge's chosen contest ("Team match, IMPs and VPs (WBF)")."""
    if is_contract(code) and contest in CHOSEN:
        return str(CHOSEN[contest].title)
    return str(next((c.title for c in CONTESTS if not c.chosen and kind in c.kinds), kind))


def unit_signed(unit: str) -> bool:
    """Whether figures counted in ``unit`` are shown signed, as the contests counted in it say (IMPs won or
    lost, yes; a matchpoint count, no; law H's plus/minus, yes)."""
    return _SIGNED_BY_UNIT.get(unit, True)


def laws_of(code: str) -> str:
    """The laws an event of ``code`` is scored by (the footer's words)."""
    return str(LAWS_CONTRACT) if is_contract(code) else LAWS_HISTORIC


def agreement_law(code: str) -> str:
    """The law a round's scores are agreed under: law E of the duplicate laws of 1913-1916; for contract
    bridge the Laws of Duplicate Bridge 2017's law 79 (tricks won: the score agreed at the table)."""
    # Plain English (the history's reasons store it, code compares it): a page shows it through ``gettext``.
    return gettext_noop("law 79") if is_contract(code) else gettext_noop("law E")


def usebio_contest(event_type: str, method: str, *, teams: bool) -> Contest | None:
    """The contest a USEBIO file's EVENT_TYPE or BOARD_SCORING_METHOD names (a team match: IMPs)."""
    if teams:
        return next(c for c in CONTESTS if c.chosen and c.for_teams)
    for key in (event_type.upper(), method.upper()):
        for contest in CONTESTS:
            if contest.chosen and key in contest.usebio:
                return contest
    return None
