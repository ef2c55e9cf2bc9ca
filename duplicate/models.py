"""The data model of a duplicate event.

One direction of flow: a movement (pure, ``scoring.movements``) is turned into Section, Round, Seating and
Play rows by ``duplicate.services``; a result entered for a Play is scored by the pure ``scoring`` engine and the
computed scores are stored on the Play row, so standings read plain values and never re-score.

Invariants live in the database as well as in the services: unique board numbers per event, unique pair
numbers per event, a pair sits once per round in each seat column, one Play per board per seating, a pair never
holds a board twice (unique (board, ns_pair) and (board, ew_pair)), 0 <= tricks <= 13, and so on.

Team lives here rather than in ``teams/``: Pair points at Team and Team at Event, and keeping both in one app
keeps the migrations free of a cross-app cycle. ``teams/`` holds the law G pages and services.
"""

from __future__ import annotations

import re
from typing import ClassVar

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext, gettext_lazy

from duplicate.contests import (
    CONTEST_CHOICES,
    CONTRACT_CODE,
    MATCH_SCORINGS,
    PAIR_CONTESTS,
    TEAM_CONTESTS,
    Contest,
    contest_of,
    laws_of,
)
from duplicate.contests import agreement_law as agreement_law
from duplicate.contests import kind_name as kind_name
from scoring.contests import ranking_groups
from scoring.contests.imp_pairs import DatumDrop, DatumHalves
from scoring.contests.imps import AVERAGE_PLUS_IMPS, AVERAGE_PLUS_MAX, AVERAGE_PLUS_MIN
from scoring.deal import CARDS
from scoring.law77 import VULNERABLE_TEXT, board_vulnerability


class ScoringCodeChoice(models.TextChoices):
    AUCTION_1913 = "auction-1913", gettext_lazy("Auction 1913 (royal spades)")
    AUCTION_1915 = "auction-1915", gettext_lazy("Auction 1915 (Whist Club code)")
    WHIST = "whist", gettext_lazy("Duplicate whist")
    CONTRACT = "contract", gettext_lazy("Contract bridge (law 77)")


#: Law 12C2's artificial adjusted scores (N-S %/E-W %), stored as the ruling "A60/40".
ARTIFICIAL_RULINGS = tuple(f"A{ns}/{ew}" for ns in (60, 50, 40) for ew in (60, 50, 40))


class EventKind(models.TextChoices):
    PAIRS = "pairs", gettext_lazy("Pair contest (law H)")
    TEAMS = "teams", gettext_lazy("Team match (law G)")


class EventStatus(models.TextChoices):
    SETUP = "setup", gettext_lazy("Setting up")
    RUNNING = "running", gettext_lazy("Running")
    COMPLETE = "complete", gettext_lazy("Final")  # finished by the director: what every page calls final


class RankingChoice(models.TextChoices):
    """How an event of several sections playing the same boards is ranked (law H: a pair is compared only
    with the pairs who played the same hands): across the whole field, or each section on its own."""

    FIELD = "field", gettext_lazy("Across the field (law H)")
    SECTION = "section", gettext_lazy("Each section on its own")


class ButlerDrop(models.TextChoices):
    """How many of a board's results Butler's datum leaves out at each end (the customary choices)."""

    ONE = DatumDrop.ONE.value, gettext_lazy("One top and one bottom from 5 results")
    SHARE = (
        DatumDrop.SHARE.value,
        gettext_lazy("A share of each end by field size (ceil((n - 10) / 15) + 1 from 4 results)"),
    )


class HalfRounding(models.TextChoices):
    """How Butler's datum rounds a mean that ends in exactly 5 (to the nearest 10)."""

    AWAY = DatumHalves.AWAY.value, gettext_lazy("Halves away from zero")
    UP = DatumHalves.UP.value, gettext_lazy("Halves up")


class ResultsSource(models.TextChoices):
    """What an event shows: Kalamazoo's own working-out of the results, or (an event imported from another
    scorer's file) the figures that scorer published."""

    RECOMPUTED = "recomputed", gettext_lazy("Worked out by Kalamazoo")
    PUBLISHED = "published", gettext_lazy("As the other scorer published them")


class PaperSize(models.TextChoices):
    A4 = "A4", "A4"
    LETTER = "letter", gettext_lazy("US Letter")


