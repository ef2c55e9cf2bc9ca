"""Every download of a contract pair event heads and holds its contest's figures (matchpoints after Neuberg, a
matchpoint percentage, or IMPs), never law H's plus/minus: the standings and results CSVs, the workbook, the
PBN file with results, the travellers and score cards PDFs and the ``standings`` command's text and CSV.
Each file is read back (csv, openpyxl, endplay, pypdf) and checked against the figures worked by hand in
tests/duplicate/test_contract_events.py."""

from __future__ import annotations

import csv
import io
from io import StringIO

import openpyxl
import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from duplicate.selectors.travellers import items_text
from tests.factories import finished_contract_event as make
from tests.factories import pdf_words, read_back, score_rows, score_tables, sheet_rows

pytestmark = pytest.mark.django_db

# Matchpoints (RESULTS): board 1 450 4, 420 2, -100 0; board 2 790 7/2 and 600 1/2 (Neuberg), A60/40 12/5
# and 8/5; board 3 400 4, 0 2, -620 0.  N-S: 3 19/2 (79 1/6 %), 1 42/5 (70 %), 2 1/2 (4 1/6 %); E-W: 6 38/5
# (63 1/3 %), 4 13/2 (54 1/6 %), 5 7/2 (29 1/6 %).
# Butler (BUTLER_RESULTS): N-S 3 +15, 1 +3, 2 -14; E-W 6 +17, 4 -1, 5 -20; pair 2's board 1: -360 from the
# datum of 260, -8 IMPs.
# Cross-IMPs: pair 1 (N-S): board 1 +5, board 2 -25/2, board 3 +23/2 (each IMPed against both others, halved).


def csv_rows(body: bytes) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(body.decode("utf-8-sig"))))


# ------------------------------------------------------------------------------------------ standings


STANDINGS_HEADERS = {
    "matchpoints": ["mps", "mps_exact", "percentage", "percentage_exact"],
    "butler": ["imps", "imps_exact"],
    "cross-imps": ["imps", "imps_exact"],
}


@pytest.mark.parametrize("contest", list(STANDINGS_HEADERS))
def test_the_standings_csv_heads_the_contests_figures(client, contest):
    event = make(contest)
    body = client.get(reverse("download_standings", args=[event.pk, "csv"])).content
    out = StringIO()
    call_command("standings", str(event.pk), "--format", "csv", stdout=out)
    assert out.getvalue() == body.decode("utf-8-sig")  # the command writes the download's text
    header = next(csv.reader(io.StringIO(body.decode("utf-8-sig"))))
    assert header == [
        *("rank", "pair", "direction", "player1", "player2", "boards"),
        *STANDINGS_HEADERS[contest],
        "ranking",
        *("number1", "number2"),
        *("event_boards_counted", "event_boards"),
    ]
    rows = {row["pair"]: row for row in csv_rows(body)}
    if contest == "matchpoints":
        figures = {
            p: (r["rank"], r["mps"], r["mps_exact"], r["percentage"], r["percentage_exact"])
            for p, r in rows.items()
        }
        assert figures == {
            "3": ("1", "9.50", "'19/2", "79.17", "'475/6"),
            "1": ("2", "8.40", "'42/5", "70", "70"),
            "2": ("3", "0.50", "'1/2", "4.17", "'25/6"),
            "6": ("1", "7.60", "'38/5", "63.33", "'190/3"),
            "4": ("2", "6.50", "'13/2", "54.17", "'325/6"),
            "5": ("3", "3.50", "'7/2", "29.17", "'175/6"),
        }
    elif contest == "butler":
        figures = {p: (r["rank"], r["imps"], r["imps_exact"]) for p, r in rows.items()}
        assert figures == {
            "3": ("1", "15", "15"),
            "1": ("2", "3", "3"),
            "2": ("3", "-14", "-14"),
            "6": ("1", "17", "17"),
            "4": ("2", "-1", "-1"),
            "5": ("3", "-20", "-20"),
        }
    else:
        assert (rows["1"]["imps"], rows["1"]["imps_exact"]) == ("4", "4")  # 5 - 25/2 + 23/2


