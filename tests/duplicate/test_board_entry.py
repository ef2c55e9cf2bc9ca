"""Entry from paper travellers: one board, every table's line of it, saved through the result service (its
version check, law E's reason after agreement and its history), for directors only."""

from __future__ import annotations

import pytest
from django.urls import reverse

from duplicate import services
from duplicate.models import Play, PlayChange
from tests.factories import board_plays, enter, make_event
from tests.hand_scored import C1NT, C4H_DOWN

pytestmark = pytest.mark.django_db


def _url(event, number: int) -> str:
    return reverse("board_entry", args=[event.pk, number])


def _post(plays: list[Play], typed: list[str], **reasons: str) -> dict[str, str]:
    """The board's form as the page sends it: each line's version, result as loaded and result typed."""
    data: dict[str, str] = {}
    for play, text in zip(plays, typed, strict=True):
        data[f"b{play.pk}-version"] = str(play.version)
        data[f"b{play.pk}-was"] = ""
        data[f"b{play.pk}-quick"] = text
    for key, reason in reasons.items():
        data[f"{key}-reason"] = reason
    return data


def test_the_page_lists_every_table_of_the_board_with_its_pairs_from_the_movement(director_client):
    event = make_event(tables=3, boards_per_round=2)
    plays = board_plays(event, 1)
    assert len(plays) == 3  # a three-table Mitchell: board 1 at each table, one round each
    html = director_client.get(_url(event, 1)).content.decode()
    for play in plays:
        assert f'id="line-{play.pk}"' in html
        assert (
            f"N-S <strong>{play.ns_pair.number}</strong> v E-W <strong>{play.ew_pair.number}</strong>" in html
        )
        assert f"Round {play.seating.round.number} · Table {play.seating.table}" in html
    assert html.count("autofocus") == 1
    # In the paper traveller's order: by N-S pair number, whatever round the pair played the board in.
    by_position = sorted(plays, key=lambda p: html.index(f'id="line-{p.pk}"'))
    assert [p.ns_pair.number for p in by_position] == ["1", "2", "3"]
    assert [p.seating.round.number for p in by_position] == [1, 3, 2]
    ten = make_event(tables=10, boards_per_round=1, name="Ten tables")
    page = director_client.get(_url(ten, 1)).content.decode()
    assert page.index("N-S <strong>2</strong>") < page.index("N-S <strong>10</strong>")  # not as text
    assert f'href="{_url(event, 2)}"' in html  # next board


def test_a_whole_board_is_saved_and_the_next_board_opens(director_client):
    event = make_event(tables=3, boards_per_round=2)
    plays = board_plays(event, 1)
    response = director_client.post(_url(event, 1), _post(plays, ["4H N 10", "4h n 9", "1NT N 7"]))
    assert response.status_code == 302
    assert response["Location"] == _url(event, 2)
    stored = board_plays(event, 1)
    # Hand-worked (tests/hand_scored.py): 4H by N made +157; one down -50 (law 48a); 1NT by N, 7 tricks +10.
    assert [p.net_ns for p in stored] == [157, -50, 10]
    assert [(p.contract, p.declarer, p.tricks) for p in stored] == [
        ("4H", "N", 10),
        ("4H", "N", 9),
        ("1NT", "N", 7),
    ]
    # The history (law E) names the director, as entry by table does.
    assert PlayChange.objects.filter(play__in=stored, who="td").count() == 3


def test_a_line_left_blank_or_as_loaded_is_not_touched(director_client):
    event = make_event(tables=3, boards_per_round=2)
    plays = board_plays(event, 1)
    enter(plays[0], C1NT)
    plays = board_plays(event, 1)
    data = _post(plays, ["1NT N 7", "", "4H N 9"])
    data[f"b{plays[0].pk}-was"] = "1NT N 7"
    assert director_client.post(_url(event, 1), data).status_code == 302
    stored = board_plays(event, 1)
    assert [p.entered for p in stored] == [True, False, True]
    assert stored[0].version == plays[0].version  # not written again
    assert stored[2].net_ns == -50


