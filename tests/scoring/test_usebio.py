"""USEBIO 1.2 reading and writing (scoring/usebio.py).

The files in tests/data/usebio/ are a real ScoreBridge file (its players' names replaced) and files with the
element structure of real files (EBUScore pairs and teams, as the EBU's own example files; Compscore3 with its
HANDSET) with Kalamazoo's own names and deals: see the README there. Their values below were checked by hand against the files; every written file is validated with lxml
against the structure those real files use (usebio_observed.dtd; the EBU's DTD itself was not found).
"""

from __future__ import annotations

import dataclasses
import datetime
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from scoring.codes import Strain
from scoring.contract import Contract, Doubling, Seat, Side
from scoring.deal import Deal
from scoring.law77 import Vulnerability
from scoring.usebio import (
    DOCTYPE,
    UsebioAdjustment,
    UsebioBoard,
    UsebioError,
    UsebioEvent,
    UsebioLine,
    UsebioMatch,
    UsebioPair,
    UsebioPlayer,
    UsebioTeam,
    read_usebio,
    standard_dealer,
    write_usebio,
)

DATA = Path(__file__).resolve().parent.parent / "data" / "usebio"
FILES = (
    "ebu_mp_pairs.xml",
    "compscore_butler_pairs.xml",
    "ebu_teams.xml",
    "realbridge_pairs.xml",
    "scorebridge_mp_pairs.xml",
    "ebu_howell_pairs.xml",
)
_PARSER = etree.XMLParser(load_dtd=False, no_network=True, resolve_entities=False)


def _read(name: str) -> UsebioEvent:
    return read_usebio((DATA / name).read_bytes())


def _valid(data: bytes) -> bool:
    dtd = etree.DTD(str(DATA / "usebio_observed.dtd"))
    return bool(dtd.validate(etree.fromstring(data, _PARSER)))


def _line(event: UsebioEvent, board: int, ns_pair: str) -> UsebioLine:
    (line,) = [line for line in event.all_lines() if line.board == board and line.ns_pair == ns_pair]
    return line


# --- the files from other scorers ---------------------------------------------------------------------------


def test_ebu_mp_pairs_counts_and_header() -> None:
    event = _read("ebu_mp_pairs.xml")
    assert (event.event_type, event.name, event.date) == (
        "MP_PAIRS",
        "Tuesday Pairs",
        datetime.date(2026, 11, 3),
    )
    assert (event.board_scoring_method, event.club_name, event.program_name) == (
        "MATCH_POINTS",
        "Kalamazoo Test Club",
        "EBUScorePairs",
    )
    assert len(event.pairs) == 8
    assert [pair.number for pair in event.pairs if pair.direction is Side.NS] == ["1", "2", "3", "4"]
    assert [pair.number for pair in event.pairs if pair.direction is Side.EW] == ["5", "6", "7", "8"]
    assert {pair.section for pair in event.pairs} == {"A"}
    assert event.pairs[5].players == (
        UsebioPlayer("Kate Moss-Hill", national_id="900111", club_id="111"),
        UsebioPlayer("Liam Nye", national_id="900112", club_id="112"),
    )
    assert len(event.lines) == 12
    assert sorted({line.board for line in event.lines}) == [1, 2, 3]
    assert event.teams == ()
    assert event.matches == ()
    assert event.boards == ()
    assert not event.is_teams
    # A pairs file gives no rounds: the importer infers them.
    assert {line.round for line in event.lines} == {None}


def test_ebu_mp_pairs_lines_hand_checked() -> None:
    event = _read("ebu_mp_pairs.xml")
    first = _line(event, 1, "1")
    assert (first.ew_pair, first.contract, first.declarer, first.tricks, first.score, first.lead) == (
        "5",
        Contract(4, Strain.S),
        Seat.N,
        10,
        420,
        "HK",
    )
    # "4Sx": doubled, one down non-vulnerable (law 77).
    doubled = _line(event, 1, "3")
    assert (doubled.contract, doubled.tricks, doubled.score) == (
        Contract(4, Strain.S, Doubling.DOUBLED),
        9,
        -100,
    )
    # SCORE A6040: an artificial adjusted score, 60% to North-South and 40% to East-West; nothing played.
    adjusted = _line(event, 1, "4")
    assert adjusted.adjustment == UsebioAdjustment(60, 40)
    assert (adjusted.contract, adjusted.declarer, adjusted.tricks, adjusted.score) == (None, None, None, None)
    assert str(adjusted.adjustment) == "A6040"
    passed = _line(event, 2, "3")
    assert (passed.passed_out, passed.contract, passed.declarer, passed.score) == (True, None, None, 0)
    redoubled = _line(event, 3, "2")
    assert (redoubled.contract, redoubled.declarer, redoubled.tricks, redoubled.score) == (
        Contract(2, Strain.S, Doubling.REDOUBLED),
        Seat.N,
        8,
        640,
    )
    slam = _line(event, 3, "4")
    assert (slam.ew_pair, slam.contract, slam.declarer, slam.score) == (
        "6",
        Contract(6, Strain.H),
        Seat.W,
        -1430,
    )