def test_the_standings_text_heads_the_contests_figures():
    out = StringIO()
    call_command("standings", str(make("matchpoints").pk), "--format", "text", stdout=out)
    lines = out.getvalue().splitlines()
    head = next(line for line in lines if line.lstrip().startswith("Rank"))
    assert head.split()[-2:] == ["MPs", "%"]
    assert "+/-" not in out.getvalue()
    pair3 = next(line for line in lines if "North 3" in line)
    assert pair3.split()[-2:] == ["9.50", "79.17"]
    out = StringIO()
    call_command("standings", str(make("butler").pk), "--format", "text", stdout=out)
    head = next(line for line in out.getvalue().splitlines() if line.lstrip().startswith("Rank"))
    assert head.split()[-2:] == ["Boards", "IMPs"]  # the IMPs once
    pair2 = next(line for line in out.getvalue().splitlines() if "North 2" in line)
    assert pair2.split()[-1] == "-14.00"


# -------------------------------------------------------------------------------------------- results


def result_line(rows: list[dict[str, str]], board: int, ns: int) -> dict[str, str]:
    return next(r for r in rows if r["Board"] == str(board) and r["N-S pair"] == str(ns))


@pytest.mark.parametrize(
    ("contest", "unit", "figures"),
    [
        # (board, N-S pair): N-S, exact, E-W, exact
        (
            "matchpoints",
            "MPs",
            {
                (2, 3): ("3.50", "'7/2", "0.50", "'1/2"),  # 790, Neuberged
                (2, 2): ("0.50", "'1/2", "3.50", "'7/2"),  # 600, Neuberged
                (2, 1): ("2.40", "'12/5", "1.60", "'8/5"),  # A60/40 of a top of 4
                (1, 1): ("2", "2", "2", "2"),  # 420 between 450 and -100
            },
        ),
        ("butler", "IMPs", {(1, 2): ("-8", "-8", "8", "8"), (2, 1): ("-11", "-11", "11", "11")}),
        (
            "cross-imps",
            "IMPs",
            {(1, 1): ("5", "5", "-5", "-5"), (2, 1): ("-12.50", "'-25/2", "12.50", "'25/2")},
        ),
    ],
)
def test_the_results_csv_gives_each_lines_figure(client, contest, unit, figures):
    event = make(contest)
    rows = csv_rows(client.get(reverse("download_results_csv", args=[event.pk])).content)
    assert not any("plus/minus" in column for column in rows[0])
    assert f"N-S {unit} exact" in rows[0]
    for (board, ns), expected in figures.items():
        line = result_line(rows, board, ns)
        got = tuple(line[c] for c in (f"N-S {unit}", f"N-S {unit} exact", f"E-W {unit}", f"E-W {unit} exact"))
        assert got == expected, (board, ns)
    assert result_line(rows, 2, 3)["N-S score"] == "790"  # law 77's score beside it


# ------------------------------------------------------------------------------------------- workbook


