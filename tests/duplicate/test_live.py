"""Live pages: the version a page's script polls (it says that results changed, never what they are), the live
markers the standings, travellers and score cards carry, and the venue display (a visitor's view for everyone:
a board still in play is never shown, law of no peeking; the standings of law H; a fixed number of queries).

A three-table Mitchell (two boards a round, three rounds): board 1 is played at table 1 in round 1, table 3 in
round 2 and table 2 in round 3.
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from duplicate import services
from duplicate.models import Event, Play
from duplicate.selectors.display import ROWS_PER_SLIDE, SLIDES_PER_PAGE
from duplicate.selectors.standings import team_standings
from tests.factories import ODD_PAIR, make_event, match_event

pytestmark = pytest.mark.django_db

FIRST = {"contract": "4H", "declarer": "N", "tricks": 10}
SECOND = {"contract": "2S", "declarer": "E", "tricks": 8}
LAST = {"contract": "3D", "declarer": "W", "tricks": 9}
FIRST_TEXT, SECOND_TEXT, LAST_TEXT = "4H by N, 10 tricks", "2S by E, 8 tricks", "3D by W, 9 tricks"


def enter(play: Play, data: dict) -> Play:
    writer = services.Writer(name="td", is_director=True, user_id=None)
    return services.play_result_save(play=play, data=data, writer=writer, expected_version=play.version)


def board_plays(event: Event, number: int) -> list[Play]:
    return list(Play.objects.filter(event=event, board__number=number).order_by("seating__round__number"))


def live_version(html: str) -> str:
    found = re.findall(r'data-live="[^"]+" data-live-version="([^"]*)"', html)
    assert len(found) == 1, found
    return found[0]


def polled(client, name: str, *args) -> str:
    response = client.get(reverse(name, args=args))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert "no-store" in response["Cache-Control"]  # a poll is never answered from a browser's cache
    return response.json()["version"]


def slide_titles(html: str) -> list[str]:
    return [
        re.sub(r"<[^>]+>", "", t).strip()
        for t in re.findall(r"<section class=\"slide(?! empty)[^\"]*\"[^>]*>\s*<h2>(.*?)</h2>", html, re.S)
    ]


@pytest.fixture
def game(db):
    """Board 1 entered at tables 1 and 3 (in play: table 2 has still to play it); board 2 at all three."""
    event = make_event(tables=3, boards_per_round=2)
    plays = board_plays(event, 1)
    enter(plays[0], FIRST)
    enter(plays[1], SECOND)
    for play in board_plays(event, 2):
        enter(play, LAST)
    event.refresh_from_db()
    return event


# --- The version endpoints --------------------------------------------------------------------------------------


def test_the_event_version_moves_with_each_result_and_the_standings_carry_it(client, game):
    url = reverse("event_standings", args=[game.pk])
    before = polled(client, "event_version", game.pk)
    assert before == str(game.results_version)
    assert live_version(client.get(url).content.decode()) == before
    enter(board_plays(game, 1)[2], LAST)
    after = polled(client, "event_version", game.pk)
    assert int(after) == int(before) + 1
    assert live_version(client.get(url).content.decode()) == after


def test_the_version_says_nothing_of_the_results(client, game):
    body = client.get(reverse("event_version", args=[game.pk])).content.decode()
    assert re.fullmatch(r'\{"version": "\d+"\}', body)
    assert client.get(reverse("board_version", args=[game.pk, 1])).json() == {"version": "2-in-play"}


def test_unknown_events_and_boards_are_404(client, game):
    assert client.get(reverse("event_version", args=[game.pk + 100])).status_code == 404
    assert client.get(reverse("event_version", args=[2**63])).status_code == 404
    assert client.get(reverse("board_version", args=[game.pk, 99])).status_code == 404
    assert client.get(reverse("event_display", args=[game.pk + 100])).status_code == 404
    assert client.post(reverse("event_version", args=[game.pk])).status_code == 405


def test_a_travellers_version_is_its_boards_and_who_sees_it(client, director_client, game):
    url = reverse("board_traveller", args=[game.pk, 1])
    assert polled(client, "board_version", game.pk, 1) == "2-in-play"
    assert live_version(client.get(url).content.decode()) == "2-in-play"
    assert polled(director_client, "board_version", game.pk, 1) == "2-shown"  # the director sees it all
    assert live_version(director_client.get(url).content.decode()) == "2-shown"
    # Another board's result leaves board 1's version (its page stays kept); its own last table releases it.
    other = polled(client, "board_version", game.pk, 2)
    enter(board_plays(game, 1)[2], LAST)
    assert polled(client, "board_version", game.pk, 2) == other
    assert polled(client, "board_version", game.pk, 1) == "3-shown"
    assert live_version(client.get(url).content.decode()) == "3-shown"


def test_finishing_the_event_changes_an_unplayed_boards_version(client, db):
    event = make_event(tables=3, boards_per_round=2)
    assert polled(client, "board_version", event.pk, 1) == "0-in-play"  # no table has played it
    services.event_finish(event=event)  # releases every board
    assert polled(client, "board_version", event.pk, 1) == "1-shown"


def test_a_score_card_carries_the_event_version(client, game):
    html = client.get(reverse("pair_scorecard", args=[game.pk, "1"])).content.decode()
    assert live_version(html) == str(game.results_version)
    assert "data-live-updated hidden" in html  # filled in by the page's script


def test_a_team_match_carries_the_event_version_and_moves_with_a_result(client, director_client, db):
    # Table 3 has not played board 2: the visitor's page leaves it out; its result moves the version.
    results = dict(ODD_PAIR)
    del results[(3, 2)]
    event = match_event(results)
    url = reverse("team_match", args=[event.pk])
    html = client.get(url).content.decode()
    before = live_version(html)
    assert before == polled(client, "event_version", event.pk) == str(event.results_version)
    assert "data-live-updated hidden" in html  # filled in by the page's script
    assert 'data-live-part="match"' in html
    assert 'data-live-part="status"' in html
    assert "being played" in html
    play = Play.objects.get(event=event, seating__table=3, board__number=2)
    enter(play, ODD_PAIR[(3, 2)])
    after = polled(client, "event_version", event.pk)
    assert int(after) == int(before) + 1
    html = client.get(url).content.decode()
    assert live_version(html) == after  # the kept page is not served at the old version to the script
    assert "being played" not in html
    assert live_version(director_client.get(url).content.decode()) == after


def test_a_table_links_traveller_is_not_live(client, game):
    token = services.table_token_create(section=game.sections.get(), table=1)
    html = client.get(reverse("entry_token_traveller", args=[token.secret, 1])).content.decode()
    assert "data-live=" not in html


@pytest.mark.parametrize("name", ["event_version", "board_version"])
@pytest.mark.parametrize("tables", [3, 9])
def test_a_poll_is_one_query_at_every_size(db, client, django_assert_num_queries, name, tables):
    event = make_event(tables=tables, boards_per_round=2)
    for play in board_plays(event, 1):
        enter(play, FIRST)
    args = (event.pk, 1) if name == "board_version" else (event.pk,)
    with django_assert_num_queries(1):
        assert client.get(reverse(name, args=args)).status_code == 200


# --- The venue display --------------------------------------------------------------------------------------------


def test_the_display_shows_the_standings_and_released_boards_only(client, director_client, game):
    for viewer in (client, director_client):  # a director's screen in the room shows what players may see
        html = viewer.get(reverse("event_display", args=[game.pk])).content.decode()
        titles = slide_titles(html)
        assert titles[0].startswith("Standings")
        assert "Board 2" in titles
        assert "Board 1" not in titles  # in play at table 2
        assert FIRST_TEXT not in html
        assert SECOND_TEXT not in html
        assert LAST_TEXT in html
        assert "5 boards still in play" in html  # board 1, and 3 to 6 not played at all
        assert 'class="site-header' not in html  # no menus on a screen
        assert live_version(html) == str(game.results_version)


def test_the_display_shows_a_board_once_its_last_table_plays(client, game):
    url = reverse("event_display", args=[game.pk])
    client.get(url)  # kept under this version
    enter(board_plays(game, 1)[2], FIRST)
    html = client.get(url).content.decode()
    assert "Board 1" in slide_titles(html)
    assert FIRST_TEXT in html
    assert SECOND_TEXT in html
    assert "4 boards still in play" in html


def test_the_display_before_any_result(client, db):
    event = make_event()
    html = client.get(reverse("event_display", args=[event.pk])).content.decode()
    assert "Nothing released yet" in html
    assert slide_titles(html) == []


def test_a_long_ranking_runs_to_two_columns_then_several_slides(client, db):
    # 14 pairs a direction: more than a column's 12, so each direction a slide of two columns, 7 and 7
    event = make_event(tables=14, boards_per_round=1)
    for play in Play.objects.filter(event=event, board__number=1):
        enter(play, FIRST)
    html = client.get(reverse("event_display", args=[event.pk])).content.decode()
    titles = slide_titles(html)
    assert titles[:2] == ["Standings: N-S", "Standings: E-W"]
    assert "Board 1 1 of 2" in titles  # fourteen tables played it: a traveller stays one column, 12 a slide
    first = html.split('<section class="slide')[1]
    assert first.count('class="display-column"') == 2
    assert [t.count("<tr") for t in re.findall(r"<tbody>(.*?)</tbody>", first, re.S)] == [7, 7]
    # 30 tables: 30 pairs a direction, 24 a slide (two columns of 12), then 6 in one column
    event = make_event(tables=30, boards_per_round=1)
    for play in Play.objects.filter(event=event, board__number=1):
        enter(play, FIRST)
    html = client.get(reverse("event_display", args=[event.pk])).content.decode()
    assert slide_titles(html)[:4] == [
        "Standings: N-S 1 of 2",
        "Standings: N-S 2 of 2",
        "Standings: E-W 1 of 2",
        "Standings: E-W 2 of 2",
    ]
    sections = html.split('<section class="slide')[1:3]
    rows = [[t.count("<tr") for t in re.findall(r"<tbody>(.*?)</tbody>", s, re.S)] for s in sections]
    assert rows == [[12, 12], [6]]


def test_a_mitchells_two_directions_share_a_slide_side_by_side(client, game):
    html = client.get(reverse("event_display", args=[game.pk])).content.decode()
    assert slide_titles(html)[0] == "Standings"
    first = html.split('<section class="slide')[1]
    assert "slide-columns" in first.split(">")[0]
    assert re.findall(r'<div class="display-column"><h3>(.*?)</h3>', first) == ["N-S", "E-W"]


def test_the_cycle_time_is_the_browsers_and_every_seconds_is_one_page_kept(
    client, game, django_assert_num_queries
):
    """How long a slide is shown (?seconds=) is read by the page's script: the page is the same whatever it
    asks, and kept once (each further ?seconds= reads the event's row, then the page from the cache)."""
    url = reverse("event_display", args=[game.pk])
    first = client.get(url + "?seconds=40").content.decode()
    assert "data-display-seconds" not in first
    for seconds in ("5", "41", "300", "x"):
        with django_assert_num_queries(1):  # the event; the plan and the page from the cache
            assert client.get(f"{url}?seconds={seconds}").content.decode() == first


def test_a_big_display_is_pages_of_a_few_slides_that_show_every_released_board_in_turn(client, db):
    event = make_event(tables=14, boards_per_round=1)  # 14 boards, each played at 14 tables: 2 slides a board
    for play in Play.objects.filter(event=event):
        enter(play, FIRST)
    url = reverse("event_display", args=[event.pk])
    pages = []
    html = client.get(url).content.decode()
    while True:
        titles = slide_titles(html)
        assert 0 < len(titles) <= SLIDES_PER_PAGE
        for table in re.findall(r"<tbody>(.*?)</tbody>", html, re.S):
            assert table.count("<tr") <= ROWS_PER_SLIDE
        pages.append(titles)
        found = re.search(r'<a href="\?page=(\d+)" rel="next">', html)
        assert found is not None
        if found.group(1) == "1":
            break
        html = client.get(f"{url}?page={found.group(1)}").content.decode()
    assert len(pages) == 2
    shown = [t for titles in pages for t in titles]
    assert shown[:2] == ["Standings: N-S", "Standings: E-W"]  # two columns each
    assert shown[2:] == [f"Board {n} {part} of 2" for n in range(1, 15) for part in (1, 2)]
    for asked in ("0", "3", "99", "x", "-1", "1.5"):  # no such page: the first
        assert slide_titles(client.get(f"{url}?page={asked}").content.decode()) == pages[0]


@pytest.mark.parametrize("tables", [3, 9])
def test_the_display_runs_a_fixed_number_of_queries(db, client, django_assert_num_queries, tables):
    event = make_event(tables=tables, boards_per_round=2)
    for play in Play.objects.filter(event=event, board__number__in=[1, 2]):
        enter(play, FIRST)
    url = reverse("event_display", args=[event.pk])
    # the event; the plan: the pairs, the contest, each board's lines; the page: its boards' contest, their
    # rows, their lines
    with django_assert_num_queries(7):
        assert client.get(url).status_code == 200
    with django_assert_num_queries(1):  # the event (the plan and the page kept whole)
        assert client.get(url).status_code == 200


def test_the_overview_links_the_display_for_directors(client, director_client, game):
    url = reverse("event_display", args=[game.pk])
    assert url in director_client.get(reverse("event_detail", args=[game.pk])).content.decode()
    assert url not in client.get(reverse("event_detail", args=[game.pk])).content.decode()


def test_a_team_matchs_display_shows_the_teams_totals(client, db):
    event = match_event(ODD_PAIR)
    html = client.get(reverse("event_display", args=[event.pk])).content.decode()
    assert slide_titles(html)[0] == "Team match"
    match = team_standings(event)
    for team in match.teams:
        assert team.name in html
        assert f">{team.total_display}<" in html
