"""A championship of three real sessions (contract matchpoints, 3-table Mitchells, one board a round), ranked
overall by each carry-over, worked by hand.

A board is played three times: 2 MPs for each pair beaten, 1 for each tied, top 4.  Session 1: pair 1 (N-S)
makes 3NT (+400) on board 1 against pair 4; every other result is a pass-out: pair 1 scores 4 + 2 + 2 = 8 MPs
(66.67%); pairs 2 and 3 1 + 2 + 2 = 5 (41.67%); pair 4 0 + 2 + 2 = 4 (33.33%); pairs 5 and 6 3 + 2 + 2 = 7
(58.33%).  Session 2 (the same players, carried over; pair 6 is now Mo Moss & Ned Nash): pair 2 makes 3NT on
board 1 against pair 6: pair 2 8, pairs 1 and 3 5, pair 6 (Moss-Nash) 4, pairs 4 and 5 7.  Session 3: all
passed out, 6 MPs each (50%).
"""

from __future__ import annotations

import datetime as dt
import io
import json
from fractions import Fraction as F

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from duplicate import services
from duplicate.models import Championship, Event, Pair, Play
from duplicate.selectors.championships import overall_standings
from duplicate.services import ServiceError
from duplicate.services.championships import championship_create, event_attach, event_detach, session_add
from duplicate.services.eventfile_championship import championship_export, championship_import
from tests.factories import (
    MADE_3NT,
    MITCHELL_RESULTS,
    PASSED,
    championship_of_three,
    enter,
    make_event,
    mitchell_event,
    session_played,
)

pytestmark = pytest.mark.django_db


def _by_names(standings):
    return {line.names: (line.rank, line.overall, line.qualified) for line in standings.lines}


def test_players_carried_to_the_next_sessions():
    _championship, (first, second, third) = championship_of_three("totals", play=False)
    assert [e.session for e in (first, second, third)] == [1, 2, 3]
    assert third.name == "Autumn championship - session 3"
    names = {
        p.number: (p.player1.name, p.player2.name)
        for p in Pair.objects.filter(event=third).select_related("player1", "player2")
    }
    assert names["1"] == ("Ann Abel", "Bea Bond")
    assert names["6"] == ("Mo Moss", "Ned Nash")  # session 2's new pair, carried on
    first_ann = Pair.objects.get(event=first, number="1").player1_id
    assert Pair.objects.get(event=third, number="1").player1_id == first_ann  # the same roster player


def test_totals():
    championship, _sessions = championship_of_three("totals")
    standings = overall_standings(championship, director=True)
    # pair 1: 8 + 5 + 6 = 19; pair 2: 5 + 8 + 6 = 19; pair 3: 5 + 5 + 6 = 16; pair 4: 4 + 7 + 6 = 17;
    # pair 5: 7 + 7 + 6 = 20; Kit King & Len Lamb (session 1 only): 7; Mo Moss & Ned Nash: 4 + 6 = 10
    assert _by_names(standings) == {
        "Ian Ivy & Jim Judd": (1, 20, True),
        "Ann Abel & Bea Bond": (2, 19, True),
        "Cat Cole & Dot Dunn": (2, 19, True),
        "Gus Gray & Hal Hunt": (4, 17, True),
        "Eve Eyre & Fay Fox": (5, 16, True),
        "Mo Moss & Ned Nash": (6, 10, True),
        "Kit King & Len Lamb": (7, 7, True),
    }
    ann = standings.lines[1] if standings.lines[1].names.startswith("Ann") else standings.lines[2]
    assert [(c.pair, c.total, c.percentage, c.boards) for c in ann.sessions] == [
        (1, 8, F(200, 3), 3),
        (1, 5, F(125, 3), 3),
        (1, 6, 50, 3),
    ]
    kit = standings.lines[-1]
    assert kit.sessions[1:] == (None, None)
    assert [line.overall_display for line in standings.lines][:2] == ["20.00", "19.00"]


