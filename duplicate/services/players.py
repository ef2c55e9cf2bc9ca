"""Writes to the club's roster. Keyword-only, each in one transaction; a bad value raises ServiceError before
the database sees it."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass

from django.contrib.admin.models import LogEntry
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.utils import timezone

from duplicate.models import Board, Club, Event, Pair, Player, PublicName
from duplicate.players_csv import PlayerRow, RosterFileError, players_read, players_write
from duplicate.privacy import ERASED_NAME
from duplicate.selectors.players import CLUB_PK, roster_export_rows
from duplicate.services.errors import ServiceError, fits
from duplicate.services.results import event_results_touch

PLAYER_COLUMNS = ("name", "number", "body", "club_number", "email")


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


# ------------------------------------------------------------------------------------------ the roster's rows


@dataclass(frozen=True, slots=True)
class PlayerFields:
    """A player's fields as stored: trimmed, spaces in the name collapsed, the body upper case."""

    name: str
    number: str
    body: str
    club_number: str
    email: str


def player_fields(
    *, name: str, number: str = "", body: str = "", club_number: str = "", email: str = "", where: str = ""
) -> PlayerFields:
    """The fields checked (a ServiceError naming the field, after ``where``: "row 3, " in a file)."""
    fields = PlayerFields(
        name=" ".join(name.split()),
        number=number.strip(),
        body=body_text(body),
        club_number=club_number.strip(),
        email=email.strip(),
    )
    for column in PLAYER_COLUMNS:
        fits(f"{where}{column}", getattr(fields, column), Player, column)
    if not fields.name:
        raise ServiceError(f"{where}name: give the player's name")
    if fields.body and not fields.number:
        raise ServiceError(f"{where}body: {fields.body} needs a membership number beside it")
    if fields.email:
        try:
            validate_email(fields.email)
        except ValidationError:
            raise ServiceError(f"{where}email: {fields.email!r} is not an email address") from None
    return fields


def _public_name(choice: str, *, blank: bool = True) -> str:
    if choice not in PublicName.values and not (blank and choice == ""):
        allowed = ", ".join(PublicName.values)
        raise ServiceError(
            f"public_name: must be one of {allowed}{' or blank' if blank else ''}, got {choice!r}"
        )
    return choice


def _number_holder(fields: PlayerFields, *, besides: int | None = None) -> Player | None:
    """The other player holding ``fields``' body and number (None for a guest)."""
    if not fields.number:
        return None
    holders = Player.objects.filter(body=fields.body, number=fields.number)
    return (holders.exclude(pk=besides) if besides is not None else holders).first()


def _number_text(body: str, number: str) -> str:
    return " ".join(part for part in (body, number) if part)


def _number_free(fields: PlayerFields, *, besides: int | None = None) -> None:
    holder = _number_holder(fields, besides=besides)
    if holder is not None:
        raise ServiceError(
            f"number: {_number_text(fields.body, fields.number)} is already {holder.name}'s (merge the two "
            "records if they are one person)"
        )


@contextmanager
def _number_unique(fields: PlayerFields) -> Iterator[None]:
    """The write in a savepoint, a ServiceError when another writer took the body and number meanwhile."""
    try:
        with transaction.atomic():
            yield
    except IntegrityError:
        raise ServiceError(
            f"number: {_number_text(fields.body, fields.number)} was just given to another player"
        ) from None


def played_event_ids(player_ids: Sequence[int]) -> list[int]:
    """The events in which any of ``player_ids`` plays (one query)."""
    return list(
        Pair.objects.filter(Q(player1_id__in=player_ids) | Q(player2_id__in=player_ids))
        .values_list("event_id", flat=True)
        .distinct()
    )


def events_of_players_touch(*, player_ids: Sequence[int]) -> None:
    """Bump the results version of every event the players play in, and its boards': the names its pages
    show changed (two updates, whatever the number of events)."""
    ids = list(player_ids)
    pairs = Pair.objects.filter(Q(player1_id__in=ids) | Q(player2_id__in=ids)).values("event_id")
    Event.objects.filter(pk__in=pairs).update(results_version=F("results_version") + 1)
    Board.objects.filter(event_id__in=pairs).update(results_version=F("results_version") + 1)


