"""Feedback after a board: once every table has played a board, a table link's row of it shows each pair's
figure on it (matchpoints of the top, IMPs, law H's plus/minus) and links its traveller; never before.

Hand-worked on a 3-table Mitchell, 2 boards a round: board 1 is played at table 1 in round 1 (N-S pair 1 v
E-W pair 4), at table 3 in round 2 and at table 2 in round 3.  Table 1's link enters it last.
"""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.urls import reverse

from duplicate import services
from duplicate.models import Event, Play
from duplicate.selectors.board_feedback import board_figure, released_figures
from duplicate.services.eventfile import event_import
from tests.factories import board_data, imp_match_file, make_event, plays_at, teams_event

pytestmark = pytest.mark.django_db

DIRECTOR = services.Writer(name="td", is_director=True)
FETCH = {"X-Requested-With": "fetch"}


def _data(text: str) -> dict:
    if text == "PASS":
        return {"contract": "PASS"}
    contract, declarer, tricks = text.split()
    return {"contract": contract, "declarer": declarer, "tricks": int(tricks)}


def _enter(play: Play, text: str) -> None:
    services.play_result_save(play=play, data=_data(text), writer=DIRECTOR, expected_version=play.version)


def _board(event: Event, rnd: int, table: int, number: int) -> Play:
    return next(p for p in plays_at(event, rnd, table) if p.board.number == number)


def _contract(contest: str, tables: int = 3) -> Event:
    movement = services.movement_build(kind="mitchell", tables=tables, boards_per_round=2)
    return services.event_create(
        name=contest,
        date=dt.date(2026, 11, 28),
        code="contract",
        kind="pairs",
        movement=movement,
        contest=contest,
        analyse=False,
    )


def _others(event: Event, first: str, second: str) -> None:
    """Board 1 at the two other tables: table 3 in round 2, table 2 in round 3."""
    _enter(_board(event, 2, 3, 1), first)
    _enter(_board(event, 3, 2, 1), second)


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def _row(html: str, number: int) -> str:
    match = re.search(rf'<section class="entry-row[^"]*" id="board-{number}".*?</section>', html, re.S)
    return match.group(0) if match else ""


def _token(event: Event, table: int = 1):
    token = services.table_token_create(section=event.sections.get(), table=table)
    return token, reverse("entry_token", args=[token.secret])


# --- Hand-worked figures, through the selector ------------------------------------------------------------


def test_matchpoints_of_the_top():
    # Board 1 (none vulnerable): 4S by N making 10 is +420 at tables 1 and 3, one off is -50 at table 2.
    # Top 2(3-1) = 4; each +420 beats -50 (2) and ties the other (1): 3 MPs, E-W 4 - 3 = 1; -50 gets 0.
    event = _contract("matchpoints")
    _others(event, "4S N 10", "4S N 9")
    _enter(_board(event, 1, 1, 1), "4S N 10")
    figure = board_figure(event.sections.get(), 1, 1, 1)
    assert figure is not None
    assert figure.ns == "N-S pair 1: 3.00 MPs of 4"
    assert figure.ew == "E-W pair 4: 1.00 MPs of 4"


def test_cross_imps():
    # +420 v +420: 0; +420 v -50: 470, 10 IMPs (WBF 430-490); over 2 comparisons: +5 for N-S, -5 for E-W.
    event = _contract("cross-imps")
    _others(event, "4S N 10", "4S N 9")
    _enter(_board(event, 1, 1, 1), "4S N 10")
    figure = board_figure(event.sections.get(), 1, 1, 1)
    assert (figure.ns, figure.ew) == ("N-S pair 1: +5.00 IMPs", "E-W pair 4: -5.00 IMPs")


def test_butler():
    # Butler's datum of three results (too few to drop any): (450 + 420 - 50) / 3 = 273 1/3, to the
    # nearest 10: 270.  Table 1's +450 (4S N 11) against it: 180, 5 IMPs (WBF 170-210).
    event = _contract("butler")
    _others(event, "4S N 10", "4S N 9")
    _enter(_board(event, 1, 1, 1), "4S N 11")
    figure = board_figure(event.sections.get(), 1, 1, 1)
    assert (figure.ns, figure.ew) == ("N-S pair 1: +5.00 IMPs", "E-W pair 4: -5.00 IMPs")


