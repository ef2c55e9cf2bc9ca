"""Law 12C2 (law 86A of the 2007 code) in a contract team match by IMPs, end to end: a table's law 12C2 artificial adjusted score is
scored (+3 IMPs for average plus, -3 average minus, 0 average, or the organiser's figure) on the match page,
the `standings` command (JSON, text, CSV), the downloads, the travellers, and from an event file; a board that
cannot be scored as entered is shown so while the rest of the match is scored and totalled.

Figures worked by hand on ``tests.teams.test_imp_match.RESULTS`` (Reds 1 N-S at table 1, 2 E-W; Blues 3, 4):
board 1 net 470, 10 to Reds; board 2 0; board 3 net 720, 12 to Reds; board 4: Blues' N-S +1440 at table 2,
and at table 1 (Reds N-S) the director's A60/40 in place of +690: Reds' N-S pair average plus, Blues' E-W
pair average minus: 3 IMPs to Reds (the +1440 not compared).  Reds 25, Blues 0.  VPs, WBF 2013 over 4
boards (X = 30, tau = (sqrt 5 - 1) / 2): margin 25: 1 - tau^(75/30) = 0.69972, / 0.76393 = 0.91594: 19.16,
0.84 to Blues."""

from __future__ import annotations

import csv
import io
import json

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.urls import reverse

from duplicate import services
from duplicate.models import Board, Event
from duplicate.selectors.imp_match import imp_match
from duplicate.selectors.travellers import traveller
from duplicate.services.eventfile import event_export, event_import
from tests.factories import IMP_MATCH_RESULTS as RESULTS
from tests.factories import big_imp_match_file as big_file
from tests.factories import download, pdf_words
from tests.factories import imp_match_file as match_file

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_cache")]

AVERAGE_PLUS_AT_REDS = [*RESULTS[:-1], (2, 1, 4, 1, 3, {"ruling": "A60/40"})]
# Board 4 also A60/40 where Blues sat N-S: Reds' E-W pair average minus there, average plus at table 1.
TWO_SCORES_FOR_REDS = [*RESULTS[:-2], (1, 2, 4, 4, 2, {"ruling": "A60/40"}), AVERAGE_PLUS_AT_REDS[-1]]


def command(event: Event, fmt: str) -> str:
    out = io.StringIO()
    call_command("standings", str(event.pk), "--format", fmt, stdout=out)
    return out.getvalue()


def test_an_artificial_score_in_a_team_match_is_law_12C2s_imps():
    event = event_import(data=match_file(AVERAGE_PLUS_AT_REDS))
    match = imp_match(event)
    assert match.error is None
    lines = [
        (x.board, x.home_text, x.away_text, x.net, x.home_imps, x.away_imps, x.running) for x in match.lines
    ]
    assert lines == [
        (1, "420", "-50", 470, 10, 0, 10),
        (2, "600", "600", 0, 0, 0, 10),
        (3, "100", "-620", 720, 12, 0, 22),
        (4, "A60/40", "1440", None, 3, 0, 25),
    ]
    assert (match.home_imps, match.away_imps, match.winner, match.scored) == (25, 0, "Reds", 4)
    assert (str(match.home_vp), str(match.away_vp)) == ("19.16", "0.84")


def test_the_standings_command_gives_the_match_in_every_format():
    event = event_import(data=match_file(AVERAGE_PLUS_AT_REDS))
    data = json.loads(command(event, "json"))
    assert [(t["name"], t["imps"], t["vps"]) for t in data["teams"]] == [
        ("Reds", 25, "19.16"),
        ("Blues", 0, "0.84"),
    ]
    assert (data["scored"], data["winner"], data["margin"]) == (4, "Reds", 25)
    assert data["swings"][-1] == {
        "board": 4,
        "home_ns": None,
        "away_ns": 1440,
        "home_adjusted": "A60/40",
        "net": None,
        "home_imps": 3,
        "away_imps": 0,
        "running": 25,
    }
    assert "unscored" not in data
    text = command(event, "text")
    assert "Reds                       25 IMPs  19.16 VPs" in text
    assert "    4     A60/40       1440                 3          0      25" in text  # no net: not compared
    assert (
        "worth 3 IMPs to a team given average plus, -3 average minus, 0 average (law 12C2, law 86A of the 2007 "
        "code)" in text
    )
    rows = list(csv.reader(io.StringIO(command(event, "csv"))))
    assert rows[3] == ["Reds", "total", "", "", "", "", "4", "25", "19.16", "4", "4"]
    assert rows[6] == ["Blues", "total", "", "", "", "", "4", "0", "0.84", "4", "4"]


