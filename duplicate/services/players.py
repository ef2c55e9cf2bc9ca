"""Writes to the club's roster. Keyword-only, each in one transaction; a bad value raises ServiceError before
the database sees it."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, replace

from django.contrib.admin.models import LogEntry
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext as _

from duplicate.models import CLUB_PK, Board, Club, Event, Pair, Player, PublicName
from duplicate.players_csv import COLUMNS, PlayerRow, RosterFileError, players_read, players_write
from duplicate.privacy import ERASED_NAME
from duplicate.selectors.players import roster_export_rows
from duplicate.services.errors import ServiceError, fits
from scoring.player_text import PlayerTextError, player_label, roster_match


def body_text(body: str) -> str:
    """The issuing body as stored: trimmed and upper case ("ebu " -> "EBU")."""
    return body.strip().upper()


def name_key(name: str) -> str:
    """A name as names are matched: spaces collapsed, case folded ("ann  LEE" and "Ann Lee" match)."""
    return " ".join(name.split()).casefold()


@dataclass(frozen=True, slots=True)
class PlayerSpec:
    """A player as a seat, an event file or another scorer's file gives one (all blank: an empty seat):
    ``name``, a membership ``number`` and the ``body`` that issued it, a ``club_number``, how visitors are
    shown the name (``public_name``, "" to follow the club), ``guest`` when the text says so ("Ann Lee
    (guest)": never a member), and ``where`` it was given (what an error names)."""

    name: str = ""
    number: str = ""
    body: str = ""
    club_number: str = ""
    public_name: str = ""
    guest: bool = False
    where: str = ""


def player_for(*, name: str, number: str = "", body: str = "") -> Player:
    """The roster player meant by ``name`` and, when given, ``number`` issued by ``body``; added when the
    roster has none (:func:`roster_players`)."""
    name = " ".join(name.split())
    if not name:
        raise ServiceError("name: " + _("give the player's name"))
    found = roster_players([PlayerSpec(name=name, number=number.strip(), body=body_text(body), where=name)])[
        0
    ]
    assert found is not None  # a name was given
    return found


@transaction.atomic
def roster_players(specs: Sequence[PlayerSpec]) -> list[Player | None]:
    """Each spec's roster player, in order (None for an empty seat), found or added by the one rule:

    - a membership number: the player holding it (``scoring.player_text.roster_match``: of that body, or of
      any body when none is given and one player holds it; their roster name stands); else the one guest of
      that name, who is given the number; else a new member. A number alone that no one holds, or one held by
      several bodies, is a ServiceError naming ``where``;
    - a name alone: the first roster player of that name (spaces and case aside; never an erased one);
      "(guest)": the first guest of that name; else a new guest. "Removed player" (an erased player, as files
      write them) is a new erased player, never matched;
    - what a spec gives beyond the match (a club number, a public name) fills one the player lacks.
    Seats of one call naming the same new player share them. The events of the players changed are shown
    afresh. Three queries and the writes, whatever the number."""
    specs = [
        replace(s, name=" ".join(s.name.split()), number=s.number.strip(), body=body_text(s.body))
        for s in specs
    ]
    holders = _holders({s.number for s in specs if s.number})
    named = _named({name_key(s.name) for s in specs if s.name and s.name != ERASED_NAME})
    made: dict[tuple[str, str, str], Player] = {}
    changed: dict[int, Player] = {}
    out: list[Player | None] = []
    for spec in specs:
        found = _found(spec, holders, named)
        if found is None and spec.name == ERASED_NAME and not spec.number:
            found = Player(name=ERASED_NAME, erased_at=timezone.now())  # never matched: each seat its own
            made[("", "", f"erased-{len(made)}")] = found
        elif found is None and spec.name:
            key = (spec.body, spec.number, "" if spec.number else name_key(spec.name))
            found = made.setdefault(key, _new_player(spec))
        elif found is not None and _given_more(found, spec):
            changed[found.pk] = found
        out.append(found)
    Player.objects.bulk_create(list(made.values()))
    if changed:
        Player.objects.bulk_update(list(changed.values()), ["number", "body", "club_number", "public_name"])
        events_of_players_touch(player_ids=list(changed))
    return out


def _holders(numbers: set[str]) -> dict[str, list[Player]]:
    """The players holding each membership number, whatever the body (one query)."""
    holders: dict[str, list[Player]] = {}
    for player in Player.objects.filter(number__in=numbers).order_by("id") if numbers else ():
        holders.setdefault(player.number, []).append(player)
    return holders


def _named(keys: set[str]) -> dict[str, list[Player]]:
    """The roster's players (never an erased one) of each name key, first added first (one query)."""
    named: dict[str, list[Player]] = {}
    lowered = {key.lower() for key in keys}
    if lowered:
        candidates = Player.objects.annotate(lowered=Lower("name")).filter(
            lowered__in=lowered, erased_at__isnull=True
        )
        for player in candidates.order_by("id"):
            named.setdefault(name_key(player.name), []).append(player)
    return named


def _found(
    spec: PlayerSpec, holders: Mapping[str, list[Player]], named: Mapping[str, list[Player]]
) -> Player | None:
    """The roster player ``spec`` names, if any (see :func:`roster_players`)."""
    if spec.number:
        held = holders.get(spec.number, [])
        try:
            found = roster_match(spec, held)
        except PlayerTextError as exc:  # several bodies' holders: the one of that name, if any
            same = [p for p in held if spec.name and name_key(p.name) == name_key(spec.name)]
            if len(same) != 1:
                raise ServiceError(f"{spec.where}: {exc}") from None
            found = same[0]
        if found is not None:
            return found
        guests = [p for p in named.get(name_key(spec.name), []) if not p.number]
        return guests[0] if len(guests) == 1 else None  # the one guest of that name takes the number
    same_name = named.get(name_key(spec.name), [])
    if spec.guest:
        same_name = [p for p in same_name if not p.number]
    return same_name[0] if same_name else None


def _new_player(spec: PlayerSpec) -> Player:
    return Player(
        name=spec.name,
        number=spec.number,
        body=spec.body if spec.number else "",
        club_number=spec.club_number,
        public_name=spec.public_name,
    )


def _given_more(player: Player, spec: PlayerSpec) -> bool:
    """``player`` given what ``spec`` adds: a guest the number, and a club number or public name where the
    player has none; True when anything was."""
    changed = False
    if spec.number and not player.number:
        player.number, player.body, changed = spec.number, spec.body, True
    elif spec.body and not player.body and spec.number == player.number:  # a number kept with no body
        player.body, changed = spec.body, True
    if spec.club_number and not player.club_number:
        player.club_number, changed = spec.club_number, True
    if spec.public_name and not player.public_name:
        player.public_name, changed = spec.public_name, True
    return changed


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
    for column in COLUMNS:
        fits(f"{where}{column}", getattr(fields, column), Player, column)
    if not fields.name:
        raise ServiceError(f"{where}name: " + _("give the player's name"))
    if fields.body and not fields.number:
        raise ServiceError(
            f"{where}body: " + _("%(body)s needs a membership number beside it") % {"body": fields.body}
        )
    if fields.email:
        try:
            validate_email(fields.email)
        except ValidationError:
            raise ServiceError(
                f"{where}email: " + _("%(email)s is not an email address") % {"email": repr(fields.email)}
            ) from None
    return fields


def _public_name(choice: str, *, blank: bool = True) -> str:
    if choice not in PublicName.values and not (blank and choice == ""):
        allowed = ", ".join(PublicName.values)
        refused = (
            _("must be one of %(choices)s or blank, got %(got)s")
            if blank
            else _("must be one of %(choices)s, got %(got)s")
        )
        raise ServiceError("public_name: " + refused % {"choices": allowed, "got": repr(choice)})
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
            "number: "
            + _("%(number)s is already %(name)s's (merge the two records if they are one person)")
            % {"number": _number_text(fields.body, fields.number), "name": holder.name}
        )