def test_compscore_butler_pairs() -> None:
    event = _read("compscore_butler_pairs.xml")
    assert (event.event_type, event.name, event.date, event.program_name) == (
        "BUTLER_PAIRS",
        "Wednesday Butler",
        datetime.date(2026, 11, 4),
        "Compscore3",
    )
    # Compscore's file has no SESSION or SECTION: PARTICIPANTS and BOARD sit in EVENT.
    assert [pair.number for pair in event.pairs] == ["1NS", "1EW", "2NS", "2EW", "3NS", "3EW"]
    assert {pair.section for pair in event.pairs} == {None}
    assert event.pairs[0].players[0] == UsebioPlayer("ZOË NÚÑEZ", national_id="3000001", club_id="11")
    assert len(event.lines) == 6
    line = _line(event, 1, "3NS")
    assert (line.ew_pair, line.contract, line.declarer, line.tricks, line.score) == (
        "2EW",
        Contract(4, Strain.H, Doubling.DOUBLED),
        Seat.E,
        9,
        100,
    )


def test_compscore_handset() -> None:
    event = _read("compscore_butler_pairs.xml")
    assert [board.number for board in event.boards] == [1, 2]
    one, two = event.boards
    assert one.deal.hand(Seat.W).suit("S") == "Q3"
    assert [one.deal.hand(Seat.E).suit(suit) for suit in "SHDC"] == ["K97642", "T", "AJ76", "T7"]
    # South's void in clubs is an empty CLUBS written after the other suits.
    assert [two.deal.hand(Seat.S).suit(suit) for suit in "SHDC"] == ["KJ654", "AJT4", "K932", ""]
    assert two.deal.to_pbn() == "N:Q98.3.T76.QT9852 732.972.AQ8.AK73 KJ654.AJT4.K932. AT.KQ865.J54.J64"
    # No DEALER or VULNERABILITY in the file: the standard ones for the board number (law 2).
    assert (one.dealer, one.vulnerability) == (Seat.N, Vulnerability.NONE)
    assert (two.dealer, two.vulnerability) == (Seat.E, Vulnerability.NS)


def test_realbridge_pairs() -> None:
    """No DOCTYPE, UTF-8, EVENT_TYPE PAIRS, an empty CLUB_NAME, contracts "1N" and "4HX", LIN_DATA ignored."""
    event = _read("realbridge_pairs.xml")
    assert (event.event_type, event.name, event.club_name, event.program_name) == (
        "PAIRS",
        "Online Duplicate",
        None,
        "RealBridge",
    )
    assert event.boards_per_round == 2
    assert [(pair.number, pair.direction) for pair in event.pairs] == [
        ("1", Side.NS),
        ("2", Side.EW),
        ("3", Side.NS),
        ("4", Side.EW),
    ]
    assert len(event.lines) == 8
    assert _line(event, 1, "1").contract == Contract(1, Strain.NT)
    doubled = _line(event, 3, "3")
    assert (doubled.ew_pair, doubled.contract, doubled.tricks, doubled.score) == (
        "2",
        Contract(4, Strain.H, Doubling.DOUBLED),
        9,
        -100,
    )
    assert _line(event, 4, "3").score == -630


