"""Transposition keys (`keys.py`): positions with equal keys have the same future."""

from __future__ import annotations

import random
from dataclasses import replace

from runtime.engine import State, new_game
from runtime.engine.cards import CARD_MASK, RANK, SUIT
from runtime.solver import Verdict, solve
from runtime.solver.keys import key_function
from runtime.solver.model import model_for
from tests.solver.positions import brute_force


def _late_golf_positions(count: int) -> list[State]:
    """Golf positions 30 moves into a deal, with another card of the waste's top rank lower
    in the waste: on the solver's winning line where it finds one, else played at random."""
    found: list[State] = []
    for seed in range(400):
        state = new_game("golf", None, seed)
        result = solve(state, max_nodes=20_000)
        rng = random.Random(seed)
        for step in range(30):
            moves = state.legal_moves()
            if not moves:
                break
            won = result.verdict is Verdict.WINNABLE and step < len(result.moves)
            state.apply(result.moves[step] if won else rng.choice(moves))
        waste = state.piles[state.layout.waste]
        if waste and any(RANK[c & CARD_MASK] == RANK[waste[-1] & CARD_MASK] for c in waste[:-1]):
            found.append(state)
            if len(found) == count:
                break
    return found


def _top_swapped(state: State, same_rank: bool) -> State:
    """``state`` with the waste's top card swapped for a lower waste card of the same rank
    (or of another rank)."""
    w = state.layout.waste
    waste = list(state.piles[w])
    top_rank = RANK[waste[-1] & CARD_MASK]
    lower = next(
        i for i, c in enumerate(waste[:-1]) if (RANK[c & CARD_MASK] == top_rank) == same_rank
    )
    waste[lower], waste[-1] = waste[-1], waste[lower]
    swapped = state.clone()
    swapped.piles = tuple(tuple(waste) if i == w else p for i, p in enumerate(state.piles))
    return swapped


def test_golf_waste_is_keyed_by_its_top_rank() -> None:
    # Which of two equal ranks tops Golf's waste changes nothing to come: the same key and,
    # by brute force, the same verdict; another rank on top is another key.
    positions = _late_golf_positions(40)
    assert len(positions) == 40
    won = 0
    for state in positions:
        key = key_function(model_for(state.rules, state.base))
        twin = _top_swapped(state, same_rank=True)
        assert key(twin.piles, twin.redeals_left) == key(state.piles, state.redeals_left)
        verdict = brute_force(state, 50_000)
        assert verdict is not None
        assert brute_force(twin, 50_000) is verdict
        won += verdict
        other = _top_swapped(state, same_rank=False)
        assert key(other.piles, other.redeals_left) != key(state.piles, state.redeals_left)
    assert 0 < won < 40


def test_a_waste_built_in_suit_is_keyed_by_its_top_card() -> None:
    # Golf's rules with the waste built in suit: a Seven of another suit on top takes other
    # cards, so the key keeps the card.
    state = _late_golf_positions(1)[0]
    golf = state.rules.waste_builds
    assert golf is not None

    def in_suit(lower: int, upper: int, base: int) -> bool:
        return SUIT[lower] == SUIT[upper] and golf(lower, upper, base)

    state.rules = replace(state.rules, waste_builds=in_suit)
    key = key_function(model_for(state.rules, state.base))
    twin = _top_swapped(state, same_rank=True)
    assert key(twin.piles, twin.redeals_left) != key(state.piles, state.redeals_left)
