"""The entry form: one form per board at a table, with the quick-entry field first.

The form checks only the shape of what was typed and turns it into a result dict (the event file's and the
scoring engine's shape). The laws are checked by the scoring engine (through ``duplicate.services.results`` and
``services.play_result_save``), whose messages name the field; ``add_result_error`` puts each message on the
form field it names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from django import forms
from django.utils.functional import Promise, lazy
from django.utils.text import format_lazy
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from duplicate.contests import is_contract
from duplicate.models import Play
from duplicate.services.errors import column_range, split_field
from scoring import PENALTY_LAWS, ScoringError
from scoring.codes import ScoringCode, Strain, strain_name, strains_for
from scoring.contract import parse_contract_or_pass, pass_out_allowed
from scoring.pbn import hands_known
from scoring.quick import QuickError, parse_quick

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

SEAT_CHOICES = [
    ("", "—"),
    ("N", pgettext_lazy("seat", "N")),
    ("E", pgettext_lazy("seat", "E")),
    ("S", pgettext_lazy("seat", "S")),
    ("W", pgettext_lazy("seat", "W")),
]
SIDE_CHOICES = [("", "—"), ("NS", _("N-S")), ("EW", _("E-W"))]
ENTERED_BY_CHOICES = SIDE_CHOICES[1:]
LEVEL_CHOICES = [("", "—"), ("PASS", _("passed out"))] + [(str(n), str(n)) for n in range(1, 8)]
DOUBLING_CHOICES = [("", "—"), ("X", _("doubled")), ("XX", _("redoubled"))]
ELECTION_CHOICES = [("", "—"), ("points", _("100 points in honours")), ("tricks", _("three tricks"))]
RULING_CHOICES = [
    ("", _("— (played)")),
    ("average", _("average, law B(3)")),
    ("low-high", _("low-high, law B(3)")),
]


# Contract bridge: law 12C2's artificial adjusted scores, N-S's then E-W's percentage of the top.
def _adjusted_words(score: str) -> str:
    return gettext("%(score)s, law 12C2") % {"score": score}


ADJUSTED_CHOICES = [("", _("— (played)"))] + [
    (f"A{ns}/{ew}", lazy(_adjusted_words, str)(f"A{ns}/{ew}")) for ns in (60, 50, 40) for ew in (60, 50, 40)
]
PENALTY_ROWS = 2


def _honours_choices() -> list[tuple[str, str | Promise]]:
    out: list[tuple[str, str | Promise]] = [("", _("none claimed"))]
    for side, label in (("NS", _("N-S")), ("EW", _("E-W"))):
        for count in (3, 4, 5):
            for in_one in range((count + 1) // 2, count + 1):
                out.append((f"{side}-{count}-{in_one}", _honours_text(label, count, in_one)))
    return out


def _honours_words(label: str | Promise, count: int, in_one: int) -> str:
    return gettext("%(side)s %(count)s honours, %(in_one)s in one hand") % {
        "side": label,
        "count": count,
        "in_one": in_one,
    }


_honours_text = lazy(_honours_words, str)


HONOURS_CHOICES = _honours_choices()


def _whole_or_text(value: str) -> int | str:
    """A typed number as an int; anything else as typed, so the engine's message shows what was typed."""
    text = value.strip()
    return int(text) if text.isdecimal() else text


def error_field(message: str) -> str:
    """The field a ``"field: message"`` error names (``penalties[1].points`` -> ``penalties[1].points``)."""
    head, _rest = split_field(message)
    return head if head and " " not in head else ""


def beside_field(message: str) -> str:
    """A ``"field: message"`` error as shown beside its field, whose label names it: without the internal
    name ("quick: ", "ns: ", "revokes.election: "), its first letter a capital."""
    text = split_field(message)[1] if error_field(message) else message
    return text[:1].upper() + text[1:]


