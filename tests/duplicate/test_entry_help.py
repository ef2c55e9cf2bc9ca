"""The entry page's quick-entry help (each code's own examples, only where there is a form) and the row after
a correction refused for want of a reason (law E)."""

from __future__ import annotations

import html as htmllib
import re

import pytest

from duplicate import services
from duplicate.models import Play, Round
from scoring.quick import parse_quick
from tests.factories import board_data, field_errors, make_event, on_field, plays_at, table_url

HELP_LINE = re.compile(r'<p class="muted help-line[^"]*">(.*?)</p>', re.S)
REASON_NEEDED = "reason: a correction after the scores are agreed (law E) needs a reason"


def enter(play: Play, data: dict) -> Play:
    writer = services.Writer(name="td", is_director=True, user_id=None)
    return services.play_result_save(play=play, data=data, writer=writer, expected_version=play.version)


def row_html(html: str, play: Play) -> str:
    return html.split(f'id="board-{play.board.number}"')[1].split("</section>")[0]


def input_value(html: str, name: str) -> str:
    match = re.search(rf'<input[^>]*name="{re.escape(name)}"[^>]*>', html)
    assert match, name
    value = re.search(r'value="([^"]*)"', match.group(0))
    return htmllib.unescape(value.group(1)) if value else ""


def selected(html: str, name: str) -> str:
    select = re.search(rf'<select name="{re.escape(name)}".*?</select>', html, re.S)
    assert select, name
    chosen = re.search(r'<option value="([^"]*)"[^>]*selected', select.group(0))
    return chosen.group(1) if chosen else ""


@pytest.mark.parametrize("code", ["auction-1913", "auction-1915", "whist"])
def test_every_quick_entry_example_shown_parses_under_the_events_code(director_client, code):
    """The help line and the field's tooltip give only lines the quick-entry parser accepts for the code."""
    event = make_event(code=code, name=code)
    html = director_client.get(table_url(event, 1, 1)).content.decode()
    help_line = HELP_LINE.search(html).group(1)
    examples = [htmllib.unescape(k) for k in re.findall(r"<kbd>(.*?)</kbd>", help_line) if k != "Enter"]
    title = re.search(r'<label class="fld fld-quick"[^>]*title="([^"]*)"', html).group(1)
    examples += [part.strip() for part in re.split(r",| or ", title.rsplit(":", 1)[-1])]
    assert len(examples) >= 6
    current = {"contract": "4H", "declarer": "N"}  # "+1" and "-2" apply to the row's contract
    for example in examples:
        parsed = parse_quick(example, code=code, current=current)
        assert ("tricks_ns" in parsed) == (code == "whist"), example


def test_visitors_get_no_quick_entry_help_where_there_is_no_form(client, director_client, mitchell_event):
    url = table_url(mitchell_event, 1, 1)
    visitor = client.get(url).content.decode()
    assert "<form" not in visitor.split("entry-rows")[1]
    assert HELP_LINE.search(visitor) is None
    assert "press <kbd>Enter</kbd>" not in visitor
    assert HELP_LINE.search(director_client.get(url).content.decode()) is not None


def agreed_board(event) -> tuple[Play, str]:
    play = enter(plays_at(event, 1, 1)[0], {"contract": "4H", "declarer": "N", "tricks": 10})
    services.round_agree(round=Round.objects.get(section__event=event, number=1), user_id=None)
    return play, table_url(event, 1, 1)


STORED_FIELDS = {"level": "4", "strain": "H", "declarer": "N", "tricks": "10"}


