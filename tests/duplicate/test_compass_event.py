"""A compass event end to end: the new-event form, the movement page and the table guide cards (PDF)."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from duplicate import files
from duplicate.models import Event, Play, Seating
from tests.factories import create_form

pytestmark = pytest.mark.django_db


def compass_event(director_client, tables: int = 3) -> Event:
    response = director_client.post(
        reverse("event_create"), create_form(movement="compass", tables=str(tables), boards_per_round="2")
    )
    assert response.status_code == 302, response.context["form"].errors
    return Event.objects.get()


def test_the_form_creates_a_compass_event(director_client):
    event = compass_event(director_client)
    section = event.sections.get()
    assert (section.movement_kind, section.tables, section.boards_per_round, section.movement_option) == (
        "compass",
        3,
        2,
        "",
    )
    assert section.single_ranking is False  # law H: N-S with N-S, E-W with E-W
    # 3 rounds x 3 tables, the same pairs at each table every round: 1 v 4, 2 v 5, 3 v 6
    seats = {
        (s.round.number, s.table, s.ns.number, s.ew.number)
        for s in Seating.objects.filter(round__section=section).select_related("round", "ns", "ew")
    }
    assert seats == {(r, t, str(t), str(t + 3)) for r in (1, 2, 3) for t in (1, 2, 3)}
    # table 1 plays boards 1-2, then table 2's 3-4, then table 3's 5-6 (boards pass to the next-lower table)
    table_one = Play.objects.filter(event=event, seating__table=1).order_by(
        "seating__round__number", "board__number"
    )
    assert [(p.seating.round.number, p.board.number) for p in table_one] == [
        (1, 1),
        (1, 2),
        (2, 3),
        (2, 4),
        (3, 5),
        (3, 6),
    ]


@pytest.mark.parametrize(
    ("overrides", "field", "message"),
    [
        ({"tables": "1"}, "tables", "compass: tables must be from 2 to 100, got 1"),
        ({"kind": "teams", "tables": "1"}, "tables", "at least 2 pairs in each team"),
    ],
)
def test_the_form_refuses_a_bad_compass_on_the_field(director_client, overrides, field, message):
    response = director_client.post(reverse("event_create"), create_form(movement="compass", **overrides))
    assert response.status_code == 200
    assert any(message in e for e in response.context["form"].errors[field])
    assert Event.objects.count() == 0


def test_the_movement_page_says_the_pairs_stay(director_client, client):
    event = compass_event(director_client)
    page = " ".join(client.get(reverse("event_movement", args=[event.pk])).content.decode().split())
    assert "Compass movement: every pair stays at its table all session" in page
    assert "passes its boards to the next-lower table (table 1 passes to table 3)" in page


def test_the_guide_cards_say_the_pairs_stay_and_where_the_boards_go(director_client):
    event = compass_event(director_client)
    data = files.printout_file(event, "guide-cards")
    text = " ".join(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages).split())
    assert "<b>" not in text  # the line is printed in bold, not with its markup showing
    # one card per table: its own pairs, and the table its boards go to (the next-lower, table 1's to 3)
    for table, ns, ew, to in [(1, 1, 4, 3), (2, 2, 5, 1), (3, 3, 6, 2)]:
        assert f"Table {table}" in text
        assert (
            f"Pairs stay all session: {ns} N-S, {ew} E-W. After each round pass the boards to table {to}."
            in text
        )
    # table 2's lines: round 1 boards 3-4 go to table 1; both pairs stay; the last round ends
    assert "1 2 5 3-4 stays stays table 1" in text
    assert "3 2 5 1-2 end end end" in text
