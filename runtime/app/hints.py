"""The hint the Hint button shows: the solver's (the next move of a winning line, or where to
undo to when the game can no longer be won), else the engine's basic hint."""

from __future__ import annotations

from dataclasses import dataclass

from runtime.engine import Move, State
from runtime.engine.assist import hint, line_positions


@dataclass(frozen=True)
class Advice:
    move: Move | None
    undo_to: int | None = None  # lost: keep this many moves to be winnable again
    lost: bool = False  # the solver proved the position cannot be won
    # Winnable, but the way passes a position the player already had: undo to ``undo_to``.
    back: bool = False


def advise(state: State) -> Advice:
    """Never a move back to a position already on the player's line (see `solver_hint`)."""
    try:
        from runtime.solver.hint import solver_hint
        from runtime.solver.search import Verdict
    except ImportError:  # the solver is not installed: the engine's hint
        return Advice(hint(state, line_positions(state)))
    result = solver_hint(state)
    if result.verdict is Verdict.UNWINNABLE:
        return Advice(hint(state, line_positions(state)), result.undo_to, lost=True)
    if result.move is None and result.undo_to is not None:
        return Advice(None, result.undo_to, back=True)
    return Advice(result.move)


def best_hint(state: State) -> Move | None:
    return advise(state).move
