"""The benchmark harness: ``make bench`` -> ``python manage.py bench`` -> ``python -m bench.run``.

Builds synthetic events in a throwaway database (a temporary SQLite file; a scratch PostgreSQL database for
the HTTP load test), measures, prints a table (metric, value, target, pass/miss) and writes
``bench/results.json``. Never touches the developer's database: DATABASE_URL is set here, before Django
starts, and the settings module is ``bench.settings``.

    python -m bench.run [--quick] [--output FILE] [--load-db postgres|sqlite|none] [--pg-url URL]

``--quick`` runs small sizes (one and three sections, a short load) for a look or the smoke test.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUTPUT = ROOT / "bench" / "results.json"
PG_URL = "postgres://postgres@127.0.0.1:5432/"
PG_DB = "kalamazoo_bench"


@dataclass
class Row:
    group: str
    metric: str
    value: float | int | str | None
    unit: str = ""
    target: str = ""
    ok: bool | None = None  # None: no target (a figure for the record) or not available
    note: str = ""

    @property
    def verdict(self) -> str:
        if self.value is None or self.value == "not available":
            return "n/a"
        return "" if self.ok is None else ("pass" if self.ok else "MISS")


@dataclass
class Report:
    rows: list[Row] = field(default_factory=list)
    info: dict[str, Any] = field(default_factory=dict)

    def add(self, *args: Any, **kwargs: Any) -> Row:
        row = Row(*args, **kwargs)
        self.rows.append(row)
        print(f"  {row.group}: {row.metric}: {_fmt(row.value)} {row.unit} {row.verdict}".rstrip(), flush=True)
        return row

    def table(self) -> str:
        head = ("metric", "value", "target", "")
        lines = [
            (f"{r.group}: {r.metric}", f"{_fmt(r.value)} {r.unit}".strip(), r.target, r.verdict)
            for r in self.rows
        ]
        widths = [max(len(x[i]) for x in [head, *lines]) for i in range(4)]
        out = ["  ".join(h.ljust(w) for h, w in zip(head, widths, strict=True)).rstrip()]
        out.append("  ".join("-" * w for w in widths))
        for line in lines:
            out.append("  ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)).rstrip())
        return "\n".join(out)


def _fmt(value: Any) -> str:
    if value is None:
        return "not available"
    if isinstance(value, float):
        if value >= 1000:
            return f"{value:,.0f}"
        if value >= 10:
            return f"{value:.1f}"
        return f"{value:.3g}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


def timed(fn: Callable[[], Any], repeats: int = 1) -> tuple[float, Any]:
    """Best wall time of ``repeats`` calls (seconds) and the last result."""
    best, result = float("inf"), None
    for _ in range(repeats):
        gc.collect()
        start = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - start)
    return best, result


# ------------------------------------------------------------------------------------------ sections


def bench_engine(report: Report, quick: bool) -> None:
    from scoring import bench as engine

    result = engine.run(n=10_000 if quick else engine.DEALS, repeats=1 if quick else 3)
    report.add(
        "engine",
        "mixed workload",
        result.per_second,
        "deals/s",
        ">= 200,000",
        result.per_second >= 200_000,
        f"{result.deals} deals, best of runs",
    )
    report.add("engine", "bare-lookup floor", result.floor_per_second, "lookups/s")
    report.add("engine", "ratio floor / engine", result.ratio, "x")
    report.add("engine", "JSON path (parse_request + score)", result.json_per_second, "deals/s")
    # A 7-table Howell made from nothing (its strong starter searched afresh): what a director waits for.
    from scoring.movements import generators, howell

    def howell_cold() -> None:
        generators._strong_starter.cache_clear()
        howell(7, 2)

    seconds, _ = timed(howell_cold, 5)
    report.add("engine", "7-table Howell generated (cold)", seconds * 1000, "ms", "<= 50 ms", seconds <= 0.05)
    bench_swiss_draw(report)


def bench_swiss_draw(report: Report) -> None:
    """Round 5 of a 200-team Swiss (issue 33: at most 1 s): round 1 shuffled, rounds 2-4 drawn from random
    tables, round 5's from another (four rounds met), best of 3: the networkx matching in its widening rank
    window (docs/laws.md, "Swiss: the draw")."""
    import random

    from scoring.contests.swiss import first_draw, swiss_draw

    rng = random.Random(33)
    teams = list(range(1, 201))
    draw = first_draw(teams, seeded=False, rng=rng)  # type: ignore[arg-type]
    met: set[frozenset[int]] = set()
    for round_ in range(2, 6):
        met |= {frozenset((m.home, m.away)) for m in draw.tables if m.away is not None}
        rng.shuffle(teams)
        draw = swiss_draw(teams, met=met, byes=(), round=round_)
    seconds, _ = timed(lambda: swiss_draw(teams, met=met, byes=(), round=5), 3)
    report.add(
        "engine", "Swiss draw, 200 teams", seconds * 1000, "ms", "<= 1,000 ms", seconds <= 1.0, "round 5"
    )


@dataclass
class Built:
    label: str
    event: Any
    results: int


def bench_import(report: Report, sizes: list[int], *, largest: bool = False) -> dict[int, Built]:
    """For each size (sections of 13 tables): the event built through the services, its results written the
    import's way (result_fields + one bulk write); and ``event_import`` of the same event as one event file;
    with ``largest``, the largest event file (:func:`bench_largest_import`)."""
    from bench import synth
    from duplicate.services.eventfile import event_import
    from scoring.movements import MAX_SECTION_TABLES

    built: dict[int, Built] = {}
    for sections in sizes:
        tables = sections * synth.TABLES
        label = f"{tables} tables"
        seconds, event = timed(lambda s=sections: synth.event_build(sections=s, name=f"Bench {s}"))
        report.add("import", f"{label}: set-up ({sections} sections, services)", seconds, "s")
        seconds, count = timed(lambda e=event: synth.results_write(e))
        report.add(
            "import",
            f"{label}: {count:,} results written (result_fields + store)",
            count / seconds,
            "results/s",
            note=f"{seconds:.2f} s",
        )
        built[sections] = Built(label, event, count)
        if tables > MAX_SECTION_TABLES:
            continue  # an event file holds one section: past a section's limits it is refused, as it should be
        data = synth.event_file(sections=sections)
        n = len(data["results"])
        seconds, imported = timed(lambda d=data: event_import(data=d))
        report.add(
            "import",
            f"{label}: event_import of the event file ({n:,} results, set-up included)",
            n / seconds,
            "results/s",
            note=f"{seconds:.2f} s; one section (custom movement): the event file holds one section",
        )
        imported.delete()
        event.refresh_from_db()
    if largest:
        bench_largest_import(report)
    return built


def bench_largest_import(report: Report) -> None:
    """The largest event file an import takes (a section's limits: a 100-table Mitchell at 2 boards a round,
    20,000 results), parsed and loaded as the import page does (over BACKGROUND_RESULTS, in the background)."""
    from bench import synth
    from duplicate.services.eventfile import event_import, parse_json
    from scoring.movements import MAX_SECTION_TABLES

    text = json.dumps(synth.event_file(sections=1, tables=MAX_SECTION_TABLES))
    seconds, imported = timed(lambda: event_import(data=parse_json(text)))
    n = imported.plays.filter(entered=True).count()
    report.add(
        "import",
        f"the largest event file: parse_json + event_import ({MAX_SECTION_TABLES} tables, {n:,} results)",
        seconds,
        "s",
        note=f"{len(text) / 2**20:.1f} MB; {n / seconds:,.0f} results/s",
    )
    imported.delete()


def _floor_fetch(event: Any) -> Callable[[], int]:
    """The bare cursor fetch of the standings' own query (same SQL, same rows, no Python work)."""
    from django.db import connection

    from duplicate.selectors.standings import contest_plays

    sql, params = contest_plays(event).query.sql_with_params()

    def fetch() -> int:
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            return len(cursor.fetchall())

    return fetch


