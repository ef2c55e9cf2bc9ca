"""Both sides confirm before a table sees the field (law 79: "the score agreed at the table"): where the event
asks the opponents to confirm each result, a result one side entered through the table link and the other
has not yet confirmed shows no feedback figure and opens no traveller through the link. Otherwise the side
that entered it could open the traveller (its result then stands: only the director changes it) before the
opponents could correct it, and the side still to confirm would read the field's results first.

A 3-table Mitchell, 2 boards a round: board 1 at table 1 (round 1, N-S pair 1 v E-W pair 4), table 3
(round 2) and table 2 (round 3).
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from duplicate import services
from duplicate.models import Event, Play, TableToken
from tests.factories import board_data, contract_mitchell, plays_at

pytestmark = pytest.mark.django_db

DIRECTOR = services.Writer(name="td", is_director=True)
FETCH = {"X-Requested-With": "fetch"}


def _event() -> Event:
    event = contract_mitchell("Confirming pairs")
    return services.event_confirm_results_set(event=event, confirm_results=True)


def _board(event: Event, rnd: int, table: int, number: int) -> Play:
    return next(p for p in plays_at(event, rnd, table) if p.board.number == number)


def _director_enters(play: Play, contract: str, declarer: str, tricks: int) -> None:
    data = {"contract": contract, "declarer": declarer, "tricks": tricks}
    services.play_result_save(play=play, data=data, writer=DIRECTOR, expected_version=play.version)


def _token(event: Event) -> tuple[TableToken, str]:
    token = services.table_token_create(section=event.sections.get(), table=1)
    return token, reverse("entry_token", args=[token.secret])


def _row(html: str, number: int) -> str:
    match = re.search(rf'<section class="entry-row[^"]*" id="board-{number}".*?</section>', html, re.S)
    return match.group(0) if match else ""


def _confirm(client, token: TableToken, play: Play, side: str) -> None:
    stored = Play.objects.get(pk=play.pk)
    data = {"play": play.pk, "version": stored.version, "side": side}
    client.post(reverse("entry_token_confirm", args=[token.secret]), data)


def test_the_last_tables_figures_wait_for_the_other_sides_confirmation(client):
    event = _event()
    _director_enters(_board(event, 2, 3, 1), "4S", "N", 10)
    _director_enters(_board(event, 3, 2, 1), "4S", "N", 9)
    token, url = _token(event)
    play = _board(event, 1, 1, 1)
    # N-S enter the last result of board 1: E-W have still to confirm (or correct) it, so no figures yet,
    # by the fetched row or by the page.
    fetched = client.post(url, board_data(play, quick="4S N 10", entered_by="NS"), headers=FETCH)
    assert fetched.status_code == 200
    for html in (fetched.content.decode(), client.get(url).content.decode()):
        row = _row(html, 1)
        assert "Confirm (E-W)" in row
        assert "board-figure" not in row
        assert "MPs" not in row
        assert "Every table has played" not in html
    # E-W correct it instead: now N-S confirm it, and still see nothing of the field before they do.
    stored = Play.objects.get(pk=play.pk)
    client.post(url, board_data(stored, quick="4S N 9", entered_by="EW"), headers=FETCH)
    assert "board-figure" not in _row(client.get(url).content.decode(), 1)
    _confirm(client, token, play, "NS")
    # Agreed at the table: the figures (4S by N 9 tricks, -50, ties table 2 and loses to table 3).
    row = _row(client.get(url).content.decode(), 1)
    assert "N-S pair 1: 1.00 MPs of 4" in row
    assert "E-W pair 4: 3.00 MPs of 4" in row


def test_a_result_waiting_for_confirmation_does_not_open_its_traveller(client):
    event = _event()
    token, url = _token(event)
    play = _board(event, 1, 1, 1)  # the first table to play board 1: it is still in play elsewhere
    client.post(url, board_data(play, quick="4S N 10", entered_by="NS"), headers=FETCH)
    traveller = reverse("entry_token_traveller", args=[token.secret, 1])
    page = client.get(url).content.decode()
    assert f'href="{traveller}"' not in page  # not among the boards this table has played
    # Neither the compare question nor the opening: the visitor's "being played" page, nothing marked.
    asked = client.get(traveller).content.decode()
    assert "Show the traveller" not in asked
    assert client.post(traveller).status_code == 200
    assert Play.objects.get(pk=play.pk).table_saw_at is None
    with pytest.raises(services.ServiceError, match="waits for the other side's confirmation"):
        services.table_traveller_open(token=token, number=1)
    # So E-W may still correct it (law 79), then N-S confirm; only now may the table compare.
    stored = Play.objects.get(pk=play.pk)
    client.post(url, board_data(stored, quick="4S N 9", entered_by="EW"), headers=FETCH)
    assert Play.objects.get(pk=play.pk).tricks == 9
    _confirm(client, token, play, "NS")
    assert "Show the traveller" in client.get(traveller).content.decode()
    assert client.post(traveller).status_code == 302
    assert Play.objects.get(pk=play.pk).table_saw_at is not None


def test_without_confirmation_a_saved_result_opens_its_traveller_at_once(client):
    event = _event()
    services.event_confirm_results_set(event=event, confirm_results=False)
    token, url = _token(event)
    play = _board(event, 1, 1, 1)
    client.post(url, board_data(play, quick="4S N 10"), headers=FETCH)
    assert services.table_traveller_open(token=token, number=1) == 1
