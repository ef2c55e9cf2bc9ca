"""PBN out: ``export_hands`` and the PBN downloads, read back with endplay (an independent PBN reader) deal by
deal and dealer by dealer, imported back into a new event, and no peeking (a visitor gets only the boards
every table has played)."""

from __future__ import annotations

import csv
import io
import random
import re
from fractions import Fraction

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from duplicate.exports.cells import exact_from_csv
from duplicate.models import Board, Play
from duplicate.services.eventfile import event_import
from scoring.pbn_write import PbnGame, ScoreTable, decimal_text, write_pbn
from tests.duplicate.exports_events import pairs_file, team_file
from tests.factories import read_back, score_rows, score_tables

pytestmark = pytest.mark.django_db


def odd_dealers(data: dict, seed: int = 5) -> dict:
    """The event file with dealers that are not the usual rotation, so that a dealer read back is the
    file's, not one a reader made up from the board number."""
    rng = random.Random(seed)
    for board in data["boards"]:
        board["dealer"] = rng.choice("NESW")
    return data


def dealers_read(body: bytes) -> dict[int, str]:
    """Each game's Dealer tag, read from the text (endplay 0.5.12 keeps a game's Dealer tag only when the
    game has a contract, and otherwise gives the board number's rotation)."""
    games = body.decode("utf-8").split("[Board ")[1:]
    return {int(re.match(r'"(\d+)"', g)[1]): re.search(r'\[Dealer "([NESW])"\]', g)[1] for g in games}


def deal_text(board) -> str:
    """endplay's deal as PBN from North: "N:AKQ.. ..."."""
    text = board.deal.to_pbn()
    assert text.startswith("N:")
    return text


def test_every_deal_and_dealer_reads_back_with_endplay(tmp_path):
    event = event_import(data=odd_dealers(pairs_file(4, 2, name="Łódź pairs", missing=0)))
    out = tmp_path / "hands.pbn"
    call_command("export_hands", str(event.pk), "-o", str(out))
    games = read_back(out.read_bytes())
    dealers = dealers_read(out.read_bytes())
    stored = {b.number: (b.dealer, b.deal) for b in Board.objects.filter(event=event)}
    assert len(stored) == 8
    assert [g.board_num for g in games] == sorted(stored)
    for game in games:
        dealer, deal = stored[game.board_num]
        assert deal_text(game) == deal
        assert dealers[game.board_num] == dealer
        assert game.info["Event"] == "Łódź pairs"
        assert game.info["Date"] == "1916.03.04"
        assert int(game.vul) == 0  # auction bridge: no vulnerability
    assert len({d for d, _ in stored.values()}) > 1  # the dealers are not all the same


def test_the_results_read_back_as_a_score_table(tmp_path):
    event = event_import(data=pairs_file(3, 2, name="Results", missing=0))
    out = tmp_path / "results.pbn"
    call_command("export_hands", str(event.pk), "-o", str(out), "--results")
    games = {g.board_num: g for g in score_tables(out.read_bytes())}
    plays = Play.objects.filter(event=event, entered=True).select_related(
        "board", "seating__round", "ns_pair", "ew_pair"
    )
    rows_read = 0
    for play in plays:
        rows = score_rows(games[play.board.number])
        assert list(rows[0])[:7] == [
            "Round",
            "Table",
            "PairId_NS",
            "PairId_EW",
            "Contract",
            "Declarer",
            "Result",
        ]
        mine = [
            r
            for r in rows
            if r["Round"] == str(play.seating.round.number) and r["Table"] == str(play.seating.table)
        ]
        assert len(mine) == 1
        row = mine[0]
        assert row["PairId_NS"] == str(play.ns_pair.number)
        assert row["PairId_EW"] == str(play.ew_pair.number)
        if play.ruling:  # law B(3): no contract, the scores the ruling gave
            assert row["Contract"] == row["Declarer"] == row["Result"] == "-"
        elif play.contract.upper() == "PASS":
            assert row["Contract"] == "Pass"
        else:
            assert row["Contract"] == play.contract
            assert row["Declarer"] == play.declarer
            assert row["Result"] == str(play.tricks)
        rows_read += 1
    assert rows_read == plays.count() == 18


def test_the_score_table_holds_the_scores_and_the_contests_plus_minus(client):
    """Each line's scores and plus/minus are the results CSV's (the traveller's), to two places."""
    event = event_import(data=pairs_file(3, 2, name="Figures", missing=0))
    body = client.get(reverse("download_hands", args=[event.pk, "results"])).content
    travellers = client.get(reverse("download_results_csv", args=[event.pk])).content.decode("utf-8-sig")
    lines = {
        (row["Board"], row["Round"], row["Table"]): row for row in csv.DictReader(io.StringIO(travellers))
    }
    games = score_tables(body)
    assert len(games) == 6
    compared = 0
    for game in games:
        for row in score_rows(game):
            line = lines[(str(game.board_num), row["Round"], row["Table"])]
            for pbn_column, csv_column in (
                ("Score_NS", "N-S score"),
                ("Score_EW", "E-W score"),
                ("PlusMinus_NS", "N-S plus/minus"),
                ("PlusMinus_EW", "E-W plus/minus"),
            ):
                exact = line[f"{csv_column} exact"]
                if not exact:
                    assert row[pbn_column] == "-"
                    continue
                value = exact_from_csv(exact)
                written = Fraction(row[pbn_column])
                assert abs(written - value) <= Fraction(1, 200)
                compared += 1
    assert compared == 4 * 18


