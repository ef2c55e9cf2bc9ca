"""Standings worked out by hand: law H pair contests, law B(3) rulings, whist, the command.

Scores are auction-1915 unless said otherwise, with no hands (so no honours).  The deal scores used below
(law 3 trick values, law 48a undertricks, duplicate law A premium of 125 for a trick score of 30 or more) are
worked out in tests/hand_scored.py: 4H by N made +157, one down -50; 4H by E one down +50; 1NT by N +10; 2S by
N +18; 1C by E -12; 2D by S +14 (N-S's net).

A pair's score on a deal is its side's total less the other side's ("net"); its plus/minus on a board is
that score less the average of the pairs who held the same cards.
"""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from duplicate import services
from duplicate.exports.csv import standings_csv_text as standings_csv
from duplicate.exports.text import standings_json, standings_text
from duplicate.models import Play, Round
from duplicate.selectors.standings import build_results, event_results, pair_standings, standings
from duplicate.selectors.travellers import score_card, traveller
from duplicate.services.eventfile import event_import
from tests.factories import MITCHELL_RESULTS, agree_all, mitchell_event, pairs_named
from tests.hand_scored import C1C_E, C1NT, C2D, C2S, C4H_DOWN, C4H_E_DOWN, C4H_MADE

pytestmark = pytest.mark.usefixtures("fresh_cache")


def test_mitchell_ranks_north_south_and_east_west_separately(db):
    event = mitchell_event(MITCHELL_RESULTS)
    agree_all(event)
    data = standings_json(standings(event))
    assert data["kind"] == "pairs"
    assert data["provisional"] is False
    rows = data["rows"]
    # N-S: pair 1: 118 - 56/3 + 76/3 = 374/3 (124 2/3 -> 125), net 157 - 12 + 18 = 163
    #      pair 2: -29 + 34/3 - 128/3 = -181/3 (-60 1/3 -> -60), net 10 + 18 - 50 = -22
    #      pair 3: -89 + 22/3 + 52/3 = -193/3 (-64 1/3 -> -64), net -50 + 14 + 10 = -26
    # E-W (the negatives, board by board):
    #      pair 4: -118 - 22/3 + 128/3 = -248/3 (-83), net -157 - 14 + 50 = -121
    #      pair 5:   89 - 34/3 - 76/3 = 157/3 (52), net 50 - 18 - 18 = 14
    #      pair 6:   29 + 56/3 - 52/3 = 91/3 (30), net -10 + 12 - 10 = -8
    assert rows == [
        {
            "rank": 1,
            "pair": 1,
            "direction": "NS",
            "players": ["North 1", "South 1"],
            "members": [
                {"name": "North 1", "number": "", "body": ""},
                {"name": "South 1", "number": "", "body": ""},
            ],
            "boards": 3,
            "net": "163",
            "plus_minus": 125,
            "exact": "374/3",
            "ranking": "N-S",
        },
        {
            "rank": 2,
            "pair": 2,
            "direction": "NS",
            "players": ["North 2", "South 2"],
            "members": [
                {"name": "North 2", "number": "", "body": ""},
                {"name": "South 2", "number": "", "body": ""},
            ],
            "boards": 3,
            "net": "-22",
            "plus_minus": -60,
            "exact": "-181/3",
            "ranking": "N-S",
        },
        {
            "rank": 3,
            "pair": 3,
            "direction": "NS",
            "players": ["North 3", "South 3"],
            "members": [
                {"name": "North 3", "number": "", "body": ""},
                {"name": "South 3", "number": "", "body": ""},
            ],
            "boards": 3,
            "net": "-26",
            "plus_minus": -64,
            "exact": "-193/3",
            "ranking": "N-S",
        },
        {
            "rank": 1,
            "pair": 5,
            "direction": "EW",
            "players": ["North 5", "South 5"],
            "members": [
                {"name": "North 5", "number": "", "body": ""},
                {"name": "South 5", "number": "", "body": ""},
            ],
            "boards": 3,
            "net": "14",
            "plus_minus": 52,
            "exact": "157/3",
            "ranking": "E-W",
        },
        {
            "rank": 2,
            "pair": 6,
            "direction": "EW",
            "players": ["North 6", "South 6"],
            "members": [
                {"name": "North 6", "number": "", "body": ""},
                {"name": "South 6", "number": "", "body": ""},
            ],
            "boards": 3,
            "net": "-8",
            "plus_minus": 30,
            "exact": "91/3",
            "ranking": "E-W",
        },
        {
            "rank": 3,
            "pair": 4,
            "direction": "EW",
            "players": ["North 4", "South 4"],
            "members": [
                {"name": "North 4", "number": "", "body": ""},
                {"name": "South 4", "number": "", "body": ""},
            ],
            "boards": 3,
            "net": "-121",
            "plus_minus": -83,
            "exact": "-248/3",
            "ranking": "E-W",
        },
    ]


