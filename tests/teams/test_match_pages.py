"""The pages of an event of matches (teams.match_views): the new league or Swiss form, the event's page (rounds,
matches, VP table, draw, swap, whole results), a match's and a team's page, the table link's next seats, the
guide cards and the VP table's downloads; bad input never a 500; a fixed number of queries."""

from __future__ import annotations

import datetime as dt
import html as htmllib
import io
import json
import re

import pytest
from django.core.cache import cache
from django.urls import reverse
from openpyxl import load_workbook

from duplicate.forms import EventCreateForm
from duplicate.models import Event, Player, PublicName
from teams.models import DrawChange, Match
from teams.services import EntrantSpec, match_result_save, matches_event_create
from tests.factories import (
    FIRST,
    SECOND,
    create_form,
    enter,
    pdf_words,
    plays_at,
    public_name_choose,
    squash,
    teams_event,
    token_client,
    whole_results,
)

pytestmark = pytest.mark.django_db
DASH = "\u2013"  # between a match's two figures


def text(response) -> str:
    """The page's words: inline tags dropped, other tags a space."""
    html = re.sub(r"</?(strong|a|small|span|em)\b[^>]*>", "", response.content.decode())
    return squash(htmllib.unescape(re.sub(r"<[^>]+>", " ", html)))


def pairings(event: Event, round_number: int) -> list[tuple[int, str, str]]:
    return [
        (m.table, m.home.name, m.away.name if m.away else "")
        for m in Match.objects.filter(event=event, round=round_number)
        .select_related("home", "away")
        .order_by("table")
    ]


# --- the new event ------------------------------------------------------------------------------------------


def test_the_movement_form_makes_no_league_or_swiss(director_client):
    form = EventCreateForm(data=create_form(code="contract", kind="teams", contest="swiss-teams"))
    assert not form.is_valid()
    assert "set out on its own form" in form.errors["contest"][0]
    response = director_client.post(
        reverse("event_create"),
        create_form(name="Autumn Swiss", code="contract", kind="teams", contest="swiss-teams"),
    )
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("matches_event_create") + "?")
    assert "name=Autumn+Swiss" in response["Location"]
    assert "contest=swiss-teams" in response["Location"]
    assert not Event.objects.exists()
    page = director_client.get(response["Location"]).content.decode()
    assert 'value="Autumn Swiss"' in page


def test_a_swiss_is_created_seeded_from_its_form(director_client):
    data = {
        "name": "Autumn Swiss",
        "date": "2026-11-28",
        "contest": "swiss-teams",
        "boards_per_match": "6",
        "rounds": "3",
        "bye_vps": "12",
        "entrants": "Reds: Ann Able, Bob Baker, Cy Cole, Di Dunn\nBlues\nGreens\nWhites\n",
        "first_round": "seeded",
    }
    response = director_client.post(reverse("matches_event_create"), data)
    assert response.status_code == 302, text(response)
    event = Event.objects.get()
    assert response["Location"] == reverse("matches_event", args=[event.pk])
    assert (event.boards_per_match, event.rounds_planned, event.bye_vp100) == (6, 3, 1200)
    assert pairings(event, 1) == [(1, "Reds", "Blues"), (2, "Greens", "Whites")]  # seeded 1 v 2, 3 v 4
    assert event.pairs.get(number="1").player1.name == "Ann Able"


