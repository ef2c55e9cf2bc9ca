"""Naming the pairs on one page: every pair's fields, the teams' names, and a paste box for spreadsheet rows."""

from __future__ import annotations

import json
from html import escape

import pytest
from django.contrib.admin.models import CHANGE, LogEntry
from django.contrib.contenttypes.models import ContentType
from django.urls import reverse

from duplicate import services
from duplicate.models import Event, Pair, Player
from tests.factories import make_event

pytestmark = pytest.mark.django_db


def names_of(event) -> dict[str, list[str]]:
    return {
        p.number: p.player_names
        for p in Pair.objects.filter(event=event).select_related("player1", "player2")
    }


def fields_post(event, **extra) -> dict[str, str]:
    """The page's form as the browser sends it, unchanged."""
    data = {"paste": ""}
    for pair in Pair.objects.filter(event=event).select_related("player1", "player2"):
        data[f"pair-{pair.pk}-player1"], data[f"pair-{pair.pk}-player2"] = pair.player_names
    for team in event.teams.all():
        data[f"team-{team.pk}"] = team.name
    data.update(extra)
    return data


def test_the_page_shows_every_pair_with_a_fixed_number_of_queries(director_client, django_assert_num_queries):
    for tables in (3, 8):
        event = make_event(tables=tables)
        url = reverse("event_names", args=[event.pk])
        with django_assert_num_queries(5):  # session, user, event, pairs with players, teams
            body = director_client.get(url).content.decode()
        assert body.count('name="pair-') == 2 * 2 * tables


def test_a_visitor_is_sent_to_sign_in(client):
    event = make_event()
    response = client.get(reverse("event_names", args=[event.pk]))
    assert response.status_code == 302
    assert "login" in response["Location"]


def test_every_pair_named_by_its_fields_in_one_post(director_client, director):
    event = make_event(tables=3)
    pairs = list(Pair.objects.filter(event=event))
    version = event.results_version
    post = fields_post(event)
    for i, pair in enumerate(pairs):
        post[f"pair-{pair.pk}-player1"], post[f"pair-{pair.pk}-player2"] = f"North {i}", f"South {i}"
    response = director_client.post(reverse("event_names", args=[event.pk]), post)
    assert response.status_code == 302
    assert names_of(event) == {p.number: [f"North {i}", f"South {i}"] for i, p in enumerate(pairs)}
    event.refresh_from_db()
    assert event.results_version == version + 1  # once for the whole page
    assert LogEntry.objects.filter(user=director).count() == len(pairs)  # each pair's change in the history


def test_twelve_pairs_named_by_pasting_spreadsheet_rows(director_client):
    event = make_event(tables=6)
    rows = "\r\n".join(f"{n}\tPlayer {n}a\tPlayer {n}b" for n in range(1, 13))
    rows += "\r\n\r\n"  # the blank lines a spreadsheet copy ends with
    response = director_client.post(reverse("event_names", args=[event.pk]), fields_post(event, paste=rows))
    assert response.status_code == 302
    assert names_of(event) == {str(n): [f"Player {n}a", f"Player {n}b"] for n in range(1, 13)}


def test_pasted_comma_rows_and_team_names(director_client):
    event = make_event(kind="teams", tables=2, event_kind="teams")
    rows = '1, Ann, Bo, Reds\n2,Cy,"Di, Jr",Reds\n3,Ed,Flo,Blues\n'
    response = director_client.post(reverse("event_names", args=[event.pk]), fields_post(event, paste=rows))
    assert response.status_code == 302, response.context["form"].errors
    assert names_of(event)["2"] == ["Cy", "Di, Jr"]
    assert sorted(event.teams.values_list("name", flat=True)) == ["Blues", "Reds"]
    assert Pair.objects.get(event=event, number="4").team.name == "Blues"


def test_team_names_can_be_swapped(director_client):
    event = make_event(kind="teams", tables=2, event_kind="teams")
    first, second = event.teams.all()
    post = fields_post(event, **{f"team-{first.pk}": "Team B", f"team-{second.pk}": "Team A"})
    assert director_client.post(reverse("event_names", args=[event.pk]), post).status_code == 302
    first.refresh_from_db()
    assert first.name == "Team B"


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ("1\tAnn\tBo\n9\tCy\tDi", "row 2: number: no pair '9' in this event"),
        ("1\tAnn\tBo\n\n2", "row 3: write the pair number, two players"),
        ("1\tAnn\tBo\tReds", "row 1: team: pair 1 plays in no team"),
        ("1\tAnn\t" + "x" * 101, "row 1: second player: at most 100 characters"),
    ],
)
def test_paste_errors_name_the_row_and_field_and_nothing_is_saved(director_client, rows, message):
    event = make_event(tables=3)
    response = director_client.post(reverse("event_names", args=[event.pk]), fields_post(event, paste=rows))
    assert response.status_code == 200
    assert any(message in e for e in response.context["form"].errors["paste"]), response.context[
        "form"
    ].errors
    assert all(names == ["", ""] for names in names_of(event).values())


