from typing import Any

from django import forms
from django.contrib import admin
from django.contrib.auth import get_permission_codename
from django.db.models import Q
from django.utils.translation import ngettext

from duplicate import models, services
from duplicate.forms.entry import beside_field
from duplicate.services.championships import championship_touch
from duplicate.services.sign_in import sign_in_counters_clear
from scoring.contests.carry_over import carry_fraction, carry_fraction_written
from scoring.errors import ContestError

#: An event of matches' settings (a round robin's or a Swiss's), shown but not changed in the admin.
MATCH_SETTINGS = ("boards_per_match", "rounds_planned", "bye_vp100", "match_scoring")


class TouchesStandings(admin.ModelAdmin):
    """What the standings pages show changed through the admin (names, a board's dealer or hands, a section's
    movement, a round agreed): bump the events' results version, on a save and on a delete, so that every
    process works its pages out again (the version keys everything cached, see duplicate/caching.py)."""

    def event_ids(self, obj: Any) -> list[int]:
        return [obj.event_id]

    def save_model(self, request: Any, obj: Any, form: Any, change: bool) -> None:
        """Everything the form changed but a results version, which only writes move on (``F() + 1``):
        saving the version this form loaded would take it back and bring old cached pages back with it."""
        if change:
            obj.save(update_fields=[f for f in form.changed_data if f != "results_version"])
        else:
            obj.save()
        services.event_results_touch(event_ids=self.event_ids(obj))

    def delete_model(self, request, obj):
        ids = self.event_ids(obj)
        super().delete_model(request, obj)
        services.event_results_touch(event_ids=ids)

    def delete_queryset(self, request, queryset):
        ids = sorted({pk for obj in queryset for pk in self.event_ids(obj)})
        super().delete_queryset(request, queryset)
        services.event_results_touch(event_ids=ids)


class EventAdminForm(forms.ModelForm):
    """The event's fields, law 12C2's IMPs of average plus checked against its contest by the rule the new-event
    form and an event file's import apply (``services.average_plus_for``): an event the admin saves is one
    its own export can import again.  (Its model and fields are the admin's, every field but those read
    only.)"""

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if "contest" in self.errors:
            return data
        if self.instance.championship_id is not None and {"code", "kind", "contest"} & set(self.changed_data):
            # services.championships: every session is scored alike, its figures added to the others'
            self.add_error(None, "A session of a championship is scored as its other sessions are.")
            return data
        contest = data.get("contest", self.instance.contest)  # read only: the event's own
        if "butler_drop" in data and "butler_halves" in data:  # Butler's datum: services.butler_datum_for
            try:
                data["butler_drop"], data["butler_halves"] = services.butler_datum_for(
                    contest=contest, drop=data["butler_drop"], halves=data["butler_halves"]
                )
            except services.ServiceError as exc:
                self.add_error("butler_drop", beside_field(str(exc)))
        if "average_plus_imps" not in data:
            return data
        try:
            data["average_plus_imps"] = services.average_plus_for(
                contest=contest, value=data["average_plus_imps"]
            )
        except services.ServiceError as exc:
            self.add_error("average_plus_imps", beside_field(str(exc)))
        return data


@admin.register(models.Event)
class EventAdmin(TouchesStandings):
    form = EventAdminForm
    list_display = ("name", "date", "code", "kind", "status")
    list_filter = ("code", "kind", "status")
    search_fields = ("name",)

    def event_ids(self, obj: Any) -> list[int]:
        return [obj.pk]

    def get_readonly_fields(self, request, obj=None):
        """The scoring code and the contest kind are fixed once a result is in: the stored scores were made
        under them (changing auction-1915 to auction-1913 would keep a passed-out deal that 1913 law 42
        forbids, and no result would be rescored)."""
        # A session is attached on its championship's page; a league's or a Swiss's settings are its own
        # form's (teams.services: its rounds are laid out on them).
        # The opponents' confirmation, opening leads and the round clock are set on the event's page through
        # their services (leads only at contract bridge; a clock started at a round and a time, or neither).
        at_the_table = ["confirm_results", "lead_cards", "round_minutes", "clock_round", "clock_started_at"]
        fixed = ["results_version", "championship", "session", *MATCH_SETTINGS, *at_the_table]
        if obj is not None and models.Play.objects.filter(event=obj, entered=True).exists():
            return [*fixed, "code", "kind"]
        return fixed


