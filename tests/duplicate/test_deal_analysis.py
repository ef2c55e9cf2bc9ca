"""Double-dummy analysis (endplay's DDS): worked out once per deal and stored, shown on the traveller once the
board is released and on the hand records; never worked out on a page view.

The figures are checked against a second computation: deals whose result follows from the cards alone (each
seat holding one whole suit; one hand holding every trick in no trump), and the published DoubleDummyTricks
and OptimumScore of the real PBN file tests/data/pbn/endplay_sample.pbn."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.core.cache import cache
from django.core.management import CommandError, call_command
from django.template.loader import render_to_string
from django.urls import reverse

from duplicate import files, services
from duplicate.exports.printouts import hand_records_pdf
from duplicate.models import Board, DealAnalysis
from duplicate.selectors.analyses import SEATS, STRAINS, board_double_dummy, boards_double_dummy
from duplicate.selectors.event_rows import event_rows
from scoring.law77 import vulnerability_for_board
from scoring.pbn import canonical_deal, read_pbn
from tests.factories import DEAL_1, FIRST, LAST, SECOND, board_plays, enter, make_event, tricks
from tests.factories import pdf_words as pdf_text

pytestmark = pytest.mark.django_db

SAMPLE = Path(__file__).resolve().parents[1] / "data" / "pbn" / "endplay_sample.pbn"
# N holds AKQ of every suit and the spade jack: whoever leads, N wins the first trick and then every other.
TOP_TRICKS = "N:AKQJ.AKQ.AKQ.AKQ T98.JT98.JT98.JT 765.765.765.9876 432.432.432.5432"


def analysed(deal: str) -> DealAnalysis:
    deal = canonical_deal(deal)
    services.deal_analyses_compute(deals=[deal])
    return DealAnalysis.objects.get(deal=deal)


def test_each_seat_holding_a_whole_suit_makes_all_in_its_sides_suits_and_nothing_else():
    # DEAL_1: N spades, E hearts, S diamonds, W clubs. A side whose suit is trumps draws every trick (the
    # partner ruffs the opening lead and runs the suit); any other strain, the leader's side runs its suit.
    held = {"N": "S", "E": "H", "S": "D", "W": "C"}
    side = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}
    found = tricks(analysed(DEAL_1))
    for seat in SEATS:
        for strain in STRAINS:
            ours = any(held[s] == strain for s in SEATS if side[s] == side[seat])
            assert found[seat, strain] == (13 if ours else 0), (seat, strain)


def test_a_hand_of_top_cards_takes_every_trick_in_no_trump():
    found = tricks(analysed(TOP_TRICKS))
    assert (found["N", "NT"], found["S", "NT"], found["E", "NT"], found["W", "NT"]) == (13, 13, 0, 0)


def test_a_real_files_published_double_dummy_tricks_and_par_agree():
    games = read_pbn(SAMPLE.read_text(encoding="utf-8"), encoding="utf-8").with_deals()
    assert len(games) == 2
    text = SAMPLE.read_text(encoding="utf-8")
    published = re.findall(r'\[DoubleDummyTricks "([0-9a-d]{20})"\]', text)
    scores = re.findall(r'\[OptimumScore "NS ([+-]\d+)"\]', text)
    dealers = re.findall(r'\[Dealer "([NESW])"\]', text)
    assert len(published) == len(scores) == len(dealers) == 2
    for game, figures, score, dealer in zip(games, published, scores, dealers, strict=True):
        analysis = analysed(game.deal)
        assert analysis.tricks == figures  # PBN's own order: N, S, E, W; NT, S, H, D, C
        # Vulnerable "-" in the file: par with nobody vulnerable, for the file's dealer (N-S's view).
        assert analysis.par[f"{dealer}-None"]["score"] == int(score)
    board = Board(number=17, dealer="N", deal=canonical_deal(games[0].deal))  # board 17: none vulnerable
    dd = board_double_dummy(board, par=True)
    assert (dd.vulnerability, dd.par_score, dd.par_display) == ("None", 400, "N-S 400")
    assert dd.contracts_display == "5D N/S ="
    assert dict(dd.rows)["N"] == (7, 4, 6, 11, 5)


def test_par_follows_the_boards_vulnerability_and_is_left_out_unless_asked():
    deal = canonical_deal(DEAL_1)
    analysed(deal)
    # 7S by N/S: 1510 not vulnerable, 2210 vulnerable (law 2's cycle: board 1 none, board 2 N-S).
    for number, expected in ((1, 1510), (2, 2210), (3, 1510), (4, 2210)):
        dd = board_double_dummy(Board(number=number, dealer="N", deal=deal), par=True)
        assert dd.vulnerability == vulnerability_for_board(number).value
        assert dd.par_score == expected, number
    plain = board_double_dummy(Board(number=1, dealer="N", deal=deal), par=False)
    assert plain.par_score is None
    assert plain.par_display == ""


def test_worked_out_once_per_deal_and_partial_deals_are_skipped():
    deal = canonical_deal(DEAL_1)
    assert services.deal_analyses_compute(deals=[deal, deal]) == 1
    first = DealAnalysis.objects.get(deal=deal).computed_at
    assert services.deal_analyses_compute(deals=[deal]) == 0
    assert DealAnalysis.objects.get(deal=deal).computed_at == first
    partial = canonical_deal("N:AKQJT98765432... - - -")
    assert services.deal_analyses_compute(deals=[partial, ""]) == 0
    assert DealAnalysis.objects.count() == 1


def test_storing_moves_the_versions_of_the_boards_holding_the_deal():
    event = make_event(tables=3, boards_per_round=2)
    services.board_deals_set(event=event, deals={1: DEAL_1})
    event.refresh_from_db()
    board = event.boards.get(number=1)
    before, board_before = event.results_version, board.results_version
    services.deal_analyses_compute(deals=[board.deal])
    event.refresh_from_db()
    board.refresh_from_db()
    assert (event.results_version, board.results_version) == (before + 1, board_before + 1)


# --- The traveller: no peeking, and never worked out on a page view -------------------------------------------


@pytest.fixture
def played(fresh_cache):
    """Board 1 (DEAL_1) analysed, entered at two of its three tables."""
    event = make_event(tables=3, boards_per_round=2)
    services.board_deals_set(event=event, deals={1: DEAL_1})
    services.deal_analyses_compute(deals=[canonical_deal(DEAL_1)])
    plays = board_plays(event, 1)
    enter(plays[0], FIRST)
    enter(plays[1], SECOND)
    event.refresh_from_db()
    return event


def test_the_traveller_shows_the_table_only_once_the_board_is_released(client, director_client, played):
    url = reverse("board_traveller", args=[played.pk, 1])
    assert "Double dummy" not in client.get(url).content.decode()  # being played: nothing of it
    html = director_client.get(url).content.decode()  # the director sees everything
    assert "Double dummy" in html
    assert "Par (" not in html  # an auction event: no par
    enter(board_plays(played, 1)[2], LAST)  # the last table: released
    html = client.get(url).content.decode()
    assert "Double dummy" in html
    rows = re.findall(r'<tr><th scope="row">([NSEW])</th>((?:<td>\d+</td>){5})</tr>', html)
    shown = {seat: tuple(int(n) for n in re.findall(r"\d+", cells)) for seat, cells in rows}
    assert shown == {
        "N": (0, 13, 0, 13, 0),
        "S": (0, 13, 0, 13, 0),
        "E": (0, 0, 13, 0, 13),
        "W": (0, 0, 13, 0, 13),
    }


def test_a_page_view_never_works_an_analysis_out(client, director_client, fresh_cache):
    event = make_event(tables=3, boards_per_round=2)
    services.board_deals_set(event=event, deals={1: DEAL_1})
    html = director_client.get(reverse("board_traveller", args=[event.pk, 1])).content.decode()
    assert "hand-diagram" in html
    assert "Double dummy" not in html
    assert not DealAnalysis.objects.exists()


@pytest.mark.parametrize("tables", [3, 5])
def test_the_released_traveller_with_its_analysis_runs_a_fixed_number_of_queries(
    client, django_assert_num_queries, fresh_cache, tables
):
    event = make_event(tables=tables, boards_per_round=2)
    services.board_deals_set(event=event, deals={1: DEAL_1})
    services.deal_analyses_compute(deals=[canonical_deal(DEAL_1)])
    for play in board_plays(event, 1):
        enter(play, FIRST)
    url = reverse("board_traveller", args=[event.pk, 1])
    cache.clear()
    # cold: the board with its event and whether it is in play, the traveller's own three, and the analysis
    with django_assert_num_queries(5):
        assert "Double dummy" in client.get(url).content.decode()
    with django_assert_num_queries(1):  # the page kept: the board with its event and whether it is in play
        assert "Double dummy" in client.get(url).content.decode()


# --- The hand records, the command, the background ---------------------------------------------------------------


def test_the_hand_records_print_each_boards_table_for_released_boards_only(client, played):
    services.board_deals_set(event=played, deals={2: TOP_TRICKS})
    services.deal_analyses_compute(deals=[canonical_deal(TOP_TRICKS)])
    rows = {1: canonical_deal(DEAL_1), 2: canonical_deal(TOP_TRICKS)}
    found = boards_double_dummy(((n, "N", d) for n, d in rows.items()), par=False)
    assert set(found) == {1, 2}
    text = pdf_text(files.printout_file(played, "hand-records"))
    # each seat's row of tricks (NT S H D C) beside South
    assert "N 13" in text
    assert "N 0 13 0 13 0" in text
    # a visitor's download: board 1 is still being played (and board 2 not yet played), so neither table
    hidden = pdf_text(get_bytes(client, "download_printout", played.pk, "hand-records"))
    assert "N 0 13 0 13 0" not in hidden
    assert "N 13" not in hidden


def get_bytes(client, name: str, *args) -> bytes:
    response = client.get(reverse(name, args=args))
    assert response.status_code == 200
    return response.content


def test_the_command_fills_what_is_missing(capsys):
    event = make_event(tables=3, boards_per_round=2)
    services.board_deals_set(event=event, deals={1: DEAL_1, 2: TOP_TRICKS, 3: "N:AKQJT98765432... - - -"})
    services.deal_analyses_compute(deals=[canonical_deal(DEAL_1)])
    call_command("analyse_hands", str(event.pk))
    out = capsys.readouterr().out
    assert "analysed 1 of 1 deal" in out
    assert (
        out.strip().splitlines()[-1] == f"Analysed 1 deal of event {event.pk}; 1 already had their analysis"
    )
    assert set(DealAnalysis.objects.values_list("deal", flat=True)) == {
        canonical_deal(DEAL_1),
        canonical_deal(TOP_TRICKS),
    }
    call_command("analyse_hands")
    assert capsys.readouterr().out.strip() == "Analysed 0 deals of every event; 2 already had their analysis"


def test_the_command_refuses_an_unknown_event_in_one_line():
    with pytest.raises(CommandError, match=r"^event 999999: no such event$") as exc:
        call_command("analyse_hands", "999999")
    assert exc.value.returncode == 2


@pytest.mark.django_db(transaction=True)
def test_hands_attached_are_analysed_in_the_background_after_the_commit(settings):
    settings.DEAL_ANALYSIS_IN_BACKGROUND = True
    event = make_event(tables=3, boards_per_round=2)
    services.board_deals_set(event=event, deals={1: DEAL_1})
    services.deal_analyses_wait()  # the test's hook: join the threads started
    analysis = DealAnalysis.objects.get()
    assert analysis.deal == canonical_deal(DEAL_1)
    assert tricks(analysis)["N", "S"] == 13


def test_a_traveller_kept_before_the_analysis_shows_it_once_stored(client, played):
    enter(board_plays(played, 1)[2], LAST)  # released
    url = reverse("board_traveller", args=[played.pk, 1])
    DealAnalysis.objects.all().delete()
    assert "Double dummy" not in client.get(url).content.decode()  # kept in the cache without it
    services.deal_analyses_compute(deals=[canonical_deal(DEAL_1)])  # moves the board's version on
    assert "Double dummy" in client.get(url).content.decode()


def test_par_is_printed_on_the_traveller_and_hand_records_when_asked(played):
    # Contract events are scored elsewhere; here the par's display, from the stored analysis.
    dd = board_double_dummy(Board(number=1, dealer="N", deal=canonical_deal(DEAL_1)), par=True)
    html = render_to_string("duplicate/_double_dummy.html", {"double_dummy": dd})
    assert "Par (none vulnerable): <strong>N-S 1510</strong> · 7S N/S =" in html
    rows = event_rows(played)
    analyses = boards_double_dummy(((b.number, b.dealer, b.deal) for b in rows.boards), par=True)
    text = pdf_text(hand_records_pdf(rows, analyses))
    assert "Par N-S 1510 7S N/S =" in text
