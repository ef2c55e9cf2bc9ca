"""USEBIO 1.2, the EBU's XML results format: read another scorer's file, write one for results sites.

Pure (no Django): ``read_usebio(bytes) -> UsebioEvent`` and ``write_usebio(UsebioEvent) -> bytes``. The
element structure follows the files EBUScore, Compscore, RealBridge and the EBU's own examples write (see
docs/usebio.md): USEBIO > EVENT > [SESSION > [SECTION >]] PARTICIPANTS and BOARD > TRAVELLER_LINE for pairs
events, MATCH > BOARD > TRAVELLER_LINE for teams, and the hands in USEBIO > HANDSET > BOARD > HAND.
Kalamazoo recomputes the standings; what the file's scorer published (each pair's TOTAL_SCORE, PERCENTAGE and
PLACE, each line's matchpoints or IMPs, each Butler board's BOARD_AVERAGE) is read as written, to be kept.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from lxml import etree

from scoring.codes import ScoringCode
from scoring.contract import Contract, Seat, Side, is_pass
from scoring.deal import Deal
from scoring.errors import ScoringError, gettext_noop
from scoring.law77 import parse_vulnerability, vulnerability_for_board
from scoring.usebio_model import (
    PAIRS_EVENT_TYPES,
    TEAM_EVENT_TYPES,
    UsebioAdjustment,
    UsebioBoard,
    UsebioError,
    UsebioEvent,
    UsebioLine,
    UsebioMatch,
    UsebioPair,
    UsebioPlayer,
    UsebioTeam,
)

# The file's contents (scoring.usebio_model) are read and written from here.
__all__ = [
    "DOCTYPE",
    "ENCODING",
    "LINE_FIGURE_ELEMENTS",
    "MAX_DATUM",
    "PAIRS_EVENT_TYPES",
    "PROGRAM_NAME",
    "TEAM_EVENT_TYPES",
    "VERSION",
    "BoardFigures",
    "UsebioAdjustment",
    "UsebioBoard",
    "UsebioError",
    "UsebioEvent",
    "UsebioLine",
    "UsebioMatch",
    "UsebioPair",
    "UsebioPlayer",
    "UsebioTeam",
    "add_child",
    "read_usebio",
    "standard_dealer",
    "usebio_bytes",
    "usebio_root",
    "write_boards",
    "write_pair",
    "write_usebio",
]

VERSION: Final = "1.2"
DOCTYPE: Final = '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">'
ENCODING: Final = "iso-8859-1"  # as the EBU's example files; lxml writes other characters as &#NNN;
PROGRAM_NAME: Final = "Kalamazoo"
# EVENT_TYPE values Kalamazoo knows; a file's other values are kept as written.

_SEATS: Final = (Seat.N, Seat.E, Seat.S, Seat.W)
_SEAT_WORDS: Final = {"N": Seat.N, "E": Seat.E, "S": Seat.S, "W": Seat.W}
_SEAT_NAMES: Final = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}
# USEBIO lists a hand's suits clubs first; PBN (and Deal) spades first.
_SUIT_ELEMENTS: Final = (("SPADES", "S"), ("HEARTS", "H"), ("DIAMONDS", "D"), ("CLUBS", "C"))
_ADJUSTED_RE: Final = re.compile(r"A(\d{2})(\d{2})")  # "A6040": 60% to North-South, 40% to East-West
_SCORE_RE: Final = re.compile(r"[+-]?\d+")
# A published figure Kalamazoo keeps: a decimal number as scorers write them ("12.00", "-3.5", "63.89").
_FIGURE_RE: Final = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)")
_PLACE_RE: Final = re.compile(r"\d+=?")  # "3", "3=" (tied)
# The elements of a line's published figure, by scoring: the first a line gives is read.
_LINE_FIGURES: Final = ("MATCH_POINTS", "BUTLER_POINTS", "CROSS_IMP_POINTS", "IMPS")


def standard_dealer(board: int) -> Seat:
    """Law 2: board 1 is dealt by North, 2 East, 3 South, 4 West, and so on round."""
    return _SEATS[(board - 1) % 4]


# --- reading ---------------------------------------------------------------------------------------------


def _line_number(value: object) -> int | None:
    return value if isinstance(value, int) else None


def _fail(element: etree._Element, message: str, /, **params: object) -> UsebioError:
    return UsebioError(str(element.tag), _line_number(element.sourceline), message, **params)


def _text(element: etree._Element, child: str) -> str | None:
    """The stripped text of ``element``'s first ``child``; None when absent or empty."""
    found = element.find(child)
    if found is None or found.text is None:
        return None
    return found.text.strip() or None


