"""Nested rollouts (level 1): a line built move by move, each move chosen by short greedy
playouts after it; a rollout that wins gives the line.

A greedy playout (`playouts.py`) commits to whatever its noisy score likes best and is
lost once one of those moves was a mistake. A rollout looks one move further: at each step
of its line it tries the best few moves (`WIDTH`, by the playouts' score plus noise),
after each a short greedy playout (at most `HORIZON` moves, ended by `STALL` moves without
progress), and keeps the best sequence any of them reached from the deal, measured by
`Playouts.progress` (cards home, face-down cards turned up, cards in runs). The line then
plays that sequence's next move, so a good find is never forgotten though later playouts
do worse (Cazenave's nested Monte Carlo search, level 1, with the best sequence
memorised); or several of its moves, where looking before each would take the rollout past
its share of the budget (`ALLOWANCE`): a rollout only wins once its line nears the end,
and in a game of many cards one move a step never got there. A rollout ends when the best
sequence ends where the line stands (nothing ahead of it improves on it); the next one
starts from the deal with other noise, and more of it: the k-th rollout's noise is k times
the playouts' (`NOISE`). With the same noise, rollouts mostly find the same line again
(Forty Thieves seed 3: 13 of 15 rollouts ended at the same progress); with growing noise
they won 71 of 144 deals surveys had left unknown instead of 57 (`docs/solver.md`, "Nested
rollouts").
Positions the line has had are never entered again, neither by the line nor by its
playouts. Where the stock only feeds a waste, a caller may ask for rollouts over stock
moves (`stock.py`: each waste card the stock can bring up is one move, its deals
included), which reach every stock card at each step (`docs/solver.md`, "Rollouts over
stock moves").

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
from typing import cast

from runtime.engine.moves import Move, MoveKind
from runtime.engine.state import Piles, State
from runtime.solver import clock
from runtime.solver.goal import won_function
from runtime.solver.model import model_for
from runtime.solver.playouts import NOISE, Playouts, solve_by_playouts
from runtime.solver.results import SolveResult, Verdict
from runtime.solver.stock import (
    Action,
    ActionGenerator,
    Jump,
    stock_jump,
    stock_move_generator,
    stock_moves_supported,
)
from runtime.solver.successors import (
    Generator,
    move_generator,
    playout_generator,
    playout_moves,
)

Key = tuple[int, int, Piles]  # `State.key`

# Of a share handed to playouts, greedy playouts get the first nodes: they win the easy
# deals at once (four suits of Spider, seed 404, within 20,000 nodes of a 100,000-node
# survey, which rollouts alone leave unknown), exactly as the playouts of old did within
# their first 20,000 nodes. Rollouts get the rest.
GREEDY_NODES = 10_000
WIDTH = 6  # moves tried at each step of the line, best scored first
HORIZON = 300  # moves of one playout after a tried move
STALL = 40  # moves a playout goes on without reaching further
# A rollout's allowance: this share of the budget left when it starts. A line that would
# overrun it one move a step strides over its best sequence instead, as many moves at a
# time as keep it within (`_stride`). One move a step, no rollout of Jumbo's (104 cards)
# finished within 225,000 nodes: rollouts won none of its seeds 300-319; with half, 16;
# with a quarter, 18, but fewer of the deals other games' rollouts win (docs/solver.md,
# "A rollout's allowance").
ALLOWANCE = 0.5
# The estimate counts every move of the best sequence, but a playout often wins long
# before the line gets there (Saratoga seed 140: at 1,414 nodes one move a step, at 24,119
# striding from the first look), so for this share of its allowance the line goes one move
# a step whatever the estimate says.
FIRST_STEPS = 0.1
WON = 1 << 30  # a playout's progress when it wins: beats any other
# Over stock moves (`stock.py`), a waste card's move is scored as a move off the waste
# after its deals, less STOCK_DEAL a deal and STOCK_REDEAL a redeal (a pass of the stock
# gone for good): without them the rollouts went through the passes at once.
STOCK_DEAL = 3
STOCK_REDEAL = 100


class _Rollout:
    """One search's budget, score and noise."""

    def __init__(
        self, state: State, max_nodes: int, deadline: float | None, stock: bool = False
    ) -> None:
        model = model_for(state.rules, state.base)
        self.scorer = Playouts(model)
        self.generate: Generator | None = playout_generator(model)
        # With ``stock``, where the stock only feeds a waste: stock moves instead of deals.
        self.actions: ActionGenerator | None = None
        self.jump: Jump | None = None
        if stock and stock_moves_supported(model):
            plain = self.generate or move_generator(model, state)
            self.actions = stock_move_generator(model, plain)
            self.jump = stock_jump(model)
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

    def ranked(self, trial: State) -> list[Action]:
        """``trial``'s legal moves (or stock moves), best scored (with noise) first."""
        piles = trial.piles
        if self.actions is None:
            moves = playout_moves(self.generate, trial)
            return cast(list[Action], self.scorer.ranked(piles, moves, self.rng, self.noise))
        assert self.jump is not None
        scored: list[tuple[float, Action]] = []
        for action in self.actions(piles, trial.redeals_left):
            if isinstance(action, Move):
                score = self.scorer.score(piles, action)
            else:  # deals and redeals, then the waste card's move
                lead = action[:-1]
                after, _ = self.jump(piles, trial.redeals_left, lead)
                score = self.scorer.score(after, action[-1])
                for move in lead:
                    score -= STOCK_REDEAL if move[0] is MoveKind.REDEAL else STOCK_DEAL
            scored.append((score + self.rng.random() * self.noise, action))
        scored.sort(key=_first_desc)
        return [action for _, action in scored]

    def run(self, state: State) -> list[Action] | None:
        """One rollout from ``state``: its winning line, or None."""
        trial = state.clone()
        line_seen = {trial.key()}
        line: list[Action] = []
        best_progress = -WON
        best: list[Action] = []  # the best sequence found so far, from the deal
        start = self.nodes
        allowance = int((self.max_nodes - start) * ALLOWANCE)
        while not self.out_of_budget():
            if self.won(trial.piles):
                return line
            looked_from = self.nodes
            tried = 0
            for action in self.ranked(trial):
                if tried == WIDTH or self.nodes >= self.max_nodes:
                    break
                self.nodes += 1
                played = _play(trial, action)
                key = trial.key()
                if key in line_seen:
                    _take_back(trial, played)
                    continue
                tried += 1
                line_seen.add(key)
                progress, ahead = self.playout(trial, line_seen)
                line_seen.discard(key)
                _take_back(trial, played)
                if progress > best_progress:
                    best_progress, best = progress, [*line, action, *ahead]
                    if progress == WON:
                        return best
            to_go = len(best) - len(line)
            if to_go <= 0:
                return None  # no sequence gets further than the line already has
            stride = _stride(to_go, self.nodes - looked_from, self.nodes - start, allowance)
            for action in best[len(line) : len(line) + stride]:
                _play(trial, action)
                line_seen.add(trial.key())
                line.append(action)
        return None

    def playout(self, trial: State, line_seen: set[Key]) -> tuple[int, list[Action]]:
        """A greedy playout from ``trial`` (left as it was): the furthest progress it
        reached (`WON` if it won) and its moves up to there."""
        seen: set[Key] = set()
        actions: list[Action] = []
        played = 0  # engine moves, to take back
        peak, peak_at = self.scorer.progress(trial.piles), 0
        for _ in range(HORIZON):
            # Asked at every step: the move generator offers moves in a won position too
            # (foundation cards back to the tableau), where the engine offers none.
            if self.won(trial.piles):
                break
            chosen = False
            for action in self.ranked(trial):
                self.nodes += 1
                count = _play(trial, action)
                key = trial.key()
                if key not in line_seen and key not in seen:
                    seen.add(key)
                    actions.append(action)
                    played += count
                    chosen = True
                    break
                _take_back(trial, count)
            if not chosen:
                break
            reached = self.scorer.progress(trial.piles)
            if reached > peak:
                peak, peak_at = reached, len(actions)
            elif len(actions) - peak_at > STALL or self.nodes >= self.max_nodes:
                break
        if self.won(trial.piles):  # won, out of moves, or at the horizon
            peak, peak_at = WON, len(actions)
        _take_back(trial, played)
        return peak, actions[:peak_at]