def test_weighted_by_boards():
    championship, _sessions = championship_of_three("weighted")
    # three boards a session: (pct1 + pct2 + pct3) x 3 / boards played, pct = MPs / 12: pair 5 (7 + 7 + 6) / 36
    # = 500/9 %; pairs 1 and 2 19/36 = 475/9 %; pair 4 17/36; pair 3 16/36; King-Lamb 7/12 over their 3 boards
    # (175/3 %: first, on one good session); Moss-Nash 10/24 = 125/3 %
    assert _by_names(overall_standings(championship, director=True)) == {
        "Kit King & Len Lamb": (1, F(175, 3), True),
        "Ian Ivy & Jim Judd": (2, F(500, 9), True),
        "Ann Abel & Bea Bond": (3, F(475, 9), True),
        "Cat Cole & Dot Dunn": (3, F(475, 9), True),
        "Gus Gray & Hal Hunt": (5, F(425, 9), True),
        "Eve Eyre & Fay Fox": (6, F(400, 9), True),
        "Mo Moss & Ned Nash": (7, F(125, 3), True),
    }


def test_carry_half_of_the_qualifying_session():
    championship, _sessions = championship_of_three("carry", "1/2")
    standings = overall_standings(championship, director=True)
    # half of session 1 plus sessions 2 and 3: pair 1 4 + 11 = 15; pair 2 2.5 + 14 = 16.5; pair 3 2.5 + 11 =
    # 13.5; pair 4 2 + 13 = 15; pair 5 3.5 + 13 = 16.5; Moss-Nash 0 + 10; King-Lamb played no later session
    # (listed last, not qualified, with their qualifying 7)
    assert _by_names(standings) == {
        "Cat Cole & Dot Dunn": (1, F(33, 2), True),
        "Ian Ivy & Jim Judd": (1, F(33, 2), True),
        "Ann Abel & Bea Bond": (3, 15, True),
        "Gus Gray & Hal Hunt": (3, 15, True),
        "Eve Eyre & Fay Fox": (5, F(27, 2), True),
        "Mo Moss & Ned Nash": (6, 10, True),
        "Kit King & Len Lamb": (None, 7, False),
    }
    assert standings.lines[-1].names == "Kit King & Len Lamb"
    assert standings.lines[-1].overall_display == ""


def test_visitor_totals_count_released_boards_only():
    championship, (first, _second, _third) = championship_of_three("totals", play=False)
    # Session 1: board 2 passed out at its three tables (released); board 1 entered at two of its three tables
    # (pair 1's +400 and pair 3's pass-out): still in play.
    for play in first.plays.select_related("ns_pair", "board").order_by("pk"):
        if play.board.number == 2 or (play.board.number == 1 and play.ns_pair.number == "3"):
            enter(play, PASSED)
        elif play.board.number == 1 and play.ns_pair.number == "1":
            enter(play, MADE_3NT)

    def pair_1(standings):
        return next(line for line in standings.lines if line.sessions[0] and line.sessions[0].pair == 1)

    # board 1 is still in play: a visitor's totals count board 2 only (a pass-out everywhere: 2 MPs); a
    # director's add board 1's +400 against a pass-out: 2 MPs of 2 results, made up to the three the board is
    # played by Neuberg's formula, (2 + 1) x 3/2 - 1 = 3.5; 5.5 in all
    assert pair_1(overall_standings(championship)).overall == 2
    assert pair_1(overall_standings(championship, director=True)).overall == F(11, 2)


def test_sessions_scored_alike():
    championship, (first, _second, _third) = championship_of_three("totals", play=False)
    other = make_event(name="Auction night")  # law H, auction 1915
    with pytest.raises(ServiceError, match="scored alike"):
        event_attach(championship=championship, event=other)
    assert Event.objects.get(pk=other.pk).championship_id is None
    with pytest.raises(ServiceError, match="already session 1"):
        event_attach(championship=championship, event=first)


