"""Both sides confirm, through the pages: the event's setting, the table link's "Entered by" and Confirm
button, the director's grid marks and the round agreement's message (law 79, law E)."""

from __future__ import annotations

import html as html_lib
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from duplicate import services
from duplicate.models import Event, Play, PlayChange, TableToken
from tests.factories import board_data, make_event, plays_at

pytestmark = pytest.mark.django_db

FETCH = {"X-Requested-With": "fetch"}


def _confirming(**kw) -> Event:
    event = make_event(**kw)
    services.event_confirm_results_set(event=event, confirm_results=True)
    return event


def _token(event: Event, table: int = 1) -> TableToken:
    return services.table_token_create(section=event.sections.get(), table=table)


def _text(response) -> str:
    return html_lib.unescape(re.sub(r"\s+", " ", response.content.decode()))


def _save(client, token: TableToken, play: Play, quick: str, side: str = "NS", **headers):
    url = reverse("entry_token", args=[token.secret])
    return client.post(url, board_data(play, quick=quick, entered_by=side), headers=headers)


def _confirm(client, token: TableToken, play: Play, side: str = "EW", version: int | None = None):
    stored = Play.objects.get(pk=play.pk)
    data = {"play": play.pk, "version": stored.version if version is None else version, "side": side}
    return client.post(reverse("entry_token_confirm", args=[token.secret]), data)


def test_the_director_sets_the_choice_on_the_events_settings(director_client, client):
    event = make_event()
    page = director_client.get(reverse("event_detail", args=[event.pk])).content.decode()
    assert reverse("event_confirm_results", args=[event.pk]) in page
    assert "The opponents confirm each result" in page
    url = reverse("event_confirm_results", args=[event.pk])
    response = director_client.post(url, {"confirm_results": "on"}, follow=True)
    assert "The opponents now confirm each result" in _text(response)
    event.refresh_from_db()
    assert event.confirm_results is True
    director_client.post(url, {})
    event.refresh_from_db()
    assert event.confirm_results is False
    assert client.post(url, {"confirm_results": "on"}).status_code == 302  # a visitor: to sign in
    event.refresh_from_db()
    assert event.confirm_results is False


def test_without_the_choice_the_link_asks_no_side_and_shows_no_button(client):
    event = make_event()
    token = _token(event)
    one, _two = plays_at(event, 1, 1)
    page = client.get(reverse("entry_token", args=[token.secret])).content.decode()
    assert "Entered by" not in page
    _save(client, token, one, "1NT S 7")
    page = client.get(reverse("entry_token", args=[token.secret])).content.decode()
    assert "confirm-form" not in page
    assert "check and confirm" not in page
    assert Play.objects.get(pk=one.pk).entered_by == ""


def test_entered_by_one_side_the_other_confirms_and_the_round_moves_on(client):
    event = _confirming()
    token = _token(event)
    url = reverse("entry_token", args=[token.secret])
    one, two = plays_at(event, 1, 1)
    page = client.get(url).content.decode()
    assert f'name="b{one.pk}-entered_by"' in page
    assert re.search(r'<option value="NS" selected>N-S</option>', page)  # North customarily enters

    response = _save(client, token, one, "1NT S 7", **FETCH)
    assert response.status_code == 200
    row = _text(response)
    assert "E-W: check and confirm." in row
    assert "Entered by N-S: 1NT by S, 7 tricks" in row
    assert "Confirm (E-W)" in row
    response = _save(client, token, two, "2S N 8", side="EW", **FETCH)
    assert "N-S: check and confirm." in _text(response)
    assert "X-Kz-Location" not in response  # both in, neither confirmed: no summary yet
    assert "Round 1 is in" not in _text(client.get(f"{url}?done=1"))

    response = _confirm(client, token, one, "EW")
    assert response.status_code == 302
    assert response["Location"] == f"{url}#board-1"
    page = _text(client.get(url))
    assert "Board 1 confirmed by E-W: 1NT by S, 7 tricks." in page
    assert "Round 1" in page  # still round 1: board 2 waits for N-S

    response = _confirm(client, token, two, "NS")
    assert response["Location"] == f"{url}?done=1#summary"
    page = _text(client.get(response["Location"]))
    assert "Round 1 is in" in page
    assert "check and confirm" not in page
    reasons = list(PlayChange.objects.filter(play__in=[one, two]).values_list("reason", flat=True))
    assert "confirmed by E-W (law E: the score made up and agreed upon)" in reasons
    assert "confirmed by N-S (law E: the score made up and agreed upon)" in reasons


def test_a_confirmation_of_a_result_changed_since_shows_the_new_result(client):
    event = _confirming()
    token = _token(event)
    one, _two = plays_at(event, 1, 1)
    _save(client, token, one, "1NT S 7")
    shown = Play.objects.get(pk=one.pk).version
    _save(client, token, plays_at(event, 1, 1)[0], "1NT S 8")  # N-S correct it
    response = _confirm(client, token, one, "EW", version=shown)
    page = _text(client.get(response["Location"]))
    assert "Not confirmed: board 1's result was changed since it was shown to you" in page
    assert "Entered by N-S: 1NT by S, 8 tricks" in page
    assert Play.objects.get(pk=one.pk).confirmed_at is None


