"""Hands read from PBN (a file, or text pasted on the boards page) for an event's boards: which boards, which
dealers, and what was set aside and why. A read: attaching goes through ``board_deals_set``."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import ngettext

from duplicate.models import Event
from duplicate.services.boards import HandsGiven
from duplicate.services.errors import ServiceError
from duplicate.uploads import MAX_PBN_GAMES
from scoring.pbn import (
    Duplicates,
    PbnError,
    choose_boards,
    hands_known,
    looks_like_pbn,
    read_pbn,
    read_pbn_bytes,
    same_deals,
)


@dataclass(frozen=True, slots=True)
class HandsImport:
    """What a PBN text gives the event: deals and dealers for the boards it has, and the notes to show."""

    deals: dict[int, str]  # canonical PBN; unknown hands "-"
    dealers: dict[int, str]  # the file's Dealer, where it gives one
    vulnerable: dict[int, str]  # the file's Vulnerable, as written (law 77: a contract event scores with it)
    not_in_event: tuple[int, ...]  # boards of the file the event does not have
    notes: tuple[str, ...]  # games skipped, boards set aside, hands partly unknown, the same deal twice
    encoding: str
    event_name: str  # the file's Event, Site and Date (the first game's), for the director's information
    site: str
    date: str

    def given(self) -> HandsGiven:
        """What the file gives the boards, all attached together by ``board_deals_set``."""
        return HandsGiven(deals=self.deals, dealers=self.dealers, vulnerable=self.vulnerable, site=self.site)

    def summary(self) -> str:
        """One line: what is attached and what is left."""
        count = len(self.deals)
        boards = ngettext("hands for %(n)d board", "hands for %(n)d boards", count) % {"n": count}
        text = f"{boards}: {_ranges(tuple(sorted(self.deals)))} ({self.encoding})"
        if self.not_in_event:
            text += f"; not attached, the event has no board {_ranges(self.not_in_event)}"
        return text


def _ranges(numbers: tuple[int, ...]) -> str:
    """1, 2, 3, 5 -> "1-3, 5"."""
    parts: list[str] = []
    start = prev = numbers[0]
    for n in [*numbers[1:], None]:
        if n is not None and n == prev + 1:
            prev = n
            continue
        parts.append(str(start) if start == prev else f"{start}-{prev}")
        if n is not None:
            start = prev = n
    return ", ".join(parts)


def hands_from_pbn(*, event: Event, data: str | bytes, duplicates: Duplicates = "refuse") -> HandsImport:
    """Read a PBN file (bytes: UTF-8 with or without a BOM, UTF-16 with its BOM, else ISO-8859-1) or text for
    ``event``.

    Boards the event lacks are reported, not refused; a board given twice with different hands is refused
    (naming both games) unless ``duplicates`` is "first" or "last"; a file of more than ``MAX_PBN_GAMES`` games
    is refused at the first game over, before the rest is read. One query (the event's boards)."""
    existing = dict(event.boards.values_list("number", "deal"))
    try:
        pbn = (
            read_pbn_bytes(data, max_games=MAX_PBN_GAMES)
            if isinstance(data, bytes)
            else read_pbn(data, encoding="pasted text", max_games=MAX_PBN_GAMES)
        )
        with_deals = pbn.with_deals()
        if not with_deals:
            raise ServiceError("PBN: no board with hands found (no game has both a [Board] and a [Deal] tag)")
        # Boards the event lacks are only listed: a board repeated among them refuses nothing.
        outside = tuple(
            sorted({g.board for g in with_deals if g.board is not None and g.board not in existing})
        )
        choice = choose_boards((g for g in with_deals if g.board in existing), duplicates)
    except PbnError as exc:
        raise ServiceError(str(exc)) from None
    in_event = dict(choice.games)
    if not in_event:
        raise ServiceError(f"PBN: none of the file's boards ({_ranges(outside)}) is a board of this event")
    notes = [*pbn.notes, *choice.notes]
    for number, game in sorted(in_event.items()):
        if not game.complete and hands_known(existing[number]):
            del in_event[number]
            notes.append(
                f"board {number} ({game.where}): only some hands are known, and the board has all four: kept"
            )
        elif not game.complete:
            notes.append(
                f"board {number} ({game.where}): only some hands are known; they are kept, and honours "
                "come from the tables' entry (laws 5, 6)"
            )
    merged = {**existing, **{n: g.deal for n, g in in_event.items()}}
    for group in same_deals(merged):
        notes.append(f"boards {', '.join(map(str, group))} have the very same hands: check the file")
    first = pbn.games[0]
    return HandsImport(
        deals={n: g.deal for n, g in in_event.items()},
        dealers={n: g.dealer for n, g in in_event.items() if g.dealer},
        vulnerable={n: g.vulnerable for n, g in in_event.items() if g.vulnerable},
        not_in_event=outside,
        notes=tuple(notes),
        encoding=pbn.encoding,
        event_name=first.event,
        site=first.site,
        date=first.date,
    )


def is_pbn_text(text: str) -> bool:
    """Whether pasted text is PBN (it has a [Tag "value"]) rather than "board deal" lines."""
    return looks_like_pbn(text)
