"""Unlikely results (``scoring.checks``) as entry reads them: for a result about to be saved at a table, and for
every result of an event on the director's entry grid. Reads only; a result is questioned, never refused.

No peeking: the checks read other tables' results here, on the server; what a table is shown is each
oddity's ``table_text``, which names nothing of them (docs/laws.md, "Unlikely results")."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from typing import Any

from duplicate.models import DealAnalysis, Event, Play
from duplicate.selectors.analyses import SEATS, STRAINS
from scoring.checks import Oddity, Played, lead_check, unlikely
from scoring.codes import ScoringCode, Strain, parse_code
from scoring.contract import Contract, Seat
from scoring.errors import ScoringError
from scoring.law77 import board_vulnerability
from scoring.pbn import hands_known, known_hands


def _code(text: str) -> ScoringCode | None:
    try:
        return parse_code(text)
    except (ScoringError, ValueError):
        return None


def played(contract: object, declarer: object, tricks: object, code: ScoringCode | None) -> Played | None:
    """A played contract from entry's fields, or None (passed out, a ruling, whist, or fields the result
    service would refuse: it says why, not the checks)."""
    if not isinstance(contract, str) or not contract.strip() or not isinstance(declarer, str):
        return None
    try:
        parsed = Contract.parse(contract, code)
        seat = Seat(declarer.strip().upper())
        count = int(str(tricks))
    except (ScoringError, ValueError, TypeError):
        return None
    return Played(parsed, seat, count) if 0 <= count <= 13 else None


def dd_tricks(analysis: str | None, result: Played) -> int | None:
    """Double dummy's tricks for ``result``'s declarer and strain from ``DealAnalysis.tricks`` (royal spades,
    auction-1913's, are played as spades)."""
    if not analysis or len(analysis) != 20:
        return None
    strain = "S" if result.contract.strain is Strain.RS else result.contract.strain.value
    return int(analysis[SEATS.index(result.declarer.value) * 5 + STRAINS.index(strain)], 16)


def _played_of(row: Mapping[str, Any], code: ScoringCode | None) -> Played | None:
    if not row["entered"] or row["ruling"]:
        return None
    return played(row["contract"], row["declarer"], row["tricks"], code)


_FIELDS = (
    *("pk", "board_id", "board__number", "board__deal", "board__vulnerability", "seating_id"),
    *("entered", "ruling", "contract", "declarer", "tricks", "lead"),
)


def _analyses(deals: Iterable[str]) -> dict[str, str]:
    wanted = {d for d in deals if hands_known(d)}
    if not wanted:
        return {}
    return dict(DealAnalysis.objects.filter(deal__in=wanted).values_list("deal", "tricks"))


def entry_oddities(play: Play, data: Mapping[str, Any] | None, *, code: str) -> list[Oddity]:
    """What looks odd about ``data`` (the result about to be saved for ``play``), read against the board's
    other tables and its double-dummy table. Two queries (one without hands); none for a passed-out deal,
    a ruling, whist or a result cleared."""
    scoring_code = _code(code)
    if data is None or data.get("ruling"):
        return []
    result = played(data.get("contract"), data.get("declarer"), data.get("tricks"), scoring_code)
    if result is None:
        return []
    rows = list(Play.objects.filter(board_id=play.board_id).exclude(pk=play.pk).values(*_FIELDS))
    # No peeking: other tables' results are read only once every other table has played the board (this
    # table is the last, and sees them all once it saves); before then whether a table is asked would tell
    # it, by trying one result after another, what other tables made (docs/laws.md, "Unlikely results").
    in_play = any(not r["entered"] for r in rows)
    others = [] if in_play else [o for o in (_played_of(r, scoring_code) for r in rows) if o is not None]
    deal = play.board.deal
    analysis = _analyses([deal]).get(deal)
    vulnerability = board_vulnerability(play.board.number, play.board.vulnerability)
    return unlikely(result, others=others, dd_tricks=dd_tricks(analysis, result), vulnerability=vulnerability)


def event_oddities(event: Event) -> dict[int, list[tuple[int, Oddity]]]:
    """Every entered result's oddities, by seating: (board number, oddity). Two queries, whatever the
    number of tables (one when no board has hands)."""
    code = _code(event.code)
    rows = list(Play.objects.filter(event=event, entered=True).values(*_FIELDS))
    analyses = _analyses(r["board__deal"] for r in rows)
    by_board: dict[int, list[tuple[int, Played]]] = defaultdict(list)
    for row in rows:
        result = _played_of(row, code)
        if result is not None:
            by_board[row["board_id"]].append((row["pk"], result))
    out: dict[int, list[tuple[int, Oddity]]] = defaultdict(list)
    for row in rows:
        board = by_board[row["board_id"]]
        mine = next((r for pk, r in board if pk == row["pk"]), None)
        if mine is None:
            continue
        others = [r for pk, r in board if pk != row["pk"]]
        dd = dd_tricks(analyses.get(row["board__deal"]), mine)
        vulnerability = board_vulnerability(row["board__number"], row["board__vulnerability"])
        found = unlikely(mine, others=others, dd_tricks=dd, vulnerability=vulnerability)
        wrong_lead = lead_check(mine, row["lead"], known_hands(row["board__deal"]) if row["lead"] else ())
        for odd in [*found, *([wrong_lead] if wrong_lead else [])]:
            out[row["seating_id"]].append((row["board__number"], odd))
    return dict(out)
