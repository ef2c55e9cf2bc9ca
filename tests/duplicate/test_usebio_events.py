"""USEBIO 1.2 in and out of the database: ``export_usebio`` and the download (no peeking), ``import_usebio``
(rounds inferred from the meetings), round trips, the test files of tests/data/usebio imported and their
standings recomputed (law 77 scores, matchpoints with law 12C2's A60/40), the DTD, query counts and bad
files."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from io import StringIO
from pathlib import Path

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse
from lxml import etree

from duplicate.models import Event, Play, Seating
from duplicate.selectors.imp_match import imp_match
from duplicate.selectors.travellers import traveller
from duplicate.selectors.usebio import usebio_event
from duplicate.services import ServiceError
from duplicate.services.eventfile import event_import
from duplicate.services.events import event_results_source_set
from duplicate.services.usebio import infer_rounds, usebio_import
from duplicate.uploads import MAX_USEBIO_FILE
from scoring.movements import generate
from scoring.usebio import UsebioLine, read_usebio, write_usebio
from tests.factories import contract_event_file as event_file
from tests.factories import contract_file, manage, rows_by_pair
from tests.factories import imp_match_file as match_file

pytestmark = pytest.mark.django_db

DATA = Path(__file__).resolve().parent.parent / "data" / "usebio"
LINE_FIELDS = (
    "board__number",
    "ns_pair__number",
    "ew_pair__number",
    "contract",
    "declarer",
    "tricks",
    "ruling",
)
LINE_FIELDS_SCORED = (*LINE_FIELDS, "net_ns")


def lines_of(event: Event) -> list[tuple]:
    return sorted(Play.objects.filter(event=event, entered=True).values_list(*LINE_FIELDS_SCORED))


def export(event: Event, tmp_path: Path) -> Path:
    out = tmp_path / f"event-{event.pk}.xml"
    call_command("export_usebio", str(event.pk), "-o", str(out), stdout=StringIO())
    return out


def import_file(path: Path) -> Event:
    """The file imported, shown as Kalamazoo recomputes it (these tests check the recomputation; what the file
    published is tests/duplicate/test_usebio_published.py's)."""
    stdout = StringIO()
    call_command("import_usebio", str(path), stdout=stdout)
    last = stdout.getvalue().strip().splitlines()[-1]
    event = Event.objects.get(pk=int(last.split()[-1]))
    return event_results_source_set(event=event, source="recomputed")


def assert_valid(data: bytes) -> None:
    dtd = etree.DTD(str(DATA / "usebio_observed.dtd"))
    root = etree.fromstring(data, etree.XMLParser(resolve_entities=False, no_network=True))
    assert dtd.validate(root), dtd.error_log.filter_from_errors()


# ------------------------------------------------------------------------------------------ round trip


@pytest.mark.parametrize("contest", ["matchpoints", "butler", "cross-imps"])
def test_round_trip_keeps_every_line_and_the_standings(tmp_path, contest):
    # Law 77 scores with an A60/40 (law 12C2), a passed-out board and a doubled contract (event_file's).
    original = event_import(data=event_file(contest))
    copy = import_file(export(original, tmp_path))
    assert copy.pk != original.pk
    assert (copy.code, copy.contest) == ("contract", contest)
    assert lines_of(copy) == lines_of(original)
    assert ("1", "6", "A60/40") in {(ns, ew, ruling) for _b, ns, ew, *_r, ruling, _net in lines_of(copy)}
    assert rows_by_pair(copy) == rows_by_pair(original)


def test_round_trip_of_hands_and_a_larger_event(tmp_path):
    data = contract_file(5, 2, name="Five tables")
    data["boards"][2]["vulnerability"] = "All"  # law 77: board 3's own, not the number's cycle (E-W)
    original = event_import(data=data)
    path = export(original, tmp_path)
    assert_valid(path.read_bytes())
    copy = import_file(path)
    assert lines_of(copy) == lines_of(original)
    deals = {b.number: (b.deal, b.dealer) for b in original.boards.all()}
    assert {b.number: (b.deal, b.dealer) for b in copy.boards.all()} == deals
    assert copy.boards.get(number=3).vulnerability == "All"
    assert rows_by_pair(copy) == rows_by_pair(original)
    # The copy's rounds are inferred: each meeting (two boards) one table in one round.
    assert copy.sections.get().boards_per_round == 2


def test_the_written_file_is_valid_against_the_observed_dtd():
    event = event_import(data=event_file())
    data = write_usebio(usebio_event(event))
    assert_valid(data)
    read = read_usebio(data)
    assert (read.event_type, read.board_scoring_method) == ("MP_PAIRS", "MATCH_POINTS")
    adjusted = [line for line in read.lines if line.adjustment is not None]
    assert [str(line.adjustment) for line in adjusted] == ["A6040"]  # law 12C2, written as USEBIO's A6040
    assert len(read.lines) == 9
    assert {p.number: [pl.name for pl in p.players] for p in read.pairs}["3"] == ["North 3", "South 3"]


def test_round_trip_of_a_team_match(tmp_path):
    original = event_import(data=match_file())
    path = export(original, tmp_path)
    assert_valid(path.read_bytes())
    read = read_usebio(path.read_bytes())
    # One MATCH: each board's two tables together, each line with its round.
    assert (read.event_type, [t.name for t in read.teams], len(read.matches)) == (
        "TEAMS",
        ["Reds", "Blues"],
        1,
    )
    assert {line.round for line in read.all_lines()} == {1, 2}
    copy = import_file(path)
    assert (copy.kind, copy.contest) == ("teams", "imps")
    assert lines_of(copy) == lines_of(original)
    before, after = imp_match(original), imp_match(copy)

    def shown(match):
        return [(x.board, x.home_ns, x.away_ns, x.net, x.home_imps, x.away_imps) for x in match.lines]

    assert shown(after) == shown(before)
    assert (after.home_imps, after.away_imps, after.home_vp, after.away_vp) == (
        22,
        13,
        before.home_vp,
        before.away_vp,
    )


# ------------------------------------------------------------------------------------ the test files


def test_ebu_teams_is_imported_as_a_team_match():
    event = import_file(DATA / "ebu_teams.xml")
    assert (event.kind, event.contest, event.teams.count(), event.pairs.count()) == ("teams", "imps", 2, 4)
    assert event.sections.get().movement_kind == "teams"  # the pairs keep their tables: law G's team movement
    match = imp_match(event)
    assert (match.home, match.away) == ("ASHDOWN", "BRAMBLE")
    # Law 77 at both tables, ASHDOWN N-S at table 1 and E-W at table 2: board 1 +420 and -170 (net 250,
    # 6 IMPs); board 2 +50 (3NT one down, E-W not vulnerable) and 0 passed out (net 50, 2 IMPs); board 3
    # 5Dx one down vulnerable +200 and 4S one down +50 (net 250, 6 IMPs); board 4 -620 both ways (0).
    assert [(x.board, x.home_ns, x.away_ns, x.net, x.home_imps, x.away_imps) for x in match.lines] == [
        (1, 420, 170, 250, 6, 0),
        (2, 50, 0, 50, 2, 0),
        (3, 200, -50, 250, 6, 0),
        (4, -620, -620, 0, 0, 0),
    ]
    assert (match.home_imps, match.away_imps, match.winner) == (14, 0, "ASHDOWN")


def test_ebu_matchpointed_pairs_is_imported_and_scored():
    event = import_file(DATA / "ebu_mp_pairs.xml")
    assert (event.contest, event.pairs.count(), Play.objects.filter(event=event, entered=True).count()) == (
        "matchpoints",
        8,
        12,
    )
    nets = {(b, ns): net for b, ns, _ew, *_r, net in lines_of(event)}
    assert nets[(1, "1")] == 420  # law 77, as the file's SCORE
    assert nets[(3, "4")] == -1430
    assert Play.objects.get(event=event, board__number=1, ns_pair__number="4").ruling == "A60/40"
    rows = rows_by_pair(event)
    # Two matchpoints a comparison, a top of 6 on a board of four tables. Pair 2 (N-S) on boards 1-3: 450
    # beats 420 and -100 (board 1, the A60/40 table out of the comparison, Neuberg to four tables:
    # (4 + 1) x 4/3 - 1 = 17/3); -110 is beaten by 600, 0 and -100 (board 2: 0); 640 beats -90 and -1430,
    # 800 beats it (board 3: 4). 29/3 of 18 = 53.70%. (The file's own PERCENTAGE figures are made up.)
    _rank, net, percentage, *_ = rows[2]
    assert net == Fraction(29, 3)
    assert percentage == Fraction(29, 3) / 18 * 100
    # Pair 4 (N-S): the A60/40 (law 12C2: 60% of the top, 18/5), -100 beats -110 (2), -1430 (0).
    assert rows[4][1] == Fraction(18, 5) + 2
    assert rows[4][2] == (Fraction(18, 5) + 2) / 18 * 100


def test_compscore_butler_pairs_is_imported_with_its_hands():
    source = read_usebio((DATA / "compscore_butler_pairs.xml").read_bytes())
    event = import_file(DATA / "compscore_butler_pairs.xml")
    assert event.contest == "butler"
    given = {b.number: b.deal.to_pbn() for b in source.boards}
    assert given
    assert {b.number: b.deal for b in event.boards.filter(number__in=given)} == given
    assert len(lines_of(event)) == len(source.lines) == 6
    assert {(b, ns, net) for b, ns, *_r, net in lines_of(event)} == {
        (line.board, line.ns_pair, line.score) for line in source.lines
    }
    assert all(row[1] is not None for row in rows_by_pair(event).values())


def test_realbridge_pairs_is_imported_two_boards_a_round():
    source = read_usebio((DATA / "realbridge_pairs.xml").read_bytes())
    event = import_file(DATA / "realbridge_pairs.xml")
    assert event.contest == "matchpoints"
    assert event.sections.get().boards_per_round == source.boards_per_round == 2
    assert {(b, ns, ew, net) for b, ns, ew, *_r, net in lines_of(event)} == {
        (line.board, line.ns_pair, line.ew_pair, line.score) for line in source.lines
    }
    percentages = [row[2] for row in rows_by_pair(event).values()]
    # Matchpoints: every comparison shared, so the percentages of a ranking's two sides add up to 100.
    assert sum(percentages) == 100 * len(percentages) / 2


def test_inferred_rounds_seat_no_pair_twice_in_a_round():
    source = read_usebio((DATA / "ebu_mp_pairs.xml").read_bytes())
    placed = infer_rounds(list(source.lines))
    seated: dict[int, list[str]] = {}
    for rnd, _table, line in placed:
        seated.setdefault(rnd, []).extend([line.ns_pair, line.ew_pair])
    assert all(len(set(pairs)) == len(pairs) for pairs in seated.values())
    assert sorted(seated) == [1, 2, 3]  # 4 tables, three meetings each: three rounds


# ------------------------------------------------------------------------------------ no peeking, queries


def test_a_visitor_gets_only_released_boards(client, director_client):
    data = contract_file(3, 2, name="Being played")
    data["results"] = data["results"][:-1]  # the last table's last board is still being played
    event = event_import(data=data)
    missing = Play.objects.get(event=event, entered=False).board.number
    url = reverse("download_usebio", args=[event.pk])
    visitor = read_usebio(client.get(url).content)
    director = read_usebio(director_client.get(url).content)
    assert missing not in {line.board for line in visitor.lines}
    assert missing not in {b.number for b in visitor.boards}
    assert missing in {line.board for line in director.lines}
    assert missing in {b.number for b in director.boards}
    assert len(director.lines) == len(data["results"])


def test_the_selector_runs_six_queries_whatever_the_size(django_assert_num_queries):
    for tables, per_round in ((3, 1), (9, 3)):
        event = event_import(data=contract_file(tables, per_round, name=f"{tables} tables"))
        with django_assert_num_queries(6):  # pairs, boards, plays, the club; the standings' pairs and plays
            usebio = usebio_event(event)
        assert len(usebio.lines) == Play.objects.filter(event=event, entered=True).count()
    team = event_import(data=match_file())
    with django_assert_num_queries(6):
        usebio = usebio_event(team)
    assert len(usebio.all_lines()) == 8


def test_the_download_runs_a_fixed_number_of_queries(client, django_assert_num_queries):
    for tables, per_round in ((3, 1), (9, 3)):
        event = event_import(data=contract_file(tables, per_round, name=f"{tables} tables"))
        url = reverse("download_usebio", args=[event.pk])
        cache.clear()
        with django_assert_num_queries(9):  # and how many results (a big event's is made in the background)
            first = client.get(url)
        assert first.status_code == 200
        assert first["Content-Disposition"].endswith('-usebio.xml"')
        with django_assert_num_queries(
            3
        ):  # the event, the boards in play, the count; the file from the cache
            assert client.get(url).content == first.content


def test_no_usebio_for_an_auction_event(client, tmp_path):
    event = event_import(data={**event_file(), "code": "auction-1915", "contest": None, "results": []})
    assert client.get(reverse("download_usebio", args=[event.pk])).status_code == 404
    with pytest.raises(CommandError, match="contract bridge only") as caught:
        call_command("export_usebio", str(event.pk), "-o", str(tmp_path / "x.xml"))
    assert caught.value.returncode == 2


# ------------------------------------------------------------------------------------------ bad files

EBU = (DATA / "ebu_mp_pairs.xml").read_bytes()
EBU = (DATA / "ebu_mp_pairs.xml").read_bytes()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"not xml at all", "usebio"),
        (EBU.replace(b"<SCORE>A6040</SCORE>", b"<SCORE>A7030</SCORE>"), "law 12C2"),
        # A line's E-W pair miswritten (6 for 5): pair 6 then holds board 1 twice, which no movement seats.
        (
            EBU.replace(b"<EW_PAIR_NUMBER>5</EW_PAIR_NUMBER>", b"<EW_PAIR_NUMBER>6</EW_PAIR_NUMBER>", 1),
            "pair 6 plays board 1 a second time",
        ),
    ],
)
def test_a_bad_file_is_one_line_exit_2_and_nothing_written(tmp_path, content, message):
    path = tmp_path / "bad.xml"
    path.write_bytes(content)
    before = (Event.objects.count(), Play.objects.count())
    with pytest.raises(CommandError, match=message) as caught:
        call_command("import_usebio", str(path))
    assert caught.value.returncode == 2
    assert "\n" not in str(caught.value)
    assert (Event.objects.count(), Play.objects.count()) == before


