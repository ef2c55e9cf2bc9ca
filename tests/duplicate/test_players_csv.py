"""The roster's CSV file (issue 31): reading its shape, import_players and export_players end to end, the round
trip, and every bad file refused in one line (exit 2) with nothing written."""

from __future__ import annotations

import csv
import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from duplicate.models import Player
from duplicate.players_csv import BOM, players_read
from duplicate.services.errors import ServiceError
from duplicate.services.players import player_create, player_erase, players_export_csv, players_import
from tests.factories import manage, quoted_line

HEADER = "name,number,body,club_number,email"


def roster() -> list[tuple[str, str, str, str, str, str]]:
    return sorted(Player.objects.values_list("name", "number", "body", "club_number", "email", "public_name"))


def some_players() -> None:
    player_create(name="Ann Lee", number="123456", body="EBU", club_number="7", email="ann@example.org")
    player_create(name="Zoë Ångström", number="A-9", body="abf")
    player_create(name="Ann Lee")  # a guest sharing a member's name
    player_create(name="Ann Lee")  # and another
    player_create(name="=Not a formula", club_number="12")
    player_create(name="Bob O'Neill, Jr", email="bob@example.org")


# Reading the file's shape (no database).


@pytest.mark.parametrize(
    "text",
    [
        f"{HEADER}\r\nAnn Lee,1,EBU,7,a@example.org\r\n",
        f"{BOM}{HEADER}\nAnn Lee,1,EBU,7,a@example.org\n",
        f"{HEADER.replace(',', ';')}\nAnn Lee;1;EBU;7;a@example.org\n",
        f"{HEADER.replace(',', chr(9))}\nAnn Lee\t1\tEBU\t7\ta@example.org\n",
        "EMAIL,Name,body,Number,club_number\na@example.org,Ann Lee,EBU,1,7\n",
        f"{HEADER}\n\n  Ann Lee , 1 ,EBU, 7 ,a@example.org\n\n",
    ],
    ids=["crlf", "bom", "semicolons", "tabs", "any-order-any-case", "blank-lines-and-spaces"],
)
def test_the_file_is_read_whatever_its_separator_bom_and_column_order(text):
    rows = players_read(text)
    assert [(r.name, r.number, r.body, r.club_number, r.email) for r in rows] == [
        ("Ann Lee", "1", "EBU", "7", "a@example.org")
    ]


def test_rows_are_numbered_counting_the_header_and_blank_lines():
    rows = players_read(f"{HEADER}\nA,,,,\n\nB,,,,\n")
    assert [(r.row, r.name) for r in rows] == [(2, "A"), (4, "B")]


def test_a_quote_prefix_put_before_a_formula_is_dropped():
    rows = players_read(f"{HEADER}\n'=SUM(A1),,,,\n'plain,,,,\n")
    assert [r.name for r in rows] == ["=SUM(A1)", "'plain"]


# Bad files: the message names the row and the field; the command prints it in one line, exits 2, writes nothing.

