"""No peeking: a board's hands and other tables' results stay with the director until every table scheduled to
play it has a result or a ruling on it, or the director finishes the event.

A three-table Mitchell (two boards a round, three rounds): board 1 is played at table 1 in round 1, table 3 in
round 2 and table 2 in round 3 (the boards move down a table). Its results are entered at two of its three
tables; every page and download is read as a visitor, as the table links of a table that has played it and of
the one that has not, and as the director; then the last table enters and everyone sees it; then finishing
the event releases a board nobody has played.
"""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
from django.core.cache import cache
from django.urls import reverse
from openpyxl import load_workbook

from duplicate import selectors, services
from duplicate.models import Event, Play
from tests.factories import (
    DEAL_1,
    DEAL_2,
    FIRST,
    FIRST_TEXT,
    LAST,
    LAST_TEXT,
    SECOND,
    SECOND_TEXT,
    SUIT,
    board_plays,
    enter,
    make_event,
    quoted_line,
    token_client,
)
from tests.factories import pdf_words as pdf_text

NOTE = "being played: shown when every table has played it"
PLAYED = "played: shown once every table has played it"  # a table's line it has played, of a board in play
# A traveller printout's line: contract, declarer, tricks in cells of their own.
PDF_FIRST, PDF_SECOND, PDF_LAST = "4H N 10", "2S E 8", "3D W 9"


def get(client, name: str, *args) -> bytes:
    response = client.get(reverse(name, args=args))
    assert response.status_code == 200, (name, response.status_code)
    return response.content


def page(client, name: str, *args) -> str:
    return get(client, name, *args).decode()


