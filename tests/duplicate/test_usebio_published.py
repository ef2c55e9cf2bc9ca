"""What another scorer published, kept on import (issue 32, item 2): the real file's figures (ScoreBridge's
matchpoints, places and percentages, tests/data/usebio/scorebridge_mp_pairs.xml) and the Compscore Butler
file's datums, IMPs, totals and places (compscore_butler_pairs.xml: Compscore's structure, made-up figures)
stored as written and shown by default (pages, ``standings --format json``, downloads); where Kalamazoo's
recomputation differs listed (``import_usebio``'s output, the import's page); the director's switch to the
recomputation; the pages' query counts unchanged."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction
from io import StringIO
from pathlib import Path

import pytest
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse

from duplicate import files
from duplicate.models import Board, Event, Pair, Play, ResultsSource
from duplicate.selectors.event_rows import event_rows
from duplicate.selectors.published import Difference, published_row
from duplicate.selectors.published_differences import published_differences
from duplicate.selectors.standings import pair_standings
from duplicate.selectors.travellers import traveller
from duplicate.services import ServiceError
from duplicate.services.eventfile import event_import
from duplicate.services.events import event_results_source_set
from tests.factories import contract_file
from tests.factories import pdf_pages as pdf_text

pytestmark = pytest.mark.django_db

DATA = Path(__file__).resolve().parent.parent / "data" / "usebio"
BUTLER = DATA / "compscore_butler_pairs.xml"
SCOREBRIDGE = DATA / "scorebridge_mp_pairs.xml"


def imported(path: Path) -> tuple[Event, list[str]]:
    """The file imported by ``import_usebio``, and the command's output lines."""
    stdout = StringIO()
    call_command("import_usebio", str(path), stdout=stdout)
    lines = stdout.getvalue().strip().splitlines()
    return Event.objects.get(pk=int(lines[-1].split()[-1])), lines


def shown(event: Event) -> dict[str, tuple[int, str, str]]:
    """Each pair's place, total and second figure (percentage, or the total again) as the standings show."""
    return {
        str(r.pair.label): (r.rank, r.net_display, r.plus_minus_display) for r in pair_standings(event).rows
    }


def json_rows(event: Event) -> dict[str, dict]:
    stdout = StringIO()
    call_command("standings", str(event.pk), "--format", "json", stdout=stdout)
    return {str(row["pair"]): row for row in json.loads(stdout.getvalue())["rows"]}


# ------------------------------------------------------------------------------------------------ Butler


def test_the_butler_files_datums_imps_totals_and_places_are_kept_as_written():
    event, _output = imported(BUTLER)
    assert event.results_source == ResultsSource.PUBLISHED
    assert dict(Board.objects.filter(event=event).values_list("number", "published_datum")) == {
        1: 117,
        2: -33,
    }
    pairs = {
        p.number: (p.published_score, p.published_percentage, p.published_place)
        for p in Pair.objects.filter(event=event)
    }
    assert pairs["1NS"] == ("12.00", "", "1")
    assert pairs["2EW"] == ("6.00", "", "1")
    lines = {
        (play.board.number, play.ns_pair.number): (play.published_ns, play.published_ew)
        for play in Play.objects.filter(event=event).select_related("board", "ns_pair")
    }
    assert lines[(1, "1NS")] == ("8", "-8")
    assert lines[(1, "2NS")] == ("-12", "12")
    assert lines[(2, "3NS")] == ("-2", "2")


def test_the_butler_event_shows_what_compscore_published_by_default():
    event, _output = imported(BUTLER)
    # The file's totals and places (Kalamazoo's own: 1NS 13, 2NS -12 third, 3NS 0 second; 3EW 12 first).
    assert shown(event) == {
        "1NS": (1, "12.00", "12.00"),
        "2NS": (2, "-4.00", "-4.00"),
        "3NS": (3, "-8.00", "-8.00"),
        "2EW": (1, "6.00", "6.00"),
        "3EW": (2, "3.00", "3.00"),
        "1EW": (3, "-9.00", "-9.00"),
    }
    rows = json_rows(event)
    assert (rows["1NS"]["rank"], rows["1NS"]["score"]) == (1, 12)
    assert (rows["2EW"]["rank"], rows["2EW"]["score"]) == (1, 6)
    board = event.boards.get(number=1)
    shown_board = traveller(event, board, director=True)
    assert shown_board.datum == "117"  # the file's BOARD_AVERAGE; Kalamazoo's mean of 430, -420, 100 is 40
    assert [(line.ns.label, line.ns_plus_minus, line.ew_plus_minus) for line in shown_board.lines] == [
        ("1NS", 8, -8),
        ("2NS", -12, 12),
        ("3NS", 0, 0),
    ]


