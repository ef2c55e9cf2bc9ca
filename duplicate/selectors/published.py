"""What another scorer published, read: an imported event's figures as its file gave them, and where Kalamazoo's
recomputation differs.

An event imported from another scorer's USEBIO file (``services.usebio``) keeps the file's figures beside
Kalamazoo's own: each pair's total, percentage and place (``Pair.published_*``), each line's matchpoints or IMPs
(``Play.published_ns``/``published_ew``) and each Butler board's datum (``Board.published_datum``). While the
event's ``results_source`` is "published", the read path shows them in place of the recomputed ones, here and
only here: :func:`shown_rankings` on the standings' rows, :func:`published_line` on a traveller's lines,
:func:`published_datum` on a traveller's datum. A figure the file does not give stays Kalamazoo's. The texts
are exact decimals ("63.89"), read as Fractions and shown as written.

``selectors.published_differences`` lists where the recomputation differs (board, pair, both figures), with
the comparisons below: the import's page and ``import_usebio`` print it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, TypeVar

from django.utils.translation import gettext, pgettext

from duplicate.models import Event, ResultsSource
from duplicate.selectors.pair_rows import Ranking, StandingRow

_PLACE_RE = re.compile(r"(\d+)=?")


def shows_published(event: Event) -> bool:
    """Whether the event shows its scorer's published figures (its ``results_source``)."""
    return bool(event.results_source == ResultsSource.PUBLISHED)


def exact(text: str) -> Fraction | None:
    """A published figure as an exact value ("63.89" -> 6389/100); None for none, or a text not a number."""
    try:
        return Fraction(text) if text else None
    except ValueError:
        return None


def place_of(text: str) -> int | None:
    """A published place's number: "3=" -> 3; None for none."""
    found = _PLACE_RE.fullmatch(text)
    return int(found[1]) if found else None


# --------------------------------------------------------------------------------------------- showing


def published_row(row: StandingRow) -> StandingRow:
    """A contract standings row with its pair's published total, percentage and place, each shown as written
    (a figure the file does not give stays the recomputed one)."""
    if not row.contest:
        return row
    score_text, percentage_text, place_text = row.pair.published
    score, percentage, place = exact(score_text), exact(percentage_text), place_of(place_text)
    if score is not None:
        row = row._replace(net=score, net_display=score_text)
        if row.percentage is None:  # the second column repeats the score where there is no percentage
            row = row._replace(plus_minus=score, plus_minus_display=score_text)
    if percentage is not None:
        row = row._replace(percentage=percentage, plus_minus=percentage, plus_minus_display=percentage_text)
    if place is not None:
        row = row._replace(rank=place, by_fraction=False)
    return row


def published_rankings(rankings: Sequence[Ranking]) -> list[Ranking]:
    """The rankings with each pair's published figures (:func:`published_row`), in the published places'
    order (equals by pair number)."""
    out = []
    for ranking in rankings:
        rows = sorted((published_row(row) for row in ranking.rows), key=lambda r: (r.rank, r.pair.sort_key))
        out.append(replace(ranking, rows=tuple(rows)))
    return out


def shown_rankings(event: Event, rankings: Sequence[Ranking], left_out: Iterable[int] = ()) -> list[Ranking]:
    """The rankings the pages show: with the published figures while the event shows them, else as given.
    No peeking: the published totals count every board, so a viewer whose totals leave out boards still in
    play (``left_out``) is shown Kalamazoo's over the boards released, never the file's."""
    if not shows_published(event) or any(True for _ in left_out):
        return list(rankings)
    return published_rankings(rankings)


def published_line(line: Any) -> Any:
    """A traveller line (``travellers.PlayLine``) with each side's published matchpoints or IMPs (the texts
    it carries in ``published``)."""
    ns, ew = (exact(text) for text in line.published)
    if ns is not None:
        line = line._replace(ns_plus_minus=ns)
    if ew is not None:
        line = line._replace(ew_plus_minus=ew)
    return line


