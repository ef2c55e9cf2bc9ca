"""A player's pages: the score card by pair number, finding a pair by a player's name, the pair's line marked
on the standings and the travellers."""

from __future__ import annotations

import pytest
from django.urls import reverse

from duplicate.models import Pair, Player
from tests.factories import fill, make_event

pytestmark = pytest.mark.usefixtures("fresh_cache")


def name_pairs(event, names: dict[str, tuple[str, str]]) -> None:
    """Names the pairs numbered as the keys (players created here)."""
    for number, (a, b) in names.items():
        pair = event.pairs.get(number=number)
        pair.player1 = Player.objects.create(name=a)
        pair.player2 = Player.objects.create(name=b)
        pair.save()


@pytest.fixture
def event(db):
    event = make_event(tables=3, boards_per_round=2)
    fill(event)
    Pair.objects.filter(event=event, number="6").update(number="A1")  # numbers are text
    name_pairs(event, {"1": ("Zoë Ashdown", "Ravi Patel"), "A1": ("Hélène Dubois", "Tom Bright")})
    return event


def test_score_card_by_pair_number_text_too(client, event):
    page = client.get(reverse("pair_scorecard", args=[event.pk, "A1"]))
    assert page.status_code == 200
    assert "Score card: pair A1" in page.content.decode()
    assert page.request["PATH_INFO"] == f"/events/{event.pk}/pairs/A1/"
    assert client.get(f"/events/{event.pk}/pairs/1/").status_code == 200
    assert client.get(f"/events/{event.pk}/pairs/99/").status_code == 404
    assert (
        client.get(f"/events/{event.pk}/pairs/names/").status_code != 404
    )  # the names page keeps its address


def test_old_address_by_id_sends_to_the_number(client, event):
    pair = event.pairs.get(number="A1")
    response = client.get(f"/events/{event.pk}/pairs/{pair.pk}/card/?sort=board")
    assert response.status_code == 301
    assert response["Location"] == f"/events/{event.pk}/pairs/A1/?sort=board"
    other = make_event(name="Another night")
    assert client.get(f"/events/{other.pk}/pairs/{pair.pk}/card/").status_code == 404  # not its pair


def test_pairs_standings_travellers_link_cards_by_number(client, event):
    card = f'href="/events/{event.pk}/pairs/A1/"'
    for name, args in [("event_pairs", [event.pk]), ("event_standings", [event.pk])]:
        assert card in client.get(reverse(name, args=args)).content.decode(), name
    boards = {line.board.number for line in event.plays.filter(ns_pair__number="A1").select_related("board")}
    boards |= {p.board.number for p in event.plays.filter(ew_pair__number="A1").select_related("board")}
    html = client.get(reverse("board_traveller", args=[event.pk, min(boards)])).content.decode()
    assert card in html


# ------------------------------------------------------------------------------------------------- search


@pytest.mark.parametrize("page", ["event_detail", "event_standings"])
def test_search_finds_a_pair_by_part_of_a_name_case_and_accents_aside(client, event, page):
    other = make_event(name="Another night")
    name_pairs(other, {"2": ("Hélène Dubois", "Nobody Else")})  # another event's: not listed
    html = client.get(reverse(page, args=[event.pk]) + "?q=helene+DUB").content.decode()
    assert f'<a href="/events/{event.pk}/pairs/A1/">Pair A1: score card</a>' in html
    assert "Hélène Dubois &amp; Tom Bright" in html
    assert f"/events/{other.pk}/pairs/" not in html
    assert "Pair 1: score card" not in html
    html = client.get(reverse(page, args=[event.pk]) + "?q=zoe").content.decode()
    assert f'<a href="/events/{event.pk}/pairs/1/">Pair 1: score card</a>' in html


@pytest.mark.parametrize("page", ["event_detail", "event_standings"])
def test_search_says_when_nobody_matches_and_shows_nothing_unasked(client, event, page):
    html = client.get(reverse(page, args=[event.pk]) + "?q=Nemo").content.decode()
    assert "No player of this event is named like “Nemo”" in html
    html = client.get(reverse(page, args=[event.pk]) + "?q=+++").content.decode()
    assert 'name="q" value=""' in html
    assert "No player of this event" not in html
    assert "pair-matches" not in html


def test_search_on_the_standings_leaves_the_cached_page_alone(client, event):
    url = reverse("event_standings", args=[event.pk])
    plain = client.get(url).content.decode()
    assert "Pair A1: score card" in client.get(url + "?q=dubois").content.decode()
    assert client.get(url).content.decode() == plain  # the kept page has no search in it
    assert "Pair A1: score card" not in plain


# The overview: the event (the page kept whole), or with a search (not kept) the event, its counts (5 queries)
# and the search's one.  The standings (their parts kept): the event and the search (the cache's own reads
# are not counted: tests/conftest.py).
SEARCH_QUERIES = {"event_detail": (1, 7), "event_standings": (1, 2)}


@pytest.mark.parametrize("page", list(SEARCH_QUERIES))
def test_search_is_one_query_at_any_size(db, client, django_assert_num_queries, page):
    without, with_search = SEARCH_QUERIES[page]
    for tables in (3, 9):
        event = make_event(tables=tables, boards_per_round=2)
        fill(event)
        name_pairs(event, {"1": ("Ann Smith", "Bo Smith"), "2": ("Cy Smith", "Di Jones")})
        url = reverse(page, args=[event.pk])
        client.get(url)  # the standings' parts kept
        with django_assert_num_queries(without):
            client.get(url + "?q=+")  # a blank search is none
        with django_assert_num_queries(with_search):
            assert "No player of this event" in client.get(url + "?q=zzz").content.decode()
        with django_assert_num_queries(with_search):
            assert "Pair 2: score card" in client.get(url + "?q=smith").content.decode()


# ---------------------------------------------------------------------------------------------- highlight


def test_score_card_links_released_boards_to_the_traveller_marking_its_line(client, event):
    html = client.get(reverse("pair_scorecard", args=[event.pk, "A1"])).content.decode()
    played = event.plays.filter(ew_pair__number="A1").select_related("board").first().board.number
    traveller = reverse("board_traveller", args=[event.pk, played])
    assert f'<a href="{traveller}?pair=A1">{played}</a>' in html
    assert f'<a href="/events/{event.pk}/standings/?pair=A1">Place <strong>' in html  # its row marked there
    # The traveller and the standings mark each row with its pairs: the script marks those of ?pair=.
    page = client.get(traveller + "?pair=A1").content.decode()
    assert 'data-ew="A1"' in page
    assert (
        'data-pair="A1"'
        in client.get(reverse("event_standings", args=[event.pk]) + "?pair=A1").content.decode()
    )
    assert "pair=" not in client.get(traveller).content.decode().split("<table", 1)[1].split("</table>")[0]


def test_score_card_of_a_visitor_marks_no_line_of_a_board_in_play(client, db):
    event = make_event(tables=3, boards_per_round=2)
    fill(event)
    waiting = event.plays.filter(board__number=1).first()
    event.plays.filter(pk=waiting.pk).update(entered=False)  # board 1 still to be played at a table: in play
    pair = event.plays.filter(board__number=1).exclude(pk=waiting.pk).first().ns_pair
    html = client.get(reverse("pair_scorecard", args=[event.pk, pair.number])).content.decode()
    assert f'href="/events/{event.pk}/boards/1/"' in html  # its traveller says "being played"
    assert f'href="/events/{event.pk}/boards/1/?pair=' not in html
