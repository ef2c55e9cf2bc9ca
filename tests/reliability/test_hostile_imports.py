"""Hostile imports: PBN in UTF-16 with and without its byte-order mark, garbled UTF-16, NUL characters, tags
over several lines or never finished, random splits of a file's tags across lines; files over a count limit
(PBN games, event file results, boards and pairs, USEBIO traveller lines), refused as soon as the limit is
passed while reading, with the field's error. Never a 500 or a traceback; a refused file writes nothing.

Each example is counted (``tried``); ``pytest tests/reliability`` prints the total."""

from __future__ import annotations

import json
import random

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from duplicate import services
from duplicate.services.eventfile import event_import, parse_json
from duplicate.services.usebio import usebio_import
from duplicate.uploads import MAX_PBN_GAMES
from scoring.deal import Deal
from scoring.movements import MAX_PAIRS, MAX_PLAYS
from scoring.pbn import PbnError, read_pbn, read_pbn_bytes
from tests.factories import db_snapshot, make_event
from tests.reliability.helpers import tried

pytestmark = pytest.mark.django_db


def games(count: int, *, seed: int = 7) -> str:
    """``count`` games of a dealing program's PBN (Board, Dealer, Deal), boards numbered 1 up."""
    rng = random.Random(seed)
    return "\n".join(
        f'[Board "{n}"]\n[Dealer "{"NESW"[(n - 1) % 4]}"]\n[Deal "{Deal.random(rng).to_pbn()}"]\n'
        for n in range(1, count + 1)
    )


def boards_page(client, event, content: bytes):
    return client.post(
        reverse("event_boards", args=[event.pk]), {"pbn_file": SimpleUploadedFile("h.pbn", content)}
    )


# --- PBN: encodings -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("content", "error"),
    [
        (b"\xff\xfe[\x00B", "the byte-order mark of UTF-16 but is not UTF-16 text"),  # odd length
        (b"\xfe\xff\xd8\x00\x00[", "the byte-order mark of UTF-16 but is not UTF-16 text"),  # lone surrogate
        (b"\xff\xfe\x00\x00\x00\x00\x11\x00", "the byte-order mark of UTF-32 but is not UTF-32 text"),
        (games(2).encode("utf-16-le"), "line 1: the file holds NUL characters, read as UTF-8"),  # no mark
        (games(2).encode("utf-16-be"), "line 1: the file holds NUL characters, read as UTF-8"),
        (b'[Board "1"]\n[Event "a\x00b"]\n', "line 2: the file holds NUL characters"),
        (
            b'[Board "1"]\n[Event "caf\xe9\x00"]\n',
            "line 2: the file holds NUL characters, read as ISO-8859-1",
        ),
        ("\ufeff".encode("utf-16") + b"\x00" * 10, "NUL characters"),
    ],
)
def test_pbn_bytes_no_text_encoding_reads_are_a_form_error_and_a_one_line_command_error(
    director_client, tmp_path, content, error
):
    event = make_event()
    before = db_snapshot()
    tried("pbn upload")
    page = boards_page(director_client, event, content)
    assert page.status_code == 200
    assert error in page.content.decode()
    path = tmp_path / "h.pbn"
    path.write_bytes(content)
    tried("import_hands")
    with pytest.raises(CommandError) as caught:
        call_command("import_hands", str(event.pk), str(path))
    assert error in str(caught.value)
    assert "\n" not in str(caught.value)
    assert db_snapshot() == before


@pytest.mark.parametrize("codec", ["utf-16", "utf-16-le-bom", "utf-16-be-bom", "utf-32"])
def test_pbn_in_a_wide_encoding_with_its_mark_attaches_through_the_page(director_client, codec):
    event = make_event()
    text = games(6).replace("\n", "\r\n")
    content = {
        "utf-16": text.encode("utf-16"),
        "utf-16-le-bom": b"\xff\xfe" + text.encode("utf-16-le"),
        "utf-16-be-bom": b"\xfe\xff" + text.encode("utf-16-be"),
        "utf-32": text.encode("utf-32"),
    }[codec]
    tried("pbn upload")
    response = boards_page(director_client, event, content)
    assert response.status_code == 302
    expected = {g.board: g.deal for g in read_pbn(text).games}
    assert dict(event.boards.values_list("number", "deal")) == expected