def _without_lines(tmp_path: Path, drop: set[int]) -> Path:
    """realbridge_pairs.xml written again without the lines at the indices ``drop``."""
    data = read_usebio((DATA / "realbridge_pairs.xml").read_bytes())
    kept = tuple(line for i, line in enumerate(data.lines) if i not in drop)
    path = tmp_path / "short.xml"
    path.write_bytes(write_usebio(dataclasses.replace(data, lines=kept)))
    return path


def test_a_board_one_table_did_not_play_is_left_unplayed(tmp_path):
    # 1 v 2 plays only board 2 of round 1; 3 v 4 played boards 1 and 2 that round, so 1 v 2's table is given
    # both, board 1 left unplayed there (and scored on the one result it has).
    event = import_file(_without_lines(tmp_path, {0}))
    plays = Play.objects.filter(event=event, seating__round__number=1)
    assert sorted(plays.values_list("board__number", "ns_pair__number", "entered")) == [
        (1, "1", False),
        (1, "3", True),
        (2, "1", True),
        (2, "3", True),
    ]


def test_meetings_of_a_round_that_each_miss_another_board_each_keep_their_own(tmp_path):
    # Round 1's tables each missed a different board (1 v 2 played only board 2, 3 v 4 only board 1): no
    # meeting of the round holds the other's boards, so each table plays the board it played; every line is
    # imported, nothing is left unplayed.
    event = import_file(_without_lines(tmp_path, {0, 3}))
    plays = Play.objects.filter(event=event, seating__round__number=1)
    assert sorted(plays.values_list("board__number", "ns_pair__number", "entered")) == [
        (1, "3", True),
        (2, "1", True),
    ]
    assert not Play.objects.filter(event=event, entered=False).exists()
    assert event.sections.get().boards_per_round == 2


