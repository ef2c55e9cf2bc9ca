"""Helpers shared by the entry tests: URLs, plays at a table, and the POST data of one board's form."""

from __future__ import annotations

import re
from typing import Any

from django.urls import reverse
from django.utils.html import escape

from duplicate.models import Event, Play


def table_url(event: Event, rnd: int, table: int, letter: str = "A") -> str:
    return reverse("entry_table", args=[event.pk, letter, rnd, table])


def plays_at(event: Event, rnd: int, table: int) -> list[Play]:
    return list(
        Play.objects.filter(event=event, seating__round__number=rnd, seating__table=table)
        .select_related("board", "ns_pair", "ew_pair", "seating__round")
        .order_by("board__number")
    )


def board_data(
    play: Play, *, version: int | None = None, action: str = "save", **fields: Any
) -> dict[str, Any]:
    data: dict[str, Any] = {
        "play": play.pk,
        "action": action,
        f"b{play.pk}-version": play.version if version is None else version,
        f"b{play.pk}-ns": play.ns_pair.number,
        f"b{play.pk}-ew": play.ew_pair.number,
    }
    for name, value in fields.items():
        data[f"b{play.pk}-{name}"] = value
    return data


def field_errors(html: str, name: str) -> str:
    """The text of a form field's label block (where its errors sit), or '' when it has no errors."""
    match = re.search(rf'<label class="fld fld-{re.escape(name)} has-error".*?</label>', html, re.S)
    return match.group(0) if match else ""


def shown_beside_its_field(message: str) -> str:
    """An error as the engine and the services word it ("tricks: must be ...", naming its field) as a reader
    sees it beside the field, whose label names it: "Must be ..."."""
    head, sep, text = message.partition(": ")
    return text[:1].upper() + text[1:] if sep and " " not in head else message


def on_field(html: str, name: str, message: str) -> bool:
    """Whether ``message`` (as the engine words it) is shown beside field ``name``, without the internal field
    name it starts with."""
    block = field_errors(html, name)
    shown = shown_beside_its_field(message)
    return escape(shown) in block and (shown == message or escape(message) not in block)