def test_two_rows_naming_one_team_differently_are_refused(director_client):
    event = make_event(kind="teams", tables=2, event_kind="teams")
    rows = "1\tAnn\tBo\tReds\n2\tCy\tDi\tGreens"
    response = director_client.post(reverse("event_names", args=[event.pk]), fields_post(event, paste=rows))
    assert response.status_code == 200
    assert (
        "row 2: team: 'Greens', but row 1 names this team 'Reds'" in response.context["form"].errors["paste"]
    )
    assert sorted(event.teams.values_list("name", flat=True)) == ["Team A", "Team B"]


def test_two_teams_given_one_name_are_refused(director_client):
    event = make_event(kind="teams", tables=2, event_kind="teams")
    first, second = event.teams.all()
    post = fields_post(event, **{f"team-{first.pk}": "Reds", f"team-{second.pk}": "Reds"})
    response = director_client.post(reverse("event_names", args=[event.pk]), post)
    assert response.status_code == 200
    assert "teams: two teams cannot have the same name" in response.context["form"].non_field_errors()


def test_the_service_writes_all_or_nothing():
    event = make_event(tables=3)
    version = Event.objects.get(pk=event.pk).results_version
    with pytest.raises(services.ServiceError, match="pair 2: second player: at most 100 characters"):
        services.event_names_update(event=event, pairs={"1": ("Ann", "Bo"), "2": ("Cy", "d" * 101)})
    with pytest.raises(services.ServiceError, match="pair 99: no such pair"):
        services.event_names_update(event=event, pairs={"99": ("Ann", "Bo")})
    assert names_of(event)["1"] == ["", ""]
    assert Event.objects.get(pk=event.pk).results_version == version
    assert services.event_names_update(event=event, pairs={"1": ("", "")}) == 0  # unchanged: no bump
    assert Event.objects.get(pk=event.pk).results_version == version


# ------------------------------------------------------------------------------- naming pairs from the roster


def seats_of(event, number: str) -> list:
    pair = Pair.objects.select_related("player1", "player2").get(event=event, number=number)
    return [pair.player1, pair.player2]


def post_names(client, event, **seats: tuple[str, str]):
    """The names page sent with pair N's two fields set to ``seats["pN"]``; the others unchanged."""
    post = fields_post(event)
    for key, (first, second) in seats.items():
        pair = Pair.objects.get(event=event, number=key[1:])
        post[f"pair-{pair.pk}-player1"], post[f"pair-{pair.pk}-player2"] = first, second
    return client.post(reverse("event_names", args=[event.pk]), post)


def test_renaming_a_pair_in_one_event_never_renames_the_player_in_another():
    first, second = make_event(name="Monday"), make_event(name="Tuesday")
    services.event_names_update(event=first, pairs={"1": ("Ann Lee", "Bo Diaz (EBU 42)")})
    services.event_names_update(event=second, pairs={"1": ("ann  lee", "EBU 42")})
    assert [p.pk for p in seats_of(second, "1")] == [p.pk for p in seats_of(first, "1")]  # the same people
    services.event_names_update(event=second, pairs={"1": ("Anne Leigh", "Cy Dee")})
    assert [p.name for p in seats_of(first, "1")] == ["Ann Lee", "Bo Diaz"]
    assert [p.name for p in seats_of(second, "1")] == ["Anne Leigh", "Cy Dee"]
    assert set(Player.objects.values_list("name", flat=True)) == {
        "Ann Lee",
        "Bo Diaz",
        "Anne Leigh",
        "Cy Dee",
    }


def test_a_pair_renamed_on_its_own_page_leaves_the_other_events_alone(director_client):
    first, second = make_event(name="Monday"), make_event(name="Tuesday")
    services.event_names_update(event=first, pairs={"1": ("Ann", "Bo")})
    services.event_names_update(event=second, pairs={"1": ("Ann", "Bo")})
    pair = Pair.objects.get(event=second, number="1")
    response = director_client.post(
        reverse("pair_edit", args=[second.pk, pair.pk]), {"player1": "Anne", "player2": "Bo"}
    )
    assert response.status_code == 302
    assert [p.name for p in seats_of(first, "1")] == ["Ann", "Bo"]
    assert [p.name for p in seats_of(second, "1")] == ["Anne", "Bo"]


