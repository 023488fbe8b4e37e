"""Transposition keys (`keys.py`): positions with equal keys have the same future."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from runtime.engine import State, new_game
from runtime.engine.cards import CARD_MASK, FACE_DOWN, RANK, SUIT
from runtime.solver import Verdict, solve
from runtime.solver.keys import key_function
from runtime.solver.model import model_for
from tests.solver.positions import brute_force, small_position


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


def _tableau_rotated(state: State) -> State:
    tableau = state.layout.tableau
    piles = list(state.piles)
    contents = [piles[t] for t in tableau]
    for t, pile in zip(tableau, contents[1:] + contents[:1], strict=True):
        piles[t] = pile
    rotated = state.clone()
    rotated.piles = tuple(piles)
    return rotated


@pytest.mark.parametrize("game", ["agnes", "easthaven"])
def test_a_tableau_the_stock_deals_onto_is_sorted_once_the_stock_is_out(game: str) -> None:
    # Where the stock deals onto the tableau, the next deal tells its piles apart; once the
    # stock is out, nothing does: a rotated tableau has the same key and, by brute force, the
    # same verdict. With a card back in the stock the key keeps the order.
    decided = won = 0
    for seed in range(40):
        state = small_position(game, seed, 8)
        stock = state.layout.stock
        assert not state.piles[stock]
        key = key_function(model_for(state.rules, state.base))
        rotated = _tableau_rotated(state)
        assert key(rotated.piles, 0) == key(state.piles, 0)
        verdict = brute_force(state, 30_000)
        if verdict is not None:
            assert brute_force(rotated, 30_000) is verdict
            decided += 1
            won += verdict
        piles = [list(p) for p in state.piles]
        source = next(t for t in state.layout.tableau if piles[t])
        piles[stock].append(piles[source].pop() | FACE_DOWN)
        state.piles = tuple(tuple(p) for p in piles)
        rotated = _tableau_rotated(state)
        assert rotated.piles != state.piles
        assert key(rotated.piles, 0) != key(state.piles, 0)
    assert decided >= 30 and 0 < won < decided