class ChampionshipAdminForm(forms.ModelForm):
    """A championship's fields, the share carried checked as the new-championship form checks it
    (``scoring.contests.carry_over.carry_fraction``) and kept blank unless the qualifying session is carried."""

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("carry_over") != models.CarryOver.CARRY:
            data["carry_fraction"] = ""
            return data
        try:
            carry_fraction(data.get("carry_fraction") or "")
        except ContestError as exc:
            self.add_error("carry_fraction", beside_field(str(exc)))
        else:
            data["carry_fraction"] = carry_fraction_written(data["carry_fraction"])
        return data


@admin.register(models.Championship)
class ChampionshipAdmin(admin.ModelAdmin):
    """A championship; its sessions are attached on its own page (the rules of ``services.championships``).
    A change bumps its results version, which keys its overall pages in the cache."""

    form = ChampionshipAdminForm
    list_display = ("name", "date", "carry_over", "carry_fraction")
    search_fields = ("name",)
    readonly_fields = ("results_version",)

    def has_delete_permission(self, request: Any, obj: Any = None) -> bool:
        """Not while it has a session: deleting it would delete every session's event with it (CASCADE); its
        page takes the sessions out first."""
        if obj is not None and obj.sessions.exists():
            return False
        return super().has_delete_permission(request, obj)

    def get_actions(self, request: Any) -> Any:
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)  # one by one, each checked above
        return actions

    def save_model(self, request: Any, obj: Any, form: Any, change: bool) -> None:
        if change:  # the share is blanked by the form's clean when no longer carried: saved too
            obj.save(
                update_fields=[f for f in {*form.changed_data, "carry_fraction"} if f != "results_version"]
            )
        else:
            obj.save()
        championship_touch(championship=obj)


@admin.register(models.Section)
class SectionAdmin(TouchesStandings):
    list_display = ("event", "letter", "movement_kind", "tables", "boards_per_round")
    list_select_related = ("event",)


@admin.register(models.Board)
class BoardAdmin(TouchesStandings):
    """The hands are shown, never changed, here: new hands change honours and so scores, which the boards
    page applies as law E corrections after the director confirms them (``board_deals_set``)."""

    list_display = ("event", "number", "dealer", "deal")
    list_select_related = ("event",)
    list_filter = ("event",)
    readonly_fields = ("deal", "results_version")

    def save_model(self, request: Any, obj: Any, form: Any, change: bool) -> None:
        """The event's row locked before the board's, in the order a result's save takes them."""
        services.event_lock(event_id=obj.event_id)
        super().save_model(request, obj, form, change)


@admin.register(models.Player)
class PlayerAdmin(TouchesStandings):
    """The roster's own pages (/players/) check numbers and merge or erase; the admin is for looking."""

    list_display = ("name", "number", "body", "club_number", "public_name", "erased_at")
    search_fields = ("name", "number", "club_number")

    def event_ids(self, obj: Any) -> list[int]:
        return list(
            models.Pair.objects.filter(Q(player1=obj) | Q(player2=obj)).values_list("event_id", flat=True)
        )


@admin.register(models.Team)
class TeamAdmin(TouchesStandings):
    list_display = ("event", "name")
    list_select_related = ("event",)


@admin.register(models.Pair)
class PairAdmin(TouchesStandings):
    list_display = ("event", "section", "number", "player1", "player2", "team")
    list_select_related = ("event", "section", "player1", "player2", "team")
    list_filter = ("event",)
    raw_id_fields = ("player1", "player2")


