"""The skeleton: settings from the environment, the home page, the admin, check --deploy."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.apps import apps
from django.contrib import admin
from django.urls import reverse

from duplicate.models import Event, Play, Player
from duplicate.services import event_finish, event_results_touch
from duplicate.services.eventfile import event_import
from tests.factories import make_event, small_file

ROOT = Path(__file__).resolve().parents[2]


def run_manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    own = {
        "DEBUG",
        "SECRET_KEY",
        "ALLOWED_HOSTS",
        "SECURE_SSL_REDIRECT",
        "SESSION_COOKIE_SECURE",
        "CSRF_COOKIE_SECURE",
    }
    base = {k: v for k, v in os.environ.items() if k not in own}
    base.pop("DJANGO_SETTINGS_MODULE", None)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**base, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_check_deploy_is_clean_with_production_settings():
    result = run_manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        env={
            "DEBUG": "0",
            "SECRET_KEY": "x" * 20 + "a-real-production-secret-key-1234567890",
            "ALLOWED_HOSTS": "scores.example.org",
        },
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_refuses_to_start_without_secret_key_when_debug_is_off():
    result = run_manage("check", env={"DEBUG": "0"})
    assert result.returncode != 0
    assert "SECRET_KEY is not set" in result.stderr


def test_debug_uses_a_development_key():
    result = run_manage("check", env={"DEBUG": "1"})
    assert result.returncode == 0, result.stderr


@pytest.mark.django_db
def test_home_page_empty_state_tells_the_director_what_to_do(client):
    response = client.get(reverse("home"))
    assert response.status_code == 200
    body = response.content.decode()
    assert "No events yet" in body
    assert "sign in" in body


@pytest.mark.django_db
def test_home_page_empty_state_for_a_director_offers_create_and_import(director_client):
    body = director_client.get(reverse("home")).content.decode()
    assert reverse("event_create") in body
    assert reverse("event_import") in body


@pytest.mark.django_db
def test_home_lists_events_in_a_fixed_number_of_queries(client, django_assert_num_queries):
    make_event(name="First")
    with django_assert_num_queries(1):  # one query: the events with their pair counts
        first = client.get(reverse("home"))
    for i in range(4):
        make_event(name=f"Event {i}")
    with django_assert_num_queries(1):
        more = client.get(reverse("home"))
    assert "First" in first.content.decode()
    assert all(f"Event {i}" in more.content.decode() for i in range(4))


@pytest.mark.django_db
def test_admin_covers_every_model(director_client):
    for model in [*apps.get_app_config("duplicate").get_models(), *apps.get_app_config("teams").get_models()]:
        assert admin.site.is_registered(model), model
        opts = model._meta
        url = reverse(f"admin:{opts.app_label}_{opts.model_name}_changelist")
        assert director_client.get(url).status_code == 200


def test_templates_load_nothing_from_other_hosts():
    for path in (ROOT / "templates").rglob("*.html"):
        text = path.read_text()
        assert 'src="http' not in text, path
        assert 'href="http' not in text, path
        assert '="//' not in text, path


@pytest.mark.django_db
def test_admin_cannot_change_results_behind_the_result_service(director_client):
    play = Play.objects.filter(event=make_event()).first()
    url = reverse("admin:duplicate_play_change", args=[play.pk])
    response = director_client.post(url, {"contract": "7NTXX", "tricks": 13})
    assert response.status_code == 403
    play.refresh_from_db()
    assert play.contract == ""
    assert not play.entered
    assert director_client.get(url).status_code == 200  # still viewable


@pytest.mark.django_db
def test_renaming_through_the_admin_reaches_the_standings(director_client, client):
    event = event_import(data=small_file())  # results in: the standings list the pairs
    event_finish(event=event)  # every board released: a visitor's standings count them
    pair = event.pairs.get(number="1")
    player = Player.objects.create(name="Before Name")
    pair.player1 = player
    pair.save()
    event_results_touch(event_ids=[event.pk])
    assert "Before Name" in client.get(reverse("event_standings", args=[event.pk])).content.decode()
    version = Event.objects.get(pk=event.pk).results_version
    response = director_client.post(
        reverse("admin:duplicate_player_change", args=[player.pk]), {"name": "After Name"}
    )
    assert response.status_code == 302
    assert Event.objects.get(pk=event.pk).results_version == version + 1
    body = client.get(reverse("event_standings", args=[event.pk])).content.decode()
    assert "After Name" in body
    assert "Before Name" not in body