def test_the_workbook_heads_and_formats_the_matchpoints(client):
    event = make("matchpoints")
    data = client.get(reverse("download_workbook", args=[event.pk])).content
    book = openpyxl.load_workbook(io.BytesIO(data))
    standings = {r["Pair"].value: r for r in sheet_rows(book, "Standings")}
    head = [c.value for c in next(book["Standings"].iter_rows())]
    assert head[6:10] == ["MPs", "Exact MPs", "%", "Exact %"]
    pair2 = standings[2]
    assert (pair2["MPs"].value, pair2["Exact MPs"].value) == (0.5, "1/2")
    assert (pair2["%"].value, pair2["Exact %"].value) == (pytest.approx(25 / 6), "4 1/6")
    assert pair2["%"].number_format == "0.00"
    travellers = sheet_rows(book, "Travellers")
    line = next(r for r in travellers if r["Board"].value == 2 and r["N-S pair"].value == 3)
    assert (line["N-S MPs"].value, line["E-W MPs"].value) == (3.5, 0.5)  # 790, Neuberged
    assert line["N-S MPs"].number_format == "0.00"  # unsigned, to two decimals as the travellers show
    adjusted = next(r for r in travellers if r["Board"].value == 2 and r["N-S pair"].value == 1)
    assert (adjusted["N-S MPs"].value, adjusted["E-W MPs"].value) == (2.4, 1.6)
    cards = sheet_rows(book, "Score cards")
    card3 = [r for r in cards if r["Pair"].value == 3]
    # in the order played: board 3 (passed out, 2), board 1 (450, 4), board 2 (790, 7/2)
    assert [(r["MPs"].value, r["Total MPs"].value) for r in card3] == [(2, 2), (4, 6), (3.5, 9.5)]
    assert card3[1]["MPs"].number_format == "0.00"
    assert not any(
        "plus/minus" in str(c).lower()
        for s in ("Travellers", "Score cards")
        for c in next(book[s].iter_rows(values_only=True))
    )


def test_the_workbook_heads_and_signs_the_imps(client):
    event = make("butler")
    book = openpyxl.load_workbook(
        io.BytesIO(client.get(reverse("download_workbook", args=[event.pk])).content)
    )
    head = [c.value for c in next(book["Standings"].iter_rows())]
    assert head[6:9] == ["IMPs", "Exact IMPs", "By the fraction of a point"]  # the IMPs once
    standings = {r["Pair"].value: r for r in sheet_rows(book, "Standings")}
    assert (standings[2]["IMPs"].value, standings[2]["Exact IMPs"].value) == (-14, "-14")
    assert (standings[3]["IMPs"].value, standings[3]["Exact IMPs"].value) == (15, "+15")
    assert standings[3]["IMPs"].number_format == "+0.00;-0.00;0.00"
    travellers = sheet_rows(book, "Travellers")
    line = next(r for r in travellers if r["Board"].value == 1 and r["N-S pair"].value == 2)
    assert (line["N-S IMPs"].value, line["E-W IMPs"].value) == (-8, 8)
    assert line["N-S IMPs"].number_format == "+0.00;-0.00;0.00"
    card2 = [r for r in sheet_rows(book, "Score cards") if r["Pair"].value == 2]
    assert [(r["IMPs"].value, r["Total IMPs"].value) for r in card2] == [(5, 5), (-11, -6), (-8, -14)]


# ------------------------------------------------------------------------------------------------ PBN


@pytest.mark.parametrize(
    ("contest", "columns", "figures"),
    [
        (
            "matchpoints",
            ("MP_NS", "MP_EW", "Percentage_NS", "Percentage_EW"),
            {
                (2, "3"): ("3.50", "0.50", "87.50", "12.50"),  # 790: 7/2 of 4
                (2, "1"): ("2.40", "1.60", "60.00", "40.00"),  # law 12C2's A60/40
                (1, "1"): ("2.00", "2.00", "50.00", "50.00"),
            },
        ),
        ("butler", ("IMP_NS", "IMP_EW"), {(1, "2"): ("-8.00", "8.00"), (2, "3"): ("8.00", "-8.00")}),
        ("cross-imps", ("IMP_NS", "IMP_EW"), {(2, "1"): ("-12.50", "12.50")}),
    ],
)
def test_the_pbn_score_table_names_the_figures_as_pbn_does(client, contest, columns, figures):
    event = make(contest)
    body = client.get(reverse("download_hands", args=[event.pk, "results"])).content
    assert len(read_back(body)) == 9  # one game per result
    games = score_tables(body)
    assert len(games) == 3
    found = {}
    for game in games:
        rows = score_rows(game)
        assert list(rows[0]) == [
            "Round",
            "Table",
            "PairId_NS",
            "PairId_EW",
            "Contract",
            "Declarer",
            "Result",
            "Score_NS",
            "Score_EW",
            *columns,
        ]
        for row in rows:
            found[(game.board_num, row["PairId_NS"])] = tuple(row[c] for c in columns)
    for key, expected in figures.items():
        assert found[key] == expected, key