def test_a_swiss_pairs_keeps_its_scoring(director_client):
    data = {
        "name": "Swiss pairs",
        "date": "2026-11-28",
        "contest": "swiss-pairs",
        "boards_per_match": "4",
        "rounds": "2",
        "bye_vps": "10.5",
        "match_scoring": "matchpoints",
        "entrants": "A: Ann, Bob\nB: Cy, Di\nC: Ed, Flo\nD: Gus, Hal\nE: Ivy, Jo\n",
        "first_round": "random",
    }
    assert director_client.post(reverse("matches_event_create"), data).status_code == 302
    event = Event.objects.get()
    assert (event.kind, event.match_scoring, event.bye_vp100) == ("pairs", "matchpoints", 1050)
    assert Match.objects.filter(event=event, round=1, away__isnull=True).count() == 1  # five pairs: a bye


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("bye_vps", "abc", "The VPs of a bye are a number from 0 to 20"),
        ("bye_vps", "25", "from 0 to 20"),
        ("bye_vps", "12.345", "to two decimals"),
        ("entrants", "Reds", "at least two teams"),
        ("entrants", "Reds\nreds", "Line 2: reds is already on line 1"),
        ("entrants", "Reds\n: Ann", "Line 2: write the name before the colon"),
        ("entrants", "Reds\nBlues\nGreens", "From 4 to 300 teams, got 3"),  # the service's, beside the field
        ("entrants", "Reds: A, B, C, D, E\nBlues\nGreens\nWhites", "Reds: at most 4 players, got 5"),
        ("rounds", "", "A Swiss needs its number of rounds"),
        ("rounds", "9", "Must be a whole number from 1 to 3, got 9"),
        ("boards_per_match", "0", "greater than or equal to 1"),
        ("boards_per_match", "x", "Enter a whole number"),
        ("contest", "imps", "Select a valid choice"),
    ],
)
def test_the_form_shows_bad_input_beside_its_field(director_client, field, value, message):
    data = {
        "name": "Swiss",
        "date": "2026-11-28",
        "contest": "swiss-teams",
        "boards_per_match": "6",
        "rounds": "3",
        "bye_vps": "12",
        "entrants": "Reds\nBlues\nGreens\nWhites",
        "first_round": "random",
        field: value,
    }
    response = director_client.post(reverse("matches_event_create"), data)
    assert response.status_code == 400
    html = response.content.decode()
    block = re.search(rf'<p id="field-{field}"[^>]*>.*?</p>', html, re.S)
    assert block is not None, html
    assert "errorlist" in block.group(0)
    assert message in squash(block.group(0).replace("&#x27;", "'")), block.group(0)
    assert not Event.objects.exists()


# --- the event's page ---------------------------------------------------------------------------------------


def test_the_overview_of_a_swiss_is_its_matches_page(client):
    event = teams_event(4)
    response = client.get(reverse("event_detail", args=[event.pk]))
    assert response.status_code == 302
    assert response["Location"] == reverse("matches_event", args=[event.pk])
    assert client.get(reverse("event_detail", args=[event.pk]) + "?overview").status_code == 200


def test_a_director_draws_swaps_and_enters_a_swiss_round(director_client):
    event = teams_event(6, boards=2, rounds=3)
    url = reverse("matches_event", args=[event.pk])
    page = director_client.get(url).content.decode()
    assert re.search(r'<button type="submit" class="primary" disabled[^>]*>Draw round 2</button>', page)
    assert "Round 1&#x27;s results are not all in." in page
    whole_results(event, 1)  # every home team wins 20-10: 10 IMPs over 2 boards
    page = director_client.get(url).content.decode()
    assert '<button type="submit" class="primary">Draw round 2</button>' in page
    assert text(director_client.get(url)).count(f"16.46{DASH}3.54") == 3  # WBF 2013, 10 IMPs over 2 boards
    assert director_client.post(reverse("matches_draw", args=[event.pk])).status_code == 302
    drawn = pairings(event, 2)
    met = {frozenset((h, a)) for _t, h, a in pairings(event, 1)}
    assert len(drawn) == 3
    assert not any(frozenset((h, a)) in met for _t, h, a in drawn)
    # The winners (16.46) meet each other first: the draw pairs from the top.
    assert {drawn[0][1], drawn[0][2]} <= {"Team 1", "Team 3", "Team 5"}
    before = pairings(event, 2)
    response = director_client.post(reverse("matches_swap", args=[event.pk]), {"first": "1", "second": "3"})
    assert response.status_code == 302
    after = pairings(event, 2)
    assert after[0] == (1, before[0][1], before[2][2])
    assert after[2] == (3, before[2][1], before[0][2])
    change = DrawChange.objects.get()
    page = text(director_client.get(url))
    assert f"Round 2: {change.before} became {change.after}" in page
    whole_results(event, 2, [(30, 0), (12, 12), (0, 5)])
    page = text(director_client.get(url))
    assert f"30{DASH}0" in page
    assert f"12{DASH}12" in page
    assert f"10.00{DASH}10.00" in page
    assert "Draw round 3" in page