def _number(
    label: StrOrPromise, size: int = 3, css: str = "", help_text: StrOrPromise = ""
) -> forms.CharField:
    """A short whole number typed as text (checked with the rest of the result)."""
    attrs = {"inputmode": "numeric", "size": size, **({"class": css} if css else {})}
    widget = forms.TextInput(attrs=attrs)
    return forms.CharField(
        label=label, required=False, max_length=size + 1, widget=widget, help_text=help_text
    )


class PlayResultForm(forms.Form):
    """One board's result at one table. Prefix ``b<play pk>`` so that a page holds one form per board."""

    version = forms.IntegerField(
        widget=forms.HiddenInput, min_value=0, max_value=column_range(Play, "version")[1]
    )
    quick = forms.CharField(
        label=_("Quick entry"),
        required=False,
        max_length=40,
        widget=forms.TextInput(
            attrs={
                "placeholder": "4HX N 10",
                "autocomplete": "off",
                "autocapitalize": "characters",
                "spellcheck": "false",
                "class": "quick",
            }
        ),
    )
    ns = forms.CharField(
        label=_("N-S pair"), max_length=16, widget=forms.TextInput(attrs={"class": "pairno", "size": 3})
    )
    ew = forms.CharField(
        label=_("E-W pair"), max_length=16, widget=forms.TextInput(attrs={"class": "pairno", "size": 3})
    )
    level = forms.ChoiceField(label=_("Level"), choices=LEVEL_CHOICES, required=False)
    strain = forms.ChoiceField(label=_("Strain"), required=False)
    doubling = forms.ChoiceField(label=_("Doubled"), choices=DOUBLING_CHOICES, required=False)
    declarer = forms.ChoiceField(label=_("Declarer"), choices=SEAT_CHOICES, required=False)
    tricks = _number(_("Tricks won"), css="tricks", help_text=_("by the declarer's side, 0 to 13"))
    tricks_ns = _number(_("Tricks won by N-S"), css="tricks")
    honours = forms.ChoiceField(label=_("Honours"), choices=HONOURS_CHOICES, required=False)
    one_spade_limit = forms.BooleanField(
        label=_("Dealer's original one spade (law 48: loss limited to 100)"), required=False
    )
    revokes_declarer_side = _number(_("Revokes by declarer's side"), size=2)
    revokes_defenders = _number(_("Revokes by adversaries"), size=2)
    revokes_election = forms.ChoiceField(
        label=_("Declarer's election (law 84b)"), choices=ELECTION_CHOICES, required=False
    )
    # Whist law 30: two tricks transferred from the revoking side for each revoke.
    revokes_ns = _number(_("Revokes by N-S (law 30: 2 tricks each to E-W)"), size=2)
    revokes_ew = _number(_("Revokes by E-W (law 30: 2 tricks each to N-S)"), size=2)
    # Contract bridge, when the event enters leads: the opening lead (law 41A), checked by the result service.
    lead = forms.CharField(
        label=_("Lead"),
        required=False,
        max_length=8,
        widget=forms.TextInput(
            attrs={
                "class": "lead",
                "size": 3,
                "placeholder": "HQ",
                "autocomplete": "off",
                "spellcheck": "false",
            }
        ),
    )
    ruling = forms.ChoiceField(label=_("Ruling"), choices=RULING_CHOICES, required=False)
    offending = forms.ChoiceField(label=_("Offending side"), choices=SIDE_CHOICES, required=False)
    reason = forms.CharField(
        label=_("Reason for the correction"),
        required=False,
        max_length=500,
        widget=forms.TextInput(attrs={"class": "reason"}),
    )

    def __init__(
        self,
        *args: Any,
        play: Play,
        code: str,
        director: bool,
        agreed: bool = False,
        confirm: bool = False,
        leads: bool = False,
        **kwargs: Any,
    ) -> None:
        kwargs.setdefault("prefix", f"b{play.pk}")
        if not args or args[0] is None:
            kwargs.setdefault("initial", initial_for(play))
        super().__init__(*args, **kwargs)
        if confirm and not director:  # the event asks the other side to confirm (law 79, law E)
            self.fields["entered_by"] = entered_by_field(play)
        self.play_row = play
        self.code = code
        self.director = director
        self.agreed = agreed
        self.whist = code == ScoringCode.WHIST
        self.contract = is_contract(code)
        # The event enters opening leads, or this result has one (an import's): a correction keeps it.
        self.leads = (leads or bool(play.lead)) and self.contract
        self.has_deal = hands_known(play.board.deal)  # all four hands: honours come from them
        self.from_quick: set[str] = set()
        all_strains = [(s.value, s.value) for s in Strain]
        strain_field = cast(forms.ChoiceField, self.fields["strain"])
        strain_field.choices = [("", "—"), *all_strains]  # the engine names the code's strains on a bad one
        strain_field.widget.choices = [("", "—")] + [
            (s.value, f"{s.value} ({strain_name(s)})") for s in strains_for(ScoringCode(code))
        ]
        if not pass_out_allowed(ScoringCode(code)):
            # 1913 law 42: the dealer must declare. PASS stays a valid choice so that a posted one gets the
            # engine's message on the field; it is not offered.
            level_field = self.fields["level"]
            assert isinstance(level_field, forms.ChoiceField)
            level_field.widget.choices = [c for c in LEVEL_CHOICES if c[0] != "PASS"]
        if director and not self.whist and not self.contract:
            self._add_penalty_fields()
        self._drop_fields_the_code_has_not()
        if not self.leads:
            del self.fields["lead"]
        for name, form_field in self.fields.items():
            if isinstance(form_field, forms.ChoiceField):
                form_field.error_messages["invalid_choice"] = f"{name}: " + gettext(
                    "%(value)s is not one of the choices"
                )
            if isinstance(form_field, forms.CharField) and form_field.max_length:
                form_field.error_messages["max_length"] = f"{name}: " + gettext(
                    "at most %(limit_value)d characters (it has %(show_value)d)"
                )
        self.fields["version"].error_messages["required"] = gettext(
            "The form came without its version: reload the page and enter again"
        )
        self.fields["ns"].error_messages["required"] = "ns: " + gettext("give the N-S pair's number")
        self.fields["ew"].error_messages["required"] = "ew: " + gettext("give the E-W pair's number")
        if not director:
            del self.fields["ruling"], self.fields["offending"]
        elif self.contract:  # law 12C2's adjusted scores name no offending side
            cast(forms.ChoiceField, self.fields["ruling"]).choices = ADJUSTED_CHOICES
            self.fields["ruling"].label = gettext("Adjusted score")
            del self.fields["offending"]

    def _add_penalty_fields(self) -> None:
        """The director's penalty rows (auction codes): side, law (the laws of this code) and points."""
        law_choices = [("", "—")] + [
            (law, gettext("law %(law)s: %(what)s") % {"law": law, "what": what})
            for law, (_pts, codes, what) in PENALTY_LAWS.items()
            if ScoringCode(self.code) in codes
        ]
        for i in range(1, PENALTY_ROWS + 1):
            self.fields[f"pen{i}_side"] = forms.ChoiceField(
                label=gettext("Penalty %(n)s: to side") % {"n": i}, choices=SIDE_CHOICES, required=False
            )
            self.fields[f"pen{i}_law"] = forms.ChoiceField(
                label=gettext("law"), choices=law_choices, required=False
            )
            self.fields[f"pen{i}_points"] = _number(gettext("points"))

    def _drop_fields_the_code_has_not(self) -> None:
        """Whist has tricks N-S and revokes by side only; auction has no whist fields, no honours select when
        the board's hands give them, and the one spade limit under auction-1913 only."""
        if self.whist:
            for name in ("level", "strain", "doubling", "declarer", "tricks", "honours", "one_spade_limit"):
                del self.fields[name]
            for name in ("revokes_declarer_side", "revokes_defenders", "revokes_election"):
                del self.fields[name]
            self.fields["quick"].widget.attrs["placeholder"] = gettext("tricks N-S, e.g. 7 or 7 R NS")
        else:
            del self.fields["tricks_ns"]
            del self.fields["revokes_ns"]
            del self.fields["revokes_ew"]
            if self.has_deal:
                del self.fields["honours"]  # derived from the hands
            if self.code != ScoringCode.AUCTION_1913:
                del self.fields["one_spade_limit"]
            if self.contract:  # law 77: no honours at duplicate; a revoke's tricks are transferred first
                self.fields.pop("honours", None)
                for name in ("revokes_declarer_side", "revokes_defenders", "revokes_election"):
                    del self.fields[name]
                # an adjusted score (law 12C2) is the director's to give
                examples = "4HX N 10, 3NT S =, PASS" + (", A60/40" if self.director else "")
                self.fields["quick"].widget.attrs["placeholder"] = examples

    # -- reading -------------------------------------------------------------------------------------

    @property
    def clearing(self) -> bool:
        return self.is_bound and self.data.get("action") == "clear"

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        play = self.play_row
        seating = play.seating
        for name, pair in (("ns", play.ns_pair), ("ew", play.ew_pair)):
            typed = (data.get(name) or "").strip()
            if typed and typed != pair.number:
                other = play.ew_pair if name == "ns" else play.ns_pair
                values = {
                    "typed": typed,
                    "table": seating.table,
                    "round": seating.round.number,
                    "pair": pair.number,
                }
                if typed == other.number:
                    text = (
                        gettext(
                            "pair %(typed)s does not sit N-S at table %(table)s in round %(round)s; the movement "
                            "seats pair %(pair)s there (the pairs are the other way round)"
                        )
                        if name == "ns"
                        else gettext(
                            "pair %(typed)s does not sit E-W at table %(table)s in round %(round)s; the movement "
                            "seats pair %(pair)s there (the pairs are the other way round)"
                        )
                    )
                else:
                    text = (
                        gettext(
                            "pair %(typed)s does not sit N-S at table %(table)s in round %(round)s; the movement "
                            "seats pair %(pair)s there"
                        )
                        if name == "ns"
                        else gettext(
                            "pair %(typed)s does not sit E-W at table %(table)s in round %(round)s; the movement "
                            "seats pair %(pair)s there"
                        )
                    )
                self.add_error(name, f"{name}: " + text % values)
        return data

    def result_data(self) -> dict[str, Any] | None:
        """The result dict for the services (None: clear the result). Call after ``is_valid()``.

        Adds a form error (and returns None) when the quick-entry text cannot be read; check ``errors``.
        """
        if self.clearing:
            return None
        cd = self.cleaned_data
        if cd.get("ruling"):
            out: dict[str, Any] = {"ruling": cd["ruling"]}
            if cd.get("offending"):
                out["offending"] = cd["offending"]
            return out
        data: dict[str, Any] = {}
        if cd.get("offending"):
            data["offending"] = cd["offending"]
        data.update(self._whist_data(cd) if self.whist else self._contract_data(cd))
        quick = (cd.get("quick") or "").strip()
        if quick and not self._apply_quick(quick, data):
            return None
        return data

    def _whist_data(self, cd: dict[str, Any]) -> dict[str, Any]:
        """Whist's fields: the tricks N-S won and the revokes by side (law 30)."""
        data: dict[str, Any] = {}
        if (cd.get("tricks_ns") or "").strip():
            data["tricks_ns"] = _whole_or_text(cd["tricks_ns"])
        whist_revokes = _revoke_counts(cd, ("ns", "ew"))
        if whist_revokes:
            data["revokes"] = whist_revokes
        return data

    def _contract_data(self, cd: dict[str, Any]) -> dict[str, Any]:
        """Auction's fields: contract, declarer, tricks, honours, revokes, the one spade limit, penalties."""
        data: dict[str, Any] = {}
        level = cd.get("level") or ""
        if level == "PASS":
            data["contract"] = "PASS"
        elif level and cd.get("strain"):
            data["contract"] = f"{level}{cd['strain']}{cd.get('doubling') or ''}"
        elif level:
            self.add_error(
                "strain",
                "strain: " + gettext("choose the strain of the %(level)s-level contract") % {"level": level},
            )
        elif cd.get("strain") or cd.get("doubling"):
            text = (
                gettext("choose the level of the contract, 1 to 7 (or passed out)")
                if pass_out_allowed(ScoringCode(self.code))
                else gettext("choose the level of the contract, 1 to 7")
            )
            self.add_error("level", "level: " + text)
        if cd.get("declarer"):
            data["declarer"] = cd["declarer"]
        if (cd.get("tricks") or "").strip():
            data["tricks"] = _whole_or_text(cd["tricks"])
        if cd.get("honours"):
            side, count, in_one = cd["honours"].split("-")
            data["honours"] = {"side": side, "count": int(count), "in_one_hand": int(in_one)}
        revokes = _revoke_counts(cd, ("declarer_side", "defenders"))
        if cd.get("revokes_election"):
            revokes["election"] = cd["revokes_election"]
        if revokes:
            data["revokes"] = revokes
        if cd.get("one_spade_limit"):
            data["one_spade_limit"] = True
        if (cd.get("lead") or "").strip() and data.get("contract") != "PASS":  # a deal passed out has none
            data["lead"] = cd["lead"].strip()  # read and checked by the result service (scoring.leads)
        penalties = _penalty_rows(cd)
        if penalties:
            data["penalties"] = penalties
        return data

    def _apply_quick(self, quick: str, data: dict[str, Any]) -> bool:
        """Put what the quick-entry line says over ``data``; False (with a form error) if it cannot be read."""
        current = {"contract": data.get("contract", ""), "declarer": data.get("declarer", "")}
        if not current["contract"] and self.play_row.contract:
            current = {"contract": self.play_row.contract, "declarer": self.play_row.declarer}
        try:
            parsed = parse_quick(quick, code=self.code, current=current)
        except QuickError as exc:
            self.add_error("quick", str(exc))
            return False
        if "lead" in parsed and not self.leads:
            self.add_error(
                "quick",
                "quick: " + gettext("this event does not enter opening leads (the director's settings)"),
            )
            return False
        if "ruling" in parsed:  # an adjusted score (law 12C2) stands for the whole result
            data.clear()
            data.update(parsed)
            self.from_quick = set(parsed)
            return True
        for key in ("contract", "declarer", "tricks", "tricks_ns"):
            data.pop(key, None)
        if parsed.get("contract") == "PASS":
            for key in ("honours", "revokes", "lead"):
                data.pop(key, None)
        data.update(parsed)
        self.from_quick = set(parsed)
        # The quick line replaces what the selects said: drop their shape errors.
        for name in ("level", "strain"):
            self.errors.pop(name, None)
        return True

    # -- errors from the engine and the services -----------------------------------------------------

    def add_result_error(self, message: str) -> None:
        """Put a ``"field: message"`` error from the engine or a service on the form field it names."""
        self.add_error(self._error_target(message), message)

    def labelled(self, message: str) -> str:
        """A ``"field: message"`` error shown away from its field (the score preview's list): named by the
        label of the form field it belongs to ("Quick entry: ..."), not by its internal name."""
        target = self._error_target(message)
        if target is None:
            return message
        return f"{self.fields[target].label}: {beside_field(message)}"

    def labelled_errors(self) -> list[str]:
        """Every error of the form, each named by its field's label (:meth:`labelled`)."""
        return [
            f"{self.fields[name].label}: {beside_field(str(e))}" if name in self.fields else str(e)
            for name, errors in self.errors.items()
            for e in errors
        ]

    def _error_target(self, message: str) -> str | None:
        """The form field a ``"field: message"`` error belongs to (None: the form as a whole)."""
        field = error_field(message)
        root = field.split(".")[0].split("[")[0]
        target: str | None
        if root in self.from_quick or (root == "contract" and "contract" in self.from_quick):
            target = "quick"
        elif root == "contract":
            target = "strain" if "is not a strain" in message else "level"
        elif root == "penalties":
            index = field.split("[")[1].split("]")[0] if "[" in field else "0"
            part = field.rsplit(".", 1)[1] if "." in field else "side"
            target = f"pen{int(index) + 1}_{part}"
        elif root == "revokes":
            part = field.split(".", 1)[1] if "." in field else ("ns" if self.whist else "defenders")
            target = f"revokes_{part}"
        else:
            target = root
        return target if target in self.fields else None


