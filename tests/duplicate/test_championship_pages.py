"""The championship pages and downloads: the list, the new-championship form, a session added with the new-event
form, an event attached, the overall standings (figures of tests/duplicate/test_championships.py: totals
pair 5 20 MPs, pairs 1 and 2 19), the downloads, and the query counts of every page that lists rows."""

from __future__ import annotations

import csv
import io
import json
import xml.etree.ElementTree as ET

import pytest
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from openpyxl import load_workbook

from duplicate import services
from duplicate.models import Championship, Event, Pair
from duplicate.services.championships import event_detach, session_add
from duplicate.services.eventfile_championship import championship_export
from scoring.usebio import read_usebio
from tests.factories import championship_of_three, event_form, make_event, session_played

pytestmark = pytest.mark.django_db


def test_list_empty_state_and_link_from_home(client):
    assert "Championships" in client.get(reverse("home")).content.decode()
    page = client.get(reverse("championship_list")).content.decode()
    assert "No championships yet" in page
    assert "A director creates championships here." in page


def test_create_form(director_client):
    response = director_client.post(
        reverse("championship_create"),
        {"name": "Winter pairs", "date": "2026-12-05", "carry_over": "carry", "carry_fraction": "1/3"},
    )
    championship = Championship.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("championship_detail", args=[championship.pk])
    assert (championship.carry_over, championship.carry_fraction) == ("carry", "1/3")


@pytest.mark.parametrize("fraction", ["3/2", "0", "half"])
def test_create_form_shows_the_fraction_error_beside_its_field(director_client, fraction):
    response = director_client.post(
        reverse("championship_create"),
        {"name": "Winter pairs", "date": "2026-12-05", "carry_over": "carry", "carry_fraction": fraction},
    )
    assert response.status_code == 200
    html = response.content.decode()
    field = html[html.index('id="field-carry_fraction"') :]
    assert 'class="errorlist"' in field[: field.index("</p>")]
    assert not Championship.objects.exists()


def test_create_form_shows_the_share_carried_with_a_qualifying_session_only(director_client):
    html = director_client.get(reverse("championship_create")).content.decode()
    field = html[html.index('id="field-carry_fraction"') :]
    assert 'data-when-carry_over="carry"' in field[:200]
    assert " hidden>" in field[: field.index(">") + 1]  # totals chosen: the share does not apply
    for value in ("totals", "weighted", "carry"):  # every choice read in full (a select cut them on a phone)
        assert f'type="radio" name="carry_over" value="{value}"' in html
    response = director_client.post(
        reverse("championship_create"),
        {"name": "", "date": "2026-12-05", "carry_over": "carry", "carry_fraction": "1/2"},
    )
    html = response.content.decode()
    field = html[html.index('id="field-carry_fraction"') :]
    assert "hidden" not in field[: field.index(">") + 1]


def test_create_form_is_the_directors(client):
    response = client.get(reverse("championship_create"))
    assert response.status_code == 302
    assert "login" in response["Location"]


def test_session_added_with_the_event_form_carries_the_players(director_client):
    championship, (first, _second, _third) = championship_of_three("totals", play=False)
    url = reverse("championship_session_add", args=[championship.pk])
    form = director_client.get(url).content.decode()
    assert "Autumn championship - session 4" in form
    response = director_client.post(
        url,
        event_form(
            name="Autumn championship - session 4",
            date="2026-10-04",
            code="contract",
            contest="matchpoints",
            tables="4",
            boards_per_round="1",
        ),
    )
    fourth = Event.objects.get(championship=championship, session=4)
    assert response["Location"] == reverse("event_detail", args=[fourth.pk])
    ann = Pair.objects.get(event=first, number="1").player1_id
    assert Pair.objects.get(event=fourth, number="1").player1_id == ann
    assert Pair.objects.filter(event=fourth).count() == 8  # 4 tables: two pairs left unnamed
    # the session's pages link back to its championship
    page = director_client.get(reverse("event_detail", args=[fourth.pk])).content.decode()
    assert reverse("championship_detail", args=[championship.pk]) in page
    assert "Championship (session 4)" in page


