"""Settings for the benchmark's throwaway database: production settings (DEBUG off) with plain static
storage (no collectstatic manifest needed). The database comes from DATABASE_URL, which ``bench.run`` points
at a temporary SQLite file or a scratch PostgreSQL database; never the developer's db.sqlite3."""

import os
import warnings

os.environ.setdefault("SECRET_KEY", "bench-only-secret-key-not-for-production-0123456789abcdef")
os.environ.setdefault("SECURE_SSL_REDIRECT", "0")
os.environ.setdefault("SESSION_COOKIE_SECURE", "0")
os.environ.setdefault("CSRF_COOKIE_SECURE", "0")
os.environ.setdefault("ALLOWED_HOSTS", "127.0.0.1,testserver")
# The double-dummy solver (a thread after hands are attached) would run beside what is measured.
os.environ.setdefault("DEAL_ANALYSIS_IN_BACKGROUND", "0")
if not os.environ.get("DATABASE_URL"):
    raise RuntimeError("bench.settings: DATABASE_URL must point at the throwaway bench database")

from config.settings import *  # noqa: F403
from config.settings import STORAGES

STORAGES = {**STORAGES, "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}

# No collectstatic in a throwaway run: whitenoise's "No directory at .../staticfiles/" is expected.
warnings.filterwarnings("ignore", message="No directory at")