def test_provisional_until_every_result_is_in_and_every_round_agreed(db):
    partial = {k: v for k, v in MITCHELL_RESULTS.items() if k != (3, 1)}
    event = mitchell_event(partial)
    agree_all(event)
    st = standings(event)
    assert st.provisional
    assert st.progress.entered == 8
    assert st.progress.total == 9

    event = mitchell_event(MITCHELL_RESULTS)
    st = standings(event)
    assert st.provisional
    assert st.progress.unagreed_rounds == 3
    first = Round.objects.filter(section__event=event).order_by("number")
    for rnd in list(first)[:2]:
        services.round_agree(round=rnd, user_id=None)
    event.refresh_from_db()
    assert standings(event).progress.unagreed_rounds == 1
    agree_all(event)
    assert standings(event).provisional is False


# A Howell-style movement (custom, one ranking) in which the pairs play different boards:
#   round 1: T1 1v2 b1, T2 3v4 b1   (5 sits out)
#   round 2: T1 5v1 b2, T2 2v3 b2   (4 sits out)
#   round 3: T1 4v5 b3, T2 1v3 b3   (2 sits out)
# Pair 1 plays boards 1-3 (N-S, E-W, N-S); pair 2 boards 1-2; pair 4 boards 1 and 3; pair 5 boards 2-3.
HOWELL = {
    "name": "Howell by hand",
    "date": "1916-03-04",
    "code": "auction-1915",
    "pairs": pairs_named(range(1, 6)),
    "boards": [{"number": n} for n in (1, 2, 3)],
    "results": [
        # Board 1: N-S 157 and -50, average 107/2: pair 1 +207/2, pair 3 -207/2; E-W 2 -207/2, 4 +207/2.
        {"round": 1, "table": 1, "board": 1, "ns": 1, "ew": 2, **C4H_MADE},
        {"round": 1, "table": 2, "board": 1, "ns": 3, "ew": 4, **C4H_DOWN},
        # Board 2: N-S 10 and 18, average 14: pair 5 -4, pair 2 +4; E-W -10 and -18, average -14: 1 +4, 3 -4.
        {"round": 2, "table": 1, "board": 2, "ns": 5, "ew": 1, **C1NT},
        {"round": 2, "table": 2, "board": 2, "ns": 2, "ew": 3, **C2S},
        # Board 3: N-S -12 and 14, average 1: pair 4 -13, pair 1 +13; E-W 12 and -14, average -1: 5 +13, 3 -13.
        {"round": 3, "table": 1, "board": 3, "ns": 4, "ew": 5, **C1C_E},
        {"round": 3, "table": 2, "board": 3, "ns": 1, "ew": 3, **C2D},
    ],
}