def test_the_page_the_downloads_and_the_travellers_show_it(client):
    event = event_import(data=match_file(AVERAGE_PLUS_AT_REDS))
    services.event_finish(event=event)
    page = client.get(reverse("team_match", args=[event.pk])).content.decode()
    assert "Reds</strong> 25 IMPs, <strong>Blues</strong> 0 IMPs: 19.16 to 0.84 VPs over 4 boards" in page
    assert "A60/40" in page
    assert "Cannot be scored" not in page
    text = pdf_words(download(client, event, "pdf"))
    # Finished with every result in: final (the Finish agrees every round), so won, not leads.
    assert "Reds 25 IMPs, Blues 0 IMPs: 19.16 to 0.84 VPs over 4 boards. Reds won by 25 IMPs." in text
    assert "4 A60/40 1440 3 0 25" in text
    board = Board.objects.get(event=event, number=4)
    got = {
        line.table: (line.status, line.ns_plus_minus_display, line.ew_plus_minus_display)
        for line in traveller(event, board).lines
    }
    # Table 1: Reds N-S average plus, +3; Blues E-W -3.  Table 2: Blues N-S -3, Reds E-W +3.
    assert got[1][1:] == ("+3", "-3")
    assert "A60/40" in got[1][0]
    assert got[2][1:] == ("-3", "+3")
    html = client.get(reverse("board_traveller", args=[event.pk, 4])).content.decode()
    assert "A60/40" in html
    assert "cannot be scored" not in html.lower()


def test_a_board_that_cannot_be_scored_shows_so_and_the_rest_are_totalled(client):
    # Board 4: A60/40 at both tables gives Reds average plus (table 1, N-S) and average minus (table 2,
    # E-W): one team, two scores on one board.  Boards 1-3: Reds 22, Blues 0, over the match's 4 boards:
    # margin 22: 1 - tau^(66/30) = 0.65307, / 0.76393 = 0.85490: 18.55 to 1.45.
    event = event_import(data=match_file(TWO_SCORES_FOR_REDS))
    match = imp_match(event)
    assert match.error is None
    assert (match.home_imps, match.away_imps, match.scored, match.boards) == (22, 0, 3, 4)
    assert (str(match.home_vp), str(match.away_vp)) == ("18.55", "1.45")
    assert match.progress.provisional  # a board not scored: not final
    assert [line.board for line in match.unscored] == [4]
    data = json.loads(command(event, "json"))
    assert [(t["name"], t["imps"], t["vps"]) for t in data["teams"]] == [
        ("Reds", 22, "18.55"),
        ("Blues", 0, "1.45"),
    ]
    assert [u["board"] for u in data["unscored"]] == [4]
    assert "give Reds average plus and average minus" in data["unscored"][0]["why"]
    assert "    4 cannot be scored: the artificial scores at its two tables" in command(event, "text")
    services.event_finish(event=event)
    page = client.get(reverse("team_match", args=[event.pk])).content.decode()
    assert "Reds</strong> 22 IMPs, <strong>Blues</strong> 0 IMPs: 18.55 to 1.45 VPs over 4 boards" in page
    assert "Board 4 cannot be scored: the artificial scores at its two tables (A60/40, A60/40)" in page


def test_the_organisers_figure_from_the_event_file_and_back():
    # Average plus 5 IMPs: board 4 is 5 to Reds: 27-0, margin 27: 1 - tau^(81/30) = 0.72727, / 0.76393 =
    # 0.95201: 19.52 to 0.48.
    event = event_import(data={**match_file(AVERAGE_PLUS_AT_REDS), "average_plus_imps": 5})
    assert event.average_plus_imps == 5
    match = imp_match(event)
    assert (match.home_imps, match.away_imps) == (27, 0)
    assert (str(match.home_vp), str(match.away_vp)) == ("19.52", "0.48")
    exported = event_export(event)
    assert exported["average_plus_imps"] == 5
    again = event_import(data={**exported, "name": "Reds v Blues again"})
    assert imp_match(again).home_imps == 27
    # The usual 3 is not written; a file without the key scores 3.
    assert "average_plus_imps" not in event_export(event_import(data=match_file(AVERAGE_PLUS_AT_REDS)))


def test_a_visitors_totals_are_worked_out_again_with_the_events_figure():
    """A visitor's totals leave the boards in play out and are worked out from the boards released: with
    the event's law 12C2 figure, not the usual 3 (board 1 still in play at table 2: Reds 0 + 12 + 5 = 17,
    Blues 0); the director's count board 1's result at table 1 as not yet comparable."""
    in_play = [r for r in AVERAGE_PLUS_AT_REDS if (r[1], r[2]) != (2, 1)]  # board 1 not yet in at table 2
    event = event_import(data={**match_file(in_play), "average_plus_imps": 5})
    shown = imp_match(event, hidden=frozenset({1}), released_only=True)
    assert (shown.home_imps, shown.away_imps, shown.scored) == (17, 0, 3)
    assert [line.running for line in shown.lines] == [None, 0, 12, 17]


