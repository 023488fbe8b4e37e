"""Cards as small ints, with lookup tables built once at import.

A card is ``suit * 13 + rank - 1`` (0..51). A face-down card on a pile is stored with the
``FACE_DOWN`` bit set, so a pile is a plain tuple of ints and a state stays hashable.

A game with two decks (Spider, Gypsy) uses the same values: its deck is a multiset in which
each value appears twice (or, in Spider's one-suit deck, the Spades values eight times).
Equal cards are interchangeable, so the encoding, the lookup tables and every single-deck
game stay exactly as they were; `deck_cards` lists a game's deck.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final

Card = int

FACE_DOWN: Final = 64
CARD_MASK: Final = 63
DECK_SIZE: Final = 52


class Suit(IntEnum):
    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3


class Colour(IntEnum):
    BLACK = 0
    RED = 1


RANK_NAMES: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUIT_LETTERS: Final = "CDHS"

# Indexed by card value, including face-down values, so hot loops never mask.
RANK: Final[tuple[int, ...]] = tuple((c & CARD_MASK) % 13 + 1 for c in range(128))
SUIT: Final[tuple[int, ...]] = tuple((c & CARD_MASK) // 13 % 4 for c in range(128))
COLOUR: Final[tuple[int, ...]] = tuple(
    int(Colour.RED) if SUIT[c] in (Suit.DIAMONDS, Suit.HEARTS) else int(Colour.BLACK)
    for c in range(128)
)


def deck_cards(decks: int = 1, suits: tuple[int, ...] = (0, 1, 2, 3)) -> list[Card]:
    """The ordered deck before the shuffle: Clubs, Diamonds, Hearts, Spades, Ace to King, once
    per deck; with fewer suits, each listed suit repeats so the deck keeps 52 * decks cards."""
    copies = decks * 4 // len(suits)
    return [suit * 13 + rank for _ in range(copies) for suit in suits for rank in range(13)]


def make_card(rank: int, suit: int) -> Card:
    return suit * 13 + rank - 1


def is_face_down(card: Card) -> bool:
    return card >= FACE_DOWN


def card_text(card: Card) -> str:
    """``"AS"``, ``"10H"``, ``"QD"``: the notation used by deal JSON and move logs."""
    card &= CARD_MASK
    return RANK_NAMES[card % 13] + SUIT_LETTERS[card // 13]


_TEXT_TO_CARD: Final = {card_text(c): c for c in range(DECK_SIZE)}


def parse_card(text: str) -> Card:
    try:
        return _TEXT_TO_CARD[text.strip().upper()]
    except KeyError:
        raise ValueError(f"not a card: {text!r} (expected e.g. 'AS', '10H', 'QD')") from None


def rank_above(rank: int) -> int:
    """The next rank up, King wrapping to Ace."""
    return rank % 13 + 1


def rank_below(rank: int) -> int:
    """The next rank down, Ace wrapping to King."""
    return (rank - 2) % 13 + 1
