"""Reads of an event of matches (a round-robin league, Swiss teams, Swiss pairs; docs/leagues.md): each match's
result, the VP table, a round's matches and where an entrant sits in a round.  Plain values, public ORM.

A match's result is its boards' unless the director entered it as a whole: a team match's two tables scored by
IMPs and converted to VPs (``duplicate.selectors.contract.contract_teams``: ``team_imps_match``, law 12C2's
IMPs for an artificial score, law 86A of the 2007 code); a Swiss pairs match's boards each scored across the
round's field, by Butler IMPs against the datum (``butler_datum``, ``imps``) with the two pairs' IMPs netted and
converted (``team_vps``), or by matchpoints (``board_matchpoints``, Neuberg's formula past an artificial score)
shared out of 20 (``mp_share_vps``).  A bye scores the event's bye VPs.

No peeking: a visitor's table counts a match from its boards only once all of them are released (every table of
the event has played them; ``duplicate.selectors.released_only``); a director's counts every board in.  Three
queries whatever the event's size: the pairs (``pair_infos``: the names a visitor may see), the matches, the
plays.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.db.models import Q

from duplicate.contests import contest_of
from duplicate.models import Event, EventStatus, Play, Seating
from duplicate.selectors.contract import adjusted_of, contract_teams, decimal_text
from duplicate.selectors.events import DIRECTOR, VISITOR, released_only
from duplicate.selectors.pair_rows import PairInfo, pair_infos
from scoring.contests import leagues
from scoring.contests.imp_pairs import butler_datum, datum_rule
from scoring.contests.imps import artificial_imps, imps, team_vps
from scoring.contests.leagues import MatchResult
from scoring.contests.matchpoints import board_matchpoints, neuberg
from teams.layout import by_matchpoints, match_of_table, match_tables, round_boards
from teams.models import Match

PLAY_VALUES = (
    "board__number",
    "ns_pair_id",
    "ew_pair_id",
    "entered",
    "ruling",
    "offending",
    "net_ns",
    "seating__table",
    "seating__round__number",
)
MATCH_VALUES = (
    "pk",
    "round",
    "table",
    "home_id",
    "away_id",
    "entered",
    "home_imps",
    "away_imps",
    "home_vp100",
    "away_vp100",
)


@dataclass(frozen=True, slots=True)
class MatchLine:
    """A match as the pages and the table read it.  ``home``/``away`` are team ids (``away`` None: a bye);
    ``entered`` how its result came ("" its boards, "imps", "vps"); IMPs (None when there are none: VPs
    given, matchpoints, a bye) and VPs (exact; None before a board is scored); ``boards`` the boards scored;
    ``complete`` every board played or the result entered as a whole; ``counted`` whether this viewer's
    table counts it."""

    pk: int
    round: int
    table: int
    home: int
    away: int | None
    home_name: str
    away_name: str
    entered: str
    home_imps: int | None
    away_imps: int | None
    home_vps: Fraction | None
    away_vps: Fraction | None
    boards: int
    complete: bool
    counted: bool

    @property
    def result(self) -> MatchResult:
        assert self.home_vps is not None
        assert self.away_vps is not None
        return MatchResult(
            self.round, self.home, self.away, self.home_imps, self.away_imps, self.home_vps, self.away_vps
        )


@dataclass(frozen=True, slots=True)
class VpTableRow:
    """An entrant's line in the VP table: its place (``tied``: shared), name and players, VPs (exact), net
    IMPs, matches played (byes count), won/drawn/lost by VPs, IMPs for and against."""

    team_id: int
    rank: int
    tied: bool
    name: str
    players: tuple[str, ...]
    vps: Fraction
    imps: int
    played: int
    won: int
    drawn: int
    lost: int
    imps_for: int
    imps_against: int

    def to_json(self) -> dict[str, Any]:
        """The standings JSON's line: ``vps`` to two decimals (as the table shows them), ``vps_exact`` exact
        ("p/q" when not whole)."""
        vps = self.vps
        return {
            "rank": self.rank,
            "tied": self.tied,
            "name": self.name,
            "players": list(self.players),
            "vps": decimal_text(vps),
            "vps_exact": vps.numerator if vps.denominator == 1 else f"{vps.numerator}/{vps.denominator}",
            "imps": self.imps,
            "played": self.played,
            "won": self.won,
            "drawn": self.drawn,
            "lost": self.lost,
        }


@dataclass(frozen=True, slots=True)
class Seat:
    """Where an entrant sits in a round: its match ``table`` (0: its bye), its opponents' name, and each of
    its pairs' table and direction ((pair number, table, "NS" or "EW"))."""

    round: int
    table: int
    opponents: str | None
    home: bool
    seats: tuple[tuple[str, int, str], ...]


