"""The footer's language chooser: a link per shipped language that keeps the choice in Django's language
cookie (read by ``LocaleMiddleware`` on every request) and goes back to the page it was chosen on.

A link, not Django's ``set_language`` form: a visitor's pages are kept in the cache and served to every
visitor (``duplicate.caching``), so they can carry neither a CSRF token nor the address they were asked
with; the page to go back to is the Referer (sent for this site's own pages: ``SECURE_REFERRER_POLICY``),
else the home page. The choice changes nothing but the cookie.
"""

from __future__ import annotations

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme


def language_choose(request: HttpRequest, code: str) -> HttpResponse:
    """Keep ``code`` (one of ``settings.LANGUAGES``) as the visitor's language and go back."""
    if code not in dict(settings.LANGUAGES):
        raise Http404("No such language.")
    back = request.META.get("HTTP_REFERER", "")
    if not url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        back = reverse("home")
    response = HttpResponseRedirect(back)
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        code,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )
    return response