# --- PBN: tags over several lines ---------------------------------------------------------------------------


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_pbn_tags_split_at_random_between_their_tokens_read_as_written(data):
    # PBN's grammar: a tag is four tokens, which white space (line ends too) may separate. Any split between
    # tokens reads as the tags on one line; a split inside a string or across an empty line is refused in one
    # line naming where the tag began.
    source = games(3, seed=data.draw(st.integers(0, 99)))
    expected = [(g.board, g.dealer, g.deal) for g in read_pbn(source).games]
    out = []
    for line in source.split("\n"):
        if not line.startswith("["):
            out.append(line)
            continue
        name, _, rest = line[1:].partition(" ")
        tokens = ["[", name, rest[:-1], "]"]
        glue = [data.draw(st.sampled_from([" ", "\n", "\r\n", "\n  ", " \n"])) for _ in tokens[1:]]
        out.append(tokens[0] + "".join(g + t for g, t in zip(glue, tokens[1:], strict=True)))
    split = "\n".join(out)
    tried("pbn")
    assert [(g.board, g.dealer, g.deal) for g in read_pbn(split).games] == expected
    broken = split.replace('"N:', '"N:\n', 1)  # a line end inside a string
    tried("pbn")
    with pytest.raises(
        PbnError, match=r"^line \d+ \(game 1\): (a tag must read|the tag .* is never finished)"
    ):
        read_pbn(broken)


@pytest.mark.parametrize(
    "source",
    [
        "[" * 10_000,
        "[\n" * 10_000,
        "[Event\n" * 5_000,
        '[Board "1"]\n[Event\n\n"x"]\n',
        '[Board "1"]\n[Event "x"\n',
        "[ " + "\n " * 50 + "]",
        '[Board\n"1"]\n[Deal\n"N:AKQJ.T98.765.432 - - -"\n]\n' * 3,
    ],
    ids=["brackets", "bracket-lines", "names-only", "empty-line", "end-of-file", "fifty-lines", "valid"],
)
def test_pbn_tags_never_finished_are_one_line_errors_in_linear_time(director_client, source):
    event = make_event()
    tried("pbn upload")
    response = boards_page(director_client, event, source.encode())
    assert response.status_code in (200, 302)
    if response.status_code == 200:
        assert 'class="errorlist' in response.content.decode()


# --- Count limits, passed while reading -----------------------------------------------------------------------


def test_a_pbn_file_of_more_games_than_allowed_stops_at_the_first_game_over(director_client, tmp_path):
    # Under the 5 MB cap, over MAX_PBN_GAMES games: refused at game 20,001; a broken game after it is never read.
    text = games(MAX_PBN_GAMES + 1) + '\n[Board "1"]\n[Deal "N:broken"]\n'
    content = text.encode()
    event = make_event()
    before = db_snapshot()
    message = f"(game {MAX_PBN_GAMES + 1:,}): the file holds more than {MAX_PBN_GAMES:,} games"
    tried("pbn upload")
    page = boards_page(director_client, event, content)
    assert page.status_code == 200
    assert message in page.content.decode()
    tried("pbn")
    with pytest.raises(services.ServiceError, match=r"the file holds more than 20,000 games"):
        services.hands_from_pbn(event=event, data=text)  # pasted text counts alike
    path = tmp_path / "h.pbn"
    path.write_bytes(content)
    tried("import_hands")
    with pytest.raises(CommandError, match=r"the file holds more than 20,000 games"):
        call_command("import_hands", str(event.pk), str(path))
    assert db_snapshot() == before
    # At the limit the file is read (and refused only for its boards the event lacks, which are listed).
    read = read_pbn_bytes(games(MAX_PBN_GAMES).encode(), max_games=MAX_PBN_GAMES)
    assert len(read.games) == MAX_PBN_GAMES


