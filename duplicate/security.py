"""Security helpers: director login throttling and the Content-Security-Policy header.

Login throttling counts sign-in attempts in the database (rows of ``SignInSlot``), which every worker on every
host shares and which sign-in needs anyway (the user, the session): the limits hold exactly whatever the
number of processes, and whatever the cache does (stopped, not answering: the counts never lived there).
Three counters, each per fixed window of ``LOGIN_THROTTLE_WINDOW`` seconds (15 minutes):

- per username (any spelling of it) and client address: ``LOGIN_THROTTLE_ATTEMPTS`` (5) attempts not
  followed by a successful sign-in. Past them that address's sign-ins for that username are refused (429)
  without the password being checked, so guessing there gains nothing; a successful sign-in clears the count.
  Other addresses are not affected: a wrong password from anyone cannot lock the director out.
- per username, from every address: ``LOGIN_THROTTLE_USERNAME_ATTEMPTS`` (20) failed sign-ins. Past them an
  address that has already tried that username in the window is refused (429) unchecked, and one that has
  not gets its first attempt checked: the director from a fresh address still signs in, and guessing from
  many addresses is bounded by the limit plus one guess per address.
- per client address: ``LOGIN_THROTTLE_ADDRESS_ATTEMPTS`` (20) failed sign-ins, whatever the username. Past
  them a wrong password from the address is answered 429 with Retry-After (slow down), but the password is
  still checked and the right one signs in: behind a proxy every visitor may share one address.

A username is counted as the name the user model authenticates (:func:`login_name`): Django's sign-in form
strips it and normalises it NFKC before ``authenticate`` looks it up, so ``director`` typed with a fullwidth d
(U+FF44) or a mathematical bold d (U+1D41D) signs in as ``director``, and is counted as ``director``; case is
folded too. Every spelling that reaches one user shares that user's counters.

Each attempt is counted by taking a slot of its own ("slot" n of the window's ``limit``), a row inserted
before the password is checked (``services.sign_in.sign_in_slot_take``): the INSERT on the unique (counter,
window, slot) is atomic on every database, so two processes can never both take the last attempt, and only
the one that takes slot 0 of a username and address is that address's first attempt. The window's number is
in the row, so a slot is never reused once its window has ended. ``LOGIN_THROTTLE_CLIENT_HEADER`` names the
header a trusted proxy puts the client's address in: without it, behind a proxy, every client has the
proxy's address.

Content-Security-Policy: scripts only from this site (plus the hashes of ``INLINE_HANDLERS``); styles from this site and inline ``style=`` attributes; no plugins, no framing, forms post only
to this site.
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import math
import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.views import LoginView
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.utils.translation import gettext, gettext_noop

from duplicate.services.sign_in import sign_in_slot_take, sign_in_slots_clear

DEFAULT_ATTEMPTS = 5
DEFAULT_USERNAME_ATTEMPTS = 20
DEFAULT_ADDRESS_ATTEMPTS = 20  # one club's directors may share an address (or a proxy): looser per address
DEFAULT_WINDOW = 15 * 60
USERNAME_LENGTH = 150  # the user model's; longer is refused by the form before any password is checked


def _limit(name: str, default: int) -> int:
    return int(getattr(settings, f"LOGIN_THROTTLE_{name}", default))


def _window() -> int:
    return max(1, _limit("WINDOW", DEFAULT_WINDOW))


def client_address(request: HttpRequest) -> str:
    """The client's address: REMOTE_ADDR, or the header named by LOGIN_THROTTLE_CLIENT_HEADER (e.g.
    ``HTTP_X_REAL_IP``) when a proxy we trust sets it. Never a client-supplied header by default."""
    header = getattr(settings, "LOGIN_THROTTLE_CLIENT_HEADER", "") or ""
    value = request.META.get(header) if header else None
    if value:
        return str(value).split(",")[-1].strip()[:64]
    return str(request.META.get("REMOTE_ADDR") or "unknown")[:64]


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "replace")).hexdigest()[:32]


def login_name(username: str) -> str:
    """The name a sign-in is counted under: the one the user model authenticates, as the sign-in form hands
    it to ``authenticate`` (stripped, then the user model's ``normalize_username``: NFKC), case-folded (and
    NFKC again, as folding may undo it), so that every spelling of one user is one name."""
    name = get_user_model().normalize_username(username[:USERNAME_LENGTH].strip())
    return unicodedata.normalize("NFKC", name.casefold()).strip()


def _username_key(username: str) -> str:
    return _digest(login_name(username))


def username_counter(username: str) -> str:
    """The counter of one username's failed attempts from every address."""
    return f"login-attempts:user:{_username_key(username)}"


