from django.apps import AppConfig


class TeamsConfig(AppConfig):
    name = "teams"
    verbose_name = "Team matches (law G)"

    def ready(self) -> None:
        """The event files of the events of matches, read and written through duplicate's event file path
        (duplicate does not import this app)."""
        from duplicate.services.eventfile import FILE_KINDS  # noqa: PLC0415 - apps are ready
        from teams.eventfile_matches import file_kinds, matches_export, matches_import  # noqa: PLC0415

        for kind in file_kinds():
            FILE_KINDS[kind] = (matches_import, matches_export)
