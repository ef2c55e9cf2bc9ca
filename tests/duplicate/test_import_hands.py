"""Hands from PBN attached to an event: the service (hands_from_pbn with board_deals_set), the import_hands
command (its last line, its exit codes) and the boards page (file and paste; errors shown on the form, never a
500). Every deal attached is compared card by card with the deal written into the file."""

from __future__ import annotations

import html as htmllib
import io
import json
import re
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from endplay.parsers import pbn as endplay_pbn

from duplicate import services
from duplicate.forms.entry import PlayResultForm
from duplicate.models import Board, Play, PlayChange
from duplicate.selectors.travellers import hand_diagram
from duplicate.services.eventfile import event_export, event_import
from scoring.deal import Deal
from tests.factories import (
    HANDS_A,
    HANDS_B,
    board1_plays,
    confirm_fields,
    contract_event_file,
    db_snapshot,
    make_event,
    manage,
    played_event,
)
from tests.scoring._util import deals, pbn_file

pytestmark = pytest.mark.django_db
SEATS = "NESW"
DATA = Path(__file__).resolve().parents[1] / "data" / "pbn"


def stored(event) -> dict[int, tuple[str, str]]:
    return {b.number: (b.dealer, b.deal) for b in Board.objects.filter(event=event)}


def assert_attached(event, written: dict[int, Deal]) -> None:
    """Each board of the event that the file gives holds exactly the file's cards, seat by seat."""
    boards = {b.number: b for b in Board.objects.filter(event=event)}
    for number, deal in written.items():
        got = Deal.parse_pbn(boards[number].deal)
        for i, seat in enumerate(SEATS):
            assert got.hands[i].cards() == deal.hands[i].cards(), (number, seat)


# --- The service ------------------------------------------------------------------------------------------


def test_a_bigger_set_attaches_the_event_boards_and_reports_the_rest_with_the_file_dealers():
    event = make_event(tables=3, boards_per_round=2)  # boards 1-6
    written = deals(32, seed=20)
    data = pbn_file(written, first_seat="S").encode("iso-8859-1")
    read = services.hands_from_pbn(event=event, data=data)
    assert read.not_in_event == tuple(range(7, 33))
    assert read.summary() == "hands for 6 boards: 1-6 (UTF-8); not attached, the event has no board 7-32"
    changed = services.board_deals_set(event=event, deals=read.deals, dealers=read.dealers)
    # Every board's dealer is shifted from the rotation; the file gives no vulnerability nor site.
    assert changed == services.HandsAttached(hands=(1, 2, 3, 4, 5, 6), dealers=(1, 2, 3, 4, 5, 6))
    assert changed.boards == 6
    assert_attached(event, {n: written[n] for n in range(1, 7)})
    # The file's dealer (shifted from the rotation on purpose), not the rotation's.
    assert {n: d for n, (d, _) in stored(event).items()} == {n: SEATS[n % 4] for n in range(1, 7)}
    assert read.event_name == "Club night"
    assert read.site == "Kalamazoo"
    assert read.date == "1916.03.04"
    assert read.vulnerable == dict.fromkeys(range(1, 7), "None")


def test_latin1_file_with_accents_is_read(tmp_path):
    event = make_event()
    written = deals(6, seed=21)
    data = pbn_file(written, event="Coupe d'été à Genève").replace("\n", "\r\n").encode("iso-8859-1")
    read = services.hands_from_pbn(event=event, data=data)
    assert read.encoding == "ISO-8859-1"
    assert read.event_name == "Coupe d'été à Genève"


def test_none_of_the_boards_in_the_event_is_refused():
    event = make_event()
    written = {n: d for n, d in deals(30, seed=22).items() if n > 20}
    with pytest.raises(
        services.ServiceError, match=r"none of the file's boards \(21-30\) is a board of this event"
    ):
        services.hands_from_pbn(event=event, data=pbn_file(written))


def test_repeated_boards_refused_naming_both_games_or_chosen():
    event = make_event()
    first, second = deals(6, seed=23), deals(6, seed=24)
    source = pbn_file(first) + "\n" + pbn_file(second)
    with pytest.raises(
        services.ServiceError, match=r"board 1 is given twice with different hands: game 1 .* game 7"
    ):
        services.hands_from_pbn(event=event, data=source)
    read = services.hands_from_pbn(event=event, data=source, duplicates="last")
    services.board_deals_set(event=event, deals=read.deals, dealers=read.dealers)
    assert_attached(event, second)
    assert any("board 1: kept game 7" in n for n in read.notes)


