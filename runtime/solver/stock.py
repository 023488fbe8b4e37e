"""Stock moves as a set ("K+" moves, as Klondike solvers do): each card the stock/waste
cycle can bring to the waste's top is one move, the deals and redeals that reach it
included, instead of one search node per deal.

Sound and complete for a stock that only feeds a waste nobody builds on: deals and
redeals touch only the stock and the waste, and the only other move that touches them
takes the waste's top card, so any winning line can be reordered to deal just before each
waste card it plays (a line's trailing deals do nothing: every card must end home). Cards
only move between stock and waste, so ``waste + reversed(stock)`` is the same sequence
all along the cycle and the waste's length says where the cycle stands. A card reached in
a later pass at the same place leads to the same position with fewer redeals left, which
is never better (a redeal is only ever an extra option), so each place is offered once,
at its first reach.

Compiled with the depth-first search by mypyc when built (`native.py`): keep it fully typed.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Final

from runtime.engine.cards import CARD_MASK, FACE_DOWN
from runtime.engine.moves import DEAL, REDEAL, Move, MoveKind
from runtime.engine.rules import Goal, PileKind, Refill, StockEnd, StockTarget
from runtime.solver.model import Model
from runtime.solver.successors import Generator, transfers

Piles = tuple[tuple[int, ...], ...]
# A search step: one move, or a stock move (deals and redeals, then a waste card's move).
Action = Move | tuple[Move, ...]
ActionGenerator = Callable[[Piles, int], list[Action]]

_T: Final = MoveKind.TRANSFER


def stock_cycles(model: Model) -> bool:
    """The stock only deals to a waste nobody builds on, and redeals turn it over."""
    rules = model.rules
    return (
        model.layout.waste >= 0
        and rules.stock_target is StockTarget.WASTE
        and rules.stock_end is StockEnd.PARTIAL
        and rules.waste_builds is None
        and not rules.waste_build_first
        # A waste that stops the stock when full (a newer rule): not modelled here.
        and not getattr(rules, "waste_capacity", 0)
        and not rules.finish_stock_when_tableau_clear
    )


def stock_moves_supported(model: Model) -> bool:
    return (
        stock_cycles(model)
        and waste_moves_modelled(model)
        and model.rules.goal is Goal.ALL_TO_FOUNDATIONS
    )


def waste_moves_modelled(model: Model) -> bool:
    """Whether `stock_move_generator` knows every pile a waste card may go to, and nothing
    but deals, redeals and the waste's top card's moves touches the stock and the waste.
    The other moves may be the engine's (Canfield, Kansas: spaces refilled from a
    reserve), so the fast generator's whole model is not needed."""
    rules = model.rules
    return (
        rules.decks == 1  # hosts are looked up by card value: duplicates would collide
        and rules.stock_piles == 0
        and not rules.covered_by
        and not rules.stock_fill_spaces_first  # whether the stock deals depends on spaces
        and not rules.stock_locks_on_space
        and not rules.waste_refill_from_stock  # playing the waste's last card deals
        and not rules.stock_fills_after_base
        and not rules.base_choices  # deals that turn the stock over while the base is open
        and not rules.redeal_from_reserves
        and not rules.tableau_waste_fills_last  # the waste fills a space only at the end
        and not (rules.reserves_accept and rules.reserve_covered_by)
        # A refill that takes the waste's or the stock's cards (Carpet, Zebra) is a move
        # of them no stock move accounts for.
        and rules.tableau_refill in (Refill.NONE, Refill.RESERVE)
        and not rules.tableau_holes  # spaces with rules of their own
        and not rules.tableau_fixed_direction  # a pile's top two cards choose what it takes
        and not rules.foundation_up_then_down
        and not rules.foundations_take_suits
        and not all(model.foundation_start)  # a card may both start and build on one
    )


Jump = Callable[[Piles, int, tuple[Move, ...]], tuple[Piles, int]]


def cycle_of(piles: Piles, waste: int) -> tuple[int, ...]:
    """``waste + reversed(stock)``, face-down flags cleared: the same sequence all along a
    cycle of deals and redeals (the waste's length says where the cycle stands)."""
    stock = piles[0]
    return piles[waste] + tuple([stock[i] & CARD_MASK for i in range(len(stock) - 1, -1, -1)])


