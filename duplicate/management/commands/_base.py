"""Shared behaviour of Kalamazoo's commands: bad input prints one clear line and exits non-zero."""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError


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
