"""A visitor's routes to a board's traveller: the Boards & hands page's board numbers and the recap sheet's
board column headings link to ``/events/ID/boards/N/`` (a board still in play keeps its link: its traveller
says "being played", no peeking). The event menu is a visitor's: no "Results entry" (the director's: a
visitor could enter nothing there), and the event file offered as "Event file (JSON)"."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from django.urls import reverse

from duplicate import services
from duplicate.models import Board, Play
from tests.factories import make_event

pytestmark = pytest.mark.django_db

DIRECTOR = services.Writer(name="td", is_director=True)


class Links(HTMLParser):
    """Each link's href and text, and each table heading cell's links, in the page's order."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[tuple[str, str]] = []
        self.heading_links: list[tuple[str, str]] = []
        self.first_cell_links: list[tuple[str, str]] = []
        self._href: str | None = None
        self._text = ""
        self._in_th = False
        self._cell_index = -1
        self._in_tbody = False

    def handle_starttag(self, tag, attrs):
        if tag == "a":
            self._href, self._text = dict(attrs).get("href", ""), ""
        elif tag == "th":
            self._in_th = True
        elif tag == "tbody":
            self._in_tbody = True
        elif tag == "tr":
            self._cell_index = -1
        elif tag == "td":
            self._cell_index += 1

    def handle_endtag(self, tag):
        if tag == "a" and self._href is not None:
            link = (self._href, self._text.strip())
            self.links.append(link)
            if self._in_th:
                self.heading_links.append(link)
            elif self._in_tbody and self._cell_index == 0:
                self.first_cell_links.append(link)
            self._href = None
        elif tag == "th":
            self._in_th = False
        elif tag == "tbody":
            self._in_tbody = False

    def handle_data(self, data):
        if self._href is not None:
            self._text += data


def links_of(html: str) -> Links:
    parser = Links()
    parser.feed(html.split("<main>")[1].split("</main>")[0])
    return parser


def traveller(event, number: int) -> tuple[str, str]:
    return reverse("board_traveller", args=[event.pk, number]), str(number)


def enter_all_but_one(event) -> int:
    """Every board's results but one board's at one table (that board stays in play); its number."""
    plays = list(Play.objects.filter(event=event).select_related("board").order_by("board__number", "pk"))
    for play in plays[1:]:
        services.play_result_save(play=play, data={"contract": "PASS"}, writer=DIRECTOR, expected_version=0)
    return plays[0].board.number


@pytest.mark.parametrize("who", ["visitor", "director"])
def test_the_boards_page_links_each_board_number_to_its_traveller(client, director_client, who):
    event = make_event(tables=3, boards_per_round=2)
    in_play = enter_all_but_one(event)
    reader = client if who == "visitor" else director_client
    page = links_of(reader.get(reverse("event_boards", args=[event.pk])).content.decode())
    numbers = list(Board.objects.filter(event=event).order_by("number").values_list("number", flat=True))
    assert page.first_cell_links == [traveller(event, n) for n in numbers]
    response = client.get(traveller(event, in_play)[0])  # the board in play: its traveller says so
    assert response.status_code == 200
    assert "being played" in response.content.decode()


@pytest.mark.parametrize("tables", [3, 9])  # 9 tables, 27 boards: two blocks of columns
def test_the_recaps_board_headings_link_to_their_travellers(client, tables):
    event = make_event(tables=tables, boards_per_round=3 if tables == 9 else 2)
    enter_all_but_one(event)
    page = links_of(client.get(reverse("event_recap", args=[event.pk])).content.decode())
    numbers = list(Board.objects.filter(event=event).order_by("number").values_list("number", flat=True))
    # Each ranking (N-S, E-W of a Mitchell) heads its columns with every board, a link each.
    assert page.heading_links == [traveller(event, n) for n in numbers] * 2


def menu_links(html: str) -> list[str]:
    menu = re.search(r'<details class="menu event-menu.*?</details>', html, re.S).group(0)
    return [text for _, text in links_of(f"<main>{menu}</main>").links]


def test_a_visitors_event_menu_has_no_results_entry_and_names_the_event_file(client, director_client):
    event = make_event()
    for name in ("event_detail", "event_boards", "event_standings", "event_recap", "event_movement"):
        url = reverse(name, args=[event.pk])
        visitor = menu_links(client.get(url).content.decode())
        assert "Results entry" not in visitor, name
        assert "Export event file" not in visitor
        assert visitor[-1] == "Event file (JSON)"
        director = menu_links(director_client.get(url).content.decode())
        assert "Results entry" in director
        assert director[-1] == "Event file (JSON)"
    html = client.get(reverse("event_detail", args=[event.pk])).content.decode()
    assert f'<a href="{reverse("event_export", args=[event.pk])}">Event file (JSON)</a>' in html
    # The page is still there for a visitor who has its address: it reads, and says so.
    html = client.get(reverse("entry_index", args=[event.pk])).content.decode()
    assert "follow it to read them" in html
    assert "to enter them" not in html
