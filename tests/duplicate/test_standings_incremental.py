"""The standings kept in the process and patched after each result written: always the same figures as a
full recompute, also when another process wrote (the database's results_version is the source of truth)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from django.core.cache import cache

from duplicate import services, standings
from duplicate.models import Event, Play, Round
from duplicate.standings import event_results, pair_standings, standings_json
from tests.conftest import make_event
from tests.duplicate.test_standings_queries import fill

WRITER = services.Writer(name="td", is_director=True)
DATA = [
    {"contract": "4H", "declarer": "N", "tricks": 10},
    {"contract": "1NT", "declarer": "E", "tricks": 6},
    {"contract": "2S", "declarer": "S", "tricks": 8},
    {"contract": "3C", "declarer": "W", "tricks": 10},
    {"ruling": "average"},
    {"ruling": "low-high", "offending": "NS"},
    None,  # cleared
]


pytestmark = pytest.mark.usefixtures("fresh_cache")


def full(event: Event) -> dict:
    """The standings worked out afresh (the store dropped)."""
    standings._store.clear()
    cache.clear()
    return standings_json(pair_standings(event))


def write(play: Play, data: dict | None) -> None:
    play.refresh_from_db()
    services.play_result_save(
        play=play, data=data, writer=WRITER, expected_version=play.version, reason="check"
    )


@pytest.mark.parametrize(
    ("kind", "code"), [("mitchell", "auction-1915"), ("howell", "auction-1915"), ("mitchell", "whist")]
)
def test_patched_standings_equal_a_full_recompute(db, django_assert_max_num_queries, kind, code):
    event = make_event(kind=kind, tables=5, boards_per_round=2, code=code)
    fill(event)
    plays = list(Play.objects.filter(event=event).order_by("pk"))
    rng = random.Random(5)
    event.refresh_from_db()
    pair_standings(event)
    for _ in range(25):
        for play in rng.sample(plays, rng.choice([1, 1, 2, 3])):
            data = rng.choice(DATA)
            if code == "whist" and data and "contract" in data:
                data = {"tricks_ns": rng.randint(0, 13)}
            write(play, data)
        event.refresh_from_db()
        token = standings._store[(event.pk, standings._stamp(event))].token
        with django_assert_max_num_queries(2):  # pairs, the changed plays
            patched_rows = pair_standings(event).rows
        patched = standings_json(pair_standings(event))
        state = standings._store[(event.pk, standings._stamp(event))]
        assert state.token == token and state.version == event.results_version  # patched, not recomputed
        entered = event_results(event).entered
        expected = full(event)
        assert patched == expected
        # Row by row too: equal rows whatever common denominator their plus/minus keys are over.
        fresh_rows = pair_standings(event).rows
        assert patched_rows == fresh_rows and hash(patched_rows) == hash(fresh_rows)
        assert [r.plus_minus for r in patched_rows] == [Fraction(r["exact"]) for r in expected["rows"]]
        assert event_results(event).entered == entered
        assert (
            event_results(event).boards
            == standings._store[(event.pk, standings._stamp(event))].results.boards
        )


def test_a_write_from_another_process_is_seen(db):
    """Another process: the write does not go through this process's store at all; only the version moves."""
    event = make_event(tables=3)
    fill(event)
    event.refresh_from_db()
    before = standings_json(pair_standings(event))
    play = Play.objects.filter(event=event).order_by("pk").first()
    write(play, {"contract": "7NT", "declarer": "N", "tricks": 13})
    stale = Event.objects.get(pk=event.pk)
    stale.results_version -= 1  # a process that read the event just before the write: still the old figures
    assert standings_json(pair_standings(stale)) == before
    event.refresh_from_db()
    after = standings_json(pair_standings(event))
    assert after != before and after == full(event)


