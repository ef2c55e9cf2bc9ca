"""Turning an entered result into the values stored on a Play row (scored once, by the pure engine).

A result is the event file's (and the scoring CLI's) shape: ``contract``/``declarer``/``tricks`` with optional
``honours``, ``revokes``, ``penalties`` and ``one_spade_limit``; ``tricks_ns`` (won in play) and ``revokes``
(``{"ns": 1, "ew": 0}``, whist law 30) for whist; or a law B(3)
``ruling`` ("average", or "low-high" with the ``offending`` side), whose score depends on the other tables and is
worked out by the standings, not stored. Contract bridge (law 77) scores with the board's vulnerability; its
director's rulings are law 12C2's artificial adjusted scores ("A60/40": N-S 60%, E-W 40% of the top).

The result service: law E's checks and the one version-guarded write of a result.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from django.db import models, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from duplicate.contests import is_contract
from duplicate.models import (
    ARTIFICIAL_RULINGS,
    ENTERED_FIELDS,
    Board,
    Event,
    EventStatus,
    Play,
    PlayChange,
    Round,
    agreement_law,
)
from duplicate.services.errors import ServiceError
from duplicate.services.standings import event_standings_publish
from scoring import ScoringError, WhistRevokes, parse_request
from scoring.contract import Seat
from scoring.deal import Deal
from scoring.errors import show_value
from scoring.law77 import board_vulnerability as law77_board_vulnerability
from scoring.leads import check_lead, parse_lead
from scoring.pbn import hands_known, known_hands

RULING_KEYS = frozenset({"ruling", "offending"})
RULINGS = ("average", "low-high")
CLEAR_FORBIDDEN = gettext_noop(
    "Only the director clears a result (no result at all); a table link enters and corrects its own results."
)
#: Why a table link writes nothing once the director has finished the event (Finish releases every board:
#: a table that has not played one could read its hands and the other tables' results).
EVENT_FINISHED = gettext_noop(
    "The event is finished: ask the director (once an event is finished, only the director corrects its "
    "results, with a reason)."
)

RESULT_KEYS = frozenset(ENTERED_FIELDS) - RULING_KEYS
#: The opening lead (contract bridge): stored with the result, no part of its score.
LEAD_KEY = "lead"


class ResultError(ValueError):
    """A result that cannot be scored; the message names the field."""


def blank_fields() -> dict[str, Any]:
    """The values of a Play with no result."""
    return {
        "entered": False,
        "contract": "",
        "declarer": "",
        "tricks": None,
        "tricks_ns": None,
        "honours": None,
        "revokes": None,
        "penalties": [],
        "one_spade_limit": False,
        "lead": "",
        "ruling": "",
        "offending": "",
        "ns_trick": 0,
        "ns_honour": 0,
        "ns_total": 0,
        "ew_trick": 0,
        "ew_honour": 0,
        "ew_total": 0,
        "net_ns": 0,
        "items": [],
    }


def board_vulnerability(board: Board) -> str:
    """The board's vulnerability in PBN's words: as stored, or the board number's standard cycle (law 2)."""
    return law77_board_vulnerability(board.number, board.vulnerability).value


