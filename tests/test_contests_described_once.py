"""A contest is described once (duplicate/contests.py): no other production module names a contest or tests for
contract bridge's code.  The pure core (scoring/) and the migrations are left out; so are tests and bench/.

What counts as naming a contest, read from each module's syntax tree:
- a string equal to a registered contest's name ("matchpoints", "butler", "cross-imps", "imps", ...), unless
  it stands among other words as a column or a record's key (``["team", "imps", "vps"]``,
  ``{"name": ..., "imps": ...}``): there it is a heading, not the contest;
- a comparison (``==``, ``!=``, ``in``, ``not in``) with the string "contract" or with anything named
  ``CONTRACT`` (``ScoringCodeChoice.CONTRACT``, ``ScoringCode.CONTRACT.value``, a module's own ``CONTRACT``);
- "contract" given again as a name's value (``CONTRACT = "contract"``) or as a code (``code="contract"``,
  ``{"code": "contract"}``);
- ``ScoringCodeChoice.CONTRACT`` or ``ScoringCode.CONTRACT`` read at all.
In the templates: a quoted contest name, or a code compared with "contract" (``event.code == "contract"``).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from duplicate.contests import CONTESTS, contest_for, contest_named
from duplicate.tables import StandingsTable

ROOT = Path(__file__).resolve().parent.parent
ALLOWED = {Path("duplicate/contests.py")}
LEFT_OUT = {"tests", "bench", "migrations", "scoring", "node_modules"}
CODE = "contract"
CONTEST_NAMES = frozenset({c.name for c in CONTESTS} | {c.stored for c in CONTESTS if c.stored})


def modules(root: Path) -> list[Path]:
    return sorted(
        path
        for path in root.rglob("*.py")
        if not any(part in LEFT_OUT or part.startswith(".") for part in path.relative_to(root).parts[:-1])
        and path.relative_to(root) not in ALLOWED
    )


def _is_contract_name(node: ast.AST) -> bool:
    """``CONTRACT``, ``X.CONTRACT``, ``X.CONTRACT.value`` or the string "contract"."""
    if isinstance(node, ast.Attribute) and node.attr == "value":
        node = node.value
    if isinstance(node, ast.Constant):
        return node.value == CODE
    return (isinstance(node, ast.Name) and node.id == "CONTRACT") or (
        isinstance(node, ast.Attribute) and node.attr == "CONTRACT"
    )


def _mentions_code(node: ast.AST) -> bool:
    """Whether an operand reads a scoring code (``event.code``, ``code``, ``data.get("code")``): "contract" is
    also a play's field, compared as that."""
    return any(
        (isinstance(n, ast.Name) and "code" in n.id)
        or (isinstance(n, ast.Attribute) and "code" in n.attr)
        or (isinstance(n, ast.Constant) and n.value == "code")
        for n in ast.walk(node)
    )


def _code_test(node: ast.Compare) -> bool:
    """A comparison with anything named CONTRACT, or of a code with the string "contract"."""
    operands = _operands(node)
    named = [o for o in operands if _is_contract_name(o)]
    if any(not isinstance(o, ast.Constant) for o in named):
        return True
    return bool(named) and any(_mentions_code(o) for o in operands if o not in named)


def _operands(node: ast.Compare) -> list[ast.AST]:
    out: list[ast.AST] = []
    for operand in (node.left, *node.comparators):
        out += operand.elts if isinstance(operand, ast.Tuple | ast.List | ast.Set) else [operand]
    return out


TRANSLATED = {"gettext", "gettext_lazy", "gettext_noop", "pgettext", "pgettext_lazy", "_"}


def _headings(tree: ast.AST) -> set[int]:
    """The ids of the strings that stand among other words: a column list's, a record's keys."""
    out: set[int] = set()
    for node in ast.walk(tree):
        words: list[ast.expr] = []
        if isinstance(node, ast.List | ast.Tuple | ast.Set):
            words = node.elts
        elif isinstance(node, ast.Dict):
            words = [k for k in node.keys if k is not None]
        texts = [w for w in words if isinstance(w, ast.Constant) and isinstance(w.value, str)]
        labelled = any(  # a value beside its label marked for translation: a model choice ("imps", "As IMPs")
            isinstance(w, ast.Call) and isinstance(w.func, ast.Name) and w.func.id in TRANSLATED
            for w in words
        )
        if labelled or any(t.value not in CONTEST_NAMES for t in texts):
            out.update(id(t) for t in texts)
    return out


def findings(source: str, where: str = "") -> list[str]:
    """Each place ``source`` names a contest or tests for contract bridge's code."""
    tree = ast.parse(source)
    headings = _headings(tree)
    found: list[str] = []

    def say(node: ast.AST, what: str) -> None:
        found.append(f"{where}:{getattr(node, 'lineno', 0)}: {what}")

    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and node.value in CONTEST_NAMES and id(node) not in headings:
            say(node, f"the contest {node.value!r}")
        elif isinstance(node, ast.Compare) and _code_test(node):
            say(node, "a test for contract bridge's code")
        elif isinstance(node, ast.Assign | ast.AnnAssign) and (
            isinstance(node.value, ast.Constant) and node.value.value == CODE
        ):
            say(node, '"contract" given again')
        elif (
            isinstance(node, ast.keyword)
            and (node.arg or "").startswith("code")
            and _is_contract_name(node.value)
        ):
            say(node.value, "contract bridge's code given again")
        elif isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values, strict=True):
                if isinstance(key, ast.Constant) and key.value == "code" and _is_contract_name(value):
                    say(value, "contract bridge's code given again")
        elif (
            isinstance(node, ast.Attribute)
            and node.attr == "CONTRACT"
            and isinstance(node.value, ast.Name)
            and node.value.id in {"ScoringCodeChoice", "ScoringCode"}
        ):
            say(node, f"{node.value.id}.CONTRACT")
    return sorted(set(found))


