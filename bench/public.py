"""Every public page and download of the largest event a section allows, worked out cold, as a visitor.

The largest allowed event (README, Running an event, "Limits"): one section of a 100-table Mitchell at 2
boards a round (200 pairs, 200 boards, 20,000 results, hands attached), every result in; and a team match
of 100 pairs a team (law G, 20,000 results) for the team match page and its downloads.  Each page or
download is asked for once with the cache emptied first (cold: what a visitor pays after every results
version, what an attacker asks for in a loop) and once more (from the cache), through Django's test
client, with its queries besides the cache's.  The venue display also at another ``?seconds=``: one cache
entry serves every cycle time.

    python -m bench.public [--database-url URL]    # alone (default: a temporary SQLite file)

``bench.run`` runs it as its ``public`` part on the bench's SQLite database.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TABLES = 100  # a section's most (scoring.movements.MAX_SECTION_TABLES)
COLD_TARGET = 2.0  # seconds: every public page and download, cold, at the largest allowed event
DISPLAY_TARGET = 1.0  # seconds: the venue display's cold build


def largest_pair_event(name: str = "Largest pairs", tables: int = TABLES) -> Any:
    """A 100-table Mitchell at 2 boards a round with hands, every result in, through the services."""
    from bench import synth

    event = synth.event_build(sections=1, name=name, tables=tables)
    synth.results_write(event)
    event.refresh_from_db()
    return event


def largest_team_match(name: str = "Largest team match", tables: int = TABLES) -> Any:
    """A team match (law G) of 100 pairs a team at 2 boards a round, every result in, through the services."""
    from bench import synth
    from duplicate import services

    movement = services.movement_build(kind="teams", tables=tables, boards_per_round=2)
    event = services.event_create(
        name=name,
        date=dt.date(1916, 3, 4),
        code=synth.CODE,
        kind="teams",
        movement=movement,
        deals=synth.deals(movement.boards),
    )
    synth.results_write(event)
    event.refresh_from_db()
    return event


def pair_event_pages(event: Any) -> dict[str, str]:
    """The pages and downloads a visitor reaches from a pair event's menus."""
    from duplicate.models import Pair

    pk = event.pk
    pair = Pair.objects.filter(event=event).order_by("pk").first()
    base = f"/events/{pk}"
    return {
        "overview": f"{base}/",
        "movement": f"{base}/movement/",
        "pairs": f"{base}/pairs/",
        "boards & hands": f"{base}/boards/",
        "standings": f"{base}/standings/",
        "traveller": f"{base}/boards/1/",
        "score card": f"{base}/pairs/{pair.number if pair else 1}/",
        "recap": f"{base}/recap/",
        "display": f"{base}/display/",
        "standings PDF": f"{base}/download/standings.pdf",
        "standings xlsx": f"{base}/download/standings.xlsx",
        "standings CSV": f"{base}/download/standings.csv",
        "travellers PDF": f"{base}/download/travellers.pdf",
        "score cards PDF": f"{base}/download/scorecards.pdf",
        "guide cards PDF": f"{base}/download/guide-cards.pdf",
        "hand records PDF": f"{base}/download/hand-records.pdf",
        "recap PDF": f"{base}/download/recap.pdf",
        "hands PBN": f"{base}/download/hands.pbn",
        "hands and results PBN": f"{base}/download/results.pbn",
        "results CSV": f"{base}/download/results.csv",
        "workbook xlsx": f"{base}/download/workbook.xlsx",
        "event file": f"{base}/export.json",
    }


def team_match_pages(event: Any) -> dict[str, str]:
    """A team match's own pages and downloads (the rest are the pair event's)."""
    base = f"/events/{event.pk}"
    return {
        "team match": f"{base}/match/",
        "team match PDF": f"{base}/download/standings.pdf",
        "team match xlsx": f"{base}/download/standings.xlsx",
        "team match overview": f"{base}/",
        "team match traveller": f"{base}/boards/1/",
    }


READY_SECONDS = 300.0  # the longest the bench waits for a file made in the background


def get(client: Any, url: str, *, cold: bool) -> tuple[int, float, int, int, float]:
    """(status, seconds, queries besides the cache's, bytes, seconds until ready) of one GET, the cache
    emptied first if ``cold``.  A download made in the background answers at once (HTTP 202, a page that
    reloads itself): it is asked for again every tenth of a second until it is ready, the last figure
    being the whole wait (the others are the first answer's)."""
    from django.core.cache import cache
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from duplicate.caching import cache_statement

    if cold:
        cache.clear()
    with CaptureQueriesContext(connection) as ctx:
        start = time.perf_counter()
        response = client.get(url)
        seconds = time.perf_counter() - start
    queries = sum(1 for q in ctx.captured_queries if not cache_statement(q["sql"]))
    status = response.status_code
    while response.status_code == 202 and time.perf_counter() - start < READY_SECONDS:
        time.sleep(0.1)
        response = client.get(url)
    ready = time.perf_counter() - start
    body = b"".join(response.streaming_content) if response.streaming else response.content
    return status, seconds, queries, len(body), ready


