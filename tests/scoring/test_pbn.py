"""The PBN reader (scoring/pbn.py) on a corpus of files written here in every variant real producers write:
both encodings, CRLF, a BOM, comments, inherited values, unknown hands, repeated boards, several tags on one
line, Deal before Board, lower-case tags. Each deal read is compared card by card with the deal written, and
with what endplay (an independent PBN reader) reads from the same bytes."""

from __future__ import annotations

import io

import pytest
from endplay.parsers import pbn as endplay_pbn

from scoring.deal import Deal
from scoring.pbn import (
    PbnError,
    canonical_deal,
    choose_boards,
    decode,
    hands_known,
    read_pbn,
    read_pbn_bytes,
    same_deals,
)
from tests.scoring._util import SEATS, deals, pbn_file


def cards(deal_text: str) -> dict[str, tuple[str, ...]]:
    deal = Deal.parse_pbn(deal_text)
    return {seat: deal.hands[i].cards() for i, seat in enumerate(SEATS)}


def assert_same_cards(read: dict[int, str], written: dict[int, Deal]) -> None:
    assert sorted(read) == sorted(written)
    for number, deal in written.items():
        assert cards(read[number]) == {s: deal.hands[i].cards() for i, s in enumerate(SEATS)}, number


def endplay_deals(data: bytes) -> dict[int, str]:
    """Board number -> deal as endplay reads the same file (its dealer follows the board number, so the
    file's Dealer is checked against the file written, not against endplay)."""
    text, _ = decode(data)
    return {b.board_num: b.deal.to_pbn() for b in endplay_pbn.load(io.StringIO(text)) if b.board_num}


def read_deals(data: bytes) -> dict[int, str]:
    return {n: g.deal for n, g in choose_boards(read_pbn_bytes(data).games).games.items()}


# --- Encodings and line ends ------------------------------------------------------------------------------


def assert_read_as_written(data: bytes, written: dict[int, Deal], encoding: str, event: str) -> None:
    read = read_pbn_bytes(data)
    assert read.encoding == encoding
    assert read.games[0].event == event
    assert_same_cards({g.board: g.deal for g in read.games if g.board}, written)
    # The file's dealer, not the rotation (board 1's rotation dealer would be N; the file says E or W).
    assert {g.board: g.dealer for g in read.games} == {n: SEATS[n % 4] for n in written}
    # endplay reads the same bytes to the same deals.
    assert endplay_deals(data) == {g.board: g.deal for g in read.games if g.board}


@pytest.mark.parametrize(
    ("encode", "encoding"),
    [
        (lambda t: t.encode("iso-8859-1"), "ISO-8859-1"),
        (lambda t: t.encode("utf-8"), "UTF-8"),
        (lambda t: b"\xef\xbb\xbf" + t.encode("utf-8"), "UTF-8 with BOM"),
        (lambda t: t.replace("\n", "\r\n").encode("iso-8859-1"), "ISO-8859-1"),
        (lambda t: b"\xef\xbb\xbf" + t.replace("\n", "\r\n").encode("utf-8"), "UTF-8 with BOM"),
    ],
    ids=["latin-1", "utf-8", "utf-8-bom", "latin-1-crlf", "utf-8-bom-crlf"],
)
def test_encodings_and_line_ends_read_every_card_and_dealer(encode, encoding):
    written = deals(8, seed=1)
    data = encode(pbn_file(written, first_seat="E", event="Événement à Zürich, Łódź"[:18]))
    assert_read_as_written(data, written, encoding, "Événement à Zürich")