def test_law_h_plus_minus():
    # Auction bridge (1915): 2S by N making 8 is 18 to N-S (-18); passed out 0; 2S one off 50 to E-W.
    # N-S average (18 + 0 - 50) / 3 = -10 2/3: N-S +28 2/3 and E-W -28 2/3 against the field.
    event = make_event(tables=3, boards_per_round=2)
    _others(event, "PASS", "2S N 7")
    _enter(_board(event, 1, 1, 1), "2S N 8")
    figure = board_figure(event.sections.get(), 1, 1, 1)
    assert figure.ns == "N-S pair 1: +28 2/3 (+/- against the board's average)"
    assert figure.ew == "E-W pair 4: -28 2/3 (+/- against the board's average)"


def test_a_team_match_by_imps_once_both_tables_have_played_the_board():
    # Reds (1 N-S at table 1, 2 E-W at table 2) v Blues (3, 4): board 1 +420 at table 1; table 2 enters -50
    # last: net 470, 10 IMPs to Reds; at table 2 Blues sit N-S (-10), Reds E-W (+10).
    results = [r for r in imp_match_file()["results"] if (r["round"], r["table"], r["board"]) != (2, 2, 1)]
    event = event_import(data={**imp_match_file(), "results": results})
    section = event.sections.get()
    assert board_figure(section, 2, 2, 1) is None
    _enter(_board(event, 2, 2, 1), "4S N 9")
    figure = board_figure(section, 2, 2, 1)
    assert (figure.ns, figure.ew) == ("N-S pair 4: -10 IMPs", "E-W pair 2: +10 IMPs")


def test_a_law_g_team_match_once_both_tables_have_played_the_board():
    # Auction (1915), law G, two tables: board 1 at table 1 in round 1 (pair 1 N-S), at table 2 in round 2
    # (pair 4 N-S v pair 2).  2S by N making 8: 18 to N-S; one off: 50 to E-W (-50).  Average of the board's
    # N-S scores (18 - 50) / 2 = -16: table 2's N-S -34, E-W +34.
    event = make_event(kind="teams", tables=2, boards_per_round=2, event_kind="teams")
    section = event.sections.get()
    _enter(_board(event, 1, 1, 1), "2S N 8")
    assert board_figure(section, 1, 1, 1) is None
    _enter(_board(event, 2, 2, 1), "2S N 7")
    figure = board_figure(section, 2, 2, 1)
    assert figure.ns == "N-S pair 4: -34 (+/- against the board's average)"
    assert figure.ew == "E-W pair 2: +34 (+/- against the board's average)"
    assert board_figure(section, 1, 1, 1).ns == "N-S pair 1: +34 (+/- against the board's average)"


@pytest.mark.parametrize("contest", ["swiss-teams", "round-robin"])
def test_an_event_of_matches_shows_no_board_figure(contest):
    # A league's or a Swiss's boards count through their match (its page gives the IMPs and VPs): a table
    # link's row shows no figure of its own, even once the board is played at every table.
    event = teams_event(4, contest=contest)
    plays = list(Play.objects.filter(event=event, board__number=1).select_related("seating__round__section"))
    for tricks, play in enumerate(plays, start=8):
        _enter(play, f"4S N {tricks}")
    assert not Play.objects.filter(event=event, board__number=1, entered=False).exists()
    for play in plays:
        assert (
            board_figure(play.seating.round.section, play.seating.table, play.seating.round.number, 1) is None
        )


def test_no_figure_while_another_table_has_still_to_play_the_board():
    event = _contract("matchpoints")
    section = event.sections.get()
    _enter(_board(event, 1, 1, 1), "4S N 10")
    _enter(_board(event, 2, 3, 1), "4S N 10")
    assert board_figure(section, 1, 1, 1) is None
    assert released_figures(section, 1, 1, [1, 2]) == {}
    _enter(_board(event, 3, 2, 1), "4S N 9")
    assert set(released_figures(section, 1, 1, [1, 2])) == {1}


# --- Through the table link: the save's response, the page and the fetched row ------------------------------


def test_the_last_tables_save_names_the_figures_and_links_the_traveller(client):
    event = _contract("matchpoints")
    token, url = _token(event)
    _others(event, "4S N 10", "4S N 9")
    play = _board(event, 1, 1, 1)
    response = client.post(url, board_data(play, quick="4S N 10"), follow=True)
    html = response.content.decode()
    text = _text(html)
    assert (
        "Saved. Board 1: 4S by N, 10 tricks. Every table has played board 1: "
        "N-S pair 1: 3.00 MPs of 4; E-W pair 4: 1.00 MPs of 4." in text
    )
    row = _row(html, 1)
    assert "N-S pair 1: 3.00 MPs of 4" in row
    assert "E-W pair 4: 1.00 MPs of 4" in row
    traveller = reverse("entry_token_traveller", args=[token.secret, 1])
    assert f'href="{traveller}"' in row
    # Board 2 is still to be played here: nothing of it.
    assert "board-figure" not in _row(html, 2)
    # The link's traveller shows the board released: every table's result, no question first.
    page = _text(client.get(traveller).content.decode())
    assert "4S by N, 9 tricks" in page
    assert "being played" not in page