def result_fields(
    *,
    code: str,
    deal: str | Deal,
    data: Mapping[str, Any],
    vulnerability: str = "",
    lead_hands: bool = True,
) -> dict[str, Any]:
    """Validate and score one result; return the Play field values. Raises ResultError naming the field.
    ``deal``: the board's as stored, or already read (a ``Deal``: its four hands known), as an import of
    many results of a board gives it; ``vulnerability`` (PBN's words) is the board's, for contract bridge
    (law 77). ``lead_hands``: the opening lead is checked against the board's hands (False: read only, for a
    table's link while the board is in play: :func:`lead_checked_against_hands`)."""
    unknown = set(data) - RESULT_KEYS - RULING_KEYS - {LEAD_KEY}
    if unknown:
        raise ResultError(f"{sorted(unknown)[0]}: " + _("not a field of a result"))
    fields = blank_fields()
    fields["entered"] = True
    ruling = data.get("ruling") or ""
    if ruling:
        # Duplicate law B(3): the score comes from the other tables' results on the deal; contract bridge's
        # law 12C2: an artificial adjusted score, a percentage of the top for each side.
        allowed = ARTIFICIAL_RULINGS if is_contract(code) else RULINGS
        if ruling not in allowed:
            raise ResultError(
                "ruling: "
                + _("must be one of %(choices)s, got %(got)s")
                % {"choices": ", ".join(allowed), "got": repr(ruling)}
            )
        extra = set(data) & (RESULT_KEYS | {LEAD_KEY})
        if extra:
            raise ResultError(
                f"{sorted(extra)[0]}: "
                + _("a result given by ruling has no %(field)s") % {"field": sorted(extra)[0]}
            )
        offending = data.get("offending") or ""
        if ruling == "low-high":
            if offending not in ("NS", "EW"):
                raise ResultError(
                    "offending: "
                    + _("must be NS or EW for a low-high ruling, got %(got)s") % {"got": repr(offending)}
                )
        elif offending:
            raise ResultError("offending: " + _("only a low-high ruling names the offending side"))
        fields.update(ruling=ruling, offending=offending)
        return fields
    if data.get("offending"):
        raise ResultError("offending: " + _("only a low-high ruling names the offending side"))
    request: dict[str, Any] = {"code": code, **{k: v for k, v in data.items() if k in RESULT_KEYS}}
    if is_contract(code):  # law 77: no honours at duplicate; the board's vulnerability scores it
        if not vulnerability:
            raise ResultError(
                "vulnerability: " + _("the board's vulnerability is needed to score contract bridge")
            )
        request["vulnerability"] = vulnerability
    elif (isinstance(deal, Deal) or hands_known(deal)) and code != "whist":  # partly unknown: the entry's
        request["deal"] = deal
    try:
        parsed = parse_request(request)
        score = parsed.score()
        lead = _lead(data.get(LEAD_KEY), code=code, declarer=parsed.declarer, deal=deal if lead_hands else "")
    except ScoringError as exc:
        raise ResultError(str(exc)) from None
    whist = code == "whist"
    revokes = data.get("revokes") or None
    if whist:  # stored whole, by side ({"ns": 1, "ew": 0}); none when no side revoked
        counted = parsed.revokes
        revokes = (
            {"ns": counted.ns, "ew": counted.ew}
            if isinstance(counted, WhistRevokes) and counted.any
            else None
        )
    fields.update(
        contract="" if whist else (str(parsed.contract) if parsed.contract is not None else "PASS"),
        declarer=parsed.declarer.value if parsed.declarer is not None else "",
        tricks=parsed.tricks,
        tricks_ns=parsed.tricks_ns,
        honours=data.get("honours") or None,
        revokes=revokes,
        penalties=list(data.get("penalties") or []),
        one_spade_limit=bool(data.get("one_spade_limit")),
        lead=lead,
        ns_trick=score.ns.trick,
        ns_honour=score.ns.honour,
        ns_total=score.ns.total,
        ew_trick=score.ew.trick,
        ew_honour=score.ew.honour,
        ew_total=score.ew.total,
        net_ns=score.net_ns,
        items=score.to_dict()["items"],
    )
    return fields


def lead_checked_against_hands(play: Play, *, director: bool) -> bool:
    """Whether a lead entered for ``play`` is checked against the board's hands: always for the director;
    for a table's link only once the board is released (every table has a result on it, or the event is
    finished). Before, "HQ is in East's hand" would tell a player where a card lies before the table has
    played the board: no peeking (docs/laws.md, law 41A). One query for a table's link, none for the director."""
    if director or play.event.status == EventStatus.COMPLETE:
        return True
    return not Play.objects.filter(board_id=play.board_id, entered=False).exists()


def _lead(value: Any, *, code: str, declarer: Seat | None, deal: str | Deal) -> str:
    """The opening lead given (contract bridge only; "" when none): read, and checked against the leader's
    hand as far as the board's hands are known (law 41A)."""
    if value is None or value == "":
        return ""
    if not is_contract(code):
        raise ScoringError(LEAD_KEY, _("only contract bridge events record the opening lead"))
    if not isinstance(value, str):
        raise ScoringError(LEAD_KEY, _("must be a card such as HQ, got %(got)s") % {"got": show_value(value)})
    hands = deal.hands if isinstance(deal, Deal) else known_hands(deal) if deal else ()
    return check_lead(parse_lead(value), declarer=declarer, hands=hands)


class EnteredResult(Protocol):
    """What a result is read from: a Play, or a play's plain row with the same names
    (``selectors.events.PlayRow``, what the event file of a big event is written from)."""

    @property
    def entered(self) -> bool: ...
    @property
    def contract(self) -> str: ...
    @property
    def declarer(self) -> str: ...
    @property
    def tricks(self) -> int | None: ...
    @property
    def tricks_ns(self) -> int | None: ...
    @property
    def honours(self) -> Any: ...
    @property
    def revokes(self) -> Any: ...
    @property
    def penalties(self) -> Any: ...
    @property
    def one_spade_limit(self) -> bool: ...
    @property
    def lead(self) -> str: ...
    @property
    def ruling(self) -> str: ...
    @property
    def offending(self) -> str: ...


