"""Naming a pair's seat from the club's roster: the text typed (``scoring.player_text``) points the seat at a
roster player, found by membership number or by name, or added to the roster (a guest when no number is given).
A Player row is never renamed here: the same person plays in many events, and renaming them for one pair would
rename them in every event."""

from __future__ import annotations

from django.utils.translation import gettext as _

from duplicate.models import Player
from duplicate.services.errors import ServiceError, fits
from duplicate.services.players import PlayerSpec, name_key, roster_players
from scoring.player_text import PlayerText, PlayerTextError, parse_player_text, player_label


def seat_label(player: Player | None) -> str:
    """A seat's player as the names page's field and the history show them: "Ann Lee (EBU 123456)" for a
    member, "Ann Lee" for a guest, blank for an empty seat."""
    return player_label(player.name, player.number, player.body) if player is not None else ""


def seat_text(*, field: str, text: str) -> PlayerText:
    """``text`` read as a seat's player, its parts checked against the columns that will store them; a
    ServiceError naming ``field`` when it names no player."""
    try:
        seat = parse_player_text(text)
    except PlayerTextError as exc:
        raise ServiceError(f"{field}: {exc}") from None
    fits(field, seat.name, Player, "name")
    fits(f"{field}: membership number", seat.number, Player, "number")
    fits(f"{field}: body", seat.body, Player, "body")
    return seat


def names_player(seat: PlayerText, player: Player) -> bool:
    """Whether ``seat`` already names ``player`` (who then keeps the seat): the same membership number, or
    with no number the same name (spaces and case aside; "(guest)": and a guest)."""
    if seat.number:
        return player.number == seat.number and (not seat.body or player.body == seat.body)
    if seat.guest and not player.is_guest:
        return False
    return name_key(player.name) == name_key(seat.name)


def seat_player(*, field: str, given: str | Player | None, current: Player | None) -> Player | None:
    """The player a seat holds once ``given`` is written into it (None: nobody).

    ``given`` is a roster player (an undo puts the very player back) or a seat's text: a seat whose player the
    text already names keeps them; else the roster player the text means (``roster_player``)."""
    if given is None or isinstance(given, Player):
        return given
    seat = seat_text(field=field, text=given)
    if seat.is_empty:
        return None
    if current is not None and names_player(seat, current):
        return current
    return roster_player(field=field, seat=seat)


def roster_player(*, field: str, seat: PlayerText) -> Player:
    """The roster player ``seat`` means, added to the roster when it has none (``roster_players``: by
    membership number, else by name; "(guest)": a guest of that name)."""
    spec = PlayerSpec(name=seat.name, number=seat.number, body=seat.body, guest=seat.guest, where=field)
    found = roster_players([spec])[0]
    if found is None:  # (an empty seat never reaches here)
        raise ServiceError(f"{field}: " + _("give the player's name or membership number"))
    return found