@admin.register(models.Round)
class RoundAdmin(TouchesStandings):
    list_display = ("section", "number", "agreed_at", "agreed_by")
    list_select_related = ("section__event", "agreed_by")

    def event_ids(self, obj: Any) -> list[int]:
        return [obj.section.event_id]


@admin.register(models.Seating)
class SeatingAdmin(TouchesStandings):
    list_display = ("round", "table", "ns", "ew")
    list_select_related = ("round", "ns", "ew")

    def event_ids(self, obj: Any) -> list[int]:
        return [obj.round.section.event_id]


class ReadOnlyAdmin(admin.ModelAdmin):
    """Results are written only through the result service (scored, versioned, recorded under law E);
    the admin shows them and their history but cannot change them."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(models.Play)
class PlayAdmin(ReadOnlyAdmin):
    list_display = ("event", "board", "ns_pair", "ew_pair", "contract", "declarer", "tricks", "net_ns")
    list_select_related = ("event", "board", "ns_pair", "ew_pair")
    list_filter = ("event",)
    raw_id_fields = ("seating", "board", "ns_pair", "ew_pair")


@admin.register(models.PlayChange)
class PlayChangeAdmin(ReadOnlyAdmin):
    list_display = ("play", "who", "at", "reason")
    raw_id_fields = ("play",)


@admin.register(models.TableToken)
class TableTokenAdmin(admin.ModelAdmin):
    list_display = ("section", "table", "revoked", "created_at")
    list_select_related = ("section__event",)


@admin.register(models.Club)
class ClubAdmin(TouchesStandings):
    """The club's one row; its own page is /players/club/."""

    list_display = ("name", "number", "public_name")

    def event_ids(self, obj: Any) -> list[int]:
        return list(models.Event.objects.values_list("pk", flat=True))  # the default name shown: every event


@admin.register(models.Standing)
class StandingAdmin(ReadOnlyAdmin):
    """Published when an event is finished (``services.standings.event_standings_publish``), never typed in."""

    list_display = ("event", "pair", "ranking", "place", "tied", "of", "score", "percentage")
    list_select_related = ("event", "pair")
    list_filter = ("event",)


@admin.register(models.DealAnalysis)
class DealAnalysisAdmin(ReadOnlyAdmin):
    """Worked out from the deal (``services.deal_analyses_compute``), never typed in."""

    list_display = ("deal", "tricks", "computed_at")
    search_fields = ("deal",)


@admin.register(models.SignInSlot)
class SignInSlotAdmin(ReadOnlyAdmin):
    """The sign-in throttle's counted attempts (``duplicate.security``): shown, never typed in, changed or
    deleted row by row. The action "Clear these sign-in counters" (``services.sign_in_counters_clear``) gives
    back every attempt of the counters chosen, letting their sign-ins through again before the window ends (a
    director locked out by a mistyped password at a shared address): offered to those with the model's delete
    permission alone (superusers have it)."""

    list_display = ("counter", "window", "slot", "expires")
    list_filter = ("window",)
    actions = ("clear_counters",)

    @admin.action(description="Clear these sign-in counters", permissions=["clear"])
    def clear_counters(self, request: Any, queryset: Any) -> None:
        given_back = sign_in_counters_clear(slot_ids=list(queryset.values_list("pk", flat=True)))
        self.message_user(
            request,
            ngettext(
                "Cleared: %(count)d sign-in attempt given back.",
                "Cleared: %(count)d sign-in attempts given back.",
                given_back,
            )
            % {"count": given_back},
        )

    def has_clear_permission(self, request: Any) -> bool:
        """The model's delete permission (``duplicate.delete_signinslot``)."""
        codename = get_permission_codename("delete", self.opts)
        return bool(request.user.has_perm(f"{self.opts.app_label}.{codename}"))
