"""PBN results as the field writes them: one game per table's result, read back by two independent readers of
games, endplay (``endplay.parsers.pbn``) and bridgebots (``bridgebots.parse_pbn``), contract by contract,
declarer by declarer and result by result; a hand record keeps one game per board; a visitor's file has no
game of a board still in play (no peeking) and the names as the visitor may see them (``duplicate.privacy``).

bridgebots follows PBN 1.0 and reads a game only when it has a contract and a tricks count: it sets aside a
deal passed out (PBN 2.1's Contract "Pass", Result "", sections 3.4.14-3.4.15) and an adjusted score, which
endplay reads (the first as passed out, the second as no contract played)."""

from __future__ import annotations

import logging
import random
import re
from io import StringIO
from pathlib import Path

import pytest
from bridgebots import Direction, parse_pbn
from bridgebots.deal_utils import from_pbn_deal
from django.core.management import call_command
from django.urls import reverse
from endplay.types import Denom, Penalty

from duplicate.models import Board, Play
from duplicate.services.eventfile import event_import
from duplicate.services.events import movement_relabel
from scoring.deal import Deal
from scoring.law77 import board_vulnerability
from scoring.movements import generate
from scoring.pbn_write import PbnGame, PbnResult, ScoreTable, write_pbn
from tests.duplicate.exports_events import pairs_file, team_file
from tests.factories import (
    CONTRACT_RESULTS,
    club_choose,
    contract_event_file,
    contract_sections_file,
    finished_contract_event,
    imp_match_file,
    read_back,
)

pytestmark = pytest.mark.django_db

MANDATORY = (
    "Event",
    "Site",
    "Date",
    "Board",
    "West",
    "North",
    "East",
    "South",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "Declarer",
    "Contract",
    "Result",
)
DENOMS = {Denom.spades: "S", Denom.hearts: "H", Denom.diamonds: "D", Denom.clubs: "C", Denom.nt: "NT"}
RISKS = {Penalty.passed: "", Penalty.doubled: "X", Penalty.redoubled: "XX"}


def entered_plays(event) -> dict[tuple[int, int, int], Play]:
    """Every entered result by (board, round, table)."""
    plays = Play.objects.filter(event=event, entered=True).select_related(
        "board",
        "seating__round",
        "ns_pair__player1",
        "ns_pair__player2",
        "ew_pair__player1",
        "ew_pair__player2",
    )
    return {(p.board.number, p.seating.round.number, p.seating.table): p for p in plays}


def endplay_games(body: bytes) -> dict[tuple[int, int, int], object]:
    """endplay's games of a results file by (board, Round, Table): one each, none twice."""
    games = read_back(body)
    keyed = {(g.board_num, int(g.info["Round"]), int(g.info["Table"])): g for g in games}
    assert len(keyed) == len(games)
    return keyed


def endplay_result(game) -> tuple[str, str, int | None]:
    """(contract, declarer, tricks) as endplay read them: ("Pass", "", None) for a deal passed out."""
    contract = game.contract
    if contract.is_passout():
        return "Pass", "", None
    text = f"{contract.level}{DENOMS[contract.denom]}{RISKS[contract.penalty]}"
    return text, contract.declarer.abbr, contract.level + 6 + contract.result


def bridgebots_results(path: Path, event) -> dict[tuple[int, str, str], tuple[str, str, int]]:
    """bridgebots' records by (board, North, East): (contract, declarer, tricks)."""
    boards = {
        from_pbn_deal(b.dealer, "None" if event.code != "contract" else vulnerable(b), b.deal): b.number
        for b in Board.objects.filter(event=event)
    }
    read = {}
    for record in parse_pbn(path):
        for game in record.board_records:
            key = (boards[record.deal], game.names[direction("N")], game.names[direction("E")])
            assert key not in read
            read[key] = (str(game.contract), game.declarer.abbreviation(), game.tricks)
    return read


def direction(letter: str) -> Direction:
    return Direction.from_str(letter)


def vulnerable(board: Board) -> str:
    return board_vulnerability(board.number, board.vulnerability).value


