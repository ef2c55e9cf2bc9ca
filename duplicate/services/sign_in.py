"""The sign-in throttle's counters (``duplicate.security``): attempts counted as rows of ``SignInSlot``, in
the database every worker on every host shares, whatever the cache does."""

from __future__ import annotations

import datetime as dt

from django.db import IntegrityError, transaction
from django.utils import timezone

from duplicate.models import SignInSlot


@transaction.atomic
def sign_in_slot_take(*, counter: str, window: int, limit: int, expires: dt.datetime) -> int | None:
    """Count one attempt on ``counter`` in ``window``: the number of the slot taken (0 for the window's first
    attempt), or None (nothing counted) when its ``limit`` slots are taken. A slot is taken with an INSERT on
    the unique (counter, window, slot): when another process took it first the INSERT fails and the next is
    tried, so the count is exact across processes and hosts. A counter's first attempt in a window also
    deletes the slots of windows that have ended."""
    taken = set(SignInSlot.objects.filter(counter=counter, window=window).values_list("slot", flat=True))
    for number in range(limit):
        if number in taken:
            continue
        try:
            with transaction.atomic():
                SignInSlot.objects.create(counter=counter, window=window, slot=number, expires=expires)
        except IntegrityError:  # another process took it since this one looked
            continue
        if number == 0:
            SignInSlot.objects.filter(expires__lte=timezone.now()).delete()
        return number
    return None


@transaction.atomic
def sign_in_slots_clear(*, counter: str, window: int, slots: list[int] | None = None) -> None:
    """Give ``counter``'s attempts in ``window`` back: the ``slots`` given, or all of them."""
    rows = SignInSlot.objects.filter(counter=counter, window=window)
    if slots is not None:
        rows = rows.filter(slot__in=slots)
    rows.delete()