def bench_standings(report: Report, built: dict[int, Built], quick: bool) -> None:
    """The full recompute (the plays read, law H worked out, every ranking made) against the bare fetch of
    the same rows, and a result written then the standings worked out again."""
    import random

    from bench import synth
    from duplicate import services
    from duplicate.models import Play
    from duplicate.selectors import standings

    repeats = 3
    for sections, b in built.items():
        event = b.event
        floor_s, rows = timed(_floor_fetch(event), repeats)
        full_s, _ = timed(lambda e=event: standings.pair_standings(e), repeats)
        big = sections == max(built)
        report.add(
            "standings",
            f"{b.label} ({rows:,} results): full recompute (pair_standings: pairs, plays, law H, rankings)",
            full_s * 1000,
            "ms",
            "<= 1000 ms" if big else "",
            (full_s <= 1.0) if big else None,
        )
        report.add("standings", f"{b.label}: floor (bare cursor fetch)", floor_s * 1000, "ms")
        ratio = full_s / floor_s
        report.add(
            "standings",
            f"{b.label}: ratio recompute / floor",
            ratio,
            "x",
            "<= 2.5x" if big else "",
            (ratio <= 2.5) if big else None,
        )
        # One new result through the real write service, then the standings worked out again; seven times,
        # each on another board, the median reported.
        rng = random.Random(7)
        writer = services.Writer(name="bench", is_director=True)
        writes: list[float] = []
        for board in range(1, 8):
            plays = Play.objects.filter(event=event, board__number=board).order_by("pk")
            play = plays.filter(entered=False).first() or plays.first()
            if play is None:
                continue
            data = synth.result_data(rng)
            while "ruling" in data:
                data = synth.result_data(rng)
            start = time.perf_counter()
            services.play_result_save(play=play, data=data, writer=writer, expected_version=play.version)
            writes.append(time.perf_counter() - start)
        write_s = sorted(writes)[len(writes) // 2]
        report.add("standings", f"{b.label}: one result write (play_result_save)", write_s * 1000, "ms")


@contextmanager
def _as_contract(event: Any) -> Iterator[list[tuple[int, str, str]]]:
    """The event matchpointed as contract bridge while inside (``synth.contract_matchpoints``: its stored
    N-S scores compared, A50/50s on board 1), then put back. Yields the ruled plays."""
    from bench import synth

    ruled = synth.contract_matchpoints(event)
    try:
        yield ruled
    finally:
        synth.contract_undo(event, ruled)


def bench_contract_standings(report: Report, built: dict[int, Built]) -> None:
    """Every event matchpointed as contract bridge (``_as_contract``): its standings and traveller pages,
    cold and warm, with their queries, the targets of the auction events' at 520 tables; and at the biggest
    size the full recompute through ``pair_standings``, then with an artificial score on every board (every
    board Neuberged), for information."""
    from duplicate.models import Play
    from duplicate.selectors import standings

    biggest = max(built)
    page_size = 40 if 40 in built else biggest  # the page targets are for the 520-table event
    counts: dict[str, dict[int, int]] = {}
    for sections, b in built.items():
        event = b.event
        with _as_contract(event) as ruled:
            if sections == biggest:
                seconds, st = timed(lambda e=event: standings.pair_standings(e), 3)
                report.add(
                    "standings",
                    f"{b.label}: contract matchpoints full recompute (A50/50s on board 1: Neuberg, percentages)",
                    seconds * 1000,
                    "ms",
                    "<= 1000 ms",
                    seconds <= 1.0,
                    f"{len(st.rows):,} pairs ranked",
                )
            _contract_pages(report, b, counts.setdefault(str(sections), {}), targets=sections == page_size)
            if sections == biggest:
                Play.objects.filter(pk__in=[pk for pk, _r, _o in ruled]).update(ruling="A50/50")
                seconds, _st = timed(lambda e=event: standings.pair_standings(e), 1)
                report.add(
                    "standings",
                    f"{b.label}: the same, an A50/50 on every board (every board Neuberged)",
                    seconds * 1000,
                    "ms",
                    note="exact Fractions on every board",
                )
    by_page: dict[str, dict[int, int]] = {}
    for sections, found in counts.items():
        for key, queries in found.items():
            by_page.setdefault(key, {})[int(sections)] = queries
    for key, by_size in by_page.items():
        if len(by_size) > 1:
            same = len(set(by_size.values())) == 1
            report.add(
                "pages",
                f"contract matchpoints {key}: queries by size "
                + ", ".join(f"{built[s].label}={n}" for s, n in by_size.items()),
                "same" if same else "differs",
                "",
                "independent of size",
                same,
            )


# A page measured worked out (cold) and from the cache (warm: the event's row read for the results version).
PAGE_STATES = ("cold", "warm")


def _page_get(client: Any, url: str, state: str) -> tuple[Any, float, int]:
    """One GET of ``url`` in ``state`` (``PAGE_STATES``): (response, seconds, queries besides the cache's)."""
    from django.core.cache import cache
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from duplicate.caching import cache_statement

    if state == "cold":
        cache.clear()
    else:
        client.get(url)
    with CaptureQueriesContext(connection) as ctx:
        start = time.perf_counter()
        response = client.get(url)
        seconds = time.perf_counter() - start
    return response, seconds, sum(1 for q in ctx.captured_queries if not cache_statement(q["sql"]))


def _measure_pages(
    report: Report, client: Any, b: Built, pages: dict[str, str], label: str, *, cold_target: bool
) -> dict[str, int]:
    """Each page of ``pages`` in each of ``PAGE_STATES``, reported; returns the queries of each ("name state")
    besides the cache's. The standings page has the issue's targets: <= 10 ms from the cache, and worked out
    <= 150 ms where ``cold_target`` (the 520-table event)."""
    counts: dict[str, int] = {}
    for name, url in pages.items():
        for state in PAGE_STATES:
            response, seconds, queries = _page_get(client, url, state)
            if response.status_code != 200:
                report.add("pages", f"{b.label}: {label}{name}", f"HTTP {response.status_code}", ok=False)
                break
            counts[f"{name} {state}"] = queries
            target, ok = "", None
            if name == "standings page" and state != "cold":
                target, ok = "<= 10 ms", seconds <= 0.010
            elif name == "standings page" and cold_target:
                target, ok = "<= 150 ms", seconds <= 0.150
            report.add(
                "pages",
                f"{b.label}: {label}{name} ({state})",
                seconds * 1000,
                "ms",
                target,
                ok,
                f"{queries} queries besides the cache's, {len(response.content) // 1024} KiB",
            )
    return counts


def _contract_pages(report: Report, b: Built, counts: dict[str, int], *, targets: bool) -> None:
    """The matchpointed event's standings and traveller pages, worked out (cold) and from the cache (warm),
    as the auction events' are measured (``bench_pages``), with their queries besides the cache's (into
    ``counts``); ``targets``: the auction events' page targets apply (the 520-table event)."""
    from django.test import Client

    client = Client()
    event = b.event
    pages = {
        "standings page": f"/events/{event.pk}/standings/",
        "traveller page": f"/events/{event.pk}/boards/1/",
    }
    for url in pages.values():
        client.get(url)  # the process's first page of each kind (templates, imports) not counted
    measured = _measure_pages(report, client, b, pages, "contract matchpoints ", cold_target=targets)
    counts.update(measured)


def bench_pages(report: Report, built: dict[int, Built]) -> None:
    from django.test import Client

    from duplicate.models import Pair

    client = Client()
    counts: dict[str, dict[int, int]] = {}
    page_size = 40 if 40 in built else max(built)  # the target is for the 520-table event
    for sections, b in built.items():
        event = b.event
        pair = Pair.objects.filter(event=event).order_by("pk").first()
        pages = {
            "standings page": f"/events/{event.pk}/standings/",
            "traveller page": f"/events/{event.pk}/boards/1/",
            "score card page": f"/events/{event.pk}/pairs/{pair.number}/",
        }
        measured = _measure_pages(report, client, b, pages, "", cold_target=sections == page_size)
        for key, queries in measured.items():
            counts.setdefault(key, {})[sections] = queries
    for key, by_size in counts.items():
        if len(by_size) > 1:
            same = len(set(by_size.values())) == 1
            report.add(
                "pages",
                f"{key}: queries by size " + ", ".join(f"{built[s].label}={n}" for s, n in by_size.items()),
                "same" if same else "differs",
                "",
                "independent of size" if key.startswith("standings") else "",
                same if key.startswith("standings") else None,
            )


def _export(name: str) -> Callable[..., Any] | None:
    """``duplicate.files.<name>`` if the outputs issue has built it (None: the row says not available)."""
    import importlib

    try:
        module = importlib.import_module("duplicate.files")
    except ImportError:
        return None
    fn = getattr(module, name, None)
    return fn if callable(fn) else None


def bench_outputs(report: Report, built: dict[int, Built]) -> None:
    """Travellers PDF of a one-section (13-table) event; the xlsx workbook of the biggest event, both through
    ``duplicate.files`` (``travellers_file``, ``workbook_file``), cold standings cache as after a write."""
    from django.core.cache import cache

    small = built[min(built)]
    big = built[max(built)]
    cases = [
        (
            "travellers_file",
            f"travellers PDF, {small.label} ({small.results:,} results)",
            small,
            ("pdf",),
            1.0,
        ),
        ("workbook_file", f"xlsx workbook, {big.label} ({big.results:,} results)", big, (), 10.0),
    ]
    for name, label, b, extra, limit in cases:
        fn = _export(name)
        target = f"<= {limit:g} s"
        if fn is None:
            report.add("outputs", label, None, "", target, note=f"duplicate.files.{name} not built yet")
            continue

        def make(fn: Callable[..., Any] = fn, b: Built = b, extra: tuple[str, ...] = extra) -> bytes:
            cache.clear()
            return bytes(fn(b.event, *extra))

        try:
            seconds, out = timed(make)
        except Exception as exc:  # a piece still being built: report it and keep going
            report.add("outputs", label, None, "", target, note=f"error: {exc!r}"[:160])
            continue
        report.add("outputs", label, seconds, "s", target, seconds <= limit, f"{len(out) // 1024} KiB")


# ---------------------------------------------------------------------------------------------- main


def _configure(db_path: Path) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{db_path}"
    os.environ["DJANGO_SETTINGS_MODULE"] = "bench.settings"
    os.environ["DEBUG"] = "0"
    os.environ.setdefault("LOG_LEVEL", "ERROR")
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)
    call_command("createcachetable", verbosity=0)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="small sizes: a quick look, and the smoke test")
    parser.add_argument(
        "--output", "-o", default=str(DEFAULT_OUTPUT), help="results JSON (default bench/results.json)"
    )
    parser.add_argument(
        "--load-db",
        choices=("postgres", "sqlite", "none"),
        default=None,
        help="database of the HTTP load test (default: postgres; sqlite with --quick)",
    )
    parser.add_argument(
        "--pg-url", default=os.environ.get("BENCH_PG_URL", PG_URL), help="PostgreSQL server URL"
    )
    parser.add_argument(
        "--requests", type=int, default=None, help="load test: requests in all (default 9000)"
    )
    parser.add_argument("--seconds", type=float, default=None, help="load test: time bound (default 60)")
    parser.add_argument(
        "--clients", type=int, default=None, help="load test: concurrent clients (default 50)"
    )
    parser.add_argument(
        "--skip",
        default="",
        help="comma-separated sections to skip: engine,peer,import,standings,pages,outputs,public,load,loadcontract "
        "(peer: Kalamazoo's pure scoring against bridge-scorer under node; public: every public page of the largest allowed event, cold; load: the auction event's load runs; "
        "loadcontract: the contract event's)",
    )
    return parser.parse_args(argv)


