"""The admin's read-only view of an event of matches' rows: a match's result is entered on its event's page
and a draw changed there (``teams.services``), where the rounds' tables and the caches follow; here they are
only looked at."""

from __future__ import annotations

from typing import Any

from django.contrib import admin

from teams import models


class ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request: Any) -> bool:
        return False

    def has_change_permission(self, request: Any, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: Any, obj: Any = None) -> bool:
        return False


@admin.register(models.Match)
class MatchAdmin(ReadOnly):
    list_display = ("event", "round", "table", "home", "away", "entered")
    list_filter = ("entered",)
    list_select_related = ("event", "home", "away")


@admin.register(models.DrawChange)
class DrawChangeAdmin(ReadOnly):
    list_display = ("event", "round", "who", "at", "before", "after")
    list_select_related = ("event",)
