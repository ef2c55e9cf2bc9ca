"""The demo event loaded by `make run`: a 7-table auction-1915 Mitchell, 3 boards a round, named players,
hands for every board, caught at a moment of a real evening: rounds 1 to 6 played at every table (1 to 5 agreed,
law E), and the last round in at four of the seven tables. In a Mitchell every board set is played once in
every round, so a board is released (its traveller, its hands, its place in a visitor's standings) when the
last table to play it has played it: here the four sets those tables played in the last round, 12 of the 21
boards; the other 9 are still being played. Its 28 players are the club's roster (club numbers, every other
one a national number; two shown to visitors by initials, one hidden), and they played the club's last three
Thursday pairs (contract matchpoints, finished: their pages and the club ladder have something to show). Built
as event files and imported, so it goes through exactly the path a real import takes. Deterministic (a seeded
shuffle), so every laptop shows the same evening."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

from duplicate.contests import CONTRACT_CODE, MATCHPOINTS, PAIRS
from scoring.deal import Deal
from scoring.movements import generate

DEMO_NAME = "Kalamazoo Whist Club: Tuesday Duplicate Auction"

FIRST = [
    "Ada",
    "Basil",
    "Clara",
    "Desmond",
    "Edith",
    "Felix",
    "Grace",
    "Horace",
    "Ivy",
    "Jasper",
    "Kitty",
    "Lionel",
    "Maud",
    "Neville",
    "Olive",
    "Percy",
    "Queenie",
    "Rupert",
    "Sybil",
    "Thaddeus",
    "Una",
    "Victor",
    "Winifred",
    "Xavier",
    "Yvonne",
    "Zachary",
    "Agatha",
    "Bertram",
]
LAST = [
    "Ashby",
    "Brampton",
    "Cholmondeley",
    "Dalrymple",
    "Elphinstone",
    "Fairweather",
    "Gosling",
    "Hartley",
    "Ingram",
    "Jessop",
    "Kettering",
    "Lockwood",
    "Merriweather",
    "Nightingale",
    "Ormsby",
    "Pemberton",
    "Quiller",
    "Rutherford",
    "Stanhope",
    "Thistlewood",
    "Upton",
    "Vance",
    "Whitcombe",
    "Yardley",
]
#: The body that issued the demo's national membership numbers (the demo club plays in Michigan).
NATIONAL_BODY = "ACBL"
#: Demo players who keep their names from visitors: by their place in the drawn list.
PRIVATE_PLAYERS = {3: "initials", 10: "initials", 17: "hidden"}
#: The club's past Thursday pairs in the demo (contract matchpoints, finished), by how many weeks ago.
PAST_WEEKS = (1, 2, 3)
PAST_NAME = "Kalamazoo Whist Club: Thursday Pairs"
LAST_ROUND_TABLES_IN = 4  # the last round's tables whose results are in
AGREED_ROUNDS = 5  # rounds 1 to 5 made up and agreed (law E); round 6 has just finished
POINTS = {"A": 4, "K": 3, "Q": 2, "J": 1}
SEATS = "NESW"


def _hcp(holding: str) -> int:
    return sum(POINTS.get(card, 0) for card in holding)


def _bid_and_play(deal: Deal, rng: random.Random) -> dict[str, Any]:
    """A plausible result: the stronger side declares its longest fit (or no trump), tricks near the level."""
    hands = {seat: deal.hands[i] for i, seat in enumerate(SEATS)}
    ns = sum(_hcp(hands[s].suit(x)) for s in "NS" for x in "SHDC")
    side = "NS" if ns >= 20 else "EW"
    strength = ns if side == "NS" else 40 - ns
    a, b = side[0], side[1]
    fits = {x: len(hands[a].suit(x)) + len(hands[b].suit(x)) for x in "SHDC"}
    suit, length = max(fits.items(), key=lambda kv: (kv[1], "CDHS".index(kv[0])))
    strain = suit if length >= 8 else "NT"
    declarer = max(
        (a, b),
        key=lambda s: (
            len(hands[s].suit(suit)) if strain != "NT" else _hcp("".join(hands[s].suit(x) for x in "SHDC"))
        ),
    )
    level = max(1, min(7, (strength - 16) // 3 + (1 if length >= 9 else 0)))
    tricks = max(0, min(13, level + 6 + rng.choice([-2, -1, 0, 0, 0, 1, 1, 2])))
    doubled = "X" if rng.random() < 0.08 else ""
    return {"contract": f"{level}{strain}{doubled}", "declarer": declarer, "tricks": tricks}


def demo_players(rng: random.Random) -> list[dict[str, str]]:
    """The club's 28 players, as an event file gives them: each with a club number, every other one with a
    national membership number; two shown to visitors by their initials, one hidden."""
    names = [
        f"{first} {last}" for first, last in zip(rng.sample(FIRST, 28), rng.sample(LAST * 2, 28), strict=True)
    ]
    numbers = random.Random(
        len(names)
    )  # apart from ``rng``: the evening's deals and results stay as they were
    players = []
    for i, name in enumerate(names):
        player = {"name": name, "club_number": f"K{101 + i}"}
        if i % 2 == 0:
            player.update(
                number=f"{NATIONAL_BODY[0]}{numbers.randrange(100_000, 1_000_000)}", body=NATIONAL_BODY
            )
        if i in PRIVATE_PLAYERS:
            player["public_name"] = PRIVATE_PLAYERS[i]
        players.append(player)
    return players


def demo_past_event_files(*, seed: int = 1916) -> list[dict[str, Any]]:
    """The club's last three Thursday pairs (contract bridge, matchpoints), finished: the same 28 players in
    partnerships drawn afresh each week, so that their pages and the club ladder have something to show."""
    rng = random.Random(seed + 1)
    players = demo_players(random.Random(seed))  # the same players as the demo event's
    movement = generate("mitchell", tables=7, boards_per_round=2)
    files = []
    for weeks in PAST_WEEKS:
        order = rng.sample(players, len(players))
        deals = {n: Deal.random(rng) for n in movement.boards}
        results = [
            {
                "round": r.number,
                "table": tp.table,
                "board": b,
                "ns": tp.ns,
                "ew": tp.ew,
                **_bid_and_play(deals[b], rng),
            }
            for r in movement.rounds
            for tp in r.tables
            for b in tp.boards
        ]
        files.append(
            {
                "name": f"{PAST_NAME} {len(PAST_WEEKS) + 1 - weeks}",  # numbered oldest first
                "date": (dt.date.today() - dt.timedelta(weeks=weeks)).isoformat(),
                "code": CONTRACT_CODE,
                "kind": PAIRS,
                "contest": MATCHPOINTS.stored,
                "status": "complete",
                "pairs": [
                    {"number": pid, "players": [order[2 * i], order[2 * i + 1]]}
                    for i, pid in enumerate(movement.pairs)
                ],
                "boards": [{"number": n, "dealer": SEATS[(n - 1) % 4]} for n in movement.boards],
                "movement": movement.to_dict(),
                "results": results,
            }
        )
    return files


def demo_event_file(*, seed: int = 1916, last_round_tables: int = LAST_ROUND_TABLES_IN) -> dict[str, Any]:
    """The demo as an event file: every round but the last played at every table, the last at tables 1 to
    ``last_round_tables``."""
    rng = random.Random(seed)
    movement = generate("mitchell", tables=7, boards_per_round=3)
    players = demo_players(rng)
    pairs = [
        {"number": pid, "players": [players[2 * i], players[2 * i + 1]]}
        for i, pid in enumerate(movement.pairs)
    ]
    deals = {n: Deal.random(rng) for n in movement.boards}
    boards = [{"number": n, "dealer": SEATS[(n - 1) % 4], "deal": deals[n].to_pbn()} for n in movement.boards]
    results = []
    last_round = movement.rounds[-1].number
    for mround in movement.rounds:
        for tp in mround.tables:
            if mround.number == last_round and tp.table > last_round_tables:
                continue  # still being played
            for board in tp.boards:
                result = _bid_and_play(deals[board], rng)
                results.append(
                    {
                        "round": mround.number,
                        "table": tp.table,
                        "board": board,
                        "ns": tp.ns,
                        "ew": tp.ew,
                        **result,
                    }
                )
    return {
        "name": DEMO_NAME,
        "date": dt.date.today().isoformat(),
        "code": "auction-1915",
        "kind": "pairs",
        "status": "running",
        "pairs": pairs,
        "boards": boards,
        "movement": movement.to_dict(),
        "results": results,
        "agreed_rounds": [{"round": number} for number in range(1, AGREED_ROUNDS + 1)],
    }