def test_attach_an_event_as_the_next_session():
    championship = championship_create(name="Two nights", date=first_date(), carry_over="totals")
    event = make_event(name="Night one")
    attached = event_attach(championship=championship, event=event)
    assert (attached.championship_id, attached.session) == (championship.pk, 1)
    championship.refresh_from_db()
    assert championship.results_version == 1


def first_date():
    return dt.date(2026, 10, 3)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"name": " "}, "name: give the championship a name"),
        ({"carry_over": "best"}, "carry_over: must be one of"),
        (
            {"carry_over": "carry", "carry_fraction": "3/2"},
            "carry_fraction: the share carried is more than 0",
        ),
        ({"carry_over": "carry", "carry_fraction": ""}, "carry_fraction: give the share"),
        ({"carry_over": "carry", "carry_fraction": "half"}, "carry_fraction: write the share"),
    ],
)
def test_championship_create_refuses(fields, message):
    data = {"name": "Spring", "date": first_date(), "carry_over": "totals", **fields}
    with pytest.raises(ServiceError, match=message):
        championship_create(**data)


def test_championship_create_keeps_the_fraction_as_written():
    assert (
        championship_create(
            name="Spring", date=first_date(), carry_over="carry", carry_fraction="0.25"
        ).carry_fraction
        == "0.25"
    )
    assert (
        championship_create(
            name="Spring", date=first_date(), carry_over="totals", carry_fraction="1/2"
        ).carry_fraction
        == ""
    )


def test_championship_create_keeps_the_fraction_without_its_spaces():
    # typed on a phone as "1 / 2": kept, and shown, as "1/2"
    made = championship_create(name="Spring", date=first_date(), carry_over="carry", carry_fraction=" 1 / 2 ")
    assert made.carry_fraction == "1/2"


def test_weighted_needs_a_contest_with_percentages():
    championship = championship_create(name="Spring", date=first_date(), carry_over="weighted")
    with pytest.raises(ServiceError, match="percentages"):
        event_attach(championship=championship, event=make_event())


def test_first_session_needs_a_code():
    championship = championship_create(name="Spring", date=first_date(), carry_over="totals")
    movement = services.movement_build(kind="mitchell", tables=3, boards_per_round=1)
    with pytest.raises(ServiceError, match="code"):
        session_add(championship=championship, movement=movement)


def test_championship_file_export_then_import_reproduces_it(tmp_path):
    championship, _sessions = championship_of_three("carry", "1/2")
    before = overall_standings(championship, director=True)
    path = tmp_path / "championship.json"
    call_command(
        "export_event", "--championship", str(championship.pk), "-o", str(path), stdout=io.StringIO()
    )
    data = json.loads(path.read_text())
    assert (data["kind"], data["carry_over"], data["carry_fraction"], len(data["sessions"])) == (
        "championship",
        "carry",
        "1/2",
        3,
    )
    again = championship_import(data=data, analyse=False)
    assert [e.session for e in again.sessions.order_by("session")] == [1, 2, 3]
    after = overall_standings(again, director=True)
    assert [(line.names, line.rank, line.overall, line.qualified) for line in after.lines] == [
        (line.names, line.rank, line.overall, line.qualified) for line in before.lines
    ]
    # the same roster players in every session of the copy, and the same as the original's
    ann = Pair.objects.get(event__championship=again, event__session=3, number="1").player1_id
    assert Pair.objects.get(event__championship=again, event__session=1, number="1").player1_id == ann
    assert ann == Pair.objects.get(event__championship=championship, event__session=1, number="1").player1_id


def test_import_event_command_reads_a_championship_file(tmp_path):
    championship, _sessions = championship_of_three("totals")
    path = tmp_path / "c.json"
    path.write_text(json.dumps(championship_export(championship, director=True)))
    out = io.StringIO()
    call_command("import_event", str(path), stdout=out)
    assert "3 sessions" in out.getvalue()
    assert Championship.objects.count() == 2


