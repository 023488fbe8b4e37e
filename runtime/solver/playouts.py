"""Randomized greedy playouts: play a deal forward, each move chosen by a score with some
noise, never back to a position the playout has had; a playout that wins gives the line.

Where a depth-first search is lost in a tableau too large to exhaust (Spider, whose 104
cards build on eight hosts each; Gypsy), it never gets far enough to win, while a player
who just keeps making progress often does. So does a playout: one suit of Spider's seeds
0-5 were all won in 2-17 playouts (0.5-2.2 s of one core, pure Python), where the
depth-first search wins one of seeds 0-4 in 100,000 nodes. The score weighs what any game's
rules make of a move, read from its model, not from its name: a card going home, a
face-down card turned up, a pile emptied, a run broken or made longer, a space filled, a
deal, and where a reserve stacks any card, whether the card below goes home sooner or
later (`home_order`). A playout that stalls proves nothing, so this only ever finds wins
(`search.py` gives it part of a long budget where the depth-first search stalls).

Until session 37 a long run of playouts (past 20,000 nodes) also resumed from the best
playout so far; nested rollouts (`rollouts.py`), which keep the best sequence found and
build on it move by move, took over that share, and the playouts now open it with their
first 10,000 nodes only (`rollouts.GREEDY_NODES`), so the resume was removed
(`docs/solver.md`, "Playouts resume from the best one").

Each playout draws its noise from a generator seeded by its number, so a node-limited run
gives the same verdict and line on every machine. A node is a move tried (applied, then
kept or taken back because the playout had that position already).

Compiled with the depth-first search by mypyc when built (`native.py`): keep it fully typed.
"""

from __future__ import annotations

import random
import time

from runtime.engine.cards import CARD_MASK, DECK_SIZE, FACE_DOWN
from runtime.engine.moves import Move, MoveKind
from runtime.engine.rules import Goal, Rules
from runtime.engine.state import State
from runtime.solver import clock
from runtime.solver.goal import won_function
from runtime.solver.model import Model, model_for
from runtime.solver.results import SolveResult, Verdict
from runtime.solver.successors import playout_generator, playout_moves

# Move scores, highest first; each playout adds noise up to NOISE to each.
HOME = 100  # onto a foundation (or the pile the goal fills)
PLAY_BACK = -60  # off a foundation
REVEALS = 50  # the card below the moved cards is face down
EMPTIES = 30  # the moved cards were the whole pile
BREAKS = -40  # the moved cards sat on a card they may move with: a run is broken
JOINS = 25  # they land on a card they may move with afterwards: a longer run
LANDS = 5  # they land on another card
FILLS = -10  # they fill an empty pile
PER_CARD = 1  # per card moved: longer runs first
DEAL = -20  # deal only when nothing better is at hand
REDEAL = -30
# Onto a reserve pile that stacks any card (Sir Tommy), where each card's place is the
# player's free choice: burying a card that goes home sooner costs, landing on one that
# goes home soon after the moved card pays (up to SOONER, less per card between them).
# Sir Tommy seeds 0-19 at 150,000 nodes: 0 won without, 16 with.
BURIES = -15
SOONER = 20
NEAR = 13  # cards between them at which SOONER has fallen to nothing
NOISE = 20
MAX_STEPS = 2000  # moves of one playout
# How far a position has got (`Playouts.progress`): a card home is worth this many
# face-down cards turned up, and a tableau card on one it may move with (a run) one. Nested
# rollouts judge their playouts by it: with runs counted and a card home worth 8 instead
# of 4, they won 43 of 132 deals surveys had left unknown instead of 35 (`docs/solver.md`,
# "Nested rollouts").
HOME_PROGRESS = 8
RUN_PROGRESS = 1


