"""Every HTML page of a contract pair event speaks of its contest's figures (matchpoints, a percentage, IMPs,
Butler's datum), never law H's average and plus/minus: the standings, score cards, travellers, the venue
display, a table link's round summary, the entry page's score and the boards page; and the workbook's Score
cards and Boards sheets.  The events are those of tests/duplicate/test_contract_events.py, whose figures are
worked by hand there; Butler's datums (mean of the N-S scores, to the nearest 10): board 1 (420 + 450 - 100)
/ 3 -> 260, board 2 (600 - 100 + 790) / 3 = 430, board 3 (0 - 620 + 400) / 3 -> -70."""

from __future__ import annotations

import io
import re

import openpyxl
import pytest
from django.urls import reverse

from duplicate import services
from duplicate.services.eventfile import event_import
from tests.duplicate.exports_events import pairs_file
from tests.factories import CONTRACT_RESULTS as RESULTS
from tests.factories import contract_event_file as event_file
from tests.factories import finished_contract_event as make
from tests.factories import imp_match_file as match_file
from tests.factories import sheet_rows, table_url

pytestmark = pytest.mark.django_db


def text(html: str) -> str:
    """The page's words, tags dropped, spaces squeezed."""
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def headers(html: str) -> list[list[str]]:
    """Each table's column headings."""
    return [
        [text(th) for th in re.findall(r"<th[^>]*>(.*?)</th>", head, re.S)]
        for head in re.findall(r"<thead[^>]*>(.*?)</thead>", html, re.S)
    ]


@pytest.mark.parametrize("contest", ["butler", "cross-imps"])
def test_the_standings_show_the_imps_once(client, contest):
    event = make(contest)
    html = client.get(reverse("event_standings", args=[event.pk])).content.decode()
    assert headers(html) == [["Rank", "Pair", "Players", "Boards", "IMPs", ""]] * 2  # N-S, E-W
    if contest == "butler":
        assert "1 3 North 3 &amp; South 3 3 15.00" in text(html)  # 5 + 8 + 2
        assert "3 2 North 2 &amp; South 2 3 -14.00" in text(html)  # -8 + 5 - 11
    else:
        assert "North 1 &amp; South 1 3 4.00" in text(html)  # 5 - 25/2 + 23/2


def test_a_matchpoint_standings_keeps_mps_and_percentage_and_marks_no_place_won_by_hundredths(
    director_client,
):
    """The event in play (board 3 not in at round 3 table 1, 1 v 5): E-W 6 has 4 + 8/5 + 1/2 = 6.10, E-W 4
    2 + 1/2 + 7/2 = 6.00 (board 3 Neuberged from two results to three: (2 + 1) * 3/2 - 1 = 7/2, (0 + 1) *
    3/2 - 1 = 1/2).  They round alike to whole numbers, not to the two decimals shown: not 'by the fraction
    of a point'.  The director's standings: a visitor's leave board 3 out while it is in play
    (tests/duplicate/test_no_peeking.py)."""
    event = event_import(data=event_file(results=[r for r in RESULTS if r[:3] != (3, 1, 3)]))
    html = director_client.get(reverse("event_standings", args=[event.pk])).content.decode()
    assert headers(html)[1] == ["Rank", "Pair", "Players", "Boards", "MPs", "%", ""]
    words = text(html)
    assert "1 6 North 6 &amp; South 6 3 6.10 50.83" in words
    assert "2 4 North 4 &amp; South 4 3 6.00 50.00" in words
    assert "by the fraction of a point" not in words