def test_session_of_another_contest_refused_on_the_form(director_client):
    championship, _sessions = championship_of_three("totals", play=False)
    response = director_client.post(
        reverse("championship_session_add", args=[championship.pk]),
        event_form(code="contract", contest="butler", tables="3", boards_per_round="1"),
    )
    assert response.status_code == 200
    assert "every session of a championship is scored alike" in response.content.decode()
    assert championship.sessions.count() == 3


def test_attach_an_event(director_client):
    championship = Championship.objects.create(name="Two nights", date="2026-10-03")
    event = make_event(name="Night one")
    response = director_client.post(
        reverse("championship_session_attach", args=[championship.pk]), {"event": event.pk}
    )
    assert response.status_code == 302
    event.refresh_from_db()
    assert (event.championship_id, event.session) == (championship.pk, 1)
    page = director_client.get(reverse("championship_detail", args=[championship.pk])).content.decode()
    assert "Night one" in page
    assert reverse("event_standings", args=[event.pk]) in page


def test_sessions_listed_with_their_status_and_a_plain_event_attachable(director_client):
    championship, _sessions = championship_of_three("totals", play=False)
    make_event(name="Teams night", kind="teams", tables=2, event_kind="teams")
    make_event(name="Pairs night")
    html = director_client.get(reverse("championship_detail", args=[championship.pk])).content.decode()
    rows = html[html.index("<tbody") : html.index("</tbody>")]
    assert rows.count("Setting up") == 3
    assert '<td class="num hide-narrow">6</td>' in rows  # six pairs a session
    assert "Add session 4" in html
    attach = html[html.index("Or attach") :]
    assert "Pairs night" in attach
    assert "Teams night" not in attach  # a team match is never a session
    teams = Event.objects.get(name="Teams night")
    attach_url = reverse("championship_session_attach", args=[championship.pk])
    for bad in (teams.pk, "abc", 999_999, ""):
        response = director_client.post(attach_url, {"event": bad}, follow=True)
        assert "Choose an event of pairs that is not a session yet." in response.content.decode()
    assert championship.sessions.count() == 3


def test_a_sessions_pages_link_to_its_championship_and_a_plain_events_do_not(client):
    championship, (first, _second, _third) = championship_of_three("totals")
    overall = reverse("championship_standings", args=[championship.pk])
    for name in ("event_detail", "event_standings"):
        html = client.get(reverse(name, args=[first.pk])).content.decode()
        assert "Session 1 of a championship" in html
        assert f'href="{overall}"' in html
    plain = make_event()
    assert "of a championship" not in client.get(reverse("event_detail", args=[plain.pk])).content.decode()


def test_the_last_session_taken_out_from_the_championships_page(director_client, client):
    # found trying it: an event attached by mistake could not be taken out again (and the admin now keeps it)
    championship, (_first, second, third) = championship_of_three("totals", play=False)
    page = reverse("championship_detail", args=[championship.pk])
    html = director_client.get(page).content.decode()
    take_out = reverse("championship_session_detach", args=[championship.pk, third.pk])
    assert f'action="{take_out}"' in html
    assert (
        reverse("championship_session_detach", args=[championship.pk, second.pk]) not in html
    )  # the last only
    assert "/detach/" not in client.get(page).content.decode()
    assert client.post(take_out).status_code == 302
    assert Event.objects.get(pk=third.pk).session == 3
    response = director_client.post(reverse("championship_session_detach", args=[championship.pk, second.pk]))
    assert response.status_code == 302
    assert "only the last session, session 3" in director_client.get(page).content.decode()
    for bad in ((championship.pk, 999_999), (999_999, third.pk)):
        assert director_client.post(reverse("championship_session_detach", args=bad)).status_code == 404
    assert director_client.get(take_out).status_code == 405
    response = director_client.post(take_out, follow=True)
    assert "is an event on its own again" in response.content.decode()
    assert Event.objects.get(pk=third.pk).championship_id is None
    # the admin deletes a championship only once it has no session (its sessions' events would go with it)
    delete = f"/admin/duplicate/championship/{championship.pk}/delete/"
    assert director_client.post(delete, {"post": "yes"}).status_code == 403
    assert Event.objects.filter(pk=second.pk).exists()


