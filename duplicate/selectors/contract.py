"""Contract bridge's pair contests for the pages: an event's plays (``PLAY_FIELDS`` rows) scored by the
event's contest, each by its one implementation in ``scoring.contests`` (matchpoints with Neuberg and law
12C2's artificial scores, Butler, cross-IMPs), shaped as the standings, travellers and score cards read them.

Every figure is exact (ints and Fractions); the pages show matchpoints, IMPs and percentages rounded to two
decimals (halves away from zero), the JSON keeps them exact.  Rankings follow law H's "played the same
hands" groups, as for the historic codes; with sections ranked each on its own, each section is a contest of
its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, NamedTuple

from django.utils.translation import gettext, gettext_noop, ngettext

from duplicate.contests import Contest
from duplicate.l10n import clauses
from scoring.contests import ContractContest, PairId, ranking_groups, team_imps_match
from scoring.contests.contract_pairs import by_board
from scoring.contests.imp_pairs import DatumDrop, DatumHalves, datum_dropped, datum_rule
from scoring.contests.imps import AVERAGE_PLUS_IMPS, Artificial, TableScore, TeamImpMatch, UnscoredBoard
from scoring.contests.matchpoints import fields
from scoring.contests.rankings import RankingGroup, RankingGroups, Table, grouping
from scoring.errors import ContestError


def decimal_text(value: Fraction | int | None, *, places: int = 2, signed: bool = False) -> str:
    """An exact value shown to ``places`` decimals, halves away from zero ("12.67", "-3.50"); "" for none.
    Integer arithmetic on the numerator and denominator (thousands of rows a page)."""
    if value is None:
        return ""
    if type(value) is int:
        numerator, denominator = value, 1
    else:
        numerator, denominator = value.numerator, value.denominator
    whole, rest = divmod(abs(numerator) * 10**places, denominator)
    if 2 * rest >= denominator:
        whole += 1
    sign = "-" if numerator < 0 and whole else ("+" if signed and numerator > 0 else "")
    digits = str(whole).rjust(places + 1, "0")
    return f"{sign}{digits[:-places]}.{digits[-places:]}" if places else f"{sign}{digits}"


def adjusted_of(ruling: str) -> tuple[int, int] | None:
    """Law 12C2's artificial score stored as the ruling "A60/40": (60, 40); None for any other ruling."""
    if not ruling.startswith("A"):
        return None
    ns, _, ew = ruling[1:].partition("/")
    return int(ns), int(ew)


def _contract_row(
    board: int, ns: PairId, ew: PairId, ruling: str | None, net_ns: Any
) -> tuple[int, PairId, PairId, int | None, Any]:
    adjusted = adjusted_of(ruling or "")
    return (board, ns, ew, None if adjusted else int(net_ns), adjusted)


def contract_rows(rows: Iterable[Sequence[Any]]) -> list[tuple[int, PairId, PairId, int | None, Any]]:
    """The entered plays (``PLAY_FIELDS`` rows) as the contests read them: (board, N-S, E-W, N-S's law 77
    score, None), or an artificial adjusted score (board, N-S, E-W, None, (N-S %, E-W %)).  The played
    results (nearly every row) are made in one pass; a ruled row, or a net not yet an int, by
    :func:`_contract_row`."""
    try:
        return [
            (board, ns, ew, net, None)
            if not ruling and type(net) is int
            else _contract_row(board, ns, ew, ruling, net)
            for board, ns, ew, entered, ruling, _offending, net, _table, _round, _agreed in rows
            if entered
        ]
    except ValueError:  # rows of another shape
        pass
    return [_contract_row(row[0], row[1], row[2], row[4], row[6]) for row in rows if row[3]]


# Words the traveller shows through gettext (``gettext_noop``: English here).
HALVES_WORDS = {
    DatumHalves.AWAY: gettext_noop("halves away from zero"),
    DatumHalves.UP: gettext_noop("halves up"),
}


