"""Stopping a search from another thread (`runtime.solver.clock`): every search, compiled
or pure, ends soon after its thread is stopped, as if out of time, and the thread's next
search runs once it is allowed again. The app stops a deep hint nobody waits for."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import TypeVar

import pytest

from runtime.engine import new_game
from runtime.solver import clock, native
from runtime.solver.hint import deep_hint
from runtime.solver.search import Verdict, solve

T = TypeVar("T")
FOUR_SUITS = {"four_suits": True, "two_suits": False, "one_suit": False}
# Deals every search leaves unknown for far longer than the test waits (bench/surveys/),
# one for each of the solver's schedules: early playouts then depth-first (Spider), depth
# first with stock moves and widening (Saratoga), plain depth first, paused, then playouts
# and restarts (Lady Jane), best-first portfolio then restarts (Beleaguered Castle).
DEALS = [
    ("spider", FOUR_SUITS, 0),
    ("saratoga", None, 12),
    ("lady_jane", None, 10),
    ("beleaguered_castle", None, 16),
]
RUNNING = 0.5  # seconds the search runs before it is stopped
STOPS_WITHIN = 3.0  # seconds; a look at the clock comes every 64 nodes or playout step


@pytest.fixture(params=["compiled", "pure"])
def build(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Both builds where the compiled one is present; its modules import the same clock."""
    if request.param == "pure":
        monkeypatch.setenv("HELPDECK_PURE_SOLVER", "1")
    elif native.compiled_depth_first() is None:
        pytest.skip("the compiled solver is not built (helpdeck compile-solver)")
    native.compiled_depth_first.cache_clear()
    native.compiled_cells.cache_clear()
    yield request.param
    monkeypatch.undo()
    native.compiled_depth_first.cache_clear()
    native.compiled_cells.cache_clear()


def run_then_stop(search: Callable[[], T]) -> tuple[T, float]:
    """Run ``search()`` on a thread, stop the thread's searches once it has run `RUNNING`
    seconds; its result and the seconds from the stop to its end."""
    results: list[T] = []
    thread = threading.Thread(target=lambda: results.append(search()), daemon=True)
    thread.start()
    thread.join(RUNNING)
    assert thread.is_alive(), "the search ended before it was stopped: the test shows nothing"
    assert thread.ident is not None
    stopped = time.perf_counter()
    clock.stop_searches(thread.ident)
    try:
        thread.join(STOPS_WITHIN * 10)
        assert not thread.is_alive()
    finally:
        clock.allow_searches(thread.ident)
    return results[0], time.perf_counter() - stopped


@pytest.mark.parametrize(("game", "options", "seed"), DEALS, ids=[d[0] for d in DEALS])
def test_a_stopped_search_ends_at_once_unknown(
    build: str, game: str, options: dict[str, bool] | None, seed: int
) -> None:
    state = new_game(game, options, seed)
    before = state.key()
    result, seconds = run_then_stop(lambda: solve(state, max_nodes=50_000_000, time_limit=600.0))
    assert result.verdict is Verdict.UNKNOWN
    assert seconds < STOPS_WITHIN, f"{seconds:.2f} s after the stop"
    assert state.key() == before


def test_a_stopped_deep_hint_gives_the_basic_hint(build: str) -> None:
    state = new_game("spider", FOUR_SUITS, 0)
    result, seconds = run_then_stop(lambda: deep_hint(state, max_nodes=50_000_000))
    assert seconds < STOPS_WITHIN
    assert result.verdict is Verdict.UNKNOWN
    assert result.move in state.legal_moves()


def test_a_thread_searches_again_once_allowed() -> None:
    me = threading.get_ident()
    clock.stop_searches(me)
    try:
        assert clock.now() == float("inf")
        state = new_game("seahaven", None, 0)
        assert solve(state, time_limit=60.0).verdict is Verdict.UNKNOWN  # ends at once
    finally:
        clock.allow_searches(me)
    assert clock.now() < float("inf")
    assert solve(state, time_limit=60.0).verdict is Verdict.WINNABLE


def test_other_threads_search_on() -> None:
    clock.stop_searches(threading.get_ident() + 1)  # no thread of this test
    try:
        assert solve(new_game("seahaven", None, 0), time_limit=60.0).verdict is Verdict.WINNABLE
    finally:
        clock.allow_searches(threading.get_ident() + 1)