def test_overall_standings_page(director_client):
    championship, _sessions = championship_of_three("totals")
    html = director_client.get(reverse("championship_standings", args=[championship.pk])).content.decode()
    assert "Session 1 MPs" in html
    assert "Overall MPs" in html
    first_row = html[html.index("<tbody") :]
    first_row = first_row[: first_row.index("</tr>")]
    assert "Ian Ivy" in first_row
    assert "20.00" in first_row
    assert "Each pair&#x27;s totals of its sessions added." in html or "Each pair's totals" in html


def test_weighted_page_shows_the_percentages_it_weights(client):
    # found trying it: a weighted overall % beside each session's MPs, which it is not made of
    # (figures of test_championships.test_weighted_by_boards: Ian Ivy & Jim Judd 7, 7 and 6 MPs of 12)
    championship, _sessions = championship_of_three("weighted")
    html = client.get(reverse("championship_standings", args=[championship.pk])).content.decode()
    head = html[html.index("<thead") : html.index("</thead>")]
    assert "Session 1 %" in head
    assert "MPs" not in head
    row = html[html.index("Ian Ivy &amp; Jim Judd") :]
    row = row[: row.index("</tr>")]
    cells = [c for c in (part.rsplit(">", 1)[-1] for part in row.split("</td>")) if c.strip()]
    assert cells[1:] == ["58.33", "58.33", "50.00", "55.56"]  # 7/12, 7/12, 6/12; (7 + 7 + 6) / 36


def test_a_pair_nobody_named_is_shown_by_its_number(client):
    # found trying it: a bigger session's new pairs, not named yet, were listed as "—", one like another
    championship, _sessions = championship_of_three("totals")
    movement = services.movement_build(kind="mitchell", tables=4, boards_per_round=1)
    fourth = session_add(championship=championship, movement=movement, analyse=False)
    session_played(fourth, None)
    html = client.get(reverse("championship_standings", args=[championship.pk])).content.decode()
    assert "Pair 7 of session 4" in html
    assert "Pair 8 of session 4" in html
    assert "—</td>" not in html


def test_overall_standings_empty_state(client):
    championship = Championship.objects.create(name="Empty", date="2026-10-03")
    html = client.get(reverse("championship_standings", args=[championship.pk])).content.decode()
    assert "No sessions yet" in html
    assert "download/overall" not in html  # nothing to download yet (found trying it: empty files offered)


def test_carry_page_lists_the_non_qualifier_last(director_client):
    championship, _sessions = championship_of_three("carry", "1/2")
    html = director_client.get(reverse("championship_standings", args=[championship.pk])).content.decode()
    assert html.index("Mo Moss") < html.index("Kit King")
    assert "did not qualify" in html


def test_downloads(director_client):
    championship, _sessions = championship_of_three("carry", "1/2")

    def get(fmt):
        response = director_client.get(reverse("championship_download", args=[championship.pk, fmt]))
        assert response.status_code == 200
        return response.content

    rows = list(csv.DictReader(io.StringIO(get("csv").decode("utf-8-sig"))))
    assert [r["Player 1"] for r in rows[:2]] == ["Cat Cole", "Ian Ivy"]  # 16.5 each: shared first place
    assert (rows[0]["Rank"], rows[0]["Overall MPs"], rows[0]["Overall MPs exact"]) == ("1", "16.50", "'33/2")
    assert (rows[-1]["Player 1"], rows[-1]["Rank"], rows[-1]["Qualified"]) == ("Kit King", "", "no")
    assert rows[0]["Session 2 MPs"] == "8"
    assert rows[0]["Session 2 pair"] == "2"
    book = load_workbook(io.BytesIO(get("xlsx")))
    sheet = book["Overall"]
    assert sheet["A1"].value == "Rank"
    assert sheet["B2"].value == "Cat Cole"
    data = json.loads(get("json"))
    assert data["kind"] == "championship"
    assert data["carry_fraction"] == "1/2"
    first = data["standings"][0]
    assert (first["rank"], first["players"], first["overall"]) == (1, ["Cat Cole", "Dot Dunn"], "33/2")
    assert first["sessions"][1] == {"pair": 2, "rank": 1, "boards": 3, "total": "8", "percentage": "200/3"}