def every_event_touch() -> None:
    """Bump the results version of every event and every board: what all their pages show changed (the
    club's default of how names are shown)."""
    Event.objects.update(results_version=F("results_version") + 1)
    Board.objects.update(results_version=F("results_version") + 1)


@transaction.atomic
def player_create(
    *,
    name: str,
    number: str = "",
    body: str = "",
    club_number: str = "",
    email: str = "",
    public_name: str = "",
) -> Player:
    """A new roster player; their body and number (when given) held by no one else."""
    fields = player_fields(name=name, number=number, body=body, club_number=club_number, email=email)
    choice = _public_name(public_name)
    _number_free(fields)
    with _number_unique(fields):
        return Player.objects.create(**asdict(fields), public_name=choice)


def _locked(player: Player) -> Player:
    found = Player.objects.select_for_update().filter(pk=player.pk).first()
    if found is None:
        raise ServiceError(f"player: {player.name} is no longer on the roster")
    return found


def _not_erased(player: Player) -> None:
    if player.erased_at is not None:
        raise ServiceError("player: this player's personal data was erased; the record stays for the results")


@transaction.atomic
def player_update(
    *,
    player: Player,
    name: str,
    number: str = "",
    body: str = "",
    club_number: str = "",
    email: str = "",
    public_name: str = "",
) -> Player:
    """A roster player's fields replaced. A new name or public name is shown on every event the player
    played in (their results versions are bumped); the results themselves are unchanged."""
    locked = _locked(player)
    _not_erased(locked)
    fields = player_fields(name=name, number=number, body=body, club_number=club_number, email=email)
    choice = _public_name(public_name)
    _number_free(fields, besides=locked.pk)
    shown_before = (locked.name, locked.public_name)
    for column, value in asdict(fields).items():
        setattr(locked, column, value)
    locked.public_name = choice
    with _number_unique(fields):
        locked.save()
    if (locked.name, locked.public_name) != shown_before:
        events_of_players_touch(player_ids=[locked.pk])
    return locked


def _partners(keep: Player, gone: Player) -> None:
    """Refuse to merge two records that partner each other in a pair (a person cannot partner themself)."""
    pair = (
        Pair.objects.filter(Q(player1=keep, player2=gone) | Q(player1=gone, player2=keep))
        .select_related("event")
        .first()
    )
    if pair is not None:
        raise ServiceError(
            f"survivor: {keep.name} and {gone.name} partner each other in pair {pair.number} of "
            f"{pair.event.name}, so they are two people"
        )


@transaction.atomic
def player_merge(*, survivor: Player, other: Player) -> Player:
    """Two records of one person made one: every pair naming ``other`` names ``survivor`` (the results follow
    it, unchanged), the survivor's blank fields are filled from the other's (the membership number and its
    body together), and ``other`` is deleted. The events ``other`` played in are shown afresh."""
    if survivor.pk == other.pk:
        raise ServiceError("survivor: choose another record to merge into")
    locked = {p.pk: p for p in Player.objects.select_for_update().filter(pk__in=[survivor.pk, other.pk])}
    if len(locked) != 2:
        raise ServiceError("survivor: one of the two records is no longer on the roster")
    keep, gone = locked[survivor.pk], locked[other.pk]
    if keep.erased_at is not None or gone.erased_at is not None:
        raise ServiceError("survivor: a record whose personal data was erased cannot be merged")
    _partners(keep, gone)
    event_ids = played_event_ids([gone.pk])
    Pair.objects.filter(player1=gone).update(player1=keep)
    Pair.objects.filter(player2=gone).update(player2=keep)
    if not keep.number and gone.number:
        keep.number, keep.body = gone.number, gone.body
    for column in ("club_number", "email", "public_name"):
        if not getattr(keep, column):
            setattr(keep, column, getattr(gone, column))
    gone.delete()  # first: the survivor may take its body and number
    keep.save()
    if event_ids:
        event_results_touch(event_ids=event_ids)
    return keep


