"""A team match's files: read by ``teams.selectors`` (a law G match) or ``duplicate.selectors.imp_match`` (a
contract match by IMPs and VPs), written by ``teams.exports`` and ``teams.imp_exports``.  The standings download
and the ``standings`` command call :func:`match_file` for a team event.
"""

from __future__ import annotations

from duplicate.contests import Shape, contest_of
from duplicate.exports.csv import BOM
from duplicate.models import Event, EventKind
from duplicate.selectors.event_rows import StandingsRows, event_info
from duplicate.selectors.imp_match import imp_match
from teams.exports import match_pdf, match_xlsx
from teams.imp_exports import imp_csv_text, imp_pdf, imp_xlsx
from teams.selectors import law_g_match

MATCH_FORMATS = ("pdf", "xlsx")
IMP_FORMATS = ("pdf", "xlsx", "csv")


def match_formats(event: Event) -> tuple[str, ...]:
    """The standings formats :func:`match_file` writes for ``event``, each a visitor's without the boards in
    play: a law G match's PDF and xlsx, a contract match by IMPs' PDF, xlsx and CSV; none for a pair event."""
    if event.kind != EventKind.TEAMS:
        return ()
    return IMP_FORMATS if contest_of(event).shape is Shape.CONTRACT_TEAMS else MATCH_FORMATS


def match_file(
    event: Event,
    fmt: str,
    *,
    hidden: frozenset[int] = frozenset(),
    released_only: bool = False,
    director: bool = False,
) -> bytes:
    """The team match as ``pdf`` or ``xlsx``: the standings' tables and teams, then board by board; a
    contract match by IMPs as :func:`imp_file` writes it (``csv`` too).  The players' names as a visitor sees
    them, in full for a ``director`` (``duplicate.privacy``)."""
    if contest_of(event).shape is Shape.CONTRACT_TEAMS:
        return imp_file(event, fmt, hidden=hidden, released_only=released_only, director=director)
    if fmt not in MATCH_FORMATS:
        raise ValueError(f"format: must be one of {', '.join(MATCH_FORMATS)}, got {fmt!r}")
    match = law_g_match(event, hidden=hidden, released_only=released_only, director=director)
    rows = StandingsRows(event_info(event), match)
    return match_pdf(rows, hidden=bool(hidden)) if fmt == "pdf" else match_xlsx(rows)


def imp_file(
    event: Event,
    fmt: str,
    *,
    hidden: frozenset[int] = frozenset(),
    released_only: bool = False,
    director: bool = False,
) -> bytes:
    """The match as ``pdf``, ``xlsx`` or ``csv`` (a byte-order mark, UTF-8), ``hidden`` boards without their
    scores, and with ``released_only`` left out of the totals (``selectors.released_only``)."""
    if fmt not in IMP_FORMATS:
        raise ValueError(f"format: must be one of {', '.join(IMP_FORMATS)}, got {fmt!r}")
    match = imp_match(event, hidden=hidden, released_only=released_only, director=director)
    if fmt == "csv":
        return (BOM + imp_csv_text(match)).encode("utf-8")
    info = event_info(event)
    return imp_pdf(info, match, hidden=bool(hidden)) if fmt == "pdf" else imp_xlsx(info, match)
