"""The recap sheet (every pair by every board), page and PDF: hand-worked values on a 3-table Mitchell, no
peeking for a visitor, blocks of boards on a wide event, and a fixed number of queries at any size.

The Mitchell is ``tests.duplicate.test_standings``'s, its plus/minus worked out there board by board (N-S;
E-W's are the negatives of their opponents'):

    board 1: pair 1 +118, pair 2 -29, pair 3 -89
    board 2: pair 1 -56/3 (-19), pair 2 +34/3 (+11), pair 3 +22/3 (+7)
    board 3: pair 1 +76/3 (+25), pair 2 -128/3 (-43), pair 3 +52/3 (+17)
    E-W: pair 4 played 1 (b1), 3 (b2), 2 (b3); pair 5 played 3, 2, 1; pair 6 played 2, 1, 3.
"""

from __future__ import annotations

import io
import re

import pytest
from django.core.cache import cache
from django.urls import reverse
from pypdf import PdfReader

from duplicate import services
from duplicate.models import Event, Play
from duplicate.selectors import standings as st
from duplicate.selectors.recap import HIDDEN_MARK, UNRESOLVED_MARK, board_blocks, recap
from tests.factories import MITCHELL_RESULTS, agree_all, fill, make_event, mitchell_event
from tests.hand_scored import C1NT, C2D, C2S, C4H_DOWN, C4H_MADE

pytestmark = pytest.mark.usefixtures("fresh_cache")

# Pair -> (board 1, board 2, board 3, total), and each ranking's rank order.
EXPECTED = {
    1: ["+118", "-19", "+25", "+125"],
    2: ["-29", "+11", "-43", "-60"],
    3: ["-89", "+7", "+17", "-64"],
    4: ["-118", "-7", "+43", "-83"],
    5: ["+89", "-11", "-25", "+52"],
    6: ["+29", "+19", "-17", "+30"],
}
RANK_ORDER = {"N-S": [1, 2, 3], "E-W": [5, 6, 4]}


def enter(play: Play, data: dict) -> None:
    writer = services.Writer(name="td", is_director=True, user_id=None)
    services.play_result_save(play=play, data=data, writer=writer, expected_version=play.version)


