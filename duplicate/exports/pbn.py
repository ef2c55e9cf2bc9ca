"""PBN hand records: an event's boards as PBN games (``scoring.pbn_write``), with each board's results as a
``ScoreTable`` when asked.

Only the boards a viewer may see are written (no peeking): a board still in play for a visitor
(``BoardRows.in_play``) is left out whole, hands and results; so is a board without hands (PBN's ``Deal`` is
the game).  A table's line is written once it is entered.  Vulnerability: contract bridge's board as stored,
or the board number's standard cycle (law 77); auction bridge and whist have none, written ``None``.
"""

from __future__ import annotations

from datetime import date as Date
from fractions import Fraction
from typing import Final

from duplicate.contests import is_contract
from duplicate.selectors.contract import adjusted_of
from duplicate.selectors.event_rows import BoardRows, EventRows, HandRows
from duplicate.selectors.travellers import PlayLine
from scoring.law77 import board_vulnerability
from scoring.pbn_write import Cell, PbnGame, ScoreTable, write_pbn

# PBN 5.9's columns, and Kalamazoo's figure of a law H contest (``PlusMinus_NS``/``_EW``: its plus/minus).
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
# A contract pair event's figure under the names PBN 2.1 gives them (section 5.9, ScoreTable: ``MP_NS``,
# ``MP_EW``, ``Percentage_NS``, ``Percentage_EW``, ``IMP_NS``, ``IMP_EW``), as producers write them (Ruter's
# results for the Swedish federation: "...;Score_NS;Score_EW;MP_NS;MP_EW;Percentage_NS;Percentage_EW") and
# readers look for them (a club site's importer takes ``Percentage_NS``, else ``IMP_NS``).
CONTRACT_FIGURES: Final = {
    "MPs": ("MP_NS", "MP_EW", "Percentage_NS", "Percentage_EW"),
    "IMPs": ("IMP_NS", "IMP_EW"),
}
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


def board_percentages(line: PlayLine) -> tuple[Fraction | None, Fraction | None]:
    """A matchpointed line's percentage of the top for each side (exact; written to two places): law 12C2's
    artificial score as the ruling gives it; a played result its matchpoints over the top, which the two
    sides' matchpoints add up to (E-W scores the top less N-S's).  None where there is no top (a board
    played once)."""
    adjusted = adjusted_of(line.ruling or "")
    if adjusted is not None:
        return Fraction(adjusted[0]), Fraction(adjusted[1])
    ns, ew = line.ns_plus_minus, line.ew_plus_minus
    if ns is None or ew is None or not ns + ew:
        return None, None
    top = ns + ew
    return Fraction(ns * 100) / top, Fraction(ew * 100) / top


def _result_row(line: PlayLine, whist: bool) -> tuple[Cell, ...]:
    place: tuple[Cell, ...] = (line.round, line.table, str(line.ns.label), str(line.ew.label))
    scores: tuple[Cell, ...] = (line.ns_score, line.ew_score, line.ns_plus_minus, line.ew_plus_minus)
    if line.unit == "MPs":
        scores += board_percentages(line)
    if whist:
        return (*place, line.tricks_ns if line.played else None, *scores)
    if not line.played:  # a law B(3) ruling or law 12C2's artificial score: no contract, the scores it gave
        return (*place, None, None, None, *scores)
    passed = line.contract.upper() == "PASS"
    contract = "Pass" if passed else line.contract or None
    declarer = None if passed else line.declarer or None
    return (*place, contract, declarer, None if passed else line.tricks, *scores)


def _score_table(board: BoardRows, whist: bool, unit: str) -> ScoreTable:
    rows = tuple(_result_row(line, whist) for line in board.lines if line.entered)
    if whist:
        return ScoreTable(WHIST_COLUMNS, rows)
    if unit:  # contract pairs: the figure under PBN's own names, in place of law H's plus/minus
        return ScoreTable((*RESULT_COLUMNS[:9], *CONTRACT_FIGURES[unit]), rows)
    return ScoreTable(RESULT_COLUMNS, rows)


def _vulnerable(board: BoardRows, code: str) -> str:
    if not is_contract(code):
        return "None"
    return board_vulnerability(board.number, board.vulnerability).value


def hands_pbn(rows: EventRows | HandRows, *, day: Date | None, results: bool = False) -> bytes:
    """The boards ``rows`` shows with hands, one PBN game each (UTF-8, CR LF line ends); with ``results``,
    each with its ``ScoreTable``."""
    games = [
        PbnGame(
            board=board.number,
            dealer=board.dealer,
            deal=board.deal,
            vulnerable=_vulnerable(board, rows.info.code),
            results=_score_table(board, rows.info.whist, rows.info.unit) if results else None,
        )
        for board in rows.boards
        if board.deal and not board.in_play
    ]
    return write_pbn(games, event=rows.info.name, site=rows.info.site, date=pbn_date(day)).encode("utf-8")


__all__ = [
    "CONTRACT_FIGURES",
    "RESULT_COLUMNS",
    "WHIST_COLUMNS",
    "board_percentages",
    "hands_pbn",
    "pbn_date",
]
