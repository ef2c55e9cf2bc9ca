"""Event files: import in one transaction, export, round trips, and every import error named by position."""

from __future__ import annotations

import copy
import json
from fractions import Fraction

import pytest
from django.urls import reverse

from duplicate import services
from duplicate.demo import AGREED_ROUNDS, LAST_ROUND_TABLES_IN, demo_event_file
from duplicate.exports.text import standings_json
from duplicate.models import Board, Event, Pair, Play, PlayChange, Round, Seating
from duplicate.selectors.standings import standings, team_standings
from duplicate.services import ServiceError
from duplicate.services.eventfile import event_export, event_import, parse_json
from scoring.movements import generate
from tests.factories import DEAL, small_file
from tests.hand_scored import C1C_E, C1NT, C2S, C4H_DOWN, C4H_MADE


def assert_written_back(event: Event, kind: str) -> None:
    """The export writes the movement found (of ``kind``), and reads back the same."""
    exported = event_export(event)
    assert exported["movement"]["kind"] == kind
    assert event_export(event_import(data=exported)) == exported


@pytest.mark.django_db
def test_import_creates_the_event_and_scores_results():
    event = event_import(data=small_file())
    assert event.name == "Spring pairs"
    assert event.code == "auction-1915"
    assert event.pairs.count() == 6
    assert event.boards.count() == 3
    assert Seating.objects.filter(round__section__event=event).count() == 9
    four_hearts = Play.objects.get(event=event, board__number=1, ns_pair__number="1")
    # law 3: hearts 8 a trick over six; 4H made exactly: 4 x 8 = 32 to N-S, no premium (under 30? no: 32 >= 30)
    # duplicate law A: a trick score of 30 or more adds 125 in the honour column -> N-S 32 + 125 = 157.
    assert (four_hearts.ns_trick, four_hearts.ns_honour, four_hearts.net_ns) == (32, 125, 157)
    passed = Play.objects.get(event=event, board__number=2, ns_pair__number="2")
    assert passed.entered
    assert passed.contract == "PASS"
    assert passed.net_ns == 0
    ruled = Play.objects.get(event=event, board__number=3, ns_pair__number="3")
    assert ruled.entered
    assert ruled.ruling == "average"
    assert Play.objects.filter(event=event, entered=False).count() == 6


@pytest.mark.django_db
def test_round_trip_reproduces_the_event():
    first = event_import(data=small_file())
    exported = event_export(first)
    second = event_import(data=json.loads(json.dumps(exported)))
    again = event_export(second)
    assert again == exported
    # 4H by N at round 1 table 1, written as the file gave it
    assert exported["results"][0] == small_file()["results"][0]


@pytest.mark.django_db
def test_round_trip_of_the_demo_event_with_hands_and_honours():
    first = event_import(data=demo_event_file())
    exported = event_export(first)
    assert all(b.get("deal") for b in exported["boards"])
    # six rounds at every table, and the last round at some
    assert len(exported["results"]) == 6 * 7 * 3 + LAST_ROUND_TABLES_IN * 3
    assert len(exported["agreed_rounds"]) == AGREED_ROUNDS
    second = event_import(data=exported)
    assert event_export(second) == exported

    def nets(event):
        return sorted(
            Play.objects.filter(event=event).values_list("board__number", "ns_pair__number", "net_ns")
        )

    assert nets(first) == nets(second)


