"""The admin cannot change what the result service owns: a board's hands (law E corrections through the
boards page) and, once a result is in, the event's scoring code and contest kind (1913 law 42); what it saves
passes the services' checks (law 12C2's figure against the contest), so the event's file imports again."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.http import HttpResponse
from django.test import Client
from django.urls import reverse

from duplicate import services
from duplicate.models import Board, Event, Play, PlayChange, SignInSlot
from duplicate.services.eventfile import event_export, event_import
from tests.factories import championship_of_three, make_event

pytestmark = pytest.mark.django_db

HANDS_A = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
HANDS_B = "N:T98.765.432.AKQJ AKQJ.T98.765.432 765.432.AKQJ.T98 432.AKQJ.T98.765"


def _first_play(event: Event) -> Play:
    return Play.objects.filter(event=event, board__number=1).order_by("seating__round__number").first()


def test_the_admin_shows_the_hands_but_cannot_change_them(director, director_client):
    event = make_event()
    services.board_deals_set(event=event, deals={1: HANDS_A})
    play = _first_play(event)
    writer = services.Writer(name="td", is_director=True, user_id=director.pk)
    services.play_result_save(
        play=play, data={"contract": "4H", "declarer": "N", "tricks": 10}, writer=writer, expected_version=0
    )
    play.refresh_from_db()
    board = Board.objects.get(event=event, number=1)
    url = f"/admin/duplicate/board/{board.pk}/change/"
    html = director_client.get(url).content.decode()
    assert 'name="deal"' not in html  # shown read-only, not as a field
    assert "AKQJ.T98.765.432" in html
    response = director_client.post(url, {"event": event.pk, "number": 1, "dealer": "N", "deal": HANDS_B})
    assert response.status_code == 302
    board.refresh_from_db()
    assert board.deal == HANDS_A  # the posted hands were ignored
    before = play.net_ns
    play.refresh_from_db()
    assert play.net_ns == before
    assert not PlayChange.objects.filter(play=play, reason="hands replaced").exists()


def test_the_scoring_code_is_fixed_once_a_result_is_in(director, director_client):
    event = make_event(code="auction-1915")
    url = f"/admin/duplicate/event/{event.pk}/change/"
    assert 'name="code"' in director_client.get(url).content.decode()  # nothing in yet: editable
    writer = services.Writer(name="td", is_director=True, user_id=director.pk)
    services.play_result_save(
        play=_first_play(event), data={"contract": "PASS"}, writer=writer, expected_version=0
    )
    html = director_client.get(url).content.decode()
    assert 'name="code"' not in html
    assert 'name="kind"' not in html
    form = {
        "name": event.name,
        "date": "1916-03-04",
        "code": "auction-1913",  # would keep a passed-out deal that 1913 law 42 forbids
        "kind": "pairs",
        "status": "running",
        "paper_size": "A4",
        "ranking": "field",
        "average_plus_imps": 3,
        **NEW_FIELDS,
        "results_version": event.results_version,
    }
    assert director_client.post(url, form).status_code == 302
    event.refresh_from_db()
    assert event.code == "auction-1915"


def test_the_admin_never_moves_the_results_version(director, director_client):
    """The version keys every cached page: an admin form holding an old version must not take it back
    (old pages would be served again, to directors too)."""
    event = make_event()
    url = f"/admin/duplicate/event/{event.pk}/change/"
    assert 'name="results_version"' not in director_client.get(url).content.decode()
    writer = services.Writer(name="td", is_director=True, user_id=director.pk)
    for play in Play.objects.filter(event=event).order_by("pk")[:3]:
        services.play_result_save(
            play=play,
            data={"contract": "2S", "declarer": "N", "tricks": 8},
            writer=writer,
            expected_version=0,
        )
    event.refresh_from_db()
    version = event.results_version
    form = {
        "name": "Renamed",
        "date": "1916-03-04",
        "code": "auction-1915",
        "kind": "pairs",
        "status": "running",
        "paper_size": "A4",
        "ranking": "field",
        "average_plus_imps": 3,
        **NEW_FIELDS,
        "results_version": 0,  # posted anyway: ignored
    }
    assert director_client.post(url, form).status_code == 302
    event.refresh_from_db()
    assert event.name == "Renamed"
    assert event.results_version == version + 1  # renewed for the new name, never taken back


# The fields of migration 0014, at their defaults (Butler's datum, an imported event's figures).
NEW_FIELDS = {"butler_drop": "one", "butler_halves": "away", "results_source": "recomputed"}


def contract_pairs(contest: str, average_plus: int) -> Event:
    movement = services.movement_build(kind="mitchell", tables=3, boards_per_round=2)
    return services.event_create(
        name="Contract pairs",
        date=dt.date(2026, 3, 4),
        code="contract",
        kind="pairs",
        contest=contest,
        average_plus_imps=average_plus,
        movement=movement,
    )


def admin_form(event: Event, **changes) -> dict:
    return {
        "name": event.name,
        "date": event.date.isoformat(),
        "code": event.code,
        "kind": event.kind,
        "contest": event.contest,
        "status": event.status,
        "paper_size": event.paper_size,
        "ranking": event.ranking,
        "average_plus_imps": event.average_plus_imps,
        "butler_drop": event.butler_drop,
        "butler_halves": event.butler_halves,
        "results_source": event.results_source,
        **changes,
    }


def test_the_admin_refuses_an_average_plus_its_contest_does_not_read(director_client):
    """Law 12C2's figure is read by a contest scored in IMPs alone: the admin refuses another figure for any
    other contest, as the new-event form and an event file's import do (a field error, never a 500)."""
    event = contract_pairs("butler", 5)
    url = f"/admin/duplicate/event/{event.pk}/change/"
    response = director_client.post(url, admin_form(event, contest="matchpoints"))  # the 5 left as it was
    assert response.status_code == 200
    page = response.content.decode()
    assert "Only a contest scored in IMPs" in page
    assert "average_plus_imps:" not in page  # the field's label names it
    event.refresh_from_db()
    assert (event.contest, event.average_plus_imps) == ("butler", 5)
    for value in ("0", "25", "x"):
        assert director_client.post(url, admin_form(event, average_plus_imps=value)).status_code == 200
    event.refresh_from_db()
    assert event.average_plus_imps == 5
    response = director_client.post(url, admin_form(event, contest="cross-imps", average_plus_imps=4))
    assert response.status_code == 302
    event.refresh_from_db()
    assert (event.contest, event.average_plus_imps) == ("cross-imps", 4)