def play_result_data(play: EnteredResult) -> dict[str, Any] | None:
    """A Play's result in the event file's shape (None when nothing is entered)."""
    if not play.entered:
        return None
    if play.ruling:
        out: dict[str, Any] = {"ruling": play.ruling}
        if play.offending:
            out["offending"] = play.offending
        return out
    if play.tricks_ns is not None and not play.contract:
        out = {"tricks_ns": play.tricks_ns}
        if play.revokes:
            out["revokes"] = play.revokes
        return out
    out = {"contract": play.contract}
    if play.contract != "PASS":
        out.update(declarer=play.declarer, tricks=play.tricks)
    if play.honours:
        out["honours"] = play.honours
    if play.revokes:
        out["revokes"] = play.revokes
    if play.penalties:
        out["penalties"] = play.penalties
    if play.one_spade_limit:
        out["one_spade_limit"] = True
    if play.lead:
        out[LEAD_KEY] = play.lead
    return out


class ConflictError(ServiceError):
    """The result changed since the form was loaded; nothing was overwritten."""

    def __init__(self, message: str, *, current: Play) -> None:
        super().__init__(message)
        self.current = current


class PermissionDenied(ServiceError):
    """The writer may not make this change (law E: after agreement only a director corrects)."""


@dataclass(frozen=True, slots=True)
class Writer:
    """Who is writing: a director (staff user) or the players of one table holding its token."""

    name: str
    is_director: bool
    user_id: int | None = None


@transaction.atomic
def play_result_save(
    *,
    play: Play,
    data: Mapping[str, Any] | None,
    writer: Writer,
    expected_version: int,
    reason: str = "",
    honours_as_given: bool = False,
    side: str = "",
) -> Play:
    """Enter, correct or clear (data=None) the result of one Play.

    Law E: "score errors may be corrected until the scores for the deals played before changing opponents are
    made up and agreed"; after the round is agreed only a director corrects, and must give a reason. Rulings
    (law B(3)) and penalties (law F, 54, 81, 90) are the director's. Optimistic concurrency: the write
    succeeds only if the stored version is still ``expected_version``. ``honours_as_given`` (a director's,
    for the undo of a "hands replaced" correction) scores the honours in ``data`` without checking them
    against the board's hands: the table's result as it was scored before the hands were replaced.
    ``side`` ("NS", "EW"): the side of a table link's players who entered it, where the event has the
    opponents confirm each result (``services.confirm``); a director's result is stored as nobody's ("").
    """
    # The play's row and its round's, in one statement (PostgreSQL takes them in that order): round_agree locks
    # the same round row, so agreeing a round and saving a result in it run one after the other (this save
    # lands before the agreement, or reads it below and is refused). No writer locks a round and then a play.
    locked = list(
        Play.objects.select_related("event", "board", "seating__round")
        .select_for_update(of=("self", "seating__round"))
        .filter(pk=play.pk)
        .order_by()
    )
    if not locked:
        raise Play.DoesNotExist("Play matching query does not exist.")
    play = locked[0]
    change = result_apply(
        play=play,
        data=data,
        writer=writer,
        expected_version=expected_version,
        reason=reason,
        honours_as_given=honours_as_given,
        side=side,
    )
    if change is not None:
        change.save()
        # A table's save lands only while the event is not finished, read again as the event's row is
        # written (a Finish committed since the play was read, or being committed, is seen here: the
        # update waits for its lock and matches no row); refused, the transaction writes nothing.
        if not results_touch(
            event_id=play.event_id, board_ids=[play.board_id], unless_finished=not writer.is_director
        ):
            raise PermissionDenied(_(EVENT_FINISHED))
        if play.event.status == EventStatus.COMPLETE:  # a director's correction of a finished event
            event_standings_publish(event=play.event)
    return play


@dataclass(frozen=True, slots=True)
class BoardLine:
    """One table's line of a board's paper traveller: the result typed (None: none), the version the page
    was loaded with, and the reason for a correction (law E / law 79)."""

    play: Play
    data: Mapping[str, Any] | None
    expected_version: int
    reason: str = ""


