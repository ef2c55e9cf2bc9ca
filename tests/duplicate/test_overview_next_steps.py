"""A new director finds the table links: in the event's menu on every page, and in the overview's next steps
beside the guide cards and results entry. The overview's strongest button is the next step: the table links
before play, results entry while the results come in, and "Finish event" only once every table has played
(on a new event it was the only strong button, "Finish event")."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.urls import reverse

from duplicate import services
from duplicate.models import Play
from tests.factories import make_event

pytestmark = pytest.mark.django_db


class Elements(HTMLParser):
    """Each element's tag, attributes and text (its own and its children's)."""

    VOID = frozenset({"input", "br", "img", "meta", "link", "hr"})

    def __init__(self, html: str) -> None:
        super().__init__()
        self.found: list[dict] = []
        self.open: list[dict] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        element = {"tag": tag, **{k: v or "" for k, v in attrs}, "text": ""}
        self.found.append(element)
        if tag not in self.VOID:
            self.open.append(element)

    def handle_endtag(self, tag):
        while self.open:
            if self.open.pop()["tag"] == tag:
                break

    def handle_data(self, data):
        for element in self.open:
            element["text"] += data

    def classed(self, name: str) -> list[dict]:
        return [e for e in self.found if name in e.get("class", "").split()]

    def in_menu(self) -> list[dict]:
        """The links of the event's pages menu (nav "Event pages")."""
        out, inside = [], False
        for e in self.found:
            if e["tag"] == "nav":
                inside = e.get("aria-label") == "Event pages"
            elif inside and e["tag"] == "a":
                out.append(e)
        return out


def words(text: str) -> str:
    return " ".join(text.split())


def enter(play: Play) -> None:
    services.play_result_save(
        play=play,
        data={"contract": "1NT", "declarer": "N", "tricks": 7},
        writer=services.Writer(name="td", is_director=True, user_id=None),
        expected_version=play.version,
    )


def overview(client, event) -> Elements:
    return Elements(client.get(reverse("event_detail", args=[event.pk])).content.decode())


def test_the_table_links_are_in_the_menu_for_the_director_only(client, director_client):
    event = make_event()
    tokens = reverse("entry_tokens", args=[event.pk])
    for name in ("event_detail", "event_standings", "entry_index", "event_pairs"):
        page = Elements(director_client.get(reverse(name, args=[event.pk])).content.decode())
        assert tokens in [a.get("href") for a in page.in_menu()], name
        visitor = Elements(client.get(reverse(name, args=[event.pk])).content.decode())
        assert tokens not in [a.get("href") for a in visitor.in_menu()], name
    # On its own page the menu marks it and names it.
    page = Elements(director_client.get(tokens).content.decode())
    current = [a for a in page.in_menu() if a.get("aria-current") == "page"]
    assert [(a["href"], a["text"]) for a in current] == [(tokens, "Table links")]


def test_a_new_events_next_steps_lead_to_the_table_links(director_client):
    event = make_event()
    page = overview(director_client, event)
    steps = [e for e in page.found if e.get("aria-labelledby") == "next-steps"]
    assert len(steps) == 1
    hrefs = {e.get("href") for e in page.found if e["tag"] == "a"}
    for url in (
        reverse("entry_tokens", args=[event.pk]),
        reverse("download_printout", args=[event.pk, "guide-cards"]),
        reverse("entry_index", args=[event.pk]),
    ):
        assert url in hrefs
    assert "table links" in words(steps[0]["text"])
    assert "table guide cards" in words(steps[0]["text"])
    # The one strong button: the next step, not "Finish event".
    primary = page.classed("primary")
    assert [(e["tag"], e.get("href"), words(e["text"])) for e in primary] == [
        ("a", reverse("entry_tokens", args=[event.pk]), "Table links & QR codes")
    ]
    finish = [e for e in page.found if e["tag"] == "button" and "Finish event" in e["text"]]
    assert len(finish) == 1
    assert "primary" not in finish[0].get("class", "")


def test_while_results_come_in_the_next_step_is_results_entry(director_client):
    event = make_event()
    enter(Play.objects.filter(event=event).order_by("pk").first())
    primary = overview(director_client, event).classed("primary")
    assert [(e.get("href"), words(e["text"])) for e in primary] == [
        (reverse("entry_index", args=[event.pk]), "Results entry")
    ]


def test_once_every_table_has_played_the_next_step_is_finish(director_client):
    event = make_event()
    for play in Play.objects.filter(event=event).order_by("pk"):
        enter(play)
    page = overview(director_client, event)
    assert [(e["tag"], words(e["text"])) for e in page.classed("primary")] == [
        ("button", "Finish event: release every board")
    ]


def test_a_visitor_is_shown_no_directors_steps(client):
    event = make_event()
    page = overview(client, event)
    assert not [e for e in page.found if e.get("aria-labelledby") == "next-steps"]
    assert reverse("entry_tokens", args=[event.pk]) not in {e.get("href") for e in page.found}
    assert "No results yet" in words(" ".join(e["text"] for e in page.found if e["tag"] == "h2"))
