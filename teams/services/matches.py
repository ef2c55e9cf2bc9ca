"""The events of matches (docs/leagues.md): create a round-robin league, a Swiss teams or a Swiss pairs event,
draw a Swiss's next round, swap two pairings of a round before play, and enter a match's result as a whole.

The entrants are ``Team`` rows (a Swiss pairs' pair is a team of one pair); each plays its boards on
duplicate's rows (one CUSTOM section, ``teams.services.rounds``), so table links, entry, travellers and no
peeking work as for any event.  The schedule, the draws and the VP scale are the pure core's
(``scoring.contests.leagues``, ``scoring.contests.swiss``, ``scoring.contests.imps.team_vps``).
"""

from __future__ import annotations

import datetime as dt
import re
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from duplicate.contests import CHOSEN, CONTRACT_CODE, TEAMS, contest_of
from duplicate.l10n import grouped
from duplicate.models import (
    BOARDS_PER_MATCH_MAX,
    BYE_VP100_MAX,
    Event,
    MovementKind,
    Pair,
    Play,
    Player,
    Round,
    Seating,
    Section,
    Team,
)
from duplicate.services.errors import ServiceError, fits
from duplicate.services.pair_players import seat_text
from duplicate.services.players import PlayerSpec, players_seated_once, roster_players
from duplicate.services.results import event_results_touch
from scoring.contests import leagues, swiss
from scoring.contests.imps import team_vps
from scoring.contests.leagues import LEAGUE_MAX, LEAGUE_MIN, Meeting
from scoring.errors import show_value
from scoring.movements import MAX_PLAYS
from teams.layout import MATCH_SCORINGS
from teams.models import MATCH_IMPS_MAX, DrawChange, Entered, Match
from teams.selectors_matches import match_results, rounds_complete, standings_order
from teams.services.rounds import (
    match_plays_restore,
    match_plays_set_aside,
    meetings_of,
    pairs_by_team,
    round_create,
    seatings_build,
)

#: The field of a Swiss (teams or pairs).
SWISS_MIN = 4
SWISS_MAX = 300
VP_MAX = 20
#: VPs as a text: up to two digits and two decimals ("12", "12.5", "9.99").
VP_TEXT = re.compile(r"[0-9]{1,2}(\.[0-9]{1,2})?")


@dataclass(frozen=True, slots=True)
class EntrantSpec:
    """An entrant of an event of matches: its ``name``, its players (up to four for a team, the first two its
    first pair; two for a Swiss pairs' pair), each a roster ``Player``, a seat's text ("Ann Lee (EBU 123)") or
    a ``PlayerSpec``; and its ``seed`` for a seeded Swiss's first round (1 best)."""

    name: str
    players: tuple[Player | PlayerSpec | str, ...] = ()
    seed: int | None = None


