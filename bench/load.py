"""HTTP under load: gunicorn (2 workers) on a scratch database, concurrent clients on loopback.

The event is the 520-table one (40 sections of a 13-table Mitchell) in progress: rounds 1-12 in, round 13
being entered (1,040 results to write: a tenth of a full run's 9,000 requests, and the probe's). 90% of the requests read (half the standings page, half a traveller of a random board); 10%
write a round-13 result through the table's own link (``/t/<secret>/``, a form POST with the CSRF cookie and
field, as the players' phones do), each write a different board at a different table, so every write must be
acknowledged (302). Bounded in count and time. Afterwards the database is asked which writes it holds
(PlayChange rows and entered Play rows of the acknowledged boards): results lost = acknowledged - stored.

The set-up and the count run in subprocesses (``python -m bench.load setup|count``) with DATABASE_URL of the
scratch database, the clients in one of their own (``python -m bench.load clients``: a fresh heap, whatever
the bench built before); gunicorn is always stopped (try/finally), and the scratch PostgreSQL database
dropped.

The same load runs over a contract matchpoint event of the same shape (``code="contract"``: the event built
as the bench's contract benchmarks build theirs, ``synth.contract_matchpoints``, ranked across the field),
its writes contract results posted through the same form as a phone posts them.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import random
import re
import secrets
import socket
import string
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
AUCTION = "auction-1915"  # the synthetic events' code (bench.synth.CODE)
CONTRACT = "contract"  # law 77: matchpoints, the contract event's contest here
ACKNOWLEDGED = (302, 303)  # a result saved through a table link: redirected to the table's page
# A table link asks "Is this right?" of an unlikely result (docs/laws.md, "Unlikely results") instead of saving
# it: the page carries the result confirmed as typed, which its "Yes, save it" posts back.
_ASKED = re.compile(rb'<input type="hidden" name="confirm" value="([^"]*)">')


def confirmed(body: bytes, content: bytes) -> bytes | None:
    """The write again as its players' "Yes, save it" posts it, when ``content`` (the answer to ``body``)
    asks whether the result is right; None when it does not ask."""
    asked = _ASKED.search(content)
    if asked is None:
        return None
    confirm = urllib.parse.unquote(asked.group(1).decode()).replace("&amp;", "&")
    return body + b"&" + urllib.parse.urlencode({"confirm": confirm, "action": "save"}).encode()


def write(port: int, path: str, body: bytes, headers: dict[str, str]) -> tuple[int, bytes]:
    """A table link's write as its players make it: posted, and confirmed when the page asks."""
    status, content = _request(port, "POST", path, body, headers)
    again = confirmed(body, content) if status == 200 else None
    return _request(port, "POST", path, again, headers) if again is not None else (status, content)


def _env(db_url: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        DATABASE_URL=db_url,
        DJANGO_SETTINGS_MODULE="bench.settings",
        DEBUG="0",
        SECRET_KEY="bench-only-secret-key-not-for-production-0123456789abcdef",
        ALLOWED_HOSTS=HOST,
        SECURE_SSL_REDIRECT="0",
        SESSION_COOKIE_SECURE="0",
        CSRF_COOKIE_SECURE="0",
        LOG_LEVEL="ERROR",
        PYTHONPATH=str(ROOT),
        REDIS_URL="",  # the database cache unless a run names its Redis (bench_load's cache="redis")
    )
    return env


