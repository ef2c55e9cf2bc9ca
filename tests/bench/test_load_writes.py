"""The load test's writes, posted through a table's link as its clients post them: each is saved (302) and
scored by the event's code (law 77 for a contract event, from the board's vulnerability)."""

from __future__ import annotations

import random
import urllib.parse

import pytest

from bench import load
from bench.run import load_runs
from duplicate.models import Play
from scoring.request import parse_request

pytestmark = pytest.mark.django_db


def _post(client, target, setup, rng):
    path, body, headers = load._write_request(target, setup["tokens"], rng, "x" * 32, setup["code"])
    response = client.post(path, data=body, content_type=headers["Content-Type"])
    if response.status_code == 200 and (again := load.confirmed(body, response.content)) is not None:
        # "Is this right?" (an unlikely result): its players say yes, as the load's clients do
        response = client.post(path, data=again, content_type=headers["Content-Type"])
    return response, dict(urllib.parse.parse_qsl(body.decode(), keep_blank_values=True))


@pytest.mark.parametrize("code", [load.AUCTION, load.CONTRACT])
def test_every_write_of_the_load_is_saved_through_the_table_link(client, code):
    setup = load.event_setup(sections=1, code=code)
    assert setup["code"] == code
    assert len(setup["targets"]) == 26  # round 13: 13 tables, 2 boards each
    rng = random.Random(3)
    for target in setup["targets"]:
        response, _form = _post(client, target, setup, rng)
        assert response.status_code in load.ACKNOWLEDGED, response.content[:500]
    stored = Play.objects.filter(pk__in=[t["pk"] for t in setup["targets"]], entered=True, version=1)
    assert stored.count() == 26


def test_a_contract_write_is_scored_by_law_77_with_the_boards_vulnerability(client):
    setup = load.event_setup(sections=1, code=load.CONTRACT)
    seen: set[str] = set()
    seeds = iter(range(10_000))
    for target in setup["targets"]:
        # Seeds picked so that the writes include a passed-out deal, a doubled and a redoubled contract.
        while True:
            seed = next(seeds)
            fields = load._contract_fields("b", random.Random(seed))
            shape = "PASS" if fields["b-level"] == "PASS" else fields["b-doubling"] or "plain"
            if shape not in seen or len(seen) == 4:
                break
        seen.add(shape)
        response, form = _post(client, target, setup, random.Random(seed))
        assert response.status_code == 302, response.content[:500]
        play = Play.objects.select_related("board").get(pk=target["pk"])
        prefix = f"b{target['pk']}-"
        if form[prefix + "level"] == "PASS":
            assert (play.contract, play.net_ns) == ("PASS", 0)
            continue
        contract = form[prefix + "level"] + form[prefix + "strain"] + form[prefix + "doubling"]
        request = {
            "code": "contract",
            "contract": contract,
            "declarer": form[prefix + "declarer"],
            "tricks": int(form[prefix + "tricks"]),
            "board": play.board.number,  # law 2's cycle: the synthetic boards name no vulnerability
        }
        assert play.board.vulnerability == ""
        assert (play.contract, play.declarer) == (contract, request["declarer"])
        assert play.tricks == request["tricks"]
        assert play.net_ns == parse_request(request).score().net_ns
    assert seen == {"PASS", "X", "XX", "plain"}


def test_a_full_run_loads_the_contract_event_once_after_the_auction_runs():
    auction, contract = load.AUCTION, load.CONTRACT
    assert load_runs(quick=False, skip=set()) == [
        (auction, "database"),
        (auction, "redis"),
        (contract, "database"),
    ]
    assert load_runs(quick=True, skip=set()) == [(auction, "database")]
    assert load_runs(quick=False, skip={"loadcontract"}) == [(auction, "database"), (auction, "redis")]
    assert load_runs(quick=False, skip={"load"}) == [(contract, "database")]