def test_import_usebio_lists_where_kalamazoo_differs_board_pair_and_both_figures():
    _event, output = imported(BUTLER)
    assert output[0].startswith("Kalamazoo's recomputation differs from the file's published figures in 18 ")
    assert "  board 1: datum published 117, recomputed 40" in output
    assert "  board 2: datum published -33, recomputed -30" in output
    assert "  board 1, 1NS: N-S IMPs published 8, recomputed 9" in output
    assert "  1NS: total published 12.00, recomputed 13" in output
    assert "  3EW: place published 2, recomputed 1" in output
    assert output[-1].startswith("Imported 'Wednesday Butler' (butler): 6 pairs, 6 results. Event ")


def test_switching_to_the_recomputation_shows_kalamazoos_figures():
    event, _output = imported(BUTLER)
    version = event.results_version
    event = event_results_source_set(event=event, source="recomputed")
    assert event.results_version == version + 1  # every cached page worked out afresh
    assert shown(event)["1NS"] == (1, "13.00", "13.00")
    assert shown(event)["3EW"] == (1, "12.00", "12.00")
    assert traveller(event, event.boards.get(number=1), director=True).datum == "40"
    assert json_rows(event)["3EW"]["rank"] == 1
    # Kept all the same: switching back shows the file's again.
    event = event_results_source_set(event=event, source="published")
    assert shown(event)["3EW"] == (2, "3.00", "3.00")


def test_a_source_not_known_is_refused_naming_the_field():
    event, _output = imported(BUTLER)
    with pytest.raises(ServiceError, match=r"^results_source: must be one of recomputed, published"):
        event_results_source_set(event=event, source="mine")


# --------------------------------------------------------------------------------------- real matchpoints


def test_the_real_scorebridge_file_shows_its_places_percentages_and_matchpoints():
    event, output = imported(SCOREBRIDGE)
    assert event.results_source == ResultsSource.PUBLISHED
    rows = shown(event)
    # The file's places and percentages (pairs 4 and 7 tied third, "3=" in the file).
    assert rows["1"][0::2] == (1, "63.89")
    assert rows["4"][0::2] == rows["7"][0::2] == (3, "50.69")
    assert rows["2"][0::2] == (8, "43.48")
    assert json_rows(event)["1"]["percentage"] == "6389/100"
    # Board 9 was played three times: ScoreBridge published 5 and 1, Kalamazoo's Neuberg gives 17/3 and 1/3.
    board = traveller(event, event.boards.get(number=9), director=True)
    published = {line.ns.label: line.ns_plus_minus for line in board.lines}
    assert published[1] == 5
    assert "  board 9, 1: N-S MPs published 5, recomputed 5.67 (17/3)" in output
    assert output[21] == "  ... and 53 more"  # twenty listed, then the count
    event = event_results_source_set(event=event, source="recomputed")
    assert shown(event)["1"][0::2] == (
        1,
        "66.20",
    )  # Kalamazoo's (ScoreBridge factors, Kalamazoo uses Neuberg)
    recomputed = {
        line.ns.label: line.ns_plus_minus for line in traveller(event, event.boards.get(number=9)).lines
    }
    assert recomputed[1] == Fraction(17, 3)


def test_the_differences_compare_exact_figures_to_the_files_decimals():
    event, _output = imported(SCOREBRIDGE)
    differences = published_differences(event)
    percentages = {d.pair: d for d in differences if d.what == "percentage"}
    assert percentages["1"] == Difference(None, "1", "percentage", "63.89", "66.20 (3575/54)")
    # A percentage the file rounds to two decimals is no difference: 43.75 is pair 3's to the hundredth.
    assert all(d.published != d.recomputed for d in differences)


def test_a_row_without_published_figures_is_kalamazoos():
    event = event_import(data=contract_file(3, 1, name="Ours"))
    row = pair_standings(event).rows[0]
    assert published_row(row) == row
    assert published_differences(event) == []


# ------------------------------------------------------------------------------------------------ pages


def test_the_import_page_takes_a_usebio_file_and_lists_the_differences(director_client):
    upload = SimpleUploadedFile("butler.xml", BUTLER.read_bytes(), content_type="text/xml")
    response = director_client.post(reverse("event_import"), {"file": upload})
    event = Event.objects.get(name="Wednesday Butler")
    assert response.status_code == 302
    assert response["Location"] == reverse("event_published", args=[event.pk])
    page = director_client.get(response["Location"]).content.decode()
    assert "18 figures" in page
    assert '<td>datum</td><td class="num">117</td><td class="num">40</td>' in page.replace("\n", "")
    detail = director_client.get(reverse("event_detail", args=[event.pk])).content.decode()
    assert 'name="results_source"' in detail


