"""HTTP under load: gunicorn (2 workers) on a scratch database, concurrent clients on loopback.

The event is the 520-table one (40 sections of a 13-table Mitchell) in progress: rounds 1-12 in, round 13
being entered. 90% of the requests read (half the standings page, half a traveller of a random board); 10%
write a round-13 result through the table's own link (``/t/<secret>/``, a form POST with the CSRF cookie and
field, as the players' phones do), each write a different board at a different table, so every write must be
acknowledged (302). Bounded in count and time. Afterwards the database is asked which writes it holds
(PlayChange rows and entered Play rows of the acknowledged boards): results lost = acknowledged - stored.

The set-up and the count run in subprocesses (``python -m bench.load setup|count``) with DATABASE_URL of the
scratch database, the clients in one of their own (``python -m bench.load clients``: a fresh heap, whatever
the bench built before); gunicorn is always stopped (try/finally), and the scratch PostgreSQL database
dropped.
"""

from __future__ import annotations

import http.client
import json
import os
import random
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


def _client(port: int, stats: Stats, event_id: int, boards: list[int], seed: int) -> None:
    """One client: a thread of ``http.client`` requests, each on a new connection."""
    rng = random.Random(seed)
    csrf = "".join(rng.choice(string.ascii_letters + string.digits) for _ in range(32))
    while stats.take():
        kind, target, method, path, body, headers = _plan(stats, rng, csrf, event_id, boards)
        start = time.perf_counter()
        try:
            status, _content = _request(port, method, path, body, headers)
        except OSError as exc:
            with stats.lock:
                stats.errors.append(f"{method} {path}: {exc!r}")
            continue
        elapsed = time.perf_counter() - start
        with stats.lock:
            stats.latencies[kind].append(elapsed)
            if kind == "write" and status in (301, 302, 303, 200):
                stats.acknowledged.append(target["pk"])
            elif not 200 <= status < 400:
                stats.errors.append(f"{method} {path}: HTTP {status}")


def _plan(stats: Stats, rng: random.Random, csrf: str, event_id: int, boards: list[int]) -> tuple[Any, ...]:
    """The next request of a client: (kind, target, method, path, body, headers)."""
    target = stats.next_target() if rng.random() < 0.10 else None
    if target is not None:
        pk = target["pk"]
        prefix = f"b{pk}"
        level = rng.choice((1, 2, 3, 4))
        form = {
            "csrfmiddlewaretoken": csrf,
            "play": str(pk),
            f"{prefix}-version": "0",
            f"{prefix}-ns": target["ns"],
            f"{prefix}-ew": target["ew"],
            f"{prefix}-level": str(level),
            f"{prefix}-strain": rng.choice(("C", "D", "H", "S", "NT")),
            f"{prefix}-declarer": rng.choice("NESW"),
            f"{prefix}-tricks": str(6 + level + rng.choice((-1, 0, 0, 1))),
        }
        body = urllib.parse.urlencode(form).encode()
        headers = {"Content-Type": "application/x-www-form-urlencoded", "Cookie": f"csrftoken={csrf}"}
        return "write", target, "POST", f"/t/{stats.tokens[target['token']]}/", body, headers
    if rng.random() < 0.5:
        path = f"/events/{event_id}/standings/"
    else:
        path = f"/events/{event_id}/boards/{rng.choice(boards)}/"
    return "read", None, "GET", path, None, {}


