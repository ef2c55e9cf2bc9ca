"""The pages' django-tables2 tables: their columns, ordering on exact values, pagination at 50 rows, the
section filter and a fixed number of queries per page whatever the size of the event.

The unit tests feed the tables stand-in rows with the attributes the selectors' rows have (a ranking's
rows, a traveller's lines, ...): what a table reads is its contract, not where the rows are made.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from fractions import Fraction as F
from html import unescape
from types import SimpleNamespace
from typing import Any

import pytest
from django.contrib.contenttypes.models import ContentType
from django.core.cache import cache
from django.db import connection
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from duplicate import services
from duplicate.models import Play
from duplicate.tables import (
    PER_PAGE,
    HistoryTable,
    ScoreCardTable,
    StandingsTable,
    TravellerTable,
    configure,
    exact_key,
    in_section,
    ranking_tables,
    selected_section,
)
from teams.tables import MatchTablesTable, TeamScoreTable
from tests.factories import TD, fill, make_event, two_section_event

# ------------------------------------------------------------------------------------------ stand-ins


@dataclass(frozen=True)
class Pair:
    pk: int
    label: int | str
    names: str = ""
    section: str = "A"
    team: str | None = None

    @property
    def sort_key(self) -> tuple[int, int, str]:
        return (0, self.label, "") if isinstance(self.label, int) else (1, 0, self.label)


def standing(rank: int, pair: Pair, pm: F, shown: str, net: F = F(0), by_fraction: bool = False) -> Any:
    return SimpleNamespace(
        rank=rank,
        pair=pair,
        boards=2,
        net=net,
        net_display=str(net),
        plus_minus=pm,
        plus_minus_display=shown,
        by_fraction=by_fraction,
    )


def render(table_class: type, rows: Any, query: str = "", **kwargs: Any) -> str:
    request = RequestFactory().get("/page/" + (f"?{query}" if query else ""))
    table = configure(request, table_class(rows, event_pk=1, **kwargs))
    return table.as_html(request)


def body_rows(html: str) -> list[list[str]]:
    """Each body row's cells, tags stripped."""
    body = html.split("<tbody", 1)[1].split("</tbody>", 1)[0]
    return [
        [unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)
    ]


def headers(html: str) -> list[str]:
    head = html.split("<thead", 1)[1].split("</thead>", 1)[0]
    return [re.sub(r"<[^>]+>", "", h).strip() for h in re.findall(r"<th[^>]*>(.*?)</th>", head, re.S)]


# ------------------------------------------------------------------------------------------- standings

# Plus/minus +10, +2, +1/3, 0 and -1/2, shown rounded ("0" twice, "-1"): their text sorts otherwise
# ("+10" < "+2" as text, and "0" cannot tell +1/3 from 0).
RANKING = [
    standing(4, Pair(4, 10, "G & H"), F(0), "0"),
    standing(5, Pair(5, "A1", "I & J"), F(-1, 2), "-1"),
    standing(1, Pair(1, 2, "A & B"), F(10), "+10"),
    standing(3, Pair(3, 1, "E & F"), F(1, 3), "0", by_fraction=True),
    standing(2, Pair(2, 3, "C & <D>"), F(2), "+2"),
]


def test_standings_columns_in_order():
    html = render(StandingsTable, RANKING)
    assert headers(html) == ["Rank", "Pair", "Players", "Boards", "Net", "Plus/minus", ""]
    rows = body_rows(html)
    # Unsorted: the ranking's own order, as given.
    assert rows[2] == ["1", "2", "A & B", "2", "0", "+10", ""]
    assert rows[3][-1] == "by the fraction of a point"
    assert "C &amp; &lt;D&gt;" in html  # names are escaped
    assert f'<a href="{reverse("pair_scorecard", args=[1, "1"])}">1</a>' in html  # pair 1's card, by number
    assert '<table class="data">' in html
    assert '<div class="table-container">' in html


def test_standings_order_by_the_exact_plus_minus_not_its_text():
    desc = [r[1] for r in body_rows(render(StandingsTable, RANKING, "sort=-plus_minus"))]
    assert desc == ["2", "3", "1", "10", "A1"]  # +10, +2, +1/3, 0, -1/2
    asc = [r[1] for r in body_rows(render(StandingsTable, RANKING, "sort=plus_minus"))]
    assert asc == ["A1", "10", "1", "3", "2"]