def card_row(html: str, board: int) -> list[str]:
    """The cells (tags stripped) of a score card's row for ``board``."""
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", html, re.S):
        if f"/boards/{board}/" in row:
            return [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
    raise AssertionError(f"no row for board {board}")


def results_rows(data: bytes, board: int) -> list[dict[str, str]]:
    rows = list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"))))
    return [r for r in rows if r["Board"] == str(board)]


# --- The selector and the rule -------------------------------------------------------------------------------


def test_boards_in_play_are_those_a_scheduled_table_has_not_played(game):
    # Every board but none: board 1 waits for table 2; boards 2-6 have no result at all.
    assert selectors.boards_in_play(game) == frozenset({1, 2, 3, 4, 5, 6})
    assert selectors.released_boards(game, range(1, 7)) == set()
    enter(board_plays(game, 1)[2], LAST)
    game.refresh_from_db()
    assert selectors.boards_in_play(game) == frozenset({2, 3, 4, 5, 6})
    assert selectors.released_boards(game, range(1, 7)) == {1}
    # A ruling is a score given: board 2 is released once its three tables have a result or a ruling.
    plays = board_plays(game, 2)
    enter(plays[0], {"ruling": "average"})
    enter(plays[1], FIRST)
    game.refresh_from_db()
    assert 2 in selectors.boards_in_play(game)
    enter(plays[2], {"ruling": "average"})
    game.refresh_from_db()
    assert selectors.boards_in_play(game) == frozenset({3, 4, 5, 6})
    # A result cleared puts the board back in play.
    services.play_result_save(
        play=Play.objects.get(pk=plays[1].pk),
        data=None,
        writer=services.Writer(name="td", is_director=True, user_id=None),
        expected_version=Play.objects.get(pk=plays[1].pk).version,
    )
    game.refresh_from_db()
    assert 2 in selectors.boards_in_play(game)
    services.event_finish(event=game)
    assert game.status == "complete"
    assert selectors.boards_in_play(game) == frozenset()


def test_board_visible_is_the_one_rule():
    in_play = frozenset({1, 2})
    assert not selectors.board_visible(1, in_play=in_play, viewer=selectors.VISITOR)
    assert selectors.board_visible(3, in_play=in_play, viewer=selectors.VISITOR)
    assert selectors.board_visible(1, in_play=in_play, viewer=selectors.DIRECTOR)
    table = selectors.Viewer(played=frozenset({1}))
    assert selectors.board_visible(1, in_play=in_play, viewer=table)
    assert not selectors.board_visible(2, in_play=in_play, viewer=table)
    assert selectors.hidden_boards(in_play, table) == frozenset({2})
    assert selectors.hidden_boards(in_play, selectors.DIRECTOR) == frozenset()


def test_table_played_boards_counts_every_play_of_the_board_at_that_table(game):
    section = game.sections.get()
    assert selectors.table_played_boards(section.pk, 1) == frozenset({1})
    assert selectors.table_played_boards(section.pk, 3) == frozenset({1})
    assert selectors.table_played_boards(section.pk, 2) == frozenset()


# --- Before the last table plays board 1 -------------------------------------------------------------------


def test_visitor_traveller_says_being_played(client, game):
    html = page(client, "board_traveller", game.pk, 1)
    assert NOTE in html
    for secret in (FIRST_TEXT, SECOND_TEXT, SUIT, "hand-diagram", "N-S score", "Average:"):
        assert secret not in html, secret


def test_director_traveller_shows_everything(director_client, game):
    html = page(director_client, "board_traveller", game.pk, 1)
    assert NOTE not in html
    assert FIRST_TEXT in html
    assert SECOND_TEXT in html
    assert "hand-diagram" in html
    assert SUIT in html


def test_table_links_see_the_traveller_once_their_table_has_played(client, game):
    played = token_client(client, game, 1)  # played board 1 in round 1
    html = page(client, "entry_token_traveller", played, 1)  # first asked: its result then stands
    assert "your result on board 1 stands" in html
    assert FIRST_TEXT not in html
    assert SECOND_TEXT not in html
    assert SUIT not in html
    client.post(reverse("entry_token_traveller", args=[played, 1]))
    html = page(client, "entry_token_traveller", played, 1)
    assert FIRST_TEXT in html
    assert SECOND_TEXT in html
    assert SUIT in html
    assert NOTE not in html
    # ... but not a board it has not played (board 3: table 1 plays it in round 2)
    assert NOTE in page(client, "entry_token_traveller", played, 3)
    waiting = token_client(client, game, 2)  # plays board 1 in round 3
    html = page(client, "entry_token_traveller", waiting, 1)
    assert NOTE in html
    assert FIRST_TEXT not in html
    assert SECOND_TEXT not in html
    assert SUIT not in html
    # A table link's page links to the travellers of the boards its table has played, and no others.
    link = reverse("entry_token_traveller", args=[played, 1])
    assert link in page(client, "entry_token", played)
    assert reverse("entry_token_traveller", args=[waiting, 1]) not in page(client, "entry_token", waiting)
    # A revoked link opens nothing.
    assert client.get(reverse("entry_token_traveller", args=["no-such-secret", 1])).status_code == 404


def test_table_link_page_shows_its_own_result(client, game):
    secret = token_client(client, game, 1)
    # Table 1's round 1 is entered but not agreed: the link still opens it, with its own result.
    html = page(client, "entry_token", secret)
    assert "4H" in html
    assert "2S by E" not in html
    assert SECOND_TEXT not in html


def test_hand_records_page_and_pdf(client, director_client, game):
    html = page(client, "event_boards", game.pk)
    assert DEAL_1 not in html
    assert DEAL_2 not in html
    assert NOTE in html
    html = page(director_client, "event_boards", game.pk)
    assert DEAL_1 in html
    assert DEAL_2 in html
    visitor = pdf_text(get(client, "download_printout", game.pk, "hand-records"))
    assert SUIT not in visitor
    assert NOTE in visitor
    director = pdf_text(get(director_client, "download_printout", game.pk, "hand-records"))
    assert SUIT in director
    assert NOTE not in director


def test_score_card_page_and_pdf(client, director_client, game):
    pair = board_plays(game, 1)[0].ns_pair  # N-S at table 1 in round 1: played board 1 (4H by N)
    html = page(client, "pair_scorecard", game.pk, pair.number)
    row = card_row(html, 1)
    # Round, board, side, opponents, result, score, average, plus/minus, running total. The pair has played
    # board 1: its card says so, and under its lines that the result shows once every table has played it.
    assert row[4] == "played"
    assert "its result is shown once every table has played it" in html
    assert row[5:] == ["", "", "", ""]
    assert FIRST_TEXT not in html
    row = card_row(page(director_client, "pair_scorecard", game.pk, pair.number), 1)
    assert row[4] == FIRST_TEXT
    assert row[5]
    assert row[6]
    assert row[7]
    # The director's card was kept: the visitor's is not served from it, nor the other way round.
    assert card_row(page(client, "pair_scorecard", game.pk, pair.number), 1)[4] == "played"
    visitor = pdf_text(get(client, "download_printout", game.pk, "scorecards"))
    assert FIRST_TEXT not in visitor
    assert SECOND_TEXT not in visitor
    assert "being played" in visitor
    assert "N-S 4 played" in visitor  # board 1's line, and under the card what it means:
    assert "its result is shown once every table has played it" in visitor
    director = pdf_text(get(director_client, "download_printout", game.pk, "scorecards"))
    assert FIRST_TEXT in director
    assert SECOND_TEXT in director


def test_score_card_running_total_leaves_out_a_board_in_play(client, director_client, game):
    pair = board_plays(game, 1)[0].ns_pair  # N-S at table 1 all session: board 1, then boards 3 and 4
    later = [p for p in board_plays(game, 3) if p.seating.round.number == 2]
    assert later[0].ns_pair == pair
    for play, data in zip(board_plays(game, 3), (SECOND, FIRST, LAST), strict=True):
        enter(play, data)  # board 3 released (table 1 has it in round 2: 4H); board 1 still in play
    visitor = card_row(page(client, "pair_scorecard", game.pk, pair.number), 3)
    director = card_row(page(director_client, "pair_scorecard", game.pk, pair.number), 3)
    assert visitor[4] == director[4] == FIRST_TEXT
    assert visitor[7] == director[7]
    # The visitor's running total is board 3's plus/minus alone: with board 1's in it, the two totals would
    # give board 1's away. The director's holds both.
    assert visitor[8] == visitor[7]
    assert director[8] != director[7]


def test_a_table_link_whose_rounds_are_all_agreed_lists_its_results(client, game):
    secret = token_client(client, game, 1)
    for rnd in game.sections.get().rounds.all():
        services.round_agree(round=rnd, user_id=None)
    html = page(client, "entry_token", secret)
    assert "This table's results" in html
    assert "4H by N, 10 tricks" in html  # its own result on board 1
    assert SECOND_TEXT not in html  # not another table's
    assert reverse("entry_token_traveller", args=[secret, 1]) in html
    assert reverse("entry_token_traveller", args=[secret, 2]) not in html  # board 2: no result at table 1


def test_travellers_pdf(client, director_client, game):
    visitor = pdf_text(get(client, "download_travellers", game.pk))
    assert PDF_FIRST not in visitor
    assert PDF_SECOND not in visitor
    assert SUIT not in visitor
    # Board 1 with no hands, its tables by table: those that have played it say so and show nothing of
    # their result, the one still to play it "being played"; no average.
    assert f"Board 1 Dealer North ({NOTE})" in visitor
    assert f"1 1 1 4 {PLAYED} 3 2 2 6 being played 2 3 3 5 {PLAYED} Average: N-S — · E-W —" in visitor
    director = pdf_text(get(director_client, "download_travellers", game.pk))
    assert PDF_FIRST in director
    assert PDF_SECOND in director
    assert SUIT in director


def test_results_csv(client, director_client, game):
    rows = results_rows(get(client, "download_results_csv", game.pk), 1)
    assert len(rows) == 3
    for r in rows:
        assert r["Contract"] == r["Tricks"] == r["N-S score"] == r["N-S average"] == r["N-S plus/minus"] == ""
    assert sorted(r["Result"] for r in rows) == ["being played", PLAYED, PLAYED]
    rows = results_rows(get(director_client, "download_results_csv", game.pk), 1)
    assert sorted(r["Contract"] for r in rows) == ["", "2S", "4H"]


def test_workbook(client, director_client, game):
    def sheets(data: bytes) -> dict[str, list[dict]]:
        wb = load_workbook(io.BytesIO(data))
        out = {}
        for name in ("Travellers", "Score cards", "Boards"):
            rows = list(wb[name].iter_rows(values_only=True))
            out[name] = [dict(zip(rows[0], r, strict=True)) for r in rows[1:]]
        return out

    visitor = sheets(get(client, "download_workbook", game.pk))
    travellers = [r for r in visitor["Travellers"] if r["Board"] == 1]
    assert len(travellers) == 3
    assert not any(r["Contract"] for r in travellers)
    cards = [r for r in visitor["Score cards"] if r["Board"] == 1]
    assert len(cards) == 6
    assert {r["Result"] for r in cards} == {"being played", PLAYED}
    assert all(r["Score"] is None for r in cards)
    board = next(r for r in visitor["Boards"] if r["Board"] == 1)
    assert not board["North"]
    assert not board["Hands (PBN)"]
    director = sheets(get(director_client, "download_workbook", game.pk))
    contracts = sorted(r["Contract"] or "" for r in director["Travellers"] if r["Board"] == 1)
    assert contracts == ["", "2S", "4H"]
    assert next(r for r in director["Boards"] if r["Board"] == 1)["North"]


def test_event_file(client, director_client, game):
    data = json.loads(get(client, "event_export", game.pk))
    assert all("deal" not in b for b in data["boards"])
    assert data["results"] == []
    assert len(data["pairs"]) == 6
    assert data["movement"]["kind"] == "mitchell"
    data = json.loads(get(director_client, "event_export", game.pk))
    assert {b["number"]: b.get("deal") for b in data["boards"]}[1] == DEAL_1
    assert sorted(r["contract"] for r in data["results"] if r["board"] == 1) == ["2S", "4H"]


def test_table_page_of_the_director_pages(client, director_client, game):
    # The scoring pages of a table are public to read: a visitor sees no result of a board in play there.
    url = reverse("entry_table", args=[game.pk, "A", 1, 1])
    html = client.get(url).content.decode()
    assert "4H by N" not in html
    assert NOTE in html
    assert "4H by N" in director_client.get(url).content.decode()


# --- Totals while boards are in play ------------------------------------------------------------------------
#
# A pair's total that counted a board still in play would move when another table saves it: a visitor who
# compared the total before and after would learn that table's score (no peeking).  So a visitor's totals (the
# standings, a score card's place and total, the venue display, the downloads) count the released boards only
# and say how many ("1 of 6 boards counted"); a director's count every result; the event's option "running
# totals over every result" gives visitors the director's totals.


@pytest.fixture
def running(db, fresh_cache):
    """Board 3 released (every table has played it); board 1 played at table 1 only (round 1), tables 3
    and 2 still to play it.  Pair 1 (N-S at table 1 all session) has both."""
    event = make_event(tables=3, boards_per_round=2)
    for play, data in zip(board_plays(event, 3), (SECOND, FIRST, LAST), strict=True):
        enter(play, data)  # board 3: N-S -18, +157 (pair 1, table 1), -21: average 118/3
    enter(board_plays(event, 1)[0], FIRST)
    event.refresh_from_db()
    return event


def standing_row(html: str, label: int | str) -> list[str]:
    """The cells (tags stripped) of pair ``label``'s line in the standings."""
    row = re.search(rf'<tr data-pair="{label}"[^>]*>(.*?)</tr>', html, re.S)
    assert row is not None, label
    return [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row.group(1), re.S)]