# ----------------------------------------------------------------------------------------------- PDFs


def test_the_travellers_and_score_cards_pdfs_head_the_contests_figures(client):
    event = make("matchpoints")
    travellers = pdf_words(client.get(reverse("download_travellers", args=[event.pk])).content)
    assert "N-S score E-W score N-S MPs E-W MPs" in travellers
    assert "1 2 2 5 3NT S 9 600 -600 0.50 3.50" in travellers  # board 2, Neuberged
    assert "2 1 1 6 A60/40 (law 12C2) 2.40 1.60" in travellers
    assert "+/-" not in travellers
    assert "Average" not in travellers
    cards = pdf_words(client.get(reverse("download_printout", args=[event.pk, "scorecards"])).content)
    assert "Place 2 (N-S) · 3 boards · MPs 8.40 · 70.00%" in cards
    assert "A60/40 (law 12C2) 2.40 4.40" in cards  # pair 1's board 2 and its running total
    assert "plus/minus" not in cards.lower()
    butler = make("butler")
    travellers = pdf_words(client.get(reverse("download_travellers", args=[butler.pk])).content)
    assert "N-S IMPs E-W IMPs" in travellers
    assert "3 2 2 6 3NT S 7 -100 100 -8.00 +8.00" in travellers
    cards = pdf_words(client.get(reverse("download_printout", args=[butler.pk, "scorecards"])).content)
    assert "Place 3 (N-S) · 3 boards · IMPs -14.00" in cards
    assert "4S by E, 10 tricks -620 -11.00 -6.00" in cards


def test_the_standings_pdf_shows_the_imps_once(client):
    event = make("butler")
    words = pdf_words(client.get(reverse("download_standings", args=[event.pk, "pdf"])).content)
    assert "Rank Pair Players Boards IMPs 1 3 North 3 & South 3 3 15.00" in words
    assert "North 2 & South 2 3 -14.00" in words
    assert "IMPs IMPs" not in words


def test_the_travellers_text_heads_the_contests_figures():
    out = StringIO()
    call_command("travellers", str(make("matchpoints").pk), "--format", "text", stdout=out)
    text = out.getvalue()
    assert "+/-" not in text
    assert "Average" not in text
    head = next(line for line in text.splitlines() if line.lstrip().startswith("Rd"))
    assert head.split()[-4:] == ["N-S", "MPs", "E-W", "MPs"]
    line = next(line for line in text.splitlines() if "4HX by N, 10 tricks" in line)
    assert line.split()[-4:] == ["790", "-790", "3.50", "0.50"]  # board 2, Neuberged


def test_the_results_csv_itemises_law_77s_score():
    """Law 77's items, each in its own column: no honours, no auction premium (law 77 has its own)."""
    event = make("matchpoints")
    rows = csv_rows(Client().get(reverse("download_results_csv", args=[event.pk])).content)
    assert not any("honour" in column for column in rows[0])
    items = [
        f"N-S {k}" for k in ("tricks", "overtricks", "part score", "game", "slam", "insult", "undertricks")
    ]
    assert list(rows[0])[-14:] == [*items, *(c.replace("N-S", "E-W") for c in items)]
    four_spades = result_line(rows, 1, 3)  # 4S by N, 11 tricks, not vulnerable: 120 + 30 + 300
    assert [four_spades[c] for c in ("N-S trick score", "N-S other score", "N-S total")] == [
        "120",
        "330",
        "450",
    ]
    assert [four_spades[c] for c in items] == ["120", "30", "", "300", "", "", ""]
    doubled = result_line(rows, 2, 3)  # 4HX by N, 10 tricks, vulnerable: 240 + 50 + 500
    assert [doubled[c] for c in items] == ["240", "", "", "500", "", "50", ""]
    two_down = result_line(rows, 1, 2)  # 3NT by S, 7 tricks, not vulnerable: 100 to E-W
    assert (two_down["E-W undertricks"], two_down["E-W other score"], two_down["N-S total"]) == (
        "100",
        "100",
        "0",
    )


