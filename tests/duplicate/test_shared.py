"""Page parts shared between a host's worker processes (duplicate/shared.py).

A second process is played by dropping everything this process keeps (its standings, its page skeletons,
what it read from the shared directory): it must then serve the page from the shared files, without
working anything out, and the same bytes; a new results version is worked out again.
"""

from __future__ import annotations

import threading
import time

import pytest
from django.http import QueryDict
from django.urls import reverse

from duplicate import pages, services, shared, standings
from duplicate.models import Event, Play
from duplicate.selectors import event_or_404
from duplicate.views_standings import standings_part_key
from tests.conftest import make_event
from tests.duplicate.test_standings_queries import fill

pytestmark = pytest.mark.usefixtures("fresh_cache")
WRITER = services.Writer(name="td", is_director=True)


@pytest.fixture
def sharing(settings, tmp_path):
    settings.SHARED_PARTS_DIR = str(tmp_path / "parts")
    shared.clear()
    yield tmp_path / "parts"
    shared.clear()


def another_process() -> None:
    standings._store.clear()
    standings._pairs_store.clear()
    pages.clear()
    shared.clear()


def test_another_process_serves_the_shared_standings(db, client, sharing, django_assert_num_queries):
    event = make_event(tables=4)
    fill(event)
    url = reverse("event_standings", args=[event.pk])
    first = client.get(url)
    assert first.status_code == 200
    another_process()
    with django_assert_num_queries(1):  # the event (its results version): the rest is read from the files
        second = client.get(url)
    assert second.content == first.content
    # A result written: a new version, worked out again (and the page shows it).
    play = Play.objects.filter(event=event, board__number=2).order_by("pk").first()
    services.play_result_save(
        play=play, data={"contract": "7NT", "declarer": "N", "tricks": 13}, writer=WRITER, expected_version=0
    )
    another_process()
    third = client.get(url)
    assert third.content != first.content
    another_process()
    with django_assert_num_queries(1):
        assert client.get(url).content == third.content