def test_the_new_event_form_takes_the_figure_for_a_contest_in_imps_only(director_client):
    base = {
        "name": "Teams",
        "date": "2026-11-27",
        "code": "contract",
        "kind": "teams",
        "contest": "imps",
        "movement": "teams",
        "tables": 2,
        "boards_per_round": 2,
        "paper_size": "A4",
    }
    response = director_client.post(reverse("event_create"), {**base, "average_plus_imps": "4"})
    assert response.status_code == 302
    assert Event.objects.get(name="Teams").average_plus_imps == 4
    response = director_client.post(reverse("event_create"), {**base, "name": "Default"})
    assert response.status_code == 302
    assert Event.objects.get(name="Default").average_plus_imps == 3
    pairs = {**base, "name": "Pairs", "kind": "pairs", "contest": "matchpoints", "movement": "mitchell"}
    response = director_client.post(reverse("event_create"), {**pairs, "tables": 3, "average_plus_imps": "4"})
    assert response.status_code == 200
    assert "Only a contest scored in IMPs" in response.content.decode()
    assert not Event.objects.filter(name="Pairs").exists()
    for bad in ("0", "25", "x"):
        response = director_client.post(
            reverse("event_create"), {**base, "name": bad, "average_plus_imps": bad}
        )
        assert response.status_code == 200
        assert not Event.objects.filter(name=bad).exists()


def test_an_event_file_of_another_contest_with_a_figure_is_refused():
    data = {**match_file(AVERAGE_PLUS_AT_REDS), "contest": None, "code": "auction-1915", "results": []}
    with pytest.raises(services.ServiceError, match="average_plus_imps: only a contest scored in IMPs"):
        event_import(data={**data, "average_plus_imps": 4})
    assert not Event.objects.exists()


def test_the_page_with_artificial_scores_runs_a_fixed_number_of_queries(client, django_assert_num_queries):
    big = big_file()
    for result in big["results"][::5]:  # every fifth result an artificial score
        for key in ("contract", "declarer", "tricks"):
            del result[key]
        result["ruling"] = "A40/60"
    for data in (match_file(AVERAGE_PLUS_AT_REDS), big):
        event = event_import(data=data)
        url = reverse("team_match", args=[event.pk])
        cache.clear()
        with django_assert_num_queries(4):
            assert client.get(url).status_code == 200
        with django_assert_num_queries(2):
            assert client.get(url).status_code == 200


@pytest.mark.parametrize("results", [AVERAGE_PLUS_AT_REDS, TWO_SCORES_FOR_REDS], ids=["A60/40", "set aside"])
def test_every_page_and_download_of_such_a_match_answers(client, results):
    event = event_import(data=match_file(results))
    services.event_finish(event=event)
    names = ("event_detail", "team_match", "event_display", "event_export")  # (no recap: a pair event's)
    names += ("download_results_csv", "download_workbook", "download_travellers", "download_usebio")
    urls = [reverse(name, args=[event.pk]) for name in names]
    urls += [reverse("download_standings", args=[event.pk, fmt]) for fmt in ("pdf", "xlsx", "csv")]
    urls += [reverse("board_traveller", args=[event.pk, 4]), reverse("pair_scorecard", args=[event.pk, "1"])]
    for url in urls:
        assert client.get(url).status_code == 200, url


def test_the_law_is_cited_by_the_2017_codes_number(client, director_client):
    # The Laws of Duplicate Bridge 2017 give the IMPs of an artificial average plus in law 12C2 (the 2007
    # code's law 86A): the new-event form, the model, the page's, the PDF's and the command's notes cite law
    # 12C2, and "law 86A" only as the 2007 code's (docs/laws.md, "Laws 12C2 and 86").
    assert Event._meta.get_field("average_plus_imps").verbose_name == "IMPs of average plus (law 12C2)"
    form = director_client.get(reverse("event_create")).content.decode()
    assert "IMPs of average plus (law 12C2)" in form
    event = event_import(data=match_file(AVERAGE_PLUS_AT_REDS))
    services.event_finish(event=event)
    page = client.get(reverse("team_match", args=[event.pk])).content.decode()
    pdf = pdf_words(download(client, event, "pdf"))
    for said in (form, page, pdf, command(event, "text")):
        assert "law 12C2" in said
        assert "86A" not in said.replace("law 86A of the 2007 code", "")