class _Outcome:
    """What the clients' process reports (see :func:`_clients`)."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.latencies: dict[str, list[float]] = data["latencies"]
        self.errors: list[str] = data["errors"]
        self.acknowledged: list[int] = data["acknowledged"]
        self.elapsed: float = data["elapsed"]


def _clients(spec: dict[str, Any]) -> dict[str, Any]:
    """The load's clients (``python -m bench.load clients``, the spec on stdin): threads of ``http.client``
    requests until the count or the time runs out; their latencies, errors and acknowledged writes."""
    stats = Stats(spec["requests"], 0.0, list(reversed(spec["targets"])), spec["tokens"])
    start = time.perf_counter()
    stats.deadline = start + spec["seconds"]
    threads = [
        threading.Thread(
            target=_client, args=(spec["port"], stats, spec["event"], spec["boards"], 1000 + i), daemon=True
        )
        for i in range(spec["clients"])
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=spec["seconds"] + 60)
    return {
        "latencies": stats.latencies,
        "errors": stats.errors,
        "acknowledged": stats.acknowledged,
        "elapsed": time.perf_counter() - start,
    }


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


def bench_load(
    report: Any, *, db: str, pg_url: str, sections: int, requests: int, seconds: float, clients: int
) -> None:
    tmp = None
    db_url = ""
    created_pg = False
    group = f"load ({db})"
    try:
        if db == "postgres":
            db_url = _pg_db_url(pg_url, "kalamazoo_bench")
            try:
                _pg_admin(pg_url, "DROP DATABASE IF EXISTS kalamazoo_bench WITH (FORCE)")
                _pg_admin(pg_url, "CREATE DATABASE kalamazoo_bench")
                created_pg = True
            except Exception as exc:  # noqa: BLE001 - no PostgreSQL here: say so and keep going
                report.add(
                    group, "HTTP load", None, note=f"PostgreSQL not reachable at {pg_url}: {exc}"[:160]
                )
                return
        else:
            tmp = tempfile.TemporaryDirectory(prefix="kalamazoo-bench-load-")
            db_url = f"sqlite:///{tmp.name}/load.sqlite3"
        start = time.perf_counter()
        setup = _run_json(["setup", "--sections", str(sections)], db_url)
        report.add(
            group,
            f"set-up: {setup['tables']} tables, {setup['entered']:,} results in",
            time.perf_counter() - start,
            "s",
        )
        _drive(report, group, db_url, setup, requests=requests, seconds=seconds, clients=clients)
    finally:
        if tmp is not None:
            tmp.cleanup()
        if created_pg:
            try:
                _pg_admin(pg_url, "DROP DATABASE IF EXISTS kalamazoo_bench WITH (FORCE)")
            except Exception:  # noqa: BLE001, S110 - best effort
                pass


def _drive(
    report: Any,
    group: str,
    db_url: str,
    setup: dict[str, Any],
    *,
    requests: int,
    seconds: float,
    clients: int,
) -> None:
    port = _free_port()
    cmd = [
        sys.executable,
        "-m",
        "gunicorn",
        "config.wsgi",
        "--workers",
        "2",
        "--bind",
        f"{HOST}:{port}",
        "--log-level",
        "warning",
        "--timeout",
        "120",
    ]
    log = tempfile.TemporaryFile()
    # As in production (config/settings.py): the workers share one cache, here the scratch database's
    # cache table (or Redis when REDIS_URL is set).
    env = _env(db_url)
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        _wait_ready(port, proc)
        # The clients run in a process of their own (a small, fresh heap): as threads of the bench's own
        # process, which holds what the other benchmarks built, every collection of their garbage walked
        # millions of objects while holding all of them, and the clients, not the server, set the latencies.
        spec = {
            "port": port,
            "event": setup["event"],
            "boards": setup["boards"],
            "targets": setup["targets"],
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
        stats = _Outcome(json.loads(ran.stdout))
        elapsed = stats.elapsed
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    log.seek(0)
    server_log = log.read().decode(errors="replace").strip()
    log.close()
    done = sum(len(v) for v in stats.latencies.values())
    everything = stats.latencies["read"] + stats.latencies["write"]
    rps = done / elapsed if elapsed else 0.0
    report.add(
        group,
        f"{clients} clients, {done:,} requests in {elapsed:.1f} s",
        rps,
        "requests/s",
        ">= 300",
        rps >= 300,
    )
    p95 = _percentile(everything, 95) * 1000
    report.add(group, "p50", _percentile(everything, 50) * 1000, "ms")
    report.add(group, "p95", p95, "ms", "<= 200 ms", p95 <= 200)
    report.add(group, "p99", _percentile(everything, 99) * 1000, "ms")
    for kind in ("read", "write"):
        values = stats.latencies[kind]
        report.add(
            group,
            f"{kind}s: {len(values):,}, p50 / p95",
            f"{_percentile(values, 50) * 1000:.0f} / {_percentile(values, 95) * 1000:.0f}",
            "ms",
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
    stored = _run_json(["count", "--event", str(setup["event"])], db_url)
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
        f"{len(set(stored['changed']) - acked)} stored but not acknowledged",
    )
    if server_log and (stats.errors or lost):
        print("gunicorn log (tail):\n" + server_log[-3000:], file=sys.stderr)


# ----------------------------------------------------------------------------- subprocess entry points


def _setup(sections: int) -> dict[str, Any]:
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)
    call_command("createcachetable", verbosity=0)
    from bench import synth
    from duplicate import services
    from duplicate.models import Section

    event = synth.event_build(sections=sections, name="Bench load")
    last = len(synth.base_movement().rounds)
    entered = synth.results_write(event, skip_rounds=[last])
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
    return {
        "event": event.pk,
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
    p_count = sub.add_parser("count")
    p_count.add_argument("--event", type=int, required=True)
    sub.add_parser("clients")  # the spec as JSON on stdin
    args = parser.parse_args(argv)
    if args.cmd == "clients":
        print(json.dumps(_clients(json.load(sys.stdin))))
        return 0
    if not os.environ.get("DATABASE_URL"):
        raise SystemExit("bench.load: DATABASE_URL must name the scratch database")
    out = _setup(args.sections) if args.cmd == "setup" else _count(args.event)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

__all__ = ["bench_load"]