def test_one_membership_number_is_one_player_in_every_pair_and_event():
    ann = Player.objects.create(name="Ann Lee", number="123456", body="EBU")
    events = [make_event(tables=3) for _ in range(3)]
    for event, text in zip(events, ("Ann Lee (EBU 123456)", "A. Lee (123456)", "123456"), strict=True):
        services.event_names_update(event=event, pairs={"1": (text, "")})
    assert {seats_of(event, "1")[0].pk for event in events} == {ann.pk}
    ann.refresh_from_db()
    assert ann.name == "Ann Lee"  # the roster's name stands
    assert Player.objects.count() == 1


def test_players_missing_from_the_roster_are_added_guests_without_a_number():
    event = make_event()
    services.event_names_update(event=event, pairs={"1": ("Cy Dee", "Di Eve (EBU 999)")})
    cy, di = seats_of(event, "1")
    assert (cy.name, cy.number, cy.body, cy.is_guest) == ("Cy Dee", "", "", True)
    assert (di.name, di.number, di.body, di.is_guest) == ("Di Eve", "999", "EBU", False)


def test_a_guest_is_chosen_apart_from_a_member_of_the_same_name():
    member = Player.objects.create(name="Ann Lee", number="1", body="EBU")
    event = make_event()
    services.event_names_update(event=event, pairs={"1": ("Ann Lee (guest)", "Ann Lee")})
    guest, by_name = seats_of(event, "1")
    assert (guest.is_guest, guest.name) == (True, "Ann Lee")
    assert guest.pk != member.pk
    assert by_name.pk == member.pk  # a name alone: the roster's first player of that name
    # Sent back unchanged (the fields show "Ann Lee" for the guest), each seat keeps its player.
    services.event_names_update(event=event, pairs={"1": ("Ann Lee", "Ann Lee (EBU 1)")})
    assert [p.pk for p in seats_of(event, "1")] == [guest.pk, member.pk]


def test_the_names_page_shows_members_numbers_and_guests(director_client):
    event = make_event()
    Player.objects.create(name="Ann Lee", number="123456", body="EBU")
    services.event_names_update(event=event, pairs={"1": ("EBU 123456", "Bo Diaz")})
    html = director_client.get(reverse("event_names", args=[event.pk])).content.decode()
    assert 'value="Ann Lee (EBU 123456)"' in html
    assert 'value="Bo Diaz"' in html
    assert '<span class="badge member" title="A member: membership number">EBU 123456</span>' in html
    assert html.count('<span class="badge guest"') == 1
    assert 'data-player-search="/players/search.json"' in html
    assert "js/roster_search.js" in html


@pytest.mark.parametrize(
    ("first", "message"),
    [
        ("777", "No player on the roster holds 777: write the player's name before it"),
        ("Ann Lee (123456)", "123456 is held by 2 players (Ann Lee (ACBL 123456), Ann Lee (EBU 123456))"),
        ("Ann Lee (123456", "A bracket is not closed"),
        ("Ann Lee (EBU " + "9" * 40 + ")", "Membership number: at most 32 characters"),
        ("x" * 101, "At most 100 characters, got 101"),
    ],
)
def test_a_seat_naming_no_player_is_refused_beside_its_field(director_client, first, message):
    Player.objects.create(name="Ann Lee", number="123456", body="EBU")
    Player.objects.create(name="Ann Lee", number="123456", body="ACBL")
    event = make_event()
    response = post_names(director_client, event, p1=(first, "Bo"))
    assert response.status_code == 200
    pair = Pair.objects.get(event=event, number="1")
    errors = response.context["form"].errors[f"pair-{pair.pk}-player1"]
    assert any(message in e for e in errors), errors
    cell = response.content.decode().split(f'name="pair-{pair.pk}-player1"')[1].split("</td>")[0]
    assert escape(message) in cell  # beside the field, in its cell
    assert all(names == ["", ""] for names in names_of(event).values())


@pytest.mark.parametrize(
    "text",
    [
        ")(",
        "((()))",
        "()",
        "(guest)",
        ", ,",
        "EBU",
        "EBU:",
        "\u200b",
        "a\x00b",
        "Ann (EBU 1) (EBU 2)",
        "-1",
        "🂡 (🂡)",
    ],
)
def test_nonsense_in_a_seat_never_gives_a_500(director_client, text):
    event = make_event()
    response = post_names(director_client, event, p1=(text, text))
    assert response.status_code in (200, 302)
    pasted = fields_post(event, paste=f"2\t{text}\t{text}")
    response = director_client.post(reverse("event_names", args=[event.pk]), pasted)
    assert response.status_code in (200, 302)