def test_scorebridge_mp_pairs() -> None:
    """A real ScoreBridge file: UTF-8 with CRLF, a DOCTYPE without a path, a date written 30/07/2025, each
    player's CLUB_ID_NUMBER, one player without a NATIONAL_ID_NUMBER, a passed-out board written PASS."""
    event = _read("scorebridge_mp_pairs.xml")
    assert (event.event_type, event.program_name, event.club_name) == (
        "MP_PAIRS",
        "ScoreBridge",
        "Forest of Dean Bridge Club",
    )
    assert event.date == datetime.date(2025, 7, 30)
    assert (len(event.pairs), len(event.lines), len({line.board for line in event.lines})) == (8, 94, 28)
    first = {p.number: p for p in event.pairs}["1"]
    assert first.players[0] == UsebioPlayer("Player 1A", national_id="901001", club_id="27")
    assert {p.number: p for p in event.pairs}["2"].players[1].national_id is None
    assert all(p.direction is None for p in event.pairs)  # a Howell: no DIRECTION
    passed = _line(event, 1, "1")
    assert (passed.passed_out, passed.score, passed.contract) == (True, 0, None)
    doubled = _line(event, 5, "8")  # 6CX by West, 10 tricks: two down doubled, E-W not vulnerable: 300
    assert (doubled.contract, doubled.declarer, doubled.tricks, doubled.score) == (
        Contract(6, Strain.C, Doubling.DOUBLED),
        Seat.W,
        10,
        300,
    )
    assert _line(event, 28, "7").score == 710  # 4S by North, all thirteen tricks, vulnerable (board 28)


def test_compscore_howell_has_empty_directions() -> None:
    """Compscore writes a Howell's pairs with an empty DIRECTION (CROSS_IMP here): no fixed line."""
    data = (
        b'<?xml version="1.0"?>\n<USEBIO Version="1.2"><EVENT EVENT_TYPE="CROSS_IMP">'
        b'<PARTICIPANTS EVENT_TYPE="CROSS_IMP"><PAIR><PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION></DIRECTION>'
        b"<PLAYER><PLAYER_NAME>A</PLAYER_NAME></PLAYER></PAIR><PAIR><PAIR_NUMBER>2</PAIR_NUMBER>"
        b"<DIRECTION></DIRECTION><PLAYER><PLAYER_NAME>B</PLAYER_NAME></PLAYER></PAIR></PARTICIPANTS>"
        b'<BOARD EVENT_TYPE="CROSS_IMP"><BOARD_NUMBER>6</BOARD_NUMBER><TRAVELLER_LINE><NS_PAIR_NUMBER>2'
        b"</NS_PAIR_NUMBER><EW_PAIR_NUMBER>1</EW_PAIR_NUMBER><CONTRACT>6DX</CONTRACT><PLAYED_BY>S</PLAYED_BY>"
        b"<LEAD>AS</LEAD><TRICKS>8</TRICKS><SCORE>-800</SCORE><NS_CROSS_IMP_POINTS>-7.33</NS_CROSS_IMP_POINTS>"
        b"</TRAVELLER_LINE></BOARD></EVENT></USEBIO>"
    )
    event = read_usebio(data)
    assert event.event_type == "CROSS_IMP"
    assert [(pair.number, pair.direction) for pair in event.pairs] == [("1", None), ("2", None)]
    (line,) = event.lines
    assert (line.contract, line.declarer, line.tricks, line.score) == (
        Contract(6, Strain.D, Doubling.DOUBLED),
        Seat.S,
        8,
        -800,
    )


def test_ebu_teams() -> None:
    event = _read("ebu_teams.xml")
    assert event.is_teams
    assert (event.event_type, event.name, event.board_scoring_method) == ("TEAMS", "Club Teams", "IMPS")
    assert [(team.number, team.name) for team in event.teams] == [("1", "ASHDOWN"), ("2", "BRAMBLE")]
    assert [pair.number for pair in event.teams[1].pairs] == ["2-1-2", "2-3-4"]
    assert event.teams[1].pairs[0].players[1] == UsebioPlayer("Flo Carr", national_id="800206")
    assert event.pairs == ()
    assert event.lines == ()
    assert [(match.round, match.team, match.opposing_team, len(match.lines)) for match in event.matches] == [
        (1, "1", "2", 4),
        (2, "1", "2", 4),
    ]
    assert len(event.all_lines()) == 8
    closed = _line(event, 1, "2-1-2")
    assert (
        closed.direction,
        closed.ew_pair,
        closed.contract,
        closed.declarer,
        closed.score,
        closed.round,
    ) == (
        Side.EW,
        "1-3-4",
        Contract(3, Strain.H),
        Seat.S,
        170,
        1,
    )
    passed = _line(event, 2, "2-1-2")
    assert (passed.passed_out, passed.score, passed.declarer, passed.tricks) == (True, 0, None, None)
    assert _line(event, 3, "1-1-2").round == 2