def test_championship_file_refused_in_one_line(tmp_path):
    championship, _sessions = championship_of_three("totals", play=False)
    data = championship_export(championship, director=True)
    data["sessions"][1]["contest"] = "butler"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(CommandError) as refused:
        call_command("import_event", str(path))
    assert refused.value.returncode == 2
    assert "sessions[1]: session: every session of a championship is scored alike" in str(refused.value)
    assert "\n" not in str(refused.value)
    assert Championship.objects.count() == 1  # all or nothing
    with pytest.raises(CommandError, match="championship 999: no such championship"):
        call_command("export_event", "--championship", "999")
    with pytest.raises(ServiceError, match="sessions: must be a list"):
        championship_import(data={**data, "sessions": "none"})


def test_law_h_sessions_add_their_plus_minus():
    # Two sessions of tests/factories.py's hand-worked auction Mitchell (law H): N-S pair 1 is +118 - 56/3 +
    # 76/3 = +374/3 in each, so +748/3 overall; pair 2 -29 + 34/3 - 128/3 = -181/3 each, -362/3 overall.
    championship = championship_create(name="Auction pairs", date=first_date(), carry_over="totals")
    for _night in range(2):
        event_attach(championship=championship, event=mitchell_event(MITCHELL_RESULTS))
    standings = overall_standings(championship, director=True)
    by_pair = {line.sessions[0].pair: line for line in standings.lines}
    assert by_pair[1].overall == F(748, 3)
    assert by_pair[1].rank == 1
    assert by_pair[2].overall == F(-362, 3)
    assert [(c.total, c.percentage) for c in by_pair[1].sessions] == [(F(374, 3), None)] * 2
    assert standings.overall_heading == "Plus/minus"  # what law H ranks by


def test_the_last_session_taken_out_is_an_event_on_its_own_again():
    """An event attached by mistake: the last session is taken out, its results kept, the overall without it.
    Session 3 (every board passed out, 3 boards each played at 3 tables, all tied) gave each of its six pairs
    2 MPs a board, 6 MPs; Kit King & Len Lamb played session 1 only."""
    championship, (first, second, third) = championship_of_three("totals")
    with_third = {line.names: line.overall for line in overall_standings(championship, director=True).lines}
    with pytest.raises(ServiceError, match="only the last session, session 3"):
        event_detach(championship=championship, event=second)
    other = championship_create(name="Other", date=first_date(), carry_over="totals")
    with pytest.raises(ServiceError, match="is not a session of Other"):
        event_detach(championship=other, event=third)
    event_detach(championship=championship, event=third)
    third.refresh_from_db()
    assert (third.championship_id, third.session) == (None, None)
    assert Play.objects.filter(event=third, entered=True).count() == 9  # its results kept
    assert [s.pk for s in championship.sessions.order_by("session")] == [first.pk, second.pk]
    without = overall_standings(championship, director=True)
    assert len(without.sessions) == 2
    taken = {line.names: with_third[line.names] - line.overall for line in without.lines}
    assert taken.pop("Kit King & Len Lamb") == 0
    assert set(taken.values()) == {6}
    assert len(taken) == 6
    # and it can be attached again, as session 3
    assert event_attach(championship=championship, event=third).session == 3


def test_pairs_nobody_named_are_not_added_across_sessions():
    """A new movement numbers pairs afresh: pair 1 of session 1 and pair 1 of session 2, both unnamed, need not
    be the same people, so the overall lists each session's unnamed pairs on their own lines (6 + 6)."""
    championship = championship_create(name="Unnamed", date=dt.date(2026, 10, 3), carry_over="totals")
    movement = services.movement_build(kind="mitchell", tables=3, boards_per_round=1)
    first = session_add(
        championship=championship,
        movement=movement,
        code="contract",
        kind="pairs",
        contest="matchpoints",
        analyse=False,
    )
    second = session_add(championship=championship, movement=movement, analyse=False)
    session_played(first, "1")
    session_played(second, "1")
    lines = overall_standings(championship, director=True).lines
    assert len(lines) == 12
    assert [sum(cell is not None for cell in line.sessions) for line in lines] == [1] * 12
    assert [line.rank for line in lines][:2] == [1, 1]  # each session's pair 1, its board's top, alike
