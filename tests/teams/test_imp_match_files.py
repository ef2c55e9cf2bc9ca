"""A contract team match by IMPs in every form besides its page: the ``standings`` command's JSON, text and
CSV, the standings PDF, xlsx and CSV downloads (board by board in the PDF and xlsx), a visitor's copy without
the board in play, the page's live version, and a fixed number of queries whatever the match's size.

Figures worked by hand on ``tests.teams.test_imp_match.RESULTS`` (law 77 scores, the WBF IMP scale): board 1
+420 v -50, net 470: 10 IMPs to Reds; board 2 +600 v +600: 0; board 3 +100 v -620, net 720: 12 to Reds;
board 4 +690 v +1440, net -750: 13 to Blues.  Reds 22, Blues 13.  VPs, WBF 2013 over 4 boards: the blitz
X = 15 * sqrt(4) = 30, tau = (sqrt 5 - 1) / 2, VP = 10 + 10 (1 - tau^(3M/X)) / (1 - tau^3):
M = 9: 1 - tau^0.9 = 0.35169, / 0.76393 = 0.46037: 14.60 (5.40 to the loser);
M = 22 (board 4 still in play): 1 - tau^2.2 = 0.65307, / 0.76393 = 0.85490: 18.55 (1.45)."""

from __future__ import annotations

import csv
import io
import json

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.urls import reverse
from openpyxl import load_workbook

from duplicate import services
from duplicate.models import Event, Play
from duplicate.services.eventfile import event_import
from tests.factories import IMP_MATCH_RESULTS as RESULTS
from tests.factories import agree_every_round, download, pdf_words
from tests.factories import big_imp_match_file as big_file
from tests.factories import imp_match_file as match_file

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_cache")]

PAIRS = {
    "Reds": [
        {"pair": 1, "direction": "NS", "players": ["P1", "Q1"]},
        {"pair": 2, "direction": "EW", "players": ["P2", "Q2"]},
    ],
    "Blues": [
        {"pair": 3, "direction": "EW", "players": ["P3", "Q3"]},
        {"pair": 4, "direction": "NS", "players": ["P4", "Q4"]},
    ],
}
# board, Reds N-S, Blues N-S, net for Reds, IMPs Reds, IMPs Blues, running (Reds less Blues)
BOARDS = [
    (1, 420, -50, 470, 10, 0, 10),
    (2, 600, 600, 0, 0, 0, 10),
    (3, 100, -620, 720, 12, 0, 22),
    (4, 690, 1440, -750, 0, 13, 9),
]


def finished(director) -> Event:
    """Every result in and every round agreed: the figures are final."""
    event = event_import(data=match_file())
    agree_every_round(event, director)
    return event


def command(event: Event, fmt: str) -> str:
    out = io.StringIO()
    call_command("standings", str(event.pk), "--format", fmt, stdout=out)
    return out.getvalue()


def sheets(data: bytes) -> dict[str, list[tuple]]:
    book = load_workbook(io.BytesIO(data))
    return {name: list(book[name].iter_rows(values_only=True)) for name in book.sheetnames}


def csv_rows(data: bytes) -> list[list[str]]:
    text = data.decode("utf-8")
    assert text.startswith("\ufeff")
    return list(csv.reader(io.StringIO(text[1:])))


def test_the_json_gives_each_teams_imps_and_vps_and_every_boards_swing(director):
    data = json.loads(command(finished(director), "json"))
    assert data == {
        "kind": "teams",
        "contest": "imps",
        "provisional": False,
        "boards": 4,
        "scored": 4,
        "winner": "Reds",
        "margin": 9,
        "teams": [
            {"name": "Reds", "side": "home", "imps": 22, "vps": "14.60", "pairs": PAIRS["Reds"]},
            {"name": "Blues", "side": "away", "imps": 13, "vps": "5.40", "pairs": PAIRS["Blues"]},
        ],
        "swings": [
            dict(
                zip(
                    ("board", "home_ns", "away_ns", "net", "home_imps", "away_imps", "running"),
                    b,
                    strict=True,
                )
            )
            for b in BOARDS
        ],
    }