def test_usebio_download_has_a_session_each(director_client):
    championship, _sessions = championship_of_three("totals")
    body = director_client.get(reverse("championship_download", args=[championship.pk, "xml"])).content
    root = ET.fromstring(body)
    event = root.find("EVENT")
    assert event.findtext("SESSION_COUNT") == "3"
    sessions = event.findall("SESSION")
    assert [s.get("SESSION_ID") for s in sessions] == ["1", "2", "3"]
    assert len(sessions[1].findall("PARTICIPANTS/PAIR")) == 6
    # Kalamazoo's USEBIO reader reads one session a file: each SESSION cut out on its own reads back
    for keep in range(3):
        one = ET.fromstring(body)
        one_event = one.find("EVENT")
        for index, session in enumerate(one_event.findall("SESSION")):
            if index != keep:
                one_event.remove(session)
        read = read_usebio(
            b'<?xml version="1.0" encoding="iso-8859-1"?>\n'
            + ET.tostring(one, encoding="iso-8859-1").split(b"?>", 1)[1]
        )
        assert len(read.pairs) == 6
        assert len(read.lines) == 9
        assert read.board_scoring_method == "MATCH_POINTS"
    with pytest.raises(ValueError, match="one session a file"):
        read_usebio(body)


def _championship_pages(championship):
    return [
        reverse("championship_list"),
        reverse("championship_detail", args=[championship.pk]),
        reverse("championship_standings", args=[championship.pk]),
        *(
            reverse("championship_download", args=[championship.pk, fmt])
            for fmt in ("csv", "xlsx", "json", "xml")
        ),
    ]


#: Queries of each page, cold and from the cache, for a championship of three sessions whatever its size.
QUERIES = {
    0: (1, 1),  # the list: one query
    1: (2, 2),  # the championship, its sessions
    2: (9, 2),  # the championship, its sessions; cold: the pairs' players, each session's pairs and plays
    3: (9, 2),
    4: (9, 2),
    5: (9, 2),
    6: (
        23,
        23,
    ),  # USEBIO, made each time: the championship, its sessions; each session its boards in play and the six of its own file
}


@pytest.mark.parametrize("page", range(7))
def test_pages_run_a_fixed_number_of_queries(client, django_assert_num_queries, page):
    cold, warm = QUERIES[page]
    for tables in (3, 5):
        Championship.objects.all().delete()
        championship, _sessions = championship_of_three("totals", tables=tables)
        url = _championship_pages(championship)[page]
        cache.clear()
        with django_assert_num_queries(cold):
            assert client.get(url).status_code == 200
        with django_assert_num_queries(warm):
            assert client.get(url).status_code == 200


#: The same pages as the director sees them (every result counted), and the new-session form, cold and from the
#: cache: the visitor's queries and two more, the signed-in session and user; the championship's page one more,
#: the events that can be attached; the form the championship and its sessions.
DIRECTOR_QUERIES = {
    0: (3, 3),
    1: (5, 5),
    2: (11, 4),
    3: (11, 4),
    4: (11, 4),
    5: (11, 4),
    6: (25, 25),
    7: (4, 4),
    8: (25, 25),  # the file, made each time: each session its own event file's queries
}


@pytest.mark.parametrize("page", range(9))
def test_directors_pages_run_a_fixed_number_of_queries(director_client, django_assert_num_queries, page):
    cold, warm = DIRECTOR_QUERIES[page]
    for tables in (3, 5):
        Championship.objects.all().delete()
        championship, _sessions = championship_of_three("carry", "1/2", tables=tables)
        url = [
            *_championship_pages(championship),
            reverse("championship_session_add", args=[championship.pk]),
            reverse("championship_file", args=[championship.pk]),
        ][page]
        cache.clear()
        with django_assert_num_queries(cold):
            assert director_client.get(url).status_code == 200
        with django_assert_num_queries(warm):
            assert director_client.get(url).status_code == 200


@pytest.mark.parametrize("name", ["event_detail", "event_standings"])
def test_a_sessions_link_to_its_championship_costs_no_query(client, name):
    championship, (_first, _second, third) = championship_of_three("totals")
    url = reverse(name, args=[third.pk])
    counts = []
    for attached in (True, False):
        cache.clear()
        with CaptureQueriesContext(connection) as queries:
            html = client.get(url).content.decode()
        counts.append(len(queries))
        assert ("Session 3 of a championship" in html) is attached
        if attached:
            event_detach(championship=championship, event=third)
    assert counts[0] == counts[1]