def datum_words(n: int, drop: DatumDrop, halves: DatumHalves) -> str:
    """Butler's datum of ``n`` results by the event's rule, in words (in the page's language): "mean of 8
    results, the top and bottom one dropped, halves away from zero" (a list of its three clauses)."""
    dropped = datum_dropped(n, drop)
    which = (
        gettext("none dropped")
        if not dropped
        else gettext("the top and bottom one dropped")
        if dropped == 1
        else gettext("the top and bottom %(n)s dropped") % {"n": dropped}
    )
    text = ngettext(
        "mean of %(n)s result, %(dropped)s, %(halves)s", "mean of %(n)s results, %(dropped)s, %(halves)s", n
    )
    return text % {"n": n, "dropped": which, "halves": gettext(HALVES_WORDS[halves])}


class ContractDetail(NamedTuple):
    """One table's line on a board, as a traveller and a score card read it: the law 77 scores and each
    pair's matchpoints or IMPs for the board (in the plus/minus places of law H's lines)."""

    board: int
    ns: PairId
    ew: PairId
    ns_score: int | None
    ew_score: int | None
    ns_average: Fraction | None
    ew_average: Fraction | None
    ruling: str | None
    offending: str | None
    ns_plus_minus: Fraction | int | None  # None: a team match's board not yet in at both its tables
    ew_plus_minus: Fraction | int | None

    @property
    def resolved(self) -> bool:
        return True


@dataclass(frozen=True)
class ContractPairs:
    """A contract pair event's contest(s) (one, or one per section ranked on its own), in the shape the
    standings' ``EventResults`` holds: no law B(3) rulings to resolve and no averages (law H's)."""

    method: str
    parts: tuple[tuple[str, ContractContest], ...]  # (section letter or "", its contest)
    provisional: bool = False
    unresolved: tuple[Any, ...] = ()
    averages: Mapping[tuple[int, str], Fraction] = field(default_factory=dict)
    # Butler: the event's choice of the datum (how many results each end drops, how halves round).
    datum_drop: DatumDrop = DatumDrop.ONE
    datum_halves: DatumHalves = DatumHalves.AWAY

    @property
    def single_ranking(self) -> bool:
        return sum(len(contest.groups.groups) for _letter, contest in self.parts) == 1

    @property
    def boards(self) -> list[ContractDetail]:
        """Every line of every board, scored."""
        out: list[ContractDetail] = []
        for _letter, contest in self.parts:
            for line in contest.lines:
                net = line.net_ns
                ruling = f"A{line.adjusted[0]}/{line.adjusted[1]}" if line.adjusted else None
                out.append(
                    ContractDetail(
                        line.board,
                        line.ns,
                        line.ew,
                        net,
                        None if net is None else -net,
                        None,
                        None,
                        ruling,
                        None,
                        Fraction(line.ns_score),
                        Fraction(line.ew_score),
                    )
                )
        return out

    def datum_text(self, board: int) -> str:
        """A Butler board's datum as the pages show it: "260", or each section's when sections are ranked
        each on its own ("A: 260, B: -50"); "" for another contest or a board with no result yet."""
        found = [(letter, contest.datums[board]) for letter, contest in self.parts if board in contest.datums]
        if len(found) == 1 and not found[0][0]:
            return str(found[0][1])
        return ", ".join(f"{letter}: {datum}" for letter, datum in found)

    def datum_rule_text(self, board: int) -> str:
        """How a Butler board's datum was worked out, as the traveller states it beside the datum: "mean of
        8 results, the top and bottom one dropped, halves away from zero" (each section's, "A: ...; B: ...",
        when sections are ranked each on its own); "" where :meth:`datum_text` is ""."""
        found = [
            (letter, contest.datum_counts[board])
            for letter, contest in self.parts
            if board in contest.datum_counts
        ]
        texts = [
            f"{letter}: " * bool(letter) + datum_words(n, self.datum_drop, self.datum_halves)
            for letter, n in found
        ]
        return clauses(texts)

    def board_top(self, board: int, section: str) -> int | None:
        """Matchpoints: the top on ``board`` in the ranking of section ``section`` (its own when sections are
        ranked each on its own); None for IMPs, or a board with no result."""
        for letter, contest in self.parts:
            if letter in ("", section) and board in contest.board_tops:
                return contest.board_tops[board]
        return None

    def rankings(self) -> list[tuple[RankingGroup, Any, int | None]]:
        """Each ranking's group (named by its section when each is ranked on its own), rows and top."""
        out: list[tuple[RankingGroup, Any, int | None]] = []
        for letter, contest in self.parts:
            for (group, rows), top in zip(contest.rankings(), contest.tops, strict=True):
                if letter:
                    name = (
                        f"Section {letter}" if group.direction is None else f"Section {letter} {group.name}"
                    )
                    group = RankingGroup(name, group.direction, (letter,))
                out.append((group, rows, top))
        return out


