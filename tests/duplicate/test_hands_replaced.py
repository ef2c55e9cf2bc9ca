"""Hands replaced after results are in (duplicate law E; laws 5, 6): the director sees which results change,
before and after, and confirms; each change is a correction with the reason "hands replaced", in the result's
history and the event's, and can be undone there.

Worked by hand for auction-1915 (spades 9 a trick; law 6: four honours in one hand, 8 times the trick value).
Hands A give North A K Q J of spades (East the ten): N-S 4 honours in one hand, 72. Hands B swap North's and
East's cards: East holds A K Q J, so E-W 72. At no trump the aces lie two and two in both (no honours).
Board 1's three results:
  round 1: 2S by N, 8 tricks: 2 x 9 = 18 (under 30, no law A premium).  A: 18 + 72 = +90.  B: 18 - 72 = -54.
  round 2: 4S by N, 10 tricks: 4 x 9 = 36, law A premium 125.  A: 36 + 125 + 72 = +233.  B: 161 - 72 = +89.
  round 3: 1NT by S, 7 tricks: 10; no honours either way: +10 under both (not listed).
"""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from duplicate import services
from duplicate.models import Board, Event, Play, PlayChange
from duplicate.selectors.travellers import traveller
from tests.factories import (
    HANDS_A,
    HANDS_B,
    board1_plays,
    confirm_fields,
    db_snapshot,
    enter,
    make_event,
    played_event,
)
from tests.factories import HANDS_NIGHT_RESULTS as RESULTS

NS_4_IN_ONE = {"side": "NS", "count": 4, "in_one_hand": 4}
EW_4_IN_ONE = {"side": "EW", "count": 4, "in_one_hand": 4}

pytestmark = pytest.mark.django_db


def boards_url(event) -> str:
    return reverse("event_boards", args=[event.pk])


def test_preview_lists_exactly_the_changed_results_with_before_and_after(director):
    event = played_event(director)
    plays = board1_plays(event)
    assert [plays[r].net_ns for r in (1, 2, 3)] == [90, 233, 10]  # hands A, worked above
    preview = services.board_deals_preview(event=event, deals={1: HANDS_B})
    assert preview.boards == (1,)
    got = [(c.board, c.round, c.table, c.net_before, c.net_after, c.agreed) for c in preview.changes]
    assert got == [
        (1, 1, plays[1].seating.table, 90, -54, False),
        (1, 2, plays[2].seating.table, 233, 89, True),
    ]
    assert [(c.honours_before, c.honours_after) for c in preview.changes] == [("N-S 72", "E-W 72")] * 2
    assert preview.changes[0].before == {**RESULTS[1], "honours": NS_4_IN_ONE}
    assert preview.changes[0].after == {**RESULTS[1], "honours": EW_4_IN_ONE}
    assert preview.versions == {plays[1].pk: 1, plays[2].pk: 1}
    # A read: nothing written.
    assert Board.objects.get(event=event, number=1).deal == HANDS_A
    assert not PlayChange.objects.filter(play__event=event, reason="hands replaced").exists()


def test_the_page_asks_then_confirm_corrects_through_law_e_in_an_agreed_round_too(director, director_client):
    event = played_event(director)
    plays = board1_plays(event)
    event.refresh_from_db()
    version = event.results_version
    response = director_client.post(boards_url(event), {"pbn_text": f"1 {HANDS_B}"})
    assert response.status_code == 200
    html = response.content.decode()
    assert "Confirm new hands" in html
    assert "agreed round" in html
    assert "+90" in html
    assert "-54" in html
    assert "+233" in html
    assert "+89" in html
    assert "N-S 72" in html
    assert "E-W 72" in html
    assert Board.objects.get(event=event, number=1).deal == HANDS_A  # not yet
    response = director_client.post(boards_url(event), {**confirm_fields(html), "confirm": "1"})
    assert response.status_code == 302
    assert Board.objects.get(event=event, number=1).deal == HANDS_B
    for rnd, net in ((1, -54), (2, 89), (3, 10)):
        plays[rnd].refresh_from_db()
        assert plays[rnd].net_ns == net
    changes = PlayChange.objects.filter(play__event=event, reason="hands replaced").order_by("play_id")
    assert sorted(c.play_id for c in changes) == sorted([plays[1].pk, plays[2].pk])
    for change in changes:
        assert change.user_id == director.pk
        assert change.who == "td"
        assert change.before["honours"] == NS_4_IN_ONE
        assert change.after["honours"] == EW_4_IN_ONE
    assert plays[2].seating.round.agreed_at is not None  # the agreed round's result was corrected by law E
    assert plays[1].version == 2
    assert plays[3].version == 1
    event.refresh_from_db()
    assert event.results_version == version + 1  # bumped once
    # The event's history shows both, before and after.
    history = director_client.get(reverse("event_history", args=[event.pk])).content.decode()
    assert history.count("<td>hands replaced</td>") == 2
    assert "2S by N, 8 tricks; honours N-S 4 (4 in one hand)" in history
    assert "2S by N, 8 tricks; honours E-W 4 (4 in one hand)" in history
    assert "4S by N, 10 tricks; honours E-W 4 (4 in one hand)" in history


