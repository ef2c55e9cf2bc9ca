"""A contract traveller worked out from its own board's plays equals the one read from the whole event's contest.

Matchpoints, Butler and cross-IMPs score a board from the results on that board alone (within its ranking:
the field's, or each section's on its own); only Neuberg's N (matchpoints) looks further, at the most results
on any board of the board's field, which the traveller reads from one aggregate query.  So
``traveller(event, board)`` must show every line's figures as ``traveller(event, board, results=
event_results(event))`` does, on boards played fewer times than others (Neuberg), with law 12C2's artificial
scores (60/40, 50/50), sections ranked across the field or each on its own.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils.html import strip_tags

from duplicate import caching, services
from duplicate.selectors.standings import event_results, pair_infos, pair_standings
from duplicate.selectors.travellers import traveller
from duplicate.services.eventfile import event_import
from duplicate.services.events import movement_relabel
from duplicate.services.results import results_touch
from scoring.movements import generate
from tests.factories import CONTRACT_RESULTS as RESULTS
from tests.factories import contract_event_file as event_file
from tests.factories import contract_sections_file

pytestmark = pytest.mark.django_db

CONTESTS = ("matchpoints", "butler", "cross-imps")
RESULTS_BUT_ONE = [r for r in RESULTS if (r[0], r[2]) != (3, 1)]  # board 1 still to be played at one table
RANKINGS = ("field", "section")


def _result(rng: random.Random) -> dict[str, Any]:
    """A random contract result (law 77), sometimes doubled, sometimes passed out."""
    if rng.random() < 0.05:
        return {"contract": "PASS"}
    level = rng.randint(1, 6)
    contract = f"{level}{rng.choice('CDHSN')}{rng.choice(['', '', '', 'X'])}"
    tricks = max(0, min(13, level + 6 + rng.randint(-3, 2)))
    return {"contract": contract, "declarer": rng.choice("NESW"), "tricks": tricks}


def sections_file(
    ranking: str, contest: str, *, sections: int = 3, tables: int = 5, seed: int = 77
) -> dict[str, Any]:
    """``sections`` sections of a Mitchell on the same boards, random results; some tables not yet in (more in
    some sections than others, so boards are played different numbers of times: Neuberg), and some law 12C2
    artificial adjusted scores."""
    rng = random.Random(seed)
    base = generate("mitchell", tables=tables, boards_per_round=2)
    letters = "ABCDEFGH"[:sections]
    movements = {letter: movement_relabel(base, letter) for letter in letters}
    results = []
    for index, letter in enumerate(letters):
        for r in base.rounds:
            for t in r.tables:
                for b in t.boards:
                    if rng.random() < 0.08 * (index + 1):
                        continue  # not in yet
                    row: dict[str, Any] = {
                        "section": letter,
                        "round": r.number,
                        "table": t.table,
                        "board": b,
                        "ns": f"{letter}{t.ns}",
                        "ew": f"{letter}{t.ew}",
                    }
                    roll = rng.random()
                    if roll < 0.04:
                        row["ruling"] = "A60/40"
                    elif roll < 0.07:
                        row["ruling"] = "A50/50"
                    else:
                        row.update(_result(rng))
                    results.append(row)
    return contract_sections_file(
        movements,
        base.boards,
        results,
        ranking=ranking,
        contest=contest,
        name=f"Contract sections {ranking} {contest}",
    )


@pytest.mark.parametrize("ranking", RANKINGS)
@pytest.mark.parametrize("contest", CONTESTS)
def test_a_board_alone_gives_the_whole_events_contract_traveller(ranking, contest):
    event = event_import(data=sections_file(ranking, contest))
    pairs = pair_infos(event)
    whole = event_results(event, pairs)
    assert whole.error is None
    counts = {b.number: b.plays.filter(entered=True).count() for b in event.boards.all()}
    assert len(set(counts.values())) > 1  # boards played different numbers of times: Neuberg applies
    for board in event.boards.order_by("number"):
        alone = traveller(event, board)
        full = traveller(event, board, pairs=pairs, results=whole)
        assert alone.lines == full.lines
        assert alone.datum == full.datum
        assert any(line.scored for line in alone.lines)
        # the board's own progress: its results in, of its tables
        assert (alone.progress.entered, alone.progress.total) == (counts[board.number], board.plays.count())


@pytest.mark.parametrize("ranking", RANKINGS)
@pytest.mark.parametrize("contest", ["butler", "cross-imps"])
def test_the_travellers_imps_add_up_to_the_standings(ranking, contest):
    """IMP pairs are not factored: a pair's score is the sum of its boards' IMPs, line by line."""
    event = event_import(data=sections_file(ranking, contest, seed=5))
    summed: dict[int, Fraction] = {}
    for board in event.boards.all():
        for line in traveller(event, board).lines:
            if line.scored:
                summed[line.ns.pk] = summed.get(line.ns.pk, Fraction(0)) + line.ns_plus_minus
                summed[line.ew.pk] = summed.get(line.ew.pk, Fraction(0)) + line.ew_plus_minus
    rows = pair_standings(event).rows
    assert rows
    assert {row.pair.pk: row.net for row in rows} == summed


@pytest.mark.parametrize("contest", CONTESTS)
def test_a_contract_traveller_reads_a_fixed_number_of_queries(django_assert_num_queries, contest):
    """Pairs, the board's plays and its lines; matchpoints one more, the field's counts per section and
    board (Neuberg's N): the same at every size."""
    expected = 4 if contest == "matchpoints" else 3
    for sections, tables in ((2, 3), (4, 7)):
        event = event_import(data=sections_file("field", contest, sections=sections, tables=tables))
        board = event.boards.get(number=3)
        with django_assert_num_queries(expected):
            trav = traveller(event, board)
        assert len(trav.lines) == sections * tables


def test_a_contest_changed_after_the_travellers_were_kept_shows_on_them(client):
    """A matchpoint traveller is kept under the event's version, a Butler one under its board's (lower): the
    contest is in the key, so a director's change of contest (the admin's, which bumps every version) is never
    answered with the other contest's kept page."""
    event = event_import(data=event_file("matchpoints"))
    board_2 = event.boards.get(number=2)
    for _ in range(20):  # board 2's results: the event's version runs far ahead of board 1's
        results_touch(event_id=event.pk, board_ids=[board_2.pk])
    url = reverse("board_traveller", args=[event.pk, 1])
    assert "N-S MPs" in strip_tags(client.get(url).content.decode())
    event.contest = "butler"
    event.save(update_fields=["contest"])
    services.event_results_touch(event_ids=[event.pk])
    page = strip_tags(client.get(url).content.decode())
    assert "N-S IMPs" in page
    assert "N-S MPs" not in page


def test_a_matchpoint_board_being_played_is_kept_under_its_own_version(client):
    """A visitor's "being played" page shows only the board's own progress: kept under the board's version,
    it stays kept while other boards' results move the event's (and with them Neuberg's N)."""
    event = event_import(data=event_file("matchpoints", results=RESULTS_BUT_ONE))
    board_1, board_2 = event.boards.get(number=1), event.boards.get(number=2)
    url = reverse("board_traveller", args=[event.pk, 1])
    assert "being played" in client.get(url).content.decode().lower()
    variant = (board_1.pk, False, event.contest, (), caching.names_variant(False))  # a visitor's
    key = caching.part_key(event, "traveller-page", variant)
    assert cache.get(key)[0] == board_1.results_version
    results_touch(event_id=event.pk, board_ids=[board_2.pk])
    event.refresh_from_db()
    with CaptureQueriesContext(connection) as context:
        client.get(url)
    assert not any(
        "COUNT" in q["sql"] for q in context.captured_queries if not caching.cache_statement(q["sql"])
    )
    live = client.get(reverse("board_version", args=[event.pk, 1])).json()["version"]
    assert live == f"{board_1.results_version}-in-play"