class BoardLinesError(ServiceError):
    """Some lines of a board were refused: nothing of the board was saved. ``refused`` maps each refused
    line's play id to its error (a ``ConflictError`` carries the line as stored now)."""

    def __init__(self, refused: dict[int, ServiceError]) -> None:
        lines = len(refused)
        super().__init__(
            ngettext(
                "%(n)d line not saved: nothing of the board was saved",
                "%(n)d lines not saved: nothing of the board was saved",
                lines,
            )
            % {"n": lines}
        )
        self.refused = refused


@transaction.atomic
def board_results_save(*, lines: Sequence[BoardLine], writer: Writer) -> list[Play]:
    """Save a board's lines from its paper traveller, all or nothing: each through :func:`play_result_save`
    (its version check, law E / law 79's rules and its history), in one transaction. Raises
    :class:`BoardLinesError` naming every refused line; then nothing is saved."""
    if len({line.play.pk for line in lines}) != len(lines):
        raise ServiceError("lines: " + _("a table's line is given twice"))
    refused: dict[int, ServiceError] = {}
    saved: list[Play] = []
    for line in lines:
        try:
            with transaction.atomic():
                saved.append(
                    play_result_save(
                        play=line.play,
                        data=line.data,
                        writer=writer,
                        expected_version=line.expected_version,
                        reason=line.reason,
                    )
                )
        except ServiceError as exc:
            refused[line.play.pk] = exc
    if refused:
        raise BoardLinesError(refused)
    return saved


def result_apply(
    *,
    play: Play,
    data: Mapping[str, Any] | None,
    writer: Writer,
    expected_version: int,
    reason: str,
    before: Mapping[str, Any] | None = None,
    honours_as_given: bool = False,
    side: str = "",
) -> PlayChange | None:
    """The one path a result is written by: law E's checks, the scoring and the version-guarded write of a
    row the caller has locked. Returns the history row for the caller to store (None: nothing changed); the
    caller also bumps the results version (once for a batch). ``before``: the result as it stood, when the
    stored fields do not say it all (honours derived from hands being replaced). ``side``: who of the table
    entered it (law 79: a changed result waits for the other side's confirmation again; a director's
    waits for none)."""

    finished = play.event.status == EventStatus.COMPLETE
    if finished and not writer.is_director:
        raise PermissionDenied(_(EVENT_FINISHED))
    if play.version != expected_version:
        raise ConflictError(
            _(
                "This result was changed on another device while you were entering it; the stored result is "
                "shown below. Check it and save again if yours is right."
            ),
            current=play,
        )
    agreed = play.seating.round.agreed_at is not None
    reason = reason.strip()
    if agreed and not writer.is_director:
        raise PermissionDenied(round_agreed_message(play.seating.round.number, code=play.event.code))
    if play.table_saw_at is not None and not writer.is_director:
        raise PermissionDenied(
            _(
                "This table has seen board %(number)d's traveller, so its result there stands: only the "
                "director can change it now."
            )
            % {"number": play.board.number}
        )
    if agreed and play.entered and not reason:
        raise ServiceError(
            "reason: "
            + _("a correction after the scores are agreed (%(law)s) needs a reason")
            % {"law": _(agreement_law(play.event.code))}
        )
    if finished and play.entered and not reason:
        raise ServiceError("reason: " + _("a correction after the event is finished needs a reason"))
    if data is None and not writer.is_director:  # a table corrects its result; it never leaves none
        raise PermissionDenied(_(CLEAR_FORBIDDEN))
    if data is not None and not writer.is_director and (data.get("ruling") or data.get("penalties")):
        raise PermissionDenied(_("Only the director gives rulings and penalty points."))
    if honours_as_given and not writer.is_director:
        raise PermissionDenied(_("Only the director scores honours other than the board's hands give."))
    if side not in ("", "NS", "EW"):
        raise ServiceError(
            "entered_by: " + _("must be NS or EW, got %(got)s") % {"got": repr(str(side)[:10])}
        )
    try:
        fields = (
            blank_fields()
            if data is None
            else result_fields(
                code=play.event.code,
                deal="" if honours_as_given else play.board.deal,
                data=data,
                vulnerability=board_vulnerability(play.board),
                lead_hands=not data.get(LEAD_KEY)
                or lead_checked_against_hands(play, director=writer.is_director),
            )
        )
    except ResultError as exc:
        raise ServiceError(str(exc)) from None
    before = play_result_data(play) if before is None else dict(before)
    for name, value in fields.items():
        setattr(play, name, value)
    after = play_result_data(play)
    if before == after:
        return None
    # update() does not reach auto_now: the time of the change is written with it.
    play.updated_at = timezone.now()
    # Whoever entered a changed result, it is not confirmed (law 79): by a table's side it waits for the
    # other side; by a director, for nobody.
    play.entered_by, play.confirmed_at = ("" if writer.is_director or data is None else side), None
    updated = Play.objects.filter(pk=play.pk, version=expected_version).update(
        version=expected_version + 1,
        updated_at=play.updated_at,
        entered_by=play.entered_by,
        confirmed_at=None,
        **fields,
    )
    if updated != 1:  # pragma: no cover - guarded by the row lock above; kept for databases without one
        raise ConflictError(
            _("This result was changed on another device."), current=Play.objects.get(pk=play.pk)
        )
    play.version = expected_version + 1
    return PlayChange(
        play=play, user_id=writer.user_id, who=writer.name, before=before, after=after, reason=reason
    )