def test_law_77s_items_read_by_their_names():
    items = [
        {"side": "NS", "kind": "tricks", "points": 60, "law": "77"},
        {"side": "NS", "kind": "part_score", "points": 50, "law": "77"},
    ]
    assert items_text(items, "NS") == "tricks 60 (law 77), part score 50 (law 77)"


def test_the_recap_sheet_totals_the_contests_figures(client):
    """Each cell a board's MPs or IMPs; the total what the pair is ranked by, not its percentage."""
    event = make("matchpoints")
    words = pdf_words(client.get(reverse("download_recap", args=[event.pk])).content)
    assert "1 3 North 3 & South 3 4.00 3.50 2.00 9.50" in words  # boards 1, 2, 3 and the total
    assert "2 1 North 1 & South 1 2.00 2.40 4.00 8.40" in words  # the A60/40 on board 2
    assert "Each cell: the pair's MPs on the board" in words
    assert "plus/minus" not in words
    html = client.get(reverse("event_recap", args=[event.pk])).content.decode()
    assert "plus/minus" not in html
    butler = make("butler")
    words = pdf_words(client.get(reverse("download_recap", args=[butler.pk])).content)
    assert "3 2 North 2 & South 2 -8.00 +5.00 -11.00 -14.00" in words


@pytest.mark.parametrize("contest", ["matchpoints", "butler"])
def test_the_results_csv_and_travellers_sheet_have_no_board_averages(client, contest):
    """Law H's board average means nothing to a law 77 contest: neither heading nor value, every row as
    long as the heading, each line's figures under their own names."""
    event = make(contest)
    unit = "MPs" if contest == "matchpoints" else "IMPs"
    body = client.get(reverse("download_results_csv", args=[event.pk])).content.decode("utf-8-sig")
    header, *lines = list(csv.reader(io.StringIO(body)))
    assert not any("average" in column.lower() for column in header)
    at = header.index("E-W score exact")
    assert header[at + 1 : at + 5] == [f"N-S {unit}", f"N-S {unit} exact", f"E-W {unit}", f"E-W {unit} exact"]
    assert {len(line) for line in lines} == {len(header)}
    if contest == "matchpoints":  # board 2, pair 3's 790: 7/2 and 1/2 (Neuberg)
        line = result_line(csv_rows(body.encode()), 2, 3)
        assert (line["E-W score"], line["N-S MPs"], line["E-W MPs exact"]) == ("-790", "3.50", "'1/2")
    book = openpyxl.load_workbook(
        io.BytesIO(client.get(reverse("download_workbook", args=[event.pk])).content)
    )
    rows = list(book["Travellers"].iter_rows(values_only=True))
    head = list(rows[0])
    assert not any("average" in str(column).lower() for column in head)
    at = head.index("E-W score")
    assert head[at + 1 : at + 3] == [f"N-S {unit}", f"E-W {unit}"]
    assert head[at + 3 : at + 5] == ["N-S items", "E-W items"]
    line = next(r for r in rows[1:] if r[1] == 1 and r[4] == 2)  # board 1, pair 2's 3NT two off
    # -100 the lowest of three (0 of a top of 4; E-W 4); Butler -360 from the datum of 260: -8 IMPs
    figures = (-100, 0, 4) if contest == "matchpoints" else (-100, -8, 8)
    assert line[at - 1 : at + 3] == (figures[0], 100, *figures[1:])