@pytest.mark.django_db
def test_round_trip_of_a_team_match_and_a_howell_and_whist():
    movement = generate("teams", tables=3, boards_per_round=2)
    teams_file = {
        "name": "Match",
        "date": "1916-05-01",
        "code": "auction-1913",
        "kind": "teams",
        "teams": [{"name": "Reds"}, {"name": "Blues"}],
        "pairs": [
            {
                "number": p,
                "players": [f"a{p}", f"b{p}"],
                "team": "Reds" if p in movement.teams["A"] else "Blues",
            }
            for p in movement.pairs
        ],
        "boards": [{"number": n, "dealer": "N"} for n in movement.boards],
        "movement": movement.to_dict(),
        "results": [
            {
                "round": 1,
                "table": 1,
                "board": 1,
                "ns": 1,
                "ew": 4,
                "contract": "2RS",
                "declarer": "S",
                "tricks": 9,
                "honours": {"side": "NS", "count": 4, "in_one_hand": 4},
            }
        ],
    }
    event = event_import(data=teams_file)
    assert sorted(event.teams.values_list("name", flat=True)) == ["Blues", "Reds"]
    assert event_export(event_import(data=event_export(event))) == event_export(event)

    howell = generate("howell", tables=3, boards_per_round=2)
    whist = {
        "name": "Whist drive",
        "date": "1900-01-01",
        "code": "whist",
        "kind": "pairs",
        "pairs": [{"number": p} for p in howell.pairs],
        "boards": [{"number": n} for n in howell.boards],
        "movement": howell.to_dict(),
        "results": [
            {"round": 1, "table": tp.table, "board": b, "ns": tp.ns, "ew": tp.ew, "tricks_ns": 7}
            for tp in howell.rounds[0].tables
            for b in tp.boards
        ],
    }
    event = event_import(data=whist)
    assert Play.objects.filter(event=event, entered=True, tricks_ns=7).count() == len(whist["results"])
    assert event_export(event_import(data=event_export(event))) == event_export(event)


@pytest.mark.django_db
def test_import_without_a_movement_reads_the_seatings_from_the_results():
    data = small_file()
    del data["movement"]
    event = event_import(data=data)
    assert Seating.objects.filter(round__section__event=event).count() == 3
    assert event.sections.get().movement_kind == "custom"


@pytest.mark.django_db
def test_string_pair_identifiers():
    data = {
        "name": "Names",
        "date": "1916-01-01",
        "code": "auction-1915",
        "pairs": [{"number": "Alpha"}, {"number": "Bravo"}, {"number": "Charlie"}, {"number": "Delta"}],
        "boards": [{"number": 1}, {"number": 2}],
        "results": [
            {
                "round": 1,
                "table": 1,
                "board": 1,
                "ns": "Alpha",
                "ew": "Bravo",
                "contract": "1NT",
                "declarer": "N",
                "tricks": 7,
            },
            {
                "round": 1,
                "table": 2,
                "board": 2,
                "ns": "Charlie",
                "ew": "Delta",
                "contract": "1NT",
                "declarer": "N",
                "tricks": 7,
            },
        ],
    }
    event = event_import(data=data)
    assert sorted(Pair.objects.filter(event=event).values_list("number", flat=True)) == [
        "Alpha",
        "Bravo",
        "Charlie",
        "Delta",
    ]
    assert event_export(event)["results"][0]["ns"] == "Alpha"


def _mutate(path, value):
    data = small_file()
    target = data
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


BAD_FILES = [
    (("name",), KeyError, "name: missing"),
    (("date",), "4 March 1916", "date: must be a date like 1916-03-04"),
    (("code",), "contract-bridge", "code"),
    # a contest is contract bridge's: the historic codes are scored by law H / law G
    (("contest",), "butler", "contest: auction-1915 events are scored by law H"),
    (("kind",), "solo", "kind: must be pairs or teams"),
    (("pairs",), "lots", "pairs: must be a list"),
    (("pairs", 0, "players"), ["a", "b", "c"], "pairs[0].players: must be a list of up to two names"),
    (("pairs", 1, "number"), 1, "pairs: pair 1 is listed twice"),
    (("pairs", 2, "number"), None, "pairs[2].number: a pair is a number or text"),
    (("boards", 1, "number"), 1, "boards[1].number: board 1 is listed twice"),
    (("boards", 0, "dealer"), "X", "boards[0].dealer: must be N, E, S or W"),
    (("boards", 0, "deal"), "N:AKQ", "board 1: deal"),
    (("results", 0, "tricks"), 14, "results[0].tricks"),
    (("results", 0, "contract"), "8H", "results[0].contract"),
    (("results", 0, "contract"), "4RS", "results[0].contract"),
    (("results", 0, "declarer"), "Q", "results[0].declarer"),
    (("results", 0, "ns"), 2, "results[0]: table 1 in round 1 seats 1 v 4, not 2 v 4"),
    (("results", 0, "board"), 2, "results[0]: board 2 is not played at table 1 in round 1"),
    (("results", 0, "board"), 99, "results[0].board: board 99 is not in the boards list"),
    (("results", 0, "round"), 0, "results[0].round: must be 1 or more"),
    (("results", 2, "ruling"), "coin toss", "results[2].ruling: must be one of average, low-high"),
    (("results", 2, "ruling"), "low-high", "results[2].offending: must be NS or EW"),
    (("movement", "rounds", 0, "tables", 0, "ew"), 5, "movement"),
    (("surprise",), 1, "surprise: not a field of an event file"),
]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("path", "value", "message"), BAD_FILES, ids=[".".join(map(str, p)) for p, _, _ in BAD_FILES]
)
def test_each_import_error_is_named_and_nothing_is_written(path, value, message):
    before = (Event.objects.count(), Pair.objects.count(), Board.objects.count(), Play.objects.count())
    with pytest.raises(ServiceError) as excinfo:
        event_import(data=_mutate(path, value))
    assert message in str(excinfo.value)
    assert (
        Event.objects.count(),
        Pair.objects.count(),
        Board.objects.count(),
        Play.objects.count(),
    ) == before


