"""Sleep sets (Godefroid's partial-order reduction) for the depth-first search.

Two steps from a position commute when each touches piles the other does not: either
order reaches the same position. Once a search has tried step A from a position P, a later
sibling B that commutes with A need not try A again below P·B: P·B·A is P·A·B, reached
under A. So A "sleeps" below B, and stays asleep down the line while each step commutes
with it. Sleep sets skip only steps, never positions: with the transposition table every
position reachable from the root is still visited (Godefroid, "Partial-Order Methods for
the Verification of Concurrent Systems", 1996, ch. 5), so an exhausted search still proves
a deal lost. What they save is the children that lead to a position seen before (nine in
ten in Lady Jane's searches, session 29). A step to a position still on the search's path
never goes to sleep: nothing below that position is searched yet, and sleeping on it put
off the children it stood for until the search came back up (Jumbo seed 3 lost its early
win so); with that, it nearly always expands the plain search's positions in order.

A step is a move together with the safe moves and twin-class run moves played after it;
what it touches is every pile whose cards differ after it (`touched`). All foundations
count as one pile, since whether a card may go home safely reads them all. Steps that
read more than the piles they touch never commute with anything: a step that changes the
redeals left (a redeal; in some games the stock's lock), a deal where the rules make its
legality read other piles (`deals_read_more`), and, where they make a move's legality
depend on which piles are empty (`spaces_are_read`), a step that empties or fills one.
"""

from __future__ import annotations

from typing import Final

from runtime.engine.rules import GroupLimit, Rules
from runtime.solver.keys import Piles

# A step that commutes with nothing: every bit set.
EVERYTHING: Final = -1


def spaces_are_read(rules: Rules) -> bool:
    """Whether some move's legality depends on which piles are empty, beyond the piles the
    move itself touches: groups limited by spaces and free reserves, piles that play only
    once others are empty, a base that must be chosen first, and stocks whose deals wait
    for spaces or lock on them."""
    return bool(
        rules.group_limit is not GroupLimit.NONE
        or any(rules.covered_by)
        or any(rules.reserve_covered_by)
        or rules.base_chosen
        or rules.base_first
        or rules.stock_needs_full_tableau
        or rules.stock_fill_spaces_first
        or rules.stock_locks_on_space
        or rules.stock_fills_after_base
        or rules.tableau_waste_fills_last
        or rules.tableau_holes
    )


def deals_read_more(rules: Rules) -> bool:
    """Whether a deal's legality reads piles the deal does not touch: no deal while a card
    could go onto the waste, or fill a space, or while the stock is locked on one."""
    return bool(
        rules.waste_build_first or rules.stock_fill_spaces_first or rules.stock_locks_on_space
    )


def touched(before: Piles, after: Piles, f0: int, f1: int, spaces_read: bool) -> int:
    """A bit per pile whose cards differ from ``before`` to ``after`` (bit 0 for all the
    foundations, from ``f0`` up to ``f1``); `EVERYTHING` where ``spaces_read`` and a pile
    was emptied or filled."""
    mask = 0
    for i in range(len(after)):
        old = before[i]
        new = after[i]
        if old is new or old == new:
            continue
        if spaces_read and (not old) != (not new):
            return EVERYTHING
        mask |= 1 if f0 <= i < f1 else 1 << (i + 1)
    return mask
