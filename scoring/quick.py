"""The quick-entry field: one line of text such as ``4HX N 10``, ``3NT S =``, ``+1`` or ``PASS``.

Pure (no Django): ``parse_quick`` turns the text into the result fields it names (``contract``, ``declarer``,
``tricks``; ``tricks_ns`` and ``revokes`` for whist) and raises ``QuickError`` with a message that names the
field otherwise.

The tricks may be written as a number of tricks won by the declarer's side (``10``), as made exactly (``=``),
as overtricks (``+1``) or as undertricks (``-2``), counted from the contract's six plus its level. A line that
holds only ``=``/``+n``/``-n`` (or only a number) applies to the contract and declarer already in the row.
``PASS`` is refused under auction-1913, whose law 42 makes the dealer declare.

Contract bridge (law 77) reads the same lines, and a director's artificial adjusted score (law 12C2):
``A60/40`` (N-S average plus, E-W average minus), ``A50/50``, ``A40/60``, any pair of 60, 50 and 40, which
gives ``{"ruling": "A60/40"}``.

Contract bridge's opening lead (law 41A) may follow the result: the word ``lead`` (or ``L``) and the card,
``4S N = lead HQ``, ``3NT S +1 L d4``, ``+1 lead ♠10`` (``scoring.leads.parse_lead`` reads the card), which adds
``{"lead": "HQ"}``; the card is checked against the leader's hand by the result service.

Whist: the tricks N-S won in play, then any revokes, each written ``R`` and the side (``7 R NS``, ``7 RNS REW``,
``7 2R EW`` for two): whist law 30 transfers two tricks for each.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from scoring import ScoringError, parse_contract_or_pass
from scoring.codes import ScoringCode, parse_code
from scoring.contract import Contract, check_pass_out, pass_out_allowed
from scoring.errors import MarkedError, gettext_noop
from scoring.leads import parse_lead

_CONTRACT = re.compile(r"[1-7](NT|RS|N|C|D|H|S)X{0,2}", re.IGNORECASE)
# A contract's shape with a level no contract has (0, 8, 9, 10 ...): "8S" read as 8 tricks and South gave
# "two declarers"; said for what it is when the line cannot be read otherwise.
_BAD_LEVEL = re.compile(r"(\d+)(NT|RS|N|C|D|H|S)X{0,2}", re.IGNORECASE)
_SEAT = re.compile(r"[NESW]", re.IGNORECASE)
_RELATIVE = re.compile(r"(=|[+-]\d{1,2})")
_NUMBER = re.compile(r"\d{1,2}")
_ADJUSTED = re.compile(r"A(?:VE?)?\s*(60|50|40)\s*[/-]\s*(60|50|40)", re.IGNORECASE)
_PASS = frozenset({"PASS", "P", "PASSED", "PASSOUT", "PASSEDOUT", "PASSED-OUT"})
# Whist revokes after the tricks: "R NS", "rev E-W", "2 revokes NS"; spaces, commas and hyphens dropped first.
_WHIST_REVOKE = re.compile(r"(\d{0,2})R(?:EVOKES?|EV)?(NS|EW)")
_WHIST_TRICKS = re.compile(r"(\d{1,2})(?!\d)[\s,]*(.*)")
# Contract bridge's opening lead after the result: the word "lead" (or "L") and the card, "4S N = lead HQ".
_LEAD = re.compile(r"(?:^|\s)(?:LEAD|L)\s*[:=]?\s*(\S+)\s*$", re.IGNORECASE)
FIELD = "quick"


class QuickError(MarkedError):
    """The quick-entry text cannot be read; the message starts with the field it names."""

    def __str__(self) -> str:
        return f"{FIELD}: {self.message}"


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
        raise QuickError("%(error)s", error=exc) from None
    line = " ".join(text.split())
    or_pass = " or PASS" if pass_out_allowed(scoring_code) else ""
    if not line:
        if scoring_code is ScoringCode.WHIST:
            raise QuickError(
                gettext_noop(
                    "type the tricks North-South won, such as 7, or 7 R NS when N-S revoked once (7 RNS REW, 7 2R EW)"
                )
            )
        if or_pass:
            raise QuickError(gettext_noop("type a result such as 4HX N 10, 3NT S =, +1, -2 or PASS"))
        raise QuickError(gettext_noop("type a result such as 4HX N 10, 3NT S =, +1, -2"))

    if scoring_code is ScoringCode.WHIST:
        return _whist(line)
    lead_match = _LEAD.search(line)
    if lead_match is not None:
        if scoring_code is not ScoringCode.CONTRACT:
            raise QuickError(gettext_noop("only contract bridge records the opening lead"))
        try:
            lead = parse_lead(lead_match[1])
        except ScoringError as exc:
            raise QuickError(exc.template, **exc.params) from None
        rest = line[: lead_match.start()].strip()
        if not rest:
            raise QuickError(
                gettext_noop("give the result before the lead, such as 4S N = lead %(lead)s"), lead=lead
            )
        parsed = parse_quick(rest, code=code, current=current)
        if "ruling" in parsed or parsed.get("contract") == "PASS":
            raise QuickError(gettext_noop("a deal passed out or an adjusted score has no opening lead"))
        return {**parsed, "lead": lead}
    if scoring_code is ScoringCode.CONTRACT and line[:1] in "aA":
        adjusted = _ADJUSTED.fullmatch(line)
        if adjusted is None:
            raise QuickError(
                gettext_noop(
                    "cannot read %(line)r: an adjusted score (law 12C2) is A and the N-S/E-W "
                    "percentages, each 60, 50 or 40, such as A60/40 or A50/50"
                ),
                line=line,
            )
        return {"ruling": f"A{adjusted[1]}/{adjusted[2]}"}

    if line.upper().replace(" ", "") in _PASS:
        try:
            check_pass_out(scoring_code)  # 1913 law 42: the dealer must declare
        except ScoringError as exc:
            raise QuickError("%(error)s", error=exc) from None
        return {"contract": "PASS"}

    return _played(line, scoring_code, current or {}, or_pass)


def _played(line: str, scoring_code: ScoringCode, current: Mapping[str, Any], or_pass: str) -> dict[str, Any]:
    """A result as played: the contract, declarer and tricks the line gives, the row's ``current`` contract
    and declarer standing in for those it leaves out."""
    try:
        contract_text, declarer, tricks_text = _contract_seat_tricks(line)
    except QuickError:
        _refuse_a_bad_level(line)
        raise
    if contract_text is None:
        stored = str(current.get("contract") or "")
        if not stored or stored == "PASS":
            _refuse_a_bad_level(line)
            raise QuickError(
                gettext_noop("give the contract first, such as 4HX N 10 (or PASS)")
                if or_pass
                else gettext_noop("give the contract first, such as 4HX N 10")
            )
        contract_text = stored
    if declarer is None:
        declarer = str(current.get("declarer") or "") or None
        if declarer is None:
            raise QuickError(
                gettext_noop("give the declarer (N, E, S or W), such as %(contract_text)s N ="),
                contract_text=contract_text,
            )
    if tricks_text is None:
        raise QuickError(
            gettext_noop(
                "give the tricks won (a number 0-13, =, +1 or -2), such as %(contract_text)s %(declarer)s ="
            ),
            contract_text=contract_text,
            declarer=declarer,
        )

    try:
        contract = parse_contract_or_pass(contract_text, scoring_code)
    except ScoringError as exc:
        raise QuickError("%(error)s", error=exc) from None
    assert contract is not None  # PASS was handled above
    return {"contract": str(contract), "declarer": declarer, "tricks": _tricks_won(contract, tricks_text)}


def _refuse_a_bad_level(line: str) -> None:
    """A line that holds no contract but a contract's shape with a level out of 1 to 7 ("8S N =", "8SN=",
    "8 S N =", "0H S 7", "9NT") is refused for that, not for what its pieces would be as tricks and seats:
    a bid is of one to seven odd tricks (law 1 of contract bridge; the auction codes' bids are the same)."""
    words = line.replace(",", " ").split()
    if any(_CONTRACT.match(word) for word in words):
        return
    for text in (*words, "".join(words)):  # a word, or the line's start with its spaces left out
        match = _BAD_LEVEL.match(text)
        if match and not 1 <= int(match[1]) <= 7:
            shape = match[0].upper()
            raise QuickError(
                gettext_noop("%(shape)s is not a contract: its level must be 1 to 7, such as %(value)s"),
                shape=shape,
                value="4" + shape[len(match[1]) :],
            )


def _contract_seat_tricks(line: str) -> tuple[str | None, str | None, str | None]:
    """The contract, declarer and tricks the line gives (None for each it leaves out), each at most once."""
    contract_text = declarer = tricks_text = None
    for token in _tokens(line):
        upper = token.upper()
        if _CONTRACT.fullmatch(token):
            if contract_text is not None:
                raise QuickError(
                    gettext_noop("two contracts (%(contract_text)s and %(upper)s); give one"),
                    contract_text=contract_text,
                    upper=upper,
                )
            contract_text = upper
        elif _SEAT.fullmatch(token):
            if declarer is not None:
                raise QuickError(
                    gettext_noop("two declarers (%(declarer)s and %(upper)s); give one of N, E, S, W"),
                    declarer=declarer,
                    upper=upper,
                )
            declarer = upper
        elif _RELATIVE.fullmatch(token) or _NUMBER.fullmatch(token):
            if tricks_text is not None:
                raise QuickError(
                    gettext_noop("two trick counts (%(tricks_text)s and %(token)s); give one"),
                    tricks_text=tricks_text,
                    token=token,
                )
            tricks_text = token
        else:
            raise QuickError(
                gettext_noop(
                    "cannot read %(token)r: write the contract (4HX, 3NT), the declarer (N, "
                    "E, S, W) and the tricks (10, =, +1, -2), such as 4HX N 10"
                ),
                token=token,
            )
    return contract_text, declarer, tricks_text


def _tricks_won(contract: Contract, tricks_text: str) -> int:
    """Tricks won by the declarer's side: a number, or "=", "+n", "-n" counted from the contract's book."""
    needed = contract.tricks_needed
    if tricks_text == "=":
        return needed
    if tricks_text[0] in "+-":
        tricks = needed + int(tricks_text)
        if not 0 <= tricks <= 13:
            raise QuickError(
                gettext_noop(
                    "%(contract)s needs %(needed)s tricks, so %(tricks_text)s makes "
                    "%(tricks)s: tricks must be 0 to 13"
                ),
                contract=contract,
                needed=needed,
                tricks_text=tricks_text,
                tricks=tricks,
            )
        return tricks
    tricks = int(tricks_text)
    if not 0 <= tricks <= 13:
        raise QuickError(
            gettext_noop("tricks must be a whole number from 0 to 13, got %(tricks)s"), tricks=tricks
        )
    return tricks


def _whist(line: str) -> dict[str, Any]:
    """Whist: "7" -> {"tricks_ns": 7}; "7 R NS" -> {"tricks_ns": 7, "revokes": {"ns": 1, "ew": 0}}."""
    head = _WHIST_TRICKS.match(line)
    if head is None or not 0 <= int(head.group(1)) <= 13:
        raise QuickError(
            gettext_noop(
                "type the tricks North-South won, 0 to 13, such as 7, or 7 R NS when N-S revoked once "
                "(7 RNS REW, 7 2R EW); got %(line)r"
            ),
            line=line,
        )
    out: dict[str, Any] = {"tricks_ns": int(head.group(1))}
    rest = head.group(2)
    squeezed = "".join(rest.upper().replace(",", " ").replace("-", "").replace("/", "").split())
    if not squeezed:
        return out
    counts = {"ns": 0, "ew": 0}
    at = 0
    while at < len(squeezed):
        match = _WHIST_REVOKE.match(squeezed, at)
        if match is None:
            raise QuickError(
                gettext_noop(
                    "cannot read %(rest)r after the tricks: write each revoke as R and the "
                    "side that revoked, such as 7, or 7 R NS when N-S revoked once (7 RNS REW, 7 2R EW)"
                ),
                rest=rest,
            )
        counts[match.group(2).lower()] += int(match.group(1) or 1)
        at = match.end()
    for side, count in counts.items():
        if count > 13:
            raise QuickError(
                gettext_noop("revokes by %(value)s: at most 13, got %(count)s"),
                value="N-S" if side == "ns" else "E-W",
                count=count,
            )
    out["revokes"] = counts
    return out