def _stride(to_go: int, look_cost: int, spent: int, allowance: int) -> int:
    """How many moves of its best sequence (``to_go`` of them ahead) the line plays before
    it looks again, ``spent`` nodes into a rollout's ``allowance``: one, unless looking
    before each of them (``look_cost`` nodes a time, as the last look cost) would overrun
    the allowance after its first steps (`FIRST_STEPS`); then as many as keep it within,
    and all of them once it is spent."""
    if spent < allowance * FIRST_STEPS:
        return 1
    left = allowance - spent
    if left <= 0:
        return to_go
    need = look_cost * to_go
    if need <= left:
        return 1
    return min(to_go, (need + left - 1) // left)


def _first_desc(pair: tuple[float, Action]) -> float:
    return -pair[0]


def _play(trial: State, action: Action) -> int:
    """Play a move, or a stock move's moves; how many engine moves that was."""
    if isinstance(action, Move):
        trial.apply(action)
        return 1
    for move in action:
        trial.apply(move)
    return len(action)


def _take_back(trial: State, played: int) -> None:
    for _ in range(played):
        trial.undo()


def _moves_of(line: list[Action]) -> tuple[Move, ...]:
    moves: list[Move] = []
    for action in line:
        if isinstance(action, Move):
            moves.append(action)
        else:
            moves.extend(action)
    return tuple(moves)


def solve_by_rollouts(
    state: State, max_nodes: int, deadline: float | None, first: int = 0, stock: bool = False
) -> SolveResult:
    """Nested rollouts from ``state`` (unchanged) until one wins or the budget ends:
    winnable with its line, or unknown. Rollout n (from 0) draws its noise from seed
    ``first`` + n, n + 1 times the playouts' noise. With ``stock``, over stock moves
    where the rules allow them (`stock.stock_moves_supported`)."""
    started = time.perf_counter()
    search = _Rollout(state, max_nodes, deadline, stock)
    number = first
    while not search.out_of_budget():
        search.rng = random.Random(number)
        number += 1
        search.noise = NOISE * (number - first)
        line = search.run(state)
        if line is not None:
            return SolveResult(
                Verdict.WINNABLE, _moves_of(line), search.nodes, time.perf_counter() - started
            )
    return SolveResult(Verdict.UNKNOWN, (), search.nodes, time.perf_counter() - started)


def solve_by_playouts_then_rollouts(
    state: State, max_nodes: int, deadline: float | None, first: int = 0, stock: bool = False
) -> SolveResult:
    """Greedy playouts for `GREEDY_NODES` of ``max_nodes``, then nested rollouts (over stock
    moves with ``stock``): winnable with a line, or unknown, with the nodes of both. Both
    draw from seed ``first`` on."""
    quick = solve_by_playouts(state, min(GREEDY_NODES, max_nodes), deadline, first)
    if quick.verdict is Verdict.WINNABLE or quick.nodes >= max_nodes:
        return quick
    rest = solve_by_rollouts(state, max_nodes - quick.nodes, deadline, first, stock)
    return SolveResult(
        rest.verdict, rest.moves, quick.nodes + rest.nodes, quick.seconds + rest.seconds
    )