BAD_FILES = [
    ("", "row 1, header: the file is empty"),
    ("\nAnn,1,EBU,,\n", "row 1, header: the file is empty or its first line is blank"),
    ("name,number,body,club_number\nAnn,1,EBU,7\n", "row 1, header: column 'email' is missing"),
    (f"{HEADER},phone\nAnn,1,EBU,7,,0123\n", "row 1, header: unknown column 'phone'"),
    ("name,number,body,club_number,email,name\n", "row 1, header: column 'name' is given twice"),
    (
        "name number body club_number email\n",
        "row 1, header: unknown column 'name number body club_number email'",
    ),
    (f"{HEADER}\nAnn,1,EBU,7,,\n", "row 2, cells: 6 cells where the header has 5"),
    (f"{HEADER}\nAnn,1,EBU\n", "row 2, cells: 3 cells where the header has 5"),
    (f"{HEADER}\nAnn,1,EBU,7,\n,2,EBU,,\n", "row 3, name: give the player's name"),
    (f"{HEADER}\nAnn,,EBU,,\n", "row 2, body: EBU needs a membership number beside it"),
    (f"{HEADER}\nAnn,1,EBU,,not-an-address\n", "row 2, email: 'not-an-address' is not an email address"),
    (f"{HEADER}\n{'A' * 101},1,EBU,,\n", "row 2, name: at most 100 characters, got 101"),
    (f"{HEADER}\nAnn,{'9' * 33},EBU,,\n", "row 2, number: at most 32 characters, got 33"),
    (f"{HEADER}\nAnn,1,{'B' * 17},,\n", "row 2, body: at most 16 characters, got 17"),
    (f"{HEADER}\nAnn,1,EBU,{'7' * 33},\n", "row 2, club_number: at most 32 characters, got 33"),
    (f"{HEADER}\nAnn\x00,1,EBU,,\n", "row 2, name: must not contain a NUL character"),
    (
        f"{HEADER}\nAnn,1,EBU,,\nBob,2,EBU,,\nAnne,1,ebu,,\n",
        "row 4, number: EBU 1 is given twice (rows 2 and 4)",
    ),
    (f'{HEADER}\n"Ann,1,EBU,,\n', "row 2, cells: unexpected end of data"),
    (f'{HEADER}\nBob,2,EBU,,\n"Ann" Lee,1,EBU,,\n', "row 3, cells: ',' expected after '\"'"),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("text", "message"), BAD_FILES, ids=[m for _t, m in BAD_FILES])
def test_a_bad_file_is_refused_naming_the_row_and_field_and_nothing_is_written(tmp_path, text, message):
    player_create(name="Old Member", number="5", body="EBU", email="old@example.org")
    before = roster()
    path = tmp_path / "players.csv"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CommandError) as caught:
        call_command("import_players", str(path))
    assert caught.value.returncode == 2
    assert str(caught.value).startswith(f"{path}: {message}")
    assert "\n" not in str(caught.value)
    assert roster() == before


@pytest.mark.django_db
def test_nothing_is_written_when_a_later_row_is_bad():
    player_create(name="Old Member", number="5", body="EBU")
    before = roster()
    text = f"{HEADER}\nOld Member Renamed,5,EBU,,\nNew One,6,EBU,,\nBad,7,EBU,,x@\n"
    with pytest.raises(ServiceError, match=r"^row 4, email: 'x@' is not an email address$"):
        players_import(text=text)
    assert roster() == before


@pytest.mark.django_db
def test_a_file_not_utf8_or_missing_is_one_line_exit_2(tmp_path):
    path = tmp_path / "latin1.csv"
    path.write_bytes(f"{HEADER}\nZoë,1,EBU,,\n".encode("latin-1"))
    with pytest.raises(CommandError, match=r"latin1.csv: the file is not UTF-8 text$") as caught:
        call_command("import_players", str(path))
    assert caught.value.returncode == 2
    with pytest.raises(CommandError, match=r"missing.csv: no such file$"):
        call_command("import_players", str(tmp_path / "missing.csv"))
    assert Player.objects.count() == 0


def test_the_command_line_prints_one_line_and_exits_2(tmp_path):
    # The header is checked before the database is read: a subprocess needs none.
    path = tmp_path / "bad.csv"
    path.write_text("name,number\nAnn,1\n", encoding="utf-8")
    result = manage("import_players", str(path))
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        f"CommandError: {path}: row 1, header: column 'body' is missing (the columns are {HEADER})"
    ]
    assert "Traceback" not in result.stderr
    missing = manage("export_players")
    assert missing.returncode == 2
    assert len(missing.stderr.strip().splitlines()) == 1


# The import's effect, and its last line.


