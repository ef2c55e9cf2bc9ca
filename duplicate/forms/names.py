"""The names forms: a pair's two seats, and the event's names page (each pair's seats, each team's name, or
rows pasted from a spreadsheet), each seat's text checked against the club's roster. They check the shape of
what was typed; ``services.pair_names_update`` and ``services.event_names_update`` write."""

from __future__ import annotations

import csv
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from duplicate.forms.entry import beside_field
from duplicate.selectors.players import players_holding
from duplicate.services.errors import ServiceError
from duplicate.services.pair_players import names_player, seat_label, seat_text
from scoring.player_text import PlayerText, PlayerTextError, roster_match

SEAT_HELP = _(
    "A name, or a name and membership number: Ann Lee, Ann Lee (EBU 123456), or the number alone. Players "
    "are found on the club's roster by number or name; one not on it is added (a guest when no number is given)."
)
# A seat's text: the name (100 characters) and, in brackets, the body and membership number.
SEAT_MAX_LENGTH = 160


def seat_field(label: str, initial: str = "", *, search_url: str = "") -> forms.CharField:
    """A seat's field: a name typed, or chosen from the roster as typed (``static/js/roster_search.js``
    reads ``data-player-search``; without the script the field is plain text)."""
    attrs = {"aria-label": label, "autocomplete": "off", "spellcheck": "false"}
    if search_url:
        attrs["data-player-search"] = search_url
    return forms.CharField(
        max_length=SEAT_MAX_LENGTH,
        required=False,
        label=label,
        initial=initial,
        widget=forms.TextInput(attrs=attrs),
    )


class SeatsChecked:
    """The seats' texts of a names form, checked as the service will read them: each read
    (``services.pair_players.seat_text``) and each membership number matched against the roster's in one
    query; each problem is reported where it was typed (a field, or a pasted row)."""

    def __init__(self) -> None:
        self.seats: list[tuple[PlayerText, str, str]] = []  # (a seat with a number, its label, where)
        self.problems: list[tuple[str, str]] = []  # (where, message)

    def add(self, *, text: str, current: Any, where: str, label: str) -> None:
        try:
            seat = seat_text(field=label, text=text)
        except ServiceError as exc:
            self.problems.append((where, str(exc)))
            return
        if seat.number and not (current is not None and names_player(seat, current)):
            self.seats.append((seat, label, where))

    def matched(self) -> list[tuple[str, str]]:
        """The problems, the seats' numbers matched against the roster (one query, none when no number)."""
        holders = players_holding(numbers={seat.number for seat, _, _ in self.seats})
        for seat, label, where in self.seats:
            try:
                roster_match(seat, holders)
            except PlayerTextError as exc:
                self.problems.append((where, f"{label}: {exc}"))
        return self.problems


