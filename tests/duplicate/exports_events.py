"""Event files for the export tests: Mitchell pair contests of any size with hands, results, rulings,
penalties and a missing result; a law G team match; a whist event."""

from __future__ import annotations

import random
from typing import Any

from scoring.deal import Deal
from scoring.movements import generate

CONTRACTS = ("1NT", "2H", "3S", "4H", "2C", "3NT", "1D", "4S", "2NT", "3D", "5C", "2SX")


def _result(rng: random.Random, code: str) -> dict[str, Any]:
    if code == "whist":
        return {"tricks_ns": rng.randint(2, 11)}
    contract = rng.choice(CONTRACTS)
    level = int(contract[0])
    return {
        "contract": contract,
        "declarer": rng.choice("NESW"),
        "tricks": max(0, min(13, level + 6 + rng.choice((-2, -1, 0, 0, 1, 1, 2)))),
    }


def pairs_file(
    tables: int = 3,
    boards_per_round: int = 2,
    *,
    code: str = "auction-1915",
    kind: str = "mitchell",
    seed: int = 1916,
    hands: bool = True,
    name: str = "Export pairs",
    specials: bool = True,
    missing: int = 1,
) -> dict[str, Any]:
    """A pair contest with a result at every table but the last ``missing`` ones; with ``specials`` the first
    board carries a law B(3) average, a low-high ruling and penalty points (law F), and one deal passed out."""
    rng = random.Random(seed)
    movement = generate(kind, tables=tables, boards_per_round=boards_per_round)
    deals = {n: Deal.random(rng) for n in movement.boards}
    boards = []
    for n in movement.boards:
        board: dict[str, Any] = {"number": n, "dealer": "NESW"[(n - 1) % 4]}
        if hands and code != "whist":
            board["deal"] = deals[n].to_pbn()
        boards.append(board)
    places = [(r.number, t.table, b, t.ns, t.ew) for r in movement.rounds for t in r.tables for b in t.boards]
    results = []
    for i, (rnd, table, board, ns, ew) in enumerate(places):
        if i >= len(places) - missing:
            break
        row: dict[str, Any] = {"round": rnd, "table": table, "board": board, "ns": ns, "ew": ew}
        row.update(_result(rng, code))
        results.append(row)
    if specials and code != "whist":
        _special(results)
    return {
        "name": name,
        "date": "1916-03-04",
        "code": code,
        "kind": "pairs",
        "pairs": [{"number": p, "players": [f"Ada North{p}", f"Basil South{p}"]} for p in movement.pairs],
        "boards": boards,
        "movement": movement.to_dict(),
        "results": results,
    }


def _special(results: list[dict[str, Any]]) -> None:
    """Board 1's first result: 50 penalty points to N-S (law F); its second: an average ruling; its third:
    low-high with E-W offending; board 2's first: passed out."""
    keep = ("round", "table", "board", "ns", "ew")
    b1 = [r for r in results if r["board"] == 1]
    if len(b1) >= 2:
        place = {k: b1[1][k] for k in keep}
        b1[1].clear()
        b1[1].update(place, ruling="average")
    if len(b1) >= 3:
        place = {k: b1[2][k] for k in keep}
        b1[2].clear()
        b1[2].update(place, ruling="low-high", offending="EW")
    if b1:
        b1[0]["penalties"] = [{"side": "NS", "points": 50, "law": "F"}]
    b2 = [r for r in results if r["board"] == 2]
    if b2:
        place = {k: b2[0][k] for k in keep}
        b2[0].clear()
        b2[0].update(place, contract="PASS")


def team_file(tables: int = 3, boards_per_round: int = 2, *, seed: int = 7) -> dict[str, Any]:
    rng = random.Random(seed)
    movement = generate("teams", tables=tables, boards_per_round=boards_per_round)
    results = []
    for r in movement.rounds:
        for t in r.tables:
            for b in t.boards:
                results.append({"round": r.number, "table": t.table, "board": b, "ns": t.ns, "ew": t.ew})
                results[-1].update(_result(rng, "auction-1913"))
    return {
        "name": "Reds v Blues",
        "date": "1916-05-01",
        "code": "auction-1913",
        "kind": "teams",
        "teams": [{"name": "Reds"}, {"name": "Blues"}],
        "pairs": [
            {
                "number": p,
                "players": [f"Red{p}" if p in movement.teams["A"] else f"Blue{p}", f"Mate{p}"],
                "team": "Reds" if p in movement.teams["A"] else "Blues",
            }
            for p in movement.pairs
        ],
        "boards": [{"number": n, "dealer": "N"} for n in movement.boards],
        "movement": movement.to_dict(),
        "results": results,
    }
