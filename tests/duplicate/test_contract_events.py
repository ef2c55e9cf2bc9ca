"""Contract bridge events end to end: law 77 scores stored with the board's vulnerability, matchpoints (with a
Neuberg board and a law 12C2 A60/40), Butler, quick entry and adjusted scores through the entry page, the
new-event form, event files, standings pages and the JSON command.  The figures below are worked by hand."""

from __future__ import annotations

import datetime as dt
import io
import json
import re
from fractions import Fraction
from io import StringIO

import openpyxl
import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.urls import reverse
from django.utils.html import strip_tags

from duplicate import services
from duplicate.models import Event, Play
from duplicate.selectors.contract import decimal_text
from duplicate.selectors.standings import pair_standings
from duplicate.services.eventfile import event_export, event_import
from tests.factories import (
    BUTLER_RESULTS,
    DOWNLOADS,
    board_data,
    contract_file,
    field_errors,
    pdf_words,
    plays_at,
    rows_by_pair,
    table_url,
)
from tests.factories import CONTRACT_RESULTS as RESULTS
from tests.factories import contract_event_file as event_file

pytestmark = pytest.mark.django_db


def test_law77_scores_are_stored_with_each_boards_vulnerability():
    event = event_import(data=event_file())
    nets = {
        (p.board.number, p.ns_pair.number): p.net_ns
        for p in Play.objects.filter(event=event).select_related("board", "ns_pair")
    }
    assert nets[(1, "1")] == 420  # law 77: 4S = 120 + 300 not vulnerable
    assert nets[(1, "2")] == -100  # two down undoubled, not vulnerable: 50 each
    assert nets[(2, "2")] == 600  # 3NT vulnerable: 100 + 500
    assert nets[(2, "3")] == 790  # 4HX vulnerable: 240 + insult 50 + game 500
    assert nets[(3, "2")] == -620  # E-W vulnerable game: 120 + 500
    assert nets[(3, "1")] == 400  # N-S not vulnerable on board 3


def test_matchpoints_with_a_neuberg_board_and_an_a60_40():
    """Board 1: 450 4, 420 2, -100 0 (top 4).  Board 2: the A60/40 takes no part, so 790 and 600 are compared
    between two (2 and 0) and Neuberged to three, (MP + 1) * 3 / 2 - 1: 3 1/2 and 1/2; the adjusted pairs get
    60% and 40% of the top 4: 2 2/5 and 1 3/5.  Board 3: 400 4, 0 2, -620 0."""
    event = event_import(data=event_file())
    rows = rows_by_pair(event)
    # N-S: pair 3: 4 + 7/2 + 2 = 19/2; pair 1: 2 + 12/5 + 4 = 42/5; pair 2: 0 + 1/2 + 0 = 1/2 (of 3 x 4 = 12).
    assert rows[3] == (1, Fraction(19, 2), Fraction(475, 6), "9.50", "79.17")
    assert rows[1] == (2, Fraction(42, 5), Fraction(70), "8.40", "70.00")
    assert rows[2] == (3, Fraction(1, 2), Fraction(25, 6), "0.50", "4.17")
    # E-W: pair 6: 4 + 8/5 + 2 = 38/5; pair 4: 2 + 1/2 + 4 = 13/2; pair 5: 0 + 7/2 + 0 = 7/2.
    assert rows[6] == (1, Fraction(38, 5), Fraction(190, 3), "7.60", "63.33")
    assert rows[4] == (2, Fraction(13, 2), Fraction(325, 6), "6.50", "54.17")
    assert rows[5] == (3, Fraction(7, 2), Fraction(175, 6), "3.50", "29.17")