def pbn_contract(contract: str) -> str:
    """The contract as PBN has it: auction-1913's royal spades ("2RS") are spades ("2S")."""
    return contract.replace("RS", "S")


def expected(play: Play) -> tuple[str, str, int | None]:
    if play.contract.upper() == "PASS":
        return "Pass", "", None
    return pbn_contract(play.contract), play.declarer, play.tricks


def tags_in_order(body: bytes) -> list[list[str]]:
    """Each game's tag names, in the order written."""
    text = body.decode("utf-8").split("\r\n\r\n")[1:]
    return [re.findall(r"^\[(\w+) ", game, flags=re.MULTILINE) for game in text]


def check_results_file(body: bytes, path: Path, event, caplog) -> tuple[int, int, int]:
    """Read the results file with both readers and check every game against the plays; the counts read
    (games, passed out, adjusted)."""
    plays = entered_plays(event)
    games = endplay_games(body)
    assert set(games) == set(plays)  # one game per result, none more
    passed_out = adjusted = 0
    for key, play in plays.items():
        game = games[key]
        assert game.info["North"] == play.ns_pair.player1.name
        assert game.info["South"] == play.ns_pair.player2.name
        assert game.info["East"] == play.ew_pair.player1.name
        assert game.info["West"] == play.ew_pair.player2.name
        if play.ruling:  # no contract stands: endplay reads the empty Contract as none played, no Score
            assert game.contract.is_passout()
            assert "Score" not in game.info
            adjusted += 1
            continue
        assert endplay_result(game) == expected(play)
        if play.contract.upper() == "PASS":
            assert game.info["Score"] == ("NS 0" if event.code == "contract" else "NS 0 EW 0")
            passed_out += 1
    # The ScoreTable once a board, on its first game.
    tables = [g.board_num for g in read_back(body) if "ScoreTable" in g.info]
    assert sorted(tables) == sorted({b for b, _r, _t in plays})
    # Every game has the 15 mandatory tags first, in PBN's order, then the others sorted by name.
    for names in tags_in_order(body):
        assert tuple(names[:15]) == MANDATORY
        assert names[15:] == sorted(names[15:])
    # bridgebots: every result with a contract, by its board and its players.
    path.write_bytes(body)
    with caplog.at_level(logging.WARNING):
        read = bridgebots_results(path, event)
    with_contract = {
        (b, p.ns_pair.player1.name, p.ew_pair.player1.name): (pbn_contract(p.contract), p.declarer, p.tricks)
        for (b, _r, _t), p in plays.items()
        if not p.ruling and p.contract.upper() != "PASS"
    }
    assert read == with_contract
    assert len(read) == len(plays) - passed_out - adjusted
    # What it set aside: the file's header (no game), each deal passed out and each adjusted score.
    set_aside = [r for r in caplog.records if r.name == "root" and "Malformed record" in r.getMessage()]
    assert len(set_aside) == 1 + passed_out + adjusted
    return len(games), passed_out, adjusted


def test_a_matchpoint_event_one_game_per_result_read_by_both_readers(tmp_path, caplog):
    event = finished_contract_event("matchpoints")
    out = tmp_path / "results.pbn"
    call_command("export_hands", str(event.pk), "-o", str(out), "--results")
    body = out.read_bytes()
    assert check_results_file(body, tmp_path / "read.pbn", event, caplog) == (9, 1, 1)
    games = endplay_games(body)
    assert {g.info["Scoring"] for g in games.values()} == {"MP;MP1"}
    # Board 1 at table 1: 4S by N, 10 tricks, +420: 2 of 4 matchpoints, 50%.
    first = games[(1, 1, 1)].info
    assert (first["Score"], first["ScoreMP"], first["ScorePercentage"]) == (
        "NS 420",
        "NS 2.00 EW 2.00",
        "NS 50.00 EW 50.00",
    )
    assert games[(3, 2, 2)].info["Score"] == "EW 620"  # 4S by E, E-W vulnerable
    artificial = games[(2, 2, 1)].info
    assert artificial["ScorePercentage"] == "NS 60.00 EW 40.00"
    text = body.decode("utf-8")
    assert "{Adjusted score: A60/40 (law 12C2)}" in text
    assert '[Declarer ""]\r\n[Contract "Pass"]\r\n[Result ""]' in text  # PBN 3.4.13-3.4.15


