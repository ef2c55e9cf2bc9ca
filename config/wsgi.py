"""WSGI entry point: `gunicorn config.wsgi`."""

import os
from importlib import import_module

from django.conf import settings
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()
# Every view imported now, as the worker starts (or once in gunicorn's master with --preload), not by the
# first request each worker serves: that request would wait a second or more on a busy host.
import_module(settings.ROOT_URLCONF)