def _run_json(args: list[str], db_url: str) -> Any:
    proc = subprocess.run(
        [sys.executable, "-m", "bench.load", *args],
        cwd=ROOT,
        env=_env(db_url),
        capture_output=True,
        text=True,
        timeout=600,
    )
    if proc.returncode != 0:
        raise RuntimeError(f"bench.load {args[0]} failed: {proc.stderr.strip()[-2000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


# ------------------------------------------------------------------------------------- scratch database


def _pg_admin(pg_url: str, sql: str) -> None:
    import psycopg

    base = pg_url.rstrip("/") + "/postgres" if urllib.parse.urlparse(pg_url).path in ("", "/") else pg_url
    with psycopg.connect(base, autocommit=True, connect_timeout=5) as conn:
        conn.execute(sql)


def _pg_db_url(pg_url: str, name: str) -> str:
    parts = urllib.parse.urlparse(pg_url)
    return urllib.parse.urlunparse(parts._replace(path=f"/{name}"))


# ---------------------------------------------------------------------------------------------- clients


class Stats:
    def __init__(self, requests: int, deadline: float, targets: list[dict[str, Any]], tokens: dict[str, str]):
        self.lock = threading.Lock()
        self.budget = requests
        self.deadline = deadline
        self.targets = targets
        self.tokens = tokens
        self.latencies: dict[str, list[float]] = {"read": [], "write": []}
        self.errors: list[str] = []
        self.acknowledged: list[int] = []
        self.sent = 0
        self.finished = 0.0  # when the last client ran out of requests or time (the probe is not a client)

    def take(self) -> bool:
        with self.lock:
            if self.budget <= 0 or time.perf_counter() >= self.deadline:
                return False
            self.budget -= 1
            self.sent += 1
            return True

    def next_target(self) -> dict[str, Any] | None:
        with self.lock:
            return self.targets.pop() if self.targets else None


def _request(
    port: int, method: str, path: str, body: bytes | None, headers: dict[str, str]
) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection(HOST, port, timeout=30)
    try:
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


def _client(ports: list[int], stats: Stats, spec: dict[str, Any], seed: int) -> None:
    """One client: a thread of ``http.client`` requests, each on a new connection to one of the instances
    (chosen at random: a load balancer's spread)."""
    rng = random.Random(seed)
    csrf = "".join(rng.choice(string.ascii_letters + string.digits) for _ in range(32))
    while stats.take():
        kind, target, method, path, body, headers = _plan(stats, rng, csrf, spec)
        port = rng.choice(ports)
        start = time.perf_counter()
        try:
            if kind == "write":
                status, _content = write(port, path, body, headers)
            else:
                status, _content = _request(port, method, path, body, headers)
        except OSError as exc:
            with stats.lock:
                stats.errors.append(f"{method} {path}: {exc!r}")
            continue
        elapsed = time.perf_counter() - start
        with stats.lock:
            stats.latencies[kind].append(elapsed)
            if kind == "write" and status in ACKNOWLEDGED:
                stats.acknowledged.append(target["pk"])
            elif kind == "write" or not 200 <= status < 400:  # a write not saved answers 4xx (or 200)
                stats.errors.append(f"{method} {path}: HTTP {status}")
    with stats.lock:
        stats.finished = max(stats.finished, time.perf_counter())


def _plan(stats: Stats, rng: random.Random, csrf: str, spec: dict[str, Any]) -> tuple[Any, ...]:
    """The next request of a client: (kind, target, method, path, body, headers). ``spec``: the run's event
    (``event``), its boards and its scoring code (what a write posts)."""
    target = stats.next_target() if rng.random() < 0.10 else None
    if target is not None:
        return ("write", target, "POST", *_write_request(target, stats.tokens, rng, csrf, spec["code"]))
    event_id = spec["event"]
    if rng.random() < 0.5:
        path = f"/events/{event_id}/standings/"
    else:
        path = f"/events/{event_id}/boards/{rng.choice(spec['boards'])}/"
    return "read", None, "GET", path, None, {}


def _write_request(
    target: dict[str, Any], tokens: dict[str, str], rng: random.Random, csrf: str, code: str
) -> tuple[str, bytes, dict[str, str]]:
    """A table link's POST of one result (the form its players' phones send, the fields of the entry form
    for the event's ``code``): path, body, headers."""
    pk = target["pk"]
    prefix = f"b{pk}"
    form = {
        "csrfmiddlewaretoken": csrf,
        "play": str(pk),
        f"{prefix}-version": "0",
        f"{prefix}-ns": target["ns"],
        f"{prefix}-ew": target["ew"],
    }
    if code == CONTRACT:
        form.update(_contract_fields(prefix, rng))
    else:
        level = rng.choice((1, 2, 3, 4))
        form.update(
            {
                f"{prefix}-level": str(level),
                f"{prefix}-strain": rng.choice(("C", "D", "H", "S", "NT")),
                f"{prefix}-declarer": rng.choice("NESW"),
                f"{prefix}-tricks": str(6 + level + rng.choice((-1, 0, 0, 1))),
            }
        )
    body = urllib.parse.urlencode(form).encode()
    headers = {"Content-Type": "application/x-www-form-urlencoded", "Cookie": f"csrftoken={csrf}"}
    return f"/t/{tokens[target['token']]}/", body, headers


def _contract_fields(prefix: str, rng: random.Random) -> dict[str, str]:
    """A contract bridge result as the entry form takes it: level, strain, doubled, declarer and the tricks
    the declarer's side won (0-13); now and then a deal passed out. The board's vulnerability is the
    server's to apply (law 77), from the board's number."""
    if rng.random() < 0.02:
        return {f"{prefix}-level": "PASS"}
    level = rng.choice((1, 2, 2, 3, 3, 4, 4, 5, 6, 7))
    return {
        f"{prefix}-level": str(level),
        f"{prefix}-strain": rng.choice(("C", "D", "H", "S", "NT")),
        f"{prefix}-doubling": rng.choice(("",) * 8 + ("X", "XX")),
        f"{prefix}-declarer": rng.choice("NESW"),
        f"{prefix}-tricks": str(max(0, min(13, 6 + level + rng.choice((-2, -1, 0, 0, 0, 1))))),
    }


class _Outcome:
    """What the clients' process reports (see :func:`_clients`)."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.latencies: dict[str, list[float]] = data["latencies"]
        self.errors: list[str] = data["errors"]
        self.acknowledged: list[int] = data["acknowledged"]
        self.elapsed: float = data["elapsed"]
        self.delays: list[float] = data.get("delays", [])


def _clients(spec: dict[str, Any]) -> dict[str, Any]:
    """The load's clients (``python -m bench.load clients``, the spec on stdin): threads of ``http.client``
    requests until the count or the time runs out; their latencies, errors and acknowledged writes; and a
    probe's delays (:func:`_probe`)."""
    stats = Stats(spec["requests"], 0.0, list(reversed(spec["targets"])), spec["tokens"])
    start = time.perf_counter()
    stats.deadline = start + spec["seconds"]
    delays: list[float] = []
    threads = [
        threading.Thread(target=_client, args=(spec["ports"], stats, spec, 1000 + i), daemon=True)
        for i in range(spec["clients"])
    ]
    threads.append(threading.Thread(target=_probe, args=(spec, stats, delays), daemon=True))
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=spec["seconds"] + 60)
    # Requests per second over the clients' own time: the probe keeps to its half-second rhythm after them.
    return {
        "latencies": stats.latencies,
        "errors": stats.errors,
        "acknowledged": stats.acknowledged,
        "elapsed": (stats.finished or time.perf_counter()) - start,
        "delays": delays,
    }