def _score(entered: bool, ruling: str, net_ns: int) -> int | tuple[int, int] | None:
    if not entered:
        return None
    adjusted = adjusted_of(ruling or "")
    return adjusted if adjusted else int(net_ns)


def pair_board_scores(
    plays: Sequence[tuple[Any, ...]], *, method: str, event: Event
) -> dict[tuple[int, int], Fraction]:
    """Each pair's score on each board of the Swiss pairs field, (pair, board) -> Butler IMPs or matchpoints:
    the board's entered results scored across the field (law 12C2's artificial scores: IMPs, or 60/50/40% of
    the top)."""
    by_board: dict[int, list[tuple[int, int, Any]]] = {}
    for board, ns, ew, entered, ruling, _off, net_ns, *_rest in plays:
        score = _score(entered, ruling, net_ns)
        if score is not None:
            by_board.setdefault(board, []).append((ns, ew, score))
    out: dict[tuple[int, int], Fraction] = {}
    drop, halves = datum_rule(event.butler_drop, event.butler_halves)
    for board, lines in by_board.items():
        plain = [s for _ns, _ew, s in lines if isinstance(s, int)]
        if by_matchpoints(method):
            top = 2 * (len(lines) - 1)
            mps = iter(board_matchpoints(plain))
            for ns, ew, s in lines:
                if isinstance(s, int):
                    mp = Fraction(neuberg(next(mps), len(plain), len(lines)))
                    out[ns, board], out[ew, board] = mp, top - mp
                else:  # law 12C2: 60, 50 or 40% of the top
                    out[ns, board], out[ew, board] = Fraction(s[0] * top, 100), Fraction(s[1] * top, 100)
            continue
        datum = butler_datum(plain, drop=drop, halves=halves) if plain else 0
        for ns, ew, s in lines:
            if isinstance(s, int):
                out[ns, board], out[ew, board] = Fraction(imps(s - datum)), Fraction(-imps(s - datum))
            else:  # law 12C2 (law 86A of the 2007 code): average plus is the event's IMPs
                out[ns, board] = Fraction(artificial_imps(s[0], event.average_plus_imps))
                out[ew, board] = Fraction(artificial_imps(s[1], event.average_plus_imps))
    return out


def _pairs_match(
    m: Any, plays: Sequence[tuple[Any, ...]], scores: Mapping[tuple[int, int], Fraction], event: Event
) -> tuple[int | None, int | None, Fraction | None, Fraction | None, int]:
    """A Swiss pairs match from its boards: (home IMPs, away IMPs, home VPs, away VPs, boards scored)."""
    home_total = away_total = Fraction(0)
    count = 0
    for board, ns, ew, entered, *_rest in plays:
        if entered and (ns, board) in scores:
            count += 1
            home_total += scores[ns, board]
            away_total += scores[ew, board]
    if not count:
        return None, None, None, None, 0
    if by_matchpoints(event.match_scoring):
        home_vps, away_vps = leagues.mp_share_vps(home_total, away_total)
        return None, None, home_vps, away_vps, count
    # Each pair's own Butler IMPs over the match (whole numbers): at a table they balance (the N-S pair's +x
    # against the datum is the E-W pair's -x), so the match is won by x IMPs, not by the 2x between them;
    # law 12C2's artificial scores need not balance, and each pair is then credited its own (as a team
    # match's board is, scoring.contests.imps).
    home, away = int(home_total), int(away_total)
    boards = event.boards_per_match
    columns = (max(home, 0), max(away, 0)) if home == -away else (home, away)
    return (*columns, Fraction(team_vps(home, boards)), Fraction(team_vps(away, boards)), count)


def _teams_match(
    m: Any,
    plays: Sequence[tuple[Any, ...]],
    team_pairs: Mapping[int, list[int]],
    names: Mapping[int, str],
    event: Event,
) -> tuple[int | None, int | None, Fraction | None, Fraction | None, int]:
    """A team match from its two tables' boards (``contract_teams``: ``team_imps_match``)."""
    home, away = m[3], m[4]
    scored = contract_teams(
        plays,
        {names[home]: team_pairs.get(home, []), names[away]: team_pairs.get(away, [])},
        average_plus=event.average_plus_imps,
    )
    if scored.match is None:
        return None, None, None, None, 0
    x = scored.match
    return x.home_imps, x.away_imps, Fraction(x.home_vp), Fraction(x.away_vp), len(x.lines)


