"""Events of several sections (A, B, ...: each its own movement and table links, all playing the same boards):
created in the new-event form and by the services, added before play, carried by event files, ranked across
the field (law H) or each section on its own at the director's choice, and shown section by section."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from duplicate import services
from duplicate.models import Board, Event, Pair, Play, Round, Seating, Section, TableToken
from duplicate.selectors.event_rows import event_rows
from duplicate.selectors.standings import pair_standings
from duplicate.selectors.travellers import traveller
from duplicate.services import ServiceError
from duplicate.services.eventfile import event_export, event_import
from duplicate.services.events import movement_relabel
from scoring.contests.display import mixed_number
from scoring.movements import generate
from tests.factories import create_form

# A 3-table Mitchell, 1 board a round: 6 pairs (N-S 1-3, E-W 4-6), 3 boards, 3 rounds, 9 plays.
MITCHELL3 = generate("mitchell", tables=3, boards_per_round=1)


def sections_event(count: int, *, ranking: str = "field", name: str = "Congress pairs") -> Event:
    return services.event_create(
        name=name,
        date=dt.date(1916, 3, 4),
        code="auction-1915",
        kind="pairs",
        movement=MITCHELL3,
        sections=count,
        ranking=ranking,
    )


# ----------------------------------------------------------------------------------------------- services


@pytest.mark.django_db
def test_event_create_lays_out_three_sections_on_the_same_boards():
    event = sections_event(3)
    sections = list(event.sections.order_by("letter"))
    assert [s.letter for s in sections] == ["A", "B", "C"]
    assert Board.objects.filter(event=event).count() == 3  # the same boards for every section
    for section in sections:
        numbers = list(
            Pair.objects.filter(section=section).order_by("position").values_list("number", flat=True)
        )
        assert numbers == [f"{section.letter}{n}" for n in range(1, 7)]
        assert Round.objects.filter(section=section).count() == 3
        assert Seating.objects.filter(round__section=section).count() == 9
        assert Play.objects.filter(seating__round__section=section).count() == 9
        boards = Play.objects.filter(seating__round__section=section).values_list("board__number", flat=True)
        assert sorted(set(boards)) == [1, 2, 3]
        # Each section's table links: tables 1-3 of its own.
        for table in (1, 2, 3):
            services.table_token_create(section=section, table=table)
    assert TableToken.objects.filter(section__event=event).count() == 9
    assert set(TableToken.objects.values_list("section__letter", "table")) == {
        (letter, t) for letter in "ABC" for t in (1, 2, 3)
    }
    # Pairs are listed section by section (A1..A6, B1..B6, C1..C6).
    assert list(event.pairs.values_list("number", flat=True)) == [
        f"{s}{n}" for s in "ABC" for n in range(1, 7)
    ]


@pytest.mark.django_db
@pytest.mark.parametrize("count", [0, 27, -1, True, "2"])
def test_event_create_refuses_a_count_of_sections_out_of_range(count):
    with pytest.raises(ServiceError, match=r"^sections: must be a whole number from 1 to 26"):
        sections_event(count)
    assert Event.objects.count() == 0


@pytest.mark.django_db
def test_a_team_match_plays_in_one_section():
    movement = generate("teams", tables=2, boards_per_round=2)
    with pytest.raises(ServiceError, match=r"^sections: a team match \(law G\) plays in one section"):
        services.event_create(
            name="Match",
            date=dt.date(1916, 3, 4),
            code="auction-1915",
            kind="teams",
            movement=movement,
            sections=2,
        )


@pytest.mark.django_db
def test_section_added_before_play_copies_section_a_and_is_refused_once_a_result_is_in():
    event = services.event_create(
        name="Club", date=dt.date(1916, 3, 4), code="auction-1915", kind="pairs", movement=MITCHELL3
    )
    section = services.section_add(event=event)
    assert section.letter == "B"
    assert (section.movement_kind, section.tables, section.boards_per_round) == ("mitchell", 3, 1)
    a_seats = set(
        Seating.objects.filter(round__section__letter="A", round__section__event=event).values_list(
            "round__number", "table", "ns__number", "ew__number"
        )
    )
    b_seats = set(
        Seating.objects.filter(round__section=section).values_list(
            "round__number", "table", "ns__number", "ew__number"
        )
    )
    assert b_seats == {(r, t, f"B{ns}", f"B{ew}") for r, t, ns, ew in a_seats}
    assert Play.objects.filter(seating__round__section=section).count() == 9
    assert Board.objects.filter(event=event).count() == 3

    play = Play.objects.filter(event=event).first()
    Play.objects.filter(pk=play.pk).update(entered=True, contract="PASS")
    with pytest.raises(ServiceError, match=r"^sections: a section can be added only before play"):
        services.section_add(event=event)
    assert event.sections.count() == 2


# ---------------------------------------------------------------------------------------------------- form


@pytest.mark.django_db
def test_new_event_form_creates_three_sections(director_client):
    response = director_client.post(reverse("event_create"), create_form(tables="3", sections="3"))
    event = Event.objects.get()
    assert response.status_code == 302
    assert list(event.sections.values_list("letter", flat=True)) == ["A", "B", "C"]
    assert event.pairs.count() == 18
    assert Play.objects.filter(event=event).count() == 3 * 3 * 3 * 2


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"sections": "0"}, "greater than or equal to 1"),
        ({"sections": "27"}, "less than or equal to 26"),
        ({"sections": "many"}, "Enter a whole number"),
        ({"sections": "2", "kind": "teams"}, "A team match (law G) plays in one section"),
        # 26 sections of a 100-table Mitchell: more results than an event holds (the service's check).
        ({"sections": "26", "tables": "100", "boards_per_round": "2"}, "at most 20,000 in an event"),
    ],
)
def test_new_event_form_shows_a_bad_count_of_sections_on_its_field(director_client, overrides, message):
    response = director_client.post(reverse("event_create"), create_form(**overrides))
    assert response.status_code == 200
    errors = response.context["form"].errors.get("sections", [])
    assert any(message in e for e in errors), response.context["form"].errors
    assert Event.objects.count() == 0


@pytest.mark.django_db
def test_overview_adds_a_section_and_sets_the_ranking(director_client):
    director_client.post(reverse("event_create"), create_form(tables="3"))
    event = Event.objects.get()
    response = director_client.post(reverse("section_add", args=[event.pk]))
    assert response.status_code == 302
    assert list(event.sections.values_list("letter", flat=True)) == ["A", "B"]
    page = director_client.get(reverse("event_detail", args=[event.pk])).content.decode()
    assert "Across the field (law H)" in page
    version = Event.objects.get().results_version
    director_client.post(reverse("event_ranking", args=[event.pk]), {"ranking": "section"})
    event.refresh_from_db()
    assert event.ranking == "section"
    assert event.results_version > version  # every page ranks afresh
    # A damaged choice is refused with a message, not a 500.
    response = director_client.post(
        reverse("event_ranking", args=[event.pk]), {"ranking": "random"}, follow=True
    )
    assert response.status_code == 200
    assert "ranking: must be one of field, section" in response.content.decode()
    assert Event.objects.get().ranking == "section"


# ---------------------------------------------------------------------------------------------- event file


def sections_file(letters: str = "ABC") -> dict:
    """An event file of sections of the 3-table Mitchell, every board played in each, a result or two each."""
    movements = {letter: movement_relabel(MITCHELL3, letter) for letter in letters}
    return {
        "name": "Congress pairs",
        "date": "1916-03-04",
        "code": "auction-1915",
        "kind": "pairs",
        "ranking": "field",
        "pairs": [
            {"number": p, "players": [f"North {p}", f"South {p}"]}
            for m in movements.values()
            for p in m.pairs
        ],
        "boards": [{"number": n, "dealer": "NESW"[(n - 1) % 4]} for n in MITCHELL3.boards],
        "sections": [{"letter": letter, "movement": m.to_dict()} for letter, m in movements.items()],
        "results": [
            {
                "section": letter,
                "round": 1,
                "table": 1,
                "board": 1,
                "ns": f"{letter}1",
                "ew": f"{letter}4",
                "contract": "4H",
                "declarer": "N",
                "tricks": 10 if letter == "A" else 9,
            }
            for letter in letters
        ]
        + [
            {
                "section": letters[-1],
                "round": 1,
                "table": 2,
                "board": 2,
                "ns": f"{letters[-1]}2",
                "ew": f"{letters[-1]}5",
                "contract": "PASS",
            }
        ],
        "agreed_rounds": [{"section": letters[0], "round": 1, "at": "1916-03-04T20:00:00+00:00"}],
    }


@pytest.mark.django_db
@pytest.mark.parametrize("letters", ["AB", "ABC"])
def test_event_file_round_trip_with_sections(letters):
    event = event_import(data=sections_file(letters))
    assert list(event.sections.values_list("letter", flat=True)) == list(letters)
    assert event.pairs.count() == 6 * len(letters)
    assert Play.objects.filter(event=event, entered=True).count() == len(letters) + 1
    agreed = Round.objects.filter(section__event=event, agreed_at__isnull=False)
    assert list(agreed.values_list("section__letter", "number")) == [(letters[0], 1)]
    exported = event_export(event)
    assert [s["letter"] for s in exported["sections"]] == list(letters)
    assert "movement" not in exported
    assert {(r["section"], r["ns"], r["tricks"]) for r in exported["results"] if "tricks" in r} == {
        (letter, f"{letter}1", 10 if letter == "A" else 9) for letter in letters
    }
    again = event_import(data=exported)
    assert event_export(again) == exported


@pytest.mark.django_db
def test_event_file_of_one_section_is_written_and_read_as_before():
    event = sections_event(1)
    exported = event_export(event)
    assert "sections" not in exported
    assert "movement" in exported
    assert event_export(event_import(data=exported)) == exported


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["results"][0].pop("section"), "results[0].section: missing (the event has 3 sections)"),
        (lambda d: d["results"][0].update(section="Q"), "results[0].section: must be one of A, B, C"),
        (lambda d: d["sections"][1].update(letter="A"), "sections[1].letter: section A is listed twice"),
        (lambda d: d["sections"][1].update(letter="b"), "sections[1].letter: must be one letter A to Z"),
        (lambda d: d.update(movement=d["sections"][0]["movement"]), "movement: give each section's movement"),
        (lambda d: d["sections"][0].update(tables=3), "sections[0].tables: not a field of a section"),
        (lambda d: d.update(ranking="best"), "ranking: must be one of field, section"),
        (lambda d: d["pairs"].append({"number": "Z1"}), "pairs[18]: pair Z1 sits in no section's movement"),
        (
            lambda d: d["agreed_rounds"][0].pop("section"),
            "agreed_rounds[0].section: must be one of A, B, C",
        ),
    ],
)
def test_event_file_section_errors_are_named(change, message):
    data = sections_file()
    change(data)
    with pytest.raises(ServiceError) as exc:
        event_import(data=data)
    assert str(exc.value).startswith(message), str(exc.value)
    assert Event.objects.count() == 0


# --------------------------------------------------------------------------------------------- standings


def hand_checked_event(ranking: str) -> tuple[Event, int]:
    """Sections A and B of the 3-table Mitchell; every deal passed out (0) but one: A's table 1 bids and
    makes 4 hearts on board 1 in round 1. Returns the event and that table's N-S score."""
    data = sections_file("AB")
    data["ranking"] = ranking
    data.pop("agreed_rounds")
    data["results"] = []
    for letter in "AB":
        for rnd in MITCHELL3.rounds:
            for tp in rnd.tables:
                row = {"section": letter, "round": rnd.number, "table": tp.table, "board": tp.boards[0]}
                row.update(ns=f"{letter}{tp.ns}", ew=f"{letter}{tp.ew}")
                if (letter, rnd.number, tp.table) == ("A", 1, 1):
                    row.update(contract="4H", declarer="N", tricks=10)
                else:
                    row.update(contract="PASS")
                data["results"].append(row)
    event = event_import(data=data)
    score = Play.objects.get(event=event, ns_pair__number="A1", board__number=1).ns_total
    return event, score


