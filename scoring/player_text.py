"""A player as a director types one into a pair's seat (the names page, its paste box, a pair's page): a name,
a membership number, or both, read without the database; and which roster player a membership number means.

    Ann Lee                   a name (a roster player of that name, else a new guest)
    Ann Lee (EBU 123456)      a name and a number issued by a body (the player holding it, else a new member)
    Ann Lee (123456)          a number of any body (matched when one player holds it)
    Ann Lee, 123456           the same, after a comma
    123456  /  EBU 123456     a number alone: the roster player holding it (an unknown number is an error);
                              its body in capitals ("Table 7", "Henry 8" are names)
    Ann Lee (guest)           a guest of that name (never a member of the same name)

A comma followed by something that is not a number is part of the name ("Lee, Ann"; "Di, Jr").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from scoring.errors import MarkedError, gettext_noop

# A membership number: letters, digits and . / - with at least one digit ("123456", "J451234", "12-345").
_NUMBER = r"[A-Za-z0-9][A-Za-z0-9./-]*"
# What a number may be written as: the number alone, or the issuing body's letters before it ("EBU 123456",
# "ebu: 123456").
_NUMBER_PART = re.compile(rf"(?:(?P<body>[A-Za-z]{{2,16}})(?:\s*:\s*|\s+))?(?P<number>{_NUMBER})")
_BRACKETED = re.compile(r"(?P<name>.*?)\s*\((?P<inside>[^()]*)\)")
_AFTER_COMMA = re.compile(r"(?P<name>.*?)\s*,\s*(?P<inside>[^,]*)")
GUEST = "guest"


class PlayerTextError(MarkedError):
    """A seat's text that names no player; the message says how to write one."""


@dataclass(frozen=True, slots=True)
class PlayerText:
    """A seat as typed: ``name`` (spaces collapsed), ``number`` and ``body`` (upper case) when given, and
    ``guest`` when the text says the player is a guest. All blank: the seat is empty."""

    name: str = ""
    number: str = ""
    body: str = ""
    guest: bool = False

    @property
    def is_empty(self) -> bool:
        return not (self.name or self.number)

    @property
    def label(self) -> str:
        """The text written back: "Ann Lee (EBU 123456)", "Ann Lee (guest)", "EBU 123456", "Ann Lee"."""
        if self.number:
            return player_label(self.name, self.number, self.body)
        return f"{self.name} ({GUEST})" if self.guest else self.name


def player_label(name: str, number: str, body: str) -> str:
    """A roster player as a seat's field shows them: "Ann Lee (EBU 123456)" for a member, "Ann Lee" for a
    guest (no number)."""
    if not number:
        return name
    held = " ".join(p for p in (body, number) if p)
    return f"{name} ({held})" if name else held


def _number_part(text: str, *, body_in_capitals: bool = False) -> tuple[str, str] | None:
    """(body, number) when ``text`` is a membership number, with or without its body; else None. With
    ``body_in_capitals`` a body must be written in capitals ("EBU 123456"; "Table 7" is a name)."""
    match = _NUMBER_PART.fullmatch(text.strip())
    if match is None or not any(c.isdigit() for c in match["number"]):
        return None
    if body_in_capitals and match["body"] and not match["body"].isupper():
        return None
    return (match["body"] or "").upper(), match["number"]


def parse_player_text(text: str) -> PlayerText:
    """The player a seat's text names (see the module's table); PlayerTextError when it names none."""
    text = " ".join(text.split())
    if not text:
        return PlayerText()
    if text.count("(") != text.count(")"):
        raise PlayerTextError(gettext_noop("a bracket is not closed: write e.g. Ann Lee (EBU 123456)"))
    whole = _number_part(text, body_in_capitals=True)
    if whole is not None:
        return PlayerText(body=whole[0], number=whole[1])
    for pattern in (_BRACKETED, _AFTER_COMMA):
        match = pattern.fullmatch(text)
        if match is None:
            continue
        name, inside = match["name"].strip(), match["inside"].strip()
        if pattern is _BRACKETED and inside.casefold() == GUEST:
            if not name:
                raise PlayerTextError(gettext_noop("give the guest's name, e.g. Ann Lee (guest)"))
            return PlayerText(name=name, guest=True)
        if pattern is _BRACKETED and not inside:
            raise PlayerTextError(
                gettext_noop("the brackets are empty: write the membership number in them, or leave them out")
            )
        held = _number_part(inside)
        if held is not None:
            return PlayerText(name=name, body=held[0], number=held[1])
    return PlayerText(name=text)


class Numbered(Protocol):
    """A roster player as far as matching by number goes."""

    @property
    def name(self) -> str: ...
    @property
    def number(self) -> str: ...
    @property
    def body(self) -> str: ...


N = TypeVar("N", bound=Numbered)


def roster_match(text: Numbered, holders: Sequence[N]) -> N | None:
    """The roster player ``text``'s membership number means, among ``holders`` (the players holding that
    number, whatever their body); None when none holds it and ``text`` names the player (a new member).

    A number without a body matches any body when one player holds it; a number with a body, the one player
    holding it with no body when no one holds it with that body. PlayerTextError: a number alone that
    no player holds, or one held by several players of different bodies (the message names them)."""
    if not text.number:
        return None
    found = [p for p in holders if p.number == text.number and (not text.body or p.body.upper() == text.body)]
    if not found and text.body:  # a number kept with no body (another scorer's file names none): that player
        found = [p for p in holders if p.number == text.number and not p.body]
    if len(found) == 1:
        return found[0]
    if found:
        choices = ", ".join(player_label(p.name, p.number, p.body) for p in found)
        raise PlayerTextError(
            gettext_noop("%(number)s is held by %(count)s players (%(choices)s): write the body too"),
            number=text.number,
            count=len(found),
            choices=choices,
        )
    if not text.name:
        held = player_label("", text.number, text.body)
        raise PlayerTextError(
            gettext_noop("no player on the roster holds %(held)s: write the player's name before it"),
            held=held,
        )
    return None
