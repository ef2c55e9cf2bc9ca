"""A contract team match by IMPs on the pages and printouts that list its lines: each board's traveller, each
pair's score card, the venue display, the travellers and score cards PDFs.  Each line shows its law 77 N-S and
E-W scores and the board's swing in IMPs for its side; a board in play shows a visitor nothing; the event is
named by its contest and law 77, never law G or the Laws of Auction; the queries do not grow with the match.

Swings worked by hand on ``tests.teams.test_imp_match.RESULTS`` (the WBF IMP scale: 20-40 points 1 IMP, ...,
430-490 10, 600-740 12, 750-890 13).  Reds (pairs 1 N-S at table 1, 2 E-W at table 2) v Blues (3, 4):
board 1: Reds N-S +420, Blues N-S -50: Reds net 470: 10 IMPs to Reds (table 1 N-S +10, E-W -10; table 2 N-S
(Blues) -10, E-W (Reds) +10); board 2: +600 v +600: 0; board 3: Reds N-S +100 (4H by E one off, E-W vul),
Blues N-S -620: net 720: 12 to Reds; board 4: Reds N-S +690, Blues N-S +1440 (6NT vul): net -750: 13 to
Blues.  Reds 22, Blues 13: 14.60 to 5.40 VPs (tests.teams.test_imp_match_files works them).  Pair 2 (Reds E-W) played boards 3, 4, 1, 2: scores +620, -1440, +50, -600; IMPs +12, -13, +10, 0;
running +12, -1, +9, +9."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.core.cache import cache
from django.urls import reverse
from openpyxl import load_workbook

from duplicate import services
from duplicate.models import Board, Event
from duplicate.selectors.travellers import score_card, traveller
from duplicate.services.eventfile import event_import
from tests.factories import IMP_MATCH_RESULTS as RESULTS
from tests.factories import big_imp_match_file as big_file
from tests.factories import contract_event_file as event_file
from tests.factories import imp_match_file as match_file
from tests.factories import pdf_words

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_cache")]


def full(name: str = "Reds v Blues") -> Event:
    event = event_import(data={**match_file(), "name": name})
    services.event_finish(event=event)
    return event


def text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_each_travellers_line_has_its_law77_scores_and_the_boards_swing():
    event = full()
    got = {}
    for number in (1, 2, 3, 4):
        board = Board.objects.get(event=event, number=number)
        for line in traveller(event, board).lines:
            got[(number, line.table)] = (
                line.ns_score_display,
                line.ew_score_display,
                line.ns_plus_minus_display,
                line.ew_plus_minus_display,
            )
    assert got == {
        (1, 1): ("420", "-420", "+10", "-10"),
        (1, 2): ("-50", "50", "-10", "+10"),
        (2, 1): ("600", "-600", "0", "0"),
        (2, 2): ("600", "-600", "0", "0"),
        (3, 1): ("100", "-100", "+12", "-12"),
        (3, 2): ("-620", "620", "-12", "+12"),
        (4, 1): ("690", "-690", "-13", "+13"),
        (4, 2): ("1440", "-1440", "+13", "-13"),
    }


def test_a_pairs_score_card_has_its_scores_its_imps_and_their_running_total():
    event = full()
    pair = event.pairs.get(number=2)
    card = score_card(event, pair.pk)
    assert card is not None
    lines = [(x.board, x.score_display, x.plus_minus_display, x.running_display) for x in card.lines]
    assert lines == [
        (3, "620", "+12", "+12"),
        (4, "-1440", "-13", "-1"),
        (1, "50", "+10", "+9"),
        (2, "-600", "0", "+9"),
    ]


def test_the_pages_show_the_imps(client):
    event = full()
    page = text(client.get(reverse("board_traveller", args=[event.pk, 4])).content.decode())
    assert "N-S IMPs E-W IMPs" in page
    assert "3NT by N, 12 tricks 690 -690" in page
    assert "-13 +13" in page
    assert "Average" not in page
    assert "law B(3)" not in page
    card = text(client.get(reverse("pair_scorecard", args=[event.pk, "2"])).content.decode())
    assert "6NT by N, 12 tricks -1440 -13 -1" in card
    display = text(client.get(reverse("event_display", args=[event.pk])).content.decode())
    assert "N-S IMPs" in display
    assert "Team IMPs VPs Reds 22 14.60 Blues 13 5.40" in display  # a margin of 9 over 4 boards (WBF 2013)
    assert "6NT by N, 12 tricks 1440 +13 -13" in display
    assert "Average" not in display


def test_the_pdfs_have_law77_columns_and_the_imps(client):
    event = full()
    words = pdf_words(client.get(reverse("download_travellers", args=[event.pk])).content)
    assert "N-S honours" not in words  # law 77: no honours in duplicate
    assert "E-W tricks" not in words
    assert "N-S IMPs E-W IMPs" in words
    assert "1 2 4 2 6NT N 12 1440 -1440 +13 -13" in words
    assert "2 1 1 3 3NT N 12 690 -690 -13 +13" in words
    assert "law B(3)" not in words
    assert "law G" not in words
    cards = pdf_words(client.get(reverse("download_printout", args=[event.pk, "scorecards"])).content)
    assert "Result Score IMPs Total IMPs" in cards  # no law H average
    assert "1 4 E-W 4 P4 & Q4 6NT by N, 12 tricks -1440 -13 -1" in cards
    assert "the average is that of the pairs" not in cards


def test_a_board_in_play_shows_a_visitor_nothing_of_it(client, director_client):
    event = event_import(data=match_file(RESULTS[:-1]))  # board 4's second table still to play
    for url in (
        reverse("board_traveller", args=[event.pk, 4]),
        reverse("pair_scorecard", args=[event.pk, "2"]),
        reverse("event_display", args=[event.pk]),
        reverse("download_travellers", args=[event.pk]),
        reverse("download_printout", args=[event.pk, "scorecards"]),
    ):
        body = client.get(url).content
        shown = pdf_words(body) if body.startswith(b"%PDF-") else text(body.decode())
        assert "1440" not in shown, url
        assert "6NT" not in shown, url
    card = text(client.get(reverse("pair_scorecard", args=[event.pk, "2"])).content.decode())
    assert "4H by E, 10 tricks 620 +12 +12" in card
    # The display's totals leave board 4 out: Reds 22, Blues 0, a margin of 22 over 4 boards: 18.55 to 1.45
    # (WBF 2013: X = 30, 10 + 10 (1 - tau^2.2) / (1 - tau^3) = 18.549).
    display = text(client.get(reverse("event_display", args=[event.pk])).content.decode())
    assert "Team IMPs VPs Reds 22 18.55 Blues 0 1.45" in display  # the boards in at both tables still show
    # The director sees the one table's score, and no IMPs until the other table's is in.
    words = pdf_words(director_client.get(reverse("download_travellers", args=[event.pk])).content)
    assert "2 1 1 3 not played yet 1 2 4 2 6NT N 12 1440 -1440" in words  # by table, as the room sits


def test_contract_events_are_named_by_their_contest_and_law77(client):
    event = full()
    pages = [
        text(client.get(reverse(name, args=[event.pk])).content.decode())
        for name in ("event_detail", "team_match")
    ]
    for page in pages:
        assert "law G" not in page
        assert "Laws of Auction" not in page
        assert "scored by the Laws of Duplicate Bridge 2017, law 77" in page
    assert "Team match, IMPs and VPs (WBF)" in pages[0]
    for kind in ("travellers", "scorecards"):
        name = "download_travellers" if kind == "travellers" else "download_printout"
        args = [event.pk] if kind == "travellers" else [event.pk, kind]
        words = pdf_words(client.get(reverse(name, args=args)).content)
        assert "Contract bridge (law 77) · team match, IMPs and VPs (WBF)" in words
    pairs = event_import(data=event_file())
    page = text(client.get(reverse("event_detail", args=[pairs.pk])).content.decode())
    assert "Pair contest, matchpoints (Neuberg)" in page
    assert "law H" not in page
    assert "scored by the Laws of Duplicate Bridge 2017, law 77" in page
    words = pdf_words(client.get(reverse("download_printout", args=[pairs.pk, "scorecards"])).content)
    assert "· pair contest, matchpoints (Neuberg)" in words
    home = text(client.get(reverse("home")).content.decode())
    assert "contract bridge by the Laws of Duplicate Bridge 2017, law 77" in home


# The pages and PDFs this module reads: (url name, extra args, queries on a cache miss), the same for the
# 4-board match and a 16-board one.
QUERIES = [
    ("board_traveller", [2], 4),
    ("pair_scorecard", ["2"], 6),
    ("event_display", [], 7),  # the same as a pair event's: the match comes with the rows
    ("download_travellers", [], 7),  # a download also counts the results (a big event's: in the background)
    ("download_printout", ["scorecards"], 7),
]


@pytest.mark.parametrize(("name", "args", "expected"), QUERIES)
def test_the_pages_run_a_fixed_number_of_queries(client, django_assert_num_queries, name, args, expected):
    for data in (match_file(), big_file()):
        event = event_import(data={**data, "name": f"{len(data['boards'])} boards"})
        url = reverse(name, args=[event.pk, *args])
        cache.clear()
        with django_assert_num_queries(expected):
            assert client.get(url).status_code == 200


def test_the_tables_round_summary_gives_the_swings(client):
    event = event_import(data=match_file())
    token = services.table_token_create(section=event.sections.get(), table=1)
    html = client.get(reverse("entry_token", args=[token.secret]) + "?done=1").content.decode()
    summary = text(re.search(r'<section class="round-summary".*?</section>', html, re.S).group(0))
    assert "Board Result Score N-S / E-W N-S IMPs E-W IMPs" in summary
    assert "1 4S by N, 10 tricks 420 / -420 +10 -10 2 3NT by S, 9 tricks 600 / -600 0 0" in summary
    assert "average" not in summary


def test_the_results_csv_and_workbook_head_the_swings_imps(client):
    event = full()
    data = client.get(reverse("download_results_csv", args=[event.pk])).content.decode("utf-8")[1:]
    header, *rows = list(csv.reader(io.StringIO(data)))
    assert "N-S honour score" not in header
    assert not any("average" in column.lower() for column in header)  # law H's, not a law 77 contest's
    assert {len(row) for row in rows} == {len(header)}
    line = dict(
        zip(header, next(r for r in rows if r[1:4] == ["4", "1", "2"]), strict=True)
    )  # board 4, table 2
    assert (line["N-S score"], line["N-S IMPs"], line["E-W IMPs"]) == ("1440", "13", "-13")
    book = load_workbook(io.BytesIO(client.get(reverse("download_workbook", args=[event.pk])).content))
    travellers = list(book["Travellers"].iter_rows(values_only=True))
    at = travellers[0].index("E-W score")
    assert travellers[0][at + 1 : at + 3] == ("N-S IMPs", "E-W IMPs")
    assert not any("average" in str(column).lower() for column in travellers[0])
    swing = next(r for r in travellers[1:] if r[1:4] == (4, 1, 2))  # board 4, table 2: Blues' 1440, 13 IMPs
    assert swing[at - 1 : at + 3] == (1440, -1440, 13, -13)
    cards = list(book["Score cards"].iter_rows(values_only=True))
    assert cards[0][-2:] == ("IMPs", "Total IMPs")
    assert [c[8:] for c in cards[1:] if c[0] == 2] == [  # pair 2, as played: boards 3, 4, 1, 2
        (620, 12, 12),
        (-1440, -13, -1),
        (50, 10, 9),
        (-600, 0, 9),
    ]
