"""The matches of an event of matches (a round-robin league, Swiss teams, Swiss pairs; docs/leagues.md).

A Match is one meeting of a round: ``home`` against ``away`` at ``table`` (``away`` None: ``home``'s bye).
Its result is its boards' (the plays of its tables, scored by IMPs and converted to VPs) unless the director
entered it as a whole: ``entered`` "imps" (each side's IMPs, converted) or "vps" (each side's VPs, in
hundredths).  A DrawChange records a director's swap of two pairings before play.
"""

from __future__ import annotations

from typing import ClassVar

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy

from duplicate.models import BYE_VP100_MAX, Event, Team


class Entered(models.TextChoices):
    BOARDS = "", gettext_lazy("From its boards")
    IMPS = "imps", gettext_lazy("As IMPs")
    VPS = "vps", gettext_lazy("As VPs")


#: The most IMPs a side may be given in a match's whole result.
MATCH_IMPS_MAX = 9999


class Match(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="matches")
    round = models.PositiveSmallIntegerField()
    table = models.PositiveSmallIntegerField()  # 0 for a bye
    home = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    away = models.ForeignKey(Team, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    entered = models.CharField(max_length=4, choices=Entered.choices, blank=True, default="")
    home_imps = models.PositiveSmallIntegerField(null=True, blank=True)
    away_imps = models.PositiveSmallIntegerField(null=True, blank=True)
    home_vp100 = models.PositiveSmallIntegerField(null=True, blank=True)
    away_vp100 = models.PositiveSmallIntegerField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering: ClassVar[list[str]] = ["event_id", "round", "table", "id"]
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["event", "round", "home"], name="match_home_once_a_round"),
            models.UniqueConstraint(fields=["event", "round", "away"], name="match_away_once_a_round"),
            models.UniqueConstraint(
                fields=["event", "round", "table"], condition=Q(table__gte=1), name="match_table_once_a_round"
            ),
            models.CheckConstraint(condition=Q(round__gte=1), name="match_round_positive"),
            models.CheckConstraint(condition=~Q(home=F("away")), name="match_two_sides"),
            models.CheckConstraint(
                condition=Q(away__isnull=True, table=0) | Q(away__isnull=False, table__gte=1),
                name="match_bye_has_no_table",
            ),
            models.CheckConstraint(condition=Q(entered__in=Entered.values), name="match_entered_valid"),
            models.CheckConstraint(
                condition=Q(home_imps__isnull=True) | Q(home_imps__lte=MATCH_IMPS_MAX),
                name="match_home_imps_range",
            ),
            models.CheckConstraint(
                condition=Q(away_imps__isnull=True) | Q(away_imps__lte=MATCH_IMPS_MAX),
                name="match_away_imps_range",
            ),
            models.CheckConstraint(
                condition=Q(home_vp100__isnull=True) | Q(home_vp100__lte=BYE_VP100_MAX),
                name="match_home_vps_range",
            ),
            models.CheckConstraint(
                condition=Q(away_vp100__isnull=True) | Q(away_vp100__lte=BYE_VP100_MAX),
                name="match_away_vps_range",
            ),
        ]

    def __str__(self) -> str:
        return f"Round {self.round}, table {self.table}"


class DrawChange(models.Model):
    """A director's change to a round's draw before play: two pairings swapped (``before`` and ``after`` as
    the pages say them)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="draw_changes")
    round = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    who = models.CharField(max_length=150)
    at = models.DateTimeField(auto_now_add=True)
    before = models.CharField(max_length=400)
    after = models.CharField(max_length=400)

    class Meta:
        ordering: ClassVar[list[str]] = ["event_id", "round", "at", "id"]

    def __str__(self) -> str:
        return f"Round {self.round}: {self.before} -> {self.after}"