@pytest.mark.parametrize("name", FILES)
def test_test_files_have_the_observed_structure(name: str) -> None:
    assert _valid((DATA / name).read_bytes())


# --- writing ------------------------------------------------------------------------------------------------


def _unpublished(event: UsebioEvent) -> UsebioEvent:
    """The event without what its scorer published (the writer writes Kalamazoo's own figures)."""
    return dataclasses.replace(
        event,
        pairs=tuple(
            dataclasses.replace(p, published_score=None, published_percentage=None, published_place=None)
            for p in event.pairs
        ),
        lines=tuple(dataclasses.replace(line, published_ns=None, published_ew=None) for line in event.lines),
        published_datums=(),
    )


@pytest.mark.parametrize("name", FILES)
def test_real_file_round_trip(name: str) -> None:
    event = _read(name)
    written = write_usebio(event)
    assert _unpublished(read_usebio(written)) == _unpublished(
        dataclasses.replace(event, program_name="Kalamazoo")
    )
    assert _valid(written)


def test_the_published_figures_are_read_as_written() -> None:
    """Each pair's TOTAL_SCORE, PERCENTAGE and PLACE, each line's matchpoints or IMPs and each Butler board's
    BOARD_AVERAGE, as the file writes them (kept by the import: ``duplicate.selectors.published``)."""
    butler = _read("compscore_butler_pairs.xml")
    assert butler.published_datums == ((1, 117), (2, -33))
    first = butler.pairs[0]
    assert (first.number, first.published_score, first.published_percentage, first.published_place) == (
        "1NS",
        "12.00",
        None,
        "1",
    )
    assert [(line.published_ns, line.published_ew) for line in butler.lines if line.board == 1] == [
        ("8", "-8"),
        ("-12", "12"),
        ("0", "0"),
    ]
    scorebridge = _read("scorebridge_mp_pairs.xml")
    places = {p.number: (p.published_place, p.published_percentage) for p in scorebridge.pairs}
    assert places["4"] == places["7"] == ("3=", "50.69")
    assert scorebridge.lines[0].published_ns == "6"
    assert scorebridge.published_datums == ()


def test_a_published_figure_written_otherwise_is_not_kept_and_the_file_still_reads() -> None:
    original = read_usebio((DATA / "compscore_butler_pairs.xml").read_bytes())
    data = (
        (DATA / "compscore_butler_pairs.xml")
        .read_bytes()
        .replace(b"<PLACE>1</PLACE>", b"<PLACE>first</PLACE>", 1)
    )
    read = read_usebio(data)
    places = [p.published_place for p in read.pairs]
    assert places.count(None) == [p.published_place for p in original.pairs].count(None) + 1
    assert len(read.pairs) == len(original.pairs)


def test_a_datum_beyond_any_score_is_refused_naming_it() -> None:
    text = (DATA / "compscore_butler_pairs.xml").read_text()
    start = text.index("<BOARD_AVERAGE>") + len("<BOARD_AVERAGE>")
    end = text.index("</BOARD_AVERAGE>", start)
    data = (text[:start] + "99999999999" + text[end:]).encode()
    with pytest.raises(
        UsebioError, match=r"<BOARD_AVERAGE> \(line \d+\): must be a score from -10000 to 10000"
    ):
        read_usebio(data)


def _deal(seed: int) -> Deal:
    return Deal.random(random.Random(seed))


def _constructed() -> UsebioEvent:
    """Two sections, a non-Latin-1 name, every kind of line, hands with a non-standard dealer."""
    players = (UsebioPlayer("Łukasz Żak", national_id="1"), UsebioPlayer("Ann O'Neil & Co <x>", club_id="7"))
    pairs = tuple(
        UsebioPair(str(number), players, direction=side, section=section)
        for section in ("A", "B")
        for number, side in ((1, Side.NS), (2, Side.EW))
    )
    lines = (
        UsebioLine(1, "1", "2", Contract(3, Strain.NT), Seat.S, 9, 400, lead="S4", section="A"),
        UsebioLine(2, "1", "2", Contract(7, Strain.C, Doubling.REDOUBLED), Seat.W, 6, 4600, section="A"),
        UsebioLine(1, "1", "2", passed_out=True, score=0, section="B"),
        UsebioLine(2, "1", "2", adjustment=UsebioAdjustment(50, 50), section="B"),
    )
    boards = (
        UsebioBoard(1, _deal(1), standard_dealer(1), Vulnerability.NONE),
        UsebioBoard(2, _deal(2), Seat.W, Vulnerability.ALL),
    )
    return UsebioEvent(
        event_type="MP_PAIRS",
        name="Kalamazoo Cup — heat 1",
        date=datetime.date(2026, 1, 31),
        board_scoring_method="MATCH_POINTS",
        club_name="Kalamazoo",
        program_name="Kalamazoo",
        pairs=pairs,
        lines=lines,
        boards=boards,
    )


