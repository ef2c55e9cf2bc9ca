from django.contrib import admin
from django.db.models import Q

from duplicate import models, services


@admin.register(models.Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["name", "date", "code", "kind", "status"]
    list_filter = ["code", "kind", "status"]
    search_fields = ["name"]


@admin.register(models.Section)
class SectionAdmin(admin.ModelAdmin):
    list_display = ["event", "letter", "movement_kind", "tables", "boards_per_round"]
    list_select_related = ["event"]


@admin.register(models.Board)
class BoardAdmin(admin.ModelAdmin):
    list_display = ["event", "number", "dealer", "deal"]
    list_select_related = ["event"]
    list_filter = ["event"]


class TouchesStandings:
    """Names shown on the standings changed through the admin: bump the events' results version."""

    def event_ids(self, obj):  # type: ignore[no-untyped-def]
        return [obj.event_id]

    def save_model(self, request, obj, form, change):  # type: ignore[no-untyped-def]
        super().save_model(request, obj, form, change)  # type: ignore[misc]
        services.event_results_touch(event_ids=self.event_ids(obj))


@admin.register(models.Player)
class PlayerAdmin(TouchesStandings, admin.ModelAdmin):
    search_fields = ["name"]

    def event_ids(self, obj):  # type: ignore[no-untyped-def]
        return list(
            models.Pair.objects.filter(Q(player1=obj) | Q(player2=obj)).values_list("event_id", flat=True)
        )


@admin.register(models.Team)
class TeamAdmin(TouchesStandings, admin.ModelAdmin):
    list_display = ["event", "name"]
    list_select_related = ["event"]


@admin.register(models.Pair)
class PairAdmin(TouchesStandings, admin.ModelAdmin):
    list_display = ["event", "section", "number", "player1", "player2", "team"]
    list_select_related = ["event", "section", "player1", "player2", "team"]
    list_filter = ["event"]
    raw_id_fields = ["player1", "player2"]


@admin.register(models.Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["section", "number", "agreed_at", "agreed_by"]
    list_select_related = ["section__event", "agreed_by"]


@admin.register(models.Seating)
class SeatingAdmin(admin.ModelAdmin):
    list_display = ["round", "table", "ns", "ew"]
    list_select_related = ["round", "ns", "ew"]


class ReadOnlyAdmin(admin.ModelAdmin):
    """Results are written only through the result service (scored, versioned, recorded under law E);
    the admin shows them and their history but cannot change them."""

    def has_add_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False

    def has_change_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False

    def has_delete_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False


@admin.register(models.Play)
class PlayAdmin(ReadOnlyAdmin):
    list_display = ["event", "board", "ns_pair", "ew_pair", "contract", "declarer", "tricks", "net_ns"]
    list_select_related = ["event", "board", "ns_pair", "ew_pair"]
    list_filter = ["event"]
    raw_id_fields = ["seating", "board", "ns_pair", "ew_pair"]


@admin.register(models.PlayChange)
class PlayChangeAdmin(ReadOnlyAdmin):
    list_display = ["play", "who", "at", "reason"]
    raw_id_fields = ["play"]


@admin.register(models.TableToken)
class TableTokenAdmin(admin.ModelAdmin):
    list_display = ["section", "table", "revoked", "created_at"]
    list_select_related = ["section__event"]
