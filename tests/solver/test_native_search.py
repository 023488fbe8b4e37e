"""The optional mypyc build of the depth-first search: the same search as the pure modules
(verdicts, node counts, winning lines, dead keys), never used when stale or partial, and
off on request. CI builds it (``helpdeck compile-solver``)."""

from __future__ import annotations

import importlib
from types import ModuleType

import pytest

from runtime.engine import new_game
from runtime.solver import depth_first, native, playouts, rollouts
from runtime.solver.results import DeadSet, SolveResult, Verdict
from runtime.solver.search import solve
from tests.solver.builds import built

# Deals the search wins, proves lost and gives up on, over stock moves, twin classes,
# plain moves, the engine's own moves (Golf's, Spiderette's and Scorpion's rules) and the
# fast generator's with two decks (Jumbo, Gypsy) and deals onto the tableau (Agnes, Gypsy).
DEALS = [
    ("saratoga", (0, 2, 15), 3000),
    ("lady_jane", (3, 5, 6), 3000),
    ("golf", (0, 1), 3000),
    ("klondike", (0, 1, 2), 3000),
    ("spiderette", (0, 1), 2000),
    ("scorpion", (0, 1), 2000),
    ("jumbo", (1, 3), 10_000),
    ("gypsy", (1,), 6000),
    ("agnes", (0, 5), 3000),
]
ONE_SUIT = {"one_suit": True, "four_suits": False, "two_suits": False}


@pytest.fixture
def compiled() -> ModuleType:
    return built(native.compiled_depth_first())


@pytest.mark.parametrize(("game", "seeds", "max_nodes"), DEALS)
def test_compiled_search_is_the_same_search(
    compiled: ModuleType, game: str, seeds: tuple[int, ...], max_nodes: int
) -> None:
    for seed in seeds:
        state = new_game(game, None, seed)
        pure_dead, fast_dead = DeadSet(), DeadSet()
        pure = depth_first.DepthFirst(state).run(max_nodes, None, pure_dead)
        fast = compiled.DepthFirst(state).run(max_nodes, None, fast_dead)
        assert (fast.verdict, fast.nodes, fast.moves) == (pure.verdict, pure.nodes, pure.moves)
        assert fast_dead.keys == pure_dead.keys
        if fast.verdict is Verdict.WINNABLE:
            for move in fast.moves:
                state.play(move)
            assert state.is_won()


# Playouts that win at once, win after resuming from the best one (at 27,939 and 35,269
# nodes), and give up; rollouts that win (Bristol seed 54 at 3,912 nodes) and give up.
PLAYOUT_DEALS = [
    ("spider", 9, 20_000),
    ("gypsy", 4, 30_000),
    ("sir_tommy", 2, 40_000),
    ("giant", 0, 30_000),
    ("bristol", 54, 20_000),
]


@pytest.mark.parametrize(("game", "seed", "max_nodes"), PLAYOUT_DEALS)
def test_compiled_playouts_and_rollouts_are_the_same(
    compiled: ModuleType, game: str, seed: int, max_nodes: int
) -> None:
    state = new_game(game, ONE_SUIT if game == "spider" else None, seed)
    fast_playouts = importlib.import_module(f"runtime.solver.{native.DEPTH_FIRST_PREFIX}playouts")
    for fast, pure in (
        (fast_playouts.solve_by_playouts, playouts.solve_by_playouts),
        (native.rollouts_module().solve_by_rollouts, rollouts.solve_by_rollouts),
    ):
        a, b = fast(state, max_nodes, None), pure(state, max_nodes, None)
        assert (a.verdict, a.nodes, a.moves) == (b.verdict, b.nodes, b.moves)
    assert native.rollouts_module() is not rollouts


def test_compiled_rollouts_over_stock_moves_are_the_same(compiled: ModuleType) -> None:
    state = new_game("saratoga", {"three_card_deals": False, "king_only": True}, 74)
    fast = native.rollouts_module().solve_by_rollouts(state, 30_000, None, 0, True)
    pure = rollouts.solve_by_rollouts(state, 30_000, None, 0, True)
    assert (fast.verdict, fast.nodes, fast.moves) == (pure.verdict, pure.nodes, pure.moves)