VERSION_MARK = re.compile(rb'data-results-version="(\d+)"')
PROBE_GIVE_UP = 10.0  # seconds: a result not shown on the other instance by then counts as an error


def _shown_version(content: bytes) -> int:
    found = VERSION_MARK.search(content)
    return int(found.group(1)) if found else -1


def _director_cookie(port: int, user: dict[str, str], csrf: str) -> str:
    """Sign the bench's director in (the session is in the shared database: good on every instance)."""
    form = {"csrfmiddlewaretoken": csrf, "username": user["username"], "password": user["password"]}
    conn = http.client.HTTPConnection(HOST, port, timeout=30)
    try:
        conn.request(
            "POST",
            "/login/",
            body=urllib.parse.urlencode(form).encode(),
            headers={"Content-Type": "application/x-www-form-urlencoded", "Cookie": f"csrftoken={csrf}"},
        )
        response = conn.getresponse()
        response.read()
        cookies = response.headers.get_all("Set-Cookie") or []
    finally:
        conn.close()
    session = next((c.split(";")[0] for c in cookies if c.startswith("sessionid=")), "")
    if response.status != 302 or not session:
        raise RuntimeError(f"the bench's director could not sign in (HTTP {response.status})")
    return session


def _probe(spec: dict[str, Any], stats: Stats, delays: list[float]) -> None:
    """How soon a result written through one instance shows on the other's standings, for a visitor: write
    through instance A (a table link), read the version that write made from A's standings as the director
    (always the latest), then poll B's standings as a visitor until they show that version or a later one.
    The delay is counted from A's acknowledgement (so it includes the director's read: an overestimate).
    Alternates A and B; one probe about every half second, bounded by the run's time and its targets."""
    ports = spec["ports"]
    if len(ports) < 2:
        return
    rng = random.Random(7)
    csrf = "".join(rng.choice(string.ascii_letters + string.digits) for _ in range(32))
    standings = f"/events/{spec['event']}/standings/"
    try:
        director = _director_cookie(ports[0], spec["director"], csrf)
    except (OSError, RuntimeError) as exc:
        with stats.lock:
            stats.errors.append(f"probe: {exc}")
        return
    for i, target in enumerate(spec["probe_targets"]):
        if time.perf_counter() >= stats.deadline or stats.finished:
            return
        a, b = ports[i % 2], ports[(i + 1) % 2]
        try:
            path, body, headers = _write_request(target, spec["tokens"], rng, csrf, spec["code"])
            status, _ = write(a, path, body, headers)
            acknowledged = time.perf_counter()
            if status not in ACKNOWLEDGED:
                raise RuntimeError(f"probe write: HTTP {status}")
            _, content = _request(a, "GET", standings, None, {"Cookie": f"{director}; csrftoken={csrf}"})
            wanted = _shown_version(content)
            if wanted < 0:
                raise RuntimeError("probe: the standings page carries no data-results-version")
            while _shown_version(_request(b, "GET", standings, None, {})[1]) < wanted:
                if time.perf_counter() - acknowledged > PROBE_GIVE_UP:
                    raise RuntimeError(f"probe: not shown on the other instance after {PROBE_GIVE_UP:.0f} s")
                time.sleep(0.01)
            delays.append(time.perf_counter() - acknowledged)
        except (OSError, RuntimeError) as exc:
            with stats.lock:
                stats.errors.append(str(exc))
        time.sleep(0.5)