def test_the_score_cards_give_the_contests_figures_without_law_hs_average(client):
    event = make("matchpoints")
    html = client.get(reverse("pair_scorecard", args=[event.pk, 3])).content.decode()
    assert headers(html) == [["Round", "Board", "Held", "Opponents", "Result", "Score", "MPs", "Total MPs"]]
    words = text(html)
    assert "Place 1 (N-S) · 3 boards · MPs 9.50 · 79.17%" in words  # 19/2 of 12
    assert "3 2 N-S 4 North 4 &amp; South 4 4HX by N, 10 tricks 790 3.50 9.50" in words  # Neuberged
    assert "Its score on each deal is its side's, by law 77. Matchpoints: 2 for each result beaten" in words
    assert "average" not in words.lower()
    assert "plus/minus" not in words
    butler = make("butler")
    html = client.get(reverse("pair_scorecard", args=[butler.pk, 2])).content.decode()
    assert headers(html) == [["Round", "Board", "Held", "Opponents", "Result", "Score", "IMPs", "Total IMPs"]]
    words = text(html)
    assert "Place 3 (N-S) · 3 boards · IMPs -14.00" in words
    assert "3 1 N-S 6 North 6 &amp; South 6 3NT by S, 7 tricks -100 -8.00 -14.00" in words  # -360 from 260
    assert "average" not in words.lower()
    assert "plus/minus" not in words


@pytest.mark.parametrize(("board", "datum"), [(1, "260"), (2, "430"), (3, "-70")])
def test_a_butler_traveller_gives_the_boards_datum(client, board, datum):
    event = make("butler")
    words = text(client.get(reverse("board_traveller", args=[event.pk, board])).content.decode())
    rule = "mean of 3 results, none dropped, halves away from zero"  # the default (tests/scoring/test_butler_datum.py)
    assert f"Datum: {datum} ({rule}) · IMPs (WBF scale) against each board" in words
    assert "Average" not in words
    assert "law B(3)" not in words


def test_a_matchpoint_traveller_says_what_its_figures_are(client):
    event = make("matchpoints")
    words = text(client.get(reverse("board_traveller", args=[event.pk, 2])).content.decode())
    assert "3 3 3 4 4HX by N, 10 tricks 790 -790" in words
    assert "Matchpoints: 2 for each result beaten and 1 for each tied" in words
    assert "Average" not in words
    assert "Datum" not in words


def test_the_venue_display_heads_the_contests_figures(client):
    butler = make("butler")
    html = client.get(reverse("event_display", args=[butler.pk])).content.decode()
    heads = headers(html)
    assert heads[0] == ["Place", "Pair", "Players", "IMPs"]
    assert heads[2] == ["Table", "N-S", "E-W", "Result", "N-S score", "N-S IMPs", "E-W IMPs"]
    words = text(html)
    # each board's slide: its hands, then its datum over its lines
    slides = [re.search(rf"Board {n} North .*? Datum: (-?\d+) Table", words) for n in (1, 2, 3)]
    assert [m.group(1) if m else None for m in slides] == ["260", "430", "-70"]
    assert not {"Average", "Plus/minus", "+/-"} & set(re.findall(r"Average|Plus/minus|\+/-", words))
    event = make("matchpoints")
    html = client.get(reverse("event_display", args=[event.pk])).content.decode()
    assert headers(html)[0] == ["Place", "Pair", "Players", "%"]
    assert headers(html)[2][-2:] == ["N-S MPs", "E-W MPs"]
    words = text(html)
    assert "1 3 North 3 &amp; South 3 79.17" in words
    assert "Average" not in words
    assert "Datum" not in words


def test_a_table_links_round_summary_gives_each_pairs_mps(client):
    """Table 3's last round: board 2, 4HX by N making, 790: 7/2 MPs to N-S 3, 1/2 to E-W 4 (Neuberg)."""
    event = make("matchpoints")
    token = services.table_token_create(section=event.sections.get(), table=3)
    html = client.get(reverse("entry_token", args=[token.secret])).content.decode()
    summary = html.split('<section class="round-summary"')[1].split("</section>")[0]
    assert headers(summary) == [["Board", "Result", "Score N-S / E-W", "N-S MPs", "E-W MPs"]]
    words = text(summary)
    assert "2 4HX by N, 10 tricks 790 / -790 3.50 0.50" in words
    assert "MPs: each pair's matchpoints on the board" in words
    assert "average" not in words
    assert "±" not in words