@pytest.mark.django_db
def test_a_second_result_for_the_same_board_is_refused():
    data = small_file()
    data["results"].append(copy.deepcopy(data["results"][0]))
    with pytest.raises(ServiceError, match=r"results\[3\]: a second result"):
        event_import(data=data)
    assert Event.objects.count() == 0


@pytest.mark.django_db
def test_honours_given_must_agree_with_the_hands():
    data = small_file()
    data["boards"][0]["deal"] = DEAL  # North holds A K Q of hearts; the J and 10 are East's
    data["results"][0]["honours"] = {"side": "NS", "count": 4, "in_one_hand": 4}
    with pytest.raises(ServiceError, match=r"results\[0\]\.honours"):
        event_import(data=data)
    data["results"][0]["honours"] = {"side": "NS", "count": 3, "in_one_hand": 3}
    event = event_import(data=data)
    play = Play.objects.get(event=event, board__number=1, ns_pair__number="1")
    # law 6: three honours between partners = 2 x trick value (hearts 8) = 16; + 125 premium (law A) + 32 tricks
    assert play.net_ns == 32 + 125 + 16


def test_parse_json_reports_the_line():
    with pytest.raises(ServiceError, match="not valid JSON \\(line 2"):
        parse_json('{"name": "x",\n oops}')
    with pytest.raises(ServiceError, match="must be a JSON object"):
        parse_json("[1, 2]")


@pytest.mark.django_db
def test_no_change_history_is_invented_by_import():
    event_import(data=small_file())
    assert PlayChange.objects.count() == 0


# -------------------------------------------------------------------- stationary seatings, no movement block


def compass_whist_file():
    """Foster's compass duplicate whist at 3 tables, one board a round, written out by hand (no movement):
    N-S pairs 1-3 and E-W pairs 4-6 keep their tables; boards 1-3 start at tables 1-3 and pass to the
    next-lower table (table 1's to table 3)."""
    rows = [
        # round, table, board, ns, ew, tricks_ns
        (1, 1, 1, 1, 4, 7),
        (1, 2, 2, 2, 5, 6),
        (1, 3, 3, 3, 6, 8),
        (2, 1, 2, 1, 4, 5),
        (2, 2, 3, 2, 5, 9),
        (2, 3, 1, 3, 6, 7),
        (3, 1, 3, 1, 4, 8),
        (3, 2, 1, 2, 5, 6),
        (3, 3, 2, 3, 6, 6),
    ]
    return {
        "name": "Compass whist",
        "date": "1896-02-10",
        "code": "whist",
        "kind": "pairs",
        "pairs": [{"number": p} for p in range(1, 7)],
        "boards": [{"number": n} for n in (1, 2, 3)],
        "results": [
            {"round": r, "table": t, "board": b, "ns": ns, "ew": ew, "tricks_ns": tricks}
            for r, t, b, ns, ew, tricks in rows
        ],
    }