def _required(element: etree._Element, child: str) -> str:
    value = _text(element, child)
    if value is None:
        raise _fail(element, gettext_noop("has no %(child)s"), child=child)
    return value


def _int(element: etree._Element, child: str) -> int | None:
    value = _text(element, child)
    if value is None:
        return None
    if not _SCORE_RE.fullmatch(value):
        found = element.find(child)
        assert found is not None
        raise _fail(found, gettext_noop("must be a whole number, got %(value)r"), value=value)
    return int(value)


def _side(element: etree._Element, child: str) -> Side | None:
    value = _text(element, child)
    if value is None:
        return None
    try:
        return Side(value.upper())
    except ValueError:
        raise _fail(
            element, gettext_noop("%(child)s must be NS or EW, got %(value)r"), child=child, value=value
        ) from None


def _seat(element: etree._Element, child: str) -> Seat | None:
    """A seat written "N" or "North" (any case)."""
    value = _text(element, child)
    if value is None:
        return None
    seat = _SEAT_WORDS.get(value[:1].upper())
    if seat is None or (len(value) > 1 and value.upper() != _SEAT_NAMES[seat].upper()):
        raise _fail(
            element, gettext_noop("%(child)s must be N, E, S or W, got %(value)r"), child=child, value=value
        )
    return seat


def _section_of(element: etree._Element) -> str | None:
    for ancestor in element.iterancestors("SECTION"):
        return ancestor.get("SECTION_ID")
    return None


def _parse(data: bytes) -> etree._Element:
    if not isinstance(data, bytes):
        raise UsebioError("USEBIO", None, gettext_noop("the file must be given as bytes"))
    # No DTD loading, no entity expansion, no network: a hostile file cannot reach out or blow up.
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False)
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as error:
        # libxml2's message may run on a second line (", line 340, column 9"): the line is given apart.
        message = error.msg.splitlines()[0] if error.msg else ""
        raise UsebioError(
            "USEBIO",
            _line_number(error.lineno),
            gettext_noop("not well-formed XML: %(message)s"),
            message=message,
        ) from None
    if root is None or root.tag != "USEBIO":
        tag = "nothing" if root is None else f"<{root.tag}>"
        raise UsebioError(
            "USEBIO",
            None if root is None else _line_number(root.sourceline),
            gettext_noop("the root is %(tag)s"),
            tag=tag,
        )
    return root


def _player(element: etree._Element) -> UsebioPlayer:
    return UsebioPlayer(
        name=_required(element, "PLAYER_NAME"),
        national_id=_text(element, "NATIONAL_ID_NUMBER"),
        club_id=_text(element, "CLUB_ID_NUMBER"),
    )


def _pair(element: etree._Element, *, in_team: bool) -> UsebioPair:
    players = tuple(_player(player) for player in element.findall("PLAYER"))
    if not players:
        raise _fail(element, gettext_noop("has no PLAYER"))
    return UsebioPair(
        number=_required(element, "PAIR_NUMBER"),
        players=players,
        direction=None if in_team else _side(element, "DIRECTION"),
        section=_section_of(element),
        published_score=_figure(element, "TOTAL_SCORE"),
        published_percentage=_figure(element, "PERCENTAGE"),
        published_place=_figure(element, "PLACE", _PLACE_RE),
    )


