"""``python -m scoring bench``: how many deals a second the engine scores on one core.

The workload is fixed (seeded): 100,000 deals mixing the three codes, every contract, tricks spread
round the contract, honours given or derived from a dealt board, and a few revokes, penalty points,
passed-out deals and 1913 one-spade limits. The inputs are built as typed values before timing (the
"edge" parsing, as the app does once per entry); the timed loop calls ``score_deal`` on every one,
starting with the engine's memo tables emptied. The floor is a loop over the same inputs doing one
dictionary lookup each (keyed by the input's JSON text, built before timing): what scoring would cost
if it were nothing but a lookup of a stored answer. The ratio says how many such lookups one scoring
costs. A second figure times
the whole JSON path (``parse_request(obj).score()``, PBN parsing included) over the same deals.
"""

from __future__ import annotations

import gc
import json
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.codes import ScoringCode, Strain, strains_for
from scoring.contract import Contract, Doubling, Seat, Side
from scoring.deal import Deal
from scoring.deal_score import Election, Honours, Penalty, Revokes, WhistRevokes, clear_caches, score_deal
from scoring.request import parse_request

SEED = 1915
DEALS = 100_000
_SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)
_HOLDINGS = ((3, 2), (3, 3), (4, 2), (4, 3), (4, 4), (5, 3), (5, 4), (5, 5))


def workload(n: int = DEALS, seed: int = SEED) -> list[dict[str, Any]]:
    """``n`` keyword-argument sets for score_deal, the same every time for the same seed."""
    rng = random.Random(seed)
    boards = [Deal.random(rng) for _ in range(64)]
    out: list[dict[str, Any]] = []
    for _ in range(n):
        roll = rng.random()
        if roll < 0.10:
            whist: dict[str, Any] = {"code": ScoringCode.WHIST, "tricks_ns": rng.randint(0, 13)}
            if rng.random() < 0.03:  # whist law 30
                whist["revokes"] = WhistRevokes(*rng.choice(((1, 0), (0, 1), (2, 0), (1, 1))))
            out.append(whist)
            continue
        code = ScoringCode.AUCTION_1913 if roll < 0.45 else ScoringCode.AUCTION_1915
        # Passed out: 1915 only (laws 42, 44); the 1913 dealer must declare (law 42).
        if rng.random() < 0.02 and code is ScoringCode.AUCTION_1915:
            out.append({"code": code, "contract": None})
            continue
        strain = rng.choice(strains_for(code))
        level = rng.choice((1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6, 7))
        doubling = rng.choice((Doubling.NONE,) * 8 + (Doubling.DOUBLED,) * 3 + (Doubling.REDOUBLED,))
        contract = Contract(level, strain, doubling)
        tricks = max(0, min(13, 6 + level + rng.choice((-3, -2, -1, -1, 0, 0, 0, 0, 1, 1, 2))))
        kw: dict[str, Any] = {
            "code": code,
            "contract": contract,
            "declarer": rng.choice(_SEATS),
            "tricks": tricks,
        }
        how = rng.random()
        if how < 0.35:
            kw["deal"] = rng.choice(boards)
        elif how < 0.85:
            count, in_one = rng.choice(_HOLDINGS if strain is not Strain.NT else _HOLDINGS[:5])
            kw["honours"] = Honours(rng.choice((Side.NS, Side.EW)), count, in_one)
        if rng.random() < 0.03:
            defenders = rng.choice((0, 1, 1, 2))
            declarer_side = rng.choice((0, 1)) if defenders else 1
            election = (
                rng.choice((Election.POINTS, Election.TRICKS)) if defenders and not declarer_side else None
            )
            kw["revokes"] = Revokes(declarer_side, defenders, election)
        if rng.random() < 0.03:
            kw["penalties"] = (Penalty(rng.choice((Side.NS, Side.EW)), 50, "F"),)
        if code is ScoringCode.AUCTION_1913 and level == 1 and strain is Strain.S and rng.random() < 0.5:
            kw["one_spade_limit"] = True
        out.append(kw)
    return out


def as_json(kw: dict[str, Any]) -> dict[str, Any]:
    """The same request in the command line's JSON shape."""
    obj: dict[str, Any] = {"code": kw["code"].value}
    if "tricks_ns" in kw:
        obj["tricks_ns"] = kw["tricks_ns"]
        if kw.get("revokes") is not None:
            obj["revokes"] = {"ns": kw["revokes"].ns, "ew": kw["revokes"].ew}
        return obj
    contract = kw["contract"]
    obj["contract"] = str(contract) if contract is not None else "PASS"
    if contract is None:
        return obj
    obj["declarer"] = kw["declarer"].value
    obj["tricks"] = kw["tricks"]
    if kw.get("deal") is not None:
        obj["deal"] = kw["deal"].to_pbn()
    if kw.get("honours") is not None:
        h = kw["honours"]
        obj["honours"] = {"side": h.side.value, "count": h.count, "in_one_hand": h.in_one_hand}
    if kw.get("revokes") is not None:
        r = kw["revokes"]
        obj["revokes"] = {"declarer_side": r.declarer_side, "defenders": r.defenders}
        if r.election is not None:
            obj["revokes"]["election"] = r.election.value
    if kw.get("penalties"):
        obj["penalties"] = [{"side": p.side.value, "points": p.points, "law": p.law} for p in kw["penalties"]]
    if kw.get("one_spade_limit"):
        obj["one_spade_limit"] = True
    return obj


def _timed(run: Callable[[], object], repeats: int) -> float:
    """Best wall time of ``repeats`` runs, with the garbage collector off as timeit does."""
    best = float("inf")
    for _ in range(repeats):
        clear_caches()
        enabled = gc.isenabled()
        gc.disable()
        try:
            start = time.perf_counter()
            run()
            best = min(best, time.perf_counter() - start)
        finally:
            if enabled:
                gc.enable()
    return best


@dataclass(frozen=True)
class BenchResult:
    deals: int
    seconds: float
    per_second: float
    floor_per_second: float
    json_per_second: float

    @property
    def ratio(self) -> float:
        return self.floor_per_second / self.per_second


def run(n: int = DEALS, repeats: int = 3) -> BenchResult:
    inputs = workload(n)
    jsons = [as_json(kw) for kw in inputs]
    keys = [json.dumps(obj) for obj in jsons]  # one precomputed str per input: its hash is cached
    table = dict.fromkeys(keys, 0)

    def scoring() -> None:
        for kw in inputs:
            score_deal(**kw)

    def floor() -> None:
        for key in keys:
            table[key]

    def json_path() -> None:
        for obj in jsons:
            parse_request(obj).score()

    seconds = _timed(scoring, repeats)
    floor_seconds = _timed(floor, repeats * 3)  # a short pass: more of them to steady the best
    json_seconds = _timed(json_path, 1)
    return BenchResult(n, seconds, n / seconds, n / floor_seconds, n / json_seconds)


def report(result: BenchResult) -> Sequence[str]:
    return (
        f"scored {result.deals} deals in {result.seconds:.2f} s: {result.per_second:,.0f} deals/s; "
        f"floor (bare dict lookup) {result.floor_per_second:,.0f}/s; ratio {result.ratio:.0f}x",
        f"from JSON (parse_request + score, PBN deals parsed): {result.json_per_second:,.0f} deals/s",
        "(one core; best of 3 runs, each from empty memo tables, garbage collector off while timing)",
    )
