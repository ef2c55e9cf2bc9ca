"""A championship's sessions in one USEBIO file: one EVENT, a SESSION each, a session of several sections in
SECTIONs (scoring/usebio_sessions.py)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from scoring.usebio import UsebioError, UsebioEvent, UsebioLine, UsebioPair, UsebioPlayer
from scoring.usebio_sessions import write_usebio_sessions


def _session(sections: tuple[str | None, ...]) -> UsebioEvent:
    pairs = tuple(
        UsebioPair(number=str(n), players=(UsebioPlayer(f"P{n}a"), UsebioPlayer(f"P{n}b")), section=section)
        for section in sections
        for n in (1, 2)
    )
    lines = tuple(
        UsebioLine(board=1, ns_pair="1", ew_pair="2", passed_out=True, section=section)
        for section in sections
    )
    return UsebioEvent(
        event_type="MP_PAIRS", name="s", board_scoring_method="MATCH_POINTS", pairs=pairs, lines=lines
    )


def test_a_session_each_sections_within():
    body = write_usebio_sessions(name="Autumn", date=None, sessions=[_session((None,)), _session(("A", "B"))])
    event = ET.fromstring(body).find("EVENT")
    assert event.get("EVENT_TYPE") == "MP_PAIRS"
    assert (event.findtext("EVENT_DESCRIPTION"), event.findtext("SESSION_COUNT")) == ("Autumn", "2")
    first, second = event.findall("SESSION")
    assert len(first.findall("PARTICIPANTS/PAIR")) == 2
    assert len(first.findall("BOARD")) == 1
    assert [s.get("SECTION_ID") for s in second.findall("SECTION")] == ["A", "B"]
    assert [len(s.findall("PARTICIPANTS/PAIR")) for s in second.findall("SECTION")] == [2, 2]


def test_no_session_refused():
    with pytest.raises(UsebioError, match="at least one session"):
        write_usebio_sessions(name="Autumn", date=None, sessions=[])
