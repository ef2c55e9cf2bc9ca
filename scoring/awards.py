"""Masterpoints awarded by a director's award table: the points of each place, first place first.

No federation's formula is built in: the table is the director's (the EBU, ACBL and ABF each scale theirs by
the field and the event; the director types the result). Each ranking is awarded the table on its own (each
direction of a two-winner Mitchell). Pairs tied for a place share the points of the places they cover
equally: two pairs tied second with the table 6, 4, 3 get (4 + 3) / 2 = 7/2 each. Places beyond the table get
nothing. Exact throughout (``Fraction``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction
from typing import Final

from scoring.errors import MarkedError, gettext_noop

MAX_PLACES: Final = 100  # the most places an award table gives points to
MAX_DECIMALS: Final = 2
MAX_POINTS: Final = 1_000_000  # a place's points are below this (six digits before the point)
_DECIMAL: Final = re.compile(r"(\d{1,6})(?:\.(\d{1,2}))?")
_SEPARATORS: Final = re.compile(r"[\s,;]+")


class AwardTableError(MarkedError):
    """An award table that cannot be read; the message says which entry and why."""


def awards_for_places(places: Sequence[tuple[int, int]], table: Sequence[Fraction]) -> list[Fraction]:
    """Each row's points: ``places`` holds each row's (rank, how many rows share that rank), ranks from 1.

    The rows tied at rank r cover the places r .. r + tied - 1 and share those places' points equally."""
    out: list[Fraction] = []
    for rank, tied in places:
        if rank < 1 or tied < 1:
            raise ValueError(f"place {rank} shared by {tied}: a rank and a count start at 1")
        covered = table[rank - 1 : rank - 1 + tied]
        out.append(sum(covered, Fraction(0)) / tied)
    return out


def ranks_with_ties(ranks: Sequence[int]) -> list[tuple[int, int]]:
    """Each rank with how many of ``ranks`` share it: [1, 2, 2, 4] -> [(1, 1), (2, 2), (2, 2), (4, 1)]."""
    counts: dict[int, int] = {}
    for rank in ranks:
        counts[rank] = counts.get(rank, 0) + 1
    return [(rank, counts[rank]) for rank in ranks]


def award_table(text: str) -> list[Fraction]:
    """An award table typed by a director: points per place separated by spaces or commas ("6 4.5 3 2"),
    each a non-negative decimal of at most two decimal places; at most ``MAX_PLACES`` places. A blank text is
    no table. Raises :class:`AwardTableError` naming the entry."""
    entries = [entry for entry in _SEPARATORS.split(text.strip()) if entry]
    if len(entries) > MAX_PLACES:
        raise AwardTableError(
            gettext_noop("at most %(max_places)s places, got %(count)s"),
            max_places=MAX_PLACES,
            count=len(entries),
        )
    table: list[Fraction] = []
    for place, entry in enumerate(entries, start=1):
        match = _DECIMAL.fullmatch(entry)
        if match is None:
            raise AwardTableError(
                gettext_noop(
                    "place %(place)s: %(entry)r is not a number of points like 6 or 4.5 "
                    "(from 0 to %(value)s, at most %(max_decimals)s decimal places)"
                ),
                place=place,
                entry=entry[:20],
                value=MAX_POINTS - 1,
                max_decimals=MAX_DECIMALS,
            )
        whole, decimals = match[1], match[2] or ""
        table.append(Fraction(int(whole + decimals), 10 ** len(decimals)))
    return table


def decimal_points(value: Fraction, places: int = MAX_DECIMALS) -> str:
    """Points as a decimal text, rounded half up to ``places`` and without trailing zeros:
    Fraction(7, 2) -> "3.5", Fraction(10, 3) -> "3.33", Fraction(6) -> "6" (``value`` not negative)."""
    scaled, rest = divmod(value.numerator * 10**places, value.denominator)
    if 2 * rest >= value.denominator:
        scaled += 1
    whole, fraction = divmod(scaled, 10**places)
    digits = str(fraction).rjust(places, "0").rstrip("0")
    return f"{whole}.{digits}" if digits else str(whole)


def table_texts(table: Sequence[Fraction]) -> list[str]:
    """A table as stored: exact decimal texts ("6", "4.5"), first place first."""
    return [decimal_points(points) for points in table]


def table_of_texts(texts: Sequence[str]) -> list[Fraction]:
    """A stored table (decimal texts) as exact points; raises :class:`AwardTableError` for a bad entry."""
    return award_table(" ".join(texts))
