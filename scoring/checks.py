"""Unlikely results, caught at entry and never refused (docs/laws.md, "Unlikely results").

Pure (no Django). Each check looks at one entered result of a played contract and returns an :class:`Oddity`
(a code and a plain sentence naming what looks odd) or None; :func:`unlikely` runs them all. A result is
only ever *questioned*: the table is asked "Is this right?" and may save it as typed (law 79A: the score is
the one agreed at the table; law 81C6: the director corrects errors of scoring afterwards).

Readings (the scorers' and Bridgemate's practice; docs/laws.md):

* double dummy: the tricks differ from the double-dummy table's for that declarer and strain by
  :data:`DD_MARGIN` (3) or more; 2 does not fire.
* far from the others: at least one other table played the same contract (level and strain; doubling is
  ignored) by the same side, and the result is :data:`FAR_MARGIN` (2) or more tricks from every one of theirs.
* other side: at least one other table played the same contract (level and strain), and every one of them
  by the other side from this declarer.
* sign: only where a score is typed as well as the tricks: its sign (N-S's view) is not that of law 77's
  score for the contract, declarer and tricks typed.
* lead (the director's grid only): the opening lead entered is not in the leader's hand (law 41A), the
  hands being known; a table link checks it only once the board is released (docs/laws.md), so a lead
  typed wrong before then is flagged here.

Checks that read other tables' results have a second, player-safe sentence (``table_text``) that names
nothing of them (no peeking: the players learn nothing of another table's result from the prompt).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from scoring.contract import Contract, Seat, Side
from scoring.deal import Hand
from scoring.errors import ScoringError, gettext_noop, ngettext, render, say
from scoring.law77 import Vulnerability, played_score
from scoring.leads import check_lead

DD_MARGIN: Final = 3  # tricks from double dummy that are questioned
FAR_MARGIN: Final = 2  # tricks from every other table's result in the same contract and side
# What the players are told of a check that reads other tables' results: nothing of those results.
UNUSUAL: Final = gettext_noop("This result is unusual on this board; please check it.")


@dataclass(frozen=True, slots=True)
class Played:
    """One table's result of a played contract: the contract, its declarer and the declarer's side's tricks."""

    contract: Contract
    declarer: Seat
    tricks: int

    @property
    def side(self) -> Side:
        return self.declarer.side

    def __str__(self) -> str:
        return f"{self.contract} by {self.declarer.value} made {self.tricks}"

    def values(self) -> dict[str, object]:
        """What a sentence about this result names: its contract, declarer and tricks, as ``str`` shows them."""
        return {"contract": str(self.contract), "declarer": self.declarer.value, "tricks": self.tricks}


@dataclass(frozen=True, slots=True)
class Oddity:
    """What looks odd: ``code`` (``double_dummy``, ``far``, ``other_side``, ``sign``), ``text`` with the
    detail (the director's), ``table_text`` what the table is told (the same unless it reads other tables)."""

    code: str
    text: str
    table_text: str


#: What a table is told of a result far from double dummy's (the figure is the director's).
DD_TABLE_TEXT = gettext_noop("The tricks are far from what these cards make double dummy; please check.")


def _same_contract(a: Contract, b: Contract) -> bool:
    return a.level == b.level and a.strain is b.strain


def double_dummy_check(result: Played, dd_tricks: int | None) -> Oddity | None:
    """The tricks differ from double dummy's for this declarer and strain by three or more. ``dd_tricks``
    None: no analysis (no hands), nothing to check."""
    if dd_tricks is None or abs(result.tricks - dd_tricks) < DD_MARGIN:
        return None
    text = ngettext(
        "%(contract)s by %(declarer)s made %(tricks)s: double-dummy says %(dd)s trick.",
        "%(contract)s by %(declarer)s made %(tricks)s: double-dummy says %(dd)s tricks.",
        dd_tricks,
    ) % {**result.values(), "dd": dd_tricks}
    # The table is not shown the double-dummy table before the board is released (no peeking): its words
    # name no figure of it.
    return Oddity("double_dummy", text, say(DD_TABLE_TEXT))


