"""The command line (the Django management command ``movement`` wraps :func:`main`)."""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from typing import NoReturn

from scoring.errors import gettext_noop
from scoring.movements.common import GENERATED_KINDS, MAX_BOARDS_PER_ROUND, MovementError, _fail
from scoring.movements.generators import generate, render


class _ArgumentError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _ArgumentError(message)


def build_parser(prog: str = "movement") -> argparse.ArgumentParser:
    parser = _Parser(prog=prog, description="Print a duplicate movement.")
    parser.add_argument("kind", help="mitchell, howell, teams or compass")
    parser.add_argument("--tables", required=True, help="tables (for teams: pairs per team)")
    parser.add_argument("--boards-per-round", required=True, help=f"1 to {MAX_BOARDS_PER_ROUND}")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--skip", dest="even", action="store_const", const="skip", help="even Mitchell: skip")
    group.add_argument(
        "--relay", dest="even", action="store_const", const="relay", help="even Mitchell: relay-and-bye stand"
    )
    parser.add_argument("--pairs", default=None, help="howell only: 2*tables (default) or 2*tables-1")
    parser.add_argument("--format", default="text", help="json or text (default text)")
    return parser


def _int_argument(name: str, value: str | None) -> int | None:
    if value is None:
        return None
    text = value.strip()
    if not re.fullmatch(r"-?\d+", text):
        _fail(gettext_noop("%(name)s must be a whole number, got '%(value)s'"), name=name, value=value)
    return int(text)


def run(argv: Sequence[str]) -> str:
    """Parse ``argv`` and return the printed movement; raise :class:`MovementError` on bad arguments."""
    try:
        args = build_parser().parse_args(list(argv))
    except _ArgumentError as exc:
        raise MovementError(str(exc)) from None
    kind = args.kind.strip().lower()
    if kind not in GENERATED_KINDS:
        _fail(
            gettext_noop("unknown movement kind '%(kind)s' (expected one of: %(generated_kinds)s)"),
            kind=args.kind,
            generated_kinds=", ".join(GENERATED_KINDS),
        )
    if args.format not in ("json", "text"):
        _fail(gettext_noop("--format must be json or text, got '%(format)s'"), format=args.format)
    if args.even is not None and kind != "mitchell":
        _fail(gettext_noop("--%(even)s applies to a Mitchell only"), even=args.even)
    if args.pairs is not None and kind != "howell":
        _fail(gettext_noop("--pairs applies to a Howell only"))
    tables = _int_argument("--tables", args.tables)
    bpr = _int_argument("--boards-per-round", args.boards_per_round)
    pairs = _int_argument("--pairs", args.pairs)
    assert tables is not None
    assert bpr is not None
    movement = generate(kind, tables=tables, boards_per_round=bpr, even=args.even or "relay", pairs=pairs)
    return render(movement, args.format)


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry: print the movement, or one line ``movement: error: ...`` and exit 2."""
    try:
        output = run(sys.argv[1:] if argv is None else argv)
    except MovementError as exc:
        print(f"movement: error: {exc}", file=sys.stderr)
        return 2
    sys.stdout.write(output)
    return 0
