"""One scoring request as JSON (the command line's input shape) turned into typed values.

The Django importer and entry forms reuse this, so it is strict: unknown keys are rejected, booleans
are not numbers, floats are not whole numbers, and every error names its field. ``null`` for an
optional key means the same as leaving it out.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, NamedTuple

from scoring.codes import ScoringCode, parse_code
from scoring.contract import (
    Contract,
    Seat,
    parse_contract_or_pass,
    parse_seat,
    parse_side,
    pass_out_allowed,
)
from scoring.deal import Deal
from scoring.deal_inputs import MAX_REVOKES
from scoring.deal_score import (
    PENALTY_LAWS,
    DealScore,
    Election,
    Honours,
    Penalty,
    Revokes,
    WhistRevokes,
    score_deal,
)
from scoring.errors import ScoringError, gettext_noop, show_value, whole_number
from scoring.law77 import (
    Vulnerability,
    parse_board,
    parse_vulnerability,
    played_score,
    score_contract,
    vulnerability_for_board,
)

FIELDS: Final = (
    "code",
    "contract",
    "declarer",
    "tricks",
    "tricks_ns",
    "honours",
    "deal",
    "revokes",
    "penalties",
    "one_spade_limit",
    "vulnerability",
    "board",
)
_FIELD_SET: Final = frozenset(FIELDS)
#: The fields a contract bridge request may give (others must be left out or null).
_CONTRACT_FIELDS: Final = frozenset(
    {"code", "contract", "declarer", "tricks", "vulnerability", "board", "deal"}
)
_HONOURS_FIELDS: Final = ("side", "count", "in_one_hand")
_REVOKES_FIELDS: Final = ("declarer_side", "defenders", "election")
_WHIST_REVOKES_FIELDS: Final = ("ns", "ew")
_PENALTY_FIELDS: Final = ("side", "points", "law")


class DealRequest(NamedTuple):
    """A validated request: the keyword arguments of ``score_deal`` (its first twelve fields), and
    ``result``, the score ``parse_request`` computed when it checked the fields against each other.

    ``score()`` returns that result, so it cannot fail on a parsed request; a request built by hand
    (``result`` None) is scored when asked.
    """

    code: ScoringCode
    contract: Contract | None = None
    declarer: Seat | None = None
    tricks: int | None = None
    tricks_ns: int | None = None
    honours: Honours | None = None
    deal: Deal | None = None
    revokes: Revokes | WhistRevokes | None = None
    penalties: tuple[Penalty, ...] = ()
    one_spade_limit: bool = False
    vulnerability: Vulnerability | None = None
    board: int | None = None
    result: DealScore | None = None

    def score(self) -> DealScore:
        if self.result is not None:
            return self.result
        return score_deal(**{name: getattr(self, name) for name in FIELDS})  # the fields are its keywords


def _object(value: object, name: str, allowed: tuple[str, ...], required: str = "") -> Mapping[str, Any]:
    """An object with keys from ``allowed`` only; with ``required`` (the message's hint), every one of them."""
    if not isinstance(value, Mapping):
        raise ScoringError(
            name,
            gettext_noop("must be an object with keys %(allowed)s, got %(got)s"),
            allowed=", ".join(allowed),
            got=show_value(value),
        )
    for key in value:
        if key not in allowed:
            raise ScoringError(
                f"{name}.{key}",
                gettext_noop("unknown field; allowed in %(name)s: %(allowed)s"),
                name=name,
                allowed=", ".join(allowed),
            )
    missing = [key for key in allowed if key not in value] if required else []
    if missing:
        raise ScoringError(f"{name}.{missing[0]}", gettext_noop("required (%(required)s)"), required=required)
    return value


def _text(value: object, name: str, example: str) -> str:
    if not isinstance(value, str):
        raise ScoringError(
            name,
            gettext_noop("must be text such as %(example)s, got %(got)s"),
            example=example,
            got=show_value(value),
        )
    return value


def _renamed(error: ScoringError, prefix: str, name: str) -> ScoringError:
    """The same error under the request's name for the field (``penalties[1].points``)."""
    return ScoringError(name + error.field.removeprefix(prefix), error.template, **error.params)


def _honours(value: object) -> Honours:
    obj = _object(value, "honours", _HONOURS_FIELDS, required="side NS or EW, count 3-5, in_one_hand")
    side = parse_side(obj["side"], "honours.side")
    return Honours(side, obj["count"], obj["in_one_hand"])


def _revokes(value: object, code: ScoringCode) -> Revokes:
    if isinstance(value, Mapping):
        for key in value:
            if key in _WHIST_REVOKES_FIELDS:
                raise ScoringError(
                    f"revokes.{key}",
                    gettext_noop(
                        "is for whist; %(code)s counts revokes by the declarer's side and the "
                        "defenders (laws 84, 89): %(revokes_fields)s"
                    ),
                    code=code.value,
                    revokes_fields=", ".join(_REVOKES_FIELDS),
                )
    obj = _object(value, "revokes", _REVOKES_FIELDS)
    declarer_side = whole_number(obj.get("declarer_side", 0), "revokes.declarer_side", 0, MAX_REVOKES)
    defenders = whole_number(obj.get("defenders", 0), "revokes.defenders", 0, MAX_REVOKES)
    raw = obj.get("election")
    election: Election | None = None
    if raw is not None:
        try:
            election = Election(raw.strip().lower()) if isinstance(raw, str) else None
        except ValueError:
            election = None
        if election is None:
            raise ScoringError(
                "revokes.election",
                gettext_noop("must be one of points, tricks, got %(got)s"),
                got=show_value(raw),
            )
    return Revokes(declarer_side, defenders, election)


def _whist_revokes(value: object) -> WhistRevokes:
    """Whist revokes by side: ``{"ns": 1, "ew": 0}`` (law 30: two tricks transferred for each)."""
    if isinstance(value, Mapping):
        for key in value:
            if key in _REVOKES_FIELDS:
                raise ScoringError(
                    f"revokes.{key}",
                    gettext_noop(
                        "is for the auction codes; whist counts revokes by side (whist law 30): ns, ew"
                    ),
                )
    obj = _object(value, "revokes", _WHIST_REVOKES_FIELDS)
    counts = [
        0 if obj.get(key) is None else whole_number(obj[key], f"revokes.{key}", 0, MAX_REVOKES)
        for key in _WHIST_REVOKES_FIELDS
    ]
    return WhistRevokes(*counts)


def _penalties(value: object, code: ScoringCode) -> tuple[Penalty, ...]:
    if not isinstance(value, list):
        raise ScoringError(
            "penalties",
            gettext_noop("must be a list of objects with side, points, law; got %(got)s"),
            got=show_value(value),
        )
    result = []
    for index, entry in enumerate(value):
        name = f"penalties[{index}]"
        obj = _object(entry, name, _PENALTY_FIELDS, required="side that scores, points, law")
        side = parse_side(obj["side"], f"{name}.side")
        law = obj["law"]
        if isinstance(law, int) and not isinstance(law, bool):
            law = str(law)
        if isinstance(law, str):
            law = law.strip()
            law = law.upper() if law.isalpha() else law.lower()
        try:
            penalty = Penalty(side, obj["points"], law)
        except ScoringError as error:
            raise _renamed(error, "penalties", name) from None
        if code not in PENALTY_LAWS[penalty.law][1]:
            raise ScoringError(
                f"{name}.law",
                gettext_noop("law %(law)s has no penalty points in %(code)s"),
                law=penalty.law,
                code=code.value,
            )
        result.append(penalty)
    return tuple(result)


def _bool(value: object, name: str) -> bool:
    if value is not True and value is not False:
        raise ScoringError(name, gettext_noop("must be true or false, got %(got)s"), got=show_value(value))
    return value


def parse_request(obj: Mapping[str, Any]) -> DealRequest:
    """Turn one JSON object into a DealRequest, or raise ScoringError naming the first bad field.

    Fields: code (required), contract ("4HX", or "PASS" in auction-1915 and contract), declarer, tricks
    (auction codes and contract); tricks_ns (whist); honours, deal, revokes, penalties, one_spade_limit
    (optional); vulnerability or board (contract bridge, law 77). Whist's revokes are
    counted by side (``{"ns": 1, "ew": 0}``), the auction codes' by declarer's side and defenders.
    """
    if obj.__class__ is not dict and not isinstance(obj, Mapping):
        raise ScoringError("request", gettext_noop("must be a JSON object, got %(got)s"), got=show_value(obj))
    contract_keys = _CONTRACT_FIELDS.issuperset(obj)  # then every key is known, and contract bridge's
    if not contract_keys and not _FIELD_SET.issuperset(obj):
        for key in obj:
            if key not in FIELDS:
                raise ScoringError(
                    str(key), gettext_noop("unknown field; allowed: %(fields)s"), fields=", ".join(FIELDS)
                )
    get = obj.get
    code = get("code")
    if code is None:
        raise ScoringError(
            "code", gettext_noop("required: one of %(value)s"), value=", ".join(c.value for c in ScoringCode)
        )
    code = parse_code(code)

    if code is ScoringCode.CONTRACT:
        return _contract_request(obj, contract_keys)
    _unused(
        obj,
        ("vulnerability", "board"),
        gettext_noop("is for contract bridge (law 77); %(code)s has no vulnerability"),
        code=code.value,
    )
    if code is ScoringCode.WHIST:
        return _whist_request(obj)

    if get("tricks_ns") is not None:
        raise ScoringError(
            "tricks_ns",
            gettext_noop("is for whist; %(code)s takes contract, declarer and tricks"),
            code=code.value,
        )
    or_pass = " or PASS" if pass_out_allowed(code) else ""
    if get("contract") is None:
        raise ScoringError(
            "contract",
            gettext_noop("required: a contract such as 4HX or 3NT, or PASS")
            if or_pass
            else gettext_noop("required: a contract such as 4HX or 3NT"),
        )
    contract = parse_contract_or_pass(_text(obj["contract"], "contract", f"4HX{or_pass}"), code)
    declarer, tricks = _played(obj, contract, ("declarer", "tricks", "honours", "revokes"))
    honours = _honours(obj["honours"]) if get("honours") is not None else None
    deal = _deal(obj)
    revokes = _revokes(obj["revokes"], code) if get("revokes") is not None else None
    penalties = _penalties(obj["penalties"], code) if get("penalties") is not None else ()
    one_spade_limit = (
        _bool(obj["one_spade_limit"], "one_spade_limit") if get("one_spade_limit") is not None else False
    )
    score = score_deal(
        code=code,
        contract=contract,
        declarer=declarer,
        tricks=tricks,
        honours=honours,
        deal=deal,
        revokes=revokes,
        penalties=penalties,
        one_spade_limit=one_spade_limit,
    )  # scored once, to check the fields against each other; the request keeps the result
    return DealRequest(
        code,
        contract,
        declarer,
        tricks,
        None,
        honours,
        deal,
        revokes,
        penalties,
        one_spade_limit,
        None,
        None,
        score,
    )


def _played(
    obj: Mapping[str, Any], contract: Contract | None, not_when_passed: tuple[str, ...]
) -> tuple[Seat | None, int | None]:
    """The declarer and the tricks his side won, required with a contract; with a passed-out deal they (and
    the other ``not_when_passed`` fields) must be left out."""
    if contract is None:
        for key in not_when_passed:
            if obj.get(key) is not None:
                raise ScoringError(
                    key, gettext_noop("must be left out for a passed-out deal, which scores nothing")
                )
        return None, None
    get = obj.get
    seat = get("declarer")
    if seat is None:
        raise ScoringError("declarer", gettext_noop("required: one of N, E, S, W"))
    declarer = parse_seat(seat, "declarer")
    tricks = get("tricks")
    if tricks is None:
        raise ScoringError(
            "tricks", gettext_noop("required: the tricks the declarer's side won in play, 0 to 13")
        )
    if tricks.__class__ is not int or not 0 <= tricks <= 13:  # else whole_number's checks and message
        tricks = whole_number(tricks, "tricks", 0, 13)
    return declarer, tricks


def _unused(obj: Mapping[str, Any], keys: tuple[str, ...], why: str, **params: object) -> None:
    """Refuse the first of ``keys`` given: a field the request's code does not use (``why`` says so)."""
    for key in keys:
        if obj.get(key) is not None:
            raise ScoringError(key, why, **params)


def _deal(obj: Mapping[str, Any]) -> Deal | None:
    """The optional deal, in PBN (or already read, a ``Deal``: a caller scoring many results of one board
    reads its deal once)."""
    value = obj.get("deal")
    if value is None or isinstance(value, Deal):
        return value
    return Deal.parse_pbn(_text(value, "deal", '"N:AKQJ.T98.765.432 ..."'))


def _contract_request(obj: Mapping[str, Any], contract_keys: bool) -> DealRequest:
    """A contract bridge request (law 77): contract ("4SX" or "PASS"), declarer, tricks, and vulnerability
    ("None", "NS", "EW", "All") or the board number (the standard 16-board cycle).  ``contract_keys``:
    every key of ``obj`` is one of contract bridge's (``parse_request`` has looked)."""
    get = obj.get
    if not contract_keys:
        _unused(
            obj,
            ("tricks_ns", "honours", "revokes", "penalties", "one_spade_limit"),
            gettext_noop(
                "is not used in contract bridge, which takes contract, declarer, tricks, vulnerability, board"
            ),
        )
    text = get("contract")
    if text is None:
        raise ScoringError("contract", gettext_noop("required: a contract such as 4SX or 3NT, or PASS"))
    if text.__class__ is not str:
        text = _text(text, "contract", "4SX or PASS")
    contract = parse_contract_or_pass(text, ScoringCode.CONTRACT)
    declarer, tricks = _played(obj, contract, ("declarer", "tricks"))
    vulnerability = get("vulnerability")
    if vulnerability is not None:
        vulnerability = parse_vulnerability(vulnerability)
    board = get("board")
    if board is not None:
        board = parse_board(board)
    elif vulnerability is None:
        raise ScoringError(
            "vulnerability", gettext_noop("required: None, NS, EW or All, or give the board number")
        )
    deal = _deal(obj) if get("deal") is not None else None
    # every field checked: law 77 scores it as score_deal would (the vulnerability given, else the board's)
    given = vulnerability if vulnerability is not None else vulnerability_for_board(board)  # type: ignore[arg-type]
    if contract is None:
        score = score_contract(None, None, None, given)  # passed out: 0
    else:
        score = played_score(contract, declarer, tricks, given)  # type: ignore[arg-type]
    return DealRequest(
        ScoringCode.CONTRACT,
        contract,
        declarer,
        tricks,
        None,
        None,
        deal,
        None,
        (),
        False,
        vulnerability,
        board,
        score,
    )


def _whist_request(obj: Mapping[str, Any]) -> DealRequest:
    """A whist request: tricks_ns, and optionally the deal and the revokes by side."""
    get = obj.get
    _unused(
        obj,
        ("contract", "declarer", "tricks", "honours", "penalties", "one_spade_limit"),
        gettext_noop("is not used in whist, which scores one point a trick from tricks_ns"),
    )
    if get("tricks_ns") is None:
        raise ScoringError(
            "tricks_ns", gettext_noop("required for whist: the tricks North-South won in play, 0 to 13")
        )
    tricks_ns = whole_number(obj["tricks_ns"], "tricks_ns", 0, 13)
    deal = _deal(obj)
    whist_revokes = _whist_revokes(obj["revokes"]) if get("revokes") is not None else None
    score = score_deal(code=ScoringCode.WHIST, tricks_ns=tricks_ns, deal=deal, revokes=whist_revokes)
    return DealRequest(ScoringCode.WHIST, tricks_ns=tricks_ns, deal=deal, revokes=whist_revokes, result=score)
