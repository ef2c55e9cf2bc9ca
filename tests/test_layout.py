"""The layout's gate: no production module over 800 lines (migrations, tests and the benchmark harness aside).

A module that grows past it is split by feature, as duplicate/'s services, selectors, views and forms are.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAX_LINES = 800
NOT_PRODUCTION = {"tests", "bench", "migrations"}


def production_modules(root: Path) -> list[Path]:
    """Every .py file under ``root`` except those in tests/, bench/, a migrations/ folder or a hidden folder
    (.venv and the like)."""
    return sorted(
        path
        for path in root.rglob("*.py")
        if not any(
            part in NOT_PRODUCTION or part.startswith(".") for part in path.relative_to(root).parts[:-1]
        )
    )


def lines_in(path: Path) -> int:
    with path.open("rb") as file:
        return sum(1 for _ in file)


def test_no_production_module_is_over_800_lines():
    too_long = {
        str(path.relative_to(ROOT)): n
        for path in production_modules(ROOT)
        if (n := lines_in(path)) > MAX_LINES
    }
    assert too_long == {}, f"over {MAX_LINES} lines (split them by feature): {too_long}"


def test_the_gate_sees_the_apps_and_leaves_out_tests_bench_and_migrations(tmp_path):
    # A tree laid out as the repository is: only the production modules are counted.
    for name in (
        "manage.py",
        "scoring/movements/model.py",
        "duplicate/views/entry.py",
        "duplicate/migrations/0001_initial.py",
        "tests/test_x.py",
        "bench/run.py",
        ".venv/lib/site.py",
    ):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x = 1\n" * 801)
    found = [str(p.relative_to(tmp_path)) for p in production_modules(tmp_path)]
    assert found == ["duplicate/views/entry.py", "manage.py", "scoring/movements/model.py"]
    assert lines_in(tmp_path / "manage.py") == 801
    # The real tree: the apps are there, and the gate's own test module is not.
    real = {str(p.relative_to(ROOT)) for p in production_modules(ROOT)}
    assert {"manage.py", "duplicate/models.py", "scoring/deal_score.py", "config/settings.py"} <= real
    assert "tests/test_layout.py" not in real