def test_howell_one_ranking_each_pair_compared_on_its_own_boards(db):
    event = event_import(data=HOWELL)
    rows = standings_json(standings(event))["rows"]
    # pair 1: 207/2 + 4 + 13 = 241/2 (120 1/2 -> 121, halves away from zero), net 157 - 10 + 14 = 161
    # pair 4: 207/2 - 13 = 181/2 (90 1/2 -> 91), net 50 - 12 = 38
    # pair 5: -4 + 13 = 9, net 10 + 12 = 22
    # pair 2: -207/2 + 4 = -199/2 (-99 1/2 -> -100), net -157 + 18 = -139
    # pair 3: -207/2 - 4 - 13 = -241/2 (-121), net -50 - 18 - 14 = -82
    got = [
        (r["rank"], r["pair"], r["direction"], r["boards"], r["net"], r["plus_minus"], r["exact"])
        for r in rows
    ]
    assert got == [
        (1, 1, None, 3, "161", 121, "241/2"),
        (2, 4, None, 2, "38", 91, "181/2"),
        (3, 5, None, 2, "22", 9, "9"),
        (4, 2, None, 2, "-139", -100, "-199/2"),
        (5, 3, None, 3, "-82", -121, "-241/2"),
    ]


def test_rulings_law_b3_average_and_low_high(db):
    results = dict(MITCHELL_RESULTS)
    results[(1, 3)] = {"ruling": "average"}  # board 1, 3 v 5: each pair takes the average
    results[(3, 2)] = {"ruling": "low-high", "offending": "NS"}  # board 3, 2 v 4: N-S offend
    event = mitchell_event(results)
    agree_all(event)
    st = pair_standings(event)
    got = {(r.direction, r.pair.label): (r.rank, r.net, r.plus_minus) for r in st.rows}
    # Board 1: scores made 157 (1v4), 10 (2v6): N-S average 167/2.  3 takes 167/2 (0), 5 takes -167/2 (0).
    #   plus/minus: 1 +147/2, 2 -147/2; E-W 4 -147/2, 6 +147/2.
    # Board 3: made 10 (3v6), 18 (1v5): N-S average 14.  Pair 2 (offending N-S) takes the lowest N-S
    #   score, 10 (-4); pair 4 the highest E-W score, -10 (+4).  3: -4, 1: +4; E-W 6: +4, 5: -4.
    # Board 2 as in the Mitchell: 2 +34/3, 1 -56/3, 3 +22/3; E-W 5 -34/3, 6 +56/3, 4 -22/3.
    assert got == {
        ("NS", 1): (1, Fraction(163), Fraction(353, 6)),  # 147/2 - 56/3 + 4; net 157 - 12 + 18
        ("NS", 3): (2, Fraction(215, 2), Fraction(10, 3)),  # 0 + 22/3 - 4; net 167/2 + 14 + 10
        ("NS", 2): (3, Fraction(38), Fraction(-397, 6)),  # -147/2 + 34/3 - 4; net 10 + 18 + 10
        ("EW", 6): (1, Fraction(-8), Fraction(577, 6)),  # 147/2 + 56/3 + 4; net -10 + 12 - 10
        ("EW", 5): (2, Fraction(-239, 2), Fraction(-46, 3)),  # 0 - 34/3 - 4; net -167/2 - 18 - 18
        ("EW", 4): (3, Fraction(-181), Fraction(-461, 6)),  # -147/2 - 22/3 + 4; net -157 - 14 - 10
    }
    assert not st.provisional
    rows = standings_json(st)["rows"]
    assert rows[1] == {
        "rank": 2,
        "pair": 3,
        "direction": "NS",
        "players": ["North 3", "South 3"],
        "members": [
            {"name": "North 3", "number": "", "body": ""},
            {"name": "South 3", "number": "", "body": ""},
        ],
        "boards": 3,
        "net": "215/2",
        "plus_minus": 3,
        "exact": "10/3",
        "ranking": "N-S",
    }


def test_a_ruling_with_nothing_to_draw_on_waits_and_keeps_the_standings_provisional(db):
    results = {k: v for k, v in MITCHELL_RESULTS.items() if k[0] != 1}
    results[(1, 1)] = {"ruling": "average"}  # the only result on board 1 so far
    event = mitchell_event(results)
    agree_all(event)
    st = pair_standings(event)
    assert st.provisional
    assert st.progress.unresolved_rulings == 1
    pair1 = next(r for r in st.rows if r.pair.label == 1)
    assert pair1.boards == 2  # board 1 does not count until a score is made there


