"""The optional mypyc build of the free-cell search: the same answers as the pure module,
never used when stale, and off on request. CI builds it (``helpdeck compile-solver``)."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

from runtime.engine import new_game
from runtime.solver import cells, depth_first, native
from runtime.solver.model import model_for
from tests.solver.builds import built


@pytest.fixture
def compiled() -> ModuleType:
    return built(native.compiled_cells())


@pytest.mark.parametrize(("game", "seeds"), [("seahaven", range(12)), ("freecell", range(3))])
def test_compiled_search_gives_the_same_answers(compiled: object, game: str, seeds: range) -> None:
    for seed in seeds:
        state = new_game(game, None, seed)
        model = model_for(state.rules, state.base)
        pure = cells.cells_search(model).solve(state.piles, 20_000, None, set(), True)
        fast = compiled.cells_search(model).solve(  # type: ignore[attr-defined]
            state.piles, 20_000, None, set(), True
        )
        assert (fast.won, fast.nodes, fast.moves) == (pure.won, pure.nodes, pure.moves)
        assert fast.dead == pure.dead


def test_a_stale_build_is_ignored(compiled: object, monkeypatch: pytest.MonkeyPatch) -> None:
    native.compiled_cells.cache_clear()
    monkeypatch.setattr(native, "source_digest", lambda: "0" * 64)  # cells.py was edited
    try:
        assert native.compiled_cells() is None
        assert native.cells_module() is cells
    finally:
        native.compiled_cells.cache_clear()


@pytest.mark.parametrize(
    ("compiled_build", "chosen", "pure"),
    [
        (native.compiled_cells, native.cells_module, cells),
        (native.compiled_depth_first, native.depth_first_module, depth_first),
    ],
    ids=["cells", "depth_first"],
)
def test_the_pure_modules_on_request(
    compiled_build: Callable[[], ModuleType | None],
    chosen: Callable[[], ModuleType],
    pure: ModuleType,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    compiled = built(compiled_build())
    clear = compiled_build.cache_clear  # type: ignore[attr-defined]
    clear()
    monkeypatch.setenv("HELPDECK_PURE_SOLVER", "1")
    try:
        assert chosen() is pure
    finally:
        clear()
    monkeypatch.delenv("HELPDECK_PURE_SOLVER")
    assert chosen() is compiled


def test_the_cells_digest_covers_what_the_build_may_inline() -> None:
    """mypyc inlines imported constants such as the engine's FACE_DOWN into the build."""
    inputs = native._inputs(("cells",))
    assert "runtime.solver.cells" in inputs and "runtime.engine.cards" in inputs
    assert "runtime.solver.depth_first" not in inputs


def test_without_mypyc_the_build_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    real_import = builtins.__import__

    def no_mypyc(name: str, *args: object, **kwargs: object) -> object:
        if name == "mypyc":
            raise ImportError(name)
        return real_import(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", no_mypyc)
    with pytest.raises(native.BuildError, match="mypyc is not installed"):
        native.build()


def test_a_failed_build_says_why_on_one_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    failed = subprocess.CompletedProcess(
        [], 1, stdout="", stderr="x.py:1: error: Returning Any\ny.py:2: error: Bad\n"
    )
    monkeypatch.setattr(native.subprocess, "run", lambda *args, **kwargs: failed)
    with pytest.raises(native.BuildError) as raised:
        native._run_mypyc(["mypyc"], tmp_path)
    assert str(raised.value) == ("mypyc failed: x.py:1: error: Returning Any | y.py:2: error: Bad")
