"""A championship of sessions as one USEBIO 1.2 file: one EVENT, a SESSION (SESSION_ID 1, 2, ...) a session,
each holding its own PARTICIPANTS and BOARDs (in SECTIONs when the session has several), since pair numbers and
boards start again in each session.  Each session is given as the ``UsebioEvent`` its single-session file is
written from (``scoring.usebio.write_usebio``); the hands are left out (boards of different sessions share
numbers; each session's own file carries its HANDSET).  Pure Python."""

from __future__ import annotations

import datetime
from collections.abc import Sequence

from lxml import etree

from scoring.errors import gettext_noop
from scoring.usebio import (
    LINE_FIGURE_ELEMENTS,
    BoardFigures,
    UsebioError,
    UsebioEvent,
    add_child,
    usebio_bytes,
    usebio_root,
    write_boards,
    write_pair,
)

__all__ = ["write_usebio_sessions"]


def _write_session(event: etree._Element, number: int, session: UsebioEvent) -> None:
    element = add_child(event, "SESSION")
    element.set("SESSION_ID", str(number))
    figures = BoardFigures(
        LINE_FIGURE_ELEMENTS.get((session.board_scoring_method or "").upper()), dict(session.published_datums)
    )
    sections = sorted(
        {pair.section for pair in session.pairs} | {line.section for line in session.lines},
        key=lambda section: (section is not None, section or ""),
    )
    if len(sections) < 2:  # one section: the pairs and boards straight in SESSION
        sections = [None]
    for section in sections:
        parent = element if section is None else add_child(element, "SECTION")
        if section is not None:
            parent.set("SECTION_ID", section)
        participants = add_child(parent, "PARTICIPANTS")
        participants.set("EVENT_TYPE", session.event_type)
        for pair in session.pairs:
            if section is None or pair.section == section:
                write_pair(participants, pair)
        lines = [line for line in session.lines if section is None or line.section == section]
        write_boards(parent, lines, figures)


def write_usebio_sessions(*, name: str, date: datetime.date | None, sessions: Sequence[UsebioEvent]) -> bytes:
    """The sessions (session 1 first) as one USEBIO file: XML declaration, DOCTYPE, USEBIO > [CLUB] > EVENT >
    SESSION x n.  The EVENT_TYPE and BOARD_SCORING_METHOD are the first session's (every session of a
    championship is scored alike).  Raises UsebioError for no session, or a session of teams."""
    if not sessions:
        raise UsebioError("SESSION", None, gettext_noop("a championship file needs at least one session"))
    if any(session.is_teams for session in sessions):
        raise UsebioError("SESSION", None, gettext_noop("a championship of sessions is a pair contest"))
    root, event = usebio_root(sessions[0], name=name, date=date, sessions=len(sessions))
    for number, session in enumerate(sessions, start=1):
        _write_session(event, number, session)
    return usebio_bytes(root)