def test_a_butler_event_writes_each_results_imps(client, tmp_path, caplog):
    event = finished_contract_event("butler")
    body = client.get(reverse("download_hands", args=[event.pk, "results"])).content
    assert check_results_file(body, tmp_path / "read.pbn", event, caplog) == (9, 1, 0)
    games = endplay_games(body)
    assert {g.info["Scoring"] for g in games.values()} == {"IMP;Butler"}
    assert all(g.info["ScoreIMP"].startswith("NS ") for g in games.values())


def test_an_auction_event_law_h_every_result_and_ruling(tmp_path, caplog):
    """Auction bridge (law H): both sides' totals as the Score; law B(3)'s rulings without a contract."""
    event = event_import(data=pairs_file(3, 2, name="Auction pairs", missing=0))
    out = tmp_path / "results.pbn"
    call_command("export_hands", str(event.pk), "-o", str(out), "--results")
    body = out.read_bytes()
    games_read, passed_out, adjusted = check_results_file(body, tmp_path / "read.pbn", event, caplog)
    assert (games_read, passed_out, adjusted) == (18, 1, 2)
    games = endplay_games(body)
    assert {g.info["Scoring"] for g in games.values()} == {"Auction-1915;LawH"}
    for key, play in entered_plays(event).items():
        if not play.ruling:
            assert games[key].info["Score"] == f"NS {play.ns_total} EW {play.ew_total}"
    text = body.decode("utf-8")
    assert "{Adjusted score: average (law B(3))}" in text
    assert "{Adjusted score: lowest and highest (law B(3)), E-W offending}" in text


def test_the_hand_record_keeps_one_game_per_board(tmp_path):
    event = finished_contract_event("matchpoints")
    out = tmp_path / "hands.pbn"
    call_command("export_hands", str(event.pk), "-o", str(out))
    body = out.read_bytes()
    games = read_back(body)
    assert [g.board_num for g in games] == [1, 2, 3]
    for names in tags_in_order(body):
        assert tuple(names) == MANDATORY  # no result, no ScoreTable
    assert body.count(b'[Contract ""]') == 3


def test_the_command_counts_boards_and_games(tmp_path):
    event = finished_contract_event("matchpoints")
    out = tmp_path / "results.pbn"
    said = StringIO()
    call_command("export_hands", str(event.pk), "-o", str(out), "--results", stdout=said)
    assert f"Wrote the hands and results of 3 boards (9 games) of event {event.pk}" in said.getvalue()


def test_a_visitor_gets_no_game_of_a_board_in_play_and_names_as_chosen(client, director_client, tmp_path):
    club_choose("initials")
    event = event_import(data=pairs_file(3, 2, name="Running", missing=3))
    url = reverse("download_hands", args=[event.pk, "results"])
    plays = entered_plays(event)
    director = endplay_games(director_client.get(url).content)
    assert set(director) == set(plays)
    visitor = endplay_games(client.get(url).content)
    in_play = {
        b.number
        for b in Board.objects.filter(event=event)
        if Play.objects.filter(board=b, entered=False).exists()
    }
    assert in_play
    assert set(visitor) == {key for key in plays if key[0] not in in_play}
    assert not {b for b, _r, _t in visitor} & in_play
    for key, game in visitor.items():
        assert game.info["North"] == f"A. North{plays[key].ns_pair.number}"  # initials, as the club chose
        assert director[key].info["North"] == f"Ada North{plays[key].ns_pair.number}"


def with_hands(data: dict, seed: int = 32) -> dict:
    """The event file with a random deal on every board."""
    rng = random.Random(seed)
    for board in data["boards"]:
        board["deal"] = Deal.random(rng).to_pbn()
    return data


