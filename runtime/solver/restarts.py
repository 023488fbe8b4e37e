"""Randomized restarts: short depth-first searches, each trying the moves in another order.

A search with one fixed move order has a heavy tail: a deal it has not won after millions of
positions is often won in a few thousand by the same search with other early choices
(Gomes, Selman and Kautz, "Boosting combinatorial search through randomization", 1998).
Baker's Dozen shows it plainly: of 13 deals among seeds 0-39 the best-first search left
unknown at 300,000 children (7 of them still unknown at 3,000,000), short depth-first runs
in perturbed orders won 5 of the first 8 within 200,000 nodes (`docs/solver.md`).

Run budgets follow Luby, Sinclair and Zuckerman's universal sequence (1, 1, 2, 1, 1, 2, 4,
...) times `UNIT` nodes, which is within a log factor of the best fixed restart budget for
any distribution of run lengths. The first run keeps the generator's order; run k > 0
perturbs it with a generator seeded by k, so a node-limited search gives the same verdict on
every machine. Each run is a complete depth-first search (a perturbation only reorders the
moves), so a run that runs dry proves the deal lost, and a win is a legal line.
"""

from __future__ import annotations

import random
import time

from runtime.engine.moves import Move
from runtime.engine.state import State
from runtime.solver import clock
from runtime.solver.native import depth_first_module
from runtime.solver.results import DeadSet, SolveResult, Verdict
from runtime.solver.successors import Generator, Piles

UNIT = 2_000  # nodes of the shortest run
JITTER = 0.5  # a move's place in the order is shifted by up to this share of the moves


def luby(i: int) -> int:
    """The i-th term (from 1) of Luby's sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, ..."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    if i == (1 << k) - 1:
        return 1 << (k - 1)
    return luby(i - (1 << (k - 1)) + 1)  # the terms after 2^(k-1) - 1 repeat the start


def _perturbed(generate: Generator, rng: random.Random) -> Generator:
    """``generate``'s moves (best last: the search pops them), each place shifted by a
    random part of ``JITTER`` times their number, so that a weaker move may come first."""

    def jittered(piles: Piles, redeals_left: int) -> list[Move]:
        moves = generate(piles, redeals_left)
        spread = len(moves) * JITTER
        ranked = sorted((i + rng.random() * spread, i) for i in range(len(moves)))
        return [moves[i] for _, i in ranked]

    return jittered


def solve_by_restarts(
    state: State, max_nodes: int, deadline: float | None, dead: DeadSet | None
) -> SolveResult:
    """Depth-first runs of growing budgets until one settles the deal or the budget ends."""
    started = time.perf_counter()
    search = depth_first_module().DepthFirst(state)
    root = search.state.clone()
    nodes = 0
    run = 0
    while nodes < max_nodes and (deadline is None or clock.now() < deadline):
        budget = min(UNIT * luby(run + 1), max_nodes - nodes)
        generate = search.moves if run == 0 else _perturbed(search.moves, random.Random(run))
        search.state = root.clone()
        found = search.depth_first(generate, budget, deadline, dead)
        nodes += found.nodes
        if found.verdict is not Verdict.UNKNOWN:
            return SolveResult(found.verdict, found.moves, nodes, time.perf_counter() - started)
        run += 1
    return SolveResult(Verdict.UNKNOWN, (), nodes, time.perf_counter() - started)
