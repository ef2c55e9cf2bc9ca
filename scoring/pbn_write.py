"""PBN out: hand records (one game per board) and each board's results as a ``ScoreTable`` (PBN 2.1).

PBN 2.1, section 3 (tags) and 5 (tables): a game is its tag pairs ``[Name "value"]``, one a line, games
separated by an empty line.  A table tag's value names its columns, ``;`` between them, each with its width
and alignment (``PairId_NS\\2R``: two characters, right-aligned); its rows follow, one a line, the values in
column order, separated by spaces, ``-`` for a value that is absent, and a value with a space in it quoted.
``PlusMinus_NS`` and ``PlusMinus_EW`` are Kalamazoo's own columns (PBN 4.9 lets a program add its own): the
pair's plus or minus on the board under law H, the figure its ranking sums.  Contract bridge's figures have
PBN's own names (5.9): ``MP_NS``/``MP_EW`` and ``Percentage_NS``/``Percentage_EW`` for matchpoints,
``IMP_NS``/``IMP_EW`` for Butler and cross-IMPs.

Pure code: the caller hands the plain values in; the file is text (the caller encodes it, as UTF-8).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final, TypeAlias

from scoring.deal import CARDS
from scoring.errors import ScoringError, gettext_noop

Cell: TypeAlias = str | int | Fraction | None
NEWLINE: Final = "\r\n"  # PBN files are text files; CR LF, as most PBN producers (and readers) expect
SEATS: Final = ("N", "E", "S", "W")
VULNERABLE: Final = ("None", "NS", "EW", "All")
# PBN 5.9's ScoreTable columns that hold text (left-aligned); every other column is a number (right-aligned).
TEXT_COLUMNS: Final = frozenset({"Contract", "Section", "Lead"})


@dataclass(frozen=True, slots=True)
class ScoreTable:
    """A ``ScoreTable``: its column names and its rows (one value per column; ``None`` for absent)."""

    columns: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]

    def __post_init__(self) -> None:
        for n, row in enumerate(self.rows, start=1):
            if len(row) != len(self.columns):
                raise ScoringError(
                    "score_table",
                    gettext_noop("row %(n)s has %(count)s values for %(count2)s columns"),
                    n=n,
                    count=len(row),
                    count2=len(self.columns),
                )


@dataclass(frozen=True, slots=True)
class PbnResult:
    """One table's result on a board (a game of its own): the players (West, North, East, South), the
    declarer (N E S W; "" when passed out or when no contract stands), the contract ("4HX", "Pass"; "" when
    none stands, an adjusted score), the declarer's tricks, the supplemental tags (name, value: ``Round``,
    ``Score``...) and a comment (an adjusted score's ruling)."""

    players: tuple[str, str, str, str] = ("", "", "", "")
    declarer: str = ""
    contract: str = ""
    tricks: int | None = None
    tags: tuple[tuple[str, str], ...] = ()
    comment: str = ""
    lead: str = ""  # the opening lead ("HQ"): the first card of the game's Play section

    def __post_init__(self) -> None:
        if self.declarer not in ("", *SEATS):
            raise ScoringError(
                "declarer",
                gettext_noop("must be one of N, E, S, W or empty, got %(declarer)r"),
                declarer=self.declarer,
            )
        if self.lead and (self.lead not in CARDS or not self.declarer):
            raise ScoringError(
                "lead", gettext_noop("must be a card led against a declarer, got %(lead)r"), lead=self.lead
            )
        if self.tricks is not None and not 0 <= self.tricks <= 13:
            raise ScoringError("tricks", gettext_noop("must be 0 to 13, got %(tricks)s"), tricks=self.tricks)


@dataclass(frozen=True, slots=True)
class PbnGame:
    """One game: the board's number, dealer (N E S W), vulnerability, deal (``N:...`` as PBN writes it),
    the event's scoring method (PBN 3.4.12), optionally a table's result and the board's results (its
    ``ScoreTable``)."""

    board: int
    dealer: str
    deal: str
    vulnerable: str = "None"
    results: ScoreTable | None = None
    scoring: str = ""
    played: PbnResult | None = None

    def __post_init__(self) -> None:
        if self.board < 1:
            raise ScoringError("board", gettext_noop("must be 1 or more, got %(board)s"), board=self.board)
        if self.dealer not in SEATS:
            raise ScoringError(
                "dealer", gettext_noop("must be one of N, E, S, W, got %(dealer)r"), dealer=self.dealer
            )
        if self.vulnerable not in VULNERABLE:
            raise ScoringError(
                "vulnerable",
                gettext_noop("must be one of %(choices)s, got %(vulnerable)r"),
                choices=", ".join(VULNERABLE),
                vulnerable=self.vulnerable,
            )


def tag_value(text: str) -> str:
    """A tag's value as PBN writes it: a backslash and a quote escaped (PBN 3.3), line ends made spaces."""
    text = " ".join(text.splitlines())
    return text.replace("\\", "\\\\").replace('"', '\\"')


def tag(name: str, value: str, *, raw: bool = False) -> str:
    """A tag pair; ``raw``: the value written as it is (a table's column list, whose ``\\`` is no escape)."""
    return f'[{name} "{value if raw else tag_value(value)}"]'


def cell_text(value: Cell) -> str:
    """One table value: ``-`` when absent, an exact value as a decimal to two places (rounded half away
    from zero), a text with a space or a quote in it quoted."""
    if value is None or value == "":
        return "-"
    if isinstance(value, Fraction):
        return decimal_text(value)
    if isinstance(value, int):
        return str(value)
    if any(c.isspace() or c == '"' for c in value):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return value


def decimal_text(value: Fraction, places: int = 2) -> str:
    """An exact value to ``places`` decimals, half away from zero: Fraction(508, 3) -> "169.33"."""
    scale = 10**places
    scaled = abs(value) * scale
    whole = int(scaled + Fraction(1, 2))
    sign = "-" if value < 0 and whole else ""
    return f"{sign}{whole // scale}.{whole % scale:0{places}d}"


def table_lines(name: str, table: ScoreTable) -> list[str]:
    """A table tag and its rows, each column as wide as its widest value (PBN 5.2)."""
    texts = [[cell_text(v) for v in row] for row in table.rows]
    widths = [max([1, *(len(r[i]) for r in texts)]) for i in range(len(table.columns))]
    aligns = ["L" if col in TEXT_COLUMNS else "R" for col in table.columns]
    header = ";".join(f"{col}\\{w}{a}" for col, w, a in zip(table.columns, widths, aligns, strict=True))
    lines = [tag(name, header, raw=True)]
    for r in texts:
        cells = (t.ljust(w) if a == "L" else t.rjust(w) for t, w, a in zip(r, widths, aligns, strict=True))
        lines.append(" ".join(cells).rstrip())
    return lines


def comment_line(text: str) -> str:
    """A brace comment (PBN 3.8) on a line of its own: a closing brace in it made a parenthesis."""
    return "{" + " ".join(text.replace("}", ")").splitlines()) + "}"


def game_lines(game: PbnGame, *, event: str, site: str, date: str) -> list[str]:
    played = game.played or PbnResult()
    west, north, east, south = played.players
    lines = [
        tag("Event", event),
        tag("Site", site),
        tag("Date", date),
        tag("Board", str(game.board)),
        tag("West", west),
        tag("North", north),
        tag("East", east),
        tag("South", south),
        tag("Dealer", game.dealer),
        tag("Vulnerable", game.vulnerable),
        tag("Deal", game.deal),
        tag("Scoring", game.scoring),
        tag("Declarer", played.declarer),
        tag("Contract", played.contract),
        tag("Result", "" if played.tricks is None else str(played.tricks)),
    ]
    if played.comment:
        lines.append(comment_line(played.comment))
    if played.lead:
        lines += play_lines(played.declarer, played.lead)
    supplemental: list[tuple[str, list[str]]] = [(name, [tag(name, value)]) for name, value in played.tags]
    if game.results is not None:
        supplemental.append(("ScoreTable", table_lines("ScoreTable", game.results)))
    for _name, tag_lines in sorted(supplemental, key=lambda item: item[0]):
        lines += tag_lines
    return lines


def play_lines(declarer: str, lead: str) -> list[str]:
    """The Play section of a game whose opening lead alone is known (PBN 2.1 section 3.5): the tag's value
    is the opening leader (law 41A: declarer's left-hand opponent), each line a trick with the cards in
    the order of the players from the leader clockwise, ``-`` for a card not known, ``*`` ending the play
    recorded."""
    leader = SEATS[(SEATS.index(declarer) + 1) % 4]
    return [tag("Play", leader), f"{lead} - - -", "*"]


def write_pbn(games: Sequence[PbnGame], *, event: str, site: str = "", date: str = "") -> str:
    """The PBN file: a ``% PBN 2.1`` header, then the games, an empty line between games.
    ``date``: PBN's ``YYYY.MM.DD`` (``?`` for an unknown digit)."""
    out = ["% PBN 2.1", "% Kalamazoo hand records"]
    for game in games:
        out.append("")
        out += game_lines(game, event=event, site=site, date=date)
    return NEWLINE.join(out) + NEWLINE


__all__ = [
    "NEWLINE",
    "Cell",
    "PbnGame",
    "PbnResult",
    "ScoreTable",
    "cell_text",
    "decimal_text",
    "play_lines",
    "tag_value",
    "write_pbn",
]