def entered_by_field(play: Play) -> forms.ChoiceField:
    """Which side of the table enters the result (the other side confirms it): N-S unless E-W entered the
    result stored (North customarily enters it)."""
    message = "entered_by: " + gettext("say which side enters the result, N-S or E-W")
    return forms.ChoiceField(
        label=gettext("Entered by"),
        choices=ENTERED_BY_CHOICES,
        initial=play.entered_by or "NS",
        error_messages={"required": message, "invalid_choice": message},
    )


def initial_for(play: Play) -> dict[str, Any]:
    """The form's initial values from a stored result."""
    initial: dict[str, Any] = {"version": play.version, "ns": play.ns_pair.number, "ew": play.ew_pair.number}
    if not play.entered:
        return initial
    if play.ruling:
        initial.update(ruling=play.ruling, offending=play.offending)
        return initial
    if play.tricks_ns is not None and not play.contract:
        initial["tricks_ns"] = play.tricks_ns
        if play.revokes:
            initial.update(revokes_ns=play.revokes.get("ns") or "", revokes_ew=play.revokes.get("ew") or "")
        return initial
    if play.contract == "PASS":
        initial["level"] = "PASS"
    elif play.contract:
        try:
            contract = parse_contract_or_pass(play.contract)
        except ScoringError:  # pragma: no cover - stored contracts were parsed before
            contract = None
        if contract is not None:
            initial.update(
                level=str(contract.level),
                strain=contract.strain.value,
                doubling="X" * contract.doubling.value,
            )
    initial.update(declarer=play.declarer, tricks="" if play.tricks is None else play.tricks)
    if play.honours:
        h = play.honours
        initial["honours"] = f"{h['side']}-{h['count']}-{h['in_one_hand']}"
    if play.revokes:
        initial.update(
            revokes_declarer_side=play.revokes.get("declarer_side") or "",
            revokes_defenders=play.revokes.get("defenders") or "",
            revokes_election=play.revokes.get("election") or "",
        )
    initial["one_spade_limit"] = play.one_spade_limit
    initial["lead"] = play.lead
    for i, penalty in enumerate((play.penalties or [])[:PENALTY_ROWS], start=1):
        for part in ("side", "law", "points"):
            initial[f"pen{i}_{part}"] = penalty[part]
    return initial