def test_undo_of_one_hands_replaced_correction_puts_its_score_back(director, director_client):
    event = played_event(director)
    services.board_deals_set(
        event=event,
        deals={1: HANDS_B},
        writer=services.Writer(name="td", is_director=True, user_id=director.pk),
        expected={p.pk: 1 for r, p in board1_plays(event).items() if r in (1, 2)},
    )
    plays = board1_plays(event)
    change = PlayChange.objects.get(play=plays[1], reason="hands replaced")
    response = director_client.post(reverse("change_undo", args=[event.pk, change.pk]), {"reason": "ruled"})
    assert response.status_code == 302
    plays[1].refresh_from_db()
    # Back to +90: the table's result as scored with the honours it held (N-S 72); the board keeps hands B.
    assert plays[1].net_ns == 90
    assert plays[1].honours == NS_4_IN_ONE
    assert Board.objects.get(event=event, number=1).deal == HANDS_B
    undo = PlayChange.objects.get(play=plays[1], reason=f"undo of change {change.pk}: ruled")
    assert undo.before == change.after
    assert undo.after == change.before
    plays[2].refresh_from_db()
    assert plays[2].net_ns == 89  # the other correction stands


def test_cancel_changes_nothing(director, director_client):
    event = played_event(director)
    html = director_client.post(boards_url(event), {"pbn_text": f"1 {HANDS_B}"}).content.decode()
    before = db_snapshot()
    response = director_client.post(boards_url(event), {**confirm_fields(html), "cancel": "1"})
    assert response.status_code == 302
    assert db_snapshot() == before
    assert Board.objects.get(event=event, number=1).deal == HANDS_A


def test_a_stale_confirmation_is_refused_and_the_changes_shown_again(director, director_client):
    event = played_event(director)
    html = director_client.post(boards_url(event), {"pbn_text": f"1 {HANDS_B}"}).content.decode()
    # Meanwhile round 1's result is corrected to 9 tricks: 3 x 9 = 27 (under 30, no premium); with hands A's
    # honours 27 + 72 = +99, with hands B's 27 - 72 = -45.
    play = board1_plays(event)[1]
    services.play_result_save(
        play=play,
        data={**RESULTS[1], "tricks": 9},
        writer=services.Writer(name="td", is_director=True),
        expected_version=play.version,
    )
    before = db_snapshot()
    response = director_client.post(boards_url(event), {**confirm_fields(html), "confirm": "1"})
    assert response.status_code == 200
    page = response.content.decode()
    assert "The results changed since the changes were shown" in page
    assert db_snapshot() == before
    assert "+99" in page
    assert "-45" in page
    # Confirming what is shown now goes through.
    response = director_client.post(boards_url(event), {**confirm_fields(page), "confirm": "1"})
    assert response.status_code == 302
    play.refresh_from_db()
    assert play.net_ns == -45


def test_a_damaged_or_forged_confirmation_changes_nothing(director, director_client):
    event = played_event(director)
    html = director_client.post(boards_url(event), {"pbn_text": f"1 {HANDS_B}"}).content.decode()
    fields = confirm_fields(html)
    before = db_snapshot()
    for forged in (
        {**fields, "deals": "not json"},
        {**fields, "versions": json.dumps({"x": 1})},
        {**fields, "deals": json.dumps({"1": "N:AKQ"})},
        {**fields, "deals": json.dumps({"99": HANDS_B})},
        {**fields, "versions": "{}"},  # the changes confirmed without being shown: refused as stale
    ):
        response = director_client.post(boards_url(event), {**forged, "confirm": "1"}, follow=True)
        assert response.status_code == 200
        assert db_snapshot() == before


@pytest.mark.parametrize("who", ["visitor", "table link"])
def test_a_visitor_or_a_table_link_cannot_post(director, director_client, who):
    event = played_event(director)
    html = director_client.post(boards_url(event), {"pbn_text": f"1 {HANDS_B}"}).content.decode()
    client = Client()
    if who == "table link":
        token = services.table_token_create(section=event.sections.get(), table=1)
        assert client.get(reverse("entry_token", args=[token.secret])).status_code == 200
    before = db_snapshot()
    for post in ({"pbn_text": f"1 {HANDS_B}"}, {**confirm_fields(html), "confirm": "1"}):
        response = client.post(boards_url(event), post)
        assert response.status_code == 302
        assert "/login/" in response["Location"]
    assert db_snapshot() == before
    # And the service itself refuses a writer who is not the director.
    with pytest.raises(services.PermissionDenied):
        services.board_deals_set(
            event=event,
            deals={1: HANDS_B},
            writer=services.Writer(name="table 1 (token)", is_director=False),
            expected={p.pk: 1 for r, p in board1_plays(event).items() if r in (1, 2)},
        )
    assert db_snapshot() == before


