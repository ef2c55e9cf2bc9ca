"""PBN hand records: an event's boards as PBN games (``scoring.pbn_write``); with results, one game per
table's result (as the field writes them, so that a reader of games reads every result), each board's
``ScoreTable`` on its board's first game.

A result's game names the players as the viewer may see them (``PairInfo.players``: N-S's first player North,
second South; E-W's first East, second West), the declarer, contract and tricks (PBN 3.4.13-3.4.15: a deal
passed out is Contract ``Pass``, Declarer and Result empty), ``Score`` (the trick score, "NS 420" or "EW 100";
auction bridge's both sides' totals, "NS 30 EW 141"), the board's figure (``ScoreMP`` and
``ScorePercentage``, or ``ScoreIMP``), ``Round``, ``Table`` and, in an event of several sections,
``Section``.  Royal spades (auction-1913) are written as spades, a comment giving the bid.  An adjusted score (law B(3), law 12C2) has no contract, declarer, result or Score: a comment
names the ruling.  Whist has no contract: its results stay in the ``ScoreTable`` of one game per board.

Only the boards a viewer may see are written (no peeking): a board still in play for a visitor
(``BoardRows.in_play``) is left out whole, hands and results; so is a board without hands (PBN's ``Deal`` is
the game).  A table's line is written once it is entered.  Vulnerability: contract bridge's board as stored,
or the board number's standard cycle (law 77); auction bridge and whist have none, written ``None``.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date as Date
from fractions import Fraction
from typing import Final

from duplicate.contests import is_contract
from duplicate.selectors.contract import adjusted_of
from duplicate.selectors.event_rows import BoardRows, EventInfo, EventRows, HandRows
from duplicate.selectors.travellers import PlayLine
from scoring.law77 import board_vulnerability
from scoring.pbn_write import Cell, PbnGame, PbnResult, ScoreTable, decimal_text, write_pbn

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


# PBN 3.4.12's Scoring tag of the historic codes' contests (PBN has no name for them): the code, then the law
# (a contract contest's is its ``Contest.pbn``: "MP;MP1", "IMP;Butler", "IMP;Cross2", "IMP").
ROYAL_SPADES: Final = "RS"  # auction-1913's royal spades ("2RS"): PBN's Contract has S, H, D, C and NT only
HISTORIC_SCORING: Final = {"auction-1913": "Auction-1913", "auction-1915": "Auction-1915", "whist": "Whist"}


def scoring_tag(info: EventInfo) -> str:
    """The event's PBN Scoring tag: "MP;MP1", "IMP;Butler"; "Auction-1915;LawH" for law H, ";LawG" law G."""
    if info.described.pbn:
        return info.described.pbn
    law = "LawG" if info.teams else "LawH"
    return f"{HISTORIC_SCORING.get(info.code, info.code)};{law}"


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


def score_tag(line: PlayLine, contract_bridge: bool) -> str:
    """PBN's Score (4.2) of a played line: contract bridge's trick score from the side that scored it ("NS
    420", "EW 100", a deal passed out "NS 0"); auction bridge's each side's total ("NS 30 EW 141")."""
    if not contract_bridge:
        return f"NS {line.ns_total} EW {line.ew_total}"
    ns = int(line.ns_score or 0)
    return f"EW {-ns}" if ns < 0 else f"NS {ns}"


def _pair(value: Fraction | int | None, other: Fraction | int | None) -> str | None:
    if value is None or other is None:
        return None
    return f"NS {decimal_text(Fraction(value))} EW {decimal_text(Fraction(other))}"