def contract_pairs(
    described: Contest,
    rows: Sequence[Sequence[Any]],
    tables: Iterable[Table],
    sections: Mapping[PairId, str],
    *,
    per_section: bool,
    field_most: Mapping[tuple[str, int], int] | None = None,
    average_plus: int = AVERAGE_PLUS_IMPS,
    datum: tuple[str, str] = (DatumDrop.ONE, DatumHalves.AWAY),
    left_out: frozenset[int] = frozenset(),
) -> ContractPairs:
    """Score the event's plays by the ``described`` contest's pure function (law H's rankings from every play scheduled).  ``field_most``:
    when ``rows`` are only some boards' plays (a traveller's), each (section letter, or "" across the field;
    board)'s Neuberg N, from ``selectors.neuberg.neuberg_n`` (matchpoints only).  ``average_plus``: law 12C2's IMPs of
    an artificial average plus (Butler, cross-IMPs).  ``datum``: the event's choice of the datum (its
    ``butler_drop``, ``butler_halves``: a contest scored against one, Butler).  ``left_out``: boards whose
    results are left out of the contest (still in play, for a visitor's totals); each other board keeps the
    Neuberg N that every result gives it, so that a released board scores as its traveller shows it."""
    score = described.score
    method = described.stored
    drop, halves = datum_rule(*datum)
    chosen = {"datum_drop": drop, "datum_halves": halves} if described.datum else {}

    def contest(results: list[Any], groups: RankingGroups, letter: str) -> ContractContest:
        counted = [r for r in results if r[0] not in left_out] if left_out else results
        if not described.neuberg:
            return score(counted, groups=groups, average_plus=average_plus, **chosen)  # type: ignore[no-any-return]
        if field_most is None and not left_out:
            return score(counted, groups=groups)  # type: ignore[no-any-return]
        if field_most is not None:
            most = {board: n for (part, board), n in field_most.items() if part == letter}
        else:  # N from every result, those left out too (how many results a board has is no secret)
            ranking = grouping(None, groups)
            most = fields(by_board(results, ranking), ranking)
        return score(counted, groups=groups, field_most=most)  # type: ignore[no-any-return]

    results = contract_rows(rows)
    if not per_section or len(set(sections.values())) < 2:
        groups = ranking_groups(tables, sections=sections)
        return ContractPairs(
            method, (("", contest(results, groups, "")),), datum_drop=drop, datum_halves=halves
        )
    tables_by: dict[str, list[Table]] = {}
    for table in tables:
        tables_by.setdefault(sections.get(table[1], ""), []).append(table)
    results_by: dict[str, list[Any]] = {}
    for row in results:
        results_by.setdefault(sections.get(row[1], ""), []).append(row)
    return ContractPairs(
        method,
        tuple(
            (letter, contest(results_by.get(letter, []), ranking_groups(tables_by[letter]), letter))
            for letter in sorted(tables_by)
        ),
        datum_drop=drop,
        datum_halves=halves,
    )


# ------------------------------------------------------------------------------------------ team match


@dataclass(frozen=True)
class ContractTeams:
    """A contract team match by IMPs (two tables: each board played once with each team N-S), in the shape
    the standings' ``EventResults`` holds; ``match`` None until a board has both its results.  ``unscored``:
    the boards that cannot be scored as entered (each with why), left out while the rest are scored; the
    standings stay provisional while there is one."""

    home: str
    away: str
    match: TeamImpMatch | None
    unscored: tuple[UnscoredBoard, ...] = ()
    unresolved: tuple[Any, ...] = ()
    averages: Mapping[tuple[int, str], Fraction] = field(default_factory=dict)
    single_ranking: bool = True
    boards: tuple[ContractDetail, ...] = ()  # every table's line: its law 77 scores and the board's swing

    @property
    def provisional(self) -> bool:
        return bool(self.unscored)