def test_a_round_agreed_or_an_unexplained_bump_recomputes(db):
    event = make_event(tables=3)
    fill(event)
    event.refresh_from_db()
    pair_standings(event)
    rnd = Round.objects.filter(section__event=event).first()
    services.round_agree(round=rnd, user_id=None)
    event.refresh_from_db()
    assert (
        event_results(event).unagreed_rounds
        == Round.objects.filter(section__event=event, agreed_at__isnull=True).count()
    )
    # A write and an agreement between two reads: the change rows do not account for both bumps.
    play = Play.objects.filter(event=event).order_by("pk").first()
    pair_standings(event)
    write(play, {"contract": "7NT", "declarer": "N", "tricks": 13})
    services.round_agree(round=rnd, user_id=None, agreed=False)
    event.refresh_from_db()
    got = standings_json(pair_standings(event))
    unagreed = event_results(event).unagreed_rounds
    assert got == full(event)
    assert unagreed == Round.objects.filter(section__event=event, agreed_at__isnull=True).count()


def test_cache_clear_drops_the_store(db, django_assert_num_queries):
    event = make_event(tables=3)
    fill(event)
    event.refresh_from_db()
    event_results(event)
    with django_assert_num_queries(0):
        event_results(event)
    cache.clear()
    with django_assert_num_queries(2):  # the kinds of the pairs' sections (one ranking or two), the plays
        event_results(event)


def test_pages_kept_per_version_follow_writes_and_renamed_players(db, client):
    from django.urls import reverse

    event = make_event(tables=3)
    fill(event)
    pair = event.pairs.order_by("pk").first()
    urls = [
        reverse("event_standings", args=[event.pk]),
        reverse("board_traveller", args=[event.pk, 1]),
        reverse("pair_scorecard", args=[event.pk, pair.pk]),
    ]
    for url in urls:
        assert client.get(url).status_code == 200
    from duplicate.services import pair_names_update

    # A rename goes through the service, which bumps the results version every process keys its pages by.
    pair_names_update(pair=pair, player1="Zebedee Renamed", player2="")
    play = Play.objects.filter(event=event, board__number=1, ns_pair=pair).first()
    for url in (urls[0], urls[2]):  # the traveller shows pair numbers only
        assert "Zebedee Renamed" in client.get(url).content.decode(), url
    write(play, {"contract": "7NT", "declarer": "N", "tricks": 13})
    for url in urls[1:]:
        assert "7NT by N, 13 tricks" in client.get(url).content.decode(), url


def test_a_traveller_kept_across_writes_on_other_boards_equals_a_fresh_one(db, client):
    from django.urls import reverse

    event = make_event(tables=3)
    fill(event)
    urls = {n: reverse("board_traveller", args=[event.pk, n]) for n in (1, 2)}
    before = {n: client.get(url).content for n, url in urls.items()}
    play = Play.objects.filter(event=event, board__number=1).order_by("pk").first()
    write(play, {"contract": "7NT", "declarer": "N", "tricks": 13})
    kept = {n: client.get(url).content for n, url in urls.items()}
    standings._store.clear()
    cache.clear()
    fresh = {n: client.get(url).content for n, url in urls.items()}
    assert kept == fresh
    assert kept[1] != before[1]


def test_a_standing_row_is_equal_whatever_its_plus_minus_is_written_over():
    from duplicate.standings import PairInfo, StandingRow

    pair = PairInfo(1, "1", 1, ("A", "B"), None, None, "")
    half = StandingRow(1, pair, "NS", 2, Fraction(5), 1, 2, False, "5", "+1")
    same = half._replace(pm_key=3, pm_common=6)
    other = half._replace(pm_key=2, pm_common=6)
    assert half.plus_minus == same.plus_minus == Fraction(1, 2)
    assert half == same and hash(half) == hash(same) and not half != same
    assert half != other and other.plus_minus == Fraction(1, 3)
    assert half.to_json()["exact"] == "1/2" and half.to_json()["plus_minus"] == 1