@pytest.mark.django_db
def test_a_stationary_pairs_file_without_a_movement_imports_as_a_compass():
    event = event_import(data=compass_whist_file())
    section = event.sections.get()
    assert (section.movement_kind, section.tables, section.boards_per_round) == ("compass", 3, 1)
    assert section.single_ranking is False  # law H: N-S ranked with N-S, E-W with E-W
    seatings = {
        (s.round.number, s.table, s.ns.number, s.ew.number)
        for s in Seating.objects.filter(round__section__event=event).select_related("round", "ns", "ew")
    }
    assert seatings == {(r, t, str(t), str(t + 3)) for r in (1, 2, 3) for t in (1, 2, 3)}
    assert Play.objects.filter(event=event, entered=True).count() == 9
    board_two = Play.objects.filter(event=event, board__number=2).order_by("seating__table")
    assert [(p.seating.table, p.seating.round.number, p.tricks_ns) for p in board_two] == [
        (1, 2, 5),
        (2, 1, 6),
        (3, 3, 6),
    ]
    # law H: N-S pairs ranked with N-S, E-W with E-W. Tricks (whist: a point a trick) N-S: pair 1 holds
    # 7 + 5 + 8 = 20, pair 2 6 + 6 + 9 = 21, pair 3 7 + 6 + 8 = 21 (average 62/3); E-W take the rest: pair 4
    # 6 + 8 + 5 = 19, pair 5 7 + 7 + 4 = 18, pair 6 6 + 7 + 5 = 18 (average 55/3).
    rankings = standings(event).rankings
    assert [(r.title, r.direction) for r in rankings] == [("N-S", "NS"), ("E-W", "EW")]
    assert [[(row.pair.label, row.net, row.plus_minus) for row in r.rows] for r in rankings] == [
        [(2, 21, Fraction(1, 3)), (3, 21, Fraction(1, 3)), (1, 20, Fraction(-2, 3))],
        [(4, 19, Fraction(2, 3)), (5, 18, Fraction(-1, 3)), (6, 18, Fraction(-1, 3))],
    ]
    assert_written_back(event, "compass")


@pytest.mark.django_db
def test_a_stationary_file_whose_boards_travel_up_is_refused_naming_the_relay():
    data = compass_whist_file()
    for row in data["results"]:  # boards passed to the next-higher table: 1 -> 2 -> 3 -> 1
        if row["round"] > 1:
            row["board"] = (row["table"] - row["round"]) % 3 + 1
    with pytest.raises(ServiceError) as info:
        event_import(data=data)
    assert str(info.value) == (
        "results: the seatings they describe are unlawful: compass: round 2, table 1 plays boards 3, but "
        "table 2 played 2 in round 1 (the boards pass to the next-lower table; table 1 passes to table 3) "
        "(pairs who keep their tables all session are read as a compass movement)"
    )
    assert not Event.objects.exists()


def team_match_file():
    """A law G match written out by hand: Reds (pairs 1, 2) v Blues (pairs 3, 4), no movement block.
    Table 1: Reds 1 N-S v Blues 3 E-W; table 2: Blues 4 N-S v Reds 2 E-W. Boards 1-2 at table 1 and 3-4
    at table 2 in round 1, exchanged for round 2: each deal once at each table."""
    four_hearts = {"contract": "4H", "declarer": "N", "tricks": 10}
    two_spades_down = {"contract": "2S", "declarer": "E", "tricks": 7}
    seat = {1: (1, 3), 2: (4, 2)}
    rows = [(1, 1, 1), (1, 1, 2), (1, 2, 3), (1, 2, 4), (2, 1, 3), (2, 1, 4), (2, 2, 1), (2, 2, 2)]
    return {
        "name": "Reds v Blues",
        "date": "1915-11-20",
        "code": "auction-1915",
        "kind": "teams",
        "teams": [{"name": "Reds"}, {"name": "Blues"}],
        "pairs": [
            {"number": 1, "team": "Reds"},
            {"number": 2, "team": "Reds"},
            {"number": 3, "team": "Blues"},
            {"number": 4, "team": "Blues"},
        ],
        "boards": [{"number": n} for n in (1, 2, 3, 4)],
        "results": [
            {
                "round": r,
                "table": t,
                "board": b,
                "ns": seat[t][0],
                "ew": seat[t][1],
                **(four_hearts if b % 2 else two_spades_down),
            }
            for r, t, b in rows
        ],
    }