def card_summary(html: str) -> str:
    """A score card's place and total, tags stripped."""
    found = re.search(r'<p class="scorecard-summary">(.*?)</p>', html, re.S)
    assert found is not None
    return re.sub(r"<[^>]+>", "", found.group(1))


def display_slides(html: str) -> str:
    """The venue display's slides (its status line says how many results are in: that may move)."""
    found = re.search(r'data-live-part="slides"[^>]*>(.*?)</main>', html, re.S)
    assert found is not None
    return found.group(1)


def xlsx_rows(data: bytes, sheet: str = "Standings") -> list[tuple]:
    return list(load_workbook(io.BytesIO(data))[sheet].iter_rows(values_only=True))


def results_in_left_out(text: str) -> str:
    """``text`` without how many results are in ("4 of 18 results in": a count, no score, moves with a save)."""
    return re.sub(r"\d+ of \d+ results in", "N of M results in", text)


def played_left_out(text: str) -> str:
    """``text`` without which tables have played a board still in play (a score card's "played" on such a
    board and the note under the card: no score, what the tables' count says anyway)."""
    text = re.sub(
        r" ?Played: a board this pair has played that other tables are still playing; its result is "
        r"shown once every table has played it\.",
        "",
        text,
    )
    return re.sub(r"\b(being )?played\b", "(being) played", text)


