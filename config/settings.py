"""Kalamazoo settings, read from the environment (twelve-factor, after cookiecutter-django).

DATABASE_URL   database (default: SQLite file db.sqlite3 at the repository root)
REDIS_URL      the cache: Redis at this address (redis://host:6379/0); unset, Django's database cache
               (the table kalamazoo_cache, made by `manage.py migrate`)
REDIS_TIMEOUT  seconds to connect to Redis and to wait for each reply before a page is worked out without it
               (default 0.25)
SECRET_KEY     required when DEBUG is off
DEBUG          "1"/"true" to turn on development mode (default off)
ALLOWED_HOSTS  comma-separated host names (default: localhost names in DEBUG)
CSRF_TRUSTED_ORIGINS  comma-separated origins (https://scores.example.org) for forms posted through a proxy
STATIC_ROOT    where collectstatic puts the static files (default: staticfiles/ at the repository root)
DB_PREPARED_STATEMENTS  "0" behind a pooler in transaction mode (PostgreSQL; default on)
DEAL_ANALYSIS_IN_BACKGROUND  "0": hands attached are not analysed double dummy in a thread (analyse_hands only)
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent
# An installed copy (the wheel, `kalamazoo serve`) carries the repository's templates/, static/ and locale/ inside this
# package (pyproject.toml's package-dir); a clone has them at its root.
_PACKAGE_DIR = Path(__file__).resolve().parent
TEMPLATES_DIR = (
    _PACKAGE_DIR / "templates" if (_PACKAGE_DIR / "templates").is_dir() else BASE_DIR / "templates"
)
STATIC_SOURCE_DIR = _PACKAGE_DIR / "static" if (_PACKAGE_DIR / "static").is_dir() else BASE_DIR / "static"


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if not value:
        return default
    return [part.strip() for part in value.split(",") if part.strip()]


DEBUG = env_bool("DEBUG", False)

_DEV_SECRET_KEY = "django-insecure-kalamazoo-development-only-never-in-production"
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "SECRET_KEY is not set. Set SECRET_KEY in the environment (or DEBUG=1 for development)."
        )
    SECRET_KEY = _DEV_SECRET_KEY

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_tables2",
    "duplicate",
    "teams",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Content-Security-Policy and Permissions-Policy on every response; NUL in the address refused (400).
    "duplicate.security.SecurityHeadersMiddleware",
    "duplicate.security.RejectNullCharactersMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "duplicate.middleware.DatabaseUnavailableMiddleware",
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [TEMPLATES_DIR],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # A club laptop with several devices saving at once: wait for the write lock rather than fail, and take
    # it at the start of each transaction (a deferred transaction cannot upgrade to a write lock while another
    # connection writes: "database is locked" at once, whatever the timeout).
    DATABASES["default"].setdefault("OPTIONS", {}).update(timeout=20, transaction_mode="IMMEDIATE")
    DATABASES["default"]["CONN_MAX_AGE"] = 0
elif (
    DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"
    and os.environ.get("DB_PREPARED_STATEMENTS", "1") == "1"
):
    # Parameters bound by the server, and a statement run five times on a connection prepared: the entry and
    # standings queries are planned once per connection, not on every request. Behind a pooler in
    # transaction mode (pgbouncer), set DB_PREPARED_STATEMENTS=0.
    DATABASES["default"].setdefault("OPTIONS", {}).update(server_side_binding=True, prepare_threshold=5)

# One cache for every worker on every host (Django's cache framework): the pages worked out per results version
# live here, never in a process's memory. Redis when REDIS_URL is set; otherwise a table in the database, which
# needs nothing else running (made by `manage.py migrate`). When the cache fails (stopped, not answering within
# REDIS_TIMEOUT, its table missing) pages are worked out in the request and a warning is logged
# (duplicate.caching); the sign-in counters are in the database, never in the cache (duplicate.security).
REDIS_URL = os.environ.get("REDIS_URL", "")
# Seconds to connect to Redis, and to wait for each of its replies, before a page is worked out without it
# (redis-py's socket_connect_timeout and socket_timeout; its default, 5 s, held every request that long).
REDIS_TIMEOUT = float(os.environ.get("REDIS_TIMEOUT", "0.25"))
CACHE_TABLE = "kalamazoo_cache"
REDIS_CACHE: dict[str, Any] = {
    "BACKEND": "django.core.cache.backends.redis.RedisCache",
    "LOCATION": REDIS_URL,
    "KEY_PREFIX": os.environ.get("CACHE_KEY_PREFIX", "kalamazoo"),
    # Passed to redis-py's connection pool: no retries (the pool's default), and a short wait.
    "OPTIONS": {"socket_connect_timeout": REDIS_TIMEOUT, "socket_timeout": REDIS_TIMEOUT},
}
DATABASE_CACHE: dict[str, Any] = {
    "BACKEND": "django.core.cache.backends.db.DatabaseCache",
    "LOCATION": CACHE_TABLE,
    # Culled a third at a time past this many rows (Django's default, 300, is a few events' pages).
    "OPTIONS": {"MAX_ENTRIES": int(os.environ.get("CACHE_MAX_ENTRIES", "20000"))},
}
CACHES: dict[str, dict[str, Any]] = {"default": REDIS_CACHE if REDIS_URL else DATABASE_CACHE}

# How old a page a visitor may be served while a write's new one is worked out (seconds; a director always gets
# the latest): at many writes a second each page is worked out about twice in this time instead of once a write.
RESULTS_STALE_SECONDS = float(os.environ.get("RESULTS_STALE_SECONDS", "1.0"))
# An event of more results than this has its downloads (all but the standings: the printouts, the workbook,
# the results and hands files, USEBIO, the event file) made in the background (a big event's workbook takes
# seconds of a worker's CPU), the download page saying so until the file is ready; a visitor
# meanwhile gets the one made before, if any.
BACKGROUND_RESULTS = int(os.environ.get("BACKGROUND_RESULTS", "5000"))
# How old (seconds, from when its making began) a file made in the background may be before a visitor's download
# starts the next one: during play each result moves the results version on, and each such file is seconds of a
# worker's CPU. Until then a visitor gets the file made before; a director always gets the latest.
BACKGROUND_MIN_AGE = float(os.environ.get("BACKGROUND_MIN_AGE", "30"))
# Hands attached (an upload, an import) are analysed double dummy in a thread once the write commits; off,
# only `manage.py analyse_hands` works the analyses out.
DEAL_ANALYSIS_IN_BACKGROUND = os.environ.get("DEAL_ANALYSIS_IN_BACKGROUND", "1") != "0"

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Pages in the visitor's language: the one chosen with the footer's chooser (config/language.py keeps it in
# Django's language cookie), else the browser's Accept-Language, else British English. The catalogues are locale/'s,
# compiled (.mo) and committed, so nothing needs gettext installed to serve them.
LANGUAGE_CODE = "en-gb"
LANGUAGES = [("en-gb", "English"), ("fr", "Français"), ("pl", "Polski")]
LOCALE_PATHS = [_PACKAGE_DIR / "locale" if (_PACKAGE_DIR / "locale").is_dir() else BASE_DIR / "locale"]
# Kalamazoo's commands (and `kalamazoo serve`) speak the language of the user's environment (LANG=fr_FR.UTF-8:
# French), one of LANGUAGES, else British English (duplicate/management/commands/_language.py). Tests turn it off.
COMMANDS_SPEAK_ENVIRONMENT_LANGUAGE = True
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600  # a club's laptop or a player's phone keeps its language a season
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT") or BASE_DIR / "staticfiles")
STATICFILES_DIRS = [STATIC_SOURCE_DIR]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

DJANGO_TABLES2_TEMPLATE = "django_tables2/table.html"

# Security (python manage.py check --deploy is clean with DEBUG off).
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"
# Director login throttling (duplicate.security): failed sign-ins per username and client address, per username
# from every address, and per client address, in a window.
LOGIN_THROTTLE_ATTEMPTS = int(os.environ.get("LOGIN_THROTTLE_ATTEMPTS", "5"))
LOGIN_THROTTLE_USERNAME_ATTEMPTS = int(os.environ.get("LOGIN_THROTTLE_USERNAME_ATTEMPTS", "20"))
LOGIN_THROTTLE_ADDRESS_ATTEMPTS = int(os.environ.get("LOGIN_THROTTLE_ADDRESS_ATTEMPTS", "20"))
LOGIN_THROTTLE_WINDOW = int(os.environ.get("LOGIN_THROTTLE_WINDOW", str(15 * 60)))
LOGIN_THROTTLE_CLIENT_HEADER = os.environ.get("LOGIN_THROTTLE_CLIENT_HEADER", "")  # e.g. HTTP_X_REAL_IP
if not DEBUG:
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", True)
    CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", True)
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    # The health check (config.health) answers on plain http too: a container's or load balancer's probe
    # asks it from inside, before the TLS proxy.
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
