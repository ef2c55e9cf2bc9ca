"""The layout's gate: no production module over 800 lines (migrations, tests and the benchmark harness aside).

A module that grows past it is split by feature, as duplicate/'s services, selectors, views and forms are.
"""

from __future__ import annotations

import ast
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


# tests/duplicate/test_entry_reads.py imports a test module and the root conftest; item 2 of issue 30 deletes it.
# Drop this line when it goes.
IMPORTS_CHECKED_LATER = {"tests/duplicate/test_entry_reads.py"}


def imports_of_test_modules(root: Path) -> list[str]:
    """Where a module under ``root``/tests imports a test module (``test_*.py``) or a conftest.py, absolutely
    or relatively, as "path:line imports module"."""
    found = []
    for path in sorted((root / "tests").rglob("*.py")):
        name = path.relative_to(root).as_posix()
        if name in IMPORTS_CHECKED_LATER:
            continue
        package = path.relative_to(root).parent.parts
        for node in ast.walk(ast.parse(path.read_text(), name)):
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:  # relative: from the module's package, up level - 1 packages
                    base = ".".join([*package[: len(package) - node.level + 1], *filter(None, [base])])
                modules = [base, *(f"{base}.{alias.name}" for alias in node.names)]
            else:
                continue
            for module in modules:
                parts = module.split(".")
                if parts[0] == "tests" and (parts[-1].startswith("test_") or parts[-1] == "conftest"):
                    found.append(f"{name}:{node.lineno} imports {module}")
    return found


def test_no_test_module_imports_another_or_a_conftest():
    """Shared helpers live in tests/factories.py, fixtures in conftest.py files (the rule is in its docstring)."""
    assert imports_of_test_modules(ROOT) == []


def test_the_import_rule_sees_absolute_and_relative_imports(tmp_path):
    files = {
        "tests/duplicate/test_a.py": "from tests.duplicate.test_b import helper\nfrom tests.factories import x\n",
        "tests/duplicate/test_b.py": "from . import test_a\nfrom .conftest import tried\nimport tests.teams.test_c\n",
        "tests/teams/test_c.py": "def f():\n    from ..duplicate.test_a import y\nfrom .helpers import z\n",
        "tests/factories.py": "from tests.hand_scored import C1NT\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    assert imports_of_test_modules(tmp_path) == [
        "tests/duplicate/test_a.py:1 imports tests.duplicate.test_b",
        "tests/duplicate/test_b.py:1 imports tests.duplicate.test_a",
        "tests/duplicate/test_b.py:2 imports tests.duplicate.conftest",
        "tests/duplicate/test_b.py:3 imports tests.teams.test_c",
        "tests/teams/test_c.py:2 imports tests.duplicate.test_a",
    ]