@dataclass(frozen=True)
class EventField:
    """What the match reads are worked out from (two queries): the teams' names and pairs, the matches (as
    values), the plays (``PLAY_VALUES``) by (round, match table), the boards still in play (a table of a
    match not entered as a whole has not played them), whether this viewer sees them (``released``), and a
    Swiss pairs' field's scores by (pair, board)."""

    names: Mapping[int, str]
    team_pairs: Mapping[int, list[int]]
    matches: list[tuple[Any, ...]]
    by_table: Mapping[tuple[int, int], list[tuple[Any, ...]]]
    in_play: set[int]
    released: bool
    scores: Mapping[tuple[int, int], Fraction]


def event_field(event: Event, *, director: bool, infos: Mapping[int, PairInfo]) -> EventField:
    """The event's :class:`EventField` (two queries: the matches, the plays)."""
    names = {p.team_id: p.team or "" for p in infos.values() if p.team_id is not None}
    team_pairs: dict[int, list[int]] = {}
    for p in infos.values():
        if p.team_id is not None:
            team_pairs.setdefault(p.team_id, []).append(p.pk)
    teams = contest_of(event).for_teams
    matches = list(
        Match.objects.filter(event=event).order_by("round", "table", "id").values_list(*MATCH_VALUES)
    )
    plays = list(
        Play.objects.filter(event=event).order_by("board__number", "seating__table").values_list(*PLAY_VALUES)
    )
    by_table: dict[tuple[int, int], list[tuple[Any, ...]]] = {}
    whole = {(m[1], m[2]) for m in matches if m[5]}  # entered as a whole: its tables are not waited for
    in_play: set[int] = set()
    for row in plays:
        place = (row[8], match_of_table(row[7], teams=teams))
        by_table.setdefault(place, []).append(row)
        if not row[3] and place not in whole:
            in_play.add(row[0])
    # The viewer's rule (released_only); a finished event has no board in play (boards_in_play).
    released = (
        not released_only(event, DIRECTOR if director else VISITOR) or event.status == EventStatus.COMPLETE
    )
    scores: dict[tuple[int, int], Fraction] = {}
    if not teams:
        shown = [r for r in plays if released or r[0] not in in_play]
        scores = pair_board_scores(shown, method=event.match_scoring, event=event)
    return EventField(names, team_pairs, matches, by_table, in_play, released, scores)


def match_results(
    event: Event, *, director: bool = False, infos: Mapping[int, PairInfo] | None = None
) -> tuple[MatchLine, ...]:
    """Every match of the event in round and table order with its result (module docstring).  Two queries
    (the matches, the plays), and the pairs' when ``infos`` is not given."""
    infos = pair_infos(event, director=director) if infos is None else infos
    field = event_field(event, director=director, infos=infos)
    return tuple(match_line(m, event, field) for m in field.matches)


def match_line(m: tuple[Any, ...], event: Event, field: EventField) -> MatchLine:
    """A match (``MATCH_VALUES``) with its result."""
    pk, rnd, table, home, away, entered, h_imps, a_imps, h_vp100, a_vp100 = m
    names, in_play, released = field.names, field.in_play, field.released
    plays = field.by_table.get((rnd, table), [])
    common = (pk, rnd, table, home, away, names.get(home, ""), names.get(away, "") if away else "", entered)
    if entered:
        if not released and any(n in in_play for n in round_boards(rnd, event.boards_per_match)):
            # No peeking: every match of a round plays its boards, so a result given whole says how they
            # went at tables still playing them; a visitor sees it once the round's boards are released.
            return MatchLine(*common, None, None, None, None, 0, True, False)
        h_vps = Fraction(h_vp100, 100) if h_vp100 is not None else None
        a_vps = Fraction(a_vp100, 100) if a_vp100 is not None else (Fraction(0) if away is None else None)
        return MatchLine(*common, h_imps, a_imps, h_vps, a_vps, 0, True, True)
    if away is None:
        return MatchLine(*common, None, None, Fraction(event.bye_vp100, 100), Fraction(0), 0, True, True)
    complete = bool(plays) and all(row[3] for row in plays)
    shown = plays if released else [r for r in plays if r[0] not in in_play]
    if contest_of(event).for_teams:
        figures = _teams_match(m, shown, field.team_pairs, names, event)
    else:
        figures = _pairs_match(m, shown, field.scores, event)
    counted = figures[2] is not None and (released or not any(r[0] in in_play for r in plays))
    return MatchLine(*common, *figures, complete, counted)


