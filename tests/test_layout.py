"""The layout's gates: no production module over 800 lines (migrations, tests and the benchmark harness aside);
one read path: the selectors and views read through the public ORM, never raw SQL.

A module that grows past 800 lines is split by feature, as duplicate/'s services, selectors, views and forms are.
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


# The reads go through the public ORM (values(), values_list(), only(), select_related, prefetch_related):
# no raw SQL, no model instances made by hand from rows, no cursor on a queryset's compiled SQL.
READ_PACKAGES = ("duplicate/selectors", "duplicate/views", "teams")
SECOND_READ_PATH = (".raw(", "from_db", "cursor.execute", "sql_with_params")


def second_read_paths(root: Path) -> dict[str, list[str]]:
    """Each module of ``READ_PACKAGES`` under ``root`` that names one of ``SECOND_READ_PATH``, with those it
    names."""
    found = {}
    for package in READ_PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            if names := [name for name in SECOND_READ_PATH if name in text]:
                found[str(path.relative_to(root))] = names
    return found


def test_selectors_and_views_read_through_the_orm_alone():
    assert all(any((ROOT / package).rglob("*.py")) for package in READ_PACKAGES)  # the packages are there
    assert second_read_paths(ROOT) == {}


def test_the_read_path_gate_finds_raw_sql_in_a_selector_a_view_and_teams(tmp_path):
    for name, text in (
        ("duplicate/selectors/events.py", "Event.objects.raw(sql)\n"),
        (
            "duplicate/views/entry.py",
            "sql, params = qs.query.sql_with_params()\ncursor.execute(sql, params)\n",
        ),
        ("teams/selectors.py", "Play.from_db(db, names, values)\n"),
        ("duplicate/services/bulk.py", "cursor.execute(sql)\n"),  # writes: not a read path
    ):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    assert second_read_paths(tmp_path) == {
        "duplicate/selectors/events.py": [".raw("],
        "duplicate/views/entry.py": ["cursor.execute", "sql_with_params"],
        "teams/selectors.py": ["from_db"],
    }