def test_the_text_and_csv_give_the_result(director):
    event = finished(director)
    text = command(event, "text")
    assert text.startswith("Reds v Blues\nFinal.\n")
    assert "Reds                       22 IMPs  14.60 VPs" in text
    assert "Blues                      13 IMPs   5.40 VPs" in text
    assert "Reds won by 9 IMPs. VPs: the WBF 2013 continuous scale over 4 boards." in text
    assert "    4        690       1440   -750          0         13       9" in text
    rows = list(csv.reader(io.StringIO(command(event, "csv"))))
    assert rows == [
        [
            *("team", "line", "pair", "direction", "player1", "player2", "boards", "imps", "vps"),
            *("event_boards_counted", "event_boards"),
        ],
        ["Reds", "pair", "1", "N-S", "P1", "Q1", "", "", "", "4", "4"],
        ["Reds", "pair", "2", "E-W", "P2", "Q2", "", "", "", "4", "4"],
        ["Reds", "total", "", "", "", "", "4", "22", "14.60", "4", "4"],
        ["Blues", "pair", "3", "E-W", "P3", "Q3", "", "", "", "4", "4"],
        ["Blues", "pair", "4", "N-S", "P4", "Q4", "", "", "", "4", "4"],
        ["Blues", "total", "", "", "", "", "4", "13", "5.40", "4", "4"],
    ]


def test_a_match_with_nothing_scored_says_so():
    event = event_import(data=match_file([]))
    data = json.loads(command(event, "json"))
    assert (data["scored"], data["winner"], data["swings"]) == (0, None, [])
    assert [(t["name"], t["imps"], t["vps"]) for t in data["teams"]] == [
        ("Reds", 0, None),
        ("Blues", 0, None),
    ]
    assert "No board scored yet." in command(event, "text")


def test_the_downloads_give_the_result_and_the_boards(client, director):
    event = finished(director)
    text = pdf_words(download(client, event, "pdf"))
    assert "Reds 22 IMPs, Blues 13 IMPs: 14.60 to 5.40 VPs over 4 boards. Reds won by 9 IMPs." in text
    assert "Reds 1 N-S P1 & Q1; 2 E-W P2 & Q2 22 14.60 Blues 3 E-W P3 & Q3; 4 N-S P4 & Q4 13 5.40" in text
    head = "Board Reds N-S Blues N-S Net (Reds) IMPs Reds IMPs Blues Running"
    assert f"{head} {' '.join(' '.join(map(str, b)) for b in BOARDS)}" in text
    book = sheets(download(client, event, "xlsx"))
    assert list(book) == ["Match", "Board by board"]
    assert [row[:9] for row in book["Match"] if row[1] == "total"] == [
        ("Reds", "total", None, None, None, None, 4, 22, 14.6),
        ("Blues", "total", None, None, None, None, 4, 13, 5.4),
    ]
    assert book["Board by board"] == [
        ("Board", "Reds N-S", "Blues N-S", "Net (Reds)", "IMPs Reds", "IMPs Blues", "Running"),
        *BOARDS,
    ]
    rows = csv_rows(download(client, event, "csv"))
    assert rows[3] == ["Reds", "total", "", "", "", "", "4", "22", "14.60", "4", "4"]
    assert rows[6] == ["Blues", "total", "", "", "", "", "4", "13", "5.40", "4", "4"]


