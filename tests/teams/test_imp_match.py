"""A contract team match by IMPs and VPs end to end: the event file, the match page, no peeking, queries.
Figures worked by hand (law 77 scores, the WBF IMP scale; VPs by the WBF 2013 scale)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.cache import cache
from django.urls import reverse

from duplicate import services
from duplicate.selectors.imp_match import imp_match
from duplicate.services.eventfile import event_import
from scoring.movements import generate
from tests.factories import DOWNLOADS
from tests.factories import IMP_MATCH_RESULTS as RESULTS
from tests.factories import big_imp_match_file as big_file
from tests.factories import imp_match_file as match_file

pytestmark = pytest.mark.django_db


def test_imps_per_board_the_swing_and_the_vps():
    event = event_import(data=match_file())
    match = imp_match(event)
    assert (match.home, match.away) == ("Reds", "Blues")
    lines = [(x.board, x.home_ns, x.away_ns, x.net, x.home_imps, x.away_imps, x.running) for x in match.lines]
    assert lines == [
        (1, 420, -50, 470, 10, 0, 10),
        (2, 600, 600, 0, 0, 0, 10),
        (3, 100, -620, 720, 12, 0, 22),
        (4, 690, 1440, -750, 0, 13, 9),
    ]
    assert (match.home_imps, match.away_imps, match.winner) == (22, 13, "Reds")
    # WBF 2013, 4 boards: B = 15 * sqrt(4) = 30; a margin of 9: 10 + 10 (1 - t^(27/30)) / (1 - t^3), with
    # t = (sqrt 5 - 1) / 2: 14.60 to 5.40.
    assert (match.home_vp, match.away_vp) == (Decimal("14.60"), Decimal("5.40"))


def test_the_match_page_shows_the_swings_and_hides_boards_in_play(client):
    event = event_import(data=match_file(RESULTS[:-1]))  # board 4's second table still to play
    html = client.get(reverse("team_match", args=[event.pk])).content.decode()
    assert "Reds</strong> 22 IMPs" in html  # board 4 not in the totals (no peeking)
    assert "1440" not in html
    full = event_import(data={**match_file(), "name": "Reds v Blues again"})
    services.event_finish(event=full)
    html = client.get(reverse("team_match", args=[full.pk])).content.decode()
    assert "Reds</strong> 22 IMPs, <strong>Blues</strong> 13 IMPs: 14.60 to 5.40 VPs over 4 boards" in html
    assert "1440" in html


def test_the_match_page_runs_a_fixed_number_of_queries(client, django_assert_num_queries):
    for data in (match_file(), big_file()):
        event = event_import(data=data)
        url = reverse("team_match", args=[event.pk])
        cache.clear()
        with django_assert_num_queries(4):
            assert client.get(url).status_code == 200
        with django_assert_num_queries(2):
            assert client.get(url).status_code == 200


def test_a_match_by_imps_needs_two_tables():
    data = match_file([])
    movement = generate("teams", tables=3, boards_per_round=2)
    data["movement"] = movement.to_dict()
    data["pairs"] = [
        {"number": p, "players": ["", ""], "team": "Reds" if p in movement.teams["A"] else "Blues"}
        for p in movement.pairs
    ]
    data["boards"] = [{"number": n, "dealer": "N"} for n in movement.boards]
    with pytest.raises(services.ServiceError, match="movement: a team match by IMPs plays each board at two"):
        event_import(data=data)


@pytest.mark.parametrize(("name", "args", "cold", "warm"), DOWNLOADS)
def test_every_download_of_an_imp_match_answers(client, name, args, cold, warm):
    event = event_import(data=match_file())
    services.event_finish(event=event)
    assert client.get(reverse(name, args=[event.pk, *args])).status_code == 200
