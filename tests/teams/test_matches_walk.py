"""Every address of a league, a Swiss teams and a Swiss pairs event with results in, read by a visitor and by a
director: none answers a server error (duplicate.urls and teams.urls, each name reversed with this event's
arguments)."""

from __future__ import annotations

import re

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from duplicate.models import Pair, PlayChange
from teams.models import Match
from teams.services import match_result_save
from tests.factories import FIRST, enter, plays_at, teams_event, token_client

pytestmark = pytest.mark.django_db

FORMATS = {
    "fmt": ("csv", "xlsx", "json", "xml", "pdf"),
    "what": ("hands", "results"),
    "kind": ("scorecards", "guide-cards", "hand-records"),
}


def _names() -> list[tuple[str, tuple[str, ...]]]:
    """Every URL name with its arguments' names (the project's own apps only)."""
    out: list[tuple[str, tuple[str, ...]]] = []

    def walk(patterns, prefix: str) -> None:
        for p in patterns:
            if isinstance(p, URLResolver):
                module = getattr(p.urlconf_module, "__name__", "")
                if module in ("duplicate.urls", "teams.urls"):
                    walk(p.url_patterns, prefix)
            elif (
                isinstance(p, URLPattern)
                and p.name
                and p.callback.__module__.split(".")[0]
                in (
                    "duplicate",
                    "teams",
                )
            ):
                out.append((p.name, tuple(re.findall(r"<(?:\w+:)?(\w+)>|\(\?P<(\w+)>", str(p.pattern)))))

    walk(get_resolver().url_patterns, "")
    return out


def _event(contest: str):
    """Four entrants, one board a match; round 1's first match played at its tables, the other given whole."""
    event = teams_event(4, contest=contest, boards=1)
    enter(plays_at(event, 1, 1)[0], FIRST)
    second = Match.objects.get(event=event, round=1, table=2)
    match_result_save(match=second, entered="vps", home="12.5", away="7.5")
    return event


def _urls(event, secret: str) -> list[str]:
    match = Match.objects.filter(event=event, round=1).order_by("table").first()
    pair = Pair.objects.filter(event=event).order_by("pk").first()
    values = {
        "pk": event.pk,
        "match_pk": match.pk,
        "team_pk": match.home_id,
        "round_number": 1,
        "number": 1,
        "letter": "A",
        "round": 1,
        "table": 1,
        "pair_pk": pair.pk,
        "secret": secret,
        # the event's own first result change (pk 1 only where the database's numbering starts afresh)
        "change_pk": PlayChange.objects.filter(play__event=event)
        .order_by("pk")
        .values_list("pk", flat=True)[0],
        "entry_pk": 1,
        "token": "x",
    }
    urls = []
    for name, args in _names():
        args = tuple(a for pair_ in args for a in (pair_ if isinstance(pair_, tuple) else (pair_,)) if a)
        choices: list[dict[str, object]] = [{}]
        for a in args:
            options = FORMATS.get(a, (values.get(a),))
            choices = [{**c, a: o} for c in choices for o in options]
        for kw in choices:
            try:
                urls.append(reverse(name, kwargs=kw) if kw else reverse(name))
            except Exception:  # a format the pattern does not take
                continue
    return urls


@pytest.mark.parametrize("contest", ["round-robin", "swiss-teams", "swiss-pairs"])
def test_no_address_of_an_event_of_matches_is_a_server_error(client, director_client, contest):
    event = _event(contest)
    secret = token_client(client, event, 1)
    urls = _urls(event, secret)
    assert len(urls) > 60
    missing = set()
    for who, c in (("visitor", client), ("director", director_client)):
        for url in urls:
            status = c.get(url).status_code
            assert status < 500, (who, url, status)
            if status == 404 and url.startswith(f"/events/{event.pk}/"):
                missing.add(url.removeprefix(f"/events/{event.pk}/"))
    # What a league or a Swiss has not: a recap sheet, a USEBIO file (docs/leagues.md), each a 404 with its
    # reason, and offered by no menu; and no name change 1 to undo.  Every other page and download answers.
    assert missing == {"download/recap.pdf", "download/usebio.xml", "history/names/1/undo/"}