def test_standings_order_by_rank_and_by_pair_number_numerically():
    assert [r[0] for r in body_rows(render(StandingsTable, RANKING, "sort=rank"))] == [
        "1",
        "2",
        "3",
        "4",
        "5",
    ]
    # Numbers as numbers (2 before 10), a pair named by text after the numbered ones.
    assert [r[1] for r in body_rows(render(StandingsTable, RANKING, "sort=pair"))] == [
        "1",
        "2",
        "3",
        "10",
        "A1",
    ]
    assert [r[1] for r in body_rows(render(StandingsTable, RANKING, "sort=-pair"))] == [
        "A1",
        "10",
        "3",
        "2",
        "1",
    ]
    # Equal places are listed by pair number.
    tied = [standing(1, Pair(9, 12), F(1), "+1"), standing(1, Pair(8, 3), F(1), "+1")]
    assert [r[1] for r in body_rows(render(StandingsTable, tied, "sort=rank"))] == ["3", "12"]


def test_a_prefixed_table_reads_only_its_own_parameters():
    html = render(StandingsTable, RANKING, "ns-sort=-plus_minus&sort=pair", prefix="ns-")
    assert [r[1] for r in body_rows(html)] == ["2", "3", "1", "10", "A1"]
    assert "ns-sort=pair" in html.replace("&amp;", "&")  # the header links carry the prefix


def test_pagination_at_50_rows_with_60():
    rows = [standing(i, Pair(i, i), F(60 - i), str(60 - i)) for i in range(1, 61)]
    first = body_rows(render(StandingsTable, rows, prefix="ew-"))
    assert PER_PAGE == 50
    assert len(first) == 50
    assert first[0][1] == "1"
    assert first[-1][1] == "50"
    second = body_rows(render(StandingsTable, rows, "ew-page=2", prefix="ew-"))
    assert [r[1] for r in second] == [str(i) for i in range(51, 61)]
    html = render(StandingsTable, rows, prefix="ew-")
    assert "ew-page=2" in html
    assert "rows 1 to 50 of 60" in html
    # Sorted, then paginated: the second page of the descending pairs is pairs 10 to 1.
    second = body_rows(render(StandingsTable, rows, "ew-page=2&ew-sort=-pair", prefix="ew-"))
    assert [r[1] for r in second] == [str(i) for i in range(10, 0, -1)]


# ------------------------------------------------------------------------------------ traveller, card


def line(table: int, ns: Pair, ew: Pair, ns_score: F | int | None, status: str = "4H by N, 10 tricks") -> Any:
    ew_score = None if ns_score is None else -ns_score
    pm = None if ns_score is None else F(ns_score) - F(5)
    return SimpleNamespace(
        round=1,
        table=table,
        ns=ns,
        ew=ew,
        status=status,
        ns_total=0,
        ew_total=0,
        ns_items="",
        ew_items="",
        ns_score=ns_score,
        ew_score=ew_score,
        ns_score_display="" if ns_score is None else str(ns_score),
        ew_score_display="" if ew_score is None else str(ew_score),
        ns_plus_minus=pm,
        ew_plus_minus=None if pm is None else -pm,
        ns_plus_minus_display="" if pm is None else str(pm),
        ew_plus_minus_display="" if pm is None else str(-pm),
    )


def test_traveller_columns_and_a_line_not_played_sorts_below_every_score():
    lines = [
        line(1, Pair(1, 1), Pair(4, 4), 50),
        line(2, Pair(2, 2), Pair(5, 5), None, "being played"),
        line(3, Pair(3, 3), Pair(6, 6), -30),
        line(4, Pair(7, 10), Pair(8, 11), 0),
    ]
    html = render(TravellerTable, lines)
    assert headers(html) == [
        "Round", "Table", "N-S", "E-W", "Result", "N-S score", "E-W score", "Score items", "N-S +/-", "E-W +/-",
    ]  # fmt: skip
    assert body_rows(html)[1] == ["1", "2", "2", "5", "being played", "", "", "", "", ""]
    assert [r[1] for r in body_rows(render(TravellerTable, lines, "sort=ns_score"))] == ["2", "3", "4", "1"]
    assert [r[1] for r in body_rows(render(TravellerTable, lines, "sort=-ns_score"))] == ["1", "4", "3", "2"]
    assert [r[1] for r in body_rows(render(TravellerTable, lines, "sort=-ns"))] == ["4", "3", "2", "1"]


