"""Helpers for the scoring tests: build a score from short arguments, read items back as tuples."""

from __future__ import annotations

import random
from typing import Any

from scoring import (
    Contract,
    DealScore,
    Election,
    Honours,
    Penalty,
    Revokes,
    ScoringCode,
    Seat,
    Side,
    score_deal,
)
from scoring.deal import Deal

C13 = ScoringCode.AUCTION_1913
C15 = ScoringCode.AUCTION_1915
NS, EW = Side.NS, Side.EW


def play(
    code: ScoringCode,
    contract: str,
    declarer: str,
    tricks: int,
    honours: tuple[str, int, int] | None = None,
    revokes: tuple[int, int, str | None] | None = None,
    penalties: tuple[tuple[str, int, str], ...] = (),
    **extra: Any,
) -> DealScore:
    """score_deal with short arguments: play(C15, "4HX", "N", 10, honours=("NS", 4, 4))."""
    return score_deal(
        code=code,
        contract=Contract.parse(contract, code),
        declarer=Seat(declarer),
        tricks=tricks,
        honours=Honours(Side(honours[0]), honours[1], honours[2]) if honours else None,
        revokes=Revokes(revokes[0], revokes[1], Election(revokes[2]) if revokes[2] else None)
        if revokes
        else None,
        penalties=tuple(Penalty(Side(s), p, law) for s, p, law in penalties),
        **extra,
    )


def columns(score: DealScore) -> tuple[tuple[int, int], tuple[int, int]]:
    """((NS trick, NS honour), (EW trick, EW honour))."""
    return (score.ns.trick, score.ns.honour), (score.ew.trick, score.ew.honour)


def items(score: DealScore) -> set[tuple[str, str, int, str]]:
    """Each item as (kind, side, points, law)."""
    return {(i.kind.value, i.side.value, i.points, i.law) for i in score.items}


SEATS = "NESW"


def deals(count: int, seed: int) -> dict[int, Deal]:
    rng = random.Random(seed)
    return {n: Deal.random(rng) for n in range(1, count + 1)}


def pbn_file(boards: dict[int, Deal], *, first_seat: str = "N", event: str = "Club night") -> str:
    """A plain file as a dealing program writes it: every deal from ``first_seat``, dealers by rotation
    shifted by one (so that taking the rotation instead of the file shows)."""
    games = []
    for number, deal in boards.items():
        rotated = deal.rotated(-SEATS.index(first_seat))  # first_seat's hand first
        hands = " ".join(h.to_pbn() for h in rotated.hands)
        games.append(
            f'[Event "{event}"]\n[Site "Kalamazoo"]\n[Date "1916.03.04"]\n[Board "{number}"]\n'
            f'[Dealer "{SEATS[number % 4]}"]\n[Vulnerable "None"]\n[Deal "{first_seat}:{hands}"]\n'
        )
    return "\n".join(games)
