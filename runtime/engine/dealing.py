"""Turning a shuffled deck into the opening piles.

The deck is `Rules.decks` copies of the cards (of `Rules.suits`); with `aces_on_foundations`
the Aces are taken out before the shuffle and put one on each foundation, in card order. Cards
then come off the top of the shuffled deck in this order: the tableau row by row (row 1 on
every pile, then row 2 on every pile that takes two cards, ...), then each reserve pile, then
the foundation base card if the game has one; the rest form the stock, face down.

A tableau card is face down when its row is below the pile's face-up cards, or, with
`tableau_face_rows`, when its row says so. With `kings_to_bottom` a King dealt onto another
card goes to the bottom of its pile. A reserve's bottom `reserve_face_down` cards are face down.
"""

from __future__ import annotations

from runtime.engine.cards import FACE_DOWN, RANK, deck_cards
from runtime.engine.layout import Layout
from runtime.engine.rules import Rules, StockEnd, StockTarget
from runtime.engine.shuffle import shuffled_deck


def deal_piles(rules: Rules, layout: Layout, seed: int) -> tuple[tuple[tuple[int, ...], ...], int]:
    """The opening piles for ``seed`` and the foundation base rank (1 unless dealt or chosen)."""
    piles: list[list[int]] = [[] for _ in layout.kinds]
    if rules.decks == 1 and not rules.aces_on_foundations and len(rules.suits) == 4:
        deck = shuffled_deck(seed)  # the documented 52-card shuffle
    else:
        cards = deck_cards(rules.decks, rules.suits)
        if rules.aces_on_foundations:
            start = rules.starting_rank
            aces = [c for c in cards if RANK[c] == start]
            for foundation, ace in zip(layout.foundations, aces, strict=False):
                piles[foundation].append(ace)
            cards = [c for c in cards if RANK[c] != start]
        deck = shuffled_deck(seed, cards)
    heights = [down + up for down, up in rules.tableau_deal]
    rows = rules.tableau_face_rows
    kings = rules.kings_to_bottom
    for row in range(max(heights, default=0)):
        for pile, (down, _up) in zip(layout.tableau, rules.tableau_deal, strict=True):
            if row < heights[pile - layout.tableau[0]]:
                card = deck.pop()
                hidden = rows[row] if rows else row < down
                if kings and RANK[card] == 13 and piles[pile]:
                    piles[pile].insert(0, card | FACE_DOWN if hidden else card)
                else:
                    piles[pile].append(card | FACE_DOWN if hidden else card)
    downs = rules.reserve_face_down or (0,) * len(rules.reserve_deal)
    for pile, count, down in zip(layout.reserves, rules.reserve_deal, downs, strict=True):
        cards = [deck.pop() for _ in range(count)]
        piles[pile].extend(c | FACE_DOWN if i < down else c for i, c in enumerate(cards))
    base = 0 if rules.base_chosen else 1  # 0: not chosen yet
    if rules.base_from_deal:
        card = deck.pop()
        piles[layout.foundations[0]].append(card)
        base = RANK[card]
    piles[layout.stock] = [card | FACE_DOWN for card in deck]
    return tuple(tuple(pile) for pile in piles), base


def stock_deal_targets(rules: Rules, layout: Layout) -> tuple[int, ...]:
    """The piles a deal from the stock onto the tableau or the reserves puts a card on, in
    order (not used where the stock deals to a waste)."""
    targets = layout.reserves if rules.stock_target is StockTarget.RESERVES else layout.tableau
    return targets[: rules.stock_piles] if rules.stock_piles else targets


def last_deal_splits(rules: Rules, left: int, target_count: int) -> bool:
    """Whether a deal with ``left`` stock cards for ``target_count`` piles is the short last
    deal that puts one card on the waste and leaves the rest face up on the stock instead."""
    return left < target_count and rules.stock_end is StockEnd.SPLIT_WASTE_AND_STOCK
