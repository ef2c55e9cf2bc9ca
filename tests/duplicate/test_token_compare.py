"""No peeking through a table link: a table that has played a board may compare with the tables that played
it before, but only once its own result there stands (only the director changes it afterwards). Otherwise a
table could enter any result, read the other tables' results and the hands, play, and put in its own.

The three-table Mitchell of test_no_peeking: board 1 at table 1 (round 1), table 3 (round 2), table 2
(round 3); its results are in at tables 1 and 3.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from duplicate import services
from duplicate.models import Play
from tests.factories import FIRST, FIRST_TEXT, SECOND_TEXT, SUIT, board_plays, enter, token_client

TABLE_LINK = services.Writer(name="table 1", is_director=False, user_id=None)


def test_opening_the_traveller_makes_the_tables_result_stand(client, game):
    secret = token_client(client, game, 1)
    play = board_plays(game, 1)[0]  # table 1's board 1, entered
    url = reverse("entry_token_traveller", args=[secret, 1])
    # Before opening, the table may still correct its own result (law E: until the round is agreed).
    play = services.play_result_save(
        play=play, data={**FIRST, "tricks": 9}, writer=TABLE_LINK, expected_version=play.version
    )
    asked = client.get(url).content.decode()
    assert "Show the traveller" in asked
    assert FIRST_TEXT not in asked
    assert SECOND_TEXT not in asked
    assert SUIT not in asked
    assert client.post(url).status_code == 302
    shown = client.get(url).content.decode()
    assert SECOND_TEXT in shown
    assert SUIT in shown
    play = Play.objects.get(pk=play.pk)
    assert play.table_saw_at is not None
    with pytest.raises(services.PermissionDenied, match="only the director can change it now"):
        services.play_result_save(play=play, data=FIRST, writer=TABLE_LINK, expected_version=play.version)
    assert Play.objects.get(pk=play.pk).tricks == 9  # unchanged
    # The director still corrects it (law E).
    saved = enter(play, FIRST)
    assert saved.tricks == 10


def test_a_board_the_table_has_not_played_cannot_be_opened(client, game):
    secret = token_client(client, game, 2)  # plays board 1 in round 3: not yet
    url = reverse("entry_token_traveller", args=[secret, 1])
    response = client.post(url)
    assert response.status_code == 200  # the visitor's "being played" page, nothing marked
    assert FIRST_TEXT not in response.content.decode()
    assert not Play.objects.filter(event=game, table_saw_at__isnull=False).exists()
    with pytest.raises(services.ServiceError, match="has not played board 1"):
        services.table_traveller_open(token=game.sections.get().tokens.get(table=2), number=1)


def test_a_released_board_needs_no_asking(client, game):
    enter(board_plays(game, 1)[2], {"contract": "3D", "declarer": "W", "tricks": 9})  # the last table
    secret = token_client(client, game, 1)
    html = client.get(reverse("entry_token_traveller", args=[secret, 1])).content.decode()
    assert FIRST_TEXT in html
    assert SUIT in html
    assert not Play.objects.filter(event=game, table_saw_at__isnull=False).exists()