def test_the_admin_refuses_a_datum_its_contest_does_not_read(director_client):
    """Butler's datum is read by Butler alone: the admin refuses another choice for any other contest, as
    the new-event form, the settings and an event file's import do (``services.butler_datum_for``)."""
    event = contract_pairs("butler", 3)
    url = f"/admin/duplicate/event/{event.pk}/change/"
    response = director_client.post(url, admin_form(event, butler_drop="share", butler_halves="up"))
    assert response.status_code == 302
    event.refresh_from_db()
    assert (event.butler_drop, event.butler_halves) == ("share", "up")
    response = director_client.post(url, admin_form(event, contest="matchpoints"))  # the choice kept
    assert response.status_code == 200
    assert "Only a Butler contest has a datum to choose" in response.content.decode()
    event.refresh_from_db()
    assert (event.contest, event.butler_drop) == ("butler", "share")


@pytest.mark.parametrize("contest", ["matchpoints", "butler", "cross-imps"])
@pytest.mark.parametrize("average_plus", [3, 6])
def test_whatever_the_admin_saves_the_events_file_imports_again(director_client, contest, average_plus):
    """An edit of the contest and law 12C2's figure: saved when the contest reads the figure (or it is the
    usual 3), refused otherwise; either way the event's export is a file its own import takes, giving the
    same event."""
    event = contract_pairs("cross-imps", 5)
    url = f"/admin/duplicate/event/{event.pk}/change/"
    changes = {"contest": contest, "average_plus_imps": average_plus}
    saved = director_client.post(url, admin_form(event, **changes)).status_code == 302
    assert saved == (contest != "matchpoints" or average_plus == 3)
    event.refresh_from_db()
    assert (event.contest, event.average_plus_imps) == (
        (contest, average_plus) if saved else ("cross-imps", 5)
    )
    exported = event_export(event)
    again = event_import(data=exported)
    assert (again.contest, again.average_plus_imps) == (event.contest, event.average_plus_imps)
    assert event_export(again) == exported


def test_a_figure_its_contest_does_not_read_is_left_out_of_the_export(db):
    # An event stored before the admin checked the figure: matchpoints (which reads no IMPs) with a 5.
    event = contract_pairs("butler", 5)
    Event.objects.filter(pk=event.pk).update(contest="matchpoints")
    event.refresh_from_db()
    exported = event_export(event)
    assert "average_plus_imps" not in exported
    again = event_import(data=exported)
    assert (again.contest, again.average_plus_imps) == ("matchpoints", 3)


# --- The sign-in throttle's counters: read only, cleared by an action for those allowed to delete them ------

SLOTS = "/admin/duplicate/signinslot/"
PASSWORD = "correct horse battery staple"


def staff_client(username: str, *codenames: str) -> Client:
    user = get_user_model().objects.create_user(username=username, password=PASSWORD, is_staff=True)
    user.user_permissions.add(
        *Permission.objects.filter(content_type__app_label="duplicate", codename__in=codenames)
    )
    client = Client()
    client.force_login(user)
    return client


def lock_out(username: str, address: str) -> None:
    """Five wrong passwords for ``username`` from ``address``: its counters full, the right one refused."""
    client = Client(REMOTE_ADDR=address)
    for _ in range(5):
        client.post(reverse("login"), {"username": username, "password": "wrong"})
    assert client.post(reverse("login"), {"username": username, "password": PASSWORD}).status_code == 429


def clear(client: Client, slots) -> HttpResponse:
    return client.post(
        SLOTS, {"action": "clear_counters", "_selected_action": [s.pk for s in slots], "index": 0}
    )