def _figure(element: etree._Element, name: str, pattern: re.Pattern[str] = _FIGURE_RE) -> str | None:
    """A published figure as written ("12.00"); None when absent, empty, or not written as ``pattern`` (a
    figure the file's scorer published, kept beside the results: one written otherwise, "63,89" or "45%", is
    not kept, and Kalamazoo's own is shown; the file still imports)."""
    text = _text(element, name)
    if text is None or not pattern.fullmatch(text):
        return None
    return text


def _line_figures(element: etree._Element) -> tuple[str | None, str | None]:
    """The line's published matchpoints or IMPs of each side: the first kind (``_LINE_FIGURES``) it gives."""
    for kind in _LINE_FIGURES:
        ns, ew = _figure(element, f"NS_{kind}"), _figure(element, f"EW_{kind}")
        if ns is not None or ew is not None:
            return ns, ew
    return None, None


def _participants(event: etree._Element) -> tuple[list[UsebioPair], list[UsebioTeam]]:
    pairs: list[UsebioPair] = []
    teams: list[UsebioTeam] = []
    for participants in event.iter("PARTICIPANTS"):
        for child in participants:
            if child.tag == "PAIR":
                pairs.append(_pair(child, in_team=False))
            elif child.tag == "TEAM":
                number = child.get("TEAM_ID") or _text(child, "TEAM_ID")
                if number is None:
                    raise _fail(child, gettext_noop("has no TEAM_ID"))
                name = child.get("TEAM_NAME") or _text(child, "TEAM_NAME") or number
                members = tuple(_pair(pair, in_team=True) for pair in child.findall("PAIR"))
                teams.append(UsebioTeam(number=number.strip(), name=name.strip(), pairs=members))
            elif child.tag == "PLAYER":
                raise _fail(
                    child, gettext_noop("individual events are not supported (a PLAYER among PARTICIPANTS)")
                )
    return pairs, teams


def _contract(line: etree._Element) -> tuple[Contract | None, bool]:
    """The CONTRACT: (contract, passed out); (None, False) when the element is absent or empty."""
    text = _text(line, "CONTRACT")
    if text is None:
        return None, False
    if is_pass(text) or text.upper() in {"AP", "ALL PASS", "PASSED OUT"}:
        return None, True
    try:
        return Contract.parse(text, ScoringCode.CONTRACT), False  # no royal spades
    except ScoringError:
        found = line.find("CONTRACT")
        assert found is not None
        raise _fail(
            found, gettext_noop('must be a contract such as "4S", "3NTx" or PASS, got %(text)r'), text=text
        ) from None


def _score(line: etree._Element) -> tuple[int | None, UsebioAdjustment | None]:
    text = _text(line, "SCORE")
    if text is None:
        return None, None
    adjusted = _ADJUSTED_RE.fullmatch(text.upper())
    if adjusted:
        return None, UsebioAdjustment(int(adjusted[1]), int(adjusted[2]))
    if not _SCORE_RE.fullmatch(text):
        found = line.find("SCORE")
        assert found is not None
        raise _fail(
            found,
            gettext_noop('must be North-South\'s score or an adjustment such as "A6040", got %(text)r'),
            text=text,
        )
    return int(text), None


_Known = frozenset[tuple[str | None, str]]  # (section, pair number) of every pair PARTICIPANTS lists


def _check_pairs(element: etree._Element, line: UsebioLine, known: _Known) -> None:
    if not known:  # a file without PARTICIPANTS: nothing to check against
        return
    for child, number in (("NS_PAIR_NUMBER", line.ns_pair), ("EW_PAIR_NUMBER", line.ew_pair)):
        if (line.section, number) not in known:
            where = "" if line.section is None else f" of section {line.section}"
            raise _fail(
                element,
                gettext_noop("%(child)s %(number)r is not a pair%(where)s among the PARTICIPANTS"),
                child=child,
                number=number,
                where=where,
            )


