"""The director's overview: the running totals and the ranking of sections in a "Settings" section below
Next steps (they sat above them, the totals' help giving "18 of 27 boards counted", which read like a real
figure on a 21-board event), and Next steps' word on hands said per scoring code (no honours at contract
bridge, law 77, nor at whist)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from duplicate.models import Board
from tests.factories import make_event

pytestmark = pytest.mark.django_db


def text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", "", html).split())


def overview(client, event) -> str:
    return client.get(reverse("event_detail", args=[event.pk])).content.decode()


def test_the_settings_come_after_next_steps_and_the_finish(director_client):
    event = make_event(name="Two sections", sections=2)
    html = overview(director_client, event)
    settings = html.index('<details class="settings')
    assert html.index('id="next-steps"') < settings
    assert html.index(reverse("event_finish", args=[event.pk])) < settings
    inside = html[settings : html.index("</details>", settings)]
    assert reverse("event_running_totals", args=[event.pk]) in inside
    assert reverse("event_ranking", args=[event.pk]) in inside
    assert "<summary>Settings</summary>" in inside


def test_one_section_has_no_ranking_of_sections(director_client, mitchell_event):
    html = overview(director_client, mitchell_event)
    assert "Ranking of sections" not in html
    assert reverse("event_running_totals", args=[mitchell_event.pk]) in html


def test_the_running_totals_help_gives_no_made_up_figures(director_client):
    event = make_event(tables=7, boards_per_round=3)  # 21 boards
    boards = Board.objects.filter(event=event).count()
    words = text(overview(director_client, event))
    assert "18 of 27" not in words
    assert f"the standings say how many of the {boards} boards they count" in words


@pytest.mark.parametrize(
    ("code", "honours"),
    [("auction-1915", True), ("auction-1913", True), ("whist", False), ("contract", False)],
)
def test_next_steps_word_the_hands_per_code(director_client, code, honours):
    event = make_event(code=code)
    html = overview(director_client, event)
    start = html.index('id="next-steps"')
    steps = text(html[start : html.index("</section>", start)])
    assert ("honours are then worked out from them" in steps) is honours
    if code == "contract":
        assert "no score depends on them, law 77 has no honours" in steps
    if code == "whist":
        assert "no whist score depends on them" in steps
    boards = text(director_client.get(reverse("event_boards", args=[event.pk])).content.decode())
    assert ("honours are worked out from them" in boards) is honours
    assert ("New hands can change the honours" in boards) is honours