@contextmanager
def _number_unique(fields: PlayerFields) -> Iterator[None]:
    """The write in a savepoint, a ServiceError when another writer took the body and number meanwhile."""
    try:
        with transaction.atomic():
            yield
    except IntegrityError:
        raise ServiceError(
            "number: "
            + _("%(number)s was just given to another player")
            % {"number": _number_text(fields.body, fields.number)}
        ) from None


def players_seated_once(*, event_id: int) -> None:
    """Refuse (a ServiceError; the caller's transaction is rolled back) a player seated twice in one event:
    in both seats of a pair or in two pairs (one query)."""
    seats: dict[int, str] = {}
    rows = Pair.objects.filter(event_id=event_id).order_by("position", "id")
    for number, first, second, name1, name2 in rows.values_list(
        "number", "player1_id", "player2_id", "player1__name", "player2__name"
    ):
        for player_pk, name in ((first, name1), (second, name2)):
            if player_pk is None:
                continue
            if player_pk in seats:
                if seats[player_pk] == number:
                    refused = _("pair %(pair)s: %(name)s cannot sit in both seats of one event")
                else:
                    refused = _(
                        "pair %(pair)s: %(name)s cannot sit in pairs %(other)s and %(pair)s of one event"
                    )
                raise ServiceError(refused % {"pair": number, "name": name, "other": seats[player_pk]})
            seats[player_pk] = number


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
        raise ServiceError("player: " + _("%(name)s is no longer on the roster") % {"name": player.name})
    return found