@pytest.mark.django_db
def test_a_team_match_file_without_a_movement_imports_under_law_g():
    event = event_import(data=team_match_file())
    section = event.sections.get()
    assert (section.movement_kind, section.tables, section.boards_per_round) == ("teams", 2, 2)
    teams = {p.number: p.team.name for p in Pair.objects.filter(event=event).select_related("team")}
    assert teams == {"1": "Reds", "2": "Reds", "3": "Blues", "4": "Blues"}
    assert Play.objects.filter(event=event, entered=True).count() == 8
    # law 3 (1915): hearts 8 a trick: 4H made exactly is 32; duplicate law A adds 125 (a trick score of 30
    # or more) -> 157 to N-S, at both tables (Reds N-S at table 1, Blues N-S at table 2).
    nets = sorted(
        (p.seating.table, p.net_ns)
        for p in Play.objects.filter(event=event, board__number=1).select_related("seating")
    )
    assert nets == [(1, 157), (2, 157)]
    assert_written_back(event, "teams")


@pytest.mark.django_db
def test_a_team_match_file_without_a_movement_needs_each_pairs_team():
    data = team_match_file()
    for pair in data["pairs"]:
        del pair["team"]
    with pytest.raises(
        ServiceError, match=r"^results: the seatings they describe are unlawful: teams: team Reds"
    ):
        event_import(data=data)
    assert not Event.objects.exists()


def relayed_match_file(idle: bool = True) -> dict:
    """A law G match of three tables and two boards, written without a movement: Reds 1, 2 (N-S at tables 1
    and 3... as test_match: Reds 1 N-S v Blues 4 at table 1, Blues 5 E-W v Reds 2 N-S at table 2, Blues 6
    N-S v Reds 3 at table 3) and one board a round, each board passed on to the next table: table 3 idle in
    round 1, table 1 in round 2, table 2 in round 3. Each deal is played once at each table (law G)."""
    seats = {1: (1, 4), 2: (2, 5), 3: (6, 3)}
    # (round, table, board) and the result there; N-S nets worked out by hand (tests/hand_scored.py).
    plays = [
        (1, 1, 1, C4H_MADE),  # 1 v 4: +157
        (1, 2, 2, C2S),  # 2 v 5: +18
        (2, 2, 1, C4H_DOWN),  # 2 v 5: -50
        (2, 3, 2, C1C_E),  # 6 v 3: -12
        (3, 3, 1, C1NT),  # 6 v 3: +10
        (3, 1, 2, C1NT),  # 1 v 4: +10
    ]
    return {
        "name": "Reds v Blues, boards relayed",
        "date": "1916-03-04",
        "code": "auction-1915",
        "kind": "teams",
        "teams": [{"name": "Reds"}, {"name": "Blues"}],
        "pairs": [{"number": n, "team": "Reds" if n <= 3 else "Blues"} for n in range(1, 7)],
        "boards": [{"number": 1}, {"number": 2}],
        "results": [
            {"round": r, "table": t, "board": b, "ns": seats[t][0], "ew": seats[t][1], **result}
            for r, t, b, result in plays
        ],
    }


@pytest.mark.django_db
def test_a_team_match_whose_tables_play_the_boards_in_different_rounds_imports_under_law_g(client):
    # Law G: "each [deal] played once at each table"; a table idle in a round breaks nothing of it.
    event = event_import(data=relayed_match_file())
    section = event.sections.get()
    assert (section.movement_kind, section.tables, section.boards_per_round) == ("teams", 3, 1)
    in_play = sorted(Seating.objects.filter(round__section=section).values_list("round__number", "table"))
    assert in_play == [(1, 1), (1, 2), (2, 2), (2, 3), (3, 1), (3, 3)]
    at_table = sorted(Play.objects.filter(event=event).values_list("seating__table", "board__number"))
    assert at_table == [(t, b) for t in (1, 2, 3) for b in (1, 2)]
    # Pair nets: 1 +167 (157 + 10), 2 -32 (18 - 50), 6 -2 (-12 + 10); their opponents the opposite.
    # Reds (1, 2 N-S; 3 E-W, its odd pair): 167 - 32 + 2 = 137, plus the E-W average (4, 5, 3):
    # (-167 + 32 + 2) / 3 = -133/3: 278/3 (92 2/3 -> 93). Blues: -137 + 133/3 = -278/3.
    teams = {t["name"]: t for t in standings_json(team_standings(event))["teams"]}
    assert (teams["Reds"]["exact"], teams["Reds"]["total"]) == ("278/3", 93)
    assert (teams["Blues"]["exact"], teams["Blues"]["total"]) == ("-278/3", -93)
    assert {p["pair"]: p["net"] for t in teams.values() for p in t["pairs"]} == {
        1: "167",
        2: "-32",
        3: "2",
        4: "-167",
        5: "32",
        6: "-2",
    }
    assert_written_back(event, "teams")
    pages = [reverse(name, args=[event.pk]) for name in ("event_detail", "team_match", "event_movement")]
    pages += [reverse("download_printout", args=[event.pk, kind]) for kind in ("scorecards", "guide-cards")]
    for url in pages:
        assert client.get(url).status_code == 200, url


