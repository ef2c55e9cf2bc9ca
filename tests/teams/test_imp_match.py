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
from tests.duplicate.test_downloads import DOWNLOADS

pytestmark = pytest.mark.django_db

# Teams movement, 2 pairs a team: Reds 1, 2; Blues 3, 4.  Round 1: table 1 1 v 3 boards 1-2, table 2 4 v 2
# boards 3-4; round 2 the boards change tables.  Reds (home) sit N-S at table 1, Blues at table 2.
RESULTS = [
    (1, 1, 1, 1, 3, {"contract": "4S", "declarer": "N", "tricks": 10}),  # Reds N-S +420 (not vul)
    (2, 2, 1, 4, 2, {"contract": "4S", "declarer": "N", "tricks": 9}),  # Blues N-S -50: net 470, 10 IMPs
    (1, 1, 2, 1, 3, {"contract": "3NT", "declarer": "S", "tricks": 9}),  # +600 (N-S vul)
    (2, 2, 2, 4, 2, {"contract": "3NT", "declarer": "S", "tricks": 9}),  # +600: net 0, 0 IMPs
    (1, 2, 3, 4, 2, {"contract": "4H", "declarer": "E", "tricks": 10}),  # Blues N-S -620 (E-W vul)
    (2, 1, 3, 1, 3, {"contract": "4H", "declarer": "E", "tricks": 9}),  # Reds N-S +100: net 720, 12 IMPs
    (1, 2, 4, 4, 2, {"contract": "6NT", "declarer": "N", "tricks": 12}),  # Blues +1440 (vul: 190+500+750)
    (2, 1, 4, 1, 3, {"contract": "3NT", "declarer": "N", "tricks": 12}),  # Reds +690: net -750, 13 to Blues
]


def match_file(results=RESULTS) -> dict:
    movement = generate("teams", tables=2, boards_per_round=2)
    return {
        "name": "Reds v Blues",
        "date": "2026-11-25",
        "code": "contract",
        "contest": "imps",
        "kind": "teams",
        "teams": [{"name": "Reds"}, {"name": "Blues"}],
        "pairs": [
            {"number": p, "players": [f"P{p}", f"Q{p}"], "team": "Reds" if p in (1, 2) else "Blues"}
            for p in movement.pairs
        ],
        "boards": [{"number": n, "dealer": "N"} for n in movement.boards],
        "movement": movement.to_dict(),
        "results": [
            {"round": r, "table": t, "board": b, "ns": ns, "ew": ew, **res}
            for r, t, b, ns, ew, res in results
        ],
    }


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


def big_file(boards_per_round: int = 8) -> dict:
    """Two tables, every board played at both: 3NT by North, 9 to 11 tricks."""
    data = match_file([])
    movement = generate("teams", tables=2, boards_per_round=boards_per_round)
    data["movement"] = movement.to_dict()
    data["boards"] = [{"number": n, "dealer": "N"} for n in movement.boards]
    data["results"] = [
        {"round": r.number, "table": t.table, "board": b, "ns": t.ns, "ew": t.ew}
        | {"contract": "3NT", "declarer": "N", "tricks": 9 + (b + t.table) % 3}
        for r in movement.rounds
        for t in r.tables
        for b in t.boards
    ]
    return data


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
