"""The command line end to end (``python -m scoring``), and the engine's freedom from Django."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import scoring.__main__ as cli
import scoring.request

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = {
    "code": "auction-1915",
    "contract": "4HX",
    "declarer": "N",
    "tricks": 10,
    "honours": {"side": "NS", "count": 4, "in_one_hand": 4},
}


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    return subprocess.run(
        [sys.executable, "-m", "scoring", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=120,
    )


def lines(*objs: Any) -> str:
    return "".join((o if isinstance(o, str) else json.dumps(o)) + "\n" for o in objs)


def test_issue_example_end_to_end() -> None:
    done = run(stdin=lines(EXAMPLE))
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    # trick 4 x 8 x 2 = 64; honour 64 (8 x 8) + 50 (law 56) + 125 (law A) = 239; total 303
    assert out["ns"] == {"trick": 64, "honour": 239, "total": 303}
    assert out["ew"] == {"trick": 0, "honour": 0, "total": 0}
    assert out["net_ns"] == 303
    assert {(i["kind"], i["side"], i["points"], i["law"], i["column"]) for i in out["items"]} == {
        ("tricks", "NS", 64, "3, 53", "trick"),
        ("premium", "NS", 125, "A", "honour"),
        ("double_bonus", "NS", 50, "56", "honour"),
        ("honours", "NS", 64, "6", "honour"),
    }


def test_mixed_lines_errors_carry_on_and_exit_non_zero() -> None:
    stdin = lines(
        {"code": "whist", "tricks_ns": 8},
        {"code": "auction-1915", "contract": "4H", "declarer": "N", "tricks": 14},
        "",  # blank lines are skipped
        '{"code": "auction-1915", "contract": ',  # not JSON
        {"code": "auction-1915", "contract": "PASS"},
        {"code": "auction-1915", "code2": 1},
        '{"code": "whist", "code": "whist", "tricks_ns": 1}',
        # 1915 3NT by E, 7 tricks, the declarer's side revoked once, and a law 90 penalty to NS
        {
            "code": "auction-1915",
            "contract": "3NT",
            "declarer": "E",
            "tricks": 7,
            "revokes": {"declarer_side": 1, "defenders": 0},
            "penalties": [{"side": "NS", "points": 25, "law": "90"}],
        },
        "[]",
    )
    done = run(stdin=stdin)
    assert done.returncode == 1
    assert done.stderr == ""
    out = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(out) == 8
    # whist: NS 8, EW 5
    assert (out[0]["ns"]["total"], out[0]["ew"]["total"], out[0]["net_ns"]) == (8, 5, 3)
    assert out[1] == {"error": "tricks: must be a whole number from 0 to 13, got 14"}
    assert out[2]["error"].startswith("line is not valid JSON")
    zero = {"trick": 0, "honour": 0, "total": 0}
    assert out[3] == {"ns": zero, "ew": zero, "net_ns": 0, "items": []}  # passed out (1915 law 44): nothing
    assert out[4]["error"].startswith("code2: unknown field")
    assert out[5] == {"error": "code: given twice"}
    # 3NT by E, 7 tricks (2 short), EW (declarer's side) revoked: NS 100 (84a) + 100 undertricks + 25 (law 90)
    assert out[6]["ns"] == {"trick": 0, "honour": 225, "total": 225}
    assert out[6]["ew"]["total"] == 0
    assert out[7]["error"].startswith("request: must be a JSON object")


def test_1913_pass_refused_and_whist_revokes() -> None:
    stdin = lines(
        {"code": "auction-1913", "contract": "PASS"},
        {"code": "whist", "tricks_ns": 8, "revokes": {"ns": 1}},
        {"code": "whist", "tricks_ns": 8, "revokes": {"ns": 1, "defenders": 1}},
        {"code": "whist", "tricks_ns": 8, "revokes": {"ew": 14}},
    )
    done = run(stdin=stdin)
    assert done.returncode == 1
    assert done.stderr == ""
    out = [json.loads(line) for line in done.stdout.splitlines()]
    # 1913 law 42: the dealer must declare
    assert out[0] == {
        "error": 'contract: auction-1913 has no passed-out deal: under its law 42 the dealer "must declare '
        'to win at least one odd trick"; only auction-1915 lets all four pass (laws 42, 44)'
    }
    # whist law 30: N-S won 8 in play, revoked once: two tricks to E-W: N-S 6, E-W 5 + 2 = 7
    assert out[1]["ns"] == {"trick": 6, "honour": 0, "total": 6}
    assert out[1]["ew"] == {"trick": 7, "honour": 0, "total": 7}
    assert out[1]["net_ns"] == -1
    assert [(i["kind"], i["side"], i["points"], i["law"]) for i in out[1]["items"]] == [
        ("tricks", "NS", 8, "whist"),
        ("tricks", "EW", 5, "whist"),
        ("revoke_penalty", "NS", -2, "whist 30"),
        ("revoke_penalty", "EW", 2, "whist 30"),
    ]
    assert out[2] == {
        "error": "revokes.defenders: is for the auction codes; whist counts revokes by side (whist law 30): "
        "ns, ew"
    }
    assert out[3] == {"error": "revokes.ew: must be a whole number from 0 to 13, got 14"}


def test_help_shows_no_1913_pass() -> None:
    # law 42 of the 1913 code: its examples never pass a deal out; the 1915 example does, and whist revokes
    text = run("--help").stdout
    assert '"auction-1913", "contract": "PASS"' not in text
    assert '{"code": "auction-1915", "contract": "PASS"}' in text
    assert '"revokes": {"ns": 1, "ew": 0}' in text
    assert "law 30" in text
    assert "law 42" in text


def test_all_good_lines_exit_zero() -> None:
    done = run(stdin=lines({"code": "whist", "tricks_ns": 0}, EXAMPLE))
    assert done.returncode == 0
    assert [json.loads(x)["net_ns"] for x in done.stdout.splitlines()] == [-13, 303]


def test_empty_input() -> None:
    done = run(stdin="")
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")


def test_help_and_unknown_arguments() -> None:
    done = run("--help")
    assert done.returncode == 0
    assert "usage: python -m scoring" in done.stdout
    assert "bench" in done.stdout
    bad = run("--frobnicate")
    assert bad.returncode == 2
    assert "unknown argument" in bad.stderr
    assert run("bench", "--deals", "x").returncode == 2


def test_bench_prints_its_figures() -> None:
    done = run("bench", "--deals", "3000")
    assert done.returncode == 0, done.stderr
    first = done.stdout.splitlines()[0]
    assert re.fullmatch(
        r"scored 3000 deals in \d+\.\d\d s: [\d,]+ deals/s; floor \(bare dict lookup\) [\d,]+/s; ratio \d+x",
        first,
    ), first
    assert "from JSON" in done.stdout


def test_an_unexpected_failure_is_reported_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(obj: Any) -> Any:
        raise RuntimeError("kaboom")

    monkeypatch.setattr(scoring.request, "parse_request", boom)
    out = io.StringIO()
    status = cli.score_lines([json.dumps(EXAMPLE)], out)
    assert status == 1
    assert json.loads(out.getvalue()) == {"error": "internal error: RuntimeError: kaboom"}


def test_scoring_is_pure_python_without_django() -> None:
    # Import every module of the package, subpackages' included, in a fresh interpreter and check Django
    # never got loaded (the errors' translation hook is set by the app, never imported here).
    code = (
        "import importlib, pkgutil, sys, scoring\n"
        "names = [m.name for m in pkgutil.walk_packages(scoring.__path__, 'scoring.')\n"
        "         if not m.name.endswith('__main__')]\n"
        "for name in names:\n"
        "    importlib.import_module(name)\n"
        "bad = sorted(n for n in sys.modules if n == 'django' or n.startswith('django.'))\n"
        "print(len(names), bad)\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env, timeout=60
    )
    assert done.returncode == 0, done.stderr
    count, bad = done.stdout.split(" ", 1)
    assert int(count) >= 40
    assert bad.strip() == "[]"


def test_hostile_lines_give_errors_not_tracebacks() -> None:
    stdin = b"\xff\xfe\n" + b"[" * 100_000 + b"\n" + b'{"tricks": ' + b"9" * 5000 + b"}\r\n"
    done = subprocess.run(
        [sys.executable, "-m", "scoring"], input=stdin, capture_output=True, cwd=ROOT, timeout=120
    )
    assert done.returncode == 1
    assert done.stderr == b""
    out = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert out[0] == {"error": "line is not valid UTF-8"}
    assert out[1]["error"].startswith("line is not valid JSON")
    assert out[2]["error"].startswith("line is not valid JSON")
