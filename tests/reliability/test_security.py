"""Security: login throttling, table tokens, CSRF on every write, no leaks between events or to the
public, security headers and ``check --deploy``."""

from __future__ import annotations

import datetime as dt
import os
import re
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import OperationalError, connection
from django.db.models import F
from django.test import Client, override_settings
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import timezone

import duplicate.views
from duplicate import services
from duplicate.models import Pair, Play, PlayChange, SignInSlot, TableToken
from duplicate.security import INLINE_HANDLERS, username_counter, window_left
from tests.factories import board_data, db_snapshot, enter, make_event, plays_at

PASSWORD = "correct horse battery staple"
ROOT = Path(__file__).resolve().parents[2]


def login(client: Client, username: str = "td", password: str = PASSWORD, **extra):
    return client.post(reverse("login"), {"username": username, "password": password}, **extra)


# --- Login throttling -------------------------------------------------------------------------------------


def test_five_failed_sign_ins_from_an_address_lock_the_account_there_even_with_the_right_password(
    db, director
):
    client = Client()
    for _ in range(5):
        response = login(client, password="wrong")
        assert response.status_code == 200
        assert "_auth_user_id" not in client.session
    response = login(client)  # the right password, but this address's attempts are used up
    assert response.status_code == 429
    assert "Too many failed sign-ins" in response.content.decode()
    assert 1 <= int(response["Retry-After"]) <= settings.LOGIN_THROTTLE_WINDOW  # the rest of the window
    assert "_auth_user_id" not in client.session


@override_settings(LOGIN_THROTTLE_WINDOW=15 * 60)
def test_the_retry_after_is_the_rest_of_production_s_fifteen_minute_window():
    start = 1_800_000_000 // 900 * 900  # a window's first second
    assert window_left(now=start) == 900
    assert window_left(now=start + 0.5) == 900  # whole seconds, rounded up
    assert window_left(now=start + 899) == 1
    assert window_left(now=start + 899.9) == 1  # never 0
    assert window_left(now=start + 900) == 900  # the next window


def test_the_lock_is_per_username_and_any_spelling_of_it(db, director):
    get_user_model().objects.create_user(username="other", password=PASSWORD, is_staff=True)
    client = Client()
    for name in ("td", "TD", " td", "Td", "tD"):
        login(client, username=name, password="wrong")
    assert login(client, username="td").status_code == 429
    assert login(client, username="other").status_code == 302  # other accounts are not locked out


def test_five_bad_posts_from_anyone_do_not_lock_the_director_out(db, director):
    """Five wrong passwords for the director's username from an attacker's address pause that username
    there only: the director, with the right password from an address that has not been failing, signs in."""
    attacker = Client(REMOTE_ADDR="203.0.113.66")
    for _ in range(5):
        assert login(attacker, password="wrong").status_code == 200
    assert login(attacker, password="wrong").status_code == 429
    assert login(attacker).status_code == 429  # guessing right there gains nothing now
    director_client = Client(REMOTE_ADDR="198.51.100.10")
    response = login(director_client)
    assert response.status_code == 302
    assert director_client.session["_auth_user_id"]


def test_guessing_from_many_addresses_is_bounded(db, director):
    """Past 20 failures for a username (from any addresses) in the window, an address that has failed at it is
    refused without its password being checked; one that has not may still try, once: the director signs in
    from a fresh address, and an attacker gets at most one more guess per fresh address."""
    for i in range(20):  # twenty addresses, one guess each: every one checked
        client = Client(REMOTE_ADDR=f"203.0.113.{i}")
        assert login(client, password="wrong").status_code == 200
    assert login(Client(REMOTE_ADDR="203.0.113.0"), password="wrong").status_code == 429  # failed before
    assert login(Client(REMOTE_ADDR="203.0.113.1")).status_code == 429  # its right password too
    fresh = Client(REMOTE_ADDR="203.0.113.200")
    assert login(fresh, password="wrong").status_code == 200  # a fresh address: one guess, checked
    assert login(fresh, password="wrong").status_code == 429  # and no second
    assert login(fresh).status_code == 429
    director_client = Client(REMOTE_ADDR="198.51.100.10")
    assert login(director_client).status_code == 302
    assert director_client.session["_auth_user_id"]


