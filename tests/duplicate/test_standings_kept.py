"""What the standings keep across result writes (issue 8) changes nothing that is shown.

A result write patches the event's state in this process (see test_standings_incremental); the pages then
re-use what did not change: each play's own line fields (per play and version), each row's HTML (keyed by
everything the row shows), a board's plays in traveller order. These tests write results one after another
and compare, every time, with what is worked out from nothing: the same lines, the same HTML.
"""

from __future__ import annotations

import random

import pytest
from django.urls import reverse

from duplicate import services, standings
from duplicate.models import Board, Event, Play
from duplicate.standings import (
    LINE_FIELDS,
    board_lines,
    build_play_lines,
    event_results,
    html_store,
    pair_infos,
    pair_standings,
    traveller,
)
from tests.conftest import make_event
from tests.duplicate.test_standings_incremental import DATA as INCREMENTAL_DATA
from tests.duplicate.test_standings_incremental import write
from tests.duplicate.test_standings_queries import fill

DATA = [*INCREMENTAL_DATA, {"contract": "PASS"}]

pytestmark = pytest.mark.usefixtures("fresh_cache")


def plain_lines(event: Event, board: Board, pairs, results) -> list:
    """A board's lines worked out from nothing (no kept fields)."""
    rows = (
        Play.objects.filter(event=event, board=board)
        .order_by("seating__round__number", "seating__table")
        .values_list(*LINE_FIELDS)
    )
    return build_play_lines(rows, pairs, results, event.code)


@pytest.mark.parametrize(("kind", "code"), [("mitchell", "auction-1915"), ("howell", "auction-1913")])
def test_kept_lines_and_rows_equal_those_worked_out_afresh(db, kind, code):
    event = make_event(kind=kind, tables=4, boards_per_round=2, code=code)
    fill(event)
    plays = list(Play.objects.filter(event=event).order_by("pk"))
    boards = list(Board.objects.filter(event=event).order_by("number"))
    rng = random.Random(11)
    kept_before = None
    for step in range(12):
        event.refresh_from_db()
        pairs = pair_infos(event)
        results = event_results(event, pairs)
        kept = html_store(event, results, pairs)
        if step > 0:
            assert kept is kept_before  # the same store, carried across the write: the kept path is used
        kept_before = kept
        for board in boards:
            fresh = plain_lines(event, board, pairs, results)
            assert board_lines(event, board, pairs, results) == fresh
            trav = traveller(event, board, pairs=pairs, results=results)
            assert list(trav.lines) == fresh
        for play in rng.sample(plays, 2):
            write(play, rng.choice(DATA if code != "auction-1913" else DATA[:-1]))  # 1913 law 42: no PASS


def test_a_renamed_pair_is_never_shown_from_a_kept_row(db, client):
    event = make_event(tables=3)
    fill(event)
    pair = event.pairs.order_by("pk").first()
    other = Play.objects.filter(event=event, ns_pair=pair).first().ew_pair  # its score card names pair
    urls = [
        reverse("event_standings", args=[event.pk]),
        reverse("pair_scorecard", args=[event.pk, other.pk]),
    ]
    for url in urls:
        assert client.get(url).status_code == 200
    write(Play.objects.filter(event=event).order_by("pk").first(), DATA[0])
    services.pair_names_update(pair=pair, player1="Ely Culbertson", player2="Josephine Murphy")
    for url in urls:
        assert "Ely Culbertson" in client.get(url).content.decode()


@pytest.mark.parametrize("tables", [3, 9])
def test_a_traveller_after_a_write_on_its_board_reads_only_what_changed(
    db, client, django_assert_num_queries, tables
):
    event = make_event(tables=tables, boards_per_round=3)
    fill(event)
    url = reverse("board_traveller", args=[event.pk, 1])
    assert client.get(url).status_code == 200
    write(Play.objects.filter(event=event, board__number=1).order_by("pk").first(), DATA[1])
    # the event, the plays changed since (the patch), the changed play's line: at any size (the board's row
    # is kept while only results are written)
    with django_assert_num_queries(3):
        response = client.get(url)
    assert response.status_code == 200
    state = standings._store[(event.pk, standings._stamp(event))]
    assert 1 in state.board_plays  # the board's plays are kept in traveller order


def test_a_page_of_the_previous_version_never_fills_the_patched_memo(db, monkeypatch):
    """Threaded servers: a request still holding the previous results asks for a kept value while another
    patches the state in; its value must not be kept for the new version (found in review)."""
    import threading

    from duplicate.standings import Names, standings_json
    from scoring import contests

    event = make_event(tables=3)
    fill(event)
    old_event = Event.objects.get(pk=event.pk)
    pairs = pair_infos(old_event)
    old_results = event_results(old_event, pairs)
    Names(pairs)
    write(
        Play.objects.filter(event=event).order_by("pk").first(),
        {"contract": "7NT", "declarer": "N", "tricks": 13},
    )
    new_event = Event.objects.get(pk=event.pk)
    real = contests.IncrementalPairContest.contest
    others: list[threading.Thread] = []

    def contest_meanwhile(self):  # type: ignore[no-untyped-def]
        other = threading.Thread(target=lambda: pair_standings(old_event, pairs=pairs, results=old_results))
        other.start()
        other.join(0.3)  # it waits for the lock the patch holds (or is done, storing nothing kept)
        others.append(other)
        return real(self)

    monkeypatch.setattr(contests.IncrementalPairContest, "contest", contest_meanwhile)
    new_results = event_results(new_event, pairs)
    monkeypatch.setattr(contests.IncrementalPairContest, "contest", real)
    for other in others:
        other.join()
    assert new_results is not old_results
    shown = standings_json(pair_standings(new_event, pairs=pairs, results=new_results))
    standings._store.clear()
    assert shown == standings_json(pair_standings(new_event, pairs=pair_infos(new_event)))


def test_a_plays_line_row_read_by_the_plain_statement_is_the_querysets(db):
    """Values and types (SQLite gives booleans and dates as numbers and strings until converted)."""
    event = make_event(tables=3)
    fill(event)
    write(Play.objects.filter(event=event).order_by("pk").first(), DATA[0])
    for play in Play.objects.filter(event=event).order_by("pk")[:4]:
        want = list(standings._line_rows(Play.objects.filter(pk=play.pk)))
        got = standings._play_line_row(play.pk)
        assert [[(v, type(v)) for v in row] for row in got] == [[(v, type(v)) for v in row] for row in want]
    assert standings._play_line_row(-5) == []
    typed = lambda rows: [[(v, type(v)) for v in row] for row in rows]  # noqa: E731
    for board in event.boards.order_by("number")[:3]:
        ordered = Play.objects.filter(event=event, board=board).order_by(*standings._TRAVELLER_ORDER)
        want = list(standings._line_rows(ordered))
        assert want and typed(standings._board_line_rows(event, board)) == typed(want)
