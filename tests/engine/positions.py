"""Rule-test helpers for the Python rule tests not yet converted to specs/<game>.test.yaml.

Positions are built by `generator.check.positions` (see there for the notation).
"""

from __future__ import annotations

import pytest

from generator.check.positions import after, move, parse_pile, pile_text, position, run, texts
from runtime.engine import IllegalMoveError, State

__all__ = [
    "after",
    "allows",
    "move",
    "parse_pile",
    "pile_text",
    "position",
    "refuses",
    "run",
    "texts",
]


def allows(state: State, *moves: str) -> None:
    legal = texts(state)
    for text in moves:
        assert text in legal, f"{text} should be legal; legal: {sorted(legal)}"
        state.clone().play(text)  # and `play` agrees


def refuses(state: State, *moves: str) -> None:
    legal = texts(state)
    for text in moves:
        assert text not in legal, f"{text} should be illegal; legal: {sorted(legal)}"
        with pytest.raises(IllegalMoveError):
            state.clone().play(text)
