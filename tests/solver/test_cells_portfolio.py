"""The free-cell search's portfolio where there are no cells: empty piles weighed otherwise,
and on a long budget other weights of a card off its build too."""

from __future__ import annotations

import pytest

from runtime.engine import new_game
from runtime.solver import Verdict, solve
from runtime.solver import search as search_module
from runtime.solver.cells import (
    FIRST_BUDGET,
    LONG_BUDGET,
    PORTFOLIO,
    PORTFOLIO_WITHOUT_CELLS,
    PORTFOLIO_WITHOUT_CELLS_LONG,
    RELEVANT_BUDGET,
    cells_search,
)
from runtime.solver.model import model_for
from tests.solver.positions import assert_line_wins


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
    assert_line_wins(state, found.moves)


def test_a_long_budget_tries_other_weights_where_there_are_no_cells() -> None:
    castle = new_game("beleaguered_castle", None, 0)
    search = cells_search(model_for(castle.rules, castle.base))
    assert search.portfolio(LONG_BUDGET) == PORTFOLIO_WITHOUT_CELLS_LONG
    # A shorter budget searches as before, so its verdicts stay what they were.
    assert search.portfolio(LONG_BUDGET - 1) == PORTFOLIO_WITHOUT_CELLS
    seahaven = new_game("seahaven", None, 0)
    assert cells_search(model_for(seahaven.rules, seahaven.base)).portfolio(LONG_BUDGET) == (
        PORTFOLIO
    )


def test_a_card_off_its_build_weighed_more_wins_what_the_usual_weights_find_late() -> None:
    # Beleaguered Castle seed 33: the usual weights win it after 1,276,089 children; a card
    # off its build at 6 wins it in about a thousand, after the 100,000 of the phases before.
    state = new_game("beleaguered_castle", None, 33)
    found = solve(state, max_nodes=LONG_BUDGET)
    assert found.verdict is Verdict.WINNABLE
    assert found.nodes < 102_000
    assert_line_wins(state, found.moves)
