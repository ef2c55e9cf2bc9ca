"""A championship of sessions ranked overall: each session's figures (as its own contest scored them) added by
the carry-over the director chose.  Pure Python, exact; the rules, with their reasons, are in docs/laws.md
("Championships of sessions: the carry-over").

- ``totals``: each entrant's session totals added (matchpoints, IMPs or plus/minus, as each session's contest
  counts them); an entrant who missed a session counts nothing for it.
- ``weighted``: the percentages weighted by the boards played, sum(pct_i x boards_i) / sum(boards_i), over the
  sessions the entrant played; a contest without a percentage cannot be weighted (ContestError).
- ``carry``: session 1 is the qualifying session; an entrant who plays a later session is ranked overall on
  ``fraction`` x its qualifying total plus its totals of the later sessions; the others are listed after them,
  not qualified, by their qualifying total (no overall rank).  Before any later session has an entrant, every
  entrant is ranked on its carried figure (fraction x qualifying total).

Ties: equal exact figures share a rank (standard competition ranking, 1, 2, 2, 4, as law H's rankings); a place
is "won by the fraction of a point" when two figures differ exactly but read alike to two decimals
(:func:`scoring.contests.rankings.competition_ranks`).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from re import fullmatch
from typing import Final

from scoring.contests.display import round_ratio
from scoring.contests.rankings import competition_ranks
from scoring.errors import ContestError, gettext_noop, show_value

__all__ = [
    "CARRY",
    "MODES",
    "TOTALS",
    "WEIGHTED",
    "OverallRow",
    "SessionFigure",
    "carry_fraction",
    "carry_fraction_written",
    "overall_ranking",
]

TOTALS: Final = "totals"
WEIGHTED: Final = "weighted"
CARRY: Final = "carry"
MODES: Final = (TOTALS, WEIGHTED, CARRY)
#: The most a fraction's numerator or denominator may be (a director writes "1/2", "0.25", "3/10").
_FRACTION_TERMS_MAX: Final = 10_000
#: A share as a director writes it, spaces taken out: "1/2", "0.25", ".5", "1" (ASCII digits; no "1e-1", "1_0").
_FRACTION_WRITTEN: Final = r"[0-9]+/[0-9]+|[0-9]+(?:\.[0-9]*)?|\.[0-9]+"


@dataclass(frozen=True, slots=True)
class SessionFigure:
    """An entrant's figures in one session: its total as the session's contest counts it, its percentage
    (None when the contest has none) and the boards it played."""

    total: Fraction | int
    boards: int
    percentage: Fraction | None = None


@dataclass(frozen=True, slots=True)
class OverallRow:
    """An entrant's overall line: its figures in each session (None: not played), its overall figure (a
    percentage for ``weighted``), its rank (None: not qualified, ``carry`` only) and whether its place is won
    by the fraction of a point."""

    entrant: Hashable
    sessions: tuple[SessionFigure | None, ...]
    overall: Fraction
    rank: int | None
    by_fraction: bool
    qualified: bool = True


def carry_fraction_written(text: str) -> str:
    """The share as written, its spaces taken out ("1 / 2" is "1/2"); "" for no text."""
    return "".join(text.split()) if isinstance(text, str) else ""


def carry_fraction(text: str) -> Fraction:
    """The carried share written as a director writes it, "1/2" or "0.25": exact, 0 < f <= 1
    (ContestError, field "carry_fraction", otherwise)."""
    cleaned = carry_fraction_written(text)
    if not cleaned:
        raise ContestError("carry_fraction", gettext_noop('give the share carried, as "1/2" or "0.25"'))
    try:
        if not fullmatch(_FRACTION_WRITTEN, cleaned):
            raise ValueError(
                cleaned
            )  # Python also reads "1e-1", "1_0" and other digits: not a director's share
        value = Fraction(cleaned)
    except (ValueError, ZeroDivisionError):
        raise ContestError(
            "carry_fraction",
            gettext_noop('write the share as "1/2" or "0.25", got %(got)s'),
            got=show_value(text),
        ) from None
    if not 0 < value <= 1:
        raise ContestError(
            "carry_fraction",
            gettext_noop("the share carried is more than 0 and at most 1, got %(cleaned)s"),
            cleaned=cleaned,
        )
    if value.numerator > _FRACTION_TERMS_MAX or value.denominator > _FRACTION_TERMS_MAX:
        raise ContestError(
            "carry_fraction",
            gettext_noop("a share of at most %(fraction_terms_max)s parts, got %(cleaned)s"),
            fraction_terms_max=_FRACTION_TERMS_MAX,
            cleaned=cleaned,
        )
    return value


def _weighted(entrant: Hashable, figures: Sequence[SessionFigure | None]) -> Fraction:
    played = [f for f in figures if f is not None and f.boards > 0]
    if any(f.percentage is None for f in played):
        raise ContestError(
            "carry_over",
            gettext_noop("a percentage weighted by boards needs a contest with percentages (matchpoints)"),
        )
    boards = sum(f.boards for f in played)
    if boards == 0:
        return Fraction(0)
    return sum((Fraction(f.percentage or 0) * f.boards for f in played), Fraction(0)) / boards


def _total(figures: Sequence[SessionFigure | None], share: Fraction) -> Fraction:
    """The first session's total times ``share``, plus the others' totals."""
    first, *later = figures
    carried = share * Fraction(first.total) if first is not None else Fraction(0)
    return carried + sum((Fraction(f.total) for f in later if f is not None), Fraction(0))


def _ranked(values: list[Fraction]) -> list[tuple[int, int, bool]]:
    """(index, rank, by_fraction) best first; equal figures keep the order given.  Compared as whole numerators
    over a common denominator; "by the fraction of a point" read at the two decimals the pages show."""
    den = lcm(*(v.denominator for v in values)) if values else 1
    keys = [v.numerator * (den // v.denominator) for v in values]
    order = sorted(range(len(values)), key=keys.__getitem__, reverse=True)  # stable: equals keep their order
    # law H's rankings' rule: equal exact figures share a place (1, 2, 2, 4)
    ordered = [keys[i] for i in order]
    ranks = competition_ranks(ordered, [round_ratio(100 * k, den) for k in ordered])
    return [(i, rank, flag) for i, (rank, flag) in zip(order, ranks, strict=True)]


def overall_ranking(
    figures: Mapping[Hashable, Sequence[SessionFigure | None]],
    *,
    carry_over: str,
    fraction: Fraction | int = 1,
) -> tuple[OverallRow, ...]:
    """Every entrant's overall line, best first (the entrants' order in ``figures`` breaks no tie: equal
    figures share a rank and are listed in that order).  ``figures``: each entrant's figures per session,
    session 1 first, every sequence as long (None where the entrant did not play).  ``fraction``: the share of
    the qualifying session carried (``carry`` only).  Raises ContestError on a mode it does not know, sessions
    of different counts, or ``weighted`` over a contest without percentages."""
    if carry_over not in MODES:
        raise ContestError(
            "carry_over",
            gettext_noop("must be one of %(modes)s, got %(got)s"),
            modes=", ".join(MODES),
            got=show_value(carry_over),
        )
    if len({len(f) for f in figures.values()}) > 1:
        raise ContestError(
            "figures", gettext_noop("every entrant needs one figure (or None) for each session")
        )
    share = Fraction(fraction)
    if not 0 < share <= 1:
        raise ContestError(
            "carry_fraction",
            gettext_noop("the share carried is more than 0 and at most 1, got %(share)s"),
            share=share,
        )
    entrants = list(figures)
    qualified = entrants
    if carry_over == CARRY:
        later = [e for e in entrants if any(f is not None for f in figures[e][1:])]
        qualified = later or entrants  # no later session played yet: everyone on the carried figure
    if carry_over == WEIGHTED:
        values = [_weighted(e, figures[e]) for e in qualified]
    else:
        values = [_total(figures[e], share if carry_over == CARRY else Fraction(1)) for e in qualified]
    rows = [
        OverallRow(qualified[i], tuple(figures[qualified[i]]), values[i], rank, flag)
        for i, rank, flag in _ranked(values)
    ]
    chosen = set(qualified)
    out = [e for e in entrants if e not in chosen]
    if out:
        qualifying = [_total(figures[e][:1], Fraction(1)) for e in out]
        rows += [
            OverallRow(out[i], tuple(figures[out[i]]), qualifying[i], None, False, qualified=False)
            for i, _rank, _flag in _ranked(qualifying)
        ]
    return tuple(rows)
