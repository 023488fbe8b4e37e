"""Shorter winning lines: skip the detours a search or a playout took on its way.

A line the solver finds never repeats a position, but it is seldom short: a greedy playout
shuffles runs between hosts before the move that matters, and a depth-first line keeps
every move the search made on the way down to the branch that won. A player who follows
hints plays that line move by move, so each detour is a move wasted. Where one legal move
from a position of the line reaches a later position of the same line, the moves between
are a detour: from each position kept, the move that reaches the furthest position of the
line is played (greedy, and then no kept position reaches beyond the next one kept).
Giant hints on `bench/solve_hint.py --deals 6 --games giant`'s positions: lines of
365-5,565 moves become 225-375, in 10-28 ms; Spider seed 0's line (greedy playouts, 1,000,000
nodes) 1,995 moves become 531, Klondike seed 0's 362 become 155 (session 34). The shortest
path over the same shortcuts (dynamic programming back from the end) is 5-25 % shorter
still, but it looks at every position of the line, not only the kept ones: 3-6 times the
time (Giant: up to 307 ms where this takes about 30).

Until session 34 this was the hints' own step (`hint.shortcut`), which copied the position
for every move it tried; `solve` now cuts every line it hands out (hints, undo points,
`helpdeck solve`), undoing each move tried instead: the same lines, 1.4-1.8 times faster
(Spider seed 0: 31.5 ms against 57.5).

Sound by construction: each kept move is one of the engine's legal moves where it is played,
and positions are compared by `State.key`, which is exact, so the line still ends where the
original did. Past ``deadline`` the rest of the original line is kept as it is.
"""

from __future__ import annotations

from collections.abc import Hashable

from runtime.engine.moves import Move
from runtime.engine.state import State
from runtime.solver import clock


def shorten(
    state: State, line: tuple[Move, ...], deadline: float | None = None
) -> tuple[Move, ...]:
    """``line`` from ``state`` (unchanged) with its detours cut (see the module's docstring)."""
    if len(line) < 2:
        return line
    trial = state.clone()
    place: dict[Hashable, int] = {trial.key(): 0}
    for number, move in enumerate(line, 1):
        trial.apply(move)
        place[trial.key()] = number
    trial = state.clone()
    kept: list[Move] = []
    index = 0
    while index < len(line):
        if deadline is not None and clock.now() > deadline:
            return (*kept, *line[index:])
        furthest, chosen = index + 1, line[index]
        for move in trial.legal_moves():
            trial.apply(move)
            later = place.get(trial.key(), -1)
            trial.undo()
            if later > furthest:
                furthest, chosen = later, move
        trial.apply(chosen)
        kept.append(chosen)
        index = furthest
    return tuple(kept)
