"""Hands from BBO's LIN files (issue 32, item 6), read through endplay's LIN reader as PBN is read: the service
(hands_from_lin, hands_from_file telling LIN by its extension or its content), the import_hands command and
the boards page (file and paste; a bad file a form error or one line, never a 500). Every deal attached is
compared card by card with the deal written into the file."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from duplicate import services
from duplicate.models import Board
from duplicate.services.hands_import import looks_like_lin
from scoring.deal import Deal
from tests.factories import db_snapshot, lin_file, make_event
from tests.scoring._util import deals, pbn_file

pytestmark = pytest.mark.django_db
SEATS = "NESW"

# Three tables' records of a real BBO tournament, as BBO serves its LIN files: an ACBL Speedball pairs game of
# July 2017 scraped from BBO's hand records by the bridgescape project (github.com/yichijin/bridgescape,
# data/5229-1500472800.tar.gz: 40427255/1193736381.lin, 40427256/1193736394.lin, 40427257/1193736424.lin), one
# board each, the players' BBO names replaced by their seats. Board 1's play (2NT by North) is one endplay's
# play reader cannot follow: the hands are read all the same, the auction and play being no hand record's.
BBO_RECORDS = (
    "pn|South,West,North,East|st||md|3S345H567QD37TC456,S67H39TD289JC2TQA,S2TJAHJAD46QAC3JK,|rh||ah|Board 1|"
    "sv|o|mb|2N|mb|p|mb|p|mb|p|pg||pc|C9|pc|C4|pc|CA|pc|C3|pg||pc|C2|pc|CJ|pc|C7|pc|C5|pg||pc|HA|pc|H2|pc|H5|"
    "pc|H3|pg||pc|HJ|pc|H4|pc|H6|pc|H9|pg||pc|DA|pc|D5|pc|D3|pc|D2|pg||pc|D4|pc|DK|pc|D7|pc|D8|pg||pc|C8|pc|C6|"
    "pc|CT|pc|CK|pg||pc|DQ|pc|H8|pc|DT|pc|D9|pg||pc|D6|pc|S8|pc|S3|pc|DJ|pg||pc|CQ|pc|S2|pc|S9|pc|S4|pg||pc|S7|"
    "pc|ST|pc|SQ|pc|S5|pg||pc|HK|\n"
    "pn|South,West,North,East|st||md|4S467H25QD456KC689,S238AH47TJD37JC24,SJH689AD2TQC3TJQK,|rh||ah|Board 2|"
    "sv|n|mb|1N|mb|p|mb|p|mb|2C|mb|2S|mb|p|mb|p|mb|p|pg||pc|C9|pc|C2|pc|C3|pc|CA|pg||\n"
    "pn|South,West,North,East|st||md|1S5JKAHTQKD67TC25A,S379H8JD4QC389TJQ,S68QH23D2389AC47K,|rh||ah|Board 3|"
    "sv|e|mb|1N|mb|p|mb|3N|mb|p|mb|p|mb|p|pg||pc|CQ|pc|C4|pc|C6|pc|CA|pg||\n"
)
# The same boards' hands as PBN writes them (North, East, South, West), East's given by the other three.
BBO_DEALS = {
    1: "N:AJT2.AJ.AQ64.KJ3 KQ98.K842.K5.987 543.Q765.T73.654 76.T93.J982.AQT2",
    2: "N:J.A986.QT2.KQJT3 KQT95.K3.A98.A75 764.Q52.K654.986 A832.JT74.J73.42",
    3: "N:Q86.32.A9832.K74 T42.A97654.KJ5.6 AKJ5.KQT.T76.A52 973.J8.Q4.QJT983",
}


def stored(event) -> dict[int, tuple[str, str, str]]:
    return {b.number: (b.dealer, b.vulnerability, b.deal) for b in Board.objects.filter(event=event)}


def assert_attached(event, written: dict[int, Deal]) -> None:
    """Each board of the event that the file gives holds exactly the file's cards, seat by seat."""
    boards = {b.number: b for b in Board.objects.filter(event=event)}
    for number, deal in written.items():
        got = Deal.parse_pbn(boards[number].deal)
        for i, seat in enumerate(SEATS):
            assert got.hands[i].cards() == deal.hands[i].cards(), (number, seat)


# --- The service ------------------------------------------------------------------------------------------


def test_a_lin_file_attaches_each_boards_hands_dealer_and_vulnerability():
    event = make_event(tables=3, boards_per_round=2)  # boards 1-6
    written = deals(8, seed=32)
    read = services.hands_from_lin(event=event, data=lin_file(written).encode())
    assert read.summary() == "hands for 6 boards: 1-6 (UTF-8); not attached, the event has no board 7-8"
    assert read.notes == ()
    services.board_deals_set(event=event, **read.given())
    assert_attached(event, {n: written[n] for n in range(1, 7)})
    # The file's dealer (the rotation shifted by one on purpose) and its vulnerability, in PBN's words.
    assert {n: d for n, (d, _, _) in stored(event).items()} == {n: SEATS[n % 4] for n in range(1, 7)}
    assert read.vulnerable == {1: "None", 2: "NS", 3: "EW", 4: "All", 5: "NS", 6: "EW"}