def test_a_bad_usebio_file_on_the_import_page_is_the_fields_error(director_client):
    upload = SimpleUploadedFile("bad.xml", b"<USEBIO><EVENT/></USEBIO>", content_type="text/xml")
    response = director_client.post(reverse("event_import"), {"file": upload})
    assert response.status_code == 200
    assert "has no EVENT_TYPE attribute" in response.content.decode()
    assert not Event.objects.exists()


def test_the_switch_on_the_page_shows_the_recomputation(director_client, client):
    event, _output = imported(BUTLER)
    url = reverse("event_standings", args=[event.pk])
    assert "-9.00" in client.get(url).content.decode()
    response = director_client.post(
        reverse("event_results_source", args=[event.pk]), {"results_source": "recomputed"}
    )
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.results_source == ResultsSource.RECOMPUTED
    assert "-9.00" not in client.get(url).content.decode()  # the cached page worked out afresh


def published_events() -> list[Event]:
    """A contract event at two sizes, each with published figures on every pair and line."""
    out = []
    for tables, per_round in ((3, 1), (9, 3)):
        event = event_import(data=contract_file(tables, per_round, contest="butler", name=f"{tables} tables"))
        Pair.objects.filter(event=event).update(published_score="1.50", published_place="1")
        Play.objects.filter(event=event).update(published_ns="2", published_ew="-2")
        Board.objects.filter(event=event).update(published_datum=100)
        out.append(event_results_source_set(event=event, source="published"))
    return out


@pytest.mark.parametrize("source", ["published", "recomputed"])
def test_the_standings_and_traveller_pages_run_as_many_queries_either_way(
    client, django_assert_num_queries, source
):
    for event in published_events():
        event = event_results_source_set(event=event, source=source)
        for url, miss in (
            (reverse("event_standings", args=[event.pk]), 3),
            (reverse("board_traveller", args=[event.pk, 2]), 5),
        ):
            cache.clear()
            with django_assert_num_queries(miss):
                page = client.get(url)
            assert page.status_code == 200
            assert ("1.50" in page.content.decode()) == (source == "published" and "standings" in url)


def test_the_published_page_runs_a_fixed_number_of_queries(director_client, django_assert_num_queries):
    for event in published_events():
        with django_assert_num_queries(7):  # session, user, event, pairs, plays, lines, datums
            page = director_client.get(reverse("event_published", args=[event.pk]))
        assert page.status_code == 200


def csv_lines(client, event: Event) -> dict[tuple[str, str], dict[str, str]]:
    text = client.get(reverse("download_results_csv", args=[event.pk])).content.decode("utf-8-sig")
    return {(row["Board"], row["N-S pair"]): row for row in csv.DictReader(io.StringIO(text))}


def test_the_results_download_carries_the_published_figures(client):
    event, _output = imported(BUTLER)
    row = csv_lines(client, event)[("1", "1NS")]
    published = {key: value for key, value in row.items() if value in {"8", "-8"}}
    assert published  # the file's 8 IMPs to 1NS on board 1 (Kalamazoo's: 9)
    event_results_source_set(event=event, source="recomputed")
    row = csv_lines(client, event)[("1", "1NS")]
    assert {key: row[key] for key in published} == {
        key: str(int(value) * 9 // 8) for key, value in published.items()
    }


def test_the_downloads_and_the_display_carry_the_published_datum():
    event, _output = imported(BUTLER)
    rows = event_rows(event, director=True)
    board1 = next(b for b in rows.boards if b.number == 1)
    assert (board1.datum, board1.datum_rule) == (
        "117",
        "",
    )  # the file's, with no rule of Kalamazoo's beside it
    text = " ".join(pdf_text(files.travellers_file(event, "pdf")))
    assert "117" in text
    event_results_source_set(event=event, source="recomputed")
    event.refresh_from_db()
    board1 = next(b for b in event_rows(event, director=True).boards if b.number == 1)
    assert board1.datum == "40"
    assert board1.datum_rule  # Kalamazoo's own datum says how it was worked out


def test_a_visitor_of_the_running_event_is_never_shown_the_files_totals_no_peeking(client, director_client):
    event, _output = imported(SCOREBRIDGE)  # 94 of 96 results in: two boards still in play
    page = client.get(reverse("event_standings", args=[event.pk])).content.decode()
    assert "boards counted" in page  # the visitor's totals count the released boards only...
    assert "63.89" not in page  # ...so never the file's percentages, which count every board
    director = director_client.get(reverse("event_standings", args=[event.pk])).content.decode()
    assert "63.89" in director  # the director sees what the file published