def test_the_entry_page_itemises_law_77s_score_without_honours(director_client):
    """Board 1 at round 1 table 1: 4S by N, 10 tricks, not vulnerable: 120 contract points and game 300."""
    event = event_import(data=event_file())
    html = director_client.get(table_url(event, 1, 1)).content.decode()
    score = html.split('<div class="score"')[1].split("</div>")[0]
    assert headers(score) == [["Side", "Item", "Column", "Law", "Points"]]
    words = text(score)
    assert "N-S tricks trick score law 77 120 N-S game other score law 77 300" in words
    assert "N-S 420 (trick score 120, other score 300) · E-W 0 (trick score 0, other score 0)" in words
    assert "honour" not in words
    boards = text(director_client.get(reverse("event_boards", args=[event.pk])).content.decode())
    assert "no score depends on them (law 77: no honours)" in boards
    assert "honours are worked out" not in boards


def test_the_workbooks_score_cards_and_boards_sheets_keep_to_the_contest(client):
    butler = make("butler")
    book = openpyxl.load_workbook(
        io.BytesIO(client.get(reverse("download_workbook", args=[butler.pk])).content)
    )
    assert [c.value for c in next(book["Score cards"].iter_rows())][8:] == ["Score", "IMPs", "Total IMPs"]
    head = [c.value for c in next(book["Boards"].iter_rows())]
    assert head[-3:] == ["Hands (PBN)", "Results", "Datum"]
    assert {r["Board"].value: r["Datum"].value for r in sheet_rows(book, "Boards")} == {
        1: 260,
        2: 430,
        3: -70,
    }
    event = make("matchpoints")
    book = openpyxl.load_workbook(
        io.BytesIO(client.get(reverse("download_workbook", args=[event.pk])).content)
    )
    assert [c.value for c in next(book["Score cards"].iter_rows())][8:] == ["Score", "MPs", "Total MPs"]
    assert [c.value for c in next(book["Boards"].iter_rows())][-2:] == ["Hands (PBN)", "Results"]
    assert [(r["Board"].value, r["Results"].value) for r in sheet_rows(book, "Boards")] == [
        (1, 3),
        (2, 3),
        (3, 3),
    ]


def test_a_table_link_offers_no_adjusted_score_as_an_example(client, director_client):
    """Law 12C2's adjusted scores are the director's: the quick entry's examples offer one to a director only."""
    event = event_import(data=event_file(results=[]))
    token = services.table_token_create(section=event.sections.get(), table=1)
    table = client.get(reverse("entry_token", args=[token.secret])).content.decode()
    assert 'placeholder="4HX N 10, 3NT S =, PASS"' in table
    director = director_client.get(table_url(event, 1, 1)).content.decode()
    assert 'placeholder="4HX N 10, 3NT S =, PASS, A60/40"' in director


def test_the_rounds_not_yet_agreed_cite_law_79_not_law_e(client):
    """Contract bridge's scores are agreed at the table under the Laws of Duplicate Bridge 2017, law 79
    (tricks won): its pages cite that, where an auction event's cite law E.  Every result in, none of the
    three rounds agreed."""
    event = event_import(data=event_file("matchpoints"))
    pages = [
        reverse("event_standings", args=[event.pk]),
        reverse("pair_scorecard", args=[event.pk, 3]),
    ]
    for url in pages:
        words = text(client.get(url).content.decode())
        assert "Provisional: 9 of 9 results in; 3 rounds not yet agreed (law 79)." in words, url
        assert "law E" not in words, url
    auction = event_import(data=pairs_file(3, 1, name="Auction"))
    words = text(client.get(reverse("event_standings", args=[auction.pk])).content.decode())
    assert re.search(r"Provisional: \d+ of \d+ results in; \d+ rounds not yet agreed \(law E\)\.", words)
    assert "law 79" not in words


def test_a_contract_team_matchs_page_cites_law_79(client):
    event = event_import(data=match_file())  # every result in, the two rounds not agreed
    words = text(client.get(reverse("team_match", args=[event.pk])).content.decode())
    assert "Provisional: 8 of 8 results in; 2 rounds not yet agreed (law 79)." in words
    assert "law E" not in words
