"""The documented deterministic shuffle: same seed, same deck, on every machine.

SplitMix64 (Steele, Lea, Flood 2014) seeded with the deal seed drives a Fisher-Yates shuffle
of the ordered deck (Clubs, Diamonds, Hearts, Spades; Ace to King). Each swap index is
``(next64() * (i + 1)) >> 64`` (Lemire's multiply-shift), which uses only integer arithmetic,
so no float rounding or library version can change a deal.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final

from runtime.engine.cards import DECK_SIZE, Card

_MASK64: Final = (1 << 64) - 1
MAX_SEED: Final = _MASK64


def splitmix64(seed: int) -> Iterator[int]:
    state = seed & _MASK64
    while True:
        state = (state + 0x9E3779B97F4A7C15) & _MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        yield z ^ (z >> 31)


def shuffled_deck(seed: int, cards: Sequence[Card] | None = None) -> list[Card]:
    """The deck for ``seed``; the last element is the top card, dealt first.

    ``cards`` is the ordered deck to shuffle (default: the 52 cards in card order); a game with
    two decks, or with cards taken out before the shuffle, passes its own.
    """
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(f"seed must be between 0 and {MAX_SEED}, got {seed}")
    deck = list(range(DECK_SIZE)) if cards is None else list(cards)
    numbers = splitmix64(seed)
    for i in range(len(deck) - 1, 0, -1):
        j = (next(numbers) * (i + 1)) >> 64
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def redeal_shuffle(seed: int, cards: Sequence[Card]) -> list[Card]:
    """``cards`` shuffled for a redeal that shuffles (Scuffle), by the same Fisher-Yates.

    The seed mixes the deal's seed with the cards gathered, in order (a polynomial hash mod
    2^64), so a redeal depends only on the deal and the position it is made from: undo and
    redo, the solver and a saved game all see the same new stock.
    """
    mixed = seed & _MASK64
    for card in cards:
        mixed = (mixed * 0x100000001B3 + card + 1) & _MASK64
    return shuffled_deck(next(splitmix64(mixed)), cards)
