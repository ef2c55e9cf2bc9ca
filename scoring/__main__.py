"""Command line: ``python -m scoring`` scores JSON lines; ``python -m scoring bench`` times the engine."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Sequence
from typing import IO, Any

from scoring import bench, request  # request's parse_request looked up per call: a test replaces it
from scoring.errors import ScoringError

USAGE = """\
usage: python -m scoring [bench [--deals N]] [--help]

Reads JSON objects, one a line, on standard input and writes one JSON object a line:
  in:  {"code": "auction-1915", "contract": "4HX", "declarer": "N", "tricks": 10,
        "honours": {"side": "NS", "count": 4, "in_one_hand": 4},          (optional)
        "deal": "N:AKQJ.T98.765.432 ...",                                  (optional; honours from it)
        "revokes": {"declarer_side": 0, "defenders": 1, "election": "points"},   (optional)
        "penalties": [{"side": "EW", "points": 50, "law": "F"}],            (optional)
        "one_spade_limit": true}                                            (optional; auction-1913)
       {"code": "auction-1915", "contract": "PASS"}    (passed out: laws 42, 44 of the 1915 code)
       {"code": "whist", "tricks_ns": 8}
       {"code": "whist", "tricks_ns": 8, "revokes": {"ns": 1, "ew": 0}}   (revokes optional)
       {"code": "contract", "contract": "4SX", "declarer": "S", "tricks": 9, "board": 7}
       {"code": "contract", "contract": "3NT", "declarer": "N", "tricks": 10, "vulnerability": "NS"}
  out: {"ns": {"trick": 64, "honour": 239, "total": 303}, "ew": {...}, "net_ns": 303, "items": [...]}
       or {"error": "<field>: <what is wrong>"} for a line that cannot be scored.
Codes: auction-1913, auction-1915, whist, contract. Contract bridge (Laws of Duplicate Bridge 2017, law 77)
takes "vulnerability" (None, NS, EW, All) or "board" (the standard 16-board cycle), scores no honours, and
"PASS" scores 0; net_ns is N-S's score as travellers write it (110, -50, -500). At the auction codes
"tricks" are those the declarer's side won in play, before any revoke transfer; so are whist's
"tricks_ns"; contract bridge's are after any revoke transfer (law 64). auction-1913 has no PASS: its law 42 makes the dealer
declare. Whist revokes are counted by side and transfer two tricks each from the revoking side to its
adversaries, never more than it won (whist law 30; both sides: the transfers are netted). Blank lines
are skipped. Exit status 1 if any line failed.

  bench   score a fixed mixed workload of 100,000 deals and print deals per second
"""


class _DuplicateKey(ValueError):
    pass


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj: dict[str, Any] = {}
    for key, value in pairs:
        if key in obj:
            raise _DuplicateKey(f"{key}: given twice")
        obj[key] = value
    return obj


def score_line(line: str | bytes) -> tuple[dict[str, Any], bool]:
    """The output object for one input line, and whether it scored. Never raises."""
    try:
        text = line.decode("utf-8") if isinstance(line, bytes) else line
        obj = json.loads(text.strip(), object_pairs_hook=_pairs)
    except UnicodeDecodeError:
        return {"error": "line is not valid UTF-8"}, False
    except _DuplicateKey as error:
        return {"error": str(error)}, False
    except json.JSONDecodeError as error:
        return {"error": f"line is not valid JSON: {error.msg} at column {error.colno}"}, False
    except (ValueError, RecursionError) as error:  # numbers too long, nesting too deep
        return {"error": f"line is not valid JSON: {error}"}, False
    try:
        return request.parse_request(obj).score().to_dict(), True
    except ScoringError as error:
        return {"error": str(error)}, False
    except Exception as error:  # never a traceback: report and carry on
        return {"error": f"internal error: {type(error).__name__}: {error}"}, False


def score_lines(lines: Iterable[str | bytes], out: IO[str]) -> int:
    """Score each non-blank line to ``out``; the exit status (1 if any line failed)."""
    status = 0
    for line in lines:
        if not line.strip():
            continue
        result, ok = score_line(line)
        if not ok:
            status = 1
        out.write(json.dumps(result) + "\n")
    return status


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if any(a in ("-h", "--help", "help") for a in args):
        sys.stdout.write(USAGE)
        return 0
    if args and args[0] == "bench":
        return _bench(args[1:])
    if args:
        sys.stderr.write(f"unknown argument {args[0]!r}\n\n{USAGE}")
        return 2
    try:
        return score_lines(sys.stdin.buffer, sys.stdout)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 1


def _bench(args: list[str]) -> int:
    deals = bench.DEALS
    if args:
        if len(args) != 2 or args[0] != "--deals" or not args[1].isdecimal() or int(args[1]) < 1:
            sys.stderr.write(f"bench takes only --deals N (a positive whole number)\n\n{USAGE}")
            return 2
        deals = int(args[1])
    for line in bench.report(bench.run(deals)):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
