"""Turn a lost database connection into a clear "try again" page instead of a 500."""

from __future__ import annotations

from collections.abc import Callable

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string


class DatabaseUnavailableMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, OperationalError | InterfaceError):
            body = render_to_string("database_unavailable.html", request=None)
            response = HttpResponse(body, status=503)
            response["Retry-After"] = "5"
            return response
        return None
