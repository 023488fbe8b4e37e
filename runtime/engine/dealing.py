"""Turning a shuffled deck into the opening piles.

Cards come off the top of the shuffled deck in this order: the tableau row by row (row 1 on
every pile, then row 2 on every pile that takes two cards, ...), then each reserve pile, then
the foundation base card if the game has one; the rest form the stock, face down.
"""

from __future__ import annotations

from runtime.engine.cards import FACE_DOWN, RANK
from runtime.engine.layout import Layout
from runtime.engine.rules import Rules
from runtime.engine.shuffle import shuffled_deck


def deal_piles(rules: Rules, layout: Layout, seed: int) -> tuple[tuple[tuple[int, ...], ...], int]:
    """The opening piles for ``seed`` and the foundation base rank (1 unless dealt)."""
    deck = shuffled_deck(seed)
    piles: list[list[int]] = [[] for _ in layout.kinds]
    heights = [down + up for down, up in rules.tableau_deal]
    for row in range(max(heights, default=0)):
        for pile, (down, _up) in zip(layout.tableau, rules.tableau_deal, strict=True):
            if row < heights[pile - layout.tableau[0]]:
                card = deck.pop()
                piles[pile].append(card | FACE_DOWN if row < down else card)
    for pile, count in zip(layout.reserves, rules.reserve_deal, strict=True):
        piles[pile].extend(deck.pop() for _ in range(count))
    base = 1
    if rules.base_from_deal:
        card = deck.pop()
        piles[layout.foundations[0]].append(card)
        base = RANK[card]
    piles[layout.stock] = [card | FACE_DOWN for card in deck]
    return tuple(tuple(pile) for pile in piles), base