def test_constructed_pairs_event_round_trip() -> None:
    event = _constructed()
    written = write_usebio(event)
    assert read_usebio(written) == event
    assert _valid(written)
    tree = etree.fromstring(written, _PARSER)
    assert [section.get("SECTION_ID") for section in tree.iter("SECTION")] == ["A", "B"]
    assert tree.findtext("EVENT/SECTION_COUNT") == "2"
    assert tree.findtext("EVENT/BOARDS_PLAYED") == "2"
    # Board 2's dealer is not the standard one: written; board 1's standard dealer and vulnerability: not.
    assert [board.findtext("DEALER") for board in tree.iter("BOARD") if board.find("HAND") is not None] == [
        None,
        "W",
    ]
    contracts = [line.findtext("CONTRACT") for line in tree.iter("TRAVELLER_LINE")]
    assert contracts == ["3NT", "7Cxx", "PASS", None]
    assert [line.findtext("SCORE") for line in tree.iter("TRAVELLER_LINE")] == ["400", "4600", "0", "A5050"]


def test_constructed_teams_event_round_trip() -> None:
    one = tuple(UsebioPair(number, (UsebioPlayer("A"), UsebioPlayer("B"))) for number in ("1-1-2", "1-3-4"))
    two = tuple(UsebioPair(number, (UsebioPlayer("C"), UsebioPlayer("D"))) for number in ("2-1-2", "2-3-4"))
    lines = (
        UsebioLine(5, "1-1-2", "2-3-4", Contract(4, Strain.H), Seat.S, 10, 620, round=3, direction=Side.NS),
        UsebioLine(5, "2-1-2", "1-3-4", Contract(4, Strain.H), Seat.S, 9, -100, round=3, direction=Side.EW),
    )
    event = UsebioEvent(
        event_type="TEAMS",
        name="Teams",
        program_name="Kalamazoo",
        teams=(UsebioTeam("1", "One", one), UsebioTeam("2", "Two", two)),
        matches=(UsebioMatch(3, "1", "2", lines),),
    )
    written = write_usebio(event)
    assert read_usebio(written) == event
    assert _valid(written)
    assert etree.fromstring(written, _PARSER).findtext("EVENT/SESSION/MATCH/ROUND_NUMBER") == "3"


def test_written_file_starts_as_real_files_do() -> None:
    written = write_usebio(_constructed())
    head = written.split(b"\n")[:3]
    assert head == [
        b'<?xml version="1.0" encoding="iso-8859-1"?>',
        DOCTYPE.encode(),
        b'<USEBIO Version="1.2">',
    ]
    # Characters outside Latin-1 are written as character references, so the file stays ISO-8859-1.
    assert "Łukasz".encode("ascii", "xmlcharrefreplace") in written
    written.decode("iso-8859-1")


def test_unwritable_text_is_a_clear_error() -> None:
    event = dataclasses.replace(_constructed(), name="Cup\x07")
    with pytest.raises(
        UsebioError, match=r"^usebio: <EVENT_DESCRIPTION>: cannot be written in XML: 'Cup\\x07'$"
    ):
        write_usebio(event)


def test_structure_check_is_not_vacuous() -> None:
    """The DTD refuses a file whose traveller line sits outside a BOARD, or lacks its pair numbers."""
    written = write_usebio(_constructed())
    assert not _valid(written.replace(b"<BOARD_NUMBER>1</BOARD_NUMBER>", b"<ROUND>1</ROUND>", 1))
    assert not _valid(written.replace(b"<EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>", b"", 1))


# --- bad input ----------------------------------------------------------------------------------------------


def _error(data: bytes) -> str:
    with pytest.raises(UsebioError) as caught:
        read_usebio(data)
    assert isinstance(caught.value, ValueError)
    return str(caught.value)


HEAD = b'<?xml version="1.0"?>\n<USEBIO Version="1.2">\n<EVENT EVENT_TYPE="MP_PAIRS">\n'
TAIL = b"</EVENT>\n</USEBIO>\n"