def username_address_counter(username: str, address: str) -> str:
    """The counter of one username's attempts from one client address."""
    return f"login-attempts:user-addr:{_username_key(username)}:{_digest(address)}"


def address_counter(address: str) -> str:
    """The counter of one client address's failed attempts."""
    return f"login-attempts:addr:{_digest(address)}"


def window_left(now: float | None = None) -> int:
    """Whole seconds until the current throttle window ends (at least 1)."""
    window = _window()
    now = time.time() if now is None else now
    return max(1, math.ceil((now // window + 1) * window - now))


def _window_number(now: float) -> int:
    return int(now // _window())


@dataclass(frozen=True)
class Slot:
    """One attempt counted: slot ``number`` of ``counter`` in window ``window``."""

    counter: str
    window: int
    number: int


def take_slot(counter: str, limit: int) -> Slot | None:
    """Count one attempt on ``counter``: the slot taken, or None (nothing counted) when its ``limit`` attempts
    in this window are used up. Exact across processes and hosts (module docstring)."""
    now = time.time()
    window = _window_number(now)
    expires = dt.datetime.fromtimestamp((window + 1) * _window(), tz=dt.UTC)
    number = sign_in_slot_take(counter=counter, window=window, limit=limit, expires=expires)
    return None if number is None else Slot(counter=counter, window=window, number=number)


def take_attempt(counter: str, limit: int) -> bool:
    """Count one attempt on ``counter``; False (nothing counted) when its attempts are used up."""
    return take_slot(counter, limit) is not None


@dataclass(frozen=True)
class SignInAttempt:
    """An attempt let through to the password check: its username-and-address counter, and the slot it took
    of the username's counter (None: the username's attempts were used up, and this was the address's
    first)."""

    counter: str
    username_slot: Slot | None


def sign_in_begin(username: str, address: str) -> SignInAttempt | None:
    """Count a sign-in attempt before its password is checked: the attempt, or None when it is refused
    unchecked (this address's attempts at this username are used up; or every address's are, and this
    address has tried it before in the window). See the module docstring."""
    counter = username_address_counter(username, address)
    slot = take_slot(counter, _limit("ATTEMPTS", DEFAULT_ATTEMPTS))
    if slot is None:
        return None
    username_slot = take_slot(
        username_counter(username), _limit("USERNAME_ATTEMPTS", DEFAULT_USERNAME_ATTEMPTS)
    )
    if username_slot is None and slot.number != 0:
        return None
    return SignInAttempt(counter=counter, username_slot=username_slot)


def sign_in_succeeded(attempt: SignInAttempt) -> None:
    """The right password: the address's count for the username starts again, and the attempt is not counted
    as a failure of the username's (a director signing in does not hand guesses back to anyone else)."""
    clear_attempts(attempt.counter)
    slot = attempt.username_slot
    if slot is not None:
        sign_in_slots_clear(counter=slot.counter, window=slot.window, slots=[slot.number])


def clear_attempts(counter: str) -> None:
    """This window's attempts on ``counter`` given back."""
    sign_in_slots_clear(counter=counter, window=_window_number(time.time()))


THROTTLED_MESSAGE = gettext_noop(
    "Too many failed sign-ins for this account. For safety, sign-in is paused here: "
    "try again in %(minutes)d minutes, or ask another director to reset your password."
)
ADDRESS_THROTTLED_MESSAGE = gettext_noop(
    "Please enter a correct username and password. There have been many failed sign-ins from this "
    "network: slow down, and check the username and password (the right ones still sign in)."
)


class ThrottledAuthenticationForm(AuthenticationForm):
    """The admin's sign-in form, counting attempts per username and address, per username and per client
    address (module docstring)."""

    def clean(self) -> dict[str, Any]:
        # The name authenticate() is given (the username field's cleaned value; what was typed when the
        # field refused it, and no password is checked), counted as login_name() has it.
        username = self.cleaned_data.get("username") or str(self.data.get("username") or "")
        address = client_address(self.request) if self.request is not None else "unknown"
        # Counted before the password is checked, so that concurrent requests in other processes cannot all
        # check a password on the last attempt left.
        attempt = sign_in_begin(username, address)
        if attempt is None:
            minutes = max(1, math.ceil(window_left() / 60))
            raise forms.ValidationError(gettext(THROTTLED_MESSAGE) % {"minutes": minutes}, code="throttled")
        try:
            data = super().clean()
        except forms.ValidationError:
            if not take_attempt(
                address_counter(address), _limit("ADDRESS_ATTEMPTS", DEFAULT_ADDRESS_ATTEMPTS)
            ):
                raise forms.ValidationError(
                    gettext(ADDRESS_THROTTLED_MESSAGE), code="throttled_address"
                ) from None
            raise
        sign_in_succeeded(attempt)
        return data


class ThrottledLoginView(LoginView):
    authentication_form = ThrottledAuthenticationForm

    def form_invalid(self, form: AuthenticationForm) -> HttpResponse:
        response = super().form_invalid(form)
        codes = {e.code for e in form.errors.as_data().get("__all__", [])}
        if codes & {"throttled", "throttled_address"}:
            response.status_code = 429
            response["Retry-After"] = str(window_left())
        return response


# --- Content-Security-Policy ------------------------------------------------------------------------------

#: Inline event handlers the templates still carry (allowed by hash only, CSP level 3 'unsafe-hashes').
INLINE_HANDLERS: tuple[str, ...] = ()


def _hash(source: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(source.encode()).digest()).decode() + "'"


def content_security_policy() -> str:
    handlers = " ".join(_hash(h) for h in INLINE_HANDLERS)
    return "; ".join(
        [
            "default-src 'self'",
            f"script-src 'self' 'unsafe-hashes' {handlers}" if handlers else "script-src 'self'",
            "style-src 'self' 'unsafe-inline'",
            "img-src 'self' data:",
            "object-src 'none'",
            "base-uri 'self'",
            "form-action 'self'",
            "frame-ancestors 'none'",
        ]
    )


class SecurityHeadersMiddleware:
    """Adds Content-Security-Policy and Permissions-Policy to every response that has none."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.csp = getattr(settings, "CONTENT_SECURITY_POLICY", None) or content_security_policy()

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.headers.setdefault("Content-Security-Policy", self.csp)
        response.headers.setdefault(
            "Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()"
        )
        return response


class RejectNullCharactersMiddleware:
    """A NUL character in the address (``/t/%00/``) is refused with 400 before any view runs: PostgreSQL text
    cannot hold one, so a lookup with it would fail with a database error (a 500) rather than "not found".
    (Form fields already refuse it: Django's CharField has ProhibitNullCharactersValidator.)"""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if "\x00" in request.path or any("\x00" in v for vs in request.GET.lists() for v in [vs[0], *vs[1]]):
            return HttpResponseBadRequest(
                gettext("Bad request: the address contains a null character."),
                content_type="text/plain; charset=utf-8",
            )
        return self.get_response(request)
