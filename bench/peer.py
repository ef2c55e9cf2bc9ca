"""Kalamazoo's pure scoring side by side with a peer: richardschneider's bridge-scorer (npm, JavaScript).

The same inputs, made here from a seed and written to one JSON file, are scored by both, each timed in its
own process by that process's CPU clock (``bench/peer/peer.js`` under node; ``python -m bench.peer`` for
Kalamazoo), best of several runs, the inputs built before timing:

* matchpoints, Butler and cross-IMPs of 26 boards at 2,002 tables (N-S and E-W ranked apart): every board
  scored, each pair's total summed and each direction ranked (Kalamazoo: ``matchpoints(...).rows``; the
  peer: its per-board scorer, the totals summed in JavaScript, its ``rank``); cross-IMPs again at 13 tables;
* law 77 from JSON objects: ``parse_request(obj).score()`` against the peer's ``contractTricks``.

Before timing counts, the answers are compared: each board's figures on a few boards and the pairs' totals
and ranks (cross-IMPs to 1e-9: the peer's are floats), and the first deals' scores.  Butler's datum is
computed by another rule in the peer (it drops more of the top and bottom at many tables and rounds halves
up), so there only the IMPs against each side's own datum are checked.

    python -m bench.peer INPUT.json REPEATS   (Kalamazoo's side: JSON on stdout, as peer.js writes)
"""

from __future__ import annotations

import gc
import json
import math
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

PEER = Path(__file__).resolve().parent / "peer"
BOARDS = 26
TABLES = 2002
SMALL_TABLES = 13
DEALS = 100_000
SEED = 2024
SHOWN = (1, 13, 26)  # the boards whose figures are compared
_SEATS = ("N", "E", "S", "W")
_STRAINS = ("C", "D", "H", "S", "NT")

Add = Callable[..., Any]


def _deal(rng: random.Random) -> tuple[int, str, str, str, int]:
    """(level, strain, doubling "", "X" or "XX", declarer, tricks): a contract played."""
    level = rng.choice((1, 2, 2, 3, 3, 3, 4, 4, 4, 5, 6, 7))
    strain = rng.choice(_STRAINS)
    doubling = rng.choice(("",) * 8 + ("X",) * 3 + ("XX",))
    tricks = max(0, min(13, 6 + level + rng.choice((-3, -2, -1, -1, 0, 0, 0, 0, 1, 1, 2))))
    return level, strain, doubling, rng.choice(_SEATS), tricks


def _request(deal: tuple[int, str, str, str, int] | None, vulnerability: str) -> dict[str, Any]:
    if deal is None:
        return {"code": "contract", "contract": "PASS", "vulnerability": vulnerability}
    level, strain, doubling, declarer, tricks = deal
    return {
        "code": "contract",
        "contract": f"{level}{strain}{doubling}",
        "declarer": declarer,
        "tricks": tricks,
        "vulnerability": vulnerability,
    }


def _results(tables: int, rng: random.Random) -> list[list[Any]]:
    """26 boards at ``tables`` tables: [board, ns, ew, declarer, declarer's score, net_ns] each; each board
    played in a few contracts (its own pool), the tricks spread; E-W pairs move a table a board."""
    from scoring.law77 import vulnerability_for_board
    from scoring.request import parse_request

    out: list[list[Any]] = []
    for board in range(1, BOARDS + 1):
        vulnerability = vulnerability_for_board(board).value
        pool = [_deal(rng) for _ in range(6)]
        for table in range(tables):
            level, strain, doubling, declarer, _tricks = rng.choice(pool)
            tricks = max(0, min(13, 6 + level + rng.choice((-2, -1, -1, 0, 0, 0, 0, 1, 1, 2))))
            deal = (level, strain, doubling, declarer, tricks)
            passed = rng.random() < 0.01
            net_ns = parse_request(_request(None if passed else deal, vulnerability)).score().net_ns
            if passed:
                out.append([board, table + 1, (table + board) % tables + 1, "N", 0, 0])
                continue
            score = net_ns if declarer in "NS" else -net_ns
            out.append([board, table + 1, (table + board) % tables + 1, declarer, score, net_ns])
    return out


def inputs(seed: int = SEED, tables: int = TABLES, deals: int = DEALS) -> dict[str, Any]:
    """Everything both sides score, the same for the same seed."""
    rng = random.Random(seed)
    requests: list[dict[str, Any]] = []
    for _ in range(deals):
        vulnerability = rng.choice(("None", "NS", "EW", "All"))
        requests.append(_request(None if rng.random() < 0.02 else _deal(rng), vulnerability))
    large = _results(tables, rng)
    small = _results(SMALL_TABLES, rng)
    return {
        "shown": list(SHOWN),
        # the peer's rows: [board, ns, ew, declarer, declarer's score]
        "large": [row[:5] for row in large],
        "small": [row[:5] for row in small],
        "large_net": [row[5] for row in large],
        "small_net": [row[5] for row in small],
        "requests": requests,
    }


