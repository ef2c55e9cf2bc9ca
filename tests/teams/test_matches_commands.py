"""The ``draw`` command (a Swiss's next round as JSON; one line and exit 2 when refused) and the ``standings``
command's VP table of a league or a Swiss."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from teams.models import Match
from teams.services import match_result_save
from tests.factories import matches_event

pytestmark = pytest.mark.django_db


def run(*args: str) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def refused(*args: str) -> CommandError:
    with pytest.raises(CommandError) as caught:
        run(*args)
    assert caught.value.returncode == 2
    assert "\n" not in str(caught.value)
    return caught.value


def test_draw_prints_the_next_round_and_refuses_an_incomplete_one():
    event = matches_event("swiss-teams", 5, boards=2, rounds=3, seeded=True)
    assert (
        str(refused("draw", str(event.pk)))
        == "draw: round 1 is not complete: 2 match(es) still without a result"
    )
    for match in Match.objects.filter(event=event, round=1, away__isnull=False):
        match_result_save(match=match, entered="imps", home=20, away=10)
    body = json.loads(run("draw", str(event.pk)))
    assert body["round"] == 2
    assert [t["table"] for t in body["tables"]] == [1, 2]
    drawn = {t["home"] for t in body["tables"]} | {t["away"] for t in body["tables"]} | {body["bye"]}
    assert drawn == {"T1", "T2", "T3", "T4", "T5"}
    assert body["bye"] != "T5"  # T5 had round 1's bye


def test_draw_refuses_a_league_and_no_such_event():
    league = matches_event("round-robin", 4, boards=1)
    assert "only a Swiss draws" in str(refused("draw", str(league.pk)))
    assert str(refused("draw", "999999")) == "event 999999: no such event"


def test_standings_json_of_a_swiss():
    event = matches_event("swiss-teams", 4, boards=16, rounds=3, seeded=True)
    one, two = Match.objects.filter(event=event, round=1).order_by("table")
    match_result_save(match=one, entered="imps", home=30, away=16)  # 14 IMPs over 16 boards: 13.75 - 6.25
    match_result_save(match=two, entered="vps", home=10, away=10)
    body = json.loads(run("standings", str(event.pk), "--format", "json"))
    lines = [(x["name"], x["vps"], x["imps"], x["played"], x["rank"]) for x in body["standings"]]
    assert lines[0] == ("T1", "13.75", 14, 1, 1)
    assert lines[-1] == ("T2", "6.25", -14, 1, 4)
    assert sorted(x[0] for x in lines[1:3]) == ["T3", "T4"]
    text = run("standings", str(event.pk))
    assert "T1" in text.splitlines()[2]
    assert "13.75" in text.splitlines()[2]
