"""Players in files (issue 31, items 5 and 6): the event file's player objects matched to the roster and
written back; USEBIO's national and club numbers and the club kept through an import and an export; the
numbers in the standings JSON, CSV and xlsx (directors only until the privacy rule says more); the award
table (masterpoints): the form, the standings column, JSON, CSV and USEBIO's MASTER_POINTS_AWARDED."""

from __future__ import annotations

import copy
import csv
import io
import json
import xml.etree.ElementTree as ET
from fractions import Fraction
from io import StringIO
from pathlib import Path

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.urls import reverse
from lxml import etree
from openpyxl import load_workbook

from duplicate import services
from duplicate.models import Club, Event, Pair, Player
from duplicate.selectors.usebio import usebio_event
from duplicate.services import ServiceError
from duplicate.services.eventfile import event_export, event_import
from duplicate.services.usebio import usebio_import
from scoring.awards import decimal_points
from scoring.usebio import write_usebio
from tests.factories import contract_event_file, fill, make_event, sheet_rows

pytestmark = pytest.mark.django_db

DATA = Path(__file__).resolve().parent.parent / "data" / "usebio"
ANN = {"name": "Ann Lee", "number": "123456", "body": "EBU"}


def members_file() -> dict:
    """The contract pairs file with pair 1's players as objects (one with a club number), pair 2's first as
    an object without a number, the rest plain names."""
    data = contract_event_file()
    data["pairs"][0]["players"] = [dict(ANN), {"name": "Bob Hay", "number": "654321", "club_number": "17"}]
    data["pairs"][1]["players"] = [{"name": "Cy Dee"}, "South 2"]
    return data


def pair_players(event: Event, number: str) -> tuple[Player, Player]:
    pair = Pair.objects.select_related("player1", "player2").get(event=event, number=number)
    return pair.player1, pair.player2


# ------------------------------------------------------------------------------------------- event file


def test_player_objects_are_matched_to_the_roster_by_number():
    ann = Player.objects.create(name="Ann Lee-Smith", number="123456", body="EBU")
    before = Player.objects.count()
    event = event_import(data=members_file())
    first, second = pair_players(event, "1")
    assert first.pk == ann.pk  # the roster's player: no second Ann
    assert first.name == "Ann Lee-Smith"  # the roster's name stands
    assert Player.objects.filter(number="123456").count() == 1
    assert (second.name, second.number, second.body, second.club_number) == ("Bob Hay", "654321", "", "17")
    assert pair_players(event, "2")[0].name == "Cy Dee"
    # Ann matched; Bob, Cy and the nine players given as plain names added.
    assert Player.objects.count() == before + 2 + 9


def test_player_objects_are_written_back_as_read():
    data = members_file()
    event = event_import(data=data)
    exported = event_export(event, director=True)
    assert exported["pairs"][0]["players"] == [
        ANN,
        {"name": "Bob Hay", "number": "654321", "club_number": "17"},
    ]
    assert exported["pairs"][1]["players"] == ["Cy Dee", "South 2"]  # no number: the plain name
    again = event_import(data=exported)
    assert event_export(again, director=True)["pairs"] == exported["pairs"]  # the round trip is equal
    assert pair_players(again, "1")[0].pk == pair_players(event, "1")[0].pk  # and matched, not added
    assert Player.objects.filter(number="123456").count() == 1


def test_a_public_name_is_accepted_and_left_to_the_privacy_settings():
    data = members_file()
    data["pairs"][0]["players"][0] = {**ANN, "public_name": "initials"}
    event = event_import(data=data)
    assert pair_players(event, "1")[0].number == "123456"


@pytest.mark.parametrize(
    ("player", "message"),
    [
        ({"number": "1"}, "pairs[0].players[0].name: give the player's name"),
        ({"name": "  "}, "pairs[0].players[0].name: give the player's name"),
        ({"name": "Ann", "body": "EBU"}, "pairs[0].players[0].body: a body (EBU) needs a membership number"),
        ({"name": "Ann", "number": ["1"]}, "pairs[0].players[0].number: must be a string"),
        ({"name": "Ann", "number": "9" * 40}, "pairs[0].players[0].number: at most 32 characters"),
        ({"name": "Ann", "rank": "Master"}, "pairs[0].players[0].rank: not a player's key"),
        (7, "pairs[0].players[0]: must be a name or an object with a name"),
    ],
)
def test_a_bad_player_object_names_the_pair_and_field(player, message):
    data = members_file()
    data["pairs"][0]["players"][0] = player
    before = (Event.objects.count(), Player.objects.count())
    with pytest.raises(ServiceError) as excinfo:
        event_import(data=data)
    assert message in str(excinfo.value)
    assert (Event.objects.count(), Player.objects.count()) == before