@pytest.mark.parametrize(
    ("game", "seed", "pause_at"),
    [("lady_jane", 25, 3000), ("lady_jane", 25, 4000), ("golf", 0, 2700)],
)
def test_compiled_search_pauses_where_the_pure_one_does(
    compiled: ModuleType, game: str, seed: int, pause_at: int
) -> None:
    state = new_game(game, None, seed)
    pure, fast = depth_first.DepthFirst(state), compiled.DepthFirst(state)
    pure_found = pure.run(10_000, None, None, pause_at)
    fast_found = fast.run(10_000, None, None, pause_at)
    assert (fast.paused, fast_found.verdict, fast_found.nodes) == (
        pure.paused,
        pure_found.verdict,
        pure_found.nodes,
    )


def test_compiled_search_plays_its_interlude_where_the_pure_one_does(
    compiled: ModuleType,
) -> None:
    state = new_game("lady_jane", None, 243)
    results = []
    for module in (depth_first, compiled):
        calls: list[int] = []

        def interlude(calls: list[int] = calls) -> SolveResult:
            calls.append(1)
            return SolveResult(Verdict.UNKNOWN, (), 500, 0.0)

        found = module.DepthFirst(state).run(10_000, None, None, 0, 1_000, interlude)
        results.append((calls, found.verdict, found.nodes))
    assert results[0] == results[1] == ([1], Verdict.UNWINNABLE, 1_821)


def test_solve_runs_the_compiled_search(
    compiled: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    searched: list[object] = []
    search_class = compiled.DepthFirst

    def recording(state: object) -> object:
        searched.append(state)
        return search_class(state)

    monkeypatch.setattr(compiled, "DepthFirst", recording)
    found = solve(new_game("saratoga", None, 0), max_nodes=3000)
    assert len(searched) == 1 and found.verdict is Verdict.WINNABLE


def test_a_stale_build_is_ignored(compiled: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    native.compiled_depth_first.cache_clear()
    monkeypatch.setattr(native, "depth_first_digest", lambda: "0" * 64)  # a source was edited
    try:
        assert native.compiled_depth_first() is None
        assert native.depth_first_module() is depth_first
    finally:
        native.compiled_depth_first.cache_clear()


def test_a_partial_build_is_ignored(compiled: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    """One module from another build (an interrupted copy) disables them all."""
    native.compiled_depth_first.cache_clear()
    stock = pytest.importorskip(f"runtime.solver.{native.DEPTH_FIRST_PREFIX}stock")
    monkeypatch.setattr(stock, "SOURCE_SHA256", "0" * 64)
    try:
        assert native.compiled_depth_first() is None
    finally:
        native.compiled_depth_first.cache_clear()


def test_a_build_that_fails_to_load_is_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stale build's load-time look-up of an engine name that is gone."""

    def failing(name: str) -> ModuleType:
        raise AttributeError("MoveKind has no attribute TRANSFER")

    native.compiled_depth_first.cache_clear()
    monkeypatch.setattr(native.importlib, "import_module", failing)
    try:
        assert native.depth_first_module() is depth_first
    finally:
        native.compiled_depth_first.cache_clear()


def test_the_digest_covers_what_the_build_may_inline() -> None:
    """Every project module the compiled sources import, directly or not: mypyc inlines
    constants such as the engine's FACE_DOWN."""
    inputs = native._depth_first_inputs()
    for name in native.DEPTH_FIRST_SOURCES:
        assert f"runtime.solver.{name}" in inputs
    assert "runtime.engine.cards" in inputs and "runtime.solver.model" in inputs
    assert "runtime.engine.shuffle" in inputs  # through the engine's state.py
    assert "runtime.solver.cells" not in inputs


def test_copies_import_the_compiled_copies() -> None:
    source = "from runtime.solver.stock import Action\nfrom runtime.solver.model import Model\n"
    assert native._native_imports(source) == (
        f"from runtime.solver.{native.DEPTH_FIRST_PREFIX}stock import Action\n"
        "from runtime.solver.model import Model\n"
    )


def test_an_import_the_build_cannot_rewrite_fails_the_build() -> None:
    with pytest.raises(native.BuildError, match="imports another"):
        native._native_imports("import runtime.solver.successors\n")
