"""The team match page board by board (duplicate law G): each table's boards with each pair's score, the swing
between the teams and the running total, and the margin in the headline; worked out by hand on the matches of
``tests.teams.test_match`` (its module docstring has the seating and the deal scores).

The swing on a board at a table is the N-S pair's score less the E-W pair's: what the board moves the
difference between the two teams' totals by.  A table's last running total is so twice its N-S pair's net
(less the E-W's); the tables' running totals and the odd pairs' averages add up to the margin.
"""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.urls import reverse

from duplicate import services
from duplicate.models import Play
from tests.factories import (
    ODD_PAIR,
    T1,
    T2,
    T3,
    WON_BY_A_FRACTION,
    agree_every_round,
    fill,
    make_event,
    match_event,
)
from tests.hand_scored import C1C_E, C1NT, C4H_E_DOWN

pytestmark = pytest.mark.usefixtures("fresh_cache")

TAGS = re.compile(r"<[^>]+>")


def page_of(client, event) -> str:
    response = client.get(reverse("team_match", args=[event.pk]))
    assert response.status_code == 200
    return response.content.decode()


def board_tables(html: str) -> dict[str, list[list[str]]]:
    """Each board-by-board table, by its heading: its rows' cells as text."""
    found = {}
    for head, body in re.findall(
        r"<h3>(Table \d+[^<]*)</h3>\s*<div[^>]*>\s*<table[^>]*>(.*?)</table>", html, re.S
    ):
        rows = re.findall(r"<tbody>(.*?)</tbody>", body, re.S)[0]
        found[head] = [
            [TAGS.sub("", cell).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
            for row in re.findall(r"<tr[^>]*>(.*?)</tr>", rows, re.S)
        ]
    return found


def headline(html: str) -> str:
    return TAGS.sub("", re.search(r'<p class="match-result">(.*?)</p>', html, re.S).group(1))


def test_each_tables_boards_with_their_swings_and_running_totals(db, client, director):
    event = match_event(ODD_PAIR)
    html = page_of(client, event)
    # Board, N-S, E-W, swing, running total (pair 1 v 4: 157, 10, -50; 2 v 5: -50, 18, -12; 6 v 3: 10, -12, 14).
    assert board_tables(html) == {
        T1: [
            ["1", "157", "-157", "Reds 314", "Reds 314"],
            ["2", "10", "-10", "Reds 20", "Reds 334"],
            ["3", "-50", "50", "Blues 100", "Reds 234"],
        ],
        T2: [
            ["1", "-50", "50", "Blues 100", "Blues 100"],
            ["2", "18", "-18", "Reds 36", "Blues 64"],
            ["3", "-12", "12", "Blues 24", "Blues 88"],
        ],
        T3: [
            ["1", "10", "-10", "Blues 20", "Blues 20"],
            ["2", "-12", "12", "Reds 24", "Reds 4"],
            ["3", "14", "-14", "Blues 28", "Blues 24"],
        ],
    }
    # Reds 33 (98/3), Blues -33: the tables' 234 - 88 - 24 = 122 and the odd pairs' -28 - 28 make 66.
    assert headline(html) == "Reds lead by 66."  # the rounds are not agreed yet
    assert 'class="status provisional"' in html
    agree_every_round(event, director)
    html = page_of(client, event)
    assert headline(html) == "Reds won by 66."
    assert "Provisional" not in html


def test_a_match_won_by_the_fraction_of_a_point_board_by_board(db, client, director):
    # As tests.teams.test_match's match won by the fraction: table 1 now +50, +6 and board 3 ruled average
    # (pair 1 -5/2, pair 4 +5/2: a swing of 5 to Blues); table 3's board 3 +7.
    event = match_event(WON_BY_A_FRACTION)
    html = page_of(client, event)
    tables = board_tables(html)
    assert tables[T1] == [
        ["1", "50", "-50", "Reds 100", "Reds 100"],
        ["2", "6", "-6", "Reds 12", "Reds 112"],
        ["3", "-2 1/2", "2 1/2", "Blues 5", "Reds 107"],
    ]
    assert tables[T3] == [
        ["1", "10", "-10", "Blues 20", "Blues 20"],
        ["2", "-12", "12", "Reds 24", "Reds 4"],
        ["3", "7", "-7", "Blues 14", "Blues 10"],
    ]
    # 107 - 88 - 10 = 9 (twice Reds' net 9/2); the odd pairs: -29/6 - 29/6; 9 - 29/3 = -2/3: Blues by 1/3 - -1/3.
    assert headline(html) == "Blues lead by the fraction of a point."
    agree_every_round(event, director)
    assert headline(page_of(client, event)) == "Blues won by the fraction of a point."


def test_a_tie_and_level_running_totals(db, client, director):
    # Every board 1NT by N making 7 (+10): every swing 20 to the N-S team; each team's odd pair evens it.
    event = match_event(dict.fromkeys(ODD_PAIR, C1NT))
    html = page_of(client, event)
    assert board_tables(html)[T3] == [
        ["1", "10", "-10", "Blues 20", "Blues 20"],
        ["2", "10", "-10", "Blues 20", "Blues 40"],
        ["3", "10", "-10", "Blues 20", "Blues 60"],
    ]
    assert headline(html) == "The teams are level."
    agree_every_round(event, director)
    assert headline(page_of(client, event)) == "The match is a tie."


def test_a_running_total_back_to_level(db, client):
    # Table 1: board 1 4H by E one down (+50), board 2 1C by E making 8 (-12), board 3 4H by N one down
    # (-50): swings Reds 100, Blues 24, Blues 100; running Reds 100, Reds 76, Blues 24.  Table 3 (Blues
    # N-S): board 1 1C by E making 8 (-12), boards 2 and 3 1C by N making 7 (+6): swings Reds 24, Blues 12,
    # Blues 12; running Reds 24, Reds 12, level.
    one_club = {"contract": "1C", "declarer": "N", "tricks": 7}
    results = dict(ODD_PAIR)
    results.update({(1, 1): C4H_E_DOWN, (1, 2): C1C_E, (3, 1): C1C_E, (3, 2): one_club, (3, 3): one_club})
    event = match_event(results)
    tables = board_tables(page_of(client, event))
    assert tables[T1] == [
        ["1", "50", "-50", "Reds 100", "Reds 100"],
        ["2", "-12", "12", "Blues 24", "Reds 76"],
        ["3", "-50", "50", "Blues 100", "Blues 24"],
    ]
    assert tables[T3] == [
        ["1", "-12", "12", "Reds 24", "Reds 24"],
        ["2", "6", "-6", "Blues 12", "Reds 12"],
        ["3", "6", "-6", "Blues 12", "level"],
    ]


def test_a_visitor_does_not_see_the_boards_in_play_a_director_does(db, client, director_client):
    # Table 3 has not played board 2 yet: board 2 is in play at every table.
    results = dict(ODD_PAIR)
    del results[(3, 2)]
    event = match_event(results)
    visitor = board_tables(page_of(client, event))
    being_played = ["2", "", "", "being played", ""]
    assert visitor == {
        T1: [
            ["1", "157", "-157", "Reds 314", "Reds 314"],
            being_played,
            ["3", "-50", "50", "Blues 100", "Reds 214"],  # board 2's swing left out of the running total
        ],
        T2: [
            ["1", "-50", "50", "Blues 100", "Blues 100"],
            being_played,
            ["3", "-12", "12", "Blues 24", "Blues 124"],
        ],
        T3: [
            ["1", "10", "-10", "Blues 20", "Blues 20"],
            being_played,
            ["3", "14", "-14", "Blues 28", "Blues 48"],
        ],
    }
    director_page = page_of(director_client, event)  # kept apart from the visitor's in the cache
    assert board_tables(director_page)[T1][1] == ["2", "10", "-10", "Reds 20", "Reds 334"]
    assert board_tables(director_page)[T3][1] == ["2", "", "", "not played yet", ""]
    assert "being played" not in director_page
    assert board_tables(page_of(client, event)) == visitor  # and the director's page is not a visitor's
    # The director's totals count every result: pair 6 has 24, pair 3 -24.  Reds 117 - 44 - 24 = 49 and the
    # E-W average (-117 + 44 - 24)/3 = -97/3: 50/3, shown 17; Blues -17.
    assert headline(director_page) == "Reds lead by 34."
    # A visitor's count only the released boards, 1 and 3 (no peeking: board 2's swing at tables 1 and 2 would
    # show in the margin): pair 1 157 - 50 = 107, pair 2 -50 - 12 = -62, pair 6 10 + 14 = 24, pair 3 -24.
    # Reds 107 - 62 - 24 = 21 and the E-W average (-107 + 62 - 24)/3 = -23: -2; Blues -21 + 23 = 2.
    html = page_of(client, event)
    assert headline(html) == "Blues lead by 4."
    assert "2 of 3 boards counted" in html
    assert "2 of 3 boards counted" not in director_page
    # With running totals over every result (the director's choice), a visitor's totals are the director's.
    services.event_running_totals_set(event=event, running_totals=True)
    html = page_of(client, event)
    assert headline(html) == "Reds lead by 34."
    assert board_tables(html) == visitor  # the boards in play still shown "being played"
    services.event_running_totals_set(event=event, running_totals=False)
    # Once table 3 plays it, board 2 is released to everyone: the whole match as in the first test.
    play = Play.objects.get(event=event, seating__table=3, board__number=2)
    services.play_result_save(
        play=play,
        data=ODD_PAIR[(3, 2)],
        writer=services.Writer(name="td", is_director=True),
        expected_version=play.version,
    )
    html = page_of(client, event)
    assert "being played" not in html
    assert board_tables(html)[T1][1] == ["2", "10", "-10", "Reds 20", "Reds 334"]
    assert board_tables(html)[T3][1] == ["2", "-12", "12", "Reds 24", "Reds 4"]
    assert headline(html) == "Reds lead by 66."


@pytest.mark.parametrize("viewer", ["visitor", "director"])
def test_the_page_runs_the_same_queries_whatever_the_matchs_size(
    db, client, director_client, django_assert_num_queries, viewer
):
    # Cold: the event, the boards in play (decided before the cache is read), the pairs, the plays (and a
    # director's session and user).  From the cache: the event and the boards in play.
    browser = director_client if viewer == "director" else client
    session = 2 if viewer == "director" else 0
    for tables in (3, 7):
        event = make_event(kind="teams", tables=tables, boards_per_round=2, event_kind="teams")
        fill(event)
        last = Play.objects.filter(event=event).order_by("-pk").values_list("pk", flat=True)[:2]
        Play.objects.filter(pk__in=list(last)).update(entered=False)  # boards still in play
        url = reverse("team_match", args=[event.pk])
        cache.clear()
        with django_assert_num_queries(4 + session):
            html = browser.get(url).content.decode()
        assert ("being played" in html) == (viewer == "visitor")
        assert len(board_tables(html)) == tables
        with django_assert_num_queries(2 + session):
            assert browser.get(url).status_code == 200