def test_a_visitors_copy_leaves_out_the_board_in_play(client, director_client):
    # Reds' N-S pair has not played board 4: Blues' +1440 there is not shown, nor counted: 22-0, 18.55-1.45.
    event = event_import(data=match_file(RESULTS[:-1]))
    page = client.get(reverse("team_match", args=[event.pk])).content.decode()
    assert "Reds</strong> 22 IMPs, <strong>Blues</strong> 0 IMPs: 18.55 to 1.45 VPs over 4 boards" in page
    assert "being played" in page
    text = pdf_words(download(client, event, "pdf"))
    assert "Reds 22 IMPs, Blues 0 IMPs: 18.55 to 1.45 VPs over 4 boards. Reds lead by 22 IMPs." in text
    assert text.endswith("3 100 -620 720 12 0 22 4 being played")
    book = sheets(download(client, event, "xlsx"))
    assert book["Board by board"][-1] == (4, "being played", None, None, None, None, None)
    assert csv_rows(download(client, event, "csv"))[3] == [
        "Reds",
        "total",
        "",
        "",
        "",
        "",
        "3",
        "22",
        "18.55",
        "3",  # of the event's 4 boards, the totals count the 3 released
        "4",
    ]
    # Read as text: a compressed file's raw bytes may hold "1440" by chance.
    assert "1440" not in pdf_words(download(client, event, "pdf"))
    cells = [
        cell for rows in sheets(download(client, event, "xlsx")).values() for row in rows for cell in row
    ]
    assert 1440 not in cells
    assert not any("1440" in str(cell) for cell in cells)
    assert b"1440" not in download(client, event, "csv")
    assert "1440" not in page
    # The director's copy is worked out apart (the cache keeps them apart): board 4 is not in at both
    # tables, so not scored there either, but says so plainly.
    director = pdf_words(download(director_client, event, "pdf"))
    assert director.endswith("3 100 -620 720 12 0 22 4 not played yet")
    assert "being played" not in director
    assert pdf_words(download(client, event, "pdf")).endswith("4 being played")


def test_the_page_is_live(client):
    event = event_import(data=match_file(RESULTS[:-1]))
    url = reverse("team_match", args=[event.pk])
    html = client.get(url).content.decode()
    version = client.get(reverse("event_version", args=[event.pk])).json()["version"]
    assert f'data-live="{reverse("event_version", args=[event.pk])}" data-live-version="{version}"' in html
    assert 'data-live-part="match"' in html
    play = Play.objects.get(event=event, board__number=4, entered=False)
    writer = services.Writer(name="td", is_director=True, user_id=None)
    services.play_result_save(
        play=play,
        data={"contract": "3NT", "declarer": "N", "tricks": 12},
        writer=writer,
        expected_version=play.version,
    )
    later = client.get(reverse("event_version", args=[event.pk])).json()["version"]
    assert int(later) > int(version)
    html = client.get(url).content.decode()
    assert f'data-live-version="{later}"' in html
    assert "Reds</strong> 22 IMPs, <strong>Blues</strong> 13 IMPs: 14.60 to 5.40 VPs over 4 boards" in html


@pytest.mark.parametrize("fmt", ["pdf", "xlsx", "csv"])
@pytest.mark.parametrize("viewer", ["visitor", "director"])
def test_the_downloads_run_the_same_queries_whatever_the_matchs_size(
    client, director_client, django_assert_num_queries, viewer, fmt
):
    # Cold: the event, the boards in play, how many results (a big event's file is made in the background),
    # the pairs, the plays (and a director's session and user).  From the cache: the event, the boards in
    # play and the count.
    browser = director_client if viewer == "director" else client
    session = 2 if viewer == "director" else 0
    for data in (match_file(RESULTS[:-1]), big_file(12)):
        event = event_import(data=data)
        Play.objects.filter(event=event, board__number=3, seating__table=1).update(entered=False)
        url = reverse("download_standings", args=[event.pk, fmt])
        cache.clear()
        with django_assert_num_queries(5 + session):
            first = browser.get(url).content
        with django_assert_num_queries(3 + session):
            assert browser.get(url).content == first


@pytest.mark.parametrize("fmt", ["json", "text", "csv"])
def test_the_command_runs_the_same_queries_whatever_the_matchs_size(django_assert_num_queries, fmt):
    # The event, the pairs, the plays.
    for data in (match_file(), big_file(12)):
        event = event_import(data=data)
        with django_assert_num_queries(3):
            assert "Reds" in command(event, fmt)