def test_success_before_the_limit_clears_the_count(db, director):
    client = Client()
    for _ in range(4):
        login(client, password="wrong")
    assert login(client).status_code == 302
    client = Client()
    for _ in range(4):
        login(client, password="wrong")
    assert login(client).status_code == 302


def test_one_address_trying_many_usernames_is_slowed_down(db, director):
    client = Client(REMOTE_ADDR="203.0.113.7")
    for i in range(20):
        assert login(client, username=f"guess{i}", password="wrong").status_code == 200
    response = login(client, username="guess20", password="wrong")  # the address's 21st failure
    assert response.status_code == 429
    assert int(response["Retry-After"]) >= 1
    assert "slow down" in response.content.decode()
    assert "_auth_user_id" not in client.session
    assert login(Client(REMOTE_ADDR="198.51.100.1")).status_code == 302  # other addresses sign in as ever


def test_the_right_password_signs_in_after_40_failures_from_its_address(db, director):
    """Behind a proxy every visitor shares one address: 40 wrong guesses at other accounts from it do not
    lock the director out (the per-address counter never refuses the right password on its own)."""
    get_user_model().objects.create_user(username="other", password=PASSWORD, is_staff=True)
    proxy = {"REMOTE_ADDR": "10.0.0.1"}
    attacker = Client(**proxy)
    statuses = [login(attacker, username=f"guess{i}", password="wrong").status_code for i in range(40)]
    assert statuses == [200] * 20 + [429] * 20
    director = Client(**proxy)
    response = login(director)
    assert response.status_code == 302
    assert director.session["_auth_user_id"]
    # The per-username counter still refuses: five wrong passwords for "other" from this address lock that
    # account here only (behind a proxy, set LOGIN_THROTTLE_CLIENT_HEADER: then "here" is the client's own).
    for _ in range(5):
        assert login(attacker, username="other", password="wrong").status_code == 429
    assert login(Client(**proxy), username="other").status_code == 429
    assert login(Client(**proxy)).status_code == 302
    assert login(Client(REMOTE_ADDR="10.0.0.2"), username="other").status_code == 302


# Two processes count attempts on one counter at the same moment, each trying 100 times against a limit of 25
# (a counter read and then written back lets 26-41 through here).
COUNTING_PROCESS = """
import sys, time
import django
django.setup()
from duplicate.security import take_attempt
counter, limit, tries, start = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
while time.time() < start:
    time.sleep(0.001)
print(sum(take_attempt(counter, limit) for _ in range(tries)))
"""


def _shared_database_env(tmp_path: Path) -> tuple[dict[str, str], bool]:
    """The environment of processes counting in one database (this test's own on PostgreSQL; a file both
    open on SQLite), and whether this test's own process reads that database too. The counters are rows in
    the database whatever the cache (duplicate.security), so the processes count there with Redis too."""
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tests.settings"}
    db = connection.settings_dict
    if connection.vendor == "postgresql":  # this test's database (committed: transactional_db)
        env["DATABASE_URL"] = f"postgres://{db['USER']}@{db['HOST']}:{db['PORT'] or 5432}/{db['NAME']}"
        return env, True
    # The in-memory test database is this process's own: a file both processes open, migrated first.
    env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'counters.sqlite3'}"
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput"],
        cwd=ROOT, env=env, check=True, timeout=300, capture_output=True,
    )  # fmt: skip
    return env, False


def test_two_processes_count_attempts_exactly(transactional_db, tmp_path):
    """Each attempt takes a row of its own with an INSERT on a unique key, so two processes counting at once
    can never both take the last attempt: 200 tries, exactly 25 counted."""
    env, shared_with_this_process = _shared_database_env(tmp_path)
    counter = f"login-attempts:test:{uuid.uuid4().hex}"
    start = str(time.time() + 3)  # both processes set up Django, then count from the same moment
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", COUNTING_PROCESS, counter, "25", "100", start],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    counted = []
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
        counted.append(int(out))
    assert sum(counted) == 25, counted
    if shared_with_this_process:
        assert (
            SignInSlot.objects.filter(counter=counter).count() == 25
        )  # and this process reads the same count