def totals_as_seen(client, event: Event) -> dict[str, object]:
    """Every total of pair 1 that a viewer is shown, as text: the standings, the score card, the display and
    the standings downloads (CSV, PDF, xlsx), the score cards printout and the workbook's Standings."""
    return {
        "standings": standing_row(page(client, "event_standings", event.pk), 1),
        "card": card_summary(page(client, "pair_scorecard", event.pk, "1")),
        "display": display_slides(page(client, "event_display", event.pk)),
        "csv": get(client, "download_standings", event.pk, "csv"),
        "pdf": results_in_left_out(pdf_text(get(client, "download_standings", event.pk, "pdf"))),
        "xlsx": xlsx_rows(get(client, "download_standings", event.pk, "xlsx")),
        "scorecards": played_left_out(
            results_in_left_out(pdf_text(get(client, "download_printout", event.pk, "scorecards")))
        ),
        "workbook": xlsx_rows(get(client, "download_workbook", event.pk)),
    }


def test_a_visitors_totals_count_the_released_boards_only(client, director_client, running):
    counted = "1 of 6 boards counted"
    # Board 3 alone: pair 1's +157 against an average of 118/3, +353/3 (shown +118), one board.
    row = standing_row(page(client, "event_standings", running.pk), 1)
    assert row[3:] == ["1", "157", "+118", ""]
    assert f"{counted}: a board still being played is counted once every table has played it" in page(
        client, "event_standings", running.pk
    )
    assert "1 board · net 157 · plus/minus +118" in card_summary(
        page(client, "pair_scorecard", running.pk, "1")
    )
    assert counted in page(client, "pair_scorecard", running.pk, "1")
    assert counted in page(client, "event_display", running.pk)
    # The files say it in columns of their own (the boards counted, the event's boards), every row alike.
    lines = get(client, "download_standings", running.pk, "csv").decode("utf-8-sig").splitlines()
    assert lines[0].endswith(quoted_line("ranking,number1,number2,event_boards_counted,event_boards"))
    assert lines[1] == quoted_line("1,1,NS,,,1,157,117.67,'353/3,N-S,,,1,6")
    assert len(lines) == 1 + 6  # the header and the six pairs: no line of its own for the count
    assert counted in pdf_text(get(client, "download_standings", running.pk, "pdf"))
    status = {row[-3:] for row in xlsx_rows(get(client, "download_standings", running.pk, "xlsx"))[1:]}
    assert status == {("provisional", 1, 6)}
    # The director's count board 1 too (one result: net 157 more, 0 against its average), and say nothing
    # of boards counted.
    html = page(director_client, "event_standings", running.pk)
    assert standing_row(html, 1)[3:] == ["2", "314", "+118", ""]
    assert "boards counted" not in html
    assert "boards counted" not in page(director_client, "pair_scorecard", running.pk, "1")
    director_csv = get(director_client, "download_standings", running.pk, "csv").decode("utf-8-sig")
    assert "boards counted" not in director_csv
    assert director_csv.splitlines()[1] == quoted_line("1,1,NS,,,2,314,117.67,'353/3,N-S,,,6,6")