def results_touch(
    *, event_id: int, board_ids: Sequence[int] | None = None, unless_finished: bool = False
) -> bool:
    """One bump of the results version for a write of results (a running event from then on): the
    event's, and that of the boards given (every board of the event's when none are). ``unless_finished``:
    none when the event is finished (False returned: the caller refuses its write)."""
    events = Event.objects.filter(pk=event_id)
    if unless_finished:
        events = events.exclude(status=EventStatus.COMPLETE)
    touched = events.update(
        results_version=F("results_version") + 1,
        status=models.Case(
            models.When(status=EventStatus.SETUP, then=models.Value(EventStatus.RUNNING)),
            default=F("status"),
        ),
    )
    if touched:
        boards_touch(event_ids=[event_id], board_ids=board_ids)
    return bool(touched)


def event_lock(*, event_id: int) -> None:
    """Lock the event's row until the transaction ends (PostgreSQL): taken before any board's row, as a
    result's save takes them (its play and round, the event, its board), so two writes never wait on each
    other's rows."""
    list(Event.objects.select_for_update().filter(pk=event_id).values_list("pk", flat=True))


def boards_touch(*, event_ids: Sequence[int], board_ids: Sequence[int] | None = None) -> None:
    """Bump the results version of the boards given, or of every board of the events: what their
    travellers show changed."""
    if board_ids is not None:
        boards = Board.objects.filter(pk__in=list(board_ids))
    else:
        boards = Board.objects.filter(event_id__in=list(event_ids))
    boards.update(results_version=F("results_version") + 1)


def event_results_touch(*, event_ids: Sequence[int]) -> None:
    """Bump the events' results version and their boards': what the pages show besides the results changed
    (a name). The cached pages are kept with these versions, so the next read sees the change."""
    Event.objects.filter(pk__in=list(event_ids)).update(results_version=F("results_version") + 1)
    boards_touch(event_ids=event_ids)


def round_agreed_message(number: int, *, code: str) -> str:
    """Why a table link may no longer write in round ``number`` of an event scored by ``code`` (law E)."""
    return _(
        "Round %(n)d agreed: ask the director (%(law)s: once a round's scores are agreed, only the director "
        "corrects them)."
    ) % {"n": number, "law": _(agreement_law(code))}


def _round_lock(rounds: models.QuerySet[Round]) -> None:
    """Lock the rounds' rows until the transaction ends (PostgreSQL; SQLite writes one at a time anyway)."""
    list(rounds.select_for_update(of=("self",)).order_by("pk").values_list("pk", flat=True))


@transaction.atomic
def round_agree(*, round: Round, user_id: int | None, agreed: bool = True) -> Round:
    """Mark a round's scores made up and agreed (law E), or open them again (a director's decision).

    The round's row is locked first, as ``play_result_save`` locks it (after its play's, in one statement): a
    result being saved in the round is in before the agreement's time is taken, and one saved after reads the
    agreement and is refused.  No play is locked here."""
    _round_lock(Round.objects.filter(pk=round.pk))
    round.agreed_at = timezone.now() if agreed else None
    round.agreed_by_id = user_id if agreed else None
    round.save(update_fields=["agreed_at", "agreed_by"])
    Event.objects.filter(pk=round.section.event_id).update(results_version=F("results_version") + 1)
    # The travellers of the boards played in the round show whether its scores are agreed.
    played = Play.objects.filter(seating__round=round).values_list("board_id", flat=True).distinct()
    boards_touch(event_ids=[round.section.event_id], board_ids=list(played))
    return round
