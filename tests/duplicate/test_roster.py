"""The club's roster (issue 31): the services (add, edit, merge, erase, the club's settings) and the director's
roster pages."""

from __future__ import annotations

import html as htmllib
import re

import pytest
from django.contrib.admin.models import LogEntry
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from duplicate import services
from duplicate.models import Club, Event, Pair, Play, Player, PublicName, Standing
from duplicate.selectors.players import club_settings, roster_page
from duplicate.selectors.standings import pair_standings
from duplicate.services import players as roster_services
from duplicate.services.errors import ServiceError
from duplicate.services.players import (
    club_update,
    player_create,
    player_erase,
    player_merge,
    player_update,
    players_import,
)
from tests.factories import played_event, quoted_line

HEADER = "name,number,body,club_number,email"


def field_block(page: str, name: str) -> str:
    """The text of a form field's block (its label, input and errors: includes/form_fields.html)."""
    return htmllib.unescape(re.split(rf'<p id="field-{name}"[^>]*>', page)[1].split("</p>")[0])


def named_event(director, *, apart: bool = False) -> tuple[Event, Pair, Pair]:
    """A played event whose pairs 1 and 2 are Ann Lee & Bob Hope and A. Lee & Cy Twist, with their published
    standings; ``apart``: A. Lee & Cy Twist are pair 2 of another night (two records of one person never sit
    in two pairs of one event)."""
    event = played_event(director)
    other = played_event(director, name="Another night") if apart else event
    pairs = {p.number: p for p in Pair.objects.filter(event=event).select_related("player1", "player2")}
    second = Pair.objects.select_related("player1", "player2").get(event=other, number="2")
    services.pair_names_update(pair=pairs["1"], player1="Ann Lee", player2="Bob Hope")
    services.pair_names_update(pair=second, player1="A. Lee", player2="Cy Twist")
    for night in {event, other}:
        standings = pair_standings(night)
        for place, row in enumerate(standings.rows, start=1):
            Standing.objects.create(
                event=night, pair_id=row.pair.pk, place=place, of=len(standings.rows), score="1"
            )
    event.refresh_from_db()
    return event, pairs["1"], second


def results(event: Event) -> dict[str, object]:
    """Everything a result is: each play's scores, each pair's standing and its published row."""
    return {
        "plays": sorted(Play.objects.filter(event=event).values_list("pk", "net_ns", "ns_total", "ew_total")),
        "rows": [(row.pair.label, row.rank, row.net, row.percentage) for row in pair_standings(event).rows],
        "published": sorted(
            Standing.objects.filter(event=event).values_list("pair_id", "place", "of", "score")
        ),
    }


# The services.


@pytest.mark.django_db
def test_create_and_update_store_the_fields_as_meant():
    player = player_create(name="  Ann   Lee ", number=" 123 ", body=" ebu", email=" ann@example.org ")
    assert (player.name, player.number, player.body, player.email) == (
        "Ann Lee",
        "123",
        "EBU",
        "ann@example.org",
    )
    player = player_update(
        player=player, name="Ann Lee-Smith", number="123", body="EBU", club_number="7", public_name="initials"
    )
    player.refresh_from_db()
    assert (player.name, player.club_number, player.email, player.public_name) == (
        "Ann Lee-Smith",
        "7",
        "",
        "initials",
    )


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"name": " "}, "name: give the player's name"),
        ({"name": "A", "body": "EBU"}, "body: EBU needs a membership number beside it"),
        ({"name": "A", "email": "ann@"}, "email: 'ann@' is not an email address"),
        ({"name": "A" * 101}, "name: at most 100 characters, got 101"),
        (
            {"name": "A", "public_name": "secret"},
            "public_name: must be one of full, initials, hidden or blank",
        ),
        ({"name": "A", "number": "1", "body": "ebu"}, "number: EBU 1 is already Old Member's"),
    ],
)
def test_a_bad_field_is_refused_naming_it(fields, message):
    player_create(name="Old Member", number="1", body="EBU")
    with pytest.raises(ServiceError, match=f"^{re.escape(message)}"):
        player_create(**fields)
    assert Player.objects.count() == 1