def test_the_live_page_with_a_board_in_play_runs_the_same_queries(client, django_assert_num_queries):
    # Cold: the event, the boards in play, the pairs, the plays; from the cache: the event and the boards.
    for data in (match_file(RESULTS[:-1]), big_file(12)):
        event = event_import(data=data)
        Play.objects.filter(event=event, board__number=3, seating__table=1).update(entered=False)
        url = reverse("team_match", args=[event.pk])
        cache.clear()
        with django_assert_num_queries(4):
            assert "being played" in client.get(url).content.decode()
        with django_assert_num_queries(2):
            assert client.get(url).status_code == 200


WORKBOOK_STANDINGS = [
    (
        *("Team", "Line", "Pair", "Seated", "Player 1", "Player 2", "Boards", "IMPs", "VPs", "Status"),
        *("Event boards counted", "Event boards"),
    ),
    ("Reds", "pair", 1, "N-S", "P1", "Q1", None, None, None, "Final.", 4, 4),
    ("Reds", "pair", 2, "E-W", "P2", "Q2", None, None, None, "Final.", 4, 4),
    ("Reds", "total", None, None, None, None, 4, 22, 14.6, "Final.", 4, 4),
    ("Blues", "pair", 3, "E-W", "P3", "Q3", None, None, None, "Final.", 4, 4),
    ("Blues", "pair", 4, "N-S", "P4", "Q4", None, None, None, "Final.", 4, 4),
    ("Blues", "total", None, None, None, None, 4, 13, 5.4, "Final.", 4, 4),
]


def test_the_workbooks_standings_sheet_gives_the_matchs_result(client, director):
    """As the standings download's Match sheet: Reds 22 IMPs, 14.60 VPs; Blues 13, 5.40 (worked above)."""
    event = finished(director)
    workbook = download_workbook(client, event)
    assert workbook["Standings"] == WORKBOOK_STANDINGS
    assert workbook["Standings"] == sheets(download(client, event, "xlsx"))["Match"]
    book = load_workbook(io.BytesIO(client.get(reverse("download_workbook", args=[event.pk])).content))
    totals = [row for row in book["Standings"].iter_rows() if row[1].value == "total"]
    assert [row[8].number_format for row in totals] == ["0.00", "0.00"]  # VPs to the scale's two decimals
    assert all(row[0].font.b for row in totals)


def download_workbook(client, event: Event) -> dict[str, list[tuple]]:
    response = client.get(reverse("download_workbook", args=[event.pk]))
    assert response.status_code == 200
    return sheets(response.content)


def test_a_visitors_workbook_leaves_the_board_in_play_out_of_the_result(client):
    # Board 4 not in at Reds' N-S table: 22-0, 18.55-1.45 over the 4 boards, 3 scored; Blues' +1440 unseen.
    event = event_import(data=match_file(RESULTS[:-1]))
    standings = download_workbook(client, event)["Standings"]
    assert [row[:9] for row in standings if row[1] == "total"] == [
        ("Reds", "total", None, None, None, None, 3, 22, 18.55),
        ("Blues", "total", None, None, None, None, 3, 0, 1.45),
    ]
    assert standings[1][9].startswith("PROVISIONAL: 7 of 8 results in")
    assert 1440 not in [
        cell for rows in download_workbook(client, event).values() for row in rows for cell in row
    ]


@pytest.mark.parametrize("viewer", ["visitor", "director"])
def test_the_workbook_runs_the_same_queries_whatever_the_matchs_size(
    client, director_client, django_assert_num_queries, viewer
):
    # Cold: the event, the boards in play, the pairs, the plays, the boards, the plays' lines, the
    # background check (and a director's session and user); the result read from what those gave.
    browser = director_client if viewer == "director" else client
    session = 2 if viewer == "director" else 0
    for data in (match_file(RESULTS[:-1]), big_file(12)):
        event = event_import(data=data)
        url = reverse("download_workbook", args=[event.pk])
        cache.clear()
        with django_assert_num_queries(7 + session):
            first = browser.get(url).content
        assert "Reds" in [row[0] for row in sheets(first)["Standings"]]
