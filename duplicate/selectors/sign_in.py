"""The sign-in throttle's counts (``duplicate.services.sign_in`` writes them)."""

from __future__ import annotations

from duplicate.models import SignInSlot


def sign_in_slots_taken(counter: str, window: int) -> int:
    """How many of ``counter``'s attempts ``window`` has counted."""
    return SignInSlot.objects.filter(counter=counter, window=window).count()
