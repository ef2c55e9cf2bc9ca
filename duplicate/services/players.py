"""Writes to the club's roster. Keyword-only, each in one transaction; a bad value raises ServiceError before
the database sees it."""

from __future__ import annotations

import json
from collections.abc import Sequence

from django.contrib.admin.models import LogEntry
from django.contrib.contenttypes.models import ContentType
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from duplicate.models import Board, Club, Event, Pair, Player, PublicName
from duplicate.privacy import ERASED_NAME
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


# ------------------------------------------------------------------------------------------------ privacy
#
# How visitors are shown a player's name (duplicate.privacy), and erasure. Every page and download is kept in
# the cache under its event's results version: a change of what visitors are shown bumps the version of every
# event it shows in (the player's events; every event for the club's default).


def events_of_players_touch(*, player_ids: Sequence[int]) -> None:
    """Bump the results version of every event the players played in, and its boards': the names its pages
    show changed (two updates, whatever the number of events)."""
    ids = list(player_ids)
    pairs = Pair.objects.filter(Q(player1_id__in=ids) | Q(player2_id__in=ids)).values("event_id")
    Event.objects.filter(pk__in=pairs).update(results_version=F("results_version") + 1)
    Board.objects.filter(event_id__in=pairs).update(results_version=F("results_version") + 1)


def every_event_touch() -> None:
    """Bump the results version of every event and every board: what all their pages show changed (the
    club's default of how names are shown; ``club_update`` calls this when it changes)."""
    Event.objects.update(results_version=F("results_version") + 1)
    Board.objects.update(results_version=F("results_version") + 1)


def _choice_checked(field: str, choice: str, *, blank: bool) -> str:
    allowed = (*([""] if blank else []), *PublicName.values)
    if choice not in allowed:
        shown = ", ".join(repr(c) if c else '"" (follow the club)' for c in allowed)
        raise ServiceError(f"{field}: must be one of {shown}, got {choice!r}"[:200])
    return choice


@transaction.atomic
def player_public_name_set(*, player: Player, choice: str) -> Player:
    """How visitors are shown ``player``'s name: ``PublicName`` ("full", "initials", "hidden"), or "" to
    follow the club's choice. The results version of the player's events is bumped when it changes."""
    choice = _choice_checked("public_name", choice, blank=True)
    if player.public_name != choice:
        player.public_name = choice
        player.save(update_fields=["public_name"])
        events_of_players_touch(player_ids=[player.pk])
    return player


@transaction.atomic
def club_public_name_set(*, choice: str) -> Club:
    """The club's default of how visitors are shown the names of players who have not chosen (the club's
    row, pk 1, made when missing). Every event's results version is bumped when it changes."""
    choice = _choice_checked("public_name", choice, blank=False)
    club, _made = Club.objects.select_for_update().get_or_create(pk=1)
    if club.public_name != choice:
        club.public_name = choice
        club.save(update_fields=["public_name"])
        every_event_touch()
    return club


@transaction.atomic
def player_erase(*, player: Player) -> Player:
    """Erase a player's personal data: the name becomes "Removed player" (``privacy.ERASED_NAME``) on every
    page, download and export, to directors too; the membership number, body, club number and email are
    cleared, and the name is taken out of the history of pairs' names. Every result stays as it was (the
    player's pairs keep their player). Erasing twice changes nothing more."""
    locked = Player.objects.select_for_update().get(pk=player.pk)
    if locked.erased_at is None:
        former = locked.name
        locked.name = ERASED_NAME
        locked.number = locked.body = locked.club_number = locked.email = ""
        locked.erased_at = timezone.now()
        locked.save(update_fields=["name", "number", "body", "club_number", "email", "erased_at"])
        _names_history_erase(player_id=locked.pk, name=former)
        events_of_players_touch(player_ids=[locked.pk])
    return locked


def _names_history_erase(*, player_id: int, name: str) -> None:
    """``name`` replaced by ``ERASED_NAME`` in the recorded changes of the names of the player's pairs (the
    admin ``LogEntry`` rows ``services.pair_names_update`` writes: their "names" before and after)."""
    pair_ids = [
        str(pk)
        for pk in Pair.objects.filter(Q(player1_id=player_id) | Q(player2_id=player_id)).values_list(
            "pk", flat=True
        )
    ]
    entries = LogEntry.objects.filter(
        content_type=ContentType.objects.get_for_model(Pair), object_id__in=pair_ids
    )
    for entry in entries:
        try:
            parts = json.loads(entry.change_message)
        except ValueError:
            continue
        changed = False
        for part in parts if isinstance(parts, list) else ():
            names = part.get("names") if isinstance(part, dict) else None
            if not isinstance(names, dict):
                continue
            for when in ("before", "after"):
                listed = names.get(when)
                if isinstance(listed, list) and name in listed:
                    names[when] = [ERASED_NAME if n == name else n for n in listed]
                    changed = True
        if changed:
            entry.change_message = json.dumps(parts)
            entry.save(update_fields=["change_message"])
