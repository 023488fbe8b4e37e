"""Randomized depth-first restarts: Luby's budgets, perturbed orders, wins and proofs, and
the depth-first search that hands them the rest of its budget."""

from __future__ import annotations

import random

import pytest

from runtime.engine import new_game
from runtime.engine.moves import Move
from runtime.engine.rules import PileKind
from runtime.solver import Verdict, solve
from runtime.solver import search as search_module
from runtime.solver.depth_first import explored_share
from runtime.solver.native import depth_first_module, rollouts_module
from runtime.solver.restarts import UNIT, luby, solve_by_restarts, without_play_back
from runtime.solver.results import DeadSet, SolveResult
from tests.solver.positions import assert_line_wins


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
    assert_line_wins(state, found.moves)
    again = solve_by_restarts(state, 60_000, None, None)
    assert (again.nodes, again.moves) == (found.nodes, found.moves)


def test_a_run_that_runs_dry_proves_the_deal_lost() -> None:
    # Lady Jane seed 326 is exhausted in 5,191 nodes by the search: the runs of 2,000 and
    # 4,000 nodes stop short, and a later perturbed run proves it (at 21,873 in all).
    state = new_game("lady_jane", None, 326)
    found = solve_by_restarts(state, 30_000, None, None)
    assert found.verdict is Verdict.UNWINNABLE
    assert found.nodes > 4 * UNIT


def test_runs_without_play_back_try_freecell_solvers_order() -> None:
    # Beleaguered Castle seed 0 after two random moves: a foundation card may come back.
    state = new_game("beleaguered_castle", None, 0)
    search = depth_first_module().DepthFirst(state)
    kinds, rng = state.layout.kinds, random.Random(1)
    for _ in range(2):
        search.state.play(rng.choice(search.moves(search.state.piles, 0)))
    every = search.moves(search.state.piles, 0)
    ordered = without_play_back(search.moves, kinds)(search.state.piles, 0)
    assert any(kinds[move.src] is PileKind.FOUNDATION for move in every)
    assert sorted(ordered) == sorted(m for m in every if kinds[m.src] is not PileKind.FOUNDATION)
    # Popped from the end: no target here is a foundation or an empty pile, so all build
    # onto a card, by source pile, then target pile.
    assert [(m.src, m.dst) for m in reversed(ordered)] == sorted((m.src, m.dst) for m in ordered)
    assert all(search.state.piles[m.dst] for m in ordered)


def test_a_run_without_play_back_that_runs_dry_proves_nothing() -> None:
    # Beleaguered Castle seed 173, lost: the runs over every move prove it at 6,249 nodes.
    # Alternating, the second run (without play-back) runs dry; the runs after it try every
    # move and prove the deal lost at 4,576, and only their positions are called dead.
    state = new_game("beleaguered_castle", None, 173)
    every, alternate = DeadSet(), DeadSet()
    found = solve_by_restarts(state, 60_000, None, every)
    assert (found.verdict, found.nodes) == (Verdict.UNWINNABLE, 6_249)
    found = solve_by_restarts(state, 60_000, None, alternate, alternate_without_play_back=True)
    assert (found.verdict, found.nodes) == (Verdict.UNWINNABLE, 4_576)
    assert alternate.keys == every.keys  # every position reachable, in any order


