"""Security helpers: director login throttling and the Content-Security-Policy header.

Login throttling: after ``LOGIN_THROTTLE_ATTEMPTS`` (5) failed sign-ins for one username, or
``LOGIN_THROTTLE_ADDRESS_ATTEMPTS`` (20) from one client address, within ``LOGIN_THROTTLE_WINDOW`` seconds, further attempts for that username or address are refused with a clear
message until the window has passed (no password is even checked, so guessing gains nothing). The counters live
in Django's cache (``default``); with several gunicorn workers and the default per-process cache each worker
counts on its own, so the effective limit is ``attempts x workers`` — set a shared cache (e.g. Redis or the
database cache) in production to make it exact. A successful sign-in clears the username's counter.

Content-Security-Policy: scripts only from this site (plus the hash of the one inline ``onclick`` on the table
links page); styles from this site and inline ``style=`` attributes; no plugins, no framing, forms post only
to this site.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.views import LoginView
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest

DEFAULT_ATTEMPTS = 5
DEFAULT_ADDRESS_ATTEMPTS = 20  # one club's directors may share an address (or a proxy): looser per address
DEFAULT_WINDOW = 15 * 60


def _attempts() -> int:
    return int(getattr(settings, "LOGIN_THROTTLE_ATTEMPTS", DEFAULT_ATTEMPTS))


def _address_attempts() -> int:
    return int(getattr(settings, "LOGIN_THROTTLE_ADDRESS_ATTEMPTS", DEFAULT_ADDRESS_ATTEMPTS))


def _window() -> int:
    return int(getattr(settings, "LOGIN_THROTTLE_WINDOW", DEFAULT_WINDOW))


def client_address(request: HttpRequest) -> str:
    """The client's address: REMOTE_ADDR, or the header named by LOGIN_THROTTLE_CLIENT_HEADER (e.g.
    ``HTTP_X_REAL_IP``) when a proxy we trust sets it. Never a client-supplied header by default."""
    header = getattr(settings, "LOGIN_THROTTLE_CLIENT_HEADER", "") or ""
    value = request.META.get(header) if header else None
    if value:
        return str(value).split(",")[-1].strip()[:64]
    return str(request.META.get("REMOTE_ADDR") or "unknown")[:64]


def _keys(username: str, address: str) -> list[str]:
    digest = hashlib.sha256(username.strip().lower().encode("utf-8", "replace")).hexdigest()[:32]
    return [f"login-fail:user:{digest}", f"login-fail:addr:{address}"]


def login_blocked(username: str, address: str) -> bool:
    """True when the username or the address has used up its failed attempts in the window."""
    user_key, addr_key = _keys(username, address)
    counts = cache.get_many([user_key, addr_key])
    return int(counts.get(user_key, 0)) >= _attempts() or int(counts.get(addr_key, 0)) >= _address_attempts()


def login_failed(username: str, address: str) -> None:
    """Count one failed sign-in against the username and the address (the window runs from the first)."""
    window = _window()
    for key in _keys(username, address):
        if cache.add(key, 1, timeout=window):
            continue
        try:
            cache.incr(key)
        except ValueError:  # expired between add and incr
            cache.add(key, 1, timeout=window)


def login_succeeded(username: str) -> None:
    cache.delete(_keys(username, "-")[0])


THROTTLED_MESSAGE = (
    "Too many failed sign-ins for this account or from this device. For safety, sign-in is paused: "
    "try again in {minutes} minutes, or ask another director to reset your password."
)


class ThrottledAuthenticationForm(AuthenticationForm):
    """The admin's sign-in form, refusing to check passwords once the attempts are used up."""

    def clean(self) -> dict[str, Any]:
        username = str(self.data.get("username") or "")[:150]
        address = client_address(self.request) if self.request is not None else "unknown"
        if login_blocked(username, address):
            raise forms.ValidationError(
                THROTTLED_MESSAGE.format(minutes=max(1, _window() // 60)), code="throttled"
            )
        try:
            data = super().clean()
        except forms.ValidationError:
            login_failed(username, address)
            raise
        login_succeeded(username)
        return data


class ThrottledLoginView(LoginView):
    authentication_form = ThrottledAuthenticationForm

    def form_invalid(self, form: AuthenticationForm) -> HttpResponse:
        response = super().form_invalid(form)
        if any(e.code == "throttled" for e in form.errors.as_data().get("__all__", [])):
            response.status_code = 429
            response["Retry-After"] = str(_window())
        return response


# --- Content-Security-Policy ------------------------------------------------------------------------------

#: Inline event handlers the templates still carry (allowed by hash only, CSP level 3 'unsafe-hashes').
INLINE_HANDLERS: tuple[str, ...] = ()


def _hash(source: str) -> str:
    import base64

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
                "Bad request: the address contains a null character.",
                content_type="text/plain; charset=utf-8",
            )
        return self.get_response(request)