def test_traveller_score_items_name_each_side():
    scored = line(1, Pair(1, 1), Pair(2, 2), 130)
    scored.ns_total, scored.ns_items = 130, "tricks 30, honours 100"
    html = render(TravellerTable, [scored])
    assert "<div>N-S: 130: tricks 30, honours 100</div>" in html
    assert "E-W:" not in html


def test_score_card_columns_and_order():
    def card_line(board: int, pm: F | None) -> Any:
        return SimpleNamespace(
            round=board,
            board=board,
            side="NS",
            opponents=Pair(9, 9, "Y & Z"),
            status="being played" if pm is None else "played",
            score=pm,
            score_display="" if pm is None else str(pm),
            average=None if pm is None else F(0),
            average_display="" if pm is None else "0",
            plus_minus=pm,
            plus_minus_display="" if pm is None else str(pm),
            running_display="",
        )

    lines = [card_line(1, F(-1, 2)), card_line(2, None), card_line(3, F(1, 3)), card_line(4, F(0))]
    html = render(ScoreCardTable, lines, pair=Pair(7, 7, "U & V"), hidden=frozenset({2}))
    assert headers(html) == [
        "Round", "Board", "Held", "Opponents", "Result", "Score", "Average", "Plus/minus", "Running total",
    ]  # fmt: skip
    assert body_rows(html)[1] == ["2", "2", "N-S", "9 Y & Z", "being played", "", "", "", ""]
    assert f'<a href="{reverse("board_traveller", args=[1, 3])}?pair=7">3</a>' in html  # marks its line
    assert f'<a href="{reverse("board_traveller", args=[1, 2])}">2</a>' in html  # being played: none marked
    by_pm = [
        r[1] for r in body_rows(render(ScoreCardTable, lines, "sort=-plus_minus", pair=Pair(7, 7, "U & V")))
    ]
    assert by_pm == ["3", "4", "1", "2"]  # +1/3, 0, -1/2, then the board being played


def test_exact_key_puts_nothing_first_then_numbers_then_text():
    values = ["B2", F(1, 3), None, 10, "", -2]
    assert sorted(values, key=exact_key) == [None, "", -2, F(1, 3), 10, "B2"]


# ------------------------------------------------------------------------------------------ team match


def test_team_tables_columns_odd_pair_and_total():
    team = SimpleNamespace(
        name="Reds",
        pairs=[
            SimpleNamespace(
                pair=Pair(1, 1, "A & B"), direction="NS", boards=2, net=F(-1, 2), net_display="-1/2"
            ),
            SimpleNamespace(
                pair=Pair(2, 2, "C & D"), direction="EW", boards=2, net=F(1, 3), net_display="1/3"
            ),
        ],
        odd_pair_average=F(-85, 3),
        odd_pair_average_display="-28",
        odd_direction="NS",
        extra_pairs=1,
        total_display="33",
    )
    html = render(TeamScoreTable, team, "sort=-score")
    assert headers(html)[:5] == ["Pair", "Players", "Seated", "Boards", "Score"]
    assert [r[0] for r in body_rows(html)] == ["2", "1"]
    assert '<table class="data team-score">' in html
    foot = html.split("<tfoot>", 1)[1]
    assert 'class="odd-pair"' in foot
    assert "seated E-W" in foot
    assert ">-28<" in foot
    assert ">33<" in foot
    tables = [
        SimpleNamespace(table=1, ns=Pair(1, 1, team="Reds"), ew=Pair(3, 3, team="Blues"), ns_net=F(5),
                        ew_net=F(-5), ns_display="5", ew_display="-5"),
    ]  # fmt: skip
    html = render(MatchTablesTable, tables)
    assert headers(html) == ["Table", "N-S pair", "Team", "Score", "E-W pair", "Team", "Score"]
    assert body_rows(html) == [["1", "1", "Reds", "5", "3", "Blues", "-5"]]


