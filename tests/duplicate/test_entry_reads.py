"""The table link's reads, written as plain SQL (``selectors.entry.current_seating`` and ``seating_plays``),
against the same reads through the ORM, in every state a table's rounds pass through: nothing in, a round
in, a round agreed, every round in, every round agreed; with the players' names and without, a pair with no
second player."""

from __future__ import annotations

from typing import Any

import pytest
from django.db.models import Count, Prefetch, Q
from django.forms.models import model_to_dict

from duplicate import services
from duplicate.models import Play, PlayChange, Round, Seating, Section
from duplicate.selectors import entry as sel
from tests.conftest import make_event
from tests.duplicate.test_entry import enter

pytestmark = pytest.mark.django_db

NAMES = ("round__agreed_by", "ns__player1", "ns__player2", "ew__player1", "ew__player2")


def orm_seating(section: Section, table: int, *, names: bool) -> Seating | None:
    seatings = list(
        Seating.objects.filter(round__section_id=section.pk, table=table, round__agreed_at__isnull=True)
        .annotate(n_total=Count("plays"), n_entered=Count("plays", filter=Q(plays__entered=True)))
        .select_related(*(NAMES if names else ("round", "ns", "ew")))
        .order_by("round__number")
    )
    return next((s for s in seatings if s.n_entered < s.n_total), seatings[-1] if seatings else None)


def shown(seating: Seating | None, *, names: bool) -> Any:
    """What the pages and the services read of a seating."""
    if seating is None:
        return None
    out: tuple[Any, ...] = (
        model_to_dict(seating),
        model_to_dict(seating.round),
        model_to_dict(seating.ns),
        model_to_dict(seating.ew),
        seating.n_total,  # type: ignore[attr-defined]
        seating.n_entered,  # type: ignore[attr-defined]
    )
    if names:
        players = [getattr(pair, p) for pair in (seating.ns, seating.ew) for p in ("player1", "player2")]
        out += (seating.round.agreed_by, [player and model_to_dict(player) for player in players])
    return out


def orm_plays(seating: Seating) -> list[Play]:
    changes = Prefetch("changes", queryset=PlayChange.objects.order_by("at", "id"))
    plays = Play.objects.filter(seating_id=seating.pk).select_related("board").prefetch_related(changes)
    return list(plays.order_by("board__number"))


def plays_shown(plays: list[Play]) -> list[Any]:
    return [(model_to_dict(p), model_to_dict(p.board), [c.pk for c in p.changes.all()]) for p in plays]


def assert_same_reads(section: Section) -> None:
    for table in range(1, section.tables + 1):
        for names in (True, False):
            ours = sel.current_seating(section, table, names=names)
            assert shown(ours, names=names) == shown(orm_seating(section, table, names=names), names=names)
            if ours is not None:
                plays = sel.seating_plays(ours)
                assert plays_shown(plays) == plays_shown(orm_plays(ours))
                assert all(p.seating is ours and p.ns_pair is ours.ns and p.ew_pair is ours.ew for p in plays)


def test_the_plain_sql_reads_are_the_orms_in_every_state_of_a_tables_rounds():
    event = make_event(tables=3)
    section = event.sections.get()
    pair = event.pairs.order_by("pk").first()
    services.pair_names_update(pair=pair, player1="Ely Culbertson", player2="")  # no second player
    assert_same_reads(section)  # nothing in: round 1 everywhere
    for play in Play.objects.filter(event=event, seating__round__number=1):
        enter(play, {"contract": "PASS"})
    assert_same_reads(section)  # round 1 in: round 2
    services.round_agree(round=Round.objects.get(section=section, number=1), user_id=None)
    assert_same_reads(section)  # round 1 agreed: no longer read
    for play in Play.objects.filter(event=event, seating__table=2, entered=False):
        enter(play, {"contract": "1C", "declarer": "N", "tricks": 7})
    assert_same_reads(section)  # table 2's every round in: its last round not agreed
    for rnd in Round.objects.filter(section=section, agreed_at__isnull=True):
        services.round_agree(round=rnd, user_id=None)
    assert_same_reads(section)  # every round agreed: none
    assert sel.current_seating(section, 2) is None