def quick_line(data: dict[str, Any] | None) -> str:
    """The quick entry that says what ``data`` says ("4H N 9", "PASS", "7 2R NS"); "" when it has none."""
    if not data:
        return ""
    if "tricks_ns" in data:
        revokes = data.get("revokes") or {}
        return " ".join(
            [str(data["tricks_ns"])]
            + [f"{revokes[side]}R {side.upper()}" for side in ("ns", "ew") if revokes.get(side)]
        )
    if data.get("contract") == "PASS":
        return "PASS"
    parts = [data.get("contract"), data.get("declarer"), data.get("tricks")]
    if not all(part not in (None, "") for part in parts):
        return ""
    lead = [f"lead {data['lead']}"] if data.get("lead") else []  # the opening lead, as quick entry takes it
    return " ".join([*(str(part) for part in parts), *lead])


def _revoke_counts(cd: dict[str, Any], sides: tuple[str, ...]) -> dict[str, Any]:
    """The revokes typed for each side (``revokes_<side>``), leaving out blanks and noughts."""
    counts: dict[str, Any] = {}
    for side in sides:
        value = (cd.get(f"revokes_{side}") or "").strip()
        if value and value != "0":
            counts[side] = _whole_or_text(value)
    return counts


def _penalty_rows(cd: dict[str, Any]) -> list[dict[str, Any]]:
    """The penalty rows filled in; a law with one figure gives its points when they are left blank."""
    penalties = []
    for i in range(1, PENALTY_ROWS + 1):
        side, law = cd.get(f"pen{i}_side") or "", cd.get(f"pen{i}_law") or ""
        points = (cd.get(f"pen{i}_points") or "").strip()
        if side or law or points:
            if not points and law in PENALTY_LAWS and len(PENALTY_LAWS[law][0]) == 1:
                points = str(PENALTY_LAWS[law][0][0])  # the law's only figure
            penalties.append({"side": side, "law": law, "points": _whole_or_text(points)})
    return penalties