def _percentile(values: list[float], p: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))
    return ordered[index]


def _wait_ready(port: int, proc: subprocess.Popen[bytes], timeout: float = 30) -> None:
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"gunicorn exited with status {proc.returncode}")
        try:
            status, _ = _request(port, "GET", "/", None, {})
            if status < 500:
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("gunicorn did not answer within 30 s")


REDIS_BENCH_DB = 9  # the Redis database the load test empties and uses (REDIS_URL's host, this number)


def _redis_url(base: str) -> str:
    parsed = urllib.parse.urlparse(base or "redis://127.0.0.1:6379/0")
    return urllib.parse.urlunparse(parsed._replace(path=f"/{REDIS_BENCH_DB}"))


def _redis_flush(url: str) -> None:
    import redis

    redis.Redis.from_url(url, socket_connect_timeout=2).flushdb()


def bench_load(
    report: Any,
    *,
    db: str,
    pg_url: str,
    sections: int,
    requests: int,
    seconds: float,
    clients: int,
    cache: str = "database",
    instances: int = 2,
    code: str = AUCTION,
    scratch: str = "",
) -> None:
    """The load test on a scratch database: ``instances`` gunicorn processes on their own ports, standing
    for as many hosts (they share nothing but the database and the cache: Django's database cache, or Redis
    with ``cache="redis"`` at REDIS_URL's host). ``code``: the event's, the synthetic auction event or
    ``"contract"`` (matchpoints, ranked across the field). ``scratch``: the PostgreSQL database's name,
    created and dropped (two runs at once need two names; by default ``kalamazoo_bench``, with
    ``_contract`` for the contract event)."""
    scratch = scratch or ("kalamazoo_bench_contract" if code == CONTRACT else "kalamazoo_bench")
    if not re.fullmatch(r"[a-z_][a-z0-9_]*", scratch):
        raise ValueError(f"scratch: not a plain database name: {scratch!r}")
    tmp = None
    db_url = ""
    created_pg = False
    group = f"load ({db}, {cache} cache{', contract matchpoints' if code == CONTRACT else ''})"
    cache_env: dict[str, str] = {"REDIS_URL": ""}
    if cache == "redis":
        url = _redis_url(os.environ.get("REDIS_URL", ""))
        try:
            _redis_flush(url)
        except Exception as exc:
            report.add(group, "HTTP load", None, note=f"Redis not reachable at {url}: {exc}"[:160])
            return
        cache_env = {"REDIS_URL": url}
    try:
        if db == "postgres":
            db_url = _pg_db_url(pg_url, scratch)
            try:
                _pg_admin(pg_url, f"DROP DATABASE IF EXISTS {scratch} WITH (FORCE)")
                _pg_admin(pg_url, f"CREATE DATABASE {scratch}")
                created_pg = True
            except Exception as exc:
                report.add(
                    group, "HTTP load", None, note=f"PostgreSQL not reachable at {pg_url}: {exc}"[:160]
                )
                return
        else:
            tmp = tempfile.TemporaryDirectory(prefix="kalamazoo-bench-load-")
            db_url = f"sqlite:///{tmp.name}/load.sqlite3"
        start = time.perf_counter()
        setup = _run_json(["setup", "--sections", str(sections), "--code", code], db_url)
        report.add(
            group,
            f"set-up: {setup['tables']} tables, {setup['entered']:,} results in",
            time.perf_counter() - start,
            "s",
        )
        _drive(
            report,
            group,
            {**_env(db_url), **cache_env},
            setup,
            requests=requests,
            seconds=seconds,
            clients=clients,
            instances=instances,
        )
    finally:
        if tmp is not None:
            tmp.cleanup()
        if created_pg:
            with contextlib.suppress(Exception):
                _pg_admin(pg_url, f"DROP DATABASE IF EXISTS {scratch} WITH (FORCE)")


