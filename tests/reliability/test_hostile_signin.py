"""Hostile sign-ins and cache outages: every spelling of a username counted as the one user it signs in as, and
pages and sign-in while the cache is stopped, is not answering, or has no table.

Sign-in: Django's form hands ``authenticate`` the username stripped and normalised (NFKC), so ``director``
typed with a fullwidth d (U+FF44) or a mathematical bold d (U+1D41D) signs in as ``director``; the throttle
must count those spellings as ``director`` too, or five wrong passwords per spelling give unbounded guesses and
a lock that another spelling walks round.

Outages: the cache server is this test's own (a throwaway ``redis-server`` on a free port, stopped mid-test;
a socket server that accepts connections and never answers; the database cache with no table), never the
machine's shared one. Every page answers 200 with what the working cache would have served, a warning is
logged, sign-in works and stays throttled, and a director is never locked out.
"""

from __future__ import annotations

import logging
import os
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
import redis
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client, override_settings
from django.urls import reverse

from duplicate import services
from duplicate.models import Event, Play
from tests.conftest import make_event

from .conftest import tried

PASSWORD = "correct horse battery staple"
ATTACKER = "203.0.113.66"

# Spellings that Django's sign-in form turns into "director" (stripped, then NFKC): each signs in as that user.
SIGNING_IN_AS_DIRECTOR = [
    "director",
    "\uff44irector",  # fullwidth d
    "\U0001d41director",  # mathematical bold d
    "\uff44\uff49\uff52\uff45\uff43\uff54\uff4f\uff52",  # fullwidth throughout
    "\u1d48irector",  # modifier letter small d
    "direct\u2134r",  # script small o
    "  director\u3000",  # spaces round it, an ideographic one too
]
# And spellings in another case: another user to Django, counted with "director" all the same.
OTHER_CASE = ["Director", "DIRECTOR", "\uff24irector"]  # the last: fullwidth capital D


def login(client: Client, username: str, password: str = PASSWORD):
    return client.post(reverse("login"), {"username": username, "password": password})


def signed_in_as(client: Client) -> str | None:
    user_id = client.session.get("_auth_user_id")
    return get_user_model().objects.get(pk=user_id).get_username() if user_id else None


@pytest.fixture
def director_user(db):
    return get_user_model().objects.create_user(
        username="director", password=PASSWORD, is_staff=True, is_superuser=True
    )


# --- Every spelling of one user shares its counters --------------------------------------------------------


def test_each_spelling_signs_in_as_the_one_user(director_user):
    """What the other tests rely on: every spelling in SIGNING_IN_AS_DIRECTOR is the director to Django."""
    for i, spelling in enumerate(SIGNING_IN_AS_DIRECTOR):
        client = Client(REMOTE_ADDR=f"198.51.100.{i}")
        assert login(client, spelling).status_code == 302, spelling
        assert signed_in_as(client) == "director"
    tried("sign-in spelling", len(SIGNING_IN_AS_DIRECTOR))


def test_five_wrong_passwords_under_any_spellings_lock_every_spelling_at_that_address(director_user):
    attacker = Client(REMOTE_ADDR=ATTACKER)
    for spelling in SIGNING_IN_AS_DIRECTOR[1:6]:
        assert login(attacker, spelling, "wrong").status_code == 200
    for spelling in [*SIGNING_IN_AS_DIRECTOR, *OTHER_CASE]:
        response = login(attacker, spelling)  # the right password, under every spelling: all refused
        assert response.status_code == 429, spelling
        assert "Too many failed sign-ins" in response.content.decode()
        assert signed_in_as(attacker) is None
    tried("sign-in spelling", 5 + len(SIGNING_IN_AS_DIRECTOR) + len(OTHER_CASE))
    director = Client(REMOTE_ADDR="198.51.100.10")  # never locked out from another address
    assert login(director, "director").status_code == 302
    assert signed_in_as(director) == "director"


def test_cycling_through_spellings_gets_five_guesses_not_five_a_spelling(director_user):
    attacker = Client(REMOTE_ADDR=ATTACKER)
    spellings = [*SIGNING_IN_AS_DIRECTOR, *OTHER_CASE] * 3
    statuses = [login(attacker, spelling, "wrong").status_code for spelling in spellings]
    tried("sign-in spelling", len(spellings))
    assert statuses.count(200) == 5  # checked: the address's five for the one user
    assert statuses == [200] * 5 + [429] * (len(spellings) - 5)


def test_guesses_from_many_addresses_under_many_spellings_count_as_one_username(director_user):
    """The username's counter from every address: twenty failures under any spellings, and an address that
    has failed is refused unchecked; a fresh address gets one check, so the director still signs in."""
    spellings = [*SIGNING_IN_AS_DIRECTOR, *OTHER_CASE]
    for i in range(20):
        client = Client(REMOTE_ADDR=f"203.0.113.{i}")
        assert login(client, spellings[i % len(spellings)], "wrong").status_code == 200
    tried("sign-in spelling", 20)
    for i, spelling in enumerate(spellings):
        assert login(Client(REMOTE_ADDR=f"203.0.113.{i}"), spelling).status_code == 429, spelling
    fresh = Client(REMOTE_ADDR="203.0.113.200")
    assert login(fresh, "\U0001d41director", "wrong").status_code == 200  # one check
    assert login(fresh, "\uff44irector", "wrong").status_code == 429  # and no second, whatever the spelling
    director = Client(REMOTE_ADDR="198.51.100.10")
    assert login(director, "\uff44irector").status_code == 302
    assert signed_in_as(director) == "director"


def test_another_user_is_not_counted_with_the_director(director_user):
    get_user_model().objects.create_user(username="scorer", password=PASSWORD, is_staff=True)
    attacker = Client(REMOTE_ADDR=ATTACKER)
    for spelling in SIGNING_IN_AS_DIRECTOR[:5]:
        login(attacker, spelling, "wrong")
    assert login(attacker, "\uff53corer").status_code == 302  # fullwidth s: "scorer", not locked
    assert signed_in_as(attacker) == "scorer"