def test_not_xml() -> None:
    assert "not well-formed XML" in _error(b'[Event "PBN, not XML"]\n')
    assert "not well-formed XML: Premature end of data in tag BOARD line 4" in _error(HEAD + b"<BOARD>\n")


def test_wrong_root() -> None:
    assert (
        _error(b'<?xml version="1.0"?>\n<PBN><EVENT/></PBN>')
        == "usebio: <USEBIO> (line 2): the root is <PBN>"
    )


def test_no_event() -> None:
    assert "must hold exactly one EVENT, found 0" in _error(b'<USEBIO Version="1.2"></USEBIO>')
    assert "has no EVENT_TYPE attribute" in _error(b'<USEBIO Version="1.2"><EVENT></EVENT></USEBIO>')


def test_two_sessions_refused() -> None:
    data = HEAD + b"<SESSION SESSION_ID='1'/>\n<SESSION SESSION_ID='2'/>\n" + TAIL
    assert _error(data) == (
        "usebio: <SESSION> (line 5): the EVENT holds 2 SESSIONs; Kalamazoo reads one session a file"
    )


def test_line_without_a_board() -> None:
    data = HEAD + b"<SESSION SESSION_ID='1'>\n<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>"
    data += b"<EW_PAIR_NUMBER>2</EW_PAIR_NUMBER></TRAVELLER_LINE>\n</SESSION>\n" + TAIL
    assert _error(data) == (
        "usebio: <TRAVELLER_LINE> (line 5): is not inside a BOARD, so it has no board number"
    )


def test_line_naming_an_unknown_pair() -> None:
    event = _constructed()
    written = write_usebio(event).replace(
        b"<EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>", b"<EW_PAIR_NUMBER>9</EW_PAIR_NUMBER>", 1
    )
    message = _error(written)
    assert message.startswith("usebio: <TRAVELLER_LINE> (line ")
    assert message.endswith("EW_PAIR_NUMBER '9' is not a pair of section A among the PARTICIPANTS")


def test_board_without_number_and_line_without_pair() -> None:
    no_number = HEAD + b"<BOARD>\n<TRAVELLER_LINE/>\n</BOARD>\n" + TAIL
    assert _error(no_number) == "usebio: <BOARD> (line 4): has no BOARD_NUMBER (a whole number from 1)"
    no_pair = HEAD + b"<BOARD><BOARD_NUMBER>3</BOARD_NUMBER>\n<TRAVELLER_LINE>\n"
    no_pair += b"<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER></TRAVELLER_LINE></BOARD>\n" + TAIL
    assert _error(no_pair) == "usebio: <TRAVELLER_LINE> (line 5): has no EW_PAIR_NUMBER"


@pytest.mark.parametrize(
    ("child", "message"),
    [
        (b"<CONTRACT>8NT</CONTRACT>", "<CONTRACT> (line 7): must be a contract"),
        (b"<CONTRACT>2RS</CONTRACT>", "<CONTRACT> (line 7): must be a contract"),
        (b"<SCORE>A60</SCORE>", "<SCORE> (line 7): must be North-South's score or an adjustment"),
        (b"<TRICKS>ten</TRICKS>", "<TRICKS> (line 7): must be a whole number, got 'ten'"),
        (b"<TRICKS>14</TRICKS>", "TRICKS must be from 0 to 13, got 14"),
        (b"<PLAYED_BY>Q</PLAYED_BY>", "PLAYED_BY must be N, E, S or W, got 'Q'"),
        (b"<DIRECTION>NE</DIRECTION>", "DIRECTION must be NS or EW, got 'NE'"),
    ],
)
def test_bad_line_values_name_the_element(child: bytes, message: str) -> None:
    data = HEAD + b"<BOARD><BOARD_NUMBER>3</BOARD_NUMBER>\n<TRAVELLER_LINE>\n"
    data += b"<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>\n" + child
    data += b"\n</TRAVELLER_LINE></BOARD>\n" + TAIL
    assert message in _error(data)


def test_bad_date_and_bad_hands() -> None:
    assert "<DATE> (line 4): must be a date written DD/MM/YYYY, got '2026-11-03'" in _error(
        HEAD + b"<DATE>2026-11-03</DATE>\n" + TAIL
    )
    hands = b"".join(
        b"<HAND><DIRECTION>%s</DIRECTION><SPADES>AKQJT98765432</SPADES></HAND>" % seat
        for seat in (b"North", b"East", b"South")
    )
    data = HEAD + TAIL.replace(b"</USEBIO>", b"<HANDSET><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>\n" + hands)
    data += b"</BOARD></HANDSET></USEBIO>"
    assert "board 1 has no hand for West" in _error(data)