def _line(element: etree._Element, board: int, round_: int | None, known: _Known) -> UsebioLine:
    contract, passed_out = _contract(element)
    score, adjustment = _score(element)
    tricks = _int(element, "TRICKS")
    if tricks is not None and not 0 <= tricks <= 13:
        raise _fail(element, gettext_noop("TRICKS must be from 0 to 13, got %(tricks)s"), tricks=tricks)
    line_round = _int(element, "ROUND_NUMBER")
    if line_round is None:
        line_round = _int(element, "ROUND")
    published_ns, published_ew = _line_figures(element)
    line = UsebioLine(
        board=board,
        ns_pair=_required(element, "NS_PAIR_NUMBER"),
        ew_pair=_required(element, "EW_PAIR_NUMBER"),
        contract=contract,
        declarer=_seat(element, "PLAYED_BY"),
        tricks=tricks,
        score=0 if passed_out and score is None and adjustment is None else score,
        passed_out=passed_out,
        adjustment=adjustment,
        lead=_text(element, "LEAD"),
        round=line_round if line_round is not None else round_,
        section=_section_of(element),
        direction=_side(element, "DIRECTION"),
        published_ns=published_ns,
        published_ew=published_ew,
    )
    _check_pairs(element, line, known)
    return line


def _board_lines(board: etree._Element, round_: int | None, known: _Known) -> Iterator[UsebioLine]:
    number = _int(board, "BOARD_NUMBER")
    if number is None or number < 1:
        raise _fail(board, gettext_noop("has no BOARD_NUMBER (a whole number from 1)"))
    for line in board.findall("TRAVELLER_LINE"):
        yield _line(line, number, round_, known)


def _check_lines_in_boards(event: etree._Element) -> None:
    for line in event.iter("TRAVELLER_LINE"):
        parent = line.getparent()
        if parent is None or parent.tag != "BOARD":
            raise _fail(line, gettext_noop("is not inside a BOARD, so it has no board number"))


def _matches(event: etree._Element, known: _Known) -> list[UsebioMatch]:
    matches = []
    for match in event.iter("MATCH"):
        round_ = _int(match, "ROUND_NUMBER")
        lines = tuple(line for board in match.findall("BOARD") for line in _board_lines(board, round_, known))
        matches.append(
            UsebioMatch(
                round=round_,
                team=_required(match, "TEAM"),
                opposing_team=_required(match, "OPPOSING_TEAM"),
                lines=lines,
            )
        )
    return matches


def _pairs_lines(event: etree._Element, known: _Known) -> list[UsebioLine]:
    lines: list[UsebioLine] = []
    for board in event.iter("BOARD"):
        if next(board.iterancestors("MATCH"), None) is None:
            lines.extend(_board_lines(board, None, known))
    return lines


#: The largest datum a board's scores can have (no contract bridge score reaches 10,000).
MAX_DATUM: Final = 10_000


def _published_datums(event: etree._Element) -> list[tuple[int, int]]:
    """Each pairs BOARD's BOARD_AVERAGE (Butler's datum as the file's scorer published it), by board."""
    datums: dict[int, int] = {}
    for board in event.iter("BOARD"):
        number, datum = _int(board, "BOARD_NUMBER"), _figure(board, "BOARD_AVERAGE")
        if number is None or datum is None or next(board.iterancestors("MATCH"), None) is not None:
            continue
        exact = Fraction(datum)
        if abs(exact) > MAX_DATUM:
            found = board.find("BOARD_AVERAGE")
            assert found is not None
            raise _fail(
                found,
                gettext_noop("must be a score from -%(max_datum)s to %(max_datum)s, got %(datum)r"),
                max_datum=MAX_DATUM,
                datum=datum,
            )
        if exact.denominator == 1:  # a datum is a whole score; "117.00" is 117, a fraction is not kept
            datums[number] = int(exact)
    return sorted(datums.items())


