"""The layout's gates: no production module over 800 lines (migrations, tests and the benchmark harness aside);
one read path: the selectors and views read through the public ORM, never raw SQL.

A module that grows past 800 lines is split by feature, as duplicate/'s services, selectors, views and forms are.
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


# ------------------------------------------------------------------------------------ one direction of flow
#
# The import graph of the production packages, read from the source with ``ast`` (every import in a module,
# at its top or inside a function, counts): selectors -> tables and exports -> views, pure scoring at the
# bottom, teams on top of duplicate.

PACKAGES = ("scoring", "duplicate", "teams", "config")


def module_name(path: Path, root: Path) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def source_modules(root: Path) -> dict[str, Path]:
    """The production modules of ``PACKAGES`` by dotted name (a package by its ``__init__``)."""
    return {
        module_name(path, root): path
        for package in PACKAGES
        for path in production_modules(root / package)
        if (root / package).is_dir()
    } | {
        module_name(path, root): path
        for package in PACKAGES
        for path in [root / package / "__init__.py"]
        if path.exists()
    }


def imported_modules(path: Path, name: str, known: set[str]) -> set[str]:
    """Every module ``path`` imports: ``from a.b import c`` is ``a.b.c`` when that is a module of the tree,
    else ``a.b``; relative imports are resolved against ``name``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            for alias in node.names:
                full = f"{base}.{alias.name}"
                found.add(full if full in known else base)
    return found


def import_graph(root: Path) -> dict[str, set[str]]:
    modules = source_modules(root)
    known = set(modules)
    return {name: imported_modules(path, name, known) for name, path in modules.items()}