@pytest.mark.django_db
def test_a_rename_shows_afresh_on_the_events_played(director):
    event, pair1, _pair2 = named_event(director)
    version = event.results_version
    player_update(player=pair1.player1, name="Ann Lee-Smith")
    event.refresh_from_db()
    assert event.results_version == version + 1
    names = {row.pair.label: row.pair.players for row in pair_standings(event).rows}
    assert names[1] == ("Ann Lee-Smith", "Bob Hope")
    player_update(player=pair1.player1, name="Ann Lee-Smith", email="ann@example.org")  # not shown: no bump
    event.refresh_from_db()
    assert event.results_version == version + 1


@pytest.mark.django_db
def test_merge_moves_the_results_to_the_survivor_unchanged(director):
    _first, pair1, pair2 = named_event(director, apart=True)
    event = pair2.event
    survivor = pair1.player1
    other = pair2.player1
    player_update(player=survivor, name="Ann Lee", number="123", body="EBU")
    player_update(player=other, name="A. Lee", club_number="9", email="ann@example.org", public_name="hidden")
    before, version = results(event), event.results_version
    kept = player_merge(survivor=survivor, other=other)
    assert not Player.objects.filter(pk=other.pk).exists()
    pair2.refresh_from_db()
    assert pair2.player1_id == survivor.pk
    assert (kept.name, kept.number, kept.body, kept.club_number, kept.email, kept.public_name) == (
        "Ann Lee",
        "123",
        "EBU",
        "9",
        "ann@example.org",
        "hidden",
    )
    after = results(event)
    assert after == before  # every score, place and published standing as it was
    names = {row.pair.label: row.pair.players for row in pair_standings(event, director=True).rows}
    assert names[2] == ("Ann Lee", "Cy Twist")
    event.refresh_from_db()
    assert event.results_version > version


@pytest.mark.django_db
def test_merge_fills_a_guest_survivor_with_the_other_number():
    guest = player_create(name="Ann Lee")
    member = player_create(name="Ann Lee", number="5", body="ABF")
    kept = player_merge(survivor=guest, other=member)
    kept.refresh_from_db()
    assert (kept.number, kept.body) == ("5", "ABF")


@pytest.mark.django_db
def test_merge_refuses_itself_partners_and_erased_records(director):
    _event, pair1, _pair2 = named_event(director)
    ann, bob = pair1.player1, pair1.player2
    with pytest.raises(ServiceError, match=r"^survivor: choose another record"):
        player_merge(survivor=ann, other=ann)
    with pytest.raises(ServiceError, match=r"^survivor: Ann Lee and Bob Hope partner each other in pair 1"):
        player_merge(survivor=ann, other=bob)
    gone = player_erase(player=player_create(name="Gone"))
    with pytest.raises(ServiceError, match=r"^survivor: a record whose personal data was erased"):
        player_merge(survivor=ann, other=gone)
    assert Player.objects.filter(pk__in=[ann.pk, bob.pk, gone.pk]).count() == 3


@pytest.mark.django_db
def test_erase_keeps_every_result_and_removes_the_name_everywhere(director):
    event, pair1, _pair2 = named_event(director)
    ann = pair1.player1
    services.pair_names_update(pair=pair1, player1="Ann Lee", player2="Bob Hopper", user_id=director.pk)
    player_update(
        player=ann, name="Ann Lee", number="123", body="EBU", club_number="7", email="a@example.org"
    )
    before, version = results(event), event.results_version
    erased = player_erase(player=ann)
    erased.refresh_from_db()
    assert erased.erased_at is not None
    assert (erased.name, erased.number, erased.body, erased.club_number, erased.email) == (
        "Removed player",
        "",
        "",
        "",
        "",
    )
    assert results(event) == before
    names = {row.pair.label: row.pair.players for row in pair_standings(event).rows}
    assert names[1] == ("Removed player", "Bob Hopper")
    event.refresh_from_db()
    assert event.results_version > version
    # The names' history (law E's audit trail) no longer holds the name.
    history = LogEntry.objects.filter(object_id=str(pair1.pk)).values_list("change_message", flat=True)
    assert history
    assert not any("Ann Lee" in message for message in history)
    assert any("Removed player" in message for message in history)
    # Erased: no edit, no merge, no search; erasing again changes nothing.
    with pytest.raises(ServiceError, match=r"^player: this player's personal data was erased"):
        player_update(player=erased, name="Ann Lee")
    assert player_erase(player=erased).erased_at == erased.erased_at


