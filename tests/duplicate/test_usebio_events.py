"""USEBIO 1.2 in and out of the database: ``export_usebio`` and the download (no peeking), ``import_usebio``
(rounds inferred from the meetings), round trips, the test files of tests/data/usebio imported and their
standings recomputed (law 77 scores, matchpoints with law 12C2's A60/40), the DTD, query counts and bad
files."""

from __future__ import annotations

from fractions import Fraction
from io import StringIO
from pathlib import Path

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse
from lxml import etree

from duplicate.models import Event, Play
from duplicate.selectors.imp_match import imp_match
from duplicate.selectors.usebio import usebio_event
from duplicate.services import ServiceError
from duplicate.services.eventfile import event_import
from duplicate.services.usebio import MAX_USEBIO, infer_rounds, usebio_import
from scoring.usebio import read_usebio, write_usebio
from tests.duplicate.test_commands import manage
from tests.duplicate.test_contract_events import contract_file, event_file, rows_by_pair
from tests.teams.test_imp_match import match_file

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
    stdout = StringIO()
    call_command("import_usebio", str(path), stdout=stdout)
    last = stdout.getvalue().strip().splitlines()[-1]
    return Event.objects.get(pk=int(last.split()[-1]))


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
    assert (read.event_type, [t.name for t in read.teams], len(read.matches)) == (
        "TEAMS",
        ["Reds", "Blues"],
        2,
    )
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


def test_the_selector_runs_three_queries_whatever_the_size(django_assert_num_queries):
    for tables, per_round in ((3, 1), (9, 3)):
        event = event_import(data=contract_file(tables, per_round, name=f"{tables} tables"))
        with django_assert_num_queries(3):  # pairs, boards, plays
            usebio = usebio_event(event)
        assert len(usebio.lines) == Play.objects.filter(event=event, entered=True).count()
    team = event_import(data=match_file())
    with django_assert_num_queries(3):
        usebio = usebio_event(team)
    assert len(usebio.all_lines()) == 8


def test_the_download_runs_a_fixed_number_of_queries(client, django_assert_num_queries):
    for tables, per_round in ((3, 1), (9, 3)):
        event = event_import(data=contract_file(tables, per_round, name=f"{tables} tables"))
        url = reverse("download_usebio", args=[event.pk])
        cache.clear()
        with django_assert_num_queries(5):
            first = client.get(url)
        assert first.status_code == 200
        assert first["Content-Disposition"].endswith('-usebio.xml"')
        with django_assert_num_queries(2):  # the event and the boards in play; the file from the cache
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
        # A meeting of one board among meetings of two: no rounds to infer.
        (
            EBU.replace(b"<EW_PAIR_NUMBER>5</EW_PAIR_NUMBER>", b"<EW_PAIR_NUMBER>6</EW_PAIR_NUMBER>", 1),
            "rounds",
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


def test_unequal_meetings_are_refused_whole(tmp_path):
    data = read_usebio((DATA / "realbridge_pairs.xml").read_bytes())
    shorter = write_usebio(
        type(data)(**{**{f: getattr(data, f) for f in data.__dataclass_fields__}, "lines": data.lines[1:]})
    )
    path = tmp_path / "short.xml"
    path.write_bytes(shorter)
    before = Event.objects.count()
    with pytest.raises(CommandError, match="cannot infer its rounds") as caught:
        call_command("import_usebio", str(path))
    assert caught.value.returncode == 2
    assert Event.objects.count() == before


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
        f.truncate(MAX_USEBIO + 1)  # sparse: the size is checked before a byte is read
    before = Event.objects.count()
    result = manage("import_usebio", str(path))
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [f"CommandError: {path}: the file is larger than 20 MB"]
    assert Event.objects.count() == before
    # The service refuses it too, whatever gives it the bytes.
    with pytest.raises(ServiceError, match=r"^usebio: the file is larger than 20 MB$"):
        usebio_import(data=EBU + b" " * MAX_USEBIO)
    # Under the cap, a text of more than libxml2's 10 MB is refused in one line too.
    path.write_bytes(EBU + b" " * 11 * 2**20)
    result = manage("import_usebio", str(path))
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Buffer size limit exceeded" in result.stderr
    # At the cap, a file is read (its padding in runs of 1 MB, as a big file's many lines are).
    padding = b"<!-- -->" + b" " * 2**20
    path.write_bytes(EBU + padding * ((MAX_USEBIO - len(EBU)) // len(padding)))
    assert path.stat().st_size > MAX_USEBIO - len(padding)
    call_command("import_usebio", str(path), stdout=StringIO())
    assert Event.objects.count() == before + 1
