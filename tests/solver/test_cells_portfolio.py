"""The free-cell search's portfolio where there are no cells: empty piles weighed otherwise,
and on a long budget other weights of a card off its build too, a search without
foundation play-back, and restarts."""

from __future__ import annotations

import math

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
    WITHOUT_PLAY_BACK,
    cells_search,
)
from runtime.solver.model import model_for
from runtime.solver.restarts import solve_by_restarts
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
    # Its foundation cards may come back: the long portfolio ends without play-back.
    assert search.portfolio(LONG_BUDGET) == (*PORTFOLIO_WITHOUT_CELLS_LONG, WITHOUT_PLAY_BACK)
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


def test_a_long_budget_searches_once_without_play_back() -> None:
    # Beleaguered Castle seed 51: unknown after 2,000,000 children with play-back, won in
    # 43,308 without it, after the 340,000 of the phases before.
    state = new_game("beleaguered_castle", None, 51)
    found = solve(state, max_nodes=LONG_BUDGET)
    assert found.verdict is Verdict.WINNABLE
    assert 340_000 < found.nodes < 400_000
    assert_line_wins(state, found.moves)


def test_a_long_budget_leaves_a_share_to_restarts_where_spaces_take_cards() -> None:
    # Beleaguered Castle seed 218: the best-first search leaves it unknown at 2,000,000
    # children; the restarts win it in 14,129 nodes, after the search's share, in a run
    # without play-back (runs over every move: unknown at 100,000).
    # The smallest budget that does so still leaves the long portfolio its LONG_BUDGET.
    state = new_game("beleaguered_castle", None, 218)
    budget = math.ceil(LONG_BUDGET / (1 - search_module.SPACES_RESTART_SHARE))
    found = solve(state, max_nodes=budget)
    assert found.verdict is Verdict.WINNABLE
    assert LONG_BUDGET < found.nodes < LONG_BUDGET + 20_000
    assert_line_wins(state, found.moves)
    assert solve_by_restarts(state, 100_000, None, None).verdict is Verdict.UNKNOWN
    # A shorter budget leaves all of it to the best-first search, as before.
    assert solve(state, max_nodes=budget - 1).verdict is Verdict.UNKNOWN
