"""Opening leads (docs/laws.md, "Law 41A — the opening lead"): stored by the one result service, checked
against the leader's hand, kept in the history, and carried by the event file and USEBIO.

Board 1's hands (DEAL_1): North holds the spades, East the hearts, South the diamonds, West the clubs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from duplicate import services
from duplicate.models import Event, Play, PlayChange
from duplicate.selectors.usebio import usebio_event
from duplicate.services.eventfile import event_export, event_import
from duplicate.services.usebio import usebio_import
from scoring.contract import Seat
from scoring.usebio import read_usebio, write_usebio
from tests.factories import CONTRACT_RESULTS, DEAL_1, board_plays, contract_event_file, enter, make_event

DATA = Path(__file__).resolve().parents[1] / "data" / "usebio"


def _event(*, lead_cards: bool = True) -> Event:
    event = make_event(tables=3, code="contract")
    services.board_deals_set(event=event, deals={1: DEAL_1})
    return services.event_lead_cards_set(event=event, lead_cards=lead_cards)


@pytest.mark.django_db
def test_the_lead_is_stored_read_as_typed_and_kept_in_the_history():
    event = _event()
    play = board_plays(event, 1)[0]
    enter(play, {"contract": "4H", "declarer": "W", "tricks": 10, "lead": "q♠"})  # North leads: spades
    play.refresh_from_db()
    assert play.lead == "SQ"
    change = PlayChange.objects.get(play=play)
    assert change.after["lead"] == "SQ"


@pytest.mark.django_db
def test_a_card_the_leader_does_not_hold_is_refused_naming_its_holder():
    event = _event()
    play = board_plays(event, 1)[0]
    with pytest.raises(services.ServiceError) as caught:
        enter(play, {"contract": "3NT", "declarer": "S", "tricks": 9, "lead": "HQ"})
    assert str(caught.value) == (
        "lead: HQ is in East's hand; the opening lead is West's (on declarer South's left, law 41A)"
    )
    play.refresh_from_db()
    assert not play.entered
    assert play.lead == ""
    saved = enter(play, {"contract": "3NT", "declarer": "S", "tricks": 9, "lead": "c7"})
    assert saved.lead == "C7"
    corrected = enter(saved, {"contract": "3NT", "declarer": "S", "tricks": 9})  # the lead taken away
    assert corrected.lead == ""
    history = [(c.before or {}).get("lead") for c in PlayChange.objects.filter(play=play).order_by("pk")]
    assert history == [None, "C7"]


@pytest.mark.django_db
def test_passed_out_deals_rulings_and_other_codes_have_no_lead():
    event = _event()
    play = board_plays(event, 1)[0]
    with pytest.raises(services.ServiceError, match="lead: a deal passed out has no opening lead"):
        enter(play, {"contract": "PASS", "lead": "C7"})
    with pytest.raises(services.ServiceError, match="a result given by ruling has no lead"):
        enter(play, {"ruling": "A60/40", "lead": "C7"})
    auction = make_event(tables=3)
    with pytest.raises(services.ServiceError, match="lead: only contract bridge events"):
        enter(board_plays(auction, 1)[0], {"contract": "2H", "declarer": "S", "tricks": 8, "lead": "C7"})
    with pytest.raises(services.ServiceError, match="lead_cards: only contract bridge events"):
        services.event_lead_cards_set(event=auction, lead_cards=True)


def _led_file() -> dict:
    """The contract pairs file, board 1 dealt as DEAL_1, two results with their leads (East leads against
    North's 4S: a heart; board 2 has no hands, so any card stands)."""
    results = [
        (*row[:5], {**row[5], "lead": lead} if lead else row[5])
        for row, lead in zip(CONTRACT_RESULTS, ["HK", None, None, "D10"], strict=False)
    ] + list(CONTRACT_RESULTS[4:])
    data = contract_event_file(results=results, lead_cards=True)
    data["boards"][0]["deal"] = DEAL_1
    return data


@pytest.mark.django_db
def test_the_event_file_carries_the_option_and_each_lead_back():
    event = event_import(data=_led_file(), analyse=False)
    assert event.lead_cards is True
    data = event_export(event, director=True)
    assert data["lead_cards"] is True
    assert [r.get("lead") for r in data["results"] if r.get("lead")] == ["HK", "DT"]
    copy = event_import(data=json.loads(json.dumps(data)), analyse=False)
    assert copy.lead_cards is True
    assert event_export(copy, director=True)["results"] == data["results"]
    refused = _led_file()
    refused["results"][0]["lead"] = "SA"  # North's own card
    with pytest.raises(services.ServiceError, match=r"results\[0\]\.lead: SA is in North's hand"):
        event_import(data=refused, analyse=False)
    assert "lead_cards" not in event_export(make_event(tables=3, code="contract"))


@pytest.mark.django_db
def test_usebio_writes_lead_and_reads_it_back():
    event = event_import(data=_led_file(), analyse=False)
    body = write_usebio(usebio_event(event, director=True))
    assert body.count(b"<LEAD>") == 2
    assert b"<LEAD>HK</LEAD>" in body
    assert b"<LEAD>DT</LEAD>" in body
    assert sorted(line.lead or "" for line in read_usebio(body).all_lines() if line.lead) == ["DT", "HK"]
    copy = usebio_import(data=body)
    leads = Play.objects.filter(event=copy).exclude(lead="").order_by("board__number")
    assert list(leads.values_list("board__number", "lead")) == [(1, "HK"), (2, "DT")]


@pytest.mark.django_db
def test_usebio_import_leaves_out_leads_the_files_own_hands_refuse():
    """Compscore's file (tests/data/usebio/compscore_butler_pairs.xml) writes LEAD between PLAYED_BY and
    TRICKS, suit then rank; its six leads are each held by the declaring side in its HANDSET (board 1: S5
    against North's 3NT, North holding it; CA against East's 4H, West holding it): none is stored, and the
    event is imported."""
    body = (DATA / "compscore_butler_pairs.xml").read_bytes()
    written = [(line.board, line.declarer, line.lead) for line in read_usebio(body).all_lines() if line.lead]
    assert written[:2] == [(1, Seat.N, "S5"), (1, Seat.E, "CA")]
    assert len(written) == 6
    event = usebio_import(data=body)
    assert Play.objects.filter(event=event, entered=True).count() == 6
    assert not Play.objects.filter(event=event).exclude(lead="").exists()


@pytest.mark.django_db
def test_hands_attached_later_never_stop_a_rescoring_by_a_lead_they_contradict():
    """A lead entered before the hands were known (law 41A could not be checked) is no part of the score:
    whether a change of vulnerability (law 77) would rescore the result is worked out whatever the hands say
    of its lead (refused as a rescoring, never for the lead)."""
    event = make_event(tables=3, code="contract")
    play = board_plays(event, 1)[0]
    enter(play, {"contract": "3NT", "declarer": "S", "tricks": 10, "lead": "HQ"})  # East's, in DEAL_1
    services.board_deals_set(event=event, deals={1: DEAL_1})
    with pytest.raises(services.ServiceError, match="the new vulnerability would change results already in"):
        services.board_vulnerability_set(event=event, vulnerable={1: "All"})
    assert services.board_vulnerability_set(event=event, vulnerable={1: "None"}) == 1  # as scored: 430
    play.refresh_from_db()
    assert (play.lead, play.net_ns) == ("HQ", 430)
