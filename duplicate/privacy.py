"""How a player's name is shown: in full, as initials ("A. Lee") or hidden (the pair's label, "Pair 7").

Each player chooses (``Player.public_name``) or follows the club's choice (``Club.public_name``). Visitors see
names as chosen on every public page, download and export they can reach; directors always see full names.
A player whose personal data was erased is "Removed player" to everyone; the results stay.
"""

from __future__ import annotations

from duplicate.models import PublicName

ERASED_NAME = "Removed player"


def initials(name: str) -> str:
    """A name with every word but the last cut to its initial: "Ann Lee" -> "A. Lee", "Jean-Pierre Dupont" ->
    "J.-P. Dupont", "Lee" -> "Lee"."""
    words = name.split()
    if len(words) < 2:
        return name.strip()
    firsts = ["-".join(f"{part[:1]}." for part in word.split("-") if part) for word in words[:-1]]
    return " ".join([*firsts, words[-1]])


def effective_choice(player_choice: str, club_choice: str) -> str:
    """The player's own choice, or the club's when the player has none."""
    return player_choice or club_choice or PublicName.FULL


def shown_name(*, name: str, choice: str, pair_label: str, director: bool) -> str:
    """``name`` as the viewer sees it: in full to a director; to a visitor as ``choice`` says (``choice`` is
    the effective one: :func:`effective_choice`). ``pair_label`` ("Pair 7") stands for a hidden name."""
    if not name or director or name == ERASED_NAME or choice == PublicName.FULL:
        return name
    if choice == PublicName.INITIALS:
        return initials(name)
    return pair_label


def pair_stand_in(label: int | str, team: str | None = None) -> str:
    """What stands for a hidden player: the pair's label ("Pair 7"), in a team event with its team ("Lions
    pair 7")."""
    return f"{team} pair {label}" if team else f"Pair {label}"


def shown_players(
    names: tuple[str, str],
    choices: tuple[str, str],
    *,
    club_choice: str | None,
    stand_in: str,
    director: bool,
) -> tuple[str, str]:
    """A pair's two players as the viewer sees them (:func:`shown_name` on each, the player's ``choices``
    or else ``club_choice``: :func:`effective_choice`); ``stand_in`` (:func:`pair_stand_in`) for a hidden
    one, once only when both are hidden ("Pair 7", not "Pair 7 & Pair 7"). The one place a pair's names
    are made private: every page, download and export reads them from here."""
    if director:
        return names
    shown = tuple(
        shown_name(
            name=name,
            choice=effective_choice(choice or "", club_choice or ""),
            pair_label=stand_in,
            director=False,
        )
        for name, choice in zip(names, choices, strict=True)
    )
    if all(name and name != ERASED_NAME for name in names) and shown[0] == shown[1] == stand_in:
        return (stand_in, "")
    return (shown[0], shown[1])


def shown_number(*, number: str, director: bool) -> str:
    """A player's membership number (or club number) as the viewer sees it: a director's, for the files the
    club sends its federation; never a visitor's (a number is personal data, and beside a name kept from
    visitors it would name the player)."""
    return number if director else ""
