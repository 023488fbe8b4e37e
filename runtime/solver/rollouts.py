"""Nested rollouts (level 1): a line built move by move, each move chosen by short greedy
playouts after it; a rollout that wins gives the line.

A greedy playout (`playouts.py`) commits to whatever its noisy score likes best and is lost
once one of those moves was a mistake. A rollout looks one move further: at each step of
its line it tries the best few moves (`WIDTH`, by the playouts' score plus noise), after
each a short greedy playout (at most `HORIZON` moves, ended by `STALL` moves without
progress), and keeps the best sequence any of them reached from the deal, measured by
`Playouts.progress` (cards home, face-down cards turned up, cards in runs). The line then
plays that sequence's next move, so a good find is never forgotten though later playouts
do worse (Cazenave's nested Monte Carlo search, level 1, with the best sequence
memorised). A rollout ends when the best sequence ends where the line stands (nothing
ahead of it improves on it); the next one starts from the deal with other noise, and more
of it: the k-th rollout's noise is k times the playouts' (`NOISE`). With the same noise,
rollouts mostly find the same line again (Forty Thieves seed 3: 13 of 15 rollouts ended at
the same progress); with growing noise they won 71 of 144 deals surveys had left unknown
instead of 57 (`docs/solver.md`, "Nested rollouts").
Positions the line has had are never entered again, neither by the line nor by its
playouts.

Measured against the greedy playouts on the same budget, 150,000 nodes, the first 8 deals
of each survey that the whole schedule left unknown (`docs/solver.md`, "Nested
rollouts"): 25 of 96 won against 6. Like the playouts it only ever finds wins.

Rollout n draws its noise from seed ``first`` + n: node-limited runs give the same verdict
and line on every machine. A node is a move tried (applied, then kept or taken back).

Compiled with the depth-first search by mypyc when built (`native.py`): keep it fully typed.
"""

from __future__ import annotations

import random
import time

from runtime.engine.moves import Move
from runtime.engine.state import Piles, State
from runtime.solver import clock
from runtime.solver.goal import won_function
from runtime.solver.model import model_for
from runtime.solver.playouts import NOISE, Playouts, solve_by_playouts
from runtime.solver.results import SolveResult, Verdict
from runtime.solver.successors import Generator, move_generator

Key = tuple[int, int, Piles]  # `State.key`

# Of a share handed to playouts, greedy playouts get the first nodes: they win the easy
# deals at once (four suits of Spider, seed 404, within 20,000 nodes of a 100,000-node
# survey, which rollouts alone leave unknown), exactly as the playouts of old did within
# their first 20,000 nodes. Rollouts get the rest.
GREEDY_NODES = 10_000
WIDTH = 6  # moves tried at each step of the line, best scored first
HORIZON = 300  # moves of one playout after a tried move
STALL = 40  # moves a playout goes on without reaching further
WON = 1 << 30  # a playout's progress when it wins: beats any other