def under(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def role(module: str) -> str | None:
    """What a module is in the flow, by the name of its package or its own: ``selectors``, ``exports``
    (``teams.imp_exports`` too), ``tables``, ``views``; None for the rest."""
    for part in module.split(".")[1:]:
        for kind in ("selectors", "exports", "tables", "views"):
            if part == kind or part.endswith("_" + kind):
                return kind
    return None


def unit(module: str) -> str:
    """The node of the package graph: a subpackage of an app (``duplicate.selectors``) or a module at an
    app's top (``duplicate.models``, ``teams.views``)."""
    parts = module.split(".")
    return ".".join(parts[:2])


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one node (Tarjan's), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for succ in graph.get(node, ()):
            if succ not in index:
                visit(succ)
                low[node] = min(low[node], low[succ])
            elif succ in on_stack:
                low[node] = min(low[node], index[succ])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def package_graph(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for module, imports in graph.items():
        node = unit(module)
        out.setdefault(node, set()).update(
            unit(i) for i in imports if i.split(".")[0] in PACKAGES and unit(i) != node
        )
    return out


def app_graph(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for module, imports in graph.items():
        app = module.split(".")[0]
        out.setdefault(app, set()).update(
            i.split(".")[0] for i in imports if i.split(".")[0] in PACKAGES and i.split(".")[0] != app
        )
    return out


def model_names(root: Path) -> set[str]:
    """The model classes of ``duplicate/models.py`` (what a query starts from)."""
    tree = ast.parse((root / "duplicate" / "models.py").read_text(encoding="utf-8"))
    return {
        node.name
        for node in tree.body
        if isinstance(node, ast.ClassDef)
        and any(isinstance(b, ast.Attribute) and b.attr == "Model" for b in node.bases)
    }


def reads_imported(path: Path, modules: dict[str, Path], models: set[str]) -> list[tuple[int, str]]:
    """The reads a module imports from the selectors: a function of a selectors module taking a model instance
    (a parameter annotated ``Event``, ``Board``, ...) starts a query; followed through a package's re-export."""

    def definition(module: str, name: str, depth: int = 0) -> ast.FunctionDef | None:
        path = modules.get(module)
        if path is None or depth > 3:
            return None
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.FunctionDef) and node.name == name:
                return node
            if isinstance(node, ast.ImportFrom) and node.module and not node.level:
                for alias in node.names:
                    if (alias.asname or alias.name) == name:
                        return definition(node.module, alias.name, depth + 1)
        return None

    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and role(node.module) == "selectors":
            for alias in node.names:
                if f"{node.module}.{alias.name}" in modules:
                    found.append((node.lineno, f"{node.module}.{alias.name}"))  # a whole selectors module
                    continue
                func = definition(node.module, alias.name)
                arguments = [*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs] if func else []
                annotations = {
                    n.id
                    for a in arguments
                    if a.annotation is not None
                    for n in ast.walk(a.annotation)
                    if isinstance(n, ast.Name)
                } | {
                    word
                    for a in arguments
                    if isinstance(a.annotation, ast.Constant) and isinstance(a.annotation.value, str)
                    for word in a.annotation.value.replace("|", " ").replace("[", " ").split()
                }
                if annotations & models:
                    found.append((node.lineno, f"{node.module}.{alias.name}"))
    return found


def layering_problems(root: Path) -> list[str]:
    """Every import against the flow, one line each (an empty list: the tree follows it).

    - ``scoring`` imports no Django and nothing of duplicate, teams or config;
    - selectors import no exports, no tables and no views (nor services: reads do not depend on writes);
    - exports import no views and no tables, never touch the database (no ``django.db``, no
      ``duplicate.models``, no ``.objects``, no selector that reads: one taking a model instance, nor a whole
      selectors module), nor a request (no ``django.http``, no name ``request``);
    - tables import no views and no exports;
    - no view module imports another view module;
    - duplicate imports nothing of teams (teams is built on duplicate, one way);
    - no cycle between the packages (``duplicate.selectors``, ``duplicate.models``, ...) nor between the apps.
    """
    graph = import_graph(root)
    problems: list[str] = []
    for module, imports in sorted(graph.items()):
        kind = role(module)
        for imported in sorted(imports):
            other = role(imported) if imported.split(".")[0] in PACKAGES else None
            if under(module, "scoring") and (
                imported.split(".")[0] in {"django", "duplicate", "teams", "config"}
            ):
                problems.append(f"{module} (pure) imports {imported}")
            if kind == "selectors" and (other in {"exports", "tables", "views"} or ".services" in imported):
                problems.append(f"{module} (a selector) imports {imported}")
            if kind == "exports" and (
                other in {"views", "tables"}
                or under(imported, "django.db")
                or under(imported, "django.http")
                or under(imported, "duplicate.models")
            ):
                problems.append(f"{module} (an export) imports {imported}")
            if kind == "tables" and other in {"views", "exports"}:
                problems.append(f"{module} (a table) imports {imported}")
            if kind == "views" and other == "views" and imported != module:
                problems.append(f"{module} (a view) imports the view module {imported}")
            if under(module, "duplicate") and under(imported, "teams"):
                problems.append(f"{module} imports {imported}: duplicate does not depend on teams")
    for module in sorted(m for m in graph if role(m) == "exports"):
        tree = ast.parse(source_modules(root)[module].read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr == "objects":
                problems.append(f"{module} (an export) queries: .objects at line {node.lineno}")
            if (
                isinstance(node, ast.Name | ast.arg)
                and getattr(node, "id", getattr(node, "arg", "")) == "request"
            ):
                problems.append(f"{module} (an export) touches a request at line {node.lineno}")
    modules, models = source_modules(root), model_names(root)
    for module in sorted(m for m in graph if role(m) == "exports"):
        problems += [
            f"{module} (an export) imports the read {read} at line {line}"
            for line, read in reads_imported(modules[module], modules, models)
        ]
    problems += [f"package cycle: {' <-> '.join(c)}" for c in cycles(package_graph(graph))]
    problems += [f"app cycle: {' <-> '.join(c)}" for c in cycles(app_graph(graph))]
    return problems


def test_the_imports_flow_one_way():
    assert layering_problems(ROOT) == []


def test_the_flow_gate_sees_imports_against_it(tmp_path):
    # A small tree breaking each rule once; each break is named.
    files = {
        "scoring/__init__.py": "",
        "scoring/pure.py": "from django.db import models\n",
        "duplicate/__init__.py": "",
        "duplicate/models.py": (
            "from django.db import models\n"
            "class Event(models.Model):\n    pass\n"
            "class Board(models.Model):\n    pass\n"
        ),
        "duplicate/selectors/__init__.py": "",
        "duplicate/selectors/rows.py": "from duplicate.exports import pdf\nfrom duplicate.models import Event\n",
        "duplicate/selectors/reads.py": (
            "from duplicate.models import Event\n"
            "def event_rows(event: Event) -> None: ...\n"
            "def board_rows(*, board: 'Board | None' = None) -> None: ...\n"
            "def label(text: str) -> str: ...\n"
        ),
        "duplicate/exports/__init__.py": "",
        "duplicate/exports/text.py": (
            "from duplicate.selectors.reads import board_rows, event_rows, label\n"
        ),
        "duplicate/exports/pdf.py": (
            "from duplicate.models import Event\n"
            "from duplicate.selectors import rows\n"
            "def f(request):\n    return Event.objects.all()\n"
        ),
        "duplicate/views/__init__.py": "",
        "duplicate/views/a.py": "from duplicate.views.b import page\nfrom teams import views\n",
        "duplicate/views/b.py": "def page():\n    from . import a\n",
        "teams/__init__.py": "",
        "teams/views.py": "from duplicate.views import b\n",
        "config/__init__.py": "",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    problems = layering_problems(tmp_path)
    assert problems == [
        "duplicate.exports.pdf (an export) imports duplicate.models",
        "duplicate.selectors.rows (a selector) imports duplicate.exports.pdf",
        "duplicate.views.a (a view) imports the view module duplicate.views.b",
        "duplicate.views.a (a view) imports the view module teams.views",
        "duplicate.views.a imports teams.views: duplicate does not depend on teams",
        "duplicate.views.b (a view) imports the view module duplicate.views.a",
        "scoring.pure (pure) imports django.db",
        "teams.views (a view) imports the view module duplicate.views.b",
        "duplicate.exports.pdf (an export) touches a request at line 3",
        "duplicate.exports.pdf (an export) queries: .objects at line 4",
        "duplicate.exports.pdf (an export) imports the read duplicate.selectors.rows at line 2",
        "duplicate.exports.text (an export) imports the read duplicate.selectors.reads.board_rows at line 1",
        "duplicate.exports.text (an export) imports the read duplicate.selectors.reads.event_rows at line 1",
        "package cycle: duplicate.exports <-> duplicate.selectors",
        "package cycle: duplicate.views <-> teams.views",
        "app cycle: duplicate <-> teams",
    ]


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


def imports_of_test_modules(root: Path) -> list[str]:
    """Where a module under ``root``/tests imports a test module (``test_*.py``) or a conftest.py, absolutely
    or relatively, as "path:line imports module"."""
    found = []
    for path in sorted((root / "tests").rglob("*.py")):
        name = path.relative_to(root).as_posix()
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
