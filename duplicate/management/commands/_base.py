"""Shared behaviour of Kalamazoo's commands: bad input prints one clear line and exits non-zero, and what a
command prints for its user is in the language of the user's environment (``_language``)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.utils import translation
from django.utils.translation import gettext as _

from duplicate.management.commands._language import EnvironmentLanguage, command_language
from duplicate.models import Event
from duplicate.uploads import too_large


def event_or_error(event_id: int) -> Event:
    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        raise CommandError(_("event %(id)d: no such event") % {"id": event_id}, returncode=2)
    return event


def read_input(path: Path, *, limit: int) -> bytes:
    """A file to import, read whole: refused in one line (exit 2) when it is missing, unreadable or larger
    than ``limit`` bytes (checked before reading it: duplicate.uploads has each kind's)."""
    try:
        if path.stat().st_size > limit:
            raise CommandError(f"{path}: {too_large(limit)}", returncode=2)
        return path.read_bytes()
    except FileNotFoundError:
        raise CommandError(_("%(path)s: no such file") % {"path": path}, returncode=2) from None
    except OSError as exc:
        raise CommandError(
            _("%(path)s: cannot read it (%(reason)s)") % {"path": path, "reason": exc.strerror or exc},
            returncode=2,
        ) from None


def write_output(output: Path, body: bytes | str) -> None:
    try:
        if isinstance(body, bytes):
            output.write_bytes(body)
        else:
            output.write_text(body, encoding="utf-8")
    except OSError as exc:
        raise CommandError(
            _("%(path)s: cannot write it (%(reason)s)") % {"path": output, "reason": exc.strerror},
            returncode=2,
        ) from None


class KalamazooCommand(EnvironmentLanguage, BaseCommand):
    """A command whose expected failures (ValueError and friends) become one line on stderr and exit 2,
    speaking the language of the user's environment."""

    def execute(self, *args: Any, **options: Any) -> str | None:
        with translation.override(command_language()):  # the refusal made into text in that language too
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
            line = _("%(command)s: %(message)s (see --help)") % {"command": subcommand, "message": message}
            sys.stderr.write(line + "\n")
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
