"""Two devices save the same board at the same table at the same moment (PostgreSQL: real row locks).

Both read version N, a barrier lets them save together: exactly one succeeds, the other is told the row
changed (ConflictError carrying the stored result), and one PlayChange row is written.
"""

from __future__ import annotations

import threading

import pytest
from django.db import connection, connections

from duplicate import services
from duplicate.models import Play, PlayChange
from tests.conftest import make_event

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="needs PostgreSQL: SQLite has no row locks and serialises whole-database writes "
    "(run with DATABASE_URL=postgres://...)",
)
def test_two_threads_save_the_same_board_one_wins_one_is_told():
    event = make_event()
    play = Play.objects.filter(event=event).order_by("pk").first()
    version = play.version
    barrier = threading.Barrier(2, timeout=10)
    results: dict[str, object] = {}

    def device(name: str, data: dict) -> None:
        try:
            mine = Play.objects.get(pk=play.pk)  # both read version N
            assert mine.version == version
            barrier.wait()
            services.play_result_save(
                play=mine,
                data=data,
                writer=services.Writer(name=name, is_director=False),
                expected_version=version,
            )
            results[name] = "saved"
        except services.ConflictError as exc:
            results[name] = exc
        except Exception as exc:  # pragma: no cover - reported by the assertions below
            results[name] = repr(exc)
        finally:
            connections.close_all()

    threads = [
        threading.Thread(target=device, args=("phone", {"contract": "4H", "declarer": "N", "tricks": 10})),
        threading.Thread(target=device, args=("tablet", {"contract": "3NT", "declarer": "S", "tricks": 9})),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    assert sorted(type(r).__name__ if not isinstance(r, str) else r for r in results.values()) == [
        "ConflictError",
        "saved",
    ], results
    winner = next(name for name, r in results.items() if r == "saved")
    loser = next(r for r in results.values() if isinstance(r, services.ConflictError))
    stored = Play.objects.get(pk=play.pk)
    assert stored.version == version + 1
    assert loser.current.version == version + 1  # the loser is shown the stored result
    assert loser.current.contract == stored.contract
    assert "changed on another device" in str(loser)
    changes = list(PlayChange.objects.filter(play=play))
    assert len(changes) == 1
    assert changes[0].who == winner
    assert stored.contract == {"phone": "4H", "tablet": "3NT"}[winner]
