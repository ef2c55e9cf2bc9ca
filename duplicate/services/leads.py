"""Opening leads: the event's choice to enter them at the table (contract events only), and the leads of a
results PBN read back into the event's results. The lead itself is part of a result, written by the result
service (``services.results``, checked by ``scoring.leads``)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from duplicate.contests import is_contract
from duplicate.models import Event, EventStatus, Play
from duplicate.services.errors import ServiceError
from duplicate.services.results import Writer, event_results_touch, play_result_data, play_result_save
from scoring.errors import show_value
from scoring.pbn import PbnError, read_pbn, read_pbn_bytes


@transaction.atomic
def event_lead_cards_set(*, event: Event, lead_cards: bool) -> Event:
    """The director's choice of whether the entry forms ask for each result's opening lead (law 41A: made by
    the defender on declarer's left). Contract events only. The travellers show a Lead column while the
    event enters leads, so the results version is bumped."""
    if not isinstance(lead_cards, bool):
        raise ServiceError(
            "lead_cards: " + _("must be true or false, got %(got)s") % {"got": show_value(lead_cards)}
        )
    if lead_cards and not is_contract(event.code):
        raise ServiceError("lead_cards: " + _("only contract bridge events enter the opening lead"))
    if event.lead_cards != lead_cards:
        Event.objects.filter(pk=event.pk).update(lead_cards=lead_cards)
        event.lead_cards = lead_cards
        event_results_touch(event_ids=[event.pk])
        event.refresh_from_db(fields=["results_version"])
    return event


@dataclass(frozen=True, slots=True)
class LeadsRead:
    """What a PBN file's Play sections gave the event's results: how many leads were stored, and why the
    others were not (a game matching no result, a card the hands refuse)."""

    saved: int
    notes: tuple[str, ...]


@transaction.atomic
def pbn_leads_save(*, event: Event, data: str | bytes, writer: Writer) -> LeadsRead:
    """Store the opening leads of a results PBN (one game per result, ``results.pbn``): each game with a lead
    (its Play section's first card) whose Board, Round, Table (and Section, in an event of several) name an
    entered result of ``event`` with the same Contract and Declarer. Each lead is written by the result
    service (``play_result_save``: its checks, law 41A's among them, and its history; a correction after the
    round is agreed gives its reason). Nothing is stored for a game that matches no result. A lead the
    service refuses is told, the others kept (each save its own savepoint); one transaction: a failure
    other than a refusal stores none."""
    if not is_contract(event.code):
        raise ServiceError("lead: " + _("only contract bridge events record the opening lead"))
    try:
        pbn = read_pbn_bytes(data) if isinstance(data, bytes) else read_pbn(data, encoding="pasted text")
    except PbnError as exc:
        raise ServiceError(str(exc)) from None
    plays = {
        (p.seating.round.section.letter, p.board.number, p.seating.round.number, p.seating.table): p
        for p in Play.objects.filter(event=event, entered=True, ruling="").select_related(
            "event", "board", "seating__round__section"
        )
    }
    several = len({key[0] for key in plays}) > 1
    saved, notes = 0, []
    for game in pbn.games:
        if not game.lead or game.board is None:
            continue
        where = _("%(where)s, board %(board)s") % {"where": game.where, "board": game.board}
        section = game.section if several else next(iter(plays), ("A",))[0]
        play = plays.get((section, game.board, _number(game.round), _number(game.table)))
        if play is None or (play.contract, play.declarer) != (game.contract.upper(), game.declarer):
            notes.append(
                _(
                    "%(where)s: no result of this event in round %(round)s, table %(table)s is "
                    "%(contract)s by %(declarer)s: its lead is not stored"
                )
                % {
                    "where": where,
                    "round": game.round,
                    "table": game.table,
                    "contract": game.contract,
                    "declarer": game.declarer,
                }
            )
            continue
        result = play_result_data(play) or {}
        if result.get("lead") == game.lead:
            continue
        reason = (
            "opening lead from a PBN file"
            if play.seating.round.agreed_at or play.event.status == EventStatus.COMPLETE
            else ""
        )
        try:
            play_result_save(
                play=play,
                data={**result, "lead": game.lead},
                writer=writer,
                expected_version=play.version,
                reason=reason,
            )
        except ServiceError as exc:
            notes.append(f"{where}: {exc}")
            continue
        saved += 1
    return LeadsRead(saved=saved, notes=tuple(notes))


def _number(text: str) -> int:
    return int(text) if text.isdecimal() else 0