def test_a_swap_refused_says_why(director_client):
    event = teams_event(6)
    swap = reverse("matches_swap", args=[event.pk])
    for data, message in (
        ({"first": "1", "second": "1"}, "Choose two different tables."),
        ({"first": "1", "second": "9"}, "Select a valid choice"),
        ({"first": "x"}, "Select a valid choice"),
    ):
        response = director_client.post(swap, data, follow=True)
        assert response.status_code == 200
        assert message in text(response)
    whole_results(event, 1)
    response = director_client.post(swap, {"first": "1", "second": "2"}, follow=True)
    assert "round 1 has results; a draw is changed only before play" in text(response)
    assert not DrawChange.objects.exists()


def test_a_visitor_sees_no_director_forms(client):
    event = teams_event(4)
    html = client.get(reverse("matches_event", args=[event.pk])).content.decode()
    assert "Draw round" not in html
    assert "Swap" not in html
    assert "/result/" not in html
    assert client.post(reverse("matches_draw", args=[event.pk])).status_code == 302  # to the sign-in page
    assert not Match.objects.filter(event=event, round=2).exists()


def test_a_league_has_no_draw_button(director_client):
    event = teams_event(5, contest="round-robin")
    page = text(director_client.get(reverse("matches_event", args=[event.pk])))
    assert "Draw round" not in page
    assert "Round 5" in page
    assert page.count("bye") >= 5
    assert "Swap pairings" not in page  # a league's schedule is not a draw
    response = director_client.post(
        reverse("matches_swap", args=[event.pk]), {"first": "1", "second": "2"}, follow=True
    )
    assert "only a Swiss's draw is swapped" in text(response)
    assert not DrawChange.objects.exists()
    # A league's rounds are all made at the start: a team's page says where it sits in the round it plays now.
    # (a team that plays a match in rounds 1 and 2: a bye is complete from the start)
    playing = [m.home for m in Match.objects.filter(event=event, round=2, away__isnull=False)]
    team = next(
        t
        for t in playing
        if Match.objects.filter(event=event, round=1, away__isnull=False, home=t).exists()
        or Match.objects.filter(event=event, round=1, away=t).exists()
    )
    url = reverse("matches_team", args=[event.pk, team.pk])
    assert "Round 1: where you sit" in text(director_client.get(url))
    whole_results(event, 1)
    assert "Round 2: where you sit" in text(director_client.get(url))


def test_a_visitor_sees_a_matchs_vps_once_its_boards_are_released(client, director_client):
    event = teams_event(4, boards=1)
    enter(plays_at(event, 1, 1)[0], FIRST)  # match table 1: +420 and -110, 11 IMPs to Team 1
    enter(plays_at(event, 1, 2)[0], SECOND)
    url = reverse("matches_event", args=[event.pk])
    # One board, 11 IMPs: 18.55-1.45 VPs (WBF 2013, 1 board), which the director sees at once.
    assert f"11{DASH}0 18.55{DASH}1.45" in text(director_client.get(url))
    visitor = text(client.get(url))
    assert "18.55" not in visitor  # board 1 is still in play at match table 2: no peeking
    for table in (3, 4):
        enter(plays_at(event, 1, table)[0], FIRST)
    assert f"11{DASH}0 18.55{DASH}1.45" in text(client.get(url))