def load_runs(*, quick: bool, skip: set[str]) -> list[tuple[str, str]]:
    """The HTTP load runs, (event code, cache) each: the auction event with the database cache, then Redis
    (``load``; --quick: the database cache only); a full run then the contract matchpoint event with the
    database cache (``loadcontract``)."""
    from bench import load

    runs: list[tuple[str, str]] = []
    if "load" not in skip:
        runs += [(load.AUCTION, cache) for cache in (("database",) if quick else ("database", "redis"))]
    if "loadcontract" not in skip and not quick:
        runs.append((load.CONTRACT, "database"))
    return runs


def _reference_ms() -> float:
    """The machine's speed now: best of 5 of a fixed pure-Python loop (ms). A shared 2-core machine moves by
    up to 2x within an hour; the figures of two runs compare only next to this."""
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        sum(i * i for i in range(1_000_000))
        best = min(best, time.perf_counter() - start)
    return best * 1000


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    skip = {s.strip() for s in args.skip.split(",") if s.strip()}
    sizes = [1, 3] if args.quick else [1, 40, 154]
    report = Report()
    report.info = {
        "quick": args.quick,
        "python": platform.python_version(),
        "machine": platform.platform(),
        "cpus": os.cpu_count(),
        "started": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "load_average_at_start": [round(x, 2) for x in os.getloadavg()],
        "sizes": {f"{s * 13} tables": {"sections": s, "results": s * 13 * 26} for s in sizes},
    }
    started = time.perf_counter()
    speed_at_start = _reference_ms()
    with tempfile.TemporaryDirectory(prefix="kalamazoo-bench-") as tmp:
        print(f"bench: throwaway SQLite database in {tmp}", flush=True)
        _configure(Path(tmp) / "bench.sqlite3")
        if "engine" not in skip:
            print("engine ...", flush=True)
            bench_engine(report, args.quick)
        if "peer" not in skip:
            from bench.peer import bench_peer

            print("peer (bridge-scorer, node) ...", flush=True)
            bench_peer(report.add, quick=args.quick)
        built: dict[int, Built] = {}
        if not skip >= {"import", "standings", "pages", "outputs"}:
            print("import ...", flush=True)
            built = bench_import(report, sizes, largest=not args.quick)
        if built and "standings" not in skip:
            print("standings ...", flush=True)
            bench_standings(report, built, args.quick)
            bench_contract_standings(report, built)
        if built and "pages" not in skip:
            print("pages ...", flush=True)
            bench_pages(report, {s: b for s, b in built.items()})
        if built and "outputs" not in skip:
            print("outputs ...", flush=True)
            bench_outputs(report, built)
        if "public" not in skip:
            from bench.public import bench_public

            print("public pages of the largest allowed event ...", flush=True)
            bench_public(report.add, tables=13 if args.quick else 100)
    load_db = args.load_db or ("sqlite" if args.quick else "postgres")
    if load_db != "none":
        from bench import load

        # Two instances standing for two hosts, sharing the database and the cache: Django's database cache,
        # then Redis (a full run; skipped with a note where no Redis answers); then (a full run) the contract
        # matchpoint event of the same shape, with the database cache.
        for code, cache in load_runs(quick=args.quick, skip=skip):
            print(f"HTTP load ({load_db}, {cache} cache, {code}) ...", flush=True)
            load.bench_load(
                report,
                db=load_db,
                pg_url=args.pg_url,
                sections=1 if args.quick else 40,
                requests=args.requests or (200 if args.quick else 9000),
                seconds=args.seconds or (20.0 if args.quick else 60.0),
                clients=args.clients or (10 if args.quick else 50),
                cache=cache,
                code=code,
            )
    report.info["seconds"] = round(time.perf_counter() - started, 1)
    report.info["load_average_at_end"] = [round(x, 2) for x in os.getloadavg()]
    speed_at_end = _reference_ms()
    report.info["reference_loop_ms"] = [round(speed_at_start, 1), round(speed_at_end, 1)]
    report.add(
        "machine",
        "reference loop (sum of 10**6 squares), at start / at end",
        f"{speed_at_start:.0f} / {speed_at_end:.0f}",
        "ms",
        note="the machine's speed during the run: compare two runs' figures only next to it",
    )
    print()
    print(report.table())
    print(
        f"\n(total {report.info['seconds']} s; load average at start {report.info['load_average_at_start']}, "
        f"at end {report.info['load_average_at_end']} on {os.cpu_count()} CPUs; reference loop "
        f"{speed_at_start:.0f} ms at start, {speed_at_end:.0f} ms at end)"
    )
    out = Path(args.output)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(
        json.dumps(
            {"info": report.info, "rows": [{**asdict(r), "verdict": r.verdict} for r in report.rows]},
            indent=2,
        )
        + "\n"
    )
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