class SeatChoice(models.TextChoices):
    N = "N", gettext_lazy("North")
    E = "E", gettext_lazy("East")
    S = "S", gettext_lazy("South")
    W = "W", gettext_lazy("West")


class SideChoice(models.TextChoices):
    NS = "NS", gettext_lazy("North-South")
    EW = "EW", gettext_lazy("East-West")


#: The longest round the round clock counts down (minutes).
ROUND_MINUTES_MAX = 120
#: An opening lead as it is stored and written: one of the 52 cards ("SA", "HT", "C2").
LEAD_CHOICES = [(card, card) for card in CARDS]


class MovementKind(models.TextChoices):
    MITCHELL = "mitchell", "Mitchell"
    HOWELL = "howell", "Howell"
    TEAMS = "teams", gettext_lazy("Team match (law G)")
    COMPASS = "compass", gettext_lazy("Compass (pairs stationary, boards relayed)")
    CUSTOM = "custom", gettext_lazy("Custom")


class Ruling(models.TextChoices):
    NONE = "", gettext_lazy("None")
    AVERAGE = "average", gettext_lazy("Average (law B(3))")
    LOW_HIGH = "low-high", gettext_lazy("Lowest and highest (law B(3))")
    A60_60 = "A60/60", gettext_lazy("Average plus both (law 12C2)")
    A60_50 = "A60/50", gettext_lazy("N-S average plus, E-W average (law 12C2)")
    A60_40 = "A60/40", gettext_lazy("N-S average plus, E-W average minus (law 12C2)")
    A50_60 = "A50/60", gettext_lazy("N-S average, E-W average plus (law 12C2)")
    A50_50 = "A50/50", gettext_lazy("Average both (law 12C2)")
    A50_40 = "A50/40", gettext_lazy("N-S average, E-W average minus (law 12C2)")
    A40_60 = "A40/60", gettext_lazy("N-S average minus, E-W average plus (law 12C2)")
    A40_50 = "A40/50", gettext_lazy("N-S average minus, E-W average (law 12C2)")
    A40_40 = "A40/40", gettext_lazy("Average minus both (law 12C2)")


class CarryOver(models.TextChoices):
    """How a championship of sessions ranks its pairs overall (docs/laws.md, "Championships of sessions")."""

    TOTALS = "totals", gettext_lazy("Totals added (matchpoints, IMPs, plus/minus)")
    WEIGHTED = "weighted", gettext_lazy("Percentage weighted by boards played")
    CARRY = "carry", gettext_lazy("The qualifying session's score carried as a fraction")


