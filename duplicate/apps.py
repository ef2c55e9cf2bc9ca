from django.apps import AppConfig
from django.core.signals import request_finished, request_started
from django.utils.translation import gettext, ngettext

from scoring import errors


class DuplicateConfig(AppConfig):
    name = "duplicate"
    verbose_name = "Duplicate events"

    def ready(self) -> None:
        from duplicate import caching  # noqa: PLC0415 - the app's modules load once the apps are ready

        # What the page cache notes within one request (a cache that failed is not asked again in it).
        request_started.connect(caching.request_began, dispatch_uid="duplicate.caching.request_began")
        request_finished.connect(caching.request_ended, dispatch_uid="duplicate.caching.request_ended")
        # The scoring engine knows no Django: its messages (errors, the "Is this right?" sentences, the
        # round clock) are translated through this hook, in the language in use when they are shown.
        errors.set_translation(gettext, ngettext)
