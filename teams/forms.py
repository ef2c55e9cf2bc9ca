"""The forms of an event of matches (a round-robin league, Swiss teams, Swiss pairs): they check the shape of
what was typed; ``teams.services`` checks the rest and writes (docs/leagues.md)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from duplicate.contests import CONTESTS, contest_named
from duplicate.models import BOARDS_PER_MATCH_MAX
from duplicate.services.errors import ServiceError
from teams.layout import MATCH_SCORINGS
from teams.models import MATCH_IMPS_MAX, Entered
from teams.services.matches import VP_MAX, vp100_of

#: The contests an event of matches takes (``Contest.of_matches``), as the form offers them.
MATCHES_CHOICES = tuple((c.stored, c.choice) for c in CONTESTS if c.chosen and c.of_matches)
#: How a Swiss pairs match scores its boards, named as the contests of those names are chosen.
MATCH_SCORING_CHOICES = tuple((name, contest_named(name).choice) for name in MATCH_SCORINGS)
FIRST_ROUND_CHOICES = (
    ("random", _("Random (a secure shuffle)")),
    ("seeded", _("Seeded: in the order listed")),
)
#: The fields that apply to some formats only, by the formats they apply to (the page writes them as
#: data-when-contest; static/js/kalamazoo.js shows and hides them as the format is chosen).
FIELD_FORMATS: dict[str, tuple[str, ...]] = {
    "rounds": tuple(c.stored for c in CONTESTS if c.chosen and c.of_matches and c.drawn),
    "first_round": tuple(c.stored for c in CONTESTS if c.chosen and c.of_matches and c.drawn),
    "match_scoring": tuple(c.stored for c in CONTESTS if c.chosen and c.of_matches and not c.for_teams),
}
MAX_ENTRANTS = 400
MAX_ROUNDS = 99


def vp100(text: str, *, field: str) -> int:
    """VPs typed as a decimal ("12", "10.5", "12,00") in hundredths, read by the service's one rule
    (``vp100_of``: 0 to 20, at most two decimals), or a ValidationError naming ``field``."""
    try:
        return vp100_of(text.strip().replace(",", "."), field)
    except ServiceError:
        raise forms.ValidationError(
            _("The %(field)s are a number from 0 to %(most)s, to two decimals, e.g. 12 or 10.5.")
            % {"field": field, "most": VP_MAX}
        ) from None


def entrant_lines(text: str) -> list[tuple[str, tuple[str, ...]]]:
    """The teams (or pairs) typed one a line: "Name: player, player, ..." (no colon: a name, no players yet);
    ValidationError naming the line for an empty name or a name given twice."""
    out: list[tuple[str, tuple[str, ...]]] = []
    seen: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        name, _colon, players = line.partition(":")
        name = " ".join(name.split())
        if not name:
            raise forms.ValidationError(_("Line %(n)d: write the name before the colon.") % {"n": number})
        if len(name) > 100:
            raise forms.ValidationError(_("Line %(n)d: a name is at most 100 characters.") % {"n": number})
        if name.casefold() in seen:
            raise forms.ValidationError(
                _("Line %(n)d: %(name)s is already on line %(first)d.")
                % {"n": number, "name": name, "first": seen[name.casefold()]}
            )
        seen[name.casefold()] = number
        out.append((name, tuple(p for p in (" ".join(p.split()) for p in players.split(",")) if p)))
    return out


class MatchesEventForm(forms.Form):
    """A league or a Swiss set out in one form: its format, its matches' boards and its entrants."""

    name = forms.CharField(label=_("Name"), max_length=200)
    date = forms.DateField(
        label=_("Date"),
        initial=dt.date.today,
        widget=forms.DateInput(format="%Y-%m-%d", attrs={"type": "date"}),
    )
    contest = forms.ChoiceField(label=_("Format"), choices=MATCHES_CHOICES)
    boards_per_match = forms.IntegerField(
        label=_("Boards per match"),
        min_value=1,
        max_value=BOARDS_PER_MATCH_MAX,
        initial=8,
        help_text=_("Each match's IMPs are turned into VPs by the WBF 2013 scale for this many boards."),
    )
    rounds = forms.IntegerField(
        label=_("Swiss rounds"),
        min_value=0,
        max_value=MAX_ROUNDS,
        required=False,
        initial=5,
        help_text=_("A Swiss only (a league plays every round of its schedule): the rounds to be drawn."),
    )
    bye_vps = forms.CharField(
        label=_("VPs of a bye"),
        initial="12",
        max_length=8,
        help_text=_("An odd field gives one entrant a bye each round, worth these VPs (out of 20)."),
    )
    match_scoring = forms.ChoiceField(
        label=_("Swiss pairs scoring"),
        choices=MATCH_SCORING_CHOICES,
        initial=MATCH_SCORINGS[0],
        required=False,
        help_text=_("Swiss pairs only: each match's boards scored against the whole field, then VPs."),
    )
    entrants = forms.CharField(
        label=_("Teams or pairs, one a line"),
        widget=forms.Textarea(
            attrs={"rows": 8, "placeholder": "Reds: Ann Able, Bob Baker, Cy Cole, Di Dunn"}
        ),
        help_text=_("The name, a colon, then the players separated by commas (a pair: its two players)."),
    )
    first_round = forms.ChoiceField(
        label=_("First round"),
        choices=FIRST_ROUND_CHOICES,
        initial="random",
        widget=forms.RadioSelect,
        help_text=_(
            "A Swiss's first round: drawn at random, or seeded 1 v 2, 3 v 4, ... in the order listed."
        ),
    )

    def rows(self) -> list[tuple[Any, str, bool]]:
        """Each field as the page lays it out: the bound field, the formats it applies to ("" for every
        format) and whether it is shown now (it applies to the format posted or first offered, or has an
        error)."""
        chosen = str(self.data.get("contest") if self.is_bound else self.initial.get("contest") or "") or str(
            MATCHES_CHOICES[0][0]
        )
        return [
            (
                field,
                " ".join(FIELD_FORMATS.get(field.name, ())),
                field.name not in FIELD_FORMATS or chosen in FIELD_FORMATS[field.name] or bool(field.errors),
            )
            for field in self
        ]

    def clean_bye_vps(self) -> int:
        return vp100(self.cleaned_data["bye_vps"], field=str(_("VPs of a bye")))

    def clean_entrants(self) -> list[tuple[str, tuple[str, ...]]]:
        lines = entrant_lines(self.cleaned_data["entrants"])
        if len(lines) < 2:
            raise forms.ValidationError(_("Give at least two teams or pairs, one a line."))
        if len(lines) > MAX_ENTRANTS:
            raise forms.ValidationError(_("At most %(n)d teams or pairs.") % {"n": MAX_ENTRANTS})
        return lines

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        contest = data.get("contest")
        if contest:
            described = contest_named(str(contest))
            if not described.drawn:
                data["rounds"] = 0  # a league plays its whole schedule
            elif not data.get("rounds") and "rounds" not in self.errors:
                self.add_error("rounds", _("A Swiss needs its number of rounds (at least 1)."))
            data["match_scoring"] = (
                (data.get("match_scoring") or MATCH_SCORINGS[0]) if not described.for_teams else ""
            )
        return data


