"""A deal: the four hands of a board, read from and written to PBN ("N:AKQJ.T98.765.432 ...")."""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass
from typing import Final

from scoring.codes import Strain
from scoring.contract import Seat, Side, parse_seat
from scoring.errors import ScoringError, gettext_noop, show_value
from scoring.honours import Honours, interned_honours

SUITS: Final = "SHDC"  # PBN order: spades, hearts, diamonds, clubs
RANKS: Final = "23456789TJQKA"  # bit order within a suit, lowest first
#: The 52 cards as a card is written ("SA", "HT", "C2"): suits in PBN order, ranks highest first.
CARDS: Final = tuple(suit + rank for suit in SUITS for rank in reversed(RANKS))
_SEATS: Final = (Seat.N, Seat.E, Seat.S, Seat.W)
_FULL: Final = (1 << 52) - 1
_SUIT_OF_STRAIN: Final = {Strain.S: 0, Strain.RS: 0, Strain.H: 1, Strain.D: 2, Strain.C: 3}


def _bit(suit: int, rank: int) -> int:
    return 1 << (suit * 13 + rank)


_SUIT_BITS: Final = (1 << 13) - 1
#: A suit's 13 bits (the two lowest) -> its ranks highest first ("AKT2"): every pattern written once, so that
#: writing a hand is four look-ups.
SUIT_TEXT: Final = tuple(
    "".join(RANKS[rank] for rank in range(12, -1, -1) if bits >> rank & 1) for bits in range(1 << 13)
)
#: The other way: a suit's ranks as PBN writes them (highest first, ten as T) -> its 13 bits. Any other
#: spelling (lower case, "10", another order, a rank twice) is read rank by rank, and checked.
SUIT_BITS: Final = {text: bits for bits, text in enumerate(SUIT_TEXT)}

# Law 5: "The Ace, King, Queen, Knave, and Ten of the trump suit are the honors; when 'No Trump' is
# declared, the Aces are the honors."
_HONOUR_MASKS: Final[dict[Strain, int]] = {
    strain: sum(_bit(suit, rank) for rank in range(8, 13)) for strain, suit in _SUIT_OF_STRAIN.items()
}
_HONOUR_MASKS[Strain.NT] = sum(_bit(suit, 12) for suit in range(4))


@dataclass(frozen=True, slots=True)
class Hand:
    """Thirteen cards, as a 52-bit set (bit ``suit * 13 + rank``, suits S H D C, ranks 2..A)."""

    mask: int

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __contains__(self, card: object) -> bool:
        """``"SA" in hand``: a card is its suit letter then its rank (T for ten)."""
        if not isinstance(card, str) or len(card) != 2:
            return False
        suit, rank = SUITS.find(card[0].upper()), RANKS.find(card[1].upper())
        return suit >= 0 and rank >= 0 and bool(self.mask & _bit(suit, rank))

    def suit(self, suit: str) -> str:
        """The ranks held in one suit ("S", "H", "D" or "C"), highest first: "AKT2"."""
        return SUIT_TEXT[self.mask >> (SUITS.index(suit.upper()) * 13) & _SUIT_BITS]

    def cards(self) -> tuple[str, ...]:
        """Every card, as "SA", "HT", ..., suits in PBN order and ranks highest first."""
        return tuple(s + r for s in SUITS for r in self.suit(s))

    def to_pbn(self) -> str:
        mask = self.mask
        return ".".join(SUIT_TEXT[mask >> shift & _SUIT_BITS] for shift in (0, 13, 26, 39))

    def __str__(self) -> str:
        return self.to_pbn()


