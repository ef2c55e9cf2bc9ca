"""An event file's players (a pair's ``players`` list) and its award table.

Each player is a name, or an object with ``name`` and the optional keys ``number`` and ``body`` (a membership
number and the body that issued it), ``club_number``, and ``public_name`` (how visitors are shown the name:
``full``, ``initials`` or ``hidden``; left out, the player follows the club's choice). On import every player is
matched to the club's roster by the one rule (``services.players.roster_players``), added when the roster has
none. A plain name is written whenever nothing beyond it is set, so files from before these keys read
unchanged and new files stay as short as old ones.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from django.utils.translation import gettext as _

from duplicate.models import Player, PublicName
from duplicate.privacy import pair_stand_in, shown_players
from duplicate.services.errors import ServiceError, fits
from duplicate.services.players import PlayerSpec, body_text
from scoring.awards import AwardTableError, award_table

PLAYER_KEYS = ("name", "number", "body", "club_number", "public_name")


def _text(item: dict[str, Any], key: str, where: str) -> str:
    value = item.get(key, "")
    if isinstance(value, int) and not isinstance(value, bool) and key in ("number", "club_number"):
        value = str(value)  # a number written without quotes
    if not isinstance(value, str):
        raise ServiceError(
            _("%(field)s: must be a string, got %(value)s")
            % {"field": f"{where}.{key}", "value": json.dumps(value)[:40]}
        )
    return value.strip()


def player_item_read(item: Any, where: str) -> PlayerSpec:
    """One item of a pair's ``players`` (``where``: "pairs[3].players[1]"), or a ServiceError naming it."""
    given_as_object = isinstance(item, dict)
    if isinstance(item, str):
        item = {"name": item}
    if not isinstance(item, dict):
        raise ServiceError(
            _("%(field)s: must be a name or an object with a name, got %(value)s")
            % {"field": where, "value": json.dumps(item)[:40]}
        )
    unknown = sorted(set(item) - set(PLAYER_KEYS))
    if unknown:
        raise ServiceError(
            _("%(field)s: not a player's key (%(keys)s)")
            % {"field": f"{where}.{unknown[0]}", "keys": ", ".join(PLAYER_KEYS)}
        )
    name, number, club_number, choice = (
        _text(item, k, where) for k in ("name", "number", "club_number", "public_name")
    )
    name = " ".join(name.split())
    body = body_text(_text(item, "body", where))
    if choice not in ("", *PublicName.values):
        raise ServiceError(
            (
                _("%(field)s: must be one of %(choices)s, got %(value)s")
                % {
                    "field": f"{where}.public_name",
                    "choices": ", ".join(PublicName.values),
                    "value": repr(choice),
                }
            )[:200]
        )
    if (given_as_object or number or body or club_number or choice) and not name:
        raise ServiceError(_("%(field)s: give the player's name") % {"field": f"{where}.name"})
    if body and not number:
        raise ServiceError(
            _("%(field)s: a body (%(body)s) needs a membership number")
            % {"field": f"{where}.body", "body": body}
        )
    for key, value in (("name", name), ("number", number), ("body", body), ("club_number", club_number)):
        fits(f"{where}.{key}", value, Player, key)
    return PlayerSpec(name, number, body, club_number, choice, where=where)


def player_items_read(players: Any, where: str) -> tuple[PlayerSpec, PlayerSpec]:
    """A pair's ``players``: a list of up to two items (:func:`player_item_read`), the missing ones blank."""
    if not isinstance(players, list) or len(players) > 2:
        raise ServiceError(
            _("%(field)s: must be a list of up to two names (or player objects)") % {"field": where}
        )
    items = [player_item_read(item, f"{where}[{i}]") for i, item in enumerate(players)]
    items += [PlayerSpec(where=f"{where}[{i}]") for i in range(len(items), 2)]
    return (items[0], items[1])


def numbers_unique(items: Sequence[PlayerSpec]) -> None:
    """Refuse a membership number given to two players of the file."""
    held: dict[tuple[str, str], str] = {}
    for item in items:
        if item.number:
            first = held.setdefault((item.body, item.number), item.where)
            if first != item.where:
                shown = f"{item.body} {item.number}".strip()
                raise ServiceError(
                    _("%(field)s: %(number)s is given to %(player)s already")
                    % {"field": f"{item.where}.number", "number": shown, "player": first}
                )


def player_items(
    pair_label: int | str,
    team: str | None,
    players: tuple[Player | None, Player | None],
    *,
    club_choice: str | None,
    director: bool,
) -> list[Any]:
    """A pair's ``players`` as the event file writes them: for a ``director`` each player's name, or an object
    when the player has a membership number, club number or a choice of how visitors see the name; for a
    visitor the names as visitors are shown them (``duplicate.privacy``), plain, with no numbers or choices."""
    names = (players[0].name if players[0] else "", players[1].name if players[1] else "")
    if not director:
        choices = (players[0].public_name if players[0] else "", players[1].public_name if players[1] else "")
        return list(
            shown_players(
                names,
                choices,
                club_choice=club_choice,
                stand_in=pair_stand_in(pair_label, team),
                director=False,
            )
        )
    return [_player_written(player) for player in players]


def _player_written(player: Player | None) -> str | dict[str, str]:
    if player is None:
        return ""
    extra = {key: value for key in PLAYER_KEYS[1:] if (value := getattr(player, key))}
    return {"name": player.name, **extra} if extra else player.name


def awards_read(value: Any) -> list[Fraction]:
    """The file's ``awards``: the points of each place as decimal texts or numbers, first place first
    (``["6", "4.5", 3]``); none when absent."""
    if value is None:
        return []
    if not isinstance(value, list) or not all(
        isinstance(v, str | int) and not isinstance(v, bool) for v in value
    ):
        raise ServiceError(
            _('awards: must be a list of points like ["6", "4.5"], got %(value)s')
            % {"value": json.dumps(value)[:40]}
        )
    try:
        return award_table(" ".join(str(v) for v in value))
    except AwardTableError as exc:
        raise ServiceError(f"awards: {exc}") from None