def test_external_entities_are_not_read() -> None:
    """A file cannot make the reader open a local file (XXE): the entity is left unexpanded."""
    data = (
        b'<?xml version="1.0"?>\n<!DOCTYPE USEBIO [<!ENTITY secret SYSTEM "file:///etc/hostname">]>\n'
        b'<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER>'
        b"<PLAYER><PLAYER_NAME>&secret;</PLAYER_NAME></PLAYER></PAIR></PARTICIPANTS></EVENT></USEBIO>"
    )
    assert "<PLAYER> (line 3): has no PLAYER_NAME" in _error(data)


# --- round trip of arbitrary events ---------------------------------------------------------------------------

_TEXT = st.text(st.characters(blacklist_categories=("Cc", "Cs", "Cn")), min_size=1, max_size=12).map(
    str.strip
)
_NAMES = _TEXT.filter(bool)
_SECTIONS = st.sampled_from([None, "A", "B"])


@st.composite
def _lines(draw: st.DrawFn) -> UsebioLine:
    board, ns_pair, ew_pair = draw(st.integers(1, 36)), draw(_NAMES), draw(_NAMES)
    section, lead = draw(_SECTIONS), draw(st.none() | st.sampled_from(["HK", "D10", "TS"]))
    kind = draw(st.sampled_from(["played", "passed", "adjusted", "blank"]))
    if kind == "played":
        contract = Contract(
            draw(st.integers(1, 7)),
            draw(st.sampled_from([Strain.C, Strain.D, Strain.H, Strain.S, Strain.NT])),
            draw(st.sampled_from(Doubling)),
        )
        return UsebioLine(
            board,
            ns_pair,
            ew_pair,
            contract,
            draw(st.sampled_from(Seat)),
            draw(st.integers(0, 13)),
            draw(st.integers(-7600, 7600)),
            lead=lead,
            section=section,
        )
    if kind == "passed":
        return UsebioLine(board, ns_pair, ew_pair, passed_out=True, score=0, section=section)
    if kind == "adjusted":
        adjustment = UsebioAdjustment(draw(st.integers(0, 99)), draw(st.integers(0, 99)))
        return UsebioLine(board, ns_pair, ew_pair, adjustment=adjustment, section=section)
    return UsebioLine(board, ns_pair, ew_pair, section=section)


def _section_key(section: str | None) -> tuple[bool, str]:
    return (section is not None, section or "")


@given(
    pairs=st.lists(
        st.builds(
            UsebioPair,
            number=_NAMES,
            players=st.lists(st.builds(UsebioPlayer, name=_NAMES, national_id=st.none() | _NAMES), max_size=3)
            .filter(bool)
            .map(tuple),
            direction=st.none() | st.sampled_from(Side),
            section=_SECTIONS,
        ),
        max_size=6,
    ),
    lines=st.lists(_lines(), max_size=12),
    name=_TEXT,
    date=st.none() | st.dates(datetime.date(1900, 1, 1), datetime.date(2100, 12, 31)),
)
@settings(max_examples=60, deadline=None)
def test_any_pairs_event_round_trips(
    pairs: list[UsebioPair], lines: list[UsebioLine], name: str, date: datetime.date | None
) -> None:
    """Written, then read: the same event, with pairs and lines in the writer's order (section, board)."""
    # Every pair a line names must be among the PARTICIPANTS (the reader checks): add those missing.
    listed = {(pair.section, pair.number) for pair in pairs}
    for line in lines:
        for number in (line.ns_pair, line.ew_pair):
            if (line.section, number) not in listed:
                listed.add((line.section, number))
                pairs.append(UsebioPair(number, (UsebioPlayer("Sub"),), section=line.section))
    pairs.sort(key=lambda pair: _section_key(pair.section))
    lines.sort(key=lambda line: (_section_key(line.section), line.board))
    event = UsebioEvent(
        "MP_PAIRS", name, date=date, program_name="Kalamazoo", pairs=tuple(pairs), lines=tuple(lines)
    )
    written = write_usebio(event)
    assert read_usebio(written) == event
    assert _valid(written)