def _start(env: dict[str, str], log: Any) -> tuple[int, subprocess.Popen[bytes]]:
    """One instance: gunicorn with two workers on a port of its own."""
    port = _free_port()
    cmd = [sys.executable, "-m", "gunicorn", "config.wsgi", "--workers", "2", "--bind", f"{HOST}:{port}"]
    cmd += ["--log-level", "warning", "--timeout", "120"]
    return port, subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)


def _stop(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def _run_clients(
    env: dict[str, str],
    log: Any,
    setup: dict[str, Any],
    *,
    requests: int,
    seconds: float,
    clients: int,
    instances: int,
) -> _Outcome:
    """Start the instances, run the clients' process against them, stop the instances."""
    started = [_start(env, log) for _ in range(instances)]
    try:
        for port, proc in started:
            _wait_ready(port, proc)
        # The clients run in a process of their own (a small, fresh heap), not as threads of the bench's
        # process, which holds what the other benchmarks built.
        probes = setup["targets"][: len(setup["targets"]) // 10]
        spec = {
            "ports": [port for port, _ in started],
            "event": setup["event"],
            "code": setup["code"],
            "boards": setup["boards"],
            "targets": setup["targets"][len(probes) :],
            "probe_targets": probes,
            "director": setup["director"],
            "tokens": setup["tokens"],
            "requests": requests,
            "seconds": seconds,
            "clients": clients,
        }
        ran = subprocess.run(
            [sys.executable, "-m", "bench.load", "clients"],
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            input=json.dumps(spec),
            capture_output=True,
            text=True,
            timeout=seconds + 120,
        )
        if ran.returncode != 0:
            raise RuntimeError(f"bench.load clients failed: {ran.stderr.strip()[-2000:]}")
        return _Outcome(json.loads(ran.stdout))
    finally:
        for _, proc in started:
            _stop(proc)


def _drive(
    report: Any,
    group: str,
    env: dict[str, str],
    setup: dict[str, Any],
    *,
    requests: int,
    seconds: float,
    clients: int,
    instances: int,
) -> None:
    with tempfile.TemporaryFile() as log:
        stats = _run_clients(
            env, log, setup, requests=requests, seconds=seconds, clients=clients, instances=instances
        )
        log.seek(0)
        server_log = log.read().decode(errors="replace").strip()
    _report(report, group, stats, clients=clients, instances=instances)
    lost = _report_lost(report, group, stats, setup, env)
    if server_log and (stats.errors or lost):
        print("gunicorn log (tail):\n" + server_log[-3000:], file=sys.stderr)


def _report(report: Any, group: str, stats: _Outcome, *, clients: int, instances: int) -> None:
    done = sum(len(v) for v in stats.latencies.values())
    everything = stats.latencies["read"] + stats.latencies["write"]
    rps = done / stats.elapsed if stats.elapsed else 0.0
    where = f"{instances} instances x 2 workers"
    report.add(
        group,
        f"{clients} clients, {where}, {done:,} requests in {stats.elapsed:.1f} s",
        rps,
        "requests/s",
        ">= 300",
        rps >= 300,
    )
    p95 = _percentile(everything, 95) * 1000
    report.add(group, "p50", _percentile(everything, 50) * 1000, "ms")
    report.add(group, "p95", p95, "ms", "<= 250 ms", p95 <= 250)
    report.add(group, "p99", _percentile(everything, 99) * 1000, "ms")
    for kind in ("read", "write"):
        values = stats.latencies[kind]
        report.add(
            group,
            f"{kind}s: {len(values):,}, p50 / p95",
            f"{_percentile(values, 50) * 1000:.0f} / {_percentile(values, 95) * 1000:.0f}",
            "ms",
        )
    if instances > 1:
        delays = stats.delays
        p95_delay = _percentile(delays, 95) * 1000
        report.add(
            group,
            f"written on one instance, shown on the other's standings ({len(delays)} probes): p50 / p95",
            f"{_percentile(delays, 50) * 1000:.0f} / {p95_delay:.0f}",
            "ms",
            "p95 <= 1000 ms",
            bool(delays) and p95_delay <= 1000,
        )
    report.add(
        group,
        "errors",
        len(stats.errors),
        "",
        "0",
        not stats.errors,
        "; ".join(sorted(set(stats.errors))[:3])[:200],
    )


def _report_lost(report: Any, group: str, stats: _Outcome, setup: dict[str, Any], env: dict[str, str]) -> int:
    stored = _run_json(["count", "--event", str(setup["event"])], env["DATABASE_URL"])
    acked = set(stats.acknowledged)
    held = set(stored["changed"]) & set(stored["entered"])
    lost = len(acked - held)
    report.add(
        group,
        f"results lost ({len(acked)} acknowledged, {len(held)} stored)",
        lost,
        "",
        "0",
        lost == 0,
        f"{len(set(stored['changed']) - acked)} stored but not acknowledged (the probe's among them)",
    )
    return lost


# ----------------------------------------------------------------------------- subprocess entry points


def _setup(sections: int, code: str) -> dict[str, Any]:
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)
    call_command("createcachetable", verbosity=0)
    return event_setup(sections=sections, code=code)


def event_setup(*, sections: int, code: str) -> dict[str, Any]:
    """The load's event (``sections`` Mitchells, rounds 1-12 in; a contract matchpoint one for ``code``
    "contract"), a link per table, the bench's director, and the round-13 plays to write, shuffled."""
    from bench import synth
    from duplicate import services
    from duplicate.models import Section

    event = synth.event_build(sections=sections, name="Bench load")
    last = len(synth.base_movement().rounds)
    entered = synth.results_write(event, skip_rounds=[last])
    if code == CONTRACT:
        synth.contract_matchpoints(event)
    tokens: dict[str, str] = {}
    for section in Section.objects.filter(event=event):
        for table in range(1, section.tables + 1):
            tokens[f"{section.letter}/{table}"] = services.table_token_create(
                section=section, table=table
            ).secret
    targets = [
        {"pk": pk, "token": f"{letter}/{table}", "ns": ns, "ew": ew}
        for pk, letter, table, ns, ew in synth.iter_plays_of_round(event, last)
    ]
    random.Random(5).shuffle(targets)
    from django.contrib.auth import get_user_model

    director = {"username": "bench-td", "password": secrets.token_urlsafe(16)}
    get_user_model().objects.create_user(**director, is_staff=True)
    return {
        "director": director,
        "event": event.pk,
        "code": event.code,
        "tables": sections * synth.TABLES,
        "entered": entered,
        "boards": list(event.boards.values_list("number", flat=True)),
        "tokens": tokens,
        "targets": targets,
    }


def _count(event_id: int) -> dict[str, Any]:
    import django

    django.setup()
    from duplicate.models import Play, PlayChange

    return {
        "changed": sorted(
            set(PlayChange.objects.filter(play__event_id=event_id).values_list("play_id", flat=True))
        ),
        "entered": list(
            Play.objects.filter(event_id=event_id, entered=True, version__gte=1).values_list("pk", flat=True)
        ),
    }


def main(argv: list[str]) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="bench.load")
    sub = parser.add_subparsers(dest="cmd", required=True)
    p_setup = sub.add_parser("setup")
    p_setup.add_argument("--sections", type=int, default=40)
    p_setup.add_argument("--code", choices=(AUCTION, CONTRACT), default=AUCTION)
    p_count = sub.add_parser("count")
    p_count.add_argument("--event", type=int, required=True)
    sub.add_parser("clients")  # the spec as JSON on stdin
    args = parser.parse_args(argv)
    if args.cmd == "clients":
        print(json.dumps(_clients(json.load(sys.stdin))))
        return 0
    if not os.environ.get("DATABASE_URL"):
        raise SystemExit("bench.load: DATABASE_URL must name the scratch database")
    out = _setup(args.sections, args.code) if args.cmd == "setup" else _count(args.event)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

__all__ = ["bench_load"]
