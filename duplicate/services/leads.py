"""Opening leads: the event's choice to enter them at the table (contract events only). The lead itself is
part of a result, written by the result service (``services.results``, checked by ``scoring.leads``)."""

from __future__ import annotations

from django.db import transaction

from duplicate.contests import is_contract
from duplicate.models import Event
from duplicate.services.errors import ServiceError
from duplicate.services.results import event_results_touch
from scoring.errors import show_value


@transaction.atomic
def event_lead_cards_set(*, event: Event, lead_cards: bool) -> Event:
    """The director's choice of whether the entry forms ask for each result's opening lead (law 41A: made by
    the defender on declarer's left). Contract events only. The travellers show a Lead column while the
    event enters leads, so the results version is bumped."""
    if not isinstance(lead_cards, bool):
        raise ServiceError(f"lead_cards: must be true or false, got {show_value(lead_cards)}")
    if lead_cards and not is_contract(event.code):
        raise ServiceError("lead_cards: only contract bridge events enter the opening lead")
    if event.lead_cards != lead_cards:
        Event.objects.filter(pk=event.pk).update(lead_cards=lead_cards)
        event.lead_cards = lead_cards
        event_results_touch(event_ids=[event.pk])
        event.refresh_from_db(fields=["results_version"])
    return event
