"""The health check a container or load balancer asks (GET /healthz): JSON, no session, no template.

200 ``{"database": "ok", "cache": "ok"}`` while the database answers. The cache failing (Redis stopped or
silent, the database cache's table missing) still answers 200, with ``"cache": "unavailable"``: every page is
then worked out in the request (docs/deployment.md, "When the cache is down"), so the app is up and should
keep its traffic. The database not answering is 503 (``"database": "unavailable"``): no page can be served.
"""

from __future__ import annotations

import secrets

from django.core.cache import cache
from django.db import DatabaseError, connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe
from redis.exceptions import RedisError

PROBE_KEY = "kalamazoo:healthz"


def database_ok() -> bool:
    """The default database opens a connection that answers (PostgreSQL: a ``SELECT 1``)."""
    try:
        connection.ensure_connection()
        return connection.is_usable()
    except DatabaseError:
        return False


def cache_ok() -> bool:
    """A value written to the cache reads back."""
    value = secrets.token_hex(8)
    try:
        cache.set(PROBE_KEY, value, timeout=30)
        return bool(cache.get(PROBE_KEY) == value)
    except (DatabaseError, RedisError, OSError):
        return False


@never_cache
@require_safe
def healthz(request: HttpRequest) -> JsonResponse:
    database = database_ok()
    body = {
        "database": "ok" if database else "unavailable",
        # The database cache cannot answer without its database: not asked then.
        "cache": "ok" if (database or not _cache_in_database()) and cache_ok() else "unavailable",
    }
    return JsonResponse(body, status=200 if database else 503)


def _cache_in_database() -> bool:
    return cache.__class__.__name__ == "DatabaseCache"