class Championship(models.Model):
    """An event of sessions: each session is an ordinary Event (``Event.championship``, ``Event.session``)
    with its own movement, sections, boards, table links and pages; the same roster players play every
    session.  ``carry_over`` says how the overall ranking adds the sessions; ``carry_fraction`` ("1/2") is the
    share of the qualifying session (session 1) carried into the rest."""

    name = models.CharField(max_length=200)
    date = models.DateField()
    carry_over = models.CharField(max_length=8, choices=CarryOver.choices, default=CarryOver.TOTALS)
    carry_fraction = models.CharField(max_length=16, blank=True, default="")
    results_version = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering: ClassVar[list[str]] = ["-date", "-id"]
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.CheckConstraint(
                condition=Q(carry_over__in=CarryOver.values), name="championship_carry_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%d %b %Y})"


#: The most boards a match of a league or a Swiss has, and the most VPs (hundredths) a bye is worth.
BOARDS_PER_MATCH_MAX = 64
BYE_VP100_MAX = 2000


class Event(models.Model):
    name = models.CharField(max_length=200)
    date = models.DateField()
    # Where it is played (a PBN file's Site fills it when blank; the PBN export writes it).
    site = models.CharField(max_length=200, blank=True, default="")
    code = models.CharField("scoring code", max_length=16, choices=ScoringCodeChoice.choices)
    kind = models.CharField(max_length=8, choices=EventKind.choices, default=EventKind.PAIRS)
    # A contract event's contest (matchpoints, Butler, cross-IMPs; IMPs for teams); blank for the historic
    # codes, scored by law H (pairs) or law G (teams).
    contest = models.CharField(max_length=12, choices=CONTEST_CHOICES, blank=True, default="")
    status = models.CharField(max_length=10, choices=EventStatus.choices, default=EventStatus.SETUP)
    paper_size = models.CharField(max_length=8, choices=PaperSize.choices, default=PaperSize.A4)
    # Sections playing the same hands: ranked across the field (law H) or, at the director's choice, each
    # section on its own (each section's scores compared only with its own).
    ranking = models.CharField(
        "ranking of sections", max_length=8, choices=RankingChoice.choices, default=RankingChoice.FIELD
    )
    # Law 12C2 (law 86A of the 2007 code): in IMP play (a team match by IMPs, Butler, cross-IMPs) an artificial
    # adjusted score of average plus is this many IMPs, average minus as many less than nothing: 3 unless the
    # organiser sets otherwise.
    average_plus_imps = models.PositiveSmallIntegerField(
        "IMPs of average plus (law 12C2)",
        default=AVERAGE_PLUS_IMPS,
        validators=[MinValueValidator(AVERAGE_PLUS_MIN), MaxValueValidator(AVERAGE_PLUS_MAX)],
    )
    # What visitors' totals count while a board is in play (no peeking): only the released boards (False, the
    # default), or every result entered (the director's choice: running totals, which let a visitor who
    # compares them learn a board's score before every table has played it).  Directors see every result.
    running_totals = models.BooleanField("running totals over every result", default=False)
    # The director's award table (masterpoints): the points of each place, first place first, as exact decimal
    # texts ("6", "4.5"); each ranking is awarded the table, ties sharing the points of the places they cover.
    awards = models.JSONField("award table", default=list, blank=True)
    # Butler's datum (contract Butler): how many results each end drops, and how halves round.
    butler_drop = models.CharField(max_length=8, choices=ButlerDrop.choices, default=ButlerDrop.ONE)
    butler_halves = models.CharField(max_length=8, choices=HalfRounding.choices, default=HalfRounding.AWAY)
    # An imported event: the other scorer's published figures (on its plays, boards and pairs) or Kalamazoo's.
    results_source = models.CharField(
        max_length=12, choices=ResultsSource.choices, default=ResultsSource.RECOMPUTED
    )
    # A session of a championship (``Championship``): which one, and its number (1, 2, ...).
    championship = models.ForeignKey(
        Championship, null=True, blank=True, on_delete=models.CASCADE, related_name="sessions"
    )
    session = models.PositiveSmallIntegerField(null=True, blank=True)
    # An event of matches (a round robin or a Swiss; its contest says which): the boards of each match, the
    # rounds a Swiss plays, the VPs of a bye in hundredths, and how a Swiss pairs match scores its boards
    # (one of MATCH_SCORINGS: a datum contest or matchpoints, as duplicate.contests describes them).
    boards_per_match = models.PositiveSmallIntegerField(
        default=0, validators=[MaxValueValidator(BOARDS_PER_MATCH_MAX)]
    )
    rounds_planned = models.PositiveSmallIntegerField(default=0, validators=[MaxValueValidator(99)])
    bye_vp100 = models.PositiveSmallIntegerField(
        "VPs of a bye (hundredths)", default=1200, validators=[MaxValueValidator(BYE_VP100_MAX)]
    )
    match_scoring = models.CharField(max_length=12, blank=True, default="")
    # At the table: whether a result a table link enters must be confirmed by the other side before it is
    # agreed at the table (auction law E; contract law 79), and whether a contract event's tables enter the
    # opening lead.
    confirm_results = models.BooleanField("the opponents confirm each result", default=False)
    lead_cards = models.BooleanField("opening leads entered at the table", default=False)
    # The round clock of the venue display: a round's length in minutes (0: no clock), and the round the
    # director started the clock at, when (later rounds follow every ``round_minutes``).
    round_minutes = models.PositiveSmallIntegerField(
        "minutes a round", default=0, validators=[MaxValueValidator(ROUND_MINUTES_MAX)]
    )
    clock_round = models.PositiveSmallIntegerField(null=True, blank=True)
    clock_started_at = models.DateTimeField(null=True, blank=True)
    # Bumped on every write that changes what a page shows; pages are cached with it (duplicate/caching.py).
    results_version = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering: ClassVar[list[str]] = ["-date", "-id"]
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(
                fields=["championship", "session"],
                condition=Q(championship__isnull=False),
                name="event_session_unique",
            ),
            models.CheckConstraint(
                condition=Q(championship__isnull=True) | Q(session__gte=1), name="event_session_numbered"
            ),
            models.CheckConstraint(
                condition=Q(boards_per_match__lte=BOARDS_PER_MATCH_MAX), name="event_boards_per_match_range"
            ),
            models.CheckConstraint(condition=Q(bye_vp100__lte=BYE_VP100_MAX), name="event_bye_vps_range"),
            models.CheckConstraint(
                condition=Q(round_minutes__lte=ROUND_MINUTES_MAX), name="event_round_minutes_range"
            ),
            models.CheckConstraint(
                condition=Q(clock_round__isnull=True, clock_started_at__isnull=True)
                | Q(clock_round__gte=1, clock_started_at__isnull=False),
                name="event_clock_started_at_a_round",
            ),
            models.CheckConstraint(
                condition=Q(match_scoring__in=["", *MATCH_SCORINGS]), name="event_match_scoring_valid"
            ),
            models.CheckConstraint(condition=Q(code__in=ScoringCodeChoice.values), name="event_code_valid"),
            models.CheckConstraint(condition=Q(kind__in=EventKind.values), name="event_kind_valid"),
            models.CheckConstraint(condition=Q(ranking__in=RankingChoice.values), name="event_ranking_valid"),
            models.CheckConstraint(
                condition=Q(butler_drop__in=ButlerDrop.values), name="event_butler_drop_valid"
            ),
            models.CheckConstraint(
                condition=Q(butler_halves__in=HalfRounding.values), name="event_butler_halves_valid"
            ),
            models.CheckConstraint(
                condition=Q(results_source__in=ResultsSource.values), name="event_results_source_valid"
            ),
            models.CheckConstraint(
                condition=Q(average_plus_imps__gte=AVERAGE_PLUS_MIN, average_plus_imps__lte=AVERAGE_PLUS_MAX),
                name="event_average_plus_imps_range",
            ),
            models.CheckConstraint(
                condition=(~Q(code=CONTRACT_CODE) & Q(contest=""))
                | Q(code=CONTRACT_CODE, kind="pairs", contest__in=PAIR_CONTESTS)
                | Q(code=CONTRACT_CODE, kind="teams", contest__in=TEAM_CONTESTS),
                name="event_contest_fits_code",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%d %b %Y})"

    @property
    def kind_name(self) -> str:
        """ "Pair contest (law H)", "Team match (law G)", or a contract event's contest (:func:`kind_name`)."""
        return kind_name(self.code, self.kind, self.contest)

    @property
    def described(self) -> Contest:
        """The description of its contest (``duplicate.contests``): its words, headings, unit and signs."""
        return contest_of(self)

    @property
    def laws(self) -> str:
        """The laws the event is scored by (the footer's words)."""
        return laws_of(self.code)

    @property
    def agreement_law(self) -> str:
        """The law its rounds' scores are agreed and corrected under (:func:`agreement_law`), in the words of
        the request's language ("loi 79"): pages and what commands print say it from here."""
        return gettext(agreement_law(self.code))


