"""An event's files (printouts, spreadsheets, PBN): an event -> plain rows (``duplicate.selectors.event_rows``)
-> a writer (``duplicate.exports``: pdf, xlsx, csv, pbn, text) -> bytes.  The download views and the commands
call the ``*_file`` functions here; none of them touches a request, and each runs a fixed number of queries
whatever the size of the event.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from django.conf import settings
from django.utils import translation

from duplicate.contests import is_contract
from duplicate.exports.csv import results_csv, standings_csv
from duplicate.exports.pbn import hands_pbn
from duplicate.exports.pdf import standings_pdf, travellers_pdf
from duplicate.exports.printouts import hand_records_pdf, printout_pdf
from duplicate.exports.text import travellers_text
from duplicate.exports.xlsx import standings_xlsx, workbook_xlsx
from duplicate.selectors.analyses import boards_double_dummy
from duplicate.selectors.event_rows import event_rows, hand_rows, standings_rows

STANDINGS_FORMATS = ("csv", "xlsx", "pdf")
PRINTOUTS = ("scorecards", "guide-cards", "hand-records")
CONTENT_TYPES = {
    "csv": "text/csv; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "pdf": "application/pdf",
    "text": "text/plain; charset=utf-8",
    "pbn": "application/x-pbn; charset=utf-8",
    "xml": "application/xml",  # USEBIO (the file declares its own encoding)
    "json": "application/json; charset=utf-8",  # the event file
}


def standings_file(event: Any, fmt: str, *, released_only: bool = False, director: bool = False) -> bytes:
    """The event's standings as ``csv``, ``xlsx`` or ``pdf`` (two queries: the pairs, the plays);
    ``released_only``: a visitor's, its totals over the released boards only (``selectors.released_only``).
    Here and below, the players' names as a visitor sees them, in full for a ``director``
    (``duplicate.privacy``)."""
    if fmt not in STANDINGS_FORMATS:
        raise ValueError(f"format: must be one of {', '.join(STANDINGS_FORMATS)}, got {fmt!r}")
    rows = standings_rows(event, released_only=released_only, director=director)
    if fmt == "csv":
        return standings_csv(rows)
    if fmt == "xlsx":
        return standings_xlsx(rows)
    return standings_pdf(rows)


def travellers_file(
    event: Any,
    fmt: str = "pdf",
    *,
    hidden: frozenset[int] = frozenset(),
    released_only: bool = False,
    director: bool = False,
) -> bytes:
    """Every board's traveller as ``pdf`` or plain ``text``.  ``hidden``, here and below: the boards still
    in play for a visitor (``selectors.hidden_boards``), without their hands or results; ``released_only``:
    the totals over the released boards only (``selectors.released_only``)."""
    if fmt not in ("pdf", "text"):
        raise ValueError(f"format: must be one of pdf, text, got {fmt!r}")
    rows = event_rows(event, hidden=hidden, released_only=released_only, director=director)
    if fmt == "text":
        return travellers_text(rows).encode("utf-8")
    return travellers_pdf(rows)


def printout_file(
    event: Any,
    kind: str,
    *,
    hidden: frozenset[int] = frozenset(),
    released_only: bool = False,
    director: bool = False,
) -> bytes:
    """``scorecards`` (one page per pair), ``guide-cards`` (one per table) or ``hand-records`` as PDF."""
    if kind not in PRINTOUTS:
        raise ValueError(f"kind: must be one of {', '.join(PRINTOUTS)}, got {kind!r}")
    if kind == "hand-records":  # with the stored double-dummy analyses (one query; hidden boards have none)
        hands = hand_rows(event, hidden=hidden)
        analyses = boards_double_dummy(
            ((b.number, b.dealer, b.deal) for b in hands.boards), par=is_contract(event.code)
        )
        return hand_records_pdf(hands, analyses)
    return printout_pdf(
        event_rows(event, hidden=hidden, released_only=released_only, director=director), kind
    )


def results_file(
    event: Any, *, hidden: frozenset[int] = frozenset(), released_only: bool = False, director: bool = False
) -> bytes:
    """Every result as CSV, one row each."""
    return results_csv(event_rows(event, hidden=hidden, released_only=released_only, director=director))


def hands_file(
    event: Any,
    *,
    results: bool = False,
    hidden: frozenset[int] = frozenset(),
    released_only: bool = False,
    director: bool = False,
) -> bytes:
    """The hand records as PBN, one game per board with hands (none of ``hidden``); with ``results``, each
    board's results as a PBN ScoreTable.  In English whatever the reader's language (a ruling's words in a
    comment): PBN is read by programs."""
    with translation.override(settings.LANGUAGE_CODE):
        rows = (
            event_rows(event, hidden=hidden, released_only=released_only, director=director)
            if results
            else hand_rows(event, hidden=hidden)
        )
        return hands_pbn(rows, day=event.date, results=results)


def workbook_file(
    event: Any, *, hidden: frozenset[int] = frozenset(), released_only: bool = False, director: bool = False
) -> bytes:
    """The event workbook (Standings, Travellers, Score cards, Boards, Movement)."""
    return workbook_xlsx(event_rows(event, hidden=hidden, released_only=released_only, director=director))


def file_name(event: Any, what: str, ext: str) -> str:
    """A safe download name: "spring-pairs-1916-03-04-standings.pdf"."""
    text = unicodedata.normalize("NFKD", str(event.name)).encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:60] or f"event-{event.pk}"
    date = f"-{event.date:%Y-%m-%d}" if getattr(event, "date", None) else ""
    return f"{slug}{date}-{what}.{ext}"


__all__ = [
    "CONTENT_TYPES",
    "PRINTOUTS",
    "STANDINGS_FORMATS",
    "file_name",
    "hands_file",
    "printout_file",
    "results_file",
    "standings_file",
    "travellers_file",
    "workbook_file",
]
