"""Both sides confirm: the opponents of the side that entered a result through the table link confirm it
(law 79 at contract: "the score agreed at the table"; law E for the auction and whist codes: the score
"made up and agreed upon"), where the event asks for it (``Event.confirm_results``).

A result entered by one side is stored and scored at once; until the other side confirms it, the table's
round is not over at its link (``selectors.entry.agreed_at_table``). A confirmation is recorded in the
result's history (a ``PlayChange`` whose result is unchanged). See docs/laws.md, "Both sides confirm".
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from duplicate.models import Event, EventStatus, Play, PlayChange, agreement_law
from duplicate.services.errors import ServiceError
from duplicate.services.event_choices import _event_choice_set
from duplicate.services.results import (
    EVENT_FINISHED,
    ConflictError,
    PermissionDenied,
    Writer,
    play_result_data,
    round_agreed_message,
)

SIDE_WORDS = {"NS": gettext_noop("N-S"), "EW": gettext_noop("E-W")}
OTHER_SIDE = {"NS": "EW", "EW": "NS"}
#: How a confirmation's history row begins (its reason): "confirmed by E-W (law 79: ...)".
CONFIRMED_BY = "confirmed by"


def confirmation_reason(*, side: str, code: str) -> str:
    """The reason a confirmation's history row gives: who confirmed, under which law."""
    law = agreement_law(code)
    agreed = "the score agreed at the table" if law == "law 79" else "the score made up and agreed upon"
    return f"{CONFIRMED_BY} {SIDE_WORDS[side]} ({law}: {agreed})"


@transaction.atomic
def play_result_confirm(*, play_id: int, version: int, side: str, writer: Writer) -> Play:
    """The side ``side`` ("NS" or "EW") confirms the result of play ``play_id`` as it stood at ``version``
    (the version its phone showed): refused when the result is absent, was entered by the director (it
    waits for nobody), was entered by ``side`` itself (the opponents confirm, law 79), or changed since
    (``ConflictError`` with the result now stored: nobody confirms a result they did not see). As a
    result's save, a table link writes nothing once its round is agreed or the event finished. A second
    confirmation of a confirmed result changes nothing. The play's row and its round's are locked as
    ``play_result_save`` locks them."""
    if side not in OTHER_SIDE:
        raise ServiceError("side: " + _("must be NS or EW, got %(got)s") % {"got": repr(str(side)[:10])})
    locked = list(
        Play.objects.select_related("event", "board", "seating__round")
        .select_for_update(of=("self", "seating__round"))
        .filter(pk=play_id)
        .order_by()
    )
    if not locked:
        raise Play.DoesNotExist("Play matching query does not exist.")
    play = locked[0]
    number = play.board.number
    if play.event.status == EventStatus.COMPLETE and not writer.is_director:
        raise PermissionDenied(_(EVENT_FINISHED))
    if play.seating.round.agreed_at is not None and not writer.is_director:
        raise PermissionDenied(round_agreed_message(play.seating.round.number, code=play.event.code))
    if play.version != version:
        raise ConflictError(
            _(
                "Not confirmed: board %(number)d's result was changed since it was shown to you. Check the "
                "result shown now and confirm it if it is right."
            )
            % {"number": number},
            current=play,
        )
    if not play.entered:
        raise ServiceError(_("Board %(number)d has no result to confirm.") % {"number": number})
    if not play.entered_by:
        raise ServiceError(
            _("Board %(number)d's result was entered by the director: it needs no confirmation.")
            % {"number": number}
        )
    if side == play.entered_by:
        raise PermissionDenied(
            _("%(side)s entered board %(number)d's result: %(other)s, the opponents, confirm it (%(law)s).")
            % {
                "side": _(SIDE_WORDS[side]),
                "number": number,
                "other": _(SIDE_WORDS[OTHER_SIDE[side]]),
                "law": _(agreement_law(play.event.code)),
            }
        )
    if play.confirmed_at is not None:
        return play
    play.confirmed_at = timezone.now()
    Play.objects.filter(pk=play.pk, version=version).update(confirmed_at=play.confirmed_at)
    result = play_result_data(play)
    PlayChange.objects.create(
        play=play,
        user_id=writer.user_id,
        who=writer.name,
        before=result,
        after=result,
        reason=confirmation_reason(side=side, code=play.event.code),
    )
    return play


@transaction.atomic
def event_confirm_results_set(*, event: Event, confirm_results: bool) -> Event:
    """The director's choice whether the opponents confirm each result entered through a table link (law
    79, law E: agreed at the table). Results already in are not asked again: only those entered from now
    on wait for the other side."""
    if not isinstance(confirm_results, bool):
        raise ServiceError(
            "confirm_results: "
            + _("must be true or false, got %(got)s") % {"got": repr(str(confirm_results)[:20])}
        )
    return _event_choice_set(event, "confirm_results", confirm_results)