# --------------------------------------------------------------------------------------------- sections


def test_the_section_filter_takes_only_the_events_own_letters():
    request = RequestFactory().get("/page/?section=b")
    assert selected_section(request, ["A", "B"]) == "B"
    assert selected_section(request, ["B"]) == ""  # one section: nothing to filter
    assert selected_section(RequestFactory().get("/page/?section=Z"), ["A", "B"]) == ""
    rows = [standing(1, Pair(1, 1, section="A"), F(0), "0"), standing(1, Pair(2, 2, section="B"), F(0), "0")]
    assert [r.pair.pk for r in in_section(rows, "B")] == [2]
    assert len(in_section(rows, "")) == 2
    rankings = [
        SimpleNamespace(rows=rows[:1], prefix="a-", awarded=False),
        SimpleNamespace(rows=rows[1:], prefix="b-", awarded=False),
    ]
    tables = ranking_tables(request, 1, rankings, "B")
    assert [t["ranking"].prefix for t in tables] == ["b-"]


def two_sections(db) -> Any:
    event = two_section_event()
    fill(event)
    return event


def test_a_standings_page_narrowed_to_a_section(db, client):
    event = two_sections(db)
    url = reverse("event_standings", args=[event.pk])
    every = client.get(url).content.decode()
    titles = re.findall(r'<section class="standings-ranking">\s*<h2>(.*?)</h2>', every)
    assert titles == ["Section A N-S", "Section A E-W", "Section B N-S", "Section B E-W"]
    assert 'href="?section=B"' in every
    only_b = client.get(url + "?section=B").content.decode()
    titles = re.findall(r'<section class="standings-ranking">\s*<h2>(.*?)</h2>', only_b)
    assert titles == ["Section B N-S", "Section B E-W"]
    assert ">A1<" not in only_b
    assert ">B1<" in only_b


def test_the_entry_index_narrowed_to_a_section(db, client):
    event = two_sections(db)
    url = reverse("entry_index", args=[event.pk])
    every = client.get(url).content.decode()
    assert re.findall(r"<h2>(Section .)</h2>", every) == ["Section A", "Section B"]
    assert 'id="round-A-1"' in every
    assert 'id="round-B-3"' in every
    only_b = client.get(url + "?section=B").content.decode()
    assert re.findall(r"<h2>(Section .)</h2>", only_b) == ["Section B"]
    assert 'id="round-A-1"' not in only_b
    assert 'id="round-B-1"' in only_b
    assert headers(only_b) == ["Round", "Table 1", "Table 2", "Table 3", "Scores (law E)"]
    # Each section's grid sorts on its own parameters: B's rounds last to first, A's as they were.
    both = client.get(url + "?b-sort=-round").content.decode()
    assert both.index('id="round-A-1"') < both.index('id="round-A-3"')
    assert both.index('id="round-B-3"') < both.index('id="round-B-1"')


def test_the_pairs_page_sorts_pair_numbers_as_numbers_and_filters_a_section(db, director_client):
    event = make_event(kind="mitchell", tables=6, boards_per_round=2)  # pairs 1-12
    url = reverse("event_pairs", args=[event.pk])
    numbers = [r[0] for r in body_rows(director_client.get(url + "?sort=number").content.decode())]
    assert numbers == [str(n) for n in range(1, 13)]  # 2 before 10, as numbers
    numbers = [r[0] for r in body_rows(director_client.get(url + "?sort=-number").content.decode())]
    assert numbers == [str(n) for n in range(12, 0, -1)]
    html = director_client.get(url).content.decode()
    assert headers(html) == ["Pair", "Players", ""]  # one section, no teams: no columns for them
    assert body_rows(html)[0] == ["1", "not named yet", "Edit names"]
    two = two_sections(db)
    url = reverse("event_pairs", args=[two.pk])
    assert headers(director_client.get(url).content.decode())[0] == "Section"
    rows = body_rows(director_client.get(url + "?section=B").content.decode())
    assert [r[1] for r in rows] == ["B1", "B2", "B3", "B4", "B5", "B6"]
    assert {r[0] for r in rows} == {"B"}


