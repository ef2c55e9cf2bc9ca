"""What the forms, event files and commands accept is bounded by what a field needs (the limits of
``scoring.movements``): too big is a form error or one clear line, refused at once, and nothing is written."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from duplicate.forms.events import DealsForm, EventCreateForm, EventImportForm
from duplicate.models import Event
from duplicate.services.errors import ServiceError
from duplicate.services.eventfile import event_import
from duplicate.uploads import MAX_EVENT_FILE, MAX_MOVEMENT_FILE, MAX_PBN_FILE
from scoring.movements import MAX_PAIRS, MAX_PLAYS, generate
from tests.duplicate.exports_events import pairs_file
from tests.factories import create_form, manage, small_file

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


def test_an_event_file_over_the_cap_is_one_line_exit_2_and_never_read(tmp_path):
    path = tmp_path / "huge.json"
    with path.open("wb") as f:
        f.truncate(MAX_EVENT_FILE + 1)  # sparse: the size is checked before a byte is read
    result = manage("import_event", str(path))
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [f"CommandError: {path}: the file is larger than 20 MB"]
    assert Event.objects.count() == 0


def test_an_event_file_at_the_cap_is_read(tmp_path):
    # More than the 5 MB a PBN file may take: an exported event of the most results is about 6 MB.
    path = tmp_path / "padded.json"
    text = json.dumps(small_file()).encode()
    path.write_bytes(text + b" " * (MAX_EVENT_FILE - len(text)))
    assert path.stat().st_size == MAX_EVENT_FILE
    out = StringIO()
    call_command("import_event", str(path), stdout=out)
    assert out.getvalue().startswith("Imported 'Spring pairs'")
    assert Event.objects.get().name == "Spring pairs"


@pytest.mark.parametrize(
    ("form", "data", "field", "limit", "message"),
    [
        (EventImportForm, {}, "file", MAX_EVENT_FILE, "event file: the file is larger than 20 MB"),
        (DealsForm, {}, "pbn_file", MAX_PBN_FILE, "pbn file: the file is larger than 5 MB"),
        (
            EventCreateForm,
            create_form(movement="custom"),
            "movement_file",
            MAX_MOVEMENT_FILE,
            "movement file: the file is larger than 5 MB",
        ),
    ],
)
def test_the_upload_forms_refuse_a_file_over_its_kinds_cap(form, data, field, limit, message):
    over = form(data, {field: SimpleUploadedFile("big", b" " * (limit + 1))})
    assert not over.is_valid()
    assert over.errors[field] == [message]
    at_cap = form(data, {field: SimpleUploadedFile("big", b" " * limit)})
    at_cap.is_valid()
    assert field not in at_cap.errors or message not in at_cap.errors[field]