def test_new_hands_that_change_no_score_apply_at_once(director, director_client):
    event = make_event()
    services.board_deals_set(event=event, deals={1: HANDS_A})
    play = board1_plays(event)[3]
    services.play_result_save(
        play=play, data=RESULTS[3], writer=services.Writer(name="td", is_director=True), expected_version=0
    )
    # Only the 1NT result is in: the aces lie two and two under both hands, +10 either way.
    response = director_client.post(boards_url(event), {"pbn_text": f"1 {HANDS_B}"})
    assert response.status_code == 302
    assert Board.objects.get(event=event, number=1).deal == HANDS_B
    play.refresh_from_db()
    assert play.net_ns == 10
    assert play.version == 1
    assert not PlayChange.objects.filter(play__event=event, reason="hands replaced").exists()


def honours_before_any_hands() -> tuple[Event, Play]:
    """An event with no hands yet where round 1's table gave N-S 4 honours in one hand on board 1 (+90)."""
    event = make_event()
    play = board1_plays(event)[1]
    enter(play, {**RESULTS[1], "honours": NS_4_IN_ONE})
    play.refresh_from_db()
    return event, play


def test_honours_the_table_gave_before_any_hands_are_corrected_too(director, director_client):
    # No hands yet: round 1's table gives N-S 4 honours in one hand (+90 as worked above); hands B give E-W.
    event, play = honours_before_any_hands()
    assert play.net_ns == 90
    preview = services.board_deals_preview(event=event, deals={1: HANDS_B})
    assert [(c.net_before, c.net_after) for c in preview.changes] == [(90, -54)]
    assert preview.changes[0].before == {**RESULTS[1], "honours": NS_4_IN_ONE}


def test_the_preview_page_runs_a_fixed_number_of_queries(director, director_client):
    counts = []
    for tables, name in ((3, "Small"), (7, "Big")):
        event = make_event(tables=tables, name=name)
        services.board_deals_set(event=event, deals={1: HANDS_A, 2: HANDS_A})
        writer = services.Writer(name="td", is_director=True)
        for play in Play.objects.filter(event=event, board__number__in=(1, 2)):
            services.play_result_save(play=play, data=RESULTS[1], writer=writer, expected_version=0)
        with CaptureQueriesContext(connection) as ctx:
            response = director_client.post(boards_url(event), {"pbn_text": f"1 {HANDS_B}\n2 {HANDS_B}"})
        assert response.status_code == 200
        assert response.content.decode().count("E-W 72") == 2 * tables  # every result on both boards
        counts.append(len(ctx.captured_queries))
    assert counts[0] == counts[1], counts


def test_the_standings_follow_the_corrections(director, fresh_cache):
    # Board 1's N-S average (law H) from the three nets: (90 + 233 + 10) / 3 = 111 with hands A;
    # (-54 + 89 + 10) / 3 = 15 with hands B.
    event = played_event(director)

    def board1():
        event.refresh_from_db()
        worked = traveller(event, Board.objects.get(event=event, number=1))
        return worked.ns_average, {line.round: line.net_ns for line in worked.lines}

    assert board1() == (111, {1: 90, 2: 233, 3: 10})  # worked out (and kept) before the hands change
    services.board_deals_set(
        event=event,
        deals={1: HANDS_B},
        writer=services.Writer(name="td", is_director=True, user_id=director.pk),
        expected={p.pk: 1 for r, p in board1_plays(event).items() if r in (1, 2)},
    )
    assert board1() == (15, {1: -54, 2: 89, 3: 10})


def test_random_hands_are_carried_to_the_confirmation_not_dealt_again(director, director_client, monkeypatch):
    # No hands yet; the table gave N-S 4 honours in one hand (+90). The "random" deal is fixed here to hands B,
    # so the confirmation must apply exactly the deal it showed (E-W 72: -54), not a second shuffle.
    event, play = honours_before_any_hands()
    monkeypatch.setattr(services, "deals_random", lambda *, event: {1: HANDS_B})
    html = director_client.post(boards_url(event), {"random": "on"}).content.decode()
    assert "+90" in html
    assert "-54" in html
    assert json.loads(confirm_fields(html)["deals"]) == {"1": HANDS_B}
    monkeypatch.setattr(services, "deals_random", lambda *, event: {1: HANDS_A})  # a second shuffle
    response = director_client.post(boards_url(event), {**confirm_fields(html), "confirm": "1"})
    assert response.status_code == 302
    assert Board.objects.get(event=event, number=1).deal == HANDS_B
    play.refresh_from_db()
    assert play.net_ns == -54