def royal_spades() -> dict:
    """An auction-1913 pair contest whose spade contracts are royal spades ("2RS")."""
    data = pairs_file(3, 1, code="auction-1913", name="Royal spades", missing=0, specials=False)
    for row in data["results"]:
        row["contract"] = row["contract"].replace("S", "RS")
    return data


@pytest.mark.parametrize(
    ("data", "scoring"),
    [
        (lambda: contract_event_file("cross-imps"), "IMP;Cross2"),
        (imp_match_file, "IMP"),
        (team_file, "Auction-1913;LawG"),
        (royal_spades, "Auction-1913;LawH"),
    ],
)
def test_every_contest_one_game_per_result_with_its_scoring(data, scoring, tmp_path, caplog):
    event = event_import(data=with_hands(data()))
    out = tmp_path / "results.pbn"
    call_command("export_hands", str(event.pk), "-o", str(out), "--results")
    body = out.read_bytes()
    read, _passed_out, _adjusted = check_results_file(body, tmp_path / "read.pbn", event, caplog)
    assert read == Play.objects.filter(event=event, entered=True).count()
    assert {g.info["Scoring"] for g in read_back(body)} == {scoring}
    royal = Play.objects.filter(event=event, contract__contains="RS").count()
    assert body.count(b"{Royal spades: ") == royal
    assert royal or scoring != "Auction-1913;LawH"  # the royal spades file has some


def test_the_writer_orders_the_tags_and_checks_a_result():
    played = PbnResult(
        ("W Name", 'N "Nick"', "E Name", "S Name"),
        "S",
        "3NTX",
        8,
        (("Table", "2"), ("Score", "EW 200"), ("Round", "1")),
        comment="a note } closed",
    )
    table = ScoreTable(("Round", "Contract"), ((1, "3NTX"),))
    text = write_pbn([PbnGame(4, "W", "N:" + " ".join(["..."] * 4), played=played, results=table)], event="E")
    names = re.findall(r"^\[(\w+) ", text, flags=re.MULTILINE)
    assert tuple(names[:15]) == MANDATORY
    assert names[15:] == ["Round", "Score", "ScoreTable", "Table"]
    assert '[North "N \\"Nick\\""]' in text
    assert '[Result "8"]\r\n{a note ) closed}\r\n[Round "1"]' in text
    with pytest.raises(ValueError, match="declarer: must be one of N, E, S, W or empty"):
        PbnResult(declarer="X")
    with pytest.raises(ValueError, match="tricks: must be 0 to 13, got 14"):
        PbnResult(tricks=14)


def test_an_event_of_two_sections_names_each_results_section(tmp_path):
    """The same boards in sections A and B, the same tables and rounds: Section tells the games apart."""
    mitchell = generate("mitchell", tables=3, boards_per_round=1)
    rows = [(r, t, b, ns, ew) for r, t, b, ns, ew, _res in CONTRACT_RESULTS]
    results = [
        {"section": letter, "round": r, "table": t, "board": b, "ns": f"{letter}{ns}", "ew": f"{letter}{ew}"}
        | {"contract": "3NT", "declarer": "NESW"[(b + t) % 4], "tricks": 6 + r + t}
        for letter in "AB"
        for r, t, b, ns, ew in rows
    ]
    data = contract_sections_file(
        {letter: movement_relabel(mitchell, letter) for letter in "AB"},
        mitchell.boards,
        results,
        ranking="section",
        contest="matchpoints",
        name="Two sections",
    )
    event = event_import(data=with_hands(data))
    out = tmp_path / "sections.pbn"
    call_command("export_hands", str(event.pk), "-o", str(out), "--results")
    games = read_back(out.read_bytes())
    assert len(games) == 18
    places = {(g.board_num, g.info["Section"], g.info["Round"], g.info["Table"]) for g in games}
    assert len(places) == 18
    assert {g.info["Section"] for g in games} == {"A", "B"}
    assert sum(len(r.board_records) for r in parse_pbn(out)) == 18  # bridgebots: every game