@pytest.mark.django_db
def test_sections_on_the_same_boards_rank_across_the_field():
    # Law H: a pair is compared with every pair who played the same hands: board 1 was held N-S at six
    # tables (three in each section), so its N-S average is S/6.
    event, score = hand_checked_event("field")
    # 4 hearts made: 4 x 8 = 32 trick points, and law A's premium of 125 for a trick score of 30 or more.
    assert score == 32 + 125
    standings = pair_standings(event)
    assert [r.title for r in standings.rankings] == ["N-S", "E-W"]
    ns = {row.pair.label: row.plus_minus for row in standings.rankings[0].rows}
    assert ns == {
        "A1": Fraction(5 * score, 6),
        **{p: Fraction(-score, 6) for p in ("A2", "A3", "B1", "B2", "B3")},
    }
    assert [row.rank for row in standings.rankings[0].rows] == [1, 2, 2, 2, 2, 2]


@pytest.mark.django_db
def test_sections_ranked_each_on_its_own_at_the_directors_choice():
    # Each section its own contest: board 1's N-S average in section A is S/3 (its three tables), and
    # section B's pairs, who all passed it out, are level.
    event, score = hand_checked_event("section")
    standings = pair_standings(event)
    assert [r.title for r in standings.rankings] == [
        "Section A N-S",
        "Section A E-W",
        "Section B N-S",
        "Section B E-W",
    ]
    a_ns = {row.pair.label: row.plus_minus for row in standings.rankings[0].rows}
    b_ns = {row.pair.label: row.plus_minus for row in standings.rankings[2].rows}
    assert a_ns == {"A1": Fraction(2 * score, 3), "A2": Fraction(-score, 3), "A3": Fraction(-score, 3)}
    assert b_ns == {"B1": 0, "B2": 0, "B3": 0}
    # The traveller shows every section's lines, each scored against its own section's average.
    trav = traveller(event, Board.objects.get(event=event, number=1))
    lines = {(line.section, line.ns.label): line.ns_plus_minus for line in trav.lines}
    assert lines == {
        ("A", "A1"): Fraction(2 * score, 3),
        ("A", "A2"): Fraction(-score, 3),
        ("A", "A3"): Fraction(-score, 3),
        ("B", "B1"): 0,
        ("B", "B2"): 0,
        ("B", "B3"): 0,
    }