class Section(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="sections")
    letter = models.CharField(max_length=4, default="A")
    movement_kind = models.CharField(max_length=10, choices=MovementKind.choices)
    tables = models.PositiveSmallIntegerField()
    boards_per_round = models.PositiveSmallIntegerField()
    # The even-table Mitchell option ("relay" or "skip"); blank otherwise.
    movement_option = models.CharField(max_length=8, blank=True, default="")

    class Meta:
        ordering: ClassVar[list[str]] = ["event_id", "letter"]
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["event", "letter"], name="section_letter_unique"),
            models.CheckConstraint(condition=Q(tables__gte=1), name="section_tables_positive"),
            models.CheckConstraint(
                condition=Q(boards_per_round__gte=1), name="section_boards_per_round_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"Section {self.letter}"

    @property
    def single_ranking(self) -> bool:
        """Whether this section's pairs make one ranking (law H: pairs joined by a chain of shared hands are
        ranked together), read from its seatings whatever its movement is called: a Mitchell or a compass
        gives two (N-S, E-W), a Howell one (``scoring.contests.rankings``; the standings rank the event's plays so)."""
        tables = Play.objects.filter(seating__round__section=self).values_list(
            "board__number", "ns_pair_id", "ew_pair_id"
        )
        return len(ranking_groups(tables).groups) == 1


class Board(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="boards")
    number = models.PositiveSmallIntegerField()
    dealer = models.CharField(max_length=1, choices=SeatChoice.choices)
    deal = models.CharField("hands (PBN)", max_length=80, blank=True, default="")
    # Contract bridge (law 77): PBN's None/NS/EW/All; blank = the board number's standard 16-board cycle.
    vulnerability = models.CharField(max_length=4, blank=True, default="")
    # Bumped with the event's by every write that changes what this board's traveller shows (its results,
    # its hands, a name); the traveller is cached under it, so other boards' results leave it cached.
    # The datum another scorer's file published for the board (Butler; USEBIO's BOARD_AVERAGE), if any.
    published_datum = models.IntegerField(null=True, blank=True)
    results_version = models.PositiveIntegerField(default=0)

    class Meta:
        ordering: ClassVar[list[str]] = ["event_id", "number"]
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["event", "number"], name="board_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="board_number_positive"),
            models.CheckConstraint(condition=Q(dealer__in=SeatChoice.values), name="board_dealer_valid"),
            models.CheckConstraint(
                condition=Q(vulnerability__in=["", "None", "NS", "EW", "All"]),
                name="board_vulnerability_valid",
            ),
        ]

    def __str__(self) -> str:
        return f"Board {self.number}"

    @property
    def vulnerable_text(self) -> str:
        """Who is vulnerable on the board at contract bridge, in words ("N-S vulnerable"): law 2, its own
        vulnerability where stored, else its number's in the 16-board cycle."""
        return VULNERABLE_TEXT[board_vulnerability(self.number, self.vulnerability)]