def test_a_visitor_gets_only_the_boards_every_table_has_played(client, director_client):
    event = event_import(data=pairs_file(3, 2, name="In play", missing=3))
    for what in ("hands", "results"):
        url = reverse("download_hands", args=[event.pk, what])
        visitor = {g.board_num for g in read_back(client.get(url).content)}
        director = {g.board_num for g in read_back(director_client.get(url).content)}
        assert director == {1, 2, 3, 4, 5, 6}
        in_play = {b.number for b in Board.objects.filter(event=event) if b.number not in visitor}
        assert in_play  # the last three results are missing: some board is still in play
        assert visitor == director - in_play
        assert client.get(url)["Content-Disposition"].endswith('.pbn"')


def test_the_file_imports_back_into_a_new_event(director_client):
    source = event_import(data=pairs_file(3, 2, name="Source", missing=0))
    body = director_client.get(reverse("download_hands", args=[source.pk, "results"])).content
    blank = pairs_file(3, 2, name="Target", hands=False)
    blank["results"] = []  # a new event: no hands, no results yet
    target = event_import(data=blank)
    assert not Board.objects.filter(event=target).exclude(deal="").exists()
    upload = SimpleUploadedFile("hands.pbn", body)
    response = director_client.post(reverse("event_boards", args=[target.pk]), {"pbn_file": upload})
    assert response.status_code == 302, response.content.decode()[-2000:]
    before = dict(Board.objects.filter(event=source).values_list("number", "deal"))
    after = dict(Board.objects.filter(event=target).values_list("number", "deal"))
    assert after == before


def test_a_team_match_and_boards_without_hands(tmp_path):
    """Boards without hands are left out (PBN's game is its deal); a team match writes no plus/minus."""
    data = team_file()
    data["boards"][0]["deal"] = pairs_file(3, 2)["boards"][0]["deal"]
    event = event_import(data=data)
    out = tmp_path / "teams.pbn"
    call_command("export_hands", str(event.pk), "-o", str(out), "--results")
    games = read_back(out.read_bytes())
    played = Play.objects.filter(event=event, board__number=1, entered=True).count()
    assert [g.board_num for g in games] == [1] * played  # one game per result
    assert len(score_rows(score_tables(out.read_bytes())[0])) == played


def test_whist_writes_the_tricks_won_in_place_of_a_contract(tmp_path):
    data = pairs_file(3, 2, code="whist", name="Whist drive", missing=0)
    hands = pairs_file(3, 2)["boards"]
    for board, dealt in zip(data["boards"], hands, strict=True):
        board["deal"] = dealt["deal"]
    event = event_import(data=data)
    out = tmp_path / "whist.pbn"
    call_command("export_hands", str(event.pk), "-o", str(out), "--results")
    games = read_back(out.read_bytes())
    assert len(games) == 6
    plays = Play.objects.filter(event=event, entered=True).select_related("board", "seating__round")
    tricks = {(p.board.number, str(p.seating.round.number), str(p.seating.table)): p.tricks_ns for p in plays}
    read = {
        (g.board_num, row["Round"], row["Table"]): int(row["Tricks_NS"])
        for g in games
        for row in score_rows(g)
    }
    assert read == tricks
    assert all("Contract" not in row for g in games for row in score_rows(g))


def test_the_downloads_menu_offers_both_pbn_files(client):
    event = event_import(data=pairs_file(3, 1, name="Menu"))
    page = client.get(reverse("event_detail", args=[event.pk])).content.decode()
    for what in ("hands", "results"):
        assert f'href="{reverse("download_hands", args=[event.pk, what])}"' in page


def test_bad_input_is_one_clear_line(tmp_path):
    with pytest.raises(CommandError, match="event 999: no such event"):
        call_command("export_hands", "999", "-o", str(tmp_path / "x.pbn"))
    event = event_import(data=pairs_file(3, 1, name="Somewhere"))
    with pytest.raises(CommandError, match="cannot write it"):
        call_command("export_hands", str(event.pk), "-o", str(tmp_path / "no" / "such" / "dir.pbn"))


def test_the_writer_quotes_escapes_and_rounds():
    table = ScoreTable(
        ("PairId_NS", "Contract", "Score_NS"), (("A 1", "4H", Fraction(-508, 3)), (2, "Pass", None))
    )
    text = write_pbn([PbnGame(3, "W", "N:" + " ".join(["..."] * 4), results=table)], event='The "Cup"')
    assert '[Event "The \\"Cup\\""]' in text
    assert '[ScoreTable "PairId_NS\\5R;Contract\\4L;Score_NS\\7R"]' in text
    assert '\r\n"A 1" 4H   -169.33\r\n    2 Pass       -\r\n' in text  # columns aligned, "-" for none
    assert text.endswith("\r\n")
    assert decimal_text(Fraction(1, 200)) == "0.01"  # half away from zero
    assert decimal_text(Fraction(-1, 200)) == "-0.01"
    assert decimal_text(Fraction(-1, 1000)) == "0.00"
    with pytest.raises(ValueError, match="dealer"):
        PbnGame(1, "X", "")
    with pytest.raises(ValueError, match="score_table: row 1 has 1 values for 3 columns"):
        ScoreTable(("PairId_NS", "Contract", "Score_NS"), (("1",),))