# Two processes (two gunicorn workers) begin sign-ins for one username at the same moment, each from its own
# addresses or from one shared address, without the right password; then each from a fresh address.
SIGNING_IN_PROCESS = """
import sys, time
import django
django.setup()
from duplicate.security import sign_in_begin
username, prefix, addresses, tries, start = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5])
while time.time() < start:
    time.sleep(0.001)
checked = sum(sign_in_begin(username, f"{prefix}{i % addresses}") is not None for i in range(addresses * tries))
fresh = sign_in_begin(username, f"fresh-{prefix}") is not None
print(checked, int(fresh))
"""


def _sign_in_storm(env: dict[str, str], username: str, prefixes: list[str], addresses: int, tries: int):
    start = str(time.time() + 3)
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", SIGNING_IN_PROCESS, username, prefix, str(addresses), str(tries), start],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for prefix in prefixes
    ]
    checked, fresh = 0, 0
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
        c, f = (int(x) for x in out.split())
        checked, fresh = checked + c, fresh + f
    return checked, fresh


def test_two_workers_throttle_one_username_exactly_and_let_a_fresh_address_in(transactional_db, tmp_path):
    """Across two processes sharing the database: twenty guesses at one username from one address get exactly
    five password checks; a hundred from twenty addresses get at most the username's twenty plus one per
    address; and after each storm a fresh address (the director) still gets its password checked."""
    env, shared_with_this_process = _shared_database_env(tmp_path)
    one_address = f"td-{uuid.uuid4().hex}"
    checked, fresh = _sign_in_storm(env, one_address, ["10.0.0.1", "10.0.0.1"], addresses=1, tries=10)
    assert (checked, fresh) == (5, 2)
    many = f"td-{uuid.uuid4().hex}"
    checked, fresh = _sign_in_storm(env, many, ["203.0.113.", "198.51.100."], addresses=10, tries=5)
    assert 20 <= checked <= 20 + 20, checked
    assert fresh == 2
    if shared_with_this_process:
        assert SignInSlot.objects.filter(counter=username_counter(many)).count() == 20


@override_settings(LOGIN_THROTTLE_CLIENT_HEADER="HTTP_X_REAL_IP")
def test_the_address_comes_from_the_proxy_header_when_configured(db, director):
    proxy = Client(REMOTE_ADDR="10.0.0.1")
    for i in range(20):
        login(proxy, username=f"guess{i}", password="wrong", HTTP_X_REAL_IP="203.0.113.7")
    assert login(proxy, username="guess", password="wrong", HTTP_X_REAL_IP="203.0.113.7").status_code == 429
    assert login(proxy, username="guess", password="wrong", HTTP_X_REAL_IP="203.0.113.8").status_code == 200


def test_the_lock_lifts_when_the_window_passes(db, director):
    # The attempts are moved back a window, as if made in the last one: with a short window of its own (a
    # minute) the five attempts could straddle two windows and never lock.
    client = Client()
    for _ in range(5):
        login(client, password="wrong")
    assert login(client).status_code == 429
    window = dt.timedelta(seconds=settings.LOGIN_THROTTLE_WINDOW)
    SignInSlot.objects.update(window=F("window") - 1, expires=F("expires") - window)
    assert login(client).status_code == 302
    assert not SignInSlot.objects.filter(expires__lte=timezone.now()).exists()  # the ended window's slots


def test_the_admin_sign_in_goes_through_the_throttled_page(db, director):
    client = Client()
    response = client.get("/admin/login/?next=/admin/")
    assert response.status_code == 302
    assert response["Location"] == "/login/?next=/admin/"
    response = client.post("/admin/login/", {"username": "td", "password": PASSWORD})
    assert response.status_code == 302
    assert "_auth_user_id" not in client.session
    assert client.get("/admin/").status_code == 302  # still not signed in
    for _ in range(5):
        login(client, password="wrong")
    assert login(client).status_code == 429


def test_throttled_sign_in_page_has_no_traceback_for_junk(db, director):
    client = Client()
    for junk in ({"username": "x" * 10000, "password": "y"}, {"username": "\x00", "password": "\x00"}, {}):
        response = client.post(reverse("login"), junk)
        assert response.status_code in (200, 429)


# --- Table tokens ------------------------------------------------------------------------------------------


@pytest.fixture
def two_events(db):
    return make_event(name="Monday"), make_event(name="Tuesday")


def _token(event, table: int) -> TableToken:
    return services.table_token_create(section=event.sections.get(), table=table)