def _hands(board: etree._Element, number: int) -> Deal:
    suits: dict[Seat, str] = {}
    for hand in board.findall("HAND"):
        seat = _seat(hand, "DIRECTION")
        if seat is None:
            raise _fail(hand, gettext_noop("has no DIRECTION"))
        if seat in suits:
            raise _fail(
                hand,
                gettext_noop("board %(number)s gives %(seat)s's hand twice"),
                number=number,
                seat=_SEAT_NAMES[seat],
            )
        suits[seat] = ".".join((_text(hand, name) or "").replace("10", "T") for name, _ in _SUIT_ELEMENTS)
    missing = [_SEAT_NAMES[seat] for seat in _SEATS if seat not in suits]
    if missing:
        raise _fail(
            board,
            gettext_noop("board %(number)s has no hand for %(missing)s"),
            number=number,
            missing=", ".join(missing),
        )
    try:
        return Deal.parse_pbn("N:" + " ".join(suits[seat] for seat in _SEATS))
    except ScoringError as error:
        raise _fail(board, gettext_noop("board %(number)s: %(error)s"), number=number, error=error) from None


def _handset(root: etree._Element) -> list[UsebioBoard]:
    boards: dict[int, UsebioBoard] = {}
    for handset in root.iter("HANDSET"):
        for board in handset.findall("BOARD"):
            number = _int(board, "BOARD_NUMBER")
            if number is None or number < 1:
                raise _fail(board, gettext_noop("has no BOARD_NUMBER (a whole number from 1)"))
            if number in boards:
                raise _fail(board, gettext_noop("board %(number)s's hands are given twice"), number=number)
            dealer = _seat(board, "DEALER") or standard_dealer(number)
            vulnerable = _text(board, "VULNERABILITY")
            try:
                vulnerability = (
                    vulnerability_for_board(number) if vulnerable is None else parse_vulnerability(vulnerable)
                )
            except ScoringError:
                raise _fail(
                    board,
                    gettext_noop("VULNERABILITY must be None, NS, EW or All, got %(vulnerable)r"),
                    vulnerable=vulnerable,
                ) from None
            boards[number] = UsebioBoard(number, _hands(board, number), dealer, vulnerability)
    return [boards[number] for number in sorted(boards)]


def _at_most_lines(root: etree._Element, limit: int) -> None:
    """A UsebioError at the first TRAVELLER_LINE past ``limit`` (the rest not even counted)."""
    for count, line in enumerate(root.iter("TRAVELLER_LINE"), start=1):
        if count > limit:
            raise _fail(
                line,
                gettext_noop("the file holds more than %(limit)s traveller lines, the most an event holds"),
                limit=format(limit, ","),
            )


def _date(event: etree._Element) -> datetime.date | None:
    text = _text(event, "DATE")
    if text is None:
        return None
    try:
        return datetime.datetime.strptime(text, "%d/%m/%Y").date()
    except ValueError:
        found = event.find("DATE")
        assert found is not None
        raise _fail(
            found, gettext_noop("must be a date written DD/MM/YYYY, got %(text)r"), text=text
        ) from None


def read_usebio(data: bytes, *, max_lines: int | None = None) -> UsebioEvent:
    """Read a USEBIO file's one EVENT: participants, traveller lines and hands.

    Raises UsebioError (a ValueError) naming the element and its line for anything it cannot read; with
    ``max_lines``, for a file of more traveller lines, counted before any of them is read.
    """
    root = _parse(data)
    if max_lines is not None:
        _at_most_lines(root, max_lines)
    events = root.findall("EVENT")
    if len(events) != 1:
        raise _fail(root, gettext_noop("must hold exactly one EVENT, found %(count)s"), count=len(events))
    event = events[0]
    event_type = (event.get("EVENT_TYPE") or "").strip().upper()
    if not event_type:
        raise _fail(event, gettext_noop("has no EVENT_TYPE attribute"))
    sessions = event.findall("SESSION")
    if len(sessions) > 1:
        # Pair numbers and boards start again in each session: merging them would mix two contests.
        raise _fail(
            sessions[1],
            gettext_noop("the EVENT holds %(count)s SESSIONs; Kalamazoo reads one session a file"),
            count=len(sessions),
        )
    _check_lines_in_boards(event)
    pairs, teams = _participants(event)
    every_pair = pairs + [pair for team in teams for pair in team.pairs]
    known = frozenset((pair.section, pair.number) for pair in every_pair)
    club = root.find("CLUB")
    return UsebioEvent(
        event_type=event_type,
        name=_text(event, "EVENT_DESCRIPTION") or _text(event, "TITLE") or "",
        date=_date(event),
        board_scoring_method=_text(event, "BOARD_SCORING_METHOD"),
        club_name=None if club is None else _text(club, "CLUB_NAME"),
        club_number=None if club is None else _text(club, "CLUB_ID_NUMBER"),
        program_name=_text(event, "PROGRAM_NAME"),
        boards_per_round=_int(event, "BOARDS_PER_ROUND"),
        pairs=tuple(pairs),
        teams=tuple(teams),
        lines=tuple(_pairs_lines(event, known)),
        matches=tuple(_matches(event, known)),
        boards=tuple(_handset(root)),
        published_datums=tuple(_published_datums(event)),
    )


