"""The boards' hands: previewed, replaced (rescoring the results they change), dealt (PBN: hands_import)."""

from __future__ import annotations

import copy
import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypedDict

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from duplicate.contests import is_contract
from duplicate.models import (
    SCORE_FIELDS,
    Board,
    Event,
    EventStatus,
    Play,
    PlayChange,
)
from duplicate.services.analyses import deal_analyses_start
from duplicate.services.errors import ServiceError
from duplicate.services.results import (
    PermissionDenied,
    ResultError,
    Writer,
    board_vulnerability,
    event_lock,
    play_result_data,
    result_apply,
    result_fields,
    results_touch,
)
from duplicate.services.standings import event_standings_publish
from scoring.codes import ScoringCode
from scoring.contract import Contract
from scoring.deal import Deal
from scoring.errors import ScoringError
from scoring.law77 import parse_vulnerability
from scoring.pbn import SEATS, PbnError, canonical_deal, hands_known

#: A file's Site is cut to the length of the event's.
SITE_LENGTH = Event._meta.get_field("site").max_length or 200

#: The reason law E's history gives a result rescored because its board's hands were replaced.
HANDS_REPLACED = "hands replaced"


@dataclass(frozen=True, slots=True)
class HandsChange:
    """One result whose score new hands change (laws 5, 6: honours go to their holders): before and after."""

    play: int  # the Play's key
    version: int  # its version when read (a confirmation is refused if it has moved on)
    board: int
    section: str
    table: int
    round: int
    agreed: bool  # law E: the round's scores are agreed, so only a director corrects, with a reason
    ns: str
    ew: str
    net_before: int
    net_after: int
    honours_before: str  # the honours item, "N-S 72" or "none"
    honours_after: str
    before: dict[str, Any]  # the result as it stood, with the honours it was scored with
    after: dict[str, Any]  # the same result with the honours the new hands give


@dataclass(frozen=True, slots=True)
class HandsPreview:
    """What attaching ``deals`` would do: the boards whose hands change and the results whose score does."""

    deals: dict[int, str]  # every deal given, in canonical PBN (unknown hands "-")
    boards: tuple[int, ...]  # the boards whose hands or dealer change
    changes: tuple[HandsChange, ...]
    dealers: dict[int, str] = field(default_factory=dict)  # the dealers given (a PBN file's Dealer)
    vulnerable: dict[int, str] = field(default_factory=dict)  # the vulnerability given, PBN's words (law 77)
    site: str = ""  # a PBN file's Site: fills the event's where it has none

    @property
    def versions(self) -> dict[int, int]:
        """Each changed result's version as read: what a confirmation must still find."""
        return {c.play: c.version for c in self.changes}


@dataclass(frozen=True, slots=True)
class HandsAttached:
    """What ``board_deals_set`` changed: the boards (by number) whose hands or dealer changed, those whose
    vulnerability was stored (the file's word where the board had another, or the cycle's), and the site it
    gave the event ("" when none)."""

    hands: tuple[int, ...] = ()
    dealers: tuple[int, ...] = ()
    vulnerability: tuple[int, ...] = ()
    site: str = ""

    @property
    def boards(self) -> int:
        """How many boards changed, in any way."""
        return len({*self.hands, *self.dealers, *self.vulnerability})

    def summary(self) -> str:
        """What changed, in one sentence: "Hands attached to 6 boards; the vulnerability set on 2 boards"."""
        parts: list[str] = []
        if self.hands:
            n = len(self.hands)
            parts.append(
                ngettext("hands attached to %(n)d board", "hands attached to %(n)d boards", n) % {"n": n}
            )
        if self.dealers:
            n = len(self.dealers)
            parts.append(
                ngettext("the dealer changed on %(n)d board", "the dealer changed on %(n)d boards", n)
                % {"n": n}
            )
        if self.vulnerability:
            n = len(self.vulnerability)
            parts.append(
                ngettext("the vulnerability set on %(n)d board", "the vulnerability set on %(n)d boards", n)
                % {"n": n}
            )
        if self.site:
            parts.append(_("the event's site set to %(site)s") % {"site": self.site})
        text = "; ".join(parts) or _("no board changed: each already had what was given")
        return f"{text[0].upper()}{text[1:]}."


class HandsGiven(TypedDict):
    """What a director gives the boards (a PBN file, pasted text, random hands), for ``board_deals_preview``
    and ``board_deals_set`` as keywords."""

    deals: dict[int, str]
    dealers: dict[int, str]
    vulnerable: dict[int, str]  # PBN's words, as a file's Vulnerable gives them
    site: str


class HandsStale(ServiceError):
    """The results changed between the preview and the confirmation; ``preview`` is what applies now."""

    def __init__(self, message: str, *, preview: HandsPreview) -> None:
        super().__init__(message)
        self.preview = preview