def test_a_line_too_long_is_refused_not_cut(director_client):
    """A typed line past the quick entry's 40 characters is refused beside its line, never saved cut short
    (what a cut "4H N 10" followed by 36 spaces and "x" would read as)."""
    event = make_event(tables=3, boards_per_round=2)
    plays = board_plays(event, 1)
    typed = "4H N 10" + " " * 36 + "x"
    response = director_client.post(_url(event, 1), _post(plays, [typed, "", ""]))
    assert response.status_code == 422
    line = response.content.decode().split(f'id="line-{plays[0].pk}"')[1].split('class="traveller-line')[0]
    assert "has-error" in line
    assert not Play.objects.filter(event=event, entered=True).exists()


def test_bad_quick_text_is_shown_beside_its_line_and_nothing_is_saved(director_client):
    event = make_event(tables=3, boards_per_round=2)
    plays = board_plays(event, 1)
    response = director_client.post(_url(event, 1), _post(plays, ["4H N 10", "4RS S 10", ""]))
    assert response.status_code == 422
    html = response.content.decode()
    line = html.split(f'id="line-{plays[1].pk}"')[1].split('class="traveller-line')[0]
    assert "has-error" in line
    assert "royal spades (RS) is not a strain of auction-1915" in line
    assert 'value="4RS S 10"' in line  # what was typed is kept
    assert 'value="4H N 10"' in html.split(f'id="line-{plays[0].pk}"')[1].split("</label>")[0]
    assert not Play.objects.filter(event=event, entered=True).exists()  # all or nothing


def test_a_line_changed_elsewhere_is_refused_with_the_conflict_message(director_client):
    event = make_event(tables=3, boards_per_round=2)
    plays = board_plays(event, 1)
    data = _post(plays, ["4H N 10", "1NT N 7", ""])
    enter(plays[1], C4H_DOWN)  # entered by table since the page was loaded
    response = director_client.post(_url(event, 1), data)
    assert response.status_code == 409
    html = response.content.decode()
    line = html.split(f'id="line-{plays[1].pk}"')[1].split('class="traveller-line')[0]
    assert "changed on another device" in line
    assert "Your entry was: 1NT N 7." in line
    assert "4H by N, 9 tricks" in line  # the stored result shown
    assert f'value="{plays[1].version + 1}"' in line  # its version now: saving again overwrites knowingly
    stored = board_plays(event, 1)
    assert (stored[0].entered, stored[1].net_ns) == (False, -50)  # nothing of the board saved


def test_a_correction_in_an_agreed_round_needs_a_reason_law_e(director_client, director):
    event = make_event(tables=3, boards_per_round=2)
    plays = board_plays(event, 1)
    enter(plays[0], C1NT)
    services.round_agree(round=plays[0].seating.round, user_id=director.pk)
    plays = board_plays(event, 1)
    data = _post(plays, ["4H N 10", "", ""])
    data[f"b{plays[0].pk}-was"] = "1NT N 7"
    html = director_client.get(_url(event, 1)).content.decode()
    assert f'name="b{plays[0].pk}-reason"' in html
    assert "round agreed, law E" in html
    response = director_client.post(_url(event, 1), data)
    assert response.status_code == 422
    reason = response.content.decode().split('class="fld fld-reason has-error"')[1].split("</label>")[0]
    assert "A correction after the scores are agreed (law E) needs a reason" in reason
    assert board_plays(event, 1)[0].net_ns == 10
    data[f"b{plays[0].pk}-reason"] = "traveller misread"
    assert director_client.post(_url(event, 1), data).status_code == 302
    play = board_plays(event, 1)[0]
    assert play.net_ns == 157
    change = PlayChange.objects.filter(play=play).order_by("-at", "-id").first()
    assert (change.reason, change.after["contract"]) == ("traveller misread", "4H")
    assert "traveller misread" in director_client.get(_url(event, 1)).content.decode()  # the history


def test_a_board_no_table_plays_is_404_and_visitors_are_refused(client, director_client):
    event = make_event(tables=3, boards_per_round=2)
    assert director_client.get(_url(event, 99)).status_code == 404
    assert director_client.get(reverse("board_entry", args=[event.pk + 1, 1])).status_code == 404
    assert client.get(_url(event, 1)).status_code == 403
    plays = board_plays(event, 1)
    assert client.post(_url(event, 1), _post(plays, ["4H N 10", "", ""])).status_code == 403
    assert not Play.objects.filter(event=event, entered=True).exists()