class PublicName(models.TextChoices):
    """How visitors see a player's name on public pages, downloads and exports (directors see every name)."""

    FULL = "full", gettext_lazy("Full name")
    INITIALS = "initials", gettext_lazy("Initials (A. Lee)")
    HIDDEN = "hidden", gettext_lazy("Hidden (Pair 7)")


#: The club's one row (``Club``): the site serves one club.
CLUB_PK = 1


class Club(models.Model):
    """The club the site serves: one row (pk 1), set once for the site by a director. Its name and number go
    into USEBIO files; ``public_name`` is how a player who has not chosen is shown to visitors."""

    name = models.CharField(max_length=200, blank=True, default="")
    number = models.CharField("club number", max_length=32, blank=True, default="")
    public_name = models.CharField(
        "players' names shown to visitors", max_length=8, choices=PublicName.choices, default=PublicName.FULL
    )

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.CheckConstraint(
                condition=Q(public_name__in=PublicName.values), name="club_public_name_valid"
            ),
        ]

    def __str__(self) -> str:
        return self.name or "The club"


class Player(models.Model):
    """A person on the club's roster: a pair has two players and a player plays in many events.

    ``number`` is a membership number and ``body`` the body that issued it (EBU, ACBL, ABF, PZBS, ...: free
    text, upper case); the two together are unique. A player without a number is a guest. ``public_name`` is
    blank when the player follows the club's choice. ``erased_at`` is set once the player's personal data has
    been erased (the name becomes "Removed player"; the results stay)."""

    name = models.CharField(max_length=100)
    number = models.CharField("membership number", max_length=32, blank=True, default="")
    body = models.CharField("issued by", max_length=16, blank=True, default="")
    club_number = models.CharField(max_length=32, blank=True, default="")
    email = models.EmailField(blank=True, default="")
    public_name = models.CharField(
        "name shown to visitors", max_length=8, choices=PublicName.choices, blank=True, default=""
    )
    erased_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering: ClassVar[list[str]] = ["name", "id"]
        indexes: ClassVar[list[models.Index]] = [models.Index(fields=["name"], name="player_name_idx")]
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(
                fields=["body", "number"], condition=~Q(number=""), name="player_body_number_unique"
            ),
            models.CheckConstraint(
                condition=Q(public_name__in=["", *PublicName.values]), name="player_public_name_valid"
            ),
            models.CheckConstraint(condition=~Q(number="") | Q(body=""), name="player_body_needs_number"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def is_guest(self) -> bool:
        """A player without a membership number (a visitor to the club)."""
        return not self.number


class Team(models.Model):
    """A team of a team event, or an entrant of an event of matches (a Swiss pairs' pair is a team of one
    pair).  ``seed``: the director's seeding for a Swiss's first round (1 best; None unseeded)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(max_length=100)
    seed = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering: ClassVar[list[str]] = ["event_id", "id"]
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["event", "name"], name="team_name_unique")
        ]

    def __str__(self) -> str:
        return self.name


_LETTER_NUMBER = re.compile(r"([A-Z]{1,2})([0-9]{1,6})")


def pair_order(pid: int | str) -> tuple[int, str, int, str]:
    """The order pairs are listed in: numbers ascending, then a section letter and a number ("A2" before
    "A10", all of A before B), then other texts."""
    if isinstance(pid, int):
        return (0, "", pid, "")
    match = _LETTER_NUMBER.fullmatch(pid)
    if match:
        return (1, match[1], int(match[2]), "")
    return (2, "", 0, pid)


class Pair(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="pairs")
    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="pairs")
    # Pair identifiers are integers or strings, unique within the event; `position` keeps the movement's order.
    number = models.CharField(max_length=16)
    position = models.PositiveIntegerField(default=0)
    player1 = models.ForeignKey(Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    player2 = models.ForeignKey(Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    team = models.ForeignKey(Team, null=True, blank=True, on_delete=models.SET_NULL, related_name="pairs")
    # What another scorer's file published for the pair (exact texts: "1234/5"; the place as written, "3="),
    # shown when the event's ``results_source`` is "published".
    published_score = models.CharField(max_length=40, blank=True, default="")
    published_percentage = models.CharField(max_length=40, blank=True, default="")
    published_place = models.CharField(max_length=8, blank=True, default="")

    class Meta:
        ordering: ClassVar[list[str]] = ["event_id", "position", "id"]
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["event", "number"], name="pair_number_unique"),
            models.CheckConstraint(condition=~Q(number=""), name="pair_number_not_blank"),
        ]

    def __str__(self) -> str:
        return f"Pair {self.number}"

    @property
    def label(self) -> int | str:
        """The identifier as the event file writes it: an integer when it is one."""
        return int(self.number) if self.number.isdecimal() else self.number

    @property
    def player_names(self) -> list[str]:
        return [p.name if p else "" for p in (self.player1, self.player2)]


class Standing(models.Model):
    """A pair's place and figure as the event published them when it was finished (written by
    ``services.events.event_finish``, dropped when it is reopened): what a player's page and the club ladder
    read, one row a pair. Exact figures are kept as texts ("1234/5"): ``score`` in the contest's unit
    (matchpoints, IMPs, plus/minus), ``percentage`` blank when the contest has none."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="standings")
    pair = models.OneToOneField(Pair, on_delete=models.CASCADE, related_name="standing")
    ranking = models.CharField(max_length=60, blank=True, default="")
    place = models.PositiveIntegerField()
    tied = models.BooleanField(default=False)
    of = models.PositiveIntegerField("pairs in the ranking")
    score = models.CharField(max_length=40)
    percentage = models.CharField(max_length=40, blank=True, default="")
    masterpoints = models.CharField(max_length=40, blank=True, default="")

    class Meta:
        ordering: ClassVar[list[str]] = ["event_id", "ranking", "place", "id"]
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.CheckConstraint(
                condition=Q(place__gte=1, place__lte=F("of")), name="standing_place_in_range"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.pair}: {self.place}{'=' if self.tied else ''} of {self.of}"


