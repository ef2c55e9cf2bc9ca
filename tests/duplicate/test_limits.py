"""What the forms, event files and commands accept is bounded by what a field needs (the limits of
``scoring.movements``): too big is a form error or one clear line, refused at once, and nothing is written."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from duplicate.models import Event
from duplicate.services.errors import ServiceError
from duplicate.services.eventfile import event_import
from scoring.movements import MAX_PAIRS, MAX_PLAYS, generate
from tests.duplicate.exports_events import pairs_file
from tests.duplicate.test_commands import manage
from tests.duplicate.test_event_pages import create_form

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("tables", "per_round"), [(100, 36), (100, 3), (80, 4)])
def test_the_new_event_form_refuses_more_results_than_a_field_plays(director_client, tables, per_round):
    form = create_form(tables=str(tables), boards_per_round=str(per_round))
    response = director_client.post(reverse("event_create"), form)
    assert response.status_code == 200
    assert f"at most {MAX_PLAYS:,} results to enter" in str(response.context["form"].errors)
    assert Event.objects.count() == 0


def test_the_new_event_form_takes_the_largest_field(director_client):
    response = director_client.post(reverse("event_create"), create_form(tables="100", boards_per_round="2"))
    assert response.status_code == 302
    assert Event.objects.get().plays.count() == MAX_PLAYS


def five_hundred_tables() -> dict:
    """An event file with a Mitchell of 500 tables at 36 boards a round (its first round only: enough)."""
    data = pairs_file(3, 1, missing=10**6)
    movement = generate("mitchell", tables=3, boards_per_round=1).to_dict()
    movement["tables"], movement["boards_per_round"] = 500, 36
    data["movement"] = movement
    return data


def test_an_event_file_with_a_500_table_movement_is_refused():
    with pytest.raises(ServiceError, match="movement: mitchell: tables must be a whole number from 1 to 100"):
        event_import(data=five_hundred_tables())
    assert Event.objects.count() == 0


def test_an_event_file_with_20000_pairs_is_refused():
    data = pairs_file(3, 1)
    data["pairs"] += [{"number": 1000 + n, "players": ["A", "B"]} for n in range(20_000)]
    with pytest.raises(ServiceError, match=f"pairs: at most {MAX_PAIRS} pairs"):
        event_import(data=data)
    data = pairs_file(3, 1)
    data["results"] = data["results"] * (MAX_PLAYS // len(data["results"]) + 1)
    with pytest.raises(ServiceError, match=f"results: at most {MAX_PLAYS:,} results"):
        event_import(data=data)
    assert Event.objects.count() == 0


def test_the_import_page_shows_the_refusal(director_client):
    upload = SimpleUploadedFile("big.json", json.dumps(five_hundred_tables()).encode())
    response = director_client.post(reverse("event_import"), {"file": upload})
    assert response.status_code == 200
    assert "tables must be a whole number from 1 to 100" in response.content.decode()
    assert Event.objects.count() == 0


def test_the_commands_refuse_in_one_line(tmp_path):
    big = tmp_path / "big.json"
    big.write_text(json.dumps(five_hundred_tables()))
    with pytest.raises(CommandError, match="tables must be a whole number from 1 to 100") as refused:
        call_command("import_event", str(big))
    assert len(str(refused.value).splitlines()) == 1
    assert Event.objects.count() == 0
    result = manage("movement", "mitchell", "--tables", "100", "--boards-per-round", "36")
    assert result.returncode == 2
    assert f"at most {MAX_PLAYS:,} results to enter" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