def test_the_board_selector_and_the_first_board(director_client):
    event = make_event(tables=3, boards_per_round=2)
    assert director_client.get(_url(event, 1), {"board": "4"})["Location"] == _url(event, 4)
    first = director_client.get(reverse("board_entry_first", args=[event.pk]))
    assert first["Location"] == _url(event, 1)
    index = director_client.get(reverse("entry_index", args=[event.pk])).content.decode()
    assert reverse("board_entry_first", args=[event.pk]) in index
    table = director_client.get(reverse("entry_table", args=[event.pk, "A", 1, 1])).content.decode()
    assert _url(event, 1) in table  # round 1 at table 1 plays boards 1 and 2
    traveller = director_client.get(reverse("board_traveller", args=[event.pk, 3])).content.decode()
    assert _url(event, 3) in traveller


def test_the_last_board_saves_and_stays(director_client):
    event = make_event(tables=3, boards_per_round=2)
    plays = board_plays(event, 6)
    response = director_client.post(_url(event, 6), _post(plays, ["", "", "1nt n 7"]))
    assert response["Location"] == _url(event, 6)
    assert board_plays(event, 6)[2].net_ns == 10


@pytest.mark.parametrize("tables", [3, 5])
def test_queries_do_not_grow_with_the_event(director_client, django_assert_num_queries, tables):
    event = make_event(tables=tables, boards_per_round=2)
    # session, user, event, the board's lines, their history, the board numbers
    with django_assert_num_queries(6):
        assert director_client.get(_url(event, 1)).status_code == 200
    plays = board_plays(event, 1)
    assert len(plays) == tables
    # Every line saved: six for the board (session, user, event, lines, history, board numbers) and five for
    # each line (play_result_save's lock, write, history and the results' version): nothing else per table.
    with django_assert_num_queries(6 + 5 * tables):
        data = _post(plays, ["4H N 10", "4H N 9"] + ["1NT N 7"] * (tables - 2))
        assert director_client.post(_url(event, 1), data).status_code == 302


def test_contract_lines_score_by_law_77_and_take_an_adjusted_score(director_client):
    event = make_event(tables=3, boards_per_round=2, code="contract")
    plays = board_plays(event, 1)  # board 1: neither side vulnerable (law 2)
    data = _post(plays, ["3NT S =", "4S E -2", "A60/40"])
    assert director_client.post(_url(event, 1), data).status_code == 302
    stored = board_plays(event, 1)
    # Law 77: 3NT made, not vulnerable: 40 + 30 + 30 = 100 trick score + 300 game bonus = +400 to N-S;
    # 4S by E two down, not vulnerable, undoubled: 2 x 50 = 100 to N-S; law 12C2's A60/40 is a ruling.
    assert [p.net_ns for p in stored[:2]] == [400, 100]
    assert stored[2].ruling == "A60/40"


def test_the_service_saves_all_or_nothing_and_refuses_a_line_given_twice():
    event = make_event(tables=3, boards_per_round=2)
    plays = board_plays(event, 1)
    writer = services.Writer(name="td", is_director=True)
    twice = [services.BoardLine(play=plays[0], data=C1NT, expected_version=plays[0].version)] * 2
    with pytest.raises(services.ServiceError, match="given twice"):
        services.board_results_save(lines=twice, writer=writer)
    lines = [
        services.BoardLine(play=plays[0], data=C1NT, expected_version=plays[0].version),
        services.BoardLine(play=plays[1], data=C4H_DOWN, expected_version=plays[1].version + 1),
    ]
    with pytest.raises(services.BoardLinesError) as refused:
        services.board_results_save(lines=lines, writer=writer)
    assert list(refused.value.refused) == [plays[1].pk]
    assert isinstance(refused.value.refused[plays[1].pk], services.ConflictError)
    assert not Play.objects.filter(event=event, entered=True).exists()  # the first line rolled back too
    assert not PlayChange.objects.filter(play__event=event).exists()