def test_the_side_that_entered_it_is_refused_and_bad_input_names_the_field(client):
    event = _confirming()
    token = _token(event)
    one, _two = plays_at(event, 1, 1)
    _save(client, token, one, "1NT S 7")
    response = _confirm(client, token, one, "NS")
    assert "N-S entered board 1's result: E-W, the opponents, confirm it" in _text(
        client.get(response["Location"])
    )
    url = reverse("entry_token_confirm", args=[token.secret])
    for data, field in (
        ({"play": one.pk, "version": 1, "side": "N"}, "side: must be NS or EW"),
        ({"play": "x", "version": 1, "side": "EW"}, "play:"),
        ({"play": one.pk, "side": "EW"}, "version: missing"),
    ):
        response = client.post(url, data)
        assert response.status_code == 400
        assert field in _text(response)
    other = plays_at(event, 1, 2)[0]
    assert client.post(url, {"play": other.pk, "version": 0, "side": "EW"}).status_code == 403
    assert Play.objects.get(pk=one.pk).confirmed_at is None


def test_the_directors_page_shows_the_wait_without_a_button_and_needs_no_confirmation(
    director_client, client
):
    event = _confirming()
    token = _token(event)
    one, two = plays_at(event, 1, 1)
    _save(client, token, one, "1NT S 7")
    page = _text(director_client.get(reverse("entry_table", args=[event.pk, "A", 1, 1])))
    assert "E-W: check and confirm." in page
    assert "confirm-form" not in page
    assert "Entered by" not in page.split("Board 2")[1]  # the director's form asks no side
    director_client.post(reverse("entry_table", args=[event.pk, "A", 1, 1]), board_data(two, quick="2S N 8"))
    assert Play.objects.get(pk=two.pk).entered_by == ""


def _grid(director_client, event: Event) -> str:
    page = director_client.get(reverse("entry_index", args=[event.pk])).content.decode()
    return re.sub(r"\s+", " ", html_lib.unescape(re.sub(r"<[^>]+>", " ", page)))


def test_the_grid_marks_unconfirmed_results_and_the_agreement_names_them(director_client, client):
    event = _confirming()
    token = _token(event)
    one, two = plays_at(event, 1, 1)
    _save(client, token, one, "1NT S 7")
    _save(client, token, two, "2S N 8")
    grid = _grid(director_client, event)
    assert "2/2 ✎ 2 to confirm" in grid
    assert "2 unconfirmed" in grid
    _confirm(client, token, one, "EW")
    grid = _grid(director_client, event)
    assert "✎ 1 to confirm" in grid
    assert "1 unconfirmed" in grid
    response = director_client.post(
        reverse("entry_round_agree", args=[event.pk, "A", 1]), {"agreed": "1"}, follow=True
    )
    assert "1 result of it was not confirmed by the other side: your agreement stands for theirs." in _text(
        response
    )
    services.event_confirm_results_set(event=event, confirm_results=False)
    assert "to confirm" not in _grid(director_client, event)


def test_the_history_page_shows_the_confirmation(director_client, client):
    event = _confirming(code="contract")
    token = _token(event)
    one, _two = plays_at(event, 1, 1)
    _save(client, token, one, "1NT S 7")
    _confirm(client, token, one, "EW")
    history = _text(director_client.get(reverse("event_history", args=[event.pk])))
    assert "confirmed by E-W (law 79: the score agreed at the table)" in history


def _grid_queries(director_client, tables: int) -> int:
    event = _confirming(tables=tables, name=f"{tables} tables")
    writer = services.Writer(name="table", is_director=False)
    for play in Play.objects.filter(event=event).select_related("event")[: tables * 2]:
        services.play_result_save(
            play=play, data={"contract": "PASS"}, writer=writer, expected_version=0, side="EW"
        )
    url = reverse("entry_index", args=[event.pk])
    director_client.get(url)
    with CaptureQueriesContext(connection) as queries:
        assert "to confirm" in director_client.get(url).content.decode()
    return len(queries)


def test_the_grids_query_count_does_not_grow_with_unconfirmed_results(director_client):
    assert _grid_queries(director_client, 3) == _grid_queries(director_client, 9)


def test_a_fetch_confirmation_names_where_the_page_goes(client):
    event = _confirming()
    token = _token(event)
    url = reverse("entry_token", args=[token.secret])
    one, two = plays_at(event, 1, 1)
    _save(client, token, one, "1NT S 7")
    _save(client, token, two, "2S N 8")
    confirm = reverse("entry_token_confirm", args=[token.secret])
    response = client.post(confirm, {"play": one.pk, "version": 1, "side": "EW"}, headers=FETCH)
    assert response.status_code == 204
    assert response["X-Kz-Location"] == f"{url}#board-1"
    assert response["Referrer-Policy"] == "same-origin"
    response = client.post(confirm, {"play": two.pk, "version": 1, "side": "EW"}, headers=FETCH)
    assert response["X-Kz-Location"] == f"{url}?done=1#summary"


def test_a_confirmation_in_the_history_has_no_undo(director_client, client):
    event = _confirming()
    token = _token(event)
    one, _two = plays_at(event, 1, 1)
    _save(client, token, one, "1NT S 7")
    _confirm(client, token, one, "EW")
    confirmation = PlayChange.objects.filter(play=one).order_by("id").last()
    assert confirmation is not None
    page = director_client.get(reverse("event_history", args=[event.pk])).content.decode()
    assert page.count('class="history-confirmation') == 1
    assert reverse("change_undo", args=[event.pk, confirmation.pk]) not in page
    response = director_client.post(
        reverse("change_undo", args=[event.pk, confirmation.pk]), {"reason": "x"}, follow=True
    )
    assert "is a confirmation: it changed no result, so nothing to undo" in _text(response)
    assert Play.objects.get(pk=one.pk).confirmed_at is not None