def test_the_same_deal_on_two_boards_is_warned_about():
    event = make_event()
    written = deals(6, seed=25)
    written[4] = written[2]
    read = services.hands_from_pbn(event=event, data=pbn_file(written))
    assert "boards 2, 4 have the very same hands: check the file" in read.notes


def test_unknown_hands_are_stored_as_known_and_honours_come_from_the_entry(director):
    event = make_event()
    full = Deal.parse_pbn(HANDS_A)
    north, _east, south, _west = (h.to_pbn() for h in full.hands)
    source = f'[Board "1"]\n[Dealer "E"]\n[Deal "N:{north} - {south} -"]\n'
    read = services.hands_from_pbn(event=event, data=source)
    assert any("board 1" in n and "only some hands are known" in n for n in read.notes)
    services.board_deals_set(event=event, deals=read.deals, dealers=read.dealers)
    assert stored(event)[1] == ("E", f"N:{north} - {south} -")
    # The traveller's diagram shows the known hands, "?" for the others.
    diagram = hand_diagram(stored(event)[1][1])
    assert diagram is not None
    assert diagram.north == tuple((suit, full.hands[0].suit(suit) or "—") for suit in "SHDC")
    assert diagram.east == (("S", "?"), ("H", "?"), ("D", "?"), ("C", "?"))
    # The entry's honours score (they cannot come from two hands): 2S by N, 8 tricks, 18, and the honours
    # the table gives, N-S four in one hand, 72 (law 6): +90, as the full hands A would give.
    play = board1_plays(event)[1]
    writer = services.Writer(name="td", is_director=True, user_id=director.pk)
    data = {
        "contract": "2S",
        "declarer": "N",
        "tricks": 8,
        "honours": {"side": "NS", "count": 4, "in_one_hand": 4},
    }
    services.play_result_save(play=play, data=data, writer=writer, expected_version=0)
    play.refresh_from_db()
    assert play.net_ns == 90
    # Completing the hands gives the same honours: nothing to correct.
    assert services.board_deals_preview(event=event, deals={1: HANDS_A}).changes == ()


def test_partial_hands_never_replace_four_known_hands(director):
    event = played_event(director)
    north = Deal.parse_pbn(HANDS_A).hands[0].to_pbn()
    before = db_snapshot()
    read = services.hands_from_pbn(
        event=event, data=f'[Board "1"]\n[Deal "N:{north} - - -"]\n\n[Board "2"]\n[Deal "{HANDS_B}"]\n'
    )
    assert 1 not in read.deals
    assert any("board 1" in n and "the board has all four: kept" in n for n in read.notes)
    with pytest.raises(services.ServiceError, match="board 1: it has all four hands"):
        services.board_deals_set(event=event, deals={1: f"N:{north} - - -"})
    assert db_snapshot() == before


def test_one_query_to_read_whatever_the_file_size(django_assert_num_queries):
    event = make_event()
    for count in (6, 36):
        source = pbn_file(deals(count, seed=26))
        with django_assert_num_queries(1):
            services.hands_from_pbn(event=event, data=source)


# --- Real files from other projects (tests/data/pbn/README.md) --------------------------------------------


def test_real_files_import():
    event = make_event(tables=9, boards_per_round=2)  # boards 1-18
    sample = services.hands_from_pbn(event=event, data=(DATA / "endplay_sample.pbn").read_bytes())
    assert sample.encoding == "UTF-8"  # a UTF-8 spade in a note
    services.board_deals_set(event=event, deals=sample.deals, dealers=sample.dealers)
    got = stored(event)
    assert got[17] == ("N", "N:AT9.2.J432.A9863 76432.4.KQ.QJT72 Q.KJ976.AT8765.5 KJ85.AQT853.9.K4")
    # The file's dealer (S) although its Deal starts with North.
    assert got[11] == ("S", "N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96")
    assert sample.event_name == "TestingPBN"