@pytest.mark.django_db
def test_a_team_match_that_never_plays_a_deal_at_a_table_is_still_refused():
    data = relayed_match_file()
    data["results"] = [r for r in data["results"] if (r["table"], r["board"]) != (3, 2)]
    with pytest.raises(
        ServiceError,
        match=r"^results: the seatings they describe are unlawful: teams: board 2 is never played at table 3; "
        r"each deal is played once at each table \(law G\)",
    ):
        event_import(data=data)
    assert not Event.objects.exists()


# --------------------------------------------------------------------- agreed rounds and status (law E)


@pytest.mark.django_db
def test_a_finished_event_with_every_round_agreed_survives_export_and_import(director, client):
    data = small_file(status="complete")
    movement = generate("mitchell", tables=3, boards_per_round=1)
    data["results"] = [
        {
            "round": rnd.number,
            "table": tp.table,
            "board": tp.boards[0],
            "ns": tp.ns,
            "ew": tp.ew,
            "contract": "1N",
            "declarer": "S",
            "tricks": 7,
        }
        for rnd in movement.rounds
        for tp in rnd.tables
    ]
    first = event_import(data=data)
    for rnd in Round.objects.filter(section__event=first).order_by("number"):
        services.round_agree(round=rnd, user_id=director.pk)
    when = {r.number: r.agreed_at for r in Round.objects.filter(section__event=first)}
    assert standings(first).progress.provisional is False

    exported = event_export(first)
    assert exported["status"] == "complete"
    assert exported["agreed_rounds"] == [
        {"round": n, "at": when[n].isoformat(), "by": "td"} for n in (1, 2, 3)
    ]
    second = event_import(data=json.loads(json.dumps(exported)))
    assert second.status == "complete"
    rounds = list(Round.objects.filter(section__event=second).order_by("number"))
    assert [(r.number, r.agreed_at, r.agreed_by_id) for r in rounds] == [
        (n, when[n], director.pk) for n in (1, 2, 3)
    ]
    assert standings(second).progress.provisional is False
    page = client.get(reverse("event_standings", args=[second.pk])).content.decode()
    assert "Final" in page
    assert "Provisional" not in page
    assert "not yet agreed" not in page
    assert event_export(second) == exported


@pytest.mark.django_db
def test_agreed_rounds_without_when_or_by_and_their_errors():
    event = event_import(data=small_file(agreed_rounds=[{"round": 2, "by": "nobody here"}]))
    rounds = {r.number: r for r in Round.objects.filter(section__event=event)}
    assert rounds[1].agreed_at is None
    assert rounds[3].agreed_at is None
    assert rounds[2].agreed_at is not None
    assert rounds[2].agreed_by_id is None
    for value, message in [
        ([{"round": 4}], "agreed_rounds[0].round: round 4 is not a round of the movement"),
        ([{"round": 1}, {"round": 1}], "agreed_rounds[1].round: round 1 is listed twice"),
        ([{"round": 1, "at": "teatime"}], "agreed_rounds[0].at: must be a date and time like"),
        (
            [{"round": 1, "at": "0001-01-01T00:00:00+14:00"}],
            "agreed_rounds[0].at: must be a date and time like",
        ),
        ([{"round": 1, "when": "x"}], "agreed_rounds[0].when: not a field of an agreed round"),
        ({"round": 1}, "agreed_rounds: must be a list of rounds"),
    ]:
        with pytest.raises(ServiceError) as info:
            event_import(data=small_file(agreed_rounds=value))
        assert str(info.value).startswith(message)
    with pytest.raises(
        ServiceError, match=r"^status: must be one of setup, running, complete, got \"done\"$"
    ):
        event_import(data=small_file(status="done"))
    assert Event.objects.count() == 1