def _whole(field: str, value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ServiceError(
            f"{field}: "
            + _("must be a whole number from %(low)d to %(high)d, got %(got)s")
            % {"low": low, "high": high, "got": show_value(value)}
        )
    return value


def _check_entrants(entrants: Sequence[EntrantSpec], *, drawn: bool, teams: bool, seeded: bool) -> None:
    low, high = (SWISS_MIN, SWISS_MAX) if drawn else (LEAGUE_MIN, LEAGUE_MAX)
    if not low <= len(entrants) <= high:
        refused = (
            _("from %(low)d to %(high)d teams, got %(got)d")
            if teams
            else _("from %(low)d to %(high)d pairs, got %(got)d")
        )
        raise ServiceError("entrants: " + refused % {"low": low, "high": high, "got": len(entrants)})
    names: set[str] = set()
    seats = 4 if teams else 2
    for index, spec in enumerate(entrants, start=1):
        if not isinstance(spec, EntrantSpec):
            raise ServiceError(
                _("entrant %(index)d: must be an EntrantSpec, got %(got)s")
                % {"index": index, "got": show_value(spec)}
            )
        name = spec.name.strip() if isinstance(spec.name, str) else ""
        if not name:
            raise ServiceError(_("entrant %(index)d: give it a name") % {"index": index})
        fits(_("entrant %(index)d: name") % {"index": index}, name, Team, "name")
        if name in names:
            raise ServiceError(
                _("entrant %(index)d: %(name)s is named twice") % {"index": index, "name": repr(name)}
            )
        names.add(name)
        if len(spec.players) > seats:
            raise ServiceError(
                f"{name}: " + _("at most %(n)d players, got %(got)d") % {"n": seats, "got": len(spec.players)}
            )
        if spec.seed is not None:
            _whole(f"{name}: seed", spec.seed, 1, SWISS_MAX)
    if seeded:
        seeds = [e.seed for e in entrants if e.seed is not None]
        if len(seeds) != len(set(seeds)):
            raise ServiceError("seeds: " + _("two entrants have the same seed"))


def _player_spec(field: str, given: Player | PlayerSpec | str) -> PlayerSpec | Player:
    if isinstance(given, Player | PlayerSpec):
        return given
    if not isinstance(given, str):
        raise ServiceError(f"{field}: " + _("a player's name, got %(got)s") % {"got": show_value(given)})
    seat = seat_text(field=field, text=given)
    return PlayerSpec(name=seat.name, number=seat.number, body=seat.body, guest=seat.guest, where=field)


def _seat_players(pairs: Sequence[Pair], entrants: Sequence[EntrantSpec], *, teams: bool) -> None:
    """Each pair's two players (``roster_players``: found on the roster or added), in one pass."""
    per_team = 2 if teams else 1
    seats: list[Player | PlayerSpec] = []
    for index, spec in enumerate(entrants):
        given = list(spec.players) + [""] * (2 * per_team - len(spec.players))
        for seat, player in enumerate(given):
            pair = pairs[index * per_team + seat // 2]
            seats.append(
                _player_spec(
                    _("%(entrant)s: pair %(pair)s, player %(seat)d")
                    % {"entrant": spec.name.strip(), "pair": pair.number, "seat": seat % 2 + 1},
                    player,
                )
            )
    specs = [s if isinstance(s, PlayerSpec) else PlayerSpec() for s in seats]
    found = roster_players(specs)
    for i, pair in enumerate(pairs):
        first, second = (
            seats[2 * i + k] if isinstance(seats[2 * i + k], Player) else found[2 * i + k] for k in (0, 1)
        )
        pair.player1, pair.player2 = first, second  # type: ignore[assignment]


def _settings(
    contest: str, *, n: int, boards_per_match: int, rounds: int, bye_vp100: int, match_scoring: str
) -> tuple[int, str]:
    """The rounds planned and the match scoring, checked (ServiceError naming the field)."""
    described = CHOSEN[contest]
    _whole("boards_per_match", boards_per_match, 1, BOARDS_PER_MATCH_MAX)
    if isinstance(bye_vp100, bool) or not isinstance(bye_vp100, int) or not 0 <= bye_vp100 <= BYE_VP100_MAX:
        raise ServiceError(
            "bye_vp100: "
            + _("a bye's VPs in hundredths, from 0 to %(high)d (%(vps)d VPs), got %(got)s")
            % {"high": BYE_VP100_MAX, "vps": VP_MAX, "got": show_value(bye_vp100)}
        )
    if described.drawn:
        _whole("rounds", rounds, 1, n - 1)
    elif rounds not in (0, n - 1 + n % 2):
        raise ServiceError(
            "rounds: "
            + _("a round robin of %(n)d plays %(rounds)d rounds; leave it out, got %(got)s")
            % {"n": n, "rounds": n - 1 + n % 2, "got": show_value(rounds)}
        )
    if described.for_teams:
        if match_scoring:
            raise ServiceError(
                "match_scoring: " + _("a team's match is scored by IMPs and VPs; leave it out")
            )
    elif not match_scoring:
        match_scoring = MATCH_SCORINGS[0]
    elif match_scoring not in MATCH_SCORINGS:
        raise ServiceError(
            "match_scoring: "
            + _("must be one of %(choices)s, got %(got)s")
            % {"choices": ", ".join(MATCH_SCORINGS), "got": show_value(match_scoring)}
        )
    planned = rounds if described.drawn else n - 1 + n % 2
    plays = planned * (n // 2) * (2 if described.for_teams else 1) * boards_per_match
    if plays > MAX_PLAYS:
        raise ServiceError(
            "boards_per_match: "
            + _(
                "%(rounds)d rounds of %(boards)d boards for %(n)d entrants hold %(results)s results; at most "
                "%(most)s in an event"
            )
            % {
                "rounds": planned,
                "boards": boards_per_match,
                "n": n,
                "results": grouped(plays),
                "most": grouped(MAX_PLAYS),
            }
        )
    return planned, match_scoring


@transaction.atomic
def matches_event_create(
    *,
    name: str,
    date: dt.date,
    contest: str,
    entrants: Sequence[EntrantSpec],
    boards_per_match: int,
    rounds: int = 0,
    bye_vp100: int = 1200,
    match_scoring: str = "",
    seeded: bool = False,
    site: str = "",
    rng: secrets.SystemRandom | None = None,
    schedule: bool = True,
) -> Event:
    """A round-robin league (a contest whose rounds are scheduled: every round made now by the circle method), or a Swiss
    teams or Swiss pairs (round 1 drawn now: by ``seeded`` seeds, else a secure shuffle) of ``entrants``.
    ``schedule`` False makes no round (an event file's import lays its own)."""
    name = name.strip() if isinstance(name, str) else ""
    if not name:
        raise ServiceError("name: " + _("give the event a name"))
    fits("name", name, Event, "name")
    if not isinstance(site, str):
        raise ServiceError("site: " + _("must be a text, got %(got)s") % {"got": show_value(site)})
    fits("site", site, Event, "site")
    if not isinstance(date, dt.date):
        raise ServiceError("date: " + _("must be a date, got %(got)s") % {"got": show_value(date)})
    if contest not in CHOSEN or not CHOSEN[contest].of_matches:
        choices = ", ".join(c for c, d in CHOSEN.items() if d.of_matches)
        raise ServiceError(
            "contest: "
            + _("must be one of %(choices)s, got %(got)s") % {"choices": choices, "got": show_value(contest)}
        )
    described = CHOSEN[contest]
    teams = described.for_teams
    if not isinstance(seeded, bool):
        raise ServiceError("seeded: " + _("must be true or false, got %(got)s") % {"got": show_value(seeded)})
    _check_entrants(entrants, drawn=described.drawn, teams=teams, seeded=seeded)
    planned, scoring = _settings(
        contest,
        n=len(entrants),
        boards_per_match=boards_per_match,
        rounds=rounds,
        bye_vp100=bye_vp100,
        match_scoring=match_scoring,
    )
    event = Event.objects.create(
        name=name,
        date=date,
        site=site,
        code=CONTRACT_CODE,
        kind=TEAMS if teams else "pairs",
        contest=contest,
        boards_per_match=boards_per_match,
        rounds_planned=planned,
        bye_vp100=bye_vp100,
        match_scoring=scoring,
    )
    n = len(entrants)
    section = Section.objects.create(
        event=event,
        letter="A",
        movement_kind=MovementKind.CUSTOM,
        tables=max(1, (n // 2) * (2 if teams else 1)),
        boards_per_round=boards_per_match,
    )
    team_rows = Team.objects.bulk_create(
        Team(event=event, name=e.name.strip(), seed=e.seed if seeded else None) for e in entrants
    )
    per_team = 2 if teams else 1
    pairs = [
        Pair(
            event=event,
            section=section,
            number=str(per_team * i + k + 1),
            position=per_team * i + k + 1,
            team=team,
        )
        for i, team in enumerate(team_rows)
        for k in range(per_team)
    ]
    _seat_players(pairs, entrants, teams=teams)
    Pair.objects.bulk_create(pairs)
    players_seated_once(event_id=event.pk)
    if schedule:
        _schedule(event, section, team_rows, seeded=seeded, rng=rng)
    return event


def _schedule(event: Event, section: Section, team_rows: Sequence[Team], *, seeded: bool, rng: Any) -> None:
    """A round robin's every round, or a Swiss's first."""
    pairs_of = pairs_by_team(event)
    if not contest_of(event).drawn:
        meetings = leagues.circle_schedule([t.pk for t in team_rows])
        for number in sorted({m.round for m in meetings}):
            this = [m for m in meetings if m.round == number]
            round_create(event=event, section=section, round_number=number, meetings=this, pairs_of=pairs_of)
        return
    order = sorted(team_rows, key=lambda t: (t.seed is None, t.seed or 0)) if seeded else list(team_rows)
    draw = swiss.first_draw([t.pk for t in order], seeded=seeded, rng=rng)
    round_create(
        event=event, section=section, round_number=1, meetings=_draw_meetings(draw), pairs_of=pairs_of
    )


def _draw_meetings(draw: swiss.Draw) -> list[Meeting]:
    meetings = list(draw.tables)
    if draw.bye is not None:
        meetings.append(Meeting(draw.round, 0, draw.bye, None))
    return meetings


def _locked_event(event: Event) -> Event:
    if not isinstance(event, Event) or event.pk is None:
        raise ServiceError("event: " + _("must be an event, got %(got)s") % {"got": show_value(event)})
    locked = Event.objects.select_for_update().get(pk=event.pk)
    if not contest_of(locked).of_matches:
        raise ServiceError(
            _("event %(event)d: not an event of matches (a round robin or a Swiss)") % {"event": locked.pk}
        )
    return locked


@transaction.atomic
def round_draw(*, event: Event, user: Any = None, rng: secrets.SystemRandom | None = None) -> list[Match]:
    """The Swiss's next round, drawn from the table after the last (``swiss.swiss_draw``: entrants close in the table, no
    repeat meeting while one can be avoided, the bye to the lowest not yet given one).  Refused unless the
    event is a Swiss, the last round is complete (every match has its result: its boards all played, or
    entered as a whole) and a planned round is still to draw."""
    locked = _locked_event(event)
    if not contest_of(locked).drawn:
        raise ServiceError(
            _("event %(event)d: a round robin's rounds are all made at the start; only a Swiss draws")
            % {"event": locked.pk}
        )
    last = Match.objects.filter(event=locked).aggregate(last=Max("round"))["last"] or 0
    if last >= locked.rounds_planned:
        raise ServiceError(
            _("event %(event)d: every planned round (%(rounds)d) is drawn")
            % {"event": locked.pk, "rounds": locked.rounds_planned}
        )
    results = match_results(locked, director=True)
    if last and last not in rounds_complete(results):
        missing = sum(1 for r in results if r.round == last and not r.complete)
        raise ServiceError(
            ngettext(
                "round %(round)d is not complete: %(missing)d match(es) still without a result",
                "round %(round)d is not complete: %(missing)d match(es) still without a result",
                missing,
            )
            % {"round": last, "missing": missing}
        )
    team_ids = list(Team.objects.filter(event=locked).order_by("id").values_list("pk", flat=True))
    section = Section.objects.get(event=locked)
    pairs_of = pairs_by_team(locked)
    if last == 0:
        draw = swiss.first_draw(team_ids, seeded=False, rng=rng)
    else:
        met = {frozenset((r.home, r.away)) for r in results if r.away is not None}
        byes = {r.home for r in results if r.away is None}
        ranking = standings_order(team_ids, results)
        draw = swiss.swiss_draw(ranking, met=met, byes=byes, round=last + 1)
    if draw.round != last + 1:
        draw = swiss.Draw(
            last + 1, tuple(Meeting(last + 1, m.table, m.home, m.away) for m in draw.tables), draw.bye
        )
    matches = round_create(
        event=locked, section=section, round_number=last + 1, meetings=_draw_meetings(draw), pairs_of=pairs_of
    )
    event_results_touch(event_ids=[locked.pk])
    return matches


def _round_started(event: Event, round_number: int) -> bool:
    if Match.objects.filter(event=event, round=round_number).exclude(entered="").exists():
        return True
    return Play.objects.filter(event=event, seating__round__number=round_number, entered=True).exists()


@transaction.atomic
def draw_swap(*, event: Event, round: int, first: Match, second: Match, user: Any) -> None:
    """Swap the away sides of two matches of round ``round`` before any result of the round is in (the
    director's call: a swap that repeats a meeting is allowed, and the record says so); recorded as a
    ``DrawChange``; the round's seatings and plays are laid out afresh."""
    locked = _locked_event(event)
    if not contest_of(locked).drawn:
        raise ServiceError("swap: " + _("a round robin's schedule is fixed; only a Swiss's draw is swapped"))
    _whole("round", round, 1, 99)
    rows = {m.pk: m for m in Match.objects.filter(event=locked, round=round).select_related("home", "away")}
    if not isinstance(first, Match) or not isinstance(second, Match):
        raise ServiceError("swap: " + _("give two matches"))
    if first.pk not in rows or second.pk not in rows:
        raise ServiceError(
            "swap: " + _("both matches must be of round %(round)d of this event") % {"round": round}
        )
    if first.pk == second.pk:
        raise ServiceError("swap: " + _("give two different matches"))
    a, b = rows[first.pk], rows[second.pk]
    if a.away is None or b.away is None:
        raise ServiceError("swap: " + _("a bye cannot be swapped; swap two tables' pairings"))
    if _round_started(locked, round):
        raise ServiceError(
            "swap: " + _("round %(round)d has results; a draw is changed only before play") % {"round": round}
        )
    earlier = set(
        frozenset(pair)
        for pair in Match.objects.filter(event=locked, round__lt=round, away__isnull=False).values_list(
            "home_id", "away_id"
        )
    )
    before = f"{a.home.name} v {a.away.name}, {b.home.name} v {b.away.name}"
    after = f"{a.home.name} v {b.away.name}, {b.home.name} v {a.away.name}"
    repeats = [
        f"{x.name} v {y.name}"
        for x, y in ((a.home, b.away), (b.home, a.away))
        if frozenset((x.pk, y.pk)) in earlier
    ]
    if repeats:
        after += f" (a repeat meeting: {', '.join(repeats)})"
    specs = [(a.table, a.home_id, b.away_id), (b.table, b.home_id, a.away_id)]
    Match.objects.filter(pk__in=[a.pk, b.pk]).delete()
    Match.objects.bulk_create(
        Match(event=locked, round=round, table=t, home_id=h, away_id=w) for t, h, w in specs
    )
    round_row = Round.objects.get(section__event=locked, number=round)
    Seating.objects.filter(round=round_row).delete()
    matches = list(Match.objects.filter(event=locked, round=round))
    seatings_build(
        event=locked, round_row=round_row, meetings=meetings_of(matches), pairs_of=pairs_by_team(locked)
    )
    who = getattr(user, "get_username", lambda: "")() if user is not None else ""
    DrawChange.objects.create(
        event=locked,
        round=round,
        user=user if getattr(user, "pk", None) else None,
        who=who[:150],
        before=before[:400],
        after=after[:400],
    )
    event_results_touch(event_ids=[locked.pk])


def vp100_of(value: object, field: str) -> int:
    """VPs given as a number of at most two decimals from 0 to 20 (an int, a Fraction, or a decimal's text or
    ``Decimal``: "12.5"), in hundredths (exact: no float)."""
    wrong = ServiceError(
        f"{field}: "
        + _("must be a number of VPs from 0 to %(high)d of at most two decimals, got %(got)s")
        % {"high": VP_MAX, "got": show_value(value)}
    )
    if isinstance(value, bool | float):
        raise ServiceError(
            f"{field}: "
            + _('give VPs as a whole number or a decimal text ("12.5"), got %(got)s')
            % {"got": show_value(value)}
        )
    if isinstance(value, str | Decimal):
        text = str(value).strip()
        if not VP_TEXT.fullmatch(text):  # no exponent, no NaN: checked before any arithmetic
            raise wrong
        value = Fraction(text)
    if not isinstance(value, int | Fraction):
        raise wrong
    hundredths = Fraction(value) * 100
    if hundredths.denominator != 1 or not 0 <= hundredths <= VP_MAX * 100:
        raise wrong
    return int(hundredths)


@transaction.atomic
def match_result_save(
    *, match: Match, entered: str, home: object = None, away: object = None, user: Any = None
) -> Match:
    """A match's result entered as a whole by the director, when its boards were scored elsewhere: ``entered``
    "imps" (each side's IMPs, whole numbers from 0 to 9999, converted to VPs by the WBF 2013 scale for the
    event's boards per match) or "vps" (each side's VPs, 0 to 20 of at most two decimals; a bye takes its
    home VPs only); "" returns the match to its boards (a bye to the event's bye VPs)."""
    if not isinstance(match, Match) or match.pk is None:
        raise ServiceError("match: " + _("must be a match, got %(got)s") % {"got": show_value(match)})
    # The event first, as round_draw takes it: a result cleared while the next round is drawn waits for the
    # draw (or the draw for it), never letting a round be drawn on an incomplete one.
    event = _locked_event(match.event)
    locked = Match.objects.select_for_update().get(pk=match.pk)
    if entered not in Entered.values:
        raise ServiceError(
            "entered: "
            + _("must be one of imps, vps or blank (its boards), got %(got)s") % {"got": show_value(entered)}
        )
    bye = locked.away_id is None
    fields: dict[str, Any] = {"home_imps": None, "away_imps": None, "home_vp100": None, "away_vp100": None}
    if entered == Entered.IMPS:
        if bye:
            raise ServiceError("entered: " + _("a bye has no IMPs; give its VPs"))
        h = _whole("home IMPs", home, 0, MATCH_IMPS_MAX)
        a = _whole("away IMPs", away, 0, MATCH_IMPS_MAX)
        fields.update(
            home_imps=h,
            away_imps=a,
            home_vp100=int(team_vps(h - a, event.boards_per_match) * 100),
            away_vp100=int(team_vps(a - h, event.boards_per_match) * 100),
        )
    elif entered == Entered.VPS:
        fields["home_vp100"] = vp100_of(home, "home VPs")
        if bye:
            if away not in (None, ""):
                raise ServiceError("away VPs: " + _("a bye has no away side; give the home VPs only"))
        else:
            fields["away_vp100"] = vp100_of(away, "away VPs")
    elif home not in (None, "") or away not in (None, ""):
        raise ServiceError("entered: " + _("blank returns the match to its boards; give no figures"))
    for key, value in fields.items():
        setattr(locked, key, value)
    locked.entered = entered
    locked.save(update_fields=[*fields, "entered", "updated_at"])
    if not bye:
        (match_plays_set_aside if entered else match_plays_restore)(event=event, match=locked)
    event_results_touch(event_ids=[event.pk])
    return locked