def test_a_missing_file_is_one_line(tmp_path):
    with pytest.raises(CommandError, match="no such file") as caught:
        call_command("import_usebio", str(tmp_path / "none.xml"))
    assert caught.value.returncode == 2


def file_match_points(path: Path) -> dict[str, Fraction]:
    """Each pair's total of the file's own NS_/EW_MATCH_POINTS (the other scorer's figures)."""
    totals: dict[str, Fraction] = {}
    for line in etree.parse(str(path)).iter("TRAVELLER_LINE"):
        for side in ("NS", "EW"):
            pair = line.findtext(f"{side}_PAIR_NUMBER")
            totals[pair] = totals.get(pair, Fraction(0)) + Fraction(line.findtext(f"{side}_MATCH_POINTS"))
    return totals


def test_realbridge_match_points_are_the_files_own():
    # Two tables a board, two matchpoints a comparison (top 2): Kalamazoo's totals are RealBridge's.
    event = import_file(DATA / "realbridge_pairs.xml")
    ours = {str(label): row[1] for label, row in rows_by_pair(event).items()}
    assert ours == file_match_points(DATA / "realbridge_pairs.xml")
    assert ours["1"] == 7  # 1 + 2 + 2 + 2: 7 of 8, 87.5%


SCOREBRIDGE = DATA / "scorebridge_mp_pairs.xml"


