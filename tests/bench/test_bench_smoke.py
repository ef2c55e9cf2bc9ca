"""The benchmark harness end to end at tiny sizes (``manage.py bench --quick``): it runs, prints its table and
writes the results JSON with every section. No timing assertions: the figures depend on the machine."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_bench_quick_runs_end_to_end(tmp_path: Path) -> None:
    out = tmp_path / "results.json"
    proc = subprocess.run(
        [
            sys.executable,
            "manage.py",
            "bench",
            "--quick",
            "--output",
            str(out),
            "--load-db",
            "sqlite",
            "--requests",
            "40",
            "--clients",
            "4",
            "--seconds",
            "20",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "metric" in proc.stdout
    assert "target" in proc.stdout
    data = json.loads(out.read_text())
    groups = {row["group"] for row in data["rows"]}
    assert {
        "engine",
        "import",
        "standings",
        "pages",
        "outputs",
        "public",
        "load (sqlite, database cache)",
    } <= groups
    # Every public page of the event answers (a download made in the background too, once ready).
    assert not [r for r in data["rows"] if r["group"] == "public" and str(r["value"]).startswith("HTTP")]
    by_metric = {(row["group"], row["metric"]): row for row in data["rows"]}
    # Every size was built and scored; the standings page's query count does not grow with the event.
    assert any(m.startswith("13 tables: standings page") for _, m in by_metric)
    assert any(m.startswith("39 tables: standings page") for _, m in by_metric)
    independent = [
        r for (g, m), r in by_metric.items() if m.startswith("standings page cold: queries by size")
    ]
    assert independent
    assert independent[0]["value"] == "same"
    # The load test ran against a real gunicorn and lost no acknowledged write.
    lost = next(
        r
        for (g, m), r in by_metric.items()
        if g == "load (sqlite, database cache)" and m.startswith("results lost")
    )
    assert lost["value"] == 0
    # The developer's database was never the bench database.
    assert data["info"]["quick"] is True
