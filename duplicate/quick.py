"""The quick-entry field: one line of text such as ``4HX N 10``, ``3NT S =``, ``+1`` or ``PASS``.

Pure (no Django): ``parse_quick`` turns the text into the result fields it names (``contract``, ``declarer``,
``tricks``; ``tricks_ns`` for whist) and raises ``QuickError`` with a message that names the field otherwise.

The tricks may be written as a number of tricks won by the declarer's side (``10``), as made exactly (``=``),
as overtricks (``+1``) or as undertricks (``-2``), counted from the contract's six plus its level. A line that
holds only ``=``/``+n``/``-n`` (or only a number) applies to the contract and declarer already in the row.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from scoring import ScoringError, parse_contract_or_pass
from scoring.codes import ScoringCode, parse_code

_CONTRACT = re.compile(r"[1-7](NT|RS|N|C|D|H|S)X{0,2}", re.IGNORECASE)
_SEAT = re.compile(r"[NESW]", re.IGNORECASE)
_RELATIVE = re.compile(r"(=|[+-]\d{1,2})")
_NUMBER = re.compile(r"\d{1,2}")
_PASS = frozenset({"PASS", "P", "PASSED", "PASSOUT", "PASSEDOUT", "PASSED-OUT"})
FIELD = "quick"


class QuickError(ValueError):
    """The quick-entry text cannot be read; the message starts with the field it names."""

    def __init__(self, message: str) -> None:
        super().__init__(f"{FIELD}: {message}")


def _tokens(text: str) -> list[str]:
    """Split "4HXN10" style runs too: contract, seat and tricks may be written without spaces."""
    out: list[str] = []
    for word in text.replace(",", " ").split():
        rest, parts = word, []
        while rest:
            for pattern in (_CONTRACT, _RELATIVE, _NUMBER, _SEAT):
                match = pattern.match(rest)
                if match:
                    token = match.group(0)
                    parts.append(token)
                    rest = rest[len(token) :]
                    break
            else:
                parts = [word]  # unreadable: report the word as typed
                break
        out.extend(parts)
    return out


def parse_quick(text: str, *, code: str, current: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Read one quick-entry line for an event scored under ``code``.

    ``current`` holds the row's contract and declarer (as entered), used when the line gives only the tricks.
    Returns only the fields the line sets: {"contract", "declarer", "tricks"}, {"contract": "PASS"} or
    {"tricks_ns"} for whist.
    """
    try:
        scoring_code = parse_code(code)
    except ScoringError as exc:  # pragma: no cover - the event's code is always valid
        raise QuickError(str(exc)) from None
    line = " ".join(text.split())
    if not line:
        raise QuickError("type a result such as 4HX N 10, 3NT S =, +1, -2 or PASS")

    if scoring_code is ScoringCode.WHIST:
        if not _NUMBER.fullmatch(line) or not 0 <= int(line) <= 13:
            raise QuickError(f"type the tricks North-South won, 0 to 13, got {line!r}")
        return {"tricks_ns": int(line)}

    if line.upper().replace(" ", "") in _PASS:
        return {"contract": "PASS"}

    contract_text = declarer = tricks_text = None
    for token in _tokens(line):
        upper = token.upper()
        if _CONTRACT.fullmatch(token):
            if contract_text is not None:
                raise QuickError(f"two contracts ({contract_text} and {upper}); give one")
            contract_text = upper
        elif _SEAT.fullmatch(token):
            if declarer is not None:
                raise QuickError(f"two declarers ({declarer} and {upper}); give one of N, E, S, W")
            declarer = upper
        elif _RELATIVE.fullmatch(token) or _NUMBER.fullmatch(token):
            if tricks_text is not None:
                raise QuickError(f"two trick counts ({tricks_text} and {token}); give one")
            tricks_text = token
        else:
            raise QuickError(
                f"cannot read {token!r}: write the contract (4HX, 3NT), the declarer (N, E, S, W) and the "
                "tricks (10, =, +1, -2), such as 4HX N 10"
            )

    current = current or {}
    if contract_text is None:
        stored = str(current.get("contract") or "")
        if not stored or stored == "PASS":
            raise QuickError("give the contract first, such as 4HX N 10 (or PASS)")
        contract_text = stored
    if declarer is None:
        declarer = str(current.get("declarer") or "") or None
        if declarer is None:
            raise QuickError(f"give the declarer (N, E, S or W), such as {contract_text} N =")
    if tricks_text is None:
        raise QuickError(
            f"give the tricks won (a number 0-13, =, +1 or -2), such as {contract_text} {declarer} ="
        )

    try:
        contract = parse_contract_or_pass(contract_text, scoring_code)
    except ScoringError as exc:
        raise QuickError(str(exc)) from None
    assert contract is not None  # PASS was handled above
    needed = contract.tricks_needed
    if tricks_text == "=":
        tricks = needed
    elif tricks_text[0] in "+-":
        tricks = needed + int(tricks_text)
        if not 0 <= tricks <= 13:
            raise QuickError(
                f"{contract} needs {needed} tricks, so {tricks_text} makes {tricks}: tricks must be 0 to 13"
            )
    else:
        tricks = int(tricks_text)
        if not 0 <= tricks <= 13:
            raise QuickError(f"tricks must be a whole number from 0 to 13, got {tricks}")
    return {"contract": str(contract), "declarer": declarer, "tricks": tricks}