# Duplicate whist, the same Mitchell, N-S tricks:
#   board 1: 8 (1v4), 7 (3v5), 9 (2v6): average 8; N-S 1 0, 3 -1, 2 +1; E-W 4 0, 5 +1, 6 -1
#   board 2: 6 (2v5), 7 (1v6), 10 (3v4): average 23/3; N-S 2 -5/3, 1 -2/3, 3 +7/3; E-W 5 +5/3, 6 +2/3, 4 -7/3
#   board 3: 5 (3v6), 6 (2v4), 7 (1v5): average 6; N-S 3 -1, 2 0, 1 +1; E-W 6 +1, 4 0, 5 -1
WHIST = {
    (1, 1): {"tricks_ns": 8},
    (1, 3): {"tricks_ns": 7},
    (1, 2): {"tricks_ns": 9},
    (2, 2): {"tricks_ns": 6},
    (2, 1): {"tricks_ns": 7},
    (2, 3): {"tricks_ns": 10},
    (3, 3): {"tricks_ns": 5},
    (3, 2): {"tricks_ns": 6},
    (3, 1): {"tricks_ns": 7},
}


def test_whist_scores_the_tricks_each_side_won_and_equal_scores_share_a_place(db):
    event = mitchell_event(WHIST, code="whist")
    rows = standings_json(standings(event))["rows"]
    got = [(r["rank"], r["pair"], r["direction"], r["net"], r["plus_minus"], r["exact"]) for r in rows]
    # N-S: 1: 0 - 2/3 + 1 = 1/3 (tricks 8+7+7 = 22); 3: -1 + 7/3 - 1 = 1/3 (7+10+5 = 22) -- equal, both 1st;
    #      2: 1 - 5/3 + 0 = -2/3 (9+6+6 = 21).
    # E-W: 5: 1 + 5/3 - 1 = 5/3 (6+7+6 = 19); 6: -1 + 2/3 + 1 = 2/3 (4+6+8 = 18); 4: 0 - 7/3 + 0 = -7/3 (5+3+7 = 15)
    assert got == [
        (1, 1, "NS", "22", 0, "1/3"),
        (1, 3, "NS", "22", 0, "1/3"),
        (3, 2, "NS", "21", -1, "-2/3"),
        (1, 5, "EW", "19", 2, "5/3"),
        (2, 6, "EW", "18", 1, "2/3"),
        (3, 4, "EW", "15", -2, "-7/3"),
    ]


def test_a_place_won_by_the_fraction_of_a_point(db, client):
    # The Howell above with other results:
    #   board 1: 1v2 4H made (157), 3v4 4H down (-50): average 107/2; 1 +207/2, 3 -207/2; E-W 2 -207/2, 4 +207/2
    #   board 2: 5v1 4H by N down (-50), 2v3 4H by E down (+50): average 0; 5 -50, 2 +50; E-W 1 +50, 3 -50
    #   board 3: 4v5 2S (18), 1v3 1NT (10): average 14; 4 +4, 1 -4; E-W 5 -18, 3 -10, average -14: 5 -4, 3 +4
    # pair 1: 207/2 + 50 - 4 = 299/2;  pair 4: 207/2 + 4 = 215/2;  pair 2: -207/2 + 50 = -107/2 (-53 1/2);
    # pair 5: -50 - 4 = -54;  pair 3: -207/2 - 50 + 4 = -299/2.
    # -107/2 rounds (halves away from zero) to -54, as does -54: pair 2 is third by the fraction of a point.
    data = json.loads(json.dumps(HOWELL))
    contracts = [C4H_MADE, C4H_DOWN, C4H_DOWN, C4H_E_DOWN, C2S, C1NT]
    for row, contract in zip(data["results"], contracts, strict=True):
        for key in ("contract", "declarer", "tricks"):
            row.pop(key)
        row.update(contract)
    event = event_import(data=data)
    st = pair_standings(event)
    got = [(r.rank, r.pair.label, r.plus_minus, r.plus_minus_display, r.by_fraction) for r in st.rows]
    assert got == [
        (1, 1, Fraction(299, 2), "+150", False),
        (2, 4, Fraction(215, 2), "+108", False),
        (3, 2, Fraction(-107, 2), "-53 1/2", True),
        (4, 5, Fraction(-54), "-54", True),
        (5, 3, Fraction(-299, 2), "-150", False),
    ]
    rows = standings_json(st)["rows"]
    assert [(r["plus_minus"], r["exact"]) for r in rows[2:4]] == [(-54, "-107/2"), (-54, "-54")]
    page = client.get(reverse("event_standings", args=[event.pk])).content.decode()
    assert "by the fraction of a point" in page
    assert "-53 1/2" in page
    assert "(by the fraction of a point)" in standings_text(st)


