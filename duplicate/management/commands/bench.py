"""python manage.py bench [--quick] [-o FILE] [--load-db postgres|sqlite|none] ...: the benchmark harness.

Runs ``python -m bench.run`` in a subprocess so that it works on its own throwaway databases (a temporary
SQLite file, a scratch PostgreSQL database for the HTTP load test) and never on this process's database.
Never part of ``make test``; ``make bench`` runs it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

ROOT = Path(__file__).resolve().parents[3]


class Command(BaseCommand):
    help = (
        "Benchmark: engine, import, standings, pages, outputs and HTTP under load; writes bench/results.json."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--quick", action="store_true", help="small sizes (a quick look; the smoke test)")
        parser.add_argument("-o", "--output", help="results JSON (default bench/results.json)")
        parser.add_argument("--load-db", choices=("postgres", "sqlite", "none"))
        parser.add_argument("--pg-url", help="PostgreSQL server for the load test (default 127.0.0.1:5432)")
        parser.add_argument("--requests", type=int)
        parser.add_argument("--seconds", type=float)
        parser.add_argument("--clients", type=int)
        parser.add_argument("--skip", help="engine,import,standings,pages,outputs,load")

    def handle(self, *args: Any, **options: Any) -> None:
        argv = [sys.executable, "-m", "bench.run"]
        if options["quick"]:
            argv.append("--quick")
        for name in ("output", "load_db", "pg_url", "requests", "seconds", "clients", "skip"):
            if options.get(name) is not None:
                argv += [f"--{name.replace('_', '-')}", str(options[name])]
        env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE")}
        status = subprocess.call(argv, cwd=ROOT, env=env)
        if status != 0:
            raise CommandError(f"bench failed (exit status {status})", returncode=status)