@pytest.mark.parametrize(
    ("codec", "line_end", "encoding"),
    [
        ("utf-16", "\r\n", "UTF-16 with BOM"),  # little-endian with its mark, as Windows' Notepad saves
        ("utf-16", "\n", "UTF-16 with BOM"),
        ("utf-16-be", "\r\n", "UTF-16 with BOM"),
        ("utf-32", "\n", "UTF-32 with BOM"),
    ],
    ids=["utf-16-le-crlf", "utf-16-le", "utf-16-be", "utf-32"],
)
def test_a_wide_unicode_file_with_its_byte_order_mark_reads_every_card(codec, line_end, encoding):
    written = deals(8, seed=12)
    text = pbn_file(written, first_seat="W", event="Événement à Łódź").replace("\n", line_end)
    data = text.encode(codec)
    if codec == "utf-16-be":
        data = b"\xfe\xff" + data  # the big-endian codec writes no mark of its own
    assert_read_as_written(data, written, encoding, "Événement à Łódź")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"\xff\xfe[\x00X", r"the byte-order mark of UTF-16 but is not UTF-16 text"),
        (b"\xff\xfe\x00\xd8", r"the byte-order mark of UTF-16 but is not UTF-16 text"),  # a lone surrogate
        ('[Board "1"]\n'.encode("utf-16-le"), r"^line 1: the file holds NUL characters, read as UTF-8"),
        (b'[Board "1"]\n[Event "a\x00b"]\n', r"^line 2: the file holds NUL characters"),
    ],
    ids=["utf-16-odd-length", "utf-16-lone-surrogate", "utf-16-without-its-mark", "nul"],
)
def test_bytes_no_text_encoding_reads_are_refused_in_one_line(data, message):
    with pytest.raises(PbnError, match=message):
        read_pbn_bytes(data)


def test_decode_takes_utf8_when_valid_else_latin1():
    assert decode("Ł".encode()) == ("Ł", "UTF-8")
    assert decode("é".encode("iso-8859-1")) == ("é", "ISO-8859-1")
    assert decode(b"\xef\xbb\xbfx") == ("x", "UTF-8 with BOM")


# --- The standard's allowances ----------------------------------------------------------------------------


def test_comments_hide_games_and_tags():
    written = deals(3, seed=2)
    text = pbn_file({2: written[2], 3: written[3]})
    hidden = pbn_file({1: deals(1, seed=99)[1]})
    source = (
        "% PBN 2.1\n% EXPORT\n"
        "{ a game commented out, over several lines:\n"
        + hidden
        + "\n\nstill the comment }\n\n"
        + text.replace('[Site "Kalamazoo"]', '[Site "Kalamazoo"] ; [Board "1"] after a semicolon')
        + '\n{ one line } [Board "1"] { and a comment } [Deal "'
        + written[1].to_pbn()
        + '"]\n'
    )
    read = read_pbn(source)
    assert_same_cards(
        {g.board: g.deal for g in read.games}, written
    )  # board 1 is the last game's, not the hidden one


def test_a_tag_over_several_lines_is_read_as_one_tag():
    written = deals(3, seed=13)
    d = {n: w.to_pbn() for n, w in written.items()}
    source = (
        # [Event then its string on the next line (PBN's grammar: tokens may be split by line ends).
        f'[Event\n"Club night"]\n[Site "Hall"]\n[Board "1"]\n[Deal "{d[1]}"]\n\n'
        # Every token on a line of its own; the closing bracket on a line with the next tag.
        f'[\nBoard\n"2"\n]\n[Deal\n  "{d[2]}"\n] [Dealer "S"]\n\n'
        # CRLF line ends, and a tag left open after a complete one on the same line.
        f'[Board "3"] [Deal\r\n"{d[3]}"]\r\n[Event "#"]\r\n'
    )
    read = read_pbn(source)
    assert [(g.board, g.line, g.event, g.dealer, g.deal_line) for g in read.games] == [
        (1, 1, "Club night", "", 5),
        (2, 7, "", "S", 11),  # no Event of its own ("#" would take the last given)
        (3, 15, "Club night", "", 15),
    ]
    assert_same_cards({g.board: g.deal for g in read.games}, written)
    # The same games written with every tag on one line read alike.
    one_line = read_pbn(pbn_file(written))
    assert [g.deal for g in one_line.games] == [g.deal for g in read.games]