class Round(models.Model):
    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    # Duplicate law E: once the scores are made up and agreed, only a director may correct them.
    agreed_at = models.DateTimeField(null=True, blank=True)
    agreed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering: ClassVar[list[str]] = ["section_id", "number"]
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["section", "number"], name="round_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self) -> str:
        return f"Round {self.number}"

    @property
    def agreed(self) -> bool:
        return self.agreed_at is not None


class Seating(models.Model):
    """One table in one round: who sits N-S and E-W there."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seatings")
    table = models.PositiveSmallIntegerField()
    ns = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="+")
    ew = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="+")

    class Meta:
        ordering: ClassVar[list[str]] = ["round_id", "table"]
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["round", "table"], name="seating_table_unique"),
            models.UniqueConstraint(fields=["round", "ns"], name="seating_ns_once_per_round"),
            models.UniqueConstraint(fields=["round", "ew"], name="seating_ew_once_per_round"),
            models.CheckConstraint(condition=~Q(ns=models.F("ew")), name="seating_ns_not_ew"),
            models.CheckConstraint(condition=Q(table__gte=1), name="seating_table_positive"),
        ]

    def __str__(self) -> str:
        return f"Table {self.table}"


#: The stored fields that make up "the result as entered" (used for the law E history and conflicts).
ENTERED_FIELDS = (
    "contract",
    "declarer",
    "tricks",
    "tricks_ns",
    "honours",
    "revokes",
    "penalties",
    "one_spade_limit",
    "ruling",
    "offending",
)
#: The scores stored on a play, worked out from its result by the result service.
SCORE_FIELDS = ("ns_trick", "ns_honour", "ns_total", "ew_trick", "ew_honour", "ew_total", "net_ns", "items")


class Play(models.Model):
    """One board played at one table in one round, with its result and the computed scores.

    The pairs and the event are copied from the seating so that the database itself can refuse a pair holding
    the same cards twice, and so that standings read one table without joins.
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="plays")
    seating = models.ForeignKey(Seating, on_delete=models.CASCADE, related_name="plays")
    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="plays")
    ns_pair = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="+")
    ew_pair = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="+")

    # The result as entered ("" contract and no ruling: not played yet). Contract "PASS" is a passed-out deal.
    entered = models.BooleanField(default=False)
    contract = models.CharField(max_length=8, blank=True, default="")
    declarer = models.CharField(max_length=1, blank=True, default="", choices=SeatChoice.choices)
    tricks = models.PositiveSmallIntegerField(null=True, blank=True)
    tricks_ns = models.PositiveSmallIntegerField(null=True, blank=True)
    honours = models.JSONField(null=True, blank=True)
    revokes = models.JSONField(null=True, blank=True)
    penalties = models.JSONField(default=list, blank=True)
    one_spade_limit = models.BooleanField(default=False)
    ruling = models.CharField(max_length=10, blank=True, default="", choices=Ruling.choices)
    offending = models.CharField(max_length=2, blank=True, default="", choices=SideChoice.choices)
    # The opening lead (contract events that enter leads): one of the 52 cards, "" when not entered.
    lead = models.CharField(max_length=2, blank=True, default="", choices=LEAD_CHOICES)
    # Which side entered the result through the table link ("" for the director, an import or no result),
    # and when the other side confirmed it (Event.confirm_results): until then it is not agreed at the table.
    entered_by = models.CharField(max_length=2, blank=True, default="", choices=SideChoice.choices)
    confirmed_at = models.DateTimeField(null=True, blank=True)

    # Computed once when the result is saved (scoring.score_deal); standings read only these.
    ns_trick = models.IntegerField(default=0)
    ns_honour = models.IntegerField(default=0)
    ns_total = models.IntegerField(default=0)
    ew_trick = models.IntegerField(default=0)
    ew_honour = models.IntegerField(default=0)
    ew_total = models.IntegerField(default=0)
    net_ns = models.IntegerField(default=0)
    # What another scorer's file published for the line (exact texts: matchpoints or IMPs of each side).
    published_ns = models.CharField(max_length=40, blank=True, default="")
    published_ew = models.CharField(max_length=40, blank=True, default="")
    items = models.JSONField(default=list, blank=True)

    version = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)
    # When the table's players opened this board's traveller through their table link (comparing with the
    # tables that played it before them): from then on only the director changes this result (no peeking).
    table_saw_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering: ClassVar[list[str]] = ["board_id", "seating_id"]
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["seating", "board"], name="play_board_once_per_seating"),
            models.UniqueConstraint(fields=["board", "ns_pair"], name="play_ns_pair_holds_board_once"),
            models.UniqueConstraint(fields=["board", "ew_pair"], name="play_ew_pair_holds_board_once"),
            models.CheckConstraint(
                condition=Q(tricks__isnull=True) | Q(tricks__gte=0, tricks__lte=13), name="play_tricks_0_13"
            ),
            models.CheckConstraint(
                condition=Q(tricks_ns__isnull=True) | Q(tricks_ns__gte=0, tricks_ns__lte=13),
                name="play_tricks_ns_0_13",
            ),
            models.CheckConstraint(condition=~Q(ns_pair=models.F("ew_pair")), name="play_ns_not_ew"),
            models.CheckConstraint(condition=Q(lead__in=["", *CARDS]), name="play_lead_a_card"),
            models.CheckConstraint(condition=Q(entered_by__in=["", "NS", "EW"]), name="play_entered_by_side"),
            models.CheckConstraint(
                condition=Q(ruling__in=["", "average", "low-high", *ARTIFICIAL_RULINGS]),
                name="play_ruling_valid",
            ),
            models.CheckConstraint(
                condition=~Q(ruling="low-high") | Q(offending__in=["NS", "EW"]),
                name="play_low_high_names_offender",
            ),
        ]
        indexes: ClassVar[list[models.Index]] = [
            models.Index(fields=["event", "board"], name="play_event_board"),
            # The plays still waiting for a result or a ruling, which keep their boards in play (no peeking):
            # an event's, and one board's, are read from these small indexes on every public page.
            models.Index(fields=["event"], condition=Q(entered=False), name="play_pending_by_event"),
            models.Index(fields=["board"], condition=Q(entered=False), name="play_pending_by_board"),
        ]

    def __str__(self) -> str:
        return f"Board {self.board_id} at seating {self.seating_id}"


