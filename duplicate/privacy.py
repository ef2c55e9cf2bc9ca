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
    if not name or director or choice == PublicName.FULL:
        return name
    if choice == PublicName.INITIALS:
        return initials(name)
    return pair_label


def shown_number(*, number: str, choice: str | None, director: bool) -> str:
    """A player's membership number as the viewer sees it: every one to a director; to a visitor only that of
    a player whose name is shown in full (``choice``, the effective one: :func:`effective_choice`), none
    when the choice is not known (None: the standings' rows do not carry it yet)."""
    if director or choice == PublicName.FULL:
        return number
    return ""
