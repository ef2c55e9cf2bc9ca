"""Reading PBN files (Portable Bridge Notation): the boards' numbers, dealers and hands, as other tools write them.

Pure code. What it accepts, as the PBN standard (2.1) allows and real files do:

* bytes in UTF-8, with or without a byte-order mark, or in ISO-8859-1 (PBN's own default); UTF-16 (and
  UTF-32) when the file starts with its byte-order mark, as some Windows programs save text;
* comments in ``{ }`` (over several lines, and hiding whole games) and from ``;`` to the end of a line;
  lines starting with ``%`` (the file's directives);
* several tags on one line, tags in any order (``Deal`` before ``Board``), tag names in any case;
* a tag written over several lines (``[Event`` on one line, ``"Club night"]`` on the next): PBN's grammar
  reads a tag as four tokens (``[``, its name, its string, ``]``) that white space, line ends included,
  may separate; a string itself never runs over a line end;
* inherited values: ``"#"`` is the previous game's value of the same tag; ``"##"`` is that value plus one
  for ``Board`` (the next board) and the same value for any other tag;
* ``-`` for an unknown hand in a ``Deal``: three known hands give the fourth (the rest of the pack); with
  fewer, only the known hands are kept (``N:AKQJ.T98.765.432 - - -``);
* games without a deal (results of a board already given, an empty ``Deal``): noted and skipped.

Every error names the line and the game (``line 12 (game 3): ...``). A reading may be bounded: past
``max_games`` games it stops there, refusing the file (the games are counted as they are read, so an
over-long file costs no more than the games allowed).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Final, Literal

from scoring.deal import RANKS, SUIT_BITS, SUITS, Deal, Hand
from scoring.errors import ScoringError, gettext_noop, say, show_value

SEATS: Final = "NESW"
_FULL: Final = (1 << 52) - 1
_TAG: Final = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_]*)\s*"((?:[^"\\]|\\.)*)"\s*\]')
#: The start of a tag that the next line may finish: ``[``, then perhaps its name, then perhaps its whole
#: string, up to the line's end.
_OPEN_TAG: Final = re.compile(r'\[\s*(?:[A-Za-z][A-Za-z0-9_]*\s*(?:"(?:[^"\\]|\\.)*"\s*)?)?')
#: The most lines one tag may take: its four tokens, each on a line of its own.
_TAG_LINES: Final = 4
#: The tags read; any other is skipped (auction, play, scores, players...).
_READ: Final = frozenset(
    {"board", "dealer", "deal", "vulnerable", "event", "site", "date"}
    | {"round", "table", "section", "declarer", "contract", "play"}
)
#: The tag standing for a Play section's first card (no tag of PBN's has a name with a space).
_LEAD: Final = "play lead"

#: Where a game is in the file, for messages: "line 12 (game 3)".
_WHERE: Final = gettext_noop("line %(line)s (game %(game)s)")

Duplicates = Literal["refuse", "first", "last"]


class PbnError(ScoringError):
    """A PBN file that cannot be read; the message names the line and the game."""

    def __init__(self, message: str, /, **params: object) -> None:
        # The message starts with where it is ("line 12 (game 3): ..."): that is its field.
        super().__init__("pbn", message, **params)
        self.args = (message,)

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True, slots=True)
class PbnGame:
    """One game of the file: where it is, and what it says about its board."""

    number: int  # the game's place in the file, from 1
    line: int  # the line of its first tag
    board: int | None
    dealer: str  # "N", "E", "S", "W" or "" (not given)
    vulnerable: str  # as written ("None", "NS", "EW", "All"...), "" if not given
    deal: str  # canonical (North first, unknown hands "-"), "" when the game has none
    deal_line: int
    event: str
    site: str
    date: str
    # A table's result, where the game gives one (a results file: one game per result): its Round, Table,
    # Section, Declarer and Contract as written, and the opening lead, the first card of its Play section
    # ("HQ"; "" when none is known).
    round: str = ""
    table: str = ""
    section: str = ""
    declarer: str = ""
    contract: str = ""
    lead: str = ""

    @property
    def where(self) -> str:
        return say(_WHERE, line=self.line, game=self.number)

    @property
    def complete(self) -> bool:
        """Whether all four hands are known."""
        return hands_known(self.deal)


@dataclass(frozen=True, slots=True)
class PbnFile:
    """A file read: its games in order, the encoding it was read in, and what was skipped and why."""

    games: tuple[PbnGame, ...]
    encoding: str
    notes: tuple[str, ...]

    def with_deals(self) -> tuple[PbnGame, ...]:
        return tuple(g for g in self.games if g.board is not None and g.deal)


#: Byte-order marks of the wider Unicode encodings, UTF-32's first (its little-endian mark starts as UTF-16's).
_WIDE_BOMS: Final = (
    (b"\xff\xfe\x00\x00", "utf-32", "UTF-32 with BOM"),
    (b"\x00\x00\xfe\xff", "utf-32", "UTF-32 with BOM"),
    (b"\xff\xfe", "utf-16", "UTF-16 with BOM"),
    (b"\xfe\xff", "utf-16", "UTF-16 with BOM"),
)


def decode(data: bytes) -> tuple[str, str]:
    """The text of a file and the encoding read: UTF-16 or UTF-32 when the file starts with their byte-order
    mark; UTF-8 (a BOM is dropped) when the bytes are valid UTF-8; otherwise ISO-8859-1, PBN's default
    character set (every byte is a character there). A PbnError for a file no text encoding reads: bytes
    that break the encoding its mark names, or NUL characters (UTF-16 saved without its mark, or not text)."""
    for bom, codec, name in _WIDE_BOMS:
        if data.startswith(bom):
            try:
                return _text_only(data.decode(codec), name), name  # the codec drops the mark
            except UnicodeDecodeError as exc:
                raise PbnError(
                    gettext_noop(
                        "the file starts with the byte-order mark of %(codec)s but is not "
                        "%(codec)s text (byte %(value)s: %(reason)s)"
                    ),
                    codec=codec.upper(),
                    value=format(exc.start + 1, ","),
                    reason=exc.reason,
                ) from None
    if data.startswith(b"\xef\xbb\xbf"):
        try:
            return _text_only(data[3:].decode("utf-8"), "UTF-8"), "UTF-8 with BOM"
        except UnicodeDecodeError:
            pass
    try:
        return _text_only(data.decode("utf-8"), "UTF-8"), "UTF-8"
    except UnicodeDecodeError:
        return _text_only(data.decode("iso-8859-1"), "ISO-8859-1"), "ISO-8859-1"


def _text_only(text: str, encoding: str) -> str:
    """``text`` unless it holds a NUL character, which no text file of hands holds (and no database column
    stores): the file is UTF-16 without its byte-order mark, or not text at all."""
    nul = text.find("\x00")
    if nul >= 0:
        line = text.count("\n", 0, nul) + 1
        raise PbnError(
            gettext_noop(
                "line %(line)s: the file holds NUL characters, read as %(encoding)s: "
                "save it as UTF-8 (or as UTF-16 with its byte-order mark)"
            ),
            line=line,
            encoding=encoding,
        )
    return text


def hands_known(deal: str) -> bool:
    """Whether a stored deal holds all four hands (so honours come from the hands, laws 5 and 6)."""
    return bool(deal) and "-" not in deal


def known_deal(deal: str) -> str:
    """``deal`` when all four hands are known, else "" (no hands, or some unknown: honours come from the entry)."""
    return deal if hands_known(deal) else ""


def known_hands(deal: str) -> tuple[Hand | None, ...]:
    """The four hands of a stored deal, North first; None for a hand not known."""
    canonical = canonical_deal(deal)
    if not canonical:
        return (None, None, None, None)
    return tuple(
        None if part == "-" else Hand(_hand_mask(part, SEATS[i], "deal"))
        for i, part in enumerate(canonical[2:].split())
    )


def _hand_mask(text: str, seat: str, where: str) -> int:
    suits = text.split(".")
    if len(suits) != 4:
        raise PbnError(
            gettext_noop(
                "%(where)s: Deal: %(seat)s's hand %(text)s must have 4 suits "
                "(spades.hearts.diamonds.clubs), found %(count)s"
            ),
            where=where,
            seat=seat,
            text=show_value(text),
            count=len(suits),
        )
    mask = 0
    for index, ranks in enumerate(suits):
        bits = SUIT_BITS.get(ranks)
        if bits is not None:  # written as PBN writes it: no rank twice
            mask |= bits << (index * 13)
            continue
        for char in ranks.upper().replace("10", "T"):
            rank = RANKS.find(char)
            if rank < 0:
                raise PbnError(
                    gettext_noop("%(where)s: Deal: %(seat)s's hand: %(char)s is not a rank (AKQJT98765432)"),
                    where=where,
                    seat=seat,
                    char=show_value(char),
                )
            bit = 1 << (index * 13 + rank)
            if mask & bit:
                raise PbnError(
                    gettext_noop("%(where)s: Deal: card %(index)s%(char)s appears twice in %(seat)s's hand"),
                    where=where,
                    index=SUITS[index],
                    char=char,
                    seat=seat,
                )
            mask |= bit
    if mask.bit_count() != 13:
        raise PbnError(
            gettext_noop(
                "%(where)s: Deal: %(seat)s's hand %(text)s has %(bit_count)s cards; each hand must have 13"
            ),
            where=where,
            seat=seat,
            text=show_value(text),
            bit_count=mask.bit_count(),
        )
    return mask


def canonical_deal(text: str, where: str = "deal") -> str:
    """A PBN deal as stored: North first; ``-`` for an unknown hand, three known hands giving the fourth.

    "" for a deal with no known hand. A PbnError (naming ``where``) for anything else that is not a deal.
    """
    head, colon, rest = text.strip().partition(":")
    first = SEATS.find(head.strip().upper()) if len(head.strip()) == 1 else -1
    if not colon or first < 0:
        raise PbnError(
            gettext_noop('%(where)s: Deal must start with the first hand\'s seat and a colon, such as "N:"'),
            where=where,
        )
    parts = rest.split()
    if len(parts) != 4:
        raise PbnError(
            gettext_noop(
                "%(where)s: Deal must list 4 hands separated by spaces (- for unknown), found %(count)s"
            ),
            where=where,
            count=len(parts),
        )
    masks: list[int | None] = [None, None, None, None]
    seen = 0
    for offset, part in enumerate(parts):
        seat = (first + offset) % 4
        if part == "-":
            continue
        mask = _hand_mask(part, SEATS[seat], where)
        if seen & mask:
            index = ((seen & mask) & -(seen & mask)).bit_length() - 1
            card = SUITS[index // 13] + RANKS[index % 13]
            raise PbnError(
                gettext_noop("%(where)s: Deal: card %(card)s appears twice (again in %(seat)s's hand)"),
                where=where,
                card=card,
                seat=SEATS[seat],
            )
        seen |= mask
        masks[seat] = mask
    unknown = [i for i, m in enumerate(masks) if m is None]
    if len(unknown) == 4:
        return ""
    if len(unknown) == 1:
        masks[unknown[0]] = _FULL & ~seen  # the rest of the pack
    if all(m is not None for m in masks):
        hands = tuple(Hand(m or 0) for m in masks)
        return Deal((hands[0], hands[1], hands[2], hands[3])).to_pbn()
    return "N:" + " ".join("-" if m is None else Hand(m).to_pbn() for m in masks)


@dataclass
class _Game:
    """A game being read: its tags (first of each name), with their lines."""

    number: int
    line: int = 0
    tags: dict[str, tuple[str, int]] | None = None

    def add(self, name: str, value: str, line: int) -> None:
        if self.tags is None:
            self.tags = {}
            self.line = line
        self.tags.setdefault(name, (value, line))  # PBN: a tag repeated in a game is ignored


def _inherit(name: str, value: str, previous: Mapping[str, str], where: str) -> str:
    if value not in {"#", "##"}:
        return value
    if name not in previous:
        raise PbnError(
            gettext_noop('%(where)s: %(name)s "%(value)s" inherits a value, but no earlier game gives one'),
            where=where,
            name=name.capitalize(),
            value=value,
        )
    before = previous[name]
    if value == "##" and name == "board":
        if not before.isdecimal():
            raise PbnError(
                gettext_noop('%(where)s: Board "##" follows a board that is not a number (%(before)r)'),
                where=where,
                before=before,
            )
        return str(int(before) + 1)
    return before


def _finish(game: _Game, previous: dict[str, str], notes: list[str]) -> PbnGame | None:
    """The game read, its inherited values resolved; None when it gives neither a board nor a deal."""
    if not game.tags:
        return None
    where = say(_WHERE, line=game.line, game=game.number)
    values: dict[str, str] = {}
    for name, (value, _line) in game.tags.items():
        values[name] = _inherit(name, value.strip(), previous, where)
    previous.update(values)  # "#" finds the latest game that gave the tag
    board_text, deal_text = values.get("board", ""), values.get("deal", "")
    if not board_text and "deal" not in values:
        return None  # a game of results or of play only: nothing about the board
    board: int | None = None
    if board_text and board_text != "?":
        if not board_text.isdecimal() or int(board_text) < 1:
            raise PbnError(
                gettext_noop("%(where)s: Board must be a board number, got %(got)s"),
                where=where,
                got=show_value(board_text),
            )
        board = int(board_text)
    dealer = values.get("dealer", "").upper()
    if dealer in {"?", ""}:
        dealer = ""
    elif dealer not in SEATS:
        raise PbnError(
            gettext_noop("%(where)s: Dealer must be N, E, S or W, got %(got)s"),
            where=where,
            got=show_value(values["dealer"]),
        )
    deal_line = game.tags.get("deal", ("", game.line))[1]
    deal = canonical_deal(deal_text, say(_WHERE, line=deal_line, game=game.number)) if deal_text else ""
    if board is None and deal:
        notes.append(say(gettext_noop("%(where)s: a Deal without a Board number: skipped"), where=where))
    elif "deal" not in values and board is not None:
        notes.append(
            say(
                gettext_noop("%(where)s: board %(board)s has no Deal: no hands from this game"),
                where=where,
                board=board,
            )
        )
    elif "deal" not in values:
        notes.append(
            say(gettext_noop("%(where)s: no board number has no Deal: no hands from this game"), where=where)
        )
    elif not deal and board is not None:
        notes.append(
            say(
                gettext_noop(
                    "line %(line)s (game %(game)s): board %(board)s: the Deal is empty: no hands from this game"
                ),
                line=deal_line,
                game=game.number,
                board=board,
            )
        )
    elif not deal:
        notes.append(
            say(
                gettext_noop(
                    "line %(line)s (game %(game)s): no board number: the Deal is empty: no hands from this game"
                ),
                line=deal_line,
                game=game.number,
            )
        )
    return PbnGame(
        number=game.number,
        line=game.line,
        board=board,
        dealer=dealer,
        vulnerable=values.get("vulnerable", ""),
        deal=deal,
        deal_line=deal_line,
        event=values.get("event", ""),
        site=values.get("site", ""),
        date=values.get("date", ""),
        round=values.get("round", ""),
        table=values.get("table", ""),
        section=values.get("section", ""),
        declarer=values.get("declarer", "").upper(),
        contract=values.get("contract", ""),
        lead=_lead(values),
    )


def _lead(values: Mapping[str, str]) -> str:
    """The opening lead of a game's Play section (PBN 2.1 section 3.5): its first card, the opening
    leader's (the tag's value: the player whose card each line gives first); "" when it is not a card
    ("-", not known) or the game has no Play section."""
    card = values.get(_LEAD, "").upper()
    if not values.get("play") or len(card) != 2 or card[0] not in SUITS or card[1] not in RANKS:
        return ""
    return card


class _Reader:
    """The state of a reading: the games so far, the game being read, the previous game's values; at most
    ``max_games`` games (None: no bound)."""

    def __init__(self, max_games: int | None = None) -> None:
        self.games: list[PbnGame] = []
        self.notes: list[str] = []
        self.previous: dict[str, str] = {}
        self.game = _Game(number=1)
        self.max_games = max_games
        self.play_line = 0  # the line of a Play tag whose first trick is still to be read

    def end_game(self) -> None:
        game = self.game
        if game.tags and self.max_games is not None and game.number > self.max_games:
            raise PbnError(
                gettext_noop(
                    "line %(line)s (game %(number)s): the file holds more than %(max_games)s "
                    "games; a file of hands holds at most %(max_games)s"
                ),
                line=game.line,
                number=format(game.number, ","),
                max_games=format(self.max_games, ","),
            )
        done = _finish(game, self.previous, self.notes)
        if done is not None:
            self.games.append(done)
        if game.tags:
            self.game = _Game(number=game.number + 1)

    def tag(self, name: str, value: str, lineno: int) -> None:
        tags = self.game.tags
        if name == "board" and tags and "board" in tags:
            # A second Board in one game: files joined without an empty line; it starts the next game.
            self.end_game()
        self.game.add(name, value if name in _READ else "", lineno)
        self.play_line = lineno if name == "play" else 0

    def play(self, text: str, lineno: int) -> None:
        """The first line of a Play section: its first card (before any comment) is the opening lead."""
        self.play_line = 0
        words = text.split("{", 1)[0].split(";", 1)[0].split()
        if words:
            self.game.add(_LEAD, words[0], lineno)

    def line(self, rest: str, lineno: int) -> str | None:
        """Reads the tags of one line. Returns "{" when it opens a { comment left unclosed; the text of a tag
        begun at the end of the line, which the next line may finish; None otherwise."""
        pos = 0
        while pos < len(rest):
            char = rest[pos]
            if char == "{":
                end = rest.find("}", pos + 1)
                if end < 0:
                    return "{"
                pos = end + 1
            elif char == ";":
                return None
            elif char == "[":
                match = _TAG.match(rest, pos)
                if match is None:
                    begun = _OPEN_TAG.match(rest, pos)
                    if begun is not None and begun.end() == len(rest):
                        return rest[pos:]  # PBN: a tag's tokens may be split by line ends
                    raise self.bad_tag(rest[pos:], lineno)
                self.tag(match.group(1).lower(), re.sub(r"\\(.)", r"\1", match.group(2)), lineno)
                pos = match.end()
            else:
                pos += 1
        return None

    def bad_tag(self, text: str, lineno: int) -> PbnError:
        return PbnError(
            gettext_noop('line %(lineno)s (game %(number)s): a tag must read [Name "value"], got %(got)s'),
            lineno=lineno,
            number=self.game.number,
            got=show_value(text[:40]),
        )

    def unfinished_tag(self, text: str, lineno: int) -> PbnError:
        return PbnError(
            gettext_noop(
                "line %(lineno)s (game %(number)s): the tag %(text)s is never finished "
                'with its "value" and ]: a tag may run over up to %(tag_lines)s lines, '
                "none of them empty"
            ),
            lineno=lineno,
            number=self.game.number,
            text=show_value(text[:40]),
            tag_lines=_TAG_LINES,
        )


def read_pbn(text: str, *, encoding: str = "UTF-8", max_games: int | None = None) -> PbnFile:
    """The games of a PBN text. A game ends at an empty line (outside a comment), or where a second
    ``Board`` tag starts the next one without an empty line between. A tag may run over up to four lines
    (one a token), never over an empty one. Past ``max_games`` games, a PbnError at the first game over."""
    reader = _Reader(max_games)
    comment_from = 0  # the line an open { comment started on; 0 when none is open
    tag_open, tag_from, tag_lines = "", 0, 0  # a tag begun on an earlier line: its text, first line, lines
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line, first = raw.lstrip("\ufeff"), lineno
        if tag_open:
            if not line.strip() or tag_lines == _TAG_LINES:
                raise reader.unfinished_tag(tag_open, tag_from)
            line, first = f"{tag_open} {line}", tag_from
        elif comment_from:
            end = line.find("}")
            if end < 0:
                continue
            line, comment_from = line[end + 1 :], 0
            if not line.strip():
                continue
        elif line.startswith("%"):
            continue
        if not line.strip():
            reader.end_game()
            continue
        if reader.play_line and not tag_open and not line.lstrip().startswith("["):
            reader.play(line, lineno)
        opened = reader.line(line, first)
        if opened == "{":
            comment_from = lineno
        if opened and opened != "{":
            still = bool(tag_open) and opened == line  # the same tag, not finished yet
            tag_open, tag_from, tag_lines = opened, first if still else lineno, tag_lines + 1 if still else 1
        else:
            tag_open, tag_from, tag_lines = "", 0, 0
    if tag_open:
        raise reader.unfinished_tag(tag_open, tag_from)
    if comment_from:
        raise PbnError(
            gettext_noop("line %(comment_from)s (game %(number)s): a { comment is never closed with }"),
            comment_from=comment_from,
            number=reader.game.number,
        )
    reader.end_game()
    return PbnFile(games=tuple(reader.games), encoding=encoding, notes=tuple(reader.notes))


def read_pbn_bytes(data: bytes, *, max_games: int | None = None) -> PbnFile:
    """``read_pbn`` of a file's bytes, in the encoding ``decode`` finds."""
    text, encoding = decode(data)
    return read_pbn(text, encoding=encoding, max_games=max_games)


def looks_like_pbn(text: str) -> bool:
    """Whether pasted text is PBN (it has a tag) rather than "board deal" lines."""
    return _TAG.search(text) is not None


@dataclass(frozen=True, slots=True)
class BoardChoice:
    """The game chosen for each board number, and what was set aside."""

    games: dict[int, PbnGame]
    notes: tuple[str, ...]


def choose_boards(games: Iterable[PbnGame], duplicates: Duplicates = "refuse") -> BoardChoice:
    """One game per board number. A board given again with the same hands is the same board (several
    tables' records); with other hands it is refused, naming the board and both games, unless the choice
    is the ``"first"`` or the ``"last"`` game of that number."""
    chosen: dict[int, PbnGame] = {}
    notes: list[str] = []
    for game in games:
        if game.board is None or not game.deal:
            continue
        earlier = chosen.get(game.board)
        if earlier is None:
            chosen[game.board] = game
        elif earlier.deal == game.deal:
            if not earlier.dealer and game.dealer:
                chosen[game.board] = game
        elif duplicates == "refuse":
            raise PbnError(
                gettext_noop(
                    "board %(board)s is given twice with different hands: game %(number)s "
                    "(line %(line)s) and game %(number2)s (line %(line2)s); choose the first "
                    "or the last of each repeated board"
                ),
                board=game.board,
                number=earlier.number,
                line=earlier.line,
                number2=game.number,
                line2=game.line,
            )
        else:
            kept, dropped = (earlier, game) if duplicates == "first" else (game, earlier)
            chosen[game.board] = kept
            notes.append(
                say(
                    gettext_noop(
                        "board %(board)s: kept game %(kept)s (line %(kept_line)s), set aside game %(dropped)s "
                        "(line %(dropped_line)s)"
                    ),
                    board=game.board,
                    kept=kept.number,
                    kept_line=kept.line,
                    dropped=dropped.number,
                    dropped_line=dropped.line,
                )
            )
    return BoardChoice(games=chosen, notes=tuple(notes))


def same_deals(deals: Mapping[int, str]) -> tuple[tuple[int, ...], ...]:
    """The groups of boards (two or more) holding the very same complete deal."""
    by_deal: dict[str, list[int]] = {}
    for number, deal in sorted(deals.items()):
        if hands_known(deal):
            by_deal.setdefault(deal, []).append(number)
    return tuple(tuple(numbers) for numbers in by_deal.values() if len(numbers) > 1)