# --- writing ---------------------------------------------------------------------------------------------

# A traveller line's matchpoints or IMPs, by the event's BOARD_SCORING_METHOD: NS_ and EW_ these, as
# Compscore, EBUScore and ScoreBridge write them (a team match's IMPs are its BOARDs' TEAM_POINTS instead).
LINE_FIGURE_ELEMENTS: Final = {
    "MATCH_POINTS": "MATCH_POINTS",
    "BUTLER": "BUTLER_POINTS",
    "CROSS_IMPS": "CROSS_IMP_POINTS",
}


def add_child(parent: etree._Element, tag: str, text: object | None = None) -> etree._Element:
    child = etree.SubElement(parent, tag)
    if text is not None:
        # Stripped as the reader strips, so that a file reads back as it was written.
        try:
            child.text = str(text).strip()
        except ValueError:  # lxml: a control character XML 1.0 cannot carry
            raise UsebioError(
                tag, None, gettext_noop("cannot be written in XML: %(text)r"), text=str(text)
            ) from None
    return child


def _add_given(parent: etree._Element, children: Iterable[tuple[str, object | None]]) -> None:
    """Each (tag, text) in order, those whose text is None left out."""
    for tag, text in children:
        if text is not None:
            add_child(parent, tag, text)


def write_pair(parent: etree._Element, pair: UsebioPair) -> None:
    """A PAIR: its number, its line (a Mitchell's), its standing as published, its masterpoints, then its
    players, in the order of the EBU's and Compscore's files."""
    element = add_child(parent, "PAIR")
    add_child(element, "PAIR_NUMBER", pair.number)
    _add_given(
        element,
        (
            ("DIRECTION", None if pair.direction is None else pair.direction.value),
            ("PERCENTAGE", pair.published_percentage),
            ("TOTAL_SCORE", pair.published_score),
            ("PLACE", pair.published_place),
            ("MASTER_POINTS_AWARDED", pair.masterpoints),
        ),
    )
    for player in pair.players:
        tag = add_child(element, "PLAYER")
        add_child(tag, "PLAYER_NAME", player.name)
        if player.club_id is not None:
            add_child(tag, "CLUB_ID_NUMBER", player.club_id)
        # Written empty when not known (or not shown): readers that look it up (abftech/cobalt's) find it.
        add_child(tag, "NATIONAL_ID_NUMBER", player.national_id or "")


@dataclass(frozen=True, slots=True)
class BoardFigures:
    """What a BOARD element carries besides its lines: the lines' figure (``LINE_FIGURE_ELEMENTS``), each
    board's datum (BOARD_AVERAGE) and a team match's IMPs (TEAM_POINTS, OPPOSING_TEAM_POINTS)."""

    line_figure: str | None = None
    datums: dict[int, int] | None = None
    team_points: dict[int, tuple[str, str]] | None = None
    match_round: int | None = None  # a MATCH's ROUND_NUMBER: its lines' round, not written again


