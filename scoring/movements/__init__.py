"""Movements for duplicate pair contests and team matches: generated, uploaded, validated.

Pure Python (no Django, no ORM): plain frozen dataclasses that the Django app stores and renders.

Vocabulary
==========

A *movement* is a list of rounds; in each round every table seats a N-S pair and an E-W pair who play a
set of boards (deals).  Pair identifiers (:data:`PairId`) are positive integers or strings, unique within
the event; a string made only of digits is read as the integer (``"5"`` is pair 5).  Boards are positive
integers.  ``boards_per_round`` boards are played at every table in every round (in a ``custom`` movement, at
most that many).

Kinds
=====

``mitchell``
    N-S pairs ``1..T`` stay at tables ``1..T``; E-W pairs ``T+1..2T`` start at tables ``1..T`` (table 1,
    round 1 is ``1 v T+1``).  Board set ``s`` is boards ``(s-1)*B+1 .. s*B`` and starts at table ``s``.
    After each round E-W pairs move up one table (``T`` wraps to ``1``) and boards move down one table.

    * Odd ``T``: ``T`` rounds; every E-W pair meets every N-S pair once and plays every set once.
    * Even ``T``, ``even="relay"`` (relay-and-bye stand): ``T`` rounds, ``T`` sets.  Sets ``1..T/2`` start
      at tables ``1..T/2``, set ``T/2+1`` on the bye stand (a stand between tables ``T/2`` and ``T/2+1``
      where nobody plays), sets ``T/2+2..T`` at tables ``T/2+1..T-1``; tables ``1`` and ``T`` *share* a set
      every round (the relay; they play its boards in different orders).  Boards move down one table,
      except that table ``T/2+1`` passes to the bye stand and the bye stand to table ``T/2``; the shared
      set goes on to table ``T-1``.  Every E-W pair meets every N-S pair once and plays every set once.
    * Even ``T``, ``even="skip"``: boards move as for odd ``T``; after half the rounds (``T/2``) the E-W
      pairs skip a table (move up two).  ``T-1`` rounds: the last, "revenge", round would bring each E-W
      pair back to the N-S pair it started against, so it is not played; each E-W pair misses one N-S
      pair (the one it skipped) and one set.

``howell``
    ``2T`` pairs meet each other exactly once in ``2T-1`` rounds (complete Howell), built by the circle
    method: pair ``2T`` is stationary at table ``T``; in round ``r`` (counted from 0) it meets pair
    ``r+1``, and pairs ``r+k+1`` and ``r-k+1`` (mod ``2T-1``) meet at table ``k`` for ``k = 1..T-1``.
    There are ``2T-1`` board sets and every pair plays every set exactly once.  The sets come from a
    *strong starter* in the cyclic group of order ``2T-1`` (found by a fast deterministic search): then no
    two tables play the same set in one round (the movement is a Room square).  No strong starter exists
    for 5 and 9: for 5 tables a Room square found by exact-cover search is stored here; for 3 tables
    (6 pairs) no Room square of side 5 exists, so in round 1 all three tables share one set (the fewest
    shared rounds possible) and the other rounds use distinct sets.  Directions: within the rotating pairs
    the pair "behind" on the circle sits N-S; the stationary pair sits N-S in odd-numbered rounds and E-W
    in even-numbered rounds, so every pair sits N-S ``T-1`` or ``T`` times.  With ``pairs = 2T-1`` the
    stationary pair is left out: its table ``T`` is not set up, the movement has ``T-1`` tables in play
    (``Movement.tables == T-1``, numbered ``1..T-1``: a "``T-1``-and-a-half table" Howell), and the pair
    that would have met the stationary pair sits out (listed in ``MovementRound.sit_out``); every pair
    still meets every other pair exactly once, sitting N-S and E-W ``T-1`` times each.  Supported for 3
    to 10 tables.

``teams`` (duplicate law G)
    Two teams of ``n >= 2`` pairs: team A is pairs ``1..n``, team B pairs ``n+1..2n``, at ``n`` tables.
    At tables ``1..ceil(n/2)`` team A sits N-S against team B E-W (pair ``t`` v pair ``n+t``), at the
    other tables team B sits N-S against team A (pair ``n+t`` v pair ``t``): so with odd ``n`` team A has
    one more N-S pair (law G's "odd pair").  Pairs keep their tables; ``n`` board sets move down one table
    a round, so in ``n`` rounds every deal is played once at every table.

``compass`` (stationary pairs, boards relayed: Foster's compass duplicate whist)
    Every pair keeps its seat all session and only the boards travel.  N-S pairs ``1..T`` sit at tables
    ``1..T``, E-W pair ``T+t`` faces N-S pair ``t`` at table ``t`` in every round (as a Mitchell's first
    round).  Board set ``s`` starts at table ``s``; after each round every table passes its boards to the
    next-lower table (table ``1`` passes to table ``T``), the way a Mitchell's boards travel.  ``T`` rounds
    for ``T >= 2`` tables: every board is played once at every table, so every N-S pair holds the same
    cards as every other N-S pair and every E-W pair the same as every E-W pair (duplicate law H: N-S
    pairs are ranked with N-S pairs, E-W with E-W).

``custom``
    An uploaded movement (see the formats below), held to the general rules.

Validation (:func:`validate`)
=============================

General rules, for every kind: rounds are numbered ``1..R`` in order; in a round, table numbers are in
``1..tables`` with no table listed twice; ``ns != ew``; a pair sits at most once in a round (a pair
listed as sitting out does not play); every table plays exactly ``boards_per_round`` distinct boards (in a
``custom`` movement from one to ``boards_per_round``: the most a table plays in a round, as in a session
where some tables played fewer boards); a pair never plays the same board twice; a pair never meets the
same opponent in two different rounds (except in the stationary kinds ``teams`` and ``compass``, where a
pair meets its one opponent every round; and in a ``custom`` movement two pairs may meet once more with the
directions swapped, as in a Howell played twice through, never twice the same way round).
Two tables *may* play the same board in one round (a shared set or relay, as in the even Mitchell): the
law that matters (duplicate law H: a pair is compared with the pairs who played the same hands) is kept
as long as no pair meets a board twice.

Kind rules: ``mitchell`` -- every table plays every round, N-S pairs never move and no pair changes
direction.  ``howell`` -- every table plays every round, every pair plays or is listed as sitting out in
every round, and the movement is complete: every pair meets every other pair exactly once.
``teams`` (law G) -- exactly two teams of equal size, at least two pairs each, that between them are all
the pairs; the movement has as many tables as a team has pairs; each table seats one pair of each team;
every deal is played exactly once at every table, in whichever round (a table may sit idle in a round:
with fewer boards than tables a board passes from table to table); each pair keeps its direction, and each
team seats half its pairs N-S and half E-W (as near as possible). In a team match "pairs meet at most once"
is read as: *a pair faces one opponent pair for the whole match* (it meets that pair in every round it
plays, and no other pair).  ``compass`` -- every table plays every round; each table seats the same N-S pair and the
same E-W pair in every round (so pairs meet the same opponents every round and never change direction);
every board is played exactly once at every table; and the boards travel down: the boards a table plays
in round ``r+1`` are the ones the next-higher table played in round ``r`` (table ``T``'s come from table
``1``).

Upload formats
==============

JSON (:meth:`Movement.from_json`, :meth:`Movement.from_dict`), the shape :meth:`Movement.to_dict`
writes::

    {"kind": "mitchell", "tables": 7, "boards_per_round": 2,
     "rounds": [{"round": 1, "tables": [{"table": 1, "ns": 1, "ew": 8, "boards": [1, 2]}, ...],
                 "sit_out": [15]},          # optional
                ...],
     "teams": {"A": [1, 2], "B": [3, 4]}}   # only for kind "teams"

``kind`` defaults to ``"custom"``; ``tables`` defaults to the highest table number used and
``boards_per_round`` to the most boards a table plays in a round.  ``boards`` may also be a string in the
CSV notation below.

CSV (:meth:`Movement.from_csv`): a header line is required and must name the columns ``round``,
``table``, ``ns``, ``ew`` and ``boards`` (any order, case-insensitive; other columns are ignored).
One line per table per round::

    round,table,ns,ew,boards
    1,1,1,4,1-2
    1,2,2,5,3 4
    1,3,3,6,5;6

``boards`` lists board numbers separated by spaces, semicolons or (inside quotes) commas, with ranges
``a-b`` allowed: ``1-3``, ``1 2 3`` and ``1;2;3`` are the same three boards.  A line whose ``table`` cell
is empty or ``-`` lists pairs sitting out that round in ``ns``/``ew`` (``boards`` left empty).  Lines may
come in any order; blank lines are skipped.  Errors name the line (the header is line 1).
"""

from scoring.movements.cli import main
from scoring.movements.common import (
    GENERATED_KINDS,
    KINDS,
    MAX_BOARDS_PER_ROUND,
    MAX_PAIRS,
    MAX_PLAYS,
    MAX_ROUNDS,
    MAX_SECTION_TABLES,
    MovementError,
    PairId,
)
from scoring.movements.generators import compass, generate, howell, mitchell, render, team_match
from scoring.movements.model import Movement, MovementRound, TablePlay
from scoring.movements.validation import validate

__all__ = [
    "GENERATED_KINDS",
    "KINDS",
    "MAX_BOARDS_PER_ROUND",
    "MAX_PAIRS",
    "MAX_PLAYS",
    "MAX_ROUNDS",
    "MAX_SECTION_TABLES",
    "Movement",
    "MovementError",
    "MovementRound",
    "PairId",
    "TablePlay",
    "compass",
    "generate",
    "howell",
    "main",
    "mitchell",
    "render",
    "team_match",
    "validate",
]
