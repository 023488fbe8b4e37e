"""Depth-first search with a transposition table: winnable, unwinnable, or unknown.

Each node first plays every safe foundation move (see `model._safe_needs`) without
branching, then tries the generated moves best first. A position whose canonical key was
seen before is skipped: from the root, every reachable position is expanded at most once,
so an exhausted search proves the deal unwinnable and every key it saw is dead.
Face-down cards are known to the search ("thoughtful" solving, as Solvitaire does).

This module and the solver modules it runs on are also compiled as they are by mypyc
(see `native.py`): keep them fully typed.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from dataclasses import replace
from typing import Final

from runtime.engine.moves import Move, MoveKind
from runtime.engine.rules import Refill
from runtime.engine.state import State
from runtime.solver import clock
from runtime.solver.autoplay import autoplay_function
from runtime.solver.deadlock import deadlock_function, waste_is_final_pile
from runtime.solver.goal import won_function
from runtime.solver.keys import KeyFunction, Piles, key_function
from runtime.solver.meta_moves import meta_move_generator
from runtime.solver.model import Model, model_for
from runtime.solver.results import DeadSet, SolveResult, Verdict
from runtime.solver.rollouts import solve_by_playouts_then_rollouts
from runtime.solver.sleep import EVERYTHING, deals_read_more, spaces_are_read, touched
from runtime.solver.stock import (
    Action,
    ActionGenerator,
    Jump,
    StockPositions,
    stock_jump,
    stock_move_generator,
    stock_moves_supported,
)
from runtime.solver.successors import Generator, move_generator
from runtime.solver.twins import Twins, class_generator, twins_supported
from runtime.solver.widening import widen

STOCK_SHARE = 0.5  # of a stock game's budget for the plain moves, before the stock moves
# After widening, the plain moves' share of what is left: the stock moves prove lost deals
# in far fewer nodes (Saratoga seed 12: 200,716 against 1,085,411 plain), so they get the
# rest (docs/solver.md, session 39: of 12 deals Aunt Mary's survey left unknown at 300,000
# nodes, 6 proven lost with a tenth or a quarter, none with half).
STOCK_SHARE_AFTER_WIDENING = 0.1
EASY_SHARE = 0.1  # of a cycling stock's budget for a first plain search, before widening
# Then greedy playouts (`playouts.py`), which win some deals every search leaves unknown at
# once (Saratoga's default options: 6 of 40 such deals, each within 1,430 nodes), and
# nested rollouts after their first 10,000 nodes (`rollouts.py`: 3 of 74 deals the whole
# schedule left unknown in Saratoga, Klondike, Canfield, Aunt Mary, Eagle Wing, Whitehead
# and Straight Up, where greedy playouts won none; `docs/solver.md`, "Nested rollouts"),
# over stock moves since session 41 ("Rollouts over stock moves": Saratoga seeds 0-199,
# 16 unknown instead of 20).
STOCK_PLAYOUT_SHARE = 0.05
# Where the stock is never redealt (Gold Mine, Royal East, Whitehead, Kansas, Australian
# Patience, Westhaven), rollouts over plain moves instead, and this share: there they won
# most of the first unknown deals of the rows within 60,000 nodes (Gold Mine 6 of 8, Royal
# East 5 of 8, Whitehead 4 of 8), which rollouts over stock moves did not (Gold Mine none
# of 8 at 270,000); where the stock cycles, neither wins much (`docs/solver.md`, "Rollouts
# over plain moves where the stock is dealt once").
ONE_PASS_PLAYOUT_SHARE = 0.2
# Where the stock also deals nearly every card (`dealt_by_stock`: Gold Mine, Royal East),
# all the rest: no search there has ever ended (none of their 4,000 surveyed deals proven
# lost), and the rollouts win what they leave given the nodes (seeds 0-199 at 300,000:
# Royal East 27 of 51 unknown deals won and 1 of 80 won late lost, against 19 and 1 with
# half and widening after; Gold Mine 5 of 6 and 2 of 159, against 4 and 2).
DEALT_BY_STOCK_PLAYOUT_SHARE = 1 - EASY_SHARE
# Widening pays on long budgets only: a hint's (80 ms) is best spent on the plain search,
# which finds the easy wins (with widening, Saratoga hints found a line half as often).
WIDEN_MIN_NODES = 50_000
WIDEN_MIN_SECONDS = 1.0
# At its pause_at a search goes on only if it has explored at least this share of its tree (by
# `explored_share`). At nine tenths of 300,000 nodes the deals restarts then won had explored
# at most 0.17 (Whitehead, Yukon, Bristol), the deals proven lost in the last tenth 0.79 and
# 0.89 (Eagle Wing seed 9, Lady Jane seed 7).
PAUSE_BELOW = 0.5
# What a search may hand its budget to for a while, and go on after (`depth_first`).
Interlude = Callable[[], SolveResult]
_UNMEASURED: Final = -2  # a tried step whose touched piles are not measured yet
_CHECK_EVERY = 64  # nodes between looks at the clock (a class expansion can be dear)
_TRANSFER: Final = MoveKind.TRANSFER


def dealt_by_stock(model: Model) -> bool:
    """Whether the deal leaves at most one card on each tableau pile and a space takes any
    card, from anywhere: then nearly every card's place is chosen as the stock turns it
    up, and with a stock dealt once no search exhausts those choices."""
    rules = model.rules
    return (
        all(down + up <= 1 for down, up in rules.tableau_deal)
        and model.tableau_start is not None
        and all(model.tableau_start)
        and not rules.tableau_empty_from
        and rules.tableau_refill is Refill.NONE
    )


class DepthFirst:
    """One solver run over a private copy of the state (the caller's state is untouched)."""

    def __init__(self, state: State) -> None:
        self.state = state.clone()
        self.model: Model = model_for(state.rules, state.base)
        self.key: KeyFunction = key_function(self.model)
        self.moves: Generator = move_generator(self.model, state)
        self.stock_moves: ActionGenerator | None = (
            stock_move_generator(self.model, self.moves)
            if stock_moves_supported(self.model)
            else None
        )
        self.jump: Jump | None = stock_jump(self.model) if self.stock_moves is not None else None
        # Composite moves in Freecell Solver's manner, for a run that proves nothing lost.
        self.meta_moves: ActionGenerator | None = meta_move_generator(self.model)
        self.autoplay = autoplay_function(self.model)
        # Over stock moves the waste's top card is never automatic (a stock move takes it
        # home): what is automatic then depends on the core alone, so a dominating
        # position's children dominate the dominated one's, move for move.
        self.stock_autoplay = autoplay_function(replace(self.model, waste_autoplay=False))
        self.won = won_function(self.model, state)
        self.dead_end = deadlock_function(self.model)
        # Inside a search only where the stock does not cycle: a cycling stock keeps hosts
        # available for most of a search (Saratoga seeds 11 and 52 over stock moves: no
        # position pruned in 360,000 nodes, each node 27 % dearer), so there the root only.
        self.dead_inside = self.dead_end if self.stock_moves is None else None
        # Over stock moves (a cycling stock or a waste fed once), once no redeal is left:
        # the waste is then a pile like any other (`deadlock.waste_is_final_pile`).
        self.dead_last_pass = (
            self.dead_end
            if self.stock_moves is not None and waste_is_final_pile(self.model)
            else None
        )
        self.twins = Twins(self.model) if twins_supported(self.model) else None
        self.paused = False  # the last search stopped at its pause_at (see `depth_first`)
        self.spaces_read = spaces_are_read(state.rules)
        self.deals_read_more = deals_read_more(state.rules)
        self.sleep_sets = True  # False tries every step (tests compare the two searches)

    def run(
        self,
        max_nodes: int,
        deadline: float | None,
        dead: DeadSet | None,
        pause_at: int = 0,
        interlude_at: int = 0,
        interlude: Interlude | None = None,
    ) -> SolveResult:
        """Depth first over the plain moves, paused at ``pause_at`` nodes if it is still far
        from exhausting its tree, with ``interlude`` run at node ``interlude_at`` (see
        `depth_first`). For a stock that cycles: first a short plain
        search for the easy wins, then narrowed searches over the stock moves (iterative
        widening, `widening.py`), then the complete searches with what is left: the plain
        moves for a tenth of it (`STOCK_SHARE_AFTER_WIDENING`; half on a budget too short
        to widen), then the stock moves (`stock.py`), which order the search otherwise and
        prune positions whose stock only stands further on (some deals fall to one, some to
        the other; both are complete, so either may prove a deal lost).
        Greedy playouts and then nested rollouts (`STOCK_PLAYOUT_SHARE`; over plain moves
        and `ONE_PASS_PLAYOUT_SHARE` where the stock is never redealt) come between the
        easy search and widening; where the stock also deals nearly every card, they get
        the rest of the budget (`DEALT_BY_STOCK_PLAYOUT_SHARE`)."""
        if self.stock_moves is None:
            return self.depth_first(
                self.moves,
                max_nodes,
                deadline,
                dead,
                pause_at=pause_at,
                interlude_at=interlude_at,
                interlude=interlude,
            )
        started = time.perf_counter()
        root = self.state.clone()
        if max_nodes < WIDEN_MIN_NODES or (
            deadline is not None and deadline - started < WIDEN_MIN_SECONDS
        ):
            return self.plain_then_stock(max_nodes, deadline, dead, started, root)

        def at(share: float) -> float | None:
            return None if deadline is None else started + (deadline - started) * share

        # Without twin classes, whose expansions cost about twice as much a node.
        easy = self.depth_first(
            self.moves, int(max_nodes * EASY_SHARE), at(EASY_SHARE), dead, classes=False
        )
        if easy.verdict is not Verdict.UNKNOWN:
            return easy
        one_pass = root.rules.redeals == 0
        share = STOCK_PLAYOUT_SHARE
        if one_pass:
            share = (
                DEALT_BY_STOCK_PLAYOUT_SHARE
                if dealt_by_stock(self.model)
                else ONE_PASS_PLAYOUT_SHARE
            )
        reached = EASY_SHARE + share
        tried = solve_by_playouts_then_rollouts(
            root, int(max_nodes * share), at(reached), stock=not one_pass
        )
        if tried.verdict is Verdict.WINNABLE or reached >= 1:
            seconds = time.perf_counter() - started
            return SolveResult(tried.verdict, tried.moves, easy.nodes + tried.nodes, seconds)

        def narrowed_search(
            generate: ActionGenerator, budget: int, stop: float | None
        ) -> SolveResult:
            self.state = root.clone()
            return self.depth_first(generate, budget, stop, None, stock_places=True)

        won, spent = widen(
            narrowed_search, self.stock_moves, max_nodes, (started, deadline), reached
        )
        spent += easy.nodes + tried.nodes
        if won is not None:
            return SolveResult(won.verdict, won.moves, spent, time.perf_counter() - started)
        self.state = root.clone()
        rest = self.plain_then_stock(
            max(max_nodes - spent, 1), deadline, dead, started, root, STOCK_SHARE_AFTER_WIDENING
        )
        seconds = time.perf_counter() - started
        return SolveResult(rest.verdict, rest.moves, spent + rest.nodes, seconds)

    def plain_then_stock(
        self,
        max_nodes: int,
        deadline: float | None,
        dead: DeadSet | None,
        started: float,
        root: State,
        plain_share: float = STOCK_SHARE,
    ) -> SolveResult:
        """The two complete searches of a cycling stock from ``root`` (which ``self.state``
        equals): the plain moves for ``plain_share`` of the budget, then the stock moves."""
        assert self.stock_moves is not None
        now = time.perf_counter()
        plain_until = None if deadline is None else now + (deadline - now) * plain_share
        # Without twin classes, whose expansions cost about twice as much a node.
        first = self.depth_first(
            self.moves, int(max_nodes * plain_share), plain_until, dead, classes=False
        )
        if first.verdict is not Verdict.UNKNOWN:
            return first
        self.state = root
        rest = max(max_nodes - first.nodes, 1)
        second = self.depth_first(self.stock_moves, rest, deadline, dead, stock_places=True)
        seconds = time.perf_counter() - started
        return SolveResult(second.verdict, second.moves, first.nodes + second.nodes, seconds)

    def depth_first(
        self,
        generate: ActionGenerator | Generator,
        max_nodes: int,
        deadline: float | None,
        dead: DeadSet | None,
        stock_places: bool = False,
        classes: bool = True,
        pause_at: int = 0,
        interlude_at: int = 0,
        interlude: Interlude | None = None,
    ) -> SolveResult:
        """One search; with ``stock_places`` the transposition table is `StockPositions`
        (sound only over stock moves: a deal alone would be dominated by its parent). With
        twin hosts (`twins.py`) it stands on canonical positions only and expands each
        class with its members' moves. At node ``pause_at`` (if not 0) a search that has
        explored less than `PAUSE_BELOW` of its tree returns unknown with ``self.paused``
        set: a search near a proof has backtracked close to its root, one lost below a bad
        early move has not, and its caller may spend the rest better (`search.py`). At
        node ``interlude_at`` it runs ``interlude`` (greedy playouts and rollouts from the
        deal, say): its win is the search's, otherwise the search goes on where it was, its
        budget less the interlude's nodes (which the result counts).
        Over plain moves it skips the steps asleep (`sleep.py`); not over stock moves,
        whose table prunes a position dominated by another, not only one seen before."""
        twins = self.twins if classes else None
        if twins is not None:
            generate = class_generator(twins, generate)
        state = self.state
        apply, undo = state.apply, state.undo
        key, won = self.key, self.won
        dead_end, dead_inside, dead_last_pass = self.dead_end, self.dead_inside, self.dead_last_pass
        autoplay = self.stock_autoplay if stock_places else self.autoplay
        known_dead = dead.keys if dead is not None else set()
        visited: set[Hashable] = set()
        path: list[Move] = []
        started = time.perf_counter()

        def enter() -> int:
            """Play safe moves from here, and the run moves to the class's canonical
            position; how many were played."""
            played = 0
            while True:
                move = autoplay(state.piles)
                while move is not None:
                    apply(move)
                    path.append(move)
                    played += 1
                    move = autoplay(state.piles)
                if twins is None:
                    return played
                runs = twins.normalize(state.piles)
                if not runs:
                    return played
                for move in runs:
                    apply(move)
                    path.append(move)
                played += len(runs)

        def result(verdict: Verdict, nodes: int) -> SolveResult:
            line = tuple(path) if verdict is Verdict.WINNABLE else ()
            return SolveResult(verdict, line, nodes, time.perf_counter() - started)

        root_played = enter()
        if won(state.piles):
            return result(Verdict.WINNABLE, 1)
        places = StockPositions(self.model, key) if stock_places else None
        if places is not None:
            places.add_keys(known_dead)
            if not places.visit(state.piles, state.redeals_left):
                return result(Verdict.UNWINNABLE, 1)
        else:
            root_key = key(state.piles, state.redeals_left)
            if root_key in known_dead:
                return result(Verdict.UNWINNABLE, 1)
            visited.add(root_key)
        if dead_end is not None and dead_end(state.piles, state.redeals_left):
            return result(Verdict.UNWINNABLE, 1)
        jump = self.jump
        # Where a stock move jumped the stock: the position before it, to go back to.
        jumped: list[tuple[Piles, int]] = []

        def back(played: int, lead: int, before: int) -> None:
            """Take back ``played`` engine moves, a jump over ``lead`` deals and redeals,
            then ``before`` engine moves."""
            for _ in range(played):
                undo()
                path.pop()
            if lead:
                state.piles, state.redeals_left = jumped.pop()
                del path[-lead:]
            for _ in range(before):
                undo()
                path.pop()

        # Each frame: the moves left to try, then how to take back the action that led here.
        first = list(generate(state.piles, state.redeals_left))
        frames: list[tuple[list[Action], int, int, int]] = [(first, 0, 0, 0)]
        # Each frame's sleep set, and the steps tried from it so far, each with the
        # position after it and the piles it touched (`sleep.touched`, measured only once
        # a fresh child needs it: most children are positions seen before): a fresh
        # child's sleep set is the steps of both that commute with the step to it.
        use_sleep = self.sleep_sets and places is None
        f0, f1, spaces_read = self.model.f0, self.model.f1, self.spaces_read
        asleep: list[dict[Action, int]] = [{}]
        tried: list[list[tuple[Action, Piles, int]]] = [[]]
        sizes: list[int] = [len(first)]
        # Each frame's position: a child equal to its grandparent (a move, then its reverse)
        # is taken back before it costs a key, and is not counted as a node.
        positions: list[tuple[Piles, int]] = [(state.piles, state.redeals_left)]
        # The keys of the frames' positions, for the steps back onto the path.
        path_keys: list[Hashable] = [key(state.piles, state.redeals_left)] if use_sleep else []
        on_path: set[Hashable] = set(path_keys)
        nodes = 1
        aside = 0  # the interlude's nodes
        self.paused = False
        while frames:
            moves = frames[-1][0]
            if not moves:
                _, played, lead, before = frames.pop()
                sizes.pop()
                positions.pop()
                asleep.pop()
                tried.pop()
                if use_sleep:
                    on_path.discard(path_keys.pop())
                back(played, lead, before)
                continue
            nodes += 1
            if nodes == interlude_at and interlude is not None:
                interlude_at = 0  # once (a step skipped is not a node: nodes may recur)
                found = interlude()
                aside = found.nodes
                if found.verdict is Verdict.WINNABLE:
                    seconds = time.perf_counter() - started
                    return SolveResult(Verdict.WINNABLE, found.moves, nodes + aside, seconds)
            if nodes == pause_at and explored_share(frames, sizes) < PAUSE_BELOW:
                self.paused = True
                return result(Verdict.UNKNOWN, nodes + aside)
            if nodes % _CHECK_EVERY == 0 and (
                nodes + aside >= max_nodes or (deadline is not None and clock.now() > deadline)
            ):
                return result(Verdict.UNKNOWN, nodes + aside)
            action = moves.pop()
            sleeping = asleep[-1]
            if sleeping and action in sleeping:
                nodes -= 1
                continue
            parent = positions[-1]
            lead = before = 0
            if isinstance(action, Move):
                apply(action)
                path.append(action)
                played = 1
            else:
                # A twin class's run moves (transfers), a stock move's deals and redeals
                # (in one step: the engine rebuilds stock and waste at each deal), then
                # the card's move.
                count = len(action)
                while before < count and action[before][0] is _TRANSFER:
                    apply(action[before])
                    path.append(action[before])
                    before += 1
                last = before
                while last < count and action[last][0] is not _TRANSFER:
                    last += 1
                lead = last - before
                if lead:
                    assert jump is not None  # deals come from stock moves, with their jump
                    jumped.append((state.piles, state.redeals_left))
                    deals = action[before:last]
                    state.piles, state.redeals_left = jump(state.piles, state.redeals_left, deals)
                    path.extend(deals)
                for move in action[last:]:
                    apply(move)
                    path.append(move)
                played = count - last
            if len(positions) > 1 and (state.piles, state.redeals_left) == positions[-2]:
                nodes -= 1
                back(played, lead, before)
                continue
            played += enter()
            piles = state.piles
            if won(piles):
                return result(Verdict.WINNABLE, nodes + aside)
            if places is not None:
                fresh = places.visit(piles, state.redeals_left)
            else:
                k = key(piles, state.redeals_left)
                fresh = k not in visited and k not in known_dead
                if fresh:
                    visited.add(k)
                # A step back to a position on the path vouches for nothing yet: its
                # subtree is still being searched (and putting the step to sleep would put
                # off later siblings' children until the search came back up there).
                if use_sleep and k not in on_path:
                    if state.redeals_left != parent[1] or (self.deals_read_more and _deals(action)):
                        tried[-1].append((action, piles, EVERYTHING))
                    else:
                        tried[-1].append((action, piles, _UNMEASURED))
            # A position with cards that can never move is lost (`deadlock.py`): it stays
            # recorded, unexpanded, as an exhausted position would.
            redeals_left = state.redeals_left
            if (
                not fresh
                or (dead_inside is not None and dead_inside(piles, redeals_left))
                or (
                    dead_last_pass is not None
                    and redeals_left == 0
                    and dead_last_pass(piles, redeals_left)
                )
            ):
                back(played, lead, before)
                continue
            sleep: dict[Action, int] = {}
            if use_sleep:
                steps = tried[-1]
                mask = steps[-1][2]
                if mask == _UNMEASURED:
                    mask = touched(parent[0], piles, f0, f1, spaces_read)
                    steps[-1] = (action, piles, mask)
                if mask != EVERYTHING:
                    for step, step_mask in asleep[-1].items():
                        if not step_mask & mask:
                            sleep[step] = step_mask
                    for i in range(len(steps) - 1):
                        step, after, step_mask = steps[i]
                        if step_mask == _UNMEASURED:
                            step_mask = touched(parent[0], after, f0, f1, spaces_read)
                            steps[i] = (step, after, step_mask)
                        if not step_mask & mask:
                            sleep[step] = step_mask
            fresh_moves = list(generate(piles, redeals_left))
            frames.append((fresh_moves, played, lead, before))
            asleep.append(sleep)
            tried.append([])
            if use_sleep:
                on_path.add(k)
                path_keys.append(k)
            sizes.append(len(fresh_moves))
            positions.append((piles, state.redeals_left))
        del root_played
        if dead is not None:
            dead.keys |= visited if places is None else places.keys()
        return result(Verdict.UNWINNABLE, nodes + aside)


def _deals(action: Action) -> bool:
    """Whether the step deals or redeals."""
    if isinstance(action, Move):
        return action.kind is not _TRANSFER
    return any(move.kind is not _TRANSFER for move in action)


def explored_share(frames: list[tuple[list[Action], int, int, int]], sizes: list[int]) -> float:
    """Knuth's estimate of the share of the tree below the root already searched, as if
    sibling subtrees were of equal size: each frame's finished moves count for their share
    of the frame's own share."""
    share = 0.0
    weight = 1.0
    last = len(frames) - 1
    for depth, (moves, _, _, _) in enumerate(frames):
        size = sizes[depth]
        if size == 0:
            break
        finished = size - len(moves) - (0 if depth == last else 1)
        share += weight * finished / size
        weight /= size
    return share
