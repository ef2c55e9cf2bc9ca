from django.apps import AppConfig


class DuplicateConfig(AppConfig):
    name = "duplicate"
    verbose_name = "Duplicate events"
