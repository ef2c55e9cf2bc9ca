"""The sign-in throttle's counters (``duplicate.security``): attempts counted as rows of ``SignInSlot``, in
the database every worker on every host shares, whatever the cache does."""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection

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


@transaction.atomic
def sign_in_counters_clear(*, slot_ids: Collection[int]) -> int:
    """Clear the counters that the slots ``slot_ids`` count for, each in its window: every attempt of theirs,
    the given slots and the others, so that their sign-ins go through again before the window ends (a director
    locked out by a mistyped password at a shared address). Returns the number of attempts given back."""
    counted = set(SignInSlot.objects.filter(pk__in=list(slot_ids)).values_list("window", "counter"))
    by_window: dict[int, set[str]] = {}
    for window, counter in counted:
        by_window.setdefault(window, set()).add(counter)
    given_back = 0
    for window, counters in sorted(by_window.items()):  # a window or two: the ended ones are deleted
        deleted, _ = SignInSlot.objects.filter(window=window, counter__in=sorted(counters)).delete()
        given_back += deleted
    return given_back
