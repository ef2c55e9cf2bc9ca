"""`manage.py demo` catches an evening at a realistic moment, so that a visitor is shown something: rounds 1 to 6
played at every table, the last round in at some tables. In a Mitchell every board set is played once in
every round, so a board is released when its last table has played it (no peeking): the sets those tables
played in the last round. A visitor reads their travellers (every table's line), the standings counting the
results, and is told the other boards are being played; the director sees every board."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse

from duplicate.demo import DEMO_NAME
from duplicate.models import Event, Play
from duplicate.selectors import events as sel
from scoring.movements import generate

pytestmark = pytest.mark.django_db

ROW = re.compile(r"<tr data-ns=")
PLUS_MINUS = re.compile(r'<tr data-pair="[^"]+"[^>]*>.*?<td class="num">([+-]?\d+)[^<]*</td><td></td></tr>')


@pytest.fixture
def demo() -> Event:
    call_command("demo", verbosity=0, stdout=open("/dev/null", "w"))  # noqa: SIM115 - the command's chatter
    return Event.objects.get(name=DEMO_NAME)


def expected_moment(demo: Event) -> tuple[set[int], set[int]]:
    """From the movement itself: the boards the last round's tables that are in played there (released),
    and the rest (still in play)."""
    movement = generate("mitchell", tables=7, boards_per_round=3)
    last = movement.rounds[-1]
    tables_in = set(
        Play.objects.filter(event=demo, seating__round__number=last.number, entered=True).values_list(
            "seating__table", flat=True
        )
    )
    released = {b for tp in last.tables if tp.table in tables_in for b in tp.boards}
    return released, set(movement.boards) - released


def test_every_table_has_played_the_first_rounds_and_some_the_last(demo):
    plays = Play.objects.filter(event=demo)
    last = plays.order_by("-seating__round__number").values_list("seating__round__number", flat=True)[0]
    assert last > 3
    # Every round before the last in at every table (several rounds complete everywhere)...
    assert not plays.filter(seating__round__number__lt=last, entered=False).exists()
    # ...the last partly in: some tables have played it, some not yet.
    in_last = set(
        plays.filter(seating__round__number=last, entered=True).values_list("seating__table", flat=True)
    )
    out_last = set(
        plays.filter(seating__round__number=last, entered=False).values_list("seating__table", flat=True)
    )
    assert in_last
    assert out_last
    assert not in_last & out_last
    # The director has agreed the early rounds (law E), not the one just finished nor the one being played.
    agreed = set(demo.sections.get().rounds.filter(agreed_at__isnull=False).values_list("number", flat=True))
    assert agreed
    assert max(agreed) < last - 1


def test_a_visitor_sees_released_travellers_and_standings_that_count_results(client, demo):
    released, in_play = expected_moment(demo)
    assert set(sel.boards_in_play(demo)) == in_play
    assert released  # before: the last round was missing everywhere, every board "being played"
    tables = demo.sections.get().tables
    for number in sorted(released):
        html = client.get(reverse("board_traveller", args=[demo.pk, number])).content.decode()
        assert "board-in-play" not in html, number
        assert len(ROW.findall(html)) == tables, number  # every table's line
        assert re.search(r"by [NESW], \d+ tricks?", html), number  # a result as played
    for number in sorted(in_play):
        html = client.get(reverse("board_traveller", args=[demo.pk, number])).content.decode()
        assert "board-in-play" in html, number
        assert not ROW.findall(html), number  # no peeking
    standings = client.get(reverse("event_standings", args=[demo.pk])).content.decode()
    figures = [int(f) for f in PLUS_MINUS.findall(standings)]
    assert len(figures) == demo.pairs.count()
    assert any(figures)  # counted results, not a column of noughts
    overview = client.get(reverse("event_detail", args=[demo.pk])).content.decode()
    entered = Play.objects.filter(event=demo, entered=True).count()
    assert (
        f"results entered: <strong>{entered}</strong> of {Play.objects.filter(event=demo).count()}"
        in overview
    )


def test_the_director_sees_the_boards_still_in_play(client, demo):
    _, in_play = expected_moment(demo)
    director = get_user_model().objects.create_user("td", password="x", is_staff=True)
    client.force_login(director)
    number = min(in_play)
    html = client.get(reverse("board_traveller", args=[demo.pk, number])).content.decode()
    played = Play.objects.filter(event=demo, board__number=number, entered=True).count()
    assert 0 < played < demo.sections.get().tables
    assert len(ROW.findall(html)) == demo.sections.get().tables  # every line, those played with results
    assert re.search(r"by [NESW], \d+ tricks?", html)