class RowIdField(forms.IntegerField):
    """A row's id in a hidden field, as the page writes it: ASCII digits only (``int`` would also take
    "\u0663", "1_000" or " -1 ")."""

    def to_python(self, value: Any) -> int | None:
        text = str(value).strip() if value is not None else ""
        if text and not (text.isascii() and text.isdecimal()):
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return super().to_python(text)


def _row_id(field: str, problem: StrOrPromise) -> RowIdField:
    message = format_lazy("{}: {}", field, problem)
    return RowIdField(required=False, min_value=1, error_messages={"invalid": message, "min_value": message})


class TableLinkActionForm(forms.Form):
    """A button of the table links page: its action and hidden fields, checked before any row is looked up
    (a damaged one is refused naming the field, never read as a number by hand)."""

    ACTIONS = (("create_all", "create_all"), ("create", "create"), ("revoke", "revoke"))

    action = forms.ChoiceField(
        choices=ACTIONS,
        error_messages={
            "required": format_lazy("action: {}", _("missing; use the page's buttons")),
            "invalid_choice": format_lazy("action: {}", _("must be create_all, create or revoke")),
        },
    )
    token = _row_id("token", _("must be the number of a table link"))
    section = _row_id("section", _("must be the number of one of the event's sections"))

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        needed = {"revoke": "token", "create": "section"}.get(data.get("action") or "")
        if needed and data.get(needed) is None and needed not in self.errors:
            self.add_error(needed, f"{needed}: " + gettext("missing; use the page's buttons"))
        return data

    def messages(self) -> list[str]:
        """Each error, naming its field."""
        return [str(e) for errors in self.errors.values() for e in errors]


class ConfirmForm(forms.Form):
    """A table link's Confirm button (law 79, law E): the board's play, the version of the result its
    phone showed, and the side confirming it."""

    play = RowIdField(
        min_value=1,
        error_messages={"required": format_lazy("play: {}", _("missing; use the page's buttons"))},
    )
    version = forms.IntegerField(
        min_value=0,
        max_value=column_range(Play, "version")[1],
        error_messages={"required": format_lazy("version: {}", _("missing; reload the page"))},
    )
    side = forms.ChoiceField(
        choices=ENTERED_BY_CHOICES,
        error_messages={
            "required": format_lazy("side: {}", _("missing; use the page's buttons")),
            "invalid_choice": format_lazy("side: {}", _("must be NS or EW")),
        },
    )

    def messages(self) -> list[str]:
        """Each error, naming its field."""
        return [
            str(e) if ":" in str(e) else f"{name}: {e}"
            for name, errors in self.errors.items()
            for e in errors
        ]