@dataclass(frozen=True, slots=True)
class Deal:
    """Four hands of 13 distinct cards, North, East, South, West; 52 cards in all."""

    hands: tuple[Hand, Hand, Hand, Hand]

    def __post_init__(self) -> None:
        if not isinstance(self.hands, tuple) or len(self.hands) != 4:
            raise ScoringError("deal", gettext_noop("must hold four hands"))
        seen = 0
        for seat, hand in zip(_SEATS, self.hands, strict=True):
            if not isinstance(hand, Hand) or not 0 <= hand.mask <= _FULL:
                raise ScoringError(
                    "deal", gettext_noop("hand %(seat)s is not a hand of cards"), seat=seat.value
                )
            if len(hand) != 13:
                raise ScoringError(
                    "deal",
                    gettext_noop("hand %(seat)s has %(count)s cards; each hand must have 13"),
                    seat=seat.value,
                    count=len(hand),
                )
            twice = seen & hand.mask
            if twice:
                card = _card_name(twice)
                raise ScoringError(
                    "deal",
                    gettext_noop("card %(card)s appears twice (again in %(seat)s's hand)"),
                    card=card,
                    seat=seat.value,
                )
            seen |= hand.mask

    def hand(self, seat: Seat) -> Hand:
        return self.hands[_SEATS.index(seat)]

    def holder(self, card: str) -> Seat:
        """The seat holding ``card`` ("SA", "HT", ...)."""
        for seat, hand in zip(_SEATS, self.hands, strict=True):
            if card in hand:
                return seat
        raise ScoringError(
            "card",
            gettext_noop("must be a suit letter (S, H, D, C) and a rank (AKQJT98765432), got %(card)r"),
            card=card,
        )

    def to_pbn(self) -> str:
        """Canonical PBN, starting with North: "N:AKQJ.T98.765.432 ..." (ten as T, void as nothing)."""
        return "N:" + " ".join(hand.to_pbn() for hand in self.hands)

    def __str__(self) -> str:
        return self.to_pbn()

    def rotated(self, quarters: int = 1) -> Deal:
        """The same cards after turning the table clockwise: North's hand goes to East, and so on."""
        q = quarters % 4
        h = self.hands
        return Deal((h[(0 - q) % 4], h[(1 - q) % 4], h[(2 - q) % 4], h[(3 - q) % 4]))

    def honours(self, strain: Strain) -> Honours | None:
        """The honours of ``strain`` as credited to their holders (laws 5, 6); None when nobody scores.

        The side holding three or more of the five trump honours (or of the four aces at no trump) is
        credited with them; at no trump two aces each way score nothing.
        """
        mask = _HONOUR_MASKS[strain]
        north, east, south, west = self.hands
        n, e, s, w = north.mask & mask, east.mask & mask, south.mask & mask, west.mask & mask
        ns = (n | s).bit_count()
        ew = (e | w).bit_count()
        if ns >= 3:
            return interned_honours(Side.NS, ns, max(n.bit_count(), s.bit_count()))
        if ew >= 3:
            return interned_honours(Side.EW, ew, max(e.bit_count(), w.bit_count()))
        return None

    @classmethod
    def parse_pbn(cls, text: str) -> Deal:
        """Read a PBN deal: the first hand's seat, a colon, then four hands clockwise from it.

        Each hand is its spades, hearts, diamonds and clubs separated by dots, ranks AKQJT98765432
        (upper or lower case; "10" is accepted for the ten). Every hand must hold 13 cards, 52 distinct.
        """
        if not isinstance(text, str):
            raise ScoringError(
                "deal",
                gettext_noop('must be PBN text such as "N:AKQJ.T98.765.432 ...", got %(got)s'),
                got=show_value(text),
            )
        head, colon, rest = text.strip().partition(":")
        if not colon:
            raise ScoringError(
                "deal", gettext_noop('must start with the first hand\'s seat and a colon, such as "N:"')
            )
        try:
            first = parse_seat(head, "deal")
        except ScoringError:
            raise ScoringError(
                "deal",
                gettext_noop("the seat before the colon must be N, E, S or W, got %(got)s"),
                got=show_value(head),
            ) from None
        parts = rest.split()
        if len(parts) != 4:
            raise ScoringError(
                "deal",
                gettext_noop("must list 4 hands separated by spaces, found %(count)s"),
                count=len(parts),
            )
        start = _SEATS.index(first)
        masks = [0, 0, 0, 0]
        for offset, part in enumerate(parts):
            seat = _SEATS[(start + offset) % 4]
            masks[(start + offset) % 4] = _parse_hand(part, seat)
        return cls((Hand(masks[0]), Hand(masks[1]), Hand(masks[2]), Hand(masks[3])))

    @classmethod
    def random(cls, rng: random.Random | None = None) -> Deal:
        """A shuffled deal; by default shuffled by ``secrets.SystemRandom`` (the OS's secure source)."""
        generator = rng if rng is not None else secrets.SystemRandom()
        cards = list(range(52))
        generator.shuffle(cards)
        masks = [0, 0, 0, 0]
        for position, card in enumerate(cards):
            masks[position % 4] |= 1 << card  # dealt one at a time, in rotation
        return cls((Hand(masks[0]), Hand(masks[1]), Hand(masks[2]), Hand(masks[3])))


def _parse_hand(text: str, seat: Seat) -> int:
    suits = text.split(".")
    if len(suits) != 4:
        raise ScoringError(
            "deal",
            gettext_noop(
                "%(seat)s's hand %(text)s must have 4 suits (spades.hearts.diamonds.clubs), found %(count)s"
            ),
            seat=seat.value,
            text=show_value(text),
            count=len(suits),
        )
    mask = 0
    for suit_index, ranks in enumerate(suits):
        bits = SUIT_BITS.get(ranks)
        if bits is not None:  # written as PBN writes it: no rank twice
            mask |= bits << (suit_index * 13)
            continue
        ranks = ranks.upper().replace("10", "T")
        for rank_char in ranks:
            rank = RANKS.find(rank_char)
            if rank < 0:
                raise ScoringError(
                    "deal",
                    gettext_noop("%(seat)s's hand %(text)s: %(rank_char)s is not a rank (AKQJT98765432)"),
                    seat=seat.value,
                    text=show_value(text),
                    rank_char=show_value(rank_char),
                )
            bit = _bit(suit_index, rank)
            if mask & bit:
                raise ScoringError(
                    "deal",
                    gettext_noop("card %(suit_index)s%(rank_char)s appears twice in %(seat)s's hand"),
                    suit_index=SUITS[suit_index],
                    rank_char=rank_char,
                    seat=seat.value,
                )
            mask |= bit
    count = mask.bit_count()
    if count != 13:
        raise ScoringError(
            "deal",
            gettext_noop("%(seat)s's hand %(text)s has %(count)s cards; each hand must have 13"),
            seat=seat.value,
            text=show_value(text),
            count=count,
        )
    return mask


def _card_name(mask: int) -> str:
    index = (mask & -mask).bit_length() - 1
    return SUITS[index // 13] + RANKS[index % 13]