@pytest.mark.django_db
def test_club_update_makes_the_one_row_and_shows_afresh(director):
    event, _pair1, _pair2 = named_event(director)
    assert club_settings().public_name == PublicName.FULL
    assert not Club.objects.exists()
    version = event.results_version
    club = club_update(name="  Kalamazoo   BC ", number="K1", public_name="initials")
    assert (club.pk, club.name, club.number, club.public_name) == (1, "Kalamazoo BC", "K1", "initials")
    event.refresh_from_db()
    assert event.results_version == version + 1
    club_update(name="Kalamazoo BC", number="K1", public_name="initials")
    event.refresh_from_db()
    assert event.results_version == version + 1
    with pytest.raises(ServiceError, match=r"^public_name: must be one of full, initials, hidden, got ''"):
        club_update(name="X", number="", public_name="")
    assert Club.objects.get().name == "Kalamazoo BC"


@pytest.mark.django_db
def test_an_import_renaming_a_player_shows_afresh(director):
    event, pair1, _pair2 = named_event(director)
    player_update(player=pair1.player1, name="Ann Lee", number="1", body="EBU")
    event.refresh_from_db()
    version = event.results_version
    players_import(text=f"{HEADER}\nAnn Lee-Smith,1,EBU,,\n")
    event.refresh_from_db()
    assert event.results_version == version + 1


# The pages.

PAGES = [
    ("roster", False),
    ("player_add", False),
    ("player_edit", True),
    ("player_merge", True),
    ("player_erase", True),
    ("players_import", False),
    ("players_export", False),
    ("club_edit", False),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("name", "with_pk"), PAGES)
def test_visitors_are_sent_to_sign_in(client, name, with_pk):
    player = player_create(name="Ann Lee")
    url = reverse(name, args=[player.pk] if with_pk else [])
    for response in (client.get(url), client.post(url)):
        assert response.status_code == 302
        assert "login" in response["Location"]
    client.force_login(get_user_model().objects.create_user(username="player", password="not a director"))
    for response in (client.get(url), client.post(url, {"name": "X", "public_name": "full"})):  # not staff
        assert response.status_code == 302
        assert "login" in response["Location"]
    assert Player.objects.get().name == "Ann Lee"
    assert not Club.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize(("name", "with_pk"), PAGES)
def test_every_page_opens_for_a_director(director_client, name, with_pk):
    player = player_create(name="Ann Lee", number="1", body="EBU")
    player_create(name="Bob Hope")
    response = director_client.get(reverse(name, args=[player.pk] if with_pk else []))
    assert response.status_code == 200


@pytest.mark.django_db
def test_the_menu_links_the_roster_for_directors_only(client, director_client):
    link = f'href="{reverse("roster")}"'
    assert link in director_client.get(reverse("home")).content.decode()
    assert link not in client.get(reverse("home")).content.decode()


@pytest.mark.django_db
def test_the_list_searches_and_pages(director_client):
    for n in range(60):
        player_create(name=f"Player {n:02d}", number=str(1000 + n), body="EBU")
    player_create(name="Zed Guest", club_number="77")
    page = director_client.get(reverse("roster")).content.decode()
    assert "61 players" in page
    assert "Page 1 of 2" in page
    assert "Player 00" in page
    assert "Zed Guest" not in page
    page = director_client.get(reverse("roster"), {"page": "2"}).content.decode()
    assert "Zed Guest" in page
    assert "Player 00" not in page
    page = director_client.get(reverse("roster"), {"page": "99"}).content.decode()
    assert "Page 2 of 2" in page  # out of range: the last page
    for query in ("zed", "77", "1059"):
        found = roster_page(query=query)
        assert [row.name for row in found.rows] == (["Zed Guest"] if query != "1059" else ["Player 59"])
    page = director_client.get(reverse("roster"), {"q": "nobody"}).content.decode()
    assert "No player found for “nobody”" in page


@pytest.mark.django_db
@pytest.mark.parametrize("size", [3, 60])
def test_the_list_reads_the_same_queries_whatever_the_roster_size(
    director_client, django_assert_num_queries, size, director
):
    _event, _pair1, _pair2 = named_event(director)
    for n in range(size):
        player_create(name=f"Player {n:02d}", number=str(1000 + n), body="EBU")
    # session, user, count, page (the events each played counted in it)
    with django_assert_num_queries(4):
        response = director_client.get(reverse("roster"))
    assert response.status_code == 200
    rows = {row.name: row.events for row in roster_page(query="Lee").rows}
    assert rows == {"Ann Lee": 1, "A. Lee": 1}


