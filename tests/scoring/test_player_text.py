"""A seat's text read as a player (pure): every accepted form, every message, and the match by membership
number."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from scoring.player_text import PlayerText, PlayerTextError, parse_player_text, player_label, roster_match


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Ann Lee", PlayerText(name="Ann Lee")),
        ("  ann   LEE ", PlayerText(name="ann LEE")),
        ("Ann Lee (EBU 123456)", PlayerText(name="Ann Lee", number="123456", body="EBU")),
        ("Ann Lee (ebu: 123456)", PlayerText(name="Ann Lee", number="123456", body="EBU")),
        ("Ann Lee (123456)", PlayerText(name="Ann Lee", number="123456")),
        ("Ann Lee(123456)", PlayerText(name="Ann Lee", number="123456")),
        ("Ann Lee, 123456", PlayerText(name="Ann Lee", number="123456")),
        ("Ann Lee, EBU 123456", PlayerText(name="Ann Lee", number="123456", body="EBU")),
        ("Di, Jr, 77", PlayerText(name="Di, Jr", number="77")),
        ("Bo Diaz (ACBL J451234)", PlayerText(name="Bo Diaz", number="J451234", body="ACBL")),
        ("123456", PlayerText(number="123456")),
        ("EBU 123456", PlayerText(number="123456", body="EBU")),
        ("(EBU 123456)", PlayerText(number="123456", body="EBU")),
        (", 123456", PlayerText(number="123456")),
        ("Ann Lee (guest)", PlayerText(name="Ann Lee", guest=True)),
        ("Ann Lee (Guest)", PlayerText(name="Ann Lee", guest=True)),
        # Not a number: the whole text is the name.
        ("Lee, Ann", PlayerText(name="Lee, Ann")),
        ("Di, Jr", PlayerText(name="Di, Jr")),
        ("Smith (Bob)", PlayerText(name="Smith (Bob)")),
        ("Robert (Bob) Smith", PlayerText(name="Robert (Bob) Smith")),
        ("North 0", PlayerText(name="North 0")),
        ("Player 12a", PlayerText(name="Player 12a")),
        ("", PlayerText()),
        ("   ", PlayerText()),
    ],
)
def test_a_seat_text_is_read(text, expected):
    assert parse_player_text(text) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Ann Lee (123456", "a bracket is not closed"),
        ("Ann Lee 123456)", "a bracket is not closed"),
        ("Ann Lee ()", "the brackets are empty"),
        ("(guest)", "give the guest's name"),
    ],
)
def test_a_text_naming_no_player_says_how_to_write_one(text, message):
    with pytest.raises(PlayerTextError, match=message):
        parse_player_text(text)


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("ann lee ( ebu 123456 )", "ann lee (EBU 123456)"),
        ("Ann Lee, 123456", "Ann Lee (123456)"),
        ("EBU 123456", "EBU 123456"),
        ("Ann Lee (guest)", "Ann Lee (guest)"),
        ("Ann Lee", "Ann Lee"),
    ],
)
def test_the_label_written_back_reads_as_the_same_player(text, label):
    seat = parse_player_text(text)
    assert seat.label == label
    assert parse_player_text(seat.label) == seat


def test_a_roster_player_is_labelled_by_name_and_number():
    assert player_label("Ann Lee", "123456", "EBU") == "Ann Lee (EBU 123456)"
    assert player_label("Ann Lee", "123456", "") == "Ann Lee (123456)"
    assert player_label("Ann Lee", "", "") == "Ann Lee"


@dataclass(frozen=True)
class Holder:
    name: str
    number: str
    body: str


ANN = Holder("Ann Lee", "123456", "EBU")
BO = Holder("Bo Diaz", "123456", "ACBL")
CY = Holder("Cy Dee", "777", "")


def test_a_number_without_a_body_matches_any_body_when_one_player_holds_it():
    assert roster_match(parse_player_text("777"), [CY]) is CY
    assert roster_match(parse_player_text("Ann Lee (123456)"), [ANN]) is ANN
    assert roster_match(parse_player_text("Someone else (123456)"), [ANN]) is ANN  # the roster's name stands


def test_a_body_picks_among_holders_of_one_number():
    assert roster_match(parse_player_text("EBU 123456"), [ANN, BO]) is ANN
    assert roster_match(parse_player_text("x (acbl 123456)"), [ANN, BO]) is BO


def test_a_number_held_by_several_bodies_names_the_choices():
    with pytest.raises(PlayerTextError) as caught:
        roster_match(parse_player_text("Ann Lee (123456)"), [ANN, BO])
    assert str(caught.value) == (
        "123456 is held by 2 players (Ann Lee (EBU 123456), Bo Diaz (ACBL 123456)): write the body too"
    )


def test_an_unknown_number_is_a_new_member_when_named_and_an_error_alone():
    assert roster_match(parse_player_text("Di Eve (EBU 999)"), [ANN]) is None
    with pytest.raises(
        PlayerTextError, match="no player on the roster holds EBU 999: write the player's name"
    ):
        roster_match(parse_player_text("EBU 999"), [ANN])
    assert roster_match(parse_player_text("Ann Lee"), [ANN]) is None  # no number: matched by name elsewhere