def _honours_of(deal: str, contract: str, code: str) -> dict[str, Any] | None:
    """The honours ``deal`` gives at ``contract``'s strain (laws 5, 6), in a result's shape; None: none."""

    if not hands_known(deal) or not contract or contract == "PASS":
        return None
    held = Deal.parse_pbn(deal).honours(Contract.parse(contract, ScoringCode(code)).strain)
    if held is None:
        return None
    return {"side": held.side.value, "count": held.count, "in_one_hand": held.in_one_hand}


def _honours_item(items: Sequence[Mapping[str, Any]]) -> str:
    for item in items:
        if item.get("kind") == "honours":
            return f"{'N-S' if item.get('side') == 'NS' else 'E-W'} {item.get('points')}"
    return "none"


def _checked(
    boards: Mapping[int, Board], deals: Mapping[int, str], dealers: Mapping[int, str]
) -> tuple[dict[int, str], dict[int, str]]:
    """The deals in canonical PBN and the dealers, each board checked (a ServiceError names the board)."""
    parsed: dict[int, str] = {}
    for number, text in deals.items():
        if number not in boards:
            raise ServiceError(_("board %(number)s: the event has no such board") % {"number": number})
        try:
            parsed[number] = canonical_deal(text, _("board %(number)s") % {"number": number})
        except PbnError as exc:
            raise ServiceError(str(exc)) from None
        if hands_known(boards[number].deal) and not hands_known(parsed[number]):
            raise ServiceError(
                _("board %(number)s: it has all four hands; hands partly unknown do not replace them")
                % {"number": number}
            )
    for number, seat in dealers.items():
        if number not in boards or seat not in SEATS or len(seat) != 1:
            raise ServiceError(
                _("board %(number)s: dealer must be N, E, S or W of a board of the event")
                % {"number": number}
            )
    return parsed, dict(dealers)


def _vulnerability_words(boards: Mapping[int, Board], vulnerable: Mapping[int, str]) -> dict[int, str]:
    """The vulnerability given, in PBN's words ("" for the board number's standard cycle), each board checked
    (a ServiceError names the board)."""
    words = {}
    for number, value in vulnerable.items():
        if number not in boards:
            raise ServiceError(_("board %(number)s: the event has no such board") % {"number": number})
        try:
            words[number] = parse_vulnerability(value).value if value else ""
        except ScoringError as exc:
            raise ServiceError(
                _("board %(number)s: %(problem)s") % {"number": number, "problem": exc}
            ) from None
    return words


def _vulnerability_moved(event: Event, boards: Iterable[Board], words: Mapping[int, str]) -> dict[int, str]:
    """The boards whose vulnerability ``words`` changes. Refused (a ServiceError naming the boards) when a
    contract event's results already in would score otherwise (law 77): results are never rescored silently;
    the director corrects those results first (law E), or the file. A read: one query at most."""
    moved = {b.pk: b for b in boards if b.number in words and b.vulnerability != words[b.number]}
    if moved and is_contract(event.code):
        plays = Play.objects.filter(board_id__in=list(moved), entered=True, ruling="").order_by()
        rescored = sorted(
            {moved[p.board_id].number for p in plays if _rescored(event, moved[p.board_id], p, words)}
        )
        if rescored:
            raise ServiceError(
                _(
                    "board %(boards)s: the new vulnerability would change results already in; nothing changed "
                    "(correct those results first, or the file)"
                )
                % {"boards": ", ".join(map(str, rescored))}
            )
    return {b.number: words[b.number] for b in moved.values()}