@pytest.mark.django_db
def test_the_ranking_choice_changes_the_standings_page(client):
    event, _score = hand_checked_event("field")
    page = client.get(reverse("event_standings", args=[event.pk])).content.decode()
    assert "Section A N-S" not in page
    services.event_ranking_set(event=event, ranking="section")
    page = client.get(reverse("event_standings", args=[event.pk])).content.decode()
    assert "Section A N-S" in page
    assert "Section B E-W" in page
    # The section filter narrows the page to one section's rankings.
    page = client.get(reverse("event_standings", args=[event.pk]), {"section": "B"}).content.decode()
    assert "Section B N-S" in page
    assert "Section A N-S" not in page


# ------------------------------------------------------------------------------------------------- pages


@pytest.mark.django_db
def test_traveller_page_shows_every_sections_lines(client):
    event, _ = hand_checked_event("field")
    page = client.get(reverse("board_traveller", args=[event.pk, 1])).content.decode()
    assert "<th" in page
    assert ">Section<" in page or "Section</a>" in page
    for pair in ("A1", "A2", "A3", "B1", "B2", "B3"):
        assert f">{pair}<" in page


@pytest.mark.django_db
def test_traveller_header_shows_each_sections_average_when_ranked_on_its_own(client):
    # Board 1, N-S: section A's three tables scored S, 0, 0 (average S/3), section B's 0, 0, 0; E-W the
    # negatives.  Across the field the board has one average, S/6.
    event, score = hand_checked_event("section")
    trav = traveller(event, Board.objects.get(event=event, number=1))
    assert (trav.ns_average, trav.ew_average) == (None, None)
    assert trav.section_averages == (("A", Fraction(score, 3), Fraction(-score, 3)), ("B", 0, 0))
    a_ns, a_ew = mixed_number(Fraction(score, 3)), mixed_number(Fraction(-score, 3))
    page = client.get(reverse("board_traveller", args=[event.pk, 1])).content.decode()
    assert f"N-S <strong>A: {a_ns}, B: 0</strong> · E-W <strong>A: {a_ew}, B: 0</strong>" in page
    # The printouts' rows (travellers PDF, text) and the venue display say the same.
    board = next(b for b in event_rows(event).boards if b.number == 1)
    assert (board.ns_average_shown, board.ew_average_shown) == (f"A: {a_ns}, B: 0", f"A: {a_ew}, B: 0")
    display = client.get(reverse("event_display", args=[event.pk])).content.decode()
    assert f"N-S <strong>A: {a_ns}, B: 0</strong> · E-W <strong>A: {a_ew}, B: 0</strong>" in display
    services.event_ranking_set(event=event, ranking="field")
    trav = traveller(event, Board.objects.get(event=event, number=1))
    assert (trav.ns_average, trav.section_averages) == (Fraction(score, 6), ())
    page = client.get(reverse("board_traveller", args=[event.pk, 1])).content.decode()
    assert f"N-S <strong>{mixed_number(Fraction(score, 6))}</strong> · E-W" in page


