"""Opening leads in PBN (PBN 2.1 section 3.5): each result's game has a Play section whose tag names the
opening leader (law 41A: declarer's left) and whose first card is the lead, read back by endplay's reader and
by Kalamazoo's own (``scoring.pbn``)."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse
from endplay.types import Card, Player

from duplicate import services
from duplicate.models import Play, PlayChange
from duplicate.services import leads as leads_service
from duplicate.services.eventfile import event_import
from scoring.pbn import read_pbn_bytes
from scoring.pbn_write import play_lines
from tests.factories import CONTRACT_RESULTS, DEAL_1, contract_event_file, read_back

# Board 1 (DEAL_1: North spades, East hearts, South diamonds, West clubs): 4S by N at two tables, East leads;
# board 2 (DEAL_2: North clubs, East spades, South hearts, West diamonds): West leads against South's 3NT.
DEAL_2 = "N:...AKQJT98765432 AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432."
LEADS = {(1, 1): "HK", (2, 3): "H2", (1, 2): "DA"}  # (round, table) -> lead (board 2 at round 1 table 2)


def _event():
    results = [
        (r, t, b, ns, ew, {**result, "lead": LEADS[(r, t)]} if (r, t) in LEADS else result)
        for r, t, b, ns, ew, result in CONTRACT_RESULTS
    ]
    data = contract_event_file(results=results, lead_cards=True)
    data["boards"][0]["deal"] = DEAL_1
    data["boards"][1]["deal"] = DEAL_2
    event = event_import(data=data, analyse=False)
    services.event_finish(event=event)
    return event


def test_the_play_section_names_the_leader_and_the_lead_first():
    assert play_lines("N", "HK") == ['[Play "E"]', "HK - - -", "*"]
    assert play_lines("W", "SA") == ['[Play "N"]', "SA - - -", "*"]


@pytest.mark.django_db
def test_results_pbn_carries_each_lead_read_back_by_endplay_and_by_kalamazoo(client):
    event = _event()
    body = client.get(reverse("download_hands", args=[event.pk, "results"])).content
    text = body.decode("utf-8")
    assert '[Result "10"]\r\n[Play "E"]\r\nHK - - -\r\n*\r\n' in text
    assert text.count("[Play ") == 3
    games = {(g.board_num, int(g.info["Round"]), int(g.info["Table"])): g for g in read_back(body)}
    first = games[(1, 1, 1)]
    assert first.play[0] == Card("HK")
    assert first.contract.declarer.lho == Player.east
    assert games[(2, 1, 2)].play[0] == Card("DA")
    assert not games[(2, 2, 1)].play  # an adjusted score: no Play section
    ours = {(g.board, g.round, g.table): g for g in read_pbn_bytes(body).games}
    assert {key: g.lead for key, g in ours.items() if g.lead} == {
        (1, "1", "1"): "HK",
        (1, "2", "3"): "H2",
        (2, "1", "2"): "DA",
    }
    assert ours[(1, "1", "1")].declarer == "N"
    assert ours[(1, "1", "1")].contract == "4S"


@pytest.mark.django_db
def test_import_hands_reads_the_leads_back_into_the_results(client, tmp_path):
    event = _event()
    body = client.get(reverse("download_hands", args=[event.pk, "results"])).content
    data = contract_event_file(lead_cards=True)  # the same results, no lead yet
    data["boards"][0]["deal"] = DEAL_1
    data["boards"][1]["deal"] = DEAL_2
    copy = event_import(data=data, analyse=False)
    path = tmp_path / "results.pbn"
    path.write_bytes(body)
    out = StringIO()
    call_command("import_hands", str(copy.pk), str(path), stdout=out)
    assert "Opening leads stored: 3" in out.getvalue()
    stored = Play.objects.filter(event=copy).exclude(lead="")
    keyed = {(p.board.number, p.seating.round.number, p.seating.table): p.lead for p in stored}
    assert keyed == {(1, 1, 1): "HK", (1, 2, 3): "H2", (2, 1, 2): "DA"}
    assert PlayChange.objects.filter(play__event=copy, after__lead="HK").count() == 1
    # Read again: nothing new. A lead the hands refuse (East's heart against South's 3NT) is told, not stored.
    text = body.decode("utf-8").replace('[Play "W"]\r\nDA - - -', '[Play "W"]\r\nSA - - -')
    again = services.pbn_leads_save(
        event=copy, data=text, writer=services.Writer(name="td", is_director=True)
    )
    assert again.saved == 0
    assert any("SA is in East's hand" in note for note in again.notes)
    assert Play.objects.get(event=copy, board__number=2, seating__round__number=1).lead == "DA"


@pytest.mark.django_db
def test_reading_the_leads_is_one_transaction(client, monkeypatch):
    """A failure other than a refusal (the database, say) part-way through a file stores no lead at all."""
    event = _event()
    body = client.get(reverse("download_hands", args=[event.pk, "results"])).content
    data = contract_event_file(lead_cards=True)
    data["boards"][0]["deal"] = DEAL_1
    data["boards"][1]["deal"] = DEAL_2
    copy = event_import(data=data, analyse=False)
    real = leads_service.play_result_save
    calls: list[int] = []

    def failing(**kwargs):
        calls.append(1)
        if len(calls) == 2:
            raise RuntimeError("the database went away")
        return real(**kwargs)

    monkeypatch.setattr(leads_service, "play_result_save", failing)
    with pytest.raises(RuntimeError):
        services.pbn_leads_save(event=copy, data=body, writer=services.Writer(name="td", is_director=True))
    assert len(calls) == 2
    assert not Play.objects.filter(event=copy).exclude(lead="").exists()
