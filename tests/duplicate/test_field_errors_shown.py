"""A field's error reads as a sentence beside the field, whose label already names it: not with the internal
name the engine and the services route it by ("quick: ...", "ns: ...", "reason: ..."). Away from the fields
(the score preview's list) an error is named by its field's label ("Quick entry: ...")."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.urls import reverse

from duplicate import services
from duplicate.models import Play, Round
from tests.factories import board_data, field_errors, make_event, plays_at, table_url

pytestmark = pytest.mark.django_db

# An internal field name at the start of a message: "quick: ", "revokes.election: ", "penalties[0].points: ".
INTERNAL = re.compile(r"^[a-z_0-9]+(\[\d+\])?(\.[a-z_]+)?: ")
ERROR = re.compile(r'<span class="field-error"[^>]*>(.*?)</span>', re.S)


def shown_errors(html: str, field: str) -> list[str]:
    return [unescape(e) for e in ERROR.findall(field_errors(html, field))]


@pytest.mark.parametrize(
    ("fields", "field", "shown"),
    [
        ({"quick": "8S N ="}, "quick", "8S is not a contract: its level must be 1 to 7, such as 4S"),
        ({"quick": "4H N 14"}, "quick", "Tricks must be a whole number from 0 to 13, got 14"),
        (
            {"quick": "1C N 7", "ns": "9"},
            "ns",
            "Pair 9 does not sit N-S at table 1 in round 1; the movement seats pair 1 there",
        ),
        ({"quick": "1C N 7", "ew": ""}, "ew", "Give the E-W pair's number"),
        ({"level": "4", "strain": "H", "tricks": "10"}, "declarer", "Required: one of N, E, S, W"),
    ],
)
def test_a_fields_error_reads_without_its_internal_name(director_client, fields, field, shown):
    event = make_event()
    play = plays_at(event, 1, 1)[0]
    response = director_client.post(table_url(event, 1, 1), board_data(play, **fields))
    assert response.status_code == 422
    assert shown_errors(response.content.decode(), field) == [shown]


def test_a_correction_after_agreement_asks_for_its_reason_in_a_sentence(director_client, director):
    event = make_event()
    play = plays_at(event, 1, 1)[0]
    services.play_result_save(
        play=play,
        data={"contract": "4H", "declarer": "N", "tricks": 10},
        writer=services.Writer(name="td", is_director=True, user_id=director.pk),
        expected_version=play.version,
    )
    services.round_agree(round=Round.objects.get(section__event=event, number=1), user_id=director.pk)
    play = Play.objects.get(pk=play.pk)
    response = director_client.post(table_url(event, 1, 1), board_data(play, quick="4H N 9"))
    html = response.content.decode()
    assert shown_errors(html, "reason") == ["A correction after the scores are agreed (law E) needs a reason"]
    every = [e for name in ("quick", "reason", "ns", "ew") for e in shown_errors(html, name)]
    assert every
    assert [e for e in every if INTERNAL.match(e)] == []


def test_a_table_links_page_shows_the_same_sentences(client):
    event = make_event()
    token = services.table_token_create(section=event.sections.get(), table=1)
    play = plays_at(event, 1, 1)[0]
    response = client.post(reverse("entry_token", args=[token.secret]), board_data(play, quick="8S N ="))
    assert shown_errors(response.content.decode(), "quick") == [
        "8S is not a contract: its level must be 1 to 7, such as 4S"
    ]


def test_the_preview_names_an_error_by_its_fields_label(director_client):
    event = make_event()
    play = plays_at(event, 1, 1)[0]
    url = reverse("entry_preview", args=[event.pk, "A", 1, 1])
    listed = []
    for fields in ({"quick": "8S N ="}, {"quick": "1C N 7", "ns": "9"}):
        html = director_client.post(url, board_data(play, **fields)).content.decode()
        listed += [unescape(e) for e in re.findall(r"<li>(.*?)</li>", html, re.S)]
    assert listed == [
        "Quick entry: 8S is not a contract: its level must be 1 to 7, such as 4S",
        "N-S pair: Pair 9 does not sit N-S at table 1 in round 1; the movement seats pair 1 there",
    ]