def test_a_staff_user_without_the_delete_permission_cannot_clear_or_delete_sign_in_counters():
    get_user_model().objects.create_user(username="td", password=PASSWORD, is_staff=True)
    lock_out("td", "203.0.113.9")
    slots = list(SignInSlot.objects.order_by("pk"))
    assert len(slots) >= 5
    viewer = staff_client("viewer", "view_signinslot")
    page = viewer.get(SLOTS)
    assert page.status_code == 200
    assert "Clear these sign-in counters" not in page.content.decode()
    assert 'value="delete_selected"' not in page.content.decode()
    clear(viewer, slots)
    viewer.post(
        SLOTS, {"action": "delete_selected", "_selected_action": [s.pk for s in slots], "post": "yes"}
    )
    assert viewer.post(f"{SLOTS}{slots[0].pk}/delete/", {"post": "yes"}).status_code == 403
    assert list(SignInSlot.objects.order_by("pk")) == slots


def test_one_with_the_delete_permission_clears_the_counters_chosen_and_the_director_signs_in_again(director):
    """The action clears every attempt of each counter a chosen row counts for (the others' kept); the model
    stays read only otherwise (no delete, no change), for a superuser too."""
    get_user_model().objects.create_user(username="td2", password=PASSWORD, is_staff=True)
    lock_out("td2", "203.0.113.9")
    others = SignInSlot.objects.count()
    lock_out("td", "203.0.113.10")  # the director fixture's user
    locked = SignInSlot.objects.order_by("-pk")[: SignInSlot.objects.count() - others]
    td_counters = {slot.counter for slot in locked}
    clearer = staff_client("clearer", "view_signinslot", "delete_signinslot")
    page = clearer.get(SLOTS).content.decode()
    assert "Clear these sign-in counters" in page
    assert 'value="delete_selected"' not in page
    chosen = [SignInSlot.objects.filter(counter=counter).first() for counter in td_counters]
    answer = clear(clearer, chosen)
    assert answer.status_code == 302
    assert not SignInSlot.objects.filter(counter__in=td_counters).exists()
    assert SignInSlot.objects.count() == others  # the other user's counters kept
    message = clearer.get(SLOTS).content.decode()
    assert f"{len(locked)} sign-in attempts given back" in message
    signing_in = Client(REMOTE_ADDR="203.0.113.10")
    assert signing_in.post(reverse("login"), {"username": "td", "password": PASSWORD}).status_code == 302
    left = SignInSlot.objects.order_by("pk").first()
    assert clearer.post(f"{SLOTS}{left.pk}/delete/", {"post": "yes"}).status_code == 403
    superuser = Client()
    superuser.force_login(director)
    assert "Clear these sign-in counters" in superuser.get(SLOTS).content.decode()
    assert superuser.post(f"{SLOTS}{left.pk}/delete/", {"post": "yes"}).status_code == 403
    assert (
        superuser.post(f"{SLOTS}{left.pk}/change/", {"counter": "x", "window": 1, "slot": 9}).status_code
        == 403
    )
    assert SignInSlot.objects.filter(pk=left.pk, counter=left.counter).exists()


def test_the_admin_keeps_a_championships_rules(director_client, client):
    """Found trying it: the admin had no page for a championship, and could change a session's contest or
    move it to another championship, past the rules of services.championships (every session scored alike)."""
    championship, (first, _second, _third) = championship_of_three("carry", "1/2")
    url = f"/admin/duplicate/event/{first.pk}/change/"
    teams_fields = {f: getattr(first, f) for f in ("boards_per_match", "rounds_planned", "bye_vp100")}
    response = director_client.post(url, admin_form(first, contest="butler", **teams_fields))
    assert response.status_code == 200
    assert "scored as its other sessions are" in response.content.decode()
    first.refresh_from_db()
    assert first.contest == "matchpoints"
    overall = reverse("championship_standings", args=[championship.pk])
    assert "1/2 of each pair" in client.get(overall).content.decode()
    assert director_client.post(url, admin_form(first, name="Night one", **teams_fields)).status_code == 302
    change = f"/admin/duplicate/championship/{championship.pk}/change/"
    fields = {"name": championship.name, "date": championship.date.isoformat(), "carry_over": "carry"}
    for bad in ("3/2", "1_0/2_0", ""):
        response = director_client.post(change, {**fields, "carry_fraction": bad})
        assert response.status_code == 200
    assert director_client.post(change, {**fields, "carry_fraction": "1 / 3"}).status_code == 302
    championship.refresh_from_db()
    assert championship.carry_fraction == "1/3"
    # the overall page kept in the cache is made again with the new share
    assert "1/3 of each pair" in client.get(overall).content.decode()
    assert (
        director_client.post(change, {**fields, "carry_over": "totals", "carry_fraction": "1/3"}).status_code
        == 302
    )
    championship.refresh_from_db()
    assert (championship.carry_over, championship.carry_fraction) == ("totals", "")