def test_one_number_for_two_players_is_refused():
    data = members_file()
    data["pairs"][1]["players"][0] = {"name": "Ann Other", "number": "123456", "body": "ebu"}
    with pytest.raises(ServiceError, match=r"pairs\[1\]\.players\[0\]\.number: EBU 123456 is given to"):
        event_import(data=data)


def test_a_bad_event_file_upload_is_an_error_on_the_page_not_a_500(director_client):
    data = members_file()
    data["pairs"][0]["players"][0] = {"name": "Ann", "body": "EBU"}
    upload = io.BytesIO(json.dumps(data).encode())
    upload.name = "event.json"
    response = director_client.post(reverse("event_import"), {"file": upload})
    assert response.status_code in (200, 400)
    assert "needs a membership number" in response.content.decode()
    assert not Event.objects.exists()


# ------------------------------------------------------------------------------------------------ USEBIO


def players_of(xml: bytes) -> list[tuple[str, str | None, str | None]]:
    """Every PLAYER's name, NATIONAL_ID_NUMBER and CLUB_ID_NUMBER (read with the standard library)."""
    root = ET.fromstring(xml)
    return sorted(
        (
            p.findtext("PLAYER_NAME", "").strip(),
            p.findtext("NATIONAL_ID_NUMBER"),
            p.findtext("CLUB_ID_NUMBER"),
        )
        for p in root.iter("PLAYER")
    )


def test_usebio_numbers_are_kept_through_an_import_and_an_export():
    original = (DATA / "compscore_butler_pairs.xml").read_bytes()
    read = players_of(original)
    assert len(read) == 12
    assert all(national and club for _name, national, club in read)
    event = usebio_import(data=original)
    stored = Player.objects.filter(number__in=[n for _name, n, _club in read])
    assert sorted((p.name, p.number, p.club_number, p.body) for p in stored) == [
        (name, national, club, "")
        for name, national, club in read  # USEBIO names no body: kept blank
    ]
    Club.objects.update_or_create(pk=1, defaults={"name": "Kalamazoo Test Club", "number": "2100"})
    exported = write_usebio(usebio_event(event, director=True))
    assert players_of(exported) == read  # every number kept
    club = ET.fromstring(exported).find("CLUB")
    assert club is not None
    assert (club.findtext("CLUB_NAME"), club.findtext("CLUB_ID_NUMBER")) == ("Kalamazoo Test Club", "2100")
    # Imported again: the same players, matched by number, none added.
    count = Player.objects.count()
    usebio_import(data=exported)
    assert Player.objects.count() == count


def test_a_usebio_number_the_roster_holds_takes_its_body():
    roster = Player.objects.create(name="Zoe Nunez", number="3000001", body="EBU")
    event = usebio_import(data=(DATA / "compscore_butler_pairs.xml").read_bytes())
    first = Pair.objects.get(event=event, number="1NS").player1
    assert first.pk == roster.pk
    assert first.club_number == "11"  # the file's club number stored on the roster player
    assert Player.objects.filter(number="3000001").count() == 1


def test_the_usebio_download_writes_the_numbers_for_a_director(director_client, client):
    event = usebio_import(data=(DATA / "compscore_butler_pairs.xml").read_bytes())
    services.event_finish(event=event)  # every board released: a visitor's file hides none
    url = reverse("download_usebio", args=[event.pk])
    body = director_client.get(url).content
    assert ("ZOË NÚÑEZ", "3000001", "11") in players_of(body)
    assert ET.fromstring(body).find("CLUB") is None  # no club set for the site: none written
    # A visitor's file (the same boards) holds no number until the privacy rule says whose it may show
    # (NATIONAL_ID_NUMBER written empty, so that readers who look it up find it).
    assert {(national or None, club) for _name, national, club in players_of(client.get(url).content)} == {
        (None, None)
    }
    assert ("ZOË NÚÑEZ", "3000001", "11") in players_of(director_client.get(url).content)  # not mixed up


# --------------------------------------------------------------------------------- standings with numbers


@pytest.fixture
def numbered() -> Event:
    return event_import(data=members_file())


def test_standings_json_rows_carry_the_members(numbered):
    out = StringIO()
    call_command("standings", str(numbered.pk), "--format", "json", stdout=out)
    rows = {row["pair"]: row for row in json.loads(out.getvalue())["rows"]}
    assert rows[1]["members"] == [
        {"name": "Ann Lee", "number": "123456", "body": "EBU"},
        {"name": "Bob Hay", "number": "654321", "body": ""},
    ]
    assert rows[2]["members"] == [
        {"name": "Cy Dee", "number": "", "body": ""},
        {"name": "South 2", "number": "", "body": ""},
    ]
    assert "masterpoints" not in rows[1]  # no award table


