"""An event file's players (a pair's ``players`` list): each a name, or an object with the optional keys
``name``, ``number``, ``body`` (a membership number and the body that issued it) and ``public_name`` (how
visitors are shown the name: ``full``, ``initials`` or ``hidden``; left out, the player follows the club's
choice). A plain name is written whenever nothing beyond it is set, so files from before these keys read
unchanged and new files stay as short as old ones.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from duplicate.models import Player, PublicName
from duplicate.privacy import pair_stand_in, shown_players
from duplicate.services.errors import ServiceError

PLAYER_KEYS = ("name", "number", "body", "public_name")


@dataclass(frozen=True, slots=True)
class PlayerItem:
    """One player as an event file gives it."""

    name: str = ""
    number: str = ""
    body: str = ""
    public_name: str = ""


def player_item_read(item: Any, where: str) -> PlayerItem:
    """One item of a pair's ``players`` (``where``: "pairs[3].players[1]"), or a ServiceError naming it."""
    if isinstance(item, str):
        return PlayerItem(name=item)
    if not isinstance(item, dict):
        raise ServiceError(f"{where}: must be a name or an object with a name, got {json.dumps(item)[:40]}")
    unknown = sorted(set(item) - set(PLAYER_KEYS))
    if unknown:
        raise ServiceError(f"{where}.{unknown[0]}: not a player's key (name, number, body, public_name)")
    for key in PLAYER_KEYS:
        if not isinstance(item.get(key, ""), str):
            raise ServiceError(f"{where}.{key}: must be a string, got {json.dumps(item[key])[:40]}")
    choice = item.get("public_name", "")
    if choice not in ("", *PublicName.values):
        raise ServiceError(
            f"{where}.public_name: must be one of {', '.join(PublicName.values)}, got {json.dumps(choice)[:40]}"
        )
    return PlayerItem(
        name=item.get("name", ""),
        number=item.get("number", ""),
        body=item.get("body", ""),
        public_name=choice,
    )


def player_items_read(players: Any, where: str) -> tuple[PlayerItem, PlayerItem]:
    """A pair's ``players``: a list of up to two items (:func:`player_item_read`), the missing ones blank."""
    if not isinstance(players, list) or len(players) > 2:
        raise ServiceError(f"{where}: must be a list of up to two names")
    items = [player_item_read(item, f"{where}[{i}]") for i, item in enumerate(players)]
    items += [PlayerItem(), PlayerItem()]
    return (items[0], items[1])


def player_items(
    pair_label: int | str,
    team: str | None,
    players: tuple[Player | None, Player | None],
    *,
    club_choice: str | None,
    director: bool,
) -> list[Any]:
    """A pair's ``players`` as the event file writes them: for a ``director`` each player's name, or an object
    when the player has chosen how visitors see it; for a visitor the names as visitors are shown them
    (``duplicate.privacy``), plain, and nothing of the choices."""
    names = (players[0].name if players[0] else "", players[1].name if players[1] else "")
    if not director:
        choices = (players[0].public_name if players[0] else "", players[1].public_name if players[1] else "")
        shown = shown_players(
            names,
            choices,
            club_choice=club_choice,
            stand_in=pair_stand_in(pair_label, team),
            director=False,
        )
        return list(shown)
    return [
        {"name": player.name, "public_name": player.public_name}
        if player is not None and player.public_name
        else (player.name if player is not None else "")
        for player in players
    ]
