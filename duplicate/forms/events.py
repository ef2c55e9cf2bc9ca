"""Forms: they check the shape of what was typed; services check the laws and write."""

from __future__ import annotations

import datetime as dt
import json
from fractions import Fraction
from typing import Any

from django import forms
from django.core.files.base import File
from django.http import QueryDict
from django.utils.datastructures import MultiValueDict
from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from duplicate.contests import (
    CHOSEN,
    CONTEST_CHOICES,
    CONTRACT_CODE,
    DATUM_CONTESTS,
    IMP_CONTESTS,
    PAIR_CONTESTS,
    TEAM_CONTESTS,
    is_contract,
)
from duplicate.forms.entry import beside_field
from duplicate.forms.text import filled_lazy
from duplicate.l10n import grouped
from duplicate.models import (
    ButlerDrop,
    EventKind,
    HalfRounding,
    MovementKind,
    PaperSize,
    RankingChoice,
    ScoringCodeChoice,
)
from duplicate.services.errors import ServiceError
from duplicate.services.events import MAX_SECTIONS, average_plus_for, butler_datum_for
from duplicate.uploads import MAX_EVENT_FILE, MAX_MOVEMENT_FILE, MAX_PBN_FILE, MAX_USEBIO_FILE, too_large
from scoring.awards import AwardTableError, award_table
from scoring.contests.imps import AVERAGE_PLUS_IMPS, AVERAGE_PLUS_MAX, AVERAGE_PLUS_MIN
from scoring.movements import MAX_BOARDS_PER_ROUND, MAX_PLAYS, MAX_SECTION_TABLES


def read_upload(upload: File[bytes], *, field: str, limit: int) -> str:
    """The text of an uploaded file, or a ValidationError that names the field (over ``limit`` bytes: before
    it is read)."""
    if (upload.size or 0) > limit:
        raise forms.ValidationError(
            gettext("%(field)s: %(problem)s") % {"field": field, "problem": too_large(limit)}
        )
    data: bytes = upload.read()
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise forms.ValidationError(
            gettext("%(field)s: the file is not UTF-8 text") % {"field": field}
        ) from None


_PAIR_MOVEMENTS = (MovementKind.MITCHELL, MovementKind.HOWELL, MovementKind.COMPASS, MovementKind.CUSTOM)
_GENERATED = (MovementKind.MITCHELL, MovementKind.HOWELL, MovementKind.TEAMS, MovementKind.COMPASS)
# What the new-event form says of each movement, beside its choice: only the chosen one's is shown.
# (gettext_noop: through gettext when shown, ``EventCreateForm.rows``)
MOVEMENT_HELP: dict[str, str] = {
    MovementKind.MITCHELL: gettext_noop(
        "N-S pairs stay at their tables; after each round the E-W pairs move up a table and "
        "the boards down a table. An odd number of tables plays as many rounds as tables; an even number needs a "
        "relay and bye stand, or a skip after half the rounds."
    ),
    MovementKind.HOWELL: gettext_noop(
        "Every pair meets every other pair once, moving as the table guide cards say: two "
        "pairs a table, 3 to 10 tables; an odd number of pairs gives a sit-out each round."
    ),
    MovementKind.TEAMS: gettext_noop(
        "Law G: two teams, each pair of a team at its own table against a pair of the other; "
        "the boards go round every table. Contract bridge scores it by IMPs and VPs."
    ),
    MovementKind.COMPASS: gettext_noop(
        "Every pair keeps its seat all session and the boards pass to the next-lower table "
        "after each round (table 1's to the last); N-S pairs are ranked with N-S, E-W with E-W (law H)."
    ),
    MovementKind.CUSTOM: gettext_noop(
        "Your own movement, uploaded as a file: its rounds, tables, pairs and boards are "
        "checked (no pair meets a board twice) before the event is made."
    ),
}
# Each movement's word on the number of tables.
TABLES_HELP: dict[str, str] = {
    MovementKind.MITCHELL: gettext_noop(
        "A Mitchell of n tables has 2n pairs and n rounds (n - 1 with a skip)."
    ),
    MovementKind.HOWELL: gettext_noop("3 to 10 tables, two pairs each (or give the pairs below)."),
    MovementKind.TEAMS: gettext_noop("The number of pairs in each team: one table each."),
    MovementKind.COMPASS: gettext_noop("At least 2 tables; as many rounds as tables."),
}
# The fields only some movements read (the others' are left out of the page): the rest are every movement's.
FIELD_MOVEMENTS: dict[str, tuple[str, ...]] = {
    "tables": _GENERATED,
    "boards_per_round": _GENERATED,
    "howell_pairs": (MovementKind.HOWELL,),
    "even_tables": (MovementKind.MITCHELL,),
    "movement_file": (MovementKind.CUSTOM,),
    "sections": _PAIR_MOVEMENTS,
    "ranking": _PAIR_MOVEMENTS,
}
# The fields that apply only in some cases besides the movement, and so are shown only then: by the field each
# depends on, the values it applies at ("even": an even number; "several": more than one). The page writes
# them as data-when-<field> (static/js/kalamazoo.js reads them as the choices change; without a script,
# "Preview" brings the page back so). Law 12C2's IMPs of average plus: a contest scored in IMPs only.
FIELD_CONDITIONS: dict[str, dict[str, tuple[str, ...]]] = {
    "contest": {"code": (CONTRACT_CODE,)},
    "average_plus_imps": {"code": (CONTRACT_CODE,), "contest": IMP_CONTESTS},
    "butler_drop": {"code": (CONTRACT_CODE,), "contest": DATUM_CONTESTS},
    "butler_halves": {"code": (CONTRACT_CODE,), "contest": DATUM_CONTESTS},
    "even_tables": {"tables": ("even",)},
    "ranking": {"sections": ("several",)},
}