@pytest.mark.django_db
def test_add_shows_errors_beside_their_fields(director_client):
    player_create(name="Old Member", number="1", body="EBU")
    url = reverse("player_add")
    page = director_client.post(url, {"name": "Ann", "email": "ann@", "public_name": ""}).content.decode()
    assert "is not an email address" in field_block(page, "email")
    page = director_client.post(url, {"name": "Ann", "number": "1", "body": "ebu"}).content.decode()
    assert "EBU 1 is already Old Member's" in field_block(page, "number")
    page = director_client.post(url, {"name": "Ann", "body": "ebu"}).content.decode()
    assert "EBU needs a membership number beside it" in field_block(page, "body")
    page = director_client.post(url, {"name": ""}).content.decode()
    assert "This field is required." in field_block(page, "name")
    assert Player.objects.count() == 1
    response = director_client.post(
        url, {"name": "Ann Lee", "number": "2", "body": "ebu", "public_name": "hidden"}
    )
    assert response.status_code == 302
    assert Player.objects.filter(name="Ann Lee", body="EBU", number="2", public_name="hidden").exists()


@pytest.mark.django_db
def test_edit_saves_and_an_erased_player_is_not_edited(director_client):
    player = player_create(name="Ann Lee")
    url = reverse("player_edit", args=[player.pk])
    assert 'value="Ann Lee"' in director_client.get(url).content.decode()
    response = director_client.post(url, {"name": "Ann Lee-Smith", "club_number": "7", "public_name": ""})
    assert response.status_code == 302
    player.refresh_from_db()
    assert (player.name, player.club_number) == ("Ann Lee-Smith", "7")
    player_erase(player=player)
    assert director_client.get(url).status_code == 302
    assert director_client.post(url, {"name": "Back"}).status_code == 302
    player.refresh_from_db()
    assert player.name == "Removed player"
    assert director_client.get(reverse("player_edit", args=[999999])).status_code == 404


@pytest.mark.django_db
def test_merge_chooses_confirms_then_merges(director_client, director):
    _event, pair1, pair2 = named_event(director, apart=True)
    ann, bob, other = pair1.player1, pair1.player2, pair2.player1
    url = reverse("player_merge", args=[other.pk])
    page = director_client.get(url).content.decode()
    assert f'<option value="{ann.pk}">Ann Lee (guest)</option>' in page
    assert f'<option value="{other.pk}">' not in page
    player_update(player=other, name="A. Lee", number="5", body="EBU")
    page = director_client.post(url, {"into": ann.pk}).content.decode()
    assert "<tr><th>Membership</th><td>EBU 5</td><td>guest</td><td>EBU 5</td></tr>" in page
    assert "Merge into Ann Lee" in page
    assert Player.objects.filter(pk=other.pk).exists()
    page = director_client.post(url, {"into": "999999"}).content.decode()
    assert "Select a valid choice." in field_block(page, "into")
    refused = director_client.post(reverse("player_merge", args=[bob.pk]), {"into": ann.pk, "confirm": "1"})
    assert "Ann Lee and Bob Hope partner each other in pair 1" in field_block(
        refused.content.decode(), "into"
    )
    assert Player.objects.filter(pk=bob.pk).exists()
    response = director_client.post(url, {"into": ann.pk, "confirm": "1"})
    assert response.status_code == 302
    assert not Player.objects.filter(pk=other.pk).exists()
    pair2.refresh_from_db()
    assert pair2.player1_id == ann.pk


@pytest.mark.django_db
def test_erase_confirms_then_erases(director_client, director):
    event, pair1, _pair2 = named_event(director)
    ann = pair1.player1
    url = reverse("player_erase", args=[ann.pk])
    page = " ".join(htmllib.unescape(director_client.get(url).content.decode()).split())
    assert "Erase Ann Lee's personal data?" in page
    assert "the 1 event Ann Lee played in keeps every score and place" in page
    before = results(event)
    response = director_client.post(url)
    assert response.status_code == 302
    ann.refresh_from_db()
    assert ann.name == "Removed player"
    assert ann.erased_at is not None
    assert results(event) == before
    assert "Removed player" in director_client.get(reverse("roster")).content.decode()
    assert "erased already" in director_client.get(url).content.decode()
    again = director_client.post(url, follow=True)
    assert "This player&#x27;s personal data was erased already." in again.content.decode()