def _team_lines(
    plays: Sequence[tuple[int, PairId, PairId, TableScore]], match: TeamImpMatch | None, home_pairs: set[int]
) -> tuple[ContractDetail, ...]:
    """Each table's line as a traveller and a score card read it: its law 77 scores (or its artificial
    score, law 12C2), and (once the board is scored) each side's IMPs on the board: the IMPs of the team that
    sat there (the match's own figures, ``team_imps_match``'s: the swing, or law 12C2's)."""
    results = {line.board: (line.home_result, line.away_result) for line in (match.lines if match else ())}
    out = []
    for board, ns, ew, score in plays:
        scored = results.get(board)
        ns_imps: int | None = None
        ew_imps: int | None = None
        if scored is not None:
            ns_imps, ew_imps = scored if ns in home_pairs else scored[::-1]
        if isinstance(score, Artificial):
            out.append(
                ContractDetail(board, ns, ew, None, None, None, None, str(score), None, ns_imps, ew_imps)
            )
        else:
            out.append(ContractDetail(board, ns, ew, score, -score, None, None, None, None, ns_imps, ew_imps))
    return tuple(out)


def _team_board_problem(count: int, seat: Mapping[str, list[TableScore]], names: Sequence[str]) -> str:
    """Why a board of the match cannot be compared as scheduled and entered (law G: each board is played
    once at each table, each team N-S at one); "" when it can."""
    if count != 2:
        return f"played at {count} tables; a team match by IMPs plays each board at two"
    for side, name in zip(("home", "away"), names, strict=True):
        if len(seat[side]) > 1:
            return f"{name} sat N-S at both its tables (law G: once with each team N-S)"
    return ""


def contract_teams(
    rows: Sequence[Sequence[Any]],
    teams: Mapping[str, Sequence[int]],
    *,
    average_plus: int = AVERAGE_PLUS_IMPS,
) -> ContractTeams:
    """The match's boards, each (board, the home team's N-S result, the away team's N-S result), scored by
    ``scoring.contests.team_imps_match`` (the WBF IMP scale, law 12C2's IMPs for its artificial
    scores, ``average_plus`` for average plus; VPs by the WBF 2013 scale for the boards scheduled).  A board
    counts once both its tables are in; a board that cannot be scored as entered is set aside, with why,
    and the rest are scored."""
    names = list(teams)
    if len(names) != 2:
        raise ContestError("teams", f"an IMP match is between two teams, got {len(names)}")
    home, away = names
    home_pairs = set(teams[home])
    by_board: dict[int, dict[str, list[TableScore]]] = {}
    scheduled: dict[int, int] = {}
    plays: list[tuple[int, PairId, PairId, TableScore]] = []
    unscored: dict[int, str] = {}
    for board, ns, ew, entered, ruling, _offending, net_ns, *_rest in rows:
        scheduled[board] = scheduled.get(board, 0) + 1
        seat = by_board.setdefault(board, {"home": [], "away": []})
        adjusted = adjusted_of(ruling or "") if entered else None
        if entered and ruling and adjusted is None:  # law B(3)'s: the result service refuses it at contract
            unscored.setdefault(board, f"{ruling} is not a ruling of contract bridge")
        elif entered:
            score: TableScore = Artificial(*adjusted) if adjusted else int(net_ns)
            plays.append((board, ns, ew, score))
            seat["home" if ns in home_pairs else "away"].append(score)
    ready = []
    for board, seat in sorted(by_board.items()):
        problem = _team_board_problem(scheduled[board], seat, names)
        if problem and (seat["home"] or seat["away"]):
            unscored.setdefault(board, problem)
        elif not problem and seat["home"] and seat["away"] and board not in unscored:
            ready.append((board, seat["home"][0], seat["away"][0]))
    match = (
        team_imps_match(ready, home=home, away=away, boards=len(scheduled), average_plus=average_plus)
        if ready
        else None
    )
    for board, why in match.unscored if match is not None else ():
        unscored.setdefault(board, why)
    return ContractTeams(
        home,
        away,
        match,
        unscored=tuple(UnscoredBoard(board, why) for board, why in sorted(unscored.items())),
        boards=_team_lines(plays, match, home_pairs),
    )
