"""Event files of the events of matches (teams.eventfile_matches through duplicate's event_import and
event_export): a league's, a Swiss teams' and a Swiss pairs' file reproduced by export then import; whole
results and boards; a Swiss imported with its rounds complete drawn on at once; a bad file refused whole."""

from __future__ import annotations

import datetime as dt
import json
from fractions import Fraction

import pytest

from duplicate.models import Play
from duplicate.services.errors import ServiceError
from duplicate.services.eventfile import event_export, event_import
from teams.models import Match
from teams.selectors_matches import vp_table
from teams.services import EntrantSpec, match_result_save, matches_event_create, round_draw
from tests.factories import db_counts, enter, match_plays, matches_event

pytestmark = pytest.mark.django_db


def reimported(event):
    data = json.loads(json.dumps(event_export(event, director=True)))
    copy = event_import(data=data)
    again = event_export(copy, director=True)
    assert again == data
    return data, copy


def test_league_round_trip_with_whole_and_board_results():
    event = matches_event("round-robin", 5, boards=1, names=["Reds", "Blues", "Greens", "Whites", "Blacks"])
    one, two, *_ = Match.objects.filter(event=event, round=1, away__isnull=False).order_by("table")
    match_result_save(match=one, entered="imps", home=23, away=11)
    home_table, away_table = match_plays(two)
    enter(home_table, {"contract": "4S", "declarer": "N", "tricks": 10})
    enter(away_table, {"contract": "4S", "declarer": "N", "tricks": 9})
    data, copy = reimported(event)
    assert data["kind"] == "round-robin"
    assert data["matches"][0] == {"round": 1, "table": 0, "home": data["matches"][0]["home"], "away": None}
    assert {"round": 1, "table": 1, "home": one.home.name, "away": one.away.name, "imps": [23, 11]} in data[
        "matches"
    ]
    boards = next(m for m in data["matches"] if m.get("boards"))["boards"]
    assert [(b["table"], b["board"], b["tricks"]) for b in boards] == [(3, 1, 10), (4, 1, 9)]
    assert [(r.name, r.vps) for r in vp_table(copy, director=True)] == [
        (r.name, r.vps) for r in vp_table(event, director=True)
    ]
    assert Play.objects.filter(event=copy, entered=True).count() == 2


def test_swiss_file_with_complete_rounds_is_drawn_on_at_once():
    event = matches_event("swiss-teams", 6, boards=2, rounds=3, seeded=True)
    for m in Match.objects.filter(event=event, round=1):
        match_result_save(match=m, entered="vps", home="12.5", away="7.5")
    data, copy = reimported(event)
    assert data["rounds"] == 3
    assert data["teams"][0] == {"name": "T1", "seed": 1}
    drawn = round_draw(event=copy)
    assert {m.round for m in drawn} == {2}
    assert {r.vps for r in vp_table(copy)} == {Fraction("12.5"), Fraction("7.5")}


def test_swiss_pairs_round_trip_keeps_players_and_scoring():
    event = matches_event_create(
        name="Swiss pairs",
        date=dt.date(2026, 11, 28),
        contest="swiss-pairs",
        entrants=[EntrantSpec(name=f"P{i}", players=(f"Ann {i}", f"Bob {i}")) for i in range(1, 7)],
        boards_per_match=2,
        rounds=3,
        match_scoring="matchpoints",
        bye_vp100=1050,
    )
    data, copy = reimported(event)
    assert (copy.match_scoring, copy.bye_vp100, data["bye_vps"]) == ("matchpoints", 1050, "10.50")
    assert data["pairs"][0]["players"] == ["Ann 1", "Bob 1"]


