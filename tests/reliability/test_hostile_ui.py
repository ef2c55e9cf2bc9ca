"""Hostile input for what the "new director" items added: the new-event form's preview (random and hostile
values in every field, a garbled movement file, an unknown action), the quick entry's contract levels, and the
pages' filters. Never a 500 or a traceback, a field's error instead, and a preview writes nothing."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from duplicate import services
from duplicate.templatetags.kalamazoo import beside_field, sides_whole
from scoring.quick import QuickError, parse_quick
from tests.factories import board_data, db_snapshot, event_form, make_event, plays_at, rolled_back
from tests.reliability.helpers import tried

pytestmark = pytest.mark.django_db

FIXTURES = [HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large]
NASTY = [
    "",
    "0",
    "-1",
    "1e309",
    "99999999999999999999999999",
    "٣",
    "²",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "{{ 7*7 }}",
    "\x00",
    "A" * 5000,
    "🂡🂱",
    "mitchell",
    "howell",
    "teams",
    "compass",
    "custom",
    "skip",
    "preview",
]
text = st.one_of(st.sampled_from(NASTY), st.text(max_size=30), st.integers(-(10**12), 10**12).map(str))
FIELDS = ("name", "date", "code", "contest", "kind", "movement", "tables", "boards_per_round")
FIELDS += ("howell_pairs", "even_tables", "sections", "ranking", "paper_size")


def base() -> dict[str, str]:
    return {**event_form(name="Hostile"), "action": "preview"}


@settings(max_examples=60, deadline=None, suppress_health_check=FIXTURES)
@given(changes=st.dictionaries(st.sampled_from(FIELDS), text, max_size=4))
def test_the_preview_takes_any_values_and_writes_nothing(director_client, changes):
    with rolled_back():
        before = db_snapshot()
        tried("new-event preview")
        response = director_client.post(reverse("event_create"), {**base(), **changes, "action": "preview"})
        assert response.status_code == 200
        assert db_snapshot() == before


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"movement": "howell", "tables": "11"}, "tables"),
        ({"movement": "compass", "tables": "1"}, "tables"),
        ({"movement": "mitchell", "tables": "100000"}, "tables"),
        ({"movement": "mitchell", "boards_per_round": "0"}, "boards_per_round"),
        ({"movement": "howell", "howell_pairs": "99"}, "howell_pairs"),
        ({"movement": "teams", "kind": "teams", "sections": "9"}, "sections"),
        ({"movement": "teams"}, "kind"),
        ({"movement": "polka"}, "movement"),
        ({"movement": "custom"}, "movement_file"),
    ],
)
def test_a_preview_that_cannot_be_made_names_its_field(director_client, changes, field):
    before = db_snapshot()
    tried("new-event preview")
    response = director_client.post(reverse("event_create"), {**base(), **changes})
    html = response.content.decode()
    assert response.status_code == 200
    assert "Preview:" not in html
    block = html.split(f'id="field-{field}"', 1)[1].split("</p>", 1)[0]
    assert 'class="errorlist"' in block
    assert db_snapshot() == before


@pytest.mark.parametrize(
    "upload",
    [b"", b"\xff\xfe\x00garbage", b"round,table,ns,ew,boards\n1,1,1,1,1\n", b"{" * 10_000, b"{}", b"[1, 2]"],
)
def test_a_garbled_movement_file_is_a_field_error_in_the_preview(director_client, upload):
    tried("new-event preview")
    data = {**base(), "movement": "custom", "movement_file": SimpleUploadedFile("m.csv", upload)}
    response = director_client.post(reverse("event_create"), data)
    html = response.content.decode()
    assert response.status_code == 200
    assert "Preview:" not in html
    assert 'class="errorlist"' in html.split('id="field-movement_file"', 1)[1].split("</p>", 1)[0]


@settings(max_examples=300, deadline=None)
@given(
    line=st.one_of(
        st.text(max_size=40),
        st.from_regex(r"\s*[0-9٣]{1,30}\s*(NT|N|C|D|H|S|RS)X{0,3}[ NESW=+\-0-9]{0,8}", fullmatch=True),
    )
)
def test_the_quick_entry_reads_or_refuses_any_line_with_its_field(line):
    tried("quick entry")
    for code in ("auction-1913", "auction-1915", "contract"):
        try:
            parsed = parse_quick(line, code=code)
        except QuickError as exc:
            refused = str(exc)
        else:
            assert set(parsed) <= {"contract", "declarer", "tricks", "ruling"}
            continue
        assert refused.startswith("quick: ")  # the field it belongs to, for the form to put it there


def test_a_bad_level_through_the_table_link_is_a_field_error_and_writes_nothing(client):
    event = make_event()
    token = services.table_token_create(section=event.sections.get(), table=1)
    play = plays_at(event, 1, 1)[0]
    before = db_snapshot()
    for line in ("8S N =", "0NT S 7", "99999999999999999999H E 9", "٨S N =", "8S" * 20):
        tried("quick entry")
        response = client.post(reverse("entry_token", args=[token.secret]), board_data(play, quick=line))
        assert response.status_code in (200, 422)
        assert "quick:" not in response.content.decode()
    assert db_snapshot() == before


@given(value=st.one_of(st.text(max_size=60), st.sampled_from(NASTY)))
@settings(max_examples=200, deadline=None)
def test_the_filters_escape_what_they_are_given(value):
    tried("template filter")
    shown = str(sides_whole(value))
    assert "<script" not in shown
    assert shown.replace('<span class="nowrap">', "").replace("</span>", "").count("<") == 0
    assert isinstance(beside_field(value), str)
