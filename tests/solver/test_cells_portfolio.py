"""The free-cell search's portfolio where there are no cells: empty piles weighed otherwise."""

from __future__ import annotations

import pytest

from runtime.engine import new_game
from runtime.solver import Verdict, solve
from runtime.solver import search as search_module
from runtime.solver.cells import FIRST_BUDGET, RELEVANT_BUDGET


def test_without_cells_the_portfolio_weighs_empty_piles_at_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(search_module, "RESTART_SHARE", 0)  # the best-first search alone
    # Baker's Dozen seed 18: its spaces stay empty, and the usual weights, which reward an
    # emptied pile, leave it unknown; the portfolio's search that ignores empty piles wins
    # it within its 45,000 children, and the line replays.
    state = new_game("bakers_dozen", None, 18)
    usual = solve(state, max_nodes=RELEVANT_BUDGET + FIRST_BUDGET)
    assert usual.verdict is Verdict.UNKNOWN
    found = solve(state, max_nodes=100_000)
    assert found.verdict is Verdict.WINNABLE
    assert found.nodes < RELEVANT_BUDGET + FIRST_BUDGET + 45_000
    replay = state.clone()
    for move in found.moves:
        replay.play(move)
    assert replay.is_won()