def test_another_tables_save_on_a_board_in_play_moves_no_total_a_visitor_sees(
    client, director_client, running
):
    visitor, director = totals_as_seen(client, running), totals_as_seen(director_client, running)
    enter(board_plays(running, 1)[1], SECOND)  # table 3 plays board 1 (N-S -18); table 2 still to
    # The director's standings move (pair 1's board 1: 157 - 139/2 = +175/2; 353/3 + 175/2 = 1231/6) ...
    after = totals_as_seen(director_client, running)
    assert after["standings"] != director["standings"]
    assert after["standings"][3:6] == ["2", "314", "+205"]
    assert after["card"] != director["card"]
    assert after["csv"] != director["csv"]
    # ... a visitor's not at all, on any page or download: its totals never had board 1 in them.
    assert totals_as_seen(client, running) == visitor


def test_the_director_and_the_visitor_never_get_each_others_totals_from_the_cache(
    client, director_client, running
):
    for first, second in ((director_client, client), (client, director_client)):
        cache.clear()
        seen = {c: totals_as_seen(c, running) for c in (first, second)}
        assert seen[client]["standings"][3] == "1"  # boards counted for pair 1
        assert seen[director_client]["standings"][3] == "2"
        for what in ("card", "csv", "xlsx", "pdf"):
            assert seen[client][what] != seen[director_client][what], what


