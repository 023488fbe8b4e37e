"""Composite moves in Freecell Solver's manner (`meta_moves.py`): each is legal single moves,
they come in fc-solve's order, a run over them wins what the other runs miss (in its own
order or a perturbed one), and an exhausted run proves nothing."""

from __future__ import annotations

import random

import pytest

from runtime.engine import new_game
from runtime.engine.moves import Move
from runtime.engine.rules import PileKind
from runtime.solver import Verdict, solve
from runtime.solver.meta_moves import MetaMoves, meta_moves_supported
from runtime.solver.model import model_for
from runtime.solver.native import depth_first_module
from runtime.solver.restarts import solve_by_restarts
from runtime.solver.results import DeadSet
from tests.solver.positions import assert_line_wins, random_walk

# Every game the composites are built for (`meta_moves_supported`), with a winnable deal:
# with and without spaces that take cards and free cells.
WINNABLE_DEALS = (
    ("beleaguered_castle", 144),
    ("streets_and_alleys", 228),
    ("fortress", 4),
    ("bakers_dozen", 1),
)


def _steps(action: Move | tuple[Move, ...]) -> tuple[Move, ...]:
    return (action,) if isinstance(action, Move) else action


@pytest.mark.parametrize(("game", "seed"), WINNABLE_DEALS)
def test_every_composite_is_legal_single_moves(game: str, seed: int) -> None:
    # Along a winning line (its piles empty as it goes, so spaces and long composites
    # appear), every composite at every position is, step by step, among the engine's
    # legal moves, and none takes a card off a foundation.
    state = new_game(game, None, seed)
    model = model_for(state.rules, state.base)
    assert meta_moves_supported(model)
    # The composite run's own line where it wins (the first two), else the schedule's.
    found = solve_by_restarts(state, 20_000, None, None, meta_share=1.0)
    if found.verdict is not Verdict.WINNABLE:
        found = solve(state, max_nodes=200_000)
    line = found.moves
    assert line
    generate = MetaMoves(model).generate
    kinds = state.layout.kinds
    position = state.clone()
    checked = longest = 0
    for move in line:
        for action in generate(position.piles, position.redeals_left):
            trial = position.clone()
            for step in _steps(action):
                assert step in trial.legal_moves(), (game, seed, action, step)
                assert kinds[step.src] is not PileKind.FOUNDATION
                trial.apply(step)
            checked += 1
            longest = max(longest, len(_steps(action)))
        position.apply(move)
    assert checked > 50
    if any(model.tableau_start or ()):
        assert longest > 2  # cards put aside in spaces, then the card moved


def test_home_moves_come_first() -> None:
    # Beleaguered Castle (no free cells) seed 0, played at random: the search pops the
    # last action, so the tried order is the list reversed, and it starts with every move
    # that ends on a foundation (fc-solve's 0, 1 and 3).
    state = new_game("beleaguered_castle", None, 0)
    search = depth_first_module().DepthFirst(state)
    assert search.meta_moves is not None
    kinds, rng = state.layout.kinds, random.Random(3)
    ordered = 0
    for position in random_walk(state, rng, 200):
        actions = search.meta_moves(position.piles, 0)
        home = [a for a in actions if kinds[_steps(a)[-1].dst] is PileKind.FOUNDATION]
        if home and len(home) < len(actions):
            assert actions[::-1][: len(home)] == home[::-1]
            ordered += 1
    assert ordered


def test_not_built_where_runs_move_together() -> None:
    # FreeCell moves runs as one move: composites of single moves would not be its moves.
    state = new_game("freecell", None, 0)
    assert not meta_moves_supported(model_for(state.rules, state.base))
    assert depth_first_module().DepthFirst(state).meta_moves is None


def test_a_composite_run_wins_what_the_other_runs_miss() -> None:
    # Beleaguered Castle seed 144: unknown to the whole schedule before session 52
    # (2,000,000 nodes; Freecell Solver wins it in 16,163 positions). The composite run
    # wins it in 79 nodes, with a line that replays; the runs over single moves do not
    # within 20,000.
    state = new_game("beleaguered_castle", None, 144)
    found = solve_by_restarts(
        state, 2_000, None, None, alternate_without_play_back=True, meta_share=1.0
    )
    assert found.verdict is Verdict.WINNABLE
    assert found.nodes < 200
    assert_line_wins(state, found.moves)
    plain = solve_by_restarts(state, 20_000, None, None, alternate_without_play_back=True)
    assert plain.verdict is Verdict.UNKNOWN


def test_randomized_runs_over_composites_win_what_the_first_one_misses() -> None:
    # Streets and Alleys seed 307: unknown to session 52's schedule (2,000,000 nodes, its
    # first composite run 100,000 of them). Every third randomized run goes over the
    # composites in a perturbed order: the first such run wins it within a few hundred
    # nodes, with a line that replays. The composite run in its own order, and the runs
    # over single moves, do not within 20,000.
    state = new_game("streets_and_alleys", None, 307)
    found = solve_by_restarts(
        state, 20_000, None, None, alternate_without_play_back=True, meta_share=0.005
    )
    assert found.verdict is Verdict.WINNABLE
    assert found.nodes < 5_000  # 100 + 2,000 + 2,000 single-move nodes, then a few hundred
    assert_line_wins(state, found.moves)
    plain = solve_by_restarts(state, 20_000, None, None, alternate_without_play_back=True)
    assert plain.verdict is Verdict.UNKNOWN
    search = depth_first_module().DepthFirst(state)
    assert search.meta_moves is not None
    search.sleep_sets = False
    ordered = search.depth_first(search.meta_moves, 20_000, None, None, classes=False)
    assert ordered.verdict is Verdict.UNKNOWN


def test_an_exhausted_composite_run_proves_nothing() -> None:
    # Beleaguered Castle seed 0 is lost (1,442 nodes for the best-first search). The
    # composite run alone runs dry, which says only that no line of composites wins; the
    # runs after it prove the deal lost, and only their positions are recorded dead.
    state = new_game("beleaguered_castle", None, 0)
    search = depth_first_module().DepthFirst(state)
    assert search.meta_moves is not None
    search.sleep_sets = False
    alone = search.depth_first(search.meta_moves, 50_000, None, None, classes=False)
    assert alone.verdict is Verdict.UNWINNABLE
    dead = DeadSet()
    found = solve_by_restarts(state, 50_000, None, dead, meta_share=0.5)
    assert found.verdict is Verdict.UNWINNABLE
    assert found.nodes > alone.nodes
    proof = DeadSet()
    without = solve_by_restarts(state, 50_000, None, proof)
    assert without.verdict is Verdict.UNWINNABLE
    assert dead.keys == proof.keys