@pytest.mark.parametrize(
    ("posted", "kept"),
    [
        ({"quick": "4S N 8", **STORED_FIELDS}, "4S N 8"),  # the quick entry over the stored fields
        ({"quick": "4s n 8", "level": "2", "strain": "C", "declarer": "E", "tricks": "7"}, "4s n 8"),
        ({"level": "4", "strain": "S", "declarer": "N", "tricks": "8"}, "4S N 8"),  # typed in the fields
    ],
)
def test_a_correction_refused_for_want_of_a_reason_shows_the_stored_result_and_keeps_the_typed_one(
    director_client, mitchell_event, posted, kept
):
    """Law E: nothing is saved; the row's fields, summary and score all show the stored 4H by N, 10 tricks,
    and the correction stays only in the quick entry, which carries the message, ready to save with a
    reason."""
    play, url = agreed_board(mitchell_event)
    response = director_client.post(url, board_data(play, **posted))
    assert response.status_code == 422
    row = row_html(response.content.decode(), play)
    prefix = f"b{play.pk}-"
    assert input_value(row, f"{prefix}quick") == kept
    assert on_field(row, "quick", "quick: not saved; board 1 keeps 4H by N, 10 tricks"), field_errors(
        row, "quick"
    )
    assert on_field(row, "reason", REASON_NEEDED)
    assert (selected(row, f"{prefix}level"), selected(row, f"{prefix}strain")) == ("4", "H")
    assert (selected(row, f"{prefix}declarer"), input_value(row, f"{prefix}tricks")) == ("N", "10")
    assert "4H by N, 10 tricks" in row.split("</header>")[0]
    for name in ("level", "strain", "declarer", "tricks"):
        assert not field_errors(row, name)
    play.refresh_from_db()
    assert (play.contract, play.tricks) == ("4H", 10)
    # The same row saved again with a reason stores the correction.
    again = board_data(play, quick=kept, reason="traveller misread", **STORED_FIELDS)
    assert director_client.post(url, again).status_code == 302
    play.refresh_from_db()
    assert (play.contract, play.declarer, play.tricks) == ("4S", "N", 8)


def test_a_refused_correction_that_the_quick_entry_cannot_hold_stays_as_typed(
    director_client, mitchell_event
):
    """A revoke typed in the fields beside the new contract: the form stays as posted (nothing typed lost)."""
    play, url = agreed_board(mitchell_event)
    posted = board_data(play, **{**STORED_FIELDS, "strain": "S", "revokes_defenders": "1"})
    response = director_client.post(url, posted)
    assert response.status_code == 422
    row = row_html(response.content.decode(), play)
    assert on_field(row, "reason", REASON_NEEDED)
    assert selected(row, f"b{play.pk}-strain") == "S"
    assert input_value(row, f"b{play.pk}-revokes_defenders") == "1"


def test_a_whist_correction_refused_for_want_of_a_reason_is_kept_in_the_quick_entry(director_client):
    event = make_event(code="whist", name="whist")
    play = enter(plays_at(event, 1, 1)[0], {"tricks_ns": 7})
    services.round_agree(round=Round.objects.get(section__event=event, number=1), user_id=None)
    url = table_url(event, 1, 1)
    response = director_client.post(url, board_data(play, tricks_ns="9"))
    assert response.status_code == 422
    row = row_html(response.content.decode(), play)
    assert input_value(row, f"b{play.pk}-quick") == "9"
    assert input_value(row, f"b{play.pk}-tricks_ns") == "7"
    assert on_field(row, "quick", "quick: not saved; board 1 keeps")
    assert on_field(row, "reason", REASON_NEEDED)


def test_the_refused_row_sent_to_the_pages_script_is_the_same(director_client, mitchell_event):
    """The page's script saves without reloading and puts the row it gets back in place of the old one."""
    play, url = agreed_board(mitchell_event)
    response = director_client.post(
        url, board_data(play, quick="4S N 8", **STORED_FIELDS), headers={"X-Requested-With": "fetch"}
    )
    assert response.status_code == 422
    row = response.content.decode()
    assert row.startswith('<section class="entry-row')
    assert input_value(row, f"b{play.pk}-quick") == "4S N 8"
    assert input_value(row, f"b{play.pk}-tricks") == "10"
    assert on_field(row, "quick", "quick: not saved; board 1 keeps 4H by N, 10 tricks")
    assert on_field(row, "reason", REASON_NEEDED)


def test_a_whist_correction_with_a_revoke_typed_in_the_fields_is_kept_in_the_quick_entry(director_client):
    event = make_event(code="whist", name="whist")
    play = enter(plays_at(event, 1, 1)[0], {"tricks_ns": 7})
    services.round_agree(round=Round.objects.get(section__event=event, number=1), user_id=None)
    response = director_client.post(table_url(event, 1, 1), board_data(play, tricks_ns="9", revokes_ns="1"))
    assert response.status_code == 422
    row = row_html(response.content.decode(), play)
    assert input_value(row, f"b{play.pk}-quick") == "9 1R NS"
    assert (input_value(row, f"b{play.pk}-tricks_ns"), input_value(row, f"b{play.pk}-revokes_ns")) == (
        "7",
        "",
    )
    assert on_field(row, "quick", "quick: not saved; board 1 keeps")
