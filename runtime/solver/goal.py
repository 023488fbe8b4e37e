"""Whether a position is won, as a plain function of its piles: the searches, playouts
and rollouts ask it at every step, where the engine's `State.is_won` would cost a state.

Compiled with the depth-first search by mypyc when built (`native.py`): keep it fully typed.
"""

from __future__ import annotations

from collections.abc import Callable

from runtime.engine.rules import Goal
from runtime.engine.state import State, is_whole_suit
from runtime.solver.model import Model

Piles = tuple[tuple[int, ...], ...]


def won_function(model: Model, state: State) -> Callable[[Piles], bool]:
    """The goal of ``model``'s rules; ``state`` (any position of the game) answers for the
    goals not written out here."""
    goal = model.rules.goal
    deck = model.rules.deck_size
    if goal is Goal.ALL_TO_WASTE:
        waste = model.layout.waste
        return lambda piles: len(piles[waste]) == deck
    if goal is Goal.ALL_TO_FOUNDATIONS:
        foundations = range(model.f0, model.f1)

        def all_home(piles: Piles) -> bool:
            # A plain loop: `sum(map(len, ...))` over a slice is generic, slow, compiled.
            home = 0
            for f in foundations:
                home += len(piles[f])
            return home == deck

        return all_home
    if goal is Goal.SUITS_IN_TABLEAU:
        return suits_won_function(model)
    probe = state.clone()  # other goals: ask the engine

    def won(piles: Piles) -> bool:
        probe.piles = piles
        return probe.is_won()

    return won


def suits_won_function(model: Model) -> Callable[[Piles], bool]:
    """Won where every card lies in a whole suit, King to Ace, on a foundation or alone in a
    tableau pile (`Goal.SUITS_IN_TABLEAU`: Spider, Scorpion), as the engine's test says."""
    deck = model.rules.deck_size
    foundations = range(model.f0, model.f1)
    tableau = range(model.t0, model.t1)

    def suits_placed(piles: Piles) -> bool:
        placed = 0
        for f in foundations:
            placed += len(piles[f])
        for t in tableau:
            size = len(piles[t])
            if size and size != 13:
                return False
            placed += size
        if placed != deck:
            return False
        # Only now the dearer look at the cards (rare: a generator expression will do).
        return all(is_whole_suit(piles[t]) for t in tableau if piles[t])

    return suits_placed
