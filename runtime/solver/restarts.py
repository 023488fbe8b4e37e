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

Where the rules let foundation cards come back and spaces take cards (Beleaguered Castle,
Streets and Alleys: `search._solve_cells`), every other run leaves play-back out and tries
the moves in Freecell Solver's atomic order (`without_play_back`): play-back moves, each a
fresh position, drown the few lines that win, and the two kinds of run win different
deals (`docs/solver.md`, "Restarts without play-back"). A run without play-back that runs
dry proves only that no line wins without it; the runs after it all try every move.

There too, before the randomized runs, one run over Freecell Solver's composite moves
(`meta_moves.py`) gets a share of the budget (``meta_share``): it wins deals both kinds of
run leave unknown, each within a few tens of thousands of nodes (`docs/solver.md`,
"Composite moves"). It proves nothing lost either. Then every third randomized run goes
over the composites too, in a perturbed order: they win other deals than the first
composite run, and than the runs over single moves.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from runtime.engine.moves import Move, MoveKind
from runtime.engine.rules import PileKind
from runtime.engine.state import State
from runtime.solver import clock
from runtime.solver.native import depth_first_module
from runtime.solver.results import DeadSet, SolveResult, Verdict
from runtime.solver.stock import Action, ActionGenerator
from runtime.solver.successors import Generator, Piles

if TYPE_CHECKING:
    from runtime.solver.depth_first import DepthFirst

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


T = TypeVar("T", Move, Action)


def _perturbed(
    generate: Callable[[Piles, int], list[T]], rng: random.Random
) -> Callable[[Piles, int], list[T]]:
    """``generate``'s moves (best last: the search pops them), each place shifted by a
    random part of ``JITTER`` times their number, so that a weaker move may come first."""

    def jittered(piles: Piles, redeals_left: int) -> list[T]:
        moves = generate(piles, redeals_left)
        spread = len(moves) * JITTER
        ranked = sorted((i + rng.random() * spread, i) for i in range(len(moves)))
        return [moves[i] for _, i in ranked]

    return jittered


# Freecell Solver's atomic moves in its order ("-to 01ABCDE"): cards home, from the
# tableau first; then a tableau card to an empty pile, onto a card, into a cell; then a
# cell's card onto a card, to an empty pile. Anything else after them.
(
    HOME_FROM_TABLEAU,
    HOME,
    TO_SPACE,
    ONTO_CARD,
    INTO_CELL,
    CELL_ONTO_CARD,
    CELL_TO_SPACE,
    OTHER,
) = range(8)


def without_play_back(generate: Generator, kinds: tuple[PileKind, ...]) -> Generator:
    """``generate``'s moves but those that take a card off a foundation, in Freecell
    Solver's atomic order (see above; by source pile, then target pile), best last."""

    def ordered(piles: Piles, redeals_left: int) -> list[Move]:
        ranked: list[tuple[int, int, int, Move]] = []
        for move in generate(piles, redeals_left):
            if move.kind is not MoveKind.TRANSFER:
                ranked.append((OTHER, move.src, move.dst, move))
                continue
            source, target = kinds[move.src], kinds[move.dst]
            if source is PileKind.FOUNDATION:
                continue
            if target is PileKind.FOUNDATION:
                group = HOME_FROM_TABLEAU if source is PileKind.TABLEAU else HOME
            elif target is PileKind.TABLEAU and source is PileKind.TABLEAU:
                group = ONTO_CARD if piles[move.dst] else TO_SPACE
            elif target is PileKind.TABLEAU and source is PileKind.RESERVE:
                group = CELL_ONTO_CARD if piles[move.dst] else CELL_TO_SPACE
            elif target is PileKind.RESERVE and source is PileKind.TABLEAU:
                group = INTO_CELL
            else:
                group = OTHER
            ranked.append((group, move.src, move.dst, move))
        ranked.sort(reverse=True)  # the search pops the last
        return [move for *_, move in ranked]

    return ordered


def solve_by_restarts(
    state: State,
    max_nodes: int,
    deadline: float | None,
    dead: DeadSet | None,
    alternate_without_play_back: bool = False,
    meta_share: float = 0.0,
) -> SolveResult:
    """Depth-first runs of growing budgets until one settles the deal or the budget ends;
    with ``alternate_without_play_back``, every other run leaves play-back out; with
    ``meta_share``, a run over composite moves comes first, and every third run after it
    goes over them too (see above)."""
    started = time.perf_counter()
    search = depth_first_module().DepthFirst(state)
    root = search.state.clone()
    orders = [search.moves]
    if alternate_without_play_back:
        orders.append(without_play_back(search.moves, state.layout.kinds))
    nodes = 0
    composites = search.meta_moves if meta_share else None
    if composites is not None:
        found = _composite_run(search, composites, max_nodes, deadline, meta_share)
        nodes += found.nodes
        if found.verdict is Verdict.WINNABLE:
            return SolveResult(found.verdict, found.moves, nodes, time.perf_counter() - started)
        if found.verdict is Verdict.UNWINNABLE:
            composites = None  # no line of composites wins, in any order
    unperturbed = len(orders)  # the first run in each order over single moves keeps it
    run = 0
    while nodes < max_nodes and (deadline is None or clock.now() < deadline):
        budget = min(UNIT * luby(run + 1), max_nodes - nodes)
        turn = run % (len(orders) + (composites is not None))  # the composites' turn last
        rng = random.Random(run)
        run += 1
        search.state = root.clone()
        if turn == len(orders):
            assert composites is not None
            found = _composite_run(search, _perturbed(composites, rng), budget, deadline, 1.0)
            nodes += found.nodes
            if found.verdict is Verdict.UNWINNABLE:
                composites = None
                continue
        else:
            order = orders[turn]
            generate = order if run <= unperturbed else _perturbed(order, rng)
            complete = order is orders[0]
            # A run over fewer moves proves nothing lost: it must not add to ``dead``.
            found = search.depth_first(generate, budget, deadline, dead if complete else None)
            nodes += found.nodes
            if found.verdict is Verdict.UNWINNABLE and not complete:
                del orders[1:]  # no line wins without play-back: every move from now on
                continue
        if found.verdict is not Verdict.UNKNOWN:
            return SolveResult(found.verdict, found.moves, nodes, time.perf_counter() - started)
    return SolveResult(Verdict.UNKNOWN, (), nodes, time.perf_counter() - started)


def _composite_run(
    search: DepthFirst,
    generate: ActionGenerator,
    max_nodes: int,
    deadline: float | None,
    share: float,
) -> SolveResult:
    """One depth-first run over composite moves for ``share`` of the budget, from
    ``search``'s state (each run after it starts from a fresh copy of the deal). Without
    sleep sets: a composite is built from its position, so the one a step commutes with
    may not be built again after it."""
    # A share of the time left, by `time.perf_counter` (a stopped thread's clock reads
    # infinity, and a share of it would be no deadline at all: `clock`).
    now = time.perf_counter()
    stop = None if deadline is None else now + (deadline - now) * share
    sleep_sets, search.sleep_sets = search.sleep_sets, False
    try:
        # A dead position for composites is not a dead position: no ``dead``.
        return search.depth_first(generate, int(max_nodes * share), stop, None, classes=False)
    finally:
        search.sleep_sets = sleep_sets
