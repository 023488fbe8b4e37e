"""The free-cell search hands a lazily built child its parent's per-position data (next
foundation cards per pile, the tableau tops), updated for the move; test mode checks each
against a fresh count, in both phases of `CellsSearch.solve`."""

from __future__ import annotations

import pytest

from runtime.engine import new_game
from runtime.solver.cells import CellsSearch
from runtime.solver.model import model_for


@pytest.mark.parametrize("game", ["seahaven", "freecell", "bakers_dozen", "beleaguered_castle"])
@pytest.mark.parametrize("relevant_only", [True, False])
def test_inherited_data_matches_a_fresh_count(game: str, relevant_only: bool) -> None:
    state = new_game(game, None, 0)
    search = CellsSearch(model_for(state.rules, state.base))
    search.verify_estimates = True
    for seed in range(3):
        state = new_game(game, None, seed)
        found = search.best_first(state.piles, 1500, None, set(), False, relevant_only)
        assert found.nodes > 1


def test_the_check_notices_wrong_tops() -> None:
    state = new_game("seahaven", None, 0)
    search = CellsSearch(model_for(state.rules, state.base))
    search.verify_estimates = True
    fresh = search.tableau_tops
    calls: list[int] = []

    def wrong_once(piles: tuple[tuple[int, ...], ...]) -> tuple[list[int], int, int]:
        """The root's tops, all missing (the later counts are right)."""
        tops, n_empty, empty_t = fresh(piles)
        calls.append(1)
        return (search.no_tops[:] if len(calls) == 1 else tops), n_empty, empty_t

    search.tableau_tops = wrong_once  # type: ignore[method-assign]
    with pytest.raises(AssertionError, match="tableau tops"):
        search.best_first(state.piles, 1500, None, set(), False)