def _history_names_erased(*, player: Player, name: str) -> None:
    """The name written in the history of the pairs the player plays in (a pair's names changed, law E's
    audit trail: duplicate.services.events) replaced by ERASED_NAME too."""
    pair_ids = Pair.objects.filter(Q(player1=player) | Q(player2=player)).values_list("pk", flat=True)
    entries = LogEntry.objects.filter(
        content_type=ContentType.objects.get_for_model(Pair), object_id__in=[str(pk) for pk in pair_ids]
    )
    changed = []
    for entry in entries:
        try:
            message = json.loads(entry.change_message)
        except ValueError:
            continue
        found = False
        for item in message if isinstance(message, list) else []:
            names = item.get("names") if isinstance(item, dict) else None
            if not isinstance(names, dict):
                continue
            for side in ("before", "after"):
                written = names.get(side)
                if isinstance(written, list) and name in written:
                    names[side] = [ERASED_NAME if n == name else n for n in written]
                    found = True
        if found:
            entry.change_message = json.dumps(message)
            changed.append(entry)
    LogEntry.objects.bulk_update(changed, ["change_message"])


@transaction.atomic
def player_erase(*, player: Player) -> Player:
    """The player's personal data erased: the name becomes "Removed player" (to everyone, in every event and
    in the names' history), the numbers, email and public name are cleared, ``erased_at`` is set. The pairs,
    results and published standings stay as they are. Erasing twice changes nothing."""
    locked = _locked(player)
    if locked.erased_at is not None:
        return locked
    _history_names_erased(player=locked, name=locked.name)
    locked.name = ERASED_NAME
    locked.number = locked.body = locked.club_number = locked.email = locked.public_name = ""
    locked.erased_at = timezone.now()
    locked.save()
    events_of_players_touch(player_ids=[locked.pk])
    return locked


# ------------------------------------------------------------------------------------------------- the club


@transaction.atomic
def club_update(*, name: str, number: str = "", public_name: str = PublicName.FULL) -> Club:
    """The club's name, number and how players who have not chosen are shown to visitors (the one Club row,
    made on first use). A change is shown afresh on every event's pages."""
    name, number = " ".join(name.split()), number.strip()
    fits("name", name, Club, "name")
    fits("number", number, Club, "number")
    choice = _public_name(public_name, blank=False)
    club = club_settings_locked()
    before = (club.name, club.number, club.public_name)
    club.name, club.number, club.public_name = name, number, choice
    club.save()
    if (name, number, choice) != before:
        every_event_touch()
    return club


@transaction.atomic
def player_public_name_set(*, player: Player, choice: str) -> Player:
    """How visitors are shown ``player``'s name: ``PublicName`` ("full", "initials", "hidden"), or "" to
    follow the club's choice. The player's events are shown afresh when it changes."""
    choice = _public_name(choice)
    locked = _locked(player)
    if locked.public_name != choice:
        locked.public_name = choice
        locked.save(update_fields=["public_name"])
        events_of_players_touch(player_ids=[locked.pk])
    return locked


@transaction.atomic
def club_public_name_set(*, choice: str) -> Club:
    """The club's default of how visitors are shown the names of players who have not chosen; every event is
    shown afresh when it changes."""
    club = club_settings_locked()
    return club_update(name=club.name, number=club.number, public_name=choice)


def club_settings_locked() -> Club:
    """The club's row, locked (made on first use)."""
    club, _created = Club.objects.select_for_update().get_or_create(pk=CLUB_PK)
    return club


# ------------------------------------------------------------------------------------------- the CSV file


@dataclass(frozen=True, slots=True)
class ImportSummary:
    """What an import did: players added, updated, and found as the file has them."""

    added: int
    updated: int
    unchanged: int

    def __str__(self) -> str:
        return f"{self.added} added, {self.updated} updated, {self.unchanged} unchanged"


