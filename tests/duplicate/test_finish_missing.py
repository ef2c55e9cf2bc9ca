"""Finishing an event with results missing. The overview's Finish once succeeded silently with 5 of 147
results missing, and the standings then showed a "Final" badge above "Provisional: 142 of 147 results in".

* Before the director confirms, the Finish form says how many results are missing and where (the first
  few tables and rounds, "table 3 round 1 boards 3-4", then "and N more results").
* Once finished, every page says one thing, by one rule (``selectors.events.event_badge`` and
  ``Progress``): "Final" only when every result is in; else the badge "Finished: N results missing" and the
  line "Finished with 12 of 18 results in", never "Provisional:" under a finished event's badge.
* Finishing is the director's agreement of every round (law E; docs/laws.md "A finished event"): a
  finished event with every result in is final though a round was never agreed one by one.
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from duplicate import services
from duplicate.models import Event, Play
from tests.factories import make_event, plays_at

pytestmark = pytest.mark.django_db

DIRECTOR = services.Writer(name="td", is_director=True)
# The results left out, by (round, table) and how many of that table's boards (from the first).
LEFT_OUT = {(1, 3): 2, (2, 1): 1, (3, 2): 2, (3, 3): 1}


def enter(play: Play) -> None:
    services.play_result_save(play=play, data={"contract": "PASS"}, writer=DIRECTOR, expected_version=0)


def event_with_missing() -> tuple[Event, list[Play]]:
    """A 3-table Mitchell of 2 boards a round, 18 results of which those in LEFT_OUT are not in."""
    event = make_event(tables=3, boards_per_round=2)
    missing = []
    for rnd in (1, 2, 3):
        for table in (1, 2, 3):
            plays = plays_at(event, rnd, table)
            left = LEFT_OUT.get((rnd, table), 0)
            missing += plays[:left]
            for play in plays[left:]:
                enter(play)
    return event, missing


def boards(event: Event, rnd: int, table: int) -> list[int]:
    return [p.board.number for p in plays_at(event, rnd, table)[: LEFT_OUT[(rnd, table)]]]


def numbers(found: list[int]) -> str:
    return f"boards {found[0]}-{found[-1]}" if len(found) > 1 else f"board {found[0]}"


def text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", "", html).split())


def badges(html: str) -> list[str]:
    return re.findall(r'<span class="status [^"]*">([^<]*)</span>', html)


def test_the_finish_form_says_which_results_are_missing(director_client, client):
    event, missing = event_with_missing()
    html = director_client.get(reverse("event_detail", args=[event.pk])).content.decode()
    form = html[html.index(reverse("event_finish", args=[event.pk])) :]
    form = text(form[: form.index("</form>")])
    places = ", ".join(
        f"table {table} round {rnd} {numbers(boards(event, rnd, table))}"
        for rnd, table in [(1, 3), (2, 1), (3, 2)]  # the first three, in the movement's order
    )
    assert f"{len(missing)} results missing: {places} and 1 more result." in form
    assert "Play is over, though 6 results are missing: show every board" in form
    assert 'aria-describedby="finish-missing"' in html
    assert 'Finished with 12 of 18 results in", not "Final"' in form.replace("&quot;", '"')
    # A visitor sees no Finish form, and no list of tables.
    assert "results missing" not in client.get(reverse("event_detail", args=[event.pk])).content.decode()


def test_every_result_in_the_finish_form_names_none(director_client):
    event = make_event(tables=3, boards_per_round=2)
    for play in Play.objects.filter(event=event):
        enter(play)
    html = director_client.get(reverse("event_detail", args=[event.pk])).content.decode()
    assert "missing" not in text(html)
    assert "Play is over: show every board's hands and results to everyone now" in text(html)


def test_with_several_sections_the_places_name_the_section(director_client):
    event = make_event(name="Two sections", sections=2)
    first = Play.objects.filter(event=event).order_by("pk").first()
    enter(first)
    html = text(director_client.get(reverse("event_detail", args=[event.pk])).content.decode())
    assert re.search(r"35 results missing: section A table 1 round 1 boards? [\d-]+, section A table 2", html)


def test_a_finished_event_with_results_missing_says_so_on_every_page(client, director_client):
    event, missing = event_with_missing()
    services.event_finish(event=event)
    want = f"Finished: {len(missing)} results missing"
    pages = {
        "list": reverse("home"),
        "overview": reverse("event_detail", args=[event.pk]),
        "standings": reverse("event_standings", args=[event.pk]),
        "recap": reverse("event_recap", args=[event.pk]),
    }
    for reader in (client, director_client):
        for name, url in pages.items():
            html = reader.get(url).content.decode()
            assert badges(html) == [want], name
            assert "Provisional" not in html, name
            assert "Final" not in badges(html), name
    for url in (pages["standings"], pages["recap"]):
        html = client.get(url).content.decode()
        assert "Finished with 12 of 18 results in." in text(html)
    overview = text(client.get(pages["overview"]).content.decode())
    assert "Finished with 12 of 18 results in: every board's hands" in overview
    assert "the standings are final once the 6 missing results are in" in overview
    display = text(client.get(reverse("event_display", args=[event.pk])).content.decode())
    assert "Finished with 12 of 18 results in" in display
    assert "Final" not in display
    # A score card says the event's; a traveller of a board with a result missing, its own results'.
    pages["score card"] = reverse("pair_scorecard", args=[event.pk, missing[0].ns_pair.number])
    card = client.get(pages["score card"]).content.decode()
    assert badges(card) == [want]
    assert "Provisional" not in card
    number = missing[0].board.number
    html = client.get(reverse("board_traveller", args=[event.pk, number])).content.decode()
    assert badges(html) == ["Finished: 1 result missing"]
    assert "Provisional" not in html

    # The director enters the rest after Finish (as a correction is made after it): then it is final.
    for play in missing:
        enter(play)
    for name, url in pages.items():
        html = client.get(url).content.decode()
        assert badges(html) == ["Final"], name
        assert "Finished with" not in html, name
        assert "Provisional" not in html, name


def test_finishing_agrees_every_round(client):
    """Every result in, no round agreed one by one: running, the standings say the rounds are not yet agreed
    (law E); finished, they are final."""
    event = make_event(tables=3, boards_per_round=2)
    for play in Play.objects.filter(event=event):
        enter(play)
    url = reverse("event_standings", args=[event.pk])
    html = client.get(url).content.decode()
    assert "3 rounds not yet agreed" in html
    services.event_finish(event=event)
    html = client.get(url).content.decode()
    assert badges(html) == ["Final"]
    assert "not yet agreed" not in html
    assert "Provisional" not in html


def test_the_files_say_finished_with_the_results_in():
    from duplicate.selectors.standings import Progress, provisional_text  # noqa: PLC0415 (as files import it)

    running = Progress(
        entered=142, total=147, unagreed_rounds=2, unresolved_rulings=0, error=None, provisional=True
    )
    finished = Progress(
        entered=142,
        total=147,
        unagreed_rounds=0,
        unresolved_rulings=0,
        error=None,
        provisional=True,
        finished=True,
    )
    assert provisional_text(running) == "142 of 147 results in; 2 rounds not yet agreed"
    assert provisional_text(finished) == "finished with 142 of 147 results in"
    assert (running.missing, finished.results_in) == (5, "Finished with 142 of 147 results in")


@pytest.mark.parametrize("tables", [3, 9])
def test_the_directors_overview_runs_a_fixed_number_of_queries(
    director_client, django_assert_num_queries, tables
):
    event = make_event(tables=tables, boards_per_round=2)
    for play in Play.objects.filter(event=event).order_by("pk")[1::2]:  # every other result missing
        enter(play)
    url = reverse("event_detail", args=[event.pk])
    director_client.get(url)
    # The session and its user, the event, its counts (5), and where the results missing are (2).
    with django_assert_num_queries(10):
        assert "results missing:" in text(director_client.get(url).content.decode())