def stock_jump(model: Model) -> Jump:
    """The stock and waste (and redeals left) after a stock move's deals and redeals, in one
    step: the engine plays each deal as a move of its own, rebuilding both piles each time,
    which made these moves most of a stock-move search's cost. The cycle is cut at the
    place the deals reach; the piles are the engine's, flags included (the stock's cards
    face down, `tests/solver/test_stock.py` compares them)."""
    waste = model.layout.waste
    draw = model.rules.stock_draw

    def jump(piles: Piles, redeals_left: int, lead: tuple[Move, ...]) -> tuple[Piles, int]:
        cycle = cycle_of(piles, waste)
        n = len(cycle)
        place = len(piles[waste])
        for move in lead:
            if move[0] is MoveKind.DEAL:
                place = min(place + draw, n)
            else:  # a redeal: the whole cycle back in the stock
                place = 0
                if redeals_left > 0:
                    redeals_left -= 1
        new = list(piles)
        new[0] = tuple(c | FACE_DOWN for c in reversed(cycle[place:]))
        new[waste] = cycle[:place]
        return tuple(new), redeals_left

    return jump


def stock_move_generator(model: Model, generate: Generator) -> ActionGenerator:
    """``generate``'s moves without deals, redeals and waste moves, plus one stock move per
    waste card and target. Preference follows the plain moves, where a deal comes after
    the tableau's moves: foundation moves, the waste's top card, the tableau's other
    moves, stock moves to a foundation, stock moves elsewhere (fewest deals first), then
    play-back and moves to a reserve."""
    waste = model.layout.waste
    draw = model.rules.stock_draw
    f0, f1, t0, t1 = model.f0, model.f1, model.t0, model.t1
    hosts, f_hosts, f_start = model.hosts, model.foundation_hosts, model.foundation_start
    empty_from = model.rules.tableau_empty_from
    t_start = model.tableau_start if not empty_from or PileKind.WASTE in empty_from else None
    t_capacity = model.rules.tableau_capacity  # a full pile takes nothing (Eagle Wing)
    sym_t = model.tableau_symmetric
    has_tableau_builds = model.tables.tableau is not None
    reserves = range(model.r0, model.r1) if model.rules.reserves_accept else range(0)
    capacity = model.rules.reserve_capacity
    sym_r = model.reserves_symmetric
    count = len(model.layout.kinds)
    transfer = transfers(count)
    foundation_kind = [f0 <= i < f1 for i in range(count)]
    # Moves the plain order tries after a deal: play-back and moves to a reserve.
    late = [
        [foundation_kind[src] or model.r0 <= dst < model.r1 for dst in range(count)]
        for src in range(count)
    ]

    def targets(piles: Piles) -> Callable[[int], tuple[list[int], list[int]]]:
        """Per card: (foundations, other piles) it may go to from the waste."""
        top_at: dict[int, int] = {}
        empty: list[int] = []
        for t in range(t0, t1):
            p = piles[t]
            if not p:
                if not (sym_t and empty):
                    empty.append(t)
            elif p[-1] < FACE_DOWN and not (t_capacity and len(p) >= t_capacity):
                top_at[p[-1]] = t
        f_top_at: dict[int, int] = {}
        f_empty = -1
        for f in range(f0, f1):
            p = piles[f]
            if p:
                f_top_at[p[-1]] = f
            elif f_empty < 0:
                f_empty = f
        free: list[int] = []
        for r in reserves:
            if len(piles[r]) < capacity and not (sym_r and free):
                free.append(r)

        def of(card: int) -> tuple[list[int], list[int]]:
            home = -1
            for lower in f_hosts[card]:
                home = f_top_at.get(lower, -1)
                if home >= 0:
                    break
            if home < 0 and f_start[card]:
                home = f_empty
            other = []
            if has_tableau_builds:
                for lower in hosts[card]:
                    d = top_at.get(lower, -1)
                    if d >= 0:
                        other.append(d)
                if t_start is not None and t_start[card]:
                    other.extend(empty)
            other.extend(free)
            return ([home] if home >= 0 else []), other

        return of

    def generate_actions(piles: Piles, redeals_left: int) -> list[Action]:
        plain = [
            m
            for m in generate(piles, redeals_left)
            if m.kind is _T and m.src != waste and m.src != 0
        ]
        low = [m for m in plain if not foundation_kind[m.dst] and not late[m.src][m.dst]]
        last = [m for m in plain if late[m.src][m.dst]]
        high = [m for m in plain if foundation_kind[m.dst]]
        cycle = cycle_of(piles, waste)
        n = len(cycle)
        if n == 0:
            return [*last, *low, *high]
        of = targets(piles)
        home_moves: list[Action] = []
        other_moves: list[Action] = []
        seen = [False] * (n + 1)

        now: list[Action] = []  # the waste's top card, no deal needed

        def offer(place: int, lead: tuple[Move, ...]) -> None:
            if place == 0 or seen[place]:
                return
            seen[place] = True
            homes, others = of(cycle[place - 1])
            if not lead:
                now.extend(transfer.get(waste, dst, 1) for dst in others)
                high.extend(transfer.get(waste, dst, 1) for dst in homes)
                return
            for dst in homes:
                home_moves.append((*lead, transfer.get(waste, dst, 1)))
            for dst in others:
                other_moves.append((*lead, transfer.get(waste, dst, 1)))

        place = len(piles[waste])
        lead: tuple[Move, ...] = ()
        offer(place, lead)
        while place < n:
            place = min(place + draw, n)
            lead += (DEAL,)
            offer(place, lead)
        if redeals_left != 0 and n > 0:
            lead += (REDEAL,)
            place = 0
            while place < n:
                place = min(place + draw, n)
                lead += (DEAL,)
                offer(place, lead)
        # Ascending preference: the search pops the last one first.
        home_moves.reverse()
        other_moves.reverse()
        return [*last, *other_moves, *home_moves, *low, *now, *high]

    return generate_actions