def file_boards(path: Path) -> dict[int, list[tuple[str, str, int, Fraction, Fraction]]]:
    """Each board's lines as the file gives them: (N-S pair, E-W pair, SCORE, NS_ and EW_MATCH_POINTS)."""
    boards: dict[int, list[tuple[str, str, int, Fraction, Fraction]]] = {}
    for board in etree.parse(str(path)).iter("BOARD"):
        boards[int(board.findtext("BOARD_NUMBER"))] = [
            (
                line.findtext("NS_PAIR_NUMBER"),
                line.findtext("EW_PAIR_NUMBER"),
                int(line.findtext("SCORE")),
                Fraction(line.findtext("NS_MATCH_POINTS")),
                Fraction(line.findtext("EW_MATCH_POINTS")),
            )
            for line in board.iter("TRAVELLER_LINE")
        ]
    return boards


def test_scorebridge_pairs_is_imported_line_by_line():
    # A real ScoreBridge file: 8 pairs, 28 boards, 94 lines; some rounds have three tables, and two tables each
    # left a board unplayed (board 12 at 2 v 8, board 16 at 6 v 8), which stay unplayed.
    source = read_usebio(SCOREBRIDGE.read_bytes())
    event = import_file(SCOREBRIDGE)
    assert (event.contest, event.pairs.count(), len(source.lines)) == ("matchpoints", 8, 94)
    assert {(b, ns, ew, net) for b, ns, ew, *_r, net in lines_of(event)} == {
        (b, ns, ew, score) for b, lines in file_boards(SCOREBRIDGE).items() for ns, ew, score, *_mp in lines
    }
    unplayed = Play.objects.filter(event=event, entered=False)
    assert set(unplayed.values_list("board__number", "ns_pair__number", "ew_pair__number")) == {
        (12, "2", "8"),
        (16, "6", "8"),
    }