def csv_rows(body: bytes) -> dict[str, dict[str, str]]:
    return {row["pair"]: row for row in csv.DictReader(io.StringIO(body.decode("utf-8-sig")))}


def test_the_csv_and_xlsx_give_a_director_the_numbers(numbered, director_client):
    url = reverse("download_standings", args=[numbered.pk, "csv"])
    rows = csv_rows(director_client.get(url).content)
    assert (rows["1"]["number1"], rows["1"]["number2"]) == ("123456", "654321")
    assert (rows["2"]["number1"], rows["2"]["number2"]) == ("", "")
    book = load_workbook(
        io.BytesIO(director_client.get(reverse("download_standings", args=[numbered.pk, "xlsx"])).content)
    )
    by_pair = {row["Pair"].value: row for row in sheet_rows(book, "Standings")}
    assert by_pair[1]["Player 1 number"].value == "123456"  # as text: a number's leading zeros kept
    assert by_pair[1]["Player 2 number"].value == "654321"
    assert by_pair[2]["Player 1 number"].value is None


def test_a_visitor_is_not_given_the_numbers(numbered, client):
    # duplicate.privacy.shown_number: a visitor's file holds no membership number, even beside a full name.
    rows = csv_rows(client.get(reverse("download_standings", args=[numbered.pk, "csv"])).content)
    assert (rows["1"]["number1"], rows["1"]["number2"]) == ("", "")
    assert rows["1"]["player1"] == "Ann Lee"


# ---------------------------------------------------------------------------------------- masterpoints


def test_the_award_table_form_shows_its_error_beside_the_field(numbered, director_client):
    url = reverse("event_awards", args=[numbered.pk])
    page = director_client.get(url).content.decode()
    assert 'name="awards"' in page
    for typed, error in (
        ("6 -4 3", "place 2: &#x27;-4&#x27; is not a number of points"),
        ("6 4.125", "place 2: &#x27;4.125&#x27; is not a number of points"),
        (" ".join(["1"] * 101), "at most 100 places, got 101"),
    ):
        response = director_client.post(url, {"awards": typed})
        assert response.status_code == 200
        html = response.content.decode()
        field = html[html.index('id="field-awards"') :]
        assert error in field[: field.index("</p>")], typed  # in the field's own block
    numbered.refresh_from_db()
    assert numbered.awards == []


def test_the_award_table_is_stored_exactly_and_bumps_the_results(numbered, director_client):
    version = numbered.results_version
    response = director_client.post(reverse("event_awards", args=[numbered.pk]), {"awards": "6, 4.50 3"})
    assert response.status_code == 302
    numbered.refresh_from_db()
    assert numbered.awards == ["6", "4.5", "3"]
    assert numbered.results_version > version
    director_client.post(reverse("event_awards", args=[numbered.pk]), {"awards": ""})
    numbered.refresh_from_db()
    assert numbered.awards == []


def test_the_service_refuses_a_bad_table(numbered):
    with pytest.raises(ServiceError, match="award table: place 2"):
        services.event_awards_set(event=numbered, table=[Fraction(6), Fraction(1, 3)])
    with pytest.raises(ServiceError, match=r"award table: place 1: .* from 0 to 999999"):
        services.event_awards_set(event=numbered, table=[Fraction(-1)])
    with pytest.raises(ServiceError, match="award table: at most 100 places"):
        services.event_awards_set(event=numbered, table=[Fraction(1)] * 101)


def test_the_overview_settings_link_the_award_table(numbered, director_client):
    page = director_client.get(reverse("event_detail", args=[numbered.pk])).content.decode()
    assert reverse("event_awards", args=[numbered.pk]) in page
    assert "None: the standings show no masterpoints." in page
    services.event_awards_set(event=numbered, table=[Fraction(6), Fraction(9, 2)])
    page = director_client.get(reverse("event_detail", args=[numbered.pk])).content.decode()
    assert "Masterpoints by place: 6 4.5." in page


def test_the_award_table_page_is_the_directors(numbered, client):
    response = client.post(reverse("event_awards", args=[numbered.pk]), {"awards": "6"})
    assert response.status_code == 302
    assert "login" in response["Location"]
    numbered.refresh_from_db()
    assert numbered.awards == []


def awarded(numbered: Event) -> dict[int, dict]:
    services.event_awards_set(event=numbered, table=[Fraction(6), Fraction(4), Fraction(3)])
    out = StringIO()
    call_command("standings", str(numbered.pk), "--format", "json", stdout=out)
    return {row["pair"]: row for row in json.loads(out.getvalue())["rows"]}


