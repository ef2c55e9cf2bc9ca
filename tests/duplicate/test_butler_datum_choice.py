"""The director's choice of Butler's datum (docs/laws.md, "Butler's datum"): chosen per event on the new-event
form and in the event's settings (Butler only), checked by one rule (``services.butler_datum_for``), carried
by the event file, stated beside the datum on the traveller page and the travellers PDF; a change scores
every board afresh (the results version is bumped).

The event: a 4-table Mitchell, one board a round, each board played four times.  Board 2 (E-W not
vulnerable): 4S by E making 10 (-420) and 11 (-450), 3NT by W two down (+100), 1NT by E making 7 (-90).  Its
datum by hand: none of the four dropped under "one", (-420 - 450 + 100 - 90) / 4 = -215 -> -220 away from
zero, -210 up; the share drops the top and bottom one (+100, -450): (-420 - 90) / 2 = -255 -> -260 away from
zero, -250 up.  Board 1 (none vulnerable) is the same negated bar the rounding: +420, +450, -100, +90: 215
-> 220, the share's 255 -> 260 (either way)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from duplicate import services
from duplicate.models import Board, Event, Standing
from duplicate.selectors.contract import datum_words
from duplicate.selectors.travellers import traveller
from duplicate.services.eventfile import event_export, event_import
from scoring.contests.imp_pairs import DatumDrop, DatumHalves
from scoring.movements import generate
from tests.factories import contract_event_file, event_form, pdf_words

pytestmark = pytest.mark.django_db

CONTRACTS = {
    1: [("4S", "N", 10), ("4S", "N", 11), ("3NT", "S", 7), ("1NT", "N", 7)],  # +420 +450 -100 +90
    2: [("4S", "E", 10), ("4S", "E", 11), ("3NT", "W", 7), ("1NT", "E", 7)],  # -420 -450 +100 -90
}


def four_table_file(**extra) -> dict:
    movement = generate("mitchell", tables=4, boards_per_round=1)
    played: dict[int, int] = {}
    results = []
    for rnd in movement.rounds:
        for t in rnd.tables:
            for board in t.boards:
                k = played[board] = played.get(board, -1) + 1
                place = {"round": rnd.number, "table": t.table, "board": board, "ns": t.ns, "ew": t.ew}
                if board in CONTRACTS:
                    contract, declarer, tricks = CONTRACTS[board][k]
                    results.append({**place, "contract": contract, "declarer": declarer, "tricks": tricks})
                else:
                    results.append({**place, "contract": "PASS"})
    return {
        "name": "Butler night",
        "date": "2026-11-27",
        "code": "contract",
        "contest": "butler",
        "kind": "pairs",
        "pairs": [{"number": p, "players": [f"North {p}", f"South {p}"]} for p in movement.pairs],
        "boards": [{"number": n, "dealer": "NESW"[(n - 1) % 4]} for n in movement.boards],
        "movement": movement.to_dict(),
        "results": results,
        **extra,
    }


def board2(event: Event) -> tuple[str, str, list[int]]:
    event.refresh_from_db()
    trav = traveller(event, Board.objects.get(event=event, number=2))
    lines = sorted(trav.lines, key=lambda line: line.net_ns)
    return trav.datum, trav.datum_rule, [line.ns_plus_minus for line in lines]


def words(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_the_default_drops_one_each_end_from_five_and_rounds_halves_away_from_zero():
    event = event_import(data=four_table_file())
    assert (event.butler_drop, event.butler_halves) == ("one", "away")
    # datum -220: differences -450 + 220 = -230, -200, +130, +320: -6, -5, +4, +8 IMPs
    assert board2(event) == ("-220", "mean of 4 results, none dropped, halves away from zero", [-6, -5, 4, 8])


@pytest.mark.parametrize(
    ("drop", "halves", "datum", "rule", "imps"),
    [
        # -240, -210, +120, +310
        ("one", "up", "-210", "mean of 4 results, none dropped, halves up", [-6, -5, 3, 7]),
        (
            "share",
            "away",
            "-260",
            "mean of 4 results, the top and bottom one dropped, halves away from zero",
            [-5, -4, 5, 8],  # -190, -160, +170, +360 (the lines by their N-S score, lowest first)
        ),
        (
            "share",
            "up",
            "-250",
            "mean of 4 results, the top and bottom one dropped, halves up",
            [-5, -5, 4, 8],  # -200, -170, +160, +350
        ),
    ],
)
def test_the_settings_choose_the_datum_and_score_every_board_afresh(
    director_client, drop, halves, datum, rule, imps
):
    event = event_import(data=four_table_file())
    version = event.results_version
    response = director_client.post(
        reverse("event_butler_datum", args=[event.pk]), {"butler_drop": drop, "butler_halves": halves}
    )
    assert response.status_code == 302
    event.refresh_from_db()
    assert (event.butler_drop, event.butler_halves) == (drop, halves)
    assert event.results_version > version
    assert board2(event) == (datum, rule, imps)
    page = words(director_client.get(reverse("board_traveller", args=[event.pk, 2])).content.decode())
    assert f"Datum: {datum} ({rule}) · IMPs (WBF scale)" in page


def test_the_same_choice_again_leaves_the_results_version():
    event = event_import(data=four_table_file())
    version = event.results_version
    services.event_butler_datum_set(event=event, drop="one", halves="away")
    event.refresh_from_db()
    assert event.results_version == version


def test_the_traveller_and_its_pdf_state_the_rule_beside_the_datum(client):
    event = event_import(data=four_table_file(butler_drop="share", butler_halves="up"))
    services.event_finish(event=event)
    page = words(client.get(reverse("board_traveller", args=[event.pk, 1])).content.decode())
    # board 1: the share drops +450 and -100: (420 + 90) / 2 = 255 -> 260
    assert "Datum: 260 (mean of 4 results, the top and bottom one dropped, halves up)" in page
    response = client.get(reverse("download_travellers", args=[event.pk]))
    assert response.status_code == 200
    text = pdf_words(response.content)
    assert "Datum: 260 (mean of 4 results, the top and bottom one dropped, halves up)" in text
    assert "Datum: -250 (mean of 4 results, the top and bottom one dropped, halves up)" in text
    # boards 3 and 4 passed out four times: 0, the share dropping one each end all the same
    assert text.count("Datum: 0 (mean of 4 results, the top and bottom one dropped, halves up)") == 2


def test_the_settings_offer_the_choice_for_butler_only(director_client):
    butler = event_import(data=four_table_file())
    html = director_client.get(reverse("event_detail", args=[butler.pk])).content.decode()
    assert 'name="butler_drop"' in html
    assert 'name="butler_halves"' in html
    matchpoints = event_import(data=four_table_file(contest="matchpoints", name="MP night"))
    html = director_client.get(reverse("event_detail", args=[matchpoints.pk])).content.decode()
    assert 'name="butler_drop"' not in html


def test_a_choice_not_offered_or_not_butlers_is_refused_naming_the_field(director_client):
    butler = event_import(data=four_table_file())
    with pytest.raises(services.ServiceError, match=r"^butler_drop: must be one of one, share, got \"two\""):
        services.event_butler_datum_set(event=butler, drop="two", halves="away")
    with pytest.raises(services.ServiceError, match=r"^butler_halves: must be one of away, up, got \"down\""):
        services.event_butler_datum_set(event=butler, drop="one", halves="down")
    matchpoints = event_import(data=four_table_file(contest="matchpoints", name="MP night"))
    with pytest.raises(services.ServiceError, match=r"^butler_drop: only a Butler contest has a datum"):
        services.event_butler_datum_set(event=matchpoints, drop="share", halves="away")
    # the settings' form: the message, nothing changed, no 500
    response = director_client.post(
        reverse("event_butler_datum", args=[butler.pk]),
        {"butler_drop": "two", "butler_halves": "up"},
        follow=True,
    )
    assert response.status_code == 200
    assert "butler_drop: must be one of one, share" in response.content.decode()
    butler.refresh_from_db()
    assert (butler.butler_drop, butler.butler_halves) == ("one", "away")


def test_the_new_event_form_chooses_the_datum_for_butler_and_ignores_it_otherwise(director_client):
    url = reverse("event_create")
    data = event_form(
        code="contract", contest="butler", name="Butler", butler_drop="share", butler_halves="up"
    )
    assert director_client.post(url, data).status_code == 302
    data = event_form(
        code="contract", contest="matchpoints", name="MPs", butler_drop="share", butler_halves="up"
    )
    assert director_client.post(url, data).status_code == 302  # hidden there: left at the defaults
    chosen = {
        name: (drop, halves)
        for name, drop, halves in Event.objects.values_list("name", "butler_drop", "butler_halves")
    }
    assert chosen == {"Butler": ("share", "up"), "MPs": ("one", "away")}
    bad = event_form(code="contract", contest="butler", name="Bad", butler_drop="two")
    html = director_client.post(url, bad).content.decode()
    assert "Select a valid choice" in html
    assert not Event.objects.filter(name="Bad").exists()


def test_the_event_file_carries_the_choice_and_reads_it_back():
    event = event_import(data=four_table_file(butler_drop="share", butler_halves="up"))
    data = event_export(event, director=True)
    assert (data["butler_drop"], data["butler_halves"]) == ("share", "up")
    again = event_import(data={**data, "name": "Again"})
    assert (again.butler_drop, again.butler_halves) == ("share", "up")
    assert board2(again)[0] == "-250"
    # the defaults are not written, as law 12C2's 3 IMPs are not
    plain = event_export(event_import(data=four_table_file(name="Plain")), director=True)
    assert "butler_drop" not in plain
    assert "butler_halves" not in plain


def test_an_event_file_choosing_a_datum_for_matchpoints_is_refused():
    data = contract_event_file("matchpoints", butler_drop="share")
    with pytest.raises(services.ServiceError, match=r"^butler_drop: only a Butler contest has a datum"):
        event_import(data=data)
    assert not Event.objects.exists()


def test_the_rule_in_words_says_how_many_each_end_dropped():
    one, share, away, up = DatumDrop.ONE, DatumDrop.SHARE, DatumHalves.AWAY, DatumHalves.UP
    assert datum_words(1, share, up) == "mean of 1 result, none dropped, halves up"
    assert datum_words(4, one, away) == "mean of 4 results, none dropped, halves away from zero"
    assert datum_words(11, share, up) == "mean of 11 results, the top and bottom 2 dropped, halves up"
    assert (
        datum_words(26, share, away)
        == "mean of 26 results, the top and bottom 3 dropped, halves away from zero"
    )
    assert (
        datum_words(26, one, away)
        == "mean of 26 results, the top and bottom one dropped, halves away from zero"
    )


def test_a_finished_events_published_standings_follow_the_choice():
    # N-S 4: board 1 +450, board 2 +100, boards 3 and 4 passed out (datum 0: 0 IMPs).  One, away: datums 220
    # and -220, +230 6 and +320 8 = 14; the share, up: 260 and -250, +190 5 and +350 8 = 13.
    event = event_import(data=four_table_file())
    services.event_finish(event=event)
    four = Standing.objects.filter(event=event, pair__number="4")
    assert four.get().score == "14"
    services.event_butler_datum_set(event=event, drop="share", halves="up")
    assert four.get().score == "13"
