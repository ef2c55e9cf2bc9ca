"""The stored double-dummy analyses (``services.analyses``) as the traveller and the hand records show them.
Reads only: a deal not yet analysed shows nothing, it is never worked out on a page view."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.translation import gettext

from duplicate.models import Board, DealAnalysis
from scoring.law77 import vulnerability_for_board
from scoring.pbn import hands_known

# The order of ``DealAnalysis.tricks``: PBN's DoubleDummyTricks tag's (declarers N, S, E, W: each side's two
# hands together; for each, NT, S, H, D, C), so the figures compare with a PBN file's at a glance.
SEATS = "NSEW"
STRAINS = ("NT", "S", "H", "D", "C")


def par_key(dealer: str, vulnerability: str) -> str:
    """The key of ``DealAnalysis.par`` for a board's dealer (N, E, S, W) and vulnerability (None, NS, EW, All)."""
    return f"{dealer}-{vulnerability}"


def deals_unanalysed(*, deals: Iterable[str]) -> list[str]:
    """Those of ``deals`` with four known hands and no analysis stored yet, each once, sorted. One query."""
    wanted = sorted({d for d in deals if hands_known(d)})
    have = set(DealAnalysis.objects.filter(deal__in=wanted).values_list("deal", flat=True))
    return [d for d in wanted if d not in have]


@dataclass(frozen=True, slots=True)
class DoubleDummy:
    """A board's double-dummy table (tricks by seat and strain) and, for a contract event, its par."""

    rows: tuple[tuple[str, tuple[int, ...]], ...]  # (seat letter, tricks in NT, S, H, D, C), N, S, E, W
    par_score: int | None = None  # N-S's view; None: par not shown (not a contract event)
    par_contracts: tuple[str, ...] = ()  # "4S N/S =", "5Dx E/W -2"; none: passed out
    vulnerability: str = ""

    @property
    def par_display(self) -> str:
        if self.par_score is None:
            return ""
        if not self.par_score:
            return "0"
        text = gettext("N-S %(score)s") if self.par_score > 0 else gettext("E-W %(score)s")
        return text % {"score": abs(self.par_score)}

    @property
    def contracts_display(self) -> str:
        return ", ".join(self.par_contracts) if self.par_contracts else gettext("passed out")


def double_dummy(analysis: DealAnalysis, *, number: int, dealer: str, par: bool) -> DoubleDummy:
    """A stored analysis for board ``number`` dealt by ``dealer``; with ``par`` (a contract event: law 2's
    vulnerability of the board's number, the standard 16-board cycle), the par contracts and score."""
    figures = [int(c, 16) for c in analysis.tricks]
    rows = tuple((seat, tuple(figures[SEATS.index(seat) * 5 : SEATS.index(seat) * 5 + 5])) for seat in SEATS)
    if not par:
        return DoubleDummy(rows=rows)
    vulnerability = vulnerability_for_board(number).value
    found = analysis.par.get(par_key(dealer, vulnerability)) or {}
    score = found.get("score")
    return DoubleDummy(
        rows=rows,
        par_score=score if isinstance(score, int) else None,
        par_contracts=tuple(str(c) for c in found.get("contracts") or ()),
        vulnerability=vulnerability,
    )


def board_double_dummy(board: Board, *, par: bool) -> DoubleDummy | None:
    """``board``'s analysis, None while its deal has none (or the board has no complete hands). One query
    (none without hands). Callers show it only once the board is released (no peeking)."""
    if not hands_known(board.deal):
        return None
    analysis = DealAnalysis.objects.filter(deal=board.deal).first()
    if analysis is None:
        return None
    return double_dummy(analysis, number=board.number, dealer=board.dealer, par=par)


def boards_double_dummy(boards: Iterable[tuple[int, str, str]], *, par: bool) -> dict[int, DoubleDummy]:
    """The analyses of ``boards`` (number, dealer, deal), by board number: one query whatever their number
    (none when no board has complete hands). Boards kept from the viewer come with no deal, so none here."""
    wanted = [(n, dealer, deal) for n, dealer, deal in boards if hands_known(deal)]
    if not wanted:
        return {}
    stored = {a.deal: a for a in DealAnalysis.objects.filter(deal__in={d for _, _, d in wanted})}
    return {
        n: double_dummy(stored[deal], number=n, dealer=dealer, par=par)
        for n, dealer, deal in wanted
        if deal in stored
    }