def test_scorebridge_event_round_trips(tmp_path):
    # Written out again (valid against the observed structure) and read back: the same lines, the same two
    # boards unplayed, the same standings.
    event = import_file(SCOREBRIDGE)
    path = export(event, tmp_path)
    assert_valid(path.read_bytes())
    again = import_file(path)
    assert lines_of(again) == lines_of(event)
    assert Play.objects.filter(event=again, entered=False).count() == 2
    assert rows_by_pair(again) == rows_by_pair(event)


def test_scorebridge_matchpoints_are_the_files_own_on_full_boards():
    # A board played at four tables: two matchpoints a beaten score, one a tie, a top of 6, as the file.
    # A board played fewer times (n results): ScoreBridge moves each of its scores up by 4 - n (the top of 6's
    # average kept, 5-3-1 for 4-2-0); Kalamazoo uses Neuberg's formula, (raw + 1) x 4/n - 1.
    # Board 9 by hand: 490, 200, -150 at three tables, raw 4, 2, 0: the file's 5, 3, 1; Neuberg's 17/3, 3, 1/3.
    event = import_file(SCOREBRIDGE)
    boards = {b.number: b for b in event.boards.all()}
    given = file_boards(SCOREBRIDGE)
    for number, lines in given.items():
        ours = {
            (str(line.ns.label), str(line.ew.label)): (line.ns_plus_minus, line.ew_plus_minus)
            for line in traveller(event, boards[number]).lines
            if line.entered
        }
        n = len(lines)
        for ns, ew, score, ns_mp, ew_mp in lines:
            raw = sum(2 if score > other else 1 if score == other else 0 for *_p, other, _m, _e in lines) - 1
            expected = (raw, 2 * (n - 1) - raw)
            if n == 4:
                assert (ns_mp, ew_mp) == expected
                assert ours[(ns, ew)] == expected
            else:
                assert (ns_mp, ew_mp) == tuple(mp + 4 - n for mp in expected)
                assert ours[(ns, ew)] == tuple(Fraction(mp + 1) * 4 / n - 1 for mp in expected)
    nine = {ns: mp for ns, _ew, _s, mp, _e in given[9]}
    assert nine == {"1": 5, "2": 3, "5": 1}
    assert {str(line.ns.label): line.ns_plus_minus for line in traveller(event, boards[9]).lines} == {
        "1": Fraction(17, 3),
        "2": 3,
        "5": Fraction(1, 3),
    }