def test_a_token_opens_only_its_own_table_and_round(client, two_events):
    monday, tuesday = two_events
    token = _token(monday, 2)
    url = reverse("entry_token", args=[token.secret])
    before = db_snapshot()
    refused = 0
    for event in (monday, tuesday):
        for rnd in (1, 2, 3):
            for table in (1, 2, 3):
                if (event, rnd, table) == (monday, 1, 2):
                    continue
                for play in plays_at(event, rnd, table):
                    response = client.post(url, board_data(play, quick="1C N 7"))
                    assert response.status_code == 403
                    refused += 1
    assert refused == 2 * 9 * 2 - 2
    assert db_snapshot() == before
    own = plays_at(monday, 1, 2)[0]
    assert client.post(url, board_data(own, quick="1C N 7")).status_code == 302
    # The token page does not open the director's pages or another table's page.
    assert (
        client.post(reverse("entry_table", args=[monday.pk, "A", 1, 1]), board_data(own)).status_code == 403
    )
    assert client.get(reverse("entry_tokens", args=[monday.pk])).status_code == 302


def test_a_revoked_or_replaced_token_opens_nothing(client, two_events):
    monday, _ = two_events
    old = _token(monday, 1)
    new = _token(monday, 1)  # a fresh link revokes the old one
    play = plays_at(monday, 1, 1)[0]
    before = db_snapshot()
    response = client.post(reverse("entry_token", args=[old.secret]), board_data(play, quick="1C N 7"))
    assert response.status_code == 404
    assert db_snapshot() == before
    services.table_token_revoke(token=new)
    before = db_snapshot()
    for secret in (old.secret, new.secret):
        assert client.get(reverse("entry_token", args=[secret])).status_code == 404
        assert (
            client.post(reverse("entry_token", args=[secret]), board_data(play, quick="1C N 7")).status_code
            == 404
        )
    assert db_snapshot() == before


def test_revoking_through_the_page_needs_the_director_of_that_event(director_client, two_events):
    monday, tuesday = two_events
    token = _token(monday, 1)
    url = reverse("entry_tokens", args=[tuesday.pk])  # the other event's page
    response = director_client.post(url, {"action": "revoke", "token": token.pk})
    assert response.status_code == 404
    assert not TableToken.objects.get(pk=token.pk).revoked
    assert (
        Client()
        .post(reverse("entry_tokens", args=[monday.pk]), {"action": "revoke", "token": token.pk})
        .status_code
        == 302
    )
    assert not TableToken.objects.get(pk=token.pk).revoked
    director_client.post(reverse("entry_tokens", args=[monday.pk]), {"action": "revoke", "token": token.pk})
    assert TableToken.objects.get(pk=token.pk).revoked


def test_guessed_secrets_open_nothing(client, two_events):
    _token(two_events[0], 1)
    for secret in ("", "a", "x" * 64, "%00", "..", "' OR 1=1 --", "🂡" * 10):
        response = client.get(f"/t/{secret}/")
        assert response.status_code == (400 if secret == "%00" else 404)  # NUL: refused before any lookup
    assert client.get("/events/1/?next=%00").status_code == 400


# --- Hidden data -------------------------------------------------------------------------------------------


