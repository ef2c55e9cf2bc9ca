"""Event files: import in one transaction, export, round trips, and every import error named by position."""

from __future__ import annotations

import copy
import json

import pytest

from duplicate.demo import demo_event_file
from duplicate.eventfile import event_export, event_import, parse_json
from duplicate.models import Board, Event, Pair, Play, PlayChange, Seating
from duplicate.movements import generate
from duplicate.services import ServiceError

# North: spades A K Q J, hearts A K Q, diamonds A K, clubs A K Q J; East holds the J 10 of hearts.
DEAL = "N:AKQJ.AKQ.AK.AKQJ T987.JT9.QJT.T98 6543.876.987.765 2.5432.65432.432"


def small_file(**overrides):
    """A 3-table auction-1915 Mitchell, 1 board a round, with two results and one ruling."""
    movement = generate("mitchell", tables=3, boards_per_round=1)
    data = {
        "name": "Spring pairs",
        "date": "1916-03-04",
        "code": "auction-1915",
        "kind": "pairs",
        "pairs": [{"number": p, "players": [f"North {p}", f"South {p}"]} for p in movement.pairs],
        "boards": [{"number": n, "dealer": "NESW"[(n - 1) % 4]} for n in movement.boards],
        "movement": movement.to_dict(),
        "results": [
            {
                "round": 1,
                "table": 1,
                "board": 1,
                "ns": 1,
                "ew": 4,
                "contract": "4H",
                "declarer": "N",
                "tricks": 10,
            },
            {"round": 1, "table": 2, "board": 2, "ns": 2, "ew": 5, "contract": "PASS"},
            {"round": 1, "table": 3, "board": 3, "ns": 3, "ew": 6, "ruling": "average"},
        ],
    }
    data.update(overrides)
    return data


@pytest.mark.django_db
def test_import_creates_the_event_and_scores_results():
    event = event_import(data=small_file())
    assert event.name == "Spring pairs" and event.code == "auction-1915"
    assert event.pairs.count() == 6 and event.boards.count() == 3
    assert Seating.objects.filter(round__section__event=event).count() == 9
    four_hearts = Play.objects.get(event=event, board__number=1, ns_pair__number="1")
    # law 3: hearts 8 a trick over six; 4H made exactly: 4 x 8 = 32 to N-S, no premium (under 30? no: 32 >= 30)
    # duplicate law A: a trick score of 30 or more adds 125 in the honour column -> N-S 32 + 125 = 157.
    assert (four_hearts.ns_trick, four_hearts.ns_honour, four_hearts.net_ns) == (32, 125, 157)
    passed = Play.objects.get(event=event, board__number=2, ns_pair__number="2")
    assert passed.entered and passed.contract == "PASS" and passed.net_ns == 0
    ruled = Play.objects.get(event=event, board__number=3, ns_pair__number="3")
    assert ruled.entered and ruled.ruling == "average"
    assert Play.objects.filter(event=event, entered=False).count() == 6


@pytest.mark.django_db
def test_round_trip_reproduces_the_event():
    first = event_import(data=small_file())
    exported = event_export(first)
    second = event_import(data=json.loads(json.dumps(exported)))
    again = event_export(second)
    assert again == exported
    assert exported["results"][0] == {
        "round": 1,
        "table": 1,
        "board": 1,
        "ns": 1,
        "ew": 4,
        "contract": "4H",
        "declarer": "N",
        "tricks": 10,
    }


@pytest.mark.django_db
def test_round_trip_of_the_demo_event_with_hands_and_honours():
    first = event_import(data=demo_event_file())
    exported = event_export(first)
    assert all(b.get("deal") for b in exported["boards"])
    assert len(exported["results"]) == 6 * 7 * 3
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
            {"number": p, "players": ["a", "b"], "team": "Reds" if p in movement.teams["A"] else "Blues"}
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
