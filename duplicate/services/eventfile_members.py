"""The event file's players given as objects ({"name", "number", "body", "club_number"}): read, matched to
the club's roster on import (``services.players.player_for``) and written back; and its award table
(``awards``, masterpoints). See docs/files.md."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from duplicate.models import Event, Pair, Player
from duplicate.services.errors import ServiceError, fits
from duplicate.services.players import body_text, player_for
from scoring.awards import AwardTableError, award_table

# A player given as an object (``public_name`` is read by the players' privacy, not here).
MEMBER_KEYS = {"name", "number", "body", "club_number", "public_name"}


@dataclass(frozen=True, slots=True)
class MemberSpec:
    """A player the file gives as an object: matched to the club's roster on import (``player_for``)."""

    pair: str  # the pair's number
    seat: int  # 0: the first player, 1: the second
    where: str  # "pairs[3].players[1]": where the file gives it
    name: str
    number: str = ""
    body: str = ""
    club_number: str = ""


def read_member(player: Mapping[str, Any], where: str, pair: str, seat: int) -> MemberSpec:
    """A player object: ``name``, and optionally a membership ``number`` with the ``body`` that issued it,
    the club's own ``club_number``; ``public_name`` is accepted and not read here."""
    unknown = set(player) - MEMBER_KEYS
    if unknown:
        raise ServiceError(f"{where}.{sorted(unknown)[0]}: not a field of a player")
    name = player.get("name")
    if not isinstance(name, str):
        raise ServiceError(f"{where}.name: must be a text, got {json.dumps(name)[:40]}")
    name = " ".join(name.split())
    if not name:
        raise ServiceError(f"{where}.name: give the player's name")
    texts: dict[str, str] = {}
    for key in ("number", "body", "club_number"):
        value = player.get(key, "")
        if isinstance(value, int) and not isinstance(value, bool) and key != "body":
            value = str(value)  # a number written without quotes
        if not isinstance(value, str):
            raise ServiceError(f"{where}.{key}: must be a text, got {json.dumps(value)[:40]}")
        texts[key] = value.strip()
    body = body_text(texts["body"])
    if body and not texts["number"]:
        raise ServiceError(f"{where}.body: a body ({body}) needs a membership number")
    fits(f"{where}.name", name, Player, "name")
    fits(f"{where}.number", texts["number"], Player, "number")
    fits(f"{where}.body", body, Player, "body")
    fits(f"{where}.club_number", texts["club_number"], Player, "club_number")
    return MemberSpec(pair, seat, where, name, texts["number"], body, texts["club_number"])


def members_set(event: Event, members: list[MemberSpec]) -> None:
    """Seat the file's player objects: each the roster's player of that number (or name), added when the
    roster has none (``player_for``); a club number given is stored on the player."""
    if not members:
        return
    rows = {p.number: p for p in Pair.objects.filter(event=event, number__in={m.pair for m in members})}
    changed: dict[int, Pair] = {}
    for member in members:
        try:
            player = player_for(name=member.name, number=member.number, body=member.body)
        except ServiceError as exc:
            raise ServiceError(f"{member.where}: {exc}") from None
        if member.club_number and player.club_number != member.club_number:
            player.club_number = member.club_number
            player.save(update_fields=["club_number"])
        pair = rows[member.pair]
        setattr(pair, ("player1", "player2")[member.seat], player)
        changed[pair.pk] = pair
    Pair.objects.bulk_update(list(changed.values()), ["player1", "player2"])


def members_unique(members: list[MemberSpec]) -> None:
    """Refuse a membership number given to two players of the file."""
    held: dict[tuple[str, str], str] = {}
    for member in members:
        if member.number:
            first = held.setdefault((member.body, member.number), member.where)
            if first != member.where:
                held_number = f"{member.body} {member.number}".strip()
                raise ServiceError(f"{member.where}.number: {held_number} is given to {first} already")


def player_item(player: Player | None) -> str | dict[str, str]:
    """A player as the event file writes it: an object when the player has a membership number (with its
    body and club number when set), else the plain name ("" for an empty seat)."""
    if player is None:
        return ""
    if not player.number:
        return player.name
    extra = {key: value for key in ("body", "club_number") if (value := getattr(player, key))}
    return {"name": player.name, "number": player.number, **extra}


def read_awards(value: Any) -> list[Fraction]:
    """The file's ``awards``: the points of each place as decimal texts or numbers, first place first
    (``["6", "4.5", 3]``); none when absent."""
    if value is None:
        return []
    if not isinstance(value, list) or not all(
        isinstance(v, str | int) and not isinstance(v, bool) for v in value
    ):
        raise ServiceError(
            f'awards: must be a list of points like ["6", "4.5"], got {json.dumps(value)[:40]}'
        )
    try:
        return award_table(" ".join(str(v) for v in value))
    except AwardTableError as exc:
        raise ServiceError(f"awards: {exc}") from None