def test_each_direction_is_awarded_the_table(numbered):
    rows = awarded(numbered)
    for direction in ("NS", "EW"):
        ranked = sorted((r for r in rows.values() if r["direction"] == direction), key=lambda r: r["rank"])
        ranks = [r["rank"] for r in ranked]
        table = [Fraction(6), Fraction(4), Fraction(3)]
        expected = [sum(table[r - 1 : r - 1 + ranks.count(r)], Fraction(0)) / ranks.count(r) for r in ranks]
        assert [Fraction(r["masterpoints"]) for r in ranked] == expected
        assert sum(Fraction(r["masterpoints"]) for r in ranked) == 13  # three pairs a direction: the table


def test_the_standings_page_shows_masterpoints_only_with_a_table(numbered, client):
    url = reverse("event_standings", args=[numbered.pk])
    assert "Masterpoints" not in client.get(url).content.decode()
    rows = awarded(numbered)
    page = client.get(url).content.decode()
    assert "Masterpoints" in page
    for row in rows.values():  # each pair's points in its row, as a decimal
        shown = decimal_points(Fraction(row["masterpoints"]))
        assert f'data-pair="{row["pair"]}"' in page
        line = page[page.index(f'data-pair="{row["pair"]}"') :]
        assert f">{shown}<" in line[: line.index("</tr>")]


def test_the_csv_carries_the_masterpoints(numbered, client):
    rows = awarded(numbered)
    body = client.get(reverse("download_standings", args=[numbered.pk, "csv"])).content
    by_pair = csv_rows(body)
    for number, row in rows.items():
        assert Fraction(by_pair[str(number)]["masterpoints_exact"]) == Fraction(row["masterpoints"])


def test_usebio_writes_master_points_awarded_per_pair(numbered):
    rows = awarded(numbered)
    pairs = ET.fromstring(write_usebio(usebio_event(numbered))).iter("PAIR")
    written = {p.findtext("PAIR_NUMBER"): p.findtext("MASTER_POINTS_AWARDED") for p in pairs}
    Club.objects.update_or_create(pk=1, defaults={"name": "Kalamazoo Test Club", "number": "2100"})
    dtd = etree.DTD(str(DATA / "usebio_observed.dtd"))  # where the 1.2 files put them
    assert dtd.validate(etree.fromstring(write_usebio(usebio_event(numbered)))), dtd.error_log
    assert written == {str(n): decimal_points(Fraction(r["masterpoints"])) for n, r in rows.items()}
    # A file hiding a board in play leaves them out (they are totals: no peeking).
    hidden = ET.fromstring(write_usebio(usebio_event(numbered, hidden=[1]))).iter("PAIR")
    assert all(p.find("MASTER_POINTS_AWARDED") is None for p in hidden)


def test_an_award_table_costs_the_standings_page_and_download_no_query(client, django_assert_num_queries):
    for tables in (3, 9):
        event = make_event(kind="mitchell", tables=tables, boards_per_round=2)
        fill(event)
        services.event_awards_set(event=event, table=[Fraction(10), Fraction(6), Fraction(3)])
        for url in (
            reverse("event_standings", args=[event.pk]),
            reverse("download_standings", args=[event.pk, "csv"]),
        ):
            cache.clear()
            with django_assert_num_queries(3):  # the event, its pairs, the plays
                assert client.get(url).status_code == 200


def test_a_copy_of_the_file_is_not_changed_by_an_import():
    data = members_file()
    kept = copy.deepcopy(data)
    event_import(data=data)
    assert data == kept


def test_the_award_table_goes_through_the_event_file():
    data = {**members_file(), "awards": ["6", "4.50", 3]}
    event = event_import(data=data)
    assert event.awards == ["6", "4.5", "3"]
    exported = event_export(event, director=True)
    assert exported["awards"] == ["6", "4.5", "3"]
    assert event_import(data=exported).awards == ["6", "4.5", "3"]
    assert "awards" not in event_export(event_import(data=members_file()))  # none: not written


@pytest.mark.parametrize(
    ("awards", "message"),
    [
        ("6 4 3", "awards: must be a list of points"),
        (["6", -1], "awards: place 2: '-1' is not a number of points"),
        (["6", True], "awards: must be a list of points"),
    ],
)
def test_a_bad_award_table_in_the_event_file_is_named(awards, message):
    with pytest.raises(ServiceError) as excinfo:
        event_import(data={**members_file(), "awards": awards})
    assert message in str(excinfo.value)
    assert not Event.objects.exists()
