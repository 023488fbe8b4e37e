"""The hint the Hint button shows: the solver's (the next move of a winning line, or where to
undo to when the game can no longer be won), else the engine's basic hint."""

from __future__ import annotations

from dataclasses import dataclass

from runtime.engine import Move, State
from runtime.engine.assist import hint


@dataclass(frozen=True)
class Advice:
    move: Move | None
    undo_to: int | None = None  # the game is lost: keep this many moves to be winnable again
    lost: bool = False  # the solver proved the position cannot be won


def advise(state: State) -> Advice:
    try:
        from runtime.solver.hint import solver_hint
        from runtime.solver.search import Verdict
    except ImportError:  # the solver is not installed: the engine's hint
        return Advice(hint(state))
    result = solver_hint(state)
    if result.verdict is Verdict.UNWINNABLE:
        return Advice(hint(state), result.undo_to, lost=True)
    return Advice(result.move)


def best_hint(state: State) -> Move | None:
    return advise(state).move
