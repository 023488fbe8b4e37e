"""Randomized depth-first restarts: Luby's budgets, perturbed orders, wins and proofs."""

from __future__ import annotations

import pytest

from runtime.engine import new_game
from runtime.solver import Verdict, solve
from runtime.solver import search as search_module
from runtime.solver.native import depth_first_module
from runtime.solver.restarts import UNIT, luby, solve_by_restarts
from runtime.solver.results import SolveResult


def test_run_budgets_follow_lubys_sequence() -> None:
    assert [luby(i) for i in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]


def test_a_perturbed_order_wins_what_the_fixed_orders_miss() -> None:
    # Baker's Dozen seed 9: the best-first search leaves it unknown (at 3,000,000 children
    # too), and so does the depth-first search in the generator's order at the nodes the
    # restarts need; a run in a perturbed order wins it, with a line that replays.
    state = new_game("bakers_dozen", None, 9)
    found = solve_by_restarts(state, 60_000, None, None)
    assert found.verdict is Verdict.WINNABLE
    assert found.nodes > UNIT  # not the first run, whose order is the generator's
    plain = depth_first_module().DepthFirst(state).run(found.nodes, None, None)
    assert plain.verdict is Verdict.UNKNOWN
    assert solve(state, max_nodes=100_000, best_first=True).verdict is Verdict.WINNABLE
    replay = state.clone()
    for move in found.moves:
        replay.play(move)
    assert replay.is_won()
    again = solve_by_restarts(state, 60_000, None, None)
    assert (again.nodes, again.moves) == (found.nodes, found.moves)


def test_a_run_that_runs_dry_proves_the_deal_lost() -> None:
    # Lady Jane seed 25 is exhausted in 4,310 nodes, in any order: the runs of 2,000 and
    # 4,000 nodes stop short, and the first perturbed run of 8,000 proves it.
    state = new_game("lady_jane", None, 25)
    found = solve_by_restarts(state, 30_000, None, None)
    assert found.verdict is Verdict.UNWINNABLE
    assert found.nodes > 4 * UNIT


def test_only_games_where_no_cell_or_space_takes_a_card_restart(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[str] = []

    def restarts(state, max_nodes, deadline, dead):  # type: ignore[no-untyped-def]
        calls.append(state.game.id)
        return SolveResult(Verdict.UNKNOWN, (), max_nodes)

    monkeypatch.setattr(search_module, "solve_by_restarts", restarts)
    for game, seed in (("streets_and_alleys", 1), ("bakers_dozen", 0)):
        solve(new_game(game, None, seed), max_nodes=60_000)
    assert calls == ["bakers_dozen"]
    # Not on a hint's short budget.
    solve(new_game("bakers_dozen", None, 0), max_nodes=60_000, time_limit=0.2)
    assert calls == ["bakers_dozen"]
