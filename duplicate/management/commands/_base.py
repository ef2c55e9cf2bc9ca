"""Shared behaviour of Kalamazoo's commands: bad input prints one clear line and exits non-zero."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from duplicate.models import Event


def event_or_error(event_id: int) -> Event:
    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        raise CommandError(f"event {event_id}: no such event", returncode=2)
    return event


def read_input(path: Path, *, limit: int) -> bytes:
    """A file to import, read whole: refused in one line (exit 2) when it is missing, unreadable or larger
    than ``limit`` bytes (checked before reading it)."""
    try:
        if path.stat().st_size > limit:
            raise CommandError(f"{path}: the file is larger than {limit // 2**20} MB", returncode=2)
        return path.read_bytes()
    except FileNotFoundError:
        raise CommandError(f"{path}: no such file", returncode=2) from None
    except OSError as exc:
        raise CommandError(f"{path}: cannot read it ({exc.strerror or exc})", returncode=2) from None


def write_output(output: Path, body: bytes | str) -> None:
    try:
        if isinstance(body, bytes):
            output.write_bytes(body)
        else:
            output.write_text(body, encoding="utf-8")
    except OSError as exc:
        raise CommandError(f"{output}: cannot write it ({exc.strerror})", returncode=2) from None


class KalamazooCommand(BaseCommand):
    """A command whose expected failures (ValueError and friends) become one line on stderr and exit 2."""

    def execute(self, *args: Any, **options: Any) -> str | None:
        try:
            return super().execute(*args, **options)
        except CommandError:
            raise
        except (ValueError, LookupError, OSError) as exc:
            raise CommandError(str(exc), returncode=2) from None

    def create_parser(self, prog_name: str, subcommand: str, **kwargs: Any) -> Any:
        parser = super().create_parser(prog_name, subcommand, **kwargs)

        def error(message: str) -> None:
            # One clear line instead of argparse's usage block.
            sys.stderr.write(f"{subcommand}: {message} (see --help)\n")
            sys.exit(2)

        parser.error = error  # type: ignore[method-assign]
        return parser

    def run_from_argv(self, argv: list[str]) -> None:
        try:
            super().run_from_argv(argv)
        except CommandError:  # pragma: no cover - Django prints and exits itself
            raise
        except KeyboardInterrupt:  # pragma: no cover
            sys.exit(130)
