"""A table link's page loaded before the director finished the event: the player's save is refused (403, "The
event is finished: ask the director") on the table's own page, with what the player typed shown (not saved:
to tell the director) and a link back to the table's page, never a bare "Not allowed" page with the entry
lost and only "Director sign in" on it. The same through entry.js (a fetch: the row alone, put in place of
the old one) and without JavaScript (the whole table page again). The preview, which entry.js puts into the
row's score box as the player types, is refused there too, as a fragment."""

from __future__ import annotations

import pytest
from django.urls import reverse

from duplicate import services
from duplicate.models import Event, Play, TableToken
from tests.factories import board_data, plays_at

pytestmark = pytest.mark.django_db

REFUSED = "The event is finished: ask the director"
FETCH = {"HTTP_X_REQUESTED_WITH": "fetch"}


@pytest.fixture
def token(mitchell_event: Event) -> TableToken:
    return services.table_token_create(section=mitchell_event.sections.get(), table=2)


def board_row(html: str, play: Play) -> str:
    start = html.index(f'id="board-{play.board.number}"')
    return html[start : html.index("</section>", start)]


def test_a_save_refused_after_finish_stays_on_the_tables_page_with_the_entry(client, mitchell_event, token):
    url = reverse("entry_token", args=[token.secret])
    assert client.get(url).status_code == 200  # the player's page, loaded before the Finish
    play = plays_at(mitchell_event, 1, 2)[0]
    services.event_finish(event=mitchell_event)
    response = client.post(url, board_data(play, quick="2H N ="))
    html = response.content.decode()
    assert response.status_code == 403
    assert "Not allowed" not in html
    assert "Director sign in</a></p>" not in html.split("<main>")[1]  # the page's own, not the refusal's
    assert "<h1>Table 2 · Round 1</h1>" in html
    row = board_row(html, play)
    assert REFUSED in row
    assert 'Your entry, not saved: <strong class="typed-entry">2H N =</strong>' in row
    assert f'<a href="{url}">Back to table 2</a>' in row
    assert 'class="notice notice-refused" role="alert"' in row
    assert not Play.objects.get(pk=play.pk).entered


def test_a_fetched_save_refused_after_finish_is_the_row_with_the_entry(client, mitchell_event, token):
    url = reverse("entry_token", args=[token.secret])
    play = plays_at(mitchell_event, 1, 2)[1]
    services.event_finish(event=mitchell_event)
    response = client.post(url, board_data(play, quick="4s e -1"), **FETCH)
    html = response.content.decode()
    assert response.status_code == 403
    assert "<html" not in html  # the row alone: entry.js puts it in place of the old one
    assert html.lstrip().startswith('<section class="entry-row')
    assert REFUSED in html
    assert '<strong class="typed-entry">4s e -1</strong>' in html
    assert f'<a href="{url}">Back to table 2</a>' in html
    assert not Play.objects.get(pk=play.pk).entered


def test_the_entry_made_with_the_fields_is_shown_as_a_quick_entry(client, mitchell_event, token):
    url = reverse("entry_token", args=[token.secret])
    play = plays_at(mitchell_event, 1, 2)[0]
    services.event_finish(event=mitchell_event)
    fields = {"level": "3", "strain": "NT", "declarer": "S", "tricks": "9"}
    html = client.post(url, board_data(play, **fields), **FETCH).content.decode()
    assert '<strong class="typed-entry">3NT S 9</strong>' in html


def test_the_preview_refused_after_finish_is_a_fragment_for_the_score_box(client, mitchell_event, token):
    play = plays_at(mitchell_event, 1, 2)[0]
    services.event_finish(event=mitchell_event)
    url = reverse("entry_token_preview", args=[token.secret])
    response = client.post(url, board_data(play, quick="2H N ="), **FETCH)
    html = response.content.decode()
    assert response.status_code == 403
    assert REFUSED in html
    assert "<html" not in html
    assert "Director sign in" not in html


def test_the_finished_links_notice_is_a_warning_not_a_success(client, mitchell_event, token):
    services.event_finish(event=mitchell_event)
    html = client.get(reverse("entry_token", args=[token.secret])).content.decode()
    assert f'<p class="notice notice-warning" role="status">{REFUSED}.' in html


def test_a_save_refused_after_its_round_was_agreed_has_a_way_back_to_the_table(
    client, director, mitchell_event
):
    """The round agreed since the page was loaded: the link has moved on (or every round is agreed), so the
    board is not on its page any more; the refusal is a page of its own, with the way back to the table's page
    (not only "Director sign in")."""
    token = services.table_token_create(section=mitchell_event.sections.get(), table=2)
    url = reverse("entry_token", args=[token.secret])
    play = plays_at(mitchell_event, 1, 2)[0]
    services.round_agree(round=play.seating.round, user_id=director.pk)
    response = client.post(url, board_data(play, quick="2H N ="))
    html = response.content.decode()
    assert response.status_code == 403
    assert "Round 1 agreed: ask the director" in html
    assert f'<a href="{url}">Back to your table\'s page</a>' in html
    assert "Director sign in</a></p>" not in html.split("<main>")[1]