@pytest.mark.django_db
def test_import_adds_updates_by_number_or_name_and_says_so_on_its_last_line(tmp_path, capsys):
    member = player_create(name="Ann Lee", number="1", body="EBU", email="ann@example.org")
    guest = player_create(name="Bob Guest", club_number="3")
    same = player_create(name="Cy Same", number="2", body="EBU", club_number="4")
    path = tmp_path / "players.csv"
    path.write_text(
        f"{HEADER}\n"
        "Ann Lee-Smith,1,ebu,9,\n"  # renamed, club number set; a blank email keeps hers
        "bob  GUEST,,,,bob@example.org\n"  # the guest, found by name
        "Cy Same,2,EBU,,\n"  # as stored (a blank club number keeps it)
        "Dee New,3,EBU,,\n"
        "Ed New,,,,\n",
        encoding="utf-8",
    )
    call_command("import_players", str(path))
    assert capsys.readouterr().out.splitlines()[-1] == "import_players: 2 added, 2 updated, 1 unchanged"
    member.refresh_from_db()
    guest.refresh_from_db()
    same.refresh_from_db()
    assert (member.name, member.body, member.club_number, member.email) == (
        "Ann Lee-Smith",
        "EBU",
        "9",
        "ann@example.org",
    )
    assert (guest.name, guest.club_number, guest.email) == ("bob GUEST", "3", "bob@example.org")
    assert same.club_number == "4"
    assert Player.objects.filter(name="Dee New", number="3", body="EBU").exists()
    assert Player.objects.filter(name="Ed New", number="").exists()
    # The same file again changes nothing.
    call_command("import_players", str(path))
    assert capsys.readouterr().out.splitlines()[-1] == "import_players: 0 added, 0 updated, 5 unchanged"


@pytest.mark.django_db
def test_guests_of_one_name_are_matched_in_turn_and_erased_players_never():
    first = player_create(name="Ann Lee")
    erased = player_erase(player=player_create(name="Ann Lee"))
    text = f"{HEADER}\nAnn Lee,,,1,\nAnn Lee,,,2,\n"
    assert str(players_import(text=text)) == "1 added, 1 updated, 0 unchanged"
    first.refresh_from_db()
    erased.refresh_from_db()
    assert first.club_number == "1"
    assert (erased.name, erased.club_number) == ("Removed player", "")
    assert Player.objects.filter(name="Ann Lee", club_number="2").exclude(pk=first.pk).exists()


# Export, and the round trip.


@pytest.mark.django_db
def test_export_writes_the_header_and_leaves_erased_players_out(tmp_path, capsys):
    some_players()
    player_erase(player=player_create(name="Gone Away", number="77", body="EBU"))
    path = tmp_path / "out.csv"
    call_command("export_players", "-o", str(path))
    assert capsys.readouterr().out.splitlines()[-1] == f"export_players: wrote 6 players to {path}"
    data = path.read_bytes()
    assert data.startswith(BOM.encode() + quoted_line(HEADER).encode() + b"\r\n")
    text = data.decode("utf-8-sig")
    assert "Removed player" not in text
    assert "Gone Away" not in text
    assert quoted_line("'=Not a formula,,,12,") + "\r\n" in text
    assert '"Bob O\'Neill, Jr","","","","bob@example.org"\r\n' in text
    assert quoted_line("Zoë Ångström,A-9,ABF,,") + "\r\n" in text
    call_command("export_players", "-o", "-")
    assert capsys.readouterr().out == text


@pytest.mark.django_db
@pytest.mark.parametrize("separator", [",", ";", "\t"])
def test_export_then_import_into_an_empty_roster_gives_the_same_roster(separator):
    some_players()
    before = roster()
    text = players_export_csv()
    if separator != ",":
        out = io.StringIO()
        csv.writer(out, delimiter=separator).writerows(csv.reader(io.StringIO(text.removeprefix(BOM))))
        text = out.getvalue()
    Player.objects.all().delete()
    assert str(players_import(text=text)) == "6 added, 0 updated, 0 unchanged"
    assert roster() == before
    # Into the roster it came from: every player found, nothing changed.
    assert str(players_import(text=players_export_csv())) == "0 added, 0 updated, 6 unchanged"
    assert roster() == before