def test_score_card_board_by_board_with_running_total(db):
    event = mitchell_event(MITCHELL_RESULTS)
    pair1 = event.pairs.get(number="1")
    card = score_card(event, pair1.pk)
    lines = [
        (ln.round, ln.board, ln.opponents.label, ln.result, ln.score, ln.average, ln.plus_minus, ln.running)
        for ln in card.lines
    ]
    assert lines == [
        (1, 1, 4, "4H by N, 10 tricks", 157, Fraction(39), Fraction(118), Fraction(118)),
        (2, 2, 6, "1C by E, 8 tricks", -12, Fraction(20, 3), Fraction(-56, 3), Fraction(298, 3)),
        (3, 3, 5, "2S by N, 8 tricks", 18, Fraction(-22, 3), Fraction(76, 3), Fraction(374, 3)),
    ]
    assert card.standing.rank == 1


def test_traveller_every_table_with_items_and_averages(db):
    event = mitchell_event(MITCHELL_RESULTS)
    board = event.boards.get(number=1)
    trav = traveller(event, board)
    assert trav.ns_average == 39
    assert trav.ew_average == -39
    lines = [
        (ln.table, ln.ns.label, ln.ew.label, ln.ns_score, ln.ns_plus_minus, ln.ew_plus_minus)
        for ln in trav.lines
    ]
    # by table, as the room sits
    assert lines == [(1, 1, 4, 157, 118, -118), (2, 2, 6, 10, -29, 29), (3, 3, 5, -50, -89, 89)]
    assert trav.lines[0].ns_items == "tricks 32 (law 3), premium 125 (law A)"
    assert trav.lines[2].ew_items == "undertricks 50 (law 48a)"


# ------------------------------------------------------------------------------------------ pages


def test_pages_render_the_hand_worked_figures(db, client):
    event = mitchell_event(MITCHELL_RESULTS)
    page = client.get(reverse("event_standings", args=[event.pk])).content.decode()
    assert "<h2>N-S</h2>" in page
    assert "<h2>E-W</h2>" in page
    assert "+125" in page
    assert "Provisional" in page
    pair1 = event.pairs.get(number="1")
    card = client.get(reverse("pair_scorecard", args=[event.pk, pair1.number])).content.decode()
    assert "+124 2/3" in card
    assert "4H by N, 10 tricks" in card
    trav = client.get(reverse("board_traveller", args=[event.pk, 1])).content.decode()
    assert "premium 125 (law A)" in trav
    assert "+118" in trav
    assert client.get(reverse("board_traveller", args=[event.pk, 9])).status_code == 404
    assert client.get(reverse("pair_scorecard", args=[event.pk, "999999"])).status_code == 404
    sorted_page = client.get(reverse("event_standings", args=[event.pk]) + "?ns-sort=-plus_minus")
    assert sorted_page.status_code == 200


def test_traveller_shows_the_hands_when_known(db, client):
    event = mitchell_event(MITCHELL_RESULTS)
    deals = {1: "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"}
    # The results in change with the hands' honours: the director confirms them (law E, "hands replaced").
    services.board_deals_set(
        event=event,
        deals=deals,
        writer=services.Writer(name="td", is_director=True),
        expected=services.board_deals_preview(event=event, deals=deals).versions,
    )
    page = client.get(reverse("board_traveller", args=[event.pk, 1])).content.decode()
    assert 'class="hand-diagram"' in page
    assert "AKQJ" in page


