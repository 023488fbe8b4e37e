"""`Scoring.SEQUENCES`: a running score for building runs (Odessa).

At the deal every face-up run of two or more cards, each one below the card under it in the
`score_pair` relation, scores a point per card. After that, a move onto a tableau card scores
a point per card of the run it completes (the run through the card it lands on), and a move
onto a foundation a point per card moved. The score is worked out from the undo history (the
piles before each move), so undo and redo need no bookkeeping.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from runtime.engine.cards import CARD_MASK, FACE_DOWN
from runtime.engine.layout import Layout
from runtime.engine.moves import Move, MoveKind
from runtime.engine.rules import Builds, Rules

Piles = tuple[tuple[int, ...], ...]


def sequence_score(
    rules: Rules, layout: Layout, deal: Piles, moves: Sequence[tuple[Move, Piles]]
) -> int:
    """The score of a game that started from `deal` and made `moves`: each move with the piles
    it led to."""
    pair = rules.score_pair
    if pair is None:
        return 0
    score = sum(_deal_points(deal[t], pair) for t in layout.tableau)
    before = deal
    foundations = set(layout.foundations)
    tableau = set(layout.tableau)
    for move, after in moves:
        if move[0] is MoveKind.TRANSFER:
            _, _src, dst, n = move
            if dst in foundations:
                score += n
            elif dst in tableau and before[dst]:
                score += run_through(after[dst], len(before[dst]) - 1, pair)
        before = after
    return score


def _deal_points(pile: tuple[int, ...], pair: Builds) -> int:
    """A point per card of each face-up run of two or more."""
    points = run = 0
    for lower, upper in itertools.pairwise(pile):
        if lower < FACE_DOWN and upper < FACE_DOWN and pair(lower, upper, 1):
            run = run + 1 if run else 2
        else:
            points += run
            run = 0
    return points + run


def run_through(pile: tuple[int, ...], at: int, pair: Builds, hidden: bool = False) -> int:
    """The length of the face-up run holding the cards at `at` and `at + 1`; with `hidden`,
    face-down cards count too (Aisleriot's code, for `helpdeck diff`)."""

    def linked(i: int) -> bool:
        lower, upper = pile[i], pile[i + 1]
        if hidden:
            return pair(lower & CARD_MASK, upper & CARD_MASK, 1)
        return lower < FACE_DOWN and upper < FACE_DOWN and pair(lower, upper, 1)

    if at + 1 >= len(pile) or not linked(at):
        return 0
    first, last = at, at + 1
    while first > 0 and linked(first - 1):
        first -= 1
    while last + 1 < len(pile) and linked(last):
        last += 1
    return last - first + 1