def test_running_totals_over_every_result_is_the_events_choice(client, director_client, running):
    assert not running.running_totals  # off by default
    version = running.results_version
    services.event_running_totals_set(event=running, running_totals=True)
    assert running.results_version == version + 1  # every kept page's totals are worked out afresh
    seen = totals_as_seen(client, running)
    assert seen["standings"][3:5] == ["2", "314"]  # board 1 counted
    assert "boards counted" not in page(client, "event_standings", running.pk)
    enter(board_plays(running, 1)[1], SECOND)
    after = totals_as_seen(client, running)
    assert after["standings"] != seen["standings"]  # a visitor's totals move with every save now
    assert after["standings"] == totals_as_seen(director_client, running)["standings"]
    assert after["csv"] == totals_as_seen(director_client, running)["csv"]
    # The lines of the board in play stay hidden all the same (only the totals are the option's).
    assert card_row(page(client, "pair_scorecard", running.pk, "1"), 1)[4] == "played"  # by pair 1, no score
    assert NOTE in page(client, "board_traveller", running.pk, 1)


def test_the_option_on_the_overview_and_the_new_event_form(client, director_client, running):
    html = page(director_client, "event_detail", running.pk)
    assert "Running totals over every result" in html
    assert "Running totals over every result" not in page(client, "event_detail", running.pk)
    url = reverse("event_running_totals", args=[running.pk])
    assert "/login/" in client.post(url, {"running_totals": "on"})["Location"]  # a visitor cannot set it
    running.refresh_from_db()
    assert not running.running_totals
    assert director_client.post(url, {"running_totals": "on"}).status_code == 302
    running.refresh_from_db()
    assert running.running_totals
    assert director_client.post(url, {}).status_code == 302  # the box unticked
    running.refresh_from_db()
    assert not running.running_totals
    form = page(director_client, "event_create")
    assert 'name="running_totals"' in form
    response = director_client.post(
        reverse("event_create"),
        {
            "name": "Running",
            "date": "1916-03-04",
            "code": "auction-1915",
            "kind": "pairs",
            "movement": "mitchell",
            "tables": 3,
            "boards_per_round": 2,
            "paper_size": "A4",
            "running_totals": "on",
        },
    )
    assert response.status_code == 302
    assert Event.objects.get(name="Running").running_totals


def test_the_event_file_carries_the_option(director_client, running):
    assert "running_totals" not in json.loads(get(director_client, "event_export", running.pk))
    services.event_running_totals_set(event=running, running_totals=True)
    data = json.loads(get(director_client, "event_export", running.pk))
    assert data["running_totals"] is True
    copy = services.eventfile.event_import(data={**data, "name": "Copy"})
    assert copy.running_totals
    with pytest.raises(services.ServiceError, match="running_totals: must be true or false"):
        services.eventfile.event_import(data={**data, "name": "Bad", "running_totals": "yes"})