def test_token_secrets_and_history_never_reach_public_pages(client, db, two_events):
    monday, tuesday = two_events
    tokens = [_token(e, t) for e in (monday, tuesday) for t in (1, 2, 3)]
    secret_director = get_user_model().objects.create_user(
        username="zebradirector", password=PASSWORD, is_staff=True
    )
    director_client = Client()
    director_client.force_login(secret_director)
    url = reverse("entry_table", args=[monday.pk, "A", 1, 1])
    play = plays_at(monday, 1, 1)[0]
    director_client.post(url, board_data(play, quick="1C N 7"))
    play = plays_at(monday, 1, 1)[0]
    director_client.post(url, board_data(play, quick="1C N 8", reason="quokka reason"))
    assert PlayChange.objects.filter(who="zebradirector").count() == 2
    pages = [reverse("home")]
    for event in (monday, tuesday):
        for name in (
            "event_detail",
            "event_movement",
            "event_pairs",
            "event_boards",
            "event_export",
            "entry_index",
            "event_standings",
        ):
            pages.append(reverse(name, args=[event.pk]))
        pages.append(reverse("board_traveller", args=[event.pk, 1]))
        pages.append(
            reverse("pair_scorecard", args=[event.pk, Pair.objects.filter(event=event).first().number])
        )
    table_pages = [
        reverse("entry_table", args=[e.pk, "A", r, t])
        for e in (monday, tuesday)
        for r in (1, 2)
        for t in (1, 2, 3)
    ]
    for url in pages + table_pages:
        response = client.get(url)
        assert response.status_code in (200, 302), url
        body = response.content.decode()
        for token in tokens:
            assert token.secret not in body, url
        assert "zebradirector" not in body, url
        assert "quokka reason" not in body, url
    # The history itself is for directors only.
    assert client.get(reverse("event_history", args=[monday.pk])).status_code == 302
    assert "quokka reason" in director_client.get(reverse("event_history", args=[monday.pk])).content.decode()


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("entry_tokens", ["pk"]),
        ("event_history", ["pk"]),
        ("event_create", []),
        ("event_import", []),
        ("event_names", ["pk"]),
        ("event_round_clock", ["pk"]),
    ],
)
def test_director_pages_need_a_director(client, db, two_events, name, args):
    monday, _ = two_events
    url = reverse(name, args=[monday.pk for _ in args])
    assert client.get(url).status_code == 302
    user = get_user_model().objects.create_user(username="player", password=PASSWORD)
    client.force_login(user)  # signed in, but not staff
    response = client.get(url)
    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/")
    assert client.get("/admin/").status_code == 302


def test_one_events_rows_cannot_be_reached_through_another_events_url(director_client, two_events):
    monday, tuesday = two_events
    pair = Pair.objects.filter(event=monday).first()
    url = reverse("pair_edit", args=[tuesday.pk, pair.pk])
    assert director_client.get(url).status_code == 404
    assert director_client.post(url, {"player1": "X", "player2": "Y"}).status_code == 404
    play = plays_at(monday, 1, 1)[0]
    enter(play, {"contract": "1C", "declarer": "N", "tricks": 7})
    change = PlayChange.objects.get(play=play)
    before = db_snapshot()
    assert director_client.post(reverse("change_undo", args=[tuesday.pk, change.pk])).status_code == 404
    # Monday's board posted to Tuesday's table page: refused, not saved.
    response = director_client.post(
        reverse("entry_table", args=[tuesday.pk, "A", 1, 1]),
        board_data(Play.objects.get(pk=play.pk), quick="2C N 8"),
    )
    assert response.status_code == 400
    assert db_snapshot() == before


# --- CSRF on every write ----------------------------------------------------------------------------------


def _patterns(resolver=None, prefix=""):
    for p in (resolver or get_resolver()).url_patterns:
        if isinstance(p, URLResolver):
            if str(p.pattern) == "admin/":
                continue
            yield from _patterns(p, prefix + str(p.pattern))
        elif isinstance(p, URLPattern):
            yield prefix + str(p.pattern), p


def _fill(route: str, event, token: TableToken, pair: Pair, change: PlayChange) -> str:
    values = {
        "pk": event.pk,
        "pair_pk": pair.pk,
        "letter": "A",
        "round": 1,
        "table": 1,
        "number": 1,
        "secret": token.secret,
        "change_pk": change.pk,
        "entry_pk": 1,
        "match_pk": 1,
        "event_pk": event.pk,
        "round_number": 1,
        "team_pk": 1,
        "token": "no-such-import",
        "code": "fr",  # the footer's language chooser
    }
    # re_path groups: the first alternative of (?P<name>a|b|c), or the value above for a character class.
    route = re.sub(
        r"\(\?P<(\w+)>([^)]*)\)",
        lambda m: f"<{m.group(1)}>" if "[" in m.group(2) else m.group(2).split("|")[0],
        route,
    )
    route = route.replace("^", "").replace("$", "").replace("\\", "")
    return "/" + re.sub(r"<(?:\w+:)?(\w+)>", lambda m: str(values[m.group(1)]), route)


