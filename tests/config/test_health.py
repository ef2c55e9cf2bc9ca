"""GET /healthz: the database and the cache each "ok" or "unavailable"; 503 only when the database is down (a
cache down leaves every page served, worked out in the request)."""

from __future__ import annotations

import pytest
from django.db import OperationalError, connection
from django.test import override_settings

from tests.factories import make_event

pytestmark = pytest.mark.django_db

DEAD_REDIS = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": "redis://127.0.0.1:1/0",  # nothing listens on port 1: refused at once
        "OPTIONS": {"socket_connect_timeout": 0.2, "socket_timeout": 0.2},
    }
}


def test_healthy_is_200_with_both_ok(client, django_assert_max_num_queries):
    with django_assert_max_num_queries(0, info="the health check's own queries (the cache's aside)"):
        response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"database": "ok", "cache": "ok"}
    assert "no-cache" in response["Cache-Control"]


def test_the_same_queries_whatever_the_data(client, django_assert_max_num_queries):
    for _ in range(3):
        make_event(tables=3)
    with django_assert_max_num_queries(0):
        assert client.get("/healthz").status_code == 200


def test_a_cache_down_is_still_200_and_says_so(client):
    with override_settings(CACHES=DEAD_REDIS):
        response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"database": "ok", "cache": "unavailable"}


def test_a_database_down_is_503(client, monkeypatch):
    def refused() -> None:
        raise OperationalError("connection refused")

    monkeypatch.setattr(connection, "ensure_connection", refused)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["database"] == "unavailable"


def test_only_reads_are_answered(client):
    assert client.post("/healthz").status_code == 405
    assert client.head("/healthz").status_code == 200


@override_settings(SECURE_SSL_REDIRECT=True)
def test_answered_on_plain_http_where_everything_else_is_redirected(client):
    # The settings exempt it when DEBUG is off (config/settings.py): a probe from inside asks on plain http.
    assert client.get("/healthz").status_code == 200
    assert client.get("/").status_code == 301