def test_only_games_where_no_cell_or_space_takes_a_card_restart(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[str] = []

    def restarts(state, max_nodes, deadline, dead, **_):  # type: ignore[no-untyped-def]
        calls.append(state.game.id)
        return SolveResult(Verdict.UNKNOWN, (), max_nodes)

    monkeypatch.setattr(search_module, "solve_by_restarts", restarts)
    for game, seed in (("streets_and_alleys", 1), ("bakers_dozen", 0)):
        solve(new_game(game, None, seed), max_nodes=60_000)
    assert calls == ["bakers_dozen"]
    # Not on a hint's short budget.
    solve(new_game("bakers_dozen", None, 0), max_nodes=60_000, time_limit=0.2)
    assert calls == ["bakers_dozen"]


def test_where_no_cell_or_space_takes_a_card_rollouts_follow_a_tenth_of_restarts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Baker's Dozen seed 74: the best-first search leaves it unknown (at 1,333,334 nodes of
    # its survey too), and so do restarts with the whole third after it; a tenth of it to
    # the restarts and the rest to nested rollouts win it, with a line that replays.
    state = new_game("bakers_dozen", None, 74)
    found = solve(state, max_nodes=120_000)
    assert (found.verdict, found.nodes) == (Verdict.WINNABLE, 95_724)
    assert_line_wins(state, found.moves)
    monkeypatch.setattr(search_module, "ROLLOUTS_AFTER_RESTARTS", 0.0)
    assert solve(state, max_nodes=120_000).verdict is Verdict.UNKNOWN
    # The restarts' budget: a tenth of what the best-first search left.
    budgets: list[int] = []

    def restarts(state, max_nodes, deadline, dead, **_):  # type: ignore[no-untyped-def]
        budgets.append(max_nodes)
        return SolveResult(Verdict.UNKNOWN, (), max_nodes)

    monkeypatch.setattr(search_module, "solve_by_restarts", restarts)
    monkeypatch.setattr(search_module, "ROLLOUTS_AFTER_RESTARTS", 0.9)
    solve(new_game("bakers_dozen", None, 140), max_nodes=120_000)
    assert budgets and budgets[0] == pytest.approx(40_000 / 10, abs=50)


def test_explored_share_weighs_each_frames_finished_moves() -> None:
    def frame(left: int) -> tuple[list[Move], int, int, int]:
        return ([Move.transfer(0, 1)] * left, 0, 0, 0)

    # The root's first of three moves is done, its second under way; below it, the first
    # of two moves done (the top frame's popped moves are all finished).
    assert explored_share([frame(1), frame(1)], [3, 2]) == pytest.approx(1 / 3 + 1 / 6)
    assert explored_share([frame(3)], [3]) == 0
    assert explored_share([frame(0)], [3]) == 1
    assert explored_share([frame(2), frame(0)], [3, 0]) == 0  # an empty frame ends the sum


def test_a_search_lost_below_an_early_move_pauses() -> None:
    # Yukon seed 8: the depth-first search has explored almost nothing of its tree at nine
    # tenths of 60,000 nodes (it wins only at 272,634), and pauses there.
    state = new_game("yukon", None, 8)
    search = depth_first_module().DepthFirst(state)
    alone = search.run(60_000, None, None)
    assert alone.verdict is Verdict.UNKNOWN and not search.paused
    search = depth_first_module().DepthFirst(state)  # a search leaves its state mid-line
    paused = search.run(60_000, None, None, pause_at=54_000)
    assert search.paused and (paused.verdict, paused.nodes) == (Verdict.UNKNOWN, 54_000)
    # The whole schedule now wins it earlier, in its interlude (below).


def test_an_interludes_win_is_the_searchs() -> None:
    # Yukon seed 8, which the search alone wins only at 272,634 nodes: at 18,000 it hands
    # 12,000 to greedy playouts and rollouts from the deal, which win it; the line replays
    # and the nodes count both.
    state = new_game("yukon", None, 8)

    def interlude() -> SolveResult:
        found: SolveResult = rollouts_module().solve_by_playouts_then_rollouts(state, 12_000, None)
        return found

    search = depth_first_module().DepthFirst(state)
    found = search.run(60_000, None, None, interlude_at=18_000, interlude=interlude)
    alone = interlude()
    assert found.verdict is alone.verdict is Verdict.WINNABLE
    assert found.nodes == 18_000 + alone.nodes and found.moves == alone.moves
    assert_line_wins(state, found.moves)


def test_after_an_interlude_the_search_goes_on_where_it_was() -> None:
    # Lady Jane seed 243 is exhausted at 1,321 nodes. An interlude at 1,000 that wins
    # nothing in 500 nodes changes nothing but the count: the same proof, 500 nodes more.
    state = new_game("lady_jane", None, 243)
    calls: list[int] = []

    def interlude() -> SolveResult:
        calls.append(1)
        return SolveResult(Verdict.UNKNOWN, (), 500, 0.0)

    search = depth_first_module().DepthFirst(state)
    found = search.run(10_000, None, None, interlude_at=1_000, interlude=interlude)
    assert calls == [1] and (found.verdict, found.nodes) == (Verdict.UNWINNABLE, 1_821)
    # Its budget counts the interlude's nodes too.
    search = depth_first_module().DepthFirst(state)
    short = search.run(1_600, None, None, interlude_at=1_000, interlude=interlude)
    assert short.verdict is Verdict.UNKNOWN and short.nodes <= 1_600 + 64


def test_the_schedule_plays_an_interlude_at_three_tenths() -> None:
    # Yukon (one deck, no stock, so no early playouts): `solve` on a long budget hands
    # the interlude's share to playouts and rollouts at three tenths, which win seed 8.
    state = new_game("yukon", None, 8)
    budget = 60_000
    found = solve(state, max_nodes=budget)
    alone = rollouts_module().solve_by_playouts_then_rollouts(
        state, int(budget * search_module.INTERLUDE_SHARE), None
    )
    assert found.verdict is alone.verdict is Verdict.WINNABLE
    assert found.nodes == int(budget * search_module.INTERLUDE_AT) + alone.nodes
    assert_line_wins(state, found.moves)


def test_a_search_near_its_proof_goes_on_past_the_pause() -> None:
    # Lady Jane seed 243 is exhausted at 1,321 nodes: at 1,200 most of its tree is behind
    # it and it goes on to the proof; at 1,150 it is not, and it pauses.
    state = new_game("lady_jane", None, 243)
    search = depth_first_module().DepthFirst(state)
    near = search.run(10_000, None, None, pause_at=1_200)
    assert not search.paused and (near.verdict, near.nodes) == (Verdict.UNWINNABLE, 1_321)
    search = depth_first_module().DepthFirst(state)
    far = search.run(10_000, None, None, pause_at=1_150)
    assert search.paused and (far.verdict, far.nodes) == (Verdict.UNKNOWN, 1_150)