# ----------------------------------------------------------------------------------------- Kalamazoo


def _timed(run: Callable[[], Any], repeats: int) -> dict[str, Any]:
    """Best and median milliseconds of ``repeats`` runs, in the process's CPU time (as peer.js times the
    peer: a shared machine's load moves wall time), the garbage collector off while timing as timeit does,
    and the last result."""
    times: list[float] = []
    result = None
    for _ in range(repeats):
        gc.collect()
        gc.disable()
        try:
            start = time.process_time()
            result = run()
            times.append((time.process_time() - start) * 1000)
        finally:
            gc.enable()
    times.sort()
    return {"best": times[0], "median": times[len(times) // 2], "result": result}


def _figure(x: Any) -> Any:
    return [x.numerator, x.denominator] if isinstance(x, Fraction) else x


def _part(
    method: Callable[..., Any], peer_rows: list[list[Any]], nets: list[int], repeats: int
) -> dict[str, Any]:
    rows = [(board, ns, ew, net, None) for (board, ns, ew, _d, _s), net in zip(peer_rows, nets, strict=True)]
    run = _timed(lambda: method(rows, single_ranking=False).rows, repeats)
    contest = method(rows, single_ranking=False)
    boards = {
        str(b): [[_figure(line.ns_score), _figure(line.ew_score)] for line in contest.traveller(b)[:20]]
        for b in SHOWN
    }
    ns_rows = sorted((r for r in contest.rows if r.direction == "NS"), key=lambda r: r.pair)[:20]
    return {
        "best": run["best"],
        "median": run["median"],
        "boards": boards,
        "ns_totals": [[r.pair, _figure(r.total), r.rank] for r in ns_rows],
        "datums": {str(b): contest.datums[b] for b in SHOWN if b in contest.datums},
    }


def python_side(data: dict[str, Any], repeats: int) -> dict[str, Any]:
    from scoring.contests.imp_pairs import butler, cross_imps
    from scoring.contests.matchpoints import matchpoints
    from scoring.request import parse_request

    requests = data["requests"]

    def law77() -> int:
        return sum(parse_request(obj).score().net_ns for obj in requests)

    deals = _timed(law77, repeats)
    return {
        "python": sys.version.split()[0],
        "matchpoints": _part(matchpoints, data["large"], data["large_net"], repeats),
        "cross_imps": _part(cross_imps, data["large"], data["large_net"], max(1, repeats // 2)),
        "cross_imps_small": _part(cross_imps, data["small"], data["small_net"], repeats * 20),
        "butler": _part(butler, data["large"], data["large_net"], repeats),
        "law77": {
            "best": deals["best"],
            "median": deals["median"],
            "scores": [parse_request(obj).score().net_ns for obj in requests[:200]],
        },
    }


# ------------------------------------------------------------------------------------ the comparison


def _close(a: Any, b: Any) -> bool:
    value = Fraction(b[0], b[1]) if isinstance(b, list) else b
    return math.isclose(a, value, rel_tol=0, abs_tol=1e-9)


def _peer_datum(nets: list[int]) -> int:
    """The peer's Butler datum (bridge-scorer 2.4.0 lib/imps.js): from four results on, ceil((n - 10) / 15)
    + 1 dropped at each end; the mean rounded to the nearest 10, halves up.  Kalamazoo's own reading of it
    (an event's choice "share", "up": docs/laws.md), which the peer's IMPs are checked against."""
    from scoring.contests.imp_pairs import DatumDrop, DatumHalves, butler_datum

    return butler_datum(nets, drop=DatumDrop.SHARE, halves=DatumHalves.UP)


def differences(data: dict[str, Any], ours: dict[str, Any], peer: dict[str, Any]) -> list[str]:
    """Where the two answers differ (empty: they agree)."""
    from scoring.contests.imps import imps

    found: list[str] = []
    for part in ("matchpoints", "cross_imps", "cross_imps_small"):
        for board, lines in ours[part]["boards"].items():
            theirs = peer[part]["boards"][board]
            for i, (mine, other) in enumerate(zip(lines, theirs, strict=True)):
                if not (_close(other[0], mine[0]) and _close(other[1], mine[1])):
                    found.append(f"{part} board {board} line {i + 1}: {mine} against the peer's {other}")
        for mine, other in zip(ours[part]["ns_totals"], peer[part]["ns_totals"], strict=True):
            if (
                mine[0] != other[0]
                or not _close(other[1], mine[1])
                or int(str(other[2]).rstrip("=")) != mine[2]
            ):
                found.append(
                    f"{part} N-S pair {mine[0]}: total and rank {mine[1:]} against the peer's {other[1:]}"
                )
    nets = data["large_net"]
    for board in SHOWN:
        board_nets = [net for row, net in zip(data["large"], nets, strict=True) if row[0] == board]
        datums = {"ours": ours["butler"]["datums"][str(board)], "peer": _peer_datum(board_nets)}
        for who, figures in (("ours", ours["butler"]["boards"]), ("peer", peer["butler"]["boards"])):
            for net, (ns, _ew) in zip(board_nets, figures[str(board)], strict=False):
                if ns != imps(net - datums[who]):
                    found.append(f"butler board {board} ({who}): {net} against datum {datums[who]} gave {ns}")
    for i, (mine, other) in enumerate(zip(ours["law77"]["scores"], peer["law77"]["scores"], strict=True)):
        declarer = data["requests"][i].get("declarer", "N")
        if (mine if declarer in "NS" else -mine) != other:
            found.append(f"law 77 deal {i + 1}: net N-S {mine} against the peer's {other} for {declarer}")
    return found


def _rows(tables: int, deals: int) -> list[tuple[str, str, float | None]]:
    """Each part's key, label and target ratio (the targets hold at the full sizes only)."""
    full = tables == TABLES and deals == DEALS
    rows = [
        ("matchpoints", f"matchpoints, {BOARDS} boards x {tables:,} tables (scored, totalled, ranked)", 2.5),
        ("cross_imps_small", f"cross-IMPs, {BOARDS} boards x {SMALL_TABLES} tables", 3.0),
        ("cross_imps", f"cross-IMPs, {BOARDS} boards x {tables:,} tables", None),
        ("butler", f"Butler, {BOARDS} boards x {tables:,} tables", None),
        (
            "law77",
            f"law 77 from JSON, {deals:,} deals (parse_request + score; the peer: contract read)",
            20.0,
        ),
    ]
    return [(key, label, limit if full else None) for key, label, limit in rows]


def bench_peer(add: Add, *, quick: bool) -> None:
    """The rows of ``make bench``'s "peer" group: each part's Kalamazoo/peer ratio of best times."""
    node = shutil.which("node")
    if node is None or not (PEER / "node_modules" / "bridge-scorer").is_dir():
        why = (
            "node is not installed"
            if node is None
            else "bench/peer/node_modules missing (make bench installs it)"
        )
        print(f"  peer: skipped, {why}", flush=True)
        return
    repeats = 3 if quick else 7
    tables, deals = (130, 10_000) if quick else (TABLES, DEALS)
    data = inputs(tables=tables, deals=deals)
    with tempfile.TemporaryDirectory(prefix="kalamazoo-peer-") as tmp:
        path = Path(tmp) / "inputs.json"
        path.write_text(json.dumps(data))
        peer = _run([node, str(PEER / "peer.js"), str(path), str(repeats)])
        ours = _run([sys.executable, "-m", "bench.peer", str(path), str(repeats)])
    wrong = differences(data, ours, peer)
    add(
        "peer",
        f"answers against bridge-scorer {peer['version']} (node {peer['node']})",
        "same" if not wrong else f"{len(wrong)} differ",
        "",
        "same",
        not wrong,
        "; ".join(wrong[:3]),
    )
    for part, label, limit in _rows(tables, deals):
        mine, theirs = ours[part]["best"], peer[part]["best"]
        ratio = mine / theirs
        boards_only = peer[part].get("boards_only")
        alone = (
            f"; the peer's per-board scorer alone {boards_only:.2f} ms (ratio {mine / boards_only:.2f}x)"
            if boards_only
            else ""
        )
        add(
            "peer",
            f"{label}: Kalamazoo / peer",
            ratio,
            "x",
            f"<= {limit:g}x" if limit else "",
            ratio <= limit if limit else None,
            f"Kalamazoo {mine:.2f} ms, peer {theirs:.2f} ms CPU (best of runs; medians {ours[part]['median']:.2f} / "
            f"{peer[part]['median']:.2f} ms){alone}",
        )


def _run(command: list[str]) -> dict[str, Any]:
    done = subprocess.run(command, capture_output=True, text=True, check=True, cwd=PEER.parent.parent)
    return json.loads(done.stdout)


def main(argv: list[str]) -> int:
    path, repeats = argv
    data = json.loads(Path(path).read_text())
    json.dump(python_side(data, int(repeats)), sys.stdout)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