def test_scorebridge_standings_recomputed():
    # The file's percentage is a pair's matchpoints over a top of 6 on each board it played (pair 8 played 22
    # boards, pairs 2 and 6 23, the others 24), to two decimals. Kalamazoo's is the same ratio: a pair that
    # missed boards has its total factored up to the 24 boards the others played, over a top of 6 x 24.
    event = import_file(SCOREBRIDGE)
    rows = {str(label): row for label, row in rows_by_pair(event).items()}
    boards = {b.number: b for b in event.boards.all()}
    played: dict[str, int] = {}
    ours: dict[str, Fraction] = {}
    for board in boards.values():
        for line in traveller(event, board).lines:
            if line.entered:
                for pair, mp in ((line.ns.label, line.ns_plus_minus), (line.ew.label, line.ew_plus_minus)):
                    played[str(pair)] = played.get(str(pair), 0) + 1
                    ours[str(pair)] = ours.get(str(pair), Fraction(0)) + mp
    assert (played["8"], played["2"], played["6"], played["1"]) == (22, 23, 23, 24)
    totals = file_match_points(SCOREBRIDGE)
    pairs = {p.findtext("PAIR_NUMBER"): p for p in etree.parse(str(SCOREBRIDGE)).iter("PAIR")}
    for number, pair in pairs.items():
        file_percentage = Fraction(pair.findtext("PERCENTAGE"))
        assert abs(totals[number] / (6 * played[number]) * 100 - file_percentage) <= Fraction(1, 200)
        _rank, net, percentage, *_ = rows[number]
        assert net == ours[number] * 24 / played[number]
        assert percentage == ours[number] / (6 * played[number]) * 100
    # Pair 1 by hand: the file's 92, and Neuberg's on its short boards: +2/3 each on the tops of boards 9,
    # 10, 18, 19, 23 and 24, -2/3 on the bottoms of 11 and 21, +1 on the top of board 12 (two results),
    # -1/3 on board 16's 1 of 4 (5/3), nothing on the averages of 17, 20 and 22: 92 + 10/3.
    assert totals["1"] == 92
    assert rows["1"][:2] == (1, Fraction(286, 3))  # first, as in the file (63.89% there, 66.20% here)
    assert pairs["1"].findtext("PLACE") == "1"


HOWELL = DATA / "ebu_howell_pairs.xml"
# The file's session (README there): six pairs, five rounds of three boards meeting every pair once, then
# the round-1 meetings again with the directions swapped on boards 16-17; 4 v 2 played boards 7-8 only,
# 4 v 3 board 16 only. Each round's meetings as (N-S, E-W).
HOWELL_ROUNDS = {
    1: {("6", "1"), ("2", "5"), ("3", "4")},
    2: {("2", "6"), ("3", "1"), ("4", "5")},
    3: {("6", "3"), ("4", "2"), ("5", "1")},
    4: {("4", "6"), ("5", "3"), ("1", "2")},
    5: {("6", "5"), ("1", "4"), ("2", "3")},
    6: {("1", "6"), ("5", "2"), ("4", "3")},
}


def seatings_by_round(event: Event) -> dict[int, set[tuple[str, str]]]:
    out: dict[int, set[tuple[str, str]]] = {}
    for rnd, ns, ew in Seating.objects.filter(round__section__event=event).values_list(
        "round__number", "ns__number", "ew__number"
    ):
        out.setdefault(rnd, set()).add((ns, ew))
    return out


