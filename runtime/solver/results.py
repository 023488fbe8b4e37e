"""What a search answers: a verdict, a winning line, the effort; and keys proven dead.

Kept apart from the searches so the compiled build of the depth-first search (`native.py`)
and the pure one return the very same types.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from enum import StrEnum

from runtime.engine.moves import Move


class Verdict(StrEnum):
    WINNABLE = "winnable"
    UNWINNABLE = "unwinnable"
    UNKNOWN = "unknown"  # a node or time limit was hit first


@dataclass(frozen=True, slots=True)
class SolveResult:
    verdict: Verdict
    moves: tuple[Move, ...] = ()  # a winning line when winnable
    nodes: int = 0
    seconds: float = 0.0


@dataclass(slots=True)
class DeadSet:
    """Keys proven unwinnable by exhausted searches of one game and deal; reusable."""

    keys: set[Hashable] = field(default_factory=set)