def test_a_real_bbo_file_gives_the_hands_as_bbo_dealt_them():
    event = make_event(tables=3, boards_per_round=1)  # boards 1-3
    read = services.hands_from_file(event=event, data=BBO_RECORDS.encode(), name="speedball.lin")
    assert read.deals == BBO_DEALS
    assert read.dealers == {1: "N", 2: "E", 3: "S"}
    assert read.vulnerable == {1: "None", 2: "NS", 3: "EW"}
    services.board_deals_set(event=event, **read.given())
    assert {n: deal for n, (_, _, deal) in stored(event).items()} == BBO_DEALS


def test_lin_is_told_by_its_content_when_the_name_does_not_say():
    event = make_event()
    written = deals(6, seed=33)
    for text in (lin_file(written), lin_file(written, east=True), lin_file(written, names=False)):
        assert looks_like_lin(text)
        read = services.hands_from_file(event=event, data=text.encode(), name="hands.txt")
        assert sorted(read.deals) == [1, 2, 3, 4, 5, 6]
    assert not looks_like_lin(pbn_file(written))
    assert services.hands_from_file(event=event, data=pbn_file(written)).encoding == "pasted text"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("md|3SAKQ,,,|ah|Board 1|sv|o|", r"LIN: line 1 \(board record 1\): "),
        (
            "md|3S2QAH4QAD8TQC78QK,S579JKH389D6C369A,S48H267TKD257JKAC,|ah|Brd one|",
            r"ah\|Board N\| \(ah\|Brd one\|\)",
        ),
        ("pn|a,b,c,d|md|3S2QAH4QAD8TQC78QK,S579JKH389D6C369A,S48H267TKD257JKAC,|sv|o|", r"\(no ah\| tag\)"),
        (
            "md|9S2QAH4QAD8TQC78QK,S579JKH389D6C369A,S48H267TKD257JKAC,|ah|Board 1|",
            r"md\|9S2QA.* is not a deal",
        ),
        ("pn|a,b,c,d|st||rh||", r"LIN: no board with hands found"),
        (
            "\nmd|3S2QAH4QAD8TQC78QK,S579JKH389D6C369A,S48H267TKD257JKAC,|ah|Board 99|",
            r"LIN: none of the file",
        ),
    ],
)
def test_a_bad_lin_file_is_one_clear_error(text, message):
    with pytest.raises(services.ServiceError, match=message):
        services.hands_from_lin(event=make_event(), data=text)


def test_one_query_to_read_whatever_the_file_size(django_assert_num_queries):
    event = make_event()
    for count in (6, 36):
        source = lin_file(deals(count, seed=34))
        with django_assert_num_queries(1):
            services.hands_from_lin(event=event, data=source)


# --- The command --------------------------------------------------------------------------------------------


def test_the_command_attaches_a_lin_file(tmp_path, capsys):
    event = make_event()
    written = deals(6, seed=35)
    path = tmp_path / "hands.lin"
    path.write_text(lin_file(written), encoding="utf-8")
    call_command("import_hands", str(event.pk), str(path))
    last = capsys.readouterr().out.splitlines()[-1]
    assert last.startswith("Attached: hands for 6 boards: 1-6 (UTF-8); 6 boards changed")
    assert_attached(event, written)


def test_the_command_refuses_a_bad_lin_file_in_one_line(tmp_path):
    event = make_event()
    path = tmp_path / "bad.lin"
    path.write_text("md|3SAKQ,,,|ah|Board 1|", encoding="utf-8")
    before = db_snapshot()
    with pytest.raises(CommandError, match=r"^\S*bad.lin: LIN: line 1 \(board record 1\): ") as raised:
        call_command("import_hands", str(event.pk), str(path))
    assert raised.value.returncode == 2
    assert "\n" not in str(raised.value)
    assert db_snapshot() == before


# --- The boards page ----------------------------------------------------------------------------------------


def boards_url(event) -> str:
    return reverse("event_boards", args=[event.pk])


def test_the_page_takes_a_lin_file_and_pasted_lin(director_client):
    event = make_event()
    written = deals(6, seed=36)
    upload = SimpleUploadedFile("hands.lin", lin_file(written).encode())
    response = director_client.post(
        boards_url(event), {"pbn_file": upload, "repeated": "refuse"}, follow=True
    )
    assert response.status_code == 200
    assert "hands for 6 boards: 1-6 (UTF-8)" in response.content.decode()
    assert_attached(event, written)
    other = make_event()
    response = director_client.post(boards_url(other), {"pbn_text": lin_file(written)}, follow=True)
    assert response.status_code == 200
    assert "hands for 6 boards: 1-6 (pasted text)" in response.content.decode()
    assert_attached(other, written)


@pytest.mark.parametrize(
    "content", [b"md|3SAKQ,,,|ah|Board 1|", b"pn|a,b,c,d|md|3S2QA|", b"md|1|ah|Board x|", b"\xff\xfe\x00md|"]
)
def test_the_page_shows_a_bad_lin_file_as_the_forms_error(director_client, content):
    event = make_event()
    before = db_snapshot()
    response = director_client.post(boards_url(event), {"pbn_file": SimpleUploadedFile("x.lin", content)})
    assert response.status_code == 200
    page = response.content.decode()
    assert 'class="errorlist' in page
    assert "LIN: " in page
    assert db_snapshot() == before