def figure_tags(line: PlayLine) -> tuple[tuple[str, str], ...]:
    """The line's figure on the board, both sides': ``ScoreMP`` and ``ScorePercentage`` (matchpoints),
    ``ScoreIMP`` (Butler, cross-IMPs, a team match's swing); none for law H's and law G's plus/minus."""
    tags: list[tuple[str, str | None]] = []
    if line.unit == "MPs":
        tags += [
            ("ScoreMP", _pair(line.ns_plus_minus, line.ew_plus_minus)),
            ("ScorePercentage", _pair(*board_percentages(line))),
        ]
    elif line.unit == "IMPs":
        tags.append(("ScoreIMP", _pair(line.ns_plus_minus, line.ew_plus_minus)))
    return tuple((name, value) for name, value in tags if value is not None)


def played_result(line: PlayLine, *, contract_bridge: bool, sections: bool) -> PbnResult:
    """A table's entered result as a game's players, contract, declarer, tricks and supplemental tags."""
    tags = [("Round", str(line.round)), ("Table", str(line.table)), *figure_tags(line)]
    if sections:
        tags.append(("Section", line.section))
    players = (line.ew.players[1], line.ns.players[0], line.ew.players[0], line.ns.players[1])
    if not line.played:  # a law B(3) ruling or law 12C2's artificial score: no contract stands
        return PbnResult(players, tags=tuple(tags), comment=f"Adjusted score: {line.ruling_text}")
    tags.append(("Score", score_tag(line, contract_bridge)))
    if line.contract.upper() == "PASS":
        return PbnResult(players, contract="Pass", tags=tuple(tags))
    if ROYAL_SPADES in line.contract:  # PBN has no such denomination: spades are trumps, the bid is told
        contract = line.contract.replace(ROYAL_SPADES, "S")
        comment = f"Royal spades: {line.contract} (auction-1913, spades at 9 a trick)"
        return PbnResult(players, line.declarer, contract, line.tricks, tuple(tags), comment)
    return PbnResult(players, line.declarer, line.contract, line.tricks, tuple(tags), lead=line.lead)


def board_games(board: BoardRows, rows: EventRows, *, base: PbnGame, sections: bool) -> list[PbnGame]:
    """A board's games with its results: one per entered result, the first with the board's ScoreTable;
    a board without a result yet (the director's file) one game, its ScoreTable empty.  Whist: one game."""
    info = rows.info
    table = _score_table(board, info.whist, info.unit)
    entered = [line for line in board.lines if line.entered]
    if info.whist or not entered:
        return [replace(base, results=table)]
    contract_bridge = is_contract(info.code)
    return [
        replace(
            base,
            results=table if n == 0 else None,
            played=played_result(line, contract_bridge=contract_bridge, sections=sections),
        )
        for n, line in enumerate(entered)
    ]


def _vulnerable(board: BoardRows, code: str) -> str:
    if not is_contract(code):
        return "None"
    return board_vulnerability(board.number, board.vulnerability).value


def hands_pbn(rows: EventRows | HandRows, *, day: Date | None, results: bool = False) -> bytes:
    """The boards ``rows`` shows with hands (UTF-8, CR LF line ends): one PBN game each; with ``results``
    (``rows`` an ``EventRows``), one game per entered result, each board's ``ScoreTable`` on its first."""
    scoring = scoring_tag(rows.info)
    shown = [board for board in rows.boards if board.deal and not board.in_play]
    sections = len({line.section for board in shown for line in board.lines}) > 1
    games: list[PbnGame] = []
    for board in shown:
        base = PbnGame(
            board=board.number,
            dealer=board.dealer,
            deal=board.deal,
            vulnerable=_vulnerable(board, rows.info.code),
            scoring=scoring,
        )
        if results and isinstance(rows, EventRows):
            games += board_games(board, rows, base=base, sections=sections)
        else:
            games.append(base)
    return write_pbn(games, event=rows.info.name, site=rows.info.site, date=pbn_date(day)).encode("utf-8")


__all__ = [
    "CONTRACT_FIGURES",
    "RESULT_COLUMNS",
    "WHIST_COLUMNS",
    "board_percentages",
    "hands_pbn",
    "pbn_date",
    "played_result",
    "scoring_tag",
]