def test_butler_imps_against_each_boards_datum():
    """Datums (mean, to the nearest 10): board 1 (420 + 450 - 100) / 3 -> 260; board 2 (600 - 100 + 790) / 3
    = 430; board 3 (0 - 620 + 400) / 3 -> -70.  IMPs (WBF): board 1 +160 4, +190 5, -360 -8; board 2 +170 5,
    -530 -11, +360 8; board 3 +70 2, -550 -11, +470 10."""
    event = event_import(data=event_file("butler", BUTLER_RESULTS))
    rows = rows_by_pair(event)
    assert {pair: (rank, score) for pair, (rank, score, *_rest) in rows.items()} == {
        3: (1, 15),  # 5 + 8 + 2
        1: (2, 3),  # 4 - 11 + 10
        2: (3, -14),  # -8 + 5 - 11
        6: (1, 17),  # 8 + 11 - 2
        4: (2, -1),  # -4 - 8 + 11
        5: (3, -20),  # -5 - 5 - 10
    }
    assert rows[2][2] is None  # no percentage for IMPs
    assert rows[2][3] == "-14.00"


def test_cross_imps_average_each_comparison():
    """Each result IMPed against every other on its board, summed and divided by the comparisons."""
    event = event_import(data=event_file("cross-imps", BUTLER_RESULTS))
    st = pair_standings(event)
    assert st.rankings[0].contest == "cross-imps"
    by_pair = {row.pair.label: row.net for row in st.rows}
    # Pair 1 (N-S): board 1 (420: -1 v 450, +11 v -100) 10/2; board 2 (-100: -12 v 600, -13 v 790) -25/2;
    # board 3 (400: +9 v 0, +14 v -620) 23/2.
    assert by_pair[1] == Fraction(10, 2) + Fraction(-25, 2) + Fraction(23, 2) == 4


def test_the_json_command_gives_exact_scores_and_percentages():
    event = event_import(data=event_file())
    out = StringIO()
    call_command("standings", str(event.pk), "--format", "json", stdout=out)
    data = json.loads(out.getvalue())
    rows = {row["pair"]: row for row in data["rows"]}
    assert rows[3] == {
        "rank": 1,
        "pair": 3,
        "direction": "NS",
        "players": ["North 3", "South 3"],
        "members": [
            {"name": "North 3", "number": "", "body": ""},
            {"name": "South 3", "number": "", "body": ""},
        ],
        "boards": 3,
        "score": "19/2",
        "percentage": "475/6",
        "ranking": rows[3]["ranking"],
    }
    assert rows[1]["score"] == "42/5"
    assert rows[1]["percentage"] == 70


def test_pages_show_contract_figures(client):
    event = event_import(data=event_file(), **{})
    services.event_finish(event=event)
    standings = client.get(reverse("event_standings", args=[event.pk])).content.decode()
    assert "79.17" in standings
    assert "9.50" in standings
    traveller = client.get(reverse("board_traveller", args=[event.pk, 2])).content.decode()
    assert "A60/40 (law 12C2)" in traveller
    assert "790" in traveller
    card = client.get(reverse("pair_scorecard", args=[event.pk, 1])).content.decode()
    assert "A60/40" in card


def test_event_file_round_trip_keeps_code_contest_and_vulnerability():
    data = event_file("butler", BUTLER_RESULTS)
    data["boards"][0]["vulnerability"] = "All"  # board 1 played all vulnerable
    event = event_import(data=data)
    assert (event.code, event.contest) == ("contract", "butler")
    four_spades = Play.objects.get(event=event, board__number=1, ns_pair__number="1")
    assert four_spades.net_ns == 620  # law 77: vulnerable game
    out = event_export(event)
    assert (out["code"], out["contest"]) == ("contract", "butler")
    assert out["boards"][0]["vulnerability"] == "All"
    again = event_import(data=json.loads(json.dumps(out)))
    assert event_export(again)["results"] == out["results"]
    assert rows_by_pair(again) == rows_by_pair(event)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"contest": "imps"}, "contest: a pair event of contract bridge is scored by matchpoints"),
        (
            {"code": "auction-1915", "contest": "matchpoints"},
            "contest: auction-1915 events are scored by law H",
        ),
        ({"boards": [{"number": 1, "vulnerability": "Red"}]}, "boards[0].vulnerability: must be one of"),
    ],
)
def test_event_file_errors_name_the_field(change, message):
    data = event_file(results=[])
    if "boards" in change:
        data["boards"][0].update(change.pop("boards")[0])
    data.update(change)
    with pytest.raises(services.ServiceError, match=message.replace("[", r"\[").replace("]", r"\]")):
        event_import(data=data)