def _not_erased(player: Player) -> None:
    if player.erased_at is not None:
        raise ServiceError(
            "player: " + _("this player's personal data was erased; the record stays for the results")
        )


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
    before = (locked.name, locked.number, locked.body, locked.club_number, locked.public_name)
    for column, value in asdict(fields).items():
        setattr(locked, column, value)
    locked.public_name = choice
    with _number_unique(fields):
        locked.save()
    if (locked.name, locked.number, locked.body, locked.club_number, locked.public_name) != before:
        events_of_players_touch(player_ids=[locked.pk])  # names and choices on pages, numbers in files
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
            "survivor: "
            + _(
                "%(keep)s and %(gone)s partner each other in pair %(pair)s of %(event)s, so they are two people"
            )
            % {"keep": keep.name, "gone": gone.name, "pair": pair.number, "event": pair.event.name}
        )


@transaction.atomic
def player_merge(*, survivor: Player, other: Player) -> Player:
    """Two records of one person made one: every pair naming ``other`` names ``survivor`` (the results follow
    it, unchanged), the survivor's blank fields are filled from the other's (the membership number and its
    body together), and ``other`` is deleted. The events ``other`` played in are shown afresh."""
    if survivor.pk == other.pk:
        raise ServiceError("survivor: " + _("choose another record to merge into"))
    locked = {p.pk: p for p in Player.objects.select_for_update().filter(pk__in=[survivor.pk, other.pk])}
    if len(locked) != 2:
        raise ServiceError("survivor: " + _("one of the two records is no longer on the roster"))
    keep, gone = locked[survivor.pk], locked[other.pk]
    if keep.erased_at is not None or gone.erased_at is not None:
        raise ServiceError("survivor: " + _("a record whose personal data was erased cannot be merged"))
    _partners(keep, gone)
    if keep.number and gone.number and (keep.body, keep.number) != (gone.body, gone.number):
        raise ServiceError(
            "survivor: "
            + _(
                "%(keep)s holds %(keep_number)s and %(gone)s %(gone_number)s: two numbers are two members "
                "(clear the wrong one first)"
            )
            % {
                "keep": keep.name,
                "keep_number": _number_text(keep.body, keep.number),
                "gone": gone.name,
                "gone_number": _number_text(gone.body, gone.number),
            }
        )
    Pair.objects.filter(player1=gone).update(player1=keep)
    Pair.objects.filter(player2=gone).update(player2=keep)
    if not keep.number and gone.number:
        keep.number, keep.body = gone.number, gone.body
    for column in ("club_number", "email", "public_name"):
        if not getattr(keep, column):
            setattr(keep, column, getattr(gone, column))
    gone.delete()  # first: the survivor may take its body and number
    keep.save()
    for event_id in (
        Pair.objects.filter(Q(player1=keep) | Q(player2=keep)).values_list("event_id", flat=True).distinct()
    ):
        players_seated_once(event_id=event_id)  # the two records in two pairs of one event: two people
    events_of_players_touch(player_ids=[keep.pk])  # the other's events (now the survivor's) and its own
    return keep


def _history_names_erased(*, player: Player, labels: Sequence[str]) -> None:
    """The player written in the history of pairs' names (law E's audit trail: ``services.events``), in any
    pair they sat in, left since included, replaced by ERASED_NAME: a seat recorded with the player's id, or
    (an entry from before ids were kept) by one of ``labels``, the ways their seat was written ("Ann Lee",
    "Ann Lee (EBU 123456)")."""
    needles = [json.dumps(label)[1:-1] for label in labels if label]  # as the JSON text holds them
    if not needles:
        return
    matching = Q()
    for needle in needles:
        matching |= Q(change_message__contains=needle)
    entries = LogEntry.objects.filter(matching, content_type=ContentType.objects.get_for_model(Pair))
    changed = [entry for entry in entries if _entry_erased(entry, player.pk, set(labels))]
    LogEntry.objects.bulk_update(changed, ["change_message"])