def test_a_result_in_any_session_shows_on_the_overall_page_at_once(client):
    championship, (_first, _second, third) = championship_of_three("totals", play=False)
    url = reverse("championship_standings", args=[championship.pk])
    assert "No results counted yet." in client.get(url).content.decode()
    session_played(third, "3")  # session 3 complete: pair 3's +400 on board 1, 8 MPs
    html = client.get(url).content.decode()
    first_row = html[html.index("<tbody") :]
    assert "8.00" in first_row[: first_row.index("</tr>")]


@pytest.mark.parametrize(
    "sort", ["rank", "-rank", "overall", "-overall", "session_1", "-session_2", "players"]
)
def test_overall_standings_sort_by_any_column(client, sort):
    championship, _sessions = championship_of_three("carry", "1/2")
    response = client.get(reverse("championship_standings", args=[championship.pk]), {"sort": sort})
    assert response.status_code == 200
    html = response.content.decode()
    if sort == "rank":  # the ranked pairs by place, the pair that did not qualify last
        assert html.index("did not qualify") > html.index("16.50")


@pytest.mark.parametrize("asked", ["-1", "0", "abc", "99999999999999999999", "1.5", "\u0665"])
def test_overall_standings_any_rows_a_page_asked(client, asked):
    # found trying it: ?per_page=-1 was a 500 (django-tables2's fallback raised EmptyPage)
    championship, _sessions = championship_of_three("totals")
    url = reverse("championship_standings", args=[championship.pk])
    html = client.get(url, {"per_page": asked, "page": "2"}).content.decode()
    assert html[html.index("<tbody") : html.index("</tbody>")].count("<tr") == 7  # the seven pairs, one page
    two = client.get(url, {"per_page": "2", "page": "9"}).content.decode()  # past the last page: the last
    assert two[two.index("<tbody") : two.index("</tbody>")].count("<tr") == 1


def test_the_championship_file_downloaded_from_its_page_imports_again(director_client, client):
    championship, _sessions = championship_of_three("carry", "1/2")
    url = reverse("championship_file", args=[championship.pk])
    assert (
        f'href="{url}"'
        in director_client.get(reverse("championship_detail", args=[championship.pk])).content.decode()
    )
    assert client.get(url).status_code == 302  # a visitor: sign in first
    response = director_client.get(url)
    assert response["Content-Disposition"] == f'attachment; filename="championship-{championship.pk}.json"'
    data = json.loads(response.content)
    assert data == championship_export(championship, director=True)
    upload = SimpleUploadedFile("c.json", response.content)
    response = director_client.post(reverse("event_import"), {"file": upload})
    copy = Championship.objects.exclude(pk=championship.pk).get()
    assert response["Location"] == reverse("championship_detail", args=[copy.pk])
    csv_of = [
        director_client.get(reverse("championship_download", args=[c.pk, "csv"])).content
        for c in (championship, copy)
    ]
    assert csv_of[0] == csv_of[1]  # the same overall standings, figure by figure
    assert director_client.get(reverse("championship_file", args=[999_999])).status_code == 404


def test_import_page_reads_a_championship_file(director_client):
    championship, _sessions = championship_of_three("carry", "1/2")
    data = championship_export(championship, director=True)
    upload = SimpleUploadedFile("c.json", json.dumps(data).encode())
    response = director_client.post(reverse("event_import"), {"file": upload})
    copy = Championship.objects.exclude(pk=championship.pk).get()
    assert response["Location"] == reverse("championship_detail", args=[copy.pk])
    assert copy.sessions.count() == 3
    data["carry_fraction"] = "2"
    upload = SimpleUploadedFile("c.json", json.dumps(data).encode())
    refused = director_client.post(reverse("event_import"), {"file": upload})
    assert refused.status_code == 200
    assert "carry_fraction: the share carried is more than 0 and at most 1, got 2" in refused.content.decode()
    assert Championship.objects.count() == 2
