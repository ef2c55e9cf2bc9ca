"""PBN hand records: an event's boards as PBN games (``scoring.pbn_write``), with each board's results as a
``ScoreTable`` when asked.

Only the boards a viewer may see are written (no peeking): a board still in play for a visitor
(``BoardRows.in_play``) is left out whole, hands and results; so is a board without hands (PBN's ``Deal`` is
the game).  A table's line is written once it is entered.  Vulnerability: contract bridge's board as stored,
or the board number's standard cycle (law 77); auction bridge and whist have none, written ``None``.
"""

from __future__ import annotations

from datetime import date as Date
from typing import Final

from duplicate.exports.rows import BoardRows, EventRows
from duplicate.selectors.travellers import PlayLine
from scoring.law77 import vulnerability_for_board
from scoring.pbn_write import Cell, PbnGame, ScoreTable, write_pbn

CONTRACT: Final = "contract"
# PBN 5.9's columns, and Kalamazoo's figure of the contest (``PlusMinus_NS``/``_EW``: law H's plus/minus).
RESULT_COLUMNS: Final = (
    "Round",
    "Table",
    "PairId_NS",
    "PairId_EW",
    "Contract",
    "Declarer",
    "Result",
    "Score_NS",
    "Score_EW",
    "PlusMinus_NS",
    "PlusMinus_EW",
)
# Whist has no contract: the tricks N-S won (a column of Kalamazoo's own) stand for the result.
WHIST_COLUMNS: Final = (
    "Round",
    "Table",
    "PairId_NS",
    "PairId_EW",
    "Tricks_NS",
    "Score_NS",
    "Score_EW",
    "PlusMinus_NS",
    "PlusMinus_EW",
)


def pbn_date(day: Date | None) -> str:
    """PBN's date, ``YYYY.MM.DD`` (``????.??.??`` unknown)."""
    return f"{day:%Y.%m.%d}" if day else "????.??.??"


def _result_row(line: PlayLine, whist: bool) -> tuple[Cell, ...]:
    place: tuple[Cell, ...] = (line.round, line.table, str(line.ns.label), str(line.ew.label))
    scores: tuple[Cell, ...] = (line.ns_score, line.ew_score, line.ns_plus_minus, line.ew_plus_minus)
    if whist:
        return (*place, line.tricks_ns if line.played else None, *scores)
    if not line.played:  # a law B(3) ruling: no contract, the scores it gave
        return (*place, None, None, None, *scores)
    passed = line.contract.upper() == "PASS"
    contract = "Pass" if passed else line.contract or None
    declarer = None if passed else line.declarer or None
    return (*place, contract, declarer, None if passed else line.tricks, *scores)


def _score_table(board: BoardRows, whist: bool) -> ScoreTable:
    rows = tuple(_result_row(line, whist) for line in board.lines if line.entered)
    return ScoreTable(WHIST_COLUMNS if whist else RESULT_COLUMNS, rows)


def _vulnerable(board: BoardRows, code: str) -> str:
    if code != CONTRACT:
        return "None"
    return board.vulnerability or vulnerability_for_board(board.number).value


def hands_pbn(rows: EventRows, *, day: Date | None, results: bool = False) -> bytes:
    """The boards ``rows`` shows with hands, one PBN game each (UTF-8, CR LF line ends); with ``results``,
    each with its ``ScoreTable``."""
    games = [
        PbnGame(
            board=board.number,
            dealer=board.dealer,
            deal=board.deal,
            vulnerable=_vulnerable(board, rows.info.code),
            results=_score_table(board, rows.info.whist) if results else None,
        )
        for board in rows.boards
        if board.deal and not board.in_play
    ]
    return write_pbn(games, event=rows.info.name, site=rows.info.site, date=pbn_date(day)).encode("utf-8")


__all__ = ["RESULT_COLUMNS", "WHIST_COLUMNS", "hands_pbn", "pbn_date"]