def test_an_auction_ruling_is_refused_in_a_contract_event():
    results = [(1, 1, 1, 1, 4, {"ruling": "average"})]
    with pytest.raises(services.ServiceError, match="ruling: must be one of A60/60"):
        event_import(data=event_file(results=results))


def _empty_event() -> Event:
    return event_import(data=event_file(results=[]))


def test_quick_entry_and_adjusted_scores_through_the_entry_page(director_client):
    event = _empty_event()
    play = plays_at(event, 1, 1)[0]  # board 1, not vulnerable
    url = table_url(event, 1, 1)
    assert director_client.post(url, board_data(play, quick="4S N +1")).status_code == 302
    play.refresh_from_db()
    assert (play.contract, play.declarer, play.tricks, play.net_ns) == ("4S", "N", 11, 450)
    director_client.post(url, board_data(play, quick="4HX N 10"))
    play.refresh_from_db()
    assert play.net_ns == 590  # law 77, not vulnerable: 240 + 50 + 300
    director_client.post(url, board_data(play, quick="A60/40"))
    play.refresh_from_db()
    assert (play.ruling, play.contract, play.net_ns) == ("A60/40", "", 0)
    director_client.post(url, board_data(play, quick="pass"))
    play.refresh_from_db()
    assert (play.ruling, play.contract) == ("", "PASS")
    director_client.post(url, board_data(play, ruling="A50/50"))
    play.refresh_from_db()
    assert play.ruling == "A50/50"


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"quick": "A70/30"}, "quick", "an adjusted score (law 12C2) is A and the N-S/E-W percentages"),
        ({"quick": "8NT N ="}, "quick", "8NT is not a contract: its level must be 1 to 7"),
        ({"ruling": "average"}, "ruling", "is not one of the choices"),
    ],
)
def test_bad_contract_entries_are_field_errors(director_client, fields, field, message):
    event = _empty_event()
    play = plays_at(event, 1, 1)[0]
    response = director_client.post(table_url(event, 1, 1), board_data(play, **fields))
    assert response.status_code == 422
    assert message in field_errors(response.content.decode(), field)
    play.refresh_from_db()
    assert not play.entered


def test_a_table_may_not_give_itself_an_adjusted_score(client):
    event = _empty_event()
    token = services.table_token_create(section=event.sections.get(), table=1)
    play = plays_at(event, 1, 1)[0]
    url = reverse("entry_token", args=[token.secret])
    html = client.get(url).content.decode()
    assert f"b{play.pk}-ruling" not in html  # the director's only
    assert f"b{play.pk}-honours" not in html  # law 77: no honours at duplicate
    response = client.post(url, board_data(play, quick="A60/40"))
    assert "Only the director gives rulings" in response.content.decode()
    play.refresh_from_db()
    assert not play.entered
    assert client.post(url, board_data(play, quick="3NT S -2")).status_code == 302
    play.refresh_from_db()
    assert play.net_ns == -100  # board 1, not vulnerable


def form_field(html: str, name: str) -> str:
    """A set-up form's field block (its errors sit in it)."""
    return re.split(rf'<p id="field-{name}"[^>]*>', html)[1].split("</p>")[0]


def test_new_event_form_takes_a_contest_and_refuses_a_bad_one(director_client):
    base = {
        "name": "Club night",
        "date": "2026-11-25",
        "code": "contract",
        "kind": "pairs",
        "movement": "mitchell",
        "tables": 3,
        "boards_per_round": 2,
        "even_tables": "relay",
        "sections": 1,
        "paper_size": "A4",
    }
    bad = director_client.post(reverse("event_create"), {**base, "contest": "imps"})
    assert bad.status_code == 200
    assert "A pair event of contract bridge is scored by" in form_field(bad.content.decode(), "contest")
    historic = director_client.post(
        reverse("event_create"), {**base, "code": "auction-1915", "contest": "butler"}
    )
    assert "Only contract bridge has a contest" in form_field(historic.content.decode(), "contest")
    assert not Event.objects.exists()
    made = director_client.post(reverse("event_create"), base)
    assert made.status_code == 302
    event = Event.objects.get()
    assert (event.code, event.contest) == ("contract", "matchpoints")  # the pairs default


