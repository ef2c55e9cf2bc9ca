"""Opening leads: a card as typed at the table, read into the way a card is stored ("SA", "HT", "C2"), and
checked against the leader's hand when the board's hands are known.

Law 41A (2017): the defender "on presumed declarer's left makes the opening lead": the opening leader is the
seat after the declarer's, clockwise. A deal passed out has no play, so no lead; neither has a director's
adjusted score. Pure code: no Django.

A card may be typed as its suit letter and its rank (``SQ``), its rank and suit letter (``QS``), in either
case, with the ten as ``T`` or ``10``, and the suit as its symbol (``♠Q``, ``Q♠``, ``♥10``): the suit letters
(S H D C) and the rank letters (A K Q J T) share none, so either order reads one way only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from scoring.contract import Seat
from scoring.deal import CARDS, RANKS, SUITS, Hand
from scoring.errors import ScoringError, gettext_noop, show_value

FIELD: Final = "lead"
SEATS: Final = (Seat.N, Seat.E, Seat.S, Seat.W)
SEAT_NAMES: Final = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}
_SYMBOLS: Final = {"♠": "S", "♤": "S", "♥": "H", "♡": "H", "♦": "D", "♢": "D", "♣": "C", "♧": "C"}
_SYMBOL_OF: Final = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def parse_lead(text: str) -> str:
    """The card ``text`` names, as stored ("HQ", "ST"); a ScoringError naming the field otherwise."""
    typed = "".join(_SYMBOLS.get(c, c) for c in str(text) if not c.isspace() and c not in "-/.")
    upper = typed.upper().replace("10", "T")
    if len(upper) == 2:
        for suit, rank in ((upper[0], upper[1]), (upper[1], upper[0])):
            if suit in SUITS and rank in RANKS:
                return suit + rank
    raise ScoringError(
        FIELD,
        gettext_noop("cannot read %(text)s as a card: give a suit and a rank, such as HQ, SA, D10 or C2"),
        text=show_value(text),
    )


def opening_leader(declarer: Seat) -> Seat:
    """Law 41A: the defender on declarer's left."""
    return declarer.rotated(1)


def check_lead(card: str, *, declarer: Seat | None, hands: Sequence[Hand | None] = ()) -> str:
    """``card`` (already read, one of ``CARDS``) as the opening lead against ``declarer``: refused when
    there is no declarer (a deal passed out) or when the hands known (``hands``: North, East, South, West,
    None for one not known; a ``Deal``'s ``hands``) show the leader does not hold it, naming who does.
    Returns the card."""
    if card not in CARDS:
        raise ScoringError(
            FIELD,
            gettext_noop("cannot read %(text)s as a card: give a suit and a rank, such as HQ, SA, D10 or C2"),
            text=show_value(card),
        )
    if declarer is None:
        raise ScoringError(FIELD, gettext_noop("a deal passed out has no opening lead"))
    leader = opening_leader(declarer)
    holder = next(
        (seat for seat, hand in zip(SEATS, hands, strict=False) if hand is not None and card in hand), None
    )
    leader_hand = hands[SEATS.index(leader)] if len(hands) == len(SEATS) else None
    if holder is None and leader_hand is not None:  # the leader's hand is known and the card not in it
        raise ScoringError(
            FIELD,
            gettext_noop(
                "%(card)s is not in %(leader)s's hand; the opening lead is %(leader)s's "
                "(on declarer %(declarer)s's left, law 41A)"
            ),
            card=card,
            leader=SEAT_NAMES[leader],
            declarer=SEAT_NAMES[declarer],
        )
    if holder is not None and holder is not leader:
        raise ScoringError(
            FIELD,
            gettext_noop(
                "%(card)s is in %(holder)s's hand; the opening lead is %(leader)s's (on "
                "declarer %(declarer)s's left, law 41A)"
            ),
            card=card,
            holder=SEAT_NAMES[holder],
            leader=SEAT_NAMES[leader],
            declarer=SEAT_NAMES[declarer],
        )
    return card


def lead_text(card: str) -> str:
    """A card as a page shows it: the suit's symbol, then the rank, the ten as 10 ("♥Q", "♠10")."""
    return _SYMBOL_OF[card[0]] + ("10" if card[1] == "T" else card[1])


__all__ = ["FIELD", "check_lead", "lead_text", "opening_leader", "parse_lead"]
