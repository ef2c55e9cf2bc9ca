"""Both sides confirm: a table link's Confirm button (law 79 at contract, law E: the score agreed at the
table), where the event asks the opponents of the side that entered a result to confirm it.

Thin: the table link's page is read as ``views.entry`` reads it, the write is ``services.play_result_confirm``.
A plain form post: the page comes back at the board, or, once the confirmation puts the round's last result
in, at the round's summary (``?done=``).
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from duplicate import services
from duplicate.forms.entry import ConfirmForm
from duplicate.selectors import entry as entry_selectors
from duplicate.services.confirm import SIDE_WORDS
from duplicate.services.results import play_result_data
from duplicate.views.entry import _forbidden, _token_elsewhere, _token_view, _unlisted


@require_POST
def entry_token_confirm(request: HttpRequest, secret: str) -> HttpResponse:
    """The other side of the table confirms a result its link shows (one tap); refused, the page says why
    and shows the result as stored now."""
    view = _token_view(request, secret)
    if isinstance(view, HttpResponse):
        return view
    assert view.token is not None
    assert view.writer is not None
    form = ConfirmForm(request.POST)
    if not form.is_valid():
        return _unlisted(_forbidden(request, "; ".join(form.messages()), status=400, back=view.action))
    plays = entry_selectors.seating_plays(view.seating, history=False)
    play = next((p for p in plays if p.pk == form.cleaned_data["play"]), None)
    if play is None:
        where = f"table {view.seating.table} in round {view.seating.round.number}"
        return _token_elsewhere(request, view.token, where)
    side = form.cleaned_data["side"]
    try:
        confirmed = services.play_result_confirm(
            play_id=play.pk, version=form.cleaned_data["version"], side=side, writer=view.writer
        )
    except services.ServiceError as exc:
        messages.error(request, str(exc))
        return redirect(f"{view.action}#board-{play.board.number}")
    summary = entry_selectors.result_summary(play_result_data(confirmed))
    messages.success(request, f"Board {play.board.number} confirmed by {SIDE_WORDS[side]}: {summary}.")
    plays = [confirmed if p.pk == confirmed.pk else p for p in plays]
    if all(entry_selectors.agreed_at_table(p, event=view.event) for p in plays):  # the round is over here
        return redirect(f"{view.action}?done={view.seating.round.number}#summary")
    return redirect(f"{view.action}#board-{play.board.number}")