# A stored value a file's blank cell leaves as it is (a blank cell never clears a value).
_KEPT_WHEN_BLANK = ("club_number", "email")


def _checked_rows(rows: list[PlayerRow]) -> list[tuple[int, PlayerFields]]:
    """Every row's fields checked, and no body and number given twice (the first bad row's ServiceError)."""
    seen: dict[tuple[str, str], int] = {}
    checked = []
    for row in rows:
        fields = player_fields(
            name=row.name,
            number=row.number,
            body=row.body,
            club_number=row.club_number,
            email=row.email,
            where=f"row {row.row}, ",
        )
        if fields.number:
            key = (fields.body, fields.number)
            if key in seen:
                raise ServiceError(
                    f"row {row.row}, number: {_number_text(*key)} is given twice (rows {seen[key]} and {row.row})"
                )
            seen[key] = row.row
        checked.append((row.row, fields))
    return checked


def _matched(checked: list[tuple[int, PlayerFields]]) -> list[tuple[PlayerFields, Player | None]]:
    """Each row's roster player: by body and number; a row without a number by name (spaces and case aside),
    the k-th such row of a name taking the k-th player of that name not matched by number (erased players
    never); None for a new one. One query whatever the size."""
    everyone = list(Player.objects.order_by("id"))
    by_number = {(p.body, p.number): p for p in everyone if p.number}
    numbered = {(f.body, f.number) for _row, f in checked if f.number}
    matched_ids = {p.pk for key, p in by_number.items() if key in numbered}
    keys = {name_key(f.name) for _row, f in checked if not f.number}
    by_name: dict[str, list[Player]] = {}
    for player in everyone:
        if (
            player.erased_at is None
            and player.pk not in matched_ids
            and (key := name_key(player.name)) in keys
        ):
            by_name.setdefault(key, []).append(player)
    out = []
    for _row, fields in checked:
        if fields.number:
            out.append((fields, by_number.get((fields.body, fields.number))))
        else:
            same_name = by_name.get(name_key(fields.name), [])
            out.append((fields, same_name.pop(0) if same_name else None))
    return out


def _changed(player: Player, fields: PlayerFields) -> bool:
    """``player`` given the row's fields (a blank club number or email keeps the stored one); True when any
    changed."""
    values = asdict(fields)
    if not fields.number:  # matched by name: a guest row says nothing of a member's number
        del values["number"], values["body"]
    changed = False
    for column, value in values.items():
        if column in _KEPT_WHEN_BLANK and not value:
            continue
        if getattr(player, column) != value:
            setattr(player, column, value)
            changed = True
    return changed


@transaction.atomic
def players_import(*, text: str) -> ImportSummary:
    """A roster CSV file (duplicate.players_csv) loaded, all or nothing: every row is read and checked first
    (a ServiceError "row N, field: problem", N counting the header as row 1), then written. A row with a
    number updates the player holding its body and number, one without updates the player of that name; any
    other is added. A blank club number or email leaves the stored one. The events of a renamed player are
    shown afresh."""
    try:
        rows = players_read(text)
    except RosterFileError as exc:
        raise ServiceError(str(exc)) from None
    checked = _checked_rows(rows)
    added: list[Player] = []
    updated: list[Player] = []
    renamed: list[int] = []
    for fields, player in _matched(checked):
        if player is None:
            added.append(Player(**asdict(fields)))
            continue
        name_before = player.name
        if _changed(player, fields):
            updated.append(player)
            if player.name != name_before:
                renamed.append(player.pk)
    Player.objects.bulk_create(added, batch_size=500)
    Player.objects.bulk_update(updated, list(PLAYER_COLUMNS), batch_size=500)
    if renamed:
        events_of_players_touch(player_ids=renamed)
    return ImportSummary(
        added=len(added), updated=len(updated), unchanged=len(checked) - len(added) - len(updated)
    )


def players_export_csv() -> str:
    """The roster as a CSV file (players whose data was erased left out: only their results remain)."""
    return players_write(roster_export_rows())