def test_pasted_rows_name_players_by_number_and_report_a_bad_one_by_row(director_client):
    ann = Player.objects.create(name="Ann Lee", number="123456", body="EBU")
    event = make_event(tables=3)
    rows = '1\tEBU 123456\tBo Diaz (guest)\n2,"Cy Dee, 77",Di Eve\n'
    response = director_client.post(reverse("event_names", args=[event.pk]), fields_post(event, paste=rows))
    assert response.status_code == 302, response.context["form"].errors
    assert seats_of(event, "1")[0].pk == ann.pk
    assert seats_of(event, "1")[1].is_guest
    assert (seats_of(event, "2")[0].name, seats_of(event, "2")[0].number) == ("Cy Dee", "77")
    bad = "3\tAnn Lee\t999\n"
    response = director_client.post(reverse("event_names", args=[event.pk]), fields_post(event, paste=bad))
    assert response.status_code == 200
    assert response.context["form"].errors["paste"] == [
        "row 1: second player: no player on the roster holds 999: write the player's name before it"
    ]
    assert names_of(event)["3"] == ["", ""]


def test_a_seat_moved_to_another_player_is_in_the_history_and_the_undo_puts_the_very_player_back(
    director_client, director
):
    event = make_event()
    services.event_names_update(event=event, pairs={"1": ("Ann Lee (guest)", "Bo")})
    guest = seats_of(event, "1")[0]
    member = Player.objects.create(name="Ann Lee", number="5", body="EBU")
    assert post_names(director_client, event, p1=("EBU 5", "Bo")).status_code == 302
    assert seats_of(event, "1")[0].pk == member.pk
    entry = LogEntry.objects.filter(user=director).latest("pk")
    html = director_client.get(reverse("event_history", args=[event.pk])).content.decode()
    assert "Ann Lee (EBU 5) &amp; Bo" in html
    url = reverse("names_undo", args=[event.pk, entry.pk])
    assert director_client.post(url, {"reason": "wrong Ann"}).status_code == 302
    # By name alone the member would have been found first; the entry's ids bring back the guest.
    assert seats_of(event, "1")[0].pk == guest.pk
    guest.refresh_from_db()
    member.refresh_from_db()
    assert (guest.name, member.name) == ("Ann Lee", "Ann Lee")


def test_the_pair_page_reads_the_same_texts_and_shows_errors_beside_the_field(director_client):
    ann = Player.objects.create(name="Ann Lee", number="123456", body="EBU")
    event = make_event()
    pair = Pair.objects.get(event=event, number="2")
    url = reverse("pair_edit", args=[event.pk, pair.pk])
    response = director_client.post(url, {"player1": "EBU 123456", "player2": "999"})
    assert response.status_code == 200
    assert response.context["form"].errors == {
        "player2": ["No player on the roster holds 999: write the player's name before it"]
    }
    assert director_client.post(url, {"player1": "EBU 123456", "player2": "Bo"}).status_code == 302
    assert seats_of(event, "2")[0].pk == ann.pk
    assert 'value="Ann Lee (EBU 123456)"' in director_client.get(url).content.decode()


def test_an_entry_recorded_before_the_roster_is_undone_by_its_names(director_client, director):
    event = make_event()
    services.event_names_update(event=event, pairs={"1": ("Ann", "Robert")})
    pair = Pair.objects.get(event=event, number="1")
    message = [
        {
            "changed": {"fields": ["Second player"]},
            "names": {"before": ["Ann", "Bob"], "after": ["Ann", "Robert"]},
        }
    ]
    entry = LogEntry.objects.create(
        user=director,
        content_type=ContentType.objects.get_for_model(Pair),
        object_id=str(pair.pk),
        object_repr=str(pair),
        action_flag=CHANGE,
        change_message=json.dumps(message),
    )
    response = director_client.post(reverse("names_undo", args=[event.pk, entry.pk]), {"reason": "old entry"})
    assert response.status_code == 302
    assert names_of(event)["1"] == ["Ann", "Bob"]


def test_one_person_in_both_seats_of_a_pair_is_refused(director_client):
    Player.objects.create(name="Ann Lee", number="1", body="EBU")
    event = make_event()
    with pytest.raises(services.ServiceError, match="pair 1: second player: Ann Lee is the first player too"):
        services.event_names_update(event=event, pairs={"1": ("Ann Lee", "EBU 1")})
    response = post_names(director_client, event, p1=("ann lee", "Ann Lee"))
    assert response.status_code == 200
    assert "Ann Lee is the first player too" in response.content.decode()
    assert names_of(event)["1"] == ["", ""]