@pytest.mark.django_db
def test_import_page_loads_a_file_or_shows_the_bad_row_beside_the_field(director_client):
    url = reverse("players_import")
    bad = SimpleUploadedFile("players.csv", f"{HEADER}\nAnn,1,EBU,,\nBob,1,ebu,,\n".encode())
    page = director_client.post(url, {"file": bad}).content.decode()
    assert "row 3, number: EBU 1 is given twice (rows 2 and 3)" in field_block(page, "file")
    assert Player.objects.count() == 0
    latin = SimpleUploadedFile("players.csv", f"{HEADER}\nZoë,1,EBU,,\n".encode("latin-1"))
    page = director_client.post(url, {"file": latin}).content.decode()
    assert "roster file: the file is not UTF-8 text" in field_block(page, "file")
    page = director_client.post(url, {}).content.decode()
    assert "This field is required." in field_block(page, "file")
    good = SimpleUploadedFile("players.csv", f"\ufeff{HEADER.replace(',', ';')}\nAnn;1;EBU;;\n".encode())
    response = director_client.post(url, {"file": good}, follow=True)
    assert "Loaded the roster file: 1 added, 0 updated, 0 unchanged." in response.content.decode()
    assert Player.objects.filter(name="Ann", number="1", body="EBU").exists()


@pytest.mark.django_db
def test_export_downloads_the_roster(director_client):
    player_create(name="Zoë Ångström", number="9", body="ABF", email="z@example.org")
    response = director_client.get(reverse("players_export"))
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert 'filename="players.csv"' in response["Content-Disposition"]
    assert response.content.decode("utf-8-sig") == (
        f"{quoted_line(HEADER)}\r\n{quoted_line('Zoë Ångström,9,ABF,,z@example.org')}\r\n"
    )


@pytest.mark.django_db
def test_club_settings_page_saves(director_client):
    url = reverse("club_edit")
    page = director_client.post(
        url, {"name": "KBC", "number": "1", "public_name": "sometimes"}
    ).content.decode()
    assert "Select a valid choice." in field_block(page, "public_name")
    assert not Club.objects.exists()
    response = director_client.post(url, {"name": "KBC", "number": "1", "public_name": "hidden"})
    assert response.status_code == 302
    assert Club.objects.filter(pk=1, name="KBC", number="1", public_name="hidden").exists()
    page = director_client.get(reverse("player_add")).content.decode()
    assert "As the club chooses (Hidden (Pair 7))" in page


@pytest.mark.django_db
@pytest.mark.parametrize("size", [3, 60])
def test_the_download_and_the_merge_page_read_the_same_queries_whatever_the_size(
    director_client, django_assert_num_queries, size
):
    for n in range(size):
        player_create(name=f"Player {n:02d}", number=str(1000 + n), body="EBU")
    first = Player.objects.order_by("pk").first()
    with django_assert_num_queries(3):  # session, user, the rows
        response = director_client.get(reverse("players_export"))
    assert response.content.decode("utf-8-sig").count("\r\n") == size + 1
    with django_assert_num_queries(4):  # session, user, the record, the records to merge into
        response = director_client.get(reverse("player_merge", args=[first.pk]))
    assert response.content.decode().count("<option value=") == size  # the blank choice and the others


@pytest.mark.django_db
def test_a_number_taken_by_another_writer_meanwhile_is_refused_not_a_500(monkeypatch):
    player_create(name="Old Member", number="1", body="EBU")
    guest = player_create(name="Guest")
    monkeypatch.setattr(
        roster_services, "_number_holder", lambda fields, besides=None: None
    )  # checked too early
    with pytest.raises(ServiceError, match=r"^number: EBU 1 was just given to another player$"):
        player_create(name="Ann", number="1", body="EBU")
    with pytest.raises(ServiceError, match=r"^number: EBU 1 was just given to another player$"):
        player_update(player=guest, name="Guest", number="1", body="EBU")
    assert sorted(Player.objects.values_list("name", "number")) == [("Guest", ""), ("Old Member", "1")]