def _write_line(parent: etree._Element, line: UsebioLine, figures: BoardFigures) -> None:
    element = add_child(parent, "TRAVELLER_LINE")
    if line.direction is not None:
        add_child(element, "DIRECTION", line.direction.value)
    add_child(element, "NS_PAIR_NUMBER", line.ns_pair)
    add_child(element, "EW_PAIR_NUMBER", line.ew_pair)
    if line.round is not None and line.round != figures.match_round:  # the MATCH's round is its lines'
        add_child(element, "ROUND_NUMBER", line.round)
    if line.passed_out:
        add_child(element, "CONTRACT", "PASS")
    elif line.contract is not None:
        contract = line.contract
        add_child(
            element, "CONTRACT", f"{contract.level}{contract.strain.value}{'x' * contract.doubling.value}"
        )
    if line.declarer is not None:
        add_child(element, "PLAYED_BY", line.declarer.value)
    if line.lead is not None:
        add_child(element, "LEAD", line.lead)
    if line.tricks is not None:
        add_child(element, "TRICKS", line.tricks)
    if line.adjustment is not None:
        add_child(element, "SCORE", line.adjustment)
    elif line.score is not None:
        add_child(element, "SCORE", line.score)
    figure = figures.line_figure
    if figure is not None:
        _add_given(element, ((f"NS_{figure}", line.published_ns), (f"EW_{figure}", line.published_ew)))


def write_boards(parent: etree._Element, lines: Iterable[UsebioLine], figures: BoardFigures) -> None:
    by_board: dict[int, list[UsebioLine]] = {}
    for line in lines:
        by_board.setdefault(line.board, []).append(line)
    datums = figures.datums or {}
    team_points = figures.team_points or {}
    for number in sorted(by_board):
        board = add_child(parent, "BOARD")
        add_child(board, "BOARD_NUMBER", number)
        if number in datums:
            add_child(board, "BOARD_AVERAGE", datums[number])
        if number in team_points:
            add_child(board, "TEAM_POINTS", team_points[number][0])
            add_child(board, "OPPOSING_TEAM_POINTS", team_points[number][1])
        for line in by_board[number]:
            _write_line(board, line, figures)


def _write_pairs(element: etree._Element, event: UsebioEvent) -> None:
    """The pairs and boards straight in EVENT, as Compscore and ScoreBridge write them (and results systems
    such as abftech/cobalt read them); an event of several sections in SESSION > SECTION, as EBUScore
    writes them, each section's pair numbers its own."""
    figures = BoardFigures(
        LINE_FIGURE_ELEMENTS.get((event.board_scoring_method or "").upper()), dict(event.published_datums)
    )
    sections = sorted(
        {pair.section for pair in event.pairs} | {line.section for line in event.lines},
        key=lambda section: (section is not None, section or ""),
    )
    if sections in ([], [None]):
        participants = add_child(element, "PARTICIPANTS")
        participants.set("EVENT_TYPE", event.event_type)
        for pair in event.pairs:
            write_pair(participants, pair)
        write_boards(element, event.lines, figures)
        return
    session = add_child(element, "SESSION")
    session.set("SESSION_ID", "1")
    for section in sections:
        parent = session if section is None else add_child(session, "SECTION")
        if section is not None:
            parent.set("SECTION_ID", section)
        participants = add_child(parent, "PARTICIPANTS")
        for pair in event.pairs:
            if pair.section == section:
                write_pair(participants, pair)
        write_boards(parent, (line for line in event.lines if line.section == section), figures)


def _write_teams(element: etree._Element, event: UsebioEvent) -> None:
    session = add_child(element, "SESSION")
    session.set("SESSION_ID", "1")
    participants = add_child(session, "PARTICIPANTS")
    for team in event.teams:
        team_element = add_child(participants, "TEAM")
        team_element.set("TEAM_ID", team.number)
        team_element.set("TEAM_NAME", team.name)
        _add_given(team_element, (("TOTAL_SCORE", team.total_score), ("PLACE", team.place)))
        for pair in team.pairs:
            write_pair(team_element, pair)
    for match in event.matches:
        match_element = add_child(session, "MATCH")
        if match.round is not None:
            add_child(match_element, "ROUND_NUMBER", match.round)
        add_child(match_element, "TEAM", match.team)
        add_child(match_element, "OPPOSING_TEAM", match.opposing_team)
        _add_given(
            match_element,
            (("TEAM_SCORE", match.team_score), ("OPPOSING_TEAM_SCORE", match.opposing_team_score)),
        )
        points = {board: (ours, theirs) for board, ours, theirs in match.board_points}
        write_boards(match_element, match.lines, BoardFigures(team_points=points, match_round=match.round))


