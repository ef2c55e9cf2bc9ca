"""The management commands end to end, as a director runs them: output, files and exit codes."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from duplicate.demo import DEMO_NAME, NATIONAL_BODY, PAST_WEEKS, PRIVATE_PLAYERS, demo_event_file
from duplicate.models import DealAnalysis, Event, EventStatus, Player, Standing
from scoring.pbn import canonical_deal
from tests.factories import manage, small_file, tricks


def test_movement_json_matches_the_documented_shape():
    result = manage("movement", "mitchell", "--tables", "7", "--boards-per-round", "2", "--format", "json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["kind"] == "mitchell"
    assert data["tables"] == 7
    assert data["rounds"][0]["round"] == 1
    assert data["rounds"][0]["tables"][0] == {"table": 1, "ns": 1, "ew": 8, "boards": [1, 2]}
    assert len(data["rounds"]) == 7


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["howell", "--tables", "12", "--boards-per-round", "2"], "tables"),
        (["mitchell", "--tables", "2", "--boards-per-round", "2"], "tables"),
        (["mitchell", "--tables", "x", "--boards-per-round", "2"], "invalid int value"),
        (["bridge", "--tables", "3", "--boards-per-round", "2"], "invalid choice"),
        (["teams", "--tables", "1", "--boards-per-round", "2"], "pairs per team"),
    ],
)
def test_movement_bad_arguments_one_line_nonzero(args, message):
    result = manage("movement", *args)
    assert result.returncode != 0
    assert "Traceback" not in result.stderr
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_movement_text_format_lists_rounds():
    result = manage("movement", "howell", "--tables", "3", "--boards-per-round", "2")
    assert result.returncode == 0
    assert "Round 1" in result.stdout or "round 1" in result.stdout.lower()


def test_movement_compass_text_and_json():
    text = manage("movement", "compass", "--tables", "3", "--boards-per-round", "2")
    assert text.returncode == 0, text.stderr
    lines = text.stdout.splitlines()
    assert lines[0] == "Compass: 3 tables, 3 rounds, 2 boards a round, 6 boards (1-6)"
    assert (
        lines[1]
        == "Pairs stay at their tables; after each round the boards pass to the next-lower table (table 1 passes to table 3)"
    )
    # round 2: every table has the boards the next-higher table played in round 1
    assert lines[6:10] == [
        "Round 2",
        "  Table 1: 1 v 4  boards 3-4",
        "  Table 2: 2 v 5  boards 5-6",
        "  Table 3: 3 v 6  boards 1-2",
    ]
    result = manage("movement", "compass", "--tables", "2", "--boards-per-round", "1", "--format", "json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {
        "kind": "compass",
        "tables": 2,
        "boards_per_round": 1,
        "rounds": [
            {
                "round": 1,
                "tables": [
                    {"table": 1, "ns": 1, "ew": 3, "boards": [1]},
                    {"table": 2, "ns": 2, "ew": 4, "boards": [2]},
                ],
            },
            {
                "round": 2,
                "tables": [
                    {"table": 1, "ns": 1, "ew": 3, "boards": [2]},
                    {"table": 2, "ns": 2, "ew": 4, "boards": [1]},
                ],
            },
        ],
    }
    refused = manage("movement", "compass", "--tables", "1", "--boards-per-round", "2")
    assert refused.returncode != 0
    assert "Traceback" not in refused.stderr
    assert refused.stderr.strip().splitlines() == [
        "CommandError: compass: tables must be from 2 to 100, got 1"
    ]


@pytest.mark.django_db
def test_import_then_export_commands(tmp_path, capsys):
    source = tmp_path / "event.json"
    source.write_text(json.dumps(small_file()))
    call_command("import_event", str(source))
    out = capsys.readouterr().out.strip().splitlines()[-1]
    event_id = int(out.split()[-1])
    assert Event.objects.get(pk=event_id).name == "Spring pairs"
    target = tmp_path / "out.json"
    call_command("export_event", str(event_id), "-o", str(target))
    exported = json.loads(target.read_text())
    assert exported["name"] == "Spring pairs"
    assert len(exported["results"]) == 3


@pytest.mark.django_db
def test_import_command_errors_are_one_clear_line(tmp_path):
    with pytest.raises(CommandError, match="no such file"):
        call_command("import_event", str(tmp_path / "missing.json"))
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(small_file(date="yesterday")))
    with pytest.raises(CommandError, match="date: must be a date"):
        call_command("import_event", str(bad))
    assert Event.objects.count() == 0


def test_import_command_exits_nonzero_without_traceback(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    result = manage("import_event", str(bad))
    assert result.returncode != 0
    assert "not valid JSON" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.django_db
def test_export_unknown_event():
    with pytest.raises(CommandError, match="event 999: no such event"):
        call_command("export_event", "999")


@pytest.mark.django_db
def test_demo_command_loads_once(capsys):
    call_command("demo")
    call_command("demo")
    assert Event.objects.count() == 1 + len(PAST_WEEKS)  # the evening, and the club's past Thursdays
    event = Event.objects.get(name=DEMO_NAME)
    assert event.code == "auction-1915"
    assert event.sections.get().tables == 7
    assert event.boards.exclude(deal="").count() == event.boards.count() == 21
    entered = event.plays.filter(entered=True).count()
    assert 0 < entered < event.plays.count()
    # The same 28 roster players played the past events, each finished with its standings published.
    assert Player.objects.count() == 28
    past = Event.objects.exclude(name=DEMO_NAME)
    assert {e.status for e in past} == {EventStatus.COMPLETE}
    assert Standing.objects.filter(event__in=past).count() == 14 * len(PAST_WEEKS)
    assert Player.objects.filter(number__startswith=NATIONAL_BODY[0], body=NATIONAL_BODY).count() == 14
    assert Player.objects.exclude(public_name="").count() == len(PRIVATE_PLAYERS)


@pytest.mark.django_db
def test_demo_analyses_its_deals_before_it_ends_and_says_so(settings):
    settings.DEAL_ANALYSIS_IN_BACKGROUND = True
    deals = sorted(canonical_deal(b["deal"]) for b in demo_event_file()["boards"])
    # All but two already analysed (made-up figures): the demo works out only the two still missing.
    DealAnalysis.objects.bulk_create(DealAnalysis(deal=d, tricks="0" * 20) for d in deals[2:])
    out = StringIO()
    call_command("demo", stdout=out)
    lines = out.getvalue().splitlines()
    # Stored when the command returns (no thread left to wait for), every deal of the demo's boards.
    event = Event.objects.get(name=DEMO_NAME)
    assert set(DealAnalysis.objects.values_list("deal", flat=True)) == set(
        event.boards.values_list("deal", flat=True)
    )
    for analysis in DealAnalysis.objects.filter(deal__in=deals[:2]):  # worked out: tricks and par
        assert set(tricks(analysis).values()) <= set(range(14))
        assert analysis.tricks != "0" * 20
        assert len(analysis.par) == 16  # each dealer and vulnerability
    assert lines[1:5] == [
        "Analysing 2 of the demo's 21 deals double dummy, about a second each.",
        "analysing 2 deals double dummy: 1/2",
        "analysing 2 deals double dummy: 2/2",
        "The demo's 21 deals are analysed double dummy (tricks and par).",
    ]
    out = StringIO()
    call_command("demo", stdout=out)  # loaded and analysed already: says so at once
    assert out.getvalue().splitlines()[:2] == [
        f"The demo event is already loaded (event {event.pk}).",
        "The demo's 21 deals are analysed double dummy (tricks and par).",
    ]


@pytest.mark.django_db
def test_demo_without_background_analysis_says_how_to_work_it_out(settings):
    settings.DEAL_ANALYSIS_IN_BACKGROUND = False
    out = StringIO()
    call_command("demo", stdout=out)
    assert out.getvalue().splitlines()[1] == (
        "The demo's deals are not analysed double dummy (DEAL_ANALYSIS_IN_BACKGROUND=0): "
        "`manage.py analyse_hands` works them out."
    )
    assert not DealAnalysis.objects.exists()
