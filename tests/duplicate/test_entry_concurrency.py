"""Two devices save the same board at the same table at the same moment (PostgreSQL: real row locks).

Both read version N, a barrier lets them save together: exactly one succeeds, the other is told the row
changed (ConflictError carrying the stored result), and one PlayChange row is written.  And a table's save
against the director's agreement of its round (law E): whichever holds the round's lock first goes first.
"""

from __future__ import annotations

import threading

import pytest
from django.db import connection, connections, transaction

from duplicate import services
from duplicate.models import Play, PlayChange, Round
from tests.factories import in_thread as _in_thread
from tests.factories import make_event

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


# --- A table's save and the director's agreement of the same round (law E) --------------------------------

TABLE = services.Writer(name="table 1 (token)", is_director=False)


def _someone_waits_for_a_lock() -> bool:
    """Whether a connection to this test database is waiting for a lock (a row lock held by another)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid "
            "WHERE NOT l.granted AND a.datname = current_database()"
        )
        return cursor.fetchone()[0] > 0


def _until_it_waits_or_ends(thread: threading.Thread) -> bool:
    """Poll until ``thread`` is blocked on a lock (True) or has ended (False); bounded, never a timing."""
    for _ in range(3000):
        if not thread.is_alive():
            return False
        if _someone_waits_for_a_lock():
            return True
        thread.join(timeout=0.01)
    return False


@pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL's row locks")
def test_a_save_while_the_round_is_being_agreed_waits_and_is_refused():
    """The director's agreement is made but not yet committed when a table saves a board of that round: the
    save waits for the agreement and is then refused ("ask the director"); nothing is stored."""
    event = make_event()
    play = Play.objects.select_related("seating__round").filter(event=event).order_by("pk").first()
    round_row = play.seating.round
    agreed, release = threading.Event(), threading.Event()
    results: dict[str, object] = {}

    def agree() -> str:
        with transaction.atomic():
            services.round_agree(round=Round.objects.get(pk=round_row.pk), user_id=None)
            agreed.set()
            release.wait(timeout=30)
        return "agreed"

    director = _in_thread(agree, results, "director")
    assert agreed.wait(timeout=30)
    data = {"contract": "4H", "declarer": "N", "tricks": 10}
    table = _in_thread(
        lambda: services.play_result_save(play=play, data=data, writer=TABLE, expected_version=0),
        results,
        "table",
    )
    waited = _until_it_waits_or_ends(table)
    release.set()
    for thread in (director, table):
        thread.join(timeout=30)

    assert results["director"] == "agreed"
    refused = results["table"]
    assert isinstance(refused, services.PermissionDenied), refused
    assert "Round 1 agreed: ask the director" in str(refused)
    assert waited  # it waited for the agreement's lock, then read the agreement
    stored = Play.objects.get(pk=play.pk)
    assert (stored.entered, stored.version) == (False, 0)
    assert not PlayChange.objects.exists()


@pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL's row locks")
def test_an_agreement_while_a_save_is_in_progress_waits_and_is_timed_after_it():
    """A table's save is made but not yet committed when the director agrees its round: the agreement waits
    for the save, and its time is after the save's (the save landed before the agreement)."""
    event = make_event()
    play = Play.objects.select_related("seating__round").filter(event=event).order_by("pk").first()
    round_row = play.seating.round
    saved, release = threading.Event(), threading.Event()
    order: list[str] = []
    results: dict[str, object] = {}

    def save() -> str:
        with transaction.atomic():
            services.play_result_save(
                play=play, data={"contract": "PASS"}, writer=TABLE, expected_version=play.version
            )
            saved.set()
            release.wait(timeout=30)
        order.append("saved")
        return "saved"

    def agree() -> str:
        services.round_agree(round=Round.objects.get(pk=round_row.pk), user_id=None)
        order.append("agreed")
        return "agreed"

    table = _in_thread(save, results, "table")
    assert saved.wait(timeout=30)
    director = _in_thread(agree, results, "director")
    waited = _until_it_waits_or_ends(director)
    release.set()
    for thread in (table, director):
        thread.join(timeout=30)

    assert results == {"table": "saved", "director": "agreed"}
    assert waited
    assert order == ["saved", "agreed"]
    change = PlayChange.objects.get(play=play)
    assert Round.objects.get(pk=round_row.pk).agreed_at > change.at