def test_results_version_invalidates_the_cache(db):
    event = mitchell_event(MITCHELL_RESULTS)
    before = standings_json(standings(event))
    play = Play.objects.get(event=event, board__number=1, ns_pair__number="1")
    services.play_result_save(
        play=play,
        data=C4H_DOWN,
        writer=services.Writer(name="td", is_director=True),
        expected_version=play.version,
    )
    event.refresh_from_db()
    after = standings_json(standings(event))
    assert before != after
    assert after["rows"][0]["pair"] != 1 or after["rows"][0]["exact"] != "374/3"


# ---------------------------------------------------------------------------------------- command


def test_command_json_text_csv(db, tmp_path, capsys):
    event = mitchell_event(MITCHELL_RESULTS)
    agree_all(event)
    call_command("standings", str(event.pk), "--format", "json")
    data = json.loads(capsys.readouterr().out)
    assert data["provisional"] is False
    assert data["rows"][0]["exact"] == "374/3"
    call_command("standings", str(event.pk), "--format", "text")
    text = capsys.readouterr().out
    assert "\nN-S\n" in text
    assert "\nE-W\n" in text
    assert "+125" in text
    out = tmp_path / "s.csv"
    call_command("standings", str(event.pk), "--format", "csv", "-o", str(out))
    assert out.read_bytes().startswith(b"\xef\xbb\xbf")  # a byte-order mark, as the download has
    rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8-sig"))))
    assert rows[0]["pair"] == "1"
    assert rows[0]["exact"] == "'374/3"
    assert rows[0]["plus_minus"] == "124.67"  # a decimal number; the exact value beside it
    assert standings_csv(standings(event)).startswith('"rank","pair","direction",')
    assert [(r["pair"], r["direction"], r["ranking"]) for r in rows] == [
        ("1", "NS", "N-S"),
        ("2", "NS", "N-S"),
        ("3", "NS", "N-S"),
        ("5", "EW", "E-W"),
        ("6", "EW", "E-W"),
        ("4", "EW", "E-W"),
    ]
    assert standings_text(standings(event)).startswith("Mitchell by hand")


@pytest.mark.parametrize("fmt", ["xlsx", "pdf"])
def test_command_binary_formats_plug_in_from_the_exports(db, fmt, tmp_path):
    # xlsx and pdf come from duplicate.exports.<format>.standings_<format> (the outputs issue).
    event = mitchell_event(MITCHELL_RESULTS)
    with pytest.raises(CommandError, match=f"standings: the {fmt} format needs -o FILE"):
        call_command("standings", str(event.pk), "--format", fmt)
    out = tmp_path / f"standings.{fmt}"
    call_command("standings", str(event.pk), "--format", fmt, "-o", str(out))
    assert out.read_bytes()[:4] in (b"PK\x03\x04", b"%PDF")


def test_command_unknown_event(db):
    with pytest.raises(CommandError, match="no such event"):
        call_command("standings", "999999")


def test_event_results_reads_the_pairs_and_the_plays(db, django_assert_num_queries):
    event = mitchell_event(MITCHELL_RESULTS)
    for _again in range(2):  # the pairs (their sections name the rankings), the plays; nothing kept
        with django_assert_num_queries(2):
            event_results(event)


def test_a_play_entered_without_a_whole_number_net_is_reported_naming_the_field():
    # (board, ns, ew, entered, ruling, offending, net_ns, table, round, agreed): PLAY_FIELDS
    rows = [(1, 1, 4, True, "", "", 120, 1, 1, False), (1, 2, 5, True, "", "", None, 2, 1, False)]
    results = build_results("auction-1915", "pairs", rows, {})
    assert results.contest is None
    assert results.error is not None
    assert results.error.startswith("net: ")
    assert results.provisional
