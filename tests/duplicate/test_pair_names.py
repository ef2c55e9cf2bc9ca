"""Naming the pairs on one page: every pair's fields, the teams' names, and a paste box for spreadsheet rows."""

from __future__ import annotations

import pytest
from django.contrib.admin.models import LogEntry
from django.urls import reverse

from duplicate import services
from duplicate.models import Event, Pair
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
        ("1\tAnn\t" + "x" * 101, "row 1: player: at most 100 characters"),
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