def test_a_matchpoint_percentage_is_over_the_released_boards_only(client, director_client, db, fresh_cache):
    # Contract, matchpoints: board 3 (E-W vulnerable) 420 at table 1 (4H by N), -110 twice: pair 1 has the
    # top, 4 of 4 MPs, 100%.  Board 1 played at table 1 only: one result, Neuberg's (0 + 1) * 3 / 1 - 1 = 2 of
    # 4 (N = 3, the most results on a board of the field).  The director's pair 1: 6 of 8, 75%; a visitor's,
    # board 3 alone, 4 MPs and 100.00% (exact: a percentage over the boards counted).
    event = make_event(tables=3, boards_per_round=2, code="contract")
    for play, data in zip(board_plays(event, 3), (SECOND, FIRST, LAST), strict=True):
        enter(play, data)
    enter(board_plays(event, 1)[0], FIRST)
    visitor = standing_row(page(client, "event_standings", event.pk), 1)
    director = standing_row(page(director_client, "event_standings", event.pk), 1)
    assert visitor[3:6] == ["1", "4.00", "100.00"]
    assert director[3:6] == ["2", "6.00", "75.00"]
    assert "1 of 6 boards counted" in page(client, "event_standings", event.pk)
    lines = get(client, "download_standings", event.pk, "csv").decode("utf-8-sig").splitlines()
    assert lines[1] == quoted_line("1,1,NS,,,1,4,4,100,100,N-S,,,1,6")
    enter(board_plays(event, 1)[1], SECOND)  # table 3: board 1 now 420 v -110 (Neuberged 2 results of N = 3)
    assert standing_row(page(client, "event_standings", event.pk), 1) == visitor
    assert standing_row(page(director_client, "event_standings", event.pk), 1) != director


# --- After the last table -----------------------------------------------------------------------------------


def test_once_the_last_table_enters_everyone_sees_the_board(client, director_client, game):
    assert NOTE in page(client, "board_traveller", game.pk, 1)  # (kept: the page must not stay so)
    enter(board_plays(game, 1)[2], LAST)
    html = page(client, "board_traveller", game.pk, 1)
    assert NOTE not in html
    assert FIRST_TEXT in html
    assert SECOND_TEXT in html
    assert LAST_TEXT in html
    assert SUIT in html
    waiting = token_client(client, game, 2)
    assert LAST_TEXT in page(client, "entry_token_traveller", waiting, 1)
    assert DEAL_1 in page(client, "event_boards", game.pk)
    assert DEAL_2 not in page(client, "event_boards", game.pk)
    pair = board_plays(game, 1)[0].ns_pair
    assert card_row(page(client, "pair_scorecard", game.pk, pair.number), 1)[4] == FIRST_TEXT
    travellers = pdf_text(get(client, "download_travellers", game.pk))
    assert PDF_FIRST in travellers
    assert PDF_LAST in travellers
    assert SUIT in pdf_text(get(client, "download_printout", game.pk, "hand-records"))
    assert FIRST_TEXT in pdf_text(get(client, "download_printout", game.pk, "scorecards"))
    rows = results_rows(get(client, "download_results_csv", game.pk), 1)
    assert sorted(r["Contract"] for r in rows) == ["2S", "3D", "4H"]
    wb = load_workbook(io.BytesIO(get(client, "download_workbook", game.pk)))
    assert sorted(r[7] for r in wb["Travellers"].iter_rows(min_row=2, values_only=True) if r[1] == 1) == [
        "2S",
        "3D",
        "4H",
    ]
    data = json.loads(get(client, "event_export", game.pk))
    assert {b["number"]: b.get("deal") for b in data["boards"]} == {
        1: DEAL_1,
        2: None,
        3: None,
        4: None,
        5: None,
        6: None,
    }
    assert len(data["results"]) == 3
    # The director's view is the same page.
    assert LAST_TEXT in page(director_client, "board_traveller", game.pk, 1)


# --- Finishing the event ------------------------------------------------------------------------------------


