"""Result entry: pages, saving, every validation message on its field, law E, tokens, rulings."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from duplicate import services
from duplicate.models import Event, Play, PlayChange, Round, TableToken
from tests.factories import board_data, field_errors, make_event, on_field, plays_at, table_url

pytestmark = pytest.mark.django_db

DEAL = "N:AKQJT.AKQ.AK.AK2 98765.JT9.QJ.QJT 432.8765.T98.987 .432.765432.6543"


def enter(play: Play, data: dict, *, director: bool = True) -> Play:
    writer = services.Writer(name="td" if director else "table", is_director=director, user_id=None)
    return services.play_result_save(play=play, data=data, writer=writer, expected_version=play.version)


# --- Reading ----------------------------------------------------------------------------------------------


def test_everyone_reads_the_table_page_without_forms(client, mitchell_event):
    play = plays_at(mitchell_event, 1, 1)[0]
    enter(play, {"contract": "4H", "declarer": "N", "tricks": 10})
    services.event_finish(event=mitchell_event)  # the board released: a visitor sees its result
    response = client.get(table_url(mitchell_event, 1, 1))
    html = response.content.decode()
    assert response.status_code == 200
    assert "<form" not in html.split("<main>")[1].split("entry-rows")[1]
    assert "4H by N, 10 tricks" in html
    assert "law 3" in html
    assert "N-S <strong>" in html


def test_the_table_page_lists_the_rounds_boards_and_pairs(director_client, mitchell_event):
    plays = plays_at(mitchell_event, 2, 3)
    html = director_client.get(table_url(mitchell_event, 2, 3)).content.decode()
    for play in plays:
        assert f'id="board-{play.board.number}"' in html
    assert f"N-S <strong>pair {plays[0].ns_pair.number}</strong>" in html
    assert f"E-W <strong>pair {plays[0].ew_pair.number}</strong>" in html
    assert html.count('class="entry-form"') == len(plays)
    assert 'name="csrfmiddlewaretoken"' in html
    # The quick-entry field of the first empty row has the focus.
    assert html.count("autofocus") == 1
    assert re.search(rf'name="b{plays[0].pk}-quick"[^>]*autofocus', html)


def test_unknown_table_is_404(client, mitchell_event):
    assert client.get(table_url(mitchell_event, 1, 9)).status_code == 404
    assert client.get(table_url(mitchell_event, 1, 1, letter="Z")).status_code == 404


def test_index_grid_counts_results_and_offers_director_buttons(client, director_client, mitchell_event):
    enter(plays_at(mitchell_event, 1, 2)[0], {"contract": "PASS"})
    html = client.get(reverse("entry_index", args=[mitchell_event.pk])).content.decode()
    assert ">1/2</a>" in html
    assert html.count(">0/2</a>") == 8
    assert "Agree round" not in html
    assert "Table links" not in html
    html = director_client.get(reverse("entry_index", args=[mitchell_event.pk])).content.decode()
    assert "Agree round 1" in html
    assert reverse("entry_tokens", args=[mitchell_event.pk]) in html


# --- Saving -----------------------------------------------------------------------------------------------


def test_director_saves_with_quick_entry(director_client, mitchell_event):
    play = plays_at(mitchell_event, 1, 1)[0]
    url = table_url(mitchell_event, 1, 1)
    response = director_client.post(url, board_data(play, quick="4HX N 10"))
    assert response.status_code == 302
    assert response["Location"] == f"{url}#board-{play.board.number}"
    play.refresh_from_db()
    assert (play.contract, play.declarer, play.tricks, play.version) == ("4HX", "N", 10, 1)
    assert play.ns_total == 64 + 125 + 50
    assert play.net_ns == 239
    change = PlayChange.objects.get(play=play)
    assert change.who == "td"
    assert change.before is None
    assert change.after["contract"] == "4HX"
    assert Event.objects.get(pk=mitchell_event.pk).results_version == 1


def test_director_saves_with_the_fields_and_gets_the_row_back(director_client, mitchell_event):
    play = plays_at(mitchell_event, 1, 1)[1]
    data = board_data(play, level="3", strain="NT", doubling="", declarer="S", tricks="9", honours="NS-4-2")
    response = director_client.post(table_url(mitchell_event, 1, 1), data, HTTP_X_REQUESTED_WITH="fetch")
    html = response.content.decode()
    assert response.status_code == 200
    assert html.startswith('<section class="entry-row entered saved"')
    assert "Saved. Board" in html
    assert "3NT by S, 9 tricks; honours N-S 4 (2 in one hand)" in html
    assert "law 3" in html
    assert "law A" in html
    assert "law 6" in html
    play.refresh_from_db()
    assert play.honours == {"side": "NS", "count": 4, "in_one_hand": 2}
    assert play.ns_total == 30 + 125 + 40


def test_relative_quick_entry_uses_the_rows_contract(director_client, mitchell_event):
    play = plays_at(mitchell_event, 1, 1)[0]
    data = board_data(play, quick="+1", level="4", strain="H", declarer="E")
    director_client.post(table_url(mitchell_event, 1, 1), data)
    play.refresh_from_db()
    assert (play.contract, play.declarer, play.tricks) == ("4H", "E", 11)


def test_passed_out_and_revokes_with_election(director_client, mitchell_event):
    a, b = plays_at(mitchell_event, 1, 1)
    url = table_url(mitchell_event, 1, 1)
    director_client.post(url, board_data(a, quick="pass"))
    director_client.post(
        url,
        board_data(
            b, quick="2S W =", revokes_defenders="1", revokes_declarer_side="0", revokes_election="tricks"
        ),
    )
    a.refresh_from_db()
    b.refresh_from_db()
    assert a.contract == "PASS"
    assert a.entered
    assert a.net_ns == 0
    assert b.revokes == {"defenders": 1, "election": "tricks"}
    assert b.tricks == 8
    assert any(item["kind"] == "tricks" for item in b.items)


def test_director_clears_a_result(director_client, mitchell_event):
    play = enter(plays_at(mitchell_event, 1, 1)[0], {"contract": "1C", "declarer": "N", "tricks": 7})
    director_client.post(table_url(mitchell_event, 1, 1), board_data(play, action="clear"))
    play.refresh_from_db()
    assert not play.entered
    assert play.version == 2
    assert PlayChange.objects.filter(play=play).last().after is None


def test_whist_row_is_the_tricks_north_south_won(director_client):
    event = make_event(code="whist")
    play = plays_at(event, 1, 1)[0]
    html = director_client.get(table_url(event, 1, 1)).content.decode()
    assert f"b{play.pk}-tricks_ns" in html
    assert f"b{play.pk}-level" not in html
    director_client.post(table_url(event, 1, 1), board_data(play, quick="8"))
    play.refresh_from_db()
    assert play.tricks_ns == 8
    assert play.ns_total == 8
    assert play.ew_total == 5
    response = director_client.post(table_url(event, 1, 1), board_data(play, tricks_ns="14"))
    assert on_field(
        response.content.decode(), "tricks_ns", "tricks_ns: must be a whole number from 0 to 13, got 14"
    )


def test_whist_revokes_entered_with_the_fields_and_the_quick_line(director_client):
    # Whist law 30: two tricks transferred from the revoking side for each revoke; tricks_ns stays the
    # tricks N-S won in play.
    event = make_event(code="whist")
    first, second = plays_at(event, 1, 1)
    url = table_url(event, 1, 1)
    html = director_client.get(url).content.decode()
    assert f"b{first.pk}-revokes_ns" in html
    assert f"b{first.pk}-revokes_ew" in html
    assert f"b{first.pk}-revokes_defenders" not in html
    assert "<summary>Revokes, ruling</summary>" in html
    # N-S won 8 and revoked once: N-S 8 - 2 = 6, E-W 5 + 2 = 7
    response = director_client.post(url, board_data(first, tricks_ns="8", revokes_ns="1", revokes_ew="0"))
    assert response.status_code == 302, field_errors(response.content.decode(), "revokes_ns")
    first.refresh_from_db()
    assert (first.tricks_ns, first.revokes, first.ns_total, first.ew_total) == (8, {"ns": 1, "ew": 0}, 6, 7)
    assert {(i["side"], i["points"], i["law"]) for i in first.items if i["kind"] == "revoke_penalty"} == {
        ("NS", -2, "whist 30"),
        ("EW", 2, "whist 30"),
    }
    html = director_client.get(url).content.decode()
    assert "N-S won 8 tricks; revokes: N-S 1, E-W 0 (law 30: two tricks each)" in html
    assert re.search(rf'name="b{first.pk}-revokes_ns" value="1"', html)  # the form shows what is stored
    # quick line: N-S won 7, E-W revoked once: N-S 7 + 2 = 9, E-W 6 - 2 = 4
    response = director_client.post(url, board_data(second, quick="7 R EW"))
    assert response.status_code == 302, field_errors(response.content.decode(), "quick")
    second.refresh_from_db()
    assert (second.tricks_ns, second.revokes, second.ns_total, second.ew_total) == (
        7,
        {"ns": 0, "ew": 1},
        9,
        4,
    )
    # the preview shows the transfer with its law before anything is saved: N-S won 5, E-W revoked once
    preview = reverse("entry_preview", args=[event.pk, "A", 1, 1])
    html = director_client.post(preview, board_data(first, quick="5 R EW")).content.decode()
    assert "law whist 30" in html
    assert "N-S 7 · E-W 6 tricks" in html
    assert "Preview: not saved yet." in html
    # cleared revokes: back to the tricks as won, nothing stored
    director_client.post(url, board_data(first, version=first.version, tricks_ns="8", revokes_ns="0"))
    first.refresh_from_db()
    assert (first.revokes, first.ns_total, first.ew_total) == (None, 8, 5)


def test_whist_revoke_shown_on_the_traveller_and_scored_in_the_comparison(director_client, fresh_cache):
    # Board 1 at its three tables: N-S won 8, 8 and 5 in play; at the first N-S revoked once (whist law 30):
    # N-S 8 - 2 = 6, E-W 5 + 2 = 7. N-S scores 6, 8, 5: average 19/3; the first N-S pair is 6 - 19/3 = -1/3
    # (E-W 7, 5, 8: average 20/3). Scored on the tricks as won, it would have been 8 - 7 = +1.
    event = make_event(code="whist")
    plays = list(Play.objects.filter(event=event, board__number=1).order_by("seating__round__number"))
    assert len(plays) == 3
    for play, data in zip(
        plays,
        ({"tricks_ns": 8, "revokes": {"ns": 1}}, {"tricks_ns": 8}, {"tricks_ns": 5}),
        strict=True,
    ):
        enter(play, data)
    html = director_client.get(reverse("board_traveller", args=[event.pk, 1])).content.decode()
    assert "N-S: 6: tricks 8 (law whist), revoke -2 (law whist 30)" in html
    assert "E-W: 7: tricks 5 (law whist), revoke 2 (law whist 30)" in html
    # the first line: result as played, the scores after the transfer, then N-S -1/3 and E-W 7 - 20/3 = +1/3
    row = re.search(r"<tr[^>]*>(?:(?!</tr>).)*revoke -2(?:(?!</tr>).)*</tr>", html, re.S).group(0)
    cells = re.findall(
        r'<td class="(?:[^"]* )?num(?: [^"]*)?">([^<]*)</td>', re.sub(r"<a [^>]*>|</a>", "", row)
    )
    assert cells == ["1", "1", "1", "4", "6", "7", "-1/3", "+1/3"]
    assert "<td>N-S 8 tricks</td>" in row


WHIST_CASES = [
    (
        {"tricks_ns": "8", "revokes_ns": "14"},
        "revokes_ns",
        "revokes.ns: must be a whole number from 0 to 13, got 14",
    ),
    (
        {"tricks_ns": "8", "revokes_ew": "x"},
        "revokes_ew",
        'revokes.ew: must be a whole number from 0 to 13, got "x"',
    ),
    ({"quick": "8 14R NS"}, "quick", "quick: revokes by N-S: at most 13, got 14"),
    (
        {"quick": "8 NS"},
        "quick",
        "quick: cannot read 'NS' after the tricks: write each revoke as R and the side that revoked",
    ),
]


@pytest.mark.parametrize(("fields", "field", "message"), WHIST_CASES)
def test_whist_revoke_messages_sit_on_their_field(director_client, fields, field, message):
    event = make_event(code="whist")
    play = plays_at(event, 1, 1)[0]
    response = director_client.post(table_url(event, 1, 1), board_data(play, **fields))
    html = response.content.decode()
    assert response.status_code == 422, html[-3000:]
    assert on_field(html, field, message), field_errors(html, field)
    play.refresh_from_db()
    assert not play.entered


def test_a_table_link_enters_whist_revokes(client):
    event = make_event(code="whist")
    token = services.table_token_create(section=event.sections.get(), table=2)
    play = plays_at(event, 1, 2)[0]
    url = reverse("entry_token", args=[token.secret])
    html = client.get(url).content.decode()
    assert f"b{play.pk}-revokes_ns" in html
    assert "<summary>Revokes</summary>" in html
    # N-S won 3 and revoked twice: only the 3 they took go to E-W: N-S 0, E-W 13
    response = client.post(url, board_data(play, quick="3 2R NS"))
    assert response.status_code == 302
    play.refresh_from_db()
    assert (play.tricks_ns, play.revokes, play.ns_total, play.ew_total) == (3, {"ns": 2, "ew": 0}, 0, 13)


LAW_42 = (
    'contract: auction-1913 has no passed-out deal: under its law 42 the dealer "must declare to win at '
    'least one odd trick"; only auction-1915 lets all four pass (laws 42, 44)'
)


def test_1913_law_42_no_pass_offered_and_a_posted_one_refused_on_its_field(director_client):
    event = make_event(code="auction-1913")
    play = plays_at(event, 1, 1)[0]
    url = table_url(event, 1, 1)
    html = director_client.get(url).content.decode()
    select = re.search(rf'<select name="b{play.pk}-level".*?</select>', html, re.S).group(0)
    assert re.findall(r'value="(\w*)"', select) == ["", "1", "2", "3", "4", "5", "6", "7"]
    help_line = re.search(r'<p class="muted help-line[^"]*">(.*?)</p>', html, re.S).group(1)
    assert "<kbd>4HX N 10</kbd>" in help_line
    assert "PASS" not in help_line
    for fields, field, message in (
        ({"level": "PASS"}, "level", LAW_42),
        ({"quick": "PASS"}, "quick", f"quick: {LAW_42}"),
        ({"quick": "passed out"}, "quick", f"quick: {LAW_42}"),
        ({"strain": "H", "declarer": "N"}, "level", "level: choose the level of the contract, 1 to 7"),
        ({}, "level", "contract: required: a contract such as 4HX or 3NT"),
    ):
        response = director_client.post(url, board_data(play, **fields))
        html = response.content.decode()
        assert response.status_code == 422, html[-3000:]
        assert on_field(html, field, message), field_errors(html, field)
        assert "or passed out" not in field_errors(html, field)
        assert "or PASS" not in field_errors(html, field)
    play.refresh_from_db()
    assert not play.entered
    with pytest.raises(services.ServiceError) as caught:  # the service refuses it too, naming the field
        enter(play, {"contract": "PASS"})
    assert str(caught.value) == LAW_42


def test_board_with_hands_shows_derived_honours_and_no_honours_input(director_client, mitchell_event):
    play = plays_at(mitchell_event, 1, 1)[0]
    services.board_deals_set(event=mitchell_event, deals={play.board.number: DEAL})
    director_client.post(table_url(mitchell_event, 1, 1), board_data(play, quick="1H N 7"))
    html = director_client.get(table_url(mitchell_event, 1, 1)).content.decode()
    assert f"b{play.pk}-honours" not in html
    assert f"b{plays_at(mitchell_event, 1, 1)[1].pk}-honours" in html
    assert "Honours from the hands: N-S" in html


# --- Validation: every message, on its field ---------------------------------------------------------------

AUCTION_CASES = [
    (
        {"level": "4", "strain": "RS", "declarer": "N", "tricks": "10"},
        "strain",
        'contract: royal spades (RS) is not a strain of auction-1915; allowed: C, D, H, S, NT; got "4RS"',
    ),
    (
        {"quick": "4RS N 10"},
        "quick",
        'quick: contract: royal spades (RS) is not a strain of auction-1915; allowed: C, D, H, S, NT; got "4RS"',
    ),
    ({"quick": "4H N 14"}, "quick", "quick: tricks must be a whole number from 0 to 13, got 14"),
    ({"quick": "4H 10"}, "quick", "quick: give the declarer (N, E, S or W), such as 4H N ="),
    (
        {"level": "4", "strain": "H", "declarer": "N", "tricks": "14"},
        "tricks",
        "tricks: must be a whole number from 0 to 13, got 14",
    ),
    (
        {"level": "4", "strain": "H", "declarer": "N", "tricks": "ten"},
        "tricks",
        'tricks: must be a whole number from 0 to 13, got "ten"',
    ),
    (
        {"level": "4", "strain": "H", "declarer": "N"},
        "tricks",
        "tricks: required: the tricks the declarer's side won in play, 0 to 13",
    ),
    ({"level": "4", "strain": "H", "tricks": "10"}, "declarer", "declarer: required: one of N, E, S, W"),
    (
        {"level": "4", "strain": "H", "declarer": "Q", "tricks": "10"},
        "declarer",
        "declarer: Q is not one of the choices",
    ),
    ({"level": "9", "strain": "H"}, "level", "level: 9 is not one of the choices"),
    (
        {"level": "4", "declarer": "N", "tricks": "10"},
        "strain",
        "strain: choose the strain of the 4-level contract",
    ),
    (
        {"strain": "H", "declarer": "N"},
        "level",
        "level: choose the level of the contract, 1 to 7 (or passed out)",
    ),
    ({}, "level", "contract: required: a contract such as 4HX or 3NT, or PASS"),
    (
        {"level": "PASS", "declarer": "N"},
        "declarer",
        "declarer: must be left out for a passed-out deal, which scores nothing",
    ),
    (
        {"level": "3", "strain": "NT", "declarer": "N", "tricks": "9", "honours": "NS-5-3"},
        "honours",
        "honours.count: at no trump the honours are the four aces (law 5), so 3 or 4; got 5",
    ),
    ({"honours": "NS-9-9", "quick": "1C N 7"}, "honours", "honours: NS-9-9 is not one of the choices"),
    (
        {"quick": "2S W =", "revokes_defenders": "1"},
        "revokes_election",
        "revokes.election: the defenders revoked, so the declarer must elect (law 84b): one of points, tricks; got null",
    ),
    (
        {"quick": "2S W =", "revokes_election": "points"},
        "revokes_election",
        'revokes.election: only when the defenders revoked and the declarer\'s side did not; here the defenders did not revoke, so leave it out (got "points")',
    ),
    (
        {"quick": "2S W =", "revokes_declarer_side": "x"},
        "revokes_declarer_side",
        'revokes.declarer_side: must be a whole number from 0 to 13, got "x"',
    ),
    (
        {"quick": "2S W =", "revokes_defenders": "14", "revokes_election": "points"},
        "revokes_defenders",
        "revokes.defenders: must be a whole number from 0 to 13, got 14",
    ),
    ({"quick": "1C N 7", "ns": "9"}, "ns", "ns: pair 9 does not sit N-S at table 1 in round 1"),
    ({"quick": "1C N 7", "ns": ""}, "ns", "ns: give the N-S pair's number"),
    ({"quick": "1C N 7", "ew": "1"}, "ew", "(the pairs are the other way round)"),
    ({"quick": "1C N 7", "ew": ""}, "ew", "ew: give the E-W pair's number"),
    # The director's: penalties (laws F, 54, 81, 90) and rulings (law B(3)).
    (
        {"quick": "1C N 7", "pen1_side": "EW", "pen1_law": "90", "pen1_points": "30"},
        "pen1_points",
        "penalties[0].points: law 90 (looking at a trick turned and quitted) costs 25 points, got 30",
    ),
    (
        {"quick": "1C N 7", "pen1_law": "F", "pen1_points": "50"},
        "pen1_side",
        'penalties[0].side: must be one of NS, EW, got ""',
    ),
    (
        {"quick": "1C N 7", "pen1_side": "EW", "pen1_law": "F", "pen2_side": "NS", "pen2_points": "50"},
        "pen2_law",
        'penalties[1].law: must be one of F, 54, 81, 90, 41a, got ""',
    ),
    ({"quick": "1C N 7", "pen1_law": "99"}, "pen1_law", "pen1_law: 99 is not one of the choices"),
    ({"ruling": "low-high"}, "offending", "offending: must be NS or EW for a low-high ruling, got ''"),
    (
        {"quick": "1C N 7", "offending": "NS"},
        "offending",
        "offending: only a low-high ruling names the offending side",
    ),
]


@pytest.mark.parametrize(("fields", "field", "message"), AUCTION_CASES)
def test_validation_message_sits_on_its_field(director_client, mitchell_event, fields, field, message):
    play = plays_at(mitchell_event, 1, 1)[0]
    data = board_data(play, **fields)
    response = director_client.post(table_url(mitchell_event, 1, 1), data)
    html = response.content.decode()
    assert response.status_code == 422, field_errors(html, field) or html[-3000:]
    assert on_field(html, field, message), (field_errors(html, field), re.findall(r"field-error[^<]*<", html))
    play.refresh_from_db()
    assert not play.entered
    assert play.version == 0


def test_1913_code_takes_royal_spades_and_refuses_law_41a(director_client):
    event = make_event(code="auction-1913")
    play = plays_at(event, 1, 1)[0]
    url = table_url(event, 1, 1)
    data = board_data(play, quick="1C N 7", pen1_side="EW", pen1_law="41a", pen1_points="25")
    html = director_client.post(url, data).content.decode()
    assert on_field(html, "pen1_law", "pen1_law: 41a is not one of the choices")
    director_client.post(url, board_data(play, quick="2RS N 8"))
    play.refresh_from_db()
    assert play.contract == "2RS"
    assert play.ns_trick == 18
    response = director_client.post(url, board_data(play, quick="1S N 3", one_spade_limit="on"))
    assert response.status_code == 302, field_errors(response.content.decode(), "one_spade_limit")
    play.refresh_from_db()
    assert play.contract == "1S"
    assert play.one_spade_limit
    assert play.ew_total == 100


def test_the_strain_list_is_the_codes(director_client, mitchell_event):
    play = plays_at(mitchell_event, 1, 1)[0]
    html = director_client.get(table_url(mitchell_event, 1, 1)).content.decode()
    select = re.search(rf'<select name="b{play.pk}-strain".*?</select>', html, re.S).group(0)
    assert re.findall(r'value="(\w+)"', select) == ["C", "D", "H", "S", "NT"]


def test_one_result_per_board_per_table(director_client, mitchell_event):
    play = plays_at(mitchell_event, 1, 1)[0]
    enter(play, {"contract": "1C", "declarer": "N", "tricks": 7})
    response = director_client.post(
        table_url(mitchell_event, 1, 1), board_data(play, version=0, quick="2C N 8")
    )
    html = response.content.decode()
    assert response.status_code == 409
    assert f"board: board {play.board.number} already has a result at table 1 in round 1" in html
    other = plays_at(mitchell_event, 1, 2)[0]
    response = director_client.post(table_url(mitchell_event, 1, 1), board_data(other, quick="2C N 8"))
    assert response.status_code == 400
    assert "board: that board is not played at table 1 in round 1; one result per board per table." in (
        response.content.decode()
    )


def test_conflict_shows_the_stored_result_and_overwrites_nothing(director_client, mitchell_event):
    play = plays_at(mitchell_event, 1, 1)[0]
    url = table_url(mitchell_event, 1, 1)
    stale = board_data(play, quick="3NT S =")  # both devices loaded version 0
    director_client.post(url, board_data(play, quick="4H N 10"))
    play = enter(Play.objects.get(pk=play.pk), {"contract": "4H", "declarer": "N", "tricks": 11})
    response = director_client.post(url, stale, HTTP_X_REQUESTED_WITH="fetch")
    html = response.content.decode()
    assert response.status_code == 409
    assert "changed on another device" in html
    assert "Your entry was: 3NT by S, 9 tricks." in html
    assert "4H by N, 11 tricks" in html  # the stored result
    assert f'name="b{play.pk}-version" value="2"' in html
    play.refresh_from_db()
    assert (play.contract, play.tricks, play.version) == ("4H", 11, 2)
    assert PlayChange.objects.filter(play=play).count() == 2


def test_missing_version_is_a_clear_error(director_client, mitchell_event):
    play = plays_at(mitchell_event, 1, 1)[0]
    data = board_data(play, quick="1C N 7")
    del data[f"b{play.pk}-version"]
    response = director_client.post(table_url(mitchell_event, 1, 1), data)
    assert response.status_code == 422
    assert "The form came without its version: reload the page and enter again" in response.content.decode()


# --- Preview ----------------------------------------------------------------------------------------------


def test_preview_renders_the_score_without_saving(director_client, mitchell_event):
    play = plays_at(mitchell_event, 1, 1)[0]
    url = reverse("entry_preview", args=[mitchell_event.pk, "A", 1, 1])
    html = director_client.post(url, board_data(play, quick="4HX N 10")).content.decode()
    assert "law 56" in html
    assert "<strong>239</strong>" in html
    assert "Preview: not saved yet." in html
    html = director_client.post(url, board_data(play, quick="4RS N 10")).content.decode()
    assert "royal spades (RS) is not a strain of auction-1915" in html
    html = director_client.post(url, board_data(play, ruling="low-high", offending="EW")).content.decode()
    assert "low-high: E-W (offending)" in html
    assert "law B(3)" in html
    assert not Play.objects.get(pk=play.pk).entered
    assert not PlayChange.objects.exists()


def test_preview_is_for_writers_only(client, mitchell_event):
    play = plays_at(mitchell_event, 1, 1)[0]
    url = reverse("entry_preview", args=[mitchell_event.pk, "A", 1, 1])
    assert client.post(url, board_data(play, quick="1C N 7")).status_code == 403


# --- Permissions and CSRF ---------------------------------------------------------------------------------


def test_readers_cannot_write(client, mitchell_event):
    play = plays_at(mitchell_event, 1, 1)[0]
    response = client.post(table_url(mitchell_event, 1, 1), board_data(play, quick="1C N 7"))
    assert response.status_code == 403
    assert "Only the director, or the players of this table" in response.content.decode()
    assert not Play.objects.get(pk=play.pk).entered


def test_a_player_who_signed_in_but_is_not_staff_cannot_write(mitchell_event, django_user_model):
    user = django_user_model.objects.create_user(username="player", password="x")
    client = Client()
    client.force_login(user)
    play = plays_at(mitchell_event, 1, 1)[0]
    assert client.post(table_url(mitchell_event, 1, 1), board_data(play, quick="1C N 7")).status_code == 403


def test_csrf_is_checked_on_every_form(director, mitchell_event):
    client = Client(enforce_csrf_checks=True)
    client.force_login(director)
    play = plays_at(mitchell_event, 1, 1)[0]
    token = services.table_token_create(section=play.seating.round.section, table=1)
    posts = [
        (table_url(mitchell_event, 1, 1), board_data(play, quick="1C N 7")),
        (reverse("entry_preview", args=[mitchell_event.pk, "A", 1, 1]), board_data(play, quick="1C N 7")),
        (reverse("entry_round_agree", args=[mitchell_event.pk, "A", 1]), {"agreed": "1"}),
        (reverse("entry_tokens", args=[mitchell_event.pk]), {"action": "create_all"}),
        (reverse("entry_token", args=[token.secret]), board_data(play, quick="1C N 7")),
    ]
    for url, data in posts:
        assert client.post(url, data).status_code == 403, url
    assert not Play.objects.get(pk=play.pk).entered
    # With the token from the page, the same post goes through.
    html = client.get(table_url(mitchell_event, 1, 1)).content.decode()
    csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
    response = client.post(
        table_url(mitchell_event, 1, 1), {**board_data(play, quick="1C N 7"), "csrfmiddlewaretoken": csrf}
    )
    assert response.status_code == 302


# --- Law E: agreement and corrections ---------------------------------------------------------------------


def test_director_agrees_and_reopens_a_round(client, director_client, mitchell_event):
    url = reverse("entry_round_agree", args=[mitchell_event.pk, "A", 1])
    response = client.post(url, {"agreed": "1"})
    assert response.status_code == 302
    assert "/login/" in response["Location"]
    assert Round.objects.get(section__event=mitchell_event, number=1).agreed_at is None
    response = director_client.post(url, {"agreed": "1", "next": table_url(mitchell_event, 1, 1)})
    assert response["Location"] == table_url(mitchell_event, 1, 1)
    round_row = Round.objects.get(section__event=mitchell_event, number=1)
    assert round_row.agreed_at is not None
    assert round_row.agreed_by.username == "td"
    director_client.post(url, {"agreed": "0", "next": "https://evil.example/"})
    assert Round.objects.get(section__event=mitchell_event, number=1).agreed_at is None


def test_correction_after_agreement_needs_a_reason_and_shows_in_the_history(
    director_client, director, mitchell_event
):
    play = enter(plays_at(mitchell_event, 1, 1)[0], {"contract": "4H", "declarer": "N", "tricks": 10})
    round_row = Round.objects.get(section__event=mitchell_event, number=1)
    services.round_agree(round=round_row, user_id=director.pk)
    url = table_url(mitchell_event, 1, 1)
    html = director_client.get(url).content.decode()
    assert "Round 1 agreed" in html
    assert f'name="b{play.pk}-reason"' in html
    response = director_client.post(url, board_data(play, quick="4H N 9"))
    assert response.status_code == 422
    assert on_field(
        response.content.decode(),
        "reason",
        "reason: a correction after the scores are agreed (law E) needs a reason",
    )
    response = director_client.post(url, board_data(play, quick="4H N 9", reason="traveller misread"))
    assert response.status_code == 302
    html = director_client.get(url).content.decode()
    assert "History: 2 changes" in html
    assert "4H by N, 10 tricks → 4H by N, 9 tricks. <em>Reason: traveller misread</em>" in html
    change = PlayChange.objects.filter(play=play).last()
    assert change.reason == "traveller misread"
    assert change.who == "td"
    assert change.user_id == director.pk


ASK_THE_DIRECTOR = "Round 1 agreed: ask the director"


def test_a_tables_save_after_its_round_is_agreed_is_refused_asking_the_director(
    client, director, mitchell_event, token
):
    """The players' page was loaded while round 1 was open; the director agrees it; their save is refused,
    saying so, and nothing is stored: whether the link has moved on to round 2 or every round is agreed."""
    play = plays_at(mitchell_event, 1, 2)[0]
    assert "Table 2 · Round 1" in client.get(token_url(token)).content.decode()
    rounds = list(Round.objects.filter(section__event=mitchell_event).order_by("number"))
    services.round_agree(round=rounds[0], user_id=director.pk)
    for agree_the_rest in (False, True):
        if agree_the_rest:
            for round_row in rounds[1:]:
                services.round_agree(round=round_row, user_id=director.pk)
        for headers in ({}, {"HTTP_X_REQUESTED_WITH": "fetch"}):
            response = client.post(token_url(token), board_data(play, quick="3NT S ="), **headers)
            assert response.status_code == 403
            assert ASK_THE_DIRECTOR in response.content.decode()
            assert not Play.objects.get(pk=play.pk).entered
    assert not PlayChange.objects.exists()


def test_the_result_service_refuses_a_table_once_the_round_is_agreed(director, mitchell_event):
    """A play read before the agreement (its round not agreed in memory) is refused all the same: the service
    reads the round afresh, under its lock."""
    play = plays_at(mitchell_event, 1, 2)[0]
    assert play.seating.round.agreed_at is None
    services.round_agree(round=Round.objects.get(pk=play.seating.round_id), user_id=director.pk)
    table = services.Writer(name="table 2 (token)", is_director=False)
    with pytest.raises(services.PermissionDenied, match=ASK_THE_DIRECTOR):
        services.play_result_save(play=play, data={"contract": "PASS"}, writer=table, expected_version=0)
    assert not Play.objects.get(pk=play.pk).entered


# --- Rulings and penalties --------------------------------------------------------------------------------


def test_rulings_and_penalties_are_items_with_their_law(director_client, mitchell_event):
    a, b = plays_at(mitchell_event, 1, 1)
    url = table_url(mitchell_event, 1, 1)
    director_client.post(url, board_data(a, ruling="low-high", offending="NS"))
    director_client.post(
        url,
        board_data(
            b, quick="1C N 7", pen1_side="EW", pen1_law="F", pen2_side="NS", pen2_law="54", pen2_points="100"
        ),
    )
    a.refresh_from_db()
    b.refresh_from_db()
    assert (a.ruling, a.offending) == ("low-high", "NS")
    assert b.penalties == [
        {"side": "EW", "law": "F", "points": 50},
        {"side": "NS", "law": "54", "points": 100},
    ]
    laws = {item["law"] for item in b.items if item["kind"] == "other_penalty"}
    assert laws == {"F", "54"}
    html = director_client.get(url).content.decode()
    assert "ruling: low-high, N-S offending (law B(3))" in html
    assert "penalty 50 to E-W (law F); penalty 100 to N-S (law 54)" in html
    assert "<td>law F</td>" in html
    assert "<td>law 54</td>" in html
    assert "<td>law B(3)</td>" in html
    director_client.post(url, board_data(a, version=a.version, ruling="average"))
    a.refresh_from_db()
    assert a.ruling == "average"
    assert a.offending == ""


# --- Table links (tokens) ---------------------------------------------------------------------------------


@pytest.fixture
def token(mitchell_event):
    section = mitchell_event.sections.get()
    return services.table_token_create(section=section, table=2)


def token_url(token: TableToken) -> str:
    return reverse("entry_token", args=[token.secret])


def test_token_opens_its_tables_current_round_only(client, mitchell_event, token):
    response = client.get(token_url(token))
    html = response.content.decode()
    assert response.status_code == 200
    assert "Table 2 · Round 1" in html
    assert response["Referrer-Policy"] == "same-origin"
    plays = plays_at(mitchell_event, 1, 2)
    assert html.count('class="entry-form"') == len(plays)
    assert "ruling" not in html.split("entry-rows")[1].lower().replace("no ruling", "")
    assert "pen1_" not in html
    assert "_event_nav" not in html
    assert "Agree round" not in html


def test_token_saves_as_the_table(client, mitchell_event, token):
    play = plays_at(mitchell_event, 1, 2)[0]
    response = client.post(token_url(token), board_data(play, quick="3NT S ="))
    assert response.status_code == 302
    assert response["Location"].startswith(token_url(token))
    play.refresh_from_db()
    assert play.contract == "3NT"
    assert PlayChange.objects.get(play=play).who == "table 2 (token)"


def test_token_says_when_the_round_is_complete(client, mitchell_event, token):
    first, last = plays_at(mitchell_event, 1, 2)
    html = client.post(
        token_url(token), board_data(first, quick="PASS"), HTTP_X_REQUESTED_WITH="fetch"
    ).content
    assert b"Every board of round 1 is in" not in html
    html = client.post(
        token_url(token), board_data(last, quick="PASS"), HTTP_X_REQUESTED_WITH="fetch"
    ).content
    assert b"Every board of round 1 is in: this link now opens round 2; reload it when you move." in html


def test_token_cannot_touch_another_table_or_round(client, mitchell_event, token):
    other_table = plays_at(mitchell_event, 1, 3)[0]
    other_round = plays_at(mitchell_event, 2, 2)[0]
    for play in (other_table, other_round):
        response = client.post(token_url(token), board_data(play, quick="1C N 7"))
        assert response.status_code == 403
        assert "This table link opens only the boards of table 2 in round 1." in response.content.decode()
        assert not Play.objects.get(pk=play.pk).entered
    # Nor the director's pages.
    response = client.post(table_url(mitchell_event, 1, 3), board_data(other_table, quick="1C N 7"))
    assert response.status_code == 403


def test_token_cannot_give_rulings_or_penalties(client, mitchell_event, token):
    play = plays_at(mitchell_event, 1, 2)[0]
    data = board_data(play, quick="1C N 7", ruling="average", pen1_side="NS", pen1_law="F")
    client.post(token_url(token), data)
    play.refresh_from_db()
    assert play.ruling == ""
    assert play.penalties == []
    assert play.contract == "1C"


def test_current_round_moves_on_and_skips_agreed_rounds(client, director, mitchell_event, token):
    for play in plays_at(mitchell_event, 1, 2):
        enter(play, {"contract": "PASS"})
    assert "Table 2 · Round 2" in client.get(token_url(token)).content.decode()
    rounds = list(Round.objects.filter(section__event=mitchell_event).order_by("number"))
    services.round_agree(round=rounds[1], user_id=director.pk)
    assert "Table 2 · Round 3" in client.get(token_url(token)).content.decode()
    for round_row in rounds[2:]:
        for play in plays_at(mitchell_event, round_row.number, 2):
            enter(play, {"contract": "PASS"})
    # Every round's boards in: the last round not agreed.
    assert "Table 2 · Round 3" in client.get(token_url(token)).content.decode()
    for round_row in rounds:
        services.round_agree(round=round_row, user_id=director.pk)
    html = client.get(token_url(token)).content.decode()
    assert "Every round at this table has been agreed" in html
    assert "<form" not in html.split("<main>")[1]


def test_token_after_agreement_is_refused(client, director, mitchell_event, token):
    play = plays_at(mitchell_event, 1, 2)[0]
    # The link has moved on to round 2, and round 1 is agreed: its plays are out of reach.
    services.round_agree(round=play.seating.round, user_id=director.pk)
    response = client.post(token_url(token), board_data(play, quick="1C N 7"))
    assert response.status_code == 403


def test_token_cannot_clear_a_result(client, mitchell_event, token):
    """Clearing a result is the director's (the button is shown to directors only): a table link's clear,
    posted by hand, is refused and the result stays."""
    play = plays_at(mitchell_event, 1, 2)[0]
    assert client.post(token_url(token), board_data(play, quick="3NT S =")).status_code == 302
    play.refresh_from_db()
    for headers in ({}, {"HTTP_X_REQUESTED_WITH": "fetch"}):
        response = client.post(token_url(token), board_data(play, action="clear"), **headers)
        assert response.status_code == 403
        assert "Only the director clears a result" in response.content.decode()
        stored = Play.objects.get(pk=play.pk)
        assert (stored.entered, stored.contract, stored.version) == (True, "3NT", play.version)
    assert PlayChange.objects.filter(play=play).count() == 1


def test_the_result_service_refuses_a_tables_clear(mitchell_event):
    play = enter(plays_at(mitchell_event, 1, 2)[0], {"contract": "PASS"}, director=False)
    table = services.Writer(name="table 2 (token)", is_director=False)
    with pytest.raises(services.PermissionDenied, match="Only the director clears a result"):
        services.play_result_save(play=play, data=None, writer=table, expected_version=play.version)
    assert Play.objects.get(pk=play.pk).entered


def test_a_director_clears_through_a_table_link_too(director_client, mitchell_event, token):
    play = enter(plays_at(mitchell_event, 1, 2)[0], {"contract": "PASS"}, director=False)
    assert director_client.post(token_url(token), board_data(play, action="clear")).status_code == 302
    assert not Play.objects.get(pk=play.pk).entered


def test_revoked_or_unknown_token_is_a_clear_404(client, token):
    services.table_token_revoke(token=token)
    for url in (token_url(token), reverse("entry_token", args=["nonsense"])):
        response = client.get(url)
        assert response.status_code == 404
        assert "This table link is not valid" in response.content.decode()
        assert client.post(url, {"play": "1"}).status_code == 404


def test_tokens_page_is_for_directors(client, mitchell_event):
    response = client.get(reverse("entry_tokens", args=[mitchell_event.pk]))
    assert response.status_code == 302
    assert "/login/" in response["Location"]


def test_tokens_page_makes_prints_and_revokes_links(director_client, mitchell_event):
    url = reverse("entry_tokens", args=[mitchell_event.pk])
    assert "No link yet." in director_client.get(url).content.decode()
    director_client.post(url, {"action": "create_all"})
    tokens = list(TableToken.objects.filter(section__event=mitchell_event, revoked=False))
    assert sorted(t.table for t in tokens) == [1, 2, 3]
    html = director_client.get(url).content.decode()
    assert html.count("<svg") == 3
    assert "<path" in html
    for t in tokens:
        assert f"http://testserver/t/{t.secret}/" in html
    director_client.post(url, {"action": "create_all"})  # nothing new: every table has a link
    assert TableToken.objects.filter(section__event=mitchell_event).count() == 3
    first = tokens[0]
    director_client.post(url, {"action": "create", "section": first.section_id, "table": first.table})
    first.refresh_from_db()
    assert first.revoked
    second = TableToken.objects.get(section=first.section, table=first.table, revoked=False)
    director_client.post(url, {"action": "revoke", "token": second.pk})
    second.refresh_from_db()
    assert second.revoked
    response = director_client.post(
        url, {"action": "create", "section": first.section_id, "table": "9"}, follow=True
    )
    assert "table: must be from 1 to 3, got 9" in response.content.decode()


@pytest.mark.parametrize(
    ("post", "field"),
    [
        ({"action": "revoke", "token": "abc"}, "token"),
        ({"action": "revoke", "token": "1.5"}, "token"),
        ({"action": "revoke", "token": "-3"}, "token"),
        ({"action": "revoke"}, "token"),
        ({"action": "create", "section": "abc", "table": "1"}, "section"),
        ({"action": "create", "section": "", "table": "1"}, "section"),
        ({"action": "create", "section": "\u0663", "table": "1"}, "section"),  # Arabic-Indic three
        ({"action": "delete"}, "action"),
        ({}, "action"),
    ],
)
def test_tokens_page_refuses_a_damaged_hidden_field_naming_it(director_client, mitchell_event, post, field):
    url = reverse("entry_tokens", args=[mitchell_event.pk])
    services.table_token_create(section=mitchell_event.sections.get(), table=1)
    before = sorted(TableToken.objects.values_list("pk", "revoked"))
    response = director_client.post(url, post)
    assert response.status_code == 400
    html = response.content.decode()
    assert f"{field}: " in html
    assert "Table links" in html  # the page again, with the message
    assert sorted(TableToken.objects.values_list("pk", "revoked")) == before


@pytest.mark.parametrize("value", ["99999999999999999999", "9223372036854775808", "0"])
def test_tokens_page_a_token_or_section_of_no_row_is_a_404(director_client, mitchell_event, value):
    url = reverse("entry_tokens", args=[mitchell_event.pk])
    assert director_client.post(url, {"action": "revoke", "token": value}).status_code in (400, 404)
    response = director_client.post(url, {"action": "create", "section": value, "table": "1"})
    assert response.status_code in (400, 404)
    assert not TableToken.objects.exists()


# --- Query counts -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("tables", [3, 9])
def test_index_query_count_does_not_grow(client, django_assert_num_queries, tables):
    event = make_event(tables=tables)
    for play in Play.objects.filter(event=event)[:5]:
        enter(play, {"contract": "PASS"})
    with django_assert_num_queries(4):  # event, sections, rounds, seatings with their counts
        assert client.get(reverse("entry_index", args=[event.pk])).status_code == 200


@pytest.mark.parametrize("tables", [3, 9])
def test_table_query_count_does_not_grow(director_client, django_assert_num_queries, tables):
    event = make_event(tables=tables)
    for play in Play.objects.filter(event=event):
        enter(play, {"contract": "1C", "declarer": "N", "tricks": 7})
    # session, user, event, section, seating, plays, their changes, the round count
    with django_assert_num_queries(8):
        assert director_client.get(table_url(event, 2, 2)).status_code == 200


@pytest.mark.parametrize("tables", [3, 9])
def test_token_page_query_count_does_not_grow(client, django_assert_num_queries, tables):
    event = make_event(tables=tables)
    token = services.table_token_create(section=event.sections.get(), table=2)
    # token, the current round's seating, plays (not their law E history: that is for directors only), the
    # boards the table has played (its links to their travellers)
    with django_assert_num_queries(4):
        assert client.get(token_url(token)).status_code == 200


@pytest.mark.parametrize("tables", [3, 9])
@pytest.mark.parametrize("last", [False, True])
def test_token_result_query_count_does_not_grow(client, django_assert_num_queries, tables, last):
    """A result posted through a table link, the hot write of a running event: the same statements at every
    size; the round's last board also reads the round the link opens next (its message says so)."""
    event = make_event(tables=tables)
    token = services.table_token_create(section=event.sections.get(), table=2)
    first, *others = plays_at(event, 1, 2)
    if last:
        for play in others:
            enter(play, {"contract": "PASS"}, director=False)
    # token, current seating, its plays; in one transaction the play and its round locked, the play, its
    # history row, the event's and the board's versions; with ``last``, the seating the link opens next; and
    # before the save, the board's other results for the unlikely-result checks (docs/laws.md; no hands here);
    # after it, the boards still in play (whether this save released the board: its figures, none here)
    with django_assert_num_queries(10 + last):
        response = client.post(token_url(token), board_data(first, quick="3NT S ="))
    assert response.status_code == 302
    first.refresh_from_db()
    assert (first.contract, first.version) == ("3NT", 1)
    assert ("Round 2" in client.get(response["Location"]).content.decode()) is last


@pytest.mark.parametrize("tables", [3, 9])
def test_tokens_page_query_count_does_not_grow(director_client, django_assert_num_queries, tables):
    event = make_event(tables=tables)
    director_client.post(reverse("entry_tokens", args=[event.pk]), {"action": "create_all"})
    # session, user, event, sections, tokens
    with django_assert_num_queries(5):
        assert director_client.get(reverse("entry_tokens", args=[event.pk])).status_code == 200


def test_the_help_line_shows_each_codes_own_quick_entry(director_client):
    """1915 may pass a deal out (laws 42, 44); whist types the tricks N-S won and its revokes (whist law 30)."""
    lines = {}
    for code in ("auction-1915", "whist"):
        event = make_event(code=code, name=code)
        html = director_client.get(table_url(event, 1, 1)).content.decode()
        lines[code] = re.search(r'<p class="muted help-line[^"]*">(.*?)</p>', html, re.S).group(1)
    assert "<kbd>PASS</kbd>" in lines["auction-1915"]
    assert "<kbd>4HX N 10</kbd>" in lines["auction-1915"]
    assert "<kbd>7 R NS</kbd>" in lines["whist"]
    assert "4HX" not in lines["whist"]
    assert "PASS" not in lines["whist"]
