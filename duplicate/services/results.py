"""Turning an entered result into the values stored on a Play row (scored once, by the pure engine).

A result is the event file's (and the scoring CLI's) shape: ``contract``/``declarer``/``tricks`` with optional
``honours``, ``revokes``, ``penalties`` and ``one_spade_limit``; ``tricks_ns`` (won in play) and ``revokes``
(``{"ns": 1, "ew": 0}``, whist law 30) for whist; or a law B(3)
``ruling`` ("average", or "low-high" with the ``offending`` side), whose score depends on the other tables and is
worked out by the standings, not stored.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from duplicate.models import Play
from scoring import ScoringError, WhistRevokes, parse_request

RESULT_KEYS = frozenset(
    {"contract", "declarer", "tricks", "tricks_ns", "honours", "revokes", "penalties", "one_spade_limit"}
)
RULING_KEYS = frozenset({"ruling", "offending"})
RULINGS = ("average", "low-high")

#: The stored fields that make up "the result as entered" (used for the law E history and conflicts).
ENTERED_FIELDS = (
    "contract",
    "declarer",
    "tricks",
    "tricks_ns",
    "honours",
    "revokes",
    "penalties",
    "one_spade_limit",
    "ruling",
    "offending",
)
SCORE_FIELDS = (
    "ns_trick",
    "ns_honour",
    "ns_total",
    "ew_trick",
    "ew_honour",
    "ew_total",
    "net_ns",
    "items",
)


class ResultError(ValueError):
    """A result that cannot be scored; the message names the field."""


def blank_fields() -> dict[str, Any]:
    """The values of a Play with no result."""
    return {
        "entered": False,
        "contract": "",
        "declarer": "",
        "tricks": None,
        "tricks_ns": None,
        "honours": None,
        "revokes": None,
        "penalties": [],
        "one_spade_limit": False,
        "ruling": "",
        "offending": "",
        "ns_trick": 0,
        "ns_honour": 0,
        "ns_total": 0,
        "ew_trick": 0,
        "ew_honour": 0,
        "ew_total": 0,
        "net_ns": 0,
        "items": [],
    }


def result_fields(*, code: str, deal: str, data: Mapping[str, Any]) -> dict[str, Any]:
    """Validate and score one result; return the Play field values. Raises ResultError naming the field."""
    unknown = set(data) - RESULT_KEYS - RULING_KEYS
    if unknown:
        raise ResultError(f"{sorted(unknown)[0]}: not a field of a result")
    fields = blank_fields()
    fields["entered"] = True
    ruling = data.get("ruling") or ""
    if ruling:
        # Duplicate law B(3): the score comes from the other tables' results on the deal.
        if ruling not in RULINGS:
            raise ResultError(f"ruling: must be one of {', '.join(RULINGS)}, got {ruling!r}")
        extra = set(data) & RESULT_KEYS
        if extra:
            raise ResultError(f"{sorted(extra)[0]}: a result given by ruling has no {sorted(extra)[0]}")
        offending = data.get("offending") or ""
        if ruling == "low-high":
            if offending not in ("NS", "EW"):
                raise ResultError(f"offending: must be NS or EW for a low-high ruling, got {offending!r}")
        elif offending:
            raise ResultError("offending: only a low-high ruling names the offending side")
        fields.update(ruling=ruling, offending=offending)
        return fields
    if data.get("offending"):
        raise ResultError("offending: only a low-high ruling names the offending side")
    request: dict[str, Any] = {"code": code, **{k: v for k, v in data.items() if k in RESULT_KEYS}}
    if deal and code != "whist":
        request["deal"] = deal
    try:
        parsed = parse_request(request)
        score = parsed.score()
    except ScoringError as exc:
        raise ResultError(str(exc)) from None
    whist = code == "whist"
    revokes = data.get("revokes") or None
    if whist:  # stored whole, by side ({"ns": 1, "ew": 0}); none when no side revoked
        counted = parsed.revokes
        revokes = (
            {"ns": counted.ns, "ew": counted.ew}
            if isinstance(counted, WhistRevokes) and counted.any
            else None
        )
    fields.update(
        contract="" if whist else (str(parsed.contract) if parsed.contract is not None else "PASS"),
        declarer=parsed.declarer.value if parsed.declarer is not None else "",
        tricks=parsed.tricks,
        tricks_ns=parsed.tricks_ns,
        honours=data.get("honours") or None,
        revokes=revokes,
        penalties=list(data.get("penalties") or []),
        one_spade_limit=bool(data.get("one_spade_limit")),
        ns_trick=score.ns.trick,
        ns_honour=score.ns.honour,
        ns_total=score.ns.total,
        ew_trick=score.ew.trick,
        ew_honour=score.ew.honour,
        ew_total=score.ew.total,
        net_ns=score.net_ns,
        items=score.to_dict()["items"],
    )
    return fields


def play_result_data(play: Play) -> dict[str, Any] | None:
    """A Play's result in the event file's shape (None when nothing is entered)."""
    if not play.entered:
        return None
    if play.ruling:
        out: dict[str, Any] = {"ruling": play.ruling}
        if play.offending:
            out["offending"] = play.offending
        return out
    if play.tricks_ns is not None and not play.contract:
        out = {"tricks_ns": play.tricks_ns}
        if play.revokes:
            out["revokes"] = play.revokes
        return out
    out = {"contract": play.contract}
    if play.contract != "PASS":
        out.update(declarer=play.declarer, tricks=play.tricks)
    if play.honours:
        out["honours"] = play.honours
    if play.revokes:
        out["revokes"] = play.revokes
    if play.penalties:
        out["penalties"] = play.penalties
    if play.one_spade_limit:
        out["one_spade_limit"] = True
    return out