def _event_file(results: int = 0, boards: int = 1, pairs: int = 2) -> dict:
    row = {
        "round": 1,
        "table": 1,
        "board": 1,
        "ns": 1,
        "ew": 2,
        "contract": "1NT",
        "declarer": "N",
        "tricks": 7,
    }
    return {
        "name": "Over the limit",
        "date": "1916-03-04",
        "code": "auction-1915",
        "pairs": [{"number": n} for n in range(1, pairs + 1)],
        "boards": [{"number": n} for n in range(1, boards + 1)],
        "results": [row] * results,
    }


@pytest.mark.parametrize(
    ("field", "kw", "message"),
    [
        (
            "results",
            {"results": MAX_PLAYS + 1},
            f"results: at most {MAX_PLAYS:,} results in an event, got 20,001",
        ),
        (
            "boards",
            {"boards": MAX_PLAYS + 1},
            f"boards: at most {MAX_PLAYS:,} boards in an event, got 20,001",
        ),
        (
            "pairs",
            {"pairs": MAX_PAIRS + 1},
            f"pairs: at most {MAX_PAIRS} pairs (two a table) in an event, got 201",
        ),
    ],
)
def test_an_event_file_over_a_count_is_refused_when_parsed_with_the_fields_error(
    director_client, field, kw, message
):
    data = _event_file(**kw)
    # The count is checked as soon as the JSON is parsed: before a text is looked at or a field read (a NUL
    # in the name, which a later check would name, is never reached).
    data["name"] = "Over\u0000the limit"
    text = json.dumps(data)
    before = db_snapshot()
    tried("event file")
    with pytest.raises(services.ServiceError) as caught:
        parse_json(text)
    assert str(caught.value) == message
    tried("event file upload")
    page = director_client.post(
        reverse("event_import"), {"file": SimpleUploadedFile("e.json", text.encode())}
    )
    assert page.status_code == 200
    assert message in page.content.decode()
    assert db_snapshot() == before


def test_an_event_file_at_the_counts_is_read(director_client):
    # The largest allowed: 20,000 boards, 200 pairs pass the counts (and are refused by what follows: the
    # movement the single result shows seats 2 pairs, not 200).
    data = _event_file(results=1, boards=MAX_PLAYS, pairs=MAX_PAIRS)
    assert parse_json(json.dumps(data))["boards"][-1] == {"number": MAX_PLAYS}
    tried("event file")
    with pytest.raises(services.ServiceError, match=r"pair 3 does not sit in the movement|pairs: pair"):
        event_import(data=parse_json(json.dumps(data)))


def test_a_usebio_file_of_more_traveller_lines_than_an_event_holds_is_refused_before_any_is_read():
    line = (
        "<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>"
        "<CONTRACT>broken</CONTRACT></TRAVELLER_LINE>"
    )
    body = (
        '<?xml version="1.0"?><USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><BOARD><BOARD_NUMBER>1'
        "</BOARD_NUMBER>" + line * (MAX_PLAYS + 1) + "</BOARD></EVENT></USEBIO>"
    ).encode()
    before = db_snapshot()
    tried("usebio")
    with pytest.raises(services.ServiceError, match=r"the file holds more than 20,000 traveller lines"):
        usebio_import(data=body)  # the first line's CONTRACT, which would be refused, is never read
    tried("usebio")
    with pytest.raises(services.ServiceError, match=r"<CONTRACT> \(line 1\): must be a contract"):
        usebio_import(data=body.replace(line.encode() * (MAX_PLAYS + 1), line.encode()))
    assert db_snapshot() == before
