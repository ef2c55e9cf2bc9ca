"""The VP table of an event of matches as text (the ``standings`` command's): plain rows in, text out."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def vp_table_text(name: str, rows: Sequence[dict[str, Any]]) -> str:
    """The table's lines (its JSON rows): place ("=" when shared), name, VPs to two decimals, net IMPs,
    matches played."""
    lines = [name, f"{'Place':<6} {'Name':<30} {'VPs':>8} {'IMPs':>6} {'Played':>6}"]
    for row in rows:
        place = f"{row['rank']}{'=' if row['tied'] else ''}"
        lines.append(
            f"{place:<6} {row['name'][:30]:<30} {row['vps']:>8} {row['imps']:>+6} {row['played']:>6}"
        )
    return "\n".join(lines) + "\n"
