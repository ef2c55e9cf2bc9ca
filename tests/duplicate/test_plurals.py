"""Counts read as English: "1 board", "21 boards", "6 pairs or teams changed", never "board(s)"."""

from __future__ import annotations

import random

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from duplicate import services
from duplicate.demo import demo_event_file
from duplicate.models import Pair
from duplicate.selectors.progress import Progress, provisional_text
from duplicate.services.eventfile import event_import
from scoring.deal import Deal
from tests.factories import make_event

pytestmark = pytest.mark.django_db


def names_post(event, renamed: int) -> dict[str, str]:
    """The names page as the browser sends it, ``renamed`` pairs given new first players."""
    data = {"paste": ""}
    for i, pair in enumerate(Pair.objects.filter(event=event).select_related("player1", "player2")):
        first, second = pair.player_names
        data[f"pair-{pair.pk}-player1"] = f"Player {i}" if i < renamed else first
        data[f"pair-{pair.pk}-player2"] = second
    return data


@pytest.mark.parametrize(
    ("renamed", "said"),
    [(1, "Saved the names: 1 pair or team changed."), (6, "Saved the names: 6 pairs or teams changed.")],
)
def test_saving_names_counts_the_pairs_in_english(director_client, renamed, said):
    event = make_event(tables=3)
    response = director_client.post(reverse("event_names", args=[event.pk]), names_post(event, renamed))
    assert [str(m) for m in get_messages(response.wsgi_request)] == [said]


def pbn(numbers: range) -> str:
    rng = random.Random(21)
    return "\n".join(f'[Board "{n}"]\n[Dealer "N"]\n[Deal "{Deal.random(rng).to_pbn()}"]\n' for n in numbers)


@pytest.mark.parametrize(
    ("numbers", "said"), [(range(1, 2), "hands for 1 board: 1"), (range(1, 22), "hands for 21 boards: 1-21")]
)
def test_attaching_hands_counts_the_boards_in_english(numbers, said):
    event = event_import(data={**demo_event_file(), "boards": [{"number": n} for n in range(1, 22)]})
    summary = services.hands_from_pbn(event=event, data=pbn(numbers)).summary()
    assert summary.startswith(said + " ")
    assert "(s)" not in summary


# How far the results have come (``duplicate.selectors.progress``): each count read as English, singular for
# one, through ngettext.
def progress(**counts: int) -> Progress:
    fields = {"entered": 0, "total": 2, "unagreed_rounds": 0, "unresolved_rulings": 0, "boards": 2}
    return Progress(**{**fields, **counts}, error=None, provisional=True)


@pytest.mark.parametrize(
    ("counts", "said"),
    [
        ({"boards": 1, "uncounted": 1}, "0 of 1 board counted"),
        ({"boards": 3, "uncounted": 1}, "2 of 3 boards counted"),
        ({"boards": 27, "uncounted": 9}, "18 of 27 boards counted"),
    ],
)
def test_the_boards_counted_in_english(counts, said):
    assert progress(**counts).counted_text == said
    assert progress(**counts).counted_note.startswith(said + ": ")


@pytest.mark.parametrize(
    ("counts", "said"),
    [
        ({"entered": 0, "total": 1}, "0 of 1 result in"),
        ({"entered": 1, "total": 2}, "1 of 2 results in"),
        ({"unagreed_rounds": 1}, "0 of 2 results in; 1 round not yet agreed"),
        ({"unagreed_rounds": 2}, "0 of 2 results in; 2 rounds not yet agreed"),
        ({"unresolved_rulings": 1}, "0 of 2 results in; 1 ruling waiting for a result to draw on"),
        ({"unresolved_rulings": 3}, "0 of 2 results in; 3 rulings waiting for a result to draw on"),
        (
            {"total": 1, "boards": 1, "uncounted": 1},
            "0 of 1 result in; 0 of 1 board counted: a board still being played is counted once every table "
            "has played it",
        ),
    ],
)
def test_why_the_figures_are_provisional_in_english(counts, said):
    assert provisional_text(progress(**counts)) == said