def page_rows(html: str) -> dict[str, list[str]]:
    """Each pair's row of the recap page's tables (tags stripped), by pair label: its cells after the
    rank, pair and players; a pair in several blocks gets its cells joined, its totals kept."""
    rows: dict[str, list[str]] = {}
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", html, re.S):
        cells = [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
        if len(cells) > 3:
            rows.setdefault(cells[1], []).extend(cells[3:])
    return rows


def pdf_lines(data: bytes) -> list[str]:
    assert data.startswith(b"%PDF-")
    return [
        " ".join(line.split())
        for page in PdfReader(io.BytesIO(data)).pages
        for line in page.extract_text().splitlines()
    ]


@pytest.fixture
def hand_event(db) -> Event:
    event = mitchell_event(MITCHELL_RESULTS)
    agree_all(event)
    return event


def test_the_selector_gives_each_pairs_plus_minus_board_by_board(hand_event):
    sheet = recap(hand_event)
    assert sheet.boards == (1, 2, 3)
    assert not sheet.progress.provisional
    assert [r.title for r in sheet.rankings] == ["N-S", "E-W"]
    for ranking in sheet.rankings:
        assert [row.pair.label for row in ranking.rows] == RANK_ORDER[ranking.title]
        for row in ranking.rows:
            assert [*row.cells, row.total] == EXPECTED[row.pair.label]
    # Pair 1's rounded cells add up to 124, its exact total 374/3 to 125: the total is the standings'.
    assert recap(hand_event).rankings[0].rows[0].rank == 1
    by_pair = recap(hand_event, order="pair")
    assert [row.pair.label for row in by_pair.rankings[1].rows] == [4, 5, 6]
    with pytest.raises(ValueError, match="order"):
        recap(hand_event, order="sideways")


def test_the_page_shows_every_pair_by_every_board(client, hand_event):
    response = client.get(reverse("event_recap", args=[hand_event.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    rows = page_rows(html)
    assert {int(k): v for k, v in rows.items()} == EXPECTED
    # Rank order in each ranking; ?order=pair by number; a made-up order is rank order.
    assert re.findall(r'/pairs/(\d+)/">\1<', html) == ["1", "2", "3", "5", "6", "4"]
    by_pair = client.get(reverse("event_recap", args=[hand_event.pk]), {"order": "pair"}).content.decode()
    assert re.findall(r'/pairs/(\d+)/">\1<', by_pair) == ["1", "2", "3", "4", "5", "6"]
    odd = client.get(reverse("event_recap", args=[hand_event.pk]), {"order": "x"}).content.decode()
    assert re.findall(r'/pairs/(\d+)/">\1<', odd) == ["1", "2", "3", "5", "6", "4"]
    # Linked from the event's pages; the table scrolls inside its own box (.table-container).
    standings = client.get(reverse("event_standings", args=[hand_event.pk])).content.decode()
    assert reverse("event_recap", args=[hand_event.pk]) in standings
    assert 'class="table-container"' in html


def test_the_pdf_reads_back_with_the_same_figures(client, hand_event):
    response = client.get(reverse("download_recap", args=[hand_event.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert "recap.pdf" in response["Content-Disposition"]
    reader = PdfReader(io.BytesIO(response.content))
    box = reader.pages[0].mediabox
    assert box.width > box.height  # landscape
    lines = pdf_lines(response.content)
    assert "Rank Pair Players 1 2 3 Total" in lines
    for label, cells in EXPECTED.items():
        assert f"{label} North {label} & South {label} {' '.join(cells)}" in " ".join(lines)
    assert "1 1 North 1 & South 1 +118 -19 +25 +125" in lines
    assert "3 4 North 4 & South 4 -118 -7 +43 -83" in lines


def partial_event() -> Event:
    """A 3-table Mitchell, two boards a round: board 1 entered at two of its three tables (in play), board 2
    at all three (released).  Board 1: N-S +157 and -50, average 107/2: +103 1/2 (+104) and -104."""
    event = make_event(tables=3, boards_per_round=2)
    plays = {
        n: list(Play.objects.filter(event=event, board__number=n).order_by("seating__round__number"))
        for n in (1, 2)
    }
    enter(plays[1][0], C4H_MADE)
    enter(plays[1][1], C4H_DOWN)
    for play, data in zip(plays[2], (C1NT, C2S, C2D), strict=True):
        enter(play, data)  # 10, 18, 14: average 14
    event.refresh_from_db()
    return event


def test_a_visitor_does_not_see_the_boards_in_play(client, director_client, db):
    event = partial_event()
    url = reverse("event_recap", args=[event.pk])
    director = page_rows(director_client.get(url).content.decode())  # kept in the cache first
    visitor = page_rows(client.get(url).content.decode())
    # Columns: boards 1 to 6 (3 to 6 not played yet), then the total.
    assert sorted(c[1] for c in director.values()) == ["+4", "+4", "-4", "-4", "0", "0"]  # board 2
    assert sorted(c[0] for c in director.values()) == ["", "", "+104", "+104", "-104", "-104"]
    for cells in visitor.values():
        assert cells[0] == HIDDEN_MARK  # every row: not even who has played it
        assert cells[2:6] == [HIDDEN_MARK] * 4
    assert sorted(c[1] for c in visitor.values()) == sorted(c[1] for c in director.values())
    # A visitor's totals count the released board 2 only (board 1's plus/minus in them would tell it); the
    # director's both boards.
    assert {k: c[-1] for k, c in visitor.items()} == {k: c[1] for k, c in visitor.items()}
    assert sorted(c[-1] for c in director.values()) == ["+100", "+100", "-100", "-100", "0", "0"]
    # The same in the PDF; the visitor's file is never the director's (the cache keyed by what is hidden).
    pdf_url = reverse("download_recap", args=[event.pk])
    seen = pdf_lines(client.get(pdf_url).content)
    full = " ".join(pdf_lines(director_client.get(pdf_url).content))
    pair_lines = [line.split() for line in seen if re.match(r"\d+ \d+ \S+ ", line)]
    assert len(pair_lines) == 6
    mark = HIDDEN_MARK
    assert sorted(tuple(t[-7:-1]) for t in pair_lines) == sorted(
        (mark, c[1], mark, mark, mark, mark) for c in visitor.values()
    )
    assert HIDDEN_MARK not in full
    assert "+104" in full
    assert "-104" in full
    assert pdf_lines(client.get(pdf_url).content) == seen
    # The last table plays board 1 (+10: the hand-worked board 1 above): it is released to everyone.
    enter(Play.objects.filter(event=event, board__number=1, entered=False).get(), C1NT)
    visitor = page_rows(client.get(url).content.decode())
    assert sorted(c[0] for c in visitor.values()) == ["+118", "+29", "+89", "-118", "-29", "-89"]
    assert "+118" in " ".join(pdf_lines(client.get(pdf_url).content))


def test_a_wide_event_is_printed_in_blocks_of_boards(client, db):
    assert board_blocks(0) == []
    assert board_blocks(16) == [(0, 16)]
    assert board_blocks(27) == [(0, 14), (14, 27)]
    assert board_blocks(36) == [(0, 12), (12, 24), (24, 36)]
    event = make_event(tables=9, boards_per_round=3)  # 27 boards
    fill(event)
    html = client.get(reverse("event_recap", args=[event.pk])).content.decode()
    assert html.count("Boards 1 to 14") == 2  # N-S and E-W
    assert html.count("Boards 15 to 27") == 2
    assert all(len(cells) == 27 + 2 for cells in page_rows(html).values())  # 27 boards, two totals
    lines = pdf_lines(client.get(reverse("download_recap", args=[event.pk])).content)
    assert "Rank Pair Players 1 2 3 4 5 6 7 8 9 10 11 12 13 14 Total" in lines
    assert "Rank Pair Players 15 16 17 18 19 20 21 22 23 24 25 26 27 Total" in lines


@pytest.mark.parametrize("name", ["event_recap", "download_recap"])
def test_the_recap_runs_a_fixed_number_of_queries(client, django_assert_num_queries, db, name):
    # Cold: the event, the boards in play (no peeking: never cached), the pairs, the plays; the printout
    # also how many results (a big event's is made in the background).  From the cache: the event and the
    # boards in play (and the count).
    counted = int(name == "download_recap")
    for event in (make_event(tables=3, boards_per_round=2), make_event(tables=9, boards_per_round=3)):
        fill(event)
        url = reverse(name, args=[event.pk])
        cache.clear()
        with django_assert_num_queries(4 + counted):
            assert client.get(url).status_code == 200
        with django_assert_num_queries(2 + counted):
            assert client.get(url).status_code == 200


def test_a_team_match_has_no_recap(client, db):
    event = make_event(kind="teams", tables=2, event_kind="teams")
    assert client.get(reverse("event_recap", args=[event.pk])).status_code == 302
    assert client.get(reverse("download_recap", args=[event.pk])).status_code == 404


def test_a_howell_is_one_ranking_each_pair_with_the_boards_it_played(client, db):
    event = make_event(kind="howell", tables=3, boards_per_round=2)
    fill(event)
    sheet = recap(event)
    standings = st.pair_standings(event)
    assert [r.title for r in sheet.rankings] == [r.title for r in standings.rankings]
    assert len(sheet.rankings) == 1
    for row, standing in zip(sheet.rankings[0].rows, standings.rankings[0].rows, strict=True):
        assert (row.pair, row.rank, row.total) == (standing.pair, standing.rank, standing.plus_minus_display)
        # "" for a board it did not play; a ruling with no result to draw on (board 10 here) is not scored.
        assert sum(1 for cell in row.cells if cell not in ("", UNRESOLVED_MARK)) == standing.boards
        assert row.cells[-1] == UNRESOLVED_MARK
    html = client.get(reverse("event_recap", args=[event.pk])).content.decode()
    assert len(page_rows(html)) == len(sheet.rankings[0].rows)


def test_before_any_result_the_page_and_the_pdf_say_so(client, db):
    event = make_event(tables=3, boards_per_round=2)
    url = reverse("event_recap", args=[event.pk])
    pdf_url = reverse("download_recap", args=[event.pk])
    for _ in ("running", "finished"):
        html = client.get(url).content.decode()
        assert page_rows(html) == {}
        assert "No results yet" in html
        assert "No results yet" in " ".join(pdf_lines(client.get(pdf_url).content))
        services.event_finish(event=event)