class PlayChange(models.Model):
    """The law E audit trail: every change to a result, who made it, when, and why."""

    play = models.ForeignKey(Play, on_delete=models.CASCADE, related_name="changes")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    who = models.CharField(max_length=150)
    at = models.DateTimeField(auto_now_add=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    reason = models.TextField(blank=True, default="")

    class Meta:
        ordering: ClassVar[list[str]] = ["play_id", "at", "id"]

    def __str__(self) -> str:
        return f"Change of play {self.play_id} by {self.who}"


class TableToken(models.Model):
    """A secret carried by the link (and QR code) for one table's players; it opens that table only."""

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="tokens")
    table = models.PositiveSmallIntegerField()
    secret = models.CharField(max_length=64, unique=True)
    revoked = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering: ClassVar[list[str]] = ["section_id", "table"]

    def __str__(self) -> str:
        return f"Table {self.table}'s link (section {self.section_id})"


class DealAnalysis(models.Model):
    """A deal's double-dummy analysis, worked out once and stored (``services.deal_analyses_compute``).

    Keyed by the deal itself (canonical PBN, as ``Board.deal`` holds it), not by a board: the same hands
    played in several events are analysed once, and a board whose hands are replaced simply finds the new
    deal's analysis (an old one is never wrong, only unused). ``tricks``: 20 hexadecimal digits, the tricks
    each seat makes as declarer in each strain, as PBN's DoubleDummyTricks tag has them (N, S, E, W; for
    each NT, S, H, D, C). ``par``: the par
    contracts and score (N-S's view) for each dealer and vulnerability, keyed "N-None", "E-NS", ...: worked
    out quickly once the tricks are known, and what a board shows depends on its dealer and vulnerability."""

    deal = models.CharField("hands (PBN)", max_length=80, unique=True)
    tricks = models.CharField(max_length=20)
    par = models.JSONField(default=dict)
    computed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name_plural = "deal analyses"
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.CheckConstraint(
                condition=Q(tricks__regex=r"^[0-9a-d]{20}$"), name="deal_analysis_tricks_valid"
            )
        ]

    def __str__(self) -> str:
        return f"Analysis of {self.deal}"


class SignInSlot(models.Model):
    """One sign-in attempt counted by the throttle (``duplicate.security``): slot ``slot`` of ``counter`` (a
    username and address, a username, or an address: a digest, never the name itself) in the throttle window
    numbered ``window``, kept until the window ends (``expires``). Each attempt takes a row of its own with an
    INSERT on the unique (counter, window, slot), so two processes can never both take the last one."""

    counter = models.CharField(max_length=100)
    window = models.BigIntegerField()
    slot = models.PositiveIntegerField()
    expires = models.DateTimeField(db_index=True)

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["counter", "window", "slot"], name="sign_in_slot_taken_once")
        ]

    def __str__(self) -> str:
        return f"Sign-in attempt {self.slot} of {self.counter} in window {self.window}"
