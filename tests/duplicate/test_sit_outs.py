"""A Howell with an odd number of pairs: each round one pair sits out, shown on the movement page and on the
pair's score card."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from duplicate import services
from duplicate.models import Pair, Round, Seating
from tests.factories import make_event

pytestmark = pytest.mark.django_db


def howell(pairs: int):
    movement = services.movement_build(kind="howell", tables=0, boards_per_round=2, pairs=pairs)
    return services.event_create(
        name="Odd Howell", date=dt.date(1916, 3, 4), code="auction-1915", kind="pairs", movement=movement
    )


def sitting_out(event) -> dict[int, list[str]]:
    """Round number -> the pairs with no table in it, from the seatings."""
    out = {}
    for rnd in Round.objects.filter(section__event=event).order_by("number"):
        seated = set(Seating.objects.filter(round=rnd).values_list("ns__number", flat=True))
        seated |= set(Seating.objects.filter(round=rnd).values_list("ew__number", flat=True))
        out[rnd.number] = [p.number for p in Pair.objects.filter(event=event) if p.number not in seated]
    return out


def text(client, url) -> str:
    return " ".join(client.get(url).content.decode().split())


def test_the_movement_page_names_each_rounds_sit_out(client):
    event = howell(7)
    expected = sitting_out(event)
    assert all(len(pairs) == 1 for pairs in expected.values())
    page = text(client, reverse("event_movement", args=[event.pk]))
    assert "<th>Sits out</th>" in page
    for number, (pair,) in expected.items():
        assert f"Pair {pair} sits out round {number}." in page
        assert f"<th>{number}</th>" in page


def test_the_score_card_says_which_round_the_pair_sits_out(client):
    event = howell(5)
    expected = sitting_out(event)
    for number, (label,) in expected.items():
        pair = Pair.objects.get(event=event, number=label)
        rounds = [n for n, pairs in expected.items() if label in pairs]
        listed = " and ".join(str(n) for n in rounds)
        page = text(client, reverse("pair_scorecard", args=[event.pk, pair.number]))
        assert f"Sits out round{'s' if len(rounds) > 1 else ''} {listed}." in page, number


def test_no_sit_out_is_shown_when_every_pair_plays(client):
    event = make_event(kind="mitchell", tables=3)
    assert "Sits out" not in text(client, reverse("event_movement", args=[event.pk]))
    pair = Pair.objects.filter(event=event).first()
    assert "Sits out" not in text(client, reverse("pair_scorecard", args=[event.pk, pair.number]))
