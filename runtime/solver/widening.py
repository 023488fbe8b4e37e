"""Iterative widening: before the complete depth-first search, searches that try only the
few most preferred moves of each position, one, then two, three and four, each with a
small share of the budget.

A depth-first search commits to its first choices: a winnable deal whose winning line
leaves the preferred path early can sit unknown under millions of nodes spent below one
bad early move. A search that tries only the best k moves of every position reaches the
end of a line quickly and comes back to the root often, so it finds the lines that follow
the move ordering closely (Saratoga: some deals the complete searches leave unknown at
100,000 nodes are won this way within a few thousand; see docs/solver.md).

Sound: a narrowed search plays only legal moves, so a line it wins with is a winning line.
It proves nothing otherwise (it left moves untried), so its "exhausted" is not a loss: the
caller goes on to the complete search, which alone may prove a deal lost, and a narrowed
search neither reads nor records the keys proven dead (its positions are not dead).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

from runtime.solver.keys import Piles
from runtime.solver.results import SolveResult, Verdict

A = TypeVar("A")
Generate = Callable[[Piles, int], list[A]]
# (moves tried per position, share of the whole node and time budget): 40 % in all.
WIDTHS: tuple[tuple[int, float], ...] = ((1, 0.05), (2, 0.10), (3, 0.10), (4, 0.15))


def narrowed(generate: Generate[A], width: int) -> Generate[A]:
    """``generate`` keeping only its ``width`` most preferred moves (generators list moves
    in ascending preference: the search pops the last one first)."""

    def best(piles: Piles, redeals_left: int) -> list[A]:
        return generate(piles, redeals_left)[-width:]

    return best


def widen(
    search: Callable[[Generate[A], int, float | None], SolveResult],
    generate: Generate[A],
    max_nodes: int,
    window: tuple[float, float | None],
    reached: float,
) -> tuple[SolveResult | None, int]:
    """Run ``search(narrowed generator, node budget, deadline)`` at each width in turn,
    from the same start: each width may search until the shares of ``max_nodes`` and of
    the time ``window`` (start, deadline) up to its own are used, after the share
    ``reached`` already used, so what a narrower search left (it runs dry in a few
    hundred nodes at widths 1 and 2) goes to the wider ones. Where less than the widths'
    40 % is left after ``reached``, each share shrinks in proportion: widening never
    runs past the whole budget. The first win (its nodes counting everything spent
    here), or None; and the nodes spent. ``search`` must start from the same position
    each time and must not record dead keys."""
    started, deadline = window
    spent = 0
    pooled = 0.0
    scale = min(1.0, (1.0 - reached) / sum(share for _, share in WIDTHS))
    if scale <= 0:
        return None, 0
    for width, share in WIDTHS:
        share *= scale
        reached += share
        pooled += share
        stop = None if deadline is None else started + (deadline - started) * reached
        budget = max(int(max_nodes * pooled) - spent, 1)
        found = search(narrowed(generate, width), budget, stop)
        spent += found.nodes
        if found.verdict is Verdict.WINNABLE:
            seconds = time.perf_counter() - started
            return SolveResult(found.verdict, found.moves, spent, seconds), spent
    return None, spent