@pytest.mark.parametrize(
    ("source", "message"),
    [
        (
            '[Board "1"]\n[Event\n\n"Club night"]\n',
            r'^line 2 \(game 1\): the tag "\[Event" is never finished',
        ),
        (
            '[Board "1"]\n[Event "Club night"\n',
            r'^line 2 \(game 1\): the tag "\[Event \\"Club night\\"" is never',
        ),
        (
            '[Board "1"]\n[\nEvent\n"x"\n\n]\n',
            r"^line 2 \(game 1\): the tag .* up to 4 lines, none of them empty",
        ),
        ("[\n\n\n\n\n", r"^line 1 \(game 1\): the tag \"\[\" is never finished"),
        ('[Board\n"1"\n\n\n]', r"^line 1 \(game 1\): the tag"),
        ('[Board "1"]\n[Event\n"Club\nnight"]\n', r'^line 2 \(game 1\): a tag must read \[Name "value"\]'),
    ],
    ids=["empty-line", "end-of-file", "five-lines", "brackets-only", "blank-lines", "string-over-a-line-end"],
)
def test_a_tag_never_finished_is_refused_naming_the_line_it_began_on(source, message):
    with pytest.raises(PbnError, match=message):
        read_pbn(source)


def test_games_are_counted_as_they_are_read_and_the_reading_stops_at_the_limit():
    written = deals(5, seed=14)
    source = pbn_file(written)
    assert len(read_pbn(source, max_games=5).games) == 5
    # Past the limit the reading stops at the first game over: a broken game after it is never reached.
    broken = source + '\n[Board "6"]\n[Deal "N:broken"]\n'
    with pytest.raises(
        PbnError, match=r"^line 33 \(game 5\): the file holds more than 4 games; a file of hands"
    ):
        read_pbn(broken, max_games=4)
    with pytest.raises(PbnError, match=r"^line 42 \(game 6\): Deal must list 4 hands"):
        read_pbn(broken, max_games=6)  # within the limit the broken game is reached
    # Games without a deal count too: they are read all the same.
    with pytest.raises(PbnError, match=r"\(game 3\): the file holds more than 2 games"):
        read_pbn('[Event "a"]\n\n[Event "b"]\n\n[Event "c"]\n', max_games=2)
    assert read_pbn_bytes(source.encode("utf-16"), max_games=5).encoding == "UTF-16 with BOM"


def test_inherited_values_several_tags_a_line_deal_first_lower_case():
    written = deals(4, seed=3)
    d = {n: w.to_pbn() for n, w in written.items()}
    source = (
        f'[Event "Pairs"] [Site "Hall"] [Date "1916.03.04"] [Board "1"] [Dealer "N"] [Deal "{d[1]}"]\n\n'
        f'[Event "#"][Site "#"][Deal "{d[2]}"][Board "##"][Dealer "E"]\n\n'
        f'[deal "{d[3]}"]\n[event "#"]\n[board "##"]\n[dealer "#"]\n\n'
        f'[DEAL "{d[4]}"] [BOARD "4"] [DEALER "w"]\n'
    )
    read = read_pbn(source)
    assert [(g.board, g.dealer, g.event, g.site) for g in read.games] == [
        (1, "N", "Pairs", "Hall"),
        (2, "E", "Pairs", "Hall"),
        (3, "E", "Pairs", ""),
        (4, "W", "", ""),
    ]
    assert_same_cards({g.board: g.deal for g in read.games}, written)


def test_board_hash_repeats_the_previous_board_same_hands_is_one_board():
    deal = deals(1, seed=4)[1].to_pbn()
    source = f'[Board "7"]\n[Deal "{deal}"]\n\n[Board "#"]\n[Dealer "S"]\n[Deal "{deal}"]\n'
    games = read_pbn(source).games
    assert [g.board for g in games] == [7, 7]
    chosen = choose_boards(games)
    assert list(chosen.games) == [7]
    assert chosen.games[7].dealer == "S"  # the game that gives a dealer
    assert chosen.notes == ()