def test_no_module_but_the_description_names_a_contest():
    found = []
    for path in modules(ROOT):
        found += findings(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    assert found == [], "read duplicate/contests.py instead:\n" + "\n".join(found)


@pytest.mark.parametrize(
    "source",
    [
        'if event.contest == "butler": pass',
        'UNITS = {"matchpoints": "MPs", "imps": "IMPs"}',
        'PAIR_CONTESTS = ("matchpoints", "butler", "cross-imps")',
        'method = "imps"',
        'x = f(contest="cross-imps")',
        'if code == "contract": pass',
        'd = {"contract": self.event.code == "contract"}',
        "if event.code != ScoringCodeChoice.CONTRACT: pass",
        "ok = code in (ScoringCode.WHIST.value, ScoringCode.CONTRACT.value)",
        'CONTRACT = "contract"',
        "if code == CONTRACT: pass",
        'q = Q(code="contract", kind="pairs")',
        'd = {"code": "contract", "kind": "teams"}',
        "codes = (ScoringCodeChoice.CONTRACT,)",
        'row = {"contest": "imps", "name": "x"}',
        'pair = ("imps", other("As IMPs"))',
    ],
)
def test_the_gate_sees_a_contest_named(source):
    assert findings(source) != []


@pytest.mark.parametrize(
    "source",
    [
        'CSV_COLUMNS = ["team", "line", "imps", "vps"]',
        'out = {"name": team.name, "imps": team.imps, "vps": team.vps}',
        'data = {"contract": play.contract, "declarer": play.declarer}',
        'if data.get("contract") == "PASS": pass',
        'if root == "contract" and "contract" in self.from_quick: pass',
        'contract = str(data.get("contract", ""))',
        "if contest.neuberg: pass",
        '"""Matchpoints, Butler and cross-IMPs are read from the description."""',
        'IMPS = "imps", gettext_lazy("As IMPs")',
    ],
)
def test_the_gate_leaves_headings_and_the_contract_field_alone(source):
    assert findings(source) == []


def template_findings(text: str, where: str = "") -> list[str]:
    """Each place a template names a contest or compares a code with "contract"."""
    names = "|".join(re.escape(name) for name in sorted(CONTEST_NAMES))
    pattern = re.compile(rf"""["']({names})["']|code\s*[!=]=\s*["']{CODE}["']""")
    return [
        f"{where}:{text.count(chr(10), 0, found.start()) + 1}: {found.group(0)}"
        for found in pattern.finditer(text)
    ]


def test_no_template_names_a_contest():
    found = []
    for path in sorted((ROOT / "templates").rglob("*.html")):
        found += template_findings(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    assert found == [], "read event.described instead:\n" + "\n".join(found)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ('{% if event.contest == "butler" %}', 1),
        ("{% elif event.code != 'contract' %}", 1),
        ("{% if event.described.neuberg %}Matchpoints{% endif %} {{ play.contract }}", 0),
        ('{% if unit == "MPs" %}matchpoints{% endif %}', 0),
    ],
)
def test_the_template_gate_sees_a_contest_named(text, found):
    assert len(template_findings(text)) == found


@pytest.mark.parametrize(
    ("code", "kind", "stored", "name"),
    [
        ("auction-1915", "pairs", "", "law-h"),
        ("auction-1913", "teams", "", "law-g"),
        ("whist", "pairs", "", "duplicate-whist"),
        ("whist", "teams", "", "law-g"),
        ("contract", "pairs", "", "matchpoints"),
        ("contract", "pairs", "butler", "butler"),
        ("contract", "pairs", "cross-imps", "cross-imps"),
        ("contract", "teams", "", "imps"),
    ],
)
def test_an_event_finds_its_contest_by_its_code_kind_and_choice(code, kind, stored, name):
    assert contest_for(code, kind, stored).name == name


def test_a_standings_table_is_headed_by_the_description_it_is_given():
    def headings(contest):
        table = StandingsTable([], event_pk=1, contest=contest)
        return [str(c.header) for c in table.columns]

    assert headings(None) == ["Rank", "Pair", "Players", "Boards", "Net", "Plus/minus", ""]
    assert headings(contest_named("law-h")) == headings(None)
    assert headings(contest_named("matchpoints")) == ["Rank", "Pair", "Players", "Boards", "MPs", "%", ""]
    # IMPs: the total is what the pairs are ranked by, shown once.
    assert headings(contest_named("butler")) == ["Rank", "Pair", "Players", "Boards", "IMPs", ""]
