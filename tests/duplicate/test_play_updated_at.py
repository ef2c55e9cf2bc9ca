"""``Play.updated_at``: when the play's result was last changed, moved by every save of a result (the save
writes with ``update()``, which ``auto_now`` does not reach)."""

from __future__ import annotations

import pytest
from django.utils import timezone

from duplicate import services
from duplicate.models import Play, PlayChange
from tests.factories import make_event

pytestmark = pytest.mark.django_db

TD = services.Writer(name="td", is_director=True)


def save(play: Play, data: dict | None, **extra) -> Play:
    services.play_result_save(play=play, data=data, writer=TD, expected_version=play.version, **extra)
    return Play.objects.get(pk=play.pk)


def test_each_save_of_a_result_moves_updated_at():
    event = make_event()
    play = Play.objects.filter(event=event).order_by("pk").first()
    created = play.updated_at
    before_save = timezone.now()
    assert created <= before_save
    play = save(play, {"contract": "4H", "declarer": "N", "tricks": 10})
    assert play.updated_at >= before_save  # moved on from its creation
    before_correction = timezone.now()
    play = save(play, {"contract": "4H", "declarer": "N", "tricks": 9}, reason="a trick miscounted")
    assert play.updated_at >= before_correction
    before_clearing = timezone.now()
    play = save(play, None, reason="entered at the wrong table")
    assert play.updated_at >= before_clearing
    assert PlayChange.objects.filter(play=play).count() == 3


def test_a_save_that_changes_nothing_leaves_updated_at():
    event = make_event()
    play = save(Play.objects.filter(event=event).order_by("pk").first(), {"contract": "pass"})
    saved = play.updated_at
    play = save(play, {"contract": "pass"})
    assert play.updated_at == saved