class PairNamesForm(forms.Form):
    """A pair's two seats (see ``SEAT_HELP``)."""

    def __init__(self, *args: Any, pair: Any, search_url: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.pair = pair
        for name, label, player in (
            ("player1", gettext("First player"), pair.player1),
            ("player2", gettext("Second player"), pair.player2),
        ):
            self.fields[name] = seat_field(label, seat_label(player), search_url=search_url)
            self.fields[name].help_text = SEAT_HELP if name == "player2" else ""

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        seats = SeatsChecked()
        for name, player in (("player1", self.pair.player1), ("player2", self.pair.player2)):
            if name in data:
                seats.add(text=str(data[name]), current=player, where=name, label=name)
        for where, message in seats.matched():
            self.add_error(where, beside_field(message))
        return data


class EventNamesForm(forms.Form):
    """Every pair's two players and every team's name on one page, and a paste box for rows copied from a
    spreadsheet (tab- or comma-separated: number, player, player[, team]); a pasted row wins over the pair's
    fields. A player is written as ``SEAT_HELP`` says. ``cleaned_data`` gives ``pairs`` (number -> the two
    seats' texts) and ``teams`` (team id -> name)."""

    seat_help = SEAT_HELP

    paste = forms.CharField(
        required=False,
        max_length=100_000,
        label=_("Paste rows"),
        widget=forms.Textarea(
            attrs={"rows": 5, "placeholder": "1\tAda Lovelace (EBU 1815)\tCharles Babbage\tReds"}
        ),
        help_text=_(
            "One pair a row, copied from a spreadsheet (tab- or comma-separated): the pair number, the "
            "two players, and for a team match the team's name. A player's membership number goes in brackets "
            "after the name: Ada Lovelace (EBU 1815)."
        ),
    )

    def __init__(
        self, *args: Any, pairs: list[Any], teams: list[Any], search_url: str = "", **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.pairs, self.teams = pairs, teams
        self.rows: list[tuple[Any, Any, Any]] = []
        team_fields = []
        for number, team in enumerate(teams, start=1):
            name = f"team-{team.pk}"
            self.fields[name] = forms.CharField(
                max_length=100, label=gettext("Team %(n)s's name") % {"n": number}, initial=team.name
            )
            team_fields.append(self[name])
        for pair in pairs:
            fields = []
            for seat, label, player in (
                ("1", gettext("Pair %(pair)s, first player"), pair.player1),
                ("2", gettext("Pair %(pair)s, second player"), pair.player2),
            ):
                name = f"pair-{pair.pk}-player{seat}"
                self.fields[name] = seat_field(
                    label % {"pair": pair.number}, seat_label(player), search_url=search_url
                )
                fields.append(self[name])
            self.rows.append((pair, fields[0], fields[1]))
        self.team_fields = team_fields

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        pairs = {
            p.number: (data.get(f"pair-{p.pk}-player1", ""), data.get(f"pair-{p.pk}-player2", ""))
            for p in self.pairs
        }
        teams = {t.pk: data.get(f"team-{t.pk}", t.name) for t in self.teams}
        pasted: dict[str, int] = {}
        for problem in self._paste_into(str(data.get("paste", "")), pairs, teams, pasted):
            self.add_error("paste", problem)
        seats = SeatsChecked()
        for pair in self.pairs:
            for seat, which, player in (
                ("1", gettext("row %(row)s: first player"), pair.player1),
                ("2", gettext("row %(row)s: second player"), pair.player2),
            ):
                field = f"pair-{pair.pk}-player{seat}"
                if pair.number in pasted:
                    where, label = "paste", which % {"row": pasted[pair.number]}
                elif field in data:
                    where, label = field, field
                else:
                    continue  # the field's own error is shown
                seats.add(text=pairs[pair.number][int(seat) - 1], current=player, where=where, label=label)
        for where, message in seats.matched():
            self.add_error(where, message if where == "paste" else beside_field(message))
        data["pairs"], data["teams"] = pairs, teams
        return data

    def _paste_into(
        self, text: str, pairs: dict[str, tuple[str, str]], teams: dict[int, str], pasted: dict[str, int]
    ) -> list[str]:
        """Apply the pasted rows to ``pairs`` and ``teams`` (``pasted``: each pair named, by its row); the
        problems, each naming its row and field."""
        by_number = {p.number: p for p in self.pairs}
        team_row: dict[int, int] = {}
        problems: list[str] = []
        for row, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            cells = [c.strip() for c in next(csv.reader([line], delimiter="\t" if "\t" in line else ","))]
            while cells and not cells[-1]:
                cells.pop()
            pair = by_number.get(cells[0] if cells else "")
            if len(cells) < 2 or len(cells) > 4:
                problems.append(
                    gettext("row %(row)s: write the pair number, two players and (a team match) the team")
                    % {"row": row}
                )
            elif pair is None:
                problems.append(
                    gettext("row %(row)s: number: no pair %(number)s in this event")
                    % {"row": row, "number": repr(cells[0][:20])}
                )
            elif any(len(c) > SEAT_MAX_LENGTH for c in cells[1:3]):
                problems.append(
                    gettext("row %(row)s: player: at most %(most)s characters")
                    % {"row": row, "most": SEAT_MAX_LENGTH}
                )
            else:
                pairs[pair.number] = (cells[1], cells[2] if len(cells) > 2 else "")
                pasted[pair.number] = row
                if len(cells) == 4:
                    problems.extend(self._paste_team(row, pair, cells[3], teams, team_row))
        return problems

    @staticmethod
    def _paste_team(row: int, pair: Any, name: str, teams: dict[int, str], seen: dict[int, int]) -> list[str]:
        if pair.team_id is None:
            return [
                gettext("row %(row)s: team: pair %(pair)s plays in no team")
                % {"row": row, "pair": pair.number}
            ]
        if len(name) > 100:
            return [gettext("row %(row)s: team: at most 100 characters") % {"row": row}]
        if pair.team_id in seen and teams[pair.team_id] != name:
            first = seen[pair.team_id]
            return [
                gettext("row %(row)s: team: %(name)s, but row %(first)s names this team %(other)s")
                % {"row": row, "name": repr(name), "first": first, "other": repr(teams[pair.team_id])}
            ]
        seen.setdefault(pair.team_id, row)
        if name:
            teams[pair.team_id] = name
        return []