def test_a_howell_whose_pairs_meet_twice_and_whose_meetings_play_one_to_three_boards_is_imported():
    source = read_usebio(HOWELL.read_bytes())
    event = import_file(HOWELL)
    # Every line, with its law 77 score the file's own.
    assert {(b, ns, ew, net) for b, ns, ew, *_r, net in lines_of(event)} == {
        (b, ns, ew, score) for b, lines in file_boards(HOWELL).items() for ns, ew, score, *_mp in lines
    }
    assert len(lines_of(event)) == len(source.lines) == 49
    # Rounds that seat every pair once a round: the session's own (all tables play the round's boards).
    rounds = seatings_by_round(event)
    assert rounds == HOWELL_ROUNDS
    for meetings in rounds.values():
        seated = [pair for meeting in meetings for pair in meeting]
        assert len(seated) == len(set(seated))
    # 1 and 6 met in round 1 (6 N-S) and again in round 6 (1 N-S).
    assert ("6", "1") in rounds[1]
    assert ("1", "6") in rounds[6]
    # A short meeting is given its round's boards, the one it did not play left unplayed there; round 6's
    # tables play its two boards (a custom movement's table plays up to the most a table plays a round, 3).
    unplayed = Play.objects.filter(event=event, entered=False)
    assert set(unplayed.values_list("seating__round__number", "board__number", "ns_pair__number")) == {
        (3, 9, "4"),
        (6, 17, "4"),
    }
    section = event.sections.get()
    assert (section.movement_kind, section.boards_per_round) == ("custom", 3)
    round_six = Play.objects.filter(event=event, seating__round__number=6)
    assert sorted(round_six.values_list("ns_pair__number", "board__number")) == [
        ("1", 16),
        ("1", 17),
        ("4", 16),
        ("4", 17),
        ("5", 16),
        ("5", 17),
    ]


def test_the_howells_matchpoints_are_the_files_own_on_boards_every_table_played():
    # Boards played at three tables: 2 a beaten score, 1 a tie, a top of 4, as the file. Boards 9 and 17,
    # played twice: the file's top of 2; Kalamazoo's Neuberg to three tables, (MP + 1) x 3/2 - 1.
    event = import_file(HOWELL)
    boards = {b.number: b for b in event.boards.all()}
    for number, lines in file_boards(HOWELL).items():
        ours = {
            (str(line.ns.label), str(line.ew.label)): (line.ns_plus_minus, line.ew_plus_minus)
            for line in traveller(event, boards[number]).lines
            if line.entered
        }
        assert len(ours) == len(lines)
        for ns, ew, _score, ns_mp, ew_mp in lines:
            if len(lines) == 3:
                assert ours[(ns, ew)] == (ns_mp, ew_mp)
            else:
                assert number in (9, 17)
                assert ours[(ns, ew)] == (Fraction(ns_mp + 1) * 3 / 2 - 1, Fraction(ew_mp + 1) * 3 / 2 - 1)


def test_the_scorebridge_howells_rounds_are_the_rounds_played():
    # Every table plays the round's four boards, and in four rounds two pairs sit out: each board group is one
    # round, the sitting-out pairs' later meetings never pulled into it.
    placed = infer_rounds(list(read_usebio(SCOREBRIDGE.read_bytes()).lines))
    boards: dict[int, set[int]] = {}
    for rnd, _table, line in placed:
        boards.setdefault(rnd, set()).add(line.board)
    assert boards == {r: set(range(4 * r - 3, 4 * r + 1)) for r in range(1, 8)}


def test_pairs_who_sat_out_a_round_are_not_pulled_into_it_by_a_later_meeting():
    # Six pairs at two tables, every table playing the round's two boards: 5 and 6 sit out round 1 and meet
    # in round 2. Packing meeting by meeting would seat 5 v 6 in round 1, beside boards it never met there;
    # by board group, round 2's boards are played in round 2.
    rounds = {1: [("1", "2"), ("3", "4")], 2: [("5", "6"), ("1", "3")], 3: [("2", "5"), ("4", "6")]}
    lines = [
        UsebioLine(board=b, ns_pair=ns, ew_pair=ew, passed_out=True, score=0)
        for rnd, meetings in rounds.items()
        for ns, ew in meetings
        for b in (2 * rnd - 1, 2 * rnd)
    ]
    placed = infer_rounds(lines)
    assert {(rnd, line.ns_pair, line.ew_pair) for rnd, _table, line in placed} == {
        (rnd, ns, ew) for rnd, meetings in rounds.items() for ns, ew in meetings
    }


def test_the_inferred_rounds_do_not_depend_on_the_order_of_the_files_lines():
    source = read_usebio(HOWELL.read_bytes())
    forward = infer_rounds(list(source.lines))
    backward = infer_rounds(list(reversed(source.lines)))
    assert sorted((r, t, x.board, x.ns_pair) for r, t, x in forward) == sorted(
        (r, t, x.board, x.ns_pair) for r, t, x in backward
    )


