"""Solve a deal: the free-cell family's best-first search (`cells.py`) where it applies,
else the generic depth-first search (`depth_first.py`); either runs compiled when a
current build is present (`native.py`).
"""

from __future__ import annotations

import gc
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

from runtime.engine.cards import FACE_DOWN
from runtime.engine.moves import Move
from runtime.engine.rules import Rules
from runtime.engine.state import State
from runtime.solver import clock
from runtime.solver.cells import LONG_BUDGET
from runtime.solver.depth_first import DepthFirst
from runtime.solver.model import Model, model_for
from runtime.solver.native import cells_module, depth_first_module, rollouts_module
from runtime.solver.playouts import reserves_stack
from runtime.solver.restarts import solve_by_restarts
from runtime.solver.results import DeadSet as DeadSet
from runtime.solver.results import SolveResult as SolveResult
from runtime.solver.results import Verdict as Verdict
from runtime.solver.shortcuts import shorten

DEFAULT_MAX_NODES = 200_000
# Free-cell-family games where no cell or space takes a card (Baker's Dozen): the share of
# a long budget left to randomized restarts after the best-first search (`restarts.py`).
RESTART_SHARE = 1 / 3
# Where spaces take cards (Beleaguered Castle, Streets and Alleys) the best-first search
# settles many more deals late: restarts only on a budget whose rest still runs the long
# portfolio (`cells.LONG_BUDGET`), with a smaller share of it (a restart node costs about
# six children of the best-first search: a fifth of 2,000,000 nodes took an unknown deal
# from 5.7 s to 12.6 s of CPU, a tenth keeps it under 10 s).
SPACES_RESTART_SHARE = 1 / 10
# Where no cell or space takes a card, the restarts' share is nested rollouts' but for a
# first tenth (`ROLLOUTS_AFTER_RESTARTS`). On Baker's Dozen's survey at 2,000,000 nodes,
# rollouts alone within 333,000 nodes won all 24 of the deals restarts had won there,
# early or late, and 3 of the first 6 deals the restarts left unknown (within 213,102); the
# first tenth keeps the restarts' early wins (260 of their 413 within 50,000 nodes) and
# their cheap proofs (seed 152, 227 nodes in, from the keys the best-first search proved
# dead).
ROLLOUTS_AFTER_RESTARTS = 0.9
# There, of the restarts' budget: the share of a first run over Freecell Solver's
# composite moves (`meta_moves.py`, `docs/solver.md`, "Composite moves").
COMPOSITE_SHARE = 1 / 2
RESTART_MIN_NODES = 50_000
RESTART_MIN_SECONDS = 1.0
# Depth-first games not searched over stock moves, on a budget as long: the share of it
# after which a search far from exhausting its tree hands the rest to restarts
# (`depth_first.py`).
PAUSE_SHARE = 0.9
# And where no early playouts ran, at this share of its nodes the search hands
# `INTERLUDE_SHARE` of the budget to greedy playouts and nested rollouts, then goes on where it
# was (`depth_first.py`): in Bristol, whose searches prove no deal lost, they had won 394 of
# its 2,000 deals in the tenth after the pause at nine tenths, the search 71 in the six
# tenths before it; a search that paused there for good lost proofs it completes later
# (Agnes seed 1701 at 560,326 nodes: docs/solver.md, "An interlude of playouts").
INTERLUDE_AT = 0.3
INTERLUDE_SHARE = 0.2
# Of what a paused search leaves: the share for greedy playouts and then nested rollouts
# (`rollouts.solve_by_playouts_then_rollouts`; playouts alone until session 37:
# `docs/solver.md`, "Nested rollouts"), which win deals whose tableau no search exhausts
# (Spider, Giant), before the restarts.
PLAYOUT_SHARE = 0.5
# Before that, on a long budget, in games of two decks or more where no stock cycles (that
# schedule is `depth_first.py`'s): a short search settles the easy deals, then greedy
# playouts (and nested rollouts since session 37) get `EARLY_PLAYOUT_SHARE` of the budget,
# then a fresh search the rest. Seeds 0-19 at 300,000 nodes, no early playouts / a tenth:
# Giant 11 / 15 won, Terrace 5 / 7, Gypsy 3 / 4, none of their 60 deals proven lost either
# way (104 cards: no search exhausts the tree). Seeds 0-9, a tenth / half: Gypsy 2 / 7,
# Spider with two suits 1 / 6, Terrace 5 / 5, Backbone 6 / 5; playouts alone won 41 of the
# 49 Giant deals a tenth left unknown or won late, each within 150,000 nodes. With one deck,
# proofs finish late and playouts seldom win: a tenth lost Lady Jane two proofs (seeds 7 and
# 18, settled at 275,909 and 247,750 nodes without), Eagle Wing one, and won Whitehead,
# Yukon, Glenwood and Royal East nothing more. One deck whose foundations take only whole
# suits (Spiderette, Will o' the Wisp) is like Spider: no card goes home alone, so no proof
# ends within a budget and playouts do win (seeds 0-9 at 300,000 nodes, without / with: Will
# o' the Wisp 0 / 8 won, Spiderette 0 / 1, none proven lost either way). Giving them to
# every one-deck stock that deals onto the tableau would have cost proofs: Easthaven 2 of
# 10, Agnes 1 (Hamilton won 1 more, Scorpion the same). Reserves that stack any card (Sir
# Tommy): every card's pile is a free choice, so neither does a proof end; 0 / 8 won.
EARLY_PLAYOUT_MIN_DECKS = 2
EARLY_SEARCH_NODES = 10_000
EARLY_PLAYOUT_SHARE = 0.5
# Two decks or more and foundations that take only whole suits (Spider, Spider Three
# Decks): no proof ends and no card goes home alone, so the search after the early
# rollouts only wins what more of them would: of the 2,000 deals of Spider's survey at
# 1,000,000 nodes (session 38's search) it won none of the 445 they left, of Spider
# Three Decks' 2,000 at 100,000 two. The rollouts get nine tenths: they go on exactly as
# they would have, so no deal they won is lost, and 6 of the first 12 deals that survey
# left unknown are won within 900,000 rollout nodes (`docs/solver.md`, "Nine tenths to the
# rollouts with two decks of whole suits").
EARLY_SUITS_SHARE = 0.9
# The late rollouts (after a pause) draw other seeds than early ones, if any ran
# (`rollouts.solve_by_rollouts`'s ``first``): none repeats another.
LATE_PLAYOUTS_FIRST = 1_000_000
_Search = DepthFirst  # the pure search, by the name tests/solver/test_stock.py uses