# --- a match's whole result ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        ({"entered": "imps", "home": "x", "away": "3"}, "home", "IMPs are a whole number from 0 to 9999."),
        ({"entered": "imps", "home": "3", "away": "-3"}, "away", "IMPs are a whole number from 0 to 9999."),
        (
            {"entered": "imps", "home": "10000", "away": "3"},
            "home",
            "IMPs are a whole number from 0 to 9999.",
        ),
        (
            {"entered": "vps", "home": "21", "away": "0"},
            "home",
            "The VPs are a number from 0 to 20, to two decimals",
        ),
        (
            {"entered": "vps", "home": "abc", "away": "0"},
            "home",
            "The VPs are a number from 0 to 20, to two decimals",
        ),
        ({"entered": "goals", "home": "1", "away": "0"}, "entered", "Select a valid choice"),
        ({"entered": "imps", "away": "0"}, "home", "This field is required."),
    ],
)
def test_a_whole_result_refused_shows_beside_its_field(director_client, data, field, message):
    event = teams_event(4)
    match = Match.objects.filter(event=event).first()
    response = director_client.post(reverse("matches_result", args=[event.pk, match.pk]), data)
    assert response.status_code == 400
    block = re.search(rf'<p id="field-{field}"[^>]*>.*?</p>', response.content.decode(), re.S)
    assert block is not None
    assert message in block.group(0).replace("&#x27;", "'")
    match.refresh_from_db()
    assert match.entered == ""


def test_a_whole_result_in_vps(director_client):
    event = teams_event(4)
    match = Match.objects.filter(event=event, table=2).get()
    response = director_client.post(
        reverse("matches_result", args=[event.pk, match.pk]),
        {"entered": "vps", "home": "12,5", "away": "7.5"},
    )
    assert response.status_code == 302
    match.refresh_from_db()
    assert (match.entered, match.home_vp100, match.away_vp100) == ("vps", 1250, 750)
    assert f"12.50{DASH}7.50" in text(director_client.get(reverse("matches_event", args=[event.pk])))


# --- a match's page, board by board: no peeking -------------------------------------------------------------


def test_a_match_page_hides_the_boards_in_play_from_visitors(client, director_client):
    event = teams_event(4, boards=1)
    match = Match.objects.get(event=event, round=1, table=1)
    home_ns, away_ns = plays_at(event, 1, 1)[0], plays_at(event, 1, 2)[0]
    enter(home_ns, FIRST)  # 4H by N, 10 tricks: N-S +420 (board 1, none vulnerable)
    enter(away_ns, SECOND)  # 2S by E, 8 tricks: the away team's N-S -110
    url = reverse("matches_match", args=[event.pk, match.pk])
    director = text(director_client.get(url))
    assert "420" in director
    assert "-110" in director
    assert "530" in director  # the home team's net: 420 + 110, 11 IMPs
    assert re.search(r"\b11\b", director)
    visitor = text(client.get(url))
    assert "being played" in visitor  # match table 2 has not played board 1 yet
    assert "420" not in visitor
    assert "530" not in visitor
    for table in (3, 4):
        enter(plays_at(event, 1, table)[0], FIRST)
    visitor = text(client.get(url))
    assert "420" in visitor
    assert "530" in visitor


def test_a_swiss_pairs_match_page_shows_each_pairs_butler_imps(client, director_client):
    event = teams_event(4, contest="swiss-pairs", boards=1)
    match = Match.objects.get(event=event, round=1, table=1)
    enter(plays_at(event, 1, 1)[0], FIRST)  # table 1: N-S +420
    url = reverse("matches_match", args=[event.pk, match.pk])
    assert "being played" in text(client.get(url))  # table 2 has not played board 1
    enter(plays_at(event, 1, 2)[0], SECOND)  # table 2: N-S -110
    # Butler: the datum is the mean of 420 and -110, 155, to the nearest 10 away from zero: 160; table 1's
    # N-S +260 against it is 6 IMPs (WBF scale: 250 to 290), E-W -6.
    for who in (client, director_client):
        page = text(who.get(url))
        assert "Board N-S score IMPs Team 1 IMPs Team 2 1 420 +6.00 -6.00" in page