class Playouts:
    """The move score of one game's rules (see the module's docstring)."""

    def __init__(self, model: Model) -> None:
        self.tableau = frozenset(range(model.t0, model.t1))
        self.foundations = frozenset(range(model.f0, model.f1))
        goal = model.rules.goal
        self.home = self.foundations | (
            {model.layout.waste}
            if goal in (Goal.ALL_TO_WASTE, Goal.TABLEAU_CLEARED) and model.layout.waste >= 0
            else set()
        )
        # linked[below * DECK_SIZE + card]: ``card`` on ``below`` forms a run they may move
        # as one: the engine's group table (of one suit where only such runs move), else
        # the build (where any face-up cards move, a built run still scores as one).
        group = model.group_table if model.group_table is not None else model.tables.tableau
        self.linked = (
            tuple(bool(ok) for ok in group)
            if group is not None
            else (False,) * (DECK_SIZE * DECK_SIZE)
        )

        self.stacking = frozenset(range(model.r0, model.r1) if reserves_stack(model.rules) else ())
        # Only a stacking reserve's score reads it.
        self.order = home_order(model) if self.stacking else ()

    def score(self, piles: tuple[tuple[int, ...], ...], move: Move) -> int:
        if move.kind is MoveKind.DEAL:
            return DEAL
        if move.kind is MoveKind.REDEAL:
            return REDEAL
        source, target, n = piles[move.src], piles[move.dst], move.size
        head = source[-n] & CARD_MASK
        value = PER_CARD * n
        if move.dst in self.home:
            value += HOME
        if move.src in self.foundations:
            value += PLAY_BACK
        if move.src in self.tableau:
            if len(source) == n:
                value += EMPTIES
            elif source[-n - 1] >= FACE_DOWN:
                value += REVEALS
            elif self.linked[(source[-n - 1] & CARD_MASK) * DECK_SIZE + head]:
                value += BREAKS
        if move.dst in self.tableau:
            if not target:
                value += FILLS
            elif target[-1] < FACE_DOWN and self.linked[target[-1] * DECK_SIZE + head]:
                value += JOINS
            else:
                value += LANDS
        elif move.dst in self.stacking and target and target[-1] < FACE_DOWN:
            between = self.order[target[-1] & CARD_MASK] - self.order[head]
            if between < 0:
                value += BURIES
            else:
                value += SOONER * max(0, NEAR - between) // NEAR
        return value

    def ranked(
        self,
        piles: tuple[tuple[int, ...], ...],
        moves: list[Move],
        rng: random.Random,
        noise: float = NOISE,
    ) -> list[Move]:
        """``moves`` best scored first, each score with noise up to ``noise`` from ``rng``."""
        scored = [(self.score(piles, m) + rng.random() * noise, m) for m in moves]
        scored.sort(key=lambda pair: -pair[0])
        return [move for _, move in scored]

    def progress(self, piles: tuple[tuple[int, ...], ...]) -> int:
        """How far a position has got: cards home, face-down cards (fewer is further) and
        tableau cards on a card they may move with."""
        home = sum(len(piles[i]) for i in self.home)
        down = sum(1 for pile in piles for card in pile if card >= FACE_DOWN)
        runs = 0
        linked = self.linked
        for i in self.tableau:
            pile = piles[i]
            for at in range(1, len(pile)):
                below = pile[at - 1]
                if below < FACE_DOWN and linked[below * DECK_SIZE + (pile[at] & CARD_MASK)]:
                    runs += 1
        return HOME_PROGRESS * home - down + RUN_PROGRESS * runs


def reserves_stack(rules: Rules) -> bool:
    """Reserve piles take any card onto any card (Sir Tommy): where each card goes is the
    player's free choice."""
    return rules.reserves_accept and rules.reserve_capacity > 1


def home_order(model: Model) -> tuple[int, ...]:
    """Per card, the fewest cards that go home on a foundation before it (0 for a card
    that starts one; `DECK_SIZE` for a card no foundation takes)."""
    order = [0 if start else DECK_SIZE for start in model.foundation_start]
    changed = True
    while changed:  # chains are at most 13 cards long (26 going up then down)
        changed = False
        for card, hosts in enumerate(model.foundation_hosts):
            nearest = min((order[h] + 1 for h in hosts), default=DECK_SIZE)
            if nearest < order[card]:
                order[card], changed = nearest, True
    return tuple(order)


def solve_by_playouts(
    state: State,
    max_nodes: int,
    deadline: float | None,
    first: int = 0,
) -> SolveResult:
    """Playouts from ``state`` (unchanged) until one wins or the budget ends: winnable with
    its line, or unknown. Playout n draws its noise from seed ``first`` + n: a second call
    with another ``first`` does not repeat the first call's playouts."""
    started = time.perf_counter()
    model = model_for(state.rules, state.base)
    scorer = Playouts(model)
    generate, won = playout_generator(model), won_function(model, state)
    nodes = 0
    number = first
    while nodes < max_nodes and (deadline is None or clock.now() < deadline):
        rng = random.Random(number)
        number += 1
        trial = state.clone()
        seen = {trial.key()}
        line: list[Move] = []
        for _ in range(MAX_STEPS):
            # Asked at every step: the move generator offers moves in a won position too
            # (foundation cards back to the tableau), where the engine offers none.
            if won(trial.piles):
                return SolveResult(
                    Verdict.WINNABLE, tuple(line), nodes, time.perf_counter() - started
                )
            chosen = None
            legal = playout_moves(generate, trial)
            for move in scorer.ranked(trial.piles, legal, rng):
                nodes += 1
                trial.apply(move)
                key = trial.key()
                if key not in seen:
                    seen.add(key)
                    chosen = move
                    break
                trial.undo()
            if chosen is None or nodes >= max_nodes:
                break
            line.append(chosen)
            # (a step costs a move generation and a sort: the clock is cheap beside them)
            if deadline is not None and clock.now() > deadline:
                break
    return SolveResult(Verdict.UNKNOWN, (), nodes, time.perf_counter() - started)