def test_a_file_with_matches_bye_and_whole_results_hand_written():
    data = {
        "name": "Winter league",
        "date": "2026-11-28",
        "kind": "round-robin",
        "boards_per_match": 16,
        "teams": [{"name": n} for n in ("Reds", "Blues", "Greens")],
        "pairs": [
            {"number": i + 1, "players": [], "team": t}
            for i, t in enumerate(["Reds", "Reds", "Blues", "Blues", "Greens", "Greens"])
        ],
        "matches": [
            {"round": 1, "home": "Reds", "away": "Blues", "imps": [30, 16]},
            {"round": 1, "home": "Greens", "away": None},
            {"round": 2, "home": "Greens", "away": "Reds", "vps": ["10", "10"]},
            {"round": 2, "home": "Blues", "away": None},
            {"round": 3, "home": "Blues", "away": "Greens"},
            {"round": 3, "home": "Reds", "away": None},
        ],
    }
    event = event_import(data=data)
    # 14 IMPs over 16 boards: 13.75 - 6.25; a bye 12.
    assert [(r.name, r.vps) for r in vp_table(event)] == [
        ("Reds", Fraction("35.75")),
        ("Greens", Fraction(22)),
        ("Blues", Fraction("18.25")),
    ]
    # The two matches given whole keep no empty plays; round 3's match is played at its two tables.
    assert Play.objects.filter(event=event).count() == 2 * 16
    assert set(Play.objects.filter(event=event).values_list("seating__round__number", flat=True)) == {3}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"kind": "round-robin", "boards_per_match": 0}, "boards_per_match"),
        (
            {"matches": [{"round": 1, "home": "Reds", "away": "Nobody"}]},
            r"matches\[0\]: home and away must be two of the teams",
        ),
        (
            {"matches": [{"round": 1, "home": "Reds", "away": "Blues", "imps": [10000, 0]}]},
            r"matches\[0\]: home IMPs",
        ),
        ({"matches": [{"round": 2, "home": "Reds", "away": "Blues"}]}, "without a gap"),
        ({"bye_vps": "20.5"}, "bye_vps"),
        # a side or a team named by something other than a text (a list is no team's name)
        ({"matches": [{"round": 1, "home": [], "away": "Blues"}]}, r"matches\[0\]: home and away"),
        ({"matches": [{"round": 1, "home": "Reds", "away": {}}]}, r"matches\[0\]: home and away"),
        ({"pairs": [{"number": 1, "team": {}}]}, r"pairs\[0\]: must be an object naming one of the teams"),
        (
            {"matches": [{"round": r, "home": "Reds", "away": "Blues"} for r in (1, 2, 3, 4)]},
            "matches: round 4 is past the 3 rounds planned",
        ),
        ({"colour": 1}, "colour: not a field"),
    ],
)
def test_a_bad_file_is_refused_whole(change, message):
    data = {
        "name": "L",
        "date": "2026-11-28",
        "kind": "round-robin",
        "boards_per_match": 2,
        "teams": [{"name": n} for n in ("Reds", "Blues", "Greens")],
        "pairs": [],
        **change,
    }
    before = db_counts()
    with pytest.raises(ServiceError, match=message):
        event_import(data=data)
    assert db_counts() == before


def test_a_visitors_file_leaves_out_the_boards_in_play():
    event = matches_event("round-robin", 6, boards=1)
    match = Match.objects.get(event=event, round=1, table=1)
    for play in match_plays(match):
        enter(play, {"contract": "PASS"})
    visitor = event_export(event)
    assert not any("boards" in m for m in visitor["matches"])  # board 1 is still in play at tables 3 to 6
    director = event_export(event, director=True)
    assert [len(m["boards"]) for m in director["matches"] if "boards" in m] == [2]


DEAL = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


def test_deals_dealers_and_vulnerability_come_back():
    event = matches_event("round-robin", 4, boards=1)
    data = event_export(event, director=True)
    data["boards"][0].update(deal=DEAL, dealer="W", vulnerability="All")
    copy = event_import(data=data)
    board = copy.boards.get(number=1)
    assert (board.deal, board.dealer, board.vulnerability) == (DEAL, "W", "All")
    assert event_export(copy, director=True)["boards"][0] == data["boards"][0]
    for bad, message in [
        ({"deal": "N:nonsense"}, "board 1: deal"),
        ({"vulnerability": "Some"}, r"boards\[0\]"),
        ({"dealer": "X"}, "dealer: must be N, E, S or W"),
        ({"number": 99}, "board 99 is not played"),
    ]:
        wrong = json.loads(json.dumps(data))
        wrong["boards"][0].update(bad)
        before = db_counts()
        with pytest.raises(ServiceError, match=message):
            event_import(data=wrong)
        assert db_counts() == before