def test_pbn_vulnerable_is_stored_never_rescoring_silently_and_is_written_back():
    event = event_import(data=event_file())
    board1 = event.boards.get(number=1)
    play = Play.objects.get(event=event, board=board1, ns_pair__number="1")
    # Never a silent rescoring (law 77's score would change): refused, nothing changed.
    with pytest.raises(services.ServiceError, match="board 1: the new vulnerability would change results"):
        services.board_vulnerability_set(event=event, vulnerable={1: "both"})
    board1.refresh_from_db()
    assert board1.vulnerability == ""
    assert Play.objects.get(pk=play.pk).net_ns == play.net_ns
    # With no result in on the board, the file's vulnerability is stored.
    Play.objects.filter(board=board1).update(entered=False)
    changed = services.board_vulnerability_set(event=event, vulnerable={1: "both"})
    assert changed == 1
    board1.refresh_from_db()
    assert board1.vulnerability == "All"
    with pytest.raises(services.ServiceError, match="board 2: vulnerability: must be one of"):
        services.board_vulnerability_set(event=event, vulnerable={2: "red"})


def test_decimal_text_rounds_halves_away_from_zero():
    assert decimal_text(Fraction(475, 6)) == "79.17"
    assert decimal_text(Fraction(-1, 200)) == "-0.01"
    assert decimal_text(Fraction(1, 1000)) == "0.00"
    assert decimal_text(-14) == "-14.00"
    assert decimal_text(dt.timedelta(0).days) == "0.00"


def test_pages_name_the_contests_figures(client):
    event = event_import(data=event_file())
    services.event_finish(event=event)
    standings = client.get(reverse("event_standings", args=[event.pk])).content.decode()
    assert ">MPs<" in standings
    assert "Plus/minus" not in standings
    traveller = client.get(reverse("board_traveller", args=[event.pk, 2])).content.decode()
    assert "N-S MPs" in strip_tags(traveller)  # "N-S" kept whole in its heading: a span of its own
    assert "3.50" in traveller  # 790's Neuberged matchpoints
    card = client.get(reverse("pair_scorecard", args=[event.pk, 3])).content.decode()
    assert "Total MPs" in card
    assert "9.50" in card
    # the historic codes keep law H's headings
    auction = event_import(data={**event_file(), "code": "auction-1915", "contest": "", "results": []})
    assert "Plus/minus" in client.get(reverse("event_standings", args=[auction.pk])).content.decode()


# As the auction events' (tests/duplicate/test_standings_queries.py): a contract traveller reads its board's
# plays, as a law H traveller does; one more reads the deal's double-dummy analysis (this event has hands),
# and matchpoints one more, the field's counts per board (Neuberg's N).
QUERY_PAGES = {"event_standings": (3, 1), "pair_scorecard": (6, 2), "board_traveller": (5, 1)}
NEUBERG_COUNTS = {("board_traveller", "matchpoints"): 1}


@pytest.mark.parametrize("contest", ["matchpoints", "butler", "cross-imps"])
@pytest.mark.parametrize("page", list(QUERY_PAGES))
def test_contract_pages_run_a_fixed_number_of_queries(client, django_assert_num_queries, contest, page):
    miss, hit = QUERY_PAGES[page]
    miss += NEUBERG_COUNTS.get((page, contest), 0)
    for tables, per_round in ((3, 1), (9, 3)):
        event = event_import(data=contract_file(tables, per_round, contest, name=f"{tables} tables"))
        args = {"event_standings": [], "pair_scorecard": ["1"], "board_traveller": [2]}[page]
        url = reverse(page, args=[event.pk, *args])
        cache.clear()
        with django_assert_num_queries(miss):
            assert client.get(url).status_code == 200
        with django_assert_num_queries(hit):
            assert client.get(url).status_code == 200


@pytest.mark.parametrize("contest", ["matchpoints", "butler", "cross-imps"])
@pytest.mark.parametrize(("name", "args", "cold", "warm"), DOWNLOADS)
def test_every_download_of_a_contract_event(
    client, django_assert_num_queries, name, args, cold, warm, contest
):
    """The auction events' counts, whatever the contest and the size; the second time from the cache."""
    for tables, per_round in ((3, 1), (9, 3)):
        event = event_import(data=contract_file(tables, per_round, contest, name=f"{tables} tables"))
        url = reverse(name, args=[event.pk, *args])
        cache.clear()
        with django_assert_num_queries(cold):
            first = client.get(url)
        assert first.status_code == 200
        with django_assert_num_queries(warm):
            assert client.get(url).content == first.content