def rounds_complete(lines: Iterable[MatchLine]) -> set[int]:
    """The rounds whose every match has its result."""
    rounds: dict[int, bool] = {}
    for line in lines:
        rounds[line.round] = rounds.get(line.round, True) and line.complete
    return {r for r, done in rounds.items() if done}


def standings_order(entrants: Sequence[int], lines: Iterable[MatchLine]) -> list[int]:
    """The entrants best first by the VP table (``vp_standings``) of the matches counted."""
    rows = leagues.vp_standings(entrants, [line.result for line in lines if line.counted])
    return [row.entrant for row in rows]


def vp_table(event: Event, *, director: bool = False) -> tuple[VpTableRow, ...]:
    """The VP table (``vp_standings``: VPs, then the tie-breaks docs/laws.md writes), each entrant with its
    name and players as this viewer may see them.  Three queries."""
    infos = pair_infos(event, director=director)
    return vp_rows(infos, match_results(event, director=director, infos=infos))


def vp_rows(infos: Mapping[int, PairInfo], lines: Iterable[MatchLine]) -> tuple[VpTableRow, ...]:
    """The VP table of the matches ``lines`` (:func:`match_results`, read with the pairs ``infos``): no
    query, for a page that shows the matches too."""
    names: dict[int, str] = {}
    players: dict[int, list[str]] = {}
    for p in sorted(infos.values(), key=lambda p: p.position):
        if p.team_id is not None:
            names[p.team_id] = p.team or ""
            players.setdefault(p.team_id, []).extend(x for x in p.players if x)
    entrants = sorted(names)
    rows = leagues.vp_standings(entrants, [line.result for line in lines if line.counted])
    return tuple(
        VpTableRow(
            r.entrant,
            r.rank,
            r.tied,
            names[r.entrant],
            tuple(players.get(r.entrant, ())),
            r.vps,
            r.imps,
            r.played,
            r.won,
            r.drawn,
            r.lost,
            r.imps_for,
            r.imps_against,
        )
        for r in rows
    )


def round_matches(event: Event, round_number: int, *, director: bool = False) -> tuple[MatchLine, ...]:
    """Round ``round_number``'s matches with their results (as :func:`match_results`)."""
    return tuple(line for line in match_results(event, director=director) if line.round == round_number)


def rounds_drawn(event: Event) -> int:
    """How many rounds have their matches (one query)."""
    return Match.objects.filter(event=event).values("round").distinct().count()


def seat_in_round(event: Event, team_id: int, round_number: int) -> Seat | None:
    """Where entrant ``team_id`` sits in round ``round_number`` (None before the round is drawn): its match
    table and opponents, and each of its pairs' table and direction.  Two queries."""
    match = Match.objects.filter(
        Q(home_id=team_id) | Q(away_id=team_id), event=event, round=round_number
    ).first()
    if match is None:
        return None
    if match.away_id is None:
        return Seat(round_number, 0, None, True, ())
    home = match.home_id == team_id
    teams = contest_of(event).for_teams
    seats = Seating.objects.filter(
        round__section__event=event,
        round__number=round_number,
        table__in=match_tables(match.table, teams=teams),
    ).values_list("table", "ns__team_id", "ns__number", "ew__number", "ns__team__name", "ew__team__name")
    mine: list[tuple[str, int, str]] = []
    opponents = ""
    for table, ns_team, ns_number, ew_number, ns_name, ew_name in seats:
        if ns_team == team_id:
            mine.append((ns_number, table, "NS"))
            opponents = ew_name
        else:
            mine.append((ew_number, table, "EW"))
            opponents = ns_name
    return Seat(round_number, match.table, opponents, home, tuple(sorted(mine)))


def standings_json(event: Event, *, director: bool = False) -> dict[str, Any]:
    """The standings JSON of an event of matches: the event, its rounds drawn and planned, and each entrant's
    line of the VP table (:meth:`VpTableRow.to_json`)."""
    rows = vp_table(event, director=director)
    return {
        "event": event.name,
        "kind": event.contest,
        "rounds": rounds_drawn(event),
        "rounds_planned": event.rounds_planned,
        "boards_per_match": event.boards_per_match,
        "standings": [row.to_json() for row in rows],
    }


def draw_json(event: Event, round_number: int) -> dict[str, Any]:
    """A round's draw as the ``draw`` command prints it: its tables (match table, home, away) and the bye."""
    matches = Match.objects.filter(event=event, round=round_number).select_related("home", "away")
    tables = [
        {"table": m.table, "home": m.home.name, "away": m.away.name} for m in matches if m.away is not None
    ]
    bye = next((m.home.name for m in matches if m.away is None), None)
    return {"round": round_number, "tables": tables, "bye": bye}