class StockPositions:
    """The transposition table of a stock game, with dominance on the stock's place.

    Cards only move between stock and waste, so a position is its cards elsewhere plus the
    cycle ``waste + reversed(stock)`` (the *core*), where the cycle stands (the waste's
    length) and the redeals left. Position B is dominated by a position A seen before with
    the same core when A can deal its way to B's place without taking a card: further on
    in the same pass with at least as many redeals left, or, when A may redeal, any place
    a full pass stops at with fewer redeals (or any, redeals being unlimited). For each
    stock or tableau move of B, A has one to a position that dominates B's (or is equal),
    as long as what is automatic depends on the core alone (the search does not take the
    waste's top card automatically): A is as near a win as B, so B need not be searched.
    Over plain moves it would be wrong: a deal is dominated by its own parent.
    """

    def __init__(self, model: Model, key: Callable[[Piles, int], Hashable]) -> None:
        self.key = key
        self.waste = model.layout.waste
        self.draw = model.rules.stock_draw
        self.seen: dict[Hashable, list[tuple[int, int]]] = {}

    def parts(self, piles: Piles, redeals_left: int) -> tuple[Hashable, int, int]:
        waste = self.waste
        cycle = cycle_of(piles, waste)
        core_piles = list(piles)
        core_piles[0] = ()
        core_piles[waste] = cycle
        return self.key(tuple(core_piles), 0), len(piles[waste]), redeals_left

    def reaches(self, a: tuple[int, int], b: tuple[int, int], n: int) -> bool:
        """Whether a stock at place a[0] with a[1] redeals left deals its way to b."""
        (pa, ra), (pb, rb) = a, b
        draw = self.draw
        on_grid = pb == n or pb % draw == 0
        if pb >= pa and (ra == -1 or ra >= rb) and (pb == n or (pb - pa) % draw == 0):
            return True
        return ra != 0 and on_grid and (ra == -1 or ra - 1 >= rb)

    def visit(self, piles: Piles, redeals_left: int) -> bool:
        """Record the position; False when it was seen or is dominated."""
        core, place, redeals = self.parts(piles, redeals_left)
        entries = self.seen.get(core)
        here = (place, redeals)
        if entries is None:
            self.seen[core] = [here]
            return True
        n = len(piles[self.waste]) + len(piles[0])
        for seen in entries:
            if self.reaches(seen, here, n):
                return False
        entries.append(here)
        return True

    def keys(self) -> set[Hashable]:
        """Every position recorded, as `DeadSet` keys."""
        return {(_STOCK, core, p, r) for core, entries in self.seen.items() for p, r in entries}

    def add_keys(self, keys: set[Hashable]) -> None:
        """Positions known dead (from `keys`) dominate like positions seen."""
        for item in keys:
            if isinstance(item, tuple) and len(item) == 4 and item[0] == _STOCK:
                self.seen.setdefault(item[1], []).append((item[2], item[3]))


_STOCK = "stock-place"
