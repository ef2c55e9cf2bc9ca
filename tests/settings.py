"""Test settings: production settings (DEBUG off) with a throwaway key, no HTTPS redirect, fast hashing."""

import os

os.environ.setdefault("SECRET_KEY", "tests-only-secret-key-not-for-production-0123456789abcdef")
os.environ.setdefault("SECURE_SSL_REDIRECT", "0")
os.environ.setdefault("SESSION_COOKIE_SECURE", "0")
os.environ.setdefault("CSRF_COOKIE_SECURE", "0")
os.environ.setdefault("ALLOWED_HOSTS", "testserver,localhost,127.0.0.1")

from duplicate.settings import *  # noqa: E402,F403
from duplicate.settings import STORAGES  # noqa: E402

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STORAGES = {**STORAGES, "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}
WHITENOISE_AUTOREFRESH = True  # no collectstatic in tests: serve from the finders
SHARED_PARTS_DIR = (
    ""  # each test process works its parts out itself (tests/duplicate/test_shared.py turns it on)
)