class MatchResultForm(forms.Form):
    """A match's whole result, scored elsewhere: each side's IMPs, or each side's VPs."""

    entered = forms.ChoiceField(
        label=_("Entered as"),
        choices=((Entered.IMPS.value, _("IMPs")), (Entered.VPS.value, _("VPs"))),
        initial=Entered.IMPS.value,
    )
    home = forms.CharField(label=_("Home"), max_length=8)
    away = forms.CharField(label=_("Away"), max_length=8)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        for side in ("home", "away"):
            text = str(data.get(side) or "")
            if side in self.errors:
                continue
            try:
                if data.get("entered") == Entered.VPS:
                    data[side] = vp100(text, field=str(_("VPs")))
                else:
                    data[side] = _imps(text)
            except forms.ValidationError as exc:
                self.add_error(side, exc)
        return data


def _imps(text: str) -> int:
    value = text.strip()
    if not (value.isascii() and value.isdecimal()) or int(value) > MATCH_IMPS_MAX:
        raise forms.ValidationError(
            _("IMPs are a whole number from 0 to %(most)d.") % {"most": MATCH_IMPS_MAX}
        )
    return int(value)


class DrawSwapForm(forms.Form):
    """Two tables of the round not yet in play whose pairings are swapped (their away sides change places)."""

    first = forms.TypedChoiceField(label=_("Swap table"), coerce=int)
    second = forms.TypedChoiceField(label=_("with table"), coerce=int)

    def __init__(self, *args: Any, tables: Sequence[int], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = [(t, str(t)) for t in tables]
        for name in ("first", "second"):
            self.fields[name].choices = choices  # type: ignore[attr-defined]
        if len(choices) > 1:
            self.fields["second"].initial = choices[1][0]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("first") is not None and data.get("first") == data.get("second"):
            self.add_error("second", _("Choose two different tables."))
        return data