def test_one_process_writes_a_part_the_others_read_it_or_work_it_out(db, sharing):
    event = make_event(tables=3)
    made: list[int] = []
    got: list[object] = []

    def make() -> dict:
        made.append(1)
        time.sleep(0.2)  # long enough for the other threads to find the lock taken
        return {"parts": "worked out"}

    def ask() -> None:
        got.append(shared.part(event, 7, ("a page",), make))

    threads = [threading.Thread(target=ask) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert got == [{"parts": "worked out"}] * 4  # those that found the lock taken worked it out themselves
    shared.clear()
    assert shared.part(event, 7, ("a page",), make) == {"parts": "worked out"}  # read from the one file
    assert len(made) == 4


def test_old_versions_are_removed_and_keys_keep_apart(db, sharing):
    event = make_event(tables=3)
    for version in range(1, 12):
        assert shared.part(event, version, ("page",), lambda v=version: v) == version
    event_dir = next(shared._root().iterdir())  # this start's directory, then the event's
    kept = sorted(int(p.name[1:]) for p in event_dir.iterdir())
    assert kept[0] >= 11 - 4 - 1 and kept[-1] == 11
    # Another key, another event (same primary key, created again): never the same file.
    assert shared.part(event, 11, ("other page",), lambda: "other") == "other"
    Event.objects.filter(pk=event.pk).delete()
    again = make_event(tables=3)
    assert shared.part(again, 11, ("page",), lambda: "new event") == "new event"


def test_sharing_off_works_every_part_out_here(db, settings):
    settings.SHARED_PARTS_DIR = ""
    event = make_event(tables=3)
    calls: list[int] = []
    for _ in range(2):
        shared.part(event, 1, ("page",), lambda: calls.append(1))
    assert calls == [1, 1]


def test_a_directory_others_may_write_is_never_read(db, settings, tmp_path):
    """The files are unpickled: a directory open to other users turns sharing off (and says so)."""
    open_dir = tmp_path / "open"
    open_dir.mkdir(mode=0o777)
    open_dir.chmod(0o777)
    settings.SHARED_PARTS_DIR = str(open_dir)
    event = make_event(tables=3)
    calls: list[int] = []
    for _ in range(2):
        shared.part(event, 1, ("page",), lambda: calls.append(1))
    assert calls == [1, 1] and not any(open_dir.iterdir())


def test_the_files_of_an_event_left_alone_for_a_day_are_removed(db, sharing):
    import os

    event = make_event(tables=3)
    shared.part(event, 1, ("page",), lambda: "first")
    old = next(shared._root().iterdir())
    os.utime(old, (time.time() - 2 * 86_400,) * 2)
    other = make_event(tables=3, name="Another night")
    shared.part(other, 1, ("page",), lambda: "second")
    assert not old.exists()


def test_a_restarted_server_never_reads_the_files_of_the_last_start(db, sharing, monkeypatch):
    """A restore or a deploy comes with a restart: the files of the previous start are not this start's
    (found in review: a restored database brought back versions that had files from the old timeline)."""
    event = make_event(tables=3)
    assert shared.part(event, 1, ("page",), lambda: "before the restore") == "before the restore"
    monkeypatch.setattr(shared, "generation", lambda: "g1-0-restarted")
    shared._checked.clear()
    shared.clear()
    assert shared.part(event, 1, ("page",), lambda: "after the restore") == "after the restore"


def test_a_query_is_never_written(db, client, sharing):
    """Anonymous visitors cannot fill the shared directory with pages of their own: a page asked for with
    any query, sorted or not (the sorting's value is free text), is worked out by the process that asks
    (found in review, twice)."""
    event = make_event(tables=3)
    fill(event)
    urls = (reverse("event_standings", args=[event.pk]), reverse("board_traveller", args=[event.pk, 1]))
    for url in urls:
        for query in ("junk=1", "sort=junk2", "ns-sort=-plus_minus", "x1sort=1", "sort=-ns_score"):
            assert client.get(f"{url}?{query}").status_code == 200
    assert not any(path.is_file() for path in sharing.rglob("*") if not path.name.endswith(".lock"))
    for url in urls:
        assert client.get(url).status_code == 200
    assert len([path for path in sharing.rglob("*") if path.is_file() and path.suffix != ".lock"]) == 2


def test_a_pair_renumbered_while_a_traveller_is_read_is_never_shared_under_the_new_version(
    db, client, sharing, monkeypatch
):
    """The traveller reads the pairs, then the results: a pair renumbered in between (the director in the
    admin) must not leave a table with the old number shared under the new version (found in review)."""
    from duplicate import views_standings
    from duplicate.models import Pair

    event = make_event(tables=3)
    fill(event)
    url = reverse("board_traveller", args=[event.pk, 1])
    pair = Pair.objects.filter(event=event).order_by("pk").first()
    real = views_standings.st.event_results
    renamed: list[int] = []

    def renumber_first(event_arg, pairs=None):
        if not renamed:
            renamed.append(1)
            Pair.objects.filter(pk=pair.pk).update(number="77")
            services.event_results_touch(event_ids=[event.pk])
        return real(event_arg, pairs)

    monkeypatch.setattr(views_standings.st, "event_results", renumber_first)
    assert client.get(url).status_code == 200  # shows the old number (read before the change): fine, once
    monkeypatch.setattr(views_standings.st, "event_results", real)
    assert b">77<" in client.get(url).content
    another_process()
    assert b">77<" in client.get(url).content


def test_a_visitor_is_shown_the_version_before_while_another_process_writes_it(db, client, sharing, director):
    """Law-free but a promise: a director always sees the latest standings (their own results in them); a
    visitor asking while another worker writes the new version's parts gets those of the version before (a
    few milliseconds old) instead of working them out again, and the new ones once written."""
    import fcntl

    event = make_event(tables=4)
    fill(event)
    url = reverse("event_standings", args=[event.pk])
    before = client.get(url).content
    play = Play.objects.filter(event=event, board__number=2).order_by("pk").first()
    services.play_result_save(
        play=play, data={"contract": "7NT", "declarer": "N", "tricks": 13}, writer=WRITER, expected_version=0
    )
    event.refresh_from_db()
    another_process()
    read = event_or_404(event.pk)  # as the view reads it
    key = standings_part_key(read, QueryDict())
    version_dir = shared._event_dir(shared._root(), read) / f"v{read.results_version}"
    version_dir.mkdir(parents=True, exist_ok=True)
    with open(version_dir / f"{shared._name(key)}.lock", "a+b") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # another worker writing this version's parts
        assert client.get(url).content == before
        director_client = type(client)()
        director_client.force_login(director)
        signed_in = director_client.get(url).content.decode()
    after = client.get(url).content
    assert after != before
    table = after.decode().split('<div class="table-container">', 1)[1]
    assert table in signed_in  # the director was shown the new version's tables, not the old
    assert before.decode().split('<div class="table-container">', 1)[1] not in signed_in


def test_a_traveller_is_shared_until_its_own_board_changes(db, client, sharing, django_assert_num_queries):
    """Shared under the version of the board's last change: another process reads the table from the file
    (no query of the board's plays); a result on another board leaves it; one on the board makes it again."""
    event = make_event(tables=4)
    fill(event)
    url = reverse("board_traveller", args=[event.pk, 1])
    seven = {"contract": "7NT", "declarer": "N", "tricks": 13}
    play = Play.objects.filter(event=event, board__number=1).order_by("pk").first()
    services.play_result_save(play=play, data=seven, writer=WRITER, expected_version=0)
    first = client.get(url)
    assert first.status_code == 200 and b"7NT" in first.content
    another_process()
    with django_assert_num_queries(4):  # event; pairs; plays (results); board row: not board 1's plays
        second = client.get(url)
    assert second.content == first.content
    # A result on another board: the table still read as it was (this process patched, board 1 unchanged).
    other = Play.objects.filter(event=event, board__number=2).order_by("pk").first()
    services.play_result_save(play=other, data=seven, writer=WRITER, expected_version=0)
    table = first.content.split(b'<div class="table-container">', 1)[1].split(b"</table>", 1)[0]
    assert table in client.get(url).content
    # A second result on board 1: its table made again, showing it.
    play = Play.objects.filter(event=event, board__number=1).order_by("pk")[1]
    services.play_result_save(play=play, data={**seven, "tricks": 12}, writer=WRITER, expected_version=0)
    third = client.get(url)
    assert table not in third.content and b"7NT" in third.content


def test_a_boards_old_tables_are_removed(db, sharing):
    event = make_event(tables=3)
    for changed in range(1, 12):
        assert shared.board_part(event, 5, changed, ("t",), lambda c=changed: c) == changed
    assert shared.board_part(event, 6, 1, ("t",), lambda: "board 6") == "board 6"
    event_dir = next(shared._root().iterdir())
    names = sorted(p.name for p in event_dir.iterdir())
    board5 = sorted(int(n.rsplit("-", 1)[1]) for n in names if n.startswith("b5-"))
    assert board5[0] >= 11 - 4 - 1 and board5[-1] == 11
    assert "b6-1" in names  # another board's are its own