# --- where the players sit: the team's page and the table link ---------------------------------------------


def test_the_team_page_says_where_its_pairs_sit(client):
    event = teams_event(4)
    team = event.teams.get(name="Team 1")
    page = text(client.get(reverse("matches_team", args=[event.pk, team.pk])))
    # Team 1 is home at match table 1: its first pair N-S at table 1, its second E-W at table 2.
    assert "Pair 1: table 1, N-S, against Team 2." in page
    assert "Pair 2: table 2, E-W, against Team 2." in page


def test_a_table_link_says_where_the_pairs_sit_next(client, director):
    event = teams_event(4, boards=1)
    secret = token_client(client, event, 1)
    page = text(client.get(reverse("entry_token", args=[secret])))
    assert "Round 1, table 1: Team 1 N-S v Team 2 E-W." in page
    assert "Next round" not in page
    for table in (1, 2, 3, 4):  # round 1 played at its tables (its one board)
        enter(plays_at(event, 1, table)[0], FIRST)
    services_round = __import__("teams.services", fromlist=["round_draw"])
    services_round.round_draw(event=event)
    page = text(client.get(reverse("entry_token", args=[secret]) + "?done=1"))
    next_seats = re.findall(
        r"Pair (\d+) \((Team \d)\): round 2, table (\d+), (N-S|E-W), against (Team \d)\.", page
    )
    assert len(next_seats) == 2  # the two pairs that sat at table 1 in round 1
    assert {s[1] for s in next_seats} == {"Team 1", "Team 2"}


# --- guide cards and downloads ------------------------------------------------------------------------------


def test_the_guide_cards_of_a_round(client):
    event = teams_event(5)  # five teams: Team 5 has the bye
    page = text(client.get(reverse("matches_guide_cards", args=[event.pk, 1])))
    assert "Team 1 " in page
    assert "Pair 1: table 1, N-S v Team 2" in page
    assert "Pair 2: table 2, E-W v Team 2" in page
    assert "A bye this round" in page
    pdf = pdf_words(client.get(reverse("matches_guide_cards_pdf", args=[event.pk, 1])).content)
    assert "Guide cards: round 1" in pdf
    assert "Team 3" in pdf
    assert "A bye this round" in pdf


def test_the_vp_table_downloads(client):
    event = teams_event(4, boards=2)
    whole_results(event, 1, [(20, 10), (5, 5)])
    csv_text = client.get(reverse("matches_vp_download", args=[event.pk, "csv"])).content.decode("utf-8-sig")
    lines = csv_text.splitlines()
    assert lines[0].startswith('"Rank","Tied","Team","Players","VPs","VPs exact","IMPs","Played"')
    assert lines[1].startswith('"1","","Team 1","","16.46","\'823/50","10","1"')
    assert '"2","tied","Team 3","","10","10","0","1"' in csv_text
    book = load_workbook(
        io.BytesIO(client.get(reverse("matches_vp_download", args=[event.pk, "xlsx"])).content)
    )
    rows = list(book["VP table"].iter_rows(values_only=True))
    assert rows[0][:5] == ("Rank", "Tied", "Team", "Players", "VPs")
    assert rows[1][2] == "Team 1"
    assert rows[1][4] == 16.46
    assert rows[2][:3] == (2, "tied", "Team 3")
    standings = json.loads(client.get(reverse("matches_vp_download", args=[event.pk, "json"])).content)[
        "standings"
    ]
    assert [(s["rank"], s["name"], s["vps"], s["vps_exact"], s["imps"], s["played"]) for s in standings] == [
        (1, "Team 1", "16.46", "823/50", 10, 1),
        (2, "Team 3", "10.00", 10, 0, 1),
        (2, "Team 4", "10.00", 10, 0, 1),
        (4, "Team 2", "3.54", "177/50", -10, 1),
    ]


