"""Both sides confirm (law 79, law E): the opponents of the side that entered a result through the table
link confirm it (``services.play_result_confirm``); until then the table's round is not over at its link."""

from __future__ import annotations

import pytest

from duplicate import selectors, services
from duplicate.models import Play, PlayChange
from duplicate.selectors import entry as entry_selectors
from duplicate.selectors.round_summary import round_summary
from duplicate.services.eventfile import event_export, event_import
from tests.factories import enter, make_event, plays_at

RESULT = {"contract": "2S", "declarer": "N", "tricks": 8}
TABLE = services.Writer(name="table 1 (token)", is_director=False)


@pytest.fixture
def event(db):
    made = make_event()
    services.event_confirm_results_set(event=made, confirm_results=True)
    return made


def table_enter(play: Play, data: dict, side: str) -> Play:
    return services.play_result_save(
        play=play, data=data, writer=TABLE, expected_version=play.version, side=side
    )


def fresh(play: Play) -> Play:
    return Play.objects.select_related("event").get(pk=play.pk)


def test_a_table_links_entry_waits_for_the_other_side_and_its_confirmation_is_in_the_history(event):
    play = table_enter(plays_at(event, 1, 1)[0], RESULT, "NS")
    stored = fresh(play)
    assert (stored.entered_by, stored.confirmed_at) == ("NS", None)
    assert entry_selectors.awaiting_side(stored, event=event) == "EW"
    assert not entry_selectors.agreed_at_table(stored, event=event)

    confirmed = services.play_result_confirm(play_id=play.pk, version=stored.version, side="EW", writer=TABLE)

    stored = fresh(play)
    assert stored.confirmed_at is not None
    assert stored.confirmed_at == confirmed.confirmed_at
    assert stored.version == play.version  # the result did not change: its version stands
    assert entry_selectors.agreed_at_table(stored, event=event)
    last = PlayChange.objects.filter(play=play).order_by("id").last()
    assert last is not None
    assert last.reason == "confirmed by E-W (law E: the score made up and agreed upon)"
    assert last.before == last.after == {"contract": "2S", "declarer": "N", "tricks": 8}
    assert last.who == "table 1 (token)"


def test_a_contract_events_confirmation_names_law_79(db):
    event = make_event(code="contract")
    services.event_confirm_results_set(event=event, confirm_results=True)
    play = table_enter(plays_at(event, 1, 1)[0], {"contract": "3NT", "declarer": "S", "tricks": 9}, "EW")
    services.play_result_confirm(play_id=play.pk, version=play.version, side="NS", writer=TABLE)
    assert PlayChange.objects.filter(play=play).last().reason == (  # type: ignore[union-attr]
        "confirmed by N-S (law 79: the score agreed at the table)"
    )


def test_the_side_that_entered_it_does_not_confirm_it(event):
    play = table_enter(plays_at(event, 1, 1)[0], RESULT, "NS")
    with pytest.raises(services.PermissionDenied, match="N-S entered board 1's result: E-W, the opponents"):
        services.play_result_confirm(play_id=play.pk, version=play.version, side="NS", writer=TABLE)
    assert fresh(play).confirmed_at is None


def test_no_result_or_the_directors_needs_no_confirmation(event):
    empty, directors = plays_at(event, 1, 1)
    with pytest.raises(services.ServiceError, match="Board 1 has no result to confirm"):
        services.play_result_confirm(play_id=empty.pk, version=0, side="EW", writer=TABLE)
    entered = enter(directors, RESULT)
    assert fresh(entered).entered_by == ""
    assert entry_selectors.agreed_at_table(fresh(entered), event=event)
    with pytest.raises(services.ServiceError, match="entered by the director: it needs no confirmation"):
        services.play_result_confirm(play_id=entered.pk, version=entered.version, side="EW", writer=TABLE)


def test_a_result_changed_since_the_phone_showed_it_is_not_confirmed(event):
    play = table_enter(plays_at(event, 1, 1)[0], RESULT, "NS")
    shown = play.version
    table_enter(fresh(play), {"contract": "2S", "declarer": "N", "tricks": 9}, "NS")  # N-S correct it
    with pytest.raises(services.ConflictError, match="changed since it was shown to you") as caught:
        services.play_result_confirm(play_id=play.pk, version=shown, side="EW", writer=TABLE)
    assert caught.value.current.tricks == 9  # the page shows the result stored now
    assert fresh(play).confirmed_at is None
    assert not PlayChange.objects.filter(play=play, reason__startswith="confirmed").exists()