def _entry_erased(entry: LogEntry, player_pk: int, labels: set[str]) -> bool:
    """``entry``'s seats of the player made ERASED_NAME (in place); True when any was."""
    try:
        message = json.loads(entry.change_message)
    except ValueError:
        return False
    found = False
    for item in message if isinstance(message, list) else []:
        names = item.get("names") if isinstance(item, dict) else None
        if not isinstance(names, dict):
            continue
        ids = item.get("players") if isinstance(item.get("players"), dict) else {}
        for side in ("before", "after"):
            written, seated = names.get(side), ids.get(side)
            if not isinstance(written, list):
                continue
            for seat, label in enumerate(written):
                by_id = isinstance(seated, list) and seat < len(seated) and seated[seat] == player_pk
                if by_id or (not isinstance(seated, list) and label in labels):
                    written[seat] = ERASED_NAME
                    found = True
    if found:
        entry.change_message = json.dumps(message)
    return found


@transaction.atomic
def player_erase(*, player: Player) -> Player:
    """The player's personal data erased: the name becomes "Removed player" (to everyone, in every event and
    in the names' history), the numbers, email and public name are cleared, ``erased_at`` is set. The pairs,
    results and published standings stay as they are. Erasing twice changes nothing."""
    locked = _locked(player)
    if locked.erased_at is not None:
        return locked
    labels = [locked.name, player_label(locked.name, locked.number, locked.body)]
    _history_names_erased(player=locked, labels=labels)
    locked.name = ERASED_NAME
    locked.number = locked.body = locked.club_number = locked.email = locked.public_name = ""
    locked.erased_at = timezone.now()
    locked.save()
    events_of_players_touch(player_ids=[locked.pk])
    return locked


# ------------------------------------------------------------------------------------------------- the club


@transaction.atomic
def club_update(*, name: str, number: str, public_name: str) -> Club:
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
        return _("%(added)d added, %(updated)d updated, %(unchanged)d unchanged") % {
            "added": self.added,
            "updated": self.updated,
            "unchanged": self.unchanged,
        }


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
            where=_("row %(row)d, ") % {"row": row.row},
        )
        if fields.number:
            key = (fields.body, fields.number)
            if key in seen:
                raise ServiceError(
                    _("row %(row)d, number: %(number)s is given twice (rows %(first)d and %(row)d)")
                    % {"row": row.row, "number": _number_text(*key), "first": seen[key]}
                )
            seen[key] = row.row
        checked.append((row.row, fields))
    return checked


def _matched(checked: list[tuple[int, PlayerFields]]) -> list[tuple[PlayerFields, Player | None]]:
    """Each row's roster player, the file's rows being the roster's records: by body and number (a number
    not on the roster: the one guest of that name, who takes it); a row without a number by name (spaces and
    case aside), the k-th such row of a name taking the k-th player of that name not matched by number
    (erased players never), so that importing a file again changes nothing; None for a new one. One query
    whatever the size."""
    everyone = list(Player.objects.order_by("id"))
    by_number = {(p.body, p.number): p for p in everyone if p.number}
    numbered = {(f.body, f.number) for _row, f in checked if f.number}
    matched_ids = {p.pk for key, p in by_number.items() if key in numbered}
    keys = {name_key(f.name) for _row, f in checked}
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
            found = by_number.get((fields.body, fields.number)) or by_number.get(("", fields.number))
            if found is None:  # the one guest of that name, if any, takes the number
                guests = [p for p in by_name.get(name_key(fields.name), []) if not p.number]
                found = guests[0] if len(guests) == 1 else None
                if found is not None:
                    by_name[name_key(fields.name)].remove(found)
            out.append((fields, found))
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
    other is added. A blank club number or email leaves the stored one. The events of a player changed are
    shown afresh (names on pages, numbers in the director's files)."""
    try:
        rows = players_read(text)
    except RosterFileError as exc:
        raise ServiceError(str(exc)) from None
    checked = _checked_rows(rows)
    added: list[Player] = []
    updated: list[Player] = []
    for fields, player in _matched(checked):
        if player is None:
            added.append(Player(**asdict(fields)))
        elif _changed(player, fields):
            updated.append(player)
    Player.objects.bulk_create(added, batch_size=500)
    Player.objects.bulk_update(updated, list(COLUMNS), batch_size=500)
    if updated:
        events_of_players_touch(player_ids=[p.pk for p in updated])
    return ImportSummary(
        added=len(added), updated=len(updated), unchanged=len(checked) - len(added) - len(updated)
    )


def players_export_csv() -> str:
    """The roster as a CSV file (players whose data was erased left out: only their results remain)."""
    return players_write(roster_export_rows())