def _write_handset(root: etree._Element, boards: tuple[UsebioBoard, ...]) -> None:
    handset = add_child(root, "HANDSET")
    for board in sorted(boards, key=lambda board: board.number):
        element = add_child(handset, "BOARD")
        add_child(element, "BOARD_NUMBER", board.number)
        # Dealer and vulnerability go only when not the standard ones for the board number (law 2).
        if board.dealer is not standard_dealer(board.number):
            add_child(element, "DEALER", board.dealer.value)
        if board.vulnerability is not vulnerability_for_board(board.number):
            add_child(element, "VULNERABILITY", board.vulnerability.value)
        for seat in _SEATS:
            hand = add_child(element, "HAND")
            add_child(hand, "DIRECTION", _SEAT_NAMES[seat])
            for name, suit in reversed(_SUIT_ELEMENTS):  # clubs first, as scorers write them
                add_child(hand, name, board.deal.hand(seat).suit(suit))


def write_usebio(event: UsebioEvent) -> bytes:
    """The event as a USEBIO 1.2 file: XML declaration, DOCTYPE, then USEBIO > [CLUB] > EVENT > HANDSET.

    A pairs event's PARTICIPANTS and BOARDs go straight in EVENT (in SESSION > SECTION when it has several
    sections), each pair with its DIRECTION, PERCENTAGE, TOTAL_SCORE, PLACE and MASTER_POINTS_AWARDED when
    given, each line with its matchpoints or IMPs, each Butler board with its BOARD_AVERAGE; a team event's
    in SESSION > PARTICIPANTS > TEAM and MATCH, with the teams' and the MATCHes' figures when given."""
    root, element = usebio_root(event, name=event.name, date=event.date, sessions=1)
    sections = {pair.section for pair in event.pairs if pair.section is not None}
    add_child(element, "SECTION_COUNT", max(1, len(sections)))
    add_child(element, "BOARDS_PLAYED", len({line.board for line in event.all_lines()}))
    _add_given(element, (("BOARDS_PER_ROUND", event.boards_per_round), ("WINNER_TYPE", event.winner_type)))
    if event.is_teams:
        _write_teams(element, event)
    else:
        _write_pairs(element, event)
    if event.boards:
        _write_handset(root, event.boards)
    return usebio_bytes(root)


def usebio_root(
    event: UsebioEvent, *, name: str, date: datetime.date | None, sessions: int
) -> tuple[etree._Element, etree._Element]:
    """(USEBIO root, EVENT): the CLUB when given, the EVENT's heading (PROGRAM_NAME: Kalamazoo, always)."""
    root = etree.Element("USEBIO", Version=VERSION)
    if event.club_name is not None or event.club_number is not None:
        club = add_child(root, "CLUB")
        _add_given(club, (("CLUB_NAME", event.club_name), ("CLUB_ID_NUMBER", event.club_number)))
    element = add_child(root, "EVENT")
    element.set("EVENT_TYPE", event.event_type)
    written = date.strftime("%d/%m/%Y") if date is not None else None
    given = (("BOARD_SCORING_METHOD", event.board_scoring_method), ("PROGRAM_NAME", PROGRAM_NAME))
    _add_given(element, (*given, ("EVENT_DESCRIPTION", name), ("DATE", written)))
    add_child(element, "SESSION_COUNT", sessions)
    return root, element


def usebio_bytes(root: etree._Element) -> bytes:
    """The file's bytes: the XML declaration, the DOCTYPE, the indented tree."""
    etree.indent(root, space="  ")
    body = etree.tostring(root, encoding=ENCODING, xml_declaration=False)
    assert isinstance(body, bytes)  # an encoding given: bytes, never str
    return f'<?xml version="1.0" encoding="{ENCODING}"?>\n{DOCTYPE}\n'.encode("ascii") + body + b"\n"