def test_a_page_of_another_event_is_not_found(client, mitchell_event):
    for name, args in (("matches_event", []), ("matches_guide_cards", [1]), ("matches_vp_download", ["csv"])):
        assert client.get(reverse(name, args=[mitchell_event.pk, *args])).status_code == 404
    event = teams_event(4)
    assert client.get(reverse("matches_match", args=[event.pk, 99999])).status_code == 404
    for name in ("matches_guide_cards", "matches_guide_cards_pdf"):  # no round 100, nor 10**20
        for number in (100, 10**20):
            assert client.get(reverse(name, args=[event.pk, number])).status_code == 404
    assert client.get(reverse("matches_team", args=[event.pk, 99999])).status_code == 404


# --- a fixed number of queries, whatever the event's size --------------------------------------------------


@pytest.mark.parametrize("size", [4, 12])
def test_the_pages_run_a_fixed_number_of_queries(client, director_client, django_assert_num_queries, size):
    event = teams_event(size, boards=2)
    whole_results(event, 1)
    match = Match.objects.filter(event=event).first()
    team = event.teams.first()
    for who, url, queries in (
        (director_client, reverse("matches_event", args=[event.pk]), 10),
        (client, reverse("matches_event", args=[event.pk]), 8),
        (client, reverse("matches_match", args=[event.pk, match.pk]), 7),
        (client, reverse("matches_team", args=[event.pk, team.pk]), 7),
        (client, reverse("matches_guide_cards", args=[event.pk, 1]), 4),
        (client, reverse("matches_vp_download", args=[event.pk, "csv"]), 4),
        (client, reverse("matches_vp_download", args=[event.pk, "xlsx"]), 4),
        (client, reverse("matches_vp_download", args=[event.pk, "json"]), 4),
        (client, reverse("matches_guide_cards_pdf", args=[event.pk, 1]), 4),
    ):
        cache.clear()
        with django_assert_num_queries(queries, info=url):
            assert who.get(url).status_code == 200


@pytest.mark.parametrize("size", [4, 12])
def test_a_table_link_of_a_swiss_runs_a_fixed_number_of_queries(client, django_assert_num_queries, size):
    event = teams_event(size, boards=1)
    secret = token_client(client, event, 1)
    url = reverse("entry_token", args=[secret])
    with django_assert_num_queries(8, info=url):
        assert client.get(url).status_code == 200


@pytest.mark.parametrize("contest", ["swiss-teams", "swiss-pairs", "round-robin"])
def test_the_events_other_pages_answer(client, director_client, contest):
    """The movement's pages and files of a league or a Swiss answer (the standings and the team match page
    send to the VP table); none is a 500."""
    event = teams_event(4, contest=contest)
    # Round 1: the first match played at its tables (a result at table 1), the other given whole (its
    # tables' boards set aside).
    first, *others = Match.objects.filter(event=event, round=1, away__isnull=False).order_by("table")
    for match in others:
        match_result_save(match=match, entered="imps", home=20, away=10)
    assert first.table == 1  # its tables: 1 and 2 (teams), 1 (pairs)
    enter(plays_at(event, 1, 1)[0], FIRST)
    for name in ("event_standings", "team_match"):
        response = client.get(reverse(name, args=[event.pk]))
        assert response.status_code == 302
        assert response["Location"] == reverse("matches_event", args=[event.pk])
    assert client.get(reverse("download_standings", args=[event.pk, "csv"]))["Location"] == reverse(
        "matches_vp_download", args=[event.pk, "csv"]
    )
    display = client.get(reverse("event_display", args=[event.pk]))  # its VP table and round in play
    assert display["Location"] == reverse("matches_display", args=[event.pk])
    urls = [
        reverse(n, args=[event.pk])
        for n in ("event_movement", "event_pairs", "event_boards", "matches_display")
    ]
    urls += [reverse("board_traveller", args=[event.pk, 1]), reverse("pair_scorecard", args=[event.pk, "1"])]
    urls += [
        reverse("download_travellers", args=[event.pk]),
        reverse("download_results_csv", args=[event.pk]),
    ]
    for who in (client, director_client):
        for url in urls:
            assert who.get(url).status_code == 200, url


