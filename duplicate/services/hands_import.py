"""Hands read from PBN or from BBO's LIN (a file, or text pasted on the boards page) for an event's boards:
which boards, which dealers, and what was set aside and why. A read: attaching goes through
``board_deals_set``."""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from endplay.parsers import lin
from endplay.types import Vul

from duplicate.l10n import grouped
from duplicate.models import Event
from duplicate.services.boards import HandsGiven
from duplicate.services.errors import ServiceError
from duplicate.uploads import MAX_PBN_GAMES
from scoring.pbn import (
    Duplicates,
    PbnError,
    PbnFile,
    PbnGame,
    canonical_deal,
    choose_boards,
    decode,
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


def hands_from_file(
    *, event: Event, data: str | bytes, name: str = "", duplicates: Duplicates = "refuse"
) -> HandsImport:
    """The hands of a PBN or a LIN file (or pasted text) for ``event``: LIN when the file's ``name`` ends in
    .lin, or when it is no PBN and holds a LIN deal (``md|``); else PBN."""
    text = data if isinstance(data, str) else data[:4096].decode("latin-1")
    if name.lower().endswith(".lin") or (not name.lower().endswith(".pbn") and looks_like_lin(text)):
        return hands_from_lin(event=event, data=data, duplicates=duplicates)
    return hands_from_pbn(event=event, data=data, duplicates=duplicates)


def hands_from_pbn(*, event: Event, data: str | bytes, duplicates: Duplicates = "refuse") -> HandsImport:
    """Read a PBN file (bytes: UTF-8 with or without a BOM, UTF-16 with its BOM, else ISO-8859-1) or text for
    ``event``.

    Boards the event lacks are reported, not refused; a board given twice with different hands is refused
    (naming both games) unless ``duplicates`` is "first" or "last"; a file of more than ``MAX_PBN_GAMES`` games
    is refused at the first game over, before the rest is read. One query (the event's boards)."""
    try:
        pbn = (
            read_pbn_bytes(data, max_games=MAX_PBN_GAMES)
            if isinstance(data, bytes)
            else read_pbn(data, encoding="pasted text", max_games=MAX_PBN_GAMES)
        )
    except PbnError as exc:
        raise ServiceError(str(exc)) from None
    return _hands_import(event, pbn, duplicates, "PBN")


def hands_from_lin(*, event: Event, data: str | bytes, duplicates: Duplicates = "refuse") -> HandsImport:
    """Read a LIN file, BBO's hand records (``pn|...|md|3S...,S...,S...,|ah|Board 1|sv|o|...``), for
    ``event``, as :func:`hands_from_pbn` reads PBN: each board's ``md`` (the dealer, then South's, West's,
    North's and East's hands, East's given by the other three when left out), ``ah`` (``Board N``) and ``sv``
    (vulnerability) through endplay's LIN reader (``endplay.parsers.lin.loads``). The auction and play are
    not read: a board's hands are what the event takes. One query (the event's boards)."""
    try:
        text, encoding = (data, "pasted text") if isinstance(data, str) else decode(data)
        pbn = PbnFile(games=lin_games(text), encoding=encoding, notes=())
    except PbnError as exc:
        raise ServiceError(f"LIN: {exc}") from None
    return _hands_import(event, pbn, duplicates, "LIN")


def _hands_import(event: Event, pbn: PbnFile, duplicates: Duplicates, kind: str) -> HandsImport:
    """What ``pbn``'s games give ``event`` (``kind``: the file's format, as messages name it)."""
    existing = dict(event.boards.values_list("number", "deal"))
    try:
        with_deals = pbn.with_deals()
        if not with_deals:
            raise ServiceError(
                _("LIN: no board with hands found (no md| deal with an ah|Board N| number)")
                if kind == "LIN"
                else _("PBN: no board with hands found (no game has both a [Board] and a [Deal] tag)")
            )
        # Boards the event lacks are only listed: a board repeated among them refuses nothing.
        outside = tuple(
            sorted({g.board for g in with_deals if g.board is not None and g.board not in existing})
        )
        choice = choose_boards((g for g in with_deals if g.board in existing), duplicates)
    except PbnError as exc:
        raise ServiceError(str(exc)) from None
    in_event = dict(choice.games)
    if not in_event:
        raise ServiceError(
            _("%(kind)s: none of the file's boards (%(boards)s) is a board of this event")
            % {"kind": kind, "boards": _ranges(outside)}
        )
    notes = [*pbn.notes, *choice.notes]
    for number, game in sorted(in_event.items()):
        if not game.complete and hands_known(existing[number]):
            del in_event[number]
            notes.append(
                _("board %(board)d (%(where)s): only some hands are known, and the board has all four: kept")
                % {"board": number, "where": game.where}
            )
        elif not game.complete:
            notes.append(
                _(
                    "board %(board)d (%(where)s): only some hands are known; they are kept, and honours "
                    "come from the tables' entry (laws 5, 6)"
                )
                % {"board": number, "where": game.where}
            )
    merged = {**existing, **{n: g.deal for n, g in in_event.items()}}
    for group in same_deals(merged):
        notes.append(
            _("boards %(boards)s have the very same hands: check the file")
            % {"boards": ", ".join(map(str, group))}
        )
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


def is_hands_text(text: str) -> bool:
    """Whether pasted text is a file's, PBN or LIN, rather than "board deal" lines."""
    return looks_like_pbn(text) or looks_like_lin(text)


# ------------------------------------------------------------------------------------------------------ LIN

#: A LIN deal (``md|``, a dealer digit or not, then South's hand), where a LIN text is told from others.
_LIN_DEAL = re.compile(r"(?:^|\|)\s*md\|[1-4]?[SHDC,]", re.IGNORECASE)
#: The tags of a board's hand record; the auction, play and commentary are left to endplay's other uses.
_RECORD_TAGS = frozenset({"md", "ah", "sv"})
#: BBO's ``sv`` as endplay reads it, in PBN's words.
_VULNERABLE = {Vul.none: "None", Vul.ns: "NS", Vul.ew: "EW", Vul.both: "All"}
_BOARD_LABEL = re.compile(r"\s*board\s+(\d{1,6})\s*", re.IGNORECASE)


def looks_like_lin(text: str) -> bool:
    """Whether text is LIN (it holds an ``md|`` deal) rather than PBN or "board deal" lines."""
    return not looks_like_pbn(text) and _LIN_DEAL.search(text) is not None


def _lin_records(text: str) -> list[tuple[int, dict[str, str]]]:
    """Each board of a LIN text (from one ``md`` to the next): the line its ``md`` is on, and its ``md``,
    ``ah`` and ``sv`` values.  LIN is ``tag|value|`` pairs; line breaks between them mean nothing."""
    cells = text.split("|")
    records: list[tuple[int, dict[str, str]]] = []
    line = 1
    for index in range(0, len(cells) - 1, 2):
        tag, value = cells[index].strip().lower(), cells[index + 1]
        if tag == "md":
            records.append((line, {}))
        if records and tag in _RECORD_TAGS and tag not in records[-1][1]:
            records[-1][1][tag] = value.strip()
        line += cells[index].count("\n") + value.count("\n")
    return records


def _lin_game(number: int, line: int, tags: dict[str, str]) -> PbnGame:
    """One board's hand record read through endplay's LIN reader, as a PBN game; a PbnError naming its line
    for a record it cannot read."""
    where = f"line {line} (board record {number})"
    label = tags.get("ah", "")
    matched = _BOARD_LABEL.fullmatch(label)
    if matched is None:
        values = {"line": line, "number": number, "label": label}
        raise PbnError(
            _(
                "line %(line)d (board record %(number)d): the board number must be given as ah|Board N| (ah|%(label)s|)"
            )
            % values
            if label
            else _(
                "line %(line)d (board record %(number)d): the board number must be given as ah|Board N| (no ah| tag)"
            )
            % values
        )
    record = f"pn|,,,|md|{tags['md']}|ah|Board {int(matched.group(1))}|" + (
        f"sv|{tags['sv']}|" if "sv" in tags else ""
    )
    try:
        (board,) = lin.loads(record)
        deal = board.deal.to_pbn()
        dealer = board.dealer.abbr if board.dealer is not None else ""
    except (ValueError, IndexError, KeyError, TypeError, AttributeError, RuntimeError) as exc:
        raise PbnError(
            _(
                "line %(line)d (board record %(number)d): md|%(deal)s| is not a deal endplay reads (%(problem)s)"
            )
            % {"line": line, "number": number, "deal": tags["md"], "problem": exc}
        ) from None
    return PbnGame(
        number=number,
        line=line,
        board=board.board_num,
        dealer=dealer,
        vulnerable=_VULNERABLE.get(board.vul, "") if board.vul is not None else "",
        deal=canonical_deal(deal, where),
        deal_line=line,
        event="",
        site="",
        date="",
    )


def lin_games(text: str) -> tuple[PbnGame, ...]:
    """The boards of a LIN text as PBN games (:func:`_lin_game`); past ``MAX_PBN_GAMES`` boards, a PbnError."""
    records = _lin_records(text)
    if len(records) > MAX_PBN_GAMES:
        raise PbnError(_("the file has more than %(limit)s boards") % {"limit": grouped(MAX_PBN_GAMES)})
    return tuple(_lin_game(number, line, tags) for number, (line, tags) in enumerate(records, start=1))
