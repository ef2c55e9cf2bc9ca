"""The VP table of an event of matches as text (the ``standings`` command's): plain rows in, text out."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def vp_table_text(name: str, rows: Sequence[dict[str, Any]]) -> str:
    """The table's lines (its JSON rows): place ("=" when shared), name, VPs to two decimals, net IMPs,
    matches played."""
    lines = [name, f"{'Place':<6} {'Name':<30} {'VPs':>8} {'IMPs':>6} {'Played':>6}"]
    for row in rows:
        rank, tied, entrant, vps, imps, played = (
            row[k] for k in ("rank", "tied", "name", "vps", "imps", "played")
        )
        place = f"{rank}{'=' if tied else ''}"
        lines.append(f"{place:<6} {entrant[:30]:<30} {vps:>8} {imps:>+6} {played:>6}")
    return "\n".join(lines) + "\n"
