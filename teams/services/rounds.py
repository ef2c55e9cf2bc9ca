"""A round of an event of matches laid out on duplicate's rows, so that table links, entry, travellers and no
peeking work as for any event: the round's boards ((r - 1) * B + 1 .. r * B, dealt and vulnerable as
``duplicate.services.events`` deals them), its ``Round``, a ``Seating`` for each table and an empty ``Play``
for each board at each table.

A team match at match table t plays at two tables: the home team's first pair N-S against the away team's
second at table 2t - 1, the away team's first pair N-S against the home team's second at table 2t (each board
once with each team N-S, law G).  A Swiss pairs match is one table, the home pair N-S.  A bye has no table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from duplicate.contests import contest_of
from duplicate.models import Board, Event, Pair, Play, Round, Seating, Section
from duplicate.services.events import dealer_for
from scoring.contests.leagues import Meeting
from teams.layout import match_tables, round_boards
from teams.models import Match


def seatings_for(
    meetings: Sequence[Meeting], pairs_of: Mapping[int, Sequence[Pair]], *, teams: bool
) -> list[tuple[int, Pair, Pair]]:
    """Each table of the meetings: (table, N-S pair, E-W pair)."""
    tables: list[tuple[int, Pair, Pair]] = []
    for meeting in meetings:
        if meeting.away is None:
            continue
        home, away = pairs_of[meeting.home], pairs_of[meeting.away]
        if teams:  # law G: each board once with each team N-S
            first, second = match_tables(meeting.table, teams=True)
            tables.append((first, home[0], away[1]))
            tables.append((second, away[0], home[1]))
        else:
            tables.append((meeting.table, home[0], away[0]))
    return tables


def pairs_by_team(event: Event) -> dict[int, list[Pair]]:
    """The event's pairs by team id, first pair first (one query)."""
    out: dict[int, list[Pair]] = {}
    for pair in Pair.objects.filter(event=event).order_by("position", "id"):
        if pair.team_id is not None:
            out.setdefault(pair.team_id, []).append(pair)
    return out


def seatings_build(
    *, event: Event, round_row: Round, meetings: Sequence[Meeting], pairs_of: Mapping[int, Sequence[Pair]]
) -> None:
    """The round's seatings and an empty Play for each of its boards at each table (bulk: two queries and
    one for the boards)."""
    teams = contest_of(event).for_teams
    boards = list(
        Board.objects.filter(
            event=event, number__in=list(round_boards(round_row.number, event.boards_per_match))
        ).order_by("number")
    )
    seatings = [
        Seating(round=round_row, table=table, ns=ns, ew=ew)
        for table, ns, ew in seatings_for(meetings, pairs_of, teams=teams)
    ]
    Seating.objects.bulk_create(seatings)
    Play.objects.bulk_create(
        Play(event=event, seating=s, board=b, ns_pair=s.ns, ew_pair=s.ew) for s in seatings for b in boards
    )


def round_create(
    *,
    event: Event,
    section: Section,
    round_number: int,
    meetings: Sequence[Meeting],
    pairs_of: Mapping[int, Sequence[Pair]],
) -> list[Match]:
    """Round ``round_number``'s Match rows, boards, Round, seatings and plays."""
    matches = Match.objects.bulk_create(
        Match(event=event, round=round_number, table=m.table, home_id=m.home, away_id=m.away)
        for m in meetings
    )
    Board.objects.bulk_create(
        Board(event=event, number=n, dealer=dealer_for(n))
        for n in round_boards(round_number, event.boards_per_match)
    )
    round_row = Round.objects.create(section=section, number=round_number)
    seatings_build(event=event, round_row=round_row, meetings=meetings, pairs_of=pairs_of)
    return matches


def meetings_of(matches: Sequence[Match]) -> list[Meeting]:
    return [Meeting(m.round, m.table, m.home_id, m.away_id) for m in matches]


def _match_seatings(event: Event, match: Match) -> list[Seating]:
    return list(
        Seating.objects.filter(
            round__section__event=event,
            round__number=match.round,
            table__in=match_tables(match.table, teams=contest_of(event).for_teams),
        ).select_related("ns", "ew")
    )


def match_plays_set_aside(*, event: Event, match: Match) -> None:
    """A match entered as a whole (its boards scored elsewhere): its tables' unplayed boards are no longer in
    play, so they neither keep its round's boards hidden from visitors (no peeking waits for every table)
    nor count as missing when the event is finished.  Results already entered at its tables are kept."""
    Play.objects.filter(seating__in=_match_seatings(event, match), entered=False).delete()


def match_plays_restore(*, event: Event, match: Match) -> None:
    """A match returned to its boards: an empty Play again for each of its round's boards at each of its tables
    that has none."""
    seatings = _match_seatings(event, match)
    boards = list(
        Board.objects.filter(event=event, number__in=list(round_boards(match.round, event.boards_per_match)))
    )
    held = set(Play.objects.filter(seating__in=seatings).values_list("seating_id", "board_id"))
    Play.objects.bulk_create(
        Play(event=event, seating=s, board=b, ns_pair=s.ns, ew_pair=s.ew)
        for s in seatings
        for b in boards
        if (s.pk, b.pk) not in held
    )