def _hands_preview(
    *,
    event: Event,
    deals: Mapping[int, str],
    lock: bool,
    dealers: Mapping[int, str] | None = None,
    vulnerable: Mapping[int, str] | None = None,
    site: str = "",
) -> tuple[HandsPreview, dict[int, Play]]:
    """The preview and the changed results' rows (locked for the write when ``lock``). Two queries, and one
    for a contract event's results when the vulnerability changes (checked here for a read only: the write
    checks it under the event's lock)."""

    boards = {b.number: b for b in event.boards.all()}
    parsed, seats = _checked(boards, deals, dealers or {})
    words = _vulnerability_words(boards, vulnerable or {})
    if not lock:
        _vulnerability_moved(event, boards.values(), words)
    given: dict[str, Any] = {"dealers": seats, "vulnerable": words, "site": site.strip()[:SITE_LENGTH]}
    changed = sorted(n for n in parsed if boards[n].deal != parsed[n])
    touched = sorted({*changed, *(n for n, s in seats.items() if boards[n].dealer != s)})
    # Whist scores tricks only, contract bridge at duplicate has no honours (law 77): new hands move no score.
    if not changed or event.code == ScoringCode.WHIST.value or is_contract(event.code):
        return HandsPreview(deals=parsed, boards=tuple(touched), changes=(), **given), {}
    by_id = {boards[n].pk: boards[n] for n in changed}
    plays = Play.objects.filter(board_id__in=list(by_id), entered=True, ruling="").select_related(
        "seating__round__section", "ns_pair", "ew_pair"
    )
    if lock:
        plays = plays.select_for_update(of=("self",))
    changes: list[HandsChange] = []
    rows: dict[int, Play] = {}
    for play in plays.order_by():
        board = by_id[play.board_id]
        data = play_result_data(play) or {}
        contract = str(data.get("contract", ""))
        # As it stood: honours as the table gave them, else as the old hands gave them.
        before = dict(data)
        if "honours" not in before:
            held = _honours_of(board.deal, contract, event.code)
            if held is not None:
                before["honours"] = held
        if hands_known(parsed[board.number]):
            after = {k: v for k, v in data.items() if k != "honours"}
            held = _honours_of(parsed[board.number], contract, event.code)
            if held is not None:
                after["honours"] = held
        else:
            # Hands partly unknown: honours cannot come from them, so they stay as they stood (the
            # entry's, or those the old hands gave) and the score does not move (laws 5, 6).
            after = before
        try:
            fields = result_fields(code=event.code, deal=parsed[board.number], data=after)
        except ResultError as exc:
            table = play.seating.table
            raise ServiceError(
                _("board %(number)s, table %(table)s: the new hands: %(problem)s")
                % {"number": board.number, "table": table, "problem": exc}
            ) from None
        if (fields["net_ns"], fields["ns_total"], fields["ew_total"], fields["items"]) == (
            play.net_ns,
            play.ns_total,
            play.ew_total,
            play.items,
        ):
            continue  # the same score: nothing to correct
        seating = play.seating
        changes.append(
            HandsChange(
                play=play.pk,
                version=play.version,
                board=board.number,
                section=seating.round.section.letter,
                table=seating.table,
                round=seating.round.number,
                agreed=seating.round.agreed_at is not None,
                ns=play.ns_pair.number,
                ew=play.ew_pair.number,
                net_before=play.net_ns,
                net_after=fields["net_ns"],
                honours_before=_honours_item(play.items),
                honours_after=_honours_item(fields["items"]),
                before=before,
                after=after,
            )
        )
        rows[play.pk] = play
    changes.sort(key=lambda c: (c.board, c.section, c.round, c.table))
    return HandsPreview(deals=parsed, boards=tuple(touched), changes=tuple(changes), **given), rows


def board_deals_preview(
    *,
    event: Event,
    deals: Mapping[int, str],
    dealers: Mapping[int, str] | None = None,
    vulnerable: Mapping[int, str] | None = None,
    site: str = "",
) -> HandsPreview:
    """A read (no writes): what attaching ``deals`` would change. Every deal is checked (ServiceError naming
    the board); for each entered result on a board whose hands change, the score the new hands give (their
    honours, laws 5 and 6), listed when it differs from the stored one. A vulnerability that would rescore a
    contract event's results is refused here already (law 77). At most three queries whatever the event's
    size."""
    return _hands_preview(
        event=event, deals=deals, lock=False, dealers=dealers, vulnerable=vulnerable, site=site
    )[0]