# -------------------------------------------------------------------- law 42 (1913) and whist revokes (law 30)


@pytest.mark.django_db
def test_a_1913_file_that_passes_a_deal_out_is_refused_under_law_42():
    # 1913 law 42: "The dealer, having examined his hand, must declare": the older code has no passed-out deal.
    data = small_file(code="auction-1913")  # its results[1] is "PASS"
    with pytest.raises(ServiceError) as excinfo:
        event_import(data=data)
    assert str(excinfo.value) == (
        'results[1].contract: auction-1913 has no passed-out deal: under its law 42 the dealer "must declare '
        'to win at least one odd trick"; only auction-1915 lets all four pass (laws 42, 44)'
    )
    assert Event.objects.count() == 0
    assert Play.objects.count() == 0
    # the same file under the 1915 code (laws 42, 44) imports, the pass scoring nothing
    event = event_import(data=small_file())
    assert Play.objects.get(event=event, board__number=2, ns_pair__number="2").contract == "PASS"


def whist_file(results):
    movement = generate("mitchell", tables=3, boards_per_round=1)
    return {
        "name": "Compass whist",
        "date": "1900-01-01",
        "code": "whist",
        "kind": "pairs",
        "pairs": [{"number": p} for p in movement.pairs],
        "boards": [{"number": n} for n in movement.boards],
        "movement": movement.to_dict(),
        "results": results,
    }


@pytest.mark.django_db
def test_whist_revokes_import_score_and_export():
    # whist law 30: two tricks from the revoking side for each revoke, never more than it took
    data = whist_file(
        [
            # N-S won 8, revoked once: N-S 6, E-W 5 + 2 = 7
            {"round": 1, "table": 1, "board": 1, "ns": 1, "ew": 4, "tricks_ns": 8, "revokes": {"ns": 1}},
            # N-S won 4, E-W revoked twice: N-S 4 + 4 = 8, E-W 9 - 4 = 5
            {
                "round": 1,
                "table": 2,
                "board": 2,
                "ns": 2,
                "ew": 5,
                "tricks_ns": 4,
                "revokes": {"ns": 0, "ew": 2},
            },
            # no revokes
            {"round": 1, "table": 3, "board": 3, "ns": 3, "ew": 6, "tricks_ns": 7},
        ]
    )
    event = event_import(data=data)

    def scores(board):
        play = Play.objects.get(event=event, board__number=board, entered=True)
        return play.tricks_ns, play.revokes, play.ns_total, play.ew_total

    assert scores(1) == (8, {"ns": 1, "ew": 0}, 6, 7)
    assert scores(2) == (4, {"ns": 0, "ew": 2}, 8, 5)
    assert scores(3) == (7, None, 7, 6)
    exported = event_export(event)
    by_board = {r["board"]: r for r in exported["results"]}
    assert [by_board[b].get("revokes") for b in (1, 2, 3)] == [{"ns": 1, "ew": 0}, {"ns": 0, "ew": 2}, None]
    assert by_board[1]["tricks_ns"] == 8  # the tricks won in play, not after the transfer
    assert event_export(event_import(data=json.loads(json.dumps(exported)))) == exported


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("revokes", "message"),
    [
        ({"ns": 14}, "results[0].revokes.ns: must be a whole number from 0 to 13, got 14"),
        ({"ew": "one"}, 'results[0].revokes.ew: must be a whole number from 0 to 13, got "one"'),
        (
            {"defenders": 1},
            "results[0].revokes.defenders: is for the auction codes; whist counts revokes by side "
            "(whist law 30): ns, ew",
        ),
    ],
)
def test_whist_revokes_out_of_range_or_auction_shaped_are_refused(revokes, message):
    data = whist_file(
        [{"round": 1, "table": 1, "board": 1, "ns": 1, "ew": 4, "tricks_ns": 8, "revokes": revokes}]
    )
    with pytest.raises(ServiceError) as excinfo:
        event_import(data=data)
    assert str(excinfo.value) == message
    assert Event.objects.count() == 0