@contextmanager
def _collector_paused() -> Iterator[None]:
    """The searches allocate millions of small tuples and make no reference cycles: the
    cyclic collector would only re-scan them (free-cell search: about 5 % of the time, 10 %
    of the mean; depth-first, compiled: about 3 % of its instructions)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def _long_enough_to_restart(max_nodes: int, deadline: float | None, now: float) -> bool:
    """A budget long enough to give part of it to restarts (not a hint's short one)."""
    return max_nodes >= RESTART_MIN_NODES and (
        deadline is None or deadline - now >= RESTART_MIN_SECONDS
    )


def _solve_cells(
    state: State,
    model: Model,
    max_nodes: int,
    deadline: float | None,
    dead: DeadSet | None,
) -> SolveResult:
    """The best-first search; where no free cell can take a card (its estimate has little
    to weigh) and the budget is long, it leaves a share of it to randomized depth-first
    restarts (`restarts.py`), which win many of the deals it gets lost in: `RESTART_SHARE`
    where no space takes one either (Baker's Dozen: nested rollouts get all but a first
    tenth of it, `ROLLOUTS_AFTER_RESTARTS`), `SPACES_RESTART_SHARE` where spaces do, of a
    budget whose rest is at least `cells.LONG_BUDGET`; there, where foundation cards may
    come back, every other run leaves play-back out."""
    started = time.perf_counter()
    share = 0.0
    alternate = False  # restarts: every other run without foundation play-back
    meta_share = 0.0  # restarts: a first run over composite moves
    rollout_share = 0.0  # of the restarts' budget, left to nested rollouts after them
    cells_deadline = deadline
    if model.r0 == model.r1 and _long_enough_to_restart(max_nodes, deadline, started):
        if not any(model.tableau_start or ()):
            share = RESTART_SHARE
            rollout_share = ROLLOUTS_AFTER_RESTARTS
        elif max_nodes * (1 - SPACES_RESTART_SHARE) >= LONG_BUDGET:
            share = SPACES_RESTART_SHARE
            alternate = state.rules.foundation_play_back
            meta_share = COMPOSITE_SHARE
    restart_nodes = int(max_nodes * share)
    if restart_nodes and deadline is not None:
        cells_deadline = started + (deadline - started) * (1 - share)
    run = cells_module().cells_search(model).solve
    known = dead.keys if dead is not None else set()
    with _collector_paused():
        found = run(state.piles, max_nodes - restart_nodes, cells_deadline, known, dead is not None)
    seconds = time.perf_counter() - started
    if found.won is None and restart_nodes:
        rest = max_nodes - found.nodes
        rolled = int(rest * rollout_share)
        restarts_deadline = deadline
        if rolled and deadline is not None:
            now = time.perf_counter()
            restarts_deadline = now + (deadline - now) * (1 - rollout_share)
        with _collector_paused():
            again = solve_by_restarts(
                state,
                rest - rolled,
                restarts_deadline,
                dead,
                alternate_without_play_back=alternate,
                meta_share=meta_share,
            )
            if rolled and again.verdict is Verdict.UNKNOWN:
                roll = rollouts_module().solve_by_playouts_then_rollouts
                rolled_out: SolveResult = roll(state, rest - again.nodes, deadline)
                again = replace(rolled_out, nodes=again.nodes + rolled_out.nodes)
        seconds = time.perf_counter() - started
        return replace(again, nodes=found.nodes + again.nodes, seconds=seconds)
    if found.won is None:
        return SolveResult(Verdict.UNKNOWN, (), found.nodes, seconds)
    if not found.won:
        known |= found.dead
        return SolveResult(Verdict.UNWINNABLE, (), found.nodes, seconds)
    return SolveResult(Verdict.WINNABLE, found.moves, found.nodes, seconds)


def solve(
    state: State,
    *,
    max_nodes: int = DEFAULT_MAX_NODES,
    time_limit: float | None = None,
    dead: DeadSet | None = None,
    best_first: bool = True,
    cut_detours: bool = True,
) -> SolveResult:
    """Solve ``state`` (unchanged); the line in the result replays with `State.play`, with
    its detours cut out (`shortcuts.py`) unless ``cut_detours`` is off (a caller that
    only wants the verdict, such as a survey, saves the time)."""
    found = _solve(state, max_nodes, time_limit, dead, best_first)
    if not cut_detours or found.verdict is not Verdict.WINNABLE or len(found.moves) < 2:
        return found
    started = time.perf_counter()
    # At most the search's own time limit again (a hint's budget stays bounded).
    deadline = None if time_limit is None else started + time_limit
    line = shorten(state, found.moves, deadline)
    return replace(found, moves=line, seconds=found.seconds + time.perf_counter() - started)


def _solve(
    state: State,
    max_nodes: int,
    time_limit: float | None,
    dead: DeadSet | None,
    best_first: bool,
) -> SolveResult:
    """`solve` before the line is shortened."""
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    if state.rules.base_chosen and not state.base:
        return _solve_each_base(state, max_nodes, deadline, best_first)
    model = model_for(state.rules, state.base)
    if (
        best_first
        and cells_module().cells_supported(model)
        and all(c < FACE_DOWN for p in state.piles for c in p)
    ):
        return _solve_cells(state, model, max_nodes, deadline, dead)
    return _solve_depth_first(state, max_nodes, deadline, dead)


def _early_playouts(rules: Rules) -> bool:
    """Rules under which a depth-first search seldom proves a deal lost within a long
    budget while playouts and rollouts win many: two decks or more, foundations that take
    only whole suits, or reserves that stack any card (`EARLY_PLAYOUT_MIN_DECKS`)."""
    return (
        rules.decks >= EARLY_PLAYOUT_MIN_DECKS
        or rules.foundations_take_suits
        or reserves_stack(rules)
    )


def _suits_only(rules: Rules) -> bool:
    """Two decks or more whose foundations take only whole suits: no search ends and no
    card goes home alone (`EARLY_SUITS_SHARE`)."""
    return rules.decks >= EARLY_PLAYOUT_MIN_DECKS and rules.foundations_take_suits


def _solve_depth_first(
    state: State, max_nodes: int, deadline: float | None, dead: DeadSet | None
) -> SolveResult:
    """The depth-first search. On a long budget, where `_early_playouts` and no stock
    cycles: a short search first, then greedy playouts and nested rollouts
    (`EARLY_PLAYOUT_SHARE`, or `EARLY_SUITS_SHARE`), then the search again with the rest.
    Where none ran, greedy playouts and rollouts get `INTERLUDE_SHARE` of the budget at
    `INTERLUDE_AT` of it, and the search goes on after them where it was.
    A search still below a bad early move at `PAUSE_SHARE` of its budget leaves the rest to
    playouts and rollouts (a share of it) and randomized restarts (`restarts.py`), which
    win some of the deals it would not finish (rollouts: Spider, Giant, Gypsy; restarts:
    Whitehead, Yukon, Bristol) while the proofs a search completes late go on
    (`docs/solver.md`)."""
    started = time.perf_counter()
    long_budget = _long_enough_to_restart(max_nodes, deadline, started)
    search = depth_first_module().DepthFirst(state)
    spent = 0
    with _collector_paused():
        if long_budget and _early_playouts(state.rules) and search.stock_moves is None:
            easy: SolveResult = search.run(min(EARLY_SEARCH_NODES, max_nodes), deadline, dead)
            if easy.verdict is not Verdict.UNKNOWN:
                return easy
            share = EARLY_SUITS_SHARE if _suits_only(state.rules) else EARLY_PLAYOUT_SHARE
            tried: SolveResult = rollouts_module().solve_by_playouts_then_rollouts(
                state, int(max_nodes * share), deadline
            )
            spent = easy.nodes + tried.nodes
            if tried.verdict is Verdict.WINNABLE:
                return replace(tried, nodes=spent, seconds=time.perf_counter() - started)
            search = depth_first_module().DepthFirst(state)
        budget = max(max_nodes - spent, 1)
        interlude_nodes = int(budget * INTERLUDE_SHARE) if long_budget and not spent else 0

        def interlude() -> SolveResult:
            now = time.perf_counter()
            stop = None if deadline is None else now + (deadline - now) * INTERLUDE_SHARE
            run = rollouts_module().solve_by_playouts_then_rollouts
            played: SolveResult = run(state, interlude_nodes, stop)
            return played

        # The pause still comes at nine tenths of the whole budget, the interlude's nodes
        # counted in (the search counts its own nodes only).
        pause_at = int(budget * PAUSE_SHARE) - interlude_nodes if long_budget else 0
        interlude_at = int(budget * INTERLUDE_AT) if interlude_nodes else 0
        found: SolveResult = search.run(budget, deadline, dead, pause_at, interlude_at, interlude)
        if not search.paused:
            return replace(found, nodes=spent + found.nodes, seconds=time.perf_counter() - started)
        rest = budget - found.nodes
        now = time.perf_counter()
        stop = None if deadline is None else now + (deadline - now) * PLAYOUT_SHARE
        # After early rollouts or an interlude's, other ones.
        first = LATE_PLAYOUTS_FIRST if spent or interlude_nodes else 0
        tried = rollouts_module().solve_by_playouts_then_rollouts(
            state, int(rest * PLAYOUT_SHARE), stop, first
        )
        if tried.verdict is Verdict.WINNABLE:
            again = tried
        else:
            again = solve_by_restarts(state, rest - tried.nodes, deadline, dead)
            again = replace(again, nodes=tried.nodes + again.nodes)
    seconds = time.perf_counter() - started
    return replace(again, nodes=spent + found.nodes + again.nodes, seconds=seconds)


def _solve_each_base(
    state: State, max_nodes: int, deadline: float | None, best_first: bool
) -> SolveResult:
    """A base rank still to be chosen: the deal is won if it is won with some base fixed now.

    A winning line's first foundation card chooses its base, and every move before it is
    legal whatever the base, so the line is legal with that base fixed from here; a line won
    with a fixed base puts a card of that rank on a foundation first, so it is legal here.
    Each base gets its own search (a position's key does not say the base, so proven-dead
    keys are not shared) and its part of the node budget (`_first_won`).
    """
    trials: Iterator[tuple[tuple[Move, ...], State]]
    if state.rules.base_first:  # the choice is the first move: try each legal one
        trials = _first_moves(state, ())
    else:
        trials = (((), _with_base(state, rank)) for rank in range(1, 14))
    return _first_won(trials, max_nodes, deadline, best_first)


def _first_moves(
    state: State, before: tuple[Move, ...]
) -> Iterator[tuple[tuple[Move, ...], State]]:
    """Each legal first move, and the position after it. A move that leaves the base still
    to choose (Hamilton's deal, which turns up the next card to choose from) is no choice
    of its own: the choices after it are listed instead, beside the others, so that each
    card that may become the base gets an equal part of the budget, not a half, a quarter
    and a quarter (Hamilton's survey at 1,000,000 nodes, seeds 0-299: 6 of its 13 unknown
    deals won so, 4 with the halves; docs/solver.md, "A base the player chooses")."""
    for move in state.legal_moves():
        after = _after(state, move)
        if after.rules.base_chosen and not after.base and after.rules.base_first:
            yield from _first_moves(after, (*before, move))
        else:
            yield (*before, move), after


def _after(state: State, move: Move) -> State:
    trial = state.clone()
    trial.apply(move)
    return trial


def _with_base(state: State, rank: int) -> State:
    trial = state.clone()
    trial.set_base(rank)
    return trial


def _first_won(
    trials: Iterator[tuple[tuple[Move, ...], State]],
    max_nodes: int,
    deadline: float | None,
    best_first: bool,
) -> SolveResult:
    """Solve each (moves that led there, position): the first won gives the line, all lost
    prove the deal lost. Each trial first gets an equal part of the budget, so no trial
    starves the others (Glenwood seeds 3, 5, 7 and 9: the first base's search took all
    300,000 nodes, another base wins within 110-22,750); then what the trials proven lost
    left goes to the trials still open, in turn, each all of it, where that is more than
    its first part (a search starts afresh: with no more, it would repeat the first). An
    equal part of half the budget and the other half to the first trial still open
    (sessions 29-59) won fewer deals: Glenwood, on seeds 0-399 of its survey at 500,000
    nodes, 16 of its 53 unknown deals more and none of its 347 won lost (docs/solver.md,
    "A base the player chooses"). With one trial, it gets the whole budget."""
    started = time.perf_counter()
    todo = list(trials)
    nodes = 0
    rounds = (True, False) if len(todo) > 1 else (False,)
    first_part = max_nodes // len(todo) if todo else 0
    for first_round in rounds:
        had = 0 if first_round or len(rounds) == 1 else first_part
        unsettled: list[tuple[tuple[Move, ...], State]] = []
        for prefix, trial in todo:
            left = max_nodes - nodes
            part = first_part if first_round else left
            now = time.perf_counter()
            if deadline is not None and clock.now() > deadline:
                return SolveResult(Verdict.UNKNOWN, (), nodes, now - started)
            if part <= had or left <= 0:
                unsettled.append((prefix, trial))
                continue
            # The time left in the same proportion as the nodes.
            time_left = None if deadline is None else max(deadline - now, 0.0) * part / left
            found = _solve(trial, part, time_left, None, best_first)
            nodes += found.nodes
            if found.verdict is Verdict.WINNABLE:
                line = (*prefix, *found.moves)
                return SolveResult(Verdict.WINNABLE, line, nodes, time.perf_counter() - started)
            if found.verdict is Verdict.UNKNOWN:
                unsettled.append((prefix, trial))
        todo = unsettled
    verdict = Verdict.UNKNOWN if todo else Verdict.UNWINNABLE
    return SolveResult(verdict, (), nodes, time.perf_counter() - started)