@transaction.atomic
def board_deals_set(
    *,
    event: Event,
    deals: Mapping[int, str],
    writer: Writer | None = None,
    expected: Mapping[int, int] | None = None,
    dealers: Mapping[int, str] | None = None,
    vulnerable: Mapping[int, str] | None = None,
    site: str = "",
) -> HandsAttached:
    """Attach or replace hands (PBN); every deal is checked before any is stored. Returns what changed.

    Honours come from the hands, so new hands can change results already in. Those results are corrected
    through the result service (law E: the director only, reason "hands replaced"), each recorded in its
    history, and only when the director saw them: ``expected`` maps each changed result to its version in
    the preview (``board_deals_preview``); if they differ now, ``HandsStale`` carries the preview as it is
    now and nothing is written. The results version is bumped once. A PBN file's other tags are set with the
    hands, all or nothing: ``dealers`` (a dealer changes no score), ``vulnerable`` (refused, nothing written,
    when a contract event's results in would score otherwise: law 77) and ``site`` (where the event has none)."""
    preview, rows = _hands_preview(
        event=event, deals=deals, lock=True, dealers=dealers, vulnerable=vulnerable, site=site
    )
    director = writer if writer is not None and writer.is_director else None
    if preview.changes and director is None:
        raise PermissionDenied(
            ngettext(
                "hands: the new hands change %(n)d result already in; only the director corrects it (law E)",
                "hands: the new hands change %(n)d results already in; only the director corrects them (law E)",
                len(preview.changes),
            )
            % {"n": len(preview.changes)}
        )
    # What the director confirmed must be what applies: the same results, each at the version shown.
    if (preview.changes or expected) and dict(expected or {}) != preview.versions:
        raise HandsStale(
            _(
                "The results changed since the changes were shown (a result was entered or corrected "
                "meanwhile): nothing was applied. Check the changes below and confirm again."
            ),
            preview=preview,
        )
    # Rows are locked in the order a result's save locks them (its play and round, the event, its board):
    # the plays came first (the preview), then the event, before any board is written.
    event_lock(event_id=event.pk)
    boards = list(event.boards.filter(number__in=[*preview.boards, *preview.vulnerable]))
    moved = _vulnerability_moved(event, boards, preview.vulnerable)
    boards = [b for b in boards if b.number in moved or b.number in preview.boards]
    new_hands = tuple(sorted(b.number for b in boards if preview.deals.get(b.number, b.deal) != b.deal))
    new_dealers = tuple(
        sorted(b.number for b in boards if preview.dealers.get(b.number, b.dealer) != b.dealer)
    )
    for board in boards:
        board.deal = preview.deals.get(board.number, board.deal)
        board.dealer = preview.dealers.get(board.number, board.dealer)
        board.vulnerability = moved.get(board.number, board.vulnerability)
    Board.objects.bulk_update(boards, ["deal", "dealer", "vulnerability"])
    site = _site_fill(event, preview.site)
    # Double dummy, in a thread once this commits.
    deal_analyses_start(deals=[b.deal for b in boards if b.number in preview.boards])
    if preview.changes and director is not None:
        by_id = {b.pk: b for b in boards}
        history = []
        for change in preview.changes:
            play = rows[change.play]
            play.event, play.board = event, by_id[play.board_id]
            row = result_apply(
                play=play,
                data=change.after,
                writer=director,
                expected_version=change.version,
                reason=HANDS_REPLACED,
                before=change.before,
            )
            if row is not None:
                history.append(row)
        PlayChange.objects.bulk_create(history)
    if boards:
        results_touch(event_id=event.pk, board_ids=[b.pk for b in boards])
    if preview.changes and event.status == EventStatus.COMPLETE:  # results of a finished event corrected
        event_standings_publish(event=event)
    return HandsAttached(hands=new_hands, dealers=new_dealers, vulnerability=tuple(sorted(moved)), site=site)


@transaction.atomic
def board_vulnerability_set(*, event: Event, vulnerable: Mapping[int, str]) -> int:
    """Set the boards' vulnerability (PBN's words, as a PBN file's Vulnerable gives it; "" for the board
    number's standard cycle). Refused, nothing changed, when a contract event's results already in would
    score otherwise (law 77): results are never rescored silently. Returns boards changed."""
    event_lock(event_id=event.pk)
    boards = list(event.boards.filter(number__in=list(vulnerable)))
    words = _vulnerability_words({b.number: b for b in boards}, vulnerable)
    moved = _vulnerability_moved(event, boards, words)
    boards = [b for b in boards if b.number in moved]
    if not boards:
        return 0
    for board in boards:
        board.vulnerability = moved[board.number]
    Board.objects.bulk_update(boards, ["vulnerability"])
    results_touch(event_id=event.pk, board_ids=[b.pk for b in boards])
    if event.status == EventStatus.COMPLETE:  # a finished event's results scored afresh (law 77)
        event_standings_publish(event=event)
    return len(boards)


def _rescored(event: Event, board: Board, play: Play, words: Mapping[int, str]) -> bool:
    """Whether ``play``'s stored score differs from its score on ``board`` with the vulnerability ``words``
    gives it (law 77)."""
    moved = copy.copy(board)
    moved.vulnerability = words[board.number]
    data = {k: v for k, v in (play_result_data(play) or {}).items() if k != "lead"}  # no part of the score
    fields = result_fields(
        code=event.code, deal=board.deal, data=data, vulnerability=board_vulnerability(moved)
    )
    return any(getattr(play, name) != fields[name] for name in SCORE_FIELDS)


def _site_fill(event: Event, site: str) -> str:
    """A hand file's Site where the event has none (the director's own is kept): the site set, or ""."""
    if site and not event.site and Event.objects.filter(pk=event.pk, site="").update(site=site):
        event.site = site
        return site
    return ""


def deals_random(*, event: Event) -> dict[int, str]:
    """A fresh deal for every board without hands, shuffled with the operating system's secure generator."""

    rng = secrets.SystemRandom()
    return {b.number: Deal.random(rng).to_pbn() for b in event.boards.filter(deal="")}


# --- Result entry, corrections (duplicate law E), table tokens -------------------------------------------