def condition_met(value: object, allowed: tuple[str, ...]) -> bool:
    """Whether a field's ``value`` (as posted) is one of ``allowed`` (:data:`FIELD_CONDITIONS`)."""
    text = str(value if value is not None else "").strip()
    if allowed in (("even",), ("several",)):
        number = int(text) if text.isascii() and text.isdecimal() and len(text) < 6 else None
        return number is not None and (number % 2 == 0 if allowed == ("even",) else number > 1)
    return text in allowed


def contest_kind(contest: str) -> str:
    """The event kind a contract contest is for ("" for the historic codes' law H / law G)."""
    return (
        EventKind.TEAMS if contest in TEAM_CONTESTS else EventKind.PAIRS if contest in PAIR_CONTESTS else ""
    )


#: Why the movement form makes no league or Swiss: those are set out on their own form (``teams.forms``).
MATCHES_FORM = gettext_noop(  # through gettext when shown
    "A league or a Swiss is set out on its own form (New league or Swiss): choose it there."
)


class ContestSelect(forms.Select):
    """The contest's choice: each option names the kind of event it is for (``data-kind``), and those that do
    not fit the scoring code and the kind chosen (``fitting``) are hidden and disabled; static/js/kalamazoo.js
    changes them, and the choice, as the code and the kind are chosen."""

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs)
        self.fitting: tuple[str, ...] = ("",)

    def create_option(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
        option: dict[str, Any] = super().create_option(*args, **kwargs)
        value = str(option["value"])
        option["attrs"]["data-kind"] = contest_kind(value)
        if value not in self.fitting:
            option["attrs"].update(hidden=True, disabled=True)
        return option


class EventCreateForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=200)
    # An <input type=date> takes yyyy-mm-dd only: the localised 25/11/2026 would leave it blank.
    date = forms.DateField(
        label=_("Date"),
        initial=dt.date.today,
        widget=forms.DateInput(format="%Y-%m-%d", attrs={"type": "date"}),
    )
    code = forms.ChoiceField(
        label=_("Scoring code"), choices=ScoringCodeChoice.choices, initial=ScoringCodeChoice.AUCTION_1915
    )
    contest = forms.ChoiceField(
        label=_("Contest"),
        choices=CONTEST_CHOICES,
        initial="",
        required=False,
        widget=ContestSelect(attrs={"data-contest-choice": "", "data-contract-code": CONTRACT_CODE}),
        help_text=_(
            "Contract bridge: pairs by matchpoints (the default), Butler IMPs or cross-IMPs; a team "
            "match by IMPs and VPs. (The historic codes are scored by law H, pairs, and law G, teams.)"
        ),
    )
    average_plus_imps = forms.IntegerField(
        label=_("IMPs of average plus (law 12C2)"),
        required=False,
        min_value=AVERAGE_PLUS_MIN,
        max_value=AVERAGE_PLUS_MAX,
        initial=AVERAGE_PLUS_IMPS,
        help_text=filled_lazy(
            gettext_noop(
                "Contract bridge scored in IMPs (a team match, Butler, cross-IMPs): a director's artificial "
                "score of average plus is worth this many IMPs, average minus as many less than nothing (law 12C2, "
                "law 86A of the 2007 code: %(imps)s unless the organiser sets otherwise)."
            ),
            imps=AVERAGE_PLUS_IMPS,
        ),
    )
    butler_drop = forms.ChoiceField(
        label=_("Butler's datum: results dropped"),
        choices=ButlerDrop.choices,
        initial=ButlerDrop.ONE,
        required=False,
        help_text=_(
            "Butler only: each board's datum is the mean of its N-S scores with some dropped at each "
            "end (the Laws leave this to the regulations): the top and bottom one from 5 results on, or a "
            "share of each end by the field's size (1 from 4 to 10 results, 2 to 25, 3 to 40, ...)."
        ),
    )
    butler_halves = forms.ChoiceField(
        label=_("Butler's datum: a mean ending in 5"),
        choices=HalfRounding.choices,
        initial=HalfRounding.AWAY,
        required=False,
        help_text=_(
            "Butler only: the datum is rounded to the nearest 10; a mean of exactly -455 is -460 "
            "rounded away from zero, -450 rounded up."
        ),
    )
    kind = forms.ChoiceField(
        label=_("Kind"),
        choices=EventKind.choices,
        initial=EventKind.PAIRS,
        widget=forms.Select(attrs={"data-team-kind": EventKind.TEAMS}),
        help_text=_("A team match plays the team match movement (or a custom one)."),
    )
    movement = forms.ChoiceField(
        label=_("Movement"),
        choices=MovementKind.choices,
        initial=MovementKind.MITCHELL,
        widget=forms.Select(attrs={"data-team-movement": MovementKind.TEAMS, "data-movement-choice": ""}),
    )
    tables = forms.IntegerField(label=_("Tables"), min_value=1, max_value=MAX_SECTION_TABLES, initial=7)
    boards_per_round = forms.IntegerField(
        label=_("Boards per round"),
        min_value=1,
        max_value=MAX_BOARDS_PER_ROUND,
        initial=3,
        help_text=filled_lazy(
            gettext_noop(
                "At most %(most)s results in all (tables x rounds x boards a round): a 100-table "
                "Mitchell plays 100 rounds, at 2 boards a round."
            ),
            most=lazy(grouped, str)(MAX_PLAYS),  # grouped as the visitor's language groups it
        ),
    )
    howell_pairs = forms.IntegerField(
        label=_("Pairs (Howell)"),
        required=False,
        min_value=5,
        max_value=20,
        help_text=_(
            "Howell only: leave blank for two pairs a table; an odd number gives a sit-out each round."
        ),
    )
    even_tables = forms.ChoiceField(
        label=_("Even-table Mitchell"),
        choices=[("relay", _("Relay and bye stand")), ("skip", _("Skip after half the rounds"))],
        initial="relay",
        required=False,
    )
    movement_file = forms.FileField(
        label=_("Movement file"),
        required=False,
        help_text=_("Custom movement only: CSV (round,table,ns,ew,boards) or JSON."),
    )
    sections = forms.IntegerField(
        label=_("Sections"),
        required=False,
        min_value=1,
        max_value=MAX_SECTIONS,
        initial=1,
        help_text=_(
            "A field bigger than one movement plays in sections (A, B, ...): each its own movement "
            "and table links, all playing the same boards; pairs are numbered A1, B1, ..."
        ),
    )
    ranking = forms.ChoiceField(
        label=_("Ranking of sections"),
        choices=RankingChoice.choices,
        initial=RankingChoice.FIELD,
        required=False,
        help_text=_(
            "Law H compares a pair only with those who played the same hands: sections playing the "
            "same boards are ranked across the field, or each on its own if you choose."
        ),
    )
    paper_size = forms.ChoiceField(label=_("Paper size"), choices=PaperSize.choices, initial=PaperSize.A4)
    running_totals = forms.BooleanField(
        label=_("Running totals over every result"),
        required=False,
        initial=False,
        help_text=_(
            "Off (the default): while a board is still being played at some table, the totals visitors "
            "and table links see count only the boards every table has played, so that nobody learns a score "
            "on a board still in play by watching a total move. On: their totals count every result as it "
            "is entered. You always see every result."
        ),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # A contract event's contest left blank is its kind's first (as clean() takes it): the page shows so.
        if self.is_bound and is_contract(str(self.data.get("code"))) and not self.data.get("contest"):
            posted = self.data.copy() if isinstance(self.data, QueryDict) else dict(self.data)
            posted["contest"] = self._contests()[0]
            self.data = posted
        contest = self.fields["contest"].widget
        assert isinstance(contest, ContestSelect)
        contest.fitting = self._contests() if is_contract(str(self._value("code"))) else ("",)

    def _value(self, name: str) -> object:
        """A field's value as the page shows it: posted, else its initial one."""
        return self.data.get(name) if self.is_bound else self.fields[name].initial

    def _contests(self) -> tuple[str, ...]:
        """The contests of a contract event of the kind chosen: a team match's, else a pair event's."""
        return TEAM_CONTESTS if self._value("kind") == EventKind.TEAMS else PAIR_CONTESTS

    # -- the page: only the chosen movement's fields and help, and only those that apply -----------------

    @property
    def chosen_movement(self) -> str:
        """The movement whose fields and help the page shows: the one posted (a team match choosing the team
        match movement, as :meth:`clean` does), else the first one offered. The page's script shows another's
        as soon as it is chosen; without a script, "Preview" sends the choice and the page comes back so."""
        if not self.is_bound:
            return str(self.fields["movement"].initial)
        movement = str(self.data.get("movement") or "")
        if movement not in MovementKind.values:
            return str(self.fields["movement"].initial)
        if self.data.get("kind") == EventKind.TEAMS and movement != MovementKind.CUSTOM:
            return MovementKind.TEAMS
        return movement

    def rows(self) -> list[tuple[Any, dict[str, str], bool, list[tuple[str, str, bool]]]]:
        """Each field as the page lays it out: the bound field, when it applies (``data-`` attributes: the
        movements it belongs to, ``movements``, and ``when-<field>`` for each of its
        :data:`FIELD_CONDITIONS`; none for a field that always applies), whether it is shown now (a field
        with an error always is), and its help: (movements, text, shown now) for each text (the movement's
        and the tables' say one for each movement)."""
        chosen = self.chosen_movement
        out = []
        for field in self:
            kinds = FIELD_MOVEMENTS.get(field.name, ())
            conditions = FIELD_CONDITIONS.get(field.name, {})
            when = {"movements": " ".join(kinds)} if kinds else {}
            when.update({f"when-{name}": " ".join(allowed) for name, allowed in conditions.items()})
            applies = (not kinds or chosen in kinds) and all(
                condition_met(self._value(name), allowed) for name, allowed in conditions.items()
            )
            shown = applies or bool(field.errors)
            texts = {"movement": MOVEMENT_HELP, "tables": TABLES_HELP}.get(field.name)
            helps = (
                [(kind, gettext(text), kind == chosen) for kind, text in texts.items()]
                if texts is not None
                else [("", str(field.help_text), True)]
                if field.help_text
                else []
            )
            out.append((field, when, shown, helps))
        return out

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        self._team_match_movement(data)
        self._contest(data)
        self._average_plus(data)
        self._butler_datum(data)
        if data.get("sections") is None and "sections" not in self.errors:
            data["sections"] = 1  # left blank: one section
        data["ranking"] = data.get("ranking") or RankingChoice.FIELD
        sections = data.get("sections")
        if data.get("kind") == EventKind.TEAMS and isinstance(sections, int) and sections > 1:
            self.add_error("sections", gettext("A team match (law G) plays in one section."))
        upload = data.get("movement_file")
        if data.get("movement") == MovementKind.CUSTOM:
            if not upload:
                self.add_error("movement_file", gettext("Upload the movement file for a custom movement."))
            else:
                try:
                    data["movement_text"] = read_upload(
                        upload, field=gettext("movement file"), limit=MAX_MOVEMENT_FILE
                    )
                except forms.ValidationError as exc:
                    self.add_error("movement_file", exc)
        return data

    @property
    def of_matches(self) -> bool:
        """Whether the contest posted is a league's or a Swiss's (made on their own form, not this one)."""
        contest = str(self.data.get("contest") or "") if self.is_bound else ""
        return contest in CHOSEN and CHOSEN[contest].of_matches and is_contract(str(self.data.get("code")))

    def _contest(self, data: dict[str, object]) -> None:
        """A contract event's contest fits its kind (blank: matchpoints for pairs, IMPs for a team match);
        the historic codes have none."""
        contest = str(data.get("contest") or "")
        kind = data.get("kind")
        if not is_contract(str(data.get("code"))):
            if contest:
                self.add_error(
                    "contest", gettext("Only contract bridge has a contest: the historic codes use law H/G.")
                )
            data["contest"] = ""
            return
        allowed = TEAM_CONTESTS if kind == EventKind.TEAMS else PAIR_CONTESTS
        if not contest:
            data["contest"] = allowed[0]
        elif contest not in allowed:
            names = ", ".join(str(CHOSEN[c].choice) for c in allowed)
            scored = (
                gettext("A team match of contract bridge is scored by %(names)s.")
                if kind == EventKind.TEAMS
                else gettext("A pair event of contract bridge is scored by %(names)s.")
            )
            self.add_error("contest", scored % {"names": names})
        elif CHOSEN[contest].of_matches:
            self.add_error("contest", gettext(MATCHES_FORM))

    def _average_plus(self, data: dict[str, object]) -> None:
        """Law 12C2's IMPs of average plus: blank for the usual 3; checked against the contest by the rule the
        event's service and its import apply (``average_plus_for``)."""
        if "average_plus_imps" in self.errors or "contest" in self.errors:
            return
        if data.get("average_plus_imps") is None:
            data["average_plus_imps"] = AVERAGE_PLUS_IMPS
            return
        try:
            data["average_plus_imps"] = average_plus_for(
                contest=str(data.get("contest") or ""), value=data["average_plus_imps"]
            )
        except ServiceError as exc:
            self.add_error("average_plus_imps", beside_field(str(exc)))

    def _butler_datum(self, data: dict[str, object]) -> None:
        """Butler's datum: blank for the defaults; a choice kept only for a contest scored against a datum
        (hidden for the others, where the page may still send the last one chosen), checked by the rule the
        event's service and its import apply (``butler_datum_for``)."""
        if "butler_drop" in self.errors or "butler_halves" in self.errors or "contest" in self.errors:
            return
        contest = str(data.get("contest") or "")
        drop, halves = (
            data.get("butler_drop") or ButlerDrop.ONE,
            data.get("butler_halves") or HalfRounding.AWAY,
        )
        if contest not in DATUM_CONTESTS:
            drop, halves = ButlerDrop.ONE, HalfRounding.AWAY
        try:
            data["butler_drop"], data["butler_halves"] = butler_datum_for(
                contest=contest, drop=drop, halves=halves
            )
        except ServiceError as exc:
            self.add_error("butler_drop", beside_field(str(exc)))

    def _team_match_movement(self, data: dict[str, object]) -> None:
        """A team match plays the team match movement: a pairs movement (the form's default Mitchell) is
        replaced by it, a custom one is kept; the team movement needs two pairs a team."""
        team_match = data.get("kind") == EventKind.TEAMS
        if team_match and data.get("movement") != MovementKind.CUSTOM:
            data["movement"] = MovementKind.TEAMS
        elif not team_match and data.get("movement") == MovementKind.TEAMS:
            self.add_error(
                "kind", gettext("The team match movement is for a team match: choose Team match here.")
            )
        tables = data.get("tables")
        if data.get("movement") == MovementKind.TEAMS and isinstance(tables, int) and tables < 2:
            self.add_error("tables", gettext("A team match needs at least 2 pairs in each team."))


class EventImportForm(forms.Form):
    file = forms.FileField(label=_("Event file (JSON), or another scorer's results (USEBIO XML)"))

    def clean_file(self) -> str | bytes:
        """An event file's text, or a USEBIO file's bytes (XML: its own declaration says its encoding)."""
        upload = self.cleaned_data["file"]
        head = upload.read(64)
        upload.seek(0)
        if head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<"):
            if (upload.size or 0) > MAX_USEBIO_FILE:
                raise forms.ValidationError(
                    gettext("USEBIO file: %(problem)s") % {"problem": too_large(MAX_USEBIO_FILE)}
                )
            data: bytes = upload.read()
            return data
        return read_upload(upload, field=gettext("event file"), limit=MAX_EVENT_FILE)

    @classmethod
    def refused(cls, error: str) -> EventImportForm:
        """The empty form, its file field carrying ``error`` (an import refused in the background)."""
        form = cls(data={}, files=MultiValueDict())
        form.is_valid()
        form.errors["file"] = form.error_class([error])
        return form


class AwardTableForm(forms.Form):
    """The director's award table (masterpoints): points per place, first place first, separated by spaces
    or commas ("6 4.5 3 2"); blank for none. ``cleaned_data["awards"]`` is the exact points
    (``scoring.awards.award_table``)."""

    awards = forms.CharField(
        label=_("Award table"),
        required=False,
        max_length=2000,
        help_text=_(
            "Masterpoints for each place, first place first, separated by spaces or commas (6 4.5 3 2): "
            "each ranking is awarded the table, pairs tied for a place share the points of the places they "
            "cover. Leave blank for none."
        ),
    )

    def clean_awards(self) -> list[Fraction]:
        try:
            return award_table(self.cleaned_data["awards"])
        except AwardTableError as exc:
            raise forms.ValidationError(gettext("Award table: %(error)s.") % {"error": exc}) from None


class UndoForm(forms.Form):
    """The confirmation of an undo in the history: like any correction after agreement (law E), it says why."""

    reason = forms.CharField(
        max_length=500,
        label=_("Reason"),
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("Why the change is undone; recorded in the history with the undo."),
        error_messages={"required": _("Give the reason for the undo: it is recorded in the history.")},
    )


class DealsForm(forms.Form):
    REPEATED_CHOICES = (
        ("refuse", _("Refuse the file (nothing attached)")),
        ("first", _("Keep the first game of each repeated board")),
        ("last", _("Keep the last game of each repeated board")),
    )

    pbn_text = forms.CharField(
        required=False,
        label=_("Paste hands"),
        widget=forms.Textarea(attrs={"rows": 6, "placeholder": "1 N:AKQJ.T98.765.432 ... ... ...\n2 E:..."}),
        help_text=_(
            "One board a line: the board number, then its deal in PBN (N:spades.hearts.diamonds.clubs "
            '..., - for a hand not known); or PBN text itself ([Board "1"] [Dealer "N"] [Deal "N:..."]), or '
            "BBO's LIN (md|3S...,S...,S...,|ah|Board 1|sv|o|)."
        ),
    )
    pbn_file = forms.FileField(
        required=False,
        label=_("…or a .pbn or .lin file"),
        help_text=_(
            "A PBN file's Board, Dealer and Deal tags are read, or a LIN file's (BBO's hand records) md, "
            "ah and sv (UTF-8, ISO-8859-1, or UTF-16 with its byte-order mark). Boards the event does not have are "
            "listed, not attached."
        ),
    )
    random = forms.BooleanField(
        required=False, label=_("…or deal every board without hands at random (secure shuffle)")
    )
    repeated = forms.ChoiceField(
        choices=REPEATED_CHOICES,
        initial="refuse",
        required=False,
        label=_("A board given twice with different hands"),
        help_text=_("Archives and files joined together repeat board numbers: choose which set is attached."),
    )

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        chosen = [
            bool(data.get("pbn_text", "").strip()),
            bool(data.get("pbn_file")),
            bool(data.get("random")),
        ]
        if sum(chosen) != 1:
            raise forms.ValidationError(
                gettext("Choose one: paste hands, upload a .pbn or .lin file, or deal at random.")
            )
        if data.get("pbn_file"):
            upload = data["pbn_file"]
            if (getattr(upload, "size", 0) or 0) > MAX_PBN_FILE:
                self.add_error(
                    "pbn_file", gettext("pbn file: %(problem)s") % {"problem": too_large(MAX_PBN_FILE)}
                )
            else:
                data["pbn_file_bytes"] = upload.read()  # its encoding is found when it is read (PBN, LIN)
                data["pbn_file_name"] = str(getattr(upload, "name", "") or "")
        data["repeated"] = data.get("repeated") or "refuse"
        return data


class DealsConfirmForm(forms.Form):
    """The confirmation of hands that change results: the deals, each changed result's version as shown, and
    the file's dealers, vulnerability and site (stored only with the hands), carried back in hidden fields.
    Only their shape is checked here: the service checks them all again and refuses the confirmation if the
    results have moved on (never trusted)."""

    DAMAGED = gettext_noop("The confirmation was damaged; nothing was changed. Attach the hands again.")

    deals = forms.CharField(widget=forms.HiddenInput, max_length=200_000)
    versions = forms.CharField(widget=forms.HiddenInput, max_length=200_000, required=False)
    dealers = forms.CharField(widget=forms.HiddenInput, max_length=200_000, required=False)
    vulnerable = forms.CharField(widget=forms.HiddenInput, max_length=200_000, required=False)
    site = forms.CharField(widget=forms.HiddenInput, max_length=200, required=False)

    @staticmethod
    def _mapping(text: str, *, values: type) -> dict[int, Any]:
        try:
            raw = json.loads(text or "{}")
        except (ValueError, RecursionError):
            raise forms.ValidationError(gettext(DealsConfirmForm.DAMAGED)) from None
        if not isinstance(raw, dict) or len(raw) > 10_000:
            raise forms.ValidationError(gettext(DealsConfirmForm.DAMAGED))
        out: dict[int, Any] = {}
        for key, value in raw.items():
            ok_key = isinstance(key, str) and key.isascii() and key.isdigit() and len(key) <= 10
            if values is int:
                ok = isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**31
            else:
                ok = isinstance(value, str) and len(value) <= 200
            if not (ok_key and ok):
                raise forms.ValidationError(gettext(DealsConfirmForm.DAMAGED))
            out[int(key)] = value
        return out

    def clean_deals(self) -> dict[int, str]:
        return self._mapping(self.cleaned_data["deals"], values=str)

    def clean_versions(self) -> dict[int, int]:
        return self._mapping(self.cleaned_data["versions"], values=int)

    def clean_dealers(self) -> dict[int, str]:
        return self._mapping(self.cleaned_data["dealers"], values=str)

    def clean_vulnerable(self) -> dict[int, str]:
        return self._mapping(self.cleaned_data["vulnerable"], values=str)
