"""The printouts as poppler reads them (pdftotext -bbox: each word and its box, in points; pdftoppm: the page's
pixels, one a point at 72 dpi): the table guide card's headings inside the card's frame and apart from each
other ("Round" stuck out past the left border, "RoundN-S pairE-W pair"), a score card's figures apart from
each other, and a contract event's vulnerability (law 2) beside each board's dealer on the hand records and
the travellers."""

from __future__ import annotations

import html
import itertools
import random
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from duplicate import files
from duplicate.demo import demo_event_file
from duplicate.services.eventfile import event_import
from scoring.deal import Deal
from scoring.law77 import vulnerability_for_board
from scoring.movements import generate

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(
        shutil.which("pdftotext") is None, reason="poppler-utils (pdftotext) is not installed"
    ),
]

WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>')
GUIDE_HEADINGS = ["Round", "N-S pair", "E-W pair", "Boards", "N-S next", "E-W next", "Boards go to"]
VULNERABLE = {
    "None": "none vulnerable",
    "NS": "N-S vulnerable",
    "EW": "E-W vulnerable",
    "All": "all vulnerable",
}


def pdf_pages(data: bytes, tmp_path: Path) -> list[list[dict[str, Any]]]:
    """Each page's words with their boxes (points from the top left)."""
    path = tmp_path / "printout.pdf"
    path.write_bytes(data)
    out = subprocess.run(
        ["pdftotext", "-bbox", str(path), "-"], capture_output=True, text=True, check=True, timeout=60
    ).stdout
    return [
        [
            {"x0": float(a), "y0": float(b), "x1": float(c), "y1": float(d), "text": html.unescape(t)}
            for a, b, c, d, t in WORD.findall(page)
        ]
        for page in out.split("<page ")[1:]
    ]


def pdf_raw(data: bytes, tmp_path: Path) -> str:
    """The text in the order it is drawn (pdftotext -raw), its white space squashed."""
    path = tmp_path / "printout.pdf"
    path.write_bytes(data)
    out = subprocess.run(["pdftotext", "-raw", str(path), "-"], capture_output=True, text=True, check=True)
    return " ".join(out.stdout.split())


def pgm_pixels(data: bytes, tmp_path: Path) -> tuple[int, int, bytes]:
    """The first page in grey (pdftoppm -r 72: a pixel a point): width, height, a byte a pixel."""
    path = tmp_path / "page.pdf"
    path.write_bytes(data)
    subprocess.run(
        ["pdftoppm", "-r", "72", "-gray", "-f", "1", "-l", "1", str(path), str(tmp_path / "page")],
        check=True,
        timeout=60,
    )
    raw = next(tmp_path.glob("page*.pgm")).read_bytes()
    magic, width, height, depth, pixels = raw.split(maxsplit=4)
    assert (magic, depth) == (b"P5", b"255")
    return int(width), int(height), pixels


def line_of(words: list[dict[str, Any]], first: str) -> list[dict[str, Any]]:
    """The words on the line of the first word ``first`` (same top, to a point), left to right."""
    start = next(w for w in words if w["text"] == first)
    return sorted((w for w in words if abs(w["y0"] - start["y0"]) < 1), key=lambda w: w["x0"])


def test_the_guide_cards_headings_sit_inside_the_frame_and_apart(tmp_path):
    event = event_import(data=demo_event_file())
    data = files.printout_file(event, "guide-cards")
    words = pdf_pages(data, tmp_path)[0]
    header = line_of(words, "Boards")
    # Inside the card's frame: its left border, found in the pixels on the line of round 1 (whose figures are
    # right-aligned, away from the border), is left of "Round".
    width, _, pixels = pgm_pixels(data, tmp_path)
    round_one = next(w for w in words if w["text"] == "1" and w["y0"] > header[0]["y1"])
    row = int((round_one["y0"] + round_one["y1"]) / 2)
    border = next(x for x in range(width) if pixels[row * width + x] < 128)
    assert border < header[0]["x0"] - 1, (border, header[0])
    right_border = next(x for x in range(width - 1, 0, -1) if pixels[row * width + x] < 128)
    assert header[-1]["x1"] < right_border - 1
    # Each heading its own words (not "RoundN-S", "pairE-W"), in order...
    assert [w["text"] for w in header] == " ".join(GUIDE_HEADINGS).split()
    # ...and apart: a clear gap between one heading and the next, more than between a heading's words.
    bounds, at = [], 0
    for heading in GUIDE_HEADINGS:
        count = len(heading.split())
        bounds.append((header[at]["x0"], header[at + count - 1]["x1"]))
        at += count
    gaps = [right[0] - left[1] for left, right in itertools.pairwise(bounds)]
    assert min(gaps) >= 6, gaps


def test_a_score_cards_figures_stay_apart(tmp_path):
    # The demo's averages over six and seven tables give fractions such as +238 23/42.
    event = event_import(data=demo_event_file())
    pages = pdf_pages(files.printout_file(event, "scorecards"), tmp_path)
    heads = ["Round", "Board", "Held", "Opponents", "Result", "Score", "Average", "Plus/minus", "Running"]
    run_together = []
    for words in pages:
        assert [w["text"] for w in line_of(words, "Opponents")] == heads
        # A figure ending in a fraction runs into the next ("1/2+238"), or the header's into each other.
        run_together += [w["text"] for w in words if re.search(r"\d/\d+[+-]", w["text"])]
    assert run_together == []


def contract_file() -> dict[str, Any]:
    """A contract pair event of 4 tables, a board a round (boards 1-4: the cycle's None, N-S, E-W and all
    vulnerable), with hands; board 1 stores its own vulnerability (all), which the printouts must show."""
    rng = random.Random(77)
    movement = generate("mitchell", tables=4, boards_per_round=1)
    boards = [
        {"number": n, "dealer": "NESW"[(n - 1) % 4], "deal": Deal.random(rng).to_pbn()}
        for n in movement.boards
    ]
    boards[0]["vulnerability"] = "All"
    return {
        "name": "Contract pairs",
        "date": "2026-11-25",
        "code": "contract",
        "contest": "matchpoints",
        "kind": "pairs",
        "pairs": [{"number": p, "players": [f"North {p}", f"South {p}"]} for p in movement.pairs],
        "boards": boards,
        "movement": movement.to_dict(),
        "results": [
            {"round": r.number, "table": t.table, "board": b, "ns": t.ns, "ew": t.ew}
            | {"contract": "3NT", "declarer": "N", "tricks": 9}
            for r in movement.rounds
            for t in r.tables
            for b in t.boards
        ],
    }


@pytest.mark.parametrize("printout", ["hand-records", "travellers"])
def test_a_contract_events_printouts_give_each_boards_vulnerability(tmp_path, printout):
    event = event_import(data=contract_file())
    data = (
        files.travellers_file(event, "pdf")
        if printout == "travellers"
        else files.printout_file(event, printout)
    )
    text = pdf_raw(data, tmp_path)
    stored = {1: "All"}
    for board in event.boards.order_by("number"):
        word = stored.get(board.number) or vulnerability_for_board(board.number).value
        expected = f"Board {board.number} Dealer {board.get_dealer_display()} {VULNERABLE[word]}"
        assert expected in text, (expected, text[:400])


def test_a_historic_codes_printouts_name_no_vulnerability(tmp_path):
    # Auction bridge and whist know no vulnerability: nothing is said of it.
    event = event_import(data=demo_event_file())
    for data in (files.travellers_file(event, "pdf"), files.printout_file(event, "hand-records")):
        assert "vulnerable" not in pdf_raw(data, tmp_path)
