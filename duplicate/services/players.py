"""Writes to the club's roster. Keyword-only, each in one transaction; a bad value raises ServiceError before
the database sees it."""

from __future__ import annotations

from django.db import transaction

from duplicate.models import Player
from duplicate.services.errors import ServiceError, fits


def body_text(body: str) -> str:
    """The issuing body as stored: trimmed and upper case ("ebu " -> "EBU")."""
    return body.strip().upper()


def name_key(name: str) -> str:
    """A name as names are matched: spaces collapsed, case folded ("ann  LEE" and "Ann Lee" match)."""
    return " ".join(name.split()).casefold()


@transaction.atomic
def player_for(*, name: str, number: str = "", body: str = "") -> Player:
    """The roster player meant by ``name`` and, when given, ``number`` issued by ``body``; created when the
    roster has none.

    With a number: the player holding ``body`` + ``number`` (their roster name stands), else a new member.
    Without one: the roster player of that name (spaces and case aside; the first added when several share
    it; erased players never), else a new guest."""
    name = " ".join(name.split())
    number = number.strip()
    body = body_text(body)
    fits("name", name, Player, "name")
    fits("membership number", number, Player, "number")
    fits("body", body, Player, "body")
    if not name:
        raise ServiceError("name: give the player's name")
    if body and not number:
        raise ServiceError(f"{name}: a body ({body}) needs a membership number")
    if number:
        found = Player.objects.filter(number=number, body=body).first()
        if found is not None:
            return found
        return Player.objects.create(name=name, number=number, body=body)
    key = name_key(name)
    for player in Player.objects.filter(name__iexact=name, erased_at__isnull=True).order_by("id"):
        if name_key(player.name) == key:
            return player
    return Player.objects.create(name=name)
