"""Reads of a team match: plain values from ``duplicate``'s selectors.

A law G match's standings (the tables, each table's boards, the teams) are read here for the match page and its
files alike.  A contract match by IMPs and VPs is ``duplicate.selectors.imp_match``: the event workbook and the
venue display of ``duplicate`` show it too, and duplicate does not depend on this app.
"""

from __future__ import annotations

from duplicate.models import Event
from duplicate.selectors.standings import TeamStandings, event_results, pair_infos, team_standings


def law_g_match(
    event: Event, *, hidden: frozenset[int] = frozenset(), released_only: bool = False, director: bool = False
) -> TeamStandings:
    """The match as a law G team event scores it (two queries: the pairs, the plays): ``hidden``, a visitor's
    boards still in play, without their scores and left out of the running totals; ``released_only``
    (``selectors.released_only``): the teams' totals over the released boards only."""
    pairs = pair_infos(event, director=director)  # the names a visitor sees, or a director
    results = event_results(event, pairs, released_only=released_only)
    return team_standings(event, pairs=pairs, results=results, hidden=hidden)