def test_a_correction_by_the_other_side_is_their_entry_awaiting_the_first(event):
    play = table_enter(plays_at(event, 1, 1)[0], RESULT, "NS")
    services.play_result_confirm(play_id=play.pk, version=play.version, side="EW", writer=TABLE)
    corrected = table_enter(fresh(play), {"contract": "2S", "declarer": "N", "tricks": 7}, "EW")
    stored = fresh(corrected)
    assert (stored.entered_by, stored.confirmed_at) == ("EW", None)  # the confirmation went with the result
    assert entry_selectors.awaiting_side(stored, event=event) == "NS"
    with pytest.raises(services.PermissionDenied):
        services.play_result_confirm(play_id=play.pk, version=stored.version, side="EW", writer=TABLE)
    services.play_result_confirm(play_id=play.pk, version=stored.version, side="NS", writer=TABLE)
    assert fresh(play).confirmed_at is not None


def test_the_same_result_saved_again_keeps_its_confirmation(event):
    play = table_enter(plays_at(event, 1, 1)[0], RESULT, "NS")
    services.play_result_confirm(play_id=play.pk, version=play.version, side="EW", writer=TABLE)
    table_enter(fresh(play), RESULT, "EW")  # nothing changed: nothing to confirm again
    assert fresh(play).confirmed_at is not None
    assert fresh(play).entered_by == "NS"


def test_a_directors_correction_needs_no_confirmation(event):
    play = table_enter(plays_at(event, 1, 1)[0], RESULT, "NS")
    enter(fresh(play), {"contract": "2S", "declarer": "N", "tricks": 10})
    stored = fresh(play)
    assert (stored.entered_by, stored.confirmed_at) == ("", None)
    assert entry_selectors.agreed_at_table(stored, event=event)


def test_a_confirmation_twice_changes_nothing(event):
    play = table_enter(plays_at(event, 1, 1)[0], RESULT, "NS")
    first = services.play_result_confirm(play_id=play.pk, version=play.version, side="EW", writer=TABLE)
    again = services.play_result_confirm(play_id=play.pk, version=play.version, side="EW", writer=TABLE)
    assert again.confirmed_at == first.confirmed_at
    assert PlayChange.objects.filter(play=play, reason__startswith="confirmed").count() == 1


def test_a_table_link_confirms_nothing_once_the_round_is_agreed(event):
    play = table_enter(plays_at(event, 1, 1)[0], RESULT, "NS")
    services.round_agree(round=play.seating.round, user_id=None)
    with pytest.raises(services.PermissionDenied, match="Round 1 agreed"):
        services.play_result_confirm(play_id=play.pk, version=play.version, side="EW", writer=TABLE)


def test_a_bad_side_is_refused_naming_the_field(event):
    play = table_enter(plays_at(event, 1, 1)[0], RESULT, "NS")
    with pytest.raises(services.ServiceError, match="side: must be NS or EW"):
        services.play_result_confirm(play_id=play.pk, version=play.version, side="N", writer=TABLE)
    with pytest.raises(services.ServiceError, match="entered_by: must be NS or EW"):
        table_enter(fresh(play), {"contract": "2S", "declarer": "N", "tricks": 9}, "SN")


def test_the_link_stays_on_the_round_until_every_result_is_confirmed(event):
    section = event.sections.get()
    one, two = plays_at(event, 1, 1)
    table_enter(one, RESULT, "NS")
    table_enter(two, {"contract": "1NT", "declarer": "S", "tricks": 7}, "NS")
    assert selectors.current_round_number(section, 1) == 1
    assert round_summary(section, 1, 1) is None  # no summary, no move: not agreed at the table
    services.play_result_confirm(play_id=one.pk, version=fresh(one).version, side="EW", writer=TABLE)
    assert selectors.current_round_number(section, 1) == 1
    services.play_result_confirm(play_id=two.pk, version=fresh(two).version, side="EW", writer=TABLE)
    assert selectors.current_round_number(section, 1) == 2
    summary = round_summary(section, 1, 1)
    assert summary is not None
    assert [b.number for b in summary.boards] == [1, 2]


def test_without_confirmation_the_round_moves_on_as_before(db):
    event = make_event()
    section = event.sections.get()
    for play in plays_at(event, 1, 1):
        table_enter(play, RESULT, "")
    assert selectors.current_round_number(section, 1) == 2
    assert round_summary(section, 1, 1) is not None


def test_turning_confirmation_off_lets_waiting_results_count(event):
    section = event.sections.get()
    for play in plays_at(event, 1, 1):
        table_enter(play, RESULT, "NS")
    assert selectors.current_round_number(section, 1) == 1
    services.event_confirm_results_set(event=event, confirm_results=False)
    section = event.sections.select_related("event").get()
    assert selectors.current_round_number(section, 1) == 2


def test_the_event_file_carries_the_choice(event):
    data = event_export(event)
    assert data["confirm_results"] is True
    copy = event_import(data={**data, "name": "Copy"}, analyse=False)
    assert copy.confirm_results is True
    plain = event_export(make_event())
    assert "confirm_results" not in plain
    assert event_import(data=plain, analyse=False).confirm_results is False
    with pytest.raises(services.ServiceError, match="confirm_results: must be true or false"):
        event_import(data={**data, "confirm_results": "yes"}, analyse=False)
