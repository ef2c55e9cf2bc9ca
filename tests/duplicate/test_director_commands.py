"""createdirector and table_links: what `kalamazoo` on a laptop needs besides serve (docs/commands.md)."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client

from duplicate.models import TableToken
from tests.factories import make_event

pytestmark = pytest.mark.django_db


def links(*args: str) -> list[list[str]]:
    out = StringIO()
    call_command("table_links", *args, stdout=out)
    return [line.split("\t") for line in out.getvalue().splitlines()]


def test_every_table_gets_a_link_once_and_it_opens_that_table():
    event = make_event(tables=3)
    first = links(str(event.pk), "--base", "http://192.168.1.20:8000/")
    assert [row[:2] for row in first] == [["A", "1"], ["A", "2"], ["A", "3"]]
    assert all(row[2].startswith("http://192.168.1.20:8000/t/") for row in first)
    assert links(str(event.pk), "--base", "http://192.168.1.20:8000") == first  # kept, not made again
    assert TableToken.objects.filter(section__event=event, revoked=False).count() == 3
    response = Client().get(first[1][2].removeprefix("http://192.168.1.20:8000"))
    assert response.status_code == 200
    assert "Table 2" in response.text


def test_a_two_section_event_lists_each_sections_tables():
    event = make_event(tables=3, sections=2)
    assert [row[:2] for row in links(str(event.pk))] == [[s, str(t)] for s in "AB" for t in (1, 2, 3)]


def test_bad_input_is_one_line():
    with pytest.raises(CommandError, match="event 999: no such event"):
        links("999")
    event = make_event(tables=3)
    with pytest.raises(
        CommandError, match=r"--base: an address starting http:// or https://, got 'club\.local'"
    ):
        links(str(event.pk), "--base", "club.local")


def test_createdirector_makes_a_staff_login_without_a_terminal(monkeypatch):
    monkeypatch.setenv("DJANGO_SUPERUSER_PASSWORD", "a-long-club-password")
    call_command("createdirector", "--noinput", "--username", "ann", "--email", "", stdout=StringIO())
    ann = get_user_model().objects.get(username="ann")
    assert ann.is_staff
    assert ann.check_password("a-long-club-password")
    client = Client()
    assert client.login(username="ann", password="a-long-club-password")