@pytest.mark.parametrize(("tables", "per_round"), [(3, 2), (4, 1), (5, 3), (7, 2)])
def test_a_howell_whose_sets_travel_gets_rounds_seating_every_pair_once(tmp_path, tables, per_round):
    # A Howell whose board sets move from table to table (no two tables play one set in a round), written
    # out as USEBIO (no rounds): each meeting is put whole at one table of one round, no pair seated twice
    # in a round, and the file imports with every line and every score.
    movement = generate("howell", tables=tables, boards_per_round=per_round)
    written = event_import(
        data={
            "name": "Travelling Howell",
            "date": "2026-11-06",
            "code": "contract",
            "contest": "matchpoints",
            "pairs": [{"number": p, "players": [f"North {p}", f"South {p}"]} for p in movement.pairs],
            "boards": [{"number": b} for b in movement.boards],
            "movement": movement.to_dict(),
            "results": [
                {"round": r.number, "table": tp.table, "board": b, "ns": tp.ns, "ew": tp.ew}
                | {"contract": "2S" if b % 2 else "3NT", "declarer": "NESW"[(b + tp.table) % 4]}
                | {"tricks": 7 + (b + tp.table) % 5}
                for r in movement.rounds
                for tp in r.tables
                for b in tp.boards
            ],
        }
    )
    path = export(written, tmp_path)
    placed = infer_rounds(list(read_usebio(path.read_bytes()).lines))
    places: dict[tuple[str, str], set[tuple[int, int]]] = {}
    at_place: dict[tuple[int, int], set[tuple[str, str]]] = {}
    seated: dict[int, set[str]] = {}
    for rnd, table, line in placed:
        meeting = (line.ns_pair, line.ew_pair)
        places.setdefault(meeting, set()).add((rnd, table))
        at_place.setdefault((rnd, table), set()).add(meeting)
        seated.setdefault(rnd, set())
    for (rnd, _table), meetings in at_place.items():
        assert len(meetings) == 1  # one meeting a table
        (ns, ew) = next(iter(meetings))
        assert not {ns, ew} & seated[rnd]  # neither pair seated elsewhere that round
        seated[rnd] |= {ns, ew}
    assert all(len(where) == 1 for where in places.values())  # a meeting's boards at one table
    assert len(places) == len(movement.pairs) * (len(movement.pairs) - 1) // 2
    # Each board set's meetings seat every pair once: a set is one round, as many rounds as were played.
    assert len(seated) == len(movement.rounds)
    again = import_file(path)
    assert lines_of(again) == lines_of(written)


def test_given_rounds_keep_each_meeting_at_its_table():
    # A file whose lines carry their rounds (a team file's MATCHes): rounds as written, a meeting's table
    # kept from round to round.
    source = read_usebio((DATA / "ebu_teams.xml").read_bytes())
    placed = {
        (rnd, table, line.ns_pair, line.board) for rnd, table, line in infer_rounds(list(source.all_lines()))
    }
    assert placed == {
        (1, 1, "1-1-2", 1),
        (1, 1, "1-1-2", 2),
        (2, 1, "1-1-2", 3),
        (2, 1, "1-1-2", 4),
        (1, 2, "2-1-2", 1),
        (1, 2, "2-1-2", 2),
        (2, 2, "2-1-2", 3),
        (2, 2, "2-1-2", 4),
    }


def test_a_file_over_the_size_cap_is_one_line_exit_2_and_never_read(tmp_path):
    path = tmp_path / "huge.xml"
    with path.open("wb") as f:
        f.truncate(MAX_USEBIO_FILE + 1)  # sparse: the size is checked before a byte is read
    before = Event.objects.count()
    result = manage("import_usebio", str(path))
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [f"CommandError: {path}: the file is larger than 20 MB"]
    assert Event.objects.count() == before
    # The service refuses it too, whatever gives it the bytes.
    with pytest.raises(ServiceError, match=r"^usebio: the file is larger than 20 MB$"):
        usebio_import(data=EBU + b" " * MAX_USEBIO_FILE)
    # Under the cap, a text of more than libxml2's 10 MB is refused in one line too.
    path.write_bytes(EBU + b" " * 11 * 2**20)
    result = manage("import_usebio", str(path))
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Buffer size limit exceeded" in result.stderr
    # At the cap, a file is read (its padding in runs of 1 MB, as a big file's many lines are).
    padding = b"<!-- -->" + b" " * 2**20
    path.write_bytes(EBU + padding * ((MAX_USEBIO_FILE - len(EBU)) // len(padding)))
    assert path.stat().st_size > MAX_USEBIO_FILE - len(padding)
    call_command("import_usebio", str(path), stdout=StringIO())
    assert Event.objects.count() == before + 1