@pytest.mark.django_db
def test_table_links_and_guide_cards_name_each_section(director_client):
    event = sections_event(2)
    director_client.post(reverse("entry_tokens", args=[event.pk]), {"action": "create_all"})
    assert TableToken.objects.filter(section__event=event, revoked=False).count() == 6
    page = director_client.get(reverse("entry_tokens", args=[event.pk])).content.decode()
    for letter in "AB":
        for table in (1, 2, 3):
            assert f"Section {letter}, table {table}" in page
    cards = event_rows(event).guide_cards
    assert [c.title for c in cards] == [f"Section {s}, table {t}" for s in "AB" for t in (1, 2, 3)]
    # Score cards (one per pair) come section by section.
    assert [c.pair.label for c in event_rows(event).cards] == [f"{s}{n}" for s in "AB" for n in range(1, 7)]


def _queries(client, url: str, **params) -> int:
    cache.clear()
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url, params)
    assert response.status_code == 200
    return len(ctx.captured_queries)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "page",
    [
        "event_standings",
        "board_traveller",
        "entry_tokens",
        "entry_index",
        "event_detail",
        "event_pairs",
        "event_movement",
    ],
)
def test_pages_run_as_many_queries_for_two_sections_as_for_five(director_client, page):
    counts = []
    for count in (2, 5):
        event = sections_event(count, name=f"Congress {count}")
        for section in Section.objects.filter(event=event):
            services.table_token_create(section=section, table=1)
        args = [event.pk, 1] if page == "board_traveller" else [event.pk]
        counts.append(_queries(director_client, reverse(page, args=args)))
    assert counts[0] == counts[1]
