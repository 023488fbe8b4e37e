"""Where every foundation move is safe, the free-cell search skips looking for foundation
moves at the positions it expands; test mode checks that none was there to find."""

from __future__ import annotations

import pytest

from runtime.engine import new_game
from runtime.solver.cells import CellsSearch
from runtime.solver.model import model_for


@pytest.mark.parametrize("game", ["seahaven", "eight_off", "bakers_game"])
def test_building_in_suit_leaves_no_foundation_card_on_top(game: str) -> None:
    state = new_game(game, None, 0)
    search = CellsSearch(model_for(state.rules, state.base))
    assert search.all_safe
    search.verify_estimates = True
    for seed in range(3):
        state = new_game(game, None, seed)
        search.best_first(state.piles, 1500, None, set(), False)


def test_the_check_fails_where_foundation_moves_wait() -> None:
    # FreeCell's foundation moves wait for lower cards of the other colour: an expanded
    # position can have a next foundation card on top, which the check must notice.
    state = new_game("freecell", None, 0)
    search = CellsSearch(model_for(state.rules, state.base))
    assert not search.all_safe
    search.all_safe = True
    search.verify_estimates = True
    with pytest.raises(AssertionError, match="next foundation card on top"):
        search.best_first(state.piles, 1500, None, set(), False)