def test_finishing_the_event_releases_every_board(client, director_client, game):
    assert NOTE in page(client, "board_traveller", game.pk, 2)
    detail = page(director_client, "event_detail", game.pk)
    assert "Finish event: release every board" in detail
    assert "shows every board to everyone" in detail
    assert "Finish event" not in page(client, "event_detail", game.pk)
    # A visitor cannot finish it.
    response = client.post(reverse("event_finish", args=[game.pk]))
    assert response.status_code == 302
    assert "/login/" in response["Location"]
    game.refresh_from_db()
    assert game.status != "complete"
    version = game.results_version
    # Without the box ticked (a mis-click), nothing is released.
    response = director_client.post(reverse("event_finish", args=[game.pk]))
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.status != "complete"
    assert game.results_version == version
    response = director_client.post(reverse("event_finish", args=[game.pk]), {"confirm": "yes"})
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.status == "complete"
    assert game.results_version == version + 1
    # Board 2, which nobody has played, is shown to everyone now: its hands and its empty traveller.
    html = page(client, "board_traveller", game.pk, 2)
    assert NOTE not in html
    assert "hand-diagram" in html
    assert "not played yet" in html
    html = page(client, "board_traveller", game.pk, 1)
    assert FIRST_TEXT in html
    assert SECOND_TEXT in html
    assert DEAL_2 in page(client, "event_boards", game.pk)
    data = json.loads(get(client, "event_export", game.pk))
    assert {b["number"]: b.get("deal") for b in data["boards"]}[2] == DEAL_2
    assert data["status"] == "complete"
    assert len(data["results"]) == 2
    # Board 2 has no result: finished, not final.
    assert "results in: every board's hands" in page(client, "event_detail", game.pk)
    # Finishing again changes nothing.
    services.event_finish(event=game)
    game.refresh_from_db()
    assert game.results_version == version + 1


# --- Queries: the visibility costs none on the public pages, one on a table link's ---------------------------


@pytest.mark.parametrize("tables", [3, 9])
def test_token_traveller_runs_a_fixed_number_of_queries(db, client, django_assert_num_queries, tables):
    event = make_event(tables=tables, boards_per_round=2)
    for play in board_plays(event, 1):
        enter(play, FIRST)
    secret = token_client(client, event, 1)
    url = reverse("entry_token_traveller", args=[secret, 1])
    client.post(url)  # opened: the table's result stands (it has played the board)
    client.get(url)  # the traveller cached under the results version the opening left
    # the token, the boards its table has played, the event, the board with its counts (the rest as the
    # traveller's, cached)
    with django_assert_num_queries(4):
        assert client.get(url).status_code == 200


@pytest.mark.parametrize("tables", [3, 9])
def test_hidden_traveller_runs_a_fixed_number_of_queries(db, client, django_assert_num_queries, tables):
    event = make_event(tables=tables, boards_per_round=2)
    enter(board_plays(event, 1)[0], FIRST)
    url = reverse("board_traveller", args=[event.pk, 1])
    tables = len(board_plays(event, 1))
    assert f"{NOTE} (1 of {tables} so far)" in client.get(url).content.decode()
    with django_assert_num_queries(1):  # the board with its event and whether it is in play (the page kept)
        assert NOTE in client.get(url).content.decode()


DOWNLOADS = [
    ("download_travellers", ()),
    ("download_results_csv", ()),
    ("download_workbook", ()),
    ("download_printout", ("scorecards",)),
    ("download_printout", ("hand-records",)),
    ("download_hands", ("hands",)),
    ("download_hands", ("results",)),
]


@pytest.mark.parametrize(("name", "extra"), DOWNLOADS)
def test_a_visitors_download_runs_a_fixed_number_of_queries(
    db, client, django_assert_num_queries, name, extra
):
    # the event, the boards in play (never cached: no peeking), how many results (a big event's file is
    # made in the background), its pairs, its plays (the contest), its boards, the lines (the hands: the
    # boards alone, and the hand records their double-dummy analyses): the same at every size; the next
    # download, the event, the boards in play and the count (the file is kept with the results version
    # and the boards hidden).
    cold = {"hand-records": 4, "hands": 4}.get(extra[0] if extra else "", 7)  # no hands: no analyses read
    for tables in (3, 9):
        event = make_event(tables=tables, boards_per_round=2)
        enter(board_plays(event, 1)[0], FIRST)
        url = reverse(name, args=[event.pk, *extra])
        cache.clear()
        with django_assert_num_queries(cold):
            assert client.get(url).status_code == 200
        with django_assert_num_queries(3):
            assert client.get(url).status_code == 200