def test_real_archive_with_both_rooms_imports_each_board_once():
    event = make_event(tables=10, boards_per_round=2)  # boards 1-20
    data = (DATA / "endplay_example1.pbn").read_bytes()
    read = services.hands_from_pbn(event=event, data=data)  # every board twice (open and closed rooms)
    assert sorted(read.deals) == list(range(1, 21))
    assert read.notes == ()
    services.board_deals_set(event=event, deals=read.deals, dealers=read.dealers)
    got = stored(event)
    assert got[1] == ("N", "N:T32.AKQ7.T3.AQJT A9864.83.AK4.987 J.JT9542.72.K653 KQ75.6.QJ9865.42")
    # Given from East, with North void in clubs.
    assert got[18] == ("E", "N:AJ9742.T53.KJ63. KT853.A.542.QT92 Q.K9764.QT98.AJ4 6.QJ82.A7.K87653")
    # endplay reads the same deals from the same bytes.
    assert {b.board_num: b.deal.to_pbn() for b in endplay_pbn.load(io.StringIO(data.decode()))} == {
        n: d for n, (_, d) in got.items()
    }
    assert read.event_name == "16th European Youth Team Championships"


# --- The command ------------------------------------------------------------------------------------------


def test_command_attaches_and_says_what_on_its_last_line(tmp_path, capsys):
    event = make_event()
    written = deals(8, seed=27)
    path = tmp_path / "hands.pbn"
    path.write_bytes(b"\xef\xbb\xbf" + pbn_file(written).replace("\n", "\r\n").encode())
    call_command("import_hands", str(event.pk), str(path))
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[-1] == (
        "Attached: hands for 6 boards: 1-6 (UTF-8 with BOM); not attached, the event has no board 7-8; "
        f"6 boards changed. Event {event.pk}"
    )
    assert_attached(event, {n: written[n] for n in range(1, 7)})


def test_the_file_site_fills_a_blank_site_only_and_is_written_back(tmp_path, client):
    event = make_event()
    path = tmp_path / "hands.pbn"
    path.write_text(pbn_file(deals(8, seed=27)), encoding="utf-8")  # [Site "Kalamazoo"]
    call_command("import_hands", str(event.pk), str(path))
    event.refresh_from_db()
    assert event.site == "Kalamazoo"
    out = tmp_path / "out.pbn"
    call_command("export_hands", str(event.pk), "-o", str(out))
    assert out.read_text(encoding="utf-8").count('[Site "Kalamazoo"]') == 6  # one game a board with hands
    other = make_event()
    other.site = "The Whist Club"
    other.save()
    call_command("import_hands", str(other.pk), str(path))
    other.refresh_from_db()
    assert other.site == "The Whist Club"  # the director's own is kept


def test_command_refuses_repeated_boards_then_first_chooses(tmp_path, capsys):
    event = make_event()
    first, second = deals(6, seed=28), deals(6, seed=29)
    path = tmp_path / "joined.pbn"
    path.write_text(pbn_file(first) + "\n" + pbn_file(second), encoding="utf-8")
    before = db_snapshot()
    with pytest.raises(
        CommandError, match=r"board 1 is given twice with different hands: game 1 \(line 1\) and game 7"
    ):
        call_command("import_hands", str(event.pk), str(path))
    assert db_snapshot() == before
    call_command("import_hands", str(event.pk), str(path), "--first")
    assert_attached(event, first)
    assert "note: board 6: kept game 6" in capsys.readouterr().out


def test_command_never_rescores_silently(director, tmp_path, capsys):
    event = played_event(director)
    path = tmp_path / "b.pbn"
    path.write_text(f'[Board "1"]\n[Dealer "N"]\n[Deal "{HANDS_B}"]\n', encoding="utf-8")
    before = db_snapshot()
    with pytest.raises(
        CommandError,
        match=r"change 2 results already in \(board 1 table \d+: \+90 to -54; .*add --correct",
    ):
        call_command("import_hands", str(event.pk), str(path))
    assert db_snapshot() == before
    call_command("import_hands", str(event.pk), str(path), "--correct")
    assert (
        capsys.readouterr()
        .out.strip()
        .splitlines()[-1]
        .endswith(f"1 board changed; 2 results corrected (law E, hands replaced). Event {event.pk}")
    )
    assert sorted(p.net_ns for p in Play.objects.filter(event=event, board__number=1, entered=True)) == [
        -54,
        10,
        89,
    ]
    assert PlayChange.objects.filter(play__event=event, reason="hands replaced").count() == 2


