"""The printouts and the venue display of an event of matches (docs/leagues.md): the VP table as PDF (on the
event's paper, A4 or Letter; a visitor's counting no match still in play), and the display's VP table and
round in play (no peeking); a fixed number of queries at two sizes."""

from __future__ import annotations

import io

import pytest
from django.core.cache import cache
from django.urls import reverse
from pypdf import PdfReader

from duplicate.models import Event
from teams.models import Match
from teams.services import match_result_save, round_draw
from tests.factories import FIRST, SECOND, enter, page_words, pdf_words, plays_at, teams_event, whole_results

pytestmark = pytest.mark.django_db
DASH = "\u2013"  # between a match's two figures


def five_team_swiss() -> Event:
    """A Swiss of five teams, 8 boards a match, round 1 given whole: table 1 Team 1 v Team 2 30-30 IMPs (no
    margin: 10.00-10.00 VPs on the WBF 2013 scale), table 2 Team 3 v Team 4 15.50-4.50 VPs; Team 5's bye
    12.00 VPs (the event's bye VPs)."""
    event = teams_event(5, boards=8, rounds=3)
    first, second = Match.objects.filter(event=event, round=1, away__isnull=False).order_by("table")
    match_result_save(match=first, entered="imps", home=30, away=30)
    match_result_save(match=second, entered="vps", home="15.5", away="4.5")
    return event


