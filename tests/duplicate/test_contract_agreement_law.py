"""The law a round's agreement is cited by on the entry pages, messages and errors: law 79 of the Laws of
Duplicate Bridge 2017 for a contract event, law E of the duplicate auction laws otherwise."""

from __future__ import annotations

import pytest
from django.urls import reverse

from duplicate import services
from duplicate.models import Round, agreement_law
from duplicate.services.results import round_agreed_message
from tests.factories import board_data, make_event, on_field, plays_at, table_url

pytestmark = pytest.mark.django_db

# (the event's code, the law its pages cite, the law they must not)
LAWS = [("contract", "law 79", "law E"), ("auction-1915", "law E", "law 79")]
CONTRACT_RESULT = {"contract": "4S", "declarer": "N", "tricks": 10}


def test_agreement_law_by_code():
    assert agreement_law("contract") == "law 79"
    assert agreement_law("auction-1915") == "law E"
    assert agreement_law("whist") == "law E"
    assert "(law 79:" in round_agreed_message(2, code="contract")
    assert "(law E:" in round_agreed_message(2, code="auction-1913")


@pytest.mark.parametrize(("code", "law", "other"), LAWS)
def test_entry_grid_heading_and_agree_message_cite_the_events_law(director_client, code, law, other):
    event = make_event(code=code)
    html = director_client.get(reverse("entry_index", args=[event.pk])).content.decode()
    assert f"Scores ({law})" in html
    assert other not in html
    url = reverse("entry_round_agree", args=[event.pk, "A", 1])
    response = director_client.post(url, {"agreed": "1"}, follow=True)
    html = response.content.decode()
    assert f"Round 1 agreed ({law}): from now on only a director corrects its scores" in html
    assert other not in html


def test_two_events_grids_keep_their_own_headings(director_client):
    """The heading is set on each table's own column, never on the class: an auction event's grid read
    after a contract event's still says law E."""
    contract, auction = make_event(code="contract"), make_event(code="auction-1915")
    assert (
        "Scores (law 79)" in director_client.get(reverse("entry_index", args=[contract.pk])).content.decode()
    )
    html = director_client.get(reverse("entry_index", args=[auction.pk])).content.decode()
    assert "Scores (law E)" in html
    assert "law 79" not in html


@pytest.mark.parametrize(("code", "law", "other"), LAWS)
def test_agreed_table_page_and_correction_error_cite_the_events_law(
    director_client, director, code, law, other
):
    event = make_event(code=code)
    play = plays_at(event, 1, 1)[0]
    writer = services.Writer(name="td", is_director=True, user_id=None)
    services.play_result_save(play=play, data=CONTRACT_RESULT, writer=writer, expected_version=play.version)
    services.round_agree(round=Round.objects.get(section__event=event, number=1), user_id=director.pk)
    url = table_url(event, 1, 1)
    html = director_client.get(url).content.decode()
    assert f"only a director corrects, with a reason ({law})" in html  # the page's status
    assert f"Round 1 is agreed ({law}): a correction needs a reason" in html  # each row's note
    assert other not in html
    play.refresh_from_db()
    response = director_client.post(url, board_data(play, quick="4S N 9"))
    assert response.status_code == 422
    html = response.content.decode()
    assert on_field(
        html, "reason", f"reason: a correction after the scores are agreed ({law}) needs a reason"
    )
    assert other not in html
    play.refresh_from_db()
    assert play.tricks == 10  # nothing stored


@pytest.mark.parametrize(("code", "law", "other"), LAWS)
def test_table_links_done_page_and_refusal_cite_the_events_law(client, director, code, law, other):
    event = make_event(code=code)
    token = services.table_token_create(section=event.sections.get(), table=1)
    url = reverse("entry_token", args=[token.secret])
    play = plays_at(event, 1, 1)[0]
    for round_row in Round.objects.filter(section__event=event):
        services.round_agree(round=round_row, user_id=director.pk)
    html = client.get(url).content.decode()
    assert f"Every round at this table has been agreed ({law}): there is nothing left to enter" in html
    assert other not in html
    response = client.post(url, board_data(play, quick="4S N 10"))  # loaded before the agreement
    assert response.status_code == 403
    html = response.content.decode()
    assert f"Round 1 agreed: ask the director ({law}:" in html
    assert other not in html
    play.refresh_from_db()
    assert not play.entered


@pytest.mark.parametrize(("code", "law", "other"), LAWS)
def test_history_and_boards_pages_cite_the_events_law(director_client, code, law, other):
    event = make_event(code=code)
    for name in ("event_history", "event_boards"):
        html = director_client.get(reverse(name, args=[event.pk])).content.decode()
        assert other not in html, name
    history = director_client.get(reverse("event_history", args=[event.pk])).content.decode()
    assert f"({law})" in history
