"""The event file carries the round clock's length (``round_minutes``) and, in an event whose opponents
confirm each result (law 79, law E), who entered each result at the table and whether the other side
confirmed it: export then import reproduces them, and a bad value is refused naming its field."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from duplicate import services
from duplicate.models import Event, Play
from duplicate.selectors import entry as entry_selectors
from duplicate.services.eventfile import event_export, event_import
from tests.factories import enter, make_event, plays_at

RESULT = {"contract": "2S", "declarer": "N", "tricks": 8}
TABLE = services.Writer(name="table 1 (token)", is_director=False)
START = dt.datetime(2026, 11, 28, 19, 30, tzinfo=dt.UTC)


def table_enter(play: Play, side: str) -> Play:
    return services.play_result_save(
        play=play, data=RESULT, writer=TABLE, expected_version=play.version, side=side
    )


def play_of(event: Event, row: dict[str, Any]) -> Play:
    return Play.objects.select_related("event").get(
        event=event,
        seating__round__number=row["round"],
        seating__table=row["table"],
        board__number=row["board"],
    )


@pytest.fixture
def confirming(db):
    """An event whose opponents confirm results: table 1's first board entered by N-S and not confirmed, its
    second entered by E-W and confirmed by N-S, table 2's first entered by the director."""
    event = make_event()
    services.event_confirm_results_set(event=event, confirm_results=True)
    first, second = plays_at(event, 1, 1)[:2]
    table_enter(first, "NS")
    entered = table_enter(second, "EW")
    services.play_result_confirm(play_id=entered.pk, version=entered.version, side="NS", writer=TABLE)
    enter(plays_at(event, 1, 2)[0], RESULT)
    return event


def agreement(event: Event) -> list[tuple[int, int, int, str, bool]]:
    return sorted(
        (p.seating.round.number, p.seating.table, p.board.number, p.entered_by, p.confirmed_at is not None)
        for p in Play.objects.filter(event=event, entered=True).select_related("seating__round", "board")
    )


def test_who_entered_a_result_and_its_confirmation_come_back(confirming):
    data = event_export(confirming)
    rows = {(r["round"], r["table"], r["board"]): r for r in data["results"]}
    first, second = plays_at(confirming, 1, 1)[:2]
    director = plays_at(confirming, 1, 2)[0]
    by_ns = rows[(1, 1, first.board.number)]
    by_ew = rows[(1, 1, second.board.number)]
    by_director = rows[(1, 2, director.board.number)]
    assert (by_ns["entered_by"], "confirmed" in by_ns) == ("NS", False)
    assert (by_ew["entered_by"], by_ew["confirmed"]) == ("EW", True)
    assert "entered_by" not in by_director
    assert "confirmed" not in by_director

    copy = event_import(data={**data, "name": "Copy"}, analyse=False)

    assert agreement(copy) == agreement(confirming)
    assert agreement(copy) == [
        (1, 1, first.board.number, "NS", False),
        (1, 1, second.board.number, "EW", True),
        (1, 2, director.board.number, "", False),
    ]
    assert entry_selectors.awaiting_side(play_of(copy, by_ns), event=copy) == "EW"  # still waits for E-W
    assert entry_selectors.agreed_at_table(play_of(copy, by_ew), event=copy)
    assert entry_selectors.agreed_at_table(play_of(copy, by_director), event=copy)
    assert event_export(copy) == {**data, "name": "Copy"}


def test_a_result_without_them_counts_as_agreed_at_the_table(confirming):
    data = event_export(confirming)
    data["results"] = [
        {k: v for k, v in row.items() if k not in ("entered_by", "confirmed")} for row in data["results"]
    ]
    copy = event_import(data=data, analyse=False)
    plays = Play.objects.filter(event=copy, entered=True).select_related("event")
    assert len(plays) == 3
    assert all(p.entered_by == "" and entry_selectors.agreed_at_table(p, event=copy) for p in plays)


def test_an_event_that_does_not_ask_for_confirmation_writes_neither(confirming):
    services.event_confirm_results_set(event=confirming, confirm_results=False)
    data = event_export(confirming)
    assert all("entered_by" not in row and "confirmed" not in row for row in data["results"])
    assert len(data["results"]) == 3


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"entered_by": "N"}, 'results[0].entered_by: must be NS or EW, got "N"'),
        ({"entered_by": ""}, 'results[0].entered_by: must be NS or EW, got ""'),
        ({"entered_by": 1}, "results[0].entered_by: must be NS or EW, got 1"),
        ({"entered_by": "NS", "confirmed": "yes"}, 'results[0].confirmed: must be true or false, got "yes"'),
        ({"confirmed": True}, "results[0].confirmed: the opponents of the side that entered it confirm"),
    ],
)
def test_a_bad_agreement_is_refused_naming_the_field(confirming, fields, message):
    data = event_export(confirming)
    data["results"][0] = {
        **{k: v for k, v in data["results"][0].items() if k not in ("entered_by", "confirmed")},
        **fields,
    }
    before = Event.objects.count()
    with pytest.raises(services.ServiceError) as refused:
        event_import(data=data, analyse=False)
    assert message in str(refused.value)
    assert "\n" not in str(refused.value)
    assert Event.objects.count() == before


@pytest.mark.parametrize(
    ("fields", "key"),
    [
        ({"entered_by": "NS"}, "entered_by"),
        ({"entered_by": "EW", "confirmed": True}, "entered_by"),
        ({"confirmed": True}, "confirmed"),
    ],
)
def test_an_event_that_does_not_confirm_results_refuses_them(confirming, fields, key):
    data = {k: v for k, v in event_export(confirming).items() if k != "confirm_results"}
    data["results"][0] = {
        **{k: v for k, v in data["results"][0].items() if k not in ("entered_by", "confirmed")},
        **fields,
    }
    with pytest.raises(services.ServiceError) as refused:
        event_import(data=data, analyse=False)
    assert str(refused.value).startswith(
        f"results[0].{key}: only an event whose opponents confirm each result"
    )


def test_the_round_clocks_length_comes_back_and_not_its_start(db):
    event = make_event()
    services.event_round_clock_set(event=event, minutes=25, clock_round=2, started_at=START)
    data = event_export(event)
    assert data["round_minutes"] == 25
    assert "clock_round" not in data
    copy = event_import(data={**data, "name": "Copy"}, analyse=False)
    assert (copy.round_minutes, copy.clock_round, copy.clock_started_at) == (25, None, None)
    assert event_export(copy) == {**data, "name": "Copy"}


def test_no_round_clock_is_not_written(db):
    data = event_export(make_event())
    assert "round_minutes" not in data
    assert event_import(data=data, analyse=False).round_minutes == 0
    assert event_import(data={**data, "round_minutes": 0}, analyse=False).round_minutes == 0


@pytest.mark.parametrize(
    ("value", "shown"),
    [(121, "121"), (-1, "-1"), (True, "true"), ("20", '"20"'), (2.5, "2.5"), (None, "null")],
)
def test_a_round_clock_out_of_range_is_refused_naming_the_field(db, value, shown):
    data = event_export(make_event())
    before = Event.objects.count()
    with pytest.raises(services.ServiceError) as refused:
        event_import(data={**data, "round_minutes": value}, analyse=False)
    assert str(refused.value) == f"round_minutes: must be a whole number from 0 to 120, got {shown}"
    assert Event.objects.count() == before