def published_datum(event: Event, datum: int | None, computed: str) -> str:
    """A Butler board's datum as the traveller shows it: the published one while the event shows its
    scorer's figures, else Kalamazoo's (``computed``)."""
    return str(datum) if datum is not None and shows_published(event) else computed


B = TypeVar("B")


def with_published_datum(event: Event, board: B, datum: int | None) -> B:
    """A board's rows (``selectors.event_rows.BoardRows``: the downloads' and the display's) with the datum
    the other scorer published, and no rule beside it (it is not Kalamazoo's), while the event shows its
    scorer's figures; else as they are."""
    if datum is None or not shows_published(event) or getattr(board, "in_play", False):
        return board
    return replace(board, datum=str(datum), datum_rule="")  # type: ignore[type-var]


# ----------------------------------------------------------------------------------------- differences


@dataclass(frozen=True, slots=True)
class Difference:
    """One figure where Kalamazoo's recomputation differs from what the file published: ``board`` None for a
    pair's total, percentage or place, ``pair`` "" for a board's datum; ``what`` names the figure; both as
    shown (``published`` as written)."""

    board: int | None
    pair: str
    what: str
    published: str
    recomputed: str

    def __str__(self) -> str:
        board = gettext("board %(n)s") % {"n": self.board} if self.board else ""
        where = ", ".join(part for part in (board, self.pair) if part)
        return gettext("%(where)s: %(what)s published %(published)s, recomputed %(recomputed)s") % {
            "where": where,
            "what": self.what,
            "published": self.published,
            "recomputed": self.recomputed,
        }


def _shown(value: Fraction | int | None) -> str:
    if value is None:
        return pgettext("no figure", "none")
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.2f} ({value})"


def _differs(text: str, value: Fraction | int | None) -> bool:
    """Whether a published text and a recomputed value differ; a published text to two decimals matches a
    value that rounds to it (63.89 and 575/9)."""
    given = exact(text)
    if given is None:
        return False
    if value is None:
        return True
    places = len(text.partition(".")[2])
    return bool(abs(Fraction(value) - given) * 2 * 10**places > 1)


def pair_differences(rows: Iterable[StandingRow]) -> list[Difference]:
    """Each pair's published total, percentage and place against the recomputed standings' ``rows``."""
    out = []
    for row in rows:
        score, percentage, place = row.pair.published
        label = str(row.pair.label)
        if score and _differs(score, row.net):
            out.append(Difference(None, label, pgettext("published figure", "total"), score, _shown(row.net)))
        if percentage and _differs(percentage, row.percentage):
            out.append(Difference(None, label, gettext("percentage"), percentage, _shown(row.percentage)))
        if place and place_of(place) != row.rank:
            out.append(Difference(None, label, gettext("place"), place, str(row.rank)))
    return out


def line_differences(lines: Iterable[Any]) -> list[Difference]:
    """Each traveller line's published matchpoints or IMPs (``PlayLine.published``: the two texts) against the
    recomputed ones."""
    out = []
    for line in lines:
        ns_text, ew_text = line.published
        unit = gettext(line.unit) if line.unit else pgettext("published figure", "score")
        for what, text, value, pair in (
            (gettext("N-S %(unit)s") % {"unit": unit}, ns_text, line.ns_plus_minus, line.ns),
            (gettext("E-W %(unit)s") % {"unit": unit}, ew_text, line.ew_plus_minus, line.ew),
        ):
            if text and _differs(text, value):
                out.append(Difference(line.board, str(pair.label), what, text, _shown(value)))
    return out


def datum_differences(datums: Mapping[int, int], computed: Mapping[int, int]) -> list[Difference]:
    """Each Butler board's published datum against the recomputed one."""
    return [
        Difference(board, "", gettext("datum"), str(datum), _shown(computed.get(board)))
        for board, datum in sorted(datums.items())
        if computed.get(board) != datum
    ]