def test_command_errors_are_one_line(tmp_path):
    event = make_event()
    bad = tmp_path / "bad.pbn"
    bad.write_text('[Board "1"]\n[Deal "N:AKQ"]\n', encoding="utf-8")
    with pytest.raises(CommandError, match=r"bad.pbn: line 2 \(game 1\): Deal must list 4 hands"):
        call_command("import_hands", str(event.pk), str(bad))
    with pytest.raises(CommandError, match="event 999999: no such event"):
        call_command("import_hands", "999999", str(bad))


def test_command_exits_nonzero_without_traceback(tmp_path):
    result = manage("import_hands", "1", str(tmp_path / "missing.pbn"))
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [f"CommandError: {tmp_path / 'missing.pbn'}: no such file"]
    result = manage("import_hands", "1", "x.pbn", "--first", "--last")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr


# --- The boards page --------------------------------------------------------------------------------------


def boards_url(event) -> str:
    return reverse("event_boards", args=[event.pk])


def test_page_upload_latin1_file_attaches_and_reports(director_client):
    event = make_event()
    written = deals(9, seed=30)
    upload = SimpleUploadedFile("h.pbn", pbn_file(written, event="Tournoi d'été").encode("iso-8859-1"))
    response = director_client.post(
        boards_url(event), {"pbn_file": upload, "repeated": "refuse"}, follow=True
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert "hands for 6 boards: 1-6 (ISO-8859-1); not attached, the event has no board 7-9" in page
    assert attached_message(response) == [
        "Hands attached to 6 boards; the dealer changed on 6 boards; the vulnerability set on 6 boards; "
        "the event's site set to Kalamazoo."
    ]
    assert_attached(event, {n: written[n] for n in range(1, 7)})
    assert stored(event)[1][0] == "E"


def test_page_upload_utf16_file_with_tags_over_two_lines_attaches(director_client):
    # Saved by a Windows editor: UTF-16 with its byte-order mark, CRLF; [Event and [Deal split over two lines.
    event = make_event()
    written = deals(6, seed=36)
    text = (
        pbn_file(written, event="Soirée du club")
        .replace('[Event "', '[Event\n"')
        .replace('[Deal "', '[Deal\n  "')
    )
    upload = SimpleUploadedFile("h.pbn", text.replace("\n", "\r\n").encode("utf-16"))
    response = director_client.post(
        boards_url(event), {"pbn_file": upload, "repeated": "refuse"}, follow=True
    )
    assert response.status_code == 200
    assert "hands for 6 boards: 1-6 (UTF-16 with BOM)" in response.content.decode()
    assert_attached(event, written)
    assert {n: d for n, (d, _) in stored(event).items()} == {n: SEATS[n % 4] for n in range(1, 7)}


def test_page_paste_takes_pbn_text_and_compact_lines(director_client):
    event = make_event()
    written = deals(2, seed=31)
    response = director_client.post(boards_url(event), {"pbn_text": pbn_file(written)})
    assert response.status_code == 302
    assert_attached(event, written)
    other = deals(3, seed=32)[3]
    response = director_client.post(boards_url(event), {"pbn_text": f"3 {other.to_pbn()}"})
    assert response.status_code == 302
    assert_attached(event, {3: other})


def test_page_repeated_boards_form_error_then_choice(director_client):
    event = make_event()
    first, second = deals(6, seed=33), deals(6, seed=34)
    text = pbn_file(first) + "\n" + pbn_file(second)
    before = db_snapshot()
    response = director_client.post(
        boards_url(event), {"pbn_file": SimpleUploadedFile("j.pbn", text.encode()), "repeated": "refuse"}
    )
    assert response.status_code == 200
    assert "board 1 is given twice with different hands: game 1 (line 1) and game 7 (line 49)" in (
        response.content.decode().replace("&#x27;", "'")
    )
    assert db_snapshot() == before
    response = director_client.post(
        boards_url(event), {"pbn_file": SimpleUploadedFile("j.pbn", text.encode()), "repeated": "last"}
    )
    assert response.status_code == 302
    assert_attached(event, second)


@pytest.mark.parametrize(
    "content",
    [
        b"\xff\xfe\x00garbage",
        b'[Board "1"]\n[Deal "N:AKQ"]\n',
        b'[Board "1"]\n{ never closed\n',
        b'[Board "99"]\n[Deal "N:AKQJ.T98.765.432 - - -"]\n',
        b"",
    ],
)
def test_page_bad_files_are_form_errors(director_client, content):
    event = make_event()
    before = db_snapshot()
    response = director_client.post(boards_url(event), {"pbn_file": SimpleUploadedFile("x.pbn", content)})
    assert response.status_code == 200
    assert 'class="errorlist' in response.content.decode()
    assert db_snapshot() == before


def test_page_hands_that_change_results_ask_first(director, director_client):
    event = played_event(director)
    text = f'[Board "1"] [Dealer "W"] [Deal "{HANDS_B}"]\n'
    response = director_client.post(boards_url(event), {"pbn_text": text})
    assert response.status_code == 200
    html = response.content.decode()
    assert "Confirm new hands" in html
    assert stored(event)[1] == ("N", HANDS_A)  # neither hands nor dealer yet
    dealers = re.search(r'name="dealers" value="([^"]*)"', html)
    assert dealers
    fields = {**confirm_fields(html), "dealers": htmllib.unescape(dealers.group(1)), "confirm": "1"}
    response = director_client.post(boards_url(event), fields)
    assert response.status_code == 302
    assert stored(event)[1] == ("W", HANDS_B)


def test_partly_known_hands_survive_the_event_file():
    event = make_event()
    north = Deal.parse_pbn(HANDS_A).hands[0].to_pbn()
    services.board_deals_set(event=event, deals={2: f"W:- {north} - -"})
    assert stored(event)[2][1] == f"N:{north} - - -"
    copy = event_import(data=event_export(event))
    assert stored(copy) == stored(event)


def test_a_board_repeated_outside_the_event_refuses_nothing():
    event = make_event()  # boards 1-6
    first = deals(8, seed=35)
    again = {n: d for n, d in deals(8, seed=36).items() if n > 6}
    read = services.hands_from_pbn(event=event, data=pbn_file(first) + "\n" + pbn_file(again))
    assert read.not_in_event == (7, 8)
    assert sorted(read.deals) == [1, 2, 3, 4, 5, 6]
    assert read.summary() == "hands for 6 boards: 1-6 (pasted text); not attached, the event has no board 7-8"


def test_page_compact_lines_refuse_a_board_given_twice(director_client):
    event = make_event()
    one, two = deals(2, seed=37).values()
    before = db_snapshot()
    response = director_client.post(boards_url(event), {"pbn_text": f"1 {one.to_pbn()}\n\n1 {two.to_pbn()}"})
    assert response.status_code == 200
    assert "line 3: board 1 is given again with other hands (line 1)" in response.content.decode()
    assert db_snapshot() == before


def test_the_entry_form_asks_for_honours_unless_all_four_hands_are_known():
    event = make_event()
    north = Deal.parse_pbn(HANDS_A).hands[0].to_pbn()
    services.board_deals_set(event=event, deals={1: f"N:{north} - - -", 2: HANDS_A})
    plays = {p.board.number: p for p in Play.objects.filter(event=event).select_related("board")}
    partial = PlayResultForm(play=plays[1], code=event.code, director=True)
    full = PlayResultForm(play=plays[2], code=event.code, director=True)
    assert "honours" in partial.fields  # laws 5, 6: the table gives them
    assert "honours" not in full.fields  # they come from the hands


# --- A file's dealers, vulnerability and site: stored with its hands, only when the director confirms ---------


def tagged_file(hands: dict[int, str], *, vulnerable: str = "All", site: str = "Elsewhere") -> str:
    """One game a board: each board's hands, dealer W, the file's ``vulnerable`` and ``site``."""
    return "".join(
        f'[Site "{site}"]\n[Board "{n}"]\n[Dealer "W"]\n[Vulnerable "{vulnerable}"]\n[Deal "{deal}"]\n\n'
        for n, deal in hands.items()
    )


def hidden_fields(html: str) -> dict[str, str]:
    """Every hidden field of the confirmation, as the browser sends it back."""
    names = ("deals", "versions", "dealers", "vulnerable", "site")
    found = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', html))
    assert set(names) <= set(found), found
    return {name: htmllib.unescape(found[name]) for name in names}


def tags(event) -> tuple[str, dict[int, tuple[str, str, str]]]:
    """The event's site and each board's dealer, vulnerability and hands, as stored."""
    event.refresh_from_db()
    boards = Board.objects.filter(event=event)
    return event.site, {b.number: (b.dealer, b.vulnerability, b.deal) for b in boards}


def attached_message(response) -> list[str]:
    """The success messages the boards page shows after attaching."""
    return [str(m) for m in response.context["messages"] if m.level_tag == "success"]


def test_page_says_what_the_file_changed_hands_dealer_vulnerability_and_site(director_client):
    event = make_event()  # boards 1-6, dealers by the rotation, no hands, no site
    written = {n: d.to_pbn() for n, d in deals(3, seed=40).items()}
    response = director_client.post(boards_url(event), {"pbn_text": tagged_file(written)}, follow=True)
    assert attached_message(response) == [
        "Hands attached to 3 boards; the dealer changed on 3 boards; the vulnerability set on 3 boards; "
        "the event's site set to Elsewhere."
    ]
    # The same hands on boards 1 and 2, new ones on board 3, all three now None: the site is kept.
    again = written | {3: deals(3, seed=41)[3].to_pbn()}
    response = director_client.post(
        boards_url(event), {"pbn_text": tagged_file(again, vulnerable="None", site="Other")}, follow=True
    )
    assert attached_message(response) == ["Hands attached to 1 board; the vulnerability set on 3 boards."]
    site, boards = tags(event)
    assert site == "Elsewhere"
    assert {n: boards[n][1] for n in (1, 2, 3, 4)} == {1: "None", 2: "None", 3: "None", 4: ""}
    # Only the vulnerability of two boards: no hands attached, and the message does not say any were.
    response = director_client.post(
        boards_url(event), {"pbn_text": tagged_file({1: again[1], 2: again[2]})}, follow=True
    )
    assert attached_message(response) == ["The vulnerability set on 2 boards."]
    response = director_client.post(
        boards_url(event), {"pbn_text": tagged_file({1: again[1], 2: again[2]})}, follow=True
    )
    assert attached_message(response) == ["No board changed: each already had what was given."]


def test_page_confirmation_says_what_changed_and_what_was_corrected(director, director_client):
    event = played_event(director)
    html = director_client.post(boards_url(event), {"pbn_text": tagged_file({1: HANDS_B})}).content.decode()
    response = director_client.post(boards_url(event), {**hidden_fields(html), "confirm": "1"}, follow=True)
    assert attached_message(response) == [
        "Hands attached to 1 board; the dealer changed on 1 board; the vulnerability set on 1 board; "
        "the event's site set to Elsewhere. 2 results corrected (law E, hands replaced): see the event's "
        "history."
    ]


def test_page_reading_a_file_then_cancelling_keeps_vulnerability_and_site(director, director_client):
    event = played_event(director)
    before, stored_before = db_snapshot(), tags(event)
    assert stored_before == ("", {**stored_before[1], 1: ("N", "", HANDS_A)})
    response = director_client.post(boards_url(event), {"pbn_text": tagged_file({1: HANDS_B})})
    html = response.content.decode()
    assert "Confirm new hands" in html
    assert "vulnerability and site are stored with the hands, only" in html
    assert (db_snapshot(), tags(event)) == (before, stored_before)  # reading the file wrote nothing
    response = director_client.post(boards_url(event), {**hidden_fields(html), "cancel": "1"})
    assert response.status_code == 302
    assert (db_snapshot(), tags(event)) == (before, stored_before)


def test_page_confirming_stores_hands_dealers_vulnerability_and_site_together(director, director_client):
    event = played_event(director)
    html = director_client.post(boards_url(event), {"pbn_text": tagged_file({1: HANDS_B})}).content.decode()
    fields = hidden_fields(html)
    assert (json.loads(fields["vulnerable"]), fields["site"]) == ({"1": "All"}, "Elsewhere")
    response = director_client.post(boards_url(event), {**fields, "confirm": "1"})
    assert response.status_code == 302
    site, boards = tags(event)
    assert (site, boards[1]) == ("Elsewhere", ("W", "All", HANDS_B))
    assert boards[2] == ("E", "", "")  # a board the file does not give is left as it was
    # The two results the new hands change (hands B: E-W hold the honours), corrected with them.
    assert sorted(p.net_ns for p in board1_plays(event).values()) == [-54, 10, 89]


def test_a_stale_confirmation_carries_vulnerability_and_site_to_the_new_one(director, director_client):
    event = played_event(director)
    html = director_client.post(boards_url(event), {"pbn_text": tagged_file({1: HANDS_B})}).content.decode()
    play = board1_plays(event)[1]
    writer = services.Writer(name="td", is_director=True)
    services.play_result_save(
        play=play, data={**play_result(play), "tricks": 9}, writer=writer, expected_version=1
    )
    response = director_client.post(boards_url(event), {**hidden_fields(html), "confirm": "1"})
    page = response.content.decode()
    assert "The results changed since the changes were shown" in page
    assert tags(event)[1][1] == ("N", "", HANDS_A)
    fields = hidden_fields(page)
    assert (json.loads(fields["vulnerable"]), fields["site"]) == ({"1": "All"}, "Elsewhere")
    assert director_client.post(boards_url(event), {**fields, "confirm": "1"}).status_code == 302
    assert tags(event)[0] == "Elsewhere"
    assert tags(event)[1][1] == ("W", "All", HANDS_B)


def play_result(play) -> dict:
    return {"contract": play.contract, "declarer": play.declarer, "tricks": play.tricks}


@pytest.mark.parametrize(
    ("field", "value", "shown"),
    [
        ("vulnerable", "not json", "The confirmation was damaged"),
        ("vulnerable", json.dumps({"1": ["All"]}), "The confirmation was damaged"),
        ("vulnerable", json.dumps({"x": "All"}), "The confirmation was damaged"),
        ("vulnerable", json.dumps({"1": "red"}), "board 1: vulnerability: must be one of"),
        ("vulnerable", json.dumps({"99": "All"}), "board 99: the event has no such board"),
        ("site", "x" * 201, "The confirmation was damaged"),
    ],
)
def test_a_tampered_vulnerability_or_site_changes_nothing(director, director_client, field, value, shown):
    event = played_event(director)
    html = director_client.post(boards_url(event), {"pbn_text": tagged_file({1: HANDS_B})}).content.decode()
    before, stored_before = db_snapshot(), tags(event)
    forged = {**hidden_fields(html), field: value, "confirm": "1"}
    response = director_client.post(boards_url(event), forged, follow=True)
    assert response.status_code == 200
    assert shown in htmllib.unescape(response.content.decode())
    assert (db_snapshot(), tags(event)) == (before, stored_before)


def test_confirming_runs_a_fixed_number_of_queries(director, director_client):
    counts = []
    for tables, name in ((3, "Small"), (7, "Big")):
        event = played_event(director, tables=tables, name=name)
        # Hands, dealer, vulnerability for every board of the event; the same two results change in both.
        hands = {n: d.to_pbn() for n, d in deals(event.boards.count(), seed=tables).items()} | {1: HANDS_B}
        html = director_client.post(boards_url(event), {"pbn_text": tagged_file(hands)}).content.decode()
        fields = hidden_fields(html)
        assert len(json.loads(fields["vulnerable"])) == event.boards.count()
        with CaptureQueriesContext(connection) as ctx:
            response = director_client.post(boards_url(event), {**fields, "confirm": "1"})
        assert response.status_code == 302
        assert set(tags(event)[1].values()) == {("W", "All", h) for h in hands.values()}
        counts.append(len(ctx.captured_queries))
    assert counts[0] == counts[1], counts


def test_a_vulnerability_that_would_rescore_is_a_form_error_and_nothing_is_stored(director_client):
    event = event_import(data=contract_event_file())  # contract bridge: law 77 scores with the vulnerability
    before, stored_before = db_snapshot(), tags(event)
    response = director_client.post(boards_url(event), {"pbn_text": tagged_file({1: HANDS_A})})
    assert response.status_code == 200
    assert "board 1: the new vulnerability would change results already in" in response.content.decode()
    assert (db_snapshot(), tags(event)) == (before, stored_before)
    # The service refuses it too, all or nothing: neither the hands nor the site are kept.
    with pytest.raises(services.ServiceError, match="board 1: the new vulnerability would change results"):
        services.board_deals_set(event=event, deals={1: HANDS_A}, vulnerable={1: "All"}, site="Elsewhere")
    assert (db_snapshot(), tags(event)) == (before, stored_before)
    # The cycle's own vulnerability for board 1 (None) changes no score: stored with the hands.
    assert services.board_deals_set(
        event=event, deals={1: HANDS_A}, vulnerable={1: "None"}, site="Elsewhere"
    ) == services.HandsAttached(hands=(1,), vulnerability=(1,), site="Elsewhere")
    assert tags(event)[0] == "Elsewhere"
    assert tags(event)[1][1][1:] == ("None", HANDS_A)