def far_check(result: Played, others: Sequence[Played]) -> Oddity | None:
    """Other tables played the same contract by the same side, and the tricks are two or more from every
    one of theirs."""
    same = [o.tricks for o in others if _same_contract(o.contract, result.contract) and o.side is result.side]
    if not same or any(abs(result.tricks - t) < FAR_MARGIN for t in same):
        return None
    low, high = min(same), max(same)
    count = len(same)
    if low == high:
        template = ngettext(
            "%(contract)s by %(declarer)s made %(tricks)s: %(count)s other table in %(played)s by %(side)s "
            "made %(low)s.",
            "%(contract)s by %(declarer)s made %(tricks)s: %(count)s other tables in %(played)s by %(side)s "
            "made %(low)s.",
            count,
        )
    else:
        template = ngettext(
            "%(contract)s by %(declarer)s made %(tricks)s: %(count)s other table in %(played)s by %(side)s "
            "made %(low)s to %(high)s.",
            "%(contract)s by %(declarer)s made %(tricks)s: %(count)s other tables in %(played)s by %(side)s "
            "made %(low)s to %(high)s.",
            count,
        )
    text = template % {
        **result.values(),
        "count": count,
        "played": f"{result.contract.level}{result.contract.strain.value}",
        "side": result.side.value,
        "low": low,
        "high": high,
    }
    return Oddity("far", text, say(UNUSUAL))


def other_side_check(result: Played, others: Sequence[Played]) -> Oddity | None:
    """Other tables played the same contract, every one by the other side."""
    same = [o for o in others if _same_contract(o.contract, result.contract)]
    if not same or any(o.side is result.side for o in same):
        return None
    count = len(same)
    text = ngettext(
        "%(contract)s by %(declarer)s made %(tricks)s: the %(count)s other table in %(played)s had %(side)s "
        "declare.",
        "%(contract)s by %(declarer)s made %(tricks)s: all %(count)s other tables in %(played)s had %(side)s "
        "declare.",
        count,
    ) % {
        **result.values(),
        "count": count,
        "played": f"{result.contract.level}{result.contract.strain.value}",
        "side": result.side.other.value,
    }
    return Oddity("other_side", text, say(UNUSUAL))


def sign_check(result: Played, score_ns: int | None, vulnerability: Vulnerability) -> Oddity | None:
    """A score typed (N-S's view) whose sign is not law 77's for the contract, declarer and tricks typed.
    ``score_ns`` None: no score was typed, nothing to check."""
    if score_ns is None:
        return None
    net = played_score(result.contract, result.declarer, result.tricks, vulnerability).net_ns
    if (score_ns > 0) == (net > 0) and (score_ns < 0) == (net < 0):
        return None
    text = render(
        gettext_noop(
            "%(contract)s by %(declarer)s made %(tricks)s: the score typed, %(typed)s to N-S, should be "
            "%(net)s (law 77)."
        ),
        {**result.values(), "typed": f"{score_ns:+d}", "net": f"{net:+d}"},
    )
    return Oddity("sign", text, text)


def lead_check(result: Played, lead: str, hands: Sequence[Hand | None]) -> Oddity | None:
    """The opening lead ``lead`` (one of the 52 cards; "" when none was entered) against the ``hands`` known
    (North, East, South, West; None for one not known): an oddity when the leader does not hold it."""
    if not lead:
        return None
    try:
        check_lead(lead, declarer=result.declarer, hands=hands)
    except ScoringError as exc:
        text = render(
            gettext_noop("%(contract)s by %(declarer)s made %(tricks)s, lead %(lead)s: %(problem)s."),
            {**result.values(), "lead": lead, "problem": exc.message},
        )
        return Oddity("lead", text, text)
    return None


def unlikely(
    result: Played,
    *,
    others: Sequence[Played] = (),
    dd_tricks: int | None = None,
    score_ns: int | None = None,
    vulnerability: Vulnerability = Vulnerability.NONE,
) -> list[Oddity]:
    """Every check's oddity for ``result`` (none: nothing looks odd). ``others``: the board's other tables'
    played contracts (passed-out and adjusted ones left out); ``dd_tricks``: double dummy's tricks for this
    declarer and strain; ``score_ns``: a score typed with the tricks, N-S's view."""
    found = (
        double_dummy_check(result, dd_tricks),
        far_check(result, others),
        other_side_check(result, others),
        sign_check(result, score_ns, vulnerability),
    )
    return [o for o in found if o is not None]