def test_the_pbn_export_writes_each_boards_vulnerability(client):
    data = contract_file(3, 1)
    data["boards"][1]["vulnerability"] = "All"  # board 2 as the file gave it; board 3 by the cycle: EW
    event = event_import(data=data)
    services.event_finish(event=event)
    text = client.get(reverse("download_hands", args=[event.pk, "results"])).content.decode()
    games = text.split('[Board "')[1:]
    vulnerable = {g.split('"')[0]: g.split('[Vulnerable "')[1].split('"')[0] for g in games}
    assert vulnerable == {"1": "None", "2": "All", "3": "EW"}


def test_the_recap_shows_each_boards_matchpoints(client):
    event = event_import(data=event_file())
    services.event_finish(event=event)
    html = client.get(reverse("event_recap", args=[event.pk])).content.decode()
    assert "3.50" in html  # pair 3's board 2 (Neuberg)
    assert "2.40" in html  # pair 1's A60/40: 60% of the top of 4
    assert client.get(reverse("download_recap", args=[event.pk])).status_code == 200


def test_the_standings_pdf_names_the_contests_figures(client):
    event = event_import(data=event_file())
    services.event_finish(event=event)
    words = pdf_words(client.get(reverse("download_standings", args=[event.pk, "pdf"])).content)
    assert "MPs %" in words
    assert "9.50 79.17" in words
    assert "Plus/minus" not in words


def test_the_standings_workbook_names_the_contests_figures(client):
    event = event_import(data=event_file())
    services.event_finish(event=event)
    data = client.get(reverse("download_standings", args=[event.pk, "xlsx"])).content
    sheet = openpyxl.load_workbook(io.BytesIO(data))["Standings"]
    rows = list(sheet.iter_rows(values_only=True))
    head = rows[0]
    assert head[6:10] == ("MPs", "Exact MPs", "%", "Exact %")
    first = next(r for r in rows[1:] if r[2] == 3)
    assert first[6:10] == (9.5, "9 1/2", 475 / 6, "79 1/6")


@pytest.mark.parametrize(
    "page",
    [
        "event_detail",
        "event_movement",
        "event_pairs",
        "event_boards",
        "entry_index",
        "event_display",
        "event_history",
        "event_recap",
        "event_version",
    ],
)
def test_every_page_of_a_contract_event_answers(director_client, page):
    event = event_import(data=event_file())
    assert director_client.get(reverse(page, args=[event.pk])).status_code == 200


def test_a_matchpoint_traveller_follows_its_fields_most_played_board(director_client, director):
    """A contract traveller shows its board's own progress (as law H's), but its matchpoints follow the
    field: Neuberg's N is the most results on any board of it, so another board's result can move them.  It
    is kept under the event's version and refreshed (seen by the director: the board is still in play).
    Round 3 missing: every board played twice (N = 2),
    board 1's +420 / +450 score 0 / 2 of a top of 2; board 2's third result makes N = 3, and board 1's
    MP' = (MP + 1) * 3 / 2 - 1: 0.50 / 3.50, E-W 3.50 / 0.50 (top 4)."""
    event = event_import(data=event_file(results=[r for r in RESULTS if r[0] != 3]))
    url = reverse("board_traveller", args=[event.pk, 1])
    cache.clear()
    before = director_client.get(url).content.decode()
    assert "2 of 3 results in" in before
    assert "3.50" not in before
    play = Play.objects.get(event=event, board__number=2, seating__round__number=3)
    writer = services.Writer(name="td", is_director=True, user_id=director.pk)
    services.play_result_save(
        play=play,
        data={"contract": "4HX", "declarer": "N", "tricks": 10},
        writer=writer,
        expected_version=play.version,
    )
    after = director_client.get(url).content.decode()
    assert "2 of 3 results in" in after
    assert "3.50" in after
    assert "0.50" in after