def test_the_vp_table_pdf_prints_the_hand_worked_table(client):
    event = five_team_swiss()
    response = client.get(reverse("matches_vp_download", args=[event.pk, "pdf"]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    words = pdf_words(response.content)
    assert "VP table" in words
    assert "Place Team Players VPs IMPs Played Won Drawn Lost" in words
    # Team 3 15.50; Team 5's bye 12.00; Team 1 and Team 2 level on 10.00 (IMPs 0 each, drawn); Team 4 4.50.
    assert (
        "1 Team 3 15.50 0 1 1 0 0 2 Team 5 12.00 0 1 1 0 0 3= Team 1 10.00 0 1 0 1 0 "
        "3= Team 2 10.00 0 1 0 1 0 5 Team 4 4.50 0 1 0 0 1"
    ) in words
    assert "PROVISIONAL (until the director finishes the event)" in words  # not finished yet
    page = PdfReader(io.BytesIO(response.content)).pages[0]
    assert round(float(page.mediabox.width)) == 595  # A4: 210 mm


def test_the_vp_table_pdf_prints_on_letter_and_final_once_finished(client):
    event = five_team_swiss()
    Event.objects.filter(pk=event.pk).update(paper_size="letter", status="complete")
    response = client.get(reverse("matches_vp_download", args=[event.pk, "pdf"]))
    page = PdfReader(io.BytesIO(response.content)).pages[0]
    assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == (
        612,
        792,
    )  # 8.5 x 11 in
    words = pdf_words(response.content)
    assert "PROVISIONAL" not in words
    assert "Final" in words
    assert "1 Team 3 15.50" in words


def test_the_standings_pdf_of_a_swiss_is_its_vp_table_and_the_menu_offers_it(client):
    event = five_team_swiss()
    response = client.get(reverse("download_standings", args=[event.pk, "pdf"]))
    assert response.status_code == 302
    assert response["Location"] == reverse("matches_vp_download", args=[event.pk, "pdf"])
    page = client.get(reverse("matches_event", args=[event.pk])).content.decode()
    assert f'href="{reverse("matches_vp_download", args=[event.pk, "pdf"])}" download>VP table PDF<' in page
    # The pages' shared menu offers no USEBIO for it (its download is a 404: no writer for matches).
    overview = client.get(reverse("event_detail", args=[event.pk]) + "?overview=1").content.decode()
    assert reverse("download_usebio", args=[event.pk]) not in overview


def in_play_swiss() -> Event:
    """A Swiss of four teams, one board a match: board 1 played at match 1's two tables only (table 1 N-S
    +420 for Team 1, table 2 N-S -110 for Team 2: Team 1 +530, 11 IMPs), still in play at tables 3 and 4."""
    event = teams_event(4, boards=1)
    enter(plays_at(event, 1, 1)[0], FIRST)
    enter(plays_at(event, 1, 2)[0], SECOND)
    return event


def test_a_visitors_vp_table_pdf_counts_no_board_still_in_play(client, director_client):
    event = in_play_swiss()
    url = reverse("matches_vp_download", args=[event.pk, "pdf"])
    visitor = pdf_words(client.get(url).content)
    director = pdf_words(director_client.get(url).content)
    for name in ("Team 1", "Team 2", "Team 3", "Team 4"):  # nothing counted: every team level, none played
        assert f"=1 {name}" not in visitor
        assert f"1= {name} 0.00 0 0 0 0 0" in visitor
    assert "+11" not in visitor
    assert " +11 1 1 0 0 " in director  # the director's counts match 1
    assert "-11 1 0 0 1" in director


def test_the_venue_display_of_a_swiss_shows_the_vp_table_and_the_round(client, director_client):
    event = five_team_swiss()
    display = client.get(reverse("event_display", args=[event.pk]) + "?seconds=30")
    assert display.status_code == 302
    assert display["Location"] == reverse("matches_display", args=[event.pk]) + "?seconds=30"
    for who in (client, director_client):
        page = page_words(who.get(reverse("matches_display", args=[event.pk])))
        assert "Round 1: 2 of 2 matches in" in page
        assert "VP table Place Team VPs IMPs Played 1 Team 3 15.50 0 1 2 Team 5 12.00 0 1 =3 Team 1" in page
        assert (
            f"Round 1 Table Home Away VPs 1 Team 1 Team 2 10.00{DASH}10.00 2 Team 3 Team 4 15.50{DASH}4.50"
            in page
        )
        assert "— Team 5 bye 12.00" in page
    # Round 2 drawn (Team 1 and Team 2 have met, so each meets one of the top two; Team 4, last, has the bye):
    # the display's round now.
    round_draw(event=event)
    page = page_words(client.get(reverse("matches_display", args=[event.pk])))
    assert "Round 2: 0 of 2 matches in" in page
    assert (
        "Round 2 Table Home Away VPs 1 Team 3 Team 1 being played 2 Team 5 Team 2 being played — Team 4 bye 12.00"
    ) in page


def test_the_venue_display_shows_no_board_still_in_play(client, director_client):
    """Everyone, the director too, sees the visitor's display: match 1's board is in play at tables 3 and 4."""
    event = in_play_swiss()
    for who in (client, director_client):
        cache.clear()
        page = page_words(who.get(reverse("matches_display", args=[event.pk])))
        assert "Round 1: 0 of 2 matches in" in page
        assert "1 Team 1 Team 2 being played 2 Team 3 Team 4 being played" in page
        assert "+11" not in page
    for table in (3, 4):
        enter(plays_at(event, 1, table)[0], FIRST)
    page = page_words(client.get(reverse("matches_display", args=[event.pk])))
    assert "Round 1: 2 of 2 matches in" in page
    assert "+11" in page


@pytest.mark.parametrize("size", [4, 12])
def test_the_vp_pdf_and_the_display_run_a_fixed_number_of_queries(
    client, director_client, django_assert_num_queries, size
):
    event = teams_event(size, boards=2)
    whole_results(event, 1)
    for who, url, queries in (
        (client, reverse("matches_vp_download", args=[event.pk, "pdf"]), 4),
        # The director's: the session and the user too; then the event, the pairs, the matches, the plays.
        (director_client, reverse("matches_vp_download", args=[event.pk, "pdf"]), 6),
        (client, reverse("matches_display", args=[event.pk]), 4),
        (client, reverse("event_display", args=[event.pk]), 1),
    ):
        cache.clear()
        with django_assert_num_queries(queries, info=url):
            assert who.get(url).status_code in (200, 302)


def test_a_swiss_pairs_prints_and_displays_pairs(client):
    """Its VP table heads its entrants "Pair" (the contest's description: not for teams), in the PDF and on the
    display; before a result nothing is counted, every pair level first."""
    event = teams_event(4, contest="swiss-pairs", boards=1)
    words = pdf_words(client.get(reverse("matches_vp_download", args=[event.pk, "pdf"])).content)
    assert "Place Pair Players VPs IMPs Played Won Drawn Lost 1= Team 1 0.00 0 0 0 0 0" in words
    page = page_words(client.get(reverse("matches_display", args=[event.pk])))
    assert "VP table Place Pair VPs IMPs Played =1 Team 1 0.00 0 0" in page
    assert "Round 1: 0 of 2 matches in" in page
