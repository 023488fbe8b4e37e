"""Player help backed by the solver: a hint from a winning line, the best undo point when
the game is lost, and auto-finish when the rest is forced."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from runtime.engine.assist import autofinish_moves, hint, line_positions
from runtime.engine.moves import Move
from runtime.engine.state import State
from runtime.solver import clock
from runtime.solver.autoplay import autoplay_function
from runtime.solver.model import model_for
from runtime.solver.search import DeadSet, SolveResult, Verdict, solve
from runtime.solver.winnability import survey_nodes

DEFAULT_HINT_TIME = 0.08  # seconds, undo-point scan included (bench/solve_hint.py)
# A deep hint (`deep_hint`, for a position the quick one left unknown, while the player
# waits) searches with the node budget of the game's published survey (at least this), so
# following hints from a deal a survey proved winnable wins it: from the deal it is the
# survey's own search. The time limit bounds a slow device and the undo-point scan.
DEEP_HINT_NODES = 300_000
DEEP_HINT_TIME = 30.0
_FORCED_STEPS = 1000
_LINE_CACHE_SIZE = 50_000


@dataclass(frozen=True, slots=True)
class HintResult:
    move: Move | None  # the next move of a winning line, or the basic hint when unknown
    verdict: Verdict
    # When lost: keep this many moves of the history to win again. When winnable with no
    # move: the winning line passes a position the player already had; undo to it.
    undo_to: int | None = None


# Exact position -> next move of a line the solver found, so following a hint stays instant.
_next_moves: OrderedDict[Hashable, Move] = OrderedDict()
_next_moves_lock = threading.Lock()  # a deep hint remembers its line on another thread


def _position(state: State) -> Hashable:
    return (state.game.id, state.option_values, state.key())


def _remember(state: State, line: tuple[Move, ...]) -> None:
    trial = state.clone()
    steps: list[tuple[Hashable, Move]] = []
    for move in line:
        steps.append((_position(trial), move))
        trial.apply(move)
    with _next_moves_lock:
        _next_moves.update(steps)
        while len(_next_moves) > _LINE_CACHE_SIZE:
            _next_moves.popitem(last=False)


def solver_hint(
    state: State, time_limit: float = DEFAULT_HINT_TIME, max_nodes: int | None = None
) -> HintResult:
    """What to play next, within ``time_limit`` seconds; ``state`` is not changed.

    A hint never leads back to a position already on the player's line (the deal, every
    position since, by `State.key`): when the winning line passes one, the hint is to undo
    to it (``undo_to``, move None); the basic hint skips such moves. ``max_nodes`` bounds
    the search by nodes instead of time (benchmarks: the same answer on any machine and
    load); the time limit then bounds only the look for an undo point."""

    def search(dead: DeadSet) -> SolveResult:
        if max_nodes is None:
            return solve(state, time_limit=time_limit, dead=dead)
        return solve(state, max_nodes=max_nodes, dead=dead)

    return _hint(state, search, time_limit)


def deep_hint(
    state: State, max_nodes: int | None = None, time_limit: float = DEEP_HINT_TIME
) -> HintResult:
    """`solver_hint` with a survey's budget instead of a glance, for a position the quick
    hint left unknown (the app runs it on a thread while the player waits): ``max_nodes``,
    by default `deep_hint_nodes`. Its line is remembered as a quick hint's is, so the hints
    after it are instant."""
    nodes = deep_hint_nodes(state) if max_nodes is None else max_nodes

    def search(dead: DeadSet) -> SolveResult:
        return solve(state, max_nodes=nodes, time_limit=time_limit, dead=dead)

    return _hint(state, search, time_limit)


def deep_hint_nodes(state: State) -> int:
    """The node limit of the published survey of ``state``'s game and options (Straight Up:
    1,500,000), at least `DEEP_HINT_NODES`."""
    published = survey_nodes(state.game.id, state.options)
    return max(DEEP_HINT_NODES, published or 0)


def _hint(state: State, search: Callable[[DeadSet], SolveResult], time_limit: float) -> HintResult:
    """The hint from a remembered line, else from ``search``; ``time_limit`` also bounds
    the look for an undo point when the position is lost."""
    if state.is_won():
        return HintResult(None, Verdict.WINNABLE)
    seen = line_positions(state)
    line = _cached_line(state)
    if line is None:
        deadline = time.perf_counter() + time_limit
        dead = DeadSet()
        result = search(dead)
        if result.verdict is Verdict.UNKNOWN:
            return HintResult(hint(state, seen), Verdict.UNKNOWN)
        if result.verdict is Verdict.UNWINNABLE:
            return HintResult(None, Verdict.UNWINNABLE, _undo_point(state, dead, deadline))
        line = result.moves  # detours already cut (`shortcuts.py`)
        _remember(state, line)
    back = _last_revisit(state, line, seen)
    if back is not None:
        return HintResult(None, Verdict.WINNABLE, back)
    return HintResult(line[0] if line else None, Verdict.WINNABLE)


def _cached_line(state: State) -> tuple[Move, ...] | None:
    """The rest of a winning line remembered from ``state`` on, or None (not all known)."""
    trial = state.clone()
    line: list[Move] = []
    while not trial.is_won():
        with _next_moves_lock:
            move = _next_moves.get(_position(trial))
        if move is None or len(line) > _LINE_CACHE_SIZE:
            return None
        line.append(move)
        trial.apply(move)
    return tuple(line)


def _last_revisit(state: State, line: tuple[Move, ...], seen: dict[Hashable, int]) -> int | None:
    """Where ``line`` last passes a position of the player's line: the moves to keep to be
    there (the rest of ``line`` from it never passes one), or None when it never does."""
    trial = state.clone()
    back = None
    for move in line:
        trial.apply(move)
        back = seen.get(trial.key(), back)
    return back


def _undo_point(state: State, dead: DeadSet, deadline: float) -> int | None:
    """The latest earlier position that is still winnable (None: none found in time)."""
    trial = state.clone()
    while trial.undo() is not None:
        if clock.now() >= deadline:
            return None
        left = deadline - time.perf_counter()
        # Positions the last searches exhausted stay dead, so each search only adds the
        # part of the tree the previous one did not cover.
        result = solve(trial, time_limit=left, dead=dead)
        if result.verdict is Verdict.WINNABLE:
            _remember(trial, result.moves)
            return len(trial.move_log)
        if result.verdict is Verdict.UNKNOWN:
            return None
    return None


def forced_finish(state: State) -> list[Move] | None:
    """Moves that win from here when no choice is left to the player, else None.

    A step is forced when it is a safe foundation move (one the solver may play without
    losing anything) or the only legal move; when a step is not forced, the rest must be
    a finish by foundation moves alone.
    """
    if state.is_won():
        return None
    trial = state.clone()
    autoplay = autoplay_function(model_for(trial.rules, trial.base))
    moves: list[Move] = []
    for _ in range(_FORCED_STEPS):
        if trial.is_won():
            return moves
        move = autoplay(trial.piles)
        if move is None:
            legal = trial.legal_moves()
            if len(legal) != 1:
                rest = autofinish_moves(trial)
                return None if rest is None else moves + rest
            move = legal[0]
        trial.apply(move)
        moves.append(move)
    return None