def test_the_fetched_row_of_the_last_tables_save_has_the_figures(client):
    event = _contract("cross-imps")
    token, url = _token(event)
    _others(event, "4S N 10", "4S N 9")
    response = client.post(url, board_data(_board(event, 1, 1, 1), quick="4S N 10"), headers=FETCH)
    assert response.status_code == 200
    row = response.content.decode()
    assert row.startswith('<section class="entry-row')
    assert "N-S pair 1: +5.00 IMPs" in row
    assert "E-W pair 4: -5.00 IMPs" in row
    assert reverse("entry_token_traveller", args=[token.secret, 1]) in row


def test_no_peeking_before_the_last_table_has_played_the_board(client):
    # Table 1 saves first: board 1 is in play at tables 2 and 3, so its row shows no figure and no traveller
    # link, by the page or by the fetched row; once both have played it, the page shows both.
    event = _contract("matchpoints")
    token, url = _token(event)
    traveller = reverse("entry_token_traveller", args=[token.secret, 1])
    fetched = client.post(url, board_data(_board(event, 1, 1, 1), quick="4S N 10"), headers=FETCH)
    saved = client.post(url, board_data(_board(event, 1, 1, 1), quick="4S N 10", version=1), follow=True)
    for html in (fetched.content.decode(), saved.content.decode(), client.get(url).content.decode()):
        assert "board-figure" not in html
        assert "MPs" not in html
        assert f'href="{traveller}"' not in _row(html, 1)
        assert "Every table has played" not in html
    _enter(_board(event, 2, 3, 1), "4S N 10")
    assert "board-figure" not in client.get(url).content.decode()  # one table still to play it
    _enter(_board(event, 3, 2, 1), "4S N 9")
    row = _row(client.get(url).content.decode(), 1)
    assert "N-S pair 1: 3.00 MPs of 4" in row
    assert f'href="{traveller}"' in row


def test_a_director_page_of_the_table_shows_no_figures(director_client):
    event = _contract("matchpoints")
    _others(event, "4S N 10", "4S N 9")
    _enter(_board(event, 1, 1, 1), "4S N 10")
    html = director_client.get(reverse("entry_table", args=[event.pk, "A", 1, 1])).content.decode()
    assert "board-figure" not in html


def _page_queries(client, django_assert_num_queries, tables: int, expected: int) -> None:
    event = _contract("matchpoints", tables=tables)
    _, url = _token(event)
    for table in range(1, tables + 1):  # round 1's boards everywhere but table 1's second board
        for play in plays_at(event, 1, table):
            if (table, play.board.number) != (1, 2):
                _enter(play, "3NT S 9")
    for rnd in range(2, tables + 1):  # board 1 at every other table: released
        for play in Play.objects.filter(event=event, seating__round__number=rnd, board__number=1):
            _enter(play, "3NT S 9")
    with django_assert_num_queries(expected):
        html = client.get(url).content.decode()
    assert "board-figure" in _row(html, 1)
    assert "board-figure" not in _row(html, 2)


@pytest.mark.parametrize("tables", [3, 7])
def test_the_table_links_page_with_figures_runs_a_fixed_number_of_queries(
    client, django_assert_num_queries, tables
):
    # token, seating, plays, played boards (as without figures); the boards in play; the pairs, the
    # released boards' contest (their plays and the field's Neuberg N), the table's lines of them
    _page_queries(client, django_assert_num_queries, tables, 9)


@pytest.mark.parametrize("tables", [3, 7])
def test_the_save_that_releases_a_board_runs_a_fixed_number_of_queries(
    client, django_assert_num_queries, tables
):
    event = _contract("matchpoints", tables=tables)
    _, url = _token(event)
    for play in Play.objects.filter(event=event, board__number=1).exclude(seating__table=1):
        _enter(play, "3NT S 9")
    play = _board(event, 1, 1, 1)
    # the save's (as test_entry's token result count) and the boards in play; then the released board's
    # figures: the pairs, its contest (the field's Neuberg N, its plays) and the table's line
    with django_assert_num_queries(14):
        response = client.post(url, board_data(play, quick="3NT S 9"))
    assert response.status_code == 302
