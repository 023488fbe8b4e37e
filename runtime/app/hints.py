"""The hint the Hint button shows: one function, so the solver's hint can replace it."""

from __future__ import annotations

from runtime.engine import Move, State
from runtime.engine.assist import hint


def best_hint(state: State) -> Move | None:
    return hint(state)