def test_unknown_hands():
    full = deals(1, seed=5)[1]
    n, e, s, w = (h.to_pbn() for h in full.hands)
    # One hand unknown: the rest of the pack is that hand.
    assert canonical_deal(f"N:{n} {e} {s} -") == full.to_pbn()
    assert canonical_deal(f"E:- {s} {w} {n}") == full.to_pbn()
    # Two unknown: only the known hands are kept, North first.
    partial = canonical_deal(f"S:{s} - {n} -")
    assert partial == f"N:{n} - {s} -"
    assert not hands_known(partial)
    assert canonical_deal("N:- - - -") == ""
    read = read_pbn(f'[Board "1"]\n[Deal "W:- {n} - {s}"]\n')
    assert read.games[0].deal == f"N:{n} - {s} -"
    assert not read.games[0].complete


def test_an_empty_deal_skips_its_game_only():
    written = deals(3, seed=6)
    source = pbn_file(written).replace(
        f'[Deal "N:{" ".join(h.to_pbn() for h in written[2].hands)}"]', '[Deal ""]'
    )
    read = read_pbn(source)
    assert [g.board for g in read.with_deals()] == [1, 3]
    assert any("board 2: the Deal is empty" in note and "(game 2)" in note for note in read.notes)


def test_boards_joined_without_an_empty_line_are_two_games():
    written = deals(2, seed=7)
    source = pbn_file(written).replace("\n\n", "\n")
    assert_same_cards({g.board: g.deal for g in read_pbn(source).games}, written)


# --- Repeated boards and the same deal twice ---------------------------------------------------------------


def test_repeated_board_with_other_hands_is_refused_naming_both_games():
    first, second = deals(24, seed=8), deals(24, seed=9)
    source = pbn_file(first) + "\n" + pbn_file(second)
    games = read_pbn(source).games
    with pytest.raises(
        PbnError,
        match=r"board 1 is given twice with different hands: game 1 \(line 1\) and game 25 \(line 193\)",
    ):
        choose_boards(games)
    kept_first = choose_boards(games, "first")
    assert_same_cards({n: g.deal for n, g in kept_first.games.items()}, first)
    assert len(kept_first.notes) == 24
    kept_last = choose_boards(games, "last")
    assert_same_cards({n: g.deal for n, g in kept_last.games.items()}, second)


def test_same_deal_on_two_boards_is_found():
    written = deals(3, seed=10)
    text = {n: d.to_pbn() for n, d in written.items()}
    assert same_deals({**text, 5: text[2]}) == ((2, 5),)
    assert same_deals(text) == ()


# --- Errors name the line and the game ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "message"),
    [
        (
            '[Board "1"]\n[Deal "N:AKQ - - -"]\n',
            r"line 2 \(game 1\): Deal: N's hand \"AKQ\" must have 4 suits",
        ),
        ('[Board "1"]\n\n[Board "x"]\n[Deal ""]\n', r"line 3 \(game 2\): Board must be a board number"),
        ('[Board "1"]\n[Dealer "Q"]\n', r"line 1 \(game 1\): Dealer must be N, E, S or W"),
        ('[Board "#"]\n', r'line 1 \(game 1\): Board "#" inherits a value, but no earlier game gives one'),
        ('[Board "1"]\n{ never closed\n[Deal ""]\n', r"line 2 \(game 1\): a \{ comment is never closed"),
        ('[Board "1"]\n\n[Board "2" [Deal "N:"]\n', r'line 3 \(game 2\): a tag must read \[Name "value"\]'),
        (
            '[Board "1"]\n[Deal "N:AKQJ.T98.765.432 AKQJ.T98.765.432 - -"]\n',
            r"line 2 \(game 1\): Deal: card SJ appears twice \(again in E's hand\)",
        ),
    ],
)
def test_errors_name_the_line_and_the_game(source, message):
    with pytest.raises(PbnError, match=message):
        choose_boards(read_pbn(source).games)


def test_a_big_set_reads_every_board():
    written = deals(36, seed=11)
    data = pbn_file(written, first_seat="W").replace("\n", "\r\n").encode("iso-8859-1")
    assert_same_cards(read_deals(data), written)
    assert endplay_deals(data) == read_deals(data)
