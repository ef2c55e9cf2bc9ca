"""A table link after its round's last board: the round's results against the field (released boards only),
where the pairs and the boards go next, and after the last round the final standings."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from duplicate import services
from duplicate.models import Event, TableToken
from duplicate.selectors.event_rows import event_rows
from duplicate.selectors.events import boards_in_play
from duplicate.selectors.round_summary import round_summary
from tests.factories import board_data, make_event, plays_at

pytestmark = pytest.mark.django_db

DIRECTOR = services.Writer(name="td", is_director=True)
# Board 5 of a 3-table Mitchell is played at table 3 in round 1, table 2 in round 2, table 1 in round 3.
BOARD5 = {1: "PASS", 2: "2S N 7", 3: "2S N 8"}  # by round


def _enter(play, quick_data) -> None:
    services.play_result_save(play=play, data=quick_data, writer=DIRECTOR, expected_version=play.version)


def _data(text: str) -> dict:
    if text == "PASS":
        return {"contract": "PASS"}
    contract, declarer, tricks = text.split()
    return {"contract": contract, "declarer": declarer, "tricks": int(tricks)}


def _play_all(event: Event, *, but: tuple[int, int, int] | None = None) -> None:
    """Every board at every table in every round (board 5 as BOARD5, the rest 1NT S 7), but ``but``
    (round, table, board)."""
    for rnd in (1, 2, 3):
        for table in (1, 2, 3):
            for play in plays_at(event, rnd, table):
                if (rnd, table, play.board.number) == but:
                    continue
                _enter(play, _data(BOARD5[rnd] if play.board.number == 5 else "1NT S 7"))


def _token(event: Event, table: int) -> TableToken:
    return services.table_token_create(section=event.sections.get(), table=table)


def _summary(html: str) -> str:
    match = re.search(r'<section class="round-summary".*?</section>', html, re.S)
    return match.group(0) if match else ""


def _post_last(client, event: Event, token: TableToken, rnd: int, table: int, board: int, text: str):
    play = next(p for p in plays_at(event, rnd, table) if p.board.number == board)
    return client.post(reverse("entry_token", args=[token.secret]), board_data(play, quick=text))


def test_round_one_summary_of_a_mitchell_says_where_to_move_and_shows_no_board_in_play(client):
    event = make_event(tables=3, boards_per_round=2)
    token = _token(event, 1)
    url = reverse("entry_token", args=[token.secret])
    first, last = plays_at(event, 1, 1)
    _enter(first, _data("1NT S 7"))
    # Another table has played board 3 (round 1 at table 2): nothing of it may show here.
    _enter(plays_at(event, 1, 2)[0], _data("4S N 10"))

    before = client.get(url)
    assert _summary(before.content.decode()) == ""  # a board still to enter: the form, no summary

    response = _post_last(client, event, token, 1, 1, last.board.number, "3NT S 9")
    assert response.status_code == 302
    assert response["Location"] == f"{url}?done=1#summary"
    page = client.get(f"{url}?done=1")
    html = page.content.decode()
    summary = _summary(html)
    assert "Round 1 is in: the results" in summary
    assert "data-focus-on-load" in summary
    # Boards 1 and 2 are still to be played at tables 2 and 3: no result, score or average of the field.
    assert summary.count("other tables are still playing it") == 2
    assert f"/t/{token.secret}/boards/" not in summary
    for contract in ("1NT", "3NT", "4S"):
        assert contract not in summary
    # Mitchell: N-S stay, E-W move up a table, the boards go down a table (table 1's to table 3).
    moves = re.findall(r"<li>(.*?)</li>", summary)
    assert moves == [
        "N-S pair 1: stay at table 1, N-S.",
        "E-W pair 4: move to table 2 E-W.",
        "Boards 1-2: pass them to table 3.",
    ]
    assert "final standings" not in summary
    # Below it, round 2's form at this table, no field taking the cursor from the summary.
    assert "<h2>Round 2 at table 1</h2>" in html
    assert "autofocus" not in html
    # Board 3 stays hidden on the traveller through this link as before (table 1 has not played it).
    board3 = client.get(reverse("entry_token_traveller", args=[token.secret, 3])).content.decode()
    assert "4S" not in board3.replace(token.secret, "")  # (the link's own random secret may hold "4S")


def test_the_last_round_shows_the_released_boards_against_the_field_and_the_final_standings(client):
    event = make_event(tables=3, boards_per_round=2)
    token = _token(event, 1)
    url = reverse("entry_token", args=[token.secret])
    _play_all(event, but=(3, 1, 6))
    response = _post_last(client, event, token, 3, 1, 6, "1NT S 7")
    assert response["Location"] == f"{url}?done=3#summary"
    summary = _summary(client.get(f"{url}?done=3").content.decode())

    # Every board is in: boards 5 and 6 (round 3 at table 1) are released, each linked to its traveller.
    assert "other tables are still playing it" not in summary
    assert f'href="/t/{token.secret}/boards/5/"' in summary
    assert f'href="/t/{token.secret}/boards/6/"' in summary
    row5 = re.search(r'<tr id="summary-board-5">.*?</tr>', summary, re.S).group(0)
    cells = [re.sub(r"<.*?>", " ", c).split() for c in re.findall(r"<td.*?>(.*?)</td>", row5, re.S)]
    # Hand-checked (auction bridge, 1915 code; net scores, N-S's less E-W's): 2S by N making 8 tricks is
    # 2 x 9 = 18 to N-S (-18 for E-W); the other tables: passed out (0) and 2S one down (50 to E-W, -50).
    # N-S average (18 + 0 - 50) / 3 = -10 2/3, so N-S +28 2/3 and E-W -28 2/3 against the field.
    assert cells[0] == ["5"]
    assert cells[1] == ["2S", "by", "N,", "8", "tricks"]
    assert cells[2] == ["18", "/", "-18", "-10", "2/3", "/", "10", "2/3"]
    assert cells[3] == ["+28", "2/3"]
    assert cells[4] == ["-28", "2/3"]
    # Nobody moves after the last round; the final standings instead.
    assert "Where to go" not in summary
    assert f'href="{reverse("event_standings", args=[event.pk])}"' in summary
    assert "last round" in summary
    # The plain link, with every board of its last round in, opens on the same summary; the round's form
    # stays below it for a correction before the director agrees the round.
    page = client.get(url).content.decode()
    assert _summary(page) == summary
    assert "<h2>Correct a result of round 3</h2>" in page


def test_a_round_not_all_in_shows_no_summary(client):
    event = make_event(tables=3, boards_per_round=2)
    token = _token(event, 1)
    url = reverse("entry_token", args=[token.secret])
    assert _summary(client.get(f"{url}?done=1").content.decode()) == ""
    assert _summary(client.get(f"{url}?done=junk").content.decode()) == ""
    assert _summary(client.get(f"{url}?done=9").content.decode()) == ""


def test_a_fetch_save_of_the_last_board_names_the_summary(client):
    event = make_event(tables=3, boards_per_round=2)
    token = _token(event, 1)
    url = reverse("entry_token", args=[token.secret])
    first, last = plays_at(event, 1, 1)
    response = client.post(url, board_data(first, quick="1NT S 7"), headers={"X-Requested-With": "fetch"})
    assert response.status_code == 200
    assert "X-Kz-Location" not in response
    response = client.post(url, board_data(last, quick="1NT S 7"), headers={"X-Requested-With": "fetch"})
    assert response.status_code == 200
    assert response["X-Kz-Location"] == f"{url}?done=1#summary"


def _summary_queries(client, tables: int) -> int:
    event = make_event(tables=tables, boards_per_round=2, name=f"{tables} tables")
    token = _token(event, 1)
    url = reverse("entry_token", args=[token.secret])
    for table in range(1, tables + 1):
        for play in plays_at(event, 1, table):
            _enter(play, _data("1NT S 7"))
    with CaptureQueriesContext(connection) as queries:
        page = client.get(f"{url}?done=1")
    assert "Round 1 is in" in page.content.decode()
    return len(queries)


def test_the_summary_costs_the_same_queries_whatever_the_size(client):
    assert _summary_queries(client, 3) == _summary_queries(client, 7)


def test_the_board_local_summary_matches_the_whole_events_rows(client):
    # The summary reads only its round's boards (law H: a board is scored against its own plays): every
    # table's every round gives the lines, averages and plus/minus the whole event's rows give, and the
    # guide card's moves.  Board 6 of round 3 at table 1 is left out: that table has no summary of round 3
    # and board 6 stays masked at the others.
    event = make_event(tables=3, boards_per_round=2)
    _play_all(event, but=(3, 1, 6))
    section = event.sections.get()
    rows = event_rows(event, hidden=boards_in_play(event))
    cards = {card.table: card for card in rows.guide_cards}
    shown = 0
    for rnd in (1, 2, 3):
        for table in (1, 2, 3):
            summary = round_summary(section, table, rnd)
            if (rnd, table) == (3, 1):
                assert summary is None
                continue
            assert summary is not None
            expected = [line for line in rows.results if (line.round, line.table) == (rnd, table)]
            assert [b.line for b in summary.boards] == expected
            assert [b.released for b in summary.boards] == [line.board != 6 for line in expected]
            assert summary.guide == next(g for g in cards[table].lines if g.round == rnd)
            assert summary.last == (rnd == 3)
            shown += 1
    assert shown == 8