def measure(
    add: Callable[..., Any], client: Any, pages: dict[str, str], label: str
) -> list[tuple[str, float, float | None]]:
    """Each page cold, then again (from the cache, but for the pairs and boards pages), reported through
    ``add`` (``Report.add``'s arguments); returns (name, cold seconds, seconds until ready or None when it
    was not made in the background) of each."""
    colds: list[tuple[str, float, float | None]] = []
    for name, url in pages.items():
        get(client, url, cold=True)  # the process's first of its kind (templates, fonts, imports) not counted
        status, seconds, queries, size, ready = get(client, url, cold=True)
        if status not in (200, 202):
            add("public", f"{label}: {name} (cold)", f"HTTP {status}", "", "200", False, url)
            continue
        colds.append((name, seconds, ready if status == 202 else None))
        made = (
            f"; HTTP 202 at once, the file made in the background, ready after {ready:.1f} s"
            if status == 202
            else ""
        )
        add(
            "public",
            f"{label}: {name} (cold)",
            seconds * 1000,
            "ms",
            f"<= {COLD_TARGET * 1000:.0f} ms",
            seconds <= COLD_TARGET,
            f"{queries} queries besides the cache's, {size // 1024:,} KiB{made}",
        )
        status, seconds, queries, _size, _ready = get(client, url, cold=False)
        add("public", f"{label}: {name} (again)", seconds * 1000, "ms", note=f"{queries} queries")
    return colds


def bench_public(add: Callable[..., Any], tables: int = TABLES) -> None:
    """Every public page of the largest pair event and of the largest team match, cold and from the cache,
    the slowest named; the display's cold build with its own target.  (``tables``: smaller for a quick
    look, the targets being for 100.)"""
    from django.test import Client

    client = Client()
    started = time.perf_counter()
    pairs = largest_pair_event(tables=tables)
    match = largest_team_match(tables=tables)
    results = tables * tables * 2
    built = time.perf_counter() - started
    add("public", f"events built ({tables} tables, {results:,} results each)", built, "s")
    label = f"{tables} tables"
    colds = measure(add, client, pair_event_pages(pairs), label)
    colds += measure(add, client, team_match_pages(match), label)
    colds += _usebio(add, client, pairs, label)
    display = f"/events/{pairs.pk}/display/"
    status, seconds, _queries, _size, _ready = get(client, display, cold=True)
    add(
        "public",
        f"{label}: venue display, cold build",
        seconds * 1000,
        "ms",
        f"<= {DISPLAY_TARGET * 1000:.0f} ms",
        status == 200 and seconds <= DISPLAY_TARGET,
    )
    status, seconds, queries, _size, _ready = get(client, display + "?seconds=37", cold=False)
    add(
        "public",
        f"{label}: venue display at ?seconds=37 after the plain one",
        seconds * 1000,
        "ms",
        note=f"{queries} queries (one cache entry for every cycle time)",
    )
    if colds:
        name, slowest, _ready = max(colds, key=lambda c: c[1])
        add(
            "public",
            f"{label}: slowest public page or download, cold: {name}",
            slowest * 1000,
            "ms",
            f"<= {COLD_TARGET * 1000:.0f} ms",
            slowest <= COLD_TARGET,
        )
    made = [(name, ready) for name, _seconds, ready in colds if ready is not None]
    if made:
        name, longest = max(made, key=lambda c: c[1])
        add("public", f"{label}: the file made in the background longest to be ready: {name}", longest, "s")


def _usebio(
    add: Callable[..., Any], client: Any, event: Any, label: str
) -> list[tuple[str, float, float | None]]:
    """The USEBIO download (contract bridge only) of the pair event matchpointed as contract bridge for the
    while (``synth.contract_matchpoints``; its law B(3) rulings all A50/50s, as a contract event holds
    them), then put back."""
    from bench import synth
    from duplicate.models import Play

    ruled = synth.contract_matchpoints(event)
    Play.objects.filter(pk__in=[pk for pk, _ruling, _offending in ruled]).update(ruling="A50/50")
    try:
        return measure(add, client, {"USEBIO (contract)": f"/events/{event.pk}/download/usebio.xml"}, label)
    finally:
        synth.contract_undo(event, ruled)


def _print_row(
    group: str, metric: str, value: Any, unit: str = "", target: str = "", ok: Any = None, note: str = ""
) -> None:
    verdict = "" if ok is None else ("pass" if ok else "MISS")
    shown = f"{value:,.1f}" if isinstance(value, float) else str(value)
    print(f"{metric}: {shown} {unit} {target} {verdict} {note}".rstrip(), flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench.public", description=__doc__.split("\n\n")[0])
    parser.add_argument("--database-url", default="", help="default: a temporary SQLite file")
    parser.add_argument("--tables", type=int, default=TABLES, help="the events' tables (default 100)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="kalamazoo-public-") as tmp:
        os.environ["DATABASE_URL"] = args.database_url or f"sqlite:///{Path(tmp) / 'bench.sqlite3'}"
        os.environ["DJANGO_SETTINGS_MODULE"] = "bench.settings"
        os.environ["DEBUG"] = "0"
        if str(ROOT) not in sys.path:
            sys.path.insert(0, str(ROOT))
        import django

        django.setup()
        from django.core.management import call_command

        call_command("migrate", verbosity=0, interactive=False)
        call_command("createcachetable", verbosity=0)
        from bench.run import _reference_ms

        print(f"machine: reference loop {_reference_ms():.0f} ms", flush=True)
        bench_public(_print_row, tables=args.tables)
        print(f"machine: reference loop {_reference_ms():.0f} ms", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