class _Rollout:
    """One search's budget, score and noise."""

    def __init__(self, state: State, max_nodes: int, deadline: float | None) -> None:
        model = model_for(state.rules, state.base)
        self.scorer = Playouts(model)
        self.generate: Generator = move_generator(model, state)
        self.won = won_function(model, state)
        self.max_nodes = max_nodes
        self.deadline = deadline
        self.nodes = 0
        self.rng = random.Random(0)
        self.noise = NOISE

    def out_of_budget(self) -> bool:
        return self.nodes >= self.max_nodes or (
            self.deadline is not None and clock.now() > self.deadline
        )

    def ranked(self, trial: State) -> list[Move]:
        """``trial``'s legal moves, best scored (with noise) first."""
        moves = self.generate(trial.piles, trial.redeals_left)
        return self.scorer.ranked(trial.piles, moves, self.rng, self.noise)

    def run(self, state: State) -> list[Move] | None:
        """One rollout from ``state``: its winning line, or None."""
        trial = state.clone()
        line_seen = {trial.key()}
        line: list[Move] = []
        best_progress = -WON
        best: list[Move] = []  # the best sequence found so far, from the deal
        while not self.out_of_budget():
            if self.won(trial.piles):
                return line
            tried = 0
            for move in self.ranked(trial):
                if tried == WIDTH or self.nodes >= self.max_nodes:
                    break
                self.nodes += 1
                trial.apply(move)
                key = trial.key()
                if key in line_seen:
                    trial.undo()
                    continue
                tried += 1
                line_seen.add(key)
                progress, ahead = self.playout(trial, line_seen)
                line_seen.discard(key)
                trial.undo()
                if progress > best_progress:
                    best_progress, best = progress, [*line, move, *ahead]
                    if progress == WON:
                        return best
            if len(best) <= len(line):
                return None  # no sequence gets further than the line already has
            move = best[len(line)]
            trial.apply(move)
            line_seen.add(trial.key())
            line.append(move)
        return None

    def playout(self, trial: State, line_seen: set[Key]) -> tuple[int, list[Move]]:
        """A greedy playout from ``trial`` (left as it was): the furthest progress it
        reached (`WON` if it won) and its moves up to there."""
        seen: set[Key] = set()
        moves: list[Move] = []
        peak, peak_at = self.scorer.progress(trial.piles), 0
        for _ in range(HORIZON):
            # Asked at every step: the move generator offers moves in a won position too
            # (foundation cards back to the tableau), where the engine offers none.
            if self.won(trial.piles):
                break
            chosen = None
            for move in self.ranked(trial):
                self.nodes += 1
                trial.apply(move)
                key = trial.key()
                if key not in line_seen and key not in seen:
                    seen.add(key)
                    chosen = move
                    break
                trial.undo()
            if chosen is None:
                break
            moves.append(chosen)
            reached = self.scorer.progress(trial.piles)
            if reached > peak:
                peak, peak_at = reached, len(moves)
            elif len(moves) - peak_at > STALL or self.nodes >= self.max_nodes:
                break
        if self.won(trial.piles):  # won, out of moves, or at the horizon
            peak, peak_at = WON, len(moves)
        for _ in moves:
            trial.undo()
        return peak, moves[:peak_at]


def solve_by_rollouts(
    state: State, max_nodes: int, deadline: float | None, first: int = 0
) -> SolveResult:
    """Nested rollouts from ``state`` (unchanged) until one wins or the budget ends:
    winnable with its line, or unknown. Rollout n (from 0) draws its noise from seed
    ``first`` + n, n + 1 times the playouts' noise."""
    started = time.perf_counter()
    search = _Rollout(state, max_nodes, deadline)
    number = first
    while not search.out_of_budget():
        search.rng = random.Random(number)
        number += 1
        search.noise = NOISE * (number - first)
        line = search.run(state)
        if line is not None:
            return SolveResult(
                Verdict.WINNABLE, tuple(line), search.nodes, time.perf_counter() - started
            )
    return SolveResult(Verdict.UNKNOWN, (), search.nodes, time.perf_counter() - started)


def solve_by_playouts_then_rollouts(
    state: State, max_nodes: int, deadline: float | None, first: int = 0
) -> SolveResult:
    """Greedy playouts for `GREEDY_NODES` of ``max_nodes``, then nested rollouts: winnable
    with a line, or unknown, with the nodes of both. Both draw from seed ``first`` on."""
    quick = solve_by_playouts(state, min(GREEDY_NODES, max_nodes), deadline, first)
    if quick.verdict is Verdict.WINNABLE or quick.nodes >= max_nodes:
        return quick
    rest = solve_by_rollouts(state, max_nodes - quick.nodes, deadline, first)
    return SolveResult(
        rest.verdict, rest.moves, quick.nodes + rest.nodes, quick.seconds + rest.seconds
    )