def test_the_form_shows_a_formats_fields_only(director_client):
    """The Swiss rounds and first round apply to a Swiss, the scoring to Swiss pairs (hidden otherwise, the
    page's script showing them as the format is chosen)."""
    url = reverse("matches_event_create")
    for contest, shown in (
        ("round-robin", set()),
        ("swiss-teams", {"rounds", "first_round"}),
        ("swiss-pairs", {"rounds", "first_round", "match_scoring"}),
    ):
        html = director_client.get(f"{url}?contest={contest}").content.decode()
        hidden = set(re.findall(r'<p id="field-(\w+)" data-when-contest="[^"]*" hidden>', html))
        assert hidden == {"rounds", "first_round", "match_scoring"} - shown, contest


# --- privacy: a hidden player's name is never shown to a visitor (docs/players.md) ---------------------------


def test_a_visitor_finds_no_hidden_name_on_the_swiss_pages(client, director_client):
    event = matches_event_create(
        name="Private Swiss",
        date=dt.date(2026, 11, 28),
        contest="swiss-teams",
        entrants=[
            EntrantSpec(name="Reds", players=("Ulysses Vane", "Ann Able")),
            *(EntrantSpec(name=f"Team {i}") for i in range(2, 5)),
        ],
        boards_per_match=1,
        rounds=2,
    )
    public_name_choose(Player.objects.get(name="Ulysses Vane"), PublicName.HIDDEN)
    reds = event.teams.get(name="Reds")
    urls = [
        reverse("matches_event", args=[event.pk]),
        reverse("matches_guide_cards", args=[event.pk, 1]),
        reverse("matches_guide_cards_pdf", args=[event.pk, 1]),
        *(reverse("matches_vp_download", args=[event.pk, fmt]) for fmt in ("csv", "xlsx", "json", "pdf")),
        reverse("matches_display", args=[event.pk]),
        *(reverse("matches_team", args=[event.pk, team.pk]) for team in event.teams.all()),
        *(reverse("matches_match", args=[event.pk, m.pk]) for m in Match.objects.filter(event=event)),
        reverse("entry_token", args=[token_client(client, event, 1)]),
    ]
    for url in urls:
        response = client.get(url, follow=True)
        assert response.status_code == 200, url
        body = response.content
        shown = pdf_words(body) if body.startswith(b"%PDF-") else body.decode("utf-8", "replace")
        if body.startswith(b"PK"):
            book = load_workbook(io.BytesIO(body), read_only=True)
            shown = " ".join(
                str(v) for s in book.worksheets for row in s.iter_rows(values_only=True) for v in row
            )
        assert "Ulysses" not in shown, url
        assert "Vane" not in shown, url
    assert reds.name in client.get(urls[0]).content.decode()
    cache.clear()
    assert "Ulysses Vane" in director_client.get(urls[3]).content.decode("utf-8-sig")


def test_the_matches_page_is_live(client):
    """The VP table and the rounds carry the event's results version (static/js/live.js polls event_version
    and fetches the page again when it moves): a result given whole moves it."""
    event = teams_event(4)
    found = re.findall(
        r'data-live="([^"]+)" data-live-version="([^"]*)"',
        client.get(reverse("matches_event", args=[event.pk])).content.decode(),
    )
    assert found == [(reverse("event_version", args=[event.pk]), str(event.results_version))]
    whole_results(event, 1)
    polled = client.get(reverse("event_version", args=[event.pk])).json()["version"]
    assert polled != found[0][1]
    again = re.findall(
        r'data-live-version="([^"]*)"', client.get(reverse("matches_event", args=[event.pk])).content.decode()
    )
    assert again == [polled]