def test_the_history_narrowed_to_a_section(db, director_client):
    event = two_sections(db)
    for letter, table in (("A", 1), ("B", 2)):  # a correction at one table of each section
        plays = Play.objects.filter(event=event, seating__round__section__letter=letter, seating__table=table)
        play = plays.order_by("pk").first()
        data = {"contract": "1NT", "declarer": "E", "tricks": 7}
        services.play_result_save(play=play, data=data, writer=TD, expected_version=play.version)
    url = reverse("event_history", args=[event.pk])
    every = body_rows(director_client.get(url).content.decode())
    assert sorted(r[3].split(",")[1].strip() for r in every) == ["table 1", "table 2B"]
    only_b = body_rows(director_client.get(url + "?section=B").content.decode())
    assert [r[3].split(",")[1].strip() for r in only_b] == ["table 2B"]


def test_history_columns_and_order():
    def change(pk: int, kind: str, minute: int) -> Any:
        at = dt.datetime(1916, 3, 4, 20, minute, tzinfo=dt.UTC)
        return SimpleNamespace(pk=pk, kind=kind, at=at, who="td", what=f"change {pk}", before="", after="",
                               reason="")  # fmt: skip

    rows = [change(3, "result", 30), change(9, "names", 10), change(2, "result", 20)]
    html = render(HistoryTable, rows)
    assert headers(html) == ["#", "When", "Who", "What", "Before", "After", "Reason", ""]
    assert [r[0] for r in body_rows(html)] == ["3", "", "2"]  # a names change has no result number
    assert '<tr class="history-names odd">' in html
    assert [r[3] for r in body_rows(render(HistoryTable, rows, "sort=at"))] == [
        "change 9",
        "change 2",
        "change 3",
    ]


# ------------------------------------------------------------------------------------------ query counts


def count_queries(client: Any, url: str) -> int:
    cache.clear()
    ContentType.objects.clear_cache()  # (the history reads the content types: every count reads them alike)
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    assert '<div class="table-container">' in response.content.decode()  # the page shows its table
    return len(queries)


def event_pages(event: Any) -> dict[str, str]:
    pair = event.pairs.order_by("-pk").first()
    return {
        "standings": reverse("event_standings", args=[event.pk]),
        "score card": reverse("pair_scorecard", args=[event.pk, pair.number]),
        "traveller": reverse("board_traveller", args=[event.pk, 2]),
        "entry index": reverse("entry_index", args=[event.pk]),
        "history": reverse("event_history", args=[event.pk]),
        "pairs": reverse("event_pairs", args=[event.pk]),
    }


@pytest.mark.parametrize("page", ["standings", "score card", "traveller", "entry index", "history", "pairs"])
def test_each_table_page_runs_the_same_queries_at_3_and_9_tables(db, director_client, page):
    counts = []
    for tables in (3, 9):
        event = make_event(kind="mitchell", tables=tables, boards_per_round=2)
        fill(event)
        counts.append(count_queries(director_client, event_pages(event)[page]))
    assert counts[0] == counts[1]


def test_the_team_match_page_runs_the_same_queries_at_3_and_9_tables(db, client):
    counts = []
    for tables in (3, 9):
        event = make_event(kind="teams", tables=tables, boards_per_round=2, event_kind="teams")
        fill(event)
        counts.append(count_queries(client, reverse("team_match", args=[event.pk])))
    assert counts[0] == counts[1]


def test_the_standings_rows_carry_the_pair_and_the_columns_a_phone_leaves_out():
    html = render(StandingsTable, RANKING, "sort=-plus_minus")
    rows = re.findall(r"<tr[^>]*>.*?</tr>", html.split("<tbody>")[1], re.S)
    assert [re.search(r'data-pair="([^"]*)"', tr).group(1) for tr in rows] == ["2", "3", "1", "10", "A1"]
    assert all(tr.count("hide-narrow") == 2 for tr in rows)  # boards and net