def test_no_write_without_csrf(db, director, mitchell_event):
    token = _token(mitchell_event, 1)
    play = plays_at(mitchell_event, 1, 1)[0]
    change_play = plays_at(mitchell_event, 1, 2)[0]
    enter(change_play, {"contract": "1C", "declarer": "N", "tricks": 7})
    change = PlayChange.objects.get()
    pair = Pair.objects.filter(event=mitchell_event).first()
    client = Client(enforce_csrf_checks=True)
    client.force_login(director)
    before = db_snapshot()
    checked = []
    payload = {
        **board_data(play, quick="1C N 7"),
        "player1": "X",
        "player2": "Y",
        "action": "create_all",
        "agreed": "1",
        "pbn_text": "1 N:AKQJ.T98.765.432 - - -",
        "random": "on",
        "lead_cards": "on",
        "name": "E",
        "date": "1916-01-01",
        "code": "whist",
        "kind": "pairs",
        "movement": "mitchell",
        "tables": 3,
        "boards_per_round": 2,
        "paper_size": "A4",
    }
    for route, _pattern in _patterns():
        url = _fill(route, mitchell_event, token, pair, change)
        response = client.post(url, payload)
        assert response.status_code in (403, 405), (url, response.status_code)
        checked.append(url)
    for url in (f"/admin/duplicate/play/{play.pk}/change/", "/admin/duplicate/event/add/", "/logout/"):
        assert client.post(url, payload).status_code == 403
    assert len(checked) >= 20
    assert db_snapshot() == before
    assert "_auth_user_id" in client.session  # the refused logout did not sign out either


# --- Headers and deployment checks -------------------------------------------------------------------------


def test_security_headers_on_pages_errors_and_the_try_again_page(client, db, mitchell_event, monkeypatch):
    urls = ["/", reverse("event_detail", args=[mitchell_event.pk]), reverse("login"), "/no-such-page/"]
    responses = [client.get(u, secure=True) for u in urls]

    def down(*args, **kwargs):
        raise OperationalError("connection refused")

    monkeypatch.setattr(duplicate.views.events.selectors, "event_list", down)
    responses.append(client.get("/", secure=True))
    assert [r.status_code for r in responses] == [200, 200, 200, 404, 503]
    for response in responses:
        csp = response["Content-Security-Policy"]
        assert "default-src 'self'" in csp
        assert "object-src 'none'" in csp
        assert "frame-ancestors 'none'" in csp
        assert "'unsafe-inline'" not in csp.split("script-src")[1].split(";")[0]
        assert response["X-Frame-Options"] == "DENY"
        assert response["X-Content-Type-Options"] == "nosniff"
        assert response["Referrer-Policy"] == "same-origin"
        assert response["Cross-Origin-Opener-Policy"] == "same-origin"
        assert response["Strict-Transport-Security"].startswith("max-age=31536000")
        assert "camera=()" in response["Permissions-Policy"]
    assert "try again" in responses[-1].content.decode().lower()


def test_csp_allows_what_the_templates_use(director_client, mitchell_event):
    """No inline <script> or handler the policy would block: every onclick= must be hash-allowed."""
    templates = ROOT / "templates"
    for path in templates.rglob("*.html"):
        text = path.read_text()
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text), path
        for handler in re.findall(r'\bon\w+="([^"]*)"', text):
            assert handler in INLINE_HANDLERS, (path, handler)
    assert "unsafe-hashes" not in director_client.get("/")["Content-Security-Policy"]
    response = director_client.get(reverse("entry_tokens", args=[mitchell_event.pk]))
    assert response.status_code == 200


def test_http_is_redirected_to_https_in_production(db):
    with override_settings(SECURE_SSL_REDIRECT=True):
        response = Client().get("/")
    assert response.status_code == 301
    assert response["Location"].startswith("https://")


def test_check_deploy_is_clean():
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DEBUG", "SECURE_SSL_REDIRECT", "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE"}
    }
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        SECRET_KEY="Zq8" + "x9-Kp2_w" * 8,
        ALLOWED_HOSTS="scores.example.org",
    )
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_agree_with_a_next_that_is_not_a_path_goes_to_the_entry_index(director_client, mitchell_event):
    for target in ("0", "foo", "https://evil.example/"):
        response = director_client.post(
            reverse("entry_round_agree", args=[mitchell_event.pk, "A", 1]), {"agreed": "1", "next": target}
        )
        assert response.status_code == 302
        assert response["Location"] == reverse("entry_index", args=[mitchell_event.pk])
